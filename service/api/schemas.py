"""Fields and schemas every game endpoint shares: cards, suits, seats, rule options, verdicts.

Fields are strict (JSON Schema's types, not Python's coercions: `true` is no integer, `1` no
boolean) and load straight into the rules' objects with the rules' own parsers (`Card.parse`,
`Suit.parse`, `RuleOptions.from_mapping`); output is always canonical (`10H`, `S`).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping
from http import HTTPStatus
from typing import Any, TypeVar

import marshmallow as ma
from marshmallow import validate

from service.api.blueprint import Blueprint
from service.api.i18n import request_language
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
from service.rules.cards import ALL_CARDS, SUIT_CODES, spellings
from service.rules.options import OptionSpec
from service.rules.play import PLAYERS
from service.rules.scoring import TEAMS

# Every code Card.parse reads: a rank (the ten also as T, any case) then a suit letter (any
# case) or symbol. Output uses only the canonical subset.
CARD_PATTERN = r"^(?:[789JQKAjqka]|10|[Tt])[SHDCshdc♠♥♦♣]$"
CANONICAL_CARD_PATTERN = r"^(?:[789JQKA]|10)[SHDC]$"
SUIT_INPUTS = (*SUIT_CODES, *(code.lower() for code in SUIT_CODES), "♠", "♥", "♦", "♣")

View = TypeVar("View", bound=Callable[..., Any])
F = TypeVar("F", bound=ma.fields.Field)


class Schema(ma.Schema):
    """The base of every schema here: each instance owns its fields' metadata. (marshmallow
    copies fields shallowly, so a schema inheriting fields would share their `enum` lists with
    its parent, and the YAML document would show them as anchors, `&id001`.)"""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.metadata = copy.deepcopy(field.metadata)
        # Dumping is on the path of every answer: what `_serialize` needs of each field, once.
        # A schema with its own `get_attribute` reads every value through it.
        plain = type(self).get_attribute is ma.Schema.get_attribute
        self._dump_plan = tuple(
            (
                field.data_key if field.data_key is not None else name,
                field.attribute or name,
                field,
                plain and field._CHECK_ATTRIBUTE and "." not in (field.attribute or name),
            )
            for name, field in self.dump_fields.items()
        )

    def _serialize(self, obj: Any, *, many: bool = False) -> Any:
        """marshmallow's own loop, less its per-field indirections: each value read straight
        from the dict or object, then formatted by its field's `_serialize` (a field with a
        dotted attribute or none to read, or a schema with its own `get_attribute`, goes
        through `Field.serialize` as in marshmallow)."""
        if many and obj is not None:
            return [self._serialize(item) for item in obj]
        is_mapping = isinstance(obj, Mapping)
        result = {}
        for key, attribute, field, direct in self._dump_plan:
            if not direct:
                value = field.serialize(attribute, obj, accessor=self.get_attribute)
            else:
                value = (
                    obj.get(attribute, ma.missing)
                    if is_mapping
                    else getattr(obj, attribute, ma.missing)
                )
                if value is ma.missing:
                    default = field.dump_default
                    value = default() if callable(default) else default
                if value is not ma.missing:
                    value = field._serialize(value, attribute, obj)
            if value is not ma.missing:
                result[key] = value
        return result


class StrictInteger(ma.fields.Integer):
    """An integer as JSON Schema means it: `true` and `1.5` are not integers."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _validated(self, value: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return super()._validated(value)


class StrictBoolean(ma.fields.Boolean):
    """`true` or `false`, nothing else (marshmallow would read `1` and `"yes"`)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class _ParsedString(ma.fields.String):
    """A string the rules parse into their own object; dumped back in canonical form.

    `accepts` says which strings the schema documents (a pattern or an enum); anything else is
    refused with the rules' own sentence for `problem` in the request's language."""

    problem = ""  # a code of the rules' message catalog, with `{value_name}` as parameter
    value_name = ""

    def __init__(self, accepts: Callable[[str], object], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.accepts = accepts

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
        return None if value is None else self.canonical(value)


class CardField(_ParsedString):
    """A card: `10H`, also `TH`, `th`, `10♥` on input; always canonical on output."""

    problem, value_name = "not_a_card", "card"

    def __init__(self, *, canonical: bool = False, **kwargs: Any) -> None:
        pattern = CANONICAL_CARD_PATTERN if canonical else CARD_PATTERN
        kwargs["metadata"] = {"pattern": pattern, **kwargs.get("metadata", {})}
        super().__init__(re.compile(pattern).fullmatch, **kwargs)

    def parse(self, text: str) -> Card:
        return Card.parse(text)

    def canonical(self, value: int) -> str:
        return Card(value).code


class SuitField(_ParsedString):
    """A suit: `S H D C`, also lower case and `♠ ♥ ♦ ♣` on input; `S H D C` on output."""

    problem, value_name = "not_a_suit", "suit"

    def __init__(self, *, canonical: bool = False, **kwargs: Any) -> None:
        choices = SUIT_CODES if canonical else SUIT_INPUTS
        # JSON Schema checks `enum` even when `type` allows null: null must be listed too.
        documented = [*choices, None] if kwargs.get("allow_none") else list(choices)
        kwargs["metadata"] = {"enum": documented, **kwargs.get("metadata", {})}
        super().__init__(frozenset(choices).__contains__, **kwargs)

    def parse(self, text: str) -> Suit:
        return Suit.parse(text)

    def canonical(self, value: int) -> str:
        return Suit(value).code


class MessageField(ma.fields.String):
    """A sentence in the request's language, from the dumped object's `message(lang)`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(attribute="message", **kwargs)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str:
        return str(value(request_language()))


def seat(**kwargs: Any) -> StrictInteger:
    """A seat, 0 to 3 in turn order."""
    return StrictInteger(validate=validate.Range(0, PLAYERS - 1), **kwargs)


def team(**kwargs: Any) -> StrictInteger:
    """A team, 0 or 1 (seat % 2)."""
    return StrictInteger(validate=validate.Range(0, TEAMS - 1), **kwargs)


def card_list(
    minimum: int = 0,
    maximum: int | None = None,
    *,
    canonical: bool = False,
    distinct: bool = True,
    **kwargs: Any,
) -> ma.fields.List:
    """A list of cards, `minimum` to `maximum` long; `distinct` documents `uniqueItems`. The
    rules check it (also `10H` and `TH`): their 422 names both places of a card met twice."""
    kwargs["metadata"] = {"uniqueItems": distinct, **kwargs.get("metadata", {})}
    return CardList(
        CardField(canonical=canonical),
        validate=validate.Length(min=minimum, max=maximum),
        **kwargs,
    )


class CardList(ma.fields.List):
    """A list of `CardField`s, read and written in one pass (cards are the bulk of every body).

    Every string the inner field accepts is looked up in a table made once from that field's
    own `accepts` and `parse`; a list with anything else takes marshmallow's path, item by item,
    so that its errors name each bad item exactly as before."""

    def __init__(self, inner: CardField, **kwargs: Any) -> None:
        super().__init__(inner, **kwargs)
        self.table: dict[str, Card] = {}
        for card in ALL_CARDS:
            for text in spellings(card):
                if inner.accepts(text):
                    self.table[text] = inner.parse(text)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if type(value) is list:
            try:
                return [self.table[text] for text in value]
            except (KeyError, TypeError):
                pass  # some item is no card: marshmallow says which
        return super()._deserialize(value, attr, data, **kwargs)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else [Card(card).code for card in value]


def nullable(make: Callable[..., F], description: str, **kwargs: Any) -> F:
    """An optional field that may be null, and is null when absent."""
    return make(allow_none=True, load_default=None, metadata={"description": description}, **kwargs)


def pair(field: ma.fields.Field, **kwargs: Any) -> ma.fields.List:
    """One value per team: `[team 0, team 1]`."""
    return ma.fields.List(field, validate=validate.Length(equal=TEAMS), **kwargs)


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


class _RulesBase(Schema):
    @ma.post_load
    def options(self, data: Mapping[str, Any], **kwargs: Any) -> RuleOptions:
        return RuleOptions.from_mapping(data)


RulesSchema: type[Schema] = type(
    "RulesSchema",
    (_RulesBase,),
    {name: _option_field(spec) for name, spec in OPTION_SPECS.items()}
    | {"__doc__": "Rule options (RULES.md): each optional, its default when absent."},
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
    suit = SuitField(canonical=True, allow_none=True, metadata={"description": "null for a four"})


# --- endpoints -------------------------------------------------------------------------------

DOCUMENTED_ERRORS = (
    HTTPStatus.BAD_REQUEST,
    HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
    HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
)


def judgement(
    blp: Blueprint, request: type[ma.Schema], response: type[ma.Schema]
) -> Callable[[View], View]:
    """A POST computation: the body loaded by `request`, the result dumped by `response`, and
    the errors a body can meet documented as problems (422 comes with `arguments`)."""

    def decorate(view: View) -> View:
        documented = view
        for status in DOCUMENTED_ERRORS:
            documented = blp.alt_response(status.value, response=status.name)(documented)
        # alt_response only documents: its wrapper calls the view and does nothing else. Keep
        # the documentation and leave those pass-through calls off every request.
        view._apidoc = documented._apidoc  # type: ignore[attr-defined]
        # Instances, made once here: given a class, webargs would build a schema per request.
        loads, dumps = request(), response()
        return blp.arguments(loads)(blp.response(HTTPStatus.OK, dumps)(view))  # type: ignore[no-any-return]

    return decorate
