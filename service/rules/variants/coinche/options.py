"""Coinche's rule options and contract (RULES-COINCHE.md, "Options" and "Auction").

The options live here with their coinche defaults, apart from classic's `RuleOptions`: each
variant has plain, unconditional options, and classic's defaults never move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from service.rules.core.errors import Problem
from service.rules.core.options import Options, OptionSpec, option_specs
from service.rules.core.seats import PLAYERS, Seat
from service.rules.core.strains import STRAIN_CODES, Strain, needs_sa_ta

CAPOT = "capot"  # a contract value: all 8 tricks, outranks any number
MIN_BID = 80
BID_STEP = 10
COINCHE_LEVELS = 3  # 0 none, 1 coinched, 2 surcoinched


@dataclass(frozen=True, slots=True)
class CoincheOptions(Options):
    """The coinche options in force for one judgement (RULES-COINCHE.md "Options": the
    default first, as the table there): the options both games have, with coinche's
    defaults, and coinche's own. Immutable; a request's are read by the variant
    (`COINCHE.options`)."""

    sa_ta: bool = False
    max_bid: int = 160
    surcoinche_multiplier: int = 4
    auction_end: str = "three_passes"
    made: str = "beat_defenders"
    coinche_base: str = "fixed"
    scoring: str = "points"
    chute_points: int = 160
    capot: int = 250
    bonus_counts: bool = True
    litige: str = "dedans"
    rounding: str = "nearest_ten"
    belote: str = "announce"
    undertrump: str = "optional"
    overtrump_partner: bool = True
    sa_points: str = "ace19"
    ta_points: str = "ffb"
    ta_belote: str = "each_suit"
    annonces: bool = False
    target: int = 2000
    renonce: str = "dedans"
    belote_said: str = "belote"
    illegal_card: str = "refuse"
    game_end: str = "reach"


DEFAULT_COINCHE_OPTIONS = CoincheOptions()


class Contract(NamedTuple):
    """What the auction fixed: the taker (seat of the final bid), its value (80..max_bid in
    tens, or `CAPOT`), the strain (a suit 0-3, `cards.SANS_ATOUT` or `cards.TOUT_ATOUT`) and the
    coinche level (0 none, 1 coinched, 2 surcoinched)."""

    taker: Seat
    value: int | str
    strain: Strain
    coinche: int = 0

    def problems(self, options: CoincheOptions, pointer: str = "/contract") -> list[Problem]:
        """Why a contract given rather than bid cannot be judged under `options`: a seat, a
        value 80..max_bid in tens or capot, SA/TA only with `sa_ta`, a coinche level 0..2
        (RULES-COINCHE.md "Precisions")."""
        problems = []
        if self.taker not in range(PLAYERS):
            problems.append(Problem(f"{pointer}/taker", "not_a_seat", {"value": self.taker}))
        if not is_bid_value(self.value, options):
            problems.append(
                Problem(f"{pointer}/value", "contract_value", {"max_bid": options.max_bid})
            )
        if self.strain not in range(len(STRAIN_CODES)):
            problems.append(Problem(f"{pointer}/strain", "not_a_strain", {"strain": self.strain}))
        elif needs_sa_ta(self.strain, options.sa_ta):
            strain = STRAIN_CODES[self.strain]
            problems.append(Problem(f"{pointer}/strain", "strain_needs_sa_ta", {"strain": strain}))
        if self.coinche not in range(COINCHE_LEVELS):
            problems.append(Problem(f"{pointer}/coinche", "coinche_level", {"value": self.coinche}))
        return problems


def bid_values(options: CoincheOptions) -> tuple[int | str, ...]:
    """Every value a contract may be bid at, in the auction's order: 80, 90 ... `max_bid`,
    then capot, which outranks any number."""
    return (*range(MIN_BID, options.max_bid + 1, BID_STEP), CAPOT)


def is_bid_value(value: int | str, options: CoincheOptions) -> bool:
    """80, 90 ... `max_bid`, or capot."""
    if value == CAPOT:
        return True
    return type(value) is int and MIN_BID <= value <= options.max_bid and value % BID_STEP == 0


COINCHE_OPTION_SPECS: dict[str, OptionSpec] = option_specs(
    DEFAULT_COINCHE_OPTIONS,
    OptionSpec("sa_ta", (False, True)),
    OptionSpec("max_bid", (160, 180)),
    OptionSpec("surcoinche_multiplier", (4, 3)),
    OptionSpec("auction_end", ("three_passes", "four_passes")),
    OptionSpec("made", ("beat_defenders", "reach_bid")),
    OptionSpec("coinche_base", ("fixed", "points")),
    OptionSpec("scoring", ("points", "contract")),
    OptionSpec("chute_points", (160, 162)),
    "capot",
    OptionSpec("bonus_counts", (True, False)),
    OptionSpec("litige", ("dedans", "reserve")),
    "rounding",
    "belote",
    "undertrump",
    "overtrump_partner",
    OptionSpec("sa_points", ("ace19", "scaled")),
    OptionSpec("ta_points", ("ffb", "scaled")),
    OptionSpec("ta_belote", ("each_suit", "none")),
    "annonces",
    "target",
    "renonce",
    "belote_said",
    "illegal_card",
    OptionSpec("game_end", ("reach", "ffb")),
)
