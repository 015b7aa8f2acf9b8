"""The fields every game endpoint reads and writes: cards, suits, seats, teams, sentences, lists.

Fields are strict (JSON Schema's types, not Python's coercions: `true` is no integer, `1` no
boolean) and load straight into the rules' objects with the rules' own parsers (`Card.parse`,
`Suit.parse`); output is always canonical (`10H`, `S`). Each tells the planner
(service/api/plans.py) how to load and dump it (`load_converter`, `dump_converter`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import marshmallow as ma
from marshmallow import validate

from service.api import plans
from service.api.i18n import request_language
from service.api.plans import Convert, exactly
from service.rules import Card, Problem, Suit
from service.rules.core.cards import (
    ALL_CARDS,
    CARD_CODES,
    SUIT_CODES,
    SUIT_PATTERN,
    codes,
    spellings,
)
from service.rules.core.seats import PLAYERS, TEAMS

# Every code Card.parse reads: a rank (the ten also as T, any case) then a suit letter (any
# case) or symbol. Output uses only the canonical subset.
CARD_PATTERN = r"^(?:[789JQKAjqka]|10|[Tt])[SHDCshdc♠♥♦♣]$"
CANONICAL_CARD_PATTERN = r"^(?:[789JQKA]|10)[SHDC]$"
SUIT_INPUTS = (*SUIT_CODES, *(code.lower() for code in SUIT_CODES), "♠", "♥", "♦", "♣")
# Input spellings are documented by patterns (cards.SUIT_PATTERN for a suit): an enum of `S`,
# `s` and `♠` makes generators name two values alike (openapi-python-client refuses the document).

F = TypeVar("F", bound=ma.fields.Field)
# The integers a plan loads as floats itself (exactly); past them, marshmallow decides.
LARGEST_EXACT = 2**53


class StrictInteger(ma.fields.Integer):
    """An integer as JSON Schema means it: `true` and `1.5` are not integers."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _validated(self, value: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return super()._validated(value)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        # A bounded integer says its range whatever was wrong: `1e30`, `1.5`, `"a"` and `7`
        # for a seat all read "Must be an integer greater than or equal to 0 and ...".
        try:
            return super()._deserialize(value, attr, data, **kwargs)
        except ma.ValidationError:
            bounds = self.bounds()
            if bounds is None:
                raise
            raise ma.ValidationError(bounds.replace("Must be ", "Must be an integer ", 1)) from None

    def bounds(self) -> str | None:
        """The range of the field's `Range` validator in its own words ("Must be greater than
        or equal to 0 and less than or equal to 3."), or None when it has none."""
        for validator in self.validators:
            if isinstance(validator, validate.Range) and validator.error is None:
                if validator.min is None:
                    message = validator.message_max
                elif validator.max is None:
                    message = validator.message_min
                else:
                    message = validator.message_all
                return validator._format_error(None, message)
        return None

    def load_converter(self) -> Convert:
        return exactly(int)

    def dump_converter(self) -> Convert:
        if self.as_string:
            return lambda value: None if value is None else str(int(value))
        return lambda value: value if type(value) is int or value is None else int(value)


class StrictBoolean(ma.fields.Boolean):
    """`true` or `false`, nothing else (marshmallow would read `1` and `"yes"`)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value

    def load_converter(self) -> Convert:
        return exactly(bool)

    def dump_converter(self) -> Convert:
        return lambda value: value


class StrictFloat(ma.fields.Float):
    """A number as JSON Schema means it, loaded as a float: `true` and `"0.5"` are not
    numbers (marshmallow would read the string)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.make_error("invalid", input=value)
        try:
            return super()._deserialize(value, attr, data, **kwargs)
        except OverflowError:  # an integer past any float
            raise self.make_error("too_large", input=value) from None

    def load_converter(self) -> Convert:
        def check(value: Any) -> float:
            if type(value) is float and math.isfinite(value):
                return value
            if type(value) is int and abs(value) < LARGEST_EXACT:
                return float(value)
            raise plans.Unsure

        return check


class _ParsedString(ma.fields.String):
    """A string the rules parse into their own object; dumped back in canonical form.

    `accepts` says which strings the schema documents (a pattern or an enum); anything else is
    refused with the rules' own sentence for `problem` in the request's language. `table` maps
    each accepted spelling to its parsed value, made once (the load plan's lookup)."""

    problem = ""  # a code of the rules' message catalog, with `{value_name}` as parameter
    value_name = ""

    def __init__(self, accepts: Callable[[str], object], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.accepts = accepts
        self.table = {text: self.parse(text) for text in self.spellings() if accepts(text)}

    def spellings(self) -> Iterable[str]:
        """Every string `parse` reads."""
        raise NotImplementedError

    def parse(self, text: str) -> Any:
        raise NotImplementedError

    def canonical(self, value: int) -> str:
        raise NotImplementedError

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        text = super()._deserialize(value, attr, data, **kwargs)
        if not self.accepts(text):
            message = Problem("", self.problem, {self.value_name: text}).message(request_language())
            raise ma.ValidationError(message)
        return self.parse(text)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return self.write(value)

    def write(self, value: Any) -> str | None:
        return None if value is None else self.canonical(value)

    def load_converter(self) -> Convert:
        table = self.table

        def lookup(value: Any) -> Any:
            try:
                return table[value]
            except (KeyError, TypeError):
                raise plans.Unsure from None

        return lookup

    def dump_converter(self) -> Convert:
        return self.write


class PlainFloat(ma.fields.Float):
    """A number with a fraction, dumped as it is (a float)."""

    def dump_converter(self) -> Convert:
        return lambda value: value


class CardField(_ParsedString):
    """A card: `10H`, also `TH`, `th`, `10♥` on input; always canonical on output."""

    problem, value_name = "not_a_card", "card"

    def __init__(self, *, canonical: bool = False, **kwargs: Any) -> None:
        pattern = CANONICAL_CARD_PATTERN if canonical else CARD_PATTERN
        kwargs["metadata"] = {"pattern": pattern, **kwargs.get("metadata", {})}
        super().__init__(re.compile(pattern).fullmatch, **kwargs)

    def spellings(self) -> Iterable[str]:
        return (text for card in ALL_CARDS for text in spellings(card))

    def parse(self, text: str) -> Card:
        return Card.parse(text)

    def canonical(self, value: int) -> str:
        return CARD_CODES[value]


class SuitField(_ParsedString):
    """A suit: `S H D C`, also lower case and `♠ ♥ ♦ ♣` on input; `S H D C` on output."""

    problem, value_name = "not_a_suit", "suit"
    codes: tuple[str, ...] = SUIT_CODES  # what is written
    inputs: tuple[str, ...] = SUIT_INPUTS  # what is read
    pattern: str = SUIT_PATTERN  # what is read, as documented (generators cope with patterns)

    def __init__(self, *, canonical: bool = False, **kwargs: Any) -> None:
        choices = self.codes if canonical else self.inputs
        if canonical:
            # JSON Schema checks `enum` even when `type` allows null: null must be listed too
            # (service.api.openapi.nullable_enum then writes it as `anyOf`).
            documented = {"enum": [*choices, None] if kwargs.get("allow_none") else list(choices)}
        else:
            documented = {"pattern": self.pattern}
        kwargs["metadata"] = {**documented, **kwargs.get("metadata", {})}
        super().__init__(frozenset(choices).__contains__, **kwargs)

    def spellings(self) -> Iterable[str]:
        return self.inputs

    def parse(self, text: str) -> Suit:
        return Suit.parse(text)

    def canonical(self, value: int) -> str:
        return Suit(value).code


class MessageField(ma.fields.String):
    """A sentence in the request's language, from the dumped object's `message(lang)` (or
    its method named `attribute`, which may say nothing: None)."""

    def __init__(self, attribute: str = "message", **kwargs: Any) -> None:
        super().__init__(attribute=attribute, **kwargs)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return self.write(value)

    @staticmethod
    def write(message: Callable[[str], str | None]) -> str | None:
        said = message(request_language())
        return None if said is None else str(said)

    def dump_converter(self) -> Convert:
        return self.write


class Among(validate.Validator):
    """One of `choices`, refused in `OneOf`'s words, and documented by `pattern` (which reads
    exactly the choices) rather than an enum: for input spellings, see `SUIT_PATTERN`."""

    def __init__(self, choices: Iterable[str], pattern: str) -> None:
        self.one_of = validate.OneOf(tuple(choices))
        self.regex = re.compile(pattern)  # what apispec writes as `pattern`

    def __call__(self, value: Any) -> Any:
        return self.one_of(value)


def seat(**kwargs: Any) -> StrictInteger:
    """A seat, 0 to 3 in turn order."""
    return StrictInteger(validate=validate.Range(0, PLAYERS - 1), **kwargs)


def team(**kwargs: Any) -> StrictInteger:
    """A team, 0 or 1 (seat % 2)."""
    return StrictInteger(validate=validate.Range(0, TEAMS - 1), **kwargs)


class BoundedList(ma.fields.List):
    """marshmallow's `List`, refusing a list longer than its `Length` validators allow before
    it reads a single item. marshmallow checks every item first: 20,000 bad items in a 64 KiB
    body made 40,000 errors, a 3 MB answer and a second of work. Too long is one error now,
    at the list, in `Length`'s own words. Every list a request may carry is one of these."""

    def __init__(self, inner: ma.fields.Field | type[ma.fields.Field], **kwargs: Any) -> None:
        super().__init__(inner, **kwargs)
        self._lengths = [v for v in self.validators if isinstance(v, validate.Length)]
        bounds = [v.max if v.equal is None else v.equal for v in self._lengths]
        self.longest: int | None = min((b for b in bounds if b is not None), default=None)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if self.longest is not None and isinstance(value, list) and len(value) > self.longest:
            for length in self._lengths:
                length(value)  # raises the ValidationError that says how long it may be
        return super()._deserialize(value, attr, data, **kwargs)

    def load_converter(self) -> Convert:
        return plans.list_loader(self.inner, self.longest)

    def dump_converter(self) -> Convert:
        return plans.list_dumper(self.inner)


def card_list(
    minimum: int = 0,
    maximum: int | None = None,
    *,
    canonical: bool = False,
    distinct: bool = True,
    **kwargs: Any,
) -> CardList:
    """A list of cards, `minimum` to `maximum` long; `distinct` documents `uniqueItems`. The
    rules check it (also `10H` and `TH`): their 422 names both places of a card met twice."""
    kwargs["metadata"] = {"uniqueItems": distinct, **kwargs.get("metadata", {})}
    exact = minimum == maximum  # "Length must be 8.", not "between 8 and 8"
    return CardList(
        CardField(canonical=canonical),
        validate=validate.Length(equal=minimum) if exact else validate.Length(minimum, maximum),
        **kwargs,
    )


class CardList(BoundedList):
    """A list of `CardField`s, read and written in one pass (cards are the bulk of every body).

    Every string the inner field accepts is looked up in its table; a list with anything else
    takes marshmallow's path, item by item, so that its errors name each bad item."""

    inner: CardField

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        try:
            return self.read(value)
        except plans.Unsure:  # not a list, or some item is no card: marshmallow says which
            return super()._deserialize(value, attr, data, **kwargs)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return self.write(value)

    def read(self, value: Any) -> list[Card]:
        if type(value) is not list:
            raise plans.Unsure
        table = self.inner.table
        try:
            return [table[text] for text in value]
        except (KeyError, TypeError):
            raise plans.Unsure from None

    @staticmethod
    def write(cards: Iterable[int] | None) -> list[str] | None:
        return None if cards is None else codes(cards)

    def load_converter(self) -> Convert:
        return self.read

    def dump_converter(self) -> Convert:
        return self.write


class Either(ma.fields.Field):
    """One of two objects, each with its schema: `other`'s when `is_other(value)` says so (the
    value read or the one written), else `usual`'s. The document names both schemas, `oneOf`
    (service.api.openapi.either_one_of); a value's errors are its schema's, in its place."""

    def __init__(
        self,
        usual: type[ma.Schema],
        other: type[ma.Schema],
        is_other: Callable[[Any], bool],
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.schemas = (usual, other)
        self.is_other = is_other
        self._usual, self._other = usual(), other()

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        return (self._other if self.is_other(value) else self._usual).load(value)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if value is None:
            return None
        return (self._other if self.is_other(value) else self._usual).dump(value)

    def load_converter(self) -> Convert:
        usual, other = plans.load_plan(self._usual), plans.load_plan(self._other)
        is_other = self.is_other
        return lambda value: (other if is_other(value) else usual)(value)

    def dump_converter(self) -> Convert:
        usual, other = plans.dump_plan(self._usual), plans.dump_plan(self._other)
        is_other = self.is_other

        def dump(value: Any) -> Any:
            if value is None:
                return None
            return (other if is_other(value) else usual)(value)

        return dump


def nullable(make: Callable[..., F], description: str, **kwargs: Any) -> F:
    """An optional field that may be null, and is null when absent."""
    return make(allow_none=True, load_default=None, metadata={"description": description}, **kwargs)


def or_null(make: Callable[..., F], description: str, **kwargs: Any) -> F:
    """A field of an answer that is always there, and null when it has no value."""
    return make(required=True, allow_none=True, metadata={"description": description}, **kwargs)


def pair(field: ma.fields.Field, **kwargs: Any) -> BoundedList:
    """One value per team: `[team 0, team 1]`."""
    return BoundedList(field, validate=validate.Length(equal=TEAMS), **kwargs)
