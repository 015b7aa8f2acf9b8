"""POST /v1/games/score and /v1/coinche/games/score: a whole game, deal by deal, with the
litige reserve handed on, to the target (RULES.md "The game", the same for every variant).

Written once for every variant (`variants.VARIANT_APIS`): each deal is the variant's deal to
score (service/api/scores.py).
"""

from __future__ import annotations

from typing import Any, Final

import marshmallow as ma
from flask.views import MethodView

from service.api.blueprint import Blueprint
from service.api.examples import Example
from service.api.fields import Either, StrictBoolean, StrictInteger, pair, team
from service.api.schemas import Schema
from service.api.scores import SCORED, MisdealAnswerSchema, game_entries, game_summary
from service.api.variants import Operation, VariantApi, for_each_variant
from service.api.views import judgement
from service.rules import GameScore
from service.rules.core.scoring import GameMisdeal

blp = Blueprint(
    "games", __name__, description="A game scored deal by deal up to the target, and its winner."
)


def game_request(api: VariantApi) -> type[Schema]:
    """The variant's game request: `deals`, each its deal to score as its `/deals/score` takes
    it, or a misdeal (at most the variant's `most_deals`), loaded into the rules' deals to
    score and misdeals."""
    scored = api.each(SCORED)

    @ma.post_load
    def summaries(self: Schema, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return {
            "deals": [
                game_summary(scored, body, f"/deals/{i}") for i, body in enumerate(data["deals"])
            ],
            "options": data["options"],
        }

    deals = game_entries(
        scored,
        required=True,
        metadata={
            "description": f"The deals in order, each as {api.path('deals/score')} takes it, "
            'or a misdeal in its place, `{"misdeal": {"dealer", "count", "contract"}}` (rule '
            "option `misdeal`)."
        },
    )
    return api.schema(api.request, name="GameRequestSchema", deals=deals, summaries=summaries)


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


a_team = team  # `team` is also a field of the misdeal's line


class GameMisdealSchema(Schema):
    """A misdeal of a game, where a deal would be: its penalty to the dealer's opponents (rule
    option `misdeal`; 0: redealt) and where the game stands after it."""

    misdeal = ma.fields.Nested(MisdealAnswerSchema, required=True)
    team = a_team(
        required=True,
        metadata={"description": "The team that scores the penalty: the dealer's opponents."},
    )
    penalty = StrictInteger(
        required=True, metadata={"description": "The points it scores (rule option `misdeal`)."}
    )
    score = pair(StrictInteger(), required=True, metadata={"description": "The penalty, per team."})
    reserve_in = StrictInteger(required=True, metadata={"description": "Reserve before it."})
    reserve_out = StrictInteger(
        required=True, metadata={"description": "Reserve after it: the same, a misdeal wins none."}
    )
    reserve_to = a_team(
        required=True, allow_none=True, metadata={"description": "Always null: see `reserve_out`."}
    )
    totals = pair(StrictInteger(), required=True, metadata={"description": "Running totals."})


def is_game_misdeal(line: Any) -> bool:
    return isinstance(line, GameMisdeal)


class GameTotalsSchema(Schema):
    """A game's end state: totals, a reserve still held, the winner (either variant)."""

    totals = pair(StrictInteger(), required=True)
    reserve = StrictInteger(required=True, metadata={"description": "A reserve still held."})
    finished = StrictBoolean(required=True)
    winner = team(required=True, allow_none=True)


def game_answer(api: VariantApi) -> type[Schema]:
    """The variant's game score: each deal's score (as its `/deals/score` answers), or a
    misdeal's penalty, and where the game stands after it, then the totals."""
    deal = api.schema(api.each(SCORED).score, GameProgressSchema, name="GameDealSchema")
    listed = ma.fields.List(Either(deal, GameMisdealSchema, is_game_misdeal), required=True)
    deals = type("GameDeals", (Schema,), {"deals": listed})
    # The deals first, then the totals (the fields of the last base come first).
    return api.schema(deals, GameTotalsSchema, name="GameScoreSchema")


GAME: Final = {
    "classic": Operation(
        "The running totals deal by deal; a deal after the game was won is a 422.",
        (
            "Each deal is a /v1/deals/score body without `rules` (the game's apply to all). A "
            "litige's reserve goes to the team that wins the next deal; the game ends when a team"
            " reaches `target`."
        ),
        (
            Example(
                "litige_then_made",
                {
                    "deals": [{"taker": 0, "points": [81, 81]}, {"taker": 1, "points": [60, 102]}],
                    "rules": {"target": 1000},
                },
                "A litige holds 81 points in reserve; the next deal's winners take them.",
            ),
        ),
    ),
    "coinche": Operation(
        "A coinche game deal by deal: running totals, litige reserve, winner.",
        (
            "The game ends at the end of a deal where a team has reached the target (2000 by "
            "default); a deal after the game was won is a 422."
        ),
        (
            Example(
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
                (
                    "A litige puts 80 in reserve; the next deal's takers make their contract and "
                    "win it."
                ),
            ),
        ),
    ),
}


@for_each_variant
def register(api: VariantApi) -> None:
    """The game's path of `api`'s variant."""
    route = api.route(blp, "games/score", "score_game")
    operation = api.each(GAME)

    @route.view
    class ScoreGame(MethodView):
        @route.doc(operation)
        @judgement(route.blueprint, game_request(api), game_answer(api))
        def post(self, body: dict[str, Any]) -> GameScore:
            return api.variant.score_game(body["deals"], body["options"])
