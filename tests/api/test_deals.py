"""POST /v1/deals/replay, /v1/deals/score and /v1/deals/deal."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import FRENCH, answer, metric, problems

RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]
# Each seat holds one whole suit: seat 0 spades, seat 1 hearts (trump), seat 2 diamonds,
# seat 3 clubs. Seat 1 trumps the first trick, then leads trumps: team 1 takes every trick.
HANDS = [[rank + suit for rank in RANKS] for suit in "SHDC"]
FIRST_TRICK = ["7S", "7H", "7D", "7C"]
PLAYS = FIRST_TRICK + [
    card
    for rank in RANKS[1:]
    for card in (rank + "H", rank + "D", rank + "C", rank + "S")  # seat 1 leads
]
DEAL: dict[str, Any] = {"dealer": 3, "trump": "H", "taker": 1, "plays": PLAYS, "hands": HANDS}


# --- /v1/deals/score -------------------------------------------------------------------------


def test_deal_score_example_of_api_md(client: FlaskClient) -> None:
    body = answer(
        client,
        "/v1/deals/score",
        {"taker": 0, "points": [102, 60], "capot": None, "belote": 0, "rules": {}},
    )
    assert body["contract"] == "made"
    assert body["capot"] is None
    assert body["score"] == [122, 60]
    assert body["reserve"] == 0
    first, second = body["breakdown"]
    assert {k: first[k] for k in ("team", "cards", "belote", "capot_bonus", "total")} == {
        "team": 0,
        "cards": 102,
        "belote": 20,
        "capot_bonus": 0,
        "total": 122,
    }
    assert (second["team"], second["total"]) == (1, 60)
    assert body["annonces"] is None  # option off


def test_a_breakdown_gives_the_card_points_won_beside_those_counted(client: FlaskClient) -> None:
    """After the defenders' renonce the takers count 162; the tricks had gone 108 to 54."""
    deal = {"taker": 0, "points": [108, 54], "renonce": 1}
    body = answer(client, "/v1/deals/score", deal)
    assert [(t["cards"], t["card_points"]) for t in body["breakdown"]] == [(162, 108), (0, 54)]
    game = answer(client, "/v1/games/score", {"deals": [deal]})
    (scored,) = game["deals"]
    assert [t["card_points"] for t in scored["breakdown"]] == [108, 54]


def test_litige_holds_the_takers_points_in_reserve(client: FlaskClient) -> None:
    body = answer(client, "/v1/deals/score", {"taker": 1, "points": [81, 81]})
    assert (body["contract"], body["score"], body["reserve"]) == ("litige", [81, 0], 81)


def test_points_must_add_up_to_162(client: FlaskClient) -> None:
    errors = problems(client, "/v1/deals/score", {"taker": 0, "points": [100, 60]})
    assert list(errors) == ["/points"]
    assert "162" in errors["/points"]


# Takers 102 + a tierce, defenders 60 + four Jacks, with annonces on.
WITH_ANNONCES: dict[str, Any] = {
    "taker": 0,
    "points": [102, 60],
    "trump": "H",
    "annonces": [[["7S", "8S", "9S"]], [["JH", "JS", "JD", "JC"]]],
    "rules": {"annonces": True},
}


def test_annonces_count_for_the_team_with_the_best(client: FlaskClient) -> None:
    body = answer(client, "/v1/deals/score", WITH_ANNONCES)
    # The defenders' four Jacks beat the takers' tierce: 102 + 20 < 60 + 200, dedans.
    assert body["annonces"] == {"team": 1, "points": [0, 200], "declared": [20, 200]}
    assert body["contract"] == "dedans"
    assert [t["annonces"] for t in body["breakdown"]] == [0, 200]
    assert body["score"] == [0, 362]


def test_annonces_do_not_score_without_the_option(client: FlaskClient) -> None:
    body = answer(client, "/v1/deals/score", {**WITH_ANNONCES, "rules": {}})
    assert (body["contract"], body["score"], body["annonces"]) == ("made", [102, 60], None)


def test_an_invalid_annonce_is_named(client: FlaskClient) -> None:
    annonces = [[["7S", "8S", "9S"]], [["7D", "9D", "TD"], ["8S", "9S", "10S"]]]
    errors = problems(client, "/v1/deals/score", {**WITH_ANNONCES, "annonces": annonces})
    # Not a sequence; and two cards the other team declared too.
    assert set(errors) == {"/annonces/1/0", "/annonces/1/1/0", "/annonces/1/1/1"}


def test_renonce_by_the_defenders_makes_the_contract(client: FlaskClient) -> None:
    body = answer(client, "/v1/deals/score", {"taker": 0, "points": [50, 112], "renonce": 1})
    assert (body["contract"], body["score"], body["renonce"]) == ("made", [162, 0], 1)
    annulled = answer(
        client,
        "/v1/deals/score",
        {"taker": 0, "points": [50, 112], "renonce": 1, "rules": {"renonce": "annul"}},
    )
    assert (annulled["contract"], annulled["score"]) == ("annulled", [0, 0])


# --- /v1/deals/replay ------------------------------------------------------------------------


def test_replay_a_complete_capot(client: FlaskClient) -> None:
    body = answer(client, "/v1/deals/replay", DEAL)
    assert len(body["tricks"]) == 8
    assert body["tricks"][0] == {"leader": 0, "cards": FIRST_TRICK, "winner": 1, "points": 0}
    assert body["tricks"][7]["points"] == 4 * 11 + 10  # the four aces and the dix de der
    assert body["renonces"] == []
    assert (body["complete"], body["to_move"], body["points"]) == (True, None, [0, 162])
    assert body["legal"] is None
    assert body["belote"] == 1  # seat 1 holds KH and QH
    score = body["score"]
    assert (score["contract"], score["capot"], score["score"]) == ("made", 1, [0, 272])


def test_replay_in_progress_gives_who_moves_and_the_legal_cards(client: FlaskClient) -> None:
    body = answer(client, "/v1/deals/replay", {**DEAL, "plays": ["7♠"]})
    # No winner, no points yet.
    assert body["tricks"] == [{"leader": 0, "cards": ["7S"], "winner": None, "points": None}]
    assert (body["complete"], body["to_move"], body["score"]) == (False, 1, None)
    assert body["legal"] == HANDS[1]  # cannot follow: must trump


def test_replay_proves_a_renonce_by_a_later_play(client: FlaskClient) -> None:
    before = metric("belote_renonces_total")
    body = answer(
        client,
        "/v1/deals/replay",
        {"dealer": 3, "trump": "H", "taker": 0, "plays": ["7S", "AS", "8D", "KS", "9C", "TS"]},
        **FRENCH,
    )
    [renonce] = body["renonces"]
    assert {k: renonce[k] for k in ("play", "trick", "seat", "card")} == {
        "play": 2,
        "trick": 0,
        "seat": 2,
        "card": "8D",
    }
    assert renonce["violation"]["code"] == "follow_suit"
    assert "le 10 de pique" in renonce["violation"]["message"]
    assert "fournir" in renonce["violation"]["message"]
    assert renonce["proof"] == {"by": "later_play", "card": "10S", "play": 5}
    assert metric("belote_renonces_total") == before + 1


def test_replay_a_card_in_two_hands(client: FlaskClient) -> None:
    hands = [list(hand) for hand in HANDS]
    hands[2][5] = "7S"
    errors = problems(client, "/v1/deals/replay", {**DEAL, "hands": hands})
    assert "/hands/2/5" in errors
    assert "/hands/0/0" in errors["/hands/2/5"]


def test_replay_a_card_played_twice(client: FlaskClient) -> None:
    errors = problems(
        client, "/v1/deals/replay", {"dealer": 0, "trump": "S", "taker": 0, "plays": ["7H", "7h"]}
    )
    assert list(errors) == ["/plays/1"]


def test_replay_checks_declarations(client: FlaskClient) -> None:
    declarations = [
        {"seat": 1, "cards": HANDS[1]},  # a run of 8 hearts: one cent
        {"seat": 0, "cards": ["7S", "8S", "9S"]},
        {"seat": 2, "cards": ["JS", "QS", "KS"]},  # seat 2 holds diamonds only
    ]
    body = answer(
        client,
        "/v1/deals/replay",
        {**DEAL, "declarations": declarations, "rules": {"annonces": True}},
        **FRENCH,
    )
    cent, tierce, bogus = body["declarations"]
    assert (cent["valid"], cent["annonce"]["kind"], cent["annonce"]["points"]) == (
        True,
        "cent",
        100,
    )
    assert (tierce["valid"], tierce["problem"]) == (True, None)
    assert bogus["valid"] is False
    assert bogus["annonce"] is None
    assert bogus["problem"]["code"] == "declaration.not_held"
    assert bogus["problem"]["message"].startswith("Le joueur 2 a annoncé")
    score = body["score"]
    assert score["annonces"]["team"] == 1
    assert score["score"] == [0, 252 + 20 + 100]


# --- /v1/deals/deal --------------------------------------------------------------------------

SEED = "a client's seed of some length"


def test_deal_is_reproducible(client: FlaskClient) -> None:
    first = answer(client, "/v1/deals/deal", {"seed": SEED, "dealer": 3})
    assert first == answer(client, "/v1/deals/deal", {"seed": SEED, "dealer": 3})
    assert first["algorithm"].startswith("belote-deal/1")
    assert [len(hand) for hand in first["hands"]] == [5, 5, 5, 5]
    assert len(first["stock"]) == 11
    dealt = [card for hand in first["hands"] for card in hand] + [first["turned"], *first["stock"]]
    assert len(set(dealt)) == 32


def test_deal_with_a_taker_completes_the_hands(client: FlaskClient) -> None:
    first = answer(client, "/v1/deals/deal", {"seed": SEED, "dealer": 3})
    body = answer(client, "/v1/deals/deal", {"seed": SEED, "dealer": 3, "taker": 1})
    assert [len(hand) for hand in body["hands"]] == [8, 8, 8, 8]
    assert body["stock"] == []
    assert body["turned"] == first["turned"]
    assert body["hands"][1][5] == first["turned"]  # the taker receives the turned card
    # From the dealer's next: seat 0 receives 3 cards, then the taker 2, seats 2 and 3 3 each.
    assert body["hands"][0][5:] == first["stock"][:3]
    assert body["hands"][1][6:] == first["stock"][3:5]


def test_a_seed_has_16_to_256_characters(client: FlaskClient) -> None:
    assert list(problems(client, "/v1/deals/deal", {"seed": "short", "dealer": 0})) == ["/seed"]
    assert list(problems(client, "/v1/deals/deal", {"seed": "x" * 257, "dealer": 0})) == ["/seed"]


@pytest.mark.parametrize("path", ["/v1/deals/deal", "/v1/coinche/deals/deal"])
@pytest.mark.parametrize("seed", ["bot 1", "x" * 257])
def test_a_refused_seed_is_told_its_length_and_why(
    client: FlaskClient, path: str, seed: str
) -> None:
    """Issue 31, item 5: "Length must be between 16 and 256." gave no reason."""
    assert problems(client, path, {"seed": seed, "dealer": 0}) == {
        "/seed": "A seed is 16 to 256 characters: at least 16 so that no one can guess it and "
        "know the hands it deals."
    }
    french = problems(client, path, {"seed": seed, "dealer": 0}, **{"Accept-Language": "fr"})
    assert french["/seed"].startswith("Une graine compte de 16 à 256 caractères : au moins 16")


def test_a_card_declared_in_two_annonces_is_refused_by_a_verdict(client: FlaskClient) -> None:
    declarations = [
        {"seat": 1, "cards": ["7H", "8H", "9H"]},
        {"seat": 1, "cards": ["10H", "JH", "QH"]},
        {"seat": 1, "cards": ["JH", "QH", "KH"]},
    ]
    body = answer(
        client,
        "/v1/deals/replay",
        {**DEAL, "declarations": declarations, "rules": {"annonces": True}},
    )
    assert [d["valid"] for d in body["declarations"]] == [True, True, False]
    assert body["declarations"][2]["problem"]["code"] == "declaration.card_reused"
    assert body["score"]["annonces"]["points"] == [0, 40]
