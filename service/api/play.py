"""POST /v1/legal-moves and /v1/plays/validate: what the player to move may play, and why not."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView

from service.api.blueprint import Blueprint
from service.api.examples import example
from service.api.fields import CardField, StrictBoolean, SuitField, card_list, seat
from service.api.observability import count_ruling
from service.api.options import RequestSchema
from service.api.schemas import Schema, ViolationSchema
from service.api.views import judgement
from service.rules import Ruling, check_turn, judge
from service.rules.core.cards import HAND_SIZE
from service.rules.core.table import PLAYERS

blp = Blueprint(
    "play",
    __name__,
    description="The cards the player to move may play to a trick, and why the others may not.",
)


class TurnSchema(RequestSchema):
    # Loads as `strain`, the attribute coinche's `strain` loads as too: a suit is a strain.
    strain = SuitField(required=True, data_key="trump")
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
    """The ruling on every card of a loaded turn, counted by violation (classic and coinche)."""
    ruling = _ruling(turn)
    count_ruling(None, len(ruling.legal))
    broken: dict[str, int] = {}
    for _, violation in ruling.illegal:
        broken[violation.code] = broken.get(violation.code, 0) + 1
    for code, plays in broken.items():
        count_ruling(code, plays)
    return ruling


def validate_play(play: dict[str, Any]) -> dict[str, Any]:
    """The verdict on the card of a loaded play, counted (classic and coinche)."""
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


TURN = {"trump": "H", "leader": 1, "trick": ["AS", "JH"], "hand": ["KD", "9H", "8C"]}


@blp.route("/v1/legal-moves")
class LegalMoves(MethodView):
    @blp.doc(operationId="legal_moves")
    @example("must_trump", TURN, "Seat 3 can neither follow spades nor beat JH: it must trump.")
    @judgement(blp, TurnSchema, RulingSchema)
    def post(self, turn: dict[str, Any]) -> Ruling:
        """The legal cards of the hand, and each illegal one with the rule it breaks.

        The player to move is `(leader + len(trick)) % 4`; `hand` is theirs. `legal` keeps
        the order of `hand` and is never empty; each illegal card carries the violation it
        would be, whose sentence names the cards that had to be played."""
        return legal_moves(turn)


@blp.route("/v1/plays/validate")
class ValidatePlay(MethodView):
    @blp.doc(operationId="validate_play")
    @example("undertrump", {**TURN, "card": "KD"}, "KD breaks the rule: seat 3 had to trump.")
    @judgement(blp, PlaySchema, VerdictSchema)
    def post(self, play: dict[str, Any]) -> dict[str, Any]:
        """Whether the card may be played; a broken rule is a verdict (200), not an error.

        The body is /v1/legal-moves' plus `card`, which must be in `hand` (else 422). An
        illegal card comes with its `violation`, and `legal_moves` says what could be played."""
        return validate_play(play)
