"""Fields and schemas every game endpoint shares: cards, suits, seats, rule options, verdicts.

Fields are strict (JSON Schema's types, not Python's coercions: `true` is no integer, `1` no
boolean) and load straight into the rules' objects with the rules' own parsers (`Card.parse`,
`Suit.parse`, `RuleOptions.from_mapping`); output is always canonical (`10H`, `S`).
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Callable, Iterable, Mapping
from http import HTTPStatus
from typing import Any, TypeVar

import flask
import marshmallow as ma
import orjson
from marshmallow import validate

from service.api import plans
from service.api.blueprint import Blueprint, json_body
from service.api.i18n import language_headers, request_language
from service.api.openapi import LANGUAGE_HEADERS
from service.api.plans import Convert, exactly
from service.rules import (
    DEFAULT_OPTIONS,
    OPTION_SPECS,
    VIOLATION_CODES,
    Card,
    Problem,
    RuleOptions,
    Suit,
)
from service.rules.annonces import KINDS
from service.rules.cards import ALL_CARDS, CARD_CODES, SUIT_CODES, SUIT_PATTERN, codes, spellings
from service.rules.options import OptionSpec
from service.rules.table import PLAYERS, TEAMS

# Every code Card.parse reads: a rank (the ten also as T, any case) then a suit letter (any
# case) or symbol. Output uses only the canonical subset.
CARD_PATTERN = r"^(?:[789JQKAjqka]|10|[Tt])[SHDCshdc♠♥♦♣]$"
CANONICAL_CARD_PATTERN = r"^(?:[789JQKA]|10)[SHDC]$"
SUIT_INPUTS = (*SUIT_CODES, *(code.lower() for code in SUIT_CODES), "♠", "♥", "♦", "♣")
# Input spellings are documented by patterns (cards.SUIT_PATTERN for a suit): an enum of `S`,
# `s` and `♠` makes generators name two values alike (openapi-python-client refuses the document).

View = TypeVar("View", bound=Callable[..., Any])
F = TypeVar("F", bound=ma.fields.Field)


class Schema(ma.Schema):
    """The base of every schema here.

    - Each instance owns its fields' metadata. (marshmallow copies fields shallowly, so a
      schema inheriting fields would share their `enum` lists with its parent, and the YAML
      document would show them as anchors, `&id001`.)
    - `load` and `dump` run the schema's plan (service/api/plans.py), compiled on first use:
      the same results as marshmallow's, and marshmallow's own path for anything the plan
      does not vouch for, which phrases every error.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.metadata = copy.deepcopy(field.metadata)
        self._planned_load: Convert | bool | None = False  # False: not compiled yet; None: no plan
        self._planned_dump: Convert | bool | None = False

    def load(  # type: ignore[override]
        self,
        data: Any,
        *,
        many: bool | None = None,
        partial: Any = None,
        unknown: str | None = None,
    ) -> Any:
        if many is None and partial is None and unknown is None:
            if self._planned_load is False:
                self._planned_load = _compiled(plans.load_plan, self)
            if self._planned_load is not None:
                try:
                    return self._planned_load(data)  # type: ignore[operator]
                except plans.Unsure:
                    pass
        return super().load(data, many=many, partial=partial, unknown=unknown)

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        if not many:
            if self._planned_dump is False:
                self._planned_dump = _compiled(plans.dump_plan, self)
            if self._planned_dump is not None:
                return self._planned_dump(obj)  # type: ignore[operator]
        return super().dump(obj, many=many)


def _compiled(compile_plan: Callable[[ma.Schema], Convert], schema: ma.Schema) -> Convert | None:
    try:
        return compile_plan(schema)
    except plans.Refuse:
        return None


class StrictInteger(ma.fields.Integer):
    """An integer as JSON Schema means it: `true` and `1.5` are not integers."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _validated(self, value: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return super()._validated(value)

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
    """A sentence in the request's language, from the dumped object's `message(lang)`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(attribute="message", **kwargs)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str:
        return self.write(value)

    @staticmethod
    def write(message: Callable[[str], str]) -> str:
        return str(message(request_language()))

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


def nullable(make: Callable[..., F], description: str, **kwargs: Any) -> F:
    """An optional field that may be null, and is null when absent."""
    return make(allow_none=True, load_default=None, metadata={"description": description}, **kwargs)


def or_null(make: Callable[..., F], description: str, **kwargs: Any) -> F:
    """A field of an answer that is always there, and null when it has no value."""
    return make(required=True, allow_none=True, metadata={"description": description}, **kwargs)


def pair(field: ma.fields.Field, **kwargs: Any) -> BoundedList:
    """One value per team: `[team 0, team 1]`."""
    return BoundedList(field, validate=validate.Length(equal=TEAMS), **kwargs)


# --- rule options ----------------------------------------------------------------------------


def _option_field(spec: OptionSpec) -> ma.fields.Field:
    """The field for one rule option, from its spec: type, allowed values, default, sentence."""
    metadata = {"description": spec.description, "default": spec.default}
    if spec.allowed is None:
        return StrictInteger(validate=validate.Range(*spec.bounds), metadata=metadata)
    if isinstance(spec.allowed[0], bool):
        return StrictBoolean(metadata=metadata)
    field_type = StrictInteger if isinstance(spec.allowed[0], int) else ma.fields.String
    return field_type(validate=validate.OneOf(spec.allowed), metadata=metadata)


def rules_schema(
    name: str,
    specs: Mapping[str, OptionSpec],
    options: Callable[[Mapping[str, Any]], object],
    doc: str,
) -> type[Schema]:
    """The schema of a variant's `rules`: a field per option spec, loading into the variant's
    options object through `options` (its `from_mapping`)."""

    def load(self: Schema, data: Mapping[str, Any], **kwargs: Any) -> object:
        return options(data)

    fields = {option: _option_field(spec) for option, spec in specs.items()}
    return type(name, (Schema,), fields | {"__doc__": doc, "options": ma.post_load(load)})


RulesSchema = rules_schema(
    "RulesSchema",
    OPTION_SPECS,
    RuleOptions.from_mapping,
    "Rule options (RULES.md): each optional, its default when absent.",
)


class RequestSchema(Schema):
    """Every computation takes optional `rules`; they load as `options` (a RuleOptions)."""

    options = ma.fields.Nested(
        RulesSchema,
        data_key="rules",
        load_default=DEFAULT_OPTIONS,
        metadata={"description": "Rule options; each one optional (defaults in RULES.md)."},
    )


# --- verdicts --------------------------------------------------------------------------------


class ViolationSchema(Schema):
    code = ma.fields.String(required=True, metadata={"enum": [str(c) for c in VIOLATION_CODES]})
    message = MessageField(
        required=True, metadata={"description": "What had to be played, in the request's language"}
    )


class AnnonceSchema(Schema):
    kind = ma.fields.String(required=True, metadata={"enum": list(KINDS)})
    cards = card_list(3, 8, canonical=True, required=True)
    points = StrictInteger(required=True)
    top = ma.fields.String(
        required=True,
        metadata={"description": "A sequence's top card (`KS`), a four of a kind's rank (`J`)"},
    )
    suit = or_null(SuitField, "null for a four", canonical=True)


# --- endpoints -------------------------------------------------------------------------------

JSON = "application/json"


def says_sentences(schema: ma.Schema) -> bool:
    """Whether answers dumped by `schema` may carry sentences (a `MessageField`, anywhere)."""

    def speaks(field: ma.fields.Field) -> bool:
        if isinstance(field, MessageField):
            return True
        if isinstance(field, ma.fields.Nested):
            return says_sentences(field.schema)
        if isinstance(field, ma.fields.List):
            return speaks(field.inner)
        return False

    return any(speaks(field) for field in schema.dump_fields.values())


DOCUMENTED_ERRORS = (
    HTTPStatus.BAD_REQUEST,
    HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
    HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
)


def judgement(
    blp: Blueprint, request: type[ma.Schema], response: type[ma.Schema] | str
) -> Callable[[View], View]:
    """A POST computation: the body loaded by `request`, the result dumped by `response`, and
    the errors a body can meet documented as problems (422 comes with `arguments`).

    `response` may instead be a media type (`image/svg+xml`): the view then answers a
    `flask.Response` of that type itself, with `language_headers()` (a picture's sentences
    follow Accept-Language), and is documented as answering it with them.

    The view is served two ways with the same schema instances. A body that parses and loads
    takes the short way: load, call, dump, answer. Anything else (no body, not JSON, a field
    the schema refuses) goes through flask-smorest and webargs as declared, which phrase the
    error. Both ways validate with the same `load`, so the short one loosens nothing; it only
    skips the per-request machinery of the long one (location lookups, hooks, wrappers), which
    cost a good fraction of a request on the hot path (bench/http.py)."""

    def decorate(view: View) -> View:
        # Instances, made once here: given a class, webargs would build a schema per request.
        loads = request()
        dumps = None if isinstance(response, str) else response()
        speaks = dumps is not None and says_sentences(dumps)
        declared = _declared(blp, view, loads, response if dumps is None else dumps, speaks)
        judged = _short_way(view, declared, loads, dumps, speaks)
        if dumps is not None:  # a picture's request schema is its JSON twin's, tested there
            judged.schemas = (loads, dumps)  # type: ignore[attr-defined]
        return judged

    return decorate


def _declared(
    blp: Blueprint, view: View, loads: ma.Schema, answer: ma.Schema | str, speaks: bool
) -> View:
    """`view` the long way, as flask-smorest and webargs serve and document it: the body loaded
    by `loads`, the problems it can meet, and `answer` (a schema, or a picture's media type)
    with the language headers when it speaks."""
    documented = view
    for status in DOCUMENTED_ERRORS:
        documented = blp.alt_response(status.value, response=status.name)(documented)
    # alt_response only documents: its wrapper calls the view and does nothing else. Keep
    # the documentation and leave those pass-through calls off every request.
    view._apidoc = documented._apidoc  # type: ignore[attr-defined]
    if isinstance(answer, str):  # the view answers the picture itself
        documents = blp.response(
            HTTPStatus.OK, {"type": "string"}, content_type=answer, headers=LANGUAGE_HEADERS
        )
    else:
        documents = blp.response(
            HTTPStatus.OK, answer, headers=LANGUAGE_HEADERS if speaks else None
        )
    return blp.arguments(loads)(documents(view))


def _short_way(
    view: View, declared: View, loads: ma.Schema, dumps: ma.Schema | None, speaks: bool
) -> View:
    """`view` the short way: a body that parses and loads is loaded, judged and dumped (as
    orjson, with the language headers when `speaks`; a picture's view answers itself); any
    other body goes the long way, `declared`, which phrases its error."""

    @functools.wraps(declared)
    def judged(*args: Any) -> Any:
        try:
            # The request itself: every attribute read through the proxy costs a lookup.
            body = json_body(flask.request._get_current_object())
            if body is ma.missing:
                return declared(*args)
            loaded = loads.load(body)
        except (orjson.JSONDecodeError, ma.ValidationError):
            return declared(*args)
        result = view(*args, loaded)
        if dumps is None:
            return result
        answer = orjson.dumps(dumps.dump(result), option=orjson.OPT_NON_STR_KEYS)
        return flask.Response(answer, headers=language_headers() if speaks else None, mimetype=JSON)

    return judged  # type: ignore[return-value]
