"""The double-dummy solver's cost (service/rules/analysis/): the reference search (pure
Python), the native core (C) and, when it is installed, colver (Rust, `pip install
colver==0.11.1`; `make bench` installs it), side by side in one run.

Run from the repo root as `python -m bench.analysis` (or `python bench/analysis.py`); add
`--profile` to see where the reference's time goes. Prints figures, asserts nothing.

On 50 deals dealt from a fixed seed (random dealer, trump and taker), under colver's rule
(`undertrump: optional`) so that the three solve the same game:
- a full deal from the first lead, every first card valued (what POST /v1/analysis/solve
  answers): in-process, and through /v1/analysis/solve with Flask's test client (native);
- the value and the best card only (`every_card` false: the value and one perfect line);
- claims with 5 tricks left (12 random legal plays made): the team to lead claims 3 tricks
  in mode "best", the rest in mode "any";
- a whole deal reviewed (POST /v1/analysis/review: every one of its 32 cards against perfect
  play, exact), the deals played out by random legal cards, and along their perfect line;
  in-process, and through the endpoint (native);
- positions per second over the values.
The reference is slow: it answers the full-deal questions on the first `REFERENCE_DEALS` deals
only, and whole reviews on the first `REFERENCE_REVIEWS` (the ratio compares medians on those
deals). CPU times of the process in ms (this
machine is shared; the wall-clock time of the whole run is printed beside): median, 95th
percentile, max. The budget is lifted so that every search ends exact. Aims (issue 18): full
deal every card valued median <= 25 ms and max <= 250 ms through the endpoint, twice as fast
as colver's median; value and best card median <= 5 ms; claims p99 <= 2 ms. Issue 20: a
whole review median <= 150 ms and p95 <= 500 ms on the native core.
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
from dataclasses import replace
from functools import partial
from time import perf_counter, process_time
from typing import Any

from service.app import create_app
from service.rules import DealRecord, RuleOptions
from service.rules.analysis import engine, reference
from service.rules.analysis.native import _native
from service.rules.analysis.questions import ANY, BEST, Claim, judge_claim, solve
from service.rules.analysis.review import review_deal
from service.rules.core.cards import CARD_CODES, SUIT_CODES
from support.deals import play_deal, random_hands
from support.solver import asking

SEED = 20_261_130
DEALS = 50
REFERENCE_DEALS = 8
REFERENCE_REVIEWS = 3  # whole reviews by the reference: seconds to a minute each
CLAIM_PLAYS = 12  # 5 tricks left
BUDGET_MS = 600_000
HTTP_BUDGET_MS = 10_000  # the endpoint's most
OPTIONS = RuleOptions(undertrump="optional")  # colver's rule
# colver numbers a suit's cards 7 8 9 J Q K 10 A; the referee 7 8 9 10 J Q K A.
COLVER_RANK = (0, 1, 2, 6, 3, 4, 5, 7)
WALL = [0.0]


def first_leads(rng: random.Random) -> list[DealRecord]:
    return [
        DealRecord(rng.randrange(4), rng.randrange(4), rng.randrange(4), (), random_hands(rng))
        for _ in range(DEALS)
    ]


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def timed(call: Callable[[], Any], walls: list[float] | None = None) -> tuple[float, Any]:
    """The call's CPU time in ms (the process's: the machine's other load left out); its
    wall-clock time is added up in WALL, and kept in `walls` when given."""
    start, wall = process_time(), perf_counter()
    result = call()
    elapsed = perf_counter() - wall
    WALL[0] += elapsed
    if walls is not None:
        walls.append(elapsed * 1000)
    return (process_time() - start) * 1000, result


def figures(timings: Sequence[float]) -> str:
    if not timings:
        return f"{'':>35}"
    return (
        f"{percentile(timings, 0.5):8.1f} {percentile(timings, 0.95):8.1f} "
        f"{percentile(timings, 0.99):8.1f} {max(timings):8.1f}"
    )


def row(name: str, ref: Sequence[float], native: Sequence[float], colver: str = "") -> None:
    ratio = ""
    if ref:
        same = sorted(native[: len(ref)])
        ratio = f"{percentile(ref, 0.5) / max(percentile(same, 0.5), 1e-6):7.0f}x"
    print(f"{name:<44} {figures(ref)} | {figures(native)} | {ratio:>8} {colver}")


def header() -> None:
    cols = f"{'median':>8} {'p95':>8} {'p99':>8} {'max':>8}"
    print(f"{'CPU ms':<44} {'reference':^35} | {'native':^35} | {'ratio':>8} colver")
    print(f"{'':<44} {cols} | {cols} |")


def colver_solve(record: DealRecord) -> Any:
    """colver's solve_scores() on the record's first lead: its card points per first card."""
    import colver  # a bench-only install

    hands = [[(c >> 3) * 8 + COLVER_RANK[c & 7] for c in hand] for hand in record.hands or ()]
    env = colver.Env.deal_with_hands(record.dealer, hands)
    env.set_contract(record.strain, 80, record.taker % 2, 0)
    env.set_phase_playing()
    return env.solve_scores()


def colver_agrees(record: DealRecord, found: Any, scores: Any) -> tuple[int, int]:
    """First cards whose colver score (team 0's card points, 252 for its capot) is the
    referee's value for that card: (agreeing, compared)."""
    ours = {}
    for move in found.moves:
        points = move.value.points[0]
        capot = move.value.capot
        ours[(move.card >> 3) * 8 + COLVER_RANK[move.card & 7]] = (
            OPTIONS.capot if capot == 0 else 0 if capot == 1 else points
        )
    theirs = dict((card, score) for card, score in scores["scores"])
    return sum(ours.get(card) == score for card, score in theirs.items()), len(theirs)


def played_out(rng: random.Random, record: DealRecord) -> DealRecord:
    """The deal's hands played to the end by random legal cards (its dealer, trump and taker
    drawn again)."""
    return play_deal(rng, 32, options=OPTIONS, hands=record.hands).record


def body(record: DealRecord) -> dict[str, object]:
    return {
        "dealer": record.dealer,
        "trump": SUIT_CODES[record.strain],
        "taker": record.taker,
        "plays": [CARD_CODES[c] for c in record.plays],
        "hands": [[CARD_CODES[c] for c in hand] for hand in record.hands or ()],
        "rules": {"undertrump": "optional"},
        "budget_ms": HTTP_BUDGET_MS,
    }


def main(profile: bool = False) -> None:
    rng = random.Random(SEED)
    deals = first_leads(rng)
    claims = [play_deal(rng, CLAIM_PLAYS, options=OPTIONS).record for _ in range(DEALS)]
    print(f"{DEALS} deals from seed {SEED}, undertrump optional; the reference on the first")
    print(f"{REFERENCE_DEALS} for the full-deal questions. Engine of the service: {engine.ENGINE}")
    if profile:
        profiler = cProfile.Profile()
        with asking(reference.Search):
            profiler.enable()
            for record in deals[:REFERENCE_DEALS]:
                solve(record, OPTIONS, BUDGET_MS, every_card=False)
            profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    engines = {"reference": reference.Search, "native": _native.Search}
    every: dict[str, list[float]] = {}
    value: dict[str, list[float]] = {}
    nodes: dict[str, tuple[int, float]] = {}
    solved: dict[str, list[Any]] = {}
    walls: dict[str, list[float]] = {}
    for name, search in engines.items():
        chosen = deals[:REFERENCE_DEALS] if name == "reference" else deals
        with asking(search):
            walls[name] = []
            timings = [timed(partial(solve, r, OPTIONS, BUDGET_MS), walls[name]) for r in chosen]
            every[name] = [ms for ms, _ in timings]
            solved[name] = [found for _, found in timings]
            alone = [timed(partial(solve, r, OPTIONS, BUDGET_MS, every_card=False)) for r in chosen]
            value[name] = [ms for ms, _ in alone]
            nodes[name] = (sum(found.nodes for _, found in alone), sum(value[name]) / 1000)
    agree = all(
        (a.value, a.moves) == (b.value, b.moves)
        for a, b in zip(solved["reference"], solved["native"], strict=False)
    )
    app = create_app({"TESTING": True, "LOG_LEVEL": "WARNING"})  # no request lines
    client = app.test_client()
    with asking(_native.Search):
        http = [timed(partial(client.post, "/v1/analysis/solve", json=body(r))) for r in deals]
    statuses = {answer.status_code for _, answer in http}
    exact = sum(answer.get_json()["exact"] for _, answer in http)

    colver_every: list[float] = []
    walls["colver"] = []
    agreeing = compared = 0
    try:
        import colver  # noqa: F401 - a bench-only install
    except ImportError:
        colver_note = "(colver not installed: pip install colver==0.11.1)"
    else:
        for record, found in zip(deals, solved["native"], strict=True):
            ms, scores = timed(partial(colver_solve, record), walls["colver"])
            colver_every.append(ms)
            agree_one, compared_one = colver_agrees(record, found, scores)
            agreeing, compared = agreeing + agree_one, compared + compared_one
        colver_note = ""

    header()
    colver_figure = f"{figures(colver_every)}" if colver_every else colver_note
    row("full deal, every first card valued", every["reference"], every["native"], colver_figure)
    row("  the same via /v1/analysis/solve", [], [ms for ms, _ in http])
    row("value and best card only", value["reference"], value["native"])
    for mode, kind in ((BEST, {"tricks": 3}), (ANY, {"rest": True})):
        timings: dict[str, list[float]] = {}
        for name, search in engines.items():
            with asking(search):
                timings[name] = [
                    timed(
                        partial(
                            judge_claim,
                            r,
                            Claim((r.dealer + 1) % 4, **kind),  # type: ignore[arg-type]
                            mode,
                            OPTIONS,
                            BUDGET_MS,
                        )
                    )[0]
                    for r in claims
                ]
        row(f"claim, 5 tricks left, mode {mode}", timings["reference"], timings["native"])
    reviewed_alike = review_rows(rng, deals, solved["native"], engines, client)
    for name, (count, seconds) in nodes.items():
        print(f"positions per second, {name:<10} {count / seconds:>14,.0f} ({count:,} positions)")
    if colver_every:
        ratio = percentile(colver_every, 0.5) / percentile(every["native"], 0.5)
        wall = percentile(walls["colver"], 0.5) / percentile(walls["native"], 0.5)
        print(f"colver's median / native's median (full deal, every card): {ratio:.2f} CPU,")
        print(
            f"  {wall:.2f} wall-clock (colver {percentile(walls['colver'], 0.5):.1f} ms, "
            f"native {percentile(walls['native'], 0.5):.1f} ms)"
        )
        print(f"first cards valued alike by colver and the native core: {agreeing}/{compared}")
    print(f"the reference's and the native core's answers equal: {agree}")
    print(f"/v1/analysis/solve: statuses {sorted(statuses)}, {exact}/{DEALS} exact")
    print(f"the reference's and the native core's reviews equal: {reviewed_alike}")
    print(f"wall-clock seconds over the timed calls: {WALL[0]:.1f}")


def review_rows(
    rng: random.Random,
    deals: Sequence[DealRecord],
    solved: Sequence[Any],
    engines: dict[str, type[reference.Search]],
    client: Any,
) -> bool:
    """The whole-deal reviews' rows; whether both engines reviewed alike."""
    randomly = [played_out(rng, record) for record in deals]
    perfectly = [replace(r, plays=found.line) for r, found in zip(deals, solved, strict=True)]
    reviews: dict[str, list[Any]] = {}
    for kind, played in (("random legal cards", randomly), ("their perfect line", perfectly)):
        timings: dict[str, list[float]] = {}
        for name, search in engines.items():
            if name == "reference" and played is perfectly:
                timings[name] = []
                continue
            chosen = played[:REFERENCE_REVIEWS] if name == "reference" else played
            with asking(search):
                runs = [timed(partial(review_deal, r, OPTIONS, BUDGET_MS)) for r in chosen]
            timings[name] = [ms for ms, _ in runs]
            reviews.setdefault(name, []).extend(found for _, found in runs)
        row(f"whole review, 32 cards, {kind}", timings["reference"], timings["native"])
    with asking(_native.Search):
        http = [
            timed(partial(client.post, "/v1/analysis/review", json=body(r)))[0] for r in randomly
        ]
    row("  the same via /v1/analysis/review", [], http)
    exact = sum(found.exact for found in reviews["native"])
    print(f"whole reviews exact (native): {exact}/{len(reviews['native'])}")
    same = zip(reviews["reference"], reviews["native"], strict=False)
    return all(a.plays == b.plays and a.seats == b.seats for a, b in same)


if __name__ == "__main__":
    main(profile="--profile" in sys.argv[1:])
