"""Advice from one seat's view (service/rules/advice/): its speed, and how good its cards are.

Run from the repo root as `python -m bench.advice` (`--help` for the counts). Prints figures,
asserts nothing. On the native engine (the service's default), deals from a fixed seed:

- **speed**: POST /v1/advice/play through Flask's test client with the default samples (and
  `--threads`: the app's `ADVICE_THREADS`), the wall-clock time of each answer, at the first
  lead and later in the deal (8, 16 and 24 cards played), median, 95th percentile and max,
  beside one perfect-play solve of the same positions with every card valued (the cost of
  one sample). Aim (issue 22): median <= 500 ms at the first lead.
- **quality**: positions from seeded deals (random dealer, trump, taker; the cards before the
  position played by the rule-of-thumb player below, so that they look like a game; only
  positions with at least two legal cards), each
  judged against the true hands by perfect play: the loss (in card points, as a solve's
  `loss`) of the advised card, of a random legal card (the mean over the legal cards) and of
  the rule-of-thumb player's card; mean with its standard error, and the share of positions
  where the card is a best one.
- **match**: deals played out by two advice players (seats 0 and 2, or 1 and 3) against two
  rule-of-thumb players, each deal twice with the teams' seats exchanged (duplicate, so that
  the cards dealt cancel out): the advice team's deal score less the other's, per deal played,
  mean with its standard error.
- **lead**: how many deals the first lead needs: the advice's card from its first k deals,
  judged on other deals (`lead`).
- **take**: classic's bidding by the take advice, two seats reading the passes before them
  and two not, in duplicate boards played out by perfect play (`take_match`).
- **chunks**: the deals of an advice valued in one call into the search against one call a
  deal, the same bodies interleaved, CPU time side by side (`chunks`).
- **balance**: whether deals drawn together with the unseen hands given to the other seats
  in other orders would compare the first leads better than deals drawn one by one
  (`balance`).

The rule-of-thumb player, a fair club player's habits: leading, the highest master it holds
(a card no card still out beats in its suit), else the lowest card of its longest suit;
following, when its partner wins the trick, the legal card with the most points (it
"charges"); else the cheapest legal card that takes the trick, or, when none does, the legal
card with the fewest points.
"""

# ruff: noqa: E402 - the imports below need the repo root on the path first
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if not __package__:
    sys.path[0] = str(ROOT)  # as bench/engine.py: bench/http.py must not shadow http

import argparse
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import permutations
from statistics import fmean, median, pvariance, stdev
from time import perf_counter, process_time
from typing import Any

from service.app import create_app
from service.rules import Deal, DealRecord, deal, legal_cards, replay
from service.rules.advice import advise as advise_module
from service.rules.advice.advise import (
    DEFAULT_SEED,
    advise_play,
    advise_take,
    card_question,
    holdings_in,
)
from service.rules.advice.view import seat_view
from service.rules.analysis import engine
from service.rules.analysis.questions import solve
from service.rules.analysis.worlds import Worlds
from service.rules.core.cards import CARD_CODES, SUIT_CODES, Card, Suit
from service.rules.core.play import trick_winner
from service.rules.core.seats import PLAYERS, seat_after, team_of
from service.rules.core.strains import card_values
from service.rules.variants import CLASSIC, COINCHE
from service.rules.variants.classic.bidding import PASS, TAKE
from service.rules.variants.classic.options import DEFAULT_OPTIONS
from service.rules.variants.coinche.options import Contract
from service.rules.variants.coinche.replay import CoincheRecord

SEED = "bench advice, 2026-12-01"
BUDGET_MS = 10_000  # the endpoint's most: every answer from all its samples
LATER = (8, 16, 24)

Player = Callable[[DealRecord, int, tuple[Card, ...], Card], Card]


def dealt(index: int) -> tuple[DealRecord, Card]:
    """Deal `index` of the run: its record before the first card (taker and trump chosen
    from the index, the trump being the turned card's suit) and the turned card."""
    rng = random.Random(f"{SEED} {index}")
    dealer, taker = rng.randrange(PLAYERS), rng.randrange(PLAYERS)
    cards = deal(f"{SEED} deal {index}", dealer, taker)
    return DealRecord(dealer, cards.turned.suit, taker, (), cards.hands), cards.turned


def held(record: DealRecord, seat: int) -> tuple[Card, ...]:
    hands = record.hands
    assert hands is not None
    return tuple(card for card in hands[seat] if card not in record.plays)


def table_of(plays: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(plays[len(plays) - len(plays) % PLAYERS :])


def rule_of_thumb(record: DealRecord, seat: int, hand: tuple[Card, ...], turned: Card) -> Card:
    """The rule-of-thumb player's card (module docstring)."""
    trump, table = record.strain, table_of(record.plays)
    legal = legal_cards(hand, table, trump)
    points = card_values(trump).points
    if not table:
        gone = set(record.plays) | set(hand)
        masters = [
            card
            for card in legal
            if not any(
                other not in gone
                and other >> 3 == card >> 3
                and trick_winner((card, Card(other)), trump) == 1
                for other in range(32)
            )
        ]
        if masters:
            return max(masters, key=lambda c: (points[c], c >> 3 == trump))
        longest = max(range(4), key=lambda suit: sum(c >> 3 == suit for c in hand))
        return min(
            (c for c in legal if c >> 3 == longest), key=points.__getitem__, default=legal[0]
        )
    win = trick_winner(table, trump)
    if (len(table) - win) % 2 == 0:  # the partner wins
        return max(legal, key=points.__getitem__)
    takes = [c for c in legal if trick_winner((*table, c), trump) == len(table)]
    if takes:
        return min(takes, key=lambda c: (points[c], c >> 3 == trump))
    return min(legal, key=lambda c: (points[c], c >> 3 == trump))


def advice_player(samples: int) -> Player:
    def play(record: DealRecord, seat: int, hand: tuple[Card, ...], turned: Card) -> Card:
        shown = replace(record, hands=None)
        advice = advise_play(shown, seat, hand, turned=turned, samples=samples, budget_ms=BUDGET_MS)
        assert advice.card is not None
        return advice.card

    return play


def played_out(record: DealRecord, turned: Card, players: Sequence[Player]) -> DealRecord:
    """The deal played to its end, each seat by its player."""
    while len(record.plays) < 32:
        seat = replay(record).to_move
        assert seat is not None
        card = players[seat](record, seat, held(record, seat), turned)
        record = replace(record, plays=(*record.plays, card))
    return record


def spread(values: Sequence[float]) -> str:
    """Mean ± standard error."""
    error = stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("nan")
    return f"{fmean(values):7.2f} ± {error:5.2f}"


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def advice_body(index: int, played: int) -> tuple[DealRecord, dict[str, Any]]:
    """Deal `index` played to `played` cards by the rule-of-thumb player, and the body that
    asks /v1/advice/play for the seat to play there (the whole budget)."""
    record, turned = dealt(index)
    record = played_out_to(record, turned, played)
    seat = replay(record).to_move
    assert seat is not None
    return record, {
        "dealer": record.dealer,
        "trump": SUIT_CODES[record.strain],
        "taker": record.taker,
        "plays": [CARD_CODES[c] for c in record.plays],
        "turned": CARD_CODES[turned],
        "seat": seat,
        "hand": [CARD_CODES[c] for c in held(record, seat)],
        "budget_ms": BUDGET_MS,
    }


def speed(deals: int, threads: int | None = None) -> None:
    config: dict[str, object] = {"TESTING": True, "LOG_LEVEL": "WARNING"}
    if threads is not None:
        config["ADVICE_THREADS"] = threads
    client = create_app(config).test_client()
    print(
        f"speed: {deals} deals, default samples, through /v1/advice/play (engine "
        f"{engine.ENGINE}, ADVICE_THREADS {threads or 'default'}); ms of the process's CPU "
        f"(every thread's; this machine is shared), wall-clock beside; load average "
        f"{os.getloadavg()[0]:.1f}"
    )
    print(
        f"{'cards played':>13} {'CPU p50':>8} {'p95':>8} {'max':>8} {'wall p50':>9}"
        f" {'samples':>8} {'one solve p50':>14} {'ratio':>6}"
    )
    for played in (0, *LATER):
        cpu, walls, solves, used = [], [], [], []
        for index in range(deals):
            record, body = advice_body(index, played)
            start, wall = process_time(), perf_counter()
            response = client.post("/v1/advice/play", json=body)
            walls.append((perf_counter() - wall) * 1000)
            cpu.append((process_time() - start) * 1000)
            assert response.status_code == 200, response.get_json()
            used.append(response.get_json()["samples"])
            start = process_time()
            solve(record, budget_ms=BUDGET_MS)
            solves.append((process_time() - start) * 1000)
        p50, one = median(cpu), median(solves)
        print(
            f"{played:>13} {p50:>8.1f} {percentile(cpu, 0.95):>8.1f} {max(cpu):>8.1f}"
            f" {median(walls):>9.1f} {median(used):>8.0f} {one:>14.2f} {p50 / one:>6.1f}"
        )


def played_out_to(record: DealRecord, turned: Card, plays: int) -> DealRecord:
    """The first `plays` cards of the deal, played by the rule-of-thumb player."""
    while len(record.plays) < plays:
        seat = replay(record).to_move
        assert seat is not None
        card = rule_of_thumb(record, seat, held(record, seat), turned)
        record = replace(record, plays=(*record.plays, card))
    return record


def quality(positions: int, samples: int) -> None:
    print(
        f"\nquality: {positions} positions, {samples} samples, loss in card points against "
        "the true hands (mean ± standard error; share of positions where the card is best)"
    )
    rng = random.Random(SEED)
    losses: dict[str, list[float]] = {"advice": [], "random legal card": [], "rule of thumb": []}
    best: dict[str, list[float]] = {name: [] for name in losses}
    advise = advice_player(samples)
    index = 0
    while len(losses["advice"]) < positions:
        index += 1
        record, turned = dealt(1000 + index)
        record = played_out_to(record, turned, rng.randrange(31))
        seat = replay(record).to_move
        assert seat is not None
        hand = held(record, seat)
        perfect = {move.card: move.loss for move in solve(record, budget_ms=BUDGET_MS).moves}
        if len(perfect) < 2:
            continue  # one legal card: nothing to choose
        chosen = {
            "advice": perfect[advise(record, seat, hand, turned)],
            "random legal card": fmean(perfect.values()),
            "rule of thumb": perfect[rule_of_thumb(record, seat, hand, turned)],
        }
        for name, loss in chosen.items():
            losses[name].append(loss)
        best["advice"].append(chosen["advice"] == 0)
        best["rule of thumb"].append(chosen["rule of thumb"] == 0)
        best["random legal card"].append(sum(loss == 0 for loss in perfect.values()) / len(perfect))
    for name in losses:
        print(f"{name:>18}: loss {spread(losses[name])}, best {fmean(best[name]):6.1%}")


def match(deals: int, samples: int) -> None:
    print(
        f"\nmatch: {deals} deals, each played twice with the seats exchanged; advice "
        f"({samples} samples) against rule of thumb"
    )
    advise = advice_player(samples)
    margins: list[float] = []
    for index in range(deals):
        record, turned = dealt(2000 + index)
        for advice_team in (0, 1):
            players = [advise if seat % 2 == advice_team else rule_of_thumb for seat in range(4)]
            score = replay(played_out(record, turned, players)).score
            assert score is not None
            margins.append(score.score[advice_team] - score.score[1 - advice_team])
    pairs = [margins[i] + margins[i + 1] for i in range(0, len(margins), 2)]
    print(f"  advice team's deal score less the other's, per deal: {spread(margins)}")
    print(f"  per duplicate pair (both seatings added): {spread(pairs)}")


LEAD_DEALS = (4, 8, 16, 32, 64)
JUDGE_SEED = "bench advice, the judge"


def deal_margins(
    shown: DealRecord, seat: int, hand: tuple[Card, ...], turned: Card, count: int
) -> list[dict[Card, float]]:
    """Each legal card's margin (the seat's team's deal score less the other's, by perfect
    play) in each of the first `count` deals the advice draws for `seat` (its default seed),
    as the advice values them one by one."""
    worlds = Worlds(CLASSIC, shown, DEFAULT_OPTIONS)
    judged = worlds.judged
    holdings = holdings_in(CLASSIC, worlds.record, judged, turned, DEFAULT_OPTIONS)
    view = seat_view(
        seat, hand, judged.tricks, judged.renonces, shown.strain, DEFAULT_OPTIONS, holdings
    )
    team, rows = team_of(seat), []
    for rank in view.deals.ranks(count, random.Random(DEFAULT_SEED)):
        moves = worlds.values(view.hands(view.deals.deal(rank)), perf_counter() + 3600)
        assert moves is not None
        rows.append({m.card: m.value.score[team] - m.value.score[1 - team] for m in moves})
    return rows


def clear(rows: Sequence[dict[Card, float]], bound: float = 2.0) -> bool:
    """Whether the card of the best mean margin over `rows` is above every other by `bound`
    standard errors of their paired difference (a card that plays as it in every deal aside):
    where the advice could stop drawing deals."""
    if len(rows) < 2:
        return False  # no spread to judge by
    cards = list(rows[0])
    best = max(cards, key=lambda card: fmean(row[card] for row in rows))
    for card in cards:
        differences = [row[best] - row[card] for row in rows]
        if card == best or not any(differences):
            continue
        if fmean(differences) <= bound * stdev(differences) / len(rows) ** 0.5:
            return False
    return True


def lead(positions: int, judges: int, deals: Sequence[int] = LEAD_DEALS) -> None:
    """How many deals the first lead needs (issue 30 asks for it under 100 ms): the advice's
    card from the first k deals it draws (its default seed; k in `deals`), each card judged
    by its mean margin over `judges` other deals (another seed), as the advice's `margin`
    figure; the margin each k gives up against the card chosen from the most deals, which is
    unbiased (the judging deals are not the choosing ones); the process's CPU time; and how
    many first leads are `clear` after their first k deals (where the advice could stop)."""
    print(
        f"\nlead: {positions} first leads (classic), the advice's card from its first k deals, "
        f"judged on {judges} other deals: the margin (deal points) given up against k = "
        f"{deals[-1]}, mean ± standard error; CPU ms of the advice, median; the first leads "
        "whose best card is clear by twice the standard error after k deals"
    )
    lost: dict[int, list[float]] = {k: [] for k in deals}
    clears = dict.fromkeys(deals, 0)
    cpu: dict[int, list[float]] = {k: [] for k in deals}
    for index in range(positions):
        record, turned = dealt(3000 + index)
        seat = replay(record).to_move
        assert seat is not None
        shown, hand = replace(record, hands=None), held(record, seat)
        judged = advise_play(
            shown, seat, hand, turned=turned, samples=judges, seed=JUDGE_SEED, budget_ms=BUDGET_MS
        )
        margin = {move.card: move.margin for move in judged.moves}
        chosen = {}
        for k in deals:
            start = process_time()
            advice = advise_play(shown, seat, hand, turned=turned, samples=k, budget_ms=BUDGET_MS)
            cpu[k].append((process_time() - start) * 1000)
            assert advice.card is not None
            chosen[k] = advice.card
        rows = deal_margins(shown, seat, hand, turned, deals[-1])
        for k in deals:
            lost[k].append(margin[chosen[deals[-1]]] - margin[chosen[k]])
            clears[k] += clear(rows[:k])
    for k in deals:
        print(
            f"{k:>4} deals: margin given up {spread(lost[k])}, CPU {median(cpu[k]):7.1f} ms, "
            f"clear {clears[k]} of {positions}"
        )


# Who of the three seats after the leader (its left, its partner, its right) receives which
# of the unseen hands of a deal drawn: `order[i]` is the hand of seat i + 1 after it.
ORDERS = tuple(permutations(range(3)))
# Each design draws deals together: a deal and those the orders of a group of ORDERS give
# (the group as orders of the seats). Cards judged within CLOSE deal points of the best.
DESIGNS = {
    "every order (6 deals)": ORDERS,
    "rotated (3)": ((0, 1, 2), (1, 2, 0), (2, 0, 1)),
    "the opponents exchanged (2)": ((0, 1, 2), (2, 1, 0)),
    "the partner and one opponent exchanged (2)": ((0, 1, 2), (1, 0, 2)),
}
CLOSE = 15


def _cosets(group: Sequence[tuple[int, ...]]) -> list[list[int]]:
    """ORDERS' places, in the sets of orders whose deals a design draws together: with
    each order, that order after each of `group`'s."""
    place = {order: at for at, order in enumerate(ORDERS)}
    together = {
        frozenset(place[tuple(order[seat] for seat in shift)] for shift in group)
        for order in ORDERS
    }
    return sorted(sorted(coset) for coset in together)


COSETS = {name: _cosets(group) for name, group in DESIGNS.items()}


def first_lead_margins(index: int, orbits: int) -> list[list[float]]:
    """For deal `index` (`dealt`) bid as a coinche contract (the taker's trump, 80, 90 or
    100 by its count of trumps), the first lead's legal cards' margins (the leader's team's
    deal score less the other's, by perfect play) in `orbits` deals drawn by the advice, each
    followed by the deals ORDERS give: rows of the same cards, `len(ORDERS)` a deal drawn."""
    record, _ = dealt(index)
    assert record.hands is not None and isinstance(record.strain, Suit)
    trumps = sum(card.suit == record.strain for card in record.hands[record.taker])
    value = 80 if trumps <= 3 else 90 if trumps == 4 else 100
    contract = Contract(record.taker, value, record.strain)
    seat = seat_after(record.dealer, 1)
    coinche = CoincheRecord(record.dealer, contract, (), None)
    question = card_question(COINCHE, coinche, seat, record.hands[seat], objective="score")
    view, team = question.view, team_of(seat)
    others = [seat_after(seat, place) for place in (1, 2, 3)]
    deals = []
    for rank in view.deals.ranks(orbits, random.Random(f"{SEED} balance {index}")):
        drawn = view.hands(view.deals.deal(rank))
        for order in ORDERS:
            hands = list(drawn)
            for place, other in enumerate(others):
                hands[other] = drawn[others[order[place]]]
            deals.append(tuple(hands))
    rows = question.worlds.values_of(deals, perf_counter() + 3600)
    return [
        [move.value.score[team] - move.value.score[1 - team] for move in moves] for moves in rows
    ]


def design_variances(rows: list[list[float]]) -> dict[str, tuple[float, float]]:
    """For each card but the best (the best mean over `rows`) whose margin behind the best
    varies, that margin's variance a deal when deals are drawn one by one, and when drawn by
    each design (the variance of a group's mean, times the group's deals): summed over the
    cards, and over the cards within CLOSE of the best, by design ("one by one" first)."""
    means = [fmean(row[card] for row in rows) for card in range(len(rows[0]))]
    best = means.index(max(means))
    sums: dict[str, tuple[float, float]] = {}
    for card, mean in enumerate(means):
        behind = [row[best] - row[card] for row in rows]
        if card == best or not any(behind):
            continue
        variances = {"one by one": pvariance(behind)}
        for name, cosets in COSETS.items():
            means_of = [
                fmean(behind[drawn + place] for place in coset)
                for drawn in range(0, len(rows), len(ORDERS))
                for coset in cosets
            ]
            variances[name] = pvariance(means_of) * len(cosets[0])
        close = means[best] - mean < CLOSE
        for name, variance in variances.items():
            every, near = sums.get(name, (0.0, 0.0))
            sums[name] = (every + variance, near + variance * close)
    return sums


def balance(positions: int, orbits: int) -> None:
    """Whether the first lead's deals would compare its cards better drawn together (issue
    30: the first lead needs fewer or better deals): at a coinche first lead nothing tells
    the three other seats apart, so a deal with its unseen hands given to them in another
    order is as likely as the deal drawn. For each design of DESIGNS, the variance of a
    card's margin behind the best card, a deal, against deals drawn one by one (below 1:
    the design's deals compare the cards as more deals drawn one by one would)."""
    print(
        f"\nbalance: {positions} coinche first leads, {orbits} deals drawn each and the "
        f"{len(ORDERS)} orders of their unseen hands: a card's margin behind the best, its "
        "variance a deal against deals drawn one by one (every card; those within "
        f"{CLOSE} points of the best)"
    )
    totals: dict[str, tuple[float, float]] = {}
    for index in range(positions):
        for name, (every, near) in design_variances(
            first_lead_margins(4000 + index, orbits)
        ).items():
            was = totals.get(name, (0.0, 0.0))
            totals[name] = (was[0] + every, was[1] + near)
    every, near = totals.get("one by one", (0.0, 0.0))
    for name in DESIGNS:
        mine = totals.get(name, (0.0, 0.0))
        ratios = [f"{a / b:.3f}" if b else "-" for a, b in zip(mine, (every, near), strict=True)]
        print(f"  {name:<44} {ratios[0]:>6} {ratios[1]:>6}")


def bidding(
    dealer: int, dealt: Deal, reading: int, samples: int, kept: dict[tuple[Any, ...], str | None]
) -> tuple[int, Suit] | None:
    """Classic's bidding by the take advice at every seat, the team `reading` with inference
    "calls", the other with "none": the taker and the trump, or None when all pass twice.
    Each answer is `kept` by what it depends on (the seat, its hand, the turned card, the
    round, the inference: every call before it is a pass), so that a board's second
    direction asks only what changed."""
    for round_ in (1, 2):
        for place in range(1, PLAYERS + 1):
            seat = seat_after(dealer, place)
            inference = "calls" if team_of(seat) == reading else "none"
            key = (seat, dealt.hands[seat], dealt.turned, round_, inference)
            if key not in kept:
                kept[key] = advise_take(
                    dealer,
                    seat,
                    dealt.hands[seat],
                    dealt.turned,
                    round_,
                    samples=samples,
                    budget_ms=BUDGET_MS,
                    inference=inference,
                ).advice
            bid = kept[key]
            if bid not in (None, PASS):
                return seat, dealt.turned.suit if bid == TAKE else Suit.parse(bid)
    return None


def take_match(boards: int, samples: int) -> None:
    """Classic's bidding by the take advice reading the passes before it (`inference`
    "calls", at two seats) against the take advice reading nothing ("none", at the other
    two), each board's deal bid twice with the seats exchanged (duplicate) and played out by
    perfect play with all hands known (so that the bidding alone differs), a belote
    announced: the reading team's deal score less the other's, a board the mean of its two
    directions (a redeal scores 0)."""
    print(
        f"\ntake: {boards} classic boards bid twice by the take advice ({samples} samples), "
        "two seats reading the passes before them, two not; played out by perfect play"
    )
    margins: list[float] = []
    differ = 0
    kept: dict[tuple[Any, ...], str | None] = {}
    for board in range(boards):
        dealer, seed = board % PLAYERS, f"{SEED} take {board}"
        dealt, outcomes = deal(seed, dealer), []
        for ours in (0, 1):
            taken = bidding(dealer, dealt, ours, samples, kept)
            if taken is None:
                outcomes.append((None, 0.0))
                continue
            taker, trump = taken
            hands = deal(seed, dealer, taker).hands
            record = DealRecord(dealer, trump, taker, (), hands, belote_announced=True)
            value = solve(record, budget_ms=BUDGET_MS, every_card=False).value
            assert value is not None
            outcomes.append((taken, float(value.score[ours] - value.score[1 - ours])))
        differ += outcomes[0][0] != outcomes[1][0]
        margins.append((outcomes[0][1] + outcomes[1][1]) / 2)
    print(
        f"  the reading team's margin a board: {spread(margins)}; boards bid differently: "
        f"{differ} of {boards}"
    )


def chunks(deals: int, rounds: int = 3) -> None:
    """The deals of an advice valued in one call into the search (all of them on one thread,
    four at a time on several: `advise.LONE_CHUNK`, `advise.CHUNK`) against one call a deal,
    as before December 3, 2026: the same bodies through Flask's test client, the two ways
    interleaved body by body (their order alternating), each body's best of `rounds` rounds
    of the process's CPU time; the per-body ratio's median, by cards played."""
    client = create_app({"TESTING": True, "LOG_LEVEL": "WARNING"}).test_client()
    ways = {"one call a chunk": (advise_module.CHUNK, advise_module.LONE_CHUNK), "a deal": (1, 1)}
    print(
        f"chunks: {deals} deals, default samples and threads, through /v1/advice/play; ms of "
        f"CPU, each body's best of {rounds} rounds; load average {os.getloadavg()[0]:.1f}"
    )
    print(f"{'cards played':>13} {'chunks p50':>11} {'a deal p50':>11} {'ratio p50':>10}")
    try:
        for played in (4, 8, 12, 16, 20, 24):
            best: dict[str, list[float]] = {way: [] for way in ways}
            for index in range(deals):
                _, body = advice_body(index, played)
                times: dict[str, float] = {}
                for turn in range(rounds):
                    for way in ways if (index + turn) % 2 else reversed(ways):
                        advise_module.CHUNK, advise_module.LONE_CHUNK = ways[way]
                        start = process_time()
                        response = client.post("/v1/advice/play", json=body)
                        spent = (process_time() - start) * 1000
                        assert response.status_code == 200, response.get_json()
                        times[way] = min(times.get(way, spent), spent)
                for way in ways:
                    best[way].append(times[way])
            chunked, single = best["one call a chunk"], best["a deal"]
            ratio = median(a / b for a, b in zip(chunked, single, strict=True))
            print(f"{played:>13} {median(chunked):>11.2f} {median(single):>11.2f} {ratio:>10.2f}")
    finally:
        advise_module.CHUNK, advise_module.LONE_CHUNK = ways["one call a chunk"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--speed-deals", type=int, default=20)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--match-deals", type=int, default=200)
    parser.add_argument("--samples", type=int, default=32)
    parser.add_argument("--lead-positions", type=int, default=40)
    parser.add_argument("--judges", type=int, default=64, help="the deals judging a first lead")
    parser.add_argument("--take-boards", type=int, default=200)
    parser.add_argument("--balance-positions", type=int, default=200)
    parser.add_argument(
        "--balance-deals", type=int, default=16, help="the deals drawn a first lead (balance)"
    )
    parser.add_argument(
        "--only", choices=["speed", "quality", "match", "lead", "take", "chunks", "balance"]
    )
    parser.add_argument(
        "--threads", type=int, help="the app's ADVICE_THREADS for the speed (default: its own)"
    )
    args = parser.parse_args()
    wall = perf_counter()
    if args.only in (None, "speed"):
        speed(args.speed_deals, args.threads)
    if args.only in (None, "quality"):
        quality(args.positions, args.samples)
    if args.only in (None, "match"):
        match(args.match_deals, args.samples)
    if args.only in (None, "lead"):
        lead(args.lead_positions, args.judges)
    if args.only in (None, "take"):
        take_match(args.take_boards, args.samples)
    if args.only in (None, "chunks"):
        chunks(args.speed_deals)
    if args.only in (None, "balance"):
        balance(args.balance_positions, args.balance_deals)
    print(f"\nwall-clock time of the run: {perf_counter() - wall:.0f} s")


if __name__ == "__main__":
    main()
