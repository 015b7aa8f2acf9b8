"""RULES-COINCHE.md "Scoring a deal" and its "Precisions", the rows the worked examples leave
open: `bonus_counts: false` deciding by a point, an annulled deal's breakdown, a litige's reserve
holding the takers' annonces, `scoring: "contract"` without rounding, the annonce verdict, and
a given contract's strain named when refused. Rows are written from the takers' side, as in
test_coinche_scoring.py, and run with the taker on every seat."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules import InconsistentInput
from service.rules.variants import COINCHE
from service.rules.variants.coinche.options import CoincheOptions, Contract
from service.rules.variants.coinche.scoring import CoincheDealSummary
from tests.rules.variants.coinche.test_scoring import TAKERS, by_team, summary

SEATS = pytest.mark.parametrize("taker", [0, 1, 2, 3])
TIERCE = ("7S 8S 9S",)
NONE = "none"

# (contract, P takers/defenders, belotes, annonces, options, ruling, score, T/D, reserve)
ROWS: dict[str, tuple[Any, ...]] = {
    # bonus_counts false: T 89 < 90 by one point, the belote only scored.
    "belote outside T": ("90H", (89, 73), (1, 0), None, {"bonus_counts": False}, "dedans",
                         (20, 250), (89, 73), 0),
    # The same with the belote counted: T 109 >= 90 and > 73.
    "belote inside T": ("90H", (89, 73), (1, 0), None, {}, "made", (200, 70), (109, 73), 0),
    # litige reserve: T = 71 + 20 (tierce) = D 91 >= 90; P + A = 91 held, rounded to 90.
    "litige holds P + A": ("90H", (71, 91), (0, 0), TIERCE,
                           {"litige": "reserve", "annonces": True}, "litige", (0, 90), (91, 91),
                           90),
    # scoring contract, no rounding: the winner m x (V + B), the other team its B, nothing else.
    "contract made": ("100H", (122, 40), (0, 0), None, {"scoring": "contract", "rounding": NONE},
                      "made", (100, 0), (122, 40), 0),
    "contract made, defenders' belote": ("100H", (122, 40), (0, 1), None,
                                         {"scoring": "contract", "rounding": NONE}, "made",
                                         (100, 20), (122, 60), 0),
    "contract dedans, coinched": ("100Hx2", (96, 66), (0, 0), None,
                                  {"scoring": "contract", "rounding": NONE}, "dedans", (0, 200),
                                  (96, 66), 0),
    # Annonces on: the takers' tierce in T and in their score, 122 + 20 + 100 = 242 -> 240.
    "annonce made": ("100H", (122, 40), (0, 0), TIERCE, {"annonces": True}, "made", (240, 40),
                     (142, 40), 0),
}  # fmt: skip


@SEATS
@pytest.mark.parametrize("row", list(ROWS))
def test_scoring_rows(row: str, taker: int) -> None:
    text, points, belote, annonces, rules, ruling, score, compared, reserve = ROWS[row]
    declared = ((), ()) if annonces is None else (annonces, ())
    deal = summary(text, taker, points, belote, annonces=declared)
    result = COINCHE.score_deal(deal, CoincheOptions(**rules))
    assert result.contract == ruling
    assert result.score == by_team(score, taker)
    assert result.compared == by_team(compared, taker)
    assert result.reserve == reserve


@SEATS
def test_an_annulled_deal_scores_nothing_at_any_level(taker: int) -> None:
    """`renonce: annul`: the deal is redealt; every part of both breakdowns is 0, x 1."""
    deal = summary("100Hx2", taker, (122, 40), (1, 0), renonce=TAKERS)
    result = COINCHE.score_deal(deal, CoincheOptions(renonce="annul"))
    assert (result.contract, result.score, result.multiplier) == ("annulled", (0, 0), 2)
    for team, part in enumerate(result.breakdown):
        assert (part.team, part.cards, part.belote, part.annonces, part.contract) == (
            team,
            0,
            0,
            0,
            0,
        )
        assert (part.multiplier, part.rounding, part.total) == (1, 0, 0)


@SEATS
def test_the_annonce_verdict_is_reported(taker: int) -> None:
    deal = summary("100H", taker, (122, 40), annonces=(TIERCE, ()))
    verdict = COINCHE.score_deal(deal, CoincheOptions(annonces=True)).annonces
    assert verdict is not None
    assert (verdict.team, verdict.points) == (taker % 2, by_team((20, 0), taker))
    assert COINCHE.score_deal(deal).annonces is None  # option off: no verdict


@pytest.mark.parametrize(("strain", "code"), [(4, "SA"), (5, "TA")])
def test_a_given_contract_in_sa_or_ta_without_the_option_names_its_strain(
    strain: int, code: str
) -> None:
    deal = CoincheDealSummary(Contract(0, 110, strain), (100, 62))
    with pytest.raises(InconsistentInput) as caught:
        COINCHE.score_deal(deal)
    assert [(p.pointer, p.code, dict(p.params)) for p in caught.value.problems] == [
        ("/contract/strain", "strain_needs_sa_ta", {"strain": code})
    ]
