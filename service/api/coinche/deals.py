"""POST /v1/coinche/deals/score, /v1/coinche/deals/deal and /v1/coinche/deals/replay: a coinche
deal scored by its contract, a reproducible deal of 8 cards each, and a deal replayed with its
renonces, belotes and score (docs/RULES-COINCHE.md).

`CoincheDealBodySchema` and `coinche_summary` read a deal to score, for one deal here and
for each deal of a game (`coinche.games`). The replay's request is
service/api/replay_requests.py's, which the analyses take too.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView
from marshmallow import validate

from service.api.coinche.blueprint import PLAY_TAG, blp
from service.api.coinche.schemas import CoincheRequestSchema, ContractSchema
from service.api.deals import DealScoreSchema, ReplaySchema, TeamScoreBaseSchema, seed_field
from service.api.examples import example
from service.api.fields import (
    BoundedList,
    StrictInteger,
    SuitField,
    card_list,
    nullable,
    pair,
    seat,
    team,
)
from service.api.observability import count_renonces
from service.api.replay_requests import MAX_TEAM_ANNONCES, CoincheReplayRequestSchema
from service.api.schemas import Schema
from service.api.views import judgement
from service.rules import DEAL_POINTS, team_annonces
from service.rules.core.cards import HAND_SIZE
from service.rules.core.dealing import ALGORITHM
from service.rules.core.replay import Replay
from service.rules.core.strains import MAX_BELOTES
from service.rules.core.table import PLAYERS
from service.rules.variants import COINCHE
from service.rules.variants.coinche.scoring import CoincheDealScore, CoincheDealSummary


class CoincheDealBodySchema(Schema):
    """A coinche deal to score: its contract, points and what earns more than them."""

    contract = ma.fields.Nested(ContractSchema, required=True)
    points = pair(
        StrictInteger(validate=validate.Range(0, DEAL_POINTS)),
        required=True,
        metadata={
            "description": "Final card points per team, dix de der in (scaled under SA/TA "
            "when the options say so); they sum to 162."
        },
    )
    capot = nullable(team, "The team (0 or 1, not a count) that won all 8 tricks; null: none.")
    belote = pair(
        StrictInteger(validate=validate.Range(0, MAX_BELOTES)),
        load_default=(0, 0),
        metadata={"description": "Belotes counted per team, 20 each: 0 or 1, up to 4 under TA."},
    )
    annonces = pair(
        BoundedList(card_list(3, HAND_SIZE), validate=validate.Length(max=MAX_TEAM_ANNONCES)),
        load_default=((), ()),
        metadata={"description": "Each team's annonces by their cards (option `annonces`)."},
    )
    renonce = nullable(
        team, "The team (0 or 1, not a count) that committed the (first) renonce; null: none."
    )


def coinche_summary(body: dict[str, Any], pointer: str = "") -> CoincheDealSummary:
    """The rules' CoincheDealSummary for a loaded CoincheDealBodySchema at `pointer`."""
    return CoincheDealSummary(
        contract=body["contract"],
        points=(body["points"][0], body["points"][1]),
        capot=body["capot"],
        belote=(body["belote"][0], body["belote"][1]),
        annonces=team_annonces(body["annonces"], f"{pointer}/annonces"),
        renonce=body["renonce"],
    )


class CoincheDealScoreRequestSchema(CoincheDealBodySchema, CoincheRequestSchema):
    @ma.post_load
    def summary(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return {"summary": coinche_summary(data), "options": data["options"]}


class CoincheTeamScoreSchema(TeamScoreBaseSchema):
    """A coinche team's: V and m among its parts."""

    cards = StrictInteger(
        required=True,
        metadata={
            "description": "The points this team counts for the tricks, not the card points "
            "it won (`card_points`): its card points, the capot value (option `capot`) on a "
            "capot, or the fixed points (`chute_points`) of a dedans, of a coinched contract "
            "made or of a renonce penalty; 0 when it loses them."
        },
    )
    belote = StrictInteger(
        required=True, metadata={"description": "Belote points counted: 20 per belote."}
    )
    contract = StrictInteger(required=True, metadata={"description": "V, when this team won it."})
    multiplier = StrictInteger(
        required=True, metadata={"description": "m: 1, 2 coinched, 4 (or 3) surcoinched."}
    )
    rounding = StrictInteger(required=True, metadata={"description": "Option `rounding`."})
    total = StrictInteger(
        required=True,
        metadata={"description": "multiplier x (cards + belote + annonces + contract) + rounding"},
    )


class CoincheDealScoreSchema(DealScoreSchema):
    """As classic's deal score, with the coinche breakdown, T and D, and m."""

    breakdown = pair(ma.fields.Nested(CoincheTeamScoreSchema), required=True)
    compared = pair(
        StrictInteger(),
        required=True,
        metadata={"description": "What counts toward the contract per team: T and D."},
    )
    multiplier = StrictInteger(required=True, metadata={"enum": [1, 2, 3, 4]})


@blp.route("/v1/coinche/deals/score")
class ScoreCoincheDeal(MethodView):
    @blp.doc(operationId="coinche_score_deal")
    @example(
        "coinched_made",
        {
            "contract": {"taker": 0, "value": 100, "strain": "H", "coinche": 1},
            "points": [110, 52],
            "capot": None,
            "belote": [1, 0],
        },
        "RULES-COINCHE.md example 16: 100H coinched, 110 to 52 with the takers' belote: "
        "2 x (160 + 100 + 20).",
    )
    @judgement(blp, CoincheDealScoreRequestSchema, CoincheDealScoreSchema)
    def post(self, body: dict[str, Any]) -> CoincheDealScore:
        """A coinche deal scored: made, dedans or litige, and each team's score.

        From the contract (with its coinche level), each team's card points, capot, belotes,
        annonces and renonce (RULES-COINCHE.md "Scoring a deal"). A contract in SA/TA without
        `sa_ta`, or above `max_bid`, is a 422."""
        return COINCHE.score_deal(body["summary"], body["options"])


class CoincheDealRequestSchema(CoincheRequestSchema):
    seed = seed_field()
    dealer = seat(required=True)


class CoincheDealSchema(Schema):
    algorithm = ma.fields.Constant(ALGORITHM, required=True)
    hands = ma.fields.List(
        card_list(HAND_SIZE, HAND_SIZE, canonical=True),
        validate=validate.Length(equal=PLAYERS),
        required=True,
        metadata={"description": "Each seat's 8 cards, dealt 3-2-3 from the dealer's next."},
    )


@blp.route("/v1/coinche/deals/deal")
class DealCoincheCards(MethodView):
    @blp.doc(operationId="coinche_deal_cards")
    @example(
        "seeded",
        {"seed": "table 12, deal 7, 2026-11-29", "dealer": 3},
        "The same seed and dealer always give these hands.",
    )
    @judgement(blp, CoincheDealRequestSchema, CoincheDealSchema)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """A reproducible coinche deal: all 32 cards, 8 each, no turned card.

        The same shuffle as /v1/deals/deal (named in `algorithm`), dealt in packets of 3, 2
        and 3 from the dealer's next."""
        return {"hands": COINCHE.deal(body["seed"], body["dealer"]).hands}


# --- replay -----------------------------------------------------------------------------------


class BeloteSchema(Schema):
    seat = seat(required=True)
    team = team(required=True)
    suit = SuitField(canonical=True, required=True)


class CoincheReplaySchema(ReplaySchema):
    """The classic replay's answer, with the belotes counted and the coinche score."""

    belote = ma.fields.List(
        ma.fields.Nested(BeloteSchema),
        required=True,
        attribute="belotes",
        metadata={"description": "The belotes counted, 20 each: held, and announced."},
    )
    score = ma.fields.Nested(
        CoincheDealScoreSchema,
        required=True,
        allow_none=True,
        metadata={"description": "On a complete deal; the first renonce decides it."},
    )


@blp.route("/v1/coinche/deals/replay", tags=[PLAY_TAG])
class CoincheReplayDeal(MethodView):
    @blp.doc(operationId="coinche_replay_deal")
    @example(
        "renonce_under_tout_atout",
        {
            "dealer": 3,
            "contract": {"taker": 0, "value": 120, "strain": "TA"},
            "plays": ["JS", "7C", "9S", "10S", "8S", "AS"],
            "rules": {"sa_ta": True},
        },
        "120TA: seat 1 discards 7C on the JS lead, then plays AS: a renonce, proven by that "
        "later play.",
    )
    @judgement(blp, CoincheReplayRequestSchema, CoincheReplaySchema)
    def post(self, body: dict[str, Any]) -> Replay:
        """A coinche deal replayed: its tricks, renonces, belotes and score.

        Every trick under the contract's strain, every proven renonce with its proof (against
        `hands` when given, else by a card the player shows later), the belotes counted (held
        and, under `belote: announce`, announced), and the coinche score of a complete deal,
        its first renonce deciding. Every field is always there, `null` when unknown."""
        result = COINCHE.replay(body["record"], body["options"])
        count_renonces(len(result.renonces))
        return result
