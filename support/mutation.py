"""The equivalent mutants of `make mutants`: tests/rules/equivalent_mutants.txt lists the mutants
no test can tell from the original, each with the fingerprint of the mutant as it was judged
(`fingerprint`: its function's code, names of the mutant aside) and the reason.

Shared by scripts/mutants.py, which reports a run against the list (and writes new
fingerprints into it), and tests/rules/mutation.py, whose `skip_listed_equivalent` ends a
listed mutant's process at once when its function still has the fingerprint it was judged
with.
"""

from __future__ import annotations

import ast
import hashlib
from pathlib import Path
from typing import NamedTuple

# The list, beside the tests that cannot tell its mutants from the original (mutmut copies
# tests/ and support/ into mutants/ alike).
EQUIVALENTS = Path(__file__).resolve().parent.parent / "tests" / "rules" / "equivalent_mutants.txt"
MARK = "__mutmut_"
FINGERPRINT = "sha1:"  # how a fingerprint starts in the list


class Equivalent(NamedTuple):
    """A listed equivalent mutant: its fingerprint when judged (None: not written yet), and
    why no test can tell it from the original."""

    fingerprint: str | None
    reason: str


def read_equivalents(path: Path = EQUIVALENTS) -> dict[str, Equivalent]:
    """The listed equivalents, by mutant name: one a line, `NAME [sha1:FINGERPRINT] REASON`
    (`#` starts a comment). A line with no reason is an error."""
    listed = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        name, _, rest = text.partition(" ")
        first, _, after = rest.strip().partition(" ")
        fingerprint = None
        if first.startswith(FINGERPRINT):
            fingerprint, rest = first.removeprefix(FINGERPRINT), after
        if not rest.strip():
            raise ValueError(f"{path.name}:{number}: {name} has no reason")
        listed[name] = Equivalent(fingerprint, rest.strip())
    return listed


def module_file(module: str, root: Path = Path()) -> Path:
    """Where `module`'s source is, under `root`: its own file, or its package's `__init__.py`
    (`service.rules.variants.classic` is service/rules/variants/classic/__init__.py)."""
    plain = root / Path(*module.split(".")).with_suffix(".py")
    return plain if plain.exists() else root / Path(*module.split(".")) / "__init__.py"


def module_of(mutant: str) -> str:
    """The module a mutant was made in: `service.rules.core.play.x_judge__mutmut_3` is in
    service.rules.core.play (a method's name, `xǁCardǁparse`, has no dot in it)."""
    return mutant.partition(MARK)[0].rpartition(".")[0]


def fingerprint(source: str, mutant: str) -> str | None:
    """The fingerprint of `mutant`'s function in `source`, the mutated module's code as
    mutmut wrote it (None when it has no such function): its syntax tree, its own name left
    out, so that lines moving above it change nothing and any change to its code does."""
    function = mutant.rpartition(".")[2]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == function:
            node.name = ""
            return hashlib.sha1(ast.dump(node).encode()).hexdigest()[:12]
    return None
