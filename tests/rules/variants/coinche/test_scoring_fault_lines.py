"""RULES-COINCHE.md "Scoring a deal", the options on which the rulebooks disagree (its
"Fault lines"): what a failed contract scores, what the coinche multiplies, the capot bid,
whose the belote is, the sans-atout's value, when a contract is made and how an 82 scores.
Each row quotes the text whose figure it checks where one prints it; rows are written from
the takers' side and run with the taker on every seat (test_scoring.py's rows)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.builders import SA_TA
from tests.rules.variants.coinche.test_scoring import DEFENDERS, SEATS, TAKERS, scored

EXACT = {"rounding": "none"}

FAULT_LINES = {
    # The chute (scoring x chute_points): 160 + V, 162 + V, 160, 162, V alone.
    "chute 160 + V": dict(contract="100H", points=(96, 66), ruling="dedans", score=(0, 260)),
    # Exoty: "les défenseurs auraient marqué 162 points + 100 (contrat) = 262 points".
    "chute 162 + V": dict(
        contract="100H",
        points=(96, 66),
        rules={**EXACT, "chute_points": 162},
        ruling="dedans",
        score=(0, 262),
    ),
    # Points faits (FFB contrée 2016 §10: the organiser's other method): the contract is
    # never scored; "l'équipe adversaire en marque alors 160" (the tournoi international).
    "chute 160 (points made)": dict(
        contract="100H",
        points=(96, 66),
        rules={"scoring": "points_made"},
        ruling="dedans",
        score=(0, 160),
    ),
    "chute 162 (points made)": dict(
        contract="100H",
        points=(96, 66),
        rules={**EXACT, "scoring": "points_made", "chute_points": 162},
        ruling="dedans",
        score=(0, 162),
    ),
    "chute V alone (points bid)": dict(
        contract="100H",
        points=(96, 66),
        rules={"scoring": "contract"},
        ruling="dedans",
        score=(0, 100),
    ),
    # Points made: a contract made scores each team its points, and no contract.
    "made, points made": dict(
        contract="100H",
        points=(122, 40),
        rules={"scoring": "points_made"},
        ruling="made",
        score=(120, 40),
    ),
    # "Le contre vaut 320 points et le surcontre 640. A cela peut venir s'ajouter la belote en
    # supplément, soit 340 ou 660 points." (FFB, belote-contree web page, points faits)
    "coinched, points made": dict(
        contract="100Hx2",
        points=(122, 40),
        belote=(1, 0),
        rules={"scoring": "points_made", "multiplier_scope": "points_and_contract"},
        ruling="made",
        score=(340, 0),
    ),
    "surcoinched, points made": dict(
        contract="100Hx4",
        points=(122, 40),
        belote=(1, 0),
        rules={"scoring": "points_made", "multiplier_scope": "points_and_contract"},
        ruling="made",
        score=(660, 0),
    ),
    # What the multiplier multiplies (multiplier_scope).
    # "all": 2 x (160 + 100 + 20) (Example 16).
    "scope all": dict(
        contract="100Hx2", points=(110, 52), belote=(1, 0), ruling="made", score=(560, 0)
    ),
    # FFB contrée 2016, table p. 7: "320 (640) + Contrat x 2 (x 4) + Belote".
    "scope points and contract": dict(
        contract="100Hx2",
        points=(110, 52),
        belote=(1, 0),
        rules={"multiplier_scope": "points_and_contract"},
        ruling="made",
        score=(540, 0),
    ),
    "scope points and contract, surcoinched": dict(
        contract="100Hx4",
        points=(110, 52),
        belote=(1, 0),
        rules={"multiplier_scope": "points_and_contract"},
        ruling="made",
        score=(1060, 0),
    ),
    # Pagat: "A coinche doubles the score for the bid only ... 160 + (100 x 2) = 360."
    "scope contract": dict(
        contract="100Hx2",
        points=(122, 40),
        rules={"multiplier_scope": "contract"},
        ruling="made",
        score=(360, 0),
    ),
    # Cannes 2016: "si la belote a été annoncée on ajoute 20 points de bonification qui ne sont
    # ni doublés ni triplés".
    "scope contract, belote once": dict(
        contract="100Hx4",
        points=(110, 52),
        belote=(1, 0),
        rules={"multiplier_scope": "contract", "surcoinche_multiplier": 3},
        ruling="made",
        score=(480, 0),
    ),
    # Les Essarts: "La surcoinche vaut 160 x 3 = 480 points + les points du contrat + les
    # annonces".
    "scope points": dict(
        contract="100Hx4",
        points=(122, 40),
        rules={"multiplier_scope": "points", "surcoinche_multiplier": 3},
        ruling="made",
        score=(580, 0),
    ),
    "scope points, failed": dict(
        contract="100Hx2",
        points=(96, 66),
        rules={"multiplier_scope": "points"},
        ruling="dedans",
        score=(0, 420),
    ),
    # The capot bid (capot_bid), the capot 252 in the cards.
    # colver: "test_capot_reussi" 502 / 0, "test_capot_chute" 0 / 412.
    "capot contract 250": dict(
        contract="capotH",
        points=(162, 0),
        capot=TAKERS,
        rules={**EXACT, "capot": 252, "capot_bid": "contract_250"},
        ruling="made",
        score=(502, 0),
    ),
    "capot contract 250, failed": dict(
        contract="capotH",
        points=(140, 22),
        rules={**EXACT, "capot": 252, "capot_bid": "contract_250", "chute_points": 162},
        ruling="dedans",
        score=(0, 412),
    ),
    # Cannes 2016: "générale ou capot" or "270": 252 + 270 = 522.
    "capot contract 270": dict(
        contract="capotH",
        points=(162, 0),
        capot=TAKERS,
        rules={**EXACT, "capot": 252, "capot_bid": "contract_270"},
        ruling="made",
        score=(522, 0),
    ),
    # FFB contrée 2016, table p. 7: a capot bid is worth 500 made or failed, "1000 (2000)"
    # coinched (surcoinched), plus the belote.
    "capot flat, made": dict(
        contract="capotH",
        points=(162, 0),
        capot=TAKERS,
        belote=(1, 0),
        rules={"capot_bid": "flat", "capot": 252},
        ruling="made",
        score=(520, 0),
    ),
    "capot flat, failed": dict(
        contract="capotH",
        points=(150, 12),
        rules={**EXACT, "capot_bid": "flat"},
        ruling="dedans",
        score=(0, 500),
    ),
    "capot flat, coinched": dict(
        contract="capotHx2",
        points=(150, 12),
        rules={"capot_bid": "flat"},
        ruling="dedans",
        score=(0, 1000),
    ),
    "capot flat, surcoinched": dict(
        contract="capotHx4",
        points=(162, 0),
        capot=TAKERS,
        rules={"capot_bid": "flat"},
        ruling="made",
        score=(2000, 0),
    ),
    "capot flat, defenders' belote": dict(
        contract="capotH",
        points=(162, 0),
        capot=TAKERS,
        belote=(0, 1),
        rules={"capot_bid": "flat"},
        ruling="made",
        score=(500, 20),
    ),
    # The defenders take all 8 tricks (chute_capot): Cannes 2016, "+162 points ou 252".
    "capot against the takers, chute_points": dict(
        contract="100H",
        points=(0, 162),
        capot=DEFENDERS,
        rules={**EXACT, "chute_points": 162, "capot": 252},
        ruling="dedans",
        score=(0, 262),
    ),
    "capot against the takers, capot": dict(
        contract="100H",
        points=(0, 162),
        capot=DEFENDERS,
        rules={**EXACT, "chute_points": 162, "capot": 252, "chute_capot": "capot"},
        ruling="dedans",
        score=(0, 352),
    ),
    # The belote on a fall (belote_on_chute): Wikipédia contrée, "contrat 90 points [...]
    # L'équipe adverse obtient 90+160+20 = 270 points".
    "belote stays": dict(
        contract="90H", points=(60, 102), belote=(1, 0), ruling="dedans", score=(20, 250)
    ),
    "belote taken": dict(
        contract="90H",
        points=(60, 102),
        belote=(1, 0),
        rules={"belote_on_chute": "defenders"},
        ruling="dedans",
        score=(0, 270),
    ),
    "belote taken, coinched": dict(
        contract="120Sx2",
        points=(90, 72),
        belote=(1, 0),
        rules={"belote_on_chute": "defenders"},
        ruling="dedans",
        score=(0, 600),
    ),
    # The defenders' belote on a coinched contract made (belote_on_coinche).
    "defenders' belote stays": dict(
        contract="100Hx2", points=(110, 52), belote=(0, 1), ruling="made", score=(520, 20)
    ),
    # FFB contrée 2016, table p. 7: "320 + Contrat x 2 + Belote preneurs ou défense".
    "defenders' belote to the takers": dict(
        contract="100Hx2",
        points=(110, 52),
        belote=(0, 1),
        rules={"belote_on_coinche": "takers", "multiplier_scope": "points_and_contract"},
        ruling="made",
        score=(540, 0),
    ),
    # BGA: "if ($countered) { $teamScores[$defenseTeam] = 0; }".
    "defenders' belote lost": dict(
        contract="100Hx2",
        points=(110, 52),
        belote=(0, 1),
        rules={"belote_on_coinche": "lost"},
        ruling="made",
        score=(520, 0),
    ),
    "defenders' belote, uncoinched": dict(
        contract="100H",
        points=(110, 52),
        belote=(0, 1),
        rules={"belote_on_coinche": "lost"},
        ruling="made",
        score=(210, 70),
    ),
    # A sans-atout worth twice its contract (sa_contract): the Fédération Française de
    # Coinche, "vous demandez 82 sans atout si votre contrat est réalisé vous marquerez 160
    # points" (the 82 scored as 80, twice).
    "SA doubled": dict(
        contract="100SA",
        points=(113, 49),
        rules={**SA_TA, **EXACT, "sa_contract": 2},
        ruling="made",
        score=(313, 49),
    ),
    "SA doubled, failed": dict(
        contract="100SA",
        points=(90, 72),
        rules={**SA_TA, **EXACT, "sa_contract": 2},
        ruling="dedans",
        score=(0, 360),
    ),
    "SA doubled, 82": dict(
        contract="82SA",
        points=(100, 62),
        rules={**SA_TA, **EXACT, "sa_contract": 2, "min_bid": 82},
        ruling="made",
        score=(260, 62),
    ),
    "suit not doubled": dict(
        contract="100S",
        points=(113, 49),
        rules={**EXACT, "sa_contract": 2},
        ruling="made",
        score=(213, 49),
    ),
    # When a contract is made (made): FFB contrée 2016 §10.1, "Ceci est valable même si les
    # défenseurs ont réalisé plus de points que les preneurs".
    "80 at 80/82, beat_defenders": dict(
        contract="80S", points=(80, 82), ruling="dedans", score=(0, 240)
    ),
    "80 at 80/82, reach_only": dict(
        contract="80S",
        points=(80, 82),
        rules={"made": "reach_only"},
        ruling="made",
        score=(160, 80),
    ),
    "80 at 80/82, reach_bid": dict(
        contract="80S",
        points=(80, 82),
        rules={"made": "reach_bid"},
        ruling="dedans",
        score=(0, 240),
    ),
    # "Une équipe ayant fait 89 points et ayant demandé 90 chute." (FFB)
    "89 for 90, reach_only": dict(
        contract="90H",
        points=(89, 73),
        rules={"made": "reach_only"},
        ruling="dedans",
        score=(0, 250),
    ),
    # An 82 (min_bid 82) is made at 82 and scored as 80: BGA, "if ($bid == 82) { $bid = 80; }".
    "82 made": dict(
        contract="82H",
        points=(82, 80),
        rules={**EXACT, "min_bid": 82, "made": "reach_bid"},
        ruling="made",
        score=(162, 80),
    ),
    "82 failed": dict(
        contract="82H",
        points=(81, 81),
        rules={**EXACT, "min_bid": 82, "made": "reach_bid", "chute_points": 162},
        ruling="dedans",
        score=(0, 242),
    ),
}


@pytest.mark.parametrize("row", FAULT_LINES.values(), ids=FAULT_LINES.keys())
@SEATS
def test_the_fault_lines(row: dict[str, Any], taker: int) -> None:
    result, score = scored(row, taker)
    assert (result.contract, score) == (row["ruling"], row["score"])


@SEATS
def test_a_breakdown_names_the_parts_its_multiplier_multiplies(taker: int) -> None:
    """total = m x (the parts multiplied) + the others + rounding."""
    row = FAULT_LINES["scope contract, belote once"]
    result, _ = scored(row, taker)
    takers = result.breakdown[taker % 2]
    assert takers.multiplied == ("contract",)
    parts = (takers.cards, takers.belote, takers.annonces, takers.contract, takers.multiplier)
    assert parts == (160, 20, 0, 100, 3)
    assert takers.total == 160 + 20 + 3 * 100 + takers.rounding
    all_parts = scored(FAULT_LINES["scope all"], taker)[0].breakdown[taker % 2]
    assert all_parts.multiplied == ("cards", "belote", "annonces", "contract")
