"""Classic's rule options (RULES.md "Options"): the options both games have, with classic's
defaults, the English text's where the two texts differ."""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.core.options import SHARED_SPECS, Options, OptionSpec, option_specs


@dataclass(frozen=True, slots=True)
class RuleOptions(Options):
    """The classic options in force for one judgement. Immutable; a request's are read by
    the variant (`CLASSIC.options`)."""

    # RULES.md 4: cannot over-trump an opponent's trump: still play a trump (the English text).
    undertrump: str = "required"
    # RULES.md 2: raise on a trump lead even when the partner is winning.
    overtrump_partner: bool = True
    # Belote-rebelote counts for its holder (the English text), or once announced (the French).
    belote: str = "automatic"
    capot: int = 252
    rounding: str = "none"
    renonce: str = "dedans"
    target: int = 1000
    annonces: bool = False
    belote_said: str = "belote"
    illegal_card: str = "refuse"
    game_end: str = "reach"
    final_deal: str = "rounded"
    partner_trump: str = "any"
    # RULES.md "Scoring a deal": a tie is a litige, the takers' points held in reserve (the
    # French text, FFB 2016 §10.1.3), or, as that section lets a tournament decide, a chute
    # ("dedans") or a contract made ("made").
    litige: str = "reserve"
    # A misdeal in a game's record is redealt, no penalty; or, as the FFB's web page, 162 to
    # the dealer's opponents at the third in a row ("ffb_web"). The Federation Francaise de
    # Coinche's and Cannes's penalties are coinche's: refused here.
    misdeal: str = "none"


DEFAULT_OPTIONS = RuleOptions()

OPTION_SPECS: dict[str, OptionSpec] = option_specs(
    DEFAULT_OPTIONS,
    *SHARED_SPECS,
    OptionSpec("litige", ("reserve", "dedans", "made")),
    OptionSpec("misdeal", ("none", "ffb_web")),
)
