"""The game's end and rounding as the rulebooks differ on them (RULES.md "The game",
RULES-COINCHE.md "Fault lines"): reach or pass the target (`game_end`), the FFB's clause on a
belote alone, rounding 5 up or 6 up (`rounding`), and the deal that ends the game counted at
the point (`final_deal`). Both games end the same way (`scoring.score_game`)."""

from __future__ import annotations

import pytest

from service.rules.core.scoring import round_score
from service.rules.variants import CLASSIC, COINCHE
from service.rules.variants.classic.scoring import DealSummary
from tests.rules.variants.coinche.test_scoring import TAKERS, summary


@pytest.mark.parametrize(
    ("points", "five_up", "six_up"),
    [
        # FFB contrée 2016 §10.3: "85 -> 90, 84 -> 80"; FFB Équipe Ludique §9.2: "85 est
        # arrondi à 80 tandis que 86 est arrondi à 90"; Cannes 2016: "156 valant 160".
        (84, 80, 80),
        (85, 90, 80),
        (86, 90, 90),
        (156, 160, 160),
        (155, 160, 150),
        (160, 160, 160),
        (0, 0, 0),
    ],
)
def test_rounding_five_up_and_six_up(points: int, five_up: int, six_up: int) -> None:
    rounded = {
        rule: round_score(points, COINCHE.options({"rounding": rule}))
        for rule in ("nearest_ten", "nearest_ten_6up", "none")
    }
    assert rounded == {"nearest_ten": five_up, "nearest_ten_6up": six_up, "none": points}


@pytest.mark.parametrize(
    ("points", "rounding", "score"),
    [
        # The colver survey: "75-87 devient 80-90 = 170 avec la règle 5-monte, et 70-90 = 160
        # avec la règle 6-monte"; "Seul 76-86 est irréductible pour toute règle symétrique".
        ((87, 75), "nearest_ten", (90, 80)),
        ((87, 75), "nearest_ten_6up", (90, 70)),
        ((86, 76), "nearest_ten", (90, 80)),
        ((86, 76), "nearest_ten_6up", (90, 80)),
    ],
)
def test_a_deal_s_two_scores_rounded_each(
    points: tuple[int, int], rounding: str, score: tuple[int, int]
) -> None:
    deal = CLASSIC.score_deal(
        DealSummary(taker=0, points=points), CLASSIC.options({"rounding": rounding})
    )
    assert (deal.contract, deal.score) == ("made", score)


MADE = summary("100H", 0, (122, 40))  # 220 / 40, rounded 5 up


@pytest.mark.parametrize(
    ("game_end", "finished"), [("reach", True), ("ffb", True), ("pass", False), ("ffb_pass", False)]
)
def test_a_total_equal_to_the_target_wins_unless_it_must_be_passed(
    game_end: str, finished: bool
) -> None:
    """BGA: "if ($score > $maxScore)", "must be strictly higher"; FFB Équipe Ludique §9.3:
    "Nous arrivons à 2000 points pile, nous ne gagnons pas (encore) la partie"."""
    options = COINCHE.options({"target": 220, "game_end": game_end})
    game = COINCHE.score_game([MADE], options)
    assert (game.totals, game.finished) == ((220, 40), finished)
    passed = COINCHE.score_game([MADE], COINCHE.options({"target": 219, "game_end": game_end}))
    assert passed.finished and passed.winner == 0


@pytest.mark.parametrize(
    ("game_end", "target", "finished"),
    [
        ("reach", 340, True),
        ("ffb", 340, False),
        ("pass", 349, True),
        ("pass", 350, False),
        ("ffb_pass", 349, False),
    ],
)
def test_the_ffb_clause_holds_when_the_target_must_be_passed(
    game_end: str, target: int, finished: bool
) -> None:
    """A team that went dedans and reaches (`ffb`) or passes (`ffb_pass`) the target only
    through its belote of that deal has not won (FFB coinchée §10.3; Équipe Ludique)."""
    capot = summary("80H", 0, (162, 0), capot=TAKERS)  # 250 + 80 = 330
    fallen = summary("80H", 0, (70, 92), belote=(1, 0))  # 20 / 160 + 80
    options = COINCHE.options({"target": target, "game_end": game_end})
    game = COINCHE.score_game([capot, fallen], options)
    assert (game.totals, game.finished) == ((350, 240), finished)


def test_the_deal_that_ends_the_game_counted_at_the_point() -> None:
    """Cannes 2016: "la dernière donne est comptée au point juste (100 demandés + 104 faits =
    204, l'équipe adverse marquera 58 points et on inscrira 204 et 58)"."""
    deal = summary("100H", 0, (104, 58))
    rules = {"rounding": "nearest_ten_6up", "final_deal": "exact"}
    last = COINCHE.score_game([deal], COINCHE.options({**rules, "target": 204}))
    assert (last.finished, last.totals) == (True, (204, 58))
    assert [part.rounding for part in last.deals[0].deal.breakdown] == [0, 0]
    not_last = COINCHE.score_game([deal], COINCHE.options({**rules, "target": 205}))
    assert (not_last.finished, not_last.totals) == (False, (200, 60))
    rounded = COINCHE.score_game(
        [deal], COINCHE.options({**rules, "final_deal": "rounded", "target": 200})
    )
    assert (rounded.finished, rounded.totals) == (True, (200, 60))


def test_at_the_point_a_rounded_total_past_the_target_has_not_won() -> None:
    """The end is judged on the deal's exact points: 196 is not 200, though it rounds to it;
    the next deal decides."""
    close = summary("100H", 0, (96, 66), belote=(1, 0))  # T 116: made, 96 + 20 + 100 = 216
    rules = {"rounding": "nearest_ten_6up", "final_deal": "exact", "target": 217}
    game = COINCHE.score_game([close], COINCHE.options(rules))
    assert (game.finished, game.totals) == (False, (220, 70))
    ended = COINCHE.score_game([close, summary("80S", 1, (40, 122))], COINCHE.options(rules))
    assert ended.finished and ended.winner == 0 and ended.totals == (220 + 240, 70)


def test_the_ffb_clause_counts_the_total_without_the_belote_at_the_target_itself() -> None:
    """Points bid (`scoring: contract`): a team that fails an 80 scores its belote, the other
    the 80. 180, then 200 (a fall: 180 without the belote, short of 200), then 220 (a fall:
    200 without the belote, which reaches the target): the team wins."""
    made = summary("160H", 0, (150, 12), belote=(1, 0))  # 160 + 20 / 0
    fallen = summary("80H", 0, (50, 112), belote=(1, 0))  # 20 / 80
    options = COINCHE.options(
        {"scoring": "contract", "rounding": "none", "target": 200, "game_end": "ffb"}
    )
    held = COINCHE.score_game([made, fallen], options)
    assert (held.totals, held.finished) == ((200, 80), False)
    won = COINCHE.score_game([made, fallen, fallen], options)
    assert (won.totals, won.winner) == ((220, 160), 0)
