"""A request's `rules`: the schema of a variant's rule options, made from its option specs;
`RequestSchema`, the base of every classic request, whose `rules` load as a RuleOptions
(`CLASSIC.options`; an unknown option is a 422), and `CoincheRequestSchema`, coinche's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import marshmallow as ma
from marshmallow import validate

from service.api.fields import StrictBoolean, StrictInteger
from service.api.schemas import Schema
from service.rules import CLASSIC, COINCHE, DEFAULT_OPTIONS, Variant
from service.rules.core.options import OptionSpec
from service.rules.core.profiles import PROFILE, Profile


def _option_field(spec: OptionSpec) -> ma.fields.Field:
    """The field for one rule option, from its spec: type, allowed values, default, sentence."""
    metadata = {"description": spec.description, "default": spec.default}
    if spec.allowed is None:
        return StrictInteger(validate=validate.Range(*spec.bounds), metadata=metadata)
    if isinstance(spec.allowed[0], bool):
        return StrictBoolean(metadata=metadata)
    field_type = StrictInteger if isinstance(spec.allowed[0], int) else ma.fields.String
    return field_type(validate=validate.OneOf(spec.allowed), metadata=metadata)


def _profile_field(profiles: tuple[Profile, ...]) -> ma.fields.Field:
    """The field naming a profile: any string, which the rules check (an unknown name is a
    422 naming the game's profiles, at `/rules/profile`), its names listed as the contract's
    enum."""
    names = [profile.name for profile in profiles]
    return ma.fields.String(
        metadata={
            "enum": names,
            "description": "A named rulebook (GET the rules for each one's options, citation "
            "and what its text leaves open): its options apply, then the other options given "
            "here, which win.",
        }
    )


def rules_schema(name: str, variant: Variant[Any, Any, Any, Any], doc: str) -> type[Schema]:
    """The schema of a variant's `rules`: its `profile`, and a field per option spec,
    loading into the variant's options object (its variant's `options`)."""

    def load(self: Schema, data: Mapping[str, Any], **kwargs: Any) -> object:
        return variant.options(data)

    fields = {option: _option_field(spec) for option, spec in variant.specs.items()}
    fields[PROFILE] = _profile_field(variant.profiles)
    return type(name, (Schema,), fields | {"__doc__": doc, "options": ma.post_load(load)})


RulesSchema = rules_schema(
    "RulesSchema",
    CLASSIC,
    "Rule options (RULES.md): each optional, its default when absent; or a profile's.",
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
    COINCHE,
    "Coinche rule options (RULES-COINCHE.md): each optional, its default when absent; or a "
    "profile's.",
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
