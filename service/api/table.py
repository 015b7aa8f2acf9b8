"""POST /v1/table and /v1/coinche/table: a deal as a card room plays it, from its record, and
an action judged there (service/rules/table.py).

Written once for every variant (`variants.VARIANT_APIS`): the body is the deal (`hands`,
`deck` or `seed`; classic's `turned` with its hands), the calls as the variant's bidding
reads them, the plays, the announcements, the claim that ended the deal, the game before it
(each deal as the variant's `/deals/score` takes it) and an optional `action`. The answer is
the table after it, with its `record` ready to send back as it is.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final, NamedTuple

import marshmallow as ma
from flask.views import MethodView
from marshmallow import validate

from service.api.advice import (
    AdviceSchema,
    CallsAdviceSchema,
    TakeAdviceSchema,
    bid_samples_field,
    level_field,
)
from service.api.advice import seed_field as advice_seed_field
from service.api.analysis import budget_field
from service.api.bidding import calls_field, classic_bids_field
from service.api.blueprint import Blueprint
from service.api.deals import RenonceSchema, SeedLength
from service.api.examples import Example
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
)
from service.api.games import GameTotalsSchema
from service.api.limiter import advice_threads, busy, capped, in_slot
from service.api.play import IllegalCardSchema
from service.api.schemas import AnnonceSchema, Schema, ViolationSchema
from service.api.scores import (
    SCORED,
    answered_entries,
    game_entries,
    game_entry,
    game_summary,
)
from service.api.strains import ContractAnswerSchema
from service.api.variants import Operation, VariantApi, for_each_variant
from service.api.views import judgement
from service.rules.analysis.policy import DEFAULT_BUDGET_MS
from service.rules.core.cards import DECK_SIZE, HAND_SIZE
from service.rules.core.dealing import shuffled_deck
from service.rules.core.errors import InconsistentInput
from service.rules.core.seats import PLAYERS
from service.rules.table import (
    ACTIONS,
    CLAIMS,
    PHASES,
    REST_CLAIM,
    SAYINGS,
    Action,
    Claimed,
    Dealt,
    Said,
    Table,
    TableRecord,
    act,
    check_dealt,
    next_deal,
    table,
)
from service.rules.table_advice import TableAdvice, advise_table

blp = Blueprint(
    "table",
    __name__,
    description="A table as a card room runs it: the state of a deal and its game from their "
    "record (phase, whose turn, what that seat may do), and an action judged there.",
)

# A seat says belote, rebelote and two annonces at most: 4 seats, a few each.
MAX_ANNOUNCEMENTS = 32


def annonce_cards() -> BoundedList:
    """An annonce's cards, in an announcement or an action (none for a belote)."""
    return BoundedList(
        CardField(),
        validate=validate.Length(max=HAND_SIZE),
        load_default=(),
        metadata={"description": "An annonce's cards; empty for a belote."},
    )


class AnnouncementSchema(Schema):
    """What a seat said, as the replay writes a belote (`seat`, `suit`) or a declaration
    (`seat`, `cards`), with when (`play`) and what (`announce`)."""

    seat = seat(required=True)
    play = StrictInteger(
        validate=validate.Range(0, DECK_SIZE),
        required=True,
        metadata={
            "description": "How many cards had been played when it was said: it goes with "
            "the seat's card at that index of `plays`."
        },
    )
    announce = ma.fields.String(required=True, validate=validate.OneOf(SAYINGS))
    suit = nullable(SuitField, "A belote's or rebelote's suit (its K and Q); else null.")
    cards = annonce_cards()

    @ma.post_load
    def said(self, data: dict[str, Any], **kwargs: Any) -> Said:
        suit = data["suit"]
        return Said(data["seat"], data["play"], data["announce"], suit, tuple(data["cards"]))


class TableClaimSchema(Schema):
    seat = seat(required=True)
    claim = ma.fields.String(
        required=True,
        validate=validate.OneOf(CLAIMS),
        metadata={
            "description": "'renonce': the other team's renonce standing; 'rest': every "
            "trick left to the claimant's team, whatever the opponents do.",
        },
    )


class ActionSchema(Schema):
    """One action: exactly one of `call`, `card`, `announce` (with `suit` or `cards`) or
    `claim`."""

    seat = seat(required=True, metadata={"description": "The seat that acts."})
    call = nullable(
        lambda **kw: ma.fields.String(validate=validate.Length(max=16), **kw),
        "A call of the auction, as `calls` writes them.",
    )
    card = nullable(CardField, "A card to play.")
    announce = nullable(
        lambda **kw: ma.fields.String(validate=validate.OneOf(SAYINGS), **kw),
        "'belote', 'rebelote' (with `suit` when two suits could be meant) or 'annonce' (with "
        "`cards`), said with the seat's next card.",
    )
    suit = nullable(SuitField, "A belote's suit, when it must be named.")
    cards = annonce_cards()
    claim = nullable(
        lambda **kw: ma.fields.String(validate=validate.OneOf(CLAIMS), **kw),
        "'renonce' or 'rest' (see `claim`).",
    )

    @ma.post_load
    def action(self, data: dict[str, Any], **kwargs: Any) -> Action:
        given = [kind for kind in ACTIONS if data[kind] is not None]
        if len(given) != 1:
            raise InconsistentInput.at("/action", "action_kind", given=len(given))
        return Action(
            data["seat"],
            given[0],
            call=data["call"] or "",
            card=data["card"],
            announce=data["announce"] or "",
            cards=tuple(data["cards"]),
            suit=data["suit"],
            claim=data["claim"] or "",
        )


seeded_deck = lru_cache(maxsize=1024)(shuffled_deck)
"""A seed's deck (`shuffled_deck`), kept: a room sends the same seed with each action of a
deal, and the shuffle costs a third of a replay."""


def deal_members(api: VariantApi) -> dict[str, ma.fields.Field]:
    """The deal's fields of a table's body (and of its `next_deal`): `hands` (classic's with
    `turned`), `deck` or `seed`."""
    classic = api.name == "classic"
    members: dict[str, ma.fields.Field] = {
        "hands": nullable(
            lambda **kw: BoundedList(
                card_list(0, HAND_SIZE, distinct=False), validate=validate.Length(max=PLAYERS), **kw
            ),
            "The four hands of 8 as dealt"
            + (", once a suit is taken (with `turned`)" if classic else "")
            + "; or give `deck` or `seed`.",
        ),
        "deck": nullable(
            lambda **kw: card_list(0, DECK_SIZE, distinct=False, **kw),
            "The 32 cards in the order the dealer deals them, top first; or give `hands` or "
            "`seed`.",
        ),
        "seed": nullable(
            lambda **kw: ma.fields.String(validate=SeedLength(), **kw),
            f"A seed, dealt as {api.path('deals/deal')} deals it; or give `hands` or `deck`.",
        ),
    }
    if classic:
        members["turned"] = nullable(CardField, "The turned card, with `hands` (the taker's).")
    return members


def dealt_of(data: dict[str, Any]) -> Dealt:
    """The cards as dealt, from the deal's fields loaded (`deal_members`): exactly one of
    `seed`, `deck` and `hands` given."""
    given = [name for name in ("hands", "deck", "seed") if data[name] is not None]
    if len(given) != 1:
        raise InconsistentInput.at(f"/{given[-1]}" if given else "", "table_deal", given=len(given))
    if data["seed"] is not None:
        return Dealt(deck=seeded_deck(data["seed"]))
    if data["deck"] is not None:
        return Dealt(deck=tuple(data["deck"]))
    hands = tuple(tuple(hand) for hand in data["hands"])
    return Dealt(hands=hands, turned=data.get("turned"))


def next_deal_schema(api: VariantApi) -> type[Schema]:
    """The variant's `next_deal`: the deal's fields, loaded as `{"dealt", "given"}` (the
    cards as dealt, and the fields as given, to send back in `next.body`)."""

    @ma.post_load
    def loaded(self: Schema, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        try:
            dealt = dealt_of(data)
        except InconsistentInput as error:
            raise error.under("/next_deal") from None
        return {"dealt": dealt, "given": data}

    return api.schema(Schema, name="TableNextDealSchema", loaded=loaded, **deal_members(api))


def table_request(
    api: VariantApi, name: str = "TableRequestSchema", **extra: ma.fields.Field
) -> type[Schema]:
    """The variant's table body, loaded as `{"record", "options", "game", "action"}` and the
    `extra` fields' values (the advice's)."""
    scored = api.each(SCORED)
    classic = api.name == "classic"
    if classic:
        calls = classic_bids_field(
            "The bids from the dealer's next, as /v1/bidding reads them: 'pass', 'take' (round "
            "1) or a suit (round 2)."
        )
    else:
        calls = calls_field()

    members: dict[str, Any] = {
        "dealer": seat(required=True),
        **deal_members(api),
        "calls": calls,
        "plays": card_list(
            0,
            DECK_SIZE,
            distinct=False,
            load_default=(),
            metadata={"description": "The cards in the order played; who played each follows."},
        ),
        "announcements": BoundedList(
            ma.fields.Nested(AnnouncementSchema),
            validate=validate.Length(max=MAX_ANNOUNCEMENTS),
            load_default=(),
            metadata={"description": "What was said, in the order said."},
        ),
        "claim": ma.fields.Nested(
            TableClaimSchema,
            allow_none=True,
            load_default=None,
            metadata={"description": "The claim that ended the deal, if one did."},
        ),
        "game": game_entries(
            scored,
            load_default=(),
            metadata={
                "description": "The game's earlier deals in order, each as a table's "
                f"`game_entry` gives it, or a misdeal (as {api.path('games/score')} takes "
                "them)."
            },
        ),
        "action": ma.fields.Nested(
            ActionSchema,
            allow_none=True,
            load_default=None,
            metadata={"description": "An action to judge; none: the table as it stands."},
        ),
        "next_deal": ma.fields.Nested(
            next_deal_schema(api),
            allow_none=True,
            load_default=None,
            metadata={
                "description": "The deal after this one, given as this one is (`seed`, `deck` "
                "or `hands`): once this deal is over, the answer carries the next one's table "
                "in `next`, and the action that ends a deal needs no call of its own after it."
            },
        ),
    }

    @ma.post_load
    def loaded(self: Schema, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        dealt = dealt_of(data)
        following = data["next_deal"]
        if following is not None:
            check_dealt(following["dealt"], "/next_deal")
        claim = data["claim"]
        plays = tuple(data["plays"])
        record = TableRecord(
            data["dealer"],
            dealt,
            tuple(data["calls"]),
            plays,
            tuple(data["announcements"]),
            None if claim is None else Claimed(claim["seat"], claim["claim"]),
        )
        game = [game_summary(scored, body, f"/game/{i}") for i, body in enumerate(data["game"])]
        asked = {key: data.get(key) for key in extra}
        options, action = data["options"], data["action"]
        return {
            "record": record,
            "options": options,
            "game": game,
            "action": action,
            "next_deal": following,
            **asked,
        }

    return api.schema(api.request, name=name, loaded=loaded, **members, **extra)


# --- the answer ------------------------------------------------------------------------------


class TrickNowSchema(Schema):
    leader = seat(required=True)
    cards = card_list(0, PLAYERS, canonical=True, required=True)
    winner = or_null(seat, "Who wins the trick so far; null before its first card.")


class TableVerdictSchema(Schema):
    legal = StrictBoolean(
        required=True, metadata={"description": "Whether the action stands as the rules allow."}
    )
    code = ma.fields.String(
        required=True,
        metadata={
            "description": "'legal', a play obligation's code (`violation`), an auction's "
            "violation, or the table's own (the enum)."
        },
    )
    message = MessageField(required=True)
    violation = ma.fields.Nested(ViolationSchema, required=True, allow_none=True)


class SaidSchema(Schema):
    """An announcement of the record, as `announcements` takes it."""

    seat = seat(required=True)
    play = StrictInteger(required=True)
    announce = ma.fields.String(required=True, attribute="said", metadata={"enum": list(SAYINGS)})
    suit = or_null(SuitField, "A belote's or rebelote's suit; else null.", canonical=True)
    cards = card_list(0, HAND_SIZE, canonical=True, required=True)


class ClaimedSchema(Schema):
    seat = seat(required=True)
    claim = ma.fields.String(required=True, metadata={"enum": list(CLAIMS)})


class RecordAfterSchema(Schema):
    """The record after the action: send it back as it is, with the rest of the body."""

    calls = ma.fields.List(ma.fields.String(), required=True)
    plays = card_list(0, DECK_SIZE, canonical=True, distinct=False, required=True)
    announcements = ma.fields.List(ma.fields.Nested(SaidSchema), required=True, attribute="said")
    claim = ma.fields.Nested(ClaimedSchema, required=True, allow_none=True, attribute="claimed")


def answered(state: Table, entry: dict[str, Any] | None) -> dict[str, Any]:
    """A table as the API answers it: the table's own fields, and `game_entry`, the deal over
    as `game` takes it (its variant's deal body). A mapping, which the answer's dump reads
    by key (a wrapper's attribute lookups cost a tenth of the dump)."""
    answer = state._asdict()
    answer["game_entry"] = entry
    return answer


class ClassicContractSchema(Schema):
    taker = seat(required=True)
    trump = SuitField(canonical=True, required=True, attribute="strain")


def table_answer(api: VariantApi) -> type[Schema]:
    """The variant's table: the state, the deal's score and game entry once over, the game,
    and the next deal's table (`next`) when the body gave it."""
    members = state_members(api)
    members["next"] = ma.fields.Nested(
        next_answer(api),
        required=True,
        allow_none=True,
        metadata={
            "description": "Once the deal is over and the game goes on, when the body gave "
            "`next_deal`: the next deal's body to send (with your `rules` and the deal after "
            "it) and its table."
        },
    )
    return api.schema(Schema, name="TableSchema", **members)


def next_answer(api: VariantApi) -> type[Schema]:
    """The next deal, as `next` gives it: its body and its table."""
    scored = api.each(SCORED)
    given = "As the body's `next_deal` gave it; else null."
    deal = {
        "hands": or_null(
            lambda **kw: ma.fields.List(card_list(0, HAND_SIZE, canonical=True), **kw), given
        ),
        "deck": or_null(lambda **kw: card_list(0, DECK_SIZE, canonical=True, **kw), given),
        "seed": or_null(ma.fields.String, given),
    }
    if api.name == "classic":
        deal["turned"] = or_null(CardField, given, canonical=True)
    next_body = api.schema(
        Schema,
        name="TableNextBodySchema",
        dealer=seat(required=True, metadata={"description": "The next dealer."}),
        game=answered_entries(
            scored,
            required=True,
            metadata={"description": "The game's deals so far, this one last when it scored."},
        ),
        **deal,
    )
    members = {
        "body": ma.fields.Nested(
            next_body,
            required=True,
            metadata={"description": "The next deal's body: the dealer, the deal, the game."},
        ),
        "table": ma.fields.Nested(
            api.schema(Schema, name="TableStateSchema", **state_members(api)),
            required=True,
            metadata={"description": "The next deal's table, before its first call."},
        ),
    }
    return api.schema(Schema, name="TableNextSchema", **members)


def state_members(api: VariantApi) -> dict[str, Any]:
    """The fields of a table's state (`TableSchema` and the next deal's)."""
    scored = api.each(SCORED)
    classic = api.name == "classic"
    contract = ClassicContractSchema if classic else ContractAnswerSchema
    members: dict[str, Any] = {
        "phase": ma.fields.String(required=True, metadata={"enum": list(PHASES)}),
        "to_act": or_null(seat, "The seat to act; null when none (the deal is over)."),
        "legal": ma.fields.Function(
            lambda state: [str(x) for x in state["legal"]],
            required=True,
            metadata={
                "type": "array",
                "items": {"type": "string"},
                "description": "The calls (in the auction) or the cards (in play) `to_act` "
                "may make.",
            },
        ),
        "illegal": ma.fields.List(
            ma.fields.Nested(IllegalCardSchema),
            required=True,
            metadata={"description": "In play: each other card of the hand, with its rule."},
        ),
        "hands": ma.fields.List(
            card_list(0, HAND_SIZE, canonical=True),
            required=True,
            metadata={
                "description": ("Each seat's cards now (in a classic auction, the first five).")
            },
        ),
        "trick": ma.fields.Nested(TrickNowSchema, required=True, allow_none=True),
        "tricks": pair(StrictInteger(), required=True, metadata={"description": "Won by team."}),
        "contract": ma.fields.Nested(contract, required=True, allow_none=True),
        "announceable": ma.fields.List(
            ma.fields.String(metadata={"enum": list(SAYINGS[:2])}),
            required=True,
            metadata={"description": "What `to_act` may say with its next card."},
        ),
        "annonces": ma.fields.List(
            ma.fields.Nested(AnnonceSchema),
            required=True,
            metadata={"description": "The annonces `to_act` may declare (option `annonces`)."},
        ),
        "renonces": ma.fields.List(ma.fields.Nested(RenonceSchema), required=True),
        "score": ma.fields.Nested(scored.score, required=True, allow_none=True),
        "game_entry": ma.fields.Nested(
            scored.answered,
            required=True,
            allow_none=True,
            metadata={
                "description": "Once the deal is over: the deal as `game` and "
                f"{api.path('games/score')} take it."
            },
        ),
        "game": ma.fields.Nested(GameTotalsSchema, required=True),
        "next_dealer": seat(required=True),
        "verdict": ma.fields.Nested(TableVerdictSchema, required=True, allow_none=True),
        "record": ma.fields.Nested(RecordAfterSchema, required=True),
    }
    if classic:
        members["turned"] = or_null(CardField, "The turned card.", canonical=True)
    return members


TABLE: Final = {
    "classic": Operation(
        "A classic table: its phase, whose turn, what that seat may do, and an action judged.",
        (
            "The deal (`hands` with `turned`, `deck` or `seed`), the bids, the plays, what was "
            "said and the game before it give the table; an `action` (a bid, a card, belote or "
            "rebelote, a claim) is judged there: the `verdict`, and the table after it with its "
            "`record` to send back. A broken rule is a verdict; a record that cannot have "
            "happened is a 422."
        ),
        (
            Example(
                "first_bid",
                {
                    "seed": "table 12, deal 7, 2026-11-29",
                    "dealer": 3,
                    "action": {"seat": 0, "call": "take"},
                },
                "Seat 0 takes the turned card: the hands are completed and seat 0 leads.",
            ),
        ),
    ),
    "coinche": Operation(
        "A coinche table: its phase, whose turn, what that seat may do, and an action judged.",
        (
            "The deal (`hands`, `deck` or `seed`), the calls, the plays, what was said and the "
            "game before it give the table; an `action` (a call, a card, belote or rebelote, an "
            "annonce, a claim) is judged there: the `verdict`, and the table after it with its "
            "`record` to send back. Under `illegal_card: stand` a card that breaks a rule is "
            "played as a renonce, which the other team may claim."
        ),
        (
            Example(
                "eighty_hearts",
                {
                    "seed": "table 12, deal 7, 2026-11-29",
                    "dealer": 3,
                    "calls": ["80H", "pass", "pass", "pass"],
                    "plays": [],
                    "rules": {"illegal_card": "stand"},
                },
                "80 hearts by seat 0, who leads.",
            ),
        ),
    ),
}


@for_each_variant
def register(api: VariantApi) -> None:
    """The table's path of `api`'s variant."""
    route = api.route(blp, "table", "table", "coinche")
    operation = api.each(TABLE)

    @route.view
    class Table_(MethodView):
        @route.doc(operation)
        @judgement(route.blueprint, table_request(api), table_answer(api))
        @busy(route.blueprint)
        def post(self, body: dict[str, Any]) -> dict[str, Any]:
            state = run(api, body)
            following = body["next_deal"]
            coming = None
            if following is not None:
                coming = next_deal(
                    api.variant, state, following["dealt"], body["options"], body["game"]
                )
            entry = api.each(SCORED).entry
            answer = answered(state, None if state.summary is None else entry(state.summary))
            answer["next"] = None
            if coming is not None:
                deals = [*body["game"], *([] if state.summary is None else [state.summary])]
                game = [game_entry(api.each(SCORED), deal) for deal in deals]
                given = {"dealer": coming.record.dealer, "game": game, **following["given"]}
                answer["next"] = {"body": given, "table": answered(coming, None)}
            return answer


def run(api: VariantApi, body: dict[str, Any]) -> Table:
    """The table of `body`, its action judged: in an analysis slot when a claim of the tricks
    left asks the solver."""
    record, options, game, action = body["record"], body["options"], body["game"], body["action"]
    rest = (record.claimed is not None and record.claimed.claim == REST_CLAIM) or (
        action is not None and action.claim == REST_CLAIM
    )

    def answer(budget: int = DEFAULT_BUDGET_MS) -> Table:
        if action is None:
            return table(api.variant, record, options, game, budget)
        return act(api.variant, record, options, action, game, budget)

    if rest:
        return in_slot(lambda: answer(capped(DEFAULT_BUDGET_MS)))
    return answer()


# --- advice ----------------------------------------------------------------------------------


ADVICE_SEED = "The seed the advice draws its deals from (apart from `seed`, which deals)."
TABLE_LEVEL_TEXT: Final = (
    "How hard the advice thinks, as the call's and the card's advice take it: in the auction "
    "as their `level` (`fast` and `default` value each deal by a model of perfect play, "
    "`strong` searches each); in play `fast` or `default` as the card's `level`, and `strong` "
    "as `default` (the card play offers no stronger level: none measured beat it). The "
    "answer's `call.level` or `card.level` says the level used."
)


def advice_request(api: VariantApi) -> type[Schema]:
    """The table's body with the advice's own `samples`, `budget_ms` and `advice_seed`."""
    return table_request(
        api,
        "TableAdviceRequestSchema",
        samples=bid_samples_field(),
        level=level_field(TABLE_LEVEL_TEXT),
        budget_ms=budget_field(
            "Milliseconds the advice may take; past them it answers from the deals solved so far."
        ),
        advice_seed=advice_seed_field(description=ADVICE_SEED),
    )


class AdvisedActionSchema(Schema):
    seat = seat(required=True)
    call = or_null(ma.fields.String, "In the auction: the call advised.")
    card = or_null(CardField, "In play: the card advised.", canonical=True)


CALL_ADVICE_PATHS: Final = {"classic": "/v1/advice/take", "coinche": "/v1/coinche/advice/bid"}


def advice_answer(api: VariantApi) -> type[Schema]:
    calls = TakeAdviceSchema if api.name == "classic" else CallsAdviceSchema
    members = {
        "seat": seat(required=True, metadata={"description": "The seat to act, advised."}),
        "action": ma.fields.Nested(
            AdvisedActionSchema,
            required=True,
            allow_none=True,
            metadata={
                "description": "The action advised, ready to send as the table's `action`; null "
                "when the budget solved no deal and the seat has a choice."
            },
        ),
        "call": ma.fields.Nested(
            calls,
            required=True,
            allow_none=True,
            metadata={"description": f"In the auction: as {CALL_ADVICE_PATHS[api.name]} answers."},
        ),
        "card": ma.fields.Nested(
            AdviceSchema,
            required=True,
            allow_none=True,
            metadata={"description": f"In play: as {api.path('advice/play')} answers."},
        ),
    }
    return api.schema(Schema, name="TableAdviceSchema", **members)


class Advised(NamedTuple):
    seat: int
    action: dict[str, Any] | None
    call: Any
    card: Any


ADVICE: Final = {
    "classic": Operation(
        "The call or the card for the seat to act at a classic table, from its view only.",
        (
            "The table's body (without `action`), with the advice's `samples`, `budget_ms` "
            "and `advice_seed`. In the auction, whether to take (as /v1/advice/take); in "
            "play, the card (as /v1/advice/play). Only the seat's own cards and what the "
            "table has seen reach the advice: the answer is the same whatever the other hands "
            "hold. A forced card comes at once."
        ),
        (
            Example(
                "first_bid",
                {"seed": "table 12, deal 7, 2026-11-29", "dealer": 3, "samples": 4},
                "Seat 0 asks whether to take the turned card. The call's `elapsed_ms` varies "
                "with the machine.",
                varying=("call.elapsed_ms",),
            ),
        ),
    ),
    "coinche": Operation(
        "The call or the card for the seat to act at a coinche table, from its view only.",
        (
            "The table's body (without `action`), with the advice's `samples`, `budget_ms` "
            "and `advice_seed`. In the auction, the call (as /v1/coinche/advice/bid); in "
            "play, the card (as /v1/coinche/advice/play), taking for renonces the fewest plays "
            "a renonce left standing needs. Only the seat's own cards and what the table has "
            "seen reach the advice."
        ),
        (
            Example(
                "first_card",
                {
                    "seed": "table 12, deal 7, 2026-11-29",
                    "dealer": 3,
                    "calls": ["80H", "pass", "pass", "pass"],
                    "samples": 4,
                },
                "Seat 0 took 80 hearts and leads: the card from its view. The card's "
                "`elapsed_ms` varies with the machine.",
                varying=("card.elapsed_ms",),
            ),
        ),
    ),
}


@for_each_variant
def register_advice(api: VariantApi) -> None:
    """The table advice's path of `api`'s variant."""
    route = api.route(blp, "table/advice", "advise_table", "coinche")

    @route.view
    class AdviseTable(MethodView):
        @route.doc(api.each(ADVICE))
        @judgement(route.blueprint, advice_request(api), advice_answer(api))
        @busy(route.blueprint)
        def post(self, body: dict[str, Any]) -> Advised:
            state = table(api.variant, body["record"], body["options"], body["game"])
            threads = advice_threads()
            advised = in_slot(
                lambda: advise_table(
                    api.variant,
                    state,
                    body["options"],
                    body["samples"],
                    body["advice_seed"],
                    capped(body["budget_ms"]),
                    threads,
                    body["level"],
                )
            )
            return Advised(advised.seat, _action(advised), advised.call, advised.card)


def _action(advised: TableAdvice) -> dict[str, Any] | None:
    """The advice as the table's action (None when the budget solved no deal)."""
    call = None if advised.call is None else advised.call.advice
    card = None if advised.card is None else advised.card.card
    if call is None and card is None:
        return None
    return {"seat": advised.seat, "call": call, "card": card}
