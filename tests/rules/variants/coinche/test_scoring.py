"""RULES-COINCHE.md "Scoring a deal": the 15 worked examples, the "Precisions", every option.

Rows are written from the takers' side, as the page writes them: a contract (`100H`, `capotC`,
`110SA`; `x2` coinched, `x4` surcoinched), points (takers, defenders), belotes (takers,
defenders), the ruling and the score (takers, defenders). Each row runs with the taker on every
seat, so on either team."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.rules import InconsistentInput, classify
from service.rules.core.scoring import ScoredDeal
from service.rules.core.strains import STRAIN_CODES, Suit
from service.rules.variants import COINCHE
from service.rules.variants.classic.scoring import DealSummary, score_deal
from service.rules.variants.coinche.options import CAPOT, CoincheOptions, Contract
from service.rules.variants.coinche.scoring import CoincheDealScore, CoincheDealSummary
from tests.rules.builders import SA_TA, cards

TAKERS, DEFENDERS = "takers", "defenders"
Pair = tuple[int, int]
SEATS = pytest.mark.parametrize("taker", [0, 1, 2, 3])


def contract(text: str, taker: int) -> Contract:
    """`100H`, `capotC`, `110SAx2`: value, strain, then `x2` (coinched) or `x4` (surcoinched)."""
    bid, _, level = text.partition("x")
    coinche = {"": 0, "2": 1, "4": 2}[level]
    for code in sorted(STRAIN_CODES, key=len, reverse=True):
        if bid.endswith(code):
            value = bid[: -len(code)]
            return Contract(
                taker, CAPOT if value == CAPOT else int(value), STRAIN_CODES.index(code), coinche
            )
    raise ValueError(text)


def by_team(pair: Any, taker: int) -> Any:
    """A (takers, defenders) pair as (team 0, team 1)."""
    return (pair[0], pair[1]) if taker % 2 == 0 else (pair[1], pair[0])


def summary(
    text: str,
    taker: int,
    points: Pair,
    belote: Pair = (0, 0),
    capot: str | None = None,
    renonce: str | None = None,
    annonces: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
) -> CoincheDealSummary:
    side = {TAKERS: taker % 2, DEFENDERS: 1 - taker % 2, None: None}
    declared = tuple(tuple(classify(cards(a)) for a in team) for team in annonces)
    return CoincheDealSummary(
        contract=contract(text, taker),
        points=by_team(points, taker),
        capot=side[capot],
        belote=by_team(belote, taker),
        annonces=by_team(declared, taker),
        renonce=side[renonce],
    )


def scored(row: dict[str, Any], taker: int) -> tuple[CoincheDealScore, Pair]:
    options = COINCHE.options(row.get("rules"))
    deal = summary(
        row["contract"],
        taker,
        row["points"],
        row.get("belote", (0, 0)),
        row.get("capot"),
        row.get("renonce"),
        row.get("annonces", ((), ())),
    )
    result = COINCHE.score_deal(deal, options)
    return result, by_team(result.score, taker)


# RULES-COINCHE.md "Worked examples" (defaults; P takers/defenders), then the "Precisions".
EXAMPLES = {
    "1": dict(contract="100H", points=(122, 40), ruling="made", score=(220, 40)),
    "2": dict(contract="100H", points=(96, 66), ruling="dedans", score=(0, 260)),
    "3": dict(contract="100Hx2", points=(122, 40), ruling="made", score=(520, 0)),
    "4": dict(contract="120Sx2", points=(90, 72), belote=(1, 0), ruling="dedans", score=(20, 560)),
    "5": dict(contract="90Dx4", points=(95, 67), ruling="made", score=(1000, 0)),
    "5 (x3)": dict(
        contract="90Dx4",
        points=(95, 67),
        rules={"surcoinche_multiplier": 3},
        ruling="made",
        score=(750, 0),
    ),
    "6": dict(
        contract="capotC",
        points=(162, 0),
        capot=TAKERS,
        belote=(1, 0),
        ruling="made",
        score=(520, 0),
    ),
    "7": dict(contract="capotH", points=(150, 12), ruling="dedans", score=(0, 410)),
    "8": dict(contract="110S", points=(162, 0), capot=TAKERS, ruling="made", score=(360, 0)),
    "8 (coinched)": dict(
        contract="110Sx2", points=(162, 0), capot=TAKERS, ruling="made", score=(720, 0)
    ),
    "9": dict(contract="90H", points=(91, 71), belote=(0, 1), ruling="dedans", score=(0, 270)),
    "10": dict(contract="90H", points=(92, 70), belote=(0, 1), ruling="made", score=(180, 90)),
    "11": dict(
        contract="90H",
        points=(91, 71),
        belote=(0, 1),
        rules={"bonus_counts": False},
        ruling="made",
        score=(180, 90),
    ),
    "12": dict(contract="80S", points=(81, 81), ruling="dedans", score=(0, 240)),
    "12 (reserve)": dict(
        contract="80S",
        points=(81, 81),
        rules={"litige": "reserve"},
        ruling="litige",
        score=(0, 80),
        reserve=80,
    ),
    "13": dict(contract="110SA", points=(113, 49), rules=SA_TA, ruling="made", score=(220, 50)),
    "13 (scaled)": dict(
        contract="110SA",
        points=(100, 62),
        rules={**SA_TA, "sa_points": "scaled"},
        ruling="dedans",
        score=(0, 270),
    ),
    "14": dict(contract="120TA", points=(129, 33), rules=SA_TA, ruling="made", score=(250, 30)),
    "15": dict(
        contract="100H",
        points=(122, 40),
        rules={"scoring": "contract"},
        ruling="made",
        score=(100, 0),
    ),
    "16": dict(contract="100Hx2", points=(110, 52), belote=(1, 0), ruling="made", score=(560, 0)),
    "9 (reach_bid)": dict(
        contract="90H",
        points=(91, 71),
        belote=(0, 1),
        rules={"made": "reach_bid"},
        ruling="made",
        score=(180, 90),
    ),
    "3 (coinche_base points)": dict(
        contract="100Hx2",
        points=(122, 40),
        rules={"coinche_base": "points"},
        ruling="made",
        score=(440, 0),
    ),
}


@pytest.mark.parametrize("row", EXAMPLES.values(), ids=EXAMPLES.keys())
@SEATS
def test_worked_examples(row: dict[str, Any], taker: int) -> None:
    result, score = scored(row, taker)
    assert (result.contract, score, result.reserve) == (
        row["ruling"],
        row["score"],
        row.get("reserve", 0),
    )


# Every option and boundary beyond the examples: each row changes one thing.
CASES = {
    # made: beat_defenders needs T >= V and T > D; rounding never decides.
    "T = V, above D": dict(contract="90H", points=(90, 72), ruling="made", score=(180, 70)),
    "T one short of V": dict(contract="90H", points=(89, 73), ruling="dedans", score=(0, 250)),
    "80 at 82": dict(contract="80S", points=(82, 80), ruling="made", score=(160, 80)),
    "rounding none": dict(
        contract="100H",
        points=(122, 40),
        rules={"rounding": "none"},
        ruling="made",
        score=(222, 40),
    ),
    "5 up": dict(
        contract="100H",
        points=(125, 37),
        rules={"rounding": "nearest_ten"},
        ruling="made",
        score=(230, 40),
    ),
    # reach_bid: T >= V alone; an 80 needs 82.
    "reach_bid 80 at 81/81": dict(
        contract="80S", points=(81, 81), rules={"made": "reach_bid"}, ruling="dedans"
    ),
    "reach_bid 80 at 81/81 reserve": dict(
        contract="80S",
        points=(81, 81),
        rules={"made": "reach_bid", "litige": "reserve"},
        ruling="dedans",
        score=(0, 240),
    ),
    "reach_bid 80 at 82/80": dict(
        contract="80S", points=(82, 80), rules={"made": "reach_bid"}, ruling="made"
    ),
    "reach_bid below V": dict(
        contract="100S", points=(99, 63), rules={"made": "reach_bid"}, ruling="dedans"
    ),
    "reach_bid tie at V": dict(
        contract="90TA",
        points=(81, 81),
        belote=(1, 1),
        rules={**SA_TA, "made": "reach_bid"},
        ruling="made",
        score=(190, 100),
    ),
    # litige: only under `reserve`, uncoinched, with points scoring.
    "litige coinched": dict(
        contract="80Sx2",
        points=(81, 81),
        rules={"litige": "reserve"},
        ruling="dedans",
        score=(0, 480),
    ),
    "litige, contract scoring": dict(
        contract="80S",
        points=(81, 81),
        rules={"litige": "reserve", "scoring": "contract"},
        ruling="dedans",
        score=(0, 80),
    ),
    "litige below V": dict(
        contract="90S", points=(81, 81), rules={"litige": "reserve"}, ruling="dedans"
    ),
    "litige with belotes": dict(
        contract="90TA",
        points=(81, 81),
        belote=(1, 1),
        rules={**SA_TA, "litige": "reserve", "rounding": "none"},
        ruling="litige",
        score=(20, 101),
        reserve=81,
    ),
    # Capot.
    "capot 252": dict(
        contract="capotC",
        points=(162, 0),
        capot=TAKERS,
        rules={"capot": 252, "rounding": "none"},
        ruling="made",
        score=(504, 0),
    ),
    "capot coinched": dict(
        contract="capotCx2", points=(162, 0), capot=TAKERS, ruling="made", score=(1000, 0)
    ),
    "capot failed, coinched": dict(
        contract="capotCx2", points=(152, 10), ruling="dedans", score=(0, 820)
    ),
    "defenders' capot": dict(
        contract="80H", points=(0, 162), capot=DEFENDERS, ruling="dedans", score=(0, 240)
    ),
    "defenders' capot, takers' bonuses": dict(
        contract="80H",
        points=(0, 162),
        capot=DEFENDERS,
        belote=(1, 0),
        rules={"made": "reach_bid", "annonces": True},
        annonces=(("JS JH JD JC",), ()),
        ruling="dedans",
        score=(20, 440),
    ),
    "coinche_base points, capot": dict(
        contract="100Hx2",
        points=(162, 0),
        capot=TAKERS,
        rules={"coinche_base": "points"},
        ruling="made",
        score=(700, 0),
    ),
    "chute_points 162": dict(
        contract="100H",
        points=(96, 66),
        rules={"chute_points": 162, "rounding": "none"},
        ruling="dedans",
        score=(0, 262),
    ),
    "chute_points 162 coinched made": dict(
        contract="100Hx2",
        points=(122, 40),
        rules={"chute_points": 162, "rounding": "none"},
        ruling="made",
        score=(524, 0),
    ),
    "surcoinched dedans": dict(
        contract="90Dx4", points=(60, 102), belote=(0, 1), ruling="dedans", score=(0, 1080)
    ),
    "defenders' belote on a coinched make": dict(
        contract="100Hx2", points=(122, 40), belote=(0, 1), ruling="made", score=(520, 20)
    ),
    # scoring: contract.
    "contract dedans": dict(
        contract="100Hx2",
        points=(70, 92),
        belote=(1, 0),
        rules={"scoring": "contract"},
        ruling="dedans",
        score=(20, 200),
    ),
    "contract capot": dict(
        contract="capotH",
        points=(162, 0),
        capot=TAKERS,
        belote=(1, 0),
        rules={"scoring": "contract"},
        ruling="made",
        score=(270, 0),
    ),
    # TA belotes: one per suit, 20 each.
    "TA belotes": dict(
        contract="120TA",
        points=(100, 62),
        belote=(2, 1),
        rules=SA_TA,
        ruling="made",
        score=(260, 80),
    ),
}


@pytest.mark.parametrize("row", CASES.values(), ids=CASES.keys())
@SEATS
def test_scoring_cases(row: dict[str, Any], taker: int) -> None:
    result, score = scored(row, taker)
    assert result.contract == row["ruling"]
    if "score" in row:
        assert (score, result.reserve) == (row["score"], row.get("reserve", 0))


ANNONCES = {"annonces": True}
# Annonces under coinche: in T and D, to the takers on their capot, inside m when coinched.
ANNONCE_CASES = {
    "tierce makes it": dict(
        contract="90H",
        points=(80, 82),
        rules=ANNONCES,
        annonces=(("7S 8S 9S",), ()),
        ruling="made",
        score=(190, 80),
    ),
    "off: ignored": dict(
        contract="90H",
        points=(80, 82),
        annonces=(("7S 8S 9S",), ()),
        ruling="dedans",
        score=(0, 250),
    ),
    "not counted toward the contract": dict(
        contract="90H",
        points=(80, 82),
        rules={**ANNONCES, "bonus_counts": False},
        annonces=(("7S 8S 9S",), ()),
        ruling="dedans",
        score=(0, 270),
    ),
    "defenders' on a dedans": dict(
        contract="90H",
        points=(70, 92),
        rules=ANNONCES,
        annonces=((), ("7S 8S 9S 10S",)),
        ruling="dedans",
        score=(0, 300),
    ),
    "defenders' to the takers' capot": dict(
        contract="90H",
        points=(162, 0),
        capot=TAKERS,
        rules={**ANNONCES, "rounding": "none"},
        annonces=((), ("7S 8S 9S 10S",)),
        ruling="made",
        score=(390, 0),
    ),
    "inside m": dict(
        contract="100Hx2",
        points=(122, 40),
        rules=ANNONCES,
        annonces=((), ("7S 8S 9S",)),
        ruling="made",
        score=(560, 0),
    ),
    "defenders' annonces made": dict(
        contract="100H",
        points=(122, 40),
        rules={**ANNONCES, "rounding": "none"},
        annonces=((), ("7S 8S 9S",)),
        ruling="made",
        score=(222, 60),
    ),
    # A litige under `reserve`: the defenders score their total P + B + A, the takers their B,
    # and the takers' P + A wait in the reserve.
    "defenders' on a litige": dict(
        contract="100H",
        points=(81, 81),
        belote=(1, 0),
        rules={**ANNONCES, "litige": "reserve", "rounding": "none"},
        annonces=((), ("7S 8S 9S",)),
        ruling="litige",
        score=(20, 101),
        reserve=81,
    ),
    # SA fours: aces 200, tens 150, K Q J 9 100.
    "SA four aces": dict(
        contract="90SA",
        points=(100, 62),
        rules={**ANNONCES, **SA_TA, "rounding": "none"},
        annonces=(("AS AH AD AC",), ("JS JH JD JC",)),
        ruling="made",
        score=(390, 62),
    ),
    "SA four tens": dict(
        contract="90SA",
        points=(100, 62),
        rules={**ANNONCES, **SA_TA, "rounding": "none"},
        annonces=(("10S 10H 10D 10C",), ("9S 9H 9D 9C",)),
        ruling="made",
        score=(340, 62),
    ),
    "suit four jacks": dict(
        contract="90H",
        points=(100, 62),
        rules={**ANNONCES, "rounding": "none"},
        annonces=(("AS AH AD AC",), ("JS JH JD JC",)),
        ruling="dedans",
        score=(0, 450),
    ),
    "SA four nines over four kings (trump order)": dict(
        contract="90SA",
        points=(100, 62),
        rules={**ANNONCES, **SA_TA, "rounding": "none"},
        annonces=(("KS KH KD KC",), ("9S 9H 9D 9C",)),
        ruling="dedans",
        score=(0, 350),
    ),
    "TA: equal tierces, none in trump, none counts": dict(
        contract="90TA",
        points=(100, 62),
        rules={**ANNONCES, **SA_TA, "rounding": "none"},
        annonces=(("7H 8H 9H",), ("7S 8S 9S",)),
        ruling="made",
        score=(190, 62),
    ),
    "suit: equal tierces, the one in trump": dict(
        contract="90H",
        points=(100, 62),
        rules={**ANNONCES, "rounding": "none"},
        annonces=(("7H 8H 9H",), ("7S 8S 9S",)),
        ruling="made",
        score=(210, 62),
    ),
}


@pytest.mark.parametrize("row", ANNONCE_CASES.values(), ids=ANNONCE_CASES.keys())
@SEATS
def test_annonces(row: dict[str, Any], taker: int) -> None:
    result, score = scored(row, taker)
    assert (result.contract, score, result.reserve) == (
        row["ruling"],
        row["score"],
        row.get("reserve", 0),
    )


# "Game, annonces, renonce": the first renonce decides.
RENONCES = {
    "takers, dedans": dict(
        contract="100H",
        points=(122, 40),
        belote=(1, 0),
        renonce=TAKERS,
        ruling="dedans",
        score=(20, 260),
    ),
    "defenders: made": dict(
        contract="100Hx2",
        points=(60, 102),
        belote=(1, 0),
        renonce=DEFENDERS,
        ruling="made",
        score=(560, 0),
    ),
    "defenders on a capot contract": dict(
        contract="capotS",
        points=(100, 62),
        renonce=DEFENDERS,
        ruling="made",
        score=(410, 0),
    ),
    "takers, contract scoring": dict(
        contract="100Hx2",
        points=(122, 40),
        belote=(0, 1),
        renonce=TAKERS,
        rules={"scoring": "contract"},
        ruling="dedans",
        score=(0, 240),
    ),
    "defenders, contract scoring": dict(
        contract="100H",
        points=(60, 102),
        renonce=DEFENDERS,
        rules={"scoring": "contract"},
        ruling="made",
        score=(100, 0),
    ),
    "defenders on a takers' capot, coinched: the fixed award": dict(
        contract="110Sx2",
        points=(162, 0),
        capot=TAKERS,
        renonce=DEFENDERS,
        ruling="made",
        score=(540, 0),
    ),
    "annul": dict(
        contract="100Hx2",
        points=(122, 40),
        belote=(1, 0),
        renonce=TAKERS,
        rules={"renonce": "annul"},
        ruling="annulled",
        score=(0, 0),
    ),
    "with annonces": dict(
        contract="100H",
        points=(122, 40),
        renonce=DEFENDERS,
        rules={**ANNONCES, "rounding": "none"},
        annonces=((), ("7S 8S 9S",)),
        ruling="made",
        score=(280, 0),
    ),
}


@pytest.mark.parametrize("row", RENONCES.values(), ids=RENONCES.keys())
@SEATS
def test_renonce(row: dict[str, Any], taker: int) -> None:
    result, score = scored(row, taker)
    assert (result.contract, score) == (row["ruling"], row["score"])
    assert result.renonce == by_team((0, 1), taker)[0 if row["renonce"] == TAKERS else 1]


def test_breakdown_of_a_coinched_make() -> None:
    """Example 16 as its parts: 2 x (160 + 20 + 0 + 100) for the takers, 0 for the others."""
    result = COINCHE.score_deal(summary("100Hx2", 0, (110, 52), (1, 0)), CoincheOptions())
    takers, defenders = result.breakdown
    assert (takers.cards, takers.belote, takers.annonces, takers.contract) == (160, 20, 0, 100)
    assert (takers.multiplier, takers.rounding, takers.total) == (2, 0, 560)
    assert (defenders.cards, defenders.multiplier, defenders.total) == (0, 1, 0)
    assert (result.compared, result.multiplier, result.takers) == ((130, 52), 2, 0)


@pytest.mark.parametrize(
    ("contract", "points", "capot", "counted", "won"),
    [
        # Coinched and made: the fixed 160 counted; 110 won.
        ("100Hx2", (110, 52), None, (160, 0), (110, 52)),
        # Dedans: the defenders count the fixed 160.
        ("120H", (70, 92), None, (0, 160), (70, 92)),
        # A capot counts its value, 250; it won the 162.
        ("capotH", (162, 0), TAKERS, (250, 0), (162, 0)),
    ],
)
def test_the_card_points_won_stand_beside_the_points_counted(
    contract: str,
    points: tuple[int, int],
    capot: str | None,
    counted: tuple[int, int],
    won: tuple[int, int],
) -> None:
    deal = summary(contract, 0, points, capot=capot)
    result = COINCHE.score_deal(deal, CoincheOptions())
    assert tuple(team.cards for team in result.breakdown) == counted
    assert tuple(team.card_points for team in result.breakdown) == won


def test_breakdown_rounding() -> None:
    result = COINCHE.score_deal(summary("100H", 1, (122, 40)), CoincheOptions())
    defenders, takers = result.breakdown
    assert (takers.cards, takers.contract, takers.rounding, takers.total) == (122, 100, -2, 220)
    assert (defenders.cards, defenders.rounding, defenders.total) == (40, 0, 40)


PROBLEMS = {
    "SA without sa_ta": (summary("100SA", 0, (100, 62)), {}, ["/contract/strain"]),
    "above max_bid": (summary("170H", 0, (100, 62)), {}, ["/contract/value"]),
    "180 with max_bid 180": (summary("180H", 0, (100, 62)), {"max_bid": 180}, []),
    "not in tens": (summary("85H", 0, (100, 62)), {}, ["/contract/value"]),
    "below 80": (summary("70H", 0, (100, 62)), {}, ["/contract/value"]),
    "two belotes under a suit": (summary("80H", 0, (100, 62), (1, 1)), {}, ["/belote"]),
    "a belote under SA": (summary("80SA", 0, (100, 62), (1, 0)), SA_TA, ["/belote"]),
    "five under TA": (summary("80TA", 0, (100, 62), (3, 2)), SA_TA, ["/belote"]),
    "four under TA": (summary("80TA", 0, (100, 62), (3, 1)), SA_TA, []),
    "TA belote none": (
        summary("80TA", 0, (100, 62), (1, 0)),
        {**SA_TA, "ta_belote": "none"},
        ["/belote"],
    ),
    "negative belote": (summary("80H", 0, (100, 62), (-1, 1)), {}, ["/belote"]),
    "points sum": (summary("80H", 0, (100, 61)), {}, ["/points"]),
    "capot without the points": (summary("80H", 0, (100, 62), capot=TAKERS), {}, ["/capot"]),
    "bad seat, level, team": (
        CoincheDealSummary(Contract(4, 80, 0, 3), (100, 62), capot=2, renonce=-1),
        {},
        ["/contract/taker", "/contract/coinche", "/capot", "/renonce"],
    ),
    "bad strain": (CoincheDealSummary(Contract(0, 80, 6), (100, 62)), {}, ["/contract/strain"]),
    "value not a number": (
        CoincheDealSummary(Contract(0, "80", 0), (100, 62)),
        {},
        ["/contract/value"],
    ),
}


@pytest.mark.parametrize(("deal", "rules", "pointers"), PROBLEMS.values(), ids=PROBLEMS.keys())
def test_summaries_that_cannot_be_judged(
    deal: CoincheDealSummary, rules: dict[str, Any], pointers: list[str]
) -> None:
    options = COINCHE.options(rules)
    if not pointers:
        COINCHE.score_deal(deal, options)
        return
    with pytest.raises(InconsistentInput) as caught:
        COINCHE.score_deal(deal, options)
    assert [p.pointer for p in caught.value.problems] == pointers


def test_game_to_2000_with_the_reserve() -> None:
    """The game is classic's: a litige's reserve goes to the next deal's winner."""
    options = COINCHE.options({"litige": "reserve"})
    deals = [
        summary("80S", 0, (81, 81)),  # litige: 0 / 80, reserve 80
        summary("160H", 1, (162, 0), capot=TAKERS),  # made by team 1: 250 + 160 -> 410
        summary("capotHx4", 0, (162, 0), capot=TAKERS),  # 4 x (250 + 250) = 2000
    ]
    game = COINCHE.score_game(deals, options)
    assert [d.deal.contract for d in game.deals] == ["litige", "made", "made"]
    assert [d.totals for d in game.deals] == [(0, 80), (0, 570), (2000, 570)]
    assert (game.deals[1].reserve_to, game.reserve, game.finished, game.winner) == (1, 0, True, 0)
    assert game.deals[2].deal.winner == 0


def test_game_over_and_annulled() -> None:
    options = COINCHE.options({"target": 300, "renonce": "annul"})
    annulled = summary("100H", 0, (122, 40), renonce=TAKERS)
    won = summary("100H", 0, (122, 40))
    game = COINCHE.score_game([annulled, won, won], options)
    assert [d.totals for d in game.deals] == [(0, 0), (220, 40), (440, 80)]
    assert game.deals[0].deal.winner is None and game.winner == 0
    with pytest.raises(InconsistentInput) as caught:
        COINCHE.score_game([won, won, won], options)
    assert [p.pointer for p in caught.value.problems] == ["/deals/2"]
    with pytest.raises(InconsistentInput) as caught:
        COINCHE.score_game([summary("100SA", 0, (100, 62))], options)
    assert [p.pointer for p in caught.value.problems] == ["/deals/0/contract/strain"]


@st.composite
def deals(draw: st.DrawFn) -> tuple[CoincheDealSummary, CoincheOptions]:
    rules = {
        "sa_ta": True,
        "scoring": draw(st.sampled_from(["points", "contract"])),
        "made": draw(st.sampled_from(["beat_defenders", "reach_bid"])),
        "litige": draw(st.sampled_from(["dedans", "reserve"])),
        "coinche_base": draw(st.sampled_from(["fixed", "points"])),
        "bonus_counts": draw(st.booleans()),
        "rounding": draw(st.sampled_from(["nearest_ten", "none"])),
        "annonces": draw(st.booleans()),
        "renonce": draw(st.sampled_from(["dedans", "annul"])),
    }
    capot = draw(st.sampled_from([None, 0, 1]))
    if capot is None:
        taken = draw(st.integers(0, 162))
        points = (taken, 162 - taken)
    else:
        points = (162, 0) if capot == 0 else (0, 162)
    strain = draw(st.integers(0, 5))
    value = draw(st.sampled_from([*range(80, 161, 10), CAPOT]))
    most = {4: 0, 5: 4}.get(strain, 1)
    first = draw(st.integers(0, most))
    belote = (first, draw(st.integers(0, most - first)))
    fours = ("JS JH JD JC", "9S 9H 9D 9C", "AS AH AD AC", "7S 8S 9S")
    annonces = tuple(
        tuple(classify(cards(a)) for a in draw(st.lists(st.sampled_from(fours), max_size=1)))
        for _ in range(2)
    )
    contract = Contract(draw(st.integers(0, 3)), value, strain, draw(st.integers(0, 2)))
    renonce = draw(st.sampled_from([None, None, 0, 1]))
    deal = CoincheDealSummary(contract, points, capot, belote, annonces, renonce)  # type: ignore[arg-type]
    return deal, COINCHE.options(rules)


@given(deals())
def test_scores_are_never_negative_and_each_outcome_has_its_winner(
    drawn: tuple[CoincheDealSummary, CoincheOptions],
) -> None:
    deal, options = drawn
    result = COINCHE.score_deal(deal, options)
    takers = deal.contract.taker % 2
    assert min(result.score) >= 0
    assert all(t.total == result.score[t.team] for t in result.breakdown)
    assert tuple(t.card_points for t in result.breakdown) == deal.points
    belotes = [20 * n for n in deal.belote]
    if result.contract == "made":
        # The takers score at least the contract; the defenders keep at least their belote.
        assert result.score[takers] >= result.breakdown[takers].contract > 0
        assert result.breakdown[1 - takers].belote == belotes[1 - takers]
    if result.contract == "dedans":
        assert result.breakdown[takers].cards == 0
        assert result.score[takers] == round(belotes[takers], -1) or options.rounding == "none"
        assert result.score[1 - takers] > 0
    if result.contract == "annulled":
        assert result.score == (0, 0)
    if result.contract != "litige":
        assert result.reserve == 0


@given(st.lists(deals(), min_size=1, max_size=12))
def test_a_game_conserves_its_reserve(
    drawn: list[tuple[CoincheDealSummary, CoincheOptions]],
) -> None:
    """Every point a deal scores or holds in reserve ends in a team's total or the reserve
    still held; nothing is scored after the game is won."""
    options = COINCHE.options({"sa_ta": True, "litige": "reserve", "target": 100_000})
    summaries = [deal for deal, _ in drawn]
    game = COINCHE.score_game(summaries, options)
    scored = sum(sum(d.deal.score) + d.deal.reserve for d in game.deals)
    assert sum(game.totals) + game.reserve == scored
    for before, after in zip(game.deals, game.deals[1:], strict=False):
        assert after.reserve_in == before.reserve_out
        if after.reserve_to is not None:
            assert after.reserve_out == (
                after.deal.reserve if after.deal.contract == "litige" else 0
            )
    assert (game.finished, game.winner) == (False, None) or max(game.totals) >= 100_000


def test_both_variants_score_a_capot_as_the_team_that_won_every_trick() -> None:
    """One deal score type for both variants (`ScoredDeal`): `capot` is a team, not a count."""
    classic = score_deal(DealSummary(taker=1, points=(0, 162), capot=1))
    coinche = COINCHE.score_deal(CoincheDealSummary(Contract(1, 80, Suit.HEARTS), (0, 162), 1))
    for scored in (classic, coinche):
        assert isinstance(scored, ScoredDeal)
        assert (scored.contract, scored.capot, scored.takers, scored.winner) == ("made", 1, 1, 1)


# Option game_end: "ffb" (the Fédération Française de Belote): a team that went dedans, or
# was capot, and reaches the target only through its belote of that deal has not won.
BIG_MAKE = CoincheDealSummary(Contract(0, 80, Suit.HEARTS), (162, 0), 0, (0, 0), ((), ()))
DEDANS_WITH_BELOTE = CoincheDealSummary(
    Contract(0, 80, Suit.HEARTS), (70, 92), None, (1, 0), ((), ())
)
CAPOT_AGAINST_BELOTE = CoincheDealSummary(
    Contract(1, 80, Suit.HEARTS), (0, 162), 1, (1, 0), ((), ())
)


def mirrored(summary: CoincheDealSummary) -> CoincheDealSummary:
    """The same deal with the teams' seats swapped (seat s plays seat s + 1's cards)."""
    contract = summary.contract
    return CoincheDealSummary(
        Contract((contract.taker + 1) % 4, contract.value, contract.strain, contract.coinche),
        (summary.points[1], summary.points[0]),
        None if summary.capot is None else 1 - summary.capot,
        (summary.belote[1], summary.belote[0]),
        (summary.annonces[1], summary.annonces[0]),
    )


@pytest.mark.parametrize("team", [0, 1])
@pytest.mark.parametrize("second", [DEDANS_WITH_BELOTE, CAPOT_AGAINST_BELOTE])
def test_under_ffb_a_belote_does_not_win_a_beaten_team_the_game(second: Any, team: int) -> None:
    deals = [BIG_MAKE, second] if team == 0 else [mirrored(BIG_MAKE), mirrored(second)]
    first = COINCHE.score_deal(BIG_MAKE).score[0]
    target = first + 10  # reached only with the 20 of the belote
    reach = COINCHE.score_game(deals, COINCHE.options({"target": target}))
    assert reach.finished and reach.winner == team and reach.totals[team] == first + 20
    ffb = COINCHE.options({"target": target, "game_end": "ffb"})
    held = COINCHE.score_game(deals, ffb)
    assert not held.finished and held.winner is None and held.totals == reach.totals


def test_under_ffb_a_beaten_team_past_the_target_without_its_belote_wins() -> None:
    first = COINCHE.score_deal(BIG_MAKE).score[0]
    ffb = COINCHE.options({"target": first - 10, "game_end": "ffb"})
    game = COINCHE.score_game([BIG_MAKE], ffb)
    assert game.winner == 0


def test_under_ffb_the_team_that_made_its_contract_wins_with_its_belote() -> None:
    made = CoincheDealSummary(Contract(0, 80, Suit.HEARTS), (100, 62), None, (1, 0), ((), ()))
    first = COINCHE.score_deal(BIG_MAKE).score[0]
    ffb = COINCHE.options({"target": first + 185, "game_end": "ffb"})
    game = COINCHE.score_game([BIG_MAKE, made], ffb)
    assert game.winner == 0 and game.totals[0] - 20 < first + 185
