"""The rule options: every choice real tables make differently, with its default.

RULES.md names each option and its default; this module is the one place they live.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, TypeVar

from service.rules.core.errors import InconsistentInput, Problem

MAX_TARGET = 100_000

Options = TypeVar("Options")


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """The options in force for one judgement. Immutable; build with `from_mapping`."""

    # RULES.md 4: cannot over-trump an opponent's trump: still play a trump ("required", the
    # English text) or discard freely ("optional").
    undertrump: str = "required"
    # RULES.md 2: raise on a trump lead even when the partner is winning.
    overtrump_partner: bool = True
    # Belote-rebelote counts for its holder ("automatic", English text) or only when
    # announced ("announce", French text).
    belote: str = "automatic"
    # What a capot is worth instead of 162.
    capot: int = 252
    # Round each team's deal score to the nearest ten, 5 up.
    rounding: str = "none"
    # Penalty for a renonce: the offenders are dedans, or the deal is annulled and redealt.
    renonce: str = "dedans"
    # Points that end the game.
    target: int = 1000
    # Sequences and fours of a kind score (RULES.md "Annonces").
    annonces: bool = False

    @classmethod
    def from_mapping(cls, given: Mapping[str, Any] | None, pointer: str = "/rules") -> RuleOptions:
        """Options from a client mapping; an unknown option or value raises InconsistentInput."""
        return load_options(DEFAULT_OPTIONS, OPTION_SPECS, given, pointer)

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


def load_options(
    defaults: Options,
    specs: Mapping[str, OptionSpec],
    given: Mapping[str, Any] | None,
    pointer: str,
) -> Options:
    """A variant's options from a client mapping: `defaults` with the `given` options in
    place, each checked against its spec; an unknown option or value raises InconsistentInput
    naming every one of them."""
    if not given:
        return defaults
    problems = []
    for name, value in given.items():
        spec = specs.get(name)
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
    if problems:
        raise InconsistentInput(problems)
    return replace(defaults, **given)  # type: ignore[type-var]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """What values an option takes, and a sentence saying what it does."""

    name: str
    allowed: tuple[Any, ...] | None  # None: an integer within `bounds`
    description: str
    description_fr: str
    bounds: tuple[int, int] = (0, 0)
    default: Any = None  # the variant's default, filled in by `option_specs`

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


def option_specs(defaults: object, *specs: OptionSpec) -> dict[str, OptionSpec]:
    """A variant's specs by name, each with its default read from `defaults` (the one place
    a default lives); every option of `defaults` must have its spec, and no spec more."""
    named = {spec.name: replace(spec, default=getattr(defaults, spec.name)) for spec in specs}
    options = [f.name for f in fields(defaults)]  # type: ignore[arg-type]
    if sorted(named) != sorted(options):
        raise TypeError(f"option specs {sorted(named)} do not match the options {options}")
    return named


DEFAULT_OPTIONS = RuleOptions()

OPTION_SPECS: dict[str, OptionSpec] = option_specs(
    DEFAULT_OPTIONS,
    OptionSpec(
        "undertrump",
        ("required", "optional"),
        "When an opponent's trump is winning and you cannot follow or over-trump: "
        "'required' (English text) you must still play a lower trump; "
        "'optional' you may discard instead.",
        "Quand un adversaire a coupé et que vous ne pouvez ni fournir ni surcouper : "
        "'required' (texte anglais) vous devez sous-couper ; "
        "'optional' vous pouvez vous défausser.",
    ),
    OptionSpec(
        "overtrump_partner",
        (True, False),
        "On a trump lead, raise over the best trump on the table even when your partner "
        "is winning the trick (true), or only over an opponent's (false).",
        "À l'atout demandé, monter même quand votre partenaire est maître du pli (true), "
        "ou seulement sur un adversaire (false).",
    ),
    OptionSpec(
        "belote",
        ("automatic", "announce"),
        "Belote-rebelote (K and Q of trump in one hand) scores 20 for its holder's team: "
        "'automatic' (English text) always, 'announce' (French text) only when announced.",
        "La belote-rebelote (Roi et Dame d'atout) vaut 20 à l'équipe qui la détient : "
        "'automatic' toujours, 'announce' (texte français) seulement si elle est annoncée.",
    ),
    OptionSpec(
        "capot",
        (252, 250),
        "What a capot (all 8 tricks) scores instead of 162: 252 (both texts) or 250.",
        "Valeur du capot (les 8 plis) à la place de 162 : 252 (les deux textes) ou 250.",
    ),
    OptionSpec(
        "rounding",
        ("none", "nearest_ten"),
        "'nearest_ten' rounds each team's deal score and a litige reserve to the nearest "
        "ten, 5 up (a dedans scores 160, a capot 250).",
        "'nearest_ten' arrondit le score de chaque équipe et la réserve d'un litige à la "
        "dizaine la plus proche, 5 vers le haut (un dedans vaut 160, un capot 250).",
    ),
    OptionSpec(
        "renonce",
        ("dedans", "annul"),
        "Penalty for a renonce (the first one decides): 'dedans' the offending team is "
        "dedans whatever it scored; 'annul' the deal scores nothing and is redealt.",
        "Sanction d'une renonce (la première compte) : 'dedans' l'équipe fautive est "
        "dedans ; 'annul' la donne est annulée et redistribuée.",
    ),
    OptionSpec(
        "target",
        None,
        "Points that end the game at the end of a deal (the texts name 500, 501, 1000, "
        "1500 and 2000); the team with more points then wins, equal totals play on.",
        "Score qui termine la partie à la fin d'une donne (500, 501, 1000, 1500, 2000 "
        "selon les tables) ; l'équipe qui a le plus de points gagne, égalité : on rejoue.",
        bounds=(1, MAX_TARGET),
    ),
    OptionSpec(
        "annonces",
        (False, True),
        "Sequences and fours of a kind declared with the first card score "
        "(off by default, as both texts and most rooms play).",
        "Les annonces (suites et carrés) déclarées avec la première carte comptent "
        "(désactivées par défaut, comme dans les deux textes).",
    ),
)
