"""The rule options: every choice real tables make differently, and how a request's are read.

`Options` holds the options both games have; each variant's options (classic's
`RuleOptions`, coinche's `CoincheOptions`) derive from it with their own defaults (the one
place each default lives) and add their own. An option's values are specified once
(`OptionSpec`): those both games share are `SHARED_SPECS`, each variant adds its own
(`option_specs`). What an option decides is a sentence of the catalog, `option.<name>`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Final, TypeVar

from service.rules.core.errors import InconsistentInput, Problem
from service.rules.core.profiles import PROFILE, Profile, profile_options
from service.text.catalog import DEFAULT, text

MAX_TARGET = 100_000

OptionsT = TypeVar("OptionsT", bound="Options")


@dataclass(frozen=True, slots=True)
class Options:
    """The options both games have; a variant's options class gives each its default.

    - `undertrump`: cannot over-trump an opponent's trump: still play a lower one
      ("required") or discard freely ("optional").
    - `overtrump_partner`: on a trump lead, raise even over a partner who is winning.
    - `belote`: belote-rebelote counts for its holder always ("automatic") or once
      announced ("announce").
    - `capot`: what a capot is worth instead of the cards' 162.
    - `rounding`: each team's deal score to the nearest ten, 5 up ("nearest_ten") or 6 up
      ("nearest_ten_6up": 85 -> 80, 86 -> 90), or not.
    - `renonce`: the penalty of a renonce: the offenders lose the deal ("dedans"), or the deal
      is annulled and redealt ("annul").
    - `target`: the points that end the game.
    - `annonces`: whether sequences and fours of a kind score.
    - `belote_said`: what announces a belote: "belote" with its first honour, or "both",
      belote with the first and rebelote with the second (FFB).
    - `illegal_card`: what a table does with a card that breaks a play obligation: "refuse"
      it (the card is not played), or let it "stand" as a renonce, penalised at the end of
      the deal or when the other team claims it.
    - `game_end`: a team wins the game on reaching the target ("reach"), on passing it
      ("pass"), or so but not through the belote of a deal it lost ("ffb", "ffb_pass").
    - `final_deal`: the deal that ends the game is scored rounded as the others ("rounded"),
      or at the point ("exact"), the game's end judged on its exact points.
    - `partner_trump`: a partner is winning with a trump and you cannot follow: any card
      ("any"); or, if you play a trump, one above the partner's when you hold one ("beat");
      or that only when you hold nothing but trumps ("beat_if_only_trumps").

    Each variant also has `misdeal` (`scoring.misdeal_penalty`), with its own values."""

    undertrump: str
    overtrump_partner: bool
    belote: str
    capot: int
    rounding: str
    renonce: str
    target: int
    annonces: bool
    belote_said: str
    illegal_card: str
    game_end: str
    final_deal: str
    partner_trump: str

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def load_options(
    defaults: OptionsT,
    specs: Mapping[str, OptionSpec],
    given: Mapping[str, Any] | None,
    pointer: str,
    profiles: Mapping[str, Profile],
    game: str,
) -> OptionsT:
    """A variant's options from a client mapping: `defaults`, then the options of the
    profile it names (`profile`: one of `profiles` for `game`), then the other `given`
    options, which win, each checked against its spec; an unknown profile, option or value
    raises InconsistentInput naming every one of them."""
    if not given:
        return defaults
    chosen: dict[str, Any] = {}
    problems: list[Problem] = []
    if PROFILE in given:
        named, problem = profile_options(given[PROFILE], game, profiles, f"{pointer}/profile")
        chosen, problems = dict(named), [problem] if problem else []
    for name, value in given.items():
        spec = specs.get(name)
        if name == PROFILE:
            continue
        if spec is None:
            problems.append(Problem(f"{pointer}/{name}", "unknown_option", {"name": name}))
        elif not spec.accepts(value):
            problems.append(
                Problem(
                    f"{pointer}/{name}",
                    "bad_option_value",
                    {"name": name, "allowed": spec.allowed_text},
                )
            )
        else:
            chosen[name] = value
    if problems:
        raise InconsistentInput(problems)
    return replace(defaults, **chosen)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """What values an option takes (`allowed`, or None: an integer within `bounds`); its
    sentence is the catalog's `option.<name>`. A variant's spec has its `default`, listed
    first among the allowed values (`option_specs`)."""

    name: str
    allowed: tuple[Any, ...] | None
    bounds: tuple[int, int] = (0, 0)
    default: Any = None

    def accepts(self, value: Any) -> bool:
        if self.allowed is None:
            return (
                isinstance(value, int)
                and not isinstance(value, bool)
                and self.bounds[0] <= value <= self.bounds[1]
            )
        # Same type as the allowed values: 1 is no `true`, 252.0 no capot value.
        return type(value) is type(self.allowed[0]) and value in self.allowed

    @property
    def allowed_text(self) -> str:
        if self.allowed is None:
            return f"an integer from {self.bounds[0]} to {self.bounds[1]}"
        return ", ".join(str(v).lower() if isinstance(v, bool) else str(v) for v in self.allowed)

    def sentence(self, lang: str = DEFAULT) -> str:
        """What the option decides, in `lang`."""
        return str(text(f"option.{self.name}", lang))

    @property
    def description(self) -> str:
        """What the option decides, in English (the contract's language)."""
        return self.sentence()


TABLE_CHOICES: Final = "rule.table."
"""The catalog's prefix of what a table decides where the texts are silent, the same in both
games (service/rules/table.py), as each game's rules description lists it."""

SHARED_SPECS: dict[str, OptionSpec] = {
    spec.name: spec
    for spec in (
        OptionSpec("undertrump", ("required", "optional")),
        OptionSpec("overtrump_partner", (True, False)),
        OptionSpec("belote", ("automatic", "announce")),
        OptionSpec("capot", (252, 250)),
        OptionSpec("rounding", ("none", "nearest_ten", "nearest_ten_6up")),
        OptionSpec("renonce", ("dedans", "annul")),
        OptionSpec("target", None, bounds=(1, MAX_TARGET)),
        OptionSpec("annonces", (False, True)),
        OptionSpec("belote_said", ("belote", "both")),
        OptionSpec("illegal_card", ("refuse", "stand")),
        OptionSpec("game_end", ("reach", "pass", "ffb", "ffb_pass")),
        OptionSpec("final_deal", ("rounded", "exact")),
        OptionSpec("partner_trump", ("any", "beat", "beat_if_only_trumps")),
    )
}
"""The options both games have (`Options`), each specified once."""


def option_specs(defaults: Options, *specs: OptionSpec | str) -> dict[str, OptionSpec]:
    """A variant's specs by name, in the order given: its own `OptionSpec`s, and a shared one
    by its name (`SHARED_SPECS`); each with its default read from `defaults` (the one place a
    default lives) and listed first among its allowed values. Every option of `defaults` must
    have its spec, and no spec more."""
    named = {}
    for given in specs:
        spec = SHARED_SPECS[given] if isinstance(given, str) else given
        default = getattr(defaults, spec.name)
        allowed = spec.allowed
        if allowed is not None:
            allowed = (default, *(value for value in allowed if value != default))
        named[spec.name] = replace(spec, allowed=allowed, default=default)
    options = [f.name for f in fields(defaults)]
    if sorted(named) != sorted(options):
        raise TypeError(f"option specs {sorted(named)} do not match the options {options}")
    return named
