"""Classic's rules, described for a client: its options, the play obligations and bidding
codes, the cards' order and value, the annonces' tie-breaks and the referee's readings where
RULES.md chooses among the texts (the catalog's `rule.classic.*`). English, or any language
of the catalog."""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.core.cards import DEAL_POINTS
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
from service.rules.variants.classic.options import OPTION_SPECS
from service.rules.variants.profiles import CLASSIC, profiles_of
from service.text.catalog import text


@dataclass(frozen=True, slots=True)
class RulesDescription:
    options: tuple[OptionDescription, ...]
    violations: tuple[CodeDescription, ...]
    bidding: tuple[CodeDescription, ...]
    cards: tuple[CardValue, ...]
    deal_points: int
    annonce_tie_breaks: tuple[str, ...]
    interpretations: tuple[CodeDescription, ...]
    table: tuple[CodeDescription, ...]
    profiles: tuple[ProfileDescription, ...]


def describe_rules(lang: str = "en") -> RulesDescription:
    """What the referee applies to classic belote, in `lang`.

    >>> description = describe_rules("en")
    >>> [o.name for o in description.options][:2], description.deal_points
    (['undertrump', 'overtrump_partner'], 162)
    """
    return RulesDescription(
        options=describe_options(OPTION_SPECS, lang),
        violations=described(VIOLATIONS, lang),
        bidding=described("rule.classic.bidding.", lang),
        cards=card_values(),
        deal_points=DEAL_POINTS,
        annonce_tie_breaks=tuple(text("rule.classic.tie_breaks", lang)),  # type: ignore[arg-type]
        interpretations=described("rule.classic.interpretation.", lang),
        table=described(TABLE_CHOICES, lang),
        profiles=describe_profiles(profiles_of(CLASSIC), lang),
    )
