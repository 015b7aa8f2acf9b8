"""How a request names what a deal is played in: classic's `trump` (a suit) and taker, or
coinche's `strain` (a suit, SA or TA) and contract. Both load as `strain` (and a contract as
the rules' `Contract`), so that one view judges both variants.

`TrumpSchema` and `StrainSchema` are each variant's part of a turn's or a trick's body
(`VariantApi.strained`); `ContractSchema` reads a coinche contract wherever one is given.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import validate

from service.api import plans
from service.api.fields import SUIT_INPUTS, SUIT_PATTERN, StrictInteger, SuitField, seat
from service.api.options import CoincheRequestSchema, RequestSchema
from service.api.schemas import Schema
from service.rules.core.strains import STRAIN_CODES, Strain, parse_strain
from service.rules.variants.coinche.options import CAPOT, COINCHE_LEVELS, GENERALE, Contract
from service.rules.variants.coinche.replay import check_strain

STRAIN_INPUTS = (*SUIT_INPUTS, "SA", "TA", "sa", "ta")
STRAIN_PATTERN = rf"^(?:{SUIT_PATTERN[1:-1]}|SA|TA|sa|ta)$"


class StrainField(SuitField):
    """A strain: a suit `S H D C` (also `♠ ♥ ♦ ♣` on input), `SA` or `TA`, any case on input;
    canonical on output. Loads as an int: a suit 0-3, `SANS_ATOUT` or `TOUT_ATOUT`."""

    problem, value_name = "not_a_strain", "strain"
    codes, inputs, pattern = STRAIN_CODES, STRAIN_INPUTS, STRAIN_PATTERN

    def parse(self, text: str) -> Strain:  # type: ignore[override]
        return parse_strain(text)

    def canonical(self, value: Strain) -> str:
        return STRAIN_CODES[value]


STRAIN_DESCRIPTION = (
    "The contract's strain: a trump suit S H D C, or SA (sans atout) and TA (tout atout) "
    "with rule option `sa_ta` (else 422)."
)


class TrumpSchema(RequestSchema):
    """A classic turn or trick: its `trump`, which loads as `strain` (a suit is a strain)."""

    strain = SuitField(required=True, data_key="trump")


class StrainSchema(CoincheRequestSchema):
    """A coinche turn or trick: `strain` loads where classic loads its `trump` (as `strain`),
    so the same rules calls judge both variants; SA and TA only with `sa_ta`."""

    strain = StrainField(required=True, metadata={"description": STRAIN_DESCRIPTION})

    @ma.post_load
    def check(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """The strain against `sa_ta`, then the body's own check (a turn's), if any."""
        check_strain(data["strain"], data["options"])
        body = getattr(super(), "check", None)
        return data if body is None else body(data, **kwargs)


VALUE_WORDS = (CAPOT, GENERALE)


class ContractValueField(ma.fields.Raw):
    """A contract's value: an integer (one the auction can reach, checked against the rules:
    80..max_bid in tens by default), `"capot"` or `"generale"` (checked against the rules:
    option `generale`)."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {
            "oneOf": [{"type": "integer"}, {"type": "string", "enum": list(VALUE_WORDS)}],
            **kwargs.pop("metadata", {}),
        }
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if value in VALUE_WORDS or type(value) is int:
            return value
        raise ma.ValidationError(
            "A value is an integer (80..max_bid in tens by default), 'capot' or 'generale'."
        )

    def load_converter(self) -> plans.Convert:
        def read(value: Any) -> Any:
            if value in VALUE_WORDS or type(value) is int:
                return value
            raise plans.Unsure

        return read

    def dump_converter(self) -> plans.Convert:
        return lambda value: value


class ContractSchema(Schema):
    """A contract: `{"taker": seat, "value": 80..max_bid | "capot" | "generale", "strain",
    "coinche": 0|1|2}`."""

    taker = seat(required=True, metadata={"description": "The seat of the final bid."})
    value = ContractValueField(
        required=True,
        metadata={
            "description": "A value the auction can reach (`min_bid`, then multiples of "
            "`bid_step` to `max_bid`: 80..160 in tens by default), 'capot', or 'generale' "
            "(option `generale`)."
        },
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


class ContractAnswerSchema(ContractSchema):
    """A contract as an answer gives it (an auction's, a table's, a game entry's): every
    field there, the strain canonical."""

    strain = StrainField(canonical=True, required=True)
    coinche = StrictInteger(required=True, metadata={"enum": list(range(COINCHE_LEVELS))})
