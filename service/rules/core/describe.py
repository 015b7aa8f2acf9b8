"""What a variant's description is made of, the same for both games: its options (from
their specs), codes each with its sentence (the catalog's, under a key's prefix), and the
order and value of the cards (the one table in cards.py)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from service.rules.core.cards import (
    PLAIN_POINTS,
    PLAIN_STRENGTH,
    RANK_CODES,
    TRUMP_POINTS,
    TRUMP_STRENGTH,
)
from service.rules.core.options import OptionSpec
from service.rules.core.profiles import Citation, Profile
from service.text.catalog import keys, text


@dataclass(frozen=True, slots=True)
class OptionDescription:
    name: str
    default: Any
    allowed: tuple[Any, ...] | None  # None: an integer from `minimum` to `maximum`
    minimum: int | None
    maximum: int | None
    description: str


@dataclass(frozen=True, slots=True)
class CodeDescription:
    code: str
    description: str


@dataclass(frozen=True, slots=True)
class CardValue:
    """One rank's order (1 is the highest) and points, in trump and in a plain suit."""

    rank: str
    trump_order: int
    trump_points: int
    plain_order: int
    plain_points: int


@dataclass(frozen=True, slots=True)
class ProfileDescription:
    """A named rulebook as a client reads it: its name, what it is, the options its text
    decides, where the text is, and what the text leaves open with the referee's choice."""

    name: str
    summary: str
    options: dict[str, Any]
    citation: Citation
    leaves_open: tuple[CodeDescription, ...]


def describe_profiles(profiles: Iterable[Profile], lang: str) -> tuple[ProfileDescription, ...]:
    """A game's profiles, each with its options, citation and open points in `lang`."""
    return tuple(
        ProfileDescription(
            profile.name,
            profile.summary(lang),
            dict(profile.options),
            profile.citation(lang),
            tuple(CodeDescription(code, said) for code, said in profile.leaves_open(lang)),
        )
        for profile in profiles
    )


def describe_options(specs: Mapping[str, OptionSpec], lang: str) -> tuple[OptionDescription, ...]:
    """A variant's options, each with its default, allowed values and sentence in `lang`."""
    return tuple(
        OptionDescription(
            name=spec.name,
            default=spec.default,
            allowed=spec.allowed,
            minimum=None if spec.allowed else spec.bounds[0],
            maximum=None if spec.allowed else spec.bounds[1],
            description=spec.sentence(lang),
        )
        for spec in specs.values()
    )


def described(prefix: str, lang: str) -> tuple[CodeDescription, ...]:
    """Every code the catalog describes under `prefix` (`rule.violation.`), in its order, with
    its sentence in `lang`."""
    return tuple(
        CodeDescription(key.removeprefix(prefix), str(text(key, lang))) for key in keys(prefix)
    )


VIOLATIONS = "rule.violation."
"""Where the catalog describes each play obligation (both games)."""


def _order(strength: tuple[int, ...], rank: int) -> int:
    return len(strength) - strength[rank]  # the highest strength is order 1


def card_values() -> tuple[CardValue, ...]:
    """Each rank's order and points in trump and in a plain suit (the one table, cards.py)."""
    return tuple(
        CardValue(
            code,
            _order(TRUMP_STRENGTH, rank),
            TRUMP_POINTS[rank],
            _order(PLAIN_STRENGTH, rank),
            PLAIN_POINTS[rank],
        )
        for rank, code in enumerate(RANK_CODES)
    )
