"""POST /v1/analysis/review and /v1/coinche/analysis/review: every card of a deal against
perfect play with all four hands known.

Written once for every variant (`variants.VARIANT_APIS`), both variants' paths on this
resource's blueprint (tag `review`), as the analyses (`analysis.searching`): a variant's
request is its replay's body (`api.record`) with `Reviewed` first among the bases, and its own
fields (classic's turned card, which the seat view reads).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Final

import marshmallow as ma
from marshmallow import validate

from service.api.advice import samples_field, seed_field
from service.api.analysis import (
    LATE_POSITION,
    TOUT_ATOUT_POSITION,
    Analysed,
    OutcomeSchema,
    SearchSchema,
    searching,
)
from service.api.bidding import calls_field, classic_bids_field
from service.api.blueprint import Blueprint
from service.api.deals import RenonceSchema
from service.api.fields import (
    CardField,
    MessageField,
    PlainFloat,
    StrictBoolean,
    StrictInteger,
    card_list,
    pair,
    seat,
    team,
)
from service.api.limiter import advice_threads
from service.api.schemas import Schema
from service.api.variants import VariantApi, for_each_variant
from service.rules.advice.policy import DOUBT_SHARE, NEAR_BEST
from service.rules.advice.seat_review import (
    SEAT_LABELS,
    SEAT_SEED,
    SeatReview,
    seat_review_in,
)
from service.rules.analysis.policy import (
    LABEL_THRESHOLDS,
    LABELS,
    REVIEW_BUDGET_MS,
    REVIEW_MAX_BUDGET_MS,
)
from service.rules.analysis.review import Review, review_in
from service.rules.core.cards import DECK_SIZE
from service.rules.core.seats import PLAYERS, TEAMS

blp = Blueprint(
    "review",
    __name__,
    description="A deal reviewed card by card against perfect play with all four hands known "
    "(double dummy): each card's loss, its label, the decisive cards, a precision per player.",
)

THRESHOLDS: Final = ", ".join(f"{label} from {least}" for label, least in LABEL_THRESHOLDS)
DOUBLE_DUMMY, SEAT = "double_dummy", "seat"
VIEWS: Final = (DOUBLE_DUMMY, SEAT)
# A field of the seat's view: null in a double-dummy review's answer, never omitted.
SEAT_ONLY: Final[dict[str, Any]] = {"required": True, "allow_none": True, "dump_default": None}


class Reviewed(Analysed):
    """What a review adds to a replay's body, classic or coinche: the hands required, the
    whole review's budget, and the first play reviewed. First among the bases, as
    `Analysed`: `api.schema(api.record, Reviewed, name="ReviewRequestSchema")`."""

    budget_ms = StrictInteger(
        validate=validate.Range(1, REVIEW_MAX_BUDGET_MS),
        load_default=REVIEW_BUDGET_MS,
        metadata={
            "description": "Milliseconds the whole review may take; past them the plays not "
            "yet settled answer bounds.",
            "default": REVIEW_BUDGET_MS,
        },
    )
    from_play = StrictInteger(
        validate=validate.Range(0, DECK_SIZE),
        load_default=0,
        metadata={
            "description": "The first play reviewed (index in `plays`); the plays before it "
            "are replayed, not judged.",
            "default": 0,
        },
    )

    view = ma.fields.String(
        validate=validate.OneOf(VIEWS),
        load_default=DOUBLE_DUMMY,
        metadata={
            "description": "`double_dummy` (the default): every card against perfect play with "
            "all four hands known. `seat`: each judged card also seen from its player's chair, "
            "over deals of the cards it could not see (`seat_loss`, `seat_best`, the label "
            "telling `unlucky` from a mistake, the guesses per player).",
            "default": DOUBLE_DUMMY,
        },
    )
    samples = samples_field(
        "With `view: seat`: deals of the unseen cards drawn per decision (all of them when "
        "fewer agree with what the seat knew)."
    )
    seed = seed_field(
        SEAT_SEED,
        "With `view: seat`: draws the deals; the same body with the same seed gives the same "
        "answer (when the budget lets every deal be valued).",
    )

    @ma.post_load
    def record(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        analysed: dict[str, Any] = super().record(data, **kwargs)
        seen = {"view": data["view"], "samples": data["samples"], "seed": data["seed"]}
        asked = {"turned": data.get("turned"), "calls": tuple(data.get("calls", ()))}
        return {**analysed, "first": data["from_play"], **seen, **asked}


# The variants' requests, as their docstrings say them.
REVIEWED: Final = "A replay's body with the hands required, the review's budget and its first play."
# Each variant's own fields of a review's body: classic's turned card (coinche turns none).
SEAT_CALLS: Final = (
    "With `view: seat`: the auction from the dealer's next, as {path} reads it, ending in the "
    "contract: each deal a seat could not tell apart weighs how likely these calls were with "
    "its hands. Without them, the shortest auction the contract implies{classic}."
)
REVIEW_FIELDS: Final[dict[str, dict[str, ma.fields.Field]]] = {
    "classic": {
        "turned": CardField(
            load_default=None,
            metadata={
                "description": "With `view: seat`: the turned card, which every seat saw go to "
                "the taker's hand, when known."
            },
        ),
        "calls": classic_bids_field(
            SEAT_CALLS.format(path="/v1/bidding", classic=" (with `turned`; none without it)")
        ),
    },
    "coinche": {"calls": calls_field(SEAT_CALLS.format(path="/v1/coinche/bidding", classic=""))},
}


def _bounds(description: str) -> ma.fields.Field:
    return pair(
        StrictInteger(),
        required=True,
        allow_none=True,
        metadata={"description": description},
    )


class PlayReviewSchema(Schema):
    play = StrictInteger(required=True, metadata={"description": "Its index in `plays`."})
    seat = seat(required=True)
    card = CardField(canonical=True, required=True)
    before = ma.fields.Nested(
        OutcomeSchema,
        required=True,
        allow_none=True,
        metadata={
            "description": "The finished deal under perfect play from the position before "
            "this card (the solve's `value`); null when not exact."
        },
    )
    best = card_list(
        0,
        8,
        canonical=True,
        required=True,
        metadata={
            "description": "The cards that keep `before`, in hand order; empty when not exact."
        },
    )
    after = ma.fields.Nested(
        OutcomeSchema,
        required=True,
        allow_none=True,
        metadata={
            "description": "The finished deal under perfect play once this card is played: the "
            "next play's `before`; null when not exact."
        },
    )
    loss = StrictInteger(
        required=True,
        allow_none=True,
        metadata={
            "description": "Card points this card gave away for the mover's team against its "
            "best card, as the solve's `loss` (0 for a best card; a capot counts (capot value "
            "- 162) / 2 more). A renonce loses every point `before` gave the team (the penalty "
            "takes them); after the deal's first renonce, 0. Null when not exact."
        },
    )
    stake = StrictInteger(
        required=True,
        allow_none=True,
        metadata={
            "description": "What the decision put at stake: the mover's best card's value less "
            "its worst's, in the same points (at least the loss of a renonce)."
        },
    )
    label = ma.fields.String(
        required=True,
        allow_none=True,
        metadata={
            "enum": list(SEAT_LABELS),
            "description": f"By loss: best for 0, {THRESHOLDS} points; `renonce` for a card "
            "that broke a play obligation. Null when not judged or not exact. With `view: "
            "seat`, the seat's: best for a double-dummy loss of 0, `unlucky` for a loss on a "
            f"card best or near best from the seat (seat loss under {NEAR_BEST}), else as "
            "above by the seat loss (`mistake`: a loss the seat could have avoided).",
        },
    )
    decisive = StrictBoolean(
        required=True,
        metadata={
            "description": "This card changed the deal's outcome from `before`: its contract "
            "(made, dedans, litige) or its capot, however small its loss."
        },
    )
    renonce = StrictBoolean(
        required=True, metadata={"description": "The card broke a play obligation."}
    )
    judged = StrictBoolean(
        required=True,
        metadata={
            "description": "false after the deal's first renonce, which decides the deal: the "
            "later cards change nothing (loss 0, no label, counted in no tally)."
        },
    )
    exact = StrictBoolean(
        required=True, metadata={"description": "false: the budget ran out before it."}
    )
    before_bounds = _bounds(
        "When not exact: the takers' final card points from the position before it lie in [lo, hi]."
    )
    after_bounds = _bounds(
        "When not exact: the takers' final card points from the position after it lie in [lo, hi]."
    )
    sentence = MessageField(
        "sentence",
        required=True,
        allow_none=True,
        metadata={
            "description": "What the card did, in the request's language, cards named in words: "
            "the points it lost against the best card, then, if decisive, the outcome before "
            "and after it; for the deal's first renonce what it was and what the penalty cost. "
            "Null for a card that lost nothing and changed nothing, and when not judged or not "
            "exact."
        },
    )
    # With view: seat (null otherwise).
    double_dummy_label = ma.fields.String(
        **SEAT_ONLY,
        metadata={
            "enum": list(LABELS),
            "description": "With `view: seat`: the label by the double-dummy `loss`; `label` is "
            "then the seat's.",
        },
    )
    seat_samples = StrictInteger(
        **SEAT_ONLY,
        metadata={
            "description": "With `view: seat`: the deals of the unseen cards valued for this "
            "card (1 when the seat had one legal card; 0: not seen from the seat: not judged, "
            "a renonce, or out of time)."
        },
    )
    seat_loss = PlainFloat(
        **SEAT_ONLY,
        metadata={
            "description": "With `view: seat`: the card's mean loss over those deals less the "
            "seat's best card's (2 decimals; null when not seen from the seat)."
        },
    )
    seat_stake = PlainFloat(
        **SEAT_ONLY,
        metadata={
            "description": "With `view: seat`: the worst legal card's mean loss there less the "
            "best's."
        },
    )
    seat_best = card_list(
        0,
        8,
        canonical=True,
        **SEAT_ONLY,
        metadata={"description": "With `view: seat`: the cards of least mean loss, in hand order."},
    )
    guess = StrictBoolean(
        **SEAT_ONLY,
        metadata={
            "description": f"With `view: seat`: no card was best in more than {DOUBT_SHARE:.0%} "
            "of the deals drawn: the seat had to guess."
        },
    )
    guess_chance = PlainFloat(
        **SEAT_ONLY,
        attribute="chance",
        metadata={
            "description": "On a guess: the share of the deals drawn where the card played was "
            "a best card (the chance the seat's view gave it to be the double-dummy best)."
        },
    )
    guess_hit = StrictBoolean(
        **SEAT_ONLY,
        attribute="hit",
        metadata={"description": "On a guess: the card played was the double-dummy best (loss 0)."},
    )


LabelCountsSchema = Schema.from_dict(
    {label: StrictInteger(required=True) for label in LABELS}, name="LabelCountsSchema"
)


class TallySchema(Schema):
    plays = StrictInteger(
        required=True,
        metadata={"description": "Its judged plays settled within the budget (the tally's)."},
    )
    loss = StrictInteger(required=True, metadata={"description": "Their total loss."})
    mean_loss = PlainFloat(required=True, metadata={"description": "Per play, 2 decimals."})
    stake = StrictInteger(required=True, metadata={"description": "Their total stake."})
    labels = ma.fields.Nested(
        LabelCountsSchema, required=True, metadata={"description": "How many of each label."}
    )
    precision = PlainFloat(
        required=True,
        metadata={
            "description": "100 x (1 - loss / stake), one decimal: each decision's share of "
            "what it put at stake kept, averaged with the stakes as weights. 100 for perfect "
            "play (and when nothing was at stake), 0 for the worst card at every decision; "
            "comparable between deals with little and much at stake."
        },
    )
    summary = MessageField(
        "summary",
        required=True,
        metadata={
            "description": "The tally in one line, in the request's language: cards judged, "
            "labels earned, points lost of those at stake, precision."
        },
    )

    # With view: seat (null otherwise).
    seat_loss = PlainFloat(
        **SEAT_ONLY,
        metadata={"description": "With `view: seat`: the seat losses of its cards seen, summed."},
    )
    seat_stake = PlainFloat(
        **SEAT_ONLY, metadata={"description": "With `view: seat`: their seat stakes."}
    )
    seat_precision = PlainFloat(
        **SEAT_ONLY,
        metadata={
            "description": "With `view: seat`: 100 x (1 - seat_loss / seat_stake), as "
            "`precision` but from the seat's view."
        },
    )
    guess_decisions = StrictInteger(
        **SEAT_ONLY,
        metadata={"description": "With `view: seat`: its guesses (decisions of real doubt)."},
    )
    guess_hits = StrictInteger(
        **SEAT_ONLY,
        metadata={
            "description": "With `view: seat`: the guesses where it played the "
            "double-dummy best card."
        },
    )
    guess_expected = PlainFloat(
        **SEAT_ONLY,
        metadata={
            "description": "With `view: seat`: the hits its view expected (the guesses' "
            "chances summed)."
        },
    )
    guess_variance = PlainFloat(
        **SEAT_ONLY,
        metadata={
            "description": "With `view: seat`: the spread of that count (each chance x "
            "(1 - chance), summed): z = (hits - expected) / sqrt(variance)."
        },
    )


class SeatTallySchema(TallySchema):
    seat = seat(required=True, attribute="side")


class TeamTallySchema(TallySchema):
    team = team(required=True, attribute="side")


class ReviewSchema(SearchSchema):
    plays = ma.fields.List(
        ma.fields.Nested(PlayReviewSchema),
        required=True,
        metadata={"description": "Each play from `from_play` on, in order."},
    )
    seats = ma.fields.List(
        ma.fields.Nested(SeatTallySchema),
        required=True,
        validate=validate.Length(equal=PLAYERS),
        metadata={"description": "Per seat, 0 to 3."},
    )
    teams = ma.fields.List(
        ma.fields.Nested(TeamTallySchema),
        required=True,
        validate=validate.Length(equal=TEAMS),
        metadata={"description": "Per team, 0 and 1."},
    )
    decisive = ma.fields.List(
        StrictInteger(),
        required=True,
        metadata={"description": "The decisive plays' indices."},
    )
    renonce = StrictInteger(
        required=True,
        allow_none=True,
        metadata={"description": "The deal's first renonce's play index; null: none."},
    )
    renonce_detail = ma.fields.Nested(
        RenonceSchema,
        required=True,
        allow_none=True,
        metadata={
            "description": "The deal's first renonce as the replay proves it (its trick, seat, "
            "card, the obligation it broke, the proof); null: none."
        },
    )
    renonce_sentence = MessageField(
        "renonce_sentence",
        required=True,
        allow_none=True,
        metadata={
            "description": "The deal's first renonce in words, in the request's language: the "
            "seat, the card, the trick (counted from 1), the obligation broken and the cards "
            "that had to be played; when its play was reviewed, the penalty's contract and "
            "score against best play's before it, and the points lost. Null: none."
        },
    )
    view = ma.fields.String(
        required=True,
        dump_default=DOUBLE_DUMMY,
        metadata={"enum": list(VIEWS), "description": "The view asked."},
    )
    seat_complete = StrictBoolean(
        **SEAT_ONLY,
        metadata={
            "description": "With `view: seat`: every judged card was seen from its seat within "
            "the budget."
        },
    )


# The examples: the last 3 tricks of the solve's example position, as they were played.
LAST_TRICKS: Final = ("9H", "10H", "8S", "8H", "KD", "10S", "9C", "KC", "KH", "JC", "8C", "KS")
REVIEW_EXAMPLE: Final = {
    **LATE_POSITION,
    "plays": [*LATE_POSITION["plays"], *LAST_TRICKS],
    "from_play": len(LATE_POSITION["plays"]),
}


# Each variant's examples, summary and description of the review.
REVIEW: Final = {
    "classic": (
        (
            (
                "last_three_tricks",
                REVIEW_EXAMPLE,
                "The last 3 tricks of the solve's example: seat 2 leads 9H where 9C was best. "
                "`nodes` and `elapsed_ms` vary with the machine.",
            ),
            (
                "seat_view",
                {**REVIEW_EXAMPLE, "view": "seat", "samples": 8},
                "The same tricks seen from the seats: 9H lost 4 points with every hand seen, but "
                "from seat 2's chair it was the best guess (`unlucky`). `nodes` and `elapsed_ms` "
                "vary with the machine.",
            ),
        ),
        "Every card of a deal against perfect play: losses, labels, precision per player.",
        "Every card from `from_play` on (default: the whole deal) against perfect play, as "
        "/v1/analysis/solve values positions: the value before and after each card, the cards "
        "that keep it, the card's loss for the mover's team, its label (best for 0, "
        f"{THRESHOLDS} points) and whether it changed the deal's outcome; then per seat and "
        "per team the plays, total and mean loss, the count per label and a precision (100 x "
        "(1 - loss / stake)). A renonce is flagged and decides the deal (RULES.md's penalty): "
        "it loses every point its team had, and the later cards are not judged. `budget_ms` "
        f"is for the whole review (default {REVIEW_BUDGET_MS}, at most "
        f"{REVIEW_MAX_BUDGET_MS}); past it the plays not yet settled are `exact: false` with "
        "bounds.",
    ),
    "coinche": (
        (
            (
                "tout_atout",
                {**TOUT_ATOUT_POSITION, "from_play": 12},
                "120 in tout-atout, reviewed from the fourth trick. `nodes` and `elapsed_ms` "
                "vary with the machine.",
            ),
        ),
        "Every card of a coinche deal against perfect play.",
        "As /v1/analysis/review, on a coinche deal under its contract's strain, in the team "
        "points the coinche replay counts.",
    ),
}


@for_each_variant
def register(api: VariantApi) -> None:
    """The review's path of `api`'s variant."""
    own = api.each(REVIEW_FIELDS)
    reviewed = api.schema(api.record, Reviewed, name="ReviewRequestSchema", __doc__=REVIEWED, **own)

    @searching(api, blp, "analysis/review", "review_deal", REVIEW, reviewed, ReviewSchema)
    def review_deal(body: dict[str, Any]) -> Review | dict[str, Any]:
        if body["view"] == SEAT:
            seen = seat_review_in(
                api.variant, *_seat_arguments(body), threads=advice_threads(), calls=body["calls"]
            )
            return seat_answer(seen)
        return review_in(
            api.variant, body["record"], body["options"], body["budget_ms"], body["first"]
        )


def _seat_arguments(body: dict[str, Any]) -> tuple[Any, ...]:
    """`seat_review_in`'s arguments after the variant (`turned`: None in coinche's body)."""
    return (
        body["record"],
        body["options"],
        body["budget_ms"],
        body["first"],
        body["samples"],
        body["seed"],
        body["turned"],
    )


def _fields(item: Any) -> dict[str, Any]:
    return {field.name: getattr(item, field.name) for field in fields(item)}


def seat_answer(seen: SeatReview) -> dict[str, Any]:
    """A review seen from the seats, as ReviewSchema dumps it: each play's and tally's fields
    (their sentences the double-dummy review's) and their seat view's beside them, `label`
    the seat's."""
    review = seen.review
    plays = [
        {
            **_fields(play),
            "sentence": play.sentence,
            "label": view.seat_label,
            "double_dummy_label": play.label,
            "seat_samples": view.samples,
            **{name: getattr(view, name) for name in SEAT_PLAY_FIELDS},
        }
        for play, view in zip(review.plays, seen.plays, strict=True)
    ]

    def tallies(sides: Any, seats: Any) -> list[dict[str, Any]]:
        return [
            {
                **_fields(side),
                "summary": side.summary,
                **{name: getattr(seat, name) for name in SEAT_TALLY_FIELDS},
            }
            for side, seat in zip(sides, seats, strict=True)
        ]

    return {
        **_fields(review),
        "renonce_sentence": review.renonce_sentence,
        "plays": plays,
        "seats": tallies(review.seats, seen.seats),
        "teams": tallies(review.teams, seen.teams),
        "view": SEAT,
        "seat_complete": seen.complete,
        "elapsed_ms": seen.elapsed_ms,
    }


SEAT_PLAY_FIELDS: Final = ("seat_loss", "seat_stake", "seat_best", "guess", "chance", "hit")
SEAT_TALLY_FIELDS: Final = (
    "seat_loss",
    "seat_stake",
    "seat_precision",
    "guess_decisions",
    "guess_hits",
    "guess_expected",
    "guess_variance",
)
