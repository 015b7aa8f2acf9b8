"""Coinche's request base and the coinche paths this module serves (RULES-COINCHE.md, API.md
"Coinche"): the auction, a deal scored, a game scored, a deal dealt, and the rules described.

`CoincheRequestSchema` is the base of every coinche request: its `rules` load as
`CoincheOptions` (unknown options 422); `ContractSchema` and `StrainField` read a contract
and a strain for every coinche path.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView
from marshmallow import validate

from service.api import plans
from service.api.blueprint import Blueprint
from service.api.deals import (
    CARD_POINTS_WON,
    MAX_SEED_LENGTH,
    MAX_TEAM_ANNONCES,
    DealScoreSchema,
)
from service.api.examples import example
from service.api.games import GameProgressSchema, GameTotalsSchema, game_request_schema
from service.api.i18n import language_headers, request_language
from service.api.openapi import LANGUAGE_HEADERS
from service.api.rules import CardValueSchema, CodeSchema, OptionSchema
from service.api.schemas import (
    SUIT_INPUTS,
    SUIT_PATTERN,
    BoundedList,
    MessageField,
    RequestSchema,
    Schema,
    StrictInteger,
    SuitField,
    card_list,
    judgement,
    nullable,
    pair,
    rules_schema,
    seat,
    team,
)
from service.rules import DEAL_POINTS, team_annonces
from service.rules.cards import HAND_SIZE
from service.rules.coinche_bidding import (
    AUCTION_CODES,
    CALL_PATTERN,
    COINCHE,
    INVALID,
    OPEN,
    PASS,
    REDEAL,
    SURCOINCHE,
    TAKEN,
    Auction,
    judge_auction,
)
from service.rules.coinche_describe import CoincheRulesDescription, describe_coinche_rules
from service.rules.coinche_options import (
    BID_STEP,
    CAPOT,
    COINCHE_LEVELS,
    COINCHE_OPTION_SPECS,
    DEFAULT_COINCHE_OPTIONS,
    MIN_BID,
    CoincheOptions,
    Contract,
)
from service.rules.coinche_scoring import (
    CoincheDealScore,
    CoincheDealSummary,
    score_coinche_deal,
    score_coinche_game,
)
from service.rules.dealing import ALGORITHM, MIN_SEED_LENGTH, deal_coinche
from service.rules.play import PLAYERS
from service.rules.scoring import MAX_DEALS, GameScore
from service.rules.strains import MAX_BELOTES, STRAIN_CODES, Strain, parse_strain

blp = Blueprint(
    "coinche",
    __name__,
    description="Belote coinchée (RULES-COINCHE.md): the auction, a deal or a game scored by "
    "contract, a reproducible deal of 8 cards each, and the coinche rules.",
)

CoincheRulesSchema = rules_schema(
    "CoincheRulesSchema",
    COINCHE_OPTION_SPECS,
    CoincheOptions.from_mapping,
    "Coinche rule options (RULES-COINCHE.md): each optional, its default when absent.",
)


class CoincheRequestSchema(RequestSchema):
    """Every coinche computation takes optional `rules`; they load as `options` (a
    CoincheOptions)."""

    options = ma.fields.Nested(
        CoincheRulesSchema,
        data_key="rules",
        load_default=DEFAULT_COINCHE_OPTIONS,
        metadata={"description": "Coinche rule options; each optional (RULES-COINCHE.md)."},
    )


STRAIN_INPUTS = (*SUIT_INPUTS, "SA", "TA", "sa", "ta")
STRAIN_PATTERN = rf"^(?:{SUIT_PATTERN[1:-1]}|SA|TA|sa|ta)$"


class StrainField(SuitField):
    """A strain: a suit `S H D C` (also `♠ ♥ ♦ ♣` on input), `SA` or `TA`, any case on input;
    canonical on output. Loads as an int: a suit 0-3, `SANS_ATOUT` or `TOUT_ATOUT`."""

    problem, value_name = "not_a_strain", "strain"
    codes, inputs, pattern = STRAIN_CODES, STRAIN_INPUTS, STRAIN_PATTERN

    def parse(self, text: str) -> Strain:  # type: ignore[override]
        return parse_strain(text)

    def canonical(self, value: Strain) -> str:
        return STRAIN_CODES[value]


class ContractValueField(ma.fields.Raw):
    """A contract's value: an integer (80..max_bid in tens, checked against the rules) or
    `"capot"`."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {
            "oneOf": [{"type": "integer"}, {"type": "string", "enum": [CAPOT]}],
            **kwargs.pop("metadata", {}),
        }
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if value == CAPOT or type(value) is int:
            return value
        raise ma.ValidationError("A value is an integer (80..max_bid in tens) or 'capot'.")

    def load_converter(self) -> plans.Convert:
        def read(value: Any) -> Any:
            if value == CAPOT or type(value) is int:
                return value
            raise plans.Unsure

        return read

    def dump_converter(self) -> plans.Convert:
        return lambda value: value


class ContractSchema(Schema):
    """A contract: `{"taker": seat, "value": 80..180 | "capot", "strain", "coinche": 0|1|2}`."""

    taker = seat(required=True, metadata={"description": "The seat of the final bid."})
    value = ContractValueField(
        required=True, metadata={"description": "80..max_bid in tens, or 'capot'."}
    )
    strain = StrainField(required=True)
    coinche = StrictInteger(
        validate=validate.Range(0, COINCHE_LEVELS - 1),
        load_default=0,
        metadata={"description": "0 none, 1 coinched, 2 surcoinched."},
    )

    @ma.post_load
    def contract(self, data: dict[str, Any], **kwargs: Any) -> Contract:
        return Contract(data["taker"], data["value"], data["strain"], data["coinche"])


class ContractAnswerSchema(ContractSchema):
    strain = StrainField(canonical=True, required=True)
    coinche = StrictInteger(required=True, metadata={"enum": list(range(COINCHE_LEVELS))})


# --- the auction -----------------------------------------------------------------------------

# Bids are raised and each followed by at most 3 passes (4 under four_passes), plus a coinche
# and its passes: a finished auction is far shorter. A call after the end is a verdict (the
# first one is named), so longer lists are judged, up to this bound.
MAX_CALLS_LISTED = 128
MAX_CALL_LENGTH = 16
MAX_BID_ALLOWED = max(COINCHE_OPTION_SPECS["max_bid"].allowed or (0,))
EVERY_CALL = [
    PASS,
    *(f"{v}{s}" for v in range(MIN_BID, MAX_BID_ALLOWED + 1, BID_STEP) for s in STRAIN_CODES),
    *(f"{CAPOT}{s}" for s in STRAIN_CODES),
    COINCHE,
    SURCOINCHE,
]


class AuctionRequestSchema(CoincheRequestSchema):
    dealer = seat(required=True)
    bids = BoundedList(
        # Every call the auction reads, as a pattern: an enum of every spelling would list
        # near-duplicates (`90H`, `90h`, `90♥`).
        ma.fields.String(
            validate=validate.Length(max=MAX_CALL_LENGTH), metadata={"pattern": CALL_PATTERN}
        ),
        validate=validate.Length(max=MAX_CALLS_LISTED),
        load_default=(),
        metadata={
            "description": "The calls from the dealer's next: 'pass', '<value><strain>' "
            "('90H', '110SA'), 'capot<strain>' ('capotS'), 'coinche', 'surcoinche'; any case, "
            "suits also as symbols. Anything else is a 422."
        },
    )


class AuctionViolationSchema(Schema):
    index = StrictInteger(required=True, metadata={"description": "The index in `bids`."})
    code = ma.fields.String(required=True, metadata={"enum": list(AUCTION_CODES)})
    message = MessageField(required=True)


def _contract(description: str) -> ma.fields.Nested:
    return ma.fields.Nested(
        ContractAnswerSchema,
        required=True,
        allow_none=True,
        metadata={"description": description},
    )


class AuctionSchema(Schema):
    status = ma.fields.String(required=True, metadata={"enum": [OPEN, TAKEN, REDEAL, INVALID]})
    next = seat(required=True, allow_none=True, metadata={"description": "Who speaks next."})
    legal = ma.fields.List(
        ma.fields.String(metadata={"enum": EVERY_CALL}),
        required=True,
        metadata={"description": "The calls `next` may make, in RULES-COINCHE.md's order."},
    )
    contract = _contract("Once the auction is taken: the contract at its coinche level.")
    standing = _contract("The highest bid so far, at its coinche level.")
    violation = ma.fields.Nested(AuctionViolationSchema, required=True, allow_none=True)


@blp.route("/v1/coinche/bidding")
class JudgeAuction(MethodView):
    @blp.doc(operationId="coinche_bidding")
    @example(
        "coinched",
        {"dealer": 3, "bids": ["90H", "coinche", "pass", "pass", "pass"]},
        "Seat 0 bids 90 in hearts, seat 1 coinches, three passes: 90H coinched.",
    )
    @example(
        "bid_after_coinche",
        {"dealer": 3, "bids": ["90H", "coinche", "100S"]},
        "A bid after the coinche: a verdict, and the auction as it stood before it.",
    )
    @judgement(blp, AuctionRequestSchema, AuctionSchema)
    def post(self, body: dict[str, Any]) -> Auction:
        """The coinche auction: open, taken, redeal, or the first illegal call.

        Calls go round from the dealer's next. An illegal call is a verdict (200) naming its
        index and code; `next`, `legal`, `contract` and `standing` then describe the auction
        just before it. An unparsable call is a 422."""
        return judge_auction(body["dealer"], body["bids"], body["options"])


# --- scoring ---------------------------------------------------------------------------------


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


class CoincheTeamScoreSchema(Schema):
    team = team(required=True)
    cards = StrictInteger(
        required=True,
        metadata={
            "description": "The points this team counts for the tricks, not the card points "
            "it won (`card_points`): its card points, the capot value (option `capot`) on a "
            "capot, or the fixed points (`chute_points`) of a dedans, of a coinched contract "
            "made or of a renonce penalty; 0 when it loses them."
        },
    )
    card_points = StrictInteger(required=True, metadata={"description": CARD_POINTS_WON})
    belote = StrictInteger(
        required=True, metadata={"description": "Belote points counted: 20 per belote."}
    )
    annonces = StrictInteger(required=True, metadata={"description": "Annonce points counted."})
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
        return score_coinche_deal(body["summary"], body["options"])


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


class _CoincheGameDeals(Schema):
    deals = ma.fields.List(ma.fields.Nested(CoincheGameDealSchema), required=True)


class CoincheGameScoreSchema(GameTotalsSchema, _CoincheGameDeals):
    """The deals first, then the totals."""


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
        return score_coinche_game(body["deals"], body["options"])


# --- dealing ---------------------------------------------------------------------------------


class CoincheDealRequestSchema(CoincheRequestSchema):
    seed = ma.fields.String(
        required=True,
        validate=validate.Length(MIN_SEED_LENGTH, MAX_SEED_LENGTH),
        metadata={"description": "Client text; the same seed always deals the same cards."},
    )
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
        return {"hands": deal_coinche(body["seed"], body["dealer"])}


# --- the rules -------------------------------------------------------------------------------


def _codes(description: str) -> ma.fields.List:
    return ma.fields.List(
        ma.fields.Nested(CodeSchema), required=True, metadata={"description": description}
    )


class StrainPointsSchema(Schema):
    rank = ma.fields.String(required=True)
    sa_points = StrictInteger(required=True)
    ta_points = StrictInteger(required=True)


class CoincheRulesDescriptionSchema(Schema):
    options = ma.fields.List(ma.fields.Nested(OptionSchema), required=True)
    violations = _codes("The play violation codes.")
    auction = _codes("The auction violation codes, in the order they are checked.")
    auction_statuses = _codes("What each auction status means.")
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
    choices = _codes("The referee's choices where the sources differ or are silent.")
    not_offered = _codes("Rules some rooms play that the referee does not offer, and why.")


@blp.route("/v1/coinche/rules")
class CoincheRules(MethodView):
    @blp.doc(operationId="coinche_get_rules")
    @example("english", summary="The rules in English (French with `Accept-Language: fr`).")
    @blp.response(200, CoincheRulesDescriptionSchema, headers=LANGUAGE_HEADERS)
    def get(self) -> tuple[CoincheRulesDescription, int, tuple[tuple[str, str], ...]]:
        """The coinche options, codes and choices, in English or French (Accept-Language).

        Each option with its default, allowed values and a sentence; the play and auction
        codes; the referee's choices (RULES-COINCHE.md's [decided] points and its readings
        where the page is silent) and what is not offered."""
        return describe_coinche_rules(request_language()), 200, language_headers()
