"""Each coinche profile held to the numbers its text prints (docs/RULES-COINCHE.md,
"Profiles"): a row quotes the text, then scores the deal under `{"profile": NAME}` (with the
override the text names, where it names one). Rows are written from the takers' side and run
with the taker on every seat; a figure the text prints without a deal (a rounding, a bid) is a
test of its own."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules.core.play import legal_cards
from service.rules.core.scoring import round_score
from service.rules.variants import COINCHE
from service.rules.variants.coinche.bidding import judge_auction
from service.rules.variants.coinche.options import Contract
from tests.rules.builders import cards
from tests.rules.variants.coinche.test_scoring import DEFENDERS, SEATS, TAKERS, scored, summary

TIERCE = ("7S 8S 9S",)


def rules(profile: str, **overrides: Any) -> dict[str, Any]:
    return {"profile": profile, **overrides}


FIGURES = {
    # ---- ffb-contree-2016: FFB, Règles officielles de la Belote Contrée, 27/01/2016.
    # Table p. 7, contract made: "Points + Contrat + Belote" / the defenders their points.
    "ffb-contree-2016, made": dict(
        contract="100H", points=(122, 40), rules=rules("ffb-contree-2016"), score=(220, 40)
    ),
    # §10.1: "Ceci est valable même si les défenseurs ont réalisé plus de points que les
    # preneurs": an 80 at 80/82 is made.
    "ffb-contree-2016, 80 at 80": dict(
        contract="80S", points=(80, 82), rules=rules("ffb-contree-2016"), score=(160, 80)
    ),
    # The web page: "Une équipe ayant fait 89 points et ayant demandé 90 chute."
    "ffb-contree-2016, 89 for 90": dict(
        contract="90H", points=(89, 73), rules=rules("ffb-contree-2016"), score=(0, 250)
    ),
    # Table p. 7, failed: "160 + Contrat + Belote preneurs ou défense"; §7: "En cas de chute
    # du contrat, la belote est perdue par les preneurs".
    "ffb-contree-2016, failed": dict(
        contract="100H",
        points=(76, 86),
        belote=(1, 0),
        rules=rules("ffb-contree-2016"),
        score=(0, 280),
    ),
    # Table p. 7, coinched: "320 (640) + Contrat x 2 (x 4) + Belote preneurs ou défense".
    "ffb-contree-2016, coinched made": dict(
        contract="100Hx2",
        points=(122, 40),
        belote=(0, 1),
        rules=rules("ffb-contree-2016"),
        score=(540, 0),
    ),
    "ffb-contree-2016, surcoinched made": dict(
        contract="100Hx4",
        points=(122, 40),
        rules=rules("ffb-contree-2016"),
        score=(1040, 0),
    ),
    "ffb-contree-2016, coinched failed": dict(
        contract="100Hx2",
        points=(76, 86),
        belote=(1, 0),
        rules=rules("ffb-contree-2016"),
        score=(0, 540),
    ),
    # Note 1: "Contrat x 2 + 160 au lieu de Contrat x 2 + 320 (Contrat x 4 + 160 au lieu de
    # Contrat x 4 + 640)".
    "ffb-contree-2016, Note 1 coinched": dict(
        contract="100Hx2",
        points=(122, 40),
        rules=rules("ffb-contree-2016", multiplier_scope="contract"),
        score=(360, 0),
    ),
    "ffb-contree-2016, Note 1 surcoinched": dict(
        contract="100Hx4",
        points=(122, 40),
        rules=rules("ffb-contree-2016", multiplier_scope="contract"),
        score=(560, 0),
    ),
    # Table p. 7, capot bid: 500 made, 500 to the defenders failed, "1000 (2000)" coinched;
    # made, the defenders "0 + Belote défense".
    "ffb-contree-2016, capot bid made": dict(
        contract="capotS",
        points=(162, 0),
        capot=TAKERS,
        belote=(0, 1),
        rules=rules("ffb-contree-2016"),
        score=(500, 20),
    ),
    "ffb-contree-2016, capot bid failed": dict(
        contract="capotS", points=(150, 12), rules=rules("ffb-contree-2016"), score=(0, 500)
    ),
    "ffb-contree-2016, capot bid coinched": dict(
        contract="capotSx2",
        points=(162, 0),
        capot=TAKERS,
        rules=rules("ffb-contree-2016"),
        score=(1000, 0),
    ),
    "ffb-contree-2016, capot bid surcoinched": dict(
        contract="capotSx4",
        points=(150, 12),
        rules=rules("ffb-contree-2016"),
        score=(0, 2000),
    ),
    # §9.2: "le dix de der vaut 100 points, portant ainsi le total à 252 points": an unbid
    # capot, 252 + 100 = 352, rounded.
    "ffb-contree-2016, unbid capot": dict(
        contract="100H",
        points=(162, 0),
        capot=TAKERS,
        rules=rules("ffb-contree-2016"),
        score=(350, 0),
    ),
    # The web page, points faits: "Le contre vaut 320 points et le surcontre 640 [...] soit 340
    # ou 660 points" (with the belote); points annoncés: "si l'enchère est à 120, le contre
    # rapporte 240 points".
    "ffb-contree-2016, points made, coinched": dict(
        contract="100Hx2",
        points=(122, 40),
        belote=(1, 0),
        rules=rules("ffb-contree-2016", scoring="points_made"),
        score=(340, 0),
    ),
    "ffb-contree-2016, points made, surcoinched": dict(
        contract="100Hx4",
        points=(122, 40),
        belote=(1, 0),
        rules=rules("ffb-contree-2016", scoring="points_made"),
        score=(660, 0),
    ),
    "ffb-contree-2016, points bid, coinched": dict(
        contract="120Hx2",
        points=(122, 40),
        rules=rules("ffb-contree-2016", scoring="contract"),
        score=(240, 0),
    ),
    # ---- ffb-coinchee-2015: FFB, Règles officielles de la Belote Coinchée.
    # The web page: "Si un joueur demande 100, qu'il réalise 83 points mais a une tierce, il a
    # donc 103 points. Son contrat est donc réalisé."
    "ffb-coinchee-2015, 83 and a tierce": dict(
        contract="100H",
        points=(83, 79),
        annonces=(TIERCE, ()),
        rules=rules("ffb-coinchee-2015"),
        score=(200, 80),
    ),
    # §10.1: "les deux conditions": a tie at the contract's value falls.
    "ffb-coinchee-2015, a tie falls": dict(
        contract="80S", points=(81, 81), rules=rules("ffb-coinchee-2015"), score=(0, 240)
    ),
    # §10.1.1: "(160 points + Leurs annonces + Leur belote + Les annonces des défenseurs [...] +
    # Le montant du contrat demandé) x 2 (resp. 4)"; the defenders "ne marquent rien, à
    # l'exception éventuelle des 20 points de belote".
    "ffb-coinchee-2015, coinched made": dict(
        contract="100Hx2",
        points=(110, 52),
        belote=(1, 0),
        annonces=(TIERCE, ()),
        rules=rules("ffb-coinchee-2015"),
        score=(600, 0),
    ),
    "ffb-coinchee-2015, surcoinched made": dict(
        contract="100Hx4",
        points=(110, 52),
        belote=(1, 0),
        annonces=(TIERCE, ()),
        rules=rules("ffb-coinchee-2015"),
        score=(1200, 0),
    ),
    "ffb-coinchee-2015, the defenders' belote": dict(
        contract="100Hx2",
        points=(110, 52),
        belote=(0, 1),
        rules=rules("ffb-coinchee-2015"),
        score=(520, 20),
    ),
    # §10.1.2: "160 points de chute + Leurs annonces + Leur belote + Les annonces des preneurs
    # [...] + Le montant du contrat"; the takers' belote "imprenable" (§7).
    "ffb-coinchee-2015, failed": dict(
        contract="100H",
        points=(80, 82),
        belote=(0, 1),
        annonces=(TIERCE, ()),
        rules=rules("ffb-coinchee-2015"),
        score=(0, 300),
    ),
    "ffb-coinchee-2015, belote imprenable": dict(
        contract="120H",
        points=(90, 72),
        belote=(1, 0),
        rules=rules("ffb-coinchee-2015"),
        score=(20, 280),
    ),
    # ---- ffb-equipe-ludique: FFB, Règles officielles de la belote contrée, Équipe Ludique.
    # "Les preneurs marquent leur total + le montant du contrat demandé (250 points pour un
    # capot demandé)"; "Les défenseurs marquent 160 points de chute + la belote + le montant du
    # contrat demandé [...] multiplié par 2 (ou par 3 en cas de surcontre)": 500 / 750.
    "ffb-equipe-ludique, capot bid made": dict(
        contract="capotC",
        points=(162, 0),
        capot=TAKERS,
        rules=rules("ffb-equipe-ludique"),
        score=(500, 0),
    ),
    "ffb-equipe-ludique, capot bid failed, coinched": dict(
        contract="capotCx2",
        points=(140, 22),
        belote=(1, 0),
        rules=rules("ffb-equipe-ludique"),
        score=(0, 680),
    ),
    "ffb-equipe-ludique, capot bid failed, surcoinched": dict(
        contract="capotCx4",
        points=(140, 22),
        rules=rules("ffb-equipe-ludique"),
        score=(0, 910),
    ),
    # "La belote est prenable"; §9.2, rounding 6 up: 160 + 20 + 90 = 270.
    "ffb-equipe-ludique, failed": dict(
        contract="90H",
        points=(60, 102),
        belote=(1, 0),
        rules=rules("ffb-equipe-ludique"),
        score=(0, 270),
    ),
    "ffb-equipe-ludique, 6 up": dict(
        contract="80H", points=(95, 67), rules=rules("ffb-equipe-ludique"), score=(170, 70)
    ),
    # ---- ff-coinche: the Fédération Française de Coinche's rules.
    # "vous demandez 82 sans atout si votre contrat est réalisé vous marquerez 160 points":
    # the contract's 160, beside the points made (the survey quotes no table: the referee's).
    "ff-coinche, 82 SA": dict(
        contract="82SA", points=(100, 62), rules=rules("ff-coinche"), score=(260, 60)
    ),
    # ---- cannes-2016: Règlement de la belote aux enchères ou contrée, Cannes, 2016.
    # III: "Contrat réussi : points de l'enchère demandée + points des plis réalisés par le
    # demandeur + belote éventuellement", "arrondis à 6".
    "cannes-2016, made": dict(
        contract="100H",
        points=(104, 58),
        belote=(1, 0),
        rules=rules("cannes-2016"),
        score=(220, 60),
    ),
    # "Contrat perdu : points de l'enchère demandée +162 points ou 252 + belote éventuellement
    # car « prenable »".
    "cannes-2016, failed": dict(
        contract="100H",
        points=(76, 86),
        belote=(1, 0),
        rules=rules("cannes-2016"),
        score=(0, 280),
    ),
    "cannes-2016, failed, the defenders' capot": dict(
        contract="100H",
        points=(0, 162),
        capot=DEFENDERS,
        rules=rules("cannes-2016"),
        score=(0, 350),
    ),
    # "Le contre double les points de l'enchère demandée, le surcontre les triple ; si la
    # belote a été annoncée on ajoute 20 points de bonification qui ne sont ni doublés ni
    # triplés": 162 + 2 x 80 + 20 = 342, 162 + 3 x 80 + 20 = 422.
    "cannes-2016, coinched": dict(
        contract="80Hx2",
        points=(100, 62),
        belote=(1, 0),
        rules=rules("cannes-2016"),
        score=(340, 0),
    ),
    "cannes-2016, surcoinched": dict(
        contract="80Hx4",
        points=(100, 62),
        belote=(1, 0),
        rules=rules("cannes-2016"),
        score=(420, 0),
    ),
    # "« générale ou capot » ou « 270 » contrat le plus élevé": 252 + 270 = 522, 520 rounded
    # (the deal that ends a game is counted at the point: test_cannes_counts_the_last_deal...).
    "cannes-2016, capot": dict(
        contract="capotD",
        points=(162, 0),
        capot=TAKERS,
        rules=rules("cannes-2016"),
        score=(520, 0),
    ),
    "cannes-2016, capot at the point": dict(
        contract="capotD",
        points=(162, 0),
        capot=TAKERS,
        rules=rules("cannes-2016", rounding="none"),
        score=(522, 0),
    ),
    # ---- bga: BoardGameArena's coinche (its English rules page, coinche.game.php).
    # "if the bid is 100 ♣ [...] they have won 122 points: They score 122 + 100 = 222 points.
    # The opposing team scores 40 points."
    "bga, made": dict(contract="100C", points=(122, 40), rules=rules("bga"), score=(222, 40)),
    # "The opposing team scores 160 + 100 = 260 points", says the page; the code,
    # "$teamScores[$defenseTeam] += 162", gives 262: the profile follows the code.
    "bga, failed": dict(contract="100C", points=(96, 66), rules=rules("bga"), score=(0, 262)),
    # "Bidding starts with 82 points"; "if ($bid == 82) { $bid = 80; }".
    "bga, 82": dict(contract="82C", points=(82, 80), rules=rules("bga"), score=(162, 80)),
    "bga, 82 failed": dict(contract="82C", points=(81, 81), rules=rules("bga"), score=(0, 242)),
    # Coinched: (the bid + the takers' points) x 2, "if ($countered) { $teamScores[$defenseTeam]
    # = 0; }", the defenders' belote too.
    "bga, coinched": dict(
        contract="100Cx2",
        points=(122, 40),
        belote=(0, 1),
        rules=rules("bga"),
        score=(444, 0),
    ),
    # A capot bid is 250: (250 + 250) x m.
    "bga, capot": dict(
        contract="capotCx2", points=(162, 0), capot=TAKERS, rules=rules("bga"), score=(1000, 0)
    ),
    # ---- colver: colver-core/src/engine/scoring.rs, its tests.
    "colver, test_scores_are_exact_never_rounded": dict(
        contract="80H", points=(87, 75), rules=rules("colver"), score=(167, 75)
    ),
    "colver, test_standard_reussi": dict(
        contract="80H", points=(92, 70), rules=rules("colver"), score=(172, 70)
    ),
    "colver, test_standard_chute": dict(
        contract="100H", points=(82, 80), rules=rules("colver"), score=(0, 262)
    ),
    "colver, test_contre_reussi": dict(
        contract="80Hx2", points=(100, 62), rules=rules("colver"), score=(322, 0)
    ),
    "colver, test_contre_chute": dict(
        contract="100Hx2", points=(90, 72), rules=rules("colver"), score=(0, 362)
    ),
    "colver, test_surcontre_reussi": dict(
        contract="80Hx4", points=(100, 62), rules=rules("colver"), score=(402, 0)
    ),
    "colver, test_capot_reussi": dict(
        contract="capotH", points=(162, 0), capot=TAKERS, rules=rules("colver"), score=(502, 0)
    ),
    "colver, test_capot_chute": dict(
        contract="capotH", points=(140, 22), rules=rules("colver"), score=(0, 412)
    ),
    "colver, test_capot_chute_contre": dict(
        contract="capotHx2", points=(140, 22), rules=rules("colver"), score=(0, 662)
    ),
    "colver, test_capot_chute_surcontre": dict(
        contract="capotHx4", points=(140, 22), rules=rules("colver"), score=(0, 912)
    ),
    "colver, test_capot_chute_with_belote": dict(
        contract="capotH", points=(140, 22), belote=(1, 0), rules=rules("colver"), score=(0, 432)
    ),
    "colver, test_capot_reussi_with_defense_belote": dict(
        contract="capotH",
        points=(162, 0),
        capot=TAKERS,
        belote=(0, 1),
        rules=rules("colver"),
        score=(502, 20),
    ),
    "colver, test_capot_contre_reussi": dict(
        contract="capotHx2",
        points=(162, 0),
        capot=TAKERS,
        rules=rules("colver"),
        score=(752, 0),
    ),
    "colver, test_capot_surcontre_reussi": dict(
        contract="capotHx4",
        points=(162, 0),
        capot=TAKERS,
        rules=rules("colver"),
        score=(1002, 0),
    ),
    "colver, test_belote_with_reussi": dict(
        contract="80H", points=(92, 70), belote=(1, 0), rules=rules("colver"), score=(192, 70)
    ),
    "colver, test_belote_saves_contract": dict(
        contract="100H", points=(88, 74), belote=(1, 0), rules=rules("colver"), score=(208, 74)
    ),
    "colver, test_chute_belote_goes_to_defense": dict(
        contract="130H", points=(82, 80), belote=(0, 1), rules=rules("colver"), score=(0, 312)
    ),
    # ---- essarts: the Maison des Essarts. "La coinche vaut 160 x 2 = 320 [...] La surcoinche
    # vaut 160 x 3 = 480 points + les points du contrat + les annonces".
    "essarts, coinched": dict(
        contract="100Hx2", points=(122, 40), rules=rules("essarts"), score=(420, 0)
    ),
    "essarts, surcoinched": dict(
        contract="100Hx4", points=(122, 40), rules=rules("essarts"), score=(580, 0)
    ),
    "essarts, surcoinched with a tierce": dict(
        contract="100Hx4",
        points=(110, 52),
        annonces=(TIERCE, ()),
        rules=rules("essarts"),
        score=(600, 0),
    ),
}


@pytest.mark.parametrize("row", FIGURES.values(), ids=FIGURES.keys())
@SEATS
def test_the_figures_each_text_prints(row: dict[str, Any], taker: int) -> None:
    _, score = scored(row, taker)
    assert score == row["score"]


# colver, test_chute_marks_the_whole_162: "every V in 80..160 & 250, m 1..3, belote 0/20/40":
# the defenders score 162 + V x m + every belote.
@pytest.mark.parametrize("value", [*range(80, 161, 10), "capot"])
@pytest.mark.parametrize("level", [0, 1, 2])
@pytest.mark.parametrize("belote", [(0, 0), (1, 0), (0, 1)])
def test_colver_s_chute_marks_the_whole_162(
    value: int | str, level: int, belote: tuple[int, int]
) -> None:
    text = f"{value}H" + ("", "x2", "x4")[level]
    _, score = scored(
        dict(contract=text, points=(20, 142), belote=belote, rules=rules("colver")), 0
    )
    worth = 250 if value == "capot" else value
    assert score == (0, 162 + worth * (1, 2, 3)[level] + 20 * sum(belote))  # type: ignore[operator]


# colver, deal_score_step_at_the_threshold_is_four_times_the_contract: V - 1 or V points make
# a step of 4V in the deal's score (V + V to the takers against 162 + V to the defenders).
@pytest.mark.parametrize("value", range(80, 161, 10))
def test_colver_s_step_at_the_threshold_is_four_times_the_contract(value: int) -> None:
    made, _ = scored(
        dict(contract=f"{value}H", points=(value, 162 - value), rules=rules("colver")), 0
    )
    down, _ = scored(
        dict(contract=f"{value}H", points=(value - 1, 163 - value), rules=rules("colver")), 0
    )
    margin = made.score[0] - made.score[1] - (down.score[0] - down.score[1])
    assert margin == 4 * value


def test_ffb_rounds_5_up_and_the_equipe_ludique_and_cannes_6_up() -> None:
    """FFB contrée 2016 §10.3 "85 -> 90, 84 -> 80"; FFB coinchée 2015 §10.2 "85 est arrondi à
    90 tandis que 84 est arrondi à 80"; Équipe Ludique §9.2 "85 est arrondi à 80 tandis que 86
    est arrondi à 90"; Cannes 2016 "arrondis à 6 (156 valant 160)"."""
    for profile, figures in (
        ("ffb-contree-2016", {85: 90, 84: 80}),
        ("ffb-coinchee-2015", {85: 90, 84: 80}),
        ("ffb-equipe-ludique", {85: 80, 86: 90}),
        ("cannes-2016", {156: 160, 85: 80}),
        ("bga", {85: 85}),
        ("colver", {87: 87}),
    ):
        options = COINCHE.options({"profile": profile})
        assert {points: round_score(points, options) for points in figures} == figures


def test_ffb_contree_2016_the_rounded_points_win_the_game() -> None:
    """§10.4: "1770 et réalise 117 points pour un contrat à 110. Les 117 points sont arrondis à
    120, soit 1770 + 120 + 110", "les points sont arrondis en fin de partie et permettent de
    gagner": the 230 of the deal end a game whose target is 230 away (2000 - 1770)."""
    deal = summary("110H", 0, (117, 45))
    won = COINCHE.score_game([deal], COINCHE.options(rules("ffb-contree-2016", target=230)))
    assert won.finished and won.totals == (230, 50)
    # Counted at the point (Équipe Ludique, Cannes), 117 + 110 = 227 would not.
    exact = rules("ffb-contree-2016", target=230, final_deal="exact")
    assert not COINCHE.score_game([deal], COINCHE.options(exact)).finished


@pytest.mark.parametrize(("target", "finished"), [(204, True), (205, False)])
def test_cannes_counts_the_last_deal_at_the_point(target: int, finished: bool) -> None:
    """III: "la dernière donne est comptée au point juste (100 demandés + 104 faits = 204,
    l'équipe adverse marquera 58 points et on inscrira 204 et 58)"; a deal that does not end
    the game is rounded, 200 and 60."""
    game = COINCHE.score_game(
        [summary("100H", 0, (104, 58))], COINCHE.options(rules("cannes-2016", target=target))
    )
    assert (game.finished, game.totals) == (finished, (204, 58) if finished else (200, 60))


def test_cannes_plays_2001_points_and_the_capot_at_270() -> None:
    options = COINCHE.options(rules("cannes-2016"))
    assert options.target == 2001
    auction = judge_auction(3, [], options)
    assert "260S" in auction.legal and "270S" not in auction.legal and "capotS" in auction.legal


def test_the_equipe_ludique_2000_exactly_does_not_win() -> None:
    """§9.3: "Nous arrivons à 2000 points pile, nous ne gagnons pas (encore) la partie car nous
    ne dépassons pas les 2000 points": a game whose target the deal's 170 reaches exactly."""
    deal = summary("80H", 0, (90, 72))  # 170 / 72 -> 70 (6 up)
    game = COINCHE.score_game([deal], COINCHE.options(rules("ffb-equipe-ludique", target=170)))
    assert game.totals == (170, 70) and not game.finished
    passed = COINCHE.score_game([deal], COINCHE.options(rules("ffb-equipe-ludique", target=169)))
    assert passed.finished and passed.totals == (170, 72)  # the last deal, at the point


def test_bga_ends_the_game_strictly_above_the_target() -> None:
    """coinche.game.php: "if ($score > $maxScore)", "score must be strictly higher"."""
    deal = summary("100C", 0, (122, 40))  # 222 / 40
    at = COINCHE.score_game([deal], COINCHE.options(rules("bga", target=222)))
    above = COINCHE.score_game([deal], COINCHE.options(rules("bga", target=221)))
    assert (at.finished, above.finished) == (False, True)


@pytest.mark.parametrize(
    ("profile", "first", "refused"),
    [("bga", "82S", "80S"), ("ff-coinche", "82S", "80S"), ("ffb-contree-2016", "80S", "82S")],
)
def test_the_lowest_bid(profile: str, first: str, refused: str) -> None:
    """BGA: "Bidding starts with 82 points"; the Fédération Française de Coinche: "minimum
    d'un contrat est de 82"; FFB contrée 2016 §4.2.2: "comprise entre 80 et 160"."""
    options = COINCHE.options(rules(profile))
    auction = judge_auction(3, [], options)
    assert auction.legal[1] == first and refused not in auction.legal


def test_ff_coinche_decoinchage() -> None:
    """ "Si un joueur est coinché les deux autres joueurs peuvent décoincher en faisant une
    enchère supérieure"."""
    options = COINCHE.options(rules("ff-coinche"))
    auction = judge_auction(3, ["90H", "coinche", "100S", "pass", "pass", "pass"], options)
    assert auction.contract == Contract(2, 100, 0, 0)
    frozen = judge_auction(3, ["90H", "coinche", "100S"], COINCHE.options(rules("bga")))
    assert frozen.violation is not None and frozen.violation.code == "bid_after_coinche"


@pytest.mark.parametrize(
    ("profile", "partner", "legal"),
    [
        # BGA's assertCardPlay, "You must play a %s higher": a trump played over the
        # partner's winning king must beat it (the queen may not be played, plain cards may).
        ("bga", "KH", "AD KD QC QD 8C KC 9H"),
        ("bga", "JH", "AD KD QC QD 8C KC QH 9H"),
        ("bga", "7H", "AD KD QC QD 8C KC QH 9H"),
        # FFB contrée 2016 §5.2.3: "y compris un atout inférieur au sien".
        ("ffb-contree-2016", "KH", "AD KD QC QD 8C KC QH 9H"),
        # Équipe Ludique, règle 4: only a hand of trumps alone must beat it.
        ("ffb-equipe-ludique", "KH", "AD KD QC QD 8C KC QH 9H"),
    ],
)
def test_a_trump_over_a_partner_s_winning_trump(profile: str, partner: str, legal: str) -> None:
    """Hearts trump; spades led by seat 0, seat 1 trumps, seat 2 follows, seat 3 cannot
    follow (the hands of Cardman's GameBeloteWithTrumpSuitFourTest)."""
    options = COINCHE.options(rules(profile))
    hand = cards("AD KD QC QD 8C KC QH 9H")
    trick = cards(f"AS {partner} 7S")
    assert legal_cards(hand, trick, 1, options) == cards(legal)
    trumps_alone = legal_cards(cards("QH 9H"), trick, 1, options)
    beaten = profile != "ffb-contree-2016" and partner == "KH"
    assert trumps_alone == (cards("9H") if beaten else cards("QH 9H"))
