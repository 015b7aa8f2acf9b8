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
# A contract value with option `generale`: all 8 tricks to the taker alone, outranks the capot.
GENERALE = "generale"
NO_GENERALE = "none"
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
    min_bid: int = MIN_BID
    bid_step: int = BID_STEP
    bid_after_coinche: bool = False
    multiplier_scope: str = "all"
    capot_bid: str = "contract"
    chute_capot: str = "chute_points"
    belote_on_chute: str = "stays"
    belote_on_coinche: str = "stays"
    sa_contract: int = 1
    final_deal: str = "rounded"
    partner_trump: str = "any"
    target: int = 2000
    renonce: str = "dedans"
    belote_said: str = "belote"
    illegal_card: str = "refuse"
    game_end: str = "reach"
    # A misdeal in a game's record is redealt, no penalty; or its opponents score the penalty
    # of the Federation Francaise de Coinche ("ff_coinche"), Cannes 2016 ("cannes") or the
    # FFB's web pages ("ffb_web"): `scoring.misdeal_penalty`.
    misdeal: str = "none"
    generale: str = NO_GENERALE


DEFAULT_COINCHE_OPTIONS = CoincheOptions()


class Contract(NamedTuple):
    """What the auction fixed: the taker (seat of the final bid), its value (one of
    `bid_values`: 80..max_bid in tens by default, `CAPOT`, or `GENERALE` with option
    `generale`), the strain (a suit 0-3, `cards.SANS_ATOUT` or `cards.TOUT_ATOUT`) and the
    coinche level (0 none, 1 coinched, 2 surcoinched)."""

    taker: Seat
    value: int | str
    strain: Strain
    coinche: int = 0

    def problems(self, options: CoincheOptions, pointer: str = "/contract") -> list[Problem]:
        """Why a contract given rather than bid cannot be judged under `options`: a seat, a
        value among `bid_values`, SA/TA only with `sa_ta`, a coinche level 0..2
        (RULES-COINCHE.md "Precisions")."""
        problems = []
        if self.taker not in range(PLAYERS):
            problems.append(Problem(f"{pointer}/taker", "not_a_seat", {"value": self.taker}))
        if not is_bid_value(self.value, options):
            problems.append(
                Problem(
                    f"{pointer}/value",
                    "contract_value",
                    {
                        "min_bid": options.min_bid,
                        "bid_step": options.bid_step,
                        "max_bid": options.max_bid,
                    },
                )
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
    """Every value a contract may be bid at, in the auction's order: `min_bid`, then each
    multiple of `bid_step` above it up to `max_bid`, then capot, which outranks any number,
    then, with option `generale`, the generale, which outranks the capot.

    >>> bid_values(CoincheOptions(max_bid=110))
    (80, 90, 100, 110, 'capot')
    >>> bid_values(CoincheOptions(min_bid=82, bid_step=5, max_bid=100))
    (82, 85, 90, 95, 100, 'capot')
    >>> bid_values(CoincheOptions(max_bid=90, generale="flat_500"))
    (80, 90, 'capot', 'generale')
    """
    values = _bid_values(options.min_bid, options.bid_step, options.max_bid)
    return values if options.generale == NO_GENERALE else (*values, GENERALE)


def _bid_values(lowest: int, step: int, highest: int) -> tuple[int | str, ...]:
    above = range((lowest // step + 1) * step, highest + 1, step)
    return (lowest, *above, CAPOT)


def is_bid_value(value: int | str, options: CoincheOptions) -> bool:
    """One of `bid_values`: an int (not a bool, nor 80.0), capot, or the generale."""
    return type(value) in (int, str) and value in bid_values(options)


COINCHE_OPTION_SPECS: dict[str, OptionSpec] = option_specs(
    DEFAULT_COINCHE_OPTIONS,
    OptionSpec("sa_ta", (False, True)),
    OptionSpec("max_bid", (160, 180, 260)),
    OptionSpec("surcoinche_multiplier", (4, 3)),
    OptionSpec("auction_end", ("three_passes", "four_passes")),
    OptionSpec("made", ("beat_defenders", "reach_bid", "reach_only")),
    OptionSpec("coinche_base", ("fixed", "points")),
    OptionSpec("scoring", ("points", "contract", "points_made")),
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
    OptionSpec("min_bid", (80, 82)),
    OptionSpec("bid_step", (10, 5)),
    OptionSpec("bid_after_coinche", (False, True)),
    OptionSpec("multiplier_scope", ("all", "points_and_contract", "contract", "points")),
    OptionSpec("capot_bid", ("contract", "contract_250", "contract_270", "flat")),
    OptionSpec("chute_capot", ("chute_points", "capot")),
    OptionSpec("belote_on_chute", ("stays", "defenders")),
    OptionSpec("belote_on_coinche", ("stays", "takers", "lost")),
    OptionSpec("sa_contract", (1, 2)),
    "final_deal",
    "partner_trump",
    "target",
    "renonce",
    "belote_said",
    "illegal_card",
    "game_end",
    OptionSpec("misdeal", ("none", "ff_coinche", "cannes", "ffb_web")),
    OptionSpec("generale", (NO_GENERALE, "flat_500", "flat_600", "flat_1000")),
)


def every_bid_value() -> tuple[int | str, ...]:
    """Every value a contract may be bid at under some options (`bid_values` for each
    allowed `min_bid`, `bid_step` and `max_bid`), the numbers in order, then capot, then the
    generale (option `generale`): the calls a client may meet."""
    specs = COINCHE_OPTION_SPECS
    numbers = {
        value
        for lowest in specs["min_bid"].allowed or ()
        for step in specs["bid_step"].allowed or ()
        for highest in specs["max_bid"].allowed or ()
        for value in _bid_values(lowest, step, highest)
        if value != CAPOT
    }
    return (*sorted(numbers), CAPOT, GENERALE)  # type: ignore[type-var]
