"""The mutation score of service/rules after `mutmut run`, checked against the floor.

Reads every mutant's result from `mutmut results --all true` and the committed list of
equivalent mutants (`tests/rules/equivalent_mutants.txt`: a mutant name, then why no test can
tell it from the original), prints the score per file and each mutant that lived, and exits 1
when the share of killed mutants among the non-equivalent ones is below FLOOR.

Every mutated file counts, so a new rules module's mutants are in the score from its first
run. A listed equivalent that no longer exists, or that a test now kills, is reported and left
out: mutmut numbers mutants per function, so editing a function can move its names.

Usage: python scripts/mutants.py (after `mutmut run`; `make mutants` runs both).
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

# The share of non-equivalent mutants that tests/rules must kill. Set from the measured
# score; raise it as tests improve, never lower it (CONTRIBUTING.md, "Mutation testing").
FLOOR = 0.99
ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "tests" / "rules" / "equivalent_mutants.txt"
# mutmut's statuses that mean a test noticed the mutant (a timeout: it made the tests hang).
KILLED = {"killed", "timeout"}


def results() -> dict[str, str]:
    """Each mutant's name and status, as mutmut reports them."""
    output = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"],
        cwd=ROOT,
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


def equivalents(path: Path = EQUIVALENTS) -> dict[str, str]:
    """The listed equivalent mutants and the reason given for each (`#` starts a comment)."""
    listed = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        name, _, reason = text.partition(" ")
        if not reason.strip():
            raise SystemExit(f"{path.name}:{number}: {name} has no reason")
        listed[name] = reason.strip()
    return listed


def source_file(mutant: str) -> str:
    """The file a mutant was made in: `service.rules.play.x_judge__mutmut_3` is in
    service/rules/play.py (a method's name, `xǁCardǁparse`, has no dot in it)."""
    module = mutant.partition("__mutmut_")[0].rpartition(".")[0]
    return module.replace(".", "/") + ".py"


def main() -> int:
    found = results()
    if not found:
        print("No mutant results: run `mutmut run` first.")
        return 1
    listed = equivalents()
    for name in sorted(set(listed) - set(found)):
        print(f"warning: {name} is listed as equivalent but no longer exists")
    stale = sorted(n for n in listed if found.get(n) in KILLED)
    for name in stale:
        print(f"warning: {name} is listed as equivalent but a test kills it")
    equivalent = {n for n in listed if n in found and n not in stale}

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
    sys.exit(main())
