"""POST /v1/analysis/dd-table and /v1/coinche/analysis/dd-table: a deal's double-dummy table,
written once for both variants: its shape, its agreement with the solve and the deal score,
the 422s with their pointers, the budget."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api.analysis import DEALT
from service.app import create_app
from tests.api.helpers import answer, problems

TABLE, COINCHE_TABLE = "/v1/analysis/dd-table", "/v1/coinche/analysis/dd-table"
SA_TA = {"sa_ta": True}
ANSWER = {"leader", "strains", "par", "exact", "nodes", "elapsed_ms"}
ROW = {"strain", "points", "capot", "tricks", "belote", "contracts", "bounds", "exact"}


def test_a_classic_table_has_a_row_per_suit_and_no_par(client: FlaskClient) -> None:
    body = answer(client, TABLE, DEALT)
    assert set(body) == ANSWER and body["leader"] == 1 and body["exact"] is True
    assert [row["strain"] for row in body["strains"]] == ["S", "H", "D", "C"]
    assert all(set(row) == ROW for row in body["strains"])
    spades = body["strains"][0]
    assert (spades["points"], spades["capot"], spades["tricks"]) == ([148, 14], None, [7, 1])
    assert spades["contracts"] == [
        {"team": 0, "value": None, "contract": "made", "score": [148, 14]},
        {"team": 1, "value": None, "contract": "dedans", "score": [162, 0]},
    ]
    assert spades["bounds"] is None and body["par"] is None


def test_a_coinche_table_adds_sa_ta_and_the_par(client: FlaskClient) -> None:
    body = answer(client, COINCHE_TABLE, {**DEALT, "rules": SA_TA})
    assert set(body) == ANSWER and body["exact"] is True
    assert [row["strain"] for row in body["strains"]] == ["S", "H", "D", "C", "SA", "TA"]
    assert body["strains"][0]["contracts"][0] == {
        "team": 0,
        "value": 140,
        "contract": "made",
        "score": [290, 10],
    }
    assert body["par"] == {
        "contract": {"taker": 2, "value": 140, "strain": "S", "coinche": 0},
        "score": [290, 10],
    }
    # Without `sa_ta`, the suits alone.
    suits = answer(client, COINCHE_TABLE, DEALT)
    assert [row["strain"] for row in suits["strains"]] == ["S", "H", "D", "C"]


@pytest.mark.parametrize("strain", ["S", "H", "D", "C"])
def test_each_row_is_the_solve_of_its_suit_from_the_first_lead(
    client: FlaskClient, strain: str
) -> None:
    (row,) = [r for r in answer(client, TABLE, DEALT)["strains"] if r["strain"] == strain]
    solved = answer(
        client, "/v1/analysis/solve", {**DEALT, "trump": strain, "taker": 3, "plays": []}
    )
    assert solved["value"]["points"] == row["points"]
    assert solved["value"]["capot"] == row["capot"]


def test_the_par_is_scored_as_the_deal_score_scores_it(client: FlaskClient) -> None:
    body = answer(client, COINCHE_TABLE, {**DEALT, "rules": SA_TA})
    par = body["par"]
    (row,) = [r for r in body["strains"] if r["strain"] == par["contract"]["strain"]]
    scored = answer(
        client,
        "/v1/coinche/deals/score",
        {
            "contract": par["contract"],
            "points": row["points"],
            "capot": row["capot"],
            "belote": row["belote"],
            "rules": SA_TA,
        },
    )
    assert (scored["contract"], scored["score"]) == ("made", par["score"])


def dealt(**changes: Any) -> dict[str, Any]:
    return {**DEALT, **changes}


HANDS: list[list[str]] = DEALT["hands"]


@pytest.mark.parametrize("path", [TABLE, COINCHE_TABLE])
@pytest.mark.parametrize(
    ("body", "pointers"),
    [
        (dealt(hands=[HANDS[0], HANDS[0], *HANDS[2:]]), {f"/hands/1/{i}" for i in range(8)}),
        (dealt(hands=[*HANDS[:2], HANDS[2][:7], HANDS[3]]), {"/hands/2"}),
        (dealt(hands=HANDS[:3]), {"/hands"}),
        (dealt(hands=[*HANDS[:3], [*HANDS[3][:7], "1S"]]), {"/hands/3/7"}),
        (dealt(dealer=4), {"/dealer"}),
        ({"hands": HANDS}, {"/dealer"}),
        (dealt(budget_ms=0), {"/budget_ms"}),
        (dealt(budget_ms=10_001), {"/budget_ms"}),
        (dealt(rules={"capot": 1}), {"/rules/capot"}),
        (dealt(plays=[]), {"/plays"}),
    ],
)
def test_a_table_that_cannot_be_dealt_is_a_422_naming_the_field(
    client: FlaskClient, path: str, body: dict[str, Any], pointers: set[str]
) -> None:
    assert set(problems(client, path, body)) == pointers


def test_sa_and_ta_are_coinche_s_own_options(client: FlaskClient) -> None:
    assert set(problems(client, TABLE, dealt(rules=SA_TA))) == {"/rules/sa_ta"}


def test_a_budget_too_short_answers_bounds_and_no_par() -> None:
    # A cap of 1 ms (ANALYSIS_BUDGET_CAP_MS) stops each strain's searches at their first look
    # at the clock, whatever the body asks.
    capped = create_app({"TESTING": True, "ANALYSIS_BUDGET_CAP_MS": 1}).test_client()
    body = answer(capped, COINCHE_TABLE, dealt(budget_ms=10_000, rules=SA_TA))
    assert body["exact"] is False and body["par"] is None
    unsettled = [row for row in body["strains"] if row["points"] is None]
    assert unsettled
    for row in unsettled:
        assert row["exact"] is False and row["contracts"] is None
        (lo, hi), (their_lo, their_hi) = row["bounds"]
        assert 0 <= lo <= hi <= 162 and (their_lo, their_hi) == (162 - hi, 162 - lo)
