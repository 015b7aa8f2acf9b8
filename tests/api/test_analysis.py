"""POST /v1/analysis/solve and /v1/analysis/claim: shapes, the 422s, the budget."""

from __future__ import annotations

import random
import re
from typing import Any

from flask.testing import FlaskClient

from service.app import create_app
from service.rules import Suit
from service.rules.core.cards import Card
from service.text.catalog import card_names
from support.deals import play_deal
from tests.api.helpers import FRENCH, answer, problems
from tests.rules.builders import codes

# Hearts are trump; seat 1 holds the six best trumps and the two spade masters, leads the
# first trick and takes: a capot whatever the others play.
HANDS = [
    ["7S", "8S", "9S", "7H", "8H", "7D", "8D", "9D"],
    ["JH", "9H", "AH", "10H", "KH", "QH", "AS", "10S"],
    ["KS", "QS", "JS", "7C", "8C", "9C", "10C", "JC"],
    ["AD", "10D", "KD", "QD", "JD", "QC", "KC", "AC"],
]
DEAL: dict[str, Any] = {"dealer": 0, "trump": "H", "taker": 1, "plays": [], "hands": HANDS}
CAPOT = {"points": [0, 162], "capot": 1, "contract": "made", "score": [0, 272]}
SOLVE, CLAIM = "/v1/analysis/solve", "/v1/analysis/claim"


def random_deal(seed: int, plays: int) -> dict[str, Any]:
    """A deal of random legal plays from `random.Random(seed)`, `plays` of them made."""
    record = play_deal(random.Random(seed), plays).record
    assert record.hands is not None
    return {
        "dealer": record.dealer,
        "trump": str(Suit(record.strain)),
        "taker": record.taker,
        "plays": codes(record.plays),
        "hands": [codes(hand) for hand in record.hands],
    }


def test_a_solve_answers_value_moves_and_line(client: FlaskClient) -> None:
    body = answer(client, SOLVE, DEAL)
    assert set(body) == {
        "to_move",
        "value",
        "moves",
        "line",
        "exact",
        "bounds",
        "nodes",
        "elapsed_ms",
    }
    assert body["to_move"] == 1
    assert body["value"] == CAPOT
    assert [m["card"] for m in body["moves"]] == HANDS[1]
    assert all(m["value"] == CAPOT and m["loss"] == 0 for m in body["moves"])
    assert len(body["line"]) == 32 and body["line"][0] in HANDS[1]
    assert body["exact"] is True and body["bounds"] is None
    assert body["nodes"] >= 1 and body["elapsed_ms"] >= 0


def test_each_card_s_value_and_loss_against_the_best(client: FlaskClient) -> None:
    # A random deal with 3 tricks left (and a card on the table).
    body = answer(client, SOLVE, random_deal(6, 21))
    mover = body["to_move"] % 2
    best = body["value"]["points"][mover]
    assert min(m["loss"] for m in body["moves"]) == 0
    for move in body["moves"]:
        assert set(move) == {"card", "value", "loss"}
        assert move["loss"] == best - move["value"]["points"][mover]  # no capot here
    assert max(m["loss"] for m in body["moves"]) > 0
    assert len(body["line"]) == 32 - 21


def test_a_finished_deal_answers_its_value_and_no_move(client: FlaskClient) -> None:
    line = answer(client, SOLVE, DEAL)["line"]
    body = answer(client, SOLVE, {**DEAL, "plays": line})
    assert (body["to_move"], body["value"], body["moves"], body["line"]) == (None, CAPOT, [], [])
    assert body["exact"] is True


def test_a_claim_answers_holds_guarantee_and_refutation(client: FlaskClient) -> None:
    body = answer(client, CLAIM, {**DEAL, "claim": {"seat": 3, "rest": True}})
    assert body == {**body, "holds": True, "tricks": 8, "points": 162, "refutation": None}
    assert body["exact"] is True
    body = answer(client, CLAIM, {**DEAL, "claim": {"seat": 0, "points": 1}, "mode": "any"})
    assert (body["holds"], body["tricks"], body["points"]) == (False, 0, 0)
    assert len(body["refutation"]) == 32


def test_hands_are_required(client: FlaskClient) -> None:
    body = {k: v for k, v in DEAL.items() if k != "hands"}
    assert "/hands" in problems(client, SOLVE, body)
    assert "/hands" in problems(client, CLAIM, {**body, "claim": {"seat": 0, "rest": True}})


def test_a_budget_over_ten_seconds_is_refused(client: FlaskClient) -> None:
    assert set(problems(client, SOLVE, {**DEAL, "budget_ms": 10_001})) == {"/budget_ms"}
    assert set(problems(client, SOLVE, {**DEAL, "budget_ms": 0})) == {"/budget_ms"}
    assert answer(client, SOLVE, {**DEAL, "budget_ms": 10_000})["exact"] is True


def test_plays_not_from_the_hands_name_the_play(client: FlaskClient) -> None:
    assert set(problems(client, SOLVE, {**DEAL, "plays": ["7S"]})) == {"/plays/0"}


def test_a_finished_deal_has_no_claim(client: FlaskClient) -> None:
    line = answer(client, SOLVE, DEAL)["line"]
    body = {**DEAL, "plays": line, "claim": {"seat": 0, "tricks": 0}}
    assert set(problems(client, CLAIM, body)) == {"/claim"}


def test_a_claim_names_exactly_one_thing(client: FlaskClient) -> None:
    for claim in ({"seat": 0}, {"seat": 0, "tricks": 1, "points": 1}):
        assert set(problems(client, CLAIM, {**DEAL, "claim": claim})) == {"/claim"}
    french = problems(client, CLAIM, {**DEAL, "claim": {"seat": 0}}, **FRENCH)
    assert french["/claim"].startswith("Revendiquez")
    rest_false = {**DEAL, "claim": {"seat": 0, "rest": False}}
    assert problems(client, CLAIM, rest_false) == {"/claim/rest": "Must be equal to true."}
    assert problems(client, CLAIM, rest_false, **FRENCH) == {
        "/claim/rest": "Doit être égal à true."
    }
    assert set(problems(client, CLAIM, {**DEAL, "claim": {"seat": 0, "tricks": 9}})) == {
        "/claim/tricks"
    }
    assert set(problems(client, CLAIM, {**DEAL, "claim": {"seat": 0, "points": 163}})) == {
        "/claim/points"
    }
    assert set(
        problems(client, CLAIM, {**DEAL, "claim": {"seat": 0, "rest": True}, "mode": "all"})
    ) == {"/mode"}


def test_the_test_cap_shortens_every_budget() -> None:
    # A cap of 1 ms (ANALYSIS_BUDGET_CAP_MS) stops a full deal's search at its first look at
    # the clock: bounds, not a value.
    capped = create_app({"TESTING": True, "ANALYSIS_BUDGET_CAP_MS": 1}).test_client()
    deal = random_deal(1, 0)
    body = answer(capped, SOLVE, {**deal, "budget_ms": 10_000})
    assert body["exact"] is False
    assert (body["value"], body["moves"], body["line"]) == (None, [], [])
    lo, hi = body["bounds"]
    assert 0 <= lo <= hi <= 162
    claim = answer(capped, CLAIM, {**deal, "claim": {"seat": 0, "rest": True}, "mode": "any"})
    assert claim["exact"] is False


def test_the_operations_are_named(client: FlaskClient) -> None:
    paths = client.get("/openapi.json").get_json()["paths"]
    assert paths[SOLVE]["post"]["operationId"] == "solve_deal"
    assert paths[CLAIM]["post"]["operationId"] == "judge_claim"


def test_a_refuted_claim_says_why_and_gives_each_card_its_seat(client: FlaskClient) -> None:
    # Seat 0's team claims one trick against seat 1's capot: seat 1 wins the first with JH.
    body = answer(client, CLAIM, {**DEAL, "claim": {"seat": 0, "tricks": 1}})
    assert body["holds"] is False
    plays = body["refutation_plays"]
    assert [play["card"] for play in plays] == body["refutation"]
    assert [play["trick"] for play in plays] == [index // 4 for index in range(32)]
    assert [play["seat"] for play in plays[:4]] == [1, 2, 3, 0]  # seat 1 leads the first
    for play in plays:
        assert play["card"] in HANDS[play["seat"]]
    # The trick that leaves team 0 without one is the last, won by a seat of team 1.
    said = re.fullmatch(
        r"The opponents can defeat the claim: seat ([13]) wins trick 8 with (.+), and team 0 "
        r"takes 0 of the 8 tricks left, not 1\.",
        body["message"],
    )
    assert said is not None, body["message"]
    winning = [play for play in plays[-4:] if play["seat"] == int(said[1])]
    assert [card_names([Card.parse(play["card"])], "en") for play in winning] == [said[2]]
    french = answer(client, CLAIM, {**DEAL, "claim": {"seat": 0, "tricks": 1}}, **FRENCH)
    assert french["message"].startswith("Les adversaires peuvent faire tomber la revendication")


def test_a_claim_that_holds_says_so(client: FlaskClient) -> None:
    body = answer(client, CLAIM, {**DEAL, "claim": {"seat": 3, "rest": True}})
    assert body["refutation_plays"] is None
    assert body["message"] == (
        "Whatever the opponents do, team 1 takes every trick left: the claim holds."
    )
