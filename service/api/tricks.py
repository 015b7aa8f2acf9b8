"""POST /v1/tricks/winner: who wins a trick and what it is worth."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from service.api.blueprint import Blueprint
from service.api.examples import example
from service.api.fields import (
    CardField,
    StrictBoolean,
    StrictInteger,
    SuitField,
    card_list,
    seat,
    team,
)
from service.api.options import RequestSchema
from service.api.schemas import Schema
from service.api.views import judgement
from service.rules import TrickResult, judge_trick
from service.rules.core.table import PLAYERS

blp = Blueprint("tricks", __name__, description="Who wins a trick, and its card points.")


class TrickSchema(RequestSchema):
    strain = SuitField(required=True, data_key="trump")  # a suit is a strain (play.TurnSchema)
    leader = seat(required=True, metadata={"description": "The seat that led the trick."})
    cards = card_list(
        1, PLAYERS, required=True, metadata={"description": "The cards in the order played."}
    )
    last = StrictBoolean(
        load_default=False,
        metadata={"description": "The last trick of the deal: a complete one adds the dix de der."},
    )


class TrickWinnerSchema(Schema):
    winner = seat(required=True, metadata={"description": "Winning so far when incomplete."})
    team = team(required=True)
    card = CardField(canonical=True, required=True, metadata={"description": "The winning card."})
    points = StrictInteger(
        required=True, metadata={"description": "Card points, +10 when `last` and complete."}
    )
    complete = StrictBoolean(required=True)


@blp.route("/v1/tricks/winner")
class TrickWinner(MethodView):
    @blp.doc(operationId="trick_winner")
    @example(
        "trumped",
        {"trump": "H", "leader": 0, "cards": ["7S", "AS", "JH", "TS"], "last": False},
        "Seat 2 trumps the spades with JH and wins 41 points.",
    )
    @judgement(blp, TrickSchema, TrickWinnerSchema)
    def post(self, trick: dict[str, Any]) -> TrickResult:
        """The seat winning the trick (so far), its team and card, and the points on the table.

        `cards` are 1 to 4 cards in the order played from `leader`. An incomplete trick says
        who is winning it so far; a complete `last` trick adds the dix de der (10)."""
        return judge_trick(trick["leader"], trick["cards"], trick["strain"], trick["last"])
