"""POST /v1/games/score: a whole game, deal by deal, with the litige reserve handed on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import marshmallow as ma
from flask.views import MethodView
from marshmallow import validate

from service.api.blueprint import Blueprint
from service.api.deals import DealBodySchema, DealScoreSchema, deal_summary
from service.api.examples import example
from service.api.fields import BoundedList, StrictBoolean, StrictInteger, pair, team
from service.api.options import RequestSchema
from service.api.schemas import Schema
from service.api.views import judgement
from service.rules import GameScore, score_game
from service.rules.core.scoring import MAX_DEALS

blp = Blueprint(
    "games", __name__, description="A game scored deal by deal up to the target, and its winner."
)


def game_request_schema(
    name: str,
    base: type[Schema],
    deal_body: type[Schema],
    summary: Callable[[dict[str, Any], str], Any],
    most: int,
    path: str,
) -> type[Schema]:
    """A variant's game request: `deals`, each a `deal_body` as `path` takes it (at most
    `most`), loaded into the variant's deal summaries by `summary(body, pointer)`."""

    def summaries(self: Schema, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return {
            "deals": [summary(body, f"/deals/{i}") for i, body in enumerate(data["deals"])],
            "options": data["options"],
        }

    deals = BoundedList(
        ma.fields.Nested(deal_body),
        required=True,
        validate=validate.Length(max=most),
        metadata={"description": f"The deals in order, each as {path} takes it."},
    )
    return type(name, (base,), {"deals": deals, "summaries": ma.post_load(summaries)})


GameRequestSchema = game_request_schema(
    "GameRequestSchema", RequestSchema, DealBodySchema, deal_summary, MAX_DEALS, "/v1/deals/score"
)


class GameProgressSchema(Schema):
    """Where the game stands after a deal; mixed into a deal's score schema (either variant)."""

    reserve_in = StrictInteger(required=True, metadata={"description": "Reserve before it."})
    reserve_out = StrictInteger(required=True, metadata={"description": "Reserve after it."})
    reserve_to = team(
        required=True,
        allow_none=True,
        metadata={"description": "The team that received the reserve held before it."},
    )
    totals = pair(StrictInteger(), required=True, metadata={"description": "Running totals."})

    def get_attribute(self, obj: Any, attr: str, default: Any) -> Any:
        # A GameDeal holds the deal's own score in `deal`.
        holder = obj if hasattr(obj, attr) else obj.deal
        return super().get_attribute(holder, attr, default)


class GameDealSchema(GameProgressSchema, DealScoreSchema):
    """A deal's score (as /v1/deals/score answers) and where the game stands after it."""


class GameTotalsSchema(Schema):
    """A game's end state: totals, a reserve still held, the winner (either variant)."""

    totals = pair(StrictInteger(), required=True)
    reserve = StrictInteger(required=True, metadata={"description": "A reserve still held."})
    finished = StrictBoolean(required=True)
    winner = team(required=True, allow_none=True)


class _GameDeals(Schema):
    deals = ma.fields.List(ma.fields.Nested(GameDealSchema), required=True)


class GameScoreSchema(GameTotalsSchema, _GameDeals):
    """The deals first, then the totals (fields of the last base come first)."""


@blp.route("/v1/games/score")
class ScoreGame(MethodView):
    @blp.doc(operationId="score_game")
    @example(
        "litige_then_made",
        {
            "deals": [{"taker": 0, "points": [81, 81]}, {"taker": 1, "points": [60, 102]}],
            "rules": {"target": 1000},
        },
        "A litige holds 81 points in reserve; the next deal's winners take them.",
    )
    @judgement(blp, GameRequestSchema, GameScoreSchema)
    def post(self, body: dict[str, Any]) -> GameScore:
        """The running totals deal by deal; a deal after the game was won is a 422.

        Each deal is a /v1/deals/score body without `rules` (the game's apply to all). A
        litige's reserve goes to the team that wins the next deal; the game ends when a team
        reaches `target`."""
        return score_game(body["deals"], body["options"])
