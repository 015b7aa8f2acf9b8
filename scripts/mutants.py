"""The mutation score of service/rules after `mutmut run`, checked against the floor.

Reads every mutant's result from `mutmut results --all true` and the committed list of
equivalent mutants (`tests/rules/equivalent_mutants.txt`, read by support/mutation.py: a
mutant's name, the fingerprint of its code when it was judged, then why no test can tell it
from the original), prints the score per file and each mutant that lived, and exits 1 when the
share of killed mutants among the non-equivalent ones is below FLOOR.

Every mutated file counts, so a new rules module's mutants are in the score from its first
run. A listed equivalent whose code still has its fingerprint is not run (mutmut reports it
"skipped": `tests/rules/mutation.py`). One that no longer exists, or that a test now kills, is
reported and left out: mutmut numbers mutants per function, so editing a function can move
its names. One that was run and lived (its fingerprint missing, or its code changed) is
named with its new fingerprint: check that it is still equivalent, then `--fingerprints`
writes the new fingerprints into the list.

Usage: python scripts/mutants.py [--fingerprints] (after `mutmut run`; `make mutants` runs
both).
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: support.mutation from the repo's root

from support.mutation import (  # noqa: E402 - after the path
    EQUIVALENTS,
    FINGERPRINT,
    fingerprint,
    module_file,
    module_of,
    read_equivalents,
)

# The share of non-equivalent mutants that tests/rules must kill. Set from the measured
# score; raise it as tests improve, never lower it (CONTRIBUTING.md, "Mutation testing").
FLOOR = 0.998
# mutmut's statuses that mean a test noticed the mutant (a timeout: it made the tests hang).
KILLED = {"killed", "timeout"}


def results(root: Path = ROOT) -> dict[str, str]:
    """Each mutant's name and status, as mutmut reports them for the project at `root`."""
    output = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    found = {}
    for line in output.splitlines():
        name, sep, status = line.strip().rpartition(": ")
        if sep and "__mutmut_" in name:
            found[name] = status
    return found


def source_file(mutant: str) -> str:
    """The file a mutant was made in: `service.rules.core.play.x_judge__mutmut_3` is in
    service/rules/core/play.py, a package's in its `__init__.py`."""
    return str(module_file(module_of(mutant), ROOT).relative_to(ROOT))


def fingerprints_now(names: list[str]) -> dict[str, str | None]:
    """Each mutant's fingerprint in mutmut's mutated copy of its module (mutants/)."""
    sources: dict[str, str] = {}
    now = {}
    for name in names:
        path = source_file(name)
        if path not in sources:
            sources[path] = (ROOT / "mutants" / path).read_text(encoding="utf-8")
        now[name] = fingerprint(sources[path], name)
    return now


def write_fingerprints(now: dict[str, str | None], path: Path = EQUIVALENTS) -> None:
    """Each of these listed mutants' lines given its fingerprint `now`, the rest unchanged."""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        name = line.split(" ", 1)[0]
        if name in now and now[name] is not None and not line.startswith("#"):
            _, _, rest = line.partition(" ")
            if rest.startswith(FINGERPRINT):
                rest = rest.partition(" ")[2]
            line = f"{name} {FINGERPRINT}{now[name]} {rest}"
        lines.append(line)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    found = results()
    if not found:
        print("No mutant results: run `mutmut run` first.")
        return 1
    listed = read_equivalents()
    for name in sorted(set(listed) - set(found)):
        print(f"warning: {name} is listed as equivalent but no longer exists")
    stale = sorted(n for n in listed if found.get(n) in KILLED)
    for name in stale:
        print(f"warning: {name} is listed as equivalent but a test kills it")
    equivalent = {n for n in listed if n in found and n not in stale}
    ran = sorted(n for n in equivalent if found[n] != "skipped")
    now = fingerprints_now(ran)
    unjudged = [n for n in ran if now[n] != listed[n].fingerprint]
    if unjudged:
        print(
            f"Listed equivalents that were run, their code not the one judged ({len(unjudged)}):"
            " check each is still equivalent (`mutmut show NAME`), then"
            " `python scripts/mutants.py --fingerprints` writes these:"
        )
        for name in unjudged:
            print(f"  {name} {FINGERPRINT}{now[name]}")
        if "--fingerprints" in argv:
            write_fingerprints({n: now[n] for n in unjudged})
            print(f"Written into {EQUIVALENTS.relative_to(ROOT)}.")

    by_file: dict[str, Counter[str]] = defaultdict(Counter)
    lived: list[tuple[str, str]] = []
    for name, status in sorted(found.items()):
        counts = by_file[source_file(name)]
        if name in equivalent:
            counts["equivalent"] += 1
        elif status in KILLED:
            counts["killed"] += 1
        else:
            counts["lived"] += 1
            lived.append((name, status))

    print(f"{'file':<36} {'mutants':>8} {'killed':>7} {'lived':>6} {'equiv.':>7} {'score':>7}")
    total: Counter[str] = Counter()
    for path, counts in sorted(by_file.items()):
        total.update(counts)
        print(_row(path, counts))
    print(_row("all", total))
    if lived:
        print(f"\nMutants that lived (see one with `mutmut show NAME`): {len(lived)}")
        for name, status in lived:
            print(f"  {name}: {status}")
    # A timeout counts as a kill; under heavy load a mutant can time out that a quiet run
    # would see survive, so they are named.
    timeouts = sorted(
        n for n, status in found.items() if status == "timeout" and n not in equivalent
    )
    if timeouts:
        print(f"\nMutants that made the tests time out (counted as killed): {len(timeouts)}")
        for name in timeouts:
            print(f"  {name}")

    score = _score(total)
    verdict = "below" if score < FLOOR else "at or above"
    print(f"\nScore {score:.2%} over non-equivalent mutants: {verdict} the floor of {FLOOR:.1%}.")
    return 1 if score < FLOOR else 0


def _score(counts: Counter[str]) -> float:
    judged = counts["killed"] + counts["lived"]
    return counts["killed"] / judged if judged else 1.0


def _row(path: str, counts: Counter[str]) -> str:
    mutants = counts["killed"] + counts["lived"] + counts["equivalent"]
    return (
        f"{path:<36} {mutants:>8} {counts['killed']:>7} {counts['lived']:>6} "
        f"{counts['equivalent']:>7} {_score(counts):>7.1%}"
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
