"""The rules engine's cost, without HTTP: one legal-move decision and one full replay.

Run from the repo root as `python bench/engine.py` (or `python -m bench.engine`); add
`--profile` to see where a replay's time goes. Prints figures, asserts nothing.

- decision: `legal_cards` and `judge` for the player to move in a random mid-trick state
  (random deal, random legal play up to that point); each state timed over a small batch.
- replay: `replay` of a random complete deal played with legal cards, renonce search
  included, once from the plays alone and once with the hands.
- coinche: the same decision (`judge`) and replay (`replay_coinche`, scored) under a random
  strain: a suit, sans-atout or tout-atout, coinche's default options with `sa_ta`.
10,000 states and deals from a fixed seed (the coinche ones drawn after the classic ones, so
the classic samples never change); medians and 90th percentiles in µs.
"""

# ruff: noqa: E402 - the imports below need the repo root on the path first
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if not __package__:
    # As a script, Python puts bench/ first on the path, where bench/http.py would shadow the
    # standard library's http: put the repo root there instead.
    sys.path[0] = str(ROOT)

import cProfile
import io
import json
import pstats
import random
from collections.abc import Callable, Sequence
from time import perf_counter_ns

from service.rules import Card, judge, legal_cards, replay
from service.rules.core.seats import PLAYERS
from service.rules.core.strains import STRAIN_CODES
from service.rules.variants import COINCHE
from service.rules.variants.coinche.options import CoincheOptions, Contract
from service.rules.variants.coinche.replay import CoincheRecord
from support.deals import DECK_SIZE, PlayedDeal, play_deal, reference_winner

SEED = 20_240_601
SAMPLES = 10_000
BATCH = 20  # calls per timing of a decision, so that the clock's own cost stays small
AIM_DECISION_US, AIM_REPLAY_US = 5.0, 150.0
AIM_SHARE = 0.05
FLOOR_SAMPLES = 500

SA_TA = CoincheOptions(sa_ta=True)

State = tuple[list[Card], tuple[Card, ...], int, int]  # hand, trick, trump, leader


def random_state(rng: random.Random, coinche: bool = False) -> State:
    """A player to move in the middle of a trick of a random legal deal (under a random
    coinche strain when `coinche`)."""
    length = rng.choice([n for n in range(1, DECK_SIZE) if n % PLAYERS])
    if coinche:
        strain = rng.randrange(len(STRAIN_CODES))
        record = play_deal(rng, length, options=SA_TA, trump=strain).record
    else:
        record = play_deal(rng, length).record
    assert record.hands is not None
    leader = (record.dealer + 1) % PLAYERS
    complete = length - length % PLAYERS
    for start in range(0, complete, PLAYERS):
        trick = record.plays[start : start + PLAYERS]
        leader = (leader + reference_winner(trick, record.strain)) % PLAYERS
    table = record.plays[complete:]
    seat = (leader + len(table)) % PLAYERS
    gone = set(record.plays)
    hand = [c for c in record.hands[seat] if c not in gone]
    return hand, table, record.strain, leader


def coinche_deal(rng: random.Random) -> tuple[CoincheRecord, CoincheRecord]:
    """A complete legal deal under a random strain, as coinche records with and without the
    hands: 100 for its taker."""
    strain = rng.randrange(len(STRAIN_CODES))
    played: PlayedDeal = play_deal(rng, options=SA_TA, trump=strain)
    deal = played.record
    with_hands = CoincheRecord(
        deal.dealer, Contract(deal.taker, 100, strain), deal.plays, deal.hands
    )
    return with_hands, CoincheRecord(with_hands.dealer, with_hands.contract, with_hands.plays)


def per_call_us(call: Callable[[], object], batch: int) -> float:
    start = perf_counter_ns()
    for _ in range(batch):
        call()
    return (perf_counter_ns() - start) / batch / 1000


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def report(name: str, timings: Sequence[float], aim: float) -> None:
    median, p90 = percentile(timings, 0.5), percentile(timings, 0.9)
    verdict = "within" if median <= aim else "MISSES"
    print(
        f"{name:<34} median {median:7.2f} µs   p90 {p90:7.2f} µs   ({verdict} the aim {aim:g} µs)"
    )


def floor_request_us(endpoint: str) -> list[float]:
    """The framework floor's cost per request (bench/floor.py: parse the JSON body, answer a
    constant), called in-process through WSGI with the HTTP benchmark's body: no socket and no
    server, so the rules' share printed against it is an upper bound."""
    from werkzeug.test import EnvironBuilder

    from bench.floor import app as floor
    from support.bodies import BODIES

    data = json.dumps(BODIES[endpoint]).encode()
    environ = EnvironBuilder(
        path=f"/v1/{endpoint}", method="POST", data=data, content_type="application/json"
    ).get_environ()

    def request() -> None:
        call = dict(environ, **{"wsgi.input": io.BytesIO(data)})
        b"".join(floor(call, lambda status, headers, exc_info=None: None))

    return [per_call_us(request, BATCH) for _ in range(FLOOR_SAMPLES)]


def main(profile: bool = False) -> None:
    rng = random.Random(SEED)
    states = [random_state(rng) for _ in range(SAMPLES)]
    deals = [play_deal(rng) for _ in range(SAMPLES)]
    with_hands = [d.record for d in deals]
    without_hands = [d.without_hands() for d in deals]
    coinche_states = [random_state(rng, coinche=True) for _ in range(SAMPLES)]
    coinche_deals = [coinche_deal(rng) for _ in range(SAMPLES)]
    print(f"{SAMPLES} random mid-trick states and complete legal deals, seed {SEED}")

    if profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for record in [*without_hands, *with_hands]:
            replay(record)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return

    report(
        "decision: legal_cards",
        [per_call_us(lambda s=s: legal_cards(s[0], s[1], s[2]), BATCH) for s in states],
        AIM_DECISION_US,
    )
    report(
        "decision: judge",
        [per_call_us(lambda s=s: judge(s[0], s[3], s[1], s[2]), BATCH) for s in states],
        AIM_DECISION_US,
    )
    replays = {}
    for name, records in (("without hands", without_hands), ("with hands", with_hands)):
        replays[name] = [per_call_us(lambda r=r: replay(r), 1) for r in records]
        report(f"replay of 32 plays, {name}", replays[name], AIM_REPLAY_US)
    report(
        "coinche decision: judge",
        [
            per_call_us(lambda s=s: judge(s[0], s[3], s[1], s[2], SA_TA), BATCH)
            for s in coinche_states
        ],
        AIM_DECISION_US,
    )
    for index, name in ((1, "without hands"), (0, "with hands")):
        report(
            f"coinche replay, {name}",
            [per_call_us(lambda r=d[index]: COINCHE.replay(r, SA_TA), 1) for d in coinche_deals],
            AIM_REPLAY_US,
        )

    # Issue 5: the rules' own cost as a share of the cheapest request on the same stack, for
    # one decision: a hand judged (legal-moves), or one play of a replayed deal (a full deal
    # is 32 of them in one request, whose whole share is printed too).
    judged = [per_call_us(lambda s=s: judge(s[0], s[3], s[1], s[2]), BATCH) for s in states]
    for endpoint, rules_cost, decisions in (
        ("legal-moves", percentile(judged, 0.5), 1),
        ("deals/replay", percentile(replays["with hands"], 0.5), DECK_SIZE),
    ):
        floor = percentile(floor_request_us(endpoint), 0.5)
        each = rules_cost / decisions
        print(
            f"share of a floor request, {endpoint:<13} rules {each:7.2f} µs a decision / floor "
            f"{floor:7.2f} µs = {each / floor:6.1%} (aim under {AIM_SHARE:.0%})"
            + (
                f"; the whole deal, {decisions} decisions: {rules_cost / floor:.0%}"
                if decisions > 1
                else ""
            )
        )


if __name__ == "__main__":
    main(profile="--profile" in sys.argv[1:])
