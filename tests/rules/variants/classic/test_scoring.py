"""RULES.md "Scoring a deal", "Renonce penalty" and "The game", with the texts' figures.

Rows are written from the takers' side: points (takers, defenders) and the score (takers,
defenders); each row runs with the taker on every seat, so on either team."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules import (
    DealSummary,
    InconsistentInput,
    RuleOptions,
    Suit,
    classify,
    score_deal,
    score_game,
)
from service.rules.core.annonces import AnnonceVerdict
from service.rules.core.scoring import round_score
from service.rules.variants import CLASSIC
from tests.rules.builders import cards
from tests.rules.inconsistent import Found, problems

TAKERS, DEFENDERS = "takers", "defenders"
Pair = tuple[int, int]


def summary(
    taker: int,
    points: Pair,
    belote: str | None = None,
    capot: str | None = None,
    renonce: str | None = None,
    annonces: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
) -> DealSummary:
    """A deal summary from the takers' side: `points`, `annonces` as (takers, defenders)."""
    takers = taker % 2
    side = {TAKERS: takers, DEFENDERS: 1 - takers, None: None}

    def by_team(pair: Any) -> Any:
        return (pair[0], pair[1]) if takers == 0 else (pair[1], pair[0])

    declared = by_team(tuple(tuple(classify(cards(a)) for a in team) for team in annonces))
    return DealSummary(
        taker=taker,
        points=by_team(points),
        capot=side[capot],
        belote=belote_of(side[belote]),
        renonce=side[renonce],
        annonces=declared,
        trump=Suit.HEARTS,
    )


def belote_of(team: int | None) -> Pair:
    """A deal to score's belotes, by team: the one of `team` (None: no belote)."""
    return (int(team == 0), int(team == 1))


def takers_first(score: Pair, taker: int) -> Pair:
    return score if taker % 2 == 0 else (score[1], score[0])


SEATS = pytest.mark.parametrize("taker", [0, 1, 2, 3])


@SEATS
@pytest.mark.parametrize(
    ("belote", "points", "contract", "score", "reserve"),
    [
        # 162 a deal: strictly more than the defenders makes it.
        (None, (162, 0), "made", (162, 0), 0),
        (None, (100, 62), "made", (100, 62), 0),
        # The French text's table. Nobody holds belote: 82 made, 81-81 litige.
        (None, (82, 80), "made", (82, 80), 0),
        (None, (81, 81), "litige", (0, 81), 81),
        (None, (80, 82), "dedans", (0, 162), 0),
        # The takers hold belote: 72 made (92-90), 71 litige (71 + 20 against 91), 70 dedans.
        (TAKERS, (72, 90), "made", (92, 90), 0),
        (TAKERS, (71, 91), "litige", (20, 91), 71),
        (TAKERS, (70, 92), "dedans", (20, 162), 0),
        # The defenders hold belote: 92 made, 91 litige (91 against 71 + 20).
        (DEFENDERS, (92, 70), "made", (92, 90), 0),
        (DEFENDERS, (91, 71), "litige", (0, 91), 91),
        (DEFENDERS, (90, 72), "dedans", (0, 182), 0),
        (DEFENDERS, (0, 162), "dedans", (0, 182), 0),
    ],
)
def test_made_dedans_and_litige(
    taker: int, belote: str | None, points: Pair, contract: str, score: Pair, reserve: int
) -> None:
    result = score_deal(summary(taker, points, belote))
    assert result.contract == contract
    assert takers_first(result.score, taker) == score
    assert result.reserve == reserve
    assert result.capot is None


@SEATS
@pytest.mark.parametrize(
    ("litige", "belote", "points", "contract", "score", "reserve"),
    [
        # FFB 2016 §10.1.3: "En cas d'égalité entre les totaux de points des deux équipes
        # (81-81 ou 91-91), il y a « litige »": the takers' points held for the next deal.
        ("reserve", None, (81, 81), "litige", (0, 81), 81),
        ("reserve", TAKERS, (71, 91), "litige", (20, 91), 71),
        # ... unless the tournament drops it and rules a tie a fall or a contract made.
        ("dedans", None, (81, 81), "dedans", (0, 162), 0),
        ("dedans", TAKERS, (71, 91), "dedans", (20, 162), 0),
        ("dedans", DEFENDERS, (91, 71), "dedans", (0, 182), 0),
        ("made", None, (81, 81), "made", (81, 81), 0),
        ("made", TAKERS, (71, 91), "made", (91, 91), 0),
        # Not a tie: the option changes nothing.
        ("dedans", None, (82, 80), "made", (82, 80), 0),
        ("made", None, (80, 82), "dedans", (0, 162), 0),
    ],
)
def test_a_tie_by_option_litige(
    taker: int,
    litige: str,
    belote: str | None,
    points: Pair,
    contract: str,
    score: Pair,
    reserve: int,
) -> None:
    result = score_deal(summary(taker, points, belote), CLASSIC.options({"litige": litige}))
    assert (result.contract, takers_first(result.score, taker), result.reserve) == (
        contract,
        score,
        reserve,
    )


@SEATS
@pytest.mark.parametrize(
    ("options", "belote", "capot", "contract", "score"),
    [
        ({}, None, TAKERS, "made", (252, 0)),
        ({}, TAKERS, TAKERS, "made", (272, 0)),
        ({}, DEFENDERS, TAKERS, "made", (252, 20)),
        # A defenders' capot: the takers are dedans.
        ({}, None, DEFENDERS, "dedans", (0, 252)),
        ({}, DEFENDERS, DEFENDERS, "dedans", (0, 272)),
        ({}, TAKERS, DEFENDERS, "dedans", (20, 252)),
        # Option capot 250.
        ({"capot": 250}, None, TAKERS, "made", (250, 0)),
        ({"capot": 250}, TAKERS, TAKERS, "made", (270, 0)),
        ({"capot": 250}, None, DEFENDERS, "dedans", (0, 250)),
        ({"capot": 252}, None, TAKERS, "made", (252, 0)),
        # Option rounding: a capot is then 250 (272 is 270).
        ({"rounding": "nearest_ten"}, None, TAKERS, "made", (250, 0)),
        ({"rounding": "nearest_ten"}, TAKERS, TAKERS, "made", (270, 0)),
        ({"rounding": "nearest_ten"}, DEFENDERS, DEFENDERS, "dedans", (0, 270)),
    ],
)
def test_capot(
    taker: int,
    options: dict[str, Any],
    belote: str | None,
    capot: str,
    contract: str,
    score: Pair,
) -> None:
    points = (162, 0) if capot == TAKERS else (0, 162)
    result = score_deal(summary(taker, points, belote, capot), RuleOptions(**options))
    assert (result.contract, takers_first(result.score, taker)) == (contract, score)
    assert result.capot == summary(taker, points, belote, capot).capot


@SEATS
@pytest.mark.parametrize(
    ("belote", "points", "contract", "score", "reserve"),
    [
        (None, (82, 80), "made", (80, 80), 0),
        (None, (85, 77), "made", (90, 80), 0),
        (None, (86, 76), "made", (90, 80), 0),
        (None, (94, 68), "made", (90, 70), 0),
        (None, (81, 81), "litige", (0, 80), 80),
        (None, (80, 82), "dedans", (0, 160), 0),
        (TAKERS, (70, 92), "dedans", (20, 160), 0),
        (TAKERS, (71, 91), "litige", (20, 90), 70),
        (TAKERS, (75, 87), "made", (100, 90), 0),
        (DEFENDERS, (90, 72), "dedans", (0, 180), 0),
        (DEFENDERS, (91, 71), "litige", (0, 90), 90),
    ],
)
def test_rounding_to_the_nearest_ten(
    taker: int, belote: str | None, points: Pair, contract: str, score: Pair, reserve: int
) -> None:
    result = score_deal(summary(taker, points, belote), RuleOptions(rounding="nearest_ten"))
    assert result.contract == contract
    assert takers_first(result.score, taker) == score
    assert result.reserve == reserve


@pytest.mark.parametrize(
    ("points", "rounded"),
    [(0, 0), (4, 0), (5, 10), (14, 10), (15, 20), (81, 80), (85, 90), (162, 160), (252, 250)],
)
def test_rounding_goes_five_up(points: int, rounded: int) -> None:
    assert round_score(points, RuleOptions(rounding="nearest_ten")) == rounded
    assert round_score(points, RuleOptions()) == points


@SEATS
@pytest.mark.parametrize(
    ("options", "renonce", "belote", "capot", "points", "contract", "score"),
    [
        # The offenders are dedans whatever they scored; the others take 162 and their belote.
        ({}, TAKERS, None, None, (100, 62), "dedans", (0, 162)),
        ({}, TAKERS, TAKERS, None, (100, 62), "dedans", (20, 162)),
        ({}, TAKERS, DEFENDERS, None, (100, 62), "dedans", (0, 182)),
        ({}, DEFENDERS, None, None, (60, 102), None, (162, 0)),
        ({}, DEFENDERS, DEFENDERS, None, (60, 102), None, (162, 20)),
        ({}, DEFENDERS, TAKERS, None, (60, 102), None, (182, 0)),
        # ... their capot value when they won every trick,
        ({}, DEFENDERS, None, TAKERS, (162, 0), None, (252, 0)),
        ({}, TAKERS, DEFENDERS, DEFENDERS, (0, 162), "dedans", (0, 272)),
        # ... and never the offenders' capot.
        ({}, TAKERS, None, TAKERS, (162, 0), "dedans", (0, 162)),
        ({}, DEFENDERS, None, DEFENDERS, (0, 162), None, (162, 0)),
        ({}, DEFENDERS, DEFENDERS, DEFENDERS, (0, 162), None, (162, 20)),
        ({"rounding": "nearest_ten"}, TAKERS, None, None, (100, 62), "dedans", (0, 160)),
        # Option renonce "annul": the deal scores nothing, belote included.
        ({"renonce": "annul"}, TAKERS, TAKERS, None, (100, 62), "annulled", (0, 0)),
        ({"renonce": "annul"}, DEFENDERS, None, TAKERS, (162, 0), "annulled", (0, 0)),
        ({"renonce": "dedans"}, DEFENDERS, None, None, (60, 102), None, (162, 0)),
    ],
)
def test_the_renonce_penalty(
    taker: int,
    options: dict[str, Any],
    renonce: str,
    belote: str | None,
    capot: str | None,
    points: Pair,
    contract: str | None,
    score: Pair,
) -> None:
    deal = summary(taker, points, belote, capot, renonce)
    result = score_deal(deal, RuleOptions(**options))
    assert takers_first(result.score, taker) == score
    assert result.reserve == 0
    if contract is not None:
        assert result.contract == contract
    assert (result.renonce, result.takers) == (deal.renonce, taker % 2)
    assert [(b.team, b.total) for b in result.breakdown] == [
        (0, result.score[0]),
        (1, result.score[1]),
    ]


TIERCE_S, TIERCE_D, TIERCE_H = "7S 8S 9S", "7D 8D 9D", "QH KH AH"
CINQUANTE_C = "10C JC QC KC"
NINES, ACES = "9S 9H 9D 9C", "AS AH AD AC"


@SEATS
@pytest.mark.parametrize(
    ("options", "belote", "annonces", "points", "contract", "score", "reserve"),
    [
        # Annonces count toward making the contract.
        ({"annonces": True}, None, ((TIERCE_S,), ()), (72, 90), "made", (92, 90), 0),
        ({"annonces": True}, DEFENDERS, ((), (CINQUANTE_C,)), (120, 42), "made", (120, 112), 0),
        # Option off (default): they change nothing.
        ({}, None, ((TIERCE_S,), ()), (72, 90), "dedans", (0, 162), 0),
        # Dedans: the annonces that count go to the defenders, whoever held the best.
        ({"annonces": True}, None, ((TIERCE_S,), ()), (60, 102), "dedans", (0, 182), 0),
        ({"annonces": True}, None, ((), (TIERCE_S,)), (80, 82), "dedans", (0, 182), 0),
        ({"annonces": True}, TAKERS, ((CINQUANTE_C,), ()), (20, 142), "dedans", (20, 212), 0),
        # Litige: the takers' counted annonces join the reserve.
        ({"annonces": True}, None, ((TIERCE_S,), ()), (71, 91), "litige", (0, 91), 91),
        ({"annonces": True}, TAKERS, ((TIERCE_S,), ()), (61, 101), "litige", (20, 101), 81),
        ({"annonces": True}, None, ((), (TIERCE_S,)), (91, 71), "litige", (0, 91), 91),
        # Only the best single annonce's team scores: a tierce in trump beats one in spades.
        ({"annonces": True}, None, ((TIERCE_S,), (TIERCE_H,)), (92, 70), "made", (92, 90), 0),
        # Equal best annonces after every tie-break: nobody's count.
        ({"annonces": True}, None, ((TIERCE_S,), (TIERCE_D,)), (72, 90), "dedans", (0, 162), 0),
        # A capot with annonces.
        ({"annonces": True}, TAKERS, ((CINQUANTE_C,), ()), (162, 0), "made", (322, 0), 0),
        # Takers who won no trick are dedans whatever their annonces (the French text: "si
        # c'est l'équipe défenseuse qui réalise le capot, l'équipe attaquante est évidemment
        # dedans"): 150 + 100 + belote would beat the capot's 252.
        (
            {"annonces": True},
            TAKERS,
            ((NINES, ACES), ()),
            (0, 162),
            "dedans",
            (20, 502),
            0,
        ),
        # A takers' capot (250) tied by the defenders' annonces (150 + 100): litige, and the
        # whole capot value is the takers' total held in reserve.
        (
            {"annonces": True, "capot": 250},
            None,
            ((), (NINES, ACES)),
            (162, 0),
            "litige",
            (0, 250),
            250,
        ),
    ],
)
def test_annonces_in_the_deal_score(
    taker: int,
    options: dict[str, Any],
    belote: str | None,
    annonces: Any,
    points: Pair,
    contract: str,
    score: Pair,
    reserve: int,
) -> None:
    capot = {(162, 0): TAKERS, (0, 162): DEFENDERS}.get(points)
    result = score_deal(
        summary(taker, points, belote, capot, None, annonces), RuleOptions(**options)
    )
    assert result.contract == contract
    assert takers_first(result.score, taker) == score
    assert result.reserve == reserve


def test_annonces_without_a_trump_cannot_be_ranked() -> None:
    """The trump breaks ties between annonces: without it, declared annonces cannot be
    judged, and a deal that declared none scores none."""
    declared = ((classify(cards(TIERCE_S)),), ())
    options = RuleOptions(annonces=True)
    bare = DealSummary(taker=0, points=(100, 62), annonces=declared)  # type: ignore[arg-type]
    assert problems(lambda: score_deal(bare, options)) == [("/trump", "annonces_need_trump", {})]
    result = score_deal(DealSummary(taker=0, points=(100, 62)), options)
    assert result.annonces == AnnonceVerdict(None, (0, 0), (0, 0))
    assert result.score == (100, 62)


@pytest.mark.parametrize(
    ("deal", "found"),
    [
        (DealSummary(taker=0, points=(100, 61)), ("/points", "points_sum", {"total": 161})),
        (DealSummary(taker=0, points=(100, 63)), ("/points", "points_sum", {"total": 163})),
        (DealSummary(taker=0, points=(170, -8)), ("/points", "points_negative", {})),
        (DealSummary(taker=0, points=(162,)), ("/points", "points_count", {})),  # type: ignore[arg-type]
        (
            DealSummary(taker=0, points=(150, 12), capot=0),
            ("/capot", "capot_points", {"points": 150}),
        ),
        (DealSummary(taker=0, points=(162, 0), capot=1), ("/capot", "capot_points", {"points": 0})),
        (DealSummary(taker=0, points=(100, 62), capot=2), ("/capot", "not_a_team", {"value": 2})),
        (DealSummary(taker=4, points=(100, 62)), ("/taker", "not_a_seat", {"value": 4})),
        (
            DealSummary(taker=0, points=(100, 62), belote=(1, 1)),
            ("/belote", "belote_count", {"most": 1}),
        ),
        (
            DealSummary(taker=0, points=(100, 62), renonce=-1),
            ("/renonce", "not_a_team", {"value": -1}),
        ),
    ],
)
def test_a_deal_that_cannot_have_been_played_is_inconsistent_input(
    deal: DealSummary, found: Found
) -> None:
    assert problems(lambda: score_deal(deal)) == [found]


def test_each_teams_breakdown_adds_up_to_its_score() -> None:
    deal = summary(0, (162, 0), TAKERS, TAKERS, None, ((CINQUANTE_C,), ()))
    result = score_deal(deal, RuleOptions(annonces=True, rounding="nearest_ten"))
    takers = result.breakdown[0]
    assert (takers.cards, takers.belote, takers.annonces, takers.capot_bonus) == (162, 20, 50, 90)
    assert (takers.rounding, takers.total) == (-2, 320)
    assert result.score == (320, 0)
    assert result.annonces is not None and result.annonces.team == 0


@pytest.mark.parametrize(
    ("deal", "options", "counted", "won"),
    [
        # Made: each team counts what it won.
        (summary(0, (102, 60)), RuleOptions(), (102, 60), (102, 60)),
        # Dedans: the defenders count all 162; the takers had won 60.
        (summary(0, (60, 102)), RuleOptions(), (0, 162), (60, 102)),
        # Litige: the takers' points go to the reserve.
        (summary(0, (81, 81)), RuleOptions(), (0, 81), (81, 81)),
        # A defenders' renonce: the takers count 162 and had won 108.
        (summary(0, (108, 54), renonce=DEFENDERS), RuleOptions(), (162, 0), (108, 54)),
        # renonce: annul counts nothing; the tricks were still won.
        (summary(0, (108, 54), renonce=TAKERS), RuleOptions(renonce="annul"), (0, 0), (108, 54)),
        # A capot: 162 counted and won (its value is the capot bonus).
        (summary(0, (162, 0), capot=TAKERS), RuleOptions(), (162, 0), (162, 0)),
    ],
)
def test_the_card_points_won_stand_beside_the_points_counted(
    deal: DealSummary, options: RuleOptions, counted: Pair, won: Pair
) -> None:
    result = score_deal(deal, options)
    assert tuple(team.cards for team in result.breakdown) == counted
    assert tuple(team.card_points for team in result.breakdown) == won


# ----- The game: deals in order, the litige reserve handed on, the target. -----


def deal(taker: int, points: Pair, **fields: Any) -> DealSummary:
    """A deal of a game, by team (not from the takers' side)."""
    return DealSummary(taker=taker, points=points, **fields)


LITIGE_0, LITIGE_1 = deal(0, (81, 81)), deal(1, (81, 81))


@pytest.mark.parametrize(
    ("deals", "options", "totals", "reserves", "reserve", "finished", "winner"),
    [
        ([deal(0, (100, 62))], {}, (100, 62), [(0, 0)], 0, False, None),
        # The reserve goes to the team that wins the next deal: its takers if they make it...
        (
            [LITIGE_0, deal(1, (62, 100))],
            {},
            (62, 81 + 81 + 100),
            [(0, 81), (81, 0)],
            0,
            False,
            None,
        ),
        # ... else its defenders.
        (
            [LITIGE_0, deal(0, (60, 102))],
            {},
            (0, 81 + 162 + 81),
            [(0, 81), (81, 0)],
            0,
            False,
            None,
        ),
        ([LITIGE_0, deal(1, (102, 60))], {}, (162 + 81, 81), [(0, 81), (81, 0)], 0, False, None),
        # A further litige adds to the reserve, whoever took.
        (
            [LITIGE_0, LITIGE_1, deal(0, (100, 62))],
            {},
            (81 + 100 + 162, 81 + 62),
            [(0, 81), (81, 162), (162, 0)],
            0,
            False,
            None,
        ),
        # The takers' belote stays with them; only their card points are held.
        ([deal(0, (71, 91), belote=(1, 0))], {}, (20, 91), [(0, 71)], 71, False, None),
        # An annulled deal adds nothing and leaves the reserve held.
        (
            [LITIGE_0, deal(0, (100, 62), renonce=1), deal(1, (62, 100))],
            {"renonce": "annul"},
            (62, 81 + 81 + 100),
            [(0, 81), (81, 81), (81, 0)],
            0,
            False,
            None,
        ),
        # A reserve still held when the list ends.
        ([deal(0, (100, 62)), LITIGE_1], {}, (181, 62), [(0, 0), (0, 81)], 81, False, None),
        # Rounding rounds the reserve too.
        ([LITIGE_0], {"rounding": "nearest_ten"}, (0, 80), [(0, 80)], 80, False, None),
        # The target is reached at the end of a deal: the team with more points wins.
        ([deal(0, (162, 0), capot=0)], {"target": 200}, (252, 0), [(0, 0)], 0, True, 0),
        ([deal(0, (100, 62))], {"target": 100}, (100, 62), [(0, 0)], 0, True, 0),
        ([deal(0, (100, 62))], {"target": 101}, (100, 62), [(0, 0)], 0, False, None),
        (
            [deal(0, (100, 62)), deal(1, (70, 92))],
            {"target": 150},
            (170, 154),
            [(0, 0), (0, 0)],
            0,
            True,
            0,
        ),
        (
            [deal(0, (100, 62)), deal(1, (20, 142))],
            {"target": 150},
            (120, 204),
            [(0, 0), (0, 0)],
            0,
            True,
            1,
        ),
        # Equal totals play another deal.
        (
            [deal(0, (112, 50)), deal(1, (50, 112))],
            {"target": 150},
            (162, 162),
            [(0, 0), (0, 0)],
            0,
            False,
            None,
        ),
        (
            [deal(0, (112, 50)), deal(1, (50, 112)), deal(0, (82, 80))],
            {"target": 150},
            (244, 242),
            [(0, 0), (0, 0), (0, 0)],
            0,
            True,
            0,
        ),
        # The reserve counts toward the target.
        (
            [LITIGE_0, deal(1, (62, 100))],
            {"target": 262},
            (62, 262),
            [(0, 81), (81, 0)],
            0,
            True,
            1,
        ),
    ],
)
def test_the_game(
    deals: list[DealSummary],
    options: dict[str, Any],
    totals: Pair,
    reserves: list[Pair],
    reserve: int,
    finished: bool,
    winner: int | None,
) -> None:
    game = score_game(deals, RuleOptions(**options))
    assert [d.deal for d in game.deals] == [score_deal(d, RuleOptions(**options)) for d in deals]
    assert game.totals == totals
    assert [(d.reserve_in, d.reserve_out) for d in game.deals] == reserves
    assert game.deals[-1].totals == totals
    assert game.reserve == reserve
    assert (game.finished, game.winner) == (finished, winner)


def test_a_game_of_the_default_target_ends_at_1000() -> None:
    deals = [deal(0, (162, 0), capot=0)] * 3 + [deal(0, (100, 62))]
    game = score_game(deals)
    assert [d.totals for d in game.deals] == [(252, 0), (504, 0), (756, 0), (856, 62)]
    assert not game.finished
    game = score_game([*deals, deal(0, (162, 0), capot=0)])
    assert (game.finished, game.winner, game.totals) == (True, 0, (1108, 62))


@pytest.mark.parametrize(
    ("deals", "reserve_to"),
    [
        # The reserve goes to the winner of the deal after the litige, and is said so there.
        ([deal(0, (100, 62)), LITIGE_0, deal(1, (62, 100))], [None, None, 1]),
        ([LITIGE_1, deal(1, (100, 62))], [None, 0]),
        # Held on through a second litige and an annulled deal, given to the next winner.
        ([LITIGE_0, LITIGE_1, deal(0, (100, 62), renonce=0), deal(0, (100, 62))], [None] * 3 + [0]),
    ],
)
def test_a_deal_that_takes_the_reserve_names_its_receiver(
    deals: list[DealSummary], reserve_to: list[int | None]
) -> None:
    game = score_game(deals, RuleOptions(renonce="annul"))
    assert [d.reserve_to for d in game.deals] == reserve_to


def test_a_game_holds_at_most_1000_deals() -> None:
    annulled, options = deal(0, (100, 62), renonce=0), RuleOptions(renonce="annul")
    assert len(score_game([annulled] * 1000, options).deals) == 1000
    found = problems(lambda: score_game([annulled] * 1001, options))
    assert found == [("/deals", "too_many_deals", {"limit": 1000, "size": 1001})]


def test_a_deal_after_the_game_was_won_is_inconsistent_input() -> None:
    deals = [deal(0, (100, 62)), deal(0, (162, 0), capot=0), deal(1, (100, 62))]
    found = problems(lambda: score_game(deals, RuleOptions(target=300)))
    assert found == [("/deals/2", "game_over", {"winner": 0, "deal": 1})]


def test_a_deal_that_cannot_be_scored_is_named_within_the_game() -> None:
    with pytest.raises(InconsistentInput) as raised:
        score_game([deal(0, (100, 62)), deal(0, (100, 61))])
    assert [p.pointer for p in raised.value.problems] == ["/deals/1/points"]
