"""RULES-COINCHE.md "Auction": calls from the dealer's next, legal calls in their order, every
violation code in its precedence, both `auction_end` modes, redeal, the contract with its
coinche level. Seat 3 deals, so seat 0 speaks first (team 0: seats 0 and 2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.rules import InconsistentInput
from service.rules.variants.coinche.bidding import AUCTION_CODES, Call, judge_auction
from service.rules.variants.coinche.options import CAPOT, CoincheOptions, Contract

P = "pass"
FOUR = CoincheOptions(auction_end="four_passes")
SA_TA = CoincheOptions(sa_ta=True)
BIDS_FROM_90 = [f"{v}{s}" for v in range(90, 161, 10) for s in "SHDC"] + [
    f"capot{s}" for s in "SHDC"
]


@pytest.mark.parametrize(
    ("bids", "options", "status", "next_", "contract"),
    [
        ([], None, "open", 0, None),
        (["90H"], None, "open", 1, None),
        (["90H", P, P], None, "open", 3, None),
        (["90H", P, P, P], None, "taken", None, Contract(0, 90, 1)),
        ([P, "80S", P, "100D", P, P, P], None, "taken", None, Contract(3, 100, 2)),
        # Partners may outbid each other.
        (["80S", P, "90S", P, P, P], None, "taken", None, Contract(2, 90, 0)),
        ([P, P, P, "capotC", P, P, P], None, "taken", None, Contract(3, CAPOT, 3)),
        (["110SA", P, P, P], SA_TA, "taken", None, Contract(0, 110, 4)),
        (["120ta", P, P, P], SA_TA, "taken", None, Contract(0, 120, 5)),
        ([P, P, P, P], None, "redeal", None, None),
        ([P, P, P, P], FOUR, "redeal", None, None),
        # Three passes after the coinche; a surcoinche ends it at once.
        (["90H", "coinche", P, P], None, "open", 0, None),
        (["90H", "coinche", P, P, P], None, "taken", None, Contract(0, 90, 1, 1)),
        (["90H", "coinche", "surcoinche"], None, "taken", None, Contract(0, 90, 1, 2)),
        (["90H", "coinche", P, P, "surcoinche"], None, "taken", None, Contract(0, 90, 1, 2)),
        (["90H", P, P, "COINCHE", P, P, P], None, "taken", None, Contract(0, 90, 1, 1)),
        # four_passes: the bidder's own pass is the fourth.
        (["90H", P, P, P], FOUR, "open", 0, None),
        (["90H", P, P, P, P], FOUR, "taken", None, Contract(0, 90, 1)),
        (["90H", P, P, P, "100S", P, P, P, P], FOUR, "taken", None, Contract(0, 100, 0)),
        (["90H", "coinche", P, P, P], FOUR, "taken", None, Contract(0, 90, 1, 1)),
        (["80S", "90H", P, P, P, P], FOUR, "taken", None, Contract(1, 90, 1)),
    ],
)
def test_the_auction_goes_round_from_the_dealers_next(
    bids: list[str],
    options: CoincheOptions | None,
    status: str,
    next_: int | None,
    contract: Contract | None,
) -> None:
    auction = judge_auction(3, bids, options or CoincheOptions())
    assert (auction.status, auction.next, auction.contract) == (status, next_, contract)
    assert auction.violation is None
    assert auction.standing == (contract if status == "taken" else auction.standing)


@pytest.mark.parametrize(("dealer", "taker"), [(0, 2), (1, 3), (2, 0), (3, 1)])
def test_the_player_after_the_dealer_speaks_first(dealer: int, taker: int) -> None:
    auction = judge_auction(dealer, [P, "80H", P, P, P])
    assert auction.contract == Contract(taker, 80, 1)


@pytest.mark.parametrize(
    ("bids", "options", "legal"),
    [
        (
            [],
            None,
            [
                P,
                *(f"{v}{s}" for v in range(80, 161, 10) for s in "SHDC"),
                "capotS",
                "capotH",
                "capotD",
                "capotC",
            ],
        ),
        (["80S"], None, [P, *BIDS_FROM_90, "coinche"]),
        # The bidder's partner: no coinche on its own team.
        (["80S", P], None, [P, *BIDS_FROM_90]),
        (["capotS"], None, [P, "coinche"]),
        (["capotS", P], None, [P]),
        (["90H", "coinche"], None, [P, "surcoinche"]),  # the bidder's partner
        (["90H", "coinche", P], None, [P]),  # the coincher's partner
        (
            ["150H"],
            CoincheOptions(max_bid=180),
            [
                P,
                *(f"{v}{s}" for v in (160, 170, 180) for s in "SHDC"),
                "capotS",
                "capotH",
                "capotD",
                "capotC",
                "coinche",
            ],
        ),
        (
            ["150H"],
            SA_TA,
            [
                P,
                *(f"160{s}" for s in ("S", "H", "D", "C", "SA", "TA")),
                *(f"capot{s}" for s in ("S", "H", "D", "C", "SA", "TA")),
                "coinche",
            ],
        ),
        # four_passes: the bidder outbids themselves in another strain only.
        (["150H", P, P, P], FOUR, [P, "160S", "160D", "160C", "capotS", "capotD", "capotC"]),
        (["90H", P, P, P], None, []),
        ([P, P, P, P], None, []),
    ],
)
def test_legal_calls_in_their_order(
    bids: list[str], options: CoincheOptions | None, legal: list[str]
) -> None:
    assert list(judge_auction(3, bids, options or CoincheOptions()).legal) == legal


@pytest.mark.parametrize(
    ("bids", "options", "index", "code"),
    [
        (["90H", P, P, P, P], None, 4, "auction_closed"),
        (["90H", P, P, P, "100S"], None, 4, "auction_closed"),
        (["90H", "coinche", "surcoinche", P], None, 3, "auction_closed"),
        ([P, P, P, P, "80S"], None, 4, "auction_closed"),
        (["90H", P, P, P, P, P], FOUR, 5, "auction_closed"),
        (["90H", "coinche", "100S"], None, 2, "bid_after_coinche"),
        # bid_after_coinche comes before every other bid violation.
        (["90H", "coinche", "85SA"], None, 2, "bid_after_coinche"),
        (["90SA"], None, 0, "strain_not_allowed"),
        (["85TA"], None, 0, "strain_not_allowed"),  # strain before range
        (["85H"], None, 0, "bid_out_of_range"),
        (["70H"], None, 0, "bid_out_of_range"),
        (["170H"], None, 0, "bid_out_of_range"),
        (["170H"], CoincheOptions(max_bid=180), None, None),
        (["190H"], CoincheOptions(max_bid=180), 0, "bid_out_of_range"),
        (["0H"], None, 0, "bid_out_of_range"),
        (["90H", "85S"], None, 1, "bid_out_of_range"),  # range before too low
        (["90H", "90S"], None, 1, "bid_too_low"),
        (["90H", "80S"], None, 1, "bid_too_low"),
        (["capotH", "capotS"], None, 1, "bid_too_low"),
        (["150H", P, P, P, "160H"], FOUR, 4, "bid_too_low"),
        (["150H", P, P, P, "160S"], FOUR, None, None),
        (["coinche"], None, 0, "coinche_without_bid"),
        ([P, "surcoinche"], None, 1, "surcoinche_without_coinche"),
        (["90H", "coinche", P, "coinche"], None, 3, "already_coinched"),
        (["90H", "coinche", "coinche"], None, 2, "already_coinched"),  # before own team
        (["90H", P, "coinche"], None, 2, "coinche_own_team"),
        (["90H", "surcoinche"], None, 1, "surcoinche_without_coinche"),
        (["90H", "coinche", P, P, "surcoinche"], None, None, None),
        (["90H", "coinche", P, P, P], None, None, None),
        (["90H", "coinche", P, "coinche"], None, 3, "already_coinched"),
        (["90H", "coinche", P, P, P, "surcoinche"], None, 5, "auction_closed"),
        ([P, "90H", "coinche", P, "surcoinche"], None, 4, "surcoinche_by_defenders"),
        (["90H", "coinche", P, "surcoinche"], None, 3, "surcoinche_by_defenders"),
        (["90H", "coinche", "pass", "pass", "pass"], None, None, None),
    ],
)
def test_the_first_illegal_call(
    bids: list[str], options: CoincheOptions | None, index: int | None, code: str | None
) -> None:
    auction = judge_auction(3, bids, options or CoincheOptions())
    if code is None:
        assert auction.violation is None and auction.status != "invalid"
        return
    assert auction.status == "invalid"
    assert auction.violation is not None
    assert (auction.violation.index, auction.violation.code) == (index, code)
    assert auction.violation.call == str(Call.parse(bids[index]))


def test_every_code_has_a_case_above() -> None:
    cases = test_the_first_illegal_call.pytestmark[0].args[1]  # type: ignore[attr-defined]
    assert {code for *_, code in cases} - {None} == set(AUCTION_CODES)


@pytest.mark.parametrize(
    ("bids", "next_", "legal", "contract", "standing"),
    [
        # Before an illegal call the auction was open: it is described as it stood then.
        (["90H", "coinche", "100S", P], 2, [P, "surcoinche"], None, Contract(0, 90, 1, 1)),
        (["90H", P, "coinche"], 2, [P, *BIDS_FROM_90[4:]], None, Contract(0, 90, 1)),
        # After its end: the contract, nobody to speak.
        (["90H", P, P, P, P], None, [], Contract(0, 90, 1), Contract(0, 90, 1)),
        ([P, P, P, P, P], None, [], None, None),
    ],
)
def test_an_invalid_auction_is_described_before_its_first_illegal_call(
    bids: list[str],
    next_: int | None,
    legal: list[str],
    contract: Contract | None,
    standing: Contract | None,
) -> None:
    auction = judge_auction(3, bids)
    assert auction.status == "invalid"
    assert (auction.next, list(auction.legal)) == (next_, legal)
    assert (auction.contract, auction.standing) == (contract, standing)


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("pass", "pass"),
        ("PASS", "pass"),
        ("Coinche", "coinche"),
        ("surcoinche", "surcoinche"),
        ("90h", "90H"),
        ("90♥", "90H"),
        ("0090S", "90S"),
        ("110sa", "110SA"),
        ("CAPOTta", "capotTA"),
        ("capotS", "capotS"),
    ],
)
def test_calls_are_read_in_any_case(text: str, call: str) -> None:
    assert str(Call.parse(text)) == call


@pytest.mark.parametrize(
    "text",
    [
        *("", "take", "90", "H", "90X", "capot", "90 H", "-90H", "9.0H", "\u0669\u0660H"),
        "capot10H",
        # Any case is ASCII's: the long s (which Unicode folds to s) is no spade, nor an SA.
        *("90\u017f", "capot\u017fa", "80\u017fA"),
    ],
)
def test_an_unparsable_call_cannot_be_judged(text: str) -> None:
    with pytest.raises(InconsistentInput) as caught:
        judge_auction(3, [P, text])
    assert [(p.pointer, p.code) for p in caught.value.problems] == [("/bids/1", "not_a_call")]


def test_a_dealer_is_a_seat() -> None:
    with pytest.raises(InconsistentInput) as caught:
        judge_auction(4, [])
    assert [p.pointer for p in caught.value.problems] == ["/dealer"]


def test_messages_name_the_call() -> None:
    violation = judge_auction(3, ["90H", "80S"]).violation
    assert violation is not None
    assert violation.message("en").startswith("80S: a bid must outrank")
    assert violation.message("fr").startswith("80S : une enchère doit dépasser")


@given(st.data(), st.sampled_from([CoincheOptions(), FOUR, SA_TA]), st.integers(0, 3))
def test_playing_legal_calls_never_breaks_a_rule(
    data: st.DataObject, options: CoincheOptions, dealer: int
) -> None:
    """Any sequence of legal calls is judged legal; it ends taken or redealt, with a
    contract at its coinche level, within a bounded number of calls."""
    bids: list[str] = []
    auction = judge_auction(dealer, bids, options)
    while auction.status == "open":
        assert auction.legal and auction.legal[0] == "pass"
        bids.append(data.draw(st.sampled_from(auction.legal)))
        auction = judge_auction(dealer, bids, options)
        assert auction.violation is None
    assert auction.status in ("taken", "redeal") and auction.legal == ()
    assert (auction.contract is None) == (auction.status == "redeal")
    if auction.contract is not None:
        assert auction.contract.coinche == bids.count("coinche") + bids.count("surcoinche")
        last = [Call.parse(b) for b in bids if Call.parse(b).kind == "bid"][-1]
        assert (auction.contract.value, auction.contract.strain) == (last.value, last.strain)
