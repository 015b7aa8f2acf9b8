"""The one exception the rules raise when a situation cannot be judged.

A broken rule of the game is never an exception: it is a ruling (a `Violation`, a renonce).
`InconsistentInput` is for situations that cannot exist at a real table: a card twice, a hand
of the wrong size, points that do not add up. Each problem carries a JSON pointer into the
situation as the client wrote it, so that whoever asked can be told which field is wrong.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from service.text.catalog import render


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a situation cannot be judged: where (JSON pointer) and why (a code: a
    situation's, whose sentence is the catalog's `problem.<code>.detail`, or a ruling's,
    such as `declaration.not_held`, which names its own key)."""

    pointer: str
    code: str
    params: Mapping[str, object] = field(default_factory=dict)

    def message(self, lang: str = "en") -> str:
        key = self.code if "." in self.code else f"problem.{self.code}.detail"
        return render(key, lang, self.params)

    def under(self, prefix: str) -> Problem:
        """The same problem, seen from a document that holds this one at `prefix`."""
        return Problem(prefix + self.pointer, self.code, self.params)


class InconsistentInput(ValueError):
    """The situation cannot be judged; `problems` says where and why."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("; ".join(f"{p.pointer}: {p.message()}" for p in self.problems))

    @classmethod
    def at(cls, pointer: str, code: str, **params: object) -> InconsistentInput:
        return cls([Problem(pointer, code, params)])

    def under(self, prefix: str) -> InconsistentInput:
        return InconsistentInput(p.under(prefix) for p in self.problems)

    def moved(self, old: str, new: str) -> InconsistentInput:
        """The same problems, their pointers under `new` where they were under `old`: the
        field another document names otherwise (`/bids` read as `/calls`)."""
        return InconsistentInput(
            Problem(new + p.pointer.removeprefix(old), p.code, p.params)
            if p.pointer.startswith(old)
            else p
            for p in self.problems
        )
