"""RULES.md "Bidding": round 1 take or pass, round 2 another suit or pass, redeal after
eight passes; the first take ends the bidding. Seat 3 deals and JH is turned."""

from __future__ import annotations

import pytest

from service.rules import Card, judge_bidding
from tests.rules.inconsistent import Found, problems

TURNED = Card.parse("JH")
PASSES = ["pass"] * 4
ROUND_1, ROUND_2 = ("take", "pass"), ("S", "D", "C", "pass")


@pytest.mark.parametrize(
    ("bids", "status", "round_", "next_", "legal", "taker", "trump"),
    [
        ([], "open", 1, 0, ROUND_1, None, None),
        (["pass"], "open", 1, 1, ROUND_1, None, None),
        (["take"], "taken", 1, None, (), 0, "H"),
        (["pass", "take"], "taken", 1, None, (), 1, "H"),
        (["pass", "pass", "pass", "TAKE"], "taken", 1, None, (), 3, "H"),
        (PASSES, "open", 2, 0, ROUND_2, None, None),
        ([*PASSES, "pass"], "open", 2, 1, ROUND_2, None, None),
        ([*PASSES, "S"], "taken", 2, None, (), 0, "S"),
        ([*PASSES, "pass", "pass", "c"], "taken", 2, None, (), 2, "C"),
        ([*PASSES, "pass", "pass", "pass", "♦"], "taken", 2, None, (), 3, "D"),
        ([*PASSES, *PASSES], "redeal", 2, None, (), None, None),
    ],
)
def test_the_bidding_goes_round_from_the_dealers_next(
    bids: list[str],
    status: str,
    round_: int,
    next_: int | None,
    legal: tuple[str, ...],
    taker: int | None,
    trump: str | None,
) -> None:
    bidding = judge_bidding(3, TURNED, bids)
    assert (bidding.status, bidding.round, bidding.next) == (status, round_, next_)
    assert bidding.legal == legal
    # Spades is suit 0: compare with `is None`, never by truth.
    trump_code = None if bidding.trump is None else str(bidding.trump)
    assert (bidding.taker, trump_code) == (taker, trump)
    assert bidding.violation is None


@pytest.mark.parametrize(("dealer", "taker"), [(0, 2), (1, 3), (2, 0), (3, 1)])
def test_the_player_after_the_dealer_bids_first(dealer: int, taker: int) -> None:
    assert judge_bidding(dealer, TURNED, ["pass", "take"]).taker == taker


@pytest.mark.parametrize(
    ("bids", "index", "code", "round_", "next_", "legal", "taker", "trump"),
    [
        # Before the bid: who was to bid and what they could say.
        (["S"], 0, "suit_in_round_one", 1, 0, ROUND_1, None, None),
        (["pass", "H"], 1, "suit_in_round_one", 1, 1, ROUND_1, None, None),
        ([*PASSES, "take"], 4, "take_in_round_two", 2, 0, ROUND_2, None, None),
        ([*PASSES, "pass", "H"], 5, "turned_suit_in_round_two", 2, 1, ROUND_2, None, None),
        # After the bidding was over: nobody was to bid; a take stands.
        (["take", "pass"], 1, "closed_taken", 1, None, (), 0, "H"),
        ([*PASSES, "D", "S"], 5, "closed_taken", 2, None, (), 0, "D"),
        ([*PASSES, *PASSES, "pass"], 8, "closed_redeal", 2, None, (), None, None),
    ],
)
def test_the_first_illegal_bid_is_named_with_its_rule(
    bids: list[str],
    index: int,
    code: str,
    round_: int,
    next_: int | None,
    legal: tuple[str, ...],
    taker: int | None,
    trump: str | None,
) -> None:
    bidding = judge_bidding(3, TURNED, bids)
    assert bidding.status == "invalid"
    assert bidding.violation is not None
    assert (bidding.violation.index, bidding.violation.code) == (index, code)
    assert (bidding.round, bidding.next, bidding.legal) == (round_, next_, legal)
    trump_code = None if bidding.trump is None else str(bidding.trump)
    assert (bidding.taker, trump_code) == (taker, trump)
    assert bidding.violation.message("en") != bidding.violation.message("fr")


@pytest.mark.parametrize(
    ("bids", "en", "fr"),
    [
        (
            ["S"],
            "Round 1: take the turned card's suit (hearts) or pass; "
            "another suit can only be named in round 2.",
            "Premier tour : prendre la couleur de la retourne (cœur) ou passer ; "
            "une autre couleur ne se nomme qu'au second tour.",
        ),
        (["pass", "take", "S"], "seat 1", "joueur 1"),
        ([*PASSES, "D", "S"], "diamonds", "carreau"),
    ],
)
def test_a_bidding_violation_is_explained_in_english_and_french(
    bids: list[str], en: str, fr: str
) -> None:
    violation = judge_bidding(3, TURNED, bids).violation
    assert violation is not None
    assert en in violation.message("en")
    assert fr in violation.message("fr")
    assert violation.message() == violation.message("en")


@pytest.mark.parametrize(
    ("dealer", "bids", "found"),
    [
        (3, ["pass", "double"], ("/bids/1", "not_a_bid", {"bid": "double"})),
        (3, [""], ("/bids/0", "not_a_bid", {"bid": ""})),
        (4, [], ("/dealer", "not_a_seat", {"value": 4})),
    ],
)
def test_what_is_no_bid_is_inconsistent_input(dealer: int, bids: list[str], found: Found) -> None:
    assert problems(lambda: judge_bidding(dealer, TURNED, bids)) == [found]
