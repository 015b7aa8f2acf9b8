"""Fit the seat view's model of how honest players choose a card (service/rules/advice/
reading.py): a conditional logit over each play's legal cards, by maximum likelihood.

The plays are those of two honest archives with their hands, made as
bench/guess_calibration.py makes them: the referee's bots (200 deals of each variant, seed
4049, the card advice at its default level) and colver's IS-DD bots (200 coinche deals from
board 50000; colver is installed for the bench only, `make arena` installs it). Every play
with more than one legal card counts, each archive weighing the same (the model is of honest
players, not of one program). Newton's method on the log-likelihood, with a ridge of
`RIDGE` (some features are one another's on leads).

    python -m scripts.fit_play_model [--referee 200] [--colver 200] [--jobs 2] [--cache DIR]

Writes service/rules/advice/play_model.json: the weights by feature, and the figures the fit
reached per archive (the plays, the mean log chance of the card played against a choice at
random among the legal cards, and how often the card played was the model's likeliest). Run
it before scripts/fit_guess_calibration.py: the guesses' chances read the play by this model.
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
from typing import Any

from bench import guess_calibration as bench
from service.rules.advice.reading import FEATURES, PLAY_MODEL_FILE, Choice, choices, log_chance
from service.rules.core.cards import Card
from service.rules.core.strains import parse_strain
from service.rules.variants import CLASSIC, COINCHE

RIDGE = 1e-3
STEPS = 30


def record_choices(record: dict[str, Any]) -> list[Choice]:
    """Every choice of a record's plays (`reading.choices`), under its variant's default
    rules."""
    coinche = record.get("variant") == "coinche"
    strain = parse_strain(record["contract"]["strain"] if coinche else record["trump"])
    options = (COINCHE if coinche else CLASSIC).options_or_default(None)
    hands = [[Card.parse(c) for c in hand] for hand in record["hands"]]
    plays = [Card.parse(c) for c in record["plays"]]
    return list(choices(hands, plays, strain, options))  # type: ignore[arg-type]


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """`x` with `matrix x = vector` (Gaussian elimination with partial pivoting)."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, size):
            factor = rows[r][col] / rows[col][col]
            for c in range(col, size + 1):
                rows[r][c] -= factor * rows[col][c]
    x = [0.0] * size
    for i in reversed(range(size)):
        x[i] = (rows[i][size] - sum(rows[i][c] * x[c] for c in range(i + 1, size))) / rows[i][i]
    return x


def scores(weights: list[float], choice: Choice) -> list[float]:
    """Each legal card's score under `weights`."""
    return [sum(w * x for w, x in zip(weights, f, strict=True)) for f in choice.options]


def fit(archives: list[list[Choice]]) -> list[float]:
    """The weights of the likeliest model, each archive's choices weighing 1 / their count."""
    size = len(FEATURES)
    weights = [0.0] * size
    for _ in range(STEPS):
        gradient = [-RIDGE * w for w in weights]
        curvature = [[RIDGE if i == j else 0.0 for j in range(size)] for i in range(size)]
        for found in archives:
            share = 1.0 / len(found)
            for choice in found:
                scored = scores(weights, choice)
                odds = [math.exp(s - max(scored)) for s in scored]
                chances = [(o / sum(odds), f) for o, f in zip(odds, choice.options, strict=True)]
                mean = [sum(p * f[i] for p, f in chances) for i in range(size)]
                played = choice.options[choice.chosen]
                for i in range(size):
                    gradient[i] += share * (played[i] - mean[i])
                    for j in range(i, size):
                        spread = sum(p * f[i] * f[j] for p, f in chances)
                        curvature[i][j] += share * (spread - mean[i] * mean[j])
        for i in range(size):
            for j in range(i):
                curvature[i][j] = curvature[j][i]
        step = solve(curvature, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return weights


def figures(found: list[Choice], weights: list[float]) -> dict[str, Any]:
    """How well `weights` tell an archive's cards: its choices, the mean log chance of the card
    played (and at random among the legal ones), how often it was the likeliest."""
    likeliest = 0
    for choice in found:
        scored = scores(weights, choice)
        likeliest += scored.index(max(scored)) == choice.chosen
    return {
        "choices": len(found),
        "mean_log_chance": round(sum(log_chance(weights, c) for c in found) / len(found), 4),
        "at_random": round(-sum(math.log(len(c.options)) for c in found) / len(found), 4),
        "likeliest_played": round(likeliest / len(found), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    bench.archive_arguments(parser)
    args = parser.parse_args()
    archives = {
        name: [c for record in records for c in record_choices(record)]
        for name, records in bench.archives(args).items()
    }
    started = time.monotonic()
    weights = fit(list(archives.values()))
    reached = {name: figures(found, weights) for name, found in archives.items()}
    print(f"fitted in {time.monotonic() - started:.0f} s: {json.dumps(reached)}")
    saved = {
        "weights": {name: round(w, 4) for name, w in zip(FEATURES, weights, strict=True)},
        **bench.fitted_on(args),
        "figures": reached,
    }
    PLAY_MODEL_FILE.write_text(json.dumps(saved, indent=2) + "\n")


if __name__ == "__main__":
    main()
