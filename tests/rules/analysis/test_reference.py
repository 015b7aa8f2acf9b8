"""The reference search's own parts (service/rules/analysis/reference.py): the cards it plays as
one (`equivalent_groups`, `Search.groups`) by the strain's order and the points counted, and the
points it counts unless told. Its answers are test_questions.py's, against the brute force."""

from __future__ import annotations

import random
from collections.abc import Sequence
from time import perf_counter
from typing import Any

import pytest

from service.rules.analysis.questions import objective_in
from service.rules.analysis.reference import (
    MIXED,
    NO_TRICK,
    Search,
    State,
    equivalent_groups,
    swept,
)
from service.rules.core.cards import LAST_TRICK_BONUS, mask_of
from service.rules.core.strains import SANS_ATOUT, TOUT_ATOUT, Suit, card_values
from service.rules.variants import COINCHE
from service.rules.variants.coinche.options import CoincheOptions
from support.deals import DECK_SIZE, random_hands
from tests.rules.builders import cards

HEARTS = Suit.HEARTS


# --- equivalent cards ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("legal", "out", "trump", "groups"),
    [
        # Plain 9 8 7 have no points and nothing between them: one card.
        ("7S 8S 9S", "7S 8S 9S", HEARTS, [["7S", "8S", "9S"]]),
        # The 8 still out in another hand splits the 9 from the 7.
        ("7S 9S", "7S 8S 9S", HEARTS, [["7S"], ["9S"]]),
        # ...but once played, the 7 and the 9 are neighbours.
        ("7S 9S", "7S 9S", HEARTS, [["7S", "9S"]]),
        # Equal order, different points: J (2) and 9 (0) in plain; K (4) and Q (3).
        ("9S JS QS KS", "9S JS QS KS", HEARTS, [["9S"], ["JS"], ["QS"], ["KS"]]),
        # In trump, 7 and 8 are worth nothing and adjacent; the 9 is worth 14.
        ("7H 8H 9H", "7H 8H 9H", HEARTS, [["7H", "8H"], ["9H"]]),
        # Suits apart, spades first; the weakest group of each suit first.
        ("8D 7C 8C", "8D 7C 8C", HEARTS, [["8D"], ["7C", "8C"]]),
        # SA: every suit in plain order, the federation's points (7 8 9 worth nothing).
        ("7S 8S 9S", "7S 8S 9S", SANS_ATOUT, [["7S", "8S", "9S"]]),
        ("9S JS AS", "9S JS AS", SANS_ATOUT, [["9S"], ["JS"], ["AS"]]),
        # TA: every suit in trump order (A below 9 below J), the 9 worth 9.
        ("7S 8S 9S", "7S 8S 9S", TOUT_ATOUT, [["7S", "8S"], ["9S"]]),
        ("9S JS AS", "9S JS AS", TOUT_ATOUT, [["AS"], ["9S"], ["JS"]]),
        ("9C JC AC", "9C JC AC", TOUT_ATOUT, [["AC"], ["9C"], ["JC"]]),
    ],
)
def test_cards_that_play_as_one(legal: str, out: str, trump: int, groups: list[list[str]]) -> None:
    found = equivalent_groups(mask_of(cards(legal)), mask_of(cards(out)), trump)
    assert [[str(c) for c in group] for group in found] == groups


def test_cards_play_as_one_by_the_points_counted() -> None:
    # J and Q of spades, neighbours under SA: worth 2 and 3 (or 38 and 57 in the scaled
    # unit), apart; worth nothing, one card.
    legal = mask_of(cards("JS QS"))
    scaled = objective_in(COINCHE, SANS_ATOUT, CoincheOptions(sa_ta=True, sa_points="scaled"))
    assert equivalent_groups(legal, legal, SANS_ATOUT, scaled.points) == (
        cards("JS"),
        cards("QS"),
    )
    assert equivalent_groups(legal, legal, SANS_ATOUT, (0,) * DECK_SIZE) == (cards("JS QS"),)


@pytest.mark.parametrize(
    ("strain", "groups"),
    [
        # TA: K, 10 and A are played, so 9S and QS are neighbours in trump order.
        (TOUT_ATOUT, [["9S", "QS"], ["8H"]]),
        # SA: JS, still out, lies between them in plain order.
        (SANS_ATOUT, [["9S"], ["QS"], ["8H"]]),
    ],
)
def test_a_search_s_cards_play_as_one_by_its_strain_s_order_and_its_points(
    strain: int, groups: list[list[str]]
) -> None:
    # Seat 0 leads 9S QS 8H; JS, 8S and the hearts are out in the others' hands. With no card
    # worth anything, only the order parts them.
    hands = [cards(text) for text in ("9S QS 8H", "JS 7H 9H", "8S 10H JH", "7S QH KH")]
    masks = [mask_of(hand) for hand in hands]
    state = State((masks[0], masks[1], masks[2], masks[3]), 0, (), MIXED)
    search = Search(strain, CoincheOptions(sa_ta=True), 0, 0, False, 0, 0.0, (0,) * DECK_SIZE)
    found = sorted(sorted(str(c) for c in group) for group in search.groups(state))
    assert found == sorted(groups)


@pytest.mark.parametrize("strain", [HEARTS, SANS_ATOUT, TOUT_ATOUT])
def test_the_search_counts_the_strain_s_own_points_unless_told(strain: int) -> None:
    # Three cards a seat, seat 0 to lead: the default points are the strain's (cards.py
    # card_values), and points and dix de der twice as large make every gain twice as large.
    hands = [mask_of(hand[:3]) for hand in random_hands(random.Random(strain))]
    state = State((hands[0], hands[1], hands[2], hands[3]), 0, (), MIXED)
    options = CoincheOptions(sa_ta=True)
    own = card_values(strain).points

    def value(*objective: object) -> int:
        search = Search(strain, options, 0, 0, False, 0, perf_counter() + 600, *objective)
        return search.value(state, 0)

    default = value()
    assert default == value(own) == value(own, LAST_TRICK_BONUS)
    assert value(tuple(2 * p for p in own), 2 * LAST_TRICK_BONUS) == 2 * default


def test_the_table_is_kept_for_the_same_deal_and_emptied_for_another() -> None:
    """A search asked about several deals (the advice's, one after the other) keeps its
    table while the cards stay with their seats, and empties it when a card is in another
    seat's hand: the table's keys are the cards out, the same in two deals of them."""
    hands = [mask_of(cards(text)) for text in ("AS KS", "AH KH", "AD KD", "AC KC")]
    search = Search(Suit.HEARTS, CoincheOptions(), 0, 0, False, 0, perf_counter() + 60)
    same = State((hands[0], hands[1], hands[2], hands[3]), 0, (), MIXED)
    search.value(same, 0)
    search.table[-1] = (0, 0, -1)  # a mark: kept or emptied with the table
    search.value(same, 0)
    assert -1 in search.table
    fewer = State((hands[0], hands[1], 0, 0), 0, (), MIXED)  # the same cards where they were
    search.value(fewer, 0)
    assert -1 in search.table
    swapped = State((hands[1], hands[0], hands[2], hands[3]), 0, (), MIXED)
    search.value(swapped, 0)
    assert -1 not in search.table
    fresh = Search(Suit.HEARTS, CoincheOptions(), 0, 0, False, 0, perf_counter() + 60)
    assert search.value(swapped, 0) == fresh.value(swapped, 0)


def _marked(hands: tuple[str, str, str, str]) -> Search:
    """A search asked about a deal of `hands`, seat 0 to lead, with a mark in its table."""
    masks = [mask_of(cards(text)) for text in hands]
    search = Search(Suit.HEARTS, CoincheOptions(), 0, 0, False, 0, perf_counter() + 60)
    search.value(State((masks[0], masks[1], masks[2], masks[3]), 0, (), MIXED), 0)
    search.table[-1] = (0, 0, -1)  # a mark: kept or emptied with the table
    return search


def test_a_card_gone_from_the_first_seat_to_another_empties_the_table() -> None:
    # The ace of spades, seat 0's, is now seat 1's; seat 0 keeps the king it held, the others
    # their kings: another deal, though no seat holds a card seen in another seat before.
    search = _marked(("AS KS", "AH KH", "AD KD", "AC KC"))
    moved = [mask_of(cards(text)) for text in ("KS", "AS", "KD", "KC")]
    search.value(State((moved[0], moved[1], moved[2], moved[3]), 0, (), MIXED), 0)
    assert -1 not in search.table


def test_cards_never_seen_keep_the_table() -> None:
    # The kings were in no hand the search was asked about: no position it keeps holds them,
    # so its keys cannot stand for one of this deal.
    search = _marked(("AS", "AH", "AD", "AC"))
    more = [mask_of(cards(text)) for text in ("AS KS", "AH KH", "AD KD", "AC KC")]
    search.value(State((more[0], more[1], more[2], more[3]), 0, (), MIXED), 0)
    assert -1 in search.table


@pytest.mark.parametrize(("bonus", "by_sweep"), [(0, False), (90, True)])
def test_the_table_tells_who_won_every_trick_apart_only_when_a_capot_counts(
    bonus: int, by_sweep: bool
) -> None:
    # With no capot bonus, who has won every trick so far changes nothing of what is left to
    # gain: positions that differ only by it share one entry of the table (its key's bits
    # from 34 up are the sweep state's).
    masks = [mask_of(cards(text)) for text in ("AS KS QS", "AH KH QH", "AD KD QD", "AC KC QC")]
    search = Search(Suit.HEARTS, CoincheOptions(), 0, 0, False, bonus, perf_counter() + 60)
    search.value(State((masks[0], masks[1], masks[2], masks[3]), 0, (), NO_TRICK), 0)
    assert search.table
    assert any(key >> 34 for key in search.table) is by_sweep


def line_position(
    seed: int, sizes: Sequence[int], on_table: Sequence[int], count_tricks: bool
) -> tuple[tuple[Any, ...], State]:
    """A position for `Search.line` from `seed`: a strain, each seat's first cards (a size
    of `sizes`), a counted team, points or tricks, a capot's bonus or not (points only), the
    counted team maximising or every seat against it, and a number of `on_table` cards of a
    trick already played; with the search's arguments but its deadline."""
    rng = random.Random(seed)
    strain = rng.choice([HEARTS, Suit.CLUBS, SANS_ATOUT, TOUT_ATOUT])
    size = rng.choice(sizes)
    hands = [mask_of(hand[:size]) for hand in random_hands(rng)]
    team = rng.randrange(2)
    bonus = 0 if count_tricks else rng.choice([0, 90])
    rules = (
        strain,
        CoincheOptions(sa_ta=True),
        team,
        rng.choice([team, None]),
        count_tricks,
        bonus,
    )
    search = Search(*rules, perf_counter() + 600)
    state = State((hands[0], hands[1], hands[2], hands[3]), rng.randrange(4), (), NO_TRICK)
    for _ in range(rng.choice(on_table)):
        state = search.after(state, rng.choice(search.groups(state))[0])[1]
    return rules, state


@pytest.mark.parametrize("seed", range(24))
def test_a_line_of_perfect_play_keeps_the_position_s_value(seed: int) -> None:
    """The line the analysis shows (`Search.line`) is perfect play: from a position of value
    V, the gains of its tricks add up to V, at every step of it. Two to four cards a seat,
    0 to 3 of a trick already on the table (so that a card of the line ends it and counts its
    trick), each team counted, by either, points or tricks, a capot at stake or not. (Here
    the table holds what valuing the position proved, so a probe's answer is seldom loose:
    the next test asks for the line from an empty table.)"""
    rules, state = line_position(seed, (2, 3, 4), range(4), seed % 4 == 3)
    search = Search(*rules, perf_counter() + 600)
    team, bonus = rules[2], rules[5]
    value = search.value(state, 0)
    line = search.line(state, value)
    assert len(line) == sum(hand.bit_count() for hand in state.hands)
    for card in line:
        assert any(card in group for group in search.groups(state))  # a legal card
        assert search.value(state, 0) == value  # the value kept to here
        gain, state = search.after(state, card)
        value -= gain
    # The gains of the line's tricks are the position's value, less a capot's bonus when
    # the line ends in one: what the finished deal is worth once the last trick is counted.
    assert (
        value
        == search.value(state, 0)
        == {swept(team): bonus, swept(1 - team): -bonus}.get(state.sweep, 0)
    )


def test_a_line_keeps_the_value_whatever_the_table_holds() -> None:
    """`Search.line` needs only the position and its value: from a search that has not
    valued the position (an empty table, so that a probe past what the cards out can give
    answers with the bound alone, a loose one), each card of the line still keeps the
    value. 240 positions of three to five cards a seat, one to three cards of a trick on the
    table, points counted, a capot at stake or not. (Among them, a card that takes the trick
    but wastes a later one, and a card of the opponents' that gives the trick away: what a
    threshold off by the trick's gain would keep.)"""
    for seed in range(240):
        rules, state = line_position(seed, (3, 4, 5), (1, 2, 3), False)
        valuing = Search(*rules, perf_counter() + 600)
        value = valuing.value(state, 0)
        line = Search(*rules, perf_counter() + 600).line(state, value)
        for card in line:
            assert any(card in group for group in valuing.groups(state)), seed
            gain, state = valuing.after(state, card)
            value -= gain
            assert valuing.value(state, 0) == value, seed
