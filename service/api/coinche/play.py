"""POST /v1/coinche/legal-moves and /v1/coinche/plays/validate: a card of a coinche deal judged
(RULES-COINCHE.md "Order and value", "Play").

The classic schemas with `strain` (a suit, `SA` or `TA`) in place of `trump`, and coinche's
`rules`. Both load as `strain`, so the same rules calls judge both variants.
"""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from service.api.coinche.blueprint import PLAY_TAG, blp
from service.api.coinche.schemas import StrainSchema
from service.api.examples import example
from service.api.play import (
    PlaySchema,
    RulingSchema,
    TurnSchema,
    VerdictSchema,
    legal_moves,
    validate_play,
)
from service.api.views import judgement
from service.rules import Ruling


class CoincheTurnSchema(StrainSchema, TurnSchema):
    pass


class CoinchePlaySchema(StrainSchema, PlaySchema):
    pass


@blp.route("/v1/coinche/legal-moves", tags=[PLAY_TAG])
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


@blp.route("/v1/coinche/plays/validate", tags=[PLAY_TAG])
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
        """Whether the card may be played under the strain; a broken rule is a verdict (200).

        The body of /v1/coinche/legal-moves and the card played. Under SA: follow suit, else
        any card; under TA: follow and beat the best card of the led suit if you can; under a
        suit, RULES.md's obligations with coinche's defaults. A refused card comes with its
        violation code and sentence, and the legal cards."""
        return validate_play(play)
