"""A deal to score and its score, as `/deals/score` and `/games/score` read and answer them,
for each variant (`SCORED`): classic's body names its taker, trump and the belote's team,
coinche's its contract and how many belotes each team counts; each variant's score adds its
own parts to what both have (`TeamScoreBaseSchema`, `DealScoreSchema`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import marshmallow as ma
from marshmallow import validate

from service.api.fields import (
    BoundedList,
    Either,
    StrictInteger,
    SuitField,
    card_list,
    nullable,
    or_null,
    pair,
    seat,
    team,
)
from service.api.replay_requests import MAX_TEAM_ANNONCES
from service.api.schemas import Schema
from service.api.strains import ContractAnswerSchema, ContractSchema, ContractValueField
from service.rules import DEAL_POINTS, team_annonces
from service.rules.core.cards import HAND_SIZE
from service.rules.core.scoring import CONTRACTS, MAX_DEALS, Misdeal
from service.rules.core.strains import MAX_BELOTES
from service.rules.variants.classic.scoring import DealSummary
from service.rules.variants.coinche.options import CAPOT
from service.rules.variants.coinche.scoring import CoincheDealSummary

GENERALE_SEAT = (
    "The seat (0 to 3, not a team) that won all 8 tricks alone, which makes a 'generale' "
    "contract (option `generale`); its team must be `capot`. null: none."
)
CARD_POINTS_WON = (
    "The card points this team won in its tricks, dix de der in, whatever the deal's outcome "
    "(`cards` is what it counts)."
)


class TeamScoreBaseSchema(Schema):
    """A team's deal score in either variant, as far as the variants agree: the team, what it
    counts for the tricks (`cards`, said by each variant), what it won, its belote (each
    variant says how much) and its annonces; each variant's adds its own parts, its rounding
    and its total."""

    team = team(required=True)
    cards = StrictInteger(required=True)
    card_points = StrictInteger(required=True, metadata={"description": CARD_POINTS_WON})
    belote = StrictInteger(required=True)
    annonces = StrictInteger(required=True, metadata={"description": "Annonce points counted."})


class TeamScoreSchema(TeamScoreBaseSchema):
    cards = StrictInteger(
        required=True,
        metadata={
            "description": "The card points this team counts, not those it won (`card_points`): "
            "its own when it keeps them; all 162 when the other team is dedans or commits the "
            "renonce; 0 when it loses them (dedans, its renonce, a litige's takers, whose points "
            "go to `reserve`, an annulled deal)."
        },
    )
    belote = StrictInteger(
        required=True, metadata={"description": "Belote points counted: 20 or 0."}
    )
    capot_bonus = StrictInteger(required=True)
    rounding = StrictInteger(required=True, metadata={"description": "Option `rounding`."})
    total = StrictInteger(required=True)


class AnnonceVerdictSchema(Schema):
    team = team(
        required=True,
        allow_none=True,
        metadata={"description": "The team whose annonces counted; null: none (or a tie)."},
    )
    points = pair(StrictInteger(), required=True, metadata={"description": "Counted, per team."})
    declared = pair(StrictInteger(), required=True, metadata={"description": "Declared."})


class DealScoreSchema(Schema):
    contract = ma.fields.String(required=True, metadata={"enum": list(CONTRACTS)})
    capot = or_null(team, "The team (0 or 1, not a count) that won all 8 tricks; null: none.")
    score = pair(StrictInteger(), required=True)
    reserve = StrictInteger(
        required=True, metadata={"description": "Points held in reserve by a litige."}
    )
    breakdown = pair(ma.fields.Nested(TeamScoreSchema), required=True)
    takers = team(required=True)
    annonces = or_null(
        ma.fields.Nested,
        "null unless rule option `annonces` is true.",
        nested=AnnonceVerdictSchema,
    )
    renonce = or_null(
        team,
        "The team (0 or 1: the offending team, not a count) whose renonce decided the deal; "
        "null: none.",
    )


class DealBodySchema(Schema):
    """A deal to score: points and what earns more than them."""

    taker = seat(required=True, metadata={"description": "The seat that took (team taker % 2)."})
    points = pair(
        StrictInteger(validate=validate.Range(0, DEAL_POINTS)),
        required=True,
        metadata={"description": "Card points with dix de der per team; they sum to 162."},
    )
    capot = nullable(team, "The team (0 or 1, not a count) that won all 8 tricks; null: none.")
    belote = nullable(
        team,
        "The team (0 or 1, not a count: 0 is team 0) whose belote-rebelote counts; null: none.",
    )
    annonces = pair(
        BoundedList(card_list(3, HAND_SIZE), validate=validate.Length(max=MAX_TEAM_ANNONCES)),
        load_default=((), ()),
        metadata={"description": "Each team's annonces, each given by its cards."},
    )
    trump = nullable(SuitField, "Needed to score annonces (their tie-break).")
    renonce = nullable(
        team, "The team (0 or 1, not a count) that committed the (first) renonce; null: none."
    )


def deal_body(summary: DealSummary) -> dict[str, Any]:
    """A DealSummary as a DealBodySchema body (what `deal_summary` reads back): a table's
    `game_entry`."""
    return {
        "taker": summary.taker,
        "points": summary.points,
        "capot": summary.capot,
        "belote": next((t for t, count in enumerate(summary.belote) if count), None),
        "annonces": _annonce_cards(summary.annonces),
        "trump": summary.trump,
        "renonce": summary.renonce,
    }


def _annonce_cards(annonces: tuple[tuple[Any, ...], ...]) -> list[list[Any]]:
    """Each team's annonces by their cards, as a body gives them."""
    return [[annonce.cards for annonce in side] for side in annonces]


def card_list_of_lists() -> ma.fields.List:
    """A team's annonces in an answer: each its cards."""
    return ma.fields.List(card_list(3, HAND_SIZE, canonical=True))


def deal_summary(body: dict[str, Any], pointer: str = "") -> DealSummary:
    """The rules' DealSummary for a loaded DealBodySchema found at `pointer` in the request."""
    return DealSummary(
        taker=body["taker"],
        points=(body["points"][0], body["points"][1]),
        capot=body["capot"],
        belote=(int(body["belote"] == 0), int(body["belote"] == 1)),  # the team's: one belote
        annonces=team_annonces(body["annonces"], f"{pointer}/annonces"),
        trump=body["trump"],
        renonce=body["renonce"],
    )


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
    generale = nullable(seat, GENERALE_SEAT)


def coinche_body(summary: CoincheDealSummary) -> dict[str, Any]:
    """A CoincheDealSummary as a CoincheDealBodySchema body (`coinche_summary` reads it
    back): a table's `game_entry`."""
    return {
        "contract": summary.contract,
        "points": summary.points,
        "capot": summary.capot,
        "belote": summary.belote,
        "annonces": _annonce_cards(summary.annonces),
        "renonce": summary.renonce,
        "generale": summary.generale,
    }


def coinche_summary(body: dict[str, Any], pointer: str = "") -> CoincheDealSummary:
    """The rules' CoincheDealSummary for a loaded CoincheDealBodySchema at `pointer`."""
    return CoincheDealSummary(
        contract=body["contract"],
        points=(body["points"][0], body["points"][1]),
        capot=body["capot"],
        belote=(body["belote"][0], body["belote"][1]),
        annonces=team_annonces(body["annonces"], f"{pointer}/annonces"),
        renonce=body["renonce"],
        generale=body["generale"],
    )


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
        metadata={
            "description": "multiplier x (cards + belote + annonces + contract) + rounding, "
            "by default; the option `multiplier_scope` may name fewer parts to multiply, the "
            "others added once (`contract`: cards + belote + annonces + multiplier x contract)."
        },
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


ANNONCE_CARDS = "Each team's annonces, each given by its cards."


class DealEntrySchema(Schema):
    """A classic deal to score as an answer gives it (a table's `game_entry`): the body of
    /v1/deals/score with every field there."""

    taker = seat(required=True)
    points = pair(StrictInteger(), required=True)
    capot = or_null(team, "The team that won all 8 tricks; null: none.")
    belote = or_null(team, "The team whose belote-rebelote counts; null: none.")
    annonces = pair(card_list_of_lists(), required=True, metadata={"description": ANNONCE_CARDS})
    trump = or_null(SuitField, "The trump.", canonical=True)
    renonce = or_null(team, "The team whose renonce decided the deal; null: none.")


class CoincheDealEntrySchema(Schema):
    """A coinche deal to score as an answer gives it (a table's `game_entry`): the body of
    /v1/coinche/deals/score with every field there."""

    contract = ma.fields.Nested(ContractAnswerSchema, required=True)
    points = pair(StrictInteger(), required=True)
    capot = or_null(team, "The team that won all 8 tricks; null: none.")
    belote = pair(StrictInteger(), required=True, metadata={"description": "Belotes per team."})
    annonces = pair(card_list_of_lists(), required=True, metadata={"description": ANNONCE_CARDS})
    renonce = or_null(team, "The team whose renonce decided the deal; null: none.")
    generale = or_null(seat, "The seat that won all 8 tricks alone; null: none.")


MISDEAL_COUNT = (
    "The misdeal's rank in a row of misdeals by this dealer on this deal: 1 the first, 2 the "
    "second..."
)
MISDEAL_CONTRACT = (
    "The value of the bid standing when the misdeal was found (one the auction can reach, as "
    "a contract's), for `misdeal: cannes`; null: before any bid, and always in classic."
)
# A contract's value or null (`ContractValueField` documents the value alone).
VALUE_OR_NULL = {
    "description": MISDEAL_CONTRACT,
    "oneOf": [{"type": "integer"}, {"type": "string", "enum": [CAPOT]}, {"type": "null"}],
}


class MisdealSchema(Schema):
    """A misdeal: who dealt, its rank in a row, the bid standing when it was found."""

    dealer = seat(required=True, metadata={"description": "The seat that dealt."})
    count = StrictInteger(
        required=True, validate=validate.Range(min=1), metadata={"description": MISDEAL_COUNT}
    )
    contract = ContractValueField(allow_none=True, load_default=None, metadata=dict(VALUE_OR_NULL))


class MisdealBodySchema(Schema):
    """A misdeal in a game's deals, where a deal would be: its penalty (rule option
    `misdeal`) goes to the dealer's opponents."""

    misdeal = ma.fields.Nested(MisdealSchema, required=True)

    @ma.post_load
    def misdeal_of(self, data: dict[str, Any], **kwargs: Any) -> Misdeal:
        given = data["misdeal"]
        return Misdeal(given["dealer"], given["count"], given["contract"])


class MisdealAnswerSchema(Schema):
    """A misdeal as an answer gives it: every field there."""

    dealer = seat(required=True, metadata={"description": "The seat that dealt."})
    count = StrictInteger(required=True, metadata={"description": MISDEAL_COUNT})
    contract = ContractValueField(required=True, allow_none=True, metadata=dict(VALUE_OR_NULL))


class MisdealEntrySchema(Schema):
    """A misdeal in a game's deals as an answer gives it (a table's `game`)."""

    misdeal = ma.fields.Nested(MisdealAnswerSchema, required=True)


def is_misdeal(entry: Any) -> bool:
    """Whether a game's entry, read or written, is a misdeal: `{"misdeal": ...}`."""
    return isinstance(entry, Misdeal) or (isinstance(entry, dict) and "misdeal" in entry)


def game_entries(scored: Scored, **kwargs: Any) -> BoundedList:
    """A game's deals in a request: each a deal to score (the variant's body) or a misdeal."""
    return BoundedList(
        Either(scored.body, MisdealBodySchema, is_misdeal),
        validate=validate.Length(max=scored.most_deals),
        **kwargs,
    )


def answered_entries(scored: Scored, **kwargs: Any) -> ma.fields.List:
    """A game's deals in an answer: each a deal to score as an answer gives it, or a misdeal."""
    return ma.fields.List(Either(scored.answered, MisdealEntrySchema, is_misdeal), **kwargs)


def game_summary(scored: Scored, body: Any, pointer: str) -> Any:
    """A loaded game entry as the rules read it: a deal to score (at `pointer`), or the
    misdeal."""
    return body if isinstance(body, Misdeal) else scored.summary(body, pointer)


def game_entry(scored: Scored, deal: Any) -> dict[str, Any]:
    """A game's deal to score, or misdeal, written back as a game entry."""
    return {"misdeal": deal} if isinstance(deal, Misdeal) else scored.entry(deal)


class Scored(NamedTuple):
    """How a variant's deal to score is read and its score answered: the body (`body`), the
    rules' deal to score made from it at a pointer (`summary`), the score's schema (`score`),
    how many deals a game may list (`most_deals`), and a deal to score written back as its
    body (`entry`)."""

    body: type[Schema]
    summary: Callable[[dict[str, Any], str], Any]
    score: type[Schema]
    most_deals: int
    entry: Callable[[Any], dict[str, Any]]
    answered: type[Schema]


# A coinche deal's smallest body (its contract object) is over twice a classic one's: 1000 of
# them would pass the 64 KiB body limit, so that a schema-valid game got a 413. 500 deals fit,
# far beyond a game to the largest target a table plays.
MAX_COINCHE_DEALS = MAX_DEALS // 2

SCORED = {
    "classic": Scored(
        DealBodySchema, deal_summary, DealScoreSchema, MAX_DEALS, deal_body, DealEntrySchema
    ),
    "coinche": Scored(
        CoincheDealBodySchema,
        coinche_summary,
        CoincheDealScoreSchema,
        MAX_COINCHE_DEALS,
        coinche_body,
        CoincheDealEntrySchema,
    ),
}
