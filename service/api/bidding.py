"""POST /v1/bidding: who takes which trump, or the first illegal bid."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView
from marshmallow import validate

from service.api.blueprint import Blueprint
from service.api.examples import example
from service.api.fields import (
    SUIT_INPUTS,
    SUIT_PATTERN,
    Among,
    BoundedList,
    CardField,
    MessageField,
    StrictInteger,
    SuitField,
    seat,
)
from service.api.options import RequestSchema
from service.api.schemas import Schema
from service.api.views import judgement
from service.rules import Bidding, judge_bidding
from service.rules.core.cards import SUIT_CODES
from service.rules.variants.classic.bidding import INVALID, OPEN, PASS, REDEAL, TAKE, TAKEN
from service.text.catalog import keys

blp = Blueprint("bidding", __name__, description="The state of the bidding after a list of bids.")

BID_PATTERN = rf"^(?:{PASS}|{TAKE}|{SUIT_PATTERN[1:-1]})$"
BID_CODES = [key.removeprefix("bidding.") for key in keys("bidding.")]

# A bidding holds 8 bids at most, but a bid after its end is a verdict (the first one is named,
# the 9th bid at the latest), not an error: longer lists are judged, up to this bound.
MAX_BIDS_LISTED = 32


class BiddingRequestSchema(RequestSchema):
    dealer = seat(required=True)
    turned = CardField(required=True, metadata={"description": "The turned card."})
    bids = BoundedList(
        ma.fields.String(validate=Among((PASS, TAKE, *SUIT_INPUTS), BID_PATTERN)),
        validate=validate.Length(max=MAX_BIDS_LISTED),
        load_default=(),
        metadata={
            "description": "From the dealer's next: 'pass', 'take' (round 1) or a suit (round 2)."
        },
    )


class BidViolationSchema(Schema):
    index = StrictInteger(required=True, metadata={"description": "The index in `bids`."})
    code = ma.fields.String(required=True, metadata={"enum": BID_CODES})
    message = MessageField(required=True)


class BiddingSchema(Schema):
    status = ma.fields.String(required=True, metadata={"enum": [OPEN, TAKEN, REDEAL, INVALID]})
    round = StrictInteger(required=True, metadata={"enum": [1, 2]})
    next = seat(required=True, allow_none=True, metadata={"description": "Who bids next."})
    legal = ma.fields.List(
        ma.fields.String(metadata={"enum": [PASS, TAKE, *SUIT_CODES]}),
        required=True,
        metadata={"description": "The bids `next` may make."},
    )
    taker = seat(required=True, allow_none=True)
    trump = SuitField(canonical=True, required=True, allow_none=True)
    violation = ma.fields.Nested(BidViolationSchema, required=True, allow_none=True)


@blp.route("/v1/bidding")
class JudgeBidding(MethodView):
    @blp.doc(operationId="judge_bidding")
    @example(
        "taken",
        {"dealer": 3, "turned": "JH", "bids": ["pass", "take"]},
        "Seat 0 passes, seat 1 takes hearts.",
    )
    @judgement(blp, BiddingRequestSchema, BiddingSchema)
    def post(self, body: dict[str, Any]) -> Bidding:
        """Open, taken, redeal, or invalid with the first illegal bid (a verdict, not an error).

        The bids run from the dealer's next: in round 1 `take` (the turned card's suit) or
        `pass`; in round 2 another suit or `pass`. While open, `next` and `legal` say who
        bids and what they may bid."""
        return judge_bidding(body["dealer"], body["turned"], body["bids"])
