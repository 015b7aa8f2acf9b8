"""The differential and hostile tests again (a subset), against the core built with
AddressSanitizer and UndefinedBehaviorSanitizer (`make sanitized`, every report fatal), in a
Python with libasan preloaded: the run must pass with no report.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

from tests.conftest import ROOT

MODULE = (
    ROOT
    / "build/sanitized/service/rules/analysis/native"
    / f"_native{sysconfig.get_config_var('EXT_SUFFIX')}"
)
# What runs under the sanitizers: every hostile test, and of the differential ones the drawn
# positions, each step of a search, every card's value at once, the searches cut short and the
# capots at stake; of the review's, a search kept from one position of a deal to the next.
SELECTED = (
    "tests/native/test_hostile.py",
    "tests/native/test_differential.py",
    "tests/native/test_review.py",
    "-k",
    "hostile or drawn or each_step or at_once or cut_short or interrupted or capot_at_stake"
    " or kept",
)
REPORTS = ("ERROR: AddressSanitizer", "runtime error:", "ERROR: LeakSanitizer")


def test_the_core_under_the_sanitizers_gives_the_same_answers_and_no_report() -> None:
    assert MODULE.is_file(), f"{MODULE} is not built: run `make sanitized`"
    libasan = subprocess.run(
        ["gcc", "-print-file-name=libasan.so"], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert Path(libasan).is_file(), f"gcc's libasan is missing ({libasan})"
    environ = {
        **os.environ,
        "LD_PRELOAD": libasan,
        # CPython is not built with ASan: its own allocations at exit are noise.
        "ASAN_OPTIONS": "detect_leaks=0",
        "UBSAN_OPTIONS": "print_stacktrace=1",
    }
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "tests.native.sanitized",
            str(MODULE),
            "-q",
            "-p",
            "no:cacheprovider",
            "--hypothesis-profile=sanitized",
            *SELECTED,
        ],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=900,
    )
    said = run.stdout + run.stderr
    assert not [report for report in REPORTS if report in said], said[-4000:]
    assert run.returncode == 0, said[-4000:]
    assert " passed" in run.stdout and " failed" not in run.stdout, said[-4000:]
