"""POST /v1/analysis/solve, /v1/analysis/claim and /v1/analysis/dd-table, and coinche's:
perfect play with all four hands known.

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
from service.api.limiter import advice_threads, capped, limited
from service.api.schemas import Schema
from service.api.strains import ContractAnswerSchema, ContractValueField, StrainField
from service.api.variants import Operation, VariantApi, for_each_variant
from service.api.views import judgement
from service.rules.analysis.dd_table import DoubleDummyTable, dd_table_in
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
from service.rules.variants.coinche.options import CAPOT


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
    "deal is worth, every card's value, one perfect line, whether a claim holds, and a "
    "deal's double-dummy table with its par.",
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


class DoubleDummyRequest(Schema):
    """A deal to tabulate: its four hands, its dealer, and the searches' time budget. Put the
    variant's request (its `rules`) first among the bases: `api.schema(DoubleDummyRequest,
    api.request, name="DoubleDummyTableRequestSchema")`."""

    hands = BoundedList(
        card_list(HAND_SIZE, HAND_SIZE),
        validate=validate.Length(equal=PLAYERS),
        required=True,
        metadata={"description": "Each seat's 8 cards after the deal."},
    )
    dealer = seat(
        required=True,
        metadata={"description": "The dealer: the seat after it leads the first trick."},
    )
    budget_ms = budget_field(
        "Milliseconds the whole table may take (every strain's searches); past them the "
        "strains not settled are `exact: false` with `bounds`."
    )

    @ma.post_load
    def table(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        hands = tuple(tuple(hand) for hand in data["hands"])
        return {**data, "hands": hands, "budget_ms": capped(data["budget_ms"])}


class DoubleDummyTakersSchema(Schema):
    """What a team makes as takers in a strain, the deal played as the row says."""

    team = team(required=True)
    value = ContractValueField(
        required=True,
        allow_none=True,
        metadata={
            "description": "Coinche: the highest bid the team makes (`capot` when it takes "
            "every trick), or 80 when it makes none; classic: null (a take has no value).",
            "oneOf": [{"type": "integer"}, {"type": "string", "enum": [CAPOT]}, {"type": "null"}],
        },
    )
    contract = ma.fields.String(
        required=True,
        metadata={
            "enum": list(CONTRACTS),
            "description": "That contract's outcome: `made`, or `dedans` (or `litige`) when "
            "the team makes none.",
        },
    )
    score = pair(
        StrictInteger(),
        required=True,
        metadata={
            "description": "The deal's score per team, uncoinched, as the variant scores it."
        },
    )


class DoubleDummyRowSchema(Schema):
    """One strain of the table: perfect play from the dealer's next's lead."""

    strain = StrainField(canonical=True, required=True)
    points = pair(
        StrictInteger(),
        required=True,
        allow_none=True,
        metadata={
            "description": "Each team's final points with perfect play, dix de der in (162 in "
            "all; coinche's scaled under SA and TA when the options say `scaled`), belote "
            "apart; null when not settled."
        },
    )
    capot = team(
        required=True,
        allow_none=True,
        metadata={"description": "The team that takes every trick; null: none (or not settled)."},
    )
    tricks = pair(
        StrictInteger(),
        required=True,
        allow_none=True,
        metadata={
            "description": "The most tricks each team can force (perfect play for tricks, as "
            "DDS counts them; they add up to 8); null when not settled."
        },
    )
    belote = pair(
        StrictInteger(),
        required=True,
        metadata={
            "description": "Each team's belotes of the strain (king and queen in one hand, "
            "announced: 20 points each, counted in the scores, not in `points`)."
        },
    )
    contracts = ma.fields.List(
        ma.fields.Nested(DoubleDummyTakersSchema),
        required=True,
        allow_none=True,
        metadata={"description": "Per team, what it makes as takers; null when not settled."},
    )
    bounds = ma.fields.List(
        pair(StrictInteger()),
        required=True,
        allow_none=True,
        metadata={
            "description": "When the points are not settled: per team, `[lo, hi]` its final "
            "points lie in; null when they are."
        },
    )
    exact = StrictBoolean(
        required=True, metadata={"description": "false: the budget ran out on this strain."}
    )


class DoubleDummyParSchema(Schema):
    """The par: the contract both teams reach bidding with every card seen."""

    contract = ma.fields.Nested(
        ContractAnswerSchema,
        required=True,
        allow_none=True,
        metadata={
            "description": "The par contract, uncoinched, taken by its team's first seat after "
            "the dealer; null when no team makes even 80 (passed out)."
        },
    )
    score = pair(
        StrictInteger(),
        required=True,
        metadata={
            "description": "The deal's score per team with the par contract (0, 0 passed out)."
        },
    )


class DoubleDummyTableSchema(Schema):
    """A deal's double-dummy table (a rules `DoubleDummyTable`)."""

    leader = seat(
        required=True, metadata={"description": "The seat that leads: the dealer's next."}
    )
    strains = ma.fields.List(
        ma.fields.Nested(DoubleDummyRowSchema),
        required=True,
        metadata={"description": "A row per strain the rules allow, in the auction's order."},
    )
    par = ma.fields.Nested(
        DoubleDummyParSchema,
        required=True,
        allow_none=True,
        metadata={
            "description": "Coinche's par; null in classic (its take has no value to outbid "
            "with) and when a strain's points are not settled."
        },
    )
    exact = StrictBoolean(
        required=True, metadata={"description": "false: the budget ran out on some strain."}
    )
    nodes = StrictInteger(required=True, metadata={"description": "Positions searched."})
    elapsed_ms = Milliseconds(required=True)


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

# The solve's deal (seed "analysis example 1"), tabulated before its first card.
DEALT: Final = {"dealer": 0, "hands": LATE_POSITION["hands"]}
DD_TABLE: Final = {
    "classic": (
        (
            (
                "a_deal",
                DEALT,
                "Seat 1 leads. Team 0 makes spades (148 points, 7 tricks), hearts and clubs as "
                "takers; team 1 makes diamonds (91 points). `nodes` and `elapsed_ms` vary with "
                "the machine.",
            ),
        ),
        "What each team makes in each suit with perfect play: a double-dummy table.",
        "For the deal of `hands` dealt by `dealer`, as bridge's DDS and BBO's handviewer "
        "tabulate it: per suit as trump, with perfect play by both teams from the lead of the "
        "dealer's next (in belote the dealer fixes the lead, not the taker), each team's final "
        "points (dix de der in, 162 in all; belote counted apart, in `belote`), the team that "
        "takes every trick if one can force it, the most tricks each team can force, and per "
        "team what it makes as takers (`contracts`: the take's outcome, made or dedans or "
        "litige, and the deal's score, every belote held announced, every annonce held "
        "declared). Classic has no `par`: its first take ends the bidding, on the turned "
        "card's suit in the first round. One search of the points and one of the tricks per "
        "suit; past `budget_ms` a suit not settled is `exact: false`, with `bounds` on each "
        "team's points.",
    ),
    "coinche": (
        (
            (
                "a_deal",
                {**DEALT, "rules": {"sa_ta": True}},
                "Team 0 makes 140 in spades (148 points) and 140 in clubs: the par is 140 in "
                "spades by seat 2, the first of team 0 to speak, for 290 to 10; team 1 makes "
                "90 in diamonds. `nodes` and `elapsed_ms` vary with the machine.",
            ),
        ),
        "What each team makes in each strain with perfect play, and the par contract.",
        "As /v1/analysis/dd-table, per strain the coinche options allow (the suits, and SA "
        "and TA with `sa_ta`), in the team points the coinche replay counts. Each team's "
        "`contracts` entry is the highest bid it makes as takers (the auction's values, 80 to "
        "`max_bid` by tens by default, `capot` when it takes every trick), uncoinched, or the "
        "lowest bid with its outcome when it makes none. `par`: the contract both teams "
        "reach bidding with every card seen, each for its best score: the team that makes "
        "the highest contract (on a tie, the team of the dealer's next, which speaks first) "
        "plays, of its contracts the other team cannot outbid, the one with its best margin, "
        "uncoinched (a contract made is never coinched; a higher one the other team goes "
        "dedans in, coinched, never scores it more); null when a strain's points are not "
        "settled; `contract` null when no team makes the lowest bid.",
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

    tabled = api.schema(DoubleDummyRequest, api.request, name="DoubleDummyTableRequestSchema")

    @searching(
        api,
        blp,
        "analysis/dd-table",
        "double_dummy_table",
        DD_TABLE,
        tabled,
        DoubleDummyTableSchema,
    )
    def double_dummy_table(body: dict[str, Any]) -> DoubleDummyTable:
        hands, dealer, options = body["hands"], body["dealer"], body["options"]
        threads = advice_threads()
        return dd_table_in(api.variant, hands, dealer, options, body["budget_ms"], threads)
