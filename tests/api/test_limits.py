"""Every list a request may carry is bounded, and a list too long is refused as a whole:
one error at the list, however many bad items it holds (no slow answer, no huge one)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import marshmallow as ma
import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api.fields import BoundedList
from tests.api.helpers import FRENCH, problems, schemas


def lists(schema: ma.Schema, path: str = "") -> Iterator[tuple[str, ma.fields.Field]]:
    """Every list field a body of `schema` may hold, nested ones included, by pointer."""
    for name, field in schema.load_fields.items():
        pointer = f"{path}/{field.data_key or name}"
        yield from _lists_in(field, pointer)


def _lists_in(field: ma.fields.Field, pointer: str) -> Iterator[tuple[str, ma.fields.Field]]:
    if isinstance(field, ma.fields.List):
        yield pointer, field
        yield from _lists_in(field.inner, f"{pointer}/0")
    elif isinstance(field, ma.fields.Nested):
        yield from lists(field.schema, pointer)


def test_every_list_in_a_request_is_bounded_before_its_items(app: Flask) -> None:
    found = 0
    for path, loads, _ in schemas(app):
        for pointer, field in lists(loads):
            found += 1
            assert isinstance(field, BoundedList), f"{path} {pointer}"
            assert field.longest is not None, f"{path} {pointer}"
    assert found >= 10


@pytest.mark.parametrize(
    ("path", "body", "pointer"),
    [
        ("/v1/games/score", {"deals": [{}] * 20_000}, "/deals"),
        ("/v1/legal-moves", {"trump": "H", "leader": 0, "hand": [7] * 15_000}, "/hand"),
        ("/v1/deals/score", {"taker": 0, "points": ["x"] * 10_000}, "/points"),
        ("/v1/bidding", {"dealer": 0, "turned": "JH", "bids": [None] * 10_000}, "/bids"),
        (
            "/v1/deals/replay",
            {"dealer": 0, "trump": "H", "taker": 0, "plays": [0] * 9_000},
            "/plays",
        ),
    ],
)
def test_a_list_too_long_is_one_error_at_the_list(
    client: FlaskClient, path: str, body: dict[str, Any], pointer: str
) -> None:
    errors = problems(client, path, body)
    assert pointer in errors
    assert "length" in errors[pointer].lower()  # Length's own words: how long it may be
    assert len(errors) <= 3  # the list's error, and at most the body's other missing fields


def test_a_list_within_its_bound_still_names_each_bad_item(client: FlaskClient) -> None:
    body = {"trump": "H", "leader": 0, "hand": ["7S", 7, "XX"]}
    assert set(problems(client, "/v1/legal-moves", body)) == {"/hand/1", "/hand/2"}


def test_a_list_of_one_exact_length_says_that_length(client: FlaskClient) -> None:
    body = {"dealer": 0, "trump": "H", "taker": 0, "plays": [], "hands": [["7S"]] * 4}
    errors = problems(client, "/v1/deals/replay", body)
    assert errors["/hands/0"] == "Length must be 8."
    assert problems(client, "/v1/deals/replay", body, **FRENCH)["/hands/0"] == (
        "La longueur doit être 8."
    )
