"""Named rulebooks: a profile is the set of options one text gives, with its citation.

There is no single rulebook of belote: federations, championships and online rooms each
print their own (docs/RULES-COINCHE.md, "Profiles"). A `Profile` holds, as data, the options
its text decides, which game it is for, and the address of its text; the catalog says the
rest in each language: what the profile is (`profile.<name>.summary`), its text's citation
(`profile.<name>.citation.*`: its title as printed, its author, date and the sections read:
`Citation`), and what the text leaves open, with the referee's choice
(`profile.<name>.open.<code>`). A request names one in its rules,
`{"profile": NAME, ...}`: the profile's options under the request's own, which win
(`options.load_options`). The profiles themselves are the variants' (`variants/profiles.py`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from service.rules.core.errors import Problem
from service.text.catalog import keys, text

PROFILE: Final = "profile"
"""The key of `rules` that names a profile."""


@dataclass(frozen=True, slots=True)
class Citation:
    """Where a profile's text is: its title as printed, who issued it, its date as the text
    gives it, the sections the profile reads, and an address to read it at (None when the
    text has none)."""

    document: str
    author: str
    date: str
    sections: str
    address: str | None


@dataclass(frozen=True, slots=True)
class Profile:
    """A named rulebook: its name, its game (a variant's name), the options its text decides
    (each named as the game's option specs name it) and the address its text is read at (None
    when the text has none)."""

    name: str
    game: str
    options: Mapping[str, Any]
    address: str | None

    def citation(self, lang: str) -> Citation:
        """Where the profile's text is, in `lang` (the catalog's `profile.<name>.citation.*`)."""
        said = [
            str(text(f"profile.{self.name}.citation.{part}", lang))
            for part in ("document", "author", "date", "sections")
        ]
        return Citation(*said, self.address)

    def summary(self, lang: str) -> str:
        """What the profile is, in `lang`."""
        return str(text(f"profile.{self.name}.summary", lang))

    def leaves_open(self, lang: str) -> tuple[tuple[str, str], ...]:
        """What the text leaves open, each point by its code with the referee's choice, in
        `lang`, in the catalog's order."""
        prefix = f"profile.{self.name}.open."
        return tuple((key.removeprefix(prefix), str(text(key, lang))) for key in keys(prefix))


def profile_options(
    name: Any, game: str, profiles: Mapping[str, Profile], pointer: str
) -> tuple[Mapping[str, Any], Problem | None]:
    """The options of profile `name` for `game`, or none and the problem of a name that is
    no profile of `game`'s (at `pointer`), naming the game's profiles, and the game a profile
    of another game's is for."""
    profile = profiles.get(name) if isinstance(name, str) else None
    if profile is not None and profile.game == game:
        return profile.options, None
    known = ", ".join(p.name for p in profiles.values() if p.game == game)
    if profile is None:
        return {}, Problem(pointer, "unknown_profile", {"name": name, "known": known})
    return {}, Problem(
        pointer, "profile_of_another_game", {"name": name, "game": profile.game, "known": known}
    )
