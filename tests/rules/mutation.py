"""How tests/rules run under `make mutants`: the sizes of their heavy tests, and the listed
equivalent mutants that are not run again.

**Sizes.** The hypothesis profiles (tests/rules/conftest.py) give a property `RULES_EXAMPLES`
examples by default and `MUTANTS_EXAMPLES`, a third, under `make mutants`. `share` scales a
test that is not a property (positions compared, deals drawn) the same way.

**Equivalents.** `equivalent_mutants.txt` lists the mutants no test can tell from the original,
each with the fingerprint of the mutant as it was judged (support/mutation.py, which reads the
list: `fingerprint`, its function's code, names of the mutant aside) and the reason. Each one
that lives costs a mutant's process every test that reaches its function, up to a minute for
the search's and the replay's; in a mutant's process, `skip_listed_equivalent` ends at once,
as mutmut's "skipped", a listed mutant whose function still has that fingerprint. A mutant
whose code changed (an edit to its function, or mutmut's numbering moved: `mutmut show NAME`
tells) is run as any other: killed, it is reported as no longer equivalent; living, with its
new fingerprint, to be judged again and written down (`scripts/mutants.py --fingerprints`).

**Hangs.** A mutant that makes a test loop for ever (a hand mask turned negative, bounds that
never meet) is stopped by mutmut only at twice the time of every test that reaches its
function, on the wall clock: some 67 s for the search's. `guarded` stops it at its own test:
each test's setup, call and teardown, measured together in the runs of mutmut's process that
are no mutant's (`MEASURED`), get `hang_limit` seconds of CPU in a mutant's process, by the
kernel's CPU limit, which ends the whole process (mutmut reads it as a timeout, which counts
as killed) whatever thread loops: a loop in a fixture or in one of the advice's threads is
stopped as one in the test's body.
"""

from __future__ import annotations

import math
import os
import resource
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from time import process_time

from support.mutation import (
    EQUIVALENTS,
    MARK,
    fingerprint,
    module_file,
    module_of,
    read_equivalents,
)

RULES_EXAMPLES = 150
MUTANTS_EXAMPLES = 50
SKIPPED = 34  # mutmut's exit code for "skipped" (mutmut.stats.status_by_exit_code)

# A mutant's test that has taken this many times its own measured time, and at least
# HANG_FLOOR_S, of CPU is taken to hang. The margin is wide on purpose: the slowest test here
# takes under 4 s of CPU under mutmut's tracing (which its measured times include), and no
# mutant that only slows a test down, however much, is stopped before it is 20 times as slow.
# The floor covers what a mutant's process pays and mutmut's did not when it measured: the
# pages of mutmut's process its test writes to, copied for it (some 10 us each here), tens of
# milliseconds. At 5 s, the 47 mutants that hang cost 366 s of CPU a run.
HANG_FACTOR = 20
HANG_FLOOR_S = 2.0
# Each test's CPU seconds, setup, call and teardown together, by node id: the most it took in
# the runs of this process that were no mutant's (mutmut measures, then runs every test once
# clean, in its own process; each mutant's process is forked from it and inherits these).
MEASURED: dict[str, float] = {}


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


# The mutants (with their list) already looked up in this process: mutmut's forks one a
# mutant, so at most one, looked up at pytest's start and again at the first test.
_CHECKED: set[tuple[str, Path]] = set()


def skip_listed_equivalent(path: Path = EQUIVALENTS) -> None:
    """In a mutant's process (mutmut's `MUTANT_UNDER_TEST`), end it at once as "skipped" when
    the mutant is a listed equivalent whose function has the fingerprint it was judged with;
    elsewhere, or when it was looked up already in this process, nothing. Called when pytest
    starts and before each test (`make mutants` runs a mutant's tests in a session started
    before its process: scripts/mutate.py)."""
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if MARK not in mutant or (mutant, path) in _CHECKED:
        return
    _CHECKED.add((mutant, path))
    listed = read_equivalents(path).get(mutant)
    if listed is None or listed.fingerprint is None:
        return
    module = module_of(mutant)
    copy = getattr(sys.modules.get(module), "__file__", None)  # mutmut's, under mutants/
    source = Path(copy or module_file(module)).read_text("utf-8")
    if fingerprint(source, mutant) == listed.fingerprint:
        os._exit(SKIPPED)


def in_mutant() -> bool:
    """Whether this process runs a mutant's tests (mutmut's `MUTANT_UNDER_TEST` names one)."""
    return MARK in os.environ.get("MUTANT_UNDER_TEST", "")


def hang_limit(measured: Mapping[str, float], nodeid: str) -> float:
    """The CPU seconds a mutant's test may take: HANG_FACTOR times what it took when measured,
    never under HANG_FLOOR_S."""
    return max(HANG_FLOOR_S, HANG_FACTOR * measured.get(nodeid, 0.0))


@contextmanager
def guarded(nodeid: str, also: Mapping[str, float] | None = None) -> Iterator[None]:
    """Around one test's setup, call and teardown: outside a mutant's process, measure its CPU
    time into MEASURED; in one, let it take `hang_limit` seconds of CPU (its time measured
    here, or in `also`, mutmut's own measure of its call alone, whichever is longer) and end
    the process past them (`cpu_limit`)."""
    if not in_mutant():
        start = process_time()
        try:
            yield
        finally:
            MEASURED[nodeid] = max(MEASURED.get(nodeid, 0.0), process_time() - start)
        return
    known = {nodeid: max(MEASURED.get(nodeid, 0.0), (also or {}).get(nodeid, 0.0))}
    with cpu_limit(hang_limit(known, nodeid)):
        yield


@contextmanager
def cpu_limit(seconds: float) -> Iterator[None]:
    """This process may use `seconds` more of CPU (every thread's) while inside: past them the
    kernel ends it with SIGXCPU (no core file), which no loop, lock or thread can hold off. A
    lower limit already set (mutmut's, for the whole mutant) stays; it is set back on the way
    out."""
    soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    limit = math.ceil(process_time() + seconds)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    lowered = soft == resource.RLIM_INFINITY or limit < soft
    core = resource.getrlimit(resource.RLIMIT_CORE)
    if lowered:
        resource.setrlimit(resource.RLIMIT_CORE, (0, core[1]))
        resource.setrlimit(resource.RLIMIT_CPU, (limit, hard))
    try:
        yield
    finally:
        if lowered:
            resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
            resource.setrlimit(resource.RLIMIT_CORE, core)
