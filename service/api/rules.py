"""GET /v1/rules and /v1/coinche/rules: the rules the referee applies to each game, its
options and its codes, and what the analyses beside them decide (`description.describe`).

Written once for every variant (`variants.VARIANT_APIS`), each with its answer's schema."""

from __future__ import annotations

from typing import Any, Final

import marshmallow as ma
from flask.views import MethodView

from service.api.blueprint import Blueprint
from service.api.examples import Example
from service.api.fields import PlainFloat, StrictInteger
from service.api.i18n import language_headers, request_language
from service.api.openapi import LANGUAGE_HEADERS, language_names
from service.api.schemas import Schema
from service.api.variants import Operation, VariantApi, for_each_variant
from service.rules.analysis.engine import ENGINES, NATIVE, REFERENCE, VARIABLE
from service.rules.description import describe

blp = Blueprint(
    "rules",
    __name__,
    description="The rule options with their defaults, the codes of the rulings, and the "
    "choices the referee makes where the texts differ.",
)


class OptionSchema(Schema):
    name = ma.fields.String(required=True)
    default = ma.fields.Raw(required=True)
    allowed = ma.fields.List(
        ma.fields.Raw(),
        required=True,
        allow_none=True,
        metadata={"description": "null: an integer from `minimum` to `maximum`."},
    )
    minimum = StrictInteger(required=True, allow_none=True)
    maximum = StrictInteger(required=True, allow_none=True)
    description = ma.fields.String(required=True)


class CodeSchema(Schema):
    code = ma.fields.String(required=True)
    description = ma.fields.String(required=True)


class CardValueSchema(Schema):
    rank = ma.fields.String(required=True)
    trump_order = StrictInteger(required=True, metadata={"description": "1 is the highest."})
    trump_points = StrictInteger(required=True)
    plain_order = StrictInteger(required=True, metadata={"description": "1 is the highest."})
    plain_points = StrictInteger(required=True)


class CitationSchema(Schema):
    document = ma.fields.String(required=True, metadata={"description": "Its title, as printed."})
    author = ma.fields.String(required=True, metadata={"description": "Who issued it."})
    date = ma.fields.String(required=True, metadata={"description": "As the text dates it."})
    sections = ma.fields.String(
        required=True, metadata={"description": "The sections the profile reads."}
    )
    address = ma.fields.String(
        required=True, allow_none=True, metadata={"description": "Where to read it; null: none."}
    )


class ProfileSchema(Schema):
    name = ma.fields.String(required=True, metadata={"description": '`rules: {"profile": name}`.'})
    summary = ma.fields.String(required=True)
    options = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.Raw(),
        required=True,
        metadata={
            "description": "The options its text decides, by name (each listed above); the "
            "others keep their defaults."
        },
    )
    citation = ma.fields.Nested(CitationSchema, required=True)
    leaves_open = ma.fields.List(
        ma.fields.Nested(CodeSchema),
        required=True,
        metadata={"description": "What the text leaves open, each with the referee's choice."},
    )


def profiles_field() -> ma.fields.List:
    """The game's named rulebooks (`rules: {"profile": name}`)."""
    return ma.fields.List(
        ma.fields.Nested(ProfileSchema),
        required=True,
        metadata={
            "description": "Named rulebooks: each text's options, where the text is, and what "
            "it leaves open with the referee's choice (docs/RULES.md, docs/RULES-COINCHE.md, "
            '"Profiles").'
        },
    )


def codes(description: str) -> ma.fields.List:
    """A list of codes, each with its sentence (classic's and coinche's descriptions)."""
    return ma.fields.List(
        ma.fields.Nested(CodeSchema), required=True, metadata={"description": description}
    )


class LabelSchema(Schema):
    label = ma.fields.String(required=True)
    least_loss = StrictInteger(
        required=True,
        allow_none=True,
        metadata={"description": "The least loss (card points) with this label; null: any."},
    )
    description = ma.fields.String(required=True)


class ReviewDescriptionSchema(Schema):
    default_budget_ms = StrictInteger(required=True)
    max_budget_ms = StrictInteger(required=True)
    labels = ma.fields.List(ma.fields.Nested(LabelSchema), required=True)
    loss = ma.fields.String(required=True)
    stake = ma.fields.String(required=True)
    precision = ma.fields.String(required=True)
    decisive = ma.fields.String(required=True)
    budget = ma.fields.String(required=True)


class SeatViewDescriptionSchema(Schema):
    default_samples = StrictInteger(
        required=True, metadata={"description": "Deals drawn per decision, by default."}
    )
    max_samples = StrictInteger(required=True)
    near_best = StrictInteger(
        required=True,
        metadata={
            "description": "A card with a double-dummy loss whose seat loss is under this "
            "many points is `unlucky`; from it on, the labels by the seat loss."
        },
    )
    doubt_share = PlainFloat(
        required=True,
        metadata={
            "description": "A guess: a decision where no card is best in more than this share "
            "of the deals drawn."
        },
    )
    guess_z_threshold = PlainFloat(
        required=True,
        metadata={"description": "The audit flags `guesses_too_well` at `z_guess` this or more."},
    )
    min_guesses = StrictInteger(
        required=True,
        metadata={"description": "... over at least this many guesses (else no z_guess)."},
    )
    guess_calibration = PlainFloat(
        required=True,
        metadata={
            "description": "A guess's chance calibrated on honest play: its odds times e to "
            "this power (0: the view's chance as it is)."
        },
    )
    seat_loss = ma.fields.String(required=True)
    unlucky = ma.fields.String(required=True)
    guess = ma.fields.String(required=True)


def seat_view_field() -> ma.fields.Nested:
    return ma.fields.Nested(
        SeatViewDescriptionSchema,
        required=True,
        metadata={
            "description": "What the review's `view: seat` decides (its samples, when a loss "
            "is `unlucky`, what a guess is) and the audit's `guesses_too_well` threshold."
        },
    )


class AdviceLevelDescriptionSchema(Schema):
    level = ma.fields.String(required=True)
    valued_by = ma.fields.String(
        required=True,
        metadata={
            "description": "How a call's deals are valued: `model`, their end by perfect play "
            "estimated; `search`, searched."
        },
    )
    samples = StrictInteger(required=True, metadata={"description": "A call's deals."})
    candidates = StrictInteger(
        required=True,
        metadata={"description": "Reading the calls: deals drawn uniformly per deal valued."},
    )
    card_first_trick = StrictInteger(
        required=True,
        allow_none=True,
        metadata={"description": "A card's deals in the first trick (null: no such card level)."},
    )
    card_after = StrictInteger(
        required=True,
        allow_none=True,
        metadata={"description": "A card's deals after the first trick."},
    )


class BidAdviceDescriptionSchema(Schema):
    default_inference = ma.fields.String(
        required=True, metadata={"description": "The call advice's `inference` by default."}
    )
    candidates = StrictInteger(
        required=True,
        metadata={"description": "Reading the calls: deals drawn uniformly per deal searched."},
    )
    reading_base = StrictInteger(
        required=True,
        metadata={"description": "What a partner brings, in the reading's value of a hand."},
    )
    reading_spread = PlainFloat(
        required=True, metadata={"description": "The reading's logistic, in points."}
    )
    reading_floor = PlainFloat(
        required=True, metadata={"description": "The least a call's factor weighs."}
    )
    reading_partner_base = StrictInteger(
        required=True,
        allow_none=True,
        metadata={
            "description": "The base the asking seat's partner's calls are read with (null: "
            "`reading_base`)."
        },
    )
    default_play = ma.fields.String(
        required=True, metadata={"description": "The call advice's `play` by default."}
    )
    table_base = PlainFloat(
        required=True,
        metadata={"description": "The takers' card points at the table: this plus ..."},
    )
    table_slope = PlainFloat(
        required=True, metadata={"description": "... this times their points by perfect play"}
    )
    table_spread = PlainFloat(
        required=True, metadata={"description": "... give or take this (a standard deviation)."}
    )
    model = ma.fields.String(required=True)
    default_level = ma.fields.String(
        required=True, metadata={"description": "The advice's `level` by default."}
    )
    levels = ma.fields.List(
        ma.fields.Nested(AdviceLevelDescriptionSchema),
        required=True,
        metadata={"description": "Each `level` of the advice: the calls' and the cards'."},
    )
    deal_model_error = PlainFloat(
        required=True,
        metadata={
            "description": "The model of a deal's value: its error on deals it was not fitted "
            "on, in card points (a standard deviation)."
        },
    )
    default_coinche_risk = PlainFloat(
        required=True,
        metadata={
            "description": "The call advice's `coinche_risk` by default: the share of the "
            "deals where a contract of the asking team falls that it is valued coinched."
        },
    )


TABLE_TEXT = "What a table (/v1/table, /v1/coinche/table) decides where the texts are silent."


class RulesDescriptionSchema(Schema):
    options = ma.fields.List(ma.fields.Nested(OptionSchema), required=True)
    violations = codes("The play violation codes.")
    bidding = codes("The bidding violation codes.")
    cards = ma.fields.List(ma.fields.Nested(CardValueSchema), required=True)
    deal_points = StrictInteger(required=True)
    annonce_tie_breaks = ma.fields.List(
        ma.fields.String(), required=True, metadata={"description": "Applied in this order."}
    )
    interpretations = codes("Where RULES.md chooses among readings of the texts.")
    table = codes(TABLE_TEXT)
    profiles = profiles_field()
    analysis_engine = ma.fields.String(
        required=True,
        metadata={
            "enum": list(ENGINES),
            "description": f"The search answering `/v1/analysis`: `{NATIVE}`, the compiled "
            f"core, or `{REFERENCE}`, the pure-Python search it is proven against (chosen "
            f"when the service starts, with `{VARIABLE}={REFERENCE}`). Both give the same "
            "answers; only their speed and `nodes` differ.",
        },
    )
    review = ma.fields.Nested(
        ReviewDescriptionSchema,
        required=True,
        metadata={
            "description": "What `/v1/analysis/review` (and its coinche path) decides: its "
            "budget, each label's least loss, and how loss, stake, precision, decisive and a "
            "renonce are counted."
        },
    )
    seat_view = seat_view_field()
    bid_advice = ma.fields.Nested(
        BidAdviceDescriptionSchema,
        required=True,
        metadata={
            "description": "How `/v1/coinche/advice/bid` reads the calls and plays out a deal "
            "(docs/advice.md): its defaults and its measured constants."
        },
    )


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
    table = codes(TABLE_TEXT)
    profiles = profiles_field()
    seat_view = seat_view_field()


ANSWERS: Final = {"classic": RulesDescriptionSchema, "coinche": CoincheRulesDescriptionSchema}
IN_A_LANGUAGE: Final = Example(
    "english", summary="The rules in English (another language with `Accept-Language`)."
)
RULES: Final = {
    "classic": Operation(
        f"The options, codes and choices, in {language_names()} (Accept-Language).",
        "Each rule option with its default, allowed values and a sentence; the violation and "
        "bidding codes; the card orders and points; and where the referee chose among the "
        "readings of the texts (RULES.md).",
        (IN_A_LANGUAGE,),
    ),
    "coinche": Operation(
        f"The coinche options, codes and choices, in {language_names()} (Accept-Language).",
        "Each option with its default, allowed values and a sentence; the play and auction "
        "codes; the referee's choices (RULES-COINCHE.md's [decided] points and its readings "
        "where the page is silent) and what is not offered.",
        (IN_A_LANGUAGE,),
    ),
}


@for_each_variant
def register(api: VariantApi) -> None:
    """The rules' path of `api`'s variant."""
    route = api.route(blp, "rules", "get_rules")

    @route.view
    class Rules(MethodView):
        @route.doc(api.each(RULES))
        @route.blueprint.response(200, api.each(ANSWERS), headers=LANGUAGE_HEADERS)
        def get(self) -> tuple[dict[str, Any], int, tuple[tuple[str, str], ...]]:
            described = describe(api.variant, request_language()).answer()
            return described, 200, language_headers()
