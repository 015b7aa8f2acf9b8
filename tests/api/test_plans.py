"""Load and dump plans (service/api/plans.py) give exactly marshmallow's results.

A plan may only decline (marshmallow then decides and phrases the errors); it must never
accept what marshmallow refuses, nor load or dump anything differently. Bodies are the
endpoints' valid examples and hypothesis's mutations of them: wrong types, nulls, missing
and unknown keys, other cards and numbers, nested anywhere.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import marshmallow as ma
import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.api import plans
from service.api.schemas import Schema
from service.rules import InconsistentInput
from support.bodies import BODIES
from tests.api.helpers import schemas

RULES = {"undertrump": "optional", "capot": 250, "rounding": "nearest_ten", "annonces": True}
# Hearts trump, seat 1 leads and holds the six best trumps: a short search.
ANALYSIS: dict[str, Any] = {
    "dealer": 0,
    "trump": "H",
    "taker": 1,
    "plays": [],
    "hands": [
        ["7S", "8S", "9S", "7H", "8H", "7D", "8D", "9D"],
        ["JH", "9H", "AH", "10H", "KH", "QH", "AS", "10S"],
        ["KS", "QS", "JS", "7C", "8C", "9C", "10C", "JC"],
        ["AD", "10D", "KD", "QD", "JD", "QC", "KC", "AC"],
    ],
}
COINCHE_ANALYSIS: dict[str, Any] = {
    **{key: value for key, value in ANALYSIS.items() if key not in ("trump", "taker")},
    "contract": {"taker": 1, "value": 160, "strain": "H"},
}
# Seat 1 to lead after the first trick, from its own view.
ADVICE: dict[str, Any] = {
    **{key: value for key, value in ANALYSIS.items() if key != "hands"},
    "plays": ["JH", "KS", "AD", "7H"],
    "seat": 1,
    "hand": ["9H", "AH", "10H", "KH", "QH", "AS", "10S"],
}
COINCHE_ADVICE: dict[str, Any] = {
    **{key: value for key, value in ADVICE.items() if key not in ("trump", "taker")},
    "contract": {"taker": 1, "value": 160, "strain": "H"},
}
COINCHE_BID: dict[str, Any] = {
    "dealer": 2,
    "bids": ["pass"],
    "seat": 0,
    "hand": ["JH", "9H", "AH", "10H", "AS", "AD", "7C", "8C"],
}
TAKE: dict[str, Any] = {
    "dealer": 0,
    "seat": 1,
    "hand": ["JH", "9H", "AS", "10S", "7D"],
    "turned": "AH",
    "round": 1,
}

TABLE_SEED = "table 12, deal 7, 2026-11-29"
TAKEN_80H = ["80H", "pass", "pass", "pass"]
VALID: dict[str, list[dict[str, Any]]] = {
    "/v1/legal-moves": [BODIES["legal-moves"], {**BODIES["legal-moves"], "rules": RULES}],
    "/v1/plays/validate": [BODIES["plays/validate"]],
    "/v1/tricks/winner": [{"trump": "h", "leader": 2, "cards": ["AS", "T♥"], "last": True}],
    "/v1/deals/score": [
        BODIES["deals/score"],
        {
            "taker": 1,
            "points": [81, 81],
            "capot": None,
            "belote": 1,
            "annonces": [[["7H", "8H", "9H"]], []],
            "trump": "H",
            "renonce": None,
            "rules": {"annonces": True},
        },
    ],
    "/v1/deals/replay": [
        BODIES["deals/replay"],
        {
            "dealer": 0,
            "trump": "S",
            "taker": 2,
            "plays": ["7S", "8S"],
            "belote_announced": True,
            "declarations": [{"seat": 1, "cards": ["7D", "8D", "9D"]}],
        },
    ],
    "/v1/deals/deal": [{"seed": "table 7, deal 3 of the evening", "dealer": 3, "taker": 1}],
    "/v1/games/score": [{"deals": [BODIES["deals/score"]] * 3, "rules": {"target": 501}}],
    "/v1/bidding": [{"dealer": 3, "turned": "JH", "bids": ["pass", "take"]}],
    "/v1/annonces": [{"hand": ["7H", "8H", "9H", "10H", "JS", "JD", "JC", "JH"], "trump": "S"}],
    "/v1/coinche/bidding": [
        {"dealer": 3, "bids": ["pass", "90H", "coinche", "surcoinche"]},
        {"dealer": 0, "bids": ["110sa", "pass"], "rules": {"sa_ta": True, "max_bid": 180}},
    ],
    "/v1/coinche/deals/score": [
        {"contract": {"taker": 0, "value": 100, "strain": "H", "coinche": 1}, "points": [110, 52]},
        {
            "contract": {"taker": 1, "value": "capot", "strain": "TA"},
            "points": [0, 162],
            "capot": 1,
            "belote": [0, 2],
            "annonces": [[], [["7H", "8H", "9H"]]],
            "renonce": None,
            "rules": {"sa_ta": True, "annonces": True, "scoring": "contract"},
        },
    ],
    "/v1/coinche/games/score": [
        {
            "deals": [{"contract": {"taker": 2, "value": 80, "strain": "S"}, "points": [81, 81]}]
            * 3,
            "rules": {"litige": "reserve", "target": 501},
        }
    ],
    "/v1/coinche/deals/deal": [{"seed": "table 7, deal 3 of the evening", "dealer": 1}],
    "/v1/coinche/legal-moves": [
        BODIES["coinche/legal-moves"],
        {"strain": "h", "leader": 1, "trick": ["AS", "JH"], "hand": ["KD", "9H", "8C"]},
    ],
    "/v1/coinche/plays/validate": [
        {
            "strain": "SA",
            "leader": 0,
            "trick": ["KS"],
            "hand": ["7S", "JH"],
            "card": "JH",
            "rules": {"sa_ta": True, "overtrump_partner": False},
        },
    ],
    "/v1/coinche/tricks/winner": [
        {
            "strain": "ta",
            "leader": 2,
            "cards": ["AS", "9S"],
            "last": True,
            "rules": {"sa_ta": True, "ta_points": "scaled"},
        },
    ],
    "/v1/coinche/deals/replay": [
        BODIES["coinche/deals/replay"],
        {
            "dealer": 0,
            "contract": {"taker": 2, "value": "capot", "strain": "S", "coinche": 2},
            "plays": ["7S", "8S"],
            "belote_announced": [{"seat": 1, "suit": "S"}],
            "declarations": [{"seat": 1, "cards": ["7D", "8D", "9D"]}],
            "rules": {"belote": "automatic", "annonces": True},
        },
    ],
    "/v1/analysis/solve": [
        {**ANALYSIS, "budget_ms": 500},
        {**ANALYSIS, "plays": ["JH", "KS", "AD", "7H"], "rules": {"capot": 250}},
    ],
    "/v1/analysis/claim": [
        {**ANALYSIS, "claim": {"seat": 1, "rest": True}},
        {**ANALYSIS, "plays": ["JH"], "claim": {"seat": 0, "points": 30}, "mode": "any"},
    ],
    "/v1/coinche/analysis/solve": [
        {**COINCHE_ANALYSIS, "budget_ms": 500},
        {
            **COINCHE_ANALYSIS,
            "contract": {"taker": 1, "value": 120, "strain": "SA", "coinche": 1},
            "plays": ["AS", "KS"],
            "belote_announced": [{"seat": 1, "suit": "H"}],
            "rules": {"sa_ta": True, "sa_points": "scaled"},
        },
    ],
    "/v1/coinche/analysis/claim": [
        {**COINCHE_ANALYSIS, "claim": {"seat": 1, "rest": True}},
        {
            **COINCHE_ANALYSIS,
            "contract": {"taker": 1, "value": 80, "strain": "TA"},
            "plays": ["JH"],
            "claim": {"seat": 0, "points": 30},
            "mode": "any",
            "rules": {"sa_ta": True},
        },
    ],
    "/v1/analysis/dd-table": [
        {"dealer": 0, "hands": ANALYSIS["hands"], "budget_ms": 10_000},
        {"dealer": 3, "hands": ANALYSIS["hands"], "rules": {"capot": 250, "annonces": True}},
    ],
    "/v1/coinche/analysis/dd-table": [
        {"dealer": 0, "hands": ANALYSIS["hands"]},
        {"dealer": 2, "hands": ANALYSIS["hands"], "rules": {"sa_ta": True, "max_bid": 180}},
    ],
    "/v1/advice/play": [
        {**ADVICE, "samples": 2, "turned": "QH"},
        {**ADVICE, "samples": 1, "seed": "x", "belote_announced": True, "rules": RULES},
    ],
    "/v1/coinche/advice/play": [
        {**COINCHE_ADVICE, "samples": 2},
        {
            **COINCHE_ADVICE,
            "samples": 1,
            "belote_announced": [{"seat": 1, "suit": "H"}],
            "rules": {"undertrump": "required"},
        },
    ],
    "/v1/advice/take": [
        {**TAKE, "samples": 2},
        {**TAKE, "round": 2, "samples": 1, "seed": "y", "rules": RULES},
        {**TAKE, "seat": 3, "samples": 1, "inference": "calls"},
    ],
    "/v1/coinche/advice/bid": [
        {**COINCHE_BID, "samples": 2},
        {**COINCHE_BID, "bids": ["80H", "coinche"], "seat": 1, "samples": 1, "inference": "calls"},
        {**COINCHE_BID, "samples": 1, "seed": "z", "rules": {"sa_ta": True}},
    ],
    "/v1/analysis/review": [
        {**ANALYSIS, "plays": ["JH", "KS", "AD", "7H"], "from_play": 2},
        {**ANALYSIS, "plays": ["JH", "KS"], "budget_ms": 500, "rules": {"capot": 250}},
    ],
    "/v1/coinche/analysis/review": [
        {**COINCHE_ANALYSIS, "plays": ["JH", "KS", "AD", "7H"], "from_play": 3},
    ],
    "/v1/table": [
        {"seed": TABLE_SEED, "dealer": 3},
        {"seed": TABLE_SEED, "dealer": 3, "action": {"seat": 0, "call": "take"}},
        {"seed": TABLE_SEED, "dealer": 3, "calls": ["take"], "plays": ["KS"], "rules": RULES},
    ],
    "/v1/coinche/table": [
        {"seed": TABLE_SEED, "dealer": 3, "calls": TAKEN_80H, "rules": {"illegal_card": "stand"}},
        {"seed": TABLE_SEED, "dealer": 3, "calls": TAKEN_80H, "action": {"seat": 0, "card": "KS"}},
        {
            "seed": TABLE_SEED,
            "dealer": 3,
            "calls": TAKEN_80H,
            "plays": ["KS"],
            "game": [{"contract": {"taker": 0, "value": 80, "strain": "S"}, "points": [81, 81]}],
            "action": {"seat": 1, "claim": "renonce"},
        },
    ],
    "/v1/table/advice": [{"seed": TABLE_SEED, "dealer": 3, "samples": 1}],
    "/v1/coinche/table/advice": [
        {"seed": TABLE_SEED, "dealer": 3, "calls": TAKEN_80H, "samples": 1},
    ],
}
# Answers that differ from one call to the next (also inside a nested answer: an advice's).
VARYING = ("elapsed_ms",)

# What a client may send in place of any value.
TEXTS = ["7S", "10H", "TH", "th", "1OH", "AH ", "J♥", "H", "h", "♥", "X", "", "pass", "exact"]
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 600)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(TEXTS),
    lambda inner: (
        st.lists(inner, max_size=9) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def test_every_endpoint_has_an_example(app: Flask) -> None:
    assert {path for path, _, _ in schemas(app)} == set(VALID)


def test_every_request_and_answer_schema_is_planned(app: Flask) -> None:
    """A schema the planner refuses would fall back to marshmallow: right, but slow."""
    for path, loads, dumps in schemas(app):
        try:
            plans.load_plan(loads)
            plans.dump_plan(dumps)
        except plans.Refuse as refused:
            pytest.fail(f"{path}: {refused}")


def places(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place inside a JSON value, as a path of keys and indexes."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from places(item, (*path, index))


@st.composite
def mutated(draw: st.DrawFn, body: dict[str, Any]) -> Any:
    """`body` with a few changes: a value replaced, a key dropped or added, an item removed."""
    body = copy.deepcopy(body)
    for _ in range(draw(st.integers(0, 3))):
        path = draw(st.sampled_from(list(places(body))))
        if not path:
            if draw(st.integers(0, 9)) == 0:
                return draw(JSON_VALUES)
            continue
        *parents, last = path
        container = body
        for step in parents:
            container = container[step]
        change = draw(st.sampled_from(["replace", "drop", "add"]))
        if change == "replace":
            container[last] = draw(JSON_VALUES)
        elif change == "drop":
            del container[last]
        elif isinstance(container, dict):
            container[draw(st.sampled_from(["extra", "rules", "trick", "cards", "x"]))] = draw(
                JSON_VALUES
            )
        else:
            container.append(draw(JSON_VALUES))
    return body


def outcome(schema: ma.Schema, body: Any) -> tuple[str, Any]:
    try:
        return "loaded", schema.load(body)
    except ma.ValidationError as error:
        return "invalid", error.messages
    except InconsistentInput as error:
        return "inconsistent", error.problems


@pytest.mark.parametrize("path", sorted(VALID))
def test_the_valid_examples_load_through_their_plan(app: Flask, path: str) -> None:
    (loads,) = [loads for rule, loads, _ in schemas(app) if rule == path]
    plan = plans.load_plan(loads)
    with app.test_request_context():
        for body in VALID[path]:
            assert plan(copy.deepcopy(body)) == ma.Schema.load(loads, body)


@pytest.mark.parametrize("path", sorted(VALID))
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_a_plan_loads_exactly_as_marshmallow(
    app: Flask, monkeypatch: pytest.MonkeyPatch, path: str, data: st.DataObject
) -> None:
    (loads,) = [loads for rule, loads, _ in schemas(app) if rule == path]
    body = data.draw(st.sampled_from(VALID[path]).flatmap(mutated))
    with app.test_request_context():
        planned = outcome(loads, copy.deepcopy(body))
        with monkeypatch.context() as patch:
            patch.setattr(Schema, "load", ma.Schema.load)
            assert planned == outcome(loads, copy.deepcopy(body))


def steady(answer: Any) -> Any:
    """`answer` without its `VARYING` fields, at any depth."""
    if isinstance(answer, dict):
        return {k: steady(v) for k, v in answer.items() if k not in VARYING}
    if isinstance(answer, list):
        return [steady(item) for item in answer]
    return answer


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("path", sorted(VALID))
def test_answers_are_what_marshmallow_itself_gives(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch, path: str, lang: str
) -> None:
    def answers() -> list[Any]:
        responses = [
            client.post(path, json=body, headers={"Accept-Language": lang}) for body in VALID[path]
        ]
        assert [r.status_code for r in responses] == [200] * len(responses)
        return [steady(r.get_json()) for r in responses]

    planned = answers()
    monkeypatch.setattr(Schema, "load", ma.Schema.load)
    monkeypatch.setattr(Schema, "dump", ma.Schema.dump)
    assert planned == answers()
