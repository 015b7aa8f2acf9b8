"""The double-dummy table of a deal, as bridge's DDS (`CalcDDtable`) and BBO's handviewer give
it: with the four hands known, what each team makes in each strain with perfect play, and the
par, the contract perfect bidding reaches.

**What is tabulated.** In belote the opening lead is fixed by the dealer, not by the taker:
the seat after the dealer leads the first trick (RULES.md "Table, seats, cards",
RULES-COINCHE.md "Deal"), whoever took. And the search's objective is one zero-sum count, the
team margin of points (a capot counting the `capot` option), whichever team took
(`questions`' `Objective`: the takers' points and the defenders' make 162). So one table row
per strain the variant allows (`Variant.strains`: classic's four suits; coinche's, and SA and
TA with `sa_ta`) holds, from the dealer's next's lead, with perfect play by both teams:

- `points`: each team's final points, dix de der in, 162 in all (coinche's scaled under SA
  and TA when the options say `scaled`): one search, `questions.solve_in`, under a contract
  taken by team 0's first seat (the same value whoever takes; its bounds are team 0's);
- `capot`: the team that takes every trick, when it can force it;
- `tricks`: the most tricks each team can force (a search of the tricks, as DDS counts them;
  perfect play for points may take fewer, and the two teams' add up to 8);
- `belote`: each team's belotes of the strain, each held king and queen announced (20 points
  each, counted apart from `points`, as the scoring adds them).

**What each team makes as takers** (`contracts`, per team): the strain's deal played as
above and scored by the variant's own scoring (`Variant.summary`, `Variant.score_deal`) with
that team taking, its first seat after the dealer the taker, uncoinched, every belote held
announced and every annonce held declared (the split `annonces.declarable` finds; they count
only when the `annonces` option is on): coinche's highest `bid_values` value the team makes
(capot when it takes every trick), or the lowest (80 by default), with its outcome (dedans, or
litige) when it makes none; classic's take (no value) with its outcome. A team's points under
perfect play decide every contract at once: the search's points are the most the team can
force, and a contract is made on enough of them, so no other play makes a contract the table
says fails.

**The par** (coinche): the contract both teams reach when they bid knowing every card, each
for its best score. The team that makes the highest contract (its value in the auction's
order; on a tie, the team of the seat after the dealer, which speaks first and bids it before
the other can) plays; of its contracts the other team cannot outbid (a value at the other's
highest, or above it when the other speaks first), the one with its best margin (its score
less the other's; then the first strain in the table's order), played uncoinched, scored by
the variant. No team makes even the lowest bid: the deal is passed out, no contract, a score of
0 each.

What the par leaves out, as the rules are silent or the answer clear: the coinche and the
surcoinche (the defenders of a contract made never coinche it: coinched, the takers score more
and the defenders nothing; the takers of a contract that fails are never left uncoinched, so
none is bid); sacrifices (a higher contract the other team goes dedans in, which the par team
would coinche: it scores the par team `chute_points` and more, never less than the par gives
it; tests/rules check this on every contract above the par); the générale (option
`generale`: one seat's 8 tricks, which no team's points say, is never tabulated); and
classic, whose take has no value to outbid with: its first take ends the bidding, on the
turned card's suit in the first round (which the table does not know, and which gives the
taker the turned card: the hands are one take's), so classic has no par (`par` None), only
what each team makes as takers.

**Budget.** Every strain's searches (the points, then the tricks) share one deadline,
`budget_ms` from the call, and each stops at its first look at the clock past it (every 1024
positions, as a solve's): a strain not settled is answered with bounds on each team's points,
its `contracts` None, and the table with no par. The strains are searched on `threads`
threads at once (the native search leaves the GIL while it searches; the threads, started by
the caller's, share its CPU priority), the same answer on any number of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from functools import partial
from time import perf_counter
from typing import Any, NamedTuple

from service.rules.analysis.policy import DEFAULT_BUDGET_MS
from service.rules.analysis.questions import deal_in, elapsed_ms_since, solve_in
from service.rules.analysis.reference import OutOfTime
from service.rules.core.annonces import declarable
from service.rules.core.cards import DEAL_POINTS, Card
from service.rules.core.replay import TRICKS, Declaration, belote_counts
from service.rules.core.scoring import MADE
from service.rules.core.seats import Seat, Team, seat_after, team_of
from service.rules.core.strains import Strain
from service.rules.variants import CLASSIC, COINCHE, Variant
from service.rules.variants.base import OptionsT, RecordT, Taken
from service.rules.variants.coinche.options import GENERALE

Hands = tuple[tuple[Card, ...], ...]
Bounds = tuple[tuple[int, int], tuple[int, int]]


@dataclass(frozen=True, slots=True)
class Takers:
    """What `team` makes as takers in a strain: its best contract's `value` (None: classic's
    take, which has none), the outcome (`made`, `dedans`, `litige`) and each team's deal
    score."""

    team: Team
    value: int | str | None
    contract: str
    score: tuple[int, int]


@dataclass(frozen=True, slots=True)
class StrainRow:
    """One strain of the table (the module says what each field holds), and the positions its
    searches took. `points`, `capot` and `contracts` are None when the budget ran out before
    the points were settled, `bounds` then holding each team's `(lo, hi)`; `tricks` is None
    when it ran out before they were."""

    strain: Strain
    points: tuple[int, int] | None
    capot: Team | None
    tricks: tuple[int, int] | None
    belote: tuple[int, int]
    contracts: tuple[Takers, Takers] | None
    bounds: Bounds | None
    exact: bool
    nodes: int


@dataclass(frozen=True, slots=True)
class Par:
    """The par contract (uncoinched; None: the deal is passed out) and its deal score."""

    contract: Taken | None
    score: tuple[int, int]


@dataclass(frozen=True, slots=True)
class DoubleDummyTable:
    """A deal's double-dummy table: the seat that leads, a row per strain, the par (None in
    classic, and when a strain's points were not settled), whether every figure is settled,
    the positions searched and the time taken."""

    leader: Seat
    strains: tuple[StrainRow, ...]
    par: Par | None
    exact: bool
    nodes: int
    elapsed_ms: float


class _Strain(NamedTuple):
    """A strain's deal before any search: its record (taken by team 0's first seat at the
    lowest value, no card played, every belote held announced and every annonce held
    declared) and each team's belotes that count."""

    strain: Strain
    record: Any
    belote: tuple[int, int]


def first_seat(dealer: Seat, team: Team) -> Seat:
    """`team`'s first seat to speak after `dealer`: its taker in the table."""
    leader = seat_after(dealer)
    return leader if team_of(leader) == team else seat_after(leader)


def dd_table_in(
    variant: Variant[RecordT, OptionsT, Any, Any],
    hands: Hands,
    dealer: Seat,
    options: OptionsT | None = None,
    budget_ms: int = DEFAULT_BUDGET_MS,
    threads: int = 1,
) -> DoubleDummyTable:
    """The double-dummy table of the deal of `hands` (each seat's 8 cards) dealt by `dealer`
    in `variant` (the module says what it holds), within `budget_ms`, its strains searched on
    `threads` threads. Hands or a dealer that cannot be a deal raise InconsistentInput."""
    start = perf_counter()
    chosen = variant.options_or_default(options)
    deadline = start + budget_ms / 1000
    # The générale (option `generale`) is one seat's 8 tricks, which a team's points never
    # say: the table and its par leave it out.
    values = tuple(value for value in variant.bid_values(chosen) if value != GENERALE)
    prepared = [
        _prepare(variant, hands, dealer, strain, values, chosen)
        for strain in variant.strains(chosen)
    ]
    with ThreadPoolExecutor(threads) as pool:
        rows = tuple(pool.map(lambda deal: _row(variant, deal, values, chosen, deadline), prepared))
    return DoubleDummyTable(
        seat_after(dealer),
        rows,
        par_of(rows, dealer, values),
        all(row.exact for row in rows),
        sum(row.nodes for row in rows),
        elapsed_ms_since(start),
    )


# dd_table(hands, dealer, options, budget_ms, threads), one per variant.
dd_table = partial(dd_table_in, CLASSIC)
coinche_dd_table = partial(dd_table_in, COINCHE)


def _prepare(
    variant: Variant[RecordT, OptionsT, Any, Any],
    hands: Hands,
    dealer: Seat,
    strain: Strain,
    values: tuple[int | str, ...],
    options: OptionsT,
) -> _Strain:
    """The deal of `hands` in `strain`, checked by its replay (a bad hand or dealer raises
    here, before any search)."""
    taken = Taken(first_seat(dealer, 0), strain, *values[:1])  # team 0 takes: its points' bounds
    held = variant.replay(variant.record(dealer, taken, (), hands, (), ()), options).held
    declared = tuple(
        Declaration(seat, annonce.cards)
        for seat, hand in enumerate(hands)
        for annonce in declarable(hand, strain)
    )
    record = variant.record(dealer, taken, (), hands, held, declared)
    counted = variant.replay(record, options).belotes
    return _Strain(strain, record, belote_counts(counted))


def _row(
    variant: Variant[RecordT, OptionsT, Any, Any],
    deal: _Strain,
    values: tuple[int | str, ...],
    options: OptionsT,
    deadline: float,
) -> StrainRow:
    """The strain's row: the points' search, then the tricks', both until `deadline`."""
    record = deal.record
    budget_ms = int((deadline - perf_counter()) * 1000)
    solution = solve_in(variant, record, options, budget_ms, every_card=False)
    tricks, nodes = _tricks(variant, record, options, deadline)
    nodes += solution.nodes
    if solution.value is None:
        assert solution.bounds is not None  # a solve cut short has its bounds: team 0's here
        lo, hi = solution.bounds
        bounds = ((lo, hi), (DEAL_POINTS - hi, DEAL_POINTS - lo))
        return StrainRow(deal.strain, None, None, tricks, deal.belote, None, bounds, False, nodes)
    finished = variant.replay(replace(record, plays=solution.line), options)
    contracts = [_takers(variant, deal, finished, team, values, options) for team in (0, 1)]
    return StrainRow(
        deal.strain,
        solution.value.points,
        solution.value.capot,
        tricks,
        deal.belote,
        (contracts[0], contracts[1]),
        None,
        tricks is not None,
        nodes,
    )


def _tricks(
    variant: Variant[RecordT, OptionsT, Any, Any],
    record: RecordT,
    options: OptionsT,
    deadline: float,
) -> tuple[tuple[int, int] | None, int]:
    """The most tricks each team can force (team 0 maximises its own, team 1 minimises them:
    the 8 tricks are shared), None past `deadline`; and the positions searched."""
    deal = deal_in(variant, record, options)
    search = deal.search(0, 0, True, 0, deadline)
    try:
        won = search.value(deal.state, guess=TRICKS // 2)
    except OutOfTime:
        return None, search.nodes
    return (won, TRICKS - won), search.nodes


def _takers(
    variant: Variant[RecordT, OptionsT, Any, Any],
    deal: _Strain,
    finished: Any,
    team: Team,
    values: tuple[int | str, ...],
    options: OptionsT,
) -> Takers:
    """What `team` makes as takers in `deal`'s strain, `finished` (the deal's replay along a
    perfect line): the deal scored by the variant with each contract value in turn (the
    replay's points, capot, belotes, annonces; the contract's own record says who took, and
    what), the highest made, else the lowest."""
    taker = first_seat(deal.record.dealer, team)
    scored = []
    for value in values or (None,):
        taken = variant.record(
            deal.record.dealer, Taken(taker, deal.strain, value), (), None, (), ()
        )
        summary = variant.summary(taken, finished, finished.belotes, finished.declarations)
        scored.append((value, variant.score_deal(summary, options)))
    made = [(value, score) for value, score in scored if score.contract == MADE]
    value, score = (made or scored[:1])[-1]
    return Takers(team, value, score.contract, score.score)


def par_of(rows: Sequence[StrainRow], dealer: Seat, values: Sequence[int | str]) -> Par | None:
    """The par of a table's `rows` dealt by `dealer`, its contracts' `values` in the auction's
    order (the module says how it is chosen); None without values (classic) or when a row's
    contracts are not settled."""
    if not values or any(row.contracts is None for row in rows):
        return None
    rank = {value: place for place, value in enumerate(values)}
    made = [
        (row.strain, takers)
        for row in rows
        for takers in row.contracts or ()
        if takers.contract == MADE
    ]
    if not made:
        return Par(None, (0, 0))  # passed out: redealt, no score
    first = team_of(seat_after(dealer))
    # The highest contract made plays; on a tie, the team that speaks first bids it first.
    side = max(made, key=lambda each: (rank[each[1].value], each[1].team == first))[1].team
    # Of its contracts, those the other team cannot outbid: above each of the other's, or
    # at it when this team speaks first (equal does not outrank: RULES-COINCHE.md "Auction").
    theirs = [rank[takers.value] for _, takers in made if takers.team != side]
    playable = [
        (strain, takers)
        for strain, takers in made
        if takers.team == side
        and all(rank[takers.value] + (side == first) > other for other in theirs)
    ]
    strain, takers = max(playable, key=lambda each: each[1].score[side] - each[1].score[1 - side])
    return Par(Taken(first_seat(dealer, side), strain, takers.value), takers.score)
