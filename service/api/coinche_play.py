"""POST /v1/coinche/legal-moves, /plays/validate, /tricks/winner and /deals/replay: the play
of a coinche deal judged (RULES-COINCHE.md "Order and value", "Play", "Belote").

The classic schemas with `strain` (a suit, `SA` or `TA`) in place of `trump`, coinche's
`rules`, and the replay's own contract, belotes and score. Both load as `strain`, so the same
rules calls judge both variants.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView
from marshmallow import validate

from service.api.blueprint import Blueprint
from service.api.coinche import CoincheRequestSchema, ContractSchema, StrainField
from service.api.coinche_deals import CoincheDealScoreSchema
from service.api.deals import (
    ReplayRequestSchema,
    ReplaySchema,
)
from service.api.examples import example
from service.api.fields import BoundedList, SuitField, seat, team
from service.api.observability import count_renonces
from service.api.play import (
    PlaySchema,
    RulingSchema,
    TurnSchema,
    VerdictSchema,
    legal_moves,
    validate_play,
)
from service.api.schemas import Schema
from service.api.tricks import TrickSchema, TrickWinnerSchema
from service.api.views import judgement
from service.rules import Ruling, TrickResult, judge_trick
from service.rules.coinche_replay import (
    Belote,
    CoincheRecord,
    CoincheReplay,
    check_strain,
    replay_coinche,
    strain_values,
)
from service.rules.table import PLAYERS

blp = Blueprint(
    "coinche_play",
    __name__,
    description="Belote coinchée (RULES-COINCHE.md): the cards the player to move may play "
    "under a suit, sans-atout or tout-atout, who wins a trick, and a deal replayed with its "
    "renonces, belotes and score.",
)

STRAIN_DESCRIPTION = (
    "The contract's strain: a trump suit S H D C, or SA (sans atout) and TA (tout atout) "
    "with rule option `sa_ta` (else 422)."
)


class StrainSchema(CoincheRequestSchema):
    """A coinche turn or trick: `strain` loads where classic loads its `trump` (as `strain`),
    so the same rules calls judge both variants; SA and TA only with `sa_ta`."""

    strain = StrainField(required=True, metadata={"description": STRAIN_DESCRIPTION})

    @ma.post_load
    def check(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """The strain against `sa_ta`, then the classic schema's own check (a turn's), if any."""
        check_strain(data["strain"], data["options"])
        classic = getattr(super(), "check", None)
        return data if classic is None else classic(data, **kwargs)


class CoincheTurnSchema(StrainSchema, TurnSchema):
    pass


class CoinchePlaySchema(StrainSchema, PlaySchema):
    pass


class CoincheTrickSchema(StrainSchema, TrickSchema):
    pass


@blp.route("/v1/coinche/legal-moves")
class CoincheLegalMoves(MethodView):
    @blp.doc(operationId="coinche_legal_moves")
    @example(
        "tout_atout",
        {
            "strain": "TA",
            "leader": 1,
            "trick": ["AS"],
            "hand": ["7S", "9S", "KH"],
            "rules": {"sa_ta": True},
        },
        "Tout-atout: seat 2 must follow spades and beat AS, with 9S.",
    )
    @judgement(blp, CoincheTurnSchema, RulingSchema)
    def post(self, turn: dict[str, Any]) -> Ruling:
        """The legal cards of the hand under the strain, and each illegal one with its rule.

        SA: follow suit, else any card. TA: follow and beat the best card of the led suit if
        you can, else any card. A suit: RULES.md, with coinche's `undertrump` optional."""
        return legal_moves(turn)


@blp.route("/v1/coinche/plays/validate")
class CoincheValidatePlay(MethodView):
    @blp.doc(operationId="coinche_validate_play")
    @example(
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
    )
    @judgement(blp, CoinchePlaySchema, VerdictSchema)
    def post(self, play: dict[str, Any]) -> dict[str, Any]:
        """Whether `card` may be played under the strain; a broken rule is a verdict (200).

        The body of /v1/coinche/legal-moves and the card played. Under SA: follow suit, else
        any card; under TA: follow and beat the best card of the led suit if you can; under a
        suit, RULES.md's obligations with coinche's defaults. A refused card comes with its
        violation code and sentence, and the legal cards."""
        return validate_play(play)


@blp.route("/v1/coinche/tricks/winner")
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


# --- replay ----------------------------------------------------------------------------------


class BeloteAnnouncedSchema(Schema):
    seat = seat(required=True)
    suit = SuitField(required=True, metadata={"description": "The suit of the K and Q."})

    @ma.post_load
    def belote(self, data: dict[str, Any], **kwargs: Any) -> Belote:
        return Belote(data["seat"], data["suit"])


class CoincheReplayRequestSchema(CoincheRequestSchema, ReplayRequestSchema):
    class Meta:
        exclude = ("trump", "taker")

    contract = ma.fields.Nested(ContractSchema, required=True)
    belote_announced = BoundedList(
        ma.fields.Nested(BeloteAnnouncedSchema),
        validate=validate.Length(max=PLAYERS),
        load_default=(),
        metadata={
            "description": "The belotes announced (rule option `belote: announce`, the "
            "default): each counts when its seat holds K and Q of that suit and the strain "
            "has that belote (a suit: its trump; SA: none; TA: each suit with `ta_belote`)."
        },
    )

    @ma.post_load
    def record(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        hands = data["hands"]
        record = CoincheRecord(
            dealer=data["dealer"],
            contract=data["contract"],
            plays=tuple(data["plays"]),
            hands=None if hands is None else tuple(tuple(hand) for hand in hands),
            belote_announced=tuple(data["belote_announced"]),
            declarations=tuple(data["declarations"]),
        )
        return {"record": record, "options": data["options"]}


class BeloteSchema(Schema):
    seat = seat(required=True)
    team = team(required=True)
    suit = SuitField(canonical=True, required=True)


class CoincheReplaySchema(ReplaySchema):
    """The classic replay's answer, with the belotes counted and the coinche score."""

    belote = ma.fields.List(
        ma.fields.Nested(BeloteSchema),
        required=True,
        metadata={"description": "The belotes counted, 20 each: held, and announced."},
    )
    score = ma.fields.Nested(
        CoincheDealScoreSchema,
        required=True,
        allow_none=True,
        metadata={"description": "On a complete deal; the first renonce decides it."},
    )


@blp.route("/v1/coinche/deals/replay")
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
    def post(self, body: dict[str, Any]) -> CoincheReplay:
        """A coinche deal replayed: its tricks, renonces, belotes and score.

        Every trick under the contract's strain, every proven renonce with its proof (against
        `hands` when given, else by a card the player shows later), the belotes counted (held
        and, under `belote: announce`, announced), and the coinche score of a complete deal,
        its first renonce deciding. Every field is always there, `null` when unknown."""
        result = replay_coinche(body["record"], body["options"])
        count_renonces(len(result.renonces))
        return result
