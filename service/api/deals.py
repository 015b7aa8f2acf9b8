"""POST /v1/deals/replay, /v1/deals/score and /v1/deals/deal, and coinche's: a whole deal
judged, scored or dealt; and POST /v1/deals/render, classic's replay as a picture.

Written once for every variant (`variants.VARIANT_APIS`): a deal to score and its score are
each variant's (service/api/scores.py), the replay's body its record (`VariantApi.record`),
its deal its own packets.
"""

from __future__ import annotations

from collections.abc import Sized
from typing import Any, Final

import marshmallow as ma
from flask import Response
from flask.views import MethodView
from marshmallow import validate

from service.api.blueprint import Blueprint
from service.api.examples import Example, example
from service.api.fields import (
    CardField,
    MessageField,
    StrictBoolean,
    StrictInteger,
    SuitField,
    card_list,
    nullable,
    or_null,
    pair,
    seat,
    team,
)
from service.api.i18n import language_headers, request_language
from service.api.limiter import busy, capped, in_slot
from service.api.observability import count_renonces
from service.api.replay_requests import ReplayRequestSchema
from service.api.schemas import AnnonceSchema, Schema, ViolationSchema
from service.api.scores import SCORED, CoincheDealScoreSchema, DealScoreSchema
from service.api.variants import PLAY_TAG, Operation, VariantApi, for_each_variant
from service.api.views import judgement
from service.render import deal_svg
from service.render.review import Reviewed, classic_needed
from service.rules import ALGORITHM, Deal, Replay, replay
from service.rules.analysis.policy import REVIEW_BUDGET_MS
from service.rules.analysis.review import review_deal
from service.rules.core.cards import DECK_SIZE, HAND_SIZE
from service.rules.core.dealing import MIN_SEED_LENGTH
from service.rules.core.scoring import ScoredDeal
from service.rules.core.seats import PLAYERS
from service.rules.variants.classic import FIRST_PACKETS
from service.text.catalog import keys, text

MAX_SEED_LENGTH = 256
SVG = "image/svg+xml"
# A picture opened on its own is a document: no script, no fetch, no sniffing it as HTML.
PICTURE_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    "X-Content-Type-Options": "nosniff",
}

blp = Blueprint(
    "deals",
    __name__,
    description="A deal replayed play by play (tricks, proven renonces, score), a deal scored "
    "from its points, and a reproducible deal from a seed.",
)


# --- scoring ---------------------------------------------------------------------------------


def score_request(api: VariantApi) -> type[ma.Schema]:
    """The variant's deal to score with its rules, loaded as `{"summary", "options"}`."""
    scored = api.each(SCORED)

    @ma.post_load
    def summary(self: ma.Schema, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return {"summary": scored.summary(data, ""), "options": data["options"]}

    return api.schema(scored.body, api.request, name="DealScoreRequestSchema", summary=summary)


SCORE: Final = {
    "classic": Operation(
        "Made, dedans or litige, capot, and each team's score with its breakdown.",
        (
            "`points` are each team's card points with the dix de der; they sum to 162 (else "
            "422). The takers (team `taker % 2`) make their contract with more points than the "
            "defenders, belote and annonces counted; at equal totals it is a litige."
        ),
        (
            Example(
                "made",
                {"taker": 0, "points": [102, 60], "capot": None, "belote": 0},
                "The takers made 102 of 162 with the belote: made.",
            ),
        ),
    ),
    "coinche": Operation(
        "A coinche deal scored: made, dedans or litige, and each team's score.",
        (
            "From the contract (with its coinche level), each team's card points, capot, belotes,"
            ' annonces and renonce (RULES-COINCHE.md "Scoring a deal"). A contract in SA/TA '
            "without `sa_ta`, or at a value the auction cannot reach (`min_bid`, `bid_step`, "
            "`max_bid`), is a 422."
        ),
        (
            Example(
                "coinched_made",
                {
                    "contract": {"taker": 0, "value": 100, "strain": "H", "coinche": 1},
                    "points": [110, 52],
                    "capot": None,
                    "belote": [1, 0],
                },
                (
                    "RULES-COINCHE.md example 16: 100H coinched, 110 to 52 with the takers' "
                    "belote: 2 x (160 + 100 + 20)."
                ),
            ),
        ),
    ),
}


# --- replay ----------------------------------------------------------------------------------


class TrickRecordSchema(Schema):
    leader = seat(required=True)
    cards = card_list(1, PLAYERS, canonical=True, required=True)
    winner = or_null(seat, "Once the trick is complete; null before.")
    points = or_null(StrictInteger, "Once complete, dix de der in on the last; null before.")


class ProofSchema(Schema):
    by = ma.fields.String(required=True, metadata={"enum": ["hand", "later_play"]})
    card = or_null(
        CardField, "By a later play: a card that had to be played; else null.", canonical=True
    )
    play = or_null(StrictInteger, "By a later play: its index in `plays`; else null.")


class RenonceSchema(Schema):
    play = StrictInteger(required=True, metadata={"description": "The index in `plays`."})
    trick = StrictInteger(required=True)
    seat = seat(required=True)
    card = CardField(canonical=True, required=True)
    violation = ma.fields.Nested(ViolationSchema, required=True)
    proof = ma.fields.Nested(ProofSchema, required=True)


class DeclarationProblemSchema(Schema):
    code = ma.fields.String(
        required=True,
        metadata={"enum": list(keys("declaration."))},
    )
    message = MessageField(required=True)


class DeclarationVerdictSchema(Schema):
    index = StrictInteger(required=True, metadata={"description": "The index in `declarations`."})
    seat = seat(required=True)
    cards = card_list(3, HAND_SIZE, canonical=True, distinct=False, required=True)
    valid = ma.fields.Function(
        lambda verdict: verdict.problem is None, required=True, metadata={"type": "boolean"}
    )
    annonce = ma.fields.Nested(
        AnnonceSchema, required=True, allow_none=True, metadata={"description": "When valid."}
    )
    problem = ma.fields.Nested(
        DeclarationProblemSchema,
        required=True,
        allow_none=True,
        metadata={"description": "Why the declaration does not count, when it does not."},
    )


class ReplaySchema(Schema):
    tricks = ma.fields.List(ma.fields.Nested(TrickRecordSchema), required=True)
    renonces = ma.fields.List(ma.fields.Nested(RenonceSchema), required=True)
    complete = StrictBoolean(required=True)
    to_move = seat(required=True, allow_none=True)
    legal = or_null(
        card_list,
        "The legal cards of the player to move, when the hands are known and the deal is not "
        "complete; else null.",
        minimum=1,
        maximum=HAND_SIZE,
        canonical=True,
    )
    points = pair(StrictInteger(), required=True)
    belote = or_null(
        team,
        "The team (0 or 1, not a count) whose belote-rebelote counts; null: none.",
        attribute="belote_team",
    )
    declarations = ma.fields.List(ma.fields.Nested(DeclarationVerdictSchema), required=True)
    score = ma.fields.Nested(DealScoreSchema, required=True, allow_none=True)


class BeloteSchema(Schema):
    seat = seat(required=True)
    team = team(required=True)
    suit = SuitField(canonical=True, required=True)


class CoincheReplaySchema(ReplaySchema):
    """The classic replay's answer, with the belotes counted and the coinche score."""

    belote = ma.fields.List(
        ma.fields.Nested(BeloteSchema),
        required=True,
        attribute="belotes",
        metadata={"description": "The belotes counted, 20 each: held, and announced."},
    )
    score = ma.fields.Nested(
        CoincheDealScoreSchema,
        required=True,
        allow_none=True,
        metadata={"description": "On a complete deal; the first renonce decides it."},
    )


REPLAY_ANSWERS: Final = {"classic": ReplaySchema, "coinche": CoincheReplaySchema}

RENONCE_RECORD: Final = {
    "dealer": 3,
    "trump": "H",
    "taker": 0,
    "plays": ["7S", "AS", "8D", "KS", "9C", "10S"],
}
RENONCE_SUMMARY: Final = (
    "Seat 2 discards 8D on a spade lead, then plays 10S: a renonce, proven by that play."
)
REPLAY: Final = {
    "classic": Operation(
        "Every trick, every proven renonce with its proof, and the score of a complete deal.",
        (
            "`plays` are the cards in the order played (0 to 32); who played each follows from "
            "the rules. A renonce is reported when proven: against `hands` when given, else by a "
            "card the player shows later. A complete deal is scored, its first renonce deciding."
        ),
        (Example("renonce", RENONCE_RECORD, RENONCE_SUMMARY),),
    ),
    "coinche": Operation(
        "A coinche deal replayed: its tricks, renonces, belotes and score.",
        (
            "Every trick under the contract's strain, every proven renonce with its proof "
            "(against `hands` when given, else by a card the player shows later), the belotes "
            "counted (held and, under `belote: announce`, announced), and the coinche score of a "
            "complete deal, its first renonce deciding. Every field is always there, `null` when "
            "unknown."
        ),
        (
            Example(
                "renonce_under_tout_atout",
                {
                    "dealer": 3,
                    "contract": {"taker": 0, "value": 120, "strain": "TA"},
                    "plays": ["JS", "7C", "9S", "10S", "8S", "AS"],
                    "rules": {"sa_ta": True},
                },
                (
                    "120TA: seat 1 discards 7C on the JS lead, then plays AS: a renonce, proven "
                    "by that later play."
                ),
            ),
        ),
    ),
}


class RenderRequestSchema(ReplayRequestSchema):
    """A replay's body, and whether to draw the deal's review."""

    review = StrictBoolean(
        load_default=False,
        metadata={
            "description": "Draw the deal's value graph under the tricks (the review of "
            "/v1/analysis/review: the takers' final card points under perfect play after each "
            "card, the contract's line, each labelled card) and each seat's figures. Needs "
            "`hands`.",
            "default": False,
        },
    )

    @ma.post_load
    def record(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return {**super().record(data, **kwargs), "review": data["review"]}


@blp.route("/v1/deals/render")
class RenderDeal(MethodView):
    @blp.doc(
        operationId="render_deal",
        description="The body of `/v1/deals/replay`, answered with a picture: the hands when "
        "given, the tricks as a grid (leader, each seat's card, winner, points), every renonce "
        "marked on its card and on the later play that proves it, with its sentence, and the "
        "score of a complete deal; with `review: true`, the deal's value graph under the "
        "tricks (an analysis: it takes one of the analysis slots, hence the 503). Sentences "
        "follow `Accept-Language`. A body that cannot be judged is a 422 problem, as for the "
        "replay (and a review without `hands` too).",
    )
    @example("renonce", RENONCE_RECORD, RENONCE_SUMMARY, answer_type=SVG)
    @judgement(blp, RenderRequestSchema, SVG)
    @busy(blp)
    def post(self, body: dict[str, Any]) -> Response:
        """A replayed deal as an SVG picture, for a dispute report or a chat message."""
        record, options = body["record"], body["options"]
        result = replay(record, options)
        reviewed = None
        if body["review"]:
            review = in_slot(lambda: review_deal(record, options, capped(REVIEW_BUDGET_MS)))
            reviewed = Reviewed(review, classic_needed(record, result, options))
        picture = deal_svg(record, result, request_language(), reviewed)
        headers = [*PICTURE_HEADERS.items(), *language_headers()]
        return Response(picture, content_type=f"{SVG}; charset=utf-8", headers=headers)


# --- dealing ---------------------------------------------------------------------------------


class SeedLength(validate.Length):
    """A seed's length, refused with its reason: a short seed could be guessed, and anyone who
    guesses it knows every hand. In the request's language (the schema still shows minLength
    and maxLength: it is a `Length`)."""

    def __init__(self) -> None:
        super().__init__(MIN_SEED_LENGTH, MAX_SEED_LENGTH)

    def _format_error(self, value: Sized, message: str) -> str:
        return str(text("request.seed_length", request_language())).format(
            min=self.min, max=self.max
        )


def seed_field() -> ma.fields.String:
    """The `seed` of a deal request (classic and coinche)."""
    return ma.fields.String(
        required=True,
        validate=SeedLength(),
        metadata={
            "description": f"Client text of {MIN_SEED_LENGTH} to {MAX_SEED_LENGTH} characters "
            "(long enough not to be guessed); the same seed always deals the same cards."
        },
    )


class DealRequestSchema(Schema):
    seed = seed_field()
    dealer = seat(required=True)


TAKER: Final = nullable(seat, "With a taker, the hands are completed to 8 cards.")
"""Classic's deal is in two rounds: the taker's seat completes it."""


FIRST_DEAL = sum(FIRST_PACKETS)  # cards each before the turned card
STOCK = DECK_SIZE - PLAYERS * FIRST_DEAL - 1


class DealSchema(Schema):
    algorithm = ma.fields.Constant(ALGORITHM, required=True)
    hands = ma.fields.List(
        card_list(FIRST_DEAL, HAND_SIZE, canonical=True),
        validate=validate.Length(equal=PLAYERS),
        required=True,
    )
    turned = CardField(canonical=True, required=True)
    stock = card_list(0, STOCK, canonical=True, required=True)


class CoincheDealSchema(Schema):
    algorithm = ma.fields.Constant(ALGORITHM, required=True)
    hands = ma.fields.List(
        card_list(HAND_SIZE, HAND_SIZE, canonical=True),
        validate=validate.Length(equal=PLAYERS),
        required=True,
        metadata={"description": "Each seat's 8 cards, dealt 3-2-3 from the dealer's next."},
    )


DEAL_ANSWERS: Final = {"classic": DealSchema, "coinche": CoincheDealSchema}
DEAL: Final = {
    "classic": Operation(
        "A reproducible deal: 5 cards each and the turned card, or 8 each with a taker.",
        (
            "The same seed always deals the same cards: `algorithm` names the shuffle "
            "(HMAC-SHA256 in counter mode feeding a Fisher-Yates) and its version, so anyone can "
            "re-derive it."
        ),
        (
            Example(
                "taken_by_seat_1",
                {"seed": "table 12, deal 7, 2026-11-29", "dealer": 3, "taker": 1},
                "The hands completed to 8 cards after seat 1 took the turned card.",
            ),
        ),
    ),
    "coinche": Operation(
        "A reproducible coinche deal: all 32 cards, 8 each, no turned card.",
        (
            "The same shuffle as /v1/deals/deal (named in `algorithm`), dealt in packets of 3, 2 "
            "and 3 from the dealer's next."
        ),
        (
            Example(
                "seeded",
                {"seed": "table 12, deal 7, 2026-11-29", "dealer": 3},
                "The same seed and dealer always give these hands.",
            ),
        ),
    ),
}


@for_each_variant
def register(api: VariantApi) -> None:
    """The deal's paths of `api`'s variant."""
    route = api.route(blp, "deals/score", "score_deal")
    operation = api.each(SCORE)

    @route.view
    class ScoreDeal(MethodView):
        @route.doc(operation)
        @judgement(route.blueprint, score_request(api), api.each(SCORED).score)
        def post(self, body: dict[str, Any]) -> ScoredDeal[Any]:
            return api.variant.score_deal(body["summary"], body["options"])

    route = api.route(blp, "deals/replay", "replay_deal", PLAY_TAG)
    operation = api.each(REPLAY)

    @route.view
    class ReplayDeal(MethodView):
        @route.doc(operation)
        @judgement(route.blueprint, api.record, api.each(REPLAY_ANSWERS))
        def post(self, body: dict[str, Any]) -> Replay[Any, Any]:
            result = api.variant.replay(body["record"], body["options"])
            count_renonces(len(result.renonces))
            return result

    route = api.route(blp, "deals/deal", "deal_cards")
    operation = api.each(DEAL)
    taker = {"taker": TAKER} if api.variant.name == "classic" else {}

    @route.view
    class DealCards(MethodView):
        @route.doc(operation)
        @judgement(
            route.blueprint,
            api.schema(DealRequestSchema, api.request, **taker),
            api.each(DEAL_ANSWERS),
        )
        def post(self, body: dict[str, Any]) -> Deal:
            return api.variant.deal(body["seed"], body["dealer"], body.get("taker"))
