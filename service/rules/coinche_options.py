"""Coinche's rule options and contract (RULES-COINCHE.md, "Options" and "Auction").

The options live here with their coinche defaults, apart from classic's `RuleOptions`: each
variant has plain, unconditional options, and classic's defaults never move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

CAPOT = "capot"  # a contract value: all 8 tricks, outranks any number


@dataclass(frozen=True, slots=True)
class CoincheOptions:
    """The coinche options in force for one judgement (RULES-COINCHE.md "Options": the
    default first, as the table there). Immutable."""

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


DEFAULT_COINCHE_OPTIONS = CoincheOptions()


class Contract(NamedTuple):
    """What the auction fixed: the taker (seat of the final bid), its value (80..max_bid in
    tens, or `CAPOT`), the strain (a suit 0-3, `cards.SANS_ATOUT` or `cards.TOUT_ATOUT`) and the
    coinche level (0 none, 1 coinched, 2 surcoinched)."""

    taker: int
    value: int | str
    strain: int
    coinche: int = 0
