"""How tests/rules run under `make mutants`: the sizes of their heavy tests, and the listed
equivalent mutants that are not run again.

**Sizes.** The hypothesis profiles (tests/rules/conftest.py) give a property `RULES_EXAMPLES`
examples by default and `MUTANTS_EXAMPLES`, a third, under `make mutants`. `share` scales a
test that is not a property (positions compared, deals drawn) the same way.

**Equivalents.** `equivalent_mutants.txt` lists the mutants no test can tell from the original,
each with the fingerprint of the mutant as it was judged (`fingerprint`: its function's code,
names of the mutant aside) and the reason. Each one that lives costs a mutant's process every
test that reaches its function, up to a minute for the search's and the replay's; in a
mutant's process, `skip_listed_equivalent` ends at once, as mutmut's "skipped", a listed
mutant whose function still has that fingerprint. A mutant whose code changed (an edit to
its function, or mutmut's numbering moved: `mutmut show NAME` tells) is run as any other:
killed, it is reported as no longer equivalent; living, with its new fingerprint, to be
judged again and written down (`scripts/mutants.py --fingerprints`).
"""

from __future__ import annotations

import ast
import hashlib
import os
import sys
from pathlib import Path
from typing import NamedTuple

RULES_EXAMPLES = 150
MUTANTS_EXAMPLES = 50
EQUIVALENTS = Path(__file__).resolve().parent / "equivalent_mutants.txt"
MARK = "__mutmut_"
FINGERPRINT = "sha1:"  # how a fingerprint starts in the list
SKIPPED = 34  # mutmut's exit code for "skipped" (mutmut.stats.status_by_exit_code)


def share(count: int) -> int:
    """`count` cases of a test that is not a hypothesis property, scaled as the loaded profile
    scales the properties' examples: all of them by default, a third (at least one) under
    `make mutants`. Read when the test's module is imported, after the profile is loaded.

    Under `make mutants` a mutant's process runs, quickest first, every test that reaches its
    function until one fails: a heavy test that reaches the search or the replay without
    being their proof (a differential test between two callers of the same search) is paid
    in full by each of their mutants that lives or is killed late."""
    from hypothesis import settings

    return max(1, count * settings.default.max_examples // RULES_EXAMPLES)


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


def module_of(mutant: str) -> str:
    """The module a mutant was made in: `service.rules.play.x_judge__mutmut_3` is in
    service.rules.play (a method's name, `xǁCardǁparse`, has no dot in it)."""
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


def skip_listed_equivalent(path: Path = EQUIVALENTS) -> None:
    """In a mutant's process (mutmut's `MUTANT_UNDER_TEST`), end it at once as "skipped" when
    the mutant is a listed equivalent whose function has the fingerprint it was judged with;
    elsewhere, nothing."""
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if MARK not in mutant:
        return
    listed = read_equivalents(path).get(mutant)
    if listed is None or listed.fingerprint is None:
        return
    module = module_of(mutant)
    copy = getattr(sys.modules.get(module), "__file__", None)  # mutmut's, under mutants/
    source = Path(copy or Path(*module.split(".")).with_suffix(".py")).read_text("utf-8")
    if fingerprint(source, mutant) == listed.fingerprint:
        os._exit(SKIPPED)
