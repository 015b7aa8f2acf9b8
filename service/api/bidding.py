"""POST /v1/bidding and /v1/coinche/bidding: the state of the bidding after a list of bids,
or the first illegal one (RULES.md "Bidding"; RULES-COINCHE.md "The auction").

Written once for every variant (`variants.VARIANT_APIS`): the view asks the variant's
`auction`; classic's bids are taken on a turned card, coinche's calls are contracts, coinches
and surcoinches, each with its request and its answer.
"""

from __future__ import annotations

from typing import Any, Final

import marshmallow as ma
from flask.views import MethodView
from marshmallow import validate

from service.api.blueprint import Blueprint
from service.api.examples import Example
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
from service.api.options import CoincheRequestSchema, RequestSchema
from service.api.schemas import Schema
from service.api.strains import ContractAnswerSchema
from service.api.variants import Operation, VariantApi, for_each_variant
from service.api.views import judgement
from service.rules.core.cards import SUIT_CODES
from service.rules.core.strains import STRAIN_CODES
from service.rules.variants.classic.bidding import INVALID, OPEN, PASS, REDEAL, TAKE, TAKEN
from service.rules.variants.coinche.bidding import AUCTION_CODES, CALL_PATTERN, COINCHE, SURCOINCHE
from service.rules.variants.coinche.options import every_bid_value
from service.text.catalog import keys

blp = Blueprint("bidding", __name__, description="The state of the bidding after a list of bids.")


# --- classic: a suit taken on the turned card ----------------------------------------------

BID_PATTERN = rf"^(?:{PASS}|{TAKE}|{SUIT_PATTERN[1:-1]})$"
BID_CODES = [key.removeprefix("bidding.") for key in keys("bidding.")]

# A bidding holds 8 bids at most, but a bid after its end is a verdict (the first one is named,
# the 9th bid at the latest), not an error: longer lists are judged, up to this bound.
MAX_BIDS_LISTED = 32


def classic_bids_field(description: str) -> BoundedList:
    """A list of classic bids, as /v1/bidding reads them: 'pass', 'take' (round 1) or a suit
    (round 2)."""
    return BoundedList(
        ma.fields.String(validate=Among((PASS, TAKE, *SUIT_INPUTS), BID_PATTERN)),
        validate=validate.Length(max=MAX_BIDS_LISTED),
        load_default=(),
        metadata={"description": description},
    )


class BiddingRequestSchema(RequestSchema):
    dealer = seat(required=True)
    turned = CardField(required=True, metadata={"description": "The turned card."})
    bids = classic_bids_field(
        "From the dealer's next: 'pass', 'take' (round 1) or a suit (round 2)."
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


# --- coinche: the auction --------------------------------------------------------------------


# Bids are raised and each followed by at most 3 passes (4 under four_passes), plus a coinche
# and its passes: a finished auction is far shorter. A call after the end is a verdict (the
# first one is named), so longer lists are judged, up to this bound.
MAX_CALLS_LISTED = 128
MAX_CALL_LENGTH = 16
EVERY_CALL = [
    PASS,
    *(f"{v}{s}" for v in every_bid_value() for s in STRAIN_CODES),
    COINCHE,
    SURCOINCHE,
]


CALLS_READ = (
    "The calls from the dealer's next: 'pass', '<value><strain>' ('90H', '110SA'), "
    "'capot<strain>' ('capotS'), 'generale<strain>' ('generaleH', with rule option "
    "`generale` only), 'coinche', 'surcoinche'; any case, suits also as symbols. "
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


REQUESTS: Final = {"classic": BiddingRequestSchema, "coinche": AuctionRequestSchema}
ANSWERS: Final = {"classic": BiddingSchema, "coinche": AuctionSchema}
OPERATIONS: Final = {"classic": "judge_bidding", "coinche": "coinche_bidding"}
BIDDING: Final = {
    "classic": Operation(
        "Open, taken, redeal, or invalid with the first illegal bid (a verdict, not an error).",
        "The bids run from the dealer's next: in round 1 `take` (the turned card's suit) or "
        "`pass`; in round 2 another suit or `pass`. While open, `next` and `legal` say who bids "
        "and what they may bid.",
        (
            Example(
                "taken",
                {"dealer": 3, "turned": "JH", "bids": ["pass", "take"]},
                "Seat 0 passes, seat 1 takes hearts.",
            ),
        ),
    ),
    "coinche": Operation(
        "The coinche auction: open, taken, redeal, or the first illegal call.",
        "Calls go round from the dealer's next. An illegal call is a verdict (200) naming its "
        "index and code; `next`, `legal`, `contract` and `standing` then describe the auction "
        "just before it. An unparsable call is a 422.",
        (
            Example(
                "coinched",
                {"dealer": 3, "bids": ["90H", "coinche", "pass", "pass", "pass"]},
                "Seat 0 bids 90 in hearts, seat 1 coinches, three passes: 90H coinched.",
            ),
            Example(
                "bid_after_coinche",
                {"dealer": 3, "bids": ["90H", "coinche", "100S"]},
                "A bid after the coinche: a verdict, and the auction as it stood before it.",
            ),
        ),
    ),
}


@for_each_variant
def register(api: VariantApi) -> None:
    """The bidding's path of `api`'s variant."""
    route = api.route(blp, "bidding", OPERATIONS)

    @route.view
    class JudgeBidding(MethodView):
        @route.doc(api.each(BIDDING))
        @judgement(route.blueprint, api.each(REQUESTS), api.each(ANSWERS))
        def post(self, body: dict[str, Any]) -> Any:
            return api.variant.auction(
                body["dealer"], body["bids"], body["options"], body.get("turned")
            )
