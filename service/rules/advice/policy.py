"""The figures the advice decides by, and what `GET /rules` says of them: the deals sampled,
the review from the seat's thresholds (`describe_seat_view`), and the bid advice's reading of
the calls and of the table's play (`describe_bid_advice`).

A module of plain values: the advice reads them from here, and the rules' description reads
them without loading the search.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

from service.rules.advice.deal_model import model
from service.rules.advice.inference import CALLS, RESAMPLING
from service.text.catalog import text

DEFAULT_SAMPLES = 32
MAX_SAMPLES = 256

# --- the review from the seat --------------------------------------------------------------

SEAT_SAMPLES = DEFAULT_SAMPLES  # deals of the unseen cards per decision, as the advice
SEAT_MAX_SAMPLES = MAX_SAMPLES
UNLUCKY = "unlucky"
NEAR_BEST = 5  # a seat loss under this many points is near the seat's best card
DOUBT_SHARE = 0.75  # a guess: no card best in more than this share of the sampled deals
GUESS_Z_THRESHOLD = 3.0  # the audit's guesses_too_well: z_guess at least this
MIN_GUESSES = 40  # ... over at least this many guesses
# A guess's chance calibrated on honest play: the view's odds times e^a, `a` fitted by
# scripts/fit_guess_calibration.py into guess_calibration.json (with the figures it reached).
GUESS_CALIBRATION_FILE = Path(__file__).with_name("guess_calibration.json")
GUESS_CALIBRATION: float = json.loads(GUESS_CALIBRATION_FILE.read_text())["a"]


@dataclass(frozen=True, slots=True)
class SeatDescription:
    """What the seat view decides, as the rules' description states it."""

    default_samples: int
    max_samples: int
    near_best: int
    doubt_share: float
    guess_z_threshold: float
    min_guesses: int
    guess_calibration: float
    seat_loss: str
    unlucky: str
    guess: str


def describe_seat_view(lang: str) -> SeatDescription:
    """The seat view's samples and thresholds, and its definitions, in `lang` (the catalog's
    `advice.seat_view.*`)."""
    figures = {
        "near_best": NEAR_BEST,
        "doubt_percent": round(DOUBT_SHARE * 100),
        "z_threshold": GUESS_Z_THRESHOLD,
        "min_guesses": MIN_GUESSES,
        # "1.15", "1,15": as the language writes decimals
        "odds": f"{math.exp(GUESS_CALIBRATION):.2f}".replace(
            ".", str(text("words.decimal_separator", lang))
        ),
    }

    def say(key: str) -> str:
        return str(text(f"advice.seat_view.{key}", lang)).format(**figures)

    return SeatDescription(
        SEAT_SAMPLES,
        SEAT_MAX_SAMPLES,
        NEAR_BEST,
        DOUBT_SHARE,
        GUESS_Z_THRESHOLD,
        MIN_GUESSES,
        GUESS_CALIBRATION,
        say("seat_loss"),
        say(UNLUCKY),
        say("guess"),
    )


# --- the bid advice --------------------------------------------------------------------------

# Reading the calls: the deals drawn uniformly for each deal valued, before the calls choose.
CANDIDATES = 32
# The bid advice reads the calls unless asked not to (measured: bench/arena.py, docs/advice.md).
DEFAULT_CALL_INFERENCE = CALLS

# The play a deal is valued by: "table", perfect play's points corrected to what the table
# makes of them (below); "perfect", perfect play's points as they are.
TABLE, PERFECT = "table", "perfect"
PLAYS = (TABLE, PERFECT)
DEFAULT_PLAY = TABLE
# The table's play, from perfect play's, measured (docs/advice.md, bench/arena.py): the takers'
# card points at the table are TABLE_BASE + TABLE_SLOPE x their points by perfect play from
# the first lead, give or take TABLE_SPREAD points (the residuals' standard deviation): the
# fits of two 1,000-board arena runs averaged (4,000 contracts; 146 before, 29.6 + 0.717 x).
TABLE_BASE = 24.0
TABLE_SLOPE = 0.744
TABLE_SPREAD = 16.9
# The defenders' coinche: a contract of the caller's team that stands uncoinched is valued
# coinched in this share of the deals where it falls (a bid is otherwise valued as if the
# defenders let it stand whatever they hold).
DEFAULT_COINCHE_RISK = 0.5
# How each level of the advice values a deal at the auction (`Level`): by the model of a
# deal's value (`deal_model`, some 20 µs a strain) or by a search (some 3 ms a strain), over
# how many deals, each drawn from how many when the calls are read. The default and `fast`
# estimate; `strong` searches, as the advice did before the model (docs/advice.md).
FAST, DEFAULT_LEVEL, STRONG = "fast", "default", "strong"
LEVELS = (FAST, DEFAULT_LEVEL, STRONG)
MODEL, SEARCH = "model", "search"


@dataclass(frozen=True, slots=True)
class Level:
    """How the bid advice values deals at one level: `valued_by` (MODEL or SEARCH), the
    deals valued by default (`samples`), the deals drawn uniformly for each when the calls
    are read (`candidates`)."""

    valued_by: str
    samples: int
    candidates: int


BID_LEVELS = {
    FAST: Level(MODEL, 16, 16),
    DEFAULT_LEVEL: Level(MODEL, DEFAULT_SAMPLES, 16),
    STRONG: Level(SEARCH, DEFAULT_SAMPLES, CANDIDATES),
}

# The card advice by level: the deals valued in the first trick (where each deal's search
# costs the most: 8 cards a hand) and after it. `default` values half its deals in the first
# trick (measured: docs/benchmarks.md, "Bots at a card room's speed"); `fast` few
# everywhere. A `strong` card was tried and not kept (more deals, a cushion at the table, the
# cards read: none beat 32 deals in duplicate): the card levels are these two.
CARD_LEVELS = {FAST: (8, 8), DEFAULT_LEVEL: (DEFAULT_SAMPLES // 2, DEFAULT_SAMPLES)}
FIRST_TRICK = 4  # cards: the first trick's


def card_samples(level: str, played: int) -> int:
    """The deals the card advice values at `level` when `played` cards are on the record."""
    first, after = CARD_LEVELS[level]
    return first if played < FIRST_TRICK else after


# How sure a call's means are (its intervals, `advise.mean_interval`): the level of the
# interval each mean is given, over the deals valued.
INTERVAL_LEVEL = 0.95


@dataclass(frozen=True, slots=True)
class BidDescription:
    """What the bid advice assumes, as the rules' description states it: how the calls are
    read (the default, the deals drawn per deal searched, the reading's base, spread and
    floor), how a deal is played out (the default, and the table's correction of perfect
    play) and how often the defenders coinche a contract of the team that falls."""

    default_inference: str
    candidates: int
    reading_base: int
    reading_spread: float
    reading_floor: float
    reading_partner_base: int | None
    default_play: str
    table_base: float
    table_slope: float
    table_spread: float
    model: str
    default_level: str
    levels: tuple[LevelDescription, ...]
    deal_model_error: float
    default_coinche_risk: float


@dataclass(frozen=True, slots=True)
class LevelDescription:
    """One level of the advice: how the auction's deals are valued (MODEL or SEARCH), how
    many, drawn from how many each when the calls are read, and the deals a card is chosen
    over in the first trick and after it (None: no such card level)."""

    level: str
    valued_by: str
    samples: int
    candidates: int
    card_first_trick: int | None
    card_after: int | None


def describe_bid_advice(lang: str = "en") -> BidDescription:
    """The bid advice's reading of the calls and its table play, in `lang` (the catalog's
    `advice.bid.model`)."""
    how = BID_LEVELS[DEFAULT_LEVEL]
    error = model().error
    figures = {
        "candidates": how.candidates,
        "strong_candidates": BID_LEVELS[STRONG].candidates,
        "error": error,
        "base": RESAMPLING.base,
        "spread": RESAMPLING.spread,
        "floor": RESAMPLING.floor,
        "partner_base": RESAMPLING.partner_base,
        "table_base": TABLE_BASE,
        "table_slope": TABLE_SLOPE,
        "table_spread": TABLE_SPREAD,
        "coinche_risk": round(100 * DEFAULT_COINCHE_RISK),
    }
    return BidDescription(
        DEFAULT_CALL_INFERENCE,
        how.candidates,
        RESAMPLING.base,
        RESAMPLING.spread,
        RESAMPLING.floor,
        RESAMPLING.partner_base,
        DEFAULT_PLAY,
        TABLE_BASE,
        TABLE_SLOPE,
        TABLE_SPREAD,
        str(text("advice.bid.model", lang)).format(**figures),
        DEFAULT_LEVEL,
        tuple(
            LevelDescription(
                level,
                BID_LEVELS[level].valued_by,
                BID_LEVELS[level].samples,
                BID_LEVELS[level].candidates,
                *CARD_LEVELS.get(level, (None, None)),
            )
            for level in LEVELS
        ),
        error,
        DEFAULT_COINCHE_RISK,
    )
