"""POST /v1/coinche/bidding: the coinche auction judged (docs/RULES-COINCHE.md "The auction")."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView
from marshmallow import validate

from service.api.coinche.blueprint import blp
from service.api.coinche.schemas import CoincheRequestSchema, ContractSchema, StrainField
from service.api.examples import example
from service.api.fields import BoundedList, MessageField, StrictInteger, seat
from service.api.schemas import Schema
from service.api.views import judgement
from service.rules.core.strains import STRAIN_CODES
from service.rules.variants.coinche.bidding import (
    AUCTION_CODES,
    CALL_PATTERN,
    COINCHE,
    INVALID,
    OPEN,
    PASS,
    REDEAL,
    SURCOINCHE,
    TAKEN,
    Auction,
    judge_auction,
)
from service.rules.variants.coinche.options import (
    BID_STEP,
    CAPOT,
    COINCHE_LEVELS,
    COINCHE_OPTION_SPECS,
    MIN_BID,
)


class ContractAnswerSchema(ContractSchema):
    strain = StrainField(canonical=True, required=True)
    coinche = StrictInteger(required=True, metadata={"enum": list(range(COINCHE_LEVELS))})


# Bids are raised and each followed by at most 3 passes (4 under four_passes), plus a coinche
# and its passes: a finished auction is far shorter. A call after the end is a verdict (the
# first one is named), so longer lists are judged, up to this bound.
MAX_CALLS_LISTED = 128
MAX_CALL_LENGTH = 16
MAX_BID_ALLOWED = max(COINCHE_OPTION_SPECS["max_bid"].allowed or (0,))
EVERY_CALL = [
    PASS,
    *(f"{v}{s}" for v in range(MIN_BID, MAX_BID_ALLOWED + 1, BID_STEP) for s in STRAIN_CODES),
    *(f"{CAPOT}{s}" for s in STRAIN_CODES),
    COINCHE,
    SURCOINCHE,
]


CALLS_READ = (
    "The calls from the dealer's next: 'pass', '<value><strain>' ('90H', '110SA'), "
    "'capot<strain>' ('capotS'), 'coinche', 'surcoinche'; any case, suits also as symbols. "
    "Anything else is a 422."
)


def calls_field(description: str = CALLS_READ) -> BoundedList:
    """A list of coinche calls, as the auction reads them."""
    return BoundedList(
        # Every call the auction reads, as a pattern: an enum of every spelling would list
        # near-duplicates (`90H`, `90h`, `90♥`).
        ma.fields.String(
            validate=validate.Length(max=MAX_CALL_LENGTH), metadata={"pattern": CALL_PATTERN}
        ),
        validate=validate.Length(max=MAX_CALLS_LISTED),
        load_default=(),
        metadata={"description": description},
    )


class AuctionRequestSchema(CoincheRequestSchema):
    dealer = seat(required=True)
    bids = calls_field()


class AuctionViolationSchema(Schema):
    index = StrictInteger(required=True, metadata={"description": "The index in `bids`."})
    code = ma.fields.String(required=True, metadata={"enum": list(AUCTION_CODES)})
    message = MessageField(required=True)


def _contract(description: str) -> ma.fields.Nested:
    return ma.fields.Nested(
        ContractAnswerSchema,
        required=True,
        allow_none=True,
        metadata={"description": description},
    )


class AuctionSchema(Schema):
    status = ma.fields.String(required=True, metadata={"enum": [OPEN, TAKEN, REDEAL, INVALID]})
    next = seat(required=True, allow_none=True, metadata={"description": "Who speaks next."})
    legal = ma.fields.List(
        ma.fields.String(metadata={"enum": EVERY_CALL}),
        required=True,
        metadata={"description": "The calls `next` may make, in RULES-COINCHE.md's order."},
    )
    contract = _contract("Once the auction is taken: the contract at its coinche level.")
    standing = _contract("The highest bid so far, at its coinche level.")
    violation = ma.fields.Nested(AuctionViolationSchema, required=True, allow_none=True)


@blp.route("/v1/coinche/bidding")
class JudgeAuction(MethodView):
    @blp.doc(operationId="coinche_bidding")
    @example(
        "coinched",
        {"dealer": 3, "bids": ["90H", "coinche", "pass", "pass", "pass"]},
        "Seat 0 bids 90 in hearts, seat 1 coinches, three passes: 90H coinched.",
    )
    @example(
        "bid_after_coinche",
        {"dealer": 3, "bids": ["90H", "coinche", "100S"]},
        "A bid after the coinche: a verdict, and the auction as it stood before it.",
    )
    @judgement(blp, AuctionRequestSchema, AuctionSchema)
    def post(self, body: dict[str, Any]) -> Auction:
        """The coinche auction: open, taken, redeal, or the first illegal call.

        Calls go round from the dealer's next. An illegal call is a verdict (200) naming its
        index and code; `next`, `legal`, `contract` and `standing` then describe the auction
        just before it. An unparsable call is a 422."""
        return judge_auction(body["dealer"], body["bids"], body["options"])
