"""Coinche's rules, described for a client: each coinche option with its default and allowed
values, the play violation codes, the auction's codes and statuses, the cards' values under
every strain, the referee's choices (RULES-COINCHE.md's [decided] points, and where the page
is silent) and what is not offered (the catalog's `rule.coinche.*`). English, or any language
of the catalog."""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.core.cards import DEAL_POINTS, RANK_CODES
from service.rules.core.describe import (
    VIOLATIONS,
    CardValue,
    CodeDescription,
    OptionDescription,
    ProfileDescription,
    card_values,
    describe_options,
    describe_profiles,
    described,
)
from service.rules.core.options import TABLE_CHOICES
from service.rules.core.strains import SA_ACE19_POINTS, TA_FFB_POINTS
from service.rules.variants.coinche.options import COINCHE_OPTION_SPECS
from service.rules.variants.profiles import COINCHE, profiles_of


@dataclass(frozen=True, slots=True)
class StrainPoints:
    """One rank's points under SA (`sa_points: ace19`, plain order) and TA (`ta_points: ffb`,
    trump order); a suit contract's are in `cards`."""

    rank: str
    sa_points: int
    ta_points: int


@dataclass(frozen=True, slots=True)
class CoincheRulesDescription:
    options: tuple[OptionDescription, ...]
    violations: tuple[CodeDescription, ...]
    auction: tuple[CodeDescription, ...]
    auction_statuses: tuple[CodeDescription, ...]
    cards: tuple[CardValue, ...]
    strain_points: tuple[StrainPoints, ...]
    deal_points: int
    choices: tuple[CodeDescription, ...]
    table: tuple[CodeDescription, ...]
    profiles: tuple[ProfileDescription, ...]
    not_offered: tuple[CodeDescription, ...]


def describe_coinche_rules(lang: str = "en") -> CoincheRulesDescription:
    """What the referee applies to coinche, in `lang`.

    >>> description = describe_coinche_rules("en")
    >>> [o.name for o in description.options][:2], description.deal_points
    (['sa_ta', 'max_bid'], 162)
    """
    return CoincheRulesDescription(
        options=describe_options(COINCHE_OPTION_SPECS, lang),
        violations=described(VIOLATIONS, lang),
        auction=described("rule.coinche.auction.", lang),
        auction_statuses=described("rule.coinche.auction_status.", lang),
        cards=card_values(),
        strain_points=tuple(
            StrainPoints(code, SA_ACE19_POINTS[rank], TA_FFB_POINTS[rank])
            for rank, code in enumerate(RANK_CODES)
        ),
        deal_points=DEAL_POINTS,
        choices=described("rule.coinche.choice.", lang),
        table=described(TABLE_CHOICES, lang),
        profiles=describe_profiles(profiles_of(COINCHE), lang),
        not_offered=described("rule.coinche.not_offered.", lang),
    )
