"""Coinche's request base and the coinche paths this module serves (RULES-COINCHE.md, API.md
"Coinche"): the auction, a deal scored, a game scored, a deal dealt, and the rules described.

`CoincheRequestSchema` is the base of every coinche request: its `rules` load as
`CoincheOptions` (unknown options 422); `ContractSchema` and `StrainField` read a contract
and a strain for every coinche path.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import marshmallow as ma
from marshmallow import validate

from service.api.schemas import (
    SUIT_INPUTS,
    RequestSchema,
    Schema,
    StrictInteger,
    _ParsedString,
    rules_schema,
    seat,
)
from service.rules.cards import STRAIN_CODES, Suit
from service.rules.coinche_options import (
    CAPOT,
    COINCHE_LEVELS,
    COINCHE_OPTION_SPECS,
    DEFAULT_COINCHE_OPTIONS,
    CoincheOptions,
    Contract,
)

CoincheRulesSchema = rules_schema(
    "CoincheRulesSchema",
    COINCHE_OPTION_SPECS,
    CoincheOptions.from_mapping,
    "Coinche rule options (RULES-COINCHE.md): each optional, its default when absent.",
)


class CoincheRequestSchema(RequestSchema):
    """Every coinche computation takes optional `rules`; they load as `options` (a
    CoincheOptions)."""

    options = ma.fields.Nested(
        CoincheRulesSchema,
        data_key="rules",
        load_default=DEFAULT_COINCHE_OPTIONS,
        metadata={"description": "Coinche rule options; each optional (RULES-COINCHE.md)."},
    )


STRAIN_INPUTS = (*SUIT_INPUTS, "SA", "TA", "sa", "ta")


class StrainField(_ParsedString):
    """A strain: a suit `S H D C` (also `♠ ♥ ♦ ♣` on input), `SA` or `TA`, any case on input;
    canonical on output. Loads as an int: a suit 0-3, `SANS_ATOUT` or `TOUT_ATOUT`."""

    problem, value_name = "not_a_strain", "strain"

    def __init__(self, *, canonical: bool = False, **kwargs: Any) -> None:
        choices = STRAIN_CODES if canonical else STRAIN_INPUTS
        documented = [*choices, None] if kwargs.get("allow_none") else list(choices)
        kwargs["metadata"] = {"enum": documented, **kwargs.get("metadata", {})}
        super().__init__(frozenset(choices).__contains__, **kwargs)

    def spellings(self) -> Iterable[str]:
        return STRAIN_INPUTS

    def parse(self, text: str) -> int:
        return STRAIN_CODES.index(text.upper()) if len(text) == 2 else int(Suit.parse(text))

    def canonical(self, value: int) -> str:
        return STRAIN_CODES[value]


class ContractValueField(ma.fields.Raw):
    """A contract's value: an integer (80..max_bid in tens, checked against the rules) or
    `"capot"`."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {
            "oneOf": [{"type": "integer"}, {"type": "string", "enum": [CAPOT]}],
            **kwargs.pop("metadata", {}),
        }
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if value == CAPOT or (type(value) is int):
            return value
        raise ma.ValidationError("A value is an integer (80..max_bid in tens) or 'capot'.")


class ContractSchema(Schema):
    """A contract: `{"taker": seat, "value": 80..180 | "capot", "strain", "coinche": 0|1|2}`."""

    taker = seat(required=True, metadata={"description": "The seat of the final bid."})
    value = ContractValueField(
        required=True, metadata={"description": "80..max_bid in tens, or 'capot'."}
    )
    strain = StrainField(required=True)
    coinche = StrictInteger(
        validate=validate.Range(0, COINCHE_LEVELS - 1),
        load_default=0,
        metadata={"description": "0 none, 1 coinched, 2 surcoinched."},
    )

    @ma.post_load
    def contract(self, data: dict[str, Any], **kwargs: Any) -> Contract:
        return Contract(data["taker"], data["value"], data["strain"], data["coinche"])
