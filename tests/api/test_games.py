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


def test_the_ffb_s_third_misdeal_gives_162(client: FlaskClient) -> None:
    """The FFB's web page: the first misdeal redealt, the second a ban on taking (the
    arbiter's), the third 162 to the opponents in classic belote."""
    deals = [{"misdeal": {"dealer": 1, "count": n}} for n in (1, 2, 3)]
    body = answer(
        client, "/v1/games/score", {"deals": deals, "rules": {"profile": "ffb-belote-2016"}}
    )
    assert [(d["team"], d["penalty"], d["totals"]) for d in body["deals"]] == [
        (0, 0, [0, 0]),
        (0, 0, [0, 0]),
        (0, 162, [162, 0]),
    ]
    assert body["deals"][2]["misdeal"] == {"dealer": 1, "count": 3, "contract": None}


def test_classic_takes_no_other_misdeal_penalty_and_no_contract(client: FlaskClient) -> None:
    misdeal = {"misdeal": {"dealer": 0, "count": 2}}
    for rule in ("ff_coinche", "cannes"):
        errors = problems(
            client, "/v1/games/score", {"deals": [misdeal], "rules": {"misdeal": rule}}
        )
        assert list(errors) == ["/rules/misdeal"]
    bid = {"misdeal": {"dealer": 0, "count": 1, "contract": 80}}
    errors = problems(client, "/v1/games/score", {"deals": [bid], "rules": {"misdeal": "ffb_web"}})
    assert list(errors) == ["/deals/0/misdeal/contract"]
