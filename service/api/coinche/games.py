"""POST /v1/coinche/games/score: a coinche game scored deal by deal (docs/RULES-COINCHE.md)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView

from service.api.coinche.blueprint import blp
from service.api.coinche.deals import CoincheDealBodySchema, CoincheDealScoreSchema, coinche_summary
from service.api.coinche.schemas import CoincheRequestSchema
from service.api.examples import example
from service.api.games import GameProgressSchema, GameScoreSchema, game_request_schema
from service.api.views import judgement
from service.rules.core.scoring import MAX_DEALS, GameScore
from service.rules.variants import COINCHE

# A coinche deal's smallest body (its contract object) is over twice a classic one's: 1000 of
# them would pass the 64 KiB body limit, so that a schema-valid game got a 413. 500 deals fit,
# far beyond a game to the largest target a table plays.
MAX_COINCHE_DEALS = MAX_DEALS // 2


CoincheGameRequestSchema = game_request_schema(
    "CoincheGameRequestSchema",
    CoincheRequestSchema,
    CoincheDealBodySchema,
    coinche_summary,
    MAX_COINCHE_DEALS,
    "/v1/coinche/deals/score",
)


class CoincheGameDealSchema(GameProgressSchema, CoincheDealScoreSchema):
    """A deal's score (as /v1/coinche/deals/score answers) and where the game stands after it."""


class CoincheGameScoreSchema(GameScoreSchema):
    """As classic's game score, with coinche's deals (in the same place: first)."""

    deals = ma.fields.List(ma.fields.Nested(CoincheGameDealSchema), required=True)


@blp.route("/v1/coinche/games/score")
class ScoreCoincheGame(MethodView):
    @blp.doc(operationId="coinche_score_game")
    @example(
        "litige_then_capot",
        {
            "deals": [
                {"contract": {"taker": 0, "value": 80, "strain": "S"}, "points": [81, 81]},
                {
                    "contract": {"taker": 1, "value": 160, "strain": "H"},
                    "points": [0, 162],
                    "capot": 1,
                },
            ],
            "rules": {"litige": "reserve"},
        },
        "A litige puts 80 in reserve; the next deal's takers make their contract and win it.",
    )
    @judgement(blp, CoincheGameRequestSchema, CoincheGameScoreSchema)
    def post(self, body: dict[str, Any]) -> GameScore:
        """A coinche game deal by deal: running totals, litige reserve, winner.

        The game ends at the end of a deal where a team has reached the target (2000 by
        default); a deal after the game was won is a 422."""
        return COINCHE.score_game(body["deals"], body["options"])
