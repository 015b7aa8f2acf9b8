"""POST /v1/games/score."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.helpers import answer, problems


def test_a_litige_reserve_goes_to_the_winner_of_the_next_deal(client: FlaskClient) -> None:
    body = answer(
        client,
        "/v1/games/score",
        {
            "deals": [{"taker": 0, "points": [81, 81]}, {"taker": 1, "points": [60, 102]}],
            "rules": {"target": 1000},
        },
    )
    first, second = body["deals"]
    assert {k: first[k] for k in ("contract", "score", "reserve_in", "reserve_out", "totals")} == {
        "contract": "litige",
        "score": [0, 81],
        "reserve_in": 0,
        "reserve_out": 81,
        "totals": [0, 81],
    }
    assert (second["contract"], second["reserve_in"], second["reserve_out"]) == ("made", 81, 0)
    assert second["reserve_to"] == 1
    assert second["totals"] == [60, 81 + 102 + 81]
    assert (body["totals"], body["reserve"]) == ([60, 264], 0)
    assert (body["finished"], body["winner"]) == (False, None)


def test_the_game_ends_at_the_target(client: FlaskClient) -> None:
    body = answer(
        client,
        "/v1/games/score",
        {"deals": [{"taker": 0, "points": [162, 0], "capot": 0}], "rules": {"target": 200}},
    )
    assert (body["totals"], body["finished"], body["winner"]) == ([252, 0], True, 0)


def test_a_deal_after_the_game_was_won(client: FlaskClient) -> None:
    deals = [{"taker": 0, "points": [162, 0]}, {"taker": 1, "points": [60, 102]}]
    errors = problems(client, "/v1/games/score", {"deals": deals, "rules": {"target": 100}})
    assert list(errors) == ["/deals/1"]


def test_pointers_name_the_deal(client: FlaskClient) -> None:
    deals = [
        {"taker": 0, "points": [81, 81]},
        {"taker": 0, "points": [80, 81]},
        {"taker": 0, "points": [100, 62], "trump": "S", "annonces": [[["7S", "9S", "TS"]], []]},
    ]
    errors = problems(client, "/v1/games/score", {"deals": deals})
    assert set(errors) == {"/deals/2/annonces/0/0"}  # annonces are read while loading
    errors = problems(client, "/v1/games/score", {"deals": deals[:2]})
    assert set(errors) == {"/deals/1/points"}
