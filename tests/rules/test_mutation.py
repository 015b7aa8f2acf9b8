"""The tools `make mutants` runs tests/rules with (tests/rules/mutation.py, and
support/mutation.py, which reads the list): the listed equivalents, their fingerprints, and
the sizes of the heavy tests."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import settings

from support.mutation import EQUIVALENTS, Equivalent, fingerprint, module_of, read_equivalents
from tests.rules.mutation import (
    HANG_FACTOR,
    HANG_FLOOR_S,
    MEASURED,
    SKIPPED,
    cpu_limit,
    guarded,
    hang_limit,
    share,
    skip_listed_equivalent,
)

MODULE = """
class Suit:
    def xǁSuitǁparse__mutmut_1(cls, text):
        return text.upper()


def x_judge__mutmut_2(play):
    return play > 1
"""


def test_a_mutant_s_fingerprint_is_its_function_s_code_whatever_its_name_and_place() -> None:
    print_ = fingerprint(MODULE, "service.rules.core.play.x_judge__mutmut_2")
    assert print_ is not None and len(print_) == 12
    renamed = MODULE.replace("x_judge__mutmut_2", "x_judge__mutmut_7")
    assert fingerprint(renamed, "service.rules.core.play.x_judge__mutmut_7") == print_
    moved = "\n\nSOMETHING = 1\n" + MODULE
    assert fingerprint(moved, "service.rules.core.play.x_judge__mutmut_2") == print_
    changed = MODULE.replace("play > 1", "play >= 1")
    assert fingerprint(changed, "service.rules.core.play.x_judge__mutmut_2") != print_


def test_a_method_s_mutant_has_a_fingerprint_and_a_missing_one_none() -> None:
    assert fingerprint(MODULE, "service.rules.core.cards.xǁSuitǁparse__mutmut_1") is not None
    assert fingerprint(MODULE, "service.rules.core.cards.xǁSuitǁparse__mutmut_2") is None


def test_a_mutant_s_module_is_its_name_before_the_function() -> None:
    assert (
        module_of("service.rules.core.cards.xǁSuitǁparse__mutmut_4") == "service.rules.core.cards"
    )
    assert module_of("service.rules.core.play.x_judge__mutmut_3") == "service.rules.core.play"


def test_the_list_reads_name_fingerprint_and_reason(tmp_path: Path) -> None:
    path = tmp_path / "equivalents.txt"
    path.write_text(
        "# a comment\n\n"
        "a.x_f__mutmut_1 sha1:0123456789ab the reason # and a comment\n"
        "a.x_f__mutmut_2 not judged yet\n",
        encoding="utf-8",
    )
    assert read_equivalents(path) == {
        "a.x_f__mutmut_1": Equivalent("0123456789ab", "the reason"),
        "a.x_f__mutmut_2": Equivalent(None, "not judged yet"),
    }


@pytest.mark.parametrize("line", ["a.x_f__mutmut_1", "a.x_f__mutmut_1 sha1:0123456789ab"])
def test_a_listed_equivalent_without_a_reason_is_refused(tmp_path: Path, line: str) -> None:
    path = tmp_path / "equivalents.txt"
    path.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="has no reason"):
        read_equivalents(path)


def test_every_listed_equivalent_carries_the_fingerprint_it_was_judged_with() -> None:
    """Without one it would be run by every `make mutants`, at the cost of every test that
    reaches its function."""
    listed = read_equivalents(EQUIVALENTS)
    assert listed
    assert [name for name, entry in listed.items() if entry.fingerprint is None] == []


def test_outside_a_mutant_s_process_nothing_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    name = next(iter(read_equivalents(EQUIVALENTS)))
    for value in ("", "stats", "list_all_tests"):
        monkeypatch.setenv("MUTANT_UNDER_TEST", value)
        skip_listed_equivalent()  # returns: this process goes on
    monkeypatch.setenv("MUTANT_UNDER_TEST", name.replace("__mutmut_", "__mutmut_9999"))
    skip_listed_equivalent()  # not listed: it runs


def test_a_heavy_test_s_share_follows_the_profile_s_examples() -> None:
    examples = settings.default.max_examples
    assert share(240) == max(1, 240 * examples // 150)
    assert share(1) == 1


@pytest.mark.parametrize(
    ("judged", "status"),
    [("as judged", SKIPPED), ("changed since", 0), ("not written", 0)],
)
def test_a_mutant_s_process_ends_as_skipped_when_its_code_is_the_one_judged_equivalent(
    tmp_path: Path, judged: str, status: int
) -> None:
    """A listed equivalent is not run again while its code is the one that was judged; once
    it changed, it runs as any other mutant."""
    mutant = "service.rules.fake.x_judge__mutmut_2"
    module = tmp_path / "service" / "rules" / "fake.py"
    module.parent.mkdir(parents=True)
    module.write_text(MODULE, encoding="utf-8")
    print_ = fingerprint(MODULE, mutant)
    listed = {
        "as judged": f"{mutant} sha1:{print_} the reason",
        "changed since": f"{mutant} sha1:000000000000 the reason",
        "not written": f"{mutant} the reason",
    }[judged]
    (tmp_path / "equivalents.txt").write_text(listed + "\n", encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    code = (
        "import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]);"
        "from tests.rules.mutation import skip_listed_equivalent;"
        "skip_listed_equivalent(Path('equivalents.txt'))"
    )
    ran = subprocess.run(
        [sys.executable, "-c", code, str(root)],
        cwd=tmp_path,
        env={**os.environ, "MUTANT_UNDER_TEST": mutant},
        check=False,
    )
    assert ran.returncode == status


def test_a_mutant_s_test_may_take_twenty_times_its_measured_time_two_seconds_at_least() -> None:
    measured = {"slow": 2.0, "quick": 0.01}
    assert (HANG_FACTOR, HANG_FLOOR_S) == (20, 2.0)
    assert hang_limit(measured, "slow") == 40.0
    assert hang_limit(measured, "quick") == 2.0
    assert hang_limit(measured, "never measured") == 2.0


def test_outside_a_mutant_a_test_s_whole_time_is_measured_and_the_most_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("MUTANT_UNDER_TEST", raising=False)
    monkeypatch.setitem(MEASURED, "tests/x.py::test_a", 99.0)  # an earlier, longer run
    with guarded("tests/x.py::test_b"):
        sum(range(200_000))
    assert 0 < MEASURED.pop("tests/x.py::test_b") < 5
    with guarded("tests/x.py::test_a"):
        sum(range(1_000))  # quicker than the run measured before
    assert MEASURED["tests/x.py::test_a"] == 99.0


def test_a_cpu_limit_is_lowered_inside_and_set_back_after() -> None:
    before = resource.getrlimit(resource.RLIMIT_CPU)
    assert before[0] == resource.RLIM_INFINITY  # pytest's process has no limit of its own
    with cpu_limit(1000):
        soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
        assert soft != resource.RLIM_INFINITY and hard == before[1]
        assert 1000 <= soft - time.process_time() <= 1001
    assert resource.getrlimit(resource.RLIMIT_CPU) == before


HANGING = """
import os, threading
from tests.rules import mutation

mutation.HANG_FLOOR_S = 1.0
os.environ["MUTANT_UNDER_TEST"] = "service.rules.core.play.x_judge__mutmut_1"

def spin():
    while True:
        sum(range(100))

with mutation.guarded("tests/rules/test_x.py::test_hangs"):
    {hang}
"""


@pytest.mark.parametrize(
    "hang",
    [
        "spin()",  # the test's own loop
        # another thread's, the main one waiting for it (the advice's threads): no Python
        # signal handler could run, the main thread being blocked in the join
        "helper = threading.Thread(target=spin, daemon=True); helper.start(); helper.join()",
    ],
)
def test_a_mutant_s_test_that_hangs_ends_its_process_as_mutmut_s_timeout(hang: str) -> None:
    root = Path(__file__).resolve().parents[2]
    started = time.monotonic()
    ended = subprocess.run(
        [sys.executable, "-c", HANGING.format(hang=hang)], cwd=root, timeout=60, check=False
    )
    assert ended.returncode == -signal.SIGXCPU  # mutmut: "timeout", counted as killed
    assert time.monotonic() - started < 30


def test_a_mutant_is_looked_up_in_the_list_once_a_process(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    mutant = "service.rules.core.play.x_judge__mutmut_2"
    (tmp_path / "service" / "rules").mkdir(parents=True)
    (tmp_path / "service" / "rules" / "play.py").write_text(MODULE, encoding="utf-8")
    listed = f"{mutant} sha1:{fingerprint(MODULE, mutant)} judged\n"
    code = (
        "import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]);"
        "from tests.rules.mutation import skip_listed_equivalent;"
        "path = Path('equivalents.txt');"
        "skip_listed_equivalent(path);"  # not listed yet: goes on
        f"path.write_text({listed!r});"
        "skip_listed_equivalent(path);"  # looked up already: goes on
        "print('ran')"
    )
    (tmp_path / "equivalents.txt").write_text("", encoding="utf-8")
    ran = subprocess.run(
        [sys.executable, "-c", code, str(root)],
        cwd=tmp_path,
        env={**os.environ, "MUTANT_UNDER_TEST": mutant},
        capture_output=True,
        text=True,
        check=False,
    )
    assert (ran.returncode, ran.stdout) == (0, "ran\n")


def test_a_mutant_of_a_package_is_in_its_init() -> None:
    from support.mutation import module_file

    root = Path(__file__).resolve().parents[2]
    assert module_file("service.rules.core.play", root) == root / "service/rules/core/play.py"
    classic = module_file("service.rules.variants.classic", root)
    assert classic == root / "service/rules/variants/classic/__init__.py"
