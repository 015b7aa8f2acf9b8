"""POST /v1/tricks/winner and /v1/coinche/tricks/winner: who wins a trick under the strain,
and its card points (RULES.md "Order and value"; RULES-COINCHE.md "Order and value").

Written once for every variant (`variants.VARIANT_APIS`).
"""

from __future__ import annotations

from typing import Any, Final

from flask.views import MethodView

from service.api.blueprint import Blueprint
from service.api.examples import Example
from service.api.fields import CardField, StrictBoolean, StrictInteger, card_list, seat, team
from service.api.schemas import Schema
from service.api.variants import PLAY_TAG, Operation, VariantApi, for_each_variant
from service.api.views import judgement
from service.rules import TrickResult, judge_trick
from service.rules.core.seats import PLAYERS

blp = Blueprint("tricks", __name__, description="Who wins a trick, and its card points.")


class TrickSchema(Schema):
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


WINNER: Final = {
    "classic": Operation(
        "The seat winning the trick (so far), its team and card, and the points on the table.",
        (
            "`cards` are 1 to 4 cards in the order played from `leader`. An incomplete trick says"
            " who is winning it so far; a complete `last` trick adds the dix de der (10)."
        ),
        (
            Example(
                "trumped",
                {"trump": "H", "leader": 0, "cards": ["7S", "AS", "JH", "TS"], "last": False},
                "Seat 2 trumps the spades with JH and wins 41 points.",
            ),
        ),
    ),
    "coinche": Operation(
        "The seat winning the trick (so far) under the strain, and its raw card points.",
        (
            "SA: the highest card of the led suit, A 10 K Q J 9 8 7; TA: the highest of the led "
            "suit, J 9 A 10 K Q 8 7. `points` are the strain's (`sa_points`, `ta_points`); under "
            "`scaled` they are the raw values, scaled only on a deal's team totals."
        ),
        (
            Example(
                "sans_atout",
                {
                    "strain": "SA",
                    "leader": 0,
                    "cards": ["7S", "AS", "JH", "10S"],
                    "rules": {"sa_ta": True},
                },
                "Sans-atout, ace19: AS wins; AS 19 + 10S 10 + JH 2.",
            ),
        ),
    ),
}


@for_each_variant
def register(api: VariantApi) -> None:
    """The trick's path of `api`'s variant."""
    route = api.route(blp, "tricks/winner", "trick_winner", PLAY_TAG)
    operation = api.each(WINNER)

    @route.view
    class TrickWinner(MethodView):
        @route.doc(operation)
        @judgement(route.blueprint, api.schema(TrickSchema, api.strained), TrickWinnerSchema)
        def post(self, trick: dict[str, Any]) -> TrickResult:
            strain, options = trick["strain"], trick["options"]
            values = api.variant.card_values(strain, options)
            return judge_trick(trick["leader"], trick["cards"], strain, trick["last"], values)
