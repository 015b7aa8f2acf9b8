"""The review from the seat (issue 32): its speed, the audit's throughput with it, and how
well the audit's guess test finds a partnership that sees the hidden cards.

Run from the repo root as `python -m bench.seat_view` (`--help` for the sizes; some ten
minutes on two loaded cores, so not in `make bench`, as bench/advice.py). Prints figures,
asserts nothing. On the native engine, from fixed seeds (docs/benchmarks.md has a run):

- **speed**: `seat_review_deal` (what `POST /v1/analysis/review` with `"view": "seat"`
  computes) on whole deals of the sample archive (samples/archive/classic.ndjson.gz, played
  by the advice), at the default samples: median, 95th percentile and max, beside the
  double-dummy review of the same deals, then the seat view on two threads (as the API
  serves it by default, `ADVICE_THREADS`). Aim: median <= 2 s.
- **audit**: `python -m service.audit`'s pipeline on one worker over those deals, `--review`
  then `--seat-view`: deals per second (one core, the run's fixed costs in).
- **detection**: classic deals dealt from text seeds, a random dealer, bid as the sample
  archive bids them (`scripts.sample_archive.classic_bidding`: each seat follows the take
  advice; all pass twice: the next seed). Every seat plays the advice's card from its own
  view (`advise_play`, `--honest-samples` deals, the turned card known), but for the
  cheating partnership (seats 0 and 2 of the cheating deals), which in `--share` of its
  deals plays at every decision a double-dummy best card of the true hands (it sees them).
  Every deal is then seen from the seats (`seat_review_deal`, default samples and seed, with
  the bids) and each team's guesses, hits, expected hits and variance kept. Partnerships of
  `k` deals are drawn from those team-deals (the honest teams of the honest deals; the
  cheating team of the cheating pair's deals), and the audit's test applied
  (`outliers.guess_z`, flagged at GUESS_Z_THRESHOLD over at least MIN_GUESSES): per `k`, the
  share of cheating partnerships found and of honest ones flagged, and the pooled z of every
  honest team-deal (how well the seat's view predicts an honest player's hits: near 0 if the
  sampler's deals are the seat's real uncertainty).
"""

# ruff: noqa: E402 - the imports below need the repo root on the path first
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if not __package__:
    sys.path[0] = str(ROOT)  # as bench/engine.py: bench/http.py must not shadow http

import argparse
import gzip
import math
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from itertools import count
from multiprocessing import get_context
from typing import Any, NamedTuple

import orjson

from service.audit.judging import millionths
from service.audit.outliers import guess_z
from service.rules import DealRecord, deal, legal_cards, trick_winner
from service.rules.advice.advise import advise_play
from service.rules.advice.policy import GUESS_Z_THRESHOLD, MIN_GUESSES, SEAT_SAMPLES
from service.rules.advice.seat_review import seat_review_deal
from service.rules.analysis.review import review_deal
from service.rules.analysis.worlds import Worlds
from service.rules.core.cards import HAND_SIZE, Card
from service.rules.core.seats import PLAYERS, seat_after, team_of
from service.rules.variants import CLASSIC
from service.rules.variants.classic.options import DEFAULT_OPTIONS

SAMPLE_ARCHIVE = ROOT / "samples" / "archive" / "classic.ndjson.gz"
BUDGET_MS = 60_000  # wide: no figure cut short by time
SIZES = (5, 10, 15, 20, 30, 40, 60)
DRAWS = 4000
CHEAT_TEAM = 0  # seats 0 and 2 of the cheating pair's deals


def sample_records(count: int) -> list[dict[str, Any]]:
    """The first `count` deals of the sample archive that carry their hands."""
    found = []
    with gzip.open(SAMPLE_ARCHIVE) as stream:
        for line in stream:
            try:
                record = orjson.loads(line)
            except orjson.JSONDecodeError:
                continue
            if isinstance(record, dict) and record.get("hands"):
                found.append(record)
            if len(found) == count:
                break
    return found


def to_record(body: dict[str, Any]) -> DealRecord:
    from service.api.replay_requests import ReplayRequestSchema
    from service.app import app

    plain = {k: v for k, v in body.items() if k not in ("id", "players", "variant")}
    with app.test_request_context():
        return ReplayRequestSchema().load(plain)["record"]  # type: ignore[no-any-return]


def _quantiles(times: Sequence[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return f"median {statistics.median(ordered):.2f} s, p95 {p95:.2f} s, max {ordered[-1]:.2f} s"


def speed(count: int) -> None:
    records = [to_record(body) for body in sample_records(count)]
    double, seat, two = [], [], []
    for record in records:
        started = time.perf_counter()
        review_deal(record, budget_ms=BUDGET_MS)
        double.append(time.perf_counter() - started)
        started = time.perf_counter()
        seat_review_deal(record, budget_ms=BUDGET_MS)
        seat.append(time.perf_counter() - started)
        started = time.perf_counter()
        seat_review_deal(record, budget_ms=BUDGET_MS, threads=2)
        two.append(time.perf_counter() - started)
    print(f"speed, {len(records)} whole deals of the sample archive, one thread:")
    print(f"  double-dummy review: {_quantiles(double)}")
    print(f"  seat-view review ({SEAT_SAMPLES} samples per decision): {_quantiles(seat)}")
    print(f"  the same on two threads (as served by default): {_quantiles(two)}")


def audit_throughput(count: int) -> None:
    from service.audit.run import Settings, audit

    bodies = sample_records(count)
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory, "deals.ndjson")
        path.write_bytes(b"".join(orjson.dumps(body) + b"\n" for body in bodies))
        print(f"audit, {len(bodies)} deals, one worker (fixed costs in):")
        for name, seat_view in (("--review", False), ("--seat-view", True)):
            out = Path(directory, name.strip("-"))
            started = time.perf_counter()
            audit(Settings([str(path)], out, review=True, seat_view=seat_view, workers=1))
            seconds = time.perf_counter() - started
            print(f"  {name}: {seconds:.1f} s, {len(bodies) / seconds:.2f} deals per second")


# --- detection ----------------------------------------------------------------------------------


class TeamDeal(NamedTuple):
    guesses: int
    hits: int
    expected: float
    variance: float


def _double_dummy_card(record: DealRecord, hands: Any, rng: random.Random) -> Card:
    """A best card of the position with every hand seen (what the cheating seat sees)."""
    worlds = Worlds(CLASSIC, replace(record, hands=None), DEFAULT_OPTIONS)
    moves = worlds.values(hands, time.perf_counter() + BUDGET_MS / 1000)
    assert moves is not None
    return rng.choice([move.card for move in moves if move.loss == 0])


def played_deal(args: tuple[int, bool, int]) -> tuple[bool, list[TeamDeal]]:
    """Deal `number` played out (cheating or not) and seen from the seats: each team's
    guesses."""
    from scripts.sample_archive import classic_bidding

    number, cheats, honest_samples = args
    rng = random.Random(f"seat bench {number}")
    dealer = rng.randrange(PLAYERS)
    for redeal in count():  # bid by the take advice, as the sample archive's deals are
        seed = f"seat bench deal {number}" + (f" {redeal}" if redeal else "")
        first = deal(seed, dealer)
        taken = classic_bidding(dealer, first.hands, first.turned, honest_samples, seed)
        if taken is not None:
            break
    taker, trump, bids = taken
    dealt = deal(seed, dealer, taker)
    hands, turned = dealt.hands, dealt.turned
    held = [list(hand) for hand in hands]
    plays: list[Card] = []
    leader = seat_after(dealer)
    for _ in range(HAND_SIZE):
        trick: list[Card] = []
        for offset in range(PLAYERS):
            seat = seat_after(leader, offset)
            legal = legal_cards(held[seat], trick, trump)
            record = DealRecord(dealer, trump, taker, tuple(plays), hands)
            if len(legal) == 1:
                card = legal[0]
            elif cheats and team_of(seat) == CHEAT_TEAM:
                card = _double_dummy_card(record, hands, rng)
            else:
                advice = advise_play(
                    replace(record, hands=None), seat, tuple(held[seat]), turned=turned,
                    samples=honest_samples, seed=f"honest {number} {len(plays)}",
                    budget_ms=BUDGET_MS,
                )  # fmt: skip
                card = advice.card or legal[0]
            held[seat].remove(card)
            trick.append(card)
            plays.append(card)
        leader = seat_after(leader, trick_winner(trick, trump))
    record = DealRecord(dealer, trump, taker, tuple(plays), hands)
    seen = seat_review_deal(record, budget_ms=BUDGET_MS, turned=turned, calls=tuple(bids))
    teams = [
        TeamDeal(t.guess_decisions, t.guess_hits, t.guess_expected, t.guess_variance)
        for t in seen.teams
    ]
    return cheats, teams


def _flagged(team_deals: Sequence[TeamDeal]) -> bool:
    z = guess_z(
        sum(t.hits for t in team_deals),
        millionths(sum(t.expected for t in team_deals)),
        millionths(sum(t.variance for t in team_deals)),
        sum(t.guesses for t in team_deals),
    )
    return z is not None and z >= GUESS_Z_THRESHOLD


def _share_flagged(pool: Sequence[TeamDeal], size: int, rng: random.Random) -> float:
    """The share of partnerships of `size` deals drawn from `pool` that the test flags."""
    draw = rng.sample if size <= len(pool) else rng.choices
    flagged = 0
    for _ in range(DRAWS):
        chosen = draw(pool, k=size)
        flagged += _flagged(chosen)
    return flagged / DRAWS


def detection(honest_deals: int, cheat_deals: int, share: float, samples: int, jobs: int) -> None:
    rng = random.Random("seat bench cheats")
    jobs_args = [(n, False, samples) for n in range(honest_deals)]
    jobs_args += [(honest_deals + n, rng.random() < share, samples) for n in range(cheat_deals)]
    started = time.perf_counter()
    with ProcessPoolExecutor(jobs, mp_context=get_context("spawn")) as pool:
        results = list(pool.map(played_deal, jobs_args, chunksize=2))
    seconds = time.perf_counter() - started
    honest = [team for cheats, teams in results[:honest_deals] for team in teams]
    pair = [teams[CHEAT_TEAM] for _, teams in results[honest_deals:]]
    cheated = sum(cheats for cheats, _ in results[honest_deals:])
    print(
        f"detection: {honest_deals} honest deals and {cheat_deals} of the cheating pair "
        f"({cheated} of them seeing the hidden cards, share {share}), played and seen from "
        f"the seats in {seconds:.0f} s on {jobs} processes"
    )
    guesses = sum(t.guesses for t in honest)
    pooled = (sum(t.hits for t in honest) - sum(t.expected for t in honest)) / math.sqrt(
        sum(t.variance for t in honest)
    )
    print(
        f"  honest team-deals: {len(honest)}, {guesses / len(honest):.2f} guesses each, hits "
        f"{sum(t.hits for t in honest)} against {sum(t.expected for t in honest):.1f} "
        f"expected: pooled z {pooled:+.2f}"
    )
    print(
        f"  the cheating pair's team-deals: {len(pair)}, "
        f"{sum(t.guesses for t in pair) / len(pair):.2f} guesses each, hits "
        f"{sum(t.hits for t in pair)} against {sum(t.expected for t in pair):.1f} expected"
    )
    draws = random.Random("seat bench draws")
    print(
        f"  partnerships of k deals ({DRAWS} draws each), flagged at z >= {GUESS_Z_THRESHOLD:g} "
        f"over >= {MIN_GUESSES} guesses:"
    )
    found_at = None
    for size in SIZES:
        found = _share_flagged(pair, size, draws)
        false = _share_flagged(honest, size, draws)
        print(
            f"    k={size:3d}: cheating pair found {found:6.1%}, honest pairs flagged {false:6.2%}"
        )
        if found_at is None and found >= 0.9:
            found_at = size
    print(
        f"  deals to find the cheating pair 9 times in 10: {found_at or f'more than {SIZES[-1]}'}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.seat_view")
    parser.add_argument("--speed-deals", type=int, default=20)
    parser.add_argument("--audit-deals", type=int, default=12)
    parser.add_argument("--honest-deals", type=int, default=120)
    parser.add_argument("--cheat-deals", type=int, default=60)
    parser.add_argument("--share", type=float, default=0.5)
    parser.add_argument("--honest-samples", type=int, default=6)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", choices=("speed", "audit", "detection"))
    args = parser.parse_args()
    if args.only in (None, "speed"):
        speed(args.speed_deals)
    if args.only in (None, "audit"):
        audit_throughput(args.audit_deals)
    if args.only in (None, "detection"):
        detection(args.honest_deals, args.cheat_deals, args.share, args.honest_samples, args.jobs)


if __name__ == "__main__":
    main()
