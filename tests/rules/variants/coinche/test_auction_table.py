"""RULES-COINCHE.md "Auction", who may coinche and surcoinche, with the bid made from every
seat: `coinche` by an opponent of the standing bid's team only, `surcoinche` by either
player of the bidding team only. Seat 3 deals, so seat 0 speaks first; team = seat % 2."""

from __future__ import annotations

import pytest

from service.rules import InconsistentInput
from service.rules.variants.coinche.bidding import Call, judge_auction
from service.rules.variants.coinche.options import Contract

P = "pass"


def passes_then(bidder: int, *calls: str) -> list[str]:
    """Passes up to `bidder`, who bids 80H, then `calls` from the next seat on."""
    return [P] * bidder + ["80H", *calls]


# (bidder, calls after the bid, the ruling of the last call: None when legal)
COINCHE = [
    # The next seat is an opponent: it may coinche.
    (0, ["coinche"], None),
    (1, ["coinche"], None),
    (2, ["coinche"], None),
    (3, ["coinche"], None),
    # The partner (two seats on) may not.
    (0, [P, "coinche"], "coinche_own_team"),
    (1, [P, "coinche"], "coinche_own_team"),
    (2, [P, "coinche"], "coinche_own_team"),
    (3, [P, "coinche"], "coinche_own_team"),
    # The other opponent (three seats on) may.
    (0, [P, P, "coinche"], None),
    (1, [P, P, "coinche"], None),
    (2, [P, P, "coinche"], None),
    (3, [P, P, "coinche"], None),
]

SURCOINCHE = [
    # The bidder's partner answers the coinche at once.
    (0, ["coinche", "surcoinche"], None),
    (1, ["coinche", "surcoinche"], None),
    (2, ["coinche", "surcoinche"], None),
    (3, ["coinche", "surcoinche"], None),
    # The coincher's partner may not.
    (0, ["coinche", P, "surcoinche"], "surcoinche_by_defenders"),
    (1, ["coinche", P, "surcoinche"], "surcoinche_by_defenders"),
    (2, ["coinche", P, "surcoinche"], "surcoinche_by_defenders"),
    (3, ["coinche", P, "surcoinche"], "surcoinche_by_defenders"),
    # The bidder, speaking again after two passes, may.
    (0, ["coinche", P, P, "surcoinche"], None),
    (1, ["coinche", P, P, "surcoinche"], None),
    (2, ["coinche", P, P, "surcoinche"], None),
    (3, ["coinche", P, P, "surcoinche"], None),
]


@pytest.mark.parametrize(("bidder", "calls", "ruling"), COINCHE + SURCOINCHE)
def test_who_may_coinche_and_surcoinche(bidder: int, calls: list[str], ruling: str | None) -> None:
    bids = passes_then(bidder, *calls)
    auction = judge_auction(3, bids)
    if ruling is None:
        assert auction.violation is None
        assert auction.standing == Contract(bidder, 80, 1, 2 if calls[-1] == "surcoinche" else 1)
    else:
        assert auction.violation is not None
        assert (auction.violation.index, auction.violation.code) == (len(bids) - 1, ruling)


@pytest.mark.parametrize("bidder", [0, 1, 2, 3])
def test_the_legal_calls_after_a_bid_name_coinche_for_opponents_only(bidder: int) -> None:
    """RULES-COINCHE.md's legal calls at c = 0: `coinche` for the speaker of the other team."""
    opponent = judge_auction(3, passes_then(bidder))
    partner = judge_auction(3, passes_then(bidder, P))
    assert (opponent.next, partner.next) == ((bidder + 1) % 4, (bidder + 2) % 4)
    assert opponent.legal[-1] == "coinche"
    assert partner.legal[-1] == "capotC"


@pytest.mark.parametrize("bidder", [0, 1, 2, 3])
def test_the_legal_calls_after_a_coinche_are_pass_and_the_bidding_teams_surcoinche(
    bidder: int,
) -> None:
    """c = 1: `pass`; `surcoinche` if the speaker's team is the bidder's."""
    assert judge_auction(3, passes_then(bidder, "coinche")).legal == ("pass", "surcoinche")
    assert judge_auction(3, passes_then(bidder, "coinche", P)).legal == ("pass",)


@pytest.mark.parametrize("dealer", [4, -1])
def test_a_dealer_that_is_no_seat_is_named(dealer: int) -> None:
    with pytest.raises(InconsistentInput) as caught:
        judge_auction(dealer, [])
    assert [(p.pointer, p.code, dict(p.params)) for p in caught.value.problems] == [
        ("/dealer", "not_a_seat", {"value": dealer})
    ]


@pytest.mark.parametrize(
    ("bids", "pointer", "text"),
    [(["90X"], "/bids/0", "90X"), (["90H", "pass", "contre"], "/bids/2", "contre")],
)
def test_an_unparsable_call_is_named_where_it_stands(
    bids: list[str], pointer: str, text: str
) -> None:
    with pytest.raises(InconsistentInput) as caught:
        judge_auction(3, bids)
    assert [(p.pointer, p.code, dict(p.params)) for p in caught.value.problems] == [
        (pointer, "not_a_call", {"call": text})
    ]


def test_a_call_read_alone_is_the_first_of_its_list() -> None:
    with pytest.raises(InconsistentInput) as caught:
        Call.parse("90X")
    assert [p.pointer for p in caught.value.problems] == ["/bids/0"]
