"""The shared fields: the card pattern is exactly what Card.parse reads, types are strict."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import product

import marshmallow as ma
import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api.bidding import BID_PATTERN, BiddingRequestSchema
from service.api.fields import (
    CANONICAL_CARD_PATTERN,
    CARD_PATTERN,
    SUIT_INPUTS,
    SUIT_PATTERN,
    StrictInteger,
    SuitField,
    card_list,
)
from service.rules import Card, Suit
from tests.api.helpers import problems, schemas

RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A", "T", "j", "q", "k", "a", "t", "1", "0", "6"]
SUITS = ["S", "H", "D", "C", "s", "h", "d", "c", "♠", "♥", "♦", "♣", "X", "♤", ""]


def parses(text: str) -> bool:
    try:
        Card.parse(text)
    except ValueError:
        return False
    return True


@pytest.mark.parametrize(("rank", "suit"), list(product(RANKS, SUITS)))
def test_card_pattern_accepts_what_card_parse_reads(rank: str, suit: str) -> None:
    text = rank + suit
    assert bool(re.fullmatch(CARD_PATTERN, text)) == parses(text)


def test_canonical_pattern_is_what_cards_print() -> None:
    printed = {str(Card(value)) for value in range(32)}
    assert all(re.fullmatch(CANONICAL_CARD_PATTERN, code) for code in printed)
    assert len(printed) == 32


def test_suit_inputs_are_what_suit_parse_reads() -> None:
    assert {Suit.parse(text) for text in SUIT_INPUTS} == set(Suit)


@pytest.mark.parametrize(
    ("path", "body", "pointer"),
    [
        ("/v1/tricks/winner", {"trump": "H", "leader": 1.0, "cards": ["7S"]}, "/leader"),
        ("/v1/tricks/winner", {"trump": "H", "leader": 0, "cards": ["7S"], "last": 1}, "/last"),
        ("/v1/tricks/winner", {"trump": "H", "leader": 0, "cards": ["7S\n"]}, "/cards/0"),
        ("/v1/deals/score", {"taker": 0, "points": [102, "60"]}, "/points/1"),
        ("/v1/deals/score", {"taker": 0, "points": [102, 60], "belote": False}, "/belote"),
    ],
)
def test_types_are_json_schema_types(
    client: FlaskClient, path: str, body: dict[str, object], pointer: str
) -> None:
    assert pointer in problems(client, path, body)


def test_a_card_list_reads_every_spelling_in_one_pass_like_item_by_item() -> None:
    field = card_list(0, 32)
    spellings = ["10H", "th", "T♥", "aS", "7c", "J♦", "q♣", "Kh"]
    assert field.deserialize(spellings) == [Card.parse(text) for text in spellings]
    assert field.serialize("cards", {"cards": [Card.parse("th"), Card.parse("7c")]}) == [
        "10H",
        "7C",
    ]


@pytest.mark.parametrize(
    ("hand", "pointers"),
    [
        (["KD", "9H", "XX"], ["/hand/2"]),
        (["KD", 9, "8C"], ["/hand/1"]),
        (["KD", ["9H"], "1C"], ["/hand/1", "/hand/2"]),
        (["KD", None], ["/hand/1"]),
    ],
)
def test_a_card_list_with_a_bad_item_names_each_bad_item(
    client: FlaskClient, hand: list[object], pointers: list[str]
) -> None:
    body = {"trump": "H", "leader": 0, "trick": [], "hand": hand}
    assert [p for p in problems(client, "/v1/legal-moves", body) if p.startswith("/hand")] == (
        pointers
    )


SPELLINGS = ["S", "s", "♠", "H", "♥", "D", "d", "C", "♣", "pass", "take"]
NOT_SPELLINGS = ["", "X", "SS", "Pass", "PASS", "takes", "s ", "S\n", "♤", "10H", "passs"]


@pytest.mark.parametrize(
    ("field", "pattern", "accepted"),
    [
        (SuitField(), SUIT_PATTERN, SUIT_INPUTS),
        (BiddingRequestSchema().fields["bids"].inner, BID_PATTERN, (*SUIT_INPUTS, "pass", "take")),
    ],
)
def test_an_input_pattern_reads_exactly_what_the_field_accepts(
    app: Flask, field: ma.fields.Field, pattern: str, accepted: tuple[str, ...]
) -> None:
    assert field.metadata.get("pattern", pattern) == pattern
    assert [v.regex.pattern for v in field.validators if hasattr(v, "regex")] in ([], [pattern])
    ecma = re.compile(pattern.replace("$", r"\Z"))  # JSON Schema's `$` is the very end
    for text in SPELLINGS + NOT_SPELLINGS:
        with app.test_request_context():
            try:
                field.deserialize(text)
                loads = True
            except ma.ValidationError:
                loads = False
        assert bool(ecma.search(text)) == loads == (text in accepted), text


def _bounded_integers(schema: ma.Schema) -> Iterator[StrictInteger]:
    for field in schema.fields.values():
        inner = getattr(field, "inner", None) or getattr(field, "nested", None)
        if isinstance(field, StrictInteger) and field.bounds() is not None:
            yield field
        elif isinstance(inner, ma.fields.Field):
            yield from _bounded_integers(ma.Schema.from_dict({"x": inner})())
        elif isinstance(field, ma.fields.Nested):
            yield from _bounded_integers(field.schema)


@pytest.mark.parametrize("value", [1e30, 1.5, True, "3"])  # 10**30 reaches a field as 1e30
def test_every_bounded_integer_gives_its_range_for_a_value_that_is_no_integer(
    app: Flask, value: object
) -> None:
    """Issue 31, item 6: `"leader": 10**30` said "Not a valid integer." where `7` gave the range."""
    fields = [field for _, loads, _ in schemas(app) for field in _bounded_integers(loads)]
    assert len(fields) > 20
    for field in fields:
        bounds = field.bounds()
        assert bounds is not None and bounds.startswith("Must be ")
        with pytest.raises(ma.ValidationError) as refused:
            field.deserialize(value)
        assert refused.value.messages == [bounds.replace("Must be ", "Must be an integer ", 1)]


def test_a_seat_out_of_an_integers_range_gives_the_range_in_both_languages(
    client: FlaskClient,
) -> None:
    body = b'{"trump": "H", "leader": 1000000000000000000000000000000, "cards": ["7S"]}'
    for lang, message in (
        ("en", "Must be an integer greater than or equal to 0 and less than or equal to 3."),
        ("fr", "Doit être un entier supérieur ou égal à 0 et inférieur ou égal à 3."),
    ):
        response = client.post(
            "/v1/tricks/winner",
            data=body,
            headers={"Content-Type": "application/json", "Accept-Language": lang},
        )
        assert response.status_code == 422
        errors = response.get_json(force=True)["errors"]
        assert [(e["pointer"], e["message"]) for e in errors] == [("/leader", message)]
    assert problems(client, "/v1/tricks/winner", {"trump": "H", "leader": 7, "cards": ["7S"]}) == {
        "/leader": "Must be greater than or equal to 0 and less than or equal to 3."
    }
