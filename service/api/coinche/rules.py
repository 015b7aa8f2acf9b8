"""GET /v1/coinche/rules: the coinche options, codes and choices described."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView

from service.api.coinche.blueprint import blp
from service.api.examples import example
from service.api.fields import StrictInteger
from service.api.i18n import language_headers, request_language
from service.api.openapi import LANGUAGE_HEADERS
from service.api.rules import CardValueSchema, OptionSchema, codes, seat_view_field
from service.api.schemas import Schema
from service.rules.description import describe
from service.rules.variants import COINCHE


class StrainPointsSchema(Schema):
    rank = ma.fields.String(required=True)
    sa_points = StrictInteger(required=True)
    ta_points = StrictInteger(required=True)


class CoincheRulesDescriptionSchema(Schema):
    options = ma.fields.List(ma.fields.Nested(OptionSchema), required=True)
    violations = codes("The play violation codes.")
    auction = codes("The auction violation codes, in the order they are checked.")
    auction_statuses = codes("What each auction status means.")
    cards = ma.fields.List(
        ma.fields.Nested(CardValueSchema),
        required=True,
        metadata={"description": "A suit contract's orders and points (as classic)."},
    )
    strain_points = ma.fields.List(
        ma.fields.Nested(StrainPointsSchema),
        required=True,
        metadata={
            "description": "Points under SA (plain order, sa_points ace19) and TA (trump "
            "order, ta_points ffb); `scaled` uses the plain or trump points, scaled to 152."
        },
    )
    deal_points = StrictInteger(required=True)
    choices = codes("The referee's choices where the sources differ or are silent.")
    not_offered = codes("Rules some rooms play that the referee does not offer, and why.")
    seat_view = seat_view_field()


@blp.route("/v1/coinche/rules")
class CoincheRules(MethodView):
    @blp.doc(operationId="coinche_get_rules")
    @example("english", summary="The rules in English (French with `Accept-Language: fr`).")
    @blp.response(200, CoincheRulesDescriptionSchema, headers=LANGUAGE_HEADERS)
    def get(self) -> tuple[dict[str, Any], int, tuple[tuple[str, str], ...]]:
        """The coinche options, codes and choices, in English or French (Accept-Language).

        Each option with its default, allowed values and a sentence; the play and auction
        codes; the referee's choices (RULES-COINCHE.md's [decided] points and its readings
        where the page is silent) and what is not offered."""
        return describe(COINCHE, request_language()).answer(), 200, language_headers()
