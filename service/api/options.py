"""A request's `rules`: the schema of a variant's rule options, made from its option specs;
`RequestSchema`, the base of every classic request, whose `rules` load as a RuleOptions
(`CLASSIC.options`; an unknown option is a 422), and `CoincheRequestSchema`, coinche's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import marshmallow as ma
from marshmallow import validate

from service.api.fields import StrictBoolean, StrictInteger
from service.api.schemas import Schema
from service.rules import CLASSIC, COINCHE, DEFAULT_OPTIONS, OPTION_SPECS
from service.rules.core.options import OptionSpec


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
    options object through `options` (its variant's `options`)."""

    def load(self: Schema, data: Mapping[str, Any], **kwargs: Any) -> object:
        return options(data)

    fields = {option: _option_field(spec) for option, spec in specs.items()}
    return type(name, (Schema,), fields | {"__doc__": doc, "options": ma.post_load(load)})


RulesSchema = rules_schema(
    "RulesSchema",
    OPTION_SPECS,
    CLASSIC.options,
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


CoincheRulesSchema = rules_schema(
    "CoincheRulesSchema",
    COINCHE.specs,
    COINCHE.options,
    "Coinche rule options (RULES-COINCHE.md): each optional, its default when absent.",
)


class CoincheRequestSchema(RequestSchema):
    """Every coinche computation takes optional `rules`; they load as `options` (a
    CoincheOptions)."""

    options = ma.fields.Nested(
        CoincheRulesSchema,
        data_key="rules",
        load_default=COINCHE.default_options,
        metadata={"description": "Coinche rule options; each optional (RULES-COINCHE.md)."},
    )
