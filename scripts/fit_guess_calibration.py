"""Fit the guess test's calibration on honest play (issue 49): what an honest strong player's
guess hits, given the chance its seat's view puts on it.

The seat's view draws the hidden cards uniformly, weighed by the calls and by a model of how
honest players choose their cards (service/rules/advice/reading.py, fitted first by
scripts/fit_play_model.py). A strong honest player reads the play more closely still, and hits
its guesses a little more often than that view expects (colver's IS-DD bots most of all:
`python -m bench.guess_calibration`). The calibration maps the view's chance `p` to what an
honest player hits at that chance: the view's odds times `e^a`, `sigmoid(a + logit(p))`, `a`
fitted by maximum likelihood on every guess of two honest archives, each weighing the same
(the referee's bots, classic and coinche, and colver's IS-DD bots, coinche; both as
bench/guess_calibration.py makes them, with their auctions). The guess test then asks whether
a player guesses better than honest strong players do, not better than a view that reads no
card. One parameter, not a slope too: a chance is read on some sixteen deals, and its noise
would flatten a fitted slope (regression dilution) where the view's chance is unbiased.

    python -m scripts.fit_guess_calibration [--referee 200] [--colver 200] [--jobs 2]
        [--cache DIR]

colver is installed for the bench only (`make arena` installs it); `--cache` keeps the
archives (bench/guess_calibration.py's `--cache` reads the same files). Writes
service/rules/advice/guess_calibration.json: `a`, and the figures the fit reached (the
guesses, and each archive's pooled z before and after), which the seat view reads.
"""

# ruff: noqa: E402 - the imports below need the repo root on the path first
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import argparse
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from multiprocessing import get_context
from typing import Any

from bench import guess_calibration as bench
from service.rules.advice import seat_review
from service.rules.advice.policy import GUESS_CALIBRATION_FILE
from service.rules.advice.seat_review import Calibration

Guess = tuple[float, bool]  # the view's chance, and whether the card was a best one


def guesses(item: tuple[int, dict[str, Any]]) -> list[tuple[float, bool, int, int]]:
    """One record's guesses from every seat, at the view's own chances (no calibration):
    each with the record's number and the seat (bench/guess_calibration.py groups them)."""
    seat_review.CALIBRATION = Calibration(0.0)  # the view's chance as it is
    review = bench.reviewed(item)
    return [
        (play.chance, play.hit, item[0], judged.seat)
        for play, judged in zip(review.plays, review.review.plays, strict=True)
        if play.guess
    ]


def guessed(records: list[dict[str, Any]], jobs: int) -> list[Any]:
    """Every guess of `records`, as JSON-ready pairs (`bench.cached` keeps them)."""
    work = list(enumerate(records))
    with ProcessPoolExecutor(jobs, mp_context=get_context("forkserver")) as pool:
        return [list(g) for found in pool.map(guesses, work, chunksize=4) for g in found]


def fit(archives: list[list[Guess]], steps: int = 50) -> Calibration:
    """`a` of `sigmoid(a + logit(p))` by Newton's method on the log-likelihood, each
    archive's guesses weighing 1 / its count (the archives weigh the same): at the fit, each
    archive's hits less its expected hits, per guess, sum to nothing over the two."""
    rows = [
        (seat_review.logit(p), 1.0 if hit else 0.0, 1.0 / len(found))
        for found in archives
        for p, hit in found
    ]
    a = 0.0
    for _ in range(steps):
        gradient = curvature = 0.0
        for x, y, w in rows:
            q = 1.0 / (1.0 + math.exp(-(a + x)))
            gradient += w * (y - q)
            curvature += w * q * (1 - q)
        a += gradient / curvature
    return Calibration(round(a, 4))


def pooled_z(found: list[Guess], calibration: Calibration) -> float:
    chances = [calibration.of(p) for p, _ in found]
    hits = sum(hit for _, hit in found)
    expected = sum(chances)
    return (hits - expected) / math.sqrt(sum(c * (1 - c) for c in chances))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    bench.archive_arguments(parser)
    args = parser.parse_args()
    archives = {}
    for name, records in bench.archives(args).items():
        started = time.monotonic()
        kept = args.cache and args.cache / f"guesses-{name}.ndjson"
        archives[name] = [
            (chance, hit)
            for chance, hit, _, _ in bench.cached(kept, partial(guessed, records, args.jobs))
        ]
        print(f"{name}: {len(archives[name])} guesses ({time.monotonic() - started:.0f} s)")
    calibration = fit(list(archives.values()))
    identity = Calibration(0.0)
    figures = {
        name: {
            "guesses": len(found),
            "pooled_z_before": round(pooled_z(found, identity), 2),
            "pooled_z_after": round(pooled_z(found, calibration), 2),
        }
        for name, found in archives.items()
    }
    print(f"a {calibration.a}: {json.dumps(figures)}")
    saved = {
        "a": calibration.a,
        **bench.fitted_on(args),
        "figures": figures,
    }
    GUESS_CALIBRATION_FILE.write_text(json.dumps(saved, indent=2) + "\n")


if __name__ == "__main__":
    main()
