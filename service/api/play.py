"""POST /v1/legal-moves and /v1/plays/validate, and coinche's: what the player to move may
play, and why not (RULES.md "Play obligations"; RULES-COINCHE.md "Order and value", "Play").

Written once for every variant (`variants.VARIANT_APIS`): a variant's turn is the shared body
with its strain (classic's `trump`, coinche's `strain`, both loaded as `strain`) and rules.
"""

from __future__ import annotations

from typing import Any, Final

import marshmallow as ma
from flask.views import MethodView

from service.api.blueprint import Blueprint
from service.api.examples import Example
from service.api.fields import CardField, StrictBoolean, card_list, seat
from service.api.observability import count_ruling
from service.api.schemas import Schema, ViolationSchema
from service.api.variants import PLAY_TAG, Operation, VariantApi, for_each_variant
from service.api.views import judgement
from service.rules import Ruling, check_turn, judge
from service.rules.core.cards import HAND_SIZE
from service.rules.core.seats import PLAYERS

blp = Blueprint(
    "play",
    __name__,
    description="The cards the player to move may play to a trick, and why the others may not.",
)


class TurnSchema(Schema):
    leader = seat(
        required=True,
        metadata={
            "description": "The seat that led the trick (or is to lead it, when `trick` is "
            "empty); the player to move is `(leader + len(trick)) % 4`."
        },
    )
    trick = card_list(
        0,
        PLAYERS - 1,
        load_default=(),
        metadata={"description": "The cards on the table, in the order played."},
    )
    hand = card_list(
        1, HAND_SIZE, required=True, metadata={"description": "The hand of the player to move."}
    )

    @ma.post_load
    def check(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        check_turn(data["hand"], data["trick"], data.get("card"))
        return data


class PlaySchema(TurnSchema):
    card = CardField(required=True, metadata={"description": "The card played; in `hand`."})


class IllegalCardSchema(Schema):
    card = CardField(canonical=True, required=True)
    violation = ma.fields.Nested(ViolationSchema, required=True)


class RulingSchema(Schema):
    seat = seat(required=True, metadata={"description": "The player to move."})
    legal = card_list(
        1, HAND_SIZE, canonical=True, required=True, metadata={"description": "In hand order."}
    )
    illegal = ma.fields.List(ma.fields.Nested(IllegalCardSchema), required=True)


class VerdictSchema(Schema):
    seat = seat(required=True, metadata={"description": "The player to move."})
    card = CardField(canonical=True, required=True)
    legal = StrictBoolean(required=True)
    violation = ma.fields.Nested(ViolationSchema, required=True, allow_none=True)
    legal_moves = card_list(1, HAND_SIZE, canonical=True, required=True)


def _ruling(turn: dict[str, Any]) -> Ruling:
    return judge(turn["hand"], turn["leader"], turn["trick"], turn["strain"], turn["options"])


def legal_moves(turn: dict[str, Any]) -> Ruling:
    """The ruling on every card of a loaded turn, counted by violation."""
    ruling = _ruling(turn)
    count_ruling(None, len(ruling.legal))
    broken: dict[str, int] = {}
    for _, violation in ruling.illegal:
        broken[violation.code] = broken.get(violation.code, 0) + 1
    for code, plays in broken.items():
        count_ruling(code, plays)
    return ruling


def validate_play(play: dict[str, Any]) -> dict[str, Any]:
    """The verdict on the card of a loaded play, counted."""
    ruling = _ruling(play)
    violation = dict(ruling.illegal).get(play["card"])
    count_ruling(None if violation is None else violation.code)
    return {
        "seat": ruling.seat,
        "card": play["card"],
        "legal": violation is None,
        "violation": violation,
        "legal_moves": ruling.legal,
    }


TURN: Final = {"trump": "H", "leader": 1, "trick": ["AS", "JH"], "hand": ["KD", "9H", "8C"]}
LEGAL_MOVES: Final = {
    "classic": Operation(
        "The legal cards of the hand, and each illegal one with the rule it breaks.",
        (
            "The player to move is `(leader + len(trick)) % 4`; `hand` is theirs. `legal` keeps "
            "the order of `hand` and is never empty; each illegal card carries the violation it "
            "would be, whose sentence names the cards that had to be played."
        ),
        (
            Example(
                "must_trump", TURN, "Seat 3 can neither follow spades nor beat JH: it must trump."
            ),
        ),
    ),
    "coinche": Operation(
        "The legal cards of the hand under the strain, and each illegal one with its rule.",
        (
            "SA: follow suit, else any card. TA: follow and beat the best card of the led suit if"
            " you can, else any card. A suit: RULES.md, with coinche's `undertrump` optional."
        ),
        (
            Example(
                "tout_atout",
                {
                    "strain": "TA",
                    "leader": 1,
                    "trick": ["AS"],
                    "hand": ["7S", "9S", "KH"],
                    "rules": {"sa_ta": True},
                },
                "Tout-atout: seat 2 must follow spades and beat AS, with 9S.",
            ),
        ),
    ),
}
VALIDATE: Final = {
    "classic": Operation(
        "Whether the card may be played; a broken rule is a verdict (200), not an error.",
        (
            "The body is /v1/legal-moves' plus `card`, which must be in `hand` (else 422). An "
            "illegal card comes with its `violation`, and `legal_moves` says what could be "
            "played."
        ),
        (
            Example(
                "undertrump", {**TURN, "card": "KD"}, "KD breaks the rule: seat 3 had to trump."
            ),
        ),
    ),
    "coinche": Operation(
        "Whether the card may be played under the strain; a broken rule is a verdict (200).",
        (
            "The body of /v1/coinche/legal-moves and the card played. Under SA: follow suit, else"
            " any card; under TA: follow and beat the best card of the led suit if you can; under"
            " a suit, RULES.md's obligations with coinche's defaults. A refused card comes with "
            "its violation code and sentence, and the legal cards."
        ),
        (
            Example(
                "sans_atout",
                {
                    "strain": "SA",
                    "leader": 0,
                    "trick": ["KS"],
                    "hand": ["7S", "AS", "JH"],
                    "card": "JH",
                    "rules": {"sa_ta": True},
                },
                "Sans-atout: seat 1 holds spades and must follow; JH is refused.",
            ),
        ),
    ),
}


@for_each_variant
def register(api: VariantApi) -> None:
    """The play's paths of `api`'s variant."""
    route = api.route(blp, "legal-moves", "legal_moves", PLAY_TAG)
    operation = api.each(LEGAL_MOVES)

    @route.view
    class LegalMoves(MethodView):
        @route.doc(operation)
        @judgement(route.blueprint, api.schema(TurnSchema, api.strained), RulingSchema)
        def post(self, turn: dict[str, Any]) -> Ruling:
            return legal_moves(turn)

    route = api.route(blp, "plays/validate", "validate_play", PLAY_TAG)
    operation = api.each(VALIDATE)

    @route.view
    class ValidatePlay(MethodView):
        @route.doc(operation)
        @judgement(route.blueprint, api.schema(PlaySchema, api.strained), VerdictSchema)
        def post(self, play: dict[str, Any]) -> dict[str, Any]:
            return validate_play(play)
