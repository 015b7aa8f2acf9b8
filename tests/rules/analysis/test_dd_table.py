"""The double-dummy table (service/rules/analysis/dd_table.py): each strain's row is perfect
play from the lead of the dealer's next, what each team makes as takers is the variant's own
scoring of that play, and the par is a contract the other team cannot beat by bidding higher.

The deals are built to be quick for the reference search, which tests/rules ask: one suit in
each hand (a capot in every strain), two ranks of every suit in each hand, and two deals whose
searches take seconds, asked with a budget of a millisecond.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from service.rules import InconsistentInput
from service.rules.analysis import dd_table as dd_table_module
from service.rules.analysis.dd_table import (
    DoubleDummyTable,
    Par,
    StrainRow,
    Takers,
    first_seat,
    par_of,
)
from service.rules.analysis.questions import Claim, judge_claim_in, solve_in
from service.rules.core.cards import Card
from service.rules.core.strains import SANS_ATOUT, TOUT_ATOUT, Suit
from service.rules.variants import CLASSIC, COINCHE
from service.rules.variants.base import Taken
from service.rules.variants.classic.options import RuleOptions
from service.rules.variants.coinche.options import CAPOT, CoincheOptions, Contract
from service.rules.variants.coinche.scoring import CoincheDealSummary
from tests.rules.builders import cards

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS
SA, TA = SANS_ATOUT, TOUT_ATOUT
UNHURRIED = 600_000
# The tables asked, unhurried unless a test sets the budget: under mutation testing the
# reference search runs several times slower than the default budget allows.
dd_table = partial(dd_table_module.dd_table, budget_ms=UNHURRIED)
coinche_dd_table = partial(dd_table_module.coinche_dd_table, budget_ms=UNHURRIED)
dd_table_in = partial(dd_table_module.dd_table_in, budget_ms=UNHURRIED)
MADE, DEDANS = "made", "dedans"


def hands(*texts: str) -> tuple[tuple[Card, ...], ...]:
    return tuple(cards(text) for text in texts)


# Seat 0 holds the spades, seat 1 the hearts, seat 2 the diamonds, seat 3 the clubs: whoever
# holds the trumps takes every trick; without trumps, the leader's suit does.
ONE_SUIT_EACH = hands(
    "7S 8S 9S 10S JS QS KS AS",
    "7H 8H 9H 10H JH QH KH AH",
    "7D 8D 9D 10D JD QD KD AD",
    "7C 8C 9C 10C JC QC KC AC",
)
# Two ranks of every suit in each hand: 7s and 8s, 9s and 10s, jacks and queens, kings and
# aces. Every annonce is a four of a kind: team 0's jacks (200) and queens (100) beat team
# 1's nines (150), tens, kings and aces (100 each).
TWO_RANKS_EACH = hands(
    "7S 7H 7D 7C 8S 8H 8D 8C",
    "9S 9H 9D 9C 10S 10H 10D 10C",
    "JS JH JD JC QS QH QD QC",
    "KS KH KD KC AS AH AD AC",
)
# Slow for the reference: seconds a strain.
HALVES = hands(
    "JS 9S AS 10S JH 9H AH 10H",
    "KS QS 8S 7S KH QH 8H 7H",
    "JD 9D AD 10D JC 9C AC 10C",
    "KD QD 8D 7D KC QC 8C 7C",
)
SIX_HEARTS = hands(
    "7S 8S 9S 7H 8H 7D 8D 9D",
    "JH 9H AH 10H KH QH AS 10S",
    "KS QS JS 7C 8C 9C 10C JC",
    "AD 10D KD QD JD QC KC AC",
)
SA_TA = CoincheOptions(sa_ta=True)


def row_of(table: DoubleDummyTable, strain: int) -> StrainRow:
    (row,) = [row for row in table.strains if row.strain == strain]
    return row


def makes(row: StrainRow) -> list[tuple[int | str | None, str, tuple[int, int]]]:
    """Each team's best contract as takers in `row`: value, outcome, score."""
    assert row.contracts is not None
    return [(t.value, t.contract, t.score) for t in row.contracts]


# --- the table ---------------------------------------------------------------------------------


def test_a_team_holding_every_trump_takes_every_trick() -> None:
    # Dealer 3: seat 0 leads. In spades and diamonds team 0 holds every trump; in hearts and
    # clubs team 1 does, and trumps seat 0's lead. Each belote is its holder's, apart.
    table = dd_table(ONE_SUIT_EACH, 3)
    assert table.leader == 0 and table.exact and table.par is None
    found = [(r.strain, r.points, r.capot, r.tricks, r.belote, r.exact) for r in table.strains]
    assert found == [
        (S, (162, 0), 0, (8, 0), (1, 0), True),
        (H, (0, 162), 1, (0, 8), (0, 1), True),
        (D, (162, 0), 0, (8, 0), (1, 0), True),
        (C, (0, 162), 1, (0, 8), (0, 1), True),
    ]
    # Classic: the capot (252) and the belote; the team without a trump taking goes dedans.
    assert makes(row_of(table, S)) == [(None, MADE, (272, 0)), (None, DEDANS, (272, 0))]
    assert makes(row_of(table, H)) == [(None, DEDANS, (0, 272)), (None, MADE, (0, 272))]
    assert all(row.bounds is None for row in table.strains)


def test_without_trumps_the_leader_s_suit_takes_every_trick() -> None:
    table = coinche_dd_table(ONE_SUIT_EACH, 3, SA_TA)
    assert [row.strain for row in table.strains] == [S, H, D, C, SA, TA]
    assert [(r.points, r.capot, r.tricks) for r in table.strains[4:]] == [((162, 0), 0, (8, 0))] * 2
    # Under TA every king and queen of a suit is a belote (`ta_belote: each_suit`).
    assert [row.belote for row in table.strains] == [(1, 0), (0, 1), (1, 0), (0, 1), (0, 0), (2, 2)]
    # A capot contract, made: 250 + 250 and the belote; 80 bid and not a trick taken: dedans,
    # 160 + 80 and the belote to the other team. Seat 0 speaks first: the par is its team's.
    assert makes(row_of(table, S)) == [(CAPOT, MADE, (520, 0)), (80, DEDANS, (260, 0))]
    assert makes(row_of(table, TA)) == [(CAPOT, MADE, (540, 40)), (80, DEDANS, (280, 40))]
    assert makes(row_of(table, SA)) == [(CAPOT, MADE, (500, 0)), (80, DEDANS, (240, 0))]
    assert table.par == Par(Taken(0, S, CAPOT), (520, 0))
    none = coinche_dd_table(ONE_SUIT_EACH, 3, CoincheOptions(sa_ta=True, ta_belote="none"))
    assert row_of(none, TA).belote == (0, 0)
    assert makes(row_of(none, TA))[0] == (CAPOT, MADE, (500, 0))


def test_the_generale_is_left_out_of_the_table_and_its_par() -> None:
    # Seat 0 leads its spades, every trump: it wins all 8 tricks alone, a générale worth 1000
    # at a real table; the table counts a team's points and offers the capot, as without it.
    options = CoincheOptions(generale="flat_1000")
    table = coinche_dd_table(ONE_SUIT_EACH, 3, options)
    assert makes(row_of(table, S)) == [(CAPOT, MADE, (520, 0)), (80, DEDANS, (260, 0))]
    assert table.par == Par(Taken(0, S, CAPOT), (520, 0))
    assert table.strains == coinche_dd_table(ONE_SUIT_EACH, 3).strains


def test_the_lead_is_the_dealer_s_next_s_whoever_takes() -> None:
    # Dealer 0: seat 1 leads its hearts, masters without a trump and trumped by nobody in
    # hearts: team 1 takes every trick in SA and TA now; in spades seat 0 trumps the lead.
    table = coinche_dd_table(ONE_SUIT_EACH, 0, SA_TA)
    assert table.leader == 1
    assert [row.capot for row in table.strains] == [0, 1, 0, 1, 1, 1]
    # Both teams can bid capot; team 1 speaks first and bids it in hearts (its best score).
    assert table.par == Par(Taken(1, H, CAPOT), (0, 520))


@pytest.mark.parametrize("dealer", [1, 3])
def test_each_row_is_the_solver_s_value_of_its_strain(dealer: int) -> None:
    # Whoever takes (seat 1 here, the table's taker being team 0's first seat) and at whatever
    # value, perfect play gives each team the same points.
    for variant, options in ((CLASSIC, RuleOptions()), (COINCHE, SA_TA)):
        table = dd_table_in(variant, TWO_RANKS_EACH, dealer, options)
        assert table.leader == (dealer + 1) % 4 and table.exact
        for row in table.strains:
            taken = Taken(1, row.strain, *variant.bid_values(options)[-1:])
            record = variant.record(dealer, taken, (), TWO_RANKS_EACH, (), ())
            solved = solve_in(variant, record, options, UNHURRIED, every_card=False)
            assert solved.value is not None
            assert (row.points, row.capot) == (solved.value.points, solved.value.capot)
            # Each team forces 0 to 8 tricks; a team that forces all 8 is capot.
            assert row.tricks is not None and all(0 <= tricks <= 8 for tricks in row.tricks)
            assert (row.capot is not None) == (8 in row.tricks)


def test_the_tricks_are_the_most_each_team_can_force() -> None:
    # A claim's `tricks`: what the claimant's team can force whatever the others do.
    table = coinche_dd_table(TWO_RANKS_EACH, 3, SA_TA)
    assert [row.tricks for row in table.strains] == [(1, 7)] * 4 + [(0, 8), (4, 4)]
    for row in table.strains:
        record = COINCHE.record(3, Taken(0, row.strain, 80), (), TWO_RANKS_EACH, (), ())
        for seat in (0, 1):
            verdict = judge_claim_in(COINCHE, record, Claim(seat, tricks=1), options=SA_TA)
            assert row.tricks is not None and verdict.tricks == row.tricks[seat]


def test_what_each_team_makes_as_takers_is_its_highest_contract_made() -> None:
    table = coinche_dd_table(TWO_RANKS_EACH, 3, SA_TA)
    # Team 1 takes 128 points in a suit: 120 made (128 + 120, then rounded); team 0 makes
    # not even 80 (dedans: 160 + 80 to team 1). In SA team 1 takes every trick; in TA team 0
    # makes 80 with 84 points, and team 1 with 78 does not.
    for suit in (S, H, D, C):
        assert makes(row_of(table, suit)) == [(80, DEDANS, (0, 240)), (120, MADE, (30, 250))]
    assert makes(row_of(table, SA)) == [(80, DEDANS, (0, 240)), (CAPOT, MADE, (0, 500))]
    assert makes(row_of(table, TA)) == [(80, MADE, (160, 80)), (80, DEDANS, (240, 0))]
    assert row_of(table, TA).points == (84, 78)
    assert table.par == Par(Taken(1, SA, CAPOT), (0, 500))
    # Classic: a take, made or dedans.
    classic = dd_table(TWO_RANKS_EACH, 3)
    for row in classic.strains:
        assert makes(row) == [(None, DEDANS, (0, 162)), (None, MADE, (34, 128))]
    assert classic.par is None


def test_annonces_count_when_the_options_say_so() -> None:
    # Each hand declares its fours: team 0's jacks beat team 1's best, so team 0 counts 300
    # and makes every suit with 34 card points.
    with_annonces = dd_table(TWO_RANKS_EACH, 3, RuleOptions(annonces=True))
    assert makes(row_of(with_annonces, S)) == [(None, MADE, (334, 128)), (None, DEDANS, (462, 0))]
    coinche = coinche_dd_table(TWO_RANKS_EACH, 3, CoincheOptions(sa_ta=True, annonces=True))
    assert makes(row_of(coinche, S)) == [(160, MADE, (490, 130)), (80, DEDANS, (540, 0))]
    # Team 1's capot in SA takes team 0's annonces too.
    assert coinche.par == Par(Taken(1, SA, CAPOT), (0, 1050))


# --- the par -----------------------------------------------------------------------------------


def takers(team: int, value: int | str, made: bool, score: tuple[int, int]) -> Takers:
    return Takers(team, value, MADE if made else DEDANS, score)


def row(strain: int, team_0: Takers | None, team_1: Takers | None) -> StrainRow:
    """A row of a table as far as the par reads it: what each team makes as takers."""
    contracts = None if team_0 is None or team_1 is None else (team_0, team_1)
    return StrainRow(strain, None, None, None, (0, 0), contracts, None, True, 0)


VALUES = (80, 90, 100, 110, 120, 130, 140, 150, 160, CAPOT)
FAILS_0, FAILS_1 = takers(0, 80, False, (0, 240)), takers(1, 80, False, (240, 0))


def test_the_par_is_the_highest_contract_made() -> None:
    rows = [
        row(S, takers(0, 110, True, (220, 50)), FAILS_1),
        row(H, FAILS_0, takers(1, 120, True, (40, 240))),
    ]
    # Team 1 makes 120 and team 0 only 110: team 1 plays, whoever speaks first.
    for dealer in range(4):
        assert par_of(rows, dealer, VALUES) == Par(Taken(first_seat(dealer, 1), H, 120), (40, 240))
    # Capot outranks every number.
    rows.append(row(D, takers(0, CAPOT, True, (500, 0)), FAILS_1))
    assert par_of(rows, 0, VALUES) == Par(Taken(2, D, CAPOT), (500, 0))


def test_a_tie_goes_to_the_team_that_speaks_first() -> None:
    rows = [
        row(S, takers(0, 110, True, (220, 50)), FAILS_1),
        row(H, FAILS_0, takers(1, 110, True, (50, 230))),
    ]
    assert par_of(rows, 3, VALUES) == Par(Taken(0, S, 110), (220, 50))  # seat 0 first
    assert par_of(rows, 0, VALUES) == Par(Taken(1, H, 110), (50, 230))  # seat 1 first


def test_a_team_speaking_second_must_outbid_the_other_s_highest() -> None:
    rows = [
        # Team 0's best margin is its 100 in spades, which team 1's 100 would match.
        row(S, takers(0, 100, True, (300, 10)), takers(1, 100, True, (60, 200))),
        row(H, takers(0, 110, True, (230, 40)), FAILS_1),
    ]
    # Seat 1 speaks first: team 0 must bid 110, and plays it in hearts.
    assert par_of(rows, 0, VALUES) == Par(Taken(2, H, 110), (230, 40))
    # Seat 0 speaks first: its 100 in spades stands (team 1 cannot outbid it) and scores more.
    assert par_of(rows, 3, VALUES) == Par(Taken(0, S, 100), (300, 10))


def test_the_par_team_plays_its_best_margin_first_strain_first() -> None:
    rows = [
        row(S, takers(0, 100, True, (210, 60)), FAILS_1),
        row(H, takers(0, 120, True, (240, 40)), FAILS_1),
        row(D, takers(0, 110, True, (240, 40)), FAILS_1),
        row(C, takers(0, 130, True, (260, 80)), FAILS_1),
    ]
    # Margins 150, 200, 200, 180: hearts, the first of the best.
    assert par_of(rows, 3, VALUES) == Par(Taken(0, H, 120), (240, 40))
    # For team 1, its own score less team 0's.
    mirrored = [row(r.strain, FAILS_0, takers(1, 100, True, (60 - r.strain, 200))) for r in rows]
    assert par_of(mirrored, 3, VALUES) == Par(Taken(1, C, 100), (57, 200))


def test_no_par_without_a_contract_nor_in_classic_nor_before_every_row_is_settled() -> None:
    passed_out = [row(S, FAILS_0, FAILS_1)]
    assert par_of(passed_out, 0, VALUES) == Par(None, (0, 0))  # redealt: no score
    made = [row(S, takers(0, 100, True, (210, 60)), FAILS_1)]
    assert par_of(made, 0, ()) is None  # classic: a take has no value to outbid with
    assert par_of([*made, row(H, None, None)], 0, VALUES) is None


def strain_summary(row: StrainRow, contract: Contract) -> CoincheDealSummary:
    """The deal of `row`'s strain played perfectly, with `contract` (no annonces)."""
    assert row.points is not None
    return CoincheDealSummary(contract, row.points, row.capot, row.belote)


def margin(score: tuple[int, int], team: int) -> int:
    return score[team] - score[1 - team]


def overcall(row: StrainRow, contract: Contract, team: int, options: CoincheOptions) -> int:
    """`team`'s margin when it bids `contract` over the par: the par team coinches it or not,
    as suits it, and `team` surcoinches a coinche or not, as suits it."""
    scores = [
        COINCHE.score_deal(strain_summary(row, contract._replace(coinche=level)), options).score
        for level in range(3)
    ]
    left, coinched, surcoinched = (margin(score, team) for score in scores)
    return min(left, max(coinched, surcoinched))


# Without SA and TA: the par is a number (120 in spades), which contracts can outbid.
OPTIONS = [
    CoincheOptions(),
    CoincheOptions(max_bid=180, made="reach_bid"),
    CoincheOptions(litige="reserve", chute_points=162, rounding="none"),
    CoincheOptions(scoring="contract", capot=252),
    CoincheOptions(coinche_base="points", surcoinche_multiplier=3),
]
# The same hands a seat further on: team 0 holds the kings, aces, jacks and queens.
TWO_RANKS_ROUND = (*TWO_RANKS_EACH[3:], *TWO_RANKS_EACH[:3])


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize(("deal", "dealer"), [(TWO_RANKS_EACH, 3), (TWO_RANKS_ROUND, 2)])
def test_no_contract_above_the_par_pays_the_other_team(
    deal: tuple[tuple[Card, ...], ...], dealer: int, options: CoincheOptions
) -> None:
    table = coinche_dd_table(deal, dealer, options)
    par = table.par
    assert par is not None and par.contract is not None
    side = par.contract.taker % 2
    other, values = 1 - side, COINCHE.bid_values(options)
    above = values[values.index(par.contract.value) + 1 :]
    assert (par.contract.strain, par.contract.value, len(above)) == (S, 120, len(values) - 5)
    for strain_row in table.strains:
        for value in above:
            taken = Contract(first_seat(dealer, other), value, strain_row.strain)
            assert overcall(strain_row, taken, other, options) <= margin(par.score, other)
    # And the par team has no better contract the other team could not outbid.
    for strain_row in table.strains:
        assert strain_row.contracts is not None
        own = strain_row.contracts[side]
        if own.contract == MADE and values.index(own.value) >= values.index(par.contract.value):
            assert margin(own.score, side) <= margin(par.score, side)


# --- the budget, the threads, the input --------------------------------------------------------


def test_a_tiny_budget_answers_bounds_that_hold_each_team_s_points() -> None:
    # 1 ms: each search stops at its first look at the clock, after 1024 positions, past it.
    # With every hand seen, team 0 takes 152 points and 7 tricks in every suit; team 1 10.
    table = dd_table(HALVES, 0, budget_ms=1)
    assert not table.exact and table.par is None and table.nodes == 4 * 2048
    assert [row.strain for row in table.strains] == [S, H, D, C]
    for strain_row in table.strains:
        assert (strain_row.points, strain_row.capot, strain_row.tricks) == (None, None, None)
        assert (strain_row.contracts, strain_row.exact, strain_row.nodes) == (None, False, 2048)
        assert strain_row.belote == (0, 1)
        assert strain_row.bounds is not None
        (lo, hi), (their_lo, their_hi) = strain_row.bounds
        assert lo <= 152 <= hi and their_lo <= 10 <= their_hi
        assert (their_lo, their_hi) == (162 - hi, 162 - lo)
    assert [row.bounds for row in table.strains] == [
        ((81, 162), (0, 81)),
        ((81, 162), (0, 81)),
        ((87, 162), (0, 75)),
        ((87, 162), (0, 75)),
    ]
    coinche = coinche_dd_table(HALVES, 0, SA_TA, budget_ms=1)
    assert coinche.par is None and not coinche.exact


def test_a_strain_s_tricks_may_be_settled_before_its_points() -> None:
    # The tricks' search counts 0 to 8: within its first 1024 positions here (team 1 forces
    # 7 tricks in every suit), where the points' search is cut short.
    table = dd_table(TWO_RANKS_EACH, 0, budget_ms=1)
    assert [(row.points, row.tricks, row.exact) for row in table.strains] == [
        (None, (1, 7), False)
    ] * 4
    assert all(row.bounds is not None for row in table.strains)


def test_a_strain_settled_within_the_budget_is_answered_whole() -> None:
    # Seat 1's six best hearts: a capot found in a few positions, the other strains cut short.
    table = dd_table(SIX_HEARTS, 0, budget_ms=1)
    assert [row.exact for row in table.strains] == [False, True, False, False]
    hearts = row_of(table, H)
    assert (hearts.points, hearts.capot, hearts.tricks) == ((0, 162), 1, (0, 8))
    assert hearts.bounds is None
    assert not table.exact


def test_the_strains_are_searched_on_the_threads_given(monkeypatch: pytest.MonkeyPatch) -> None:
    solve: Callable[..., Any] = dd_table_module.solve_in
    seen: set[int] = set()
    together = threading.Barrier(2)

    def solving(*args: Any, **kwargs: Any) -> Any:
        seen.add(threading.get_ident())
        together.wait(timeout=10)  # broken (an error) unless two strains are searched at once
        return solve(*args, **kwargs)

    def noting(*args: Any, **kwargs: Any) -> Any:
        seen.add(threading.get_ident())
        return solve(*args, **kwargs)

    monkeypatch.setattr(dd_table_module, "solve_in", noting)
    alone = dd_table(TWO_RANKS_EACH, 3)  # by default, on one thread
    assert len(seen) == 1
    seen.clear()
    monkeypatch.setattr(dd_table_module, "solve_in", solving)
    both = dd_table(TWO_RANKS_EACH, 3, threads=2)
    assert len(seen) == 2 and threading.get_ident() not in seen
    assert (both.strains, both.par, both.nodes) == (alone.strains, alone.par, alone.nodes)


def test_the_search_s_effort_is_pinned() -> None:
    # Positions searched (points and tricks, every strain): a change to the searches' order
    # or first guess shows here; the values cannot tell.
    assert dd_table(ONE_SUIT_EACH, 3).nodes == 711
    assert coinche_dd_table(ONE_SUIT_EACH, 3, SA_TA).nodes == 963
    assert dd_table(TWO_RANKS_EACH, 3).nodes == 19987
    table = dd_table(TWO_RANKS_EACH, 0, budget_ms=UNHURRIED)
    assert [row.nodes for row in table.strains] == [6735, 6735, 6691, 6691]
    assert table.nodes == 26852 and table.elapsed_ms > 0


DUPLICATE_AS = (*ONE_SUIT_EACH[:3], cards("AS 8C 9C 10C JC QC KC AC"))
THREE_DIAMONDS = (*ONE_SUIT_EACH[:2], cards("7D 8D 9D"), ONE_SUIT_EACH[3])


@pytest.mark.parametrize(
    ("deal", "dealer", "pointer", "code"),
    [
        (DUPLICATE_AS, 0, "/hands/3/0", "duplicate_card"),
        (THREE_DIAMONDS, 0, "/hands/2", "hand_size"),
        (ONE_SUIT_EACH, 4, "/dealer", "not_a_seat"),
    ],
)
def test_hands_that_cannot_be_a_deal_are_named(
    deal: tuple[tuple[Card, ...], ...], dealer: int, pointer: str, code: str
) -> None:
    for table in (dd_table, coinche_dd_table):
        with pytest.raises(InconsistentInput) as raised:
            table(deal, dealer)
        assert [(p.pointer, p.code) for p in raised.value.problems][:1] == [(pointer, code)]
