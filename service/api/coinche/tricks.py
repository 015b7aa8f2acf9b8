"""POST /v1/coinche/tricks/winner: who wins a coinche trick under its strain, and its card
points (RULES-COINCHE.md "Order and value").
"""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from service.api.coinche.blueprint import PLAY_TAG, blp
from service.api.coinche.schemas import StrainSchema
from service.api.examples import example
from service.api.tricks import TrickSchema, TrickWinnerSchema
from service.api.views import judgement
from service.rules import TrickResult, judge_trick
from service.rules.variants.coinche.replay import strain_values


class CoincheTrickSchema(StrainSchema, TrickSchema):
    pass


@blp.route("/v1/coinche/tricks/winner", tags=[PLAY_TAG])
class CoincheTrickWinner(MethodView):
    @blp.doc(operationId="coinche_trick_winner")
    @example(
        "sans_atout",
        {"strain": "SA", "leader": 0, "cards": ["7S", "AS", "JH", "10S"], "rules": {"sa_ta": True}},
        "Sans-atout, ace19: AS wins; AS 19 + 10S 10 + JH 2.",
    )
    @judgement(blp, CoincheTrickSchema, TrickWinnerSchema)
    def post(self, trick: dict[str, Any]) -> TrickResult:
        """The seat winning the trick (so far) under the strain, and its raw card points.

        SA: the highest card of the led suit, A 10 K Q J 9 8 7; TA: the highest of the led
        suit, J 9 A 10 K Q 8 7. `points` are the strain's (`sa_points`, `ta_points`); under
        `scaled` they are the raw values, scaled only on a deal's team totals."""
        values = strain_values(trick["strain"], trick["options"])
        return judge_trick(trick["leader"], trick["cards"], trick["strain"], trick["last"], values)
