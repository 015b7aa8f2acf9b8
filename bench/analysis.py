"""The double-dummy solver's cost (service/rules/analysis/), in-process, no HTTP.

Run from the repo root as `python -m bench.analysis` (or `python bench/analysis.py`); add
`--profile` to see where an exact solve's time goes. Prints figures, asserts nothing.

On 50 deals dealt from a fixed seed (random dealer, trump and taker):
- exact solve from the first lead: the value and one perfect line, 32 cards to play;
- every card's value from the first lead (what POST /v1/analysis/solve answers);
- claims with 5 tricks left (12 random legal plays made): the team to move claims 3 tricks
  in mode "best", and the rest in mode "any";
- nodes per second over the exact solves.
CPU times in ms (the process's own, so that other work on the machine does not count; the
wall-clock total is printed beside): median, 95th and 99th percentile, max. The budget is
lifted (`BUDGET_MS`) so that every search ends exact. Aims (issue 11): exact solve median under
350 ms and p95 under 1.5 s; claims with 5 tricks left p99 under 50 ms.
"""

# ruff: noqa: E402 - the imports below need the repo root on the path first
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if not __package__:
    sys.path[0] = str(ROOT)  # as bench/engine.py: bench/http.py must not shadow http

import cProfile
import pstats
import random
from collections.abc import Callable, Sequence
from functools import partial
from time import perf_counter, process_time

from service.rules import DealRecord
from service.rules.analysis import ANY, BEST, Claim, judge_claim, solve
from tests.rules.builders import play_deal, random_hands

SEED = 20_261_130
DEALS = 50
CLAIM_PLAYS = 12  # 5 tricks left
AIM_MEDIAN_MS, AIM_P95_MS, AIM_CLAIM_P99_MS = 350.0, 1500.0, 50.0
BUDGET_MS = 600_000


def first_leads(rng: random.Random) -> list[DealRecord]:
    return [
        DealRecord(rng.randrange(4), rng.randrange(4), rng.randrange(4), (), random_hands(rng))
        for _ in range(DEALS)
    ]


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def timed(call: Callable[[], object]) -> tuple[float, object]:
    """The call's CPU time in ms (this process's: the shared machine's load left out; the
    wall-clock time is added up in `WALL` to show how loaded the machine was)."""
    start, wall = process_time(), perf_counter()
    result = call()
    WALL[0] += perf_counter() - wall
    return (process_time() - start) * 1000, result


WALL = [0.0]


def report(name: str, timings: Sequence[float], aims: str = "") -> None:
    print(
        f"{name:<40} median {percentile(timings, 0.5):8.1f}   p95 {percentile(timings, 0.95):8.1f}"
        f"   p99 {percentile(timings, 0.99):8.1f}   max {max(timings):8.1f} ms"
        + (f"   ({aims})" if aims else "")
    )


def main(profile: bool = False) -> None:
    rng = random.Random(SEED)
    deals = first_leads(rng)
    claims = [play_deal(rng, CLAIM_PLAYS).record for _ in range(DEALS)]
    print(f"{DEALS} deals from seed {SEED}; budget {BUDGET_MS} ms each")
    if profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for record in deals[:10]:
            solve(record, budget_ms=BUDGET_MS, every_card=False)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return

    exact, nodes, inexact = [], 0, 0
    for record in deals:
        ms, found = timed(lambda r=record: solve(r, budget_ms=BUDGET_MS, every_card=False))
        exact.append(ms)
        nodes += found.nodes  # type: ignore[attr-defined]
        inexact += not found.exact  # type: ignore[attr-defined]
    report(
        "exact solve from the first lead",
        exact,
        f"aims: median {AIM_MEDIAN_MS:g}, p95 {AIM_P95_MS:g}; {inexact} past the budget",
    )
    every = [timed(lambda r=r: solve(r, budget_ms=BUDGET_MS))[0] for r in deals]
    report("every card's value from the first lead", every)
    claimed: list[float] = []
    for mode, kind in ((BEST, {"tricks": 3}), (ANY, {"rest": True})):
        timings = []
        for record in claims:
            # The seat to lead the first trick claims (any seat would do: it is its team's).
            claim = Claim((record.dealer + 1) % 4, **kind)  # type: ignore[arg-type]
            timings.append(timed(partial(judge_claim, record, claim, mode, budget_ms=BUDGET_MS))[0])
        claimed += timings
        report(f"claim, 5 tricks left, mode {mode}", timings, f"aim: p99 {AIM_CLAIM_P99_MS:g}")
    print(f"nodes per second (exact solves)          {nodes / (sum(exact) / 1000):,.0f}")
    cpu = sum(exact) + sum(every) + sum(claimed)
    print(f"wall-clock / CPU time over the run       {WALL[0] * 1000 / cpu:.2f}")


if __name__ == "__main__":
    main(profile="--profile" in sys.argv[1:])
