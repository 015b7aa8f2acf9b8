"""A deal's record as a request carries it, classic and coinche: the bodies of
/v1/deals/replay and /v1/coinche/deals/replay, which the render, the analyses, the advice and
the review take too (or extend). Each loads as `{"record": ..., "options": ...}`, the record
the rules replay (`DealRecord`, `CoincheRecord`).
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from marshmallow import validate

from service.api.fields import BoundedList, StrictBoolean, SuitField, card_list, seat
from service.api.options import CoincheRequestSchema, RequestSchema
from service.api.schemas import Schema
from service.api.strains import ContractSchema
from service.rules import DealRecord, Declaration
from service.rules.core.cards import DECK_SIZE, HAND_SIZE
from service.rules.core.replay import Belote
from service.rules.core.seats import PLAYERS
from service.rules.variants.coinche.replay import CoincheRecord

# A seat holds at most 2 annonces (8 cards, 3 or more each), so a team scores at most 4; a
# replay takes up to 3 declarations a seat, so that a third one is refused by a verdict.
MAX_SEAT_ANNONCES = 2
MAX_TEAM_ANNONCES = 2 * MAX_SEAT_ANNONCES
MAX_DECLARATIONS = PLAYERS * (MAX_SEAT_ANNONCES + 1)


class DeclarationSchema(Schema):
    seat = seat(required=True)
    # A declaration repeating a card is the player's mistake: a verdict, not a 422.
    cards = card_list(3, HAND_SIZE, distinct=False, required=True)

    @ma.post_load
    def declaration(self, data: dict[str, Any], **kwargs: Any) -> Declaration:
        return Declaration(data["seat"], tuple(data["cards"]))


class ReplayRequestSchema(RequestSchema):
    dealer = seat(required=True)
    trump = SuitField(required=True)
    taker = seat(required=True)
    plays = card_list(
        0,
        DECK_SIZE,
        required=True,
        metadata={"description": "The cards in the order played; who played each follows."},
    )
    hands = BoundedList(
        card_list(HAND_SIZE, HAND_SIZE),
        validate=validate.Length(equal=PLAYERS),
        load_default=None,
        metadata={"description": "Each seat's 8 cards after the deal, when known."},
    )
    belote_announced = StrictBoolean(load_default=False)
    declarations = BoundedList(
        ma.fields.Nested(DeclarationSchema),
        validate=validate.Length(max=MAX_DECLARATIONS),
        load_default=(),
        metadata={"description": "Annonces declared, checked with rule option `annonces`."},
    )

    @ma.post_load
    def record(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        hands = data["hands"]
        record = DealRecord(
            dealer=data["dealer"],
            strain=data["trump"],
            taker=data["taker"],
            plays=tuple(data["plays"]),
            hands=None if hands is None else tuple(tuple(hand) for hand in hands),
            belote_announced=data["belote_announced"],
            declarations=tuple(data["declarations"]),
        )
        return {"record": record, "options": data["options"]}


# --- coinche ----------------------------------------------------------------------------------


class BeloteAnnouncedSchema(Schema):
    seat = seat(required=True)
    suit = SuitField(required=True, metadata={"description": "The suit of the K and Q."})

    @ma.post_load
    def belote(self, data: dict[str, Any], **kwargs: Any) -> Belote:
        return Belote(data["seat"], data["suit"])


class CoincheReplayRequestSchema(CoincheRequestSchema, ReplayRequestSchema):
    class Meta:
        exclude = ("trump", "taker")

    contract = ma.fields.Nested(ContractSchema, required=True)
    belote_announced = BoundedList(
        ma.fields.Nested(BeloteAnnouncedSchema),
        validate=validate.Length(max=PLAYERS),
        load_default=(),
        metadata={
            "description": "The belotes announced (rule option `belote: announce`, the "
            "default): each counts when its seat holds K and Q of that suit and the strain "
            "has that belote (a suit: its trump; SA: none; TA: each suit with `ta_belote`)."
        },
    )

    @ma.post_load
    def record(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        hands = data["hands"]
        record = CoincheRecord(
            dealer=data["dealer"],
            contract=data["contract"],
            plays=tuple(data["plays"]),
            hands=None if hands is None else tuple(tuple(hand) for hand in hands),
            belote_announced=tuple(data["belote_announced"]),
            declarations=tuple(data["declarations"]),
        )
        return {"record": record, "options": data["options"]}
