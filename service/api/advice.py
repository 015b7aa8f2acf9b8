"""POST /v1/advice/play, /v1/coinche/advice/play, /v1/advice/take and /v1/coinche/advice/bid:
advice from one seat's view (its own cards and what the table has seen), by Monte Carlo over
perfect play."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import marshmallow as ma
from flask.views import MethodView
from marshmallow import validate

from service.api.analysis import FIVE_TRICKS, LATE_POSITION, budget_field, capped
from service.api.bidding import CALLS_READ, EVERY_CALL, AuctionRequestSchema, calls_field
from service.api.blueprint import Blueprint
from service.api.examples import Example, example
from service.api.fields import (
    BoundedList,
    CardField,
    StrictBoolean,
    StrictFloat,
    StrictInteger,
    card_list,
    seat,
)
from service.api.i18n import request_language
from service.api.limiter import advice_threads, busy, in_slot, limited
from service.api.options import RequestSchema
from service.api.replay_requests import CoincheReplayRequestSchema, ReplayRequestSchema
from service.api.schemas import Schema
from service.api.variants import Operation, VariantApi, for_each_variant
from service.api.views import judgement
from service.rules.advice.advise import (
    DEFAULT_OBJECTIVE,
    DEFAULT_SEED,
    OBJECTIVES,
    TAKE_HAND_SIZE,
    Advice,
    CardQuestion,
    TakeAdvice,
    Z,
    advise_take,
    card_question,
)
from service.rules.advice.bid import advise_bid
from service.rules.advice.inference import DEFAULT_INFERENCE, INFERENCES
from service.rules.advice.policy import (
    BID_LEVELS,
    CANDIDATES,
    CARD_LEVELS,
    DEFAULT_CALL_INFERENCE,
    DEFAULT_COINCHE_RISK,
    DEFAULT_LEVEL,
    DEFAULT_PLAY,
    DEFAULT_SAMPLES,
    FAST,
    INTERVAL_LEVEL,
    LEVELS,
    MAX_SAMPLES,
    PLAYS,
    STRONG,
)
from service.rules.core.cards import HAND_SIZE, SUIT_CODES
from service.rules.variants.classic.bidding import PASS, TAKE
from service.text.catalog import text

MAX_SEED_LENGTH: Final = 200

blp = Blueprint(
    "advice",
    __name__,
    description="Advice from one seat's view, its own cards and what the table has seen: "
    "the card to play and whether to take, by Monte Carlo over perfect play (the unseen "
    "cards dealt many times as the record allows, each deal solved exactly).",
)


class Figure(ma.fields.Float):
    """A mean or a share, dumped as it is (a float, or null)."""

    def dump_converter(self) -> Callable[[Any], Any]:
        return lambda value: value


SAMPLES_TEXT: Final = (
    "Deals of the unseen cards to solve (all of them when fewer agree with the record)."
)
SEED_TEXT: Final = (
    "Draws the deals: the same body with the same seed gives the same answer (when the "
    "budget lets every deal be solved)."
)


def samples_field(description: str = SAMPLES_TEXT) -> StrictInteger:
    """How many deals of the unseen cards (the advice's, and the review's from the seat)."""
    return StrictInteger(
        validate=validate.Range(1, MAX_SAMPLES),
        load_default=DEFAULT_SAMPLES,
        metadata={"description": description, "default": DEFAULT_SAMPLES},
    )


def seed_field(default: str = DEFAULT_SEED, description: str = SEED_TEXT) -> ma.fields.String:
    """What draws those deals."""
    return ma.fields.String(
        validate=validate.Length(max=MAX_SEED_LENGTH),
        load_default=default,
        metadata={"description": description, "default": default},
    )


_BUDGET = "Milliseconds the advice may take; past them it answers from the deals solved so far."


def _inference(calls: str, default: str = DEFAULT_INFERENCE, how: str = "") -> ma.fields.String:
    return ma.fields.String(
        validate=validate.OneOf(INFERENCES),
        load_default=default,
        metadata={
            "description": f"`calls`: each deal drawn is weighted by how likely {calls} were "
            "with its hands (a cheap model of how players bid: trump strength, aces, tens, "
            f"belote, a partner's support){how}; `none`: every deal alike.",
            "default": default,
        },
    )


def level_field(what: str) -> ma.fields.String:
    """How hard the advice thinks: `fast`, `default` or `strong` (GET /v1/rules `advice`)."""
    return ma.fields.String(
        validate=validate.OneOf(LEVELS),
        load_default=DEFAULT_LEVEL,
        metadata={"description": what, "default": DEFAULT_LEVEL},
    )


BID_LEVEL_TEXT: Final = (
    "How each deal drawn is valued: `fast` and `default` estimate what perfect play gives in "
    "each suit from the four hands (a model fitted to the solver's own answers, its error "
    "allowed for; sans-atout and tout-atout still searched), over "
    f"{BID_LEVELS[FAST].samples} and {BID_LEVELS[DEFAULT_LEVEL].samples} deals; `strong` "
    f"searches every deal by perfect play, over {BID_LEVELS[STRONG].samples} (some 3 ms a "
    "deal and strain: hundreds of milliseconds a call)."
)


def bid_samples_field() -> StrictInteger:
    """How many deals the bid advice values: by default the level's."""
    return StrictInteger(
        validate=validate.Range(1, MAX_SAMPLES),
        metadata={"description": "Deals of the unseen cards to value; by default the `level`'s."},
    )


# Why a body with `hands` is refused (`Advised.load`), in place of marshmallow's "Unknown field.".
NO_HANDS: Final = "request.advice_hands"
UNKNOWN_FIELD: Final = "Unknown field."


class Advised(Schema):
    """What advice adds to a replay's body (without its hands), classic or coinche: who asks
    and its cards now, and how many deals to solve. First among the bases, the replay's
    request schema after it, whose `hands` the concrete schema excludes."""

    SOLVE_PATH: Final = "/v1/analysis/solve"

    def load(self, data: Any, **kwargs: Any) -> Any:
        try:
            return super().load(data, **kwargs)
        except ma.ValidationError as error:
            messages = error.messages
            if isinstance(messages, dict) and messages.get("hands") == [UNKNOWN_FIELD]:
                said = str(text(NO_HANDS, request_language())).format(solve=self.SOLVE_PATH)
                messages["hands"] = [said]
            raise

    seat = seat(required=True, metadata={"description": "Who asks: the seat to play."})
    hand = card_list(
        1,
        HAND_SIZE,
        required=True,
        metadata={"description": "The asking seat's cards now (8 less those it played)."},
    )
    samples = StrictInteger(
        validate=validate.Range(1, MAX_SAMPLES),
        metadata={"description": f"{SAMPLES_TEXT} By default the `level`'s."},
    )
    level = ma.fields.String(
        validate=validate.OneOf(tuple(CARD_LEVELS)),
        load_default=DEFAULT_LEVEL,
        metadata={
            "description": "How many deals the card is chosen over: `default`, "
            f"{CARD_LEVELS[DEFAULT_LEVEL][0]} in the first trick (where a deal's search costs "
            f"the most) and {CARD_LEVELS[DEFAULT_LEVEL][1]} after it; `fast`, "
            f"{CARD_LEVELS[FAST][1]} everywhere (some ten times cheaper, a little weaker: "
            "docs/benchmarks.md). `samples`, when given, is the deals whatever the level.",
            "default": DEFAULT_LEVEL,
        },
    )
    seed = seed_field()
    budget_ms = budget_field(_BUDGET)
    objective = ma.fields.String(
        validate=validate.OneOf(OBJECTIVES),
        load_default=DEFAULT_OBJECTIVE,
        metadata={
            "description": "What the card is chosen by: `score`, the deal's score under the "
            "contract (the best mean margin of the asking team's score over the other's, "
            "then the least mean loss of card points), or `points`, the card points alone "
            "(the least mean loss).",
            "default": DEFAULT_OBJECTIVE,
        },
    )
    figures_when_forced = StrictBoolean(
        load_default=True,
        metadata={
            "description": "Whether a seat with one legal card (`forced` in the answer) still "
            "gets that card's figures over the deals. `false`, for a seat a program plays: the "
            "card comes at once, with no deal solved (`samples` 0) and `moves` empty.",
            "default": True,
        },
    )

    @ma.post_load
    def record(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        replayed: dict[str, Any] = super().record(  # type: ignore[misc]
            {**data, "hands": None}, **kwargs
        )
        return {
            **replayed,
            "seat": data["seat"],
            "hand": tuple(data["hand"]),
            "samples": data.get("samples"),
            "level": data["level"],
            "seed": data["seed"],
            "budget_ms": capped(data["budget_ms"]),
            "objective": data["objective"],
            "figures_when_forced": data["figures_when_forced"],
        }


class AdvicePlayRequestSchema(Advised, ReplayRequestSchema):
    """A replay's body without the hands, with the asking seat, its hand and the turned card."""

    class Meta:
        exclude = ("hands",)

    turned = CardField(
        load_default=None,
        metadata={"description": "The turned card, the taker's from the deal on, when known."},
    )

    @ma.post_load
    def record(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        advised: dict[str, Any] = super().record(data, **kwargs)
        return {**advised, "turned": data["turned"]}


class CoincheAdvicePlayRequestSchema(Advised, CoincheReplayRequestSchema):
    """A coinche replay's body without the hands, with the asking seat and its hand, and
    the auction that made the contract when known."""

    SOLVE_PATH: Final = "/v1/coinche/analysis/solve"

    class Meta:
        exclude = ("trump", "taker", "hands")

    bids = calls_field(
        f"The auction that made the contract (optional; it must end in `contract`). {CALLS_READ}"
    )
    inference = _inference("the other seats' calls in `bids`")

    @ma.post_load
    def record(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        advised: dict[str, Any] = super().record(data, **kwargs)
        return {**advised, "bids": tuple(data["bids"]), "inference": data["inference"]}


class CardAdviceSchema(Schema):
    card = CardField(canonical=True, required=True)
    points = Figure(
        required=True,
        metadata={
            "description": "Mean final points of the asking seat's team, dix de der in, when "
            "this card is played and every seat then plays perfectly."
        },
    )
    loss = Figure(
        required=True,
        metadata={
            "description": "Mean of what this card costs the asking team against the best "
            "card of each deal (as a solve's `loss`: a lost capot costs more)."
        },
    )
    best_share = Figure(required=True, metadata={"description": "Share of deals where it is best."})
    made_share = Figure(
        required=True, metadata={"description": "Share of deals where the contract is made."}
    )
    score = Figure(
        required=True,
        metadata={
            "description": "Mean deal score of the asking seat's team (as the deal's scoring "
            "counts it under the contract) when this card is played and every seat then plays "
            "perfectly."
        },
    )
    margin = Figure(
        required=True,
        metadata={"description": "Mean of that score less the other team's deal score."},
    )


class AdviceSchema(Schema):
    seat = seat(required=True)
    card = CardField(
        canonical=True,
        required=True,
        allow_none=True,
        metadata={
            "description": "The card to play: under the `score` objective the best mean "
            "`margin`, then (and alone under `points`) the least mean loss, then the most "
            "often best, then the first in hand order; null when the budget solved no deal "
            "and the seat has a choice (a forced card is given whatever the budget)."
        },
    )
    moves = ma.fields.List(
        ma.fields.Nested(CardAdviceSchema),
        required=True,
        metadata={"description": "Each legal card, in hand order (empty when no deal solved)."},
    )
    forced = StrictBoolean(
        required=True,
        metadata={
            "description": "The seat has one legal card: it is `card`, whatever the deal (asked "
            "with `figures_when_forced` false, no deal is solved for it)."
        },
    )
    samples = StrictInteger(required=True, metadata={"description": "Deals solved."})
    level = ma.fields.String(
        required=True,
        metadata={"enum": list(CARD_LEVELS), "description": "The level the card was chosen at."},
    )
    deals = StrictInteger(
        required=True, metadata={"description": "Deals of the unseen cards the record allows."}
    )
    exact = StrictBoolean(
        required=True,
        metadata={
            "description": "The unseen cards are determined (one deal): the advice is the "
            "perfect-play answer."
        },
    )
    objective = ma.fields.String(
        required=True, metadata={"description": "What the card was chosen by."}
    )
    elapsed_ms = Figure(required=True)
    assumed_renonces = ma.fields.List(
        StrictInteger(),
        required=True,
        attribute="assumed",
        metadata={
            "description": "The plays (indices in `plays`) the advice took for renonces not "
            "yet proven: a card left standing as a renonce shows a void its player does not "
            "have, and no deal agrees with the record unless some plays are renonces. The "
            "fewest such plays are taken (the first ones in order); empty when none is needed."
        },
    )


def _late_advice(**extra: Any) -> dict[str, Any]:
    """The analysis examples' position (seat 2 to lead to the last 3 tricks), from seat 2's
    view: its 3 cards left, the other hands unknown."""
    played = {card for trick in FIVE_TRICKS for card in trick}
    held = [card for card in LATE_POSITION["hands"][2] if card not in played]
    shown = {key: value for key, value in LATE_POSITION.items() if key != "hands"}
    return {**shown, "seat": 2, "hand": held, **extra}


ADVICE_FIGURES: Final = ("elapsed_ms",)


def answered(question: CardQuestion, body: dict[str, Any]) -> Advice:
    """The card question answered: judged on the request's thread (a body that cannot be
    judged is a 422 whatever the slots), then a forced card whose figures are not asked at
    once (as cheap as a replay: no slot, never a 503), else the deals valued in an analysis
    slot, on the app's `ADVICE_THREADS`."""
    level = body["level"]
    if question.forced and not body["figures_when_forced"]:
        return question.at_once(level)
    threads = advice_threads()
    samples, seed, budget_ms = body.get("samples"), body["seed"], body["budget_ms"]
    return in_slot(lambda: question.answer(samples, seed, budget_ms, threads, level))


PLAY_REQUESTS: Final = {
    "classic": AdvicePlayRequestSchema,
    "coinche": CoincheAdvicePlayRequestSchema,
}
PLAY: Final = {
    "classic": Operation(
        "The card to play from one seat's view.",
        "The card for the seat to play, from its view only: the unseen cards are dealt again "
        "and again (uniformly among the deals that agree with every public fact: the cards "
        "played, the voids a play revealed unless it is a proven renonce, the turned card in "
        "the taker's hand, an announced belote, declared annonces, hand sizes), each deal is "
        "solved exactly with every legal card valued, and each card's figures are averaged "
        "over the deals. `exact` when the unseen cards are determined. Each deal's search "
        "assumes every seat sees every card from the next one on (strategy fusion): the "
        "advice is a good guess, not perfect play. A seat with one legal card is told so "
        "(`forced`); asked with `figures_when_forced` false, that card is answered at once, "
        "without an analysis slot (never a 503).",
        (
            Example(
                "three_tricks_left",
                _late_advice(samples=8, seed="example"),
                "Seat 2 leads to the last 3 tricks, the others' cards unknown: 1,680 deals of "
                "them agree with the record; 8 are solved, and 9H is best in every one. "
                "`elapsed_ms` varies with the machine.",
                varying=ADVICE_FIGURES,
            ),
        ),
    ),
    "coinche": Operation(
        "The card to play from one seat's view, in a coinche deal.",
        "As /v1/advice/play, on a coinche deal under its contract's strain; an announced "
        "belote of the strain puts its king and queen with its seat.",
        (
            Example(
                "three_tricks_left",
                {
                    **{k: v for k, v in _late_advice().items() if k not in ("trump", "taker")},
                    "contract": {"taker": 1, "value": 100, "strain": "S", "coinche": 1},
                },
                "The same position, 100 in spades coinched. `elapsed_ms` varies with the machine.",
                varying=ADVICE_FIGURES,
            ),
        ),
    ),
}


@for_each_variant
def register(api: VariantApi) -> None:
    """The card advice's path of `api`'s variant (the calls' advice is each variant's own:
    classic's take, coinche's bid, below)."""
    route = api.route(blp, "advice/play", "advise_play", shared=True)

    @route.view
    class AdvisePlay(MethodView):
        @route.doc(api.each(PLAY))
        @judgement(route.blueprint, api.each(PLAY_REQUESTS), AdviceSchema)
        @busy(route.blueprint)
        def post(self, body: dict[str, Any]) -> Advice:
            question = card_question(
                api.variant,
                body["record"],
                body["seat"],
                body["hand"],
                body["options"],
                body.get("turned"),
                body["objective"],
                body.get("bids", ()),
                body.get("inference", DEFAULT_INFERENCE),
            )
            return answered(question, body)


class TakeRequestSchema(RequestSchema):
    dealer = seat(required=True)
    seat = seat(required=True, metadata={"description": "Who asks: the seat to bid."})
    hand = card_list(
        TAKE_HAND_SIZE,
        TAKE_HAND_SIZE,
        required=True,
        metadata={"description": "The asking seat's 5 cards."},
    )
    turned = CardField(required=True)
    level = level_field(BID_LEVEL_TEXT)
    round = StrictInteger(
        required=True,
        validate=validate.Range(1, 2),
        metadata={
            "description": "The bidding round: 1, take the turned card's suit or pass; 2, "
            "name another suit or pass (every seat before this one having passed)."
        },
    )
    samples = bid_samples_field()
    seed = seed_field()
    budget_ms = budget_field(_BUDGET)
    inference = _inference("the passes before the seat (the passers would not take)")

    @ma.post_load
    def asked(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return {**data, "budget_ms": capped(data["budget_ms"])}


BIDS: Final = [TAKE, *SUIT_CODES, PASS]
LEVEL: Final = f"{INTERVAL_LEVEL:.0%}"
HOW_SURE: Final = (
    f"the mean give or take {Z:.2f} standard errors (a normal approximation), the error from "
    "how the deals' values spread, over their effective number ((sum of the weights)² / sum "
    "of their squares: a deal drawn twice counts once, weighed twice). It covers the luck of "
    "the deals drawn, not the model's own limits (perfect play, the table's correction); "
    "below some 20 deals the approximation makes it too narrow. Null below two deals."
)


def interval(description: str) -> BoundedList:
    """A mean's interval in an answer, `[low, high]`: always there, null when there is none."""
    return BoundedList(
        Figure(),
        validate=validate.Length(equal=2),
        required=True,
        allow_none=True,
        metadata={"description": description},
    )


class BidAdviceSchema(Schema):
    bid = ma.fields.String(required=True, metadata={"enum": BIDS})
    expected_score = Figure(
        required=True,
        allow_none=True,
        metadata={
            "description": "Mean deal score of the asking seat's team, each deal played out "
            "by perfect play (0 for passing: a redeal)."
        },
    )
    expected_margin = Figure(
        required=True,
        allow_none=True,
        metadata={"description": "Mean of the team's deal score less the other team's."},
    )
    made_share = Figure(
        required=True,
        allow_none=True,
        metadata={"description": "Share of deals where the contract is made; null for passing."},
    )
    score_interval = interval(
        f"The {LEVEL} interval of `expected_score`, `[low, high]`: {HOW_SURE} `[0, 0]` for a "
        "pass to a redeal (0 in every deal)."
    )
    margin_interval = interval(
        f"The {LEVEL} interval of `expected_margin`, `[low, high]`, as `score_interval`'s."
    )
    margin_gap_interval = interval(
        f"How far behind the advice this bid's margin is: the {LEVEL} interval of the mean, "
        "deal by deal, of the advised bid's margin less this one's, `[low, high]` (as "
        "`score_interval`'s). Every bid is valued on the same deals, so a gap is far surer "
        "than two `margin_interval`s side by side: a low end at or below 0 says these deals "
        "cannot tell this bid from the advice. `[0, 0]` for the advised bid; null below two "
        "deals or without an advice."
    )


class TakeAdviceSchema(Schema):
    advice = ma.fields.String(
        required=True,
        allow_none=True,
        metadata={
            "enum": [*BIDS, None],
            "description": "The bid with the best expected margin, passing when none beats "
            "a redeal; null when the budget solved no deal.",
        },
    )
    options = ma.fields.List(
        ma.fields.Nested(BidAdviceSchema),
        required=True,
        metadata={"description": "Each legal bid, passing last."},
    )
    samples = StrictInteger(required=True, metadata={"description": "Deals valued."})
    level = ma.fields.String(
        required=True,
        metadata={"enum": list(LEVELS), "description": "The level the deals were valued at."},
    )
    elapsed_ms = Figure(required=True)


@blp.route("/v1/advice/take")
class AdviseTake(MethodView):
    @blp.doc(
        operationId="advise_take",
        description="Whether to take, at the classic bidding: for each bid the round allows, "
        "the deal's expected score for the seat's team over sampled deals of the other cards "
        "(the taker gets the turned card and 2 more, the others 3), each played out by "
        "perfect play with all hands known; passing is valued as a redeal, 0, whatever "
        "another seat might then take (README, Advice).",
    )
    @example(
        "round_one",
        {
            "dealer": 0,
            "seat": 1,
            "hand": ["JH", "9H", "AS", "10S", "7D"],
            "turned": "AH",
            "round": 1,
            "samples": 4,
            "seed": "example",
        },
        "Seat 1, with the jack and 9 of hearts, an ace of hearts turned: taking is worth "
        "far more than a redeal. `elapsed_ms` varies with the machine.",
        varying=ADVICE_FIGURES,
    )
    @judgement(blp, TakeRequestSchema, TakeAdviceSchema)
    @limited(blp)
    def post(self, body: dict[str, Any]) -> TakeAdvice:
        """Whether to take, and in which suit, from one seat's view."""
        return advise_take(
            body["dealer"],
            body["seat"],
            tuple(body["hand"]),
            body["turned"],
            body["round"],
            body["options"],
            body.get("samples"),
            body["seed"],
            body["budget_ms"],
            body["inference"],
            body["level"],
        )


class CallAdviceRequestSchema(AuctionRequestSchema):
    """The auction so far, as /v1/coinche/bidding takes it, and who asks with its 8 cards."""

    seat = seat(required=True, metadata={"description": "Who asks: the seat to call."})
    hand = card_list(
        HAND_SIZE,
        HAND_SIZE,
        required=True,
        metadata={"description": "The asking seat's 8 cards."},
    )
    samples = bid_samples_field()
    level = level_field(BID_LEVEL_TEXT)
    seed = seed_field()
    budget_ms = budget_field(_BUDGET)
    inference = _inference(
        "the calls before (each caller's, given its hand)",
        DEFAULT_CALL_INFERENCE,
        ", the deals to value drawn again by those weights from "
        f"{BID_LEVELS[DEFAULT_LEVEL].candidates} times as many (`strong`: {CANDIDATES})",
    )
    play = ma.fields.String(
        validate=validate.OneOf(PLAYS),
        load_default=DEFAULT_PLAY,
        metadata={
            "description": "How each deal drawn is played out: `table`, perfect play's card "
            "points corrected to what players make of them at the table (measured; GET "
            "/v1/rules `bid_advice`); `perfect`, perfect play's points as they are.",
            "default": DEFAULT_PLAY,
        },
    )
    coinche_risk = StrictFloat(
        validate=validate.Range(0, 1),
        load_default=DEFAULT_COINCHE_RISK,
        metadata={
            "description": "How often the defenders coinche a contract of the asking team "
            "that falls: a bid of the team (or its standing contract, passed) not yet "
            "coinched is valued coinched in this share of the deals where it falls, as it "
            "stands in the others. 0 values it as if the defenders let it stand whatever they "
            "hold.",
            "default": DEFAULT_COINCHE_RISK,
        },
    )

    @ma.post_load
    def asked(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return {**data, "budget_ms": capped(data["budget_ms"])}


class CallAdviceSchema(BidAdviceSchema):
    bid = ma.fields.String(
        required=True, metadata={"enum": EVERY_CALL, "description": "The call, canonical."}
    )
    expected_score = Figure(
        required=True,
        allow_none=True,
        metadata={
            "description": "Mean deal score of the asking seat's team: a bid's contract "
            "(coinched in `coinche_risk` of the deals where it falls), `pass` the standing "
            "contract (0 with none: a redeal), "
            "`coinche` and `surcoinche` the standing contract at that level; each deal "
            "played out by perfect play."
        },
    )
    made_share = Figure(
        required=True,
        allow_none=True,
        metadata={
            "description": "Share of deals where the contract is made (the takers'); null for "
            "a pass to a redeal."
        },
    )


class CallsAdviceSchema(TakeAdviceSchema):
    advice = ma.fields.String(
        required=True,
        allow_none=True,
        metadata={
            "enum": [*EVERY_CALL, None],
            "description": "The call with the best expected margin, ties to the cheaper "
            "(the first in `options`); null when the budget solved no deal.",
        },
    )
    options = ma.fields.List(
        ma.fields.Nested(CallAdviceSchema),
        required=True,
        metadata={"description": "Each legal call, in RULES-COINCHE.md's order (pass first)."},
    )


@blp.route("/v1/coinche/advice/bid")
class AdviseCall(MethodView):
    @blp.doc(
        operationId="coinche_advise_bid",
        description="The call to make at the coinche auction, from the caller's 8 cards and "
        "the calls so far: over sampled deals of the other 24 cards, each deal is played out "
        "by perfect play once per strain (the team margin of card points, which is the same "
        "whoever takes), and every legal call is scored from it by the coinche scoring: a "
        "bid as its contract, coinched by the defenders in `coinche_risk` of the deals where "
        "it falls, `pass` as the standing contract (a redeal, 0, with none; the team's own "
        "as a bid), `coinche` and `surcoinche` as the standing contract at that level. "
        "The auction must be open and `seat` the seat to call (else a 422). `inference` "
        "`calls` weights each deal by how likely the calls before were with its hands.",
    )
    @example(
        "opening",
        {
            "dealer": 3,
            "bids": [],
            "seat": 0,
            "hand": ["JH", "9H", "AH", "10H", "AS", "AD", "7C", "8C"],
            "samples": 4,
            "seed": "example",
            "budget_ms": 10000,
        },
        "Seat 0 opens with the jack, 9, ace and 10 of hearts and two aces: a bid in hearts "
        "is worth far more than a redeal. `elapsed_ms` varies with the machine.",
        varying=ADVICE_FIGURES,
    )
    @judgement(blp, CallAdviceRequestSchema, CallsAdviceSchema)
    @limited(blp)
    def post(self, body: dict[str, Any]) -> TakeAdvice:
        """The call to make at the coinche auction, from one seat's view."""
        return advise_bid(
            body["dealer"],
            body["bids"],
            body["seat"],
            tuple(body["hand"]),
            body["options"],
            body.get("samples"),
            body["seed"],
            body["budget_ms"],
            body["inference"],
            body["play"],
            body["level"],
            body["coinche_risk"],
        )
