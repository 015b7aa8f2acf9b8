"""A misdeal in a game's record (RULES.md "The game", RULES-COINCHE.md "Game, annonces,
renonce"): its penalty under option `misdeal`, to the dealer's opponents, added to the totals
as a deal's points are (`scoring.score_game`, the same for both games), and the records that
cannot be.

The texts: the Fédération Française de Coinche, "En cas de maldonne, le donneur redistribue,
mais il ne pourra pas faire d'enchère. En cas d'une deuxième maldonne on attribuera 160 points
à ses adversaires"; Cannes 2016, a misdeal found after an opponent's bid: "pénalité de 160
points + le contrat, donne au suivant"; the FFB's web pages: the first redealt, the second
bars the offending team from taking, the third 160 to the opponents (coinche), 162 (belote)."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.core.scoring import GameDeal, GameMisdeal, Misdeal, misdeal_penalty
from service.rules.variants import CLASSIC, COINCHE, Variant
from service.rules.variants.classic.scoring import DealSummary
from tests.rules.inconsistent import problems
from tests.rules.variants.coinche.test_scoring import summary


def penalty(variant: Variant[Any, Any, Any, Any], rules: dict[str, Any], misdeal: Misdeal) -> Any:
    """The misdeal's line in a game of it alone: (its team, its penalty, the game's totals)."""
    game = variant.score_game([misdeal], variant.options(rules))
    (line,) = game.deals
    assert isinstance(line, GameMisdeal)
    assert line.totals == game.totals == line.score
    return line.team, line.penalty, game.totals


@pytest.mark.parametrize(
    ("variant", "rule", "count", "points"),
    [
        # none (the default): every misdeal is redealt, nothing scored.
        (COINCHE, "none", 1, 0),
        (COINCHE, "none", 2, 0),
        (COINCHE, "none", 3, 0),
        (CLASSIC, "none", 3, 0),
        # Fédération Française de Coinche: the first redealt, 160 from the second.
        (COINCHE, "ff_coinche", 1, 0),
        (COINCHE, "ff_coinche", 2, 160),
        (COINCHE, "ff_coinche", 3, 160),
        # The FFB's web pages: the first redealt, the second a ban on taking, 160 from the third.
        (COINCHE, "ffb_web", 1, 0),
        (COINCHE, "ffb_web", 2, 0),
        (COINCHE, "ffb_web", 3, 160),
        (COINCHE, "ffb_web", 4, 160),
        # ... and 162 in classic belote.
        (CLASSIC, "ffb_web", 1, 0),
        (CLASSIC, "ffb_web", 2, 0),
        (CLASSIC, "ffb_web", 3, 162),
        # Cannes: a misdeal found before any bid is redealt, whatever its rank.
        (COINCHE, "cannes", 1, 0),
        (COINCHE, "cannes", 2, 0),
        (COINCHE, "cannes", 3, 0),
    ],
)
def test_each_option_s_penalty_at_each_count(
    variant: Variant[Any, Any, Any, Any], rule: str, count: int, points: int
) -> None:
    team, scored, totals = penalty(variant, {"misdeal": rule}, Misdeal(0, count))
    assert (team, scored) == (1, points)
    assert totals == (0, points)


@pytest.mark.parametrize(("dealer", "opponents"), [(0, 1), (1, 0), (2, 1), (3, 0)])
@pytest.mark.parametrize(
    ("variant", "rule", "count", "points"),
    [(COINCHE, "ff_coinche", 2, 160), (COINCHE, "ffb_web", 3, 160), (CLASSIC, "ffb_web", 3, 162)],
)
def test_the_penalty_goes_to_the_dealer_s_opponents(
    variant: Variant[Any, Any, Any, Any],
    rule: str,
    count: int,
    points: int,
    dealer: int,
    opponents: int,
) -> None:
    team, scored, totals = penalty(variant, {"misdeal": rule}, Misdeal(dealer, count))
    assert (team, scored) == (opponents, points)
    assert totals[opponents] == points and totals[1 - opponents] == 0


@pytest.mark.parametrize(
    ("rules", "contract", "points"),
    [
        # "pénalité de 160 points + le contrat": the bid standing when the misdeal was found.
        ({}, 80, 240),
        ({}, 90, 250),
        ({"max_bid": 260}, 250, 410),
        # Whatever its rank in a row: the text counts no second.
        ({"count": 2}, 90, 250),
        # A capot's points are the contract's as `capot_bid` gives them: Cannes's 270.
        ({"profile": "cannes-2016"}, "capot", 430),
        ({"capot_bid": "contract"}, "capot", 410),
        ({"capot_bid": "flat"}, "capot", 660),
        # An 82 scores 80, as a contract does (min_bid 82).
        ({"min_bid": 82}, 82, 240),
        # The bid's value, even when a deal's contract would not be scored (points_made).
        ({"scoring": "points_made"}, 100, 260),
    ],
)
def test_cannes_160_and_the_contract_after_a_bid(
    rules: dict[str, Any], contract: int | str, points: int
) -> None:
    count = rules.pop("count", 1)
    team, scored, _ = penalty(COINCHE, {"misdeal": "cannes", **rules}, Misdeal(3, count, contract))
    assert (team, scored) == (0, points)


@pytest.mark.parametrize("ffb_points", [160, 162])
def test_the_coinche_federation_s_penalty_is_160_whatever_the_ffb_s(ffb_points: int) -> None:
    """Its 160 is its own: the FFB's figure (162 in classic) is the FFB's rule's alone."""
    second = Misdeal(dealer=0, count=2)
    assert misdeal_penalty(second, "ff_coinche", ffb_points, lambda value: 0) == 160
    third = Misdeal(dealer=0, count=3)
    assert misdeal_penalty(third, "ffb_web", ffb_points, lambda value: 0) == ffb_points


def test_a_contract_is_no_penalty_but_under_cannes() -> None:
    for rule in ("none", "ff_coinche", "ffb_web"):
        assert penalty(COINCHE, {"misdeal": rule}, Misdeal(0, 1, 90))[1] == 0


def test_a_classic_take_has_no_points() -> None:
    assert CLASSIC.bid_points(80, CLASSIC.options({"misdeal": "ffb_web"})) == 0


def test_a_penalty_ends_the_game_as_any_points() -> None:
    options = COINCHE.options({"misdeal": "ff_coinche", "target": 160})
    game = COINCHE.score_game([Misdeal(1, 1), Misdeal(1, 2)], options)
    assert (game.totals, game.finished, game.winner) == ((160, 0), True, 0)
    # A deal after it is one after the game was won.
    found = problems(
        lambda: COINCHE.score_game([Misdeal(1, 2), summary("80S", 0, (82, 80))], options)
    )
    assert found == [("/deals/1", "game_over", {"winner": 0, "deal": 0})]
    # Under game_end: pass the target must be passed.
    passing = COINCHE.options({"misdeal": "ff_coinche", "target": 160, "game_end": "pass"})
    assert not COINCHE.score_game([Misdeal(1, 2)], passing).finished
    # Below the target the game goes on.
    higher = COINCHE.options({"misdeal": "ff_coinche", "target": 161})
    assert not COINCHE.score_game([Misdeal(1, 2)], higher).finished


def test_a_penalty_adds_to_the_deals_and_a_deal_may_end_the_game_after_it() -> None:
    options = CLASSIC.options({"misdeal": "ffb_web", "target": 300})
    deals = [DealSummary(taker=0, points=(100, 62)), Misdeal(2, 3), DealSummary(1, (62, 100))]
    game = CLASSIC.score_game(deals, options)
    assert [line.totals for line in game.deals] == [(100, 62), (100, 224), (162, 324)]
    assert (game.finished, game.winner) == (True, 1)


def test_a_misdeal_leaves_the_litige_reserve_for_the_next_deal() -> None:
    options = CLASSIC.options({"misdeal": "ffb_web"})
    deals = [DealSummary(taker=0, points=(81, 81)), Misdeal(0, 3), DealSummary(1, (60, 102))]
    _, misdeal, made = CLASSIC.score_game(deals, options).deals
    assert isinstance(misdeal, GameMisdeal) and isinstance(made, GameDeal)
    assert (misdeal.reserve_in, misdeal.reserve_out, misdeal.reserve_to) == (81, 81, None)
    assert misdeal.totals == (0, 81 + 162)
    assert (made.reserve_in, made.reserve_out, made.reserve_to) == (81, 0, 1)
    assert made.totals == (60, 81 + 162 + 102 + 81)


def test_a_misdeal_s_line_names_the_misdeal() -> None:
    misdeal = Misdeal(1, 2)
    game = COINCHE.score_game([misdeal], COINCHE.options({"misdeal": "ff_coinche"}))
    (line,) = game.deals
    assert isinstance(line, GameMisdeal)
    assert (line.misdeal, line.team, line.penalty, line.score) == (misdeal, 0, 160, (160, 0))


def test_a_misdeal_that_cannot_be() -> None:
    options = COINCHE.options({"misdeal": "cannes"})
    found = problems(lambda: COINCHE.score_game([Misdeal(0, 1), Misdeal(4, 0, 85)], options))
    assert found == [
        ("/deals/1/misdeal/dealer", "not_a_seat", {"value": 4}),
        ("/deals/1/misdeal/count", "misdeal_count", {"value": 0}),
        ("/deals/1/misdeal/contract", "misdeal_contract", {"value": 85}),
    ]
    assert problems(lambda: COINCHE.score_game([Misdeal(-1, -1)], options)) == [
        ("/deals/0/misdeal/dealer", "not_a_seat", {"value": -1}),
        ("/deals/0/misdeal/count", "misdeal_count", {"value": -1}),
    ]
    # A value the auction cannot reach under the options, a boolean: no bid.
    for value in (170, True, 80.0, "capotS"):
        found = problems(lambda v=value: COINCHE.score_game([Misdeal(0, 1, v)], options))
        assert found == [("/deals/0/misdeal/contract", "misdeal_contract", {"value": value})]
    # The edges that can be: seats 0 and 3, the first misdeal, the lowest and highest bids.
    for misdeal, points in ((Misdeal(0, 1, 80), 240), (Misdeal(3, 1, 160), 320)):
        assert penalty(COINCHE, {"misdeal": "cannes"}, misdeal)[1] == points
    assert penalty(COINCHE, {"misdeal": "cannes"}, Misdeal(3, 1, "capot"))[1] == 410


def test_a_classic_misdeal_names_no_contract() -> None:
    options = CLASSIC.options({"misdeal": "ffb_web"})
    found = problems(lambda: CLASSIC.score_game([Misdeal(0, 1, 80)], options))
    assert found == [("/deals/0/misdeal/contract", "misdeal_no_contract", {"value": 80})]


@pytest.mark.parametrize(
    ("variant", "profile", "misdeal"),
    [
        (COINCHE, "ffb-contree-2016", "ffb_web"),
        (COINCHE, "ffb-coinchee-2015", "ffb_web"),
        (COINCHE, "ffb-equipe-ludique", "ffb_web"),
        (COINCHE, "ff-coinche", "ff_coinche"),
        (COINCHE, "cannes-2016", "cannes"),
        (COINCHE, "bga", "none"),
        (COINCHE, "colver", "none"),
        (COINCHE, "essarts", "none"),
        (CLASSIC, "ffb-belote-2016", "ffb_web"),
    ],
)
def test_each_profile_s_misdeal(
    variant: Variant[Any, Any, Any, Any], profile: str, misdeal: str
) -> None:
    assert variant.options({"profile": profile}).misdeal == misdeal


@pytest.mark.parametrize(
    ("variant", "profile", "misdeals", "totals"),
    [
        # "En cas d'une deuxième maldonne on attribuera 160 points à ses adversaires".
        (COINCHE, "ff-coinche", [Misdeal(0, 1), Misdeal(0, 2)], (0, 160)),
        # "pénalité de 160 points + le contrat": 160 + 100.
        (COINCHE, "cannes-2016", [Misdeal(1, 1, 100)], (260, 0)),
        (COINCHE, "ffb-contree-2016", [Misdeal(2, 1), Misdeal(2, 2), Misdeal(2, 3)], (0, 160)),
        (CLASSIC, "ffb-belote-2016", [Misdeal(3, 1), Misdeal(3, 2), Misdeal(3, 3)], (162, 0)),
        (COINCHE, "bga", [Misdeal(0, 1), Misdeal(0, 2), Misdeal(0, 3)], (0, 0)),
    ],
)
def test_each_profile_s_penalty(
    variant: Variant[Any, Any, Any, Any],
    profile: str,
    misdeals: list[Misdeal],
    totals: tuple[int, int],
) -> None:
    assert variant.score_game(misdeals, variant.options({"profile": profile})).totals == totals


def test_a_game_without_misdeals_is_scored_as_before() -> None:
    """Every option but `none` leaves a game of deals alone: only a misdeal scores."""
    deals = [summary("80S", 0, (81, 81)), summary("100H", 1, (40, 122), capot=None)]
    plain = COINCHE.score_game(deals)
    for rule in ("ff_coinche", "cannes", "ffb_web"):
        assert COINCHE.score_game(deals, COINCHE.options({"misdeal": rule})) == plain
