"""POST /v1/deals/replay, /v1/deals/score and /v1/deals/deal: a whole deal judged, scored or
dealt."""

from __future__ import annotations

from collections.abc import Sized
from typing import Any, Final

import marshmallow as ma
from flask import Response
from flask.views import MethodView
from marshmallow import validate

from service.api.blueprint import Blueprint
from service.api.examples import example
from service.api.fields import (
    BoundedList,
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
from service.api.options import RequestSchema
from service.api.replay_requests import MAX_TEAM_ANNONCES, ReplayRequestSchema
from service.api.schemas import AnnonceSchema, Schema, ViolationSchema
from service.api.views import judgement
from service.render import deal_svg
from service.render.review import Reviewed, classic_needed
from service.rules import (
    ALGORITHM,
    DEAL_POINTS,
    Deal,
    DealScore,
    DealSummary,
    Replay,
    deal,
    replay,
    score_deal,
    team_annonces,
)
from service.rules.analysis.policy import REVIEW_BUDGET_MS
from service.rules.analysis.review import review_deal
from service.rules.core.cards import DECK_SIZE, HAND_SIZE
from service.rules.core.dealing import MIN_SEED_LENGTH
from service.rules.core.scoring import CONTRACTS
from service.rules.core.table import PLAYERS
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


CARD_POINTS_WON = (
    "The card points this team won in its tricks, dix de der in, whatever the deal's outcome "
    "(`cards` is what it counts)."
)


class TeamScoreBaseSchema(Schema):
    """A team's deal score in either variant, as far as the variants agree: the team, what it
    counts for the tricks (`cards`, said by each variant), what it won, its belote (each
    variant says how much) and its annonces; each variant's adds its own parts, its rounding
    and its total."""

    team = team(required=True)
    cards = StrictInteger(required=True)
    card_points = StrictInteger(required=True, metadata={"description": CARD_POINTS_WON})
    belote = StrictInteger(required=True)
    annonces = StrictInteger(required=True, metadata={"description": "Annonce points counted."})


class TeamScoreSchema(TeamScoreBaseSchema):
    cards = StrictInteger(
        required=True,
        metadata={
            "description": "The card points this team counts, not those it won (`card_points`): "
            "its own when it keeps them; all 162 when the other team is dedans or commits the "
            "renonce; 0 when it loses them (dedans, its renonce, a litige's takers, whose points "
            "go to `reserve`, an annulled deal)."
        },
    )
    belote = StrictInteger(
        required=True, metadata={"description": "Belote points counted: 20 or 0."}
    )
    capot_bonus = StrictInteger(required=True)
    rounding = StrictInteger(required=True, metadata={"description": "Option `rounding`."})
    total = StrictInteger(required=True)


class AnnonceVerdictSchema(Schema):
    team = team(
        required=True,
        allow_none=True,
        metadata={"description": "The team whose annonces counted; null: none (or a tie)."},
    )
    points = pair(StrictInteger(), required=True, metadata={"description": "Counted, per team."})
    declared = pair(StrictInteger(), required=True, metadata={"description": "Declared."})


class DealScoreSchema(Schema):
    contract = ma.fields.String(required=True, metadata={"enum": list(CONTRACTS)})
    capot = or_null(team, "The team (0 or 1, not a count) that won all 8 tricks; null: none.")
    score = pair(StrictInteger(), required=True)
    reserve = StrictInteger(
        required=True, metadata={"description": "Points held in reserve by a litige."}
    )
    breakdown = pair(ma.fields.Nested(TeamScoreSchema), required=True)
    takers = team(required=True)
    annonces = or_null(
        ma.fields.Nested,
        "null unless rule option `annonces` is true.",
        nested=AnnonceVerdictSchema,
    )
    renonce = or_null(
        team,
        "The team (0 or 1: the offending team, not a count) whose renonce decided the deal; "
        "null: none.",
    )


class DealBodySchema(Schema):
    """A deal to score: points and what earns more than them."""

    taker = seat(required=True, metadata={"description": "The seat that took (team taker % 2)."})
    points = pair(
        StrictInteger(validate=validate.Range(0, DEAL_POINTS)),
        required=True,
        metadata={"description": "Card points with dix de der per team; they sum to 162."},
    )
    capot = nullable(team, "The team (0 or 1, not a count) that won all 8 tricks; null: none.")
    belote = nullable(
        team,
        "The team (0 or 1, not a count: 0 is team 0) whose belote-rebelote counts; null: none.",
    )
    annonces = pair(
        BoundedList(card_list(3, HAND_SIZE), validate=validate.Length(max=MAX_TEAM_ANNONCES)),
        load_default=((), ()),
        metadata={"description": "Each team's annonces, each given by its cards."},
    )
    trump = nullable(SuitField, "Needed to score annonces (their tie-break).")
    renonce = nullable(
        team, "The team (0 or 1, not a count) that committed the (first) renonce; null: none."
    )


def deal_summary(body: dict[str, Any], pointer: str = "") -> DealSummary:
    """The rules' DealSummary for a loaded DealBodySchema found at `pointer` in the request."""
    return DealSummary(
        taker=body["taker"],
        points=(body["points"][0], body["points"][1]),
        capot=body["capot"],
        belote=(int(body["belote"] == 0), int(body["belote"] == 1)),  # the team's: one belote
        annonces=team_annonces(body["annonces"], f"{pointer}/annonces"),
        trump=body["trump"],
        renonce=body["renonce"],
    )


class DealScoreRequestSchema(DealBodySchema, RequestSchema):
    @ma.post_load
    def summary(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return {"summary": deal_summary(data), "options": data["options"]}


@blp.route("/v1/deals/score")
class ScoreDeal(MethodView):
    @blp.doc(operationId="score_deal")
    @example(
        "made",
        {"taker": 0, "points": [102, 60], "capot": None, "belote": 0},
        "The takers made 102 of 162 with the belote: made.",
    )
    @judgement(blp, DealScoreRequestSchema, DealScoreSchema)
    def post(self, body: dict[str, Any]) -> DealScore:
        """Made, dedans or litige, capot, and each team's score with its breakdown.

        `points` are each team's card points with the dix de der; they sum to 162 (else 422).
        The takers (team `taker % 2`) make their contract with more points than the
        defenders, belote and annonces counted; at equal totals it is a litige."""
        return score_deal(body["summary"], body["options"])


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


RENONCE_RECORD: Final = {
    "dealer": 3,
    "trump": "H",
    "taker": 0,
    "plays": ["7S", "AS", "8D", "KS", "9C", "10S"],
}
RENONCE_SUMMARY: Final = (
    "Seat 2 discards 8D on a spade lead, then plays 10S: a renonce, proven by that play."
)


@blp.route("/v1/deals/replay")
class ReplayDeal(MethodView):
    @blp.doc(operationId="replay_deal")
    @example("renonce", RENONCE_RECORD, RENONCE_SUMMARY)
    @judgement(blp, ReplayRequestSchema, ReplaySchema)
    def post(self, body: dict[str, Any]) -> Replay:
        """Every trick, every proven renonce with its proof, and the score of a complete deal.

        `plays` are the cards in the order played (0 to 32); who played each follows from the
        rules. A renonce is reported when proven: against `hands` when given, else by a card
        the player shows later. A complete deal is scored, its first renonce deciding."""
        result = replay(body["record"], body["options"])
        count_renonces(len(result.renonces))
        return result


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


class DealRequestSchema(RequestSchema):
    seed = seed_field()
    dealer = seat(required=True)
    taker = nullable(seat, "With a taker, the hands are completed to 8 cards.")


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


@blp.route("/v1/deals/deal")
class DealCards(MethodView):
    @blp.doc(operationId="deal_cards")
    @example(
        "taken_by_seat_1",
        {"seed": "table 12, deal 7, 2026-11-29", "dealer": 3, "taker": 1},
        "The hands completed to 8 cards after seat 1 took the turned card.",
    )
    @judgement(blp, DealRequestSchema, DealSchema)
    def post(self, body: dict[str, Any]) -> Deal:
        """A reproducible deal: 5 cards each and the turned card, or 8 each with a taker.

        The same seed always deals the same cards: `algorithm` names the shuffle (HMAC-SHA256
        in counter mode feeding a Fisher-Yates) and its version, so anyone can re-derive it."""
        return deal(body["seed"], body["dealer"], body["taker"])
