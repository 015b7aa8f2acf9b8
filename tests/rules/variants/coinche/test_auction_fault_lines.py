"""RULES-COINCHE.md "Auction", the options on which the rulebooks disagree: the lowest bid
(`min_bid`), the step (`bid_step`), the highest number (`max_bid`) and bids over a coinche
(`bid_after_coinche`). The one list of bid values (`bid_values`) decides the legal calls, the
violations and a given contract alike. Seat 3 deals, so seat 0 speaks first."""

from __future__ import annotations

import pytest

from service.rules.variants import COINCHE
from service.rules.variants.coinche.bidding import judge_auction
from service.rules.variants.coinche.options import (
    CAPOT,
    GENERALE,
    CoincheOptions,
    Contract,
    bid_values,
    every_bid_value,
)

P = "pass"


@pytest.mark.parametrize(
    ("rules", "values"),
    [
        # FFB contrée 2016 §4.2.2: "comprise entre 80 et 160, doit être un multiple de 10".
        ({}, (80, 90, 100, 110, 120, 130, 140, 150, 160, CAPOT)),
        # BGA: "Bidding starts with 82 points, and goes up by units of 10", to 180.
        ({"min_bid": 82, "max_bid": 180}, (82, *range(90, 181, 10), CAPOT)),
        # By fives (club-belote.com's Saint-Étienne coinche).
        ({"bid_step": 5}, (*range(80, 161, 5), CAPOT)),
        ({"min_bid": 82, "bid_step": 5}, (82, *range(85, 161, 5), CAPOT)),
        # Cannes 2016: "par dizaines" from 80, "270" (capot) the highest contract.
        ({"max_bid": 260}, (*range(80, 261, 10), CAPOT)),
    ],
)
def test_the_values_a_contract_is_bid_at(
    rules: dict[str, int], values: tuple[int | str, ...]
) -> None:
    assert bid_values(COINCHE.options(rules)) == values


def test_every_value_some_options_allow_in_order() -> None:
    every = every_bid_value()
    assert every[:4] == (80, 82, 85, 90) and every[-3:] == (260, CAPOT, GENERALE)
    assert len(set(every)) == len(every)


@pytest.mark.parametrize(
    ("rules", "first_bids", "refused"),
    [
        ({}, ["80S", "80H", "80D", "80C", "90S"], ["82S", "85S", "170S"]),
        ({"min_bid": 82}, ["82S", "82H", "82D", "82C", "90S"], ["80S", "85S", "92S"]),
        ({"bid_step": 5}, ["80S", "80H", "80D", "80C", "85S"], ["82S", "87S"]),
        ({"max_bid": 260}, ["80S"], ["270S", "265S"]),
    ],
)
def test_the_legal_calls_and_the_values_out_of_range(
    rules: dict[str, int], first_bids: list[str], refused: list[str]
) -> None:
    options = COINCHE.options(rules)
    auction = judge_auction(3, [], options)
    assert list(auction.legal[1 : 1 + len(first_bids)]) == first_bids
    for call in refused:
        assert call not in auction.legal
        invalid = judge_auction(3, [call], options)
        assert invalid.violation is not None and invalid.violation.code == "bid_out_of_range"
    assert auction.legal[-4:] == ("capotS", "capotH", "capotD", "capotC")
    highest = COINCHE.options(rules).max_bid
    assert auction.legal[-5] == f"{highest}C"


def test_a_given_contract_takes_the_same_values() -> None:
    """A contract given rather than bid (deals/score, deals/replay) is held to `bid_values`."""
    for value, rules, codes in [
        (82, {"min_bid": 82}, []),
        (82, {}, ["contract_value"]),
        (85, {"bid_step": 5}, []),
        (260, {"max_bid": 260}, []),
        (270, {"max_bid": 260}, ["contract_value"]),
    ]:
        problems = Contract(0, value, 1).problems(COINCHE.options(rules))
        assert [p.code for p in problems] == codes, (value, rules)


@pytest.mark.parametrize(
    ("calls", "status", "standing", "legal_bids"),
    [
        # "Si un joueur est coinché les deux autres joueurs peuvent décoincher en faisant une
        # enchère supérieure" (Fédération Française de Coinche): a higher bid lifts the coinche.
        (["90H", "coinche"], "open", Contract(0, 90, 1, 1), True),
        (["90H", "coinche", "100S"], "open", Contract(2, 100, 0, 0), True),
        (["90H", "coinche", "100S", P, P, P], "taken", Contract(2, 100, 0, 0), False),
        (["90H", "coinche", "100S", "coinche", P, P, P], "taken", Contract(2, 100, 0, 1), False),
        (["90H", "coinche", P, "110S", P, P, P], "taken", Contract(3, 110, 0, 0), False),
        # A surcoinche still ends the auction at once.
        (["90H", "coinche", "surcoinche"], "taken", Contract(0, 90, 1, 2), False),
    ],
)
def test_a_bid_over_a_coinche_lifts_it(
    calls: list[str], status: str, standing: Contract, legal_bids: bool
) -> None:
    options = CoincheOptions(bid_after_coinche=True)
    auction = judge_auction(3, calls, options)
    assert (auction.status, auction.standing, auction.violation) == (status, standing, None)
    assert any(call[0].isdigit() for call in auction.legal) == legal_bids


def test_without_the_option_a_bid_over_a_coinche_is_refused() -> None:
    auction = judge_auction(3, ["90H", "coinche", "100S"])
    assert auction.violation is not None and auction.violation.code == "bid_after_coinche"
    assert auction.legal == ("pass", "surcoinche")
