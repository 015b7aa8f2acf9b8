"""POST /v1/analysis/solve and /v1/analysis/claim, and coinche's: perfect play with all four
hands known.

Written once for every variant (`variants.VARIANT_APIS`), both variants' paths on this
resource's blueprint (tag `analysis`): a variant's request is its replay's body (`api.record`)
with the shared parts, `Analysed` (and `Claimed` for a claim), first among the bases.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, Final, TypeVar

import marshmallow as ma
from flask.views import MethodView
from marshmallow import validate

from service.api.blueprint import Blueprint
from service.api.examples import Example
from service.api.fields import (
    BoundedList,
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
from service.api.limiter import capped, limited
from service.api.schemas import Schema
from service.api.variants import Operation, VariantApi, for_each_variant
from service.api.views import judgement
from service.rules.analysis.explain import ClaimRuling, explain_claim_in
from service.rules.analysis.policy import DEFAULT_BUDGET_MS, MAX_BUDGET_MS
from service.rules.analysis.questions import (
    BEST,
    CLAIM_MODES,
    Claim,
    ClaimVerdict,
    Solution,
    judge_claim_in,
    solve_in,
)
from service.rules.core.cards import DEAL_POINTS, DECK_SIZE, HAND_SIZE
from service.rules.core.replay import TRICKS
from service.rules.core.scoring import CONTRACTS
from service.rules.core.seats import PLAYERS


class Milliseconds(PlainFloat):
    """A duration in milliseconds."""


# The examples' position: a deal of seed "analysis example 1" (/v1/coinche/deals/deal, dealer
# 0) played in spades by seat 1, 3 tricks from the end, seat 2 to lead. Exact in milliseconds.
FIVE_TRICKS: Final = (
    ("QS", "9S", "AS", "JS"),
    ("AD", "8D", "7D", "JD"),
    ("10D", "9D", "7S", "QD"),
    ("AH", "QH", "JH", "7H"),
    ("AC", "7C", "10C", "QC"),
)
LATE_POSITION: Final = {
    "dealer": 0,
    "trump": "S",
    "taker": 1,
    "plays": [card for trick in FIVE_TRICKS for card in trick],
    "hands": [
        ["AD", "JH", "10D", "8S", "10C", "JS", "KD", "KS"],
        ["KH", "QS", "10S", "9D", "8H", "8D", "7H", "QC"],
        ["9C", "9H", "9S", "AH", "JC", "AC", "7S", "7D"],
        ["QD", "10H", "QH", "8C", "AS", "JD", "KC", "7C"],
    ],
}
# The same position in coinche: seat 1 bid 100 in spades, coinched by seat 2.
COINCHE_LATE_POSITION: Final = {
    **{key: value for key, value in LATE_POSITION.items() if key not in ("trump", "taker")},
    "contract": {"taker": 1, "value": 100, "strain": "S", "coinche": 1},
}
# The same hands in 120 tout-atout by seat 1, played from the first card (every suit in
# trump order: J, 9, A, 10, K, Q, 8, 7); seat 1 to lead to the last 3 tricks.
TOUT_ATOUT_POSITION: Final = {
    "dealer": 0,
    "contract": {"taker": 1, "value": 120, "strain": "TA"},
    "plays": [
        *("QC", "9C", "8C", "10C"),
        *("7D", "QD", "AD", "9D"),
        *("7H", "9H", "10H", "JH"),
        *("KS", "10S", "9S", "AS"),
        *("7S", "QH", "8S", "QS"),
    ],
    "hands": LATE_POSITION["hands"],
    "rules": {"sa_ta": True},
}
# What depends on the machine and the moment, not on the position: not compared in examples.
SEARCH_FIGURES: Final = ("nodes", "elapsed_ms")

blp = Blueprint(
    "analysis",
    __name__,
    description="Perfect play with all four hands known (double dummy): what the rest of a "
    "deal is worth, every card's value, one perfect line, and whether a claim holds.",
)


def budget_field(description: str) -> StrictInteger:
    """`budget_ms`, as every search takes it (an analysis, advice), with its `description`."""
    return StrictInteger(
        validate=validate.Range(1, MAX_BUDGET_MS),
        load_default=DEFAULT_BUDGET_MS,
        metadata={"description": description, "default": DEFAULT_BUDGET_MS},
    )


class Analysed(Schema):
    """What an analysis adds to a replay's body, classic or coinche: the hands required, and
    the search's time budget. Put it first among the bases, the replay's request schema after
    it: `api.schema(api.record, Analysed, name="AnalysisRequestSchema")`."""

    hands = BoundedList(
        card_list(HAND_SIZE, HAND_SIZE),
        validate=validate.Length(equal=PLAYERS),
        required=True,
        metadata={"description": "Each seat's 8 cards after the deal."},
    )
    budget_ms = budget_field("Milliseconds the search may take; past them it answers bounds.")

    @ma.post_load
    def record(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        replayed: dict[str, Any] = super().record(data, **kwargs)  # type: ignore[misc]
        return {**replayed, "budget_ms": capped(data["budget_ms"])}


class ClaimSchema(Schema):
    seat = seat(required=True, metadata={"description": "The claimant; the claim is its team's."})
    tricks = StrictInteger(
        validate=validate.Range(0, TRICKS),
        metadata={"description": "At least this many of the tricks not yet finished."},
    )
    rest = StrictBoolean(
        validate=validate.Equal(True),
        metadata={"description": "Every trick not yet finished (the current one included)."},
    )
    points = StrictInteger(
        validate=validate.Range(0, DEAL_POINTS),
        metadata={"description": "At least this many card points at the end of the deal."},
    )

    @ma.post_load
    def claim(self, data: dict[str, Any], **kwargs: Any) -> Claim:
        return Claim(data["seat"], data.get("tricks"), data.get("rest", False), data.get("points"))


class Claimed(Schema):
    """What a claim adds to an analysis's body, classic or coinche: the claim and its mode.
    First among the bases, as `Analysed`: `api.schema(analysed, Claimed, name=...)`."""

    claim = ma.fields.Nested(ClaimSchema, required=True)
    mode = ma.fields.String(
        validate=validate.OneOf(CLAIM_MODES),
        load_default=BEST,
        metadata={
            "description": "`best`: the claimant's team can force it whatever the opponents "
            "do; `any`: it holds however both sides play.",
            "default": BEST,
        },
    )

    @ma.post_load
    def record(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        analysed: dict[str, Any] = super().record(data, **kwargs)  # type: ignore[misc]
        return {**analysed, "claim": data["claim"], "mode": data["mode"]}


class OutcomeSchema(Schema):
    points = pair(
        StrictInteger(),
        required=True,
        metadata={
            "description": "Final points per team, dix de der in (162 in all): card points, "
            "or the team points the coinche replay counts (scaled under SA and TA when the "
            "options say `scaled`)."
        },
    )
    capot = team(
        required=True,
        allow_none=True,
        metadata={
            "description": "The team (0 or 1, not a count) that won every trick; null: none."
        },
    )
    contract = ma.fields.String(required=True, metadata={"enum": list(CONTRACTS)})
    score = pair(
        StrictInteger(),
        required=True,
        metadata={
            "description": "The deal's score per team, as the replay gives it "
            "(/v1/deals/replay, or /v1/coinche/deals/replay with its contract)."
        },
    )


class MoveSchema(Schema):
    card = CardField(canonical=True, required=True)
    value = ma.fields.Nested(
        OutcomeSchema,
        required=True,
        metadata={"description": "The finished deal when this card is played, then perfect play."},
    )
    loss = StrictInteger(
        required=True,
        metadata={
            "description": "Card points this card costs the mover's team against the best "
            "card (0 for the best); a lost capot costs (capot value - 162) / 2 more."
        },
    )


class SearchSchema(Schema):
    """What every analysis answer says of its search."""

    exact = StrictBoolean(required=True, metadata={"description": "false: the budget ran out."})
    nodes = StrictInteger(required=True, metadata={"description": "Positions searched."})
    elapsed_ms = Milliseconds(required=True)


class SolutionSchema(SearchSchema):
    to_move = seat(required=True, allow_none=True, metadata={"description": "null when over."})
    value = ma.fields.Nested(
        OutcomeSchema,
        required=True,
        allow_none=True,
        metadata={"description": "The finished deal under perfect play; null when not exact."},
    )
    moves = ma.fields.List(
        ma.fields.Nested(MoveSchema),
        required=True,
        metadata={"description": "Each legal card of the player to move, in hand order."},
    )
    line = card_list(
        0,
        DECK_SIZE,
        canonical=True,
        required=True,
        metadata={"description": "One perfect line of play from here to the end."},
    )
    bounds = pair(
        StrictInteger(),
        required=True,
        allow_none=True,
        metadata={"description": "When not exact: the takers' final card points lie in [lo, hi]."},
    )


class LinePlaySchema(Schema):
    seat = seat(required=True)
    card = CardField(canonical=True, required=True)
    trick = StrictInteger(
        required=True,
        metadata={"description": "The trick it is played to, from 0 (as a replay's renonces)."},
    )


VERDICT_FIELDS: Final = tuple(field.name for field in fields(ClaimVerdict))


class ClaimVerdictSchema(SearchSchema):
    """A claim's verdict (a rules `ClaimRuling`: the verdict, its reason, its line's seats)."""

    holds = StrictBoolean(
        required=True, allow_none=True, metadata={"description": "null: the budget ran out."}
    )
    tricks = StrictInteger(
        required=True,
        allow_none=True,
        metadata={"description": "Tricks not yet finished the team can guarantee in this mode."},
    )
    points = StrictInteger(
        required=True,
        allow_none=True,
        metadata={"description": "Final card points the team can guarantee in this mode."},
    )
    refutation = card_list(
        0,
        DECK_SIZE,
        canonical=True,
        required=True,
        allow_none=True,
        metadata={"description": "When the claim fails: a legal line to the end that defeats it."},
    )
    refutation_plays = ma.fields.List(
        ma.fields.Nested(LinePlaySchema),
        required=True,
        allow_none=True,
        metadata={"description": "The refutation's cards again, each with its seat and trick."},
    )
    message = MessageField(
        required=True,
        metadata={
            "description": "Why the claim holds or fails, in the request's language: the trick "
            "that defeats it (tricks counted from 1, as players count them) and what the team "
            "ends with along the refutation."
        },
    )

    @ma.pre_dump
    def ruling(self, ruling: ClaimRuling, **kwargs: Any) -> dict[str, Any]:
        verdict = {name: getattr(ruling.verdict, name) for name in VERDICT_FIELDS}
        return verdict | {
            "refutation_plays": ruling.refutation_plays,
            "message": ruling.reason.message,
        }


# The variants' requests, as their docstrings say them.
ANALYSED: Final = "A replay's body with the hands required, and the search's time budget."
CLAIMED: Final = "An analysis's body with a claim and its mode."
# Each variant's examples, summary and description of its operations.
SOLVE: Final = {
    "classic": (
        (
            (
                "three_tricks_left",
                LATE_POSITION,
                "The takers are down; seat 2 leads to the last 3 tricks: 9C is best, JC costs 2 "
                "card points, 9H costs 4. `nodes` and `elapsed_ms` vary with the machine.",
            ),
        ),
        "What perfect play gives from here: the value, every card's value, a perfect line.",
        "From the position after `plays`, with both sides playing perfectly: the takers "
        "maximise, the defenders minimise, the takers' card points minus the defenders' (a "
        "capot counts the capot value against 0). Answers the finished deal's points and "
        "score, each legal card's value and `loss` for the mover's team (in card points; "
        "losing a capot costs (capot value - 162) / 2 more), and one perfect line. Past "
        "`budget_ms` the answer is `exact: false` with `bounds`.",
    ),
    "coinche": (
        (
            (
                "three_tricks_left",
                COINCHE_LATE_POSITION,
                "100 in spades coinched, the takers down by 114 points with 3 tricks left: "
                "dedans whatever they play. `nodes` and `elapsed_ms` vary with the machine.",
            ),
            (
                "tout_atout",
                TOUT_ATOUT_POSITION,
                "120 in tout-atout, every suit in trump order: the takers are dedans whatever "
                "they play, and 8D is their best lead; KH and 8H give 22 more points to the "
                "defenders. `nodes` and `elapsed_ms` vary with the machine.",
            ),
        ),
        "What perfect play gives from here in a coinche deal: the value, every card's value, "
        "a perfect line.",
        "As /v1/analysis/solve, on a coinche deal under its contract's strain (a trump suit, "
        "SA or TA, with the strain's card order, points and obligations): the takers maximise "
        "their margin of the team points the coinche replay counts (scaled under SA and TA "
        "when the options say `scaled`), a capot counting the `capot` option's value; each "
        "outcome's `contract` and `score` are the coinche deal's, its coinche level and "
        "belotes included. Past `budget_ms` the answer is `exact: false` with `bounds` on the "
        "takers' final points.",
    ),
}
CLAIM: Final = {
    "classic": (
        (
            (
                "rest_refuted",
                {**LATE_POSITION, "claim": {"seat": 2, "rest": True}, "mode": "best"},
                "Seat 2 claims the last 3 tricks: the takers' 10S wins one whatever seat 2 "
                "does. `nodes` and `elapsed_ms` vary with the machine.",
            ),
            (
                "two_tricks_hold",
                {**LATE_POSITION, "claim": {"seat": 2, "tricks": 2}},
                "Seat 2 claims 2 of the last 3 tricks: the defenders can force them.",
            ),
        ),
        "Whether a claim holds, what the team can guarantee, and a refutation.",
        "A player shows the hand and claims the rest, some tricks, or some points for the "
        "team. Mode `best` (default): the claim holds if the team can force it with perfect "
        "play whatever the opponents do; `any`: it holds however both sides play (every "
        "remaining card a master). Answers what the team can guarantee in that mode and, when "
        "the claim fails, a line of legal play that defeats it, each card with its seat, and a "
        "sentence saying why it holds or fails.",
    ),
    "coinche": (
        (
            (
                "rest_refuted",
                {**COINCHE_LATE_POSITION, "claim": {"seat": 2, "rest": True}},
                "Seat 2 claims the last 3 tricks: the takers' 10S wins one whatever seat 2 "
                "does. `nodes` and `elapsed_ms` vary with the machine.",
            ),
        ),
        "Whether a claim holds in a coinche deal, what the team can guarantee, and a refutation.",
        "As /v1/analysis/claim, on a coinche deal under its contract's strain; a claim of "
        "points is of the team points the coinche replay counts.",
    ),
}


Answer = TypeVar("Answer", bound=Callable[[dict[str, Any]], Any])


def searching(
    api: VariantApi,
    own: Blueprint,
    resource: str,
    operation: str,
    texts: dict[str, Any],
    request: type[Schema],
    response: type[Schema],
) -> Callable[[Answer], Answer]:
    """Serve `answer(body)` (a search) as the POST of `api`'s path of `resource`, named
    `operation`, on `own` in every variant (the analyses' paths are all on their resource's
    blueprint): the body loaded by `request`, the result dumped by `response`, in an analysis
    slot (`limited`), with the variant's examples, summary and description from `texts`
    (by variant name: `((name, body, said), ...), summary, description`)."""
    route = api.route(own, resource, operation, shared=True)
    examples, summary, description = api.each(texts)
    shown = tuple(Example(*each, varying=SEARCH_FIGURES) for each in examples)

    def serve(answer: Answer) -> Answer:
        @route.view
        class Search(MethodView):
            @route.doc(Operation(summary, description, shown))
            @judgement(own, request, response)
            @limited(own)
            def post(self, body: dict[str, Any]) -> Any:
                return answer(body)

        return answer

    return serve


@for_each_variant
def register(api: VariantApi) -> None:
    """The analyses' paths of `api`'s variant."""
    analysed = api.schema(api.record, Analysed, name="AnalysisRequestSchema", __doc__=ANALYSED)
    claimed = api.schema(analysed, Claimed, name="ClaimRequestSchema", __doc__=CLAIMED)

    @searching(api, blp, "analysis/solve", "solve_deal", SOLVE, analysed, SolutionSchema)
    def solve_deal(body: dict[str, Any]) -> Solution:
        return solve_in(api.variant, body["record"], body["options"], body["budget_ms"])

    @searching(api, blp, "analysis/claim", "judge_claim", CLAIM, claimed, ClaimVerdictSchema)
    def judge_claim(body: dict[str, Any]) -> ClaimRuling:
        record, claim, options = body["record"], body["claim"], body["options"]
        mode, budget_ms = body["mode"], body["budget_ms"]
        verdict = judge_claim_in(api.variant, record, claim, mode, options, budget_ms)
        return explain_claim_in(api.variant, record, claim, verdict, mode, options)
