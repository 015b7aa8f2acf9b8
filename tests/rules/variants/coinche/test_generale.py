"""RULES-COINCHE.md "Fault lines", the générale (option `generale`, off by default): the call
`generale<strain>` above the capot, made only when the taker alone wins all 8 tricks, scored
as the flat capot at the value the option names. Rows are written from the takers' side and
run with the taker on every seat (test_scoring.py's rows); seat 3 deals, so seat 0 speaks and
leads first."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules import InconsistentInput
from service.rules.core.cards import Card
from service.rules.core.errors import Problem
from service.rules.core.seats import seat_after
from service.rules.core.strains import Suit
from service.rules.variants import COINCHE
from service.rules.variants.coinche.bidding import Call, judge_auction
from service.rules.variants.coinche.options import (
    CAPOT,
    GENERALE,
    CoincheOptions,
    Contract,
    bid_values,
)
from service.rules.variants.coinche.replay import CoincheRecord
from service.rules.variants.coinche.scoring import CoincheDealSummary, contract_value
from tests.rules.builders import cards
from tests.rules.variants.coinche.test_scoring import SEATS, TAKERS, by_team

HEARTS = Suit.HEARTS
FLAT_500, FLAT_600, FLAT_1000 = (
    CoincheOptions(generale=value) for value in ("flat_500", "flat_600", "flat_1000")
)
P = "pass"

# --- the call --------------------------------------------------------------------------------


def refusal(bids: list[str]) -> Problem:
    """The one problem the auction of `bids` raises under the default options."""
    with pytest.raises(InconsistentInput) as caught:
        judge_auction(3, bids)
    ((problem,),) = [caught.value.problems]
    return problem


@pytest.mark.parametrize("bids", [["generaleH"], ["90H", "generaleS"], ["capotC", P, "GENERALEc"]])
def test_without_the_option_a_generale_is_no_call_as_any_text_that_is_none(
    bids: list[str],
) -> None:
    index = len(bids) - 1
    assert refusal(bids) == Problem(f"/bids/{index}", "not_a_call", {"call": bids[-1]})
    assert refusal([*bids[:-1], "grandeH"]) == Problem(
        f"/bids/{index}", "not_a_call", {"call": "grandeH"}
    )
    assert "generaleH" not in judge_auction(3, ["capotS"]).legal


@pytest.mark.parametrize("options", [FLAT_500, FLAT_600, FLAT_1000])
def test_the_generale_outranks_the_capot_and_nothing_outranks_it(options: CoincheOptions) -> None:
    assert bid_values(options)[-2:] == (CAPOT, GENERALE)
    over_capot = judge_auction(3, ["capotS", "generaleH"], options)
    assert over_capot.violation is None
    assert over_capot.standing == Contract(1, GENERALE, HEARTS)
    # After a générale only pass and coinche: no bid, a capot least of all.
    assert over_capot.legal == ("pass", "coinche")
    capot_after = judge_auction(3, ["generaleH", "capotS"], options).violation
    assert capot_after is not None and (capot_after.index, capot_after.code) == (1, "bid_too_low")
    # Over a capot the générale is the only bid left, in every strain.
    assert judge_auction(3, ["capotS"], options).legal == (
        "pass",
        *(f"generale{s}" for s in "SHDC"),
        "coinche",
    )


def test_a_generale_is_read_in_any_case_and_written_canonically() -> None:
    call = Call.parse("GENERALE♥")
    assert (call.kind, call.value, call.strain, str(call)) == ("bid", GENERALE, HEARTS, "generaleH")


def test_a_generale_is_coinched_and_surcoinched_as_any_bid() -> None:
    coinched = judge_auction(3, ["generaleH", "coinche", P, P, P], FLAT_500)
    assert (coinched.status, coinched.contract) == ("taken", Contract(0, GENERALE, HEARTS, 1))
    surcoinched = judge_auction(3, ["90S", "generaleH", "coinche", "surcoinche"], FLAT_500)
    assert surcoinched.contract == Contract(1, GENERALE, HEARTS, 2)


def test_a_generale_given_as_a_contract_needs_the_option() -> None:
    contract = Contract(0, GENERALE, HEARTS)
    assert contract.problems(FLAT_600) == []
    ((problem,),) = [contract.problems(CoincheOptions())]
    assert (problem.pointer, problem.code) == ("/contract/value", "contract_value")


@pytest.mark.parametrize(
    ("options", "value"), [(FLAT_500, 500), (FLAT_600, 600), (FLAT_1000, 1000)]
)
def test_the_generale_is_worth_the_value_the_option_names(
    options: CoincheOptions, value: int
) -> None:
    assert contract_value(Contract(0, GENERALE, HEARTS), options) == value
    # Not the capot's, whatever capot_bid says.
    assert contract_value(Contract(0, CAPOT, HEARTS), options) == 250


# --- made or dedans, and its score ------------------------------------------------------------


def generale(
    taker: int,
    swept_by: str | None,
    coinche: int = 0,
    belote: tuple[int, int] = (0, 0),
    capot: str | None = TAKERS,
) -> CoincheDealSummary:
    """A générale of `taker` in hearts; `swept_by` names the seat that won every trick alone:
    "taker", "partner", or None (the tricks shared, or a team's capot shared by both)."""
    team = {TAKERS: taker % 2, "defenders": 1 - taker % 2, None: None}[capot]
    points = {TAKERS: (162, 0), "defenders": (0, 162), None: (150, 12)}[capot]
    seat = {
        "taker": taker,
        "partner": seat_after(taker, 2),
        "defender": seat_after(taker),
        None: None,
    }
    return CoincheDealSummary(
        contract=Contract(taker, GENERALE, HEARTS, coinche),
        points=by_team(points, taker),
        capot=team,
        belote=by_team(belote, taker),
        generale=seat[swept_by],
    )


def scored(summary: CoincheDealSummary, options: CoincheOptions) -> tuple[str, Any]:
    result = COINCHE.score_deal(summary, options)
    return result.contract, by_team(result.score, summary.contract.taker)


@SEATS
def test_made_only_when_the_taker_alone_takes_all_8_tricks(taker: int) -> None:
    assert scored(generale(taker, "taker"), FLAT_500) == ("made", (500, 0))
    # The partner took a trick (or all of them): the team is capot, the générale dedans.
    assert scored(generale(taker, None), FLAT_500) == ("dedans", (0, 500))
    assert scored(generale(taker, "partner"), FLAT_500) == ("dedans", (0, 500))
    # A trick to the defenders, or all of them.
    assert scored(generale(taker, None, capot=None), FLAT_500) == ("dedans", (0, 500))
    against = generale(taker, "defender", capot="defenders")
    assert scored(against, FLAT_500) == ("dedans", (0, 500))


# Per value: made, failed, coinched (made and failed), surcoinched (x4, and x3), with the belote
# as the flat capot counts it. (Takers, defenders.)
ROWS = [
    # value, swept by, coinche, belote (takers, defenders), rules, ruling, score
    (500, "taker", 0, (0, 0), {}, "made", (500, 0)),
    (500, None, 0, (0, 0), {}, "dedans", (0, 500)),
    (500, "taker", 1, (0, 0), {}, "made", (1000, 0)),
    (500, "partner", 1, (0, 0), {}, "dedans", (0, 1000)),
    (500, "taker", 2, (0, 0), {}, "made", (2000, 0)),
    (500, "taker", 2, (0, 0), {"surcoinche_multiplier": 3}, "made", (1500, 0)),
    (500, "taker", 0, (1, 0), {}, "made", (520, 0)),
    (500, "taker", 0, (0, 1), {}, "made", (500, 20)),
    (600, "taker", 0, (0, 0), {}, "made", (600, 0)),
    (600, None, 0, (0, 0), {}, "dedans", (0, 600)),
    (600, "taker", 1, (1, 0), {}, "made", (1240, 0)),
    (600, "partner", 1, (0, 0), {}, "dedans", (0, 1200)),
    (600, None, 2, (0, 0), {}, "dedans", (0, 2400)),
    (600, "partner", 2, (0, 0), {"surcoinche_multiplier": 3}, "dedans", (0, 1800)),
    # The takers' belote on a fall stays theirs, or goes to the defenders (belote_on_chute).
    (600, "partner", 0, (1, 0), {}, "dedans", (20, 600)),
    (600, "partner", 0, (1, 0), {"belote_on_chute": "defenders"}, "dedans", (0, 620)),
    (1000, "taker", 0, (0, 0), {}, "made", (1000, 0)),
    (1000, "partner", 0, (0, 0), {}, "dedans", (0, 1000)),
    (1000, "taker", 1, (0, 0), {}, "made", (2000, 0)),
    (1000, None, 1, (0, 0), {}, "dedans", (0, 2000)),
    (1000, "taker", 2, (1, 0), {}, "made", (4080, 0)),
    (1000, "partner", 2, (0, 0), {}, "dedans", (0, 4000)),
    # The coinche multiplies V alone under multiplier_scope: contract, the belote added once.
    (1000, "taker", 1, (1, 0), {"multiplier_scope": "contract"}, "made", (2020, 0)),
    # Flat whatever capot_bid says, and the capot option changes nothing.
    (1000, "taker", 0, (0, 0), {"capot_bid": "contract_270", "capot": 252}, "made", (1000, 0)),
]


@SEATS
@pytest.mark.parametrize(
    ("value", "swept_by", "coinche", "belote", "rules", "ruling", "score"), ROWS
)
def test_each_value_made_and_failed_coinched_and_surcoinched_with_belote(
    taker: int,
    value: int,
    swept_by: str | None,
    coinche: int,
    belote: tuple[int, int],
    rules: dict[str, Any],
    ruling: str,
    score: tuple[int, int],
) -> None:
    options = COINCHE.options({"generale": f"flat_{value}", **rules})
    assert scored(generale(taker, swept_by, coinche, belote), options) == (ruling, score)


@SEATS
def test_the_flat_capot_and_the_generale_are_scored_alike(taker: int) -> None:
    """One rule in one place: a générale at 500 scores as a flat capot, made and failed."""
    options = COINCHE.options({"generale": "flat_500", "capot_bid": "flat"})
    for swept_by, capot_made in (("taker", True), ("partner", False)):
        for coinche in (0, 1, 2):
            deal = generale(taker, swept_by, coinche, (1, 0))
            capot = CoincheDealSummary(
                Contract(taker, CAPOT, HEARTS, coinche),
                deal.points if capot_made else by_team((150, 12), taker),
                deal.capot if capot_made else None,
                deal.belote,
            )
            ours, flat = COINCHE.score_deal(deal, options), COINCHE.score_deal(capot, options)
            assert (ours.contract, ours.score) == (flat.contract, flat.score)


# --- the deal to score -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "capot", "problem"),
    [
        (0, None, ("/generale", "generale_not_capot", {"seat": 0, "team": 0})),
        (1, 0, ("/generale", "generale_not_capot", {"seat": 1, "team": 1})),
        (2, 1, ("/generale", "generale_not_capot", {"seat": 2, "team": 0})),
        (4, 0, ("/generale", "not_a_seat", {"value": 4})),
        (-1, 1, ("/generale", "not_a_seat", {"value": -1})),
    ],
)
def test_the_seat_that_swept_must_be_of_the_capot_team(
    seat: int, capot: int | None, problem: tuple[str, str, dict[str, int]]
) -> None:
    points = {None: (100, 62), 0: (162, 0), 1: (0, 162)}[capot]
    summary = CoincheDealSummary(Contract(0, 100, HEARTS), points, capot, generale=seat)
    with pytest.raises(InconsistentInput) as caught:
        COINCHE.score_deal(summary)
    ((found,),) = [caught.value.problems]
    assert (found.pointer, found.code, found.params) == problem
    for lang in ("en", "fr"):
        assert "{" not in found.message(lang)


@pytest.mark.parametrize(("seat", "capot"), [(0, 0), (2, 0), (1, 1), (3, 1)])
def test_a_seat_of_the_capot_team_agrees_with_it(seat: int, capot: int) -> None:
    points = (162, 0) if capot == 0 else (0, 162)
    summary = CoincheDealSummary(Contract(0, 100, HEARTS), points, capot, generale=seat)
    assert COINCHE.score_deal(summary).contract == ("made" if capot == 0 else "dedans")


# --- the replay ----------------------------------------------------------------------------------

# Seat 0 holds every trump: it leads them all and wins every trick alone.
SWEEP = (
    cards("JH 9H AH 10H KH QH 8H 7H"),
    cards("AD 10D KD QD JD 9D 8D 7D"),
    cards("AS 10S KS QS JS 9S 8S 7S"),
    cards("AC 10C KC QC JC 9C 8C 7C"),
)
# Seat 0 holds seven trumps and the 7 of spades, its partner the 7 of hearts and the other
# spades: seat 0 wins seven tricks, its partner the last (AS over 7S). The team is capot.
SHARED = (
    cards("JH 9H AH 10H KH QH 8H 7S"),
    cards("AD 10D KD QD JD 9D 8D 7D"),
    cards("7H 10S KS QS JS 9S 8S AS"),
    cards("AC 10C KC QC JC 9C 8C 7C"),
)


def replayed(hands: tuple[tuple[Card, ...], ...], taker: int) -> Any:
    """The deal of `hands` dealt by seat 3, seat 0 leading each trick's cards in hand order,
    under a générale of `taker` in hearts."""
    plays = tuple(hand[trick] for trick in range(8) for hand in hands)
    record = CoincheRecord(3, Contract(taker, GENERALE, HEARTS), plays, hands)
    return COINCHE.replay(record, FLAT_1000)


def test_the_replay_finds_the_seat_that_won_every_trick_alone() -> None:
    taken = replayed(SWEEP, 0)
    assert taken.complete and not taken.renonces
    assert (taken.summary.capot, taken.summary.generale) == (0, 0)
    assert (taken.score.contract, taken.score.score) == ("made", (1000, 0))
    # The same deal with the partner as taker: the team is capot, the générale dedans.
    partner = replayed(SWEEP, 2)
    assert (partner.summary.capot, partner.summary.generale) == (0, 0)
    assert (partner.score.contract, partner.score.score) == ("dedans", (0, 1000))


def test_a_trick_to_the_partner_leaves_the_team_capot_and_no_seat_alone() -> None:
    shared = replayed(SHARED, 0)
    assert shared.complete and not shared.renonces
    assert [trick.winner for trick in shared.tricks] == [0] * 7 + [2]
    assert (shared.summary.capot, shared.summary.generale) == (0, None)
    assert (shared.score.contract, shared.score.score) == ("dedans", (0, 1000))


def test_the_seat_alone_is_found_under_any_contract_and_decides_only_a_generale() -> None:
    plays = tuple(hand[trick] for trick in range(8) for hand in SWEEP)
    record = CoincheRecord(3, Contract(1, 80, HEARTS), plays, SWEEP)
    taken = COINCHE.replay(record)
    assert (taken.summary.capot, taken.summary.generale) == (0, 0)
    # Seat 1's 80 fails: team 0, the defenders, score chute_points + V (team 0, team 1).
    assert (taken.score.contract, taken.score.score) == ("dedans", (160 + 80, 0))


def test_a_summary_at_other_points_keeps_the_seat_only_with_its_capot() -> None:
    """The analysis scores one perfect line's summary at other gains (`with_points`): the
    seat alone goes with the capot it belongs to."""
    swept = CoincheDealSummary(Contract(0, GENERALE, HEARTS), (162, 0), 0, generale=0)
    assert swept.with_points((162, 0), 0) == swept
    assert swept.with_points((150, 12), None) == CoincheDealSummary(
        Contract(0, GENERALE, HEARTS), (150, 12), None
    )
    assert swept.with_points((0, 162), 1).generale is None
    shared = CoincheDealSummary(Contract(0, GENERALE, HEARTS), (150, 12))
    assert shared.with_points((162, 0), 0) == CoincheDealSummary(
        Contract(0, GENERALE, HEARTS), (162, 0), 0
    )
