"""POST /v1/annonces: what a hand can declare (RULES.md "Annonces")."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView

from service.api.blueprint import Blueprint
from service.api.examples import example
from service.api.fields import StrictBoolean, StrictInteger, SuitField, card_list
from service.api.options import RequestSchema
from service.api.schemas import AnnonceSchema, Schema
from service.api.views import judgement
from service.rules import HandAnnonces, check_distinct, hand_annonces
from service.rules.core.cards import HAND_SIZE

blp = Blueprint("annonces", __name__, description="The annonces a hand can declare.")


class HandRequestSchema(RequestSchema):
    hand = card_list(HAND_SIZE, HAND_SIZE, required=True)
    trump = SuitField(required=True)

    @ma.post_load
    def check(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        check_distinct(("/hand", data["hand"]))
        return data


class HandAnnoncesSchema(Schema):
    annonces = ma.fields.List(
        ma.fields.Nested(AnnonceSchema),
        required=True,
        metadata={"description": "The best split of the hand, best annonce first."},
    )
    belote = StrictBoolean(
        required=True, metadata={"description": "K and Q of trump held (counted apart)."}
    )
    points = StrictInteger(required=True, metadata={"description": "Annonces, belote not in."})


@blp.route("/v1/annonces")
class DeclarableAnnonces(MethodView):
    @blp.doc(operationId="find_annonces")
    @example(
        "carre_and_cinquante",
        {"hand": ["JS", "JH", "JD", "JC", "7D", "8D", "9D", "TD"], "trump": "S"},
        "Four jacks (200) and a run of four diamonds (50).",
    )
    @judgement(blp, HandRequestSchema, HandAnnoncesSchema)
    def post(self, body: dict[str, Any]) -> HandAnnonces:
        """The annonces the hand can declare with its first card, and its belote.

        The hand's best split into sequences and fours of a kind (a card serves in one annonce
        at most), best first; the belote (K and Q of trump) is counted apart. Annonces score
        only with rule option `annonces` (RULES.md "Annonces")."""
        return hand_annonces(body["hand"], body["trump"])
