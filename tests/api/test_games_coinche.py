"""service/api/games.py, coinche's path: POST /v1/coinche/games/score, a coinche game scored deal by
deal (the README, "Coinche")."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.helpers import answer, contract, problems

GAME = "/v1/coinche/games/score"


def test_a_game_to_its_target_with_the_reserve(client: FlaskClient) -> None:
    body = answer(
        client,
        GAME,
        {
            "deals": [
                {"contract": contract(80, "S"), "points": [81, 81]},
                {"contract": contract(160, "H", taker=1), "points": [0, 162], "capot": 1},
                {"contract": contract("capot", "H", 2), "points": [162, 0], "capot": 0},
            ],
            "rules": {"litige": "reserve"},
        },
    )
    assert [d["contract"] for d in body["deals"]] == ["litige", "made", "made"]
    assert [d["totals"] for d in body["deals"]] == [[0, 80], [0, 570], [2000, 570]]
    assert body["deals"][1]["reserve_to"] == 1
    assert (body["totals"], body["reserve"], body["finished"], body["winner"]) == (
        [2000, 570],
        0,
        True,
        0,
    )


def test_a_deal_after_the_game_was_won(client: FlaskClient) -> None:
    won = {"contract": contract("capot", "H", 2), "points": [162, 0], "capot": 0}
    assert list(problems(client, GAME, {"deals": [won, won]})) == ["/deals/1"]
    wrong = {"contract": contract(80, "TA"), "points": [81, 81]}
    assert list(problems(client, GAME, {"deals": [wrong]})) == ["/deals/0/contract/strain"]


def test_a_misdeal_in_the_game_and_its_line(client: FlaskClient) -> None:
    """Cannes 2016: a misdeal found after an opponent's bid, "pénalité de 160 points + le
    contrat": the standing 90 costs the dealer's team (seat 1: team 1) 160 + 90."""
    body = answer(
        client,
        GAME,
        {
            "deals": [
                {"contract": contract(80, "S"), "points": [100, 62]},
                {"misdeal": {"dealer": 1, "count": 1, "contract": 90}},
                {"misdeal": {"dealer": 2, "count": 1}},
            ],
            "rules": {"profile": "cannes-2016"},
        },
    )
    made, after_bid, before_bid = body["deals"]
    assert made["totals"] == [180, 60]
    assert after_bid == {
        "misdeal": {"dealer": 1, "count": 1, "contract": 90},
        "team": 0,
        "penalty": 250,
        "score": [250, 0],
        "reserve_in": 0,
        "reserve_out": 0,
        "reserve_to": None,
        "totals": [430, 60],
    }
    # Found before any bid: redealt, nothing scored (the text is silent).
    assert (before_bid["team"], before_bid["penalty"], before_bid["totals"]) == (1, 0, [430, 60])
    assert (body["totals"], body["finished"]) == ([430, 60], False)


def test_a_penalty_that_ends_the_game(client: FlaskClient) -> None:
    """The Fédération Française de Coinche: "En cas d'une deuxième maldonne on attribuera 160
    points à ses adversaires"."""
    deals = [{"misdeal": {"dealer": 0, "count": n}} for n in (1, 2)]
    body = answer(client, GAME, {"deals": deals, "rules": {"misdeal": "ff_coinche", "target": 160}})
    assert [d["penalty"] for d in body["deals"]] == [0, 160]
    assert (body["totals"], body["finished"], body["winner"]) == ([0, 160], True, 1)
    after = [*deals, {"contract": contract(80, "S"), "points": [100, 62]}]
    errors = problems(
        client, GAME, {"deals": after, "rules": {"misdeal": "ff_coinche", "target": 160}}
    )
    assert list(errors) == ["/deals/2"]


def test_by_default_a_misdeal_scores_nothing(client: FlaskClient) -> None:
    deals = [{"misdeal": {"dealer": 3, "count": n}} for n in (1, 2, 3)]
    body = answer(client, GAME, {"deals": deals})
    assert [(d["team"], d["penalty"]) for d in body["deals"]] == [(0, 0)] * 3
    assert body["totals"] == [0, 0]


def test_a_misdeal_that_cannot_be_is_named_by_its_pointer(client: FlaskClient) -> None:
    rules = {"misdeal": "cannes"}
    bad = {"misdeal": {"dealer": 4, "count": 0}}
    errors = problems(client, GAME, {"deals": [{"misdeal": {"dealer": 0, "count": 1}}, bad]})
    assert set(errors) == {"/deals/1/misdeal/dealer", "/deals/1/misdeal/count"}
    # A value no auction reaches under the options: the rules say so.
    bid = {"misdeal": {"dealer": 0, "count": 1, "contract": 85}}
    assert list(problems(client, GAME, {"deals": [bid], "rules": rules})) == [
        "/deals/0/misdeal/contract"
    ]
    wrong = {"misdeal": {"dealer": 0, "count": 1, "contract": "80"}}
    assert list(problems(client, GAME, {"deals": [wrong], "rules": rules})) == [
        "/deals/0/misdeal/contract"
    ]
    # A misdeal is no deal: nothing else beside it.
    mixed = {"misdeal": {"dealer": 0, "count": 1}, "points": [81, 81]}
    assert list(problems(client, GAME, {"deals": [mixed]})) == ["/deals/0/points"]
    assert list(problems(client, GAME, {"deals": [{"misdeal": {"count": 1}}]})) == [
        "/deals/0/misdeal/dealer"
    ]
