"""`make mutants`'s mutmut: its own run, with each mutant's tests taken from one pytest session
collected before the first mutant, instead of a new pytest started in each mutant's process.

mutmut forks a process per mutant and calls `pytest.main` there with the tests that reach
the mutated function: pytest parses its options, registers some forty plugins, reads every
conftest's fixtures and collects the tests' files again, about 0.12 s of CPU each time, three
quarters of a quick mutant's cost (8,500 mutants: some 17 minutes of CPU a run). Here
mutmut's run is unchanged (its mutants, its measures through `pytest.main`, its forks, CPU
limits and verdicts) but for these:

- just before the first mutant, its process configures pytest once with the same options and
  collects tests/rules (`SessionRunner.collect`): the tests' modules are already imported,
  by mutmut's own runs, so this takes seconds;
- in each mutant's process, forked from it, the mutant's tests are run from that session,
  quickest first, through pytest's own protocol for a test (its fixtures set up and torn
  down, every plugin's and conftest's hooks) until one fails, as `-x` would
  (`SessionRunner.run_tests`). A failure is exit status 1 (killed), none 0 (survived),
  anything raised outside a test pytest's internal error, 3, which mutmut counts killed as
  it would from `pytest.main`. A test the session does not hold is run by `pytest.main`.
  The test that killed each mutant is written to mutants/killed-by.tsv (`record_kill`),
  and the tests that killed a function's mutants are run first for its next ones;
- mutmut's measures of every test (which functions each reaches, its time) are taken in one
  forked process per worker at once, each running the test files it reaches first
  (`FileClaims`), after this process collects the tests; what they noted is merged here
  (`SessionForkRunner.measure_side_by_side`: about 52 s instead of 75 here, 2026-12-02);
- mutmut's clean run, a second run of every test after its measures, is not made when the
  measures ran every test (`SessionForkRunner`): they are the same run.

Fixtures of every scope are set up in the mutant's process, never in mutmut's, so no value
made by the clean code is handed to a mutant. The tests' parameters are made at collection,
by the clean code, as those written at import always were. No output reaches the terminal:
the process's standard output and error go to /dev/null (pytest.main captured them).

`pytest.main` is replaced by the session only in mutants' processes; `tests/mutation/
test_mutate.py` runs mutmut both ways on a small project and compares every verdict.
Uses pytest's `_prepareconfig` and `Config._do_configure` (pinned in requirements-dev.txt),
the steps of `pytest.main` before its session.

Usage: python scripts/mutate.py run [MUTANT ...] (mutmut's command line).
"""

from __future__ import annotations

import os
import pickle
import shutil
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
from time import process_time
from typing import Any
from urllib.parse import quote

import mutmut.workers.isolation as isolation
import pytest
from mutmut.__main__ import cli
from mutmut.runners.harness import PytestRunner
from mutmut.state import state
from mutmut.utils.file_utils import change_cwd

FAILED = 1  # pytest's ExitCode.TESTS_FAILED: mutmut's "killed"
PASSED = 0  # pytest's ExitCode.OK: mutmut's "survived"
INTERNAL_ERROR = 3  # pytest's ExitCode.INTERNAL_ERROR: mutmut's "killed", as from pytest.main
# Each killed mutant's test, from the mutants' directory (the mutants' processes run there).
KILLED_BY = "killed-by.tsv"
# The files the measuring processes have taken (`FileClaims`), a directory in mutants/.
STATS_CLAIMS = "stats-claims"
# The module whose MEASURED holds each test's CPU time, for its hang limit (tests/rules).
MEASURES_MODULE = "tests.rules.mutation"


class SessionRunner(PytestRunner):
    """mutmut's pytest runner, whose mutants' tests come from one session collected once."""

    def __init__(self) -> None:
        super().__init__()
        self.session: Any = None
        self.items: dict[str, Any] = {}
        self.kills = Kills(os.path.join("mutants", KILLED_BY))
        self.extra_plugins: list[Any] = []

    def execute_pytest(self, params: list[str], **kwargs: Any) -> int:
        """mutmut's `pytest.main`, with this process's `extra_plugins` beside its own."""
        if self.extra_plugins:
            kwargs["plugins"] = [*kwargs.get("plugins", []), *self.extra_plugins]
        return super().execute_pytest(params, **kwargs)

    def session_args(self) -> list[str]:
        """The options of mutmut's own run of a mutant's tests (`-x`, its `--rootdir` and
        traceback, pyproject.toml's), collecting the test selection, with no capture: the
        mutant's process sends its output to /dev/null."""
        return [
            *("--rootdir=.", "--tb=native", "-x", "-q", "--capture=no"),
            *self._pytest_add_cli_args,
            *self._pytest_add_cli_args_test_selection,
        ]

    def collect(self) -> None:
        """Configure pytest and collect the test selection, in mutants/ as mutmut runs it."""
        from _pytest.config import _prepareconfig
        from _pytest.main import Session

        with change_cwd("mutants"):
            config = _prepareconfig(self.session_args())
            config._do_configure()
            session = Session.from_config(config)
            config.hook.pytest_sessionstart(session=session)
            config.hook.pytest_collection(session=session)
        self.session = session
        self.items = {item.nodeid: item for item in session.items}

    def run_tests(self, *, mutant_name: str | None, tests: Iterable[str]) -> int:
        """In a mutant's process, its tests from the session until one fails, those that
        killed other mutants of its function first (`killers_first`); elsewhere (mutmut's
        measures and forced-fail run), or when a test is not in the session, mutmut's
        `pytest.main`."""
        tests = list(tests)
        if mutant_name is None or self.session is None or not all(t in self.items for t in tests):
            return super().run_tests(mutant_name=mutant_name, tests=tests)
        silence()
        os.chdir("mutants")
        tests = killers_first(tests, self.kills.of(mutant_name))
        try:
            return self.run_items([self.items[test] for test in tests])
        except BaseException:  # anything outside a test's own report: pytest's internal error
            return INTERNAL_ERROR

    def run_items(self, items: list[Any]) -> int:
        """pytest's protocol for each item (setup, call, teardown, reports), the next one
        given so that fixtures are kept as long as the following test needs them. The test
        that fails is written down (`KILLED_BY`)."""
        start = process_time()
        for index, item in enumerate(items):
            following = items[index + 1] if index + 1 < len(items) else None
            item.ihook.pytest_runtest_protocol(item=item, nextitem=following)
            if self.session.testsfailed or self.session.shouldfail or self.session.shouldstop:
                record_kill(item.nodeid, index + 1, process_time() - start)
                return FAILED
        return PASSED


class SessionForkRunner(isolation.ForkRunner):
    """mutmut's fork runner, which measures every test in one process per worker side by
    side (`measure_side_by_side`), collects its runner's session just before the first
    mutant (after mutmut's measures, which need their own `pytest.main`), and runs no clean
    run after measures of every test: those ran the same tests on the same code (mutmut's
    "stats" only notes which functions each test reaches) and mutmut stops when one fails.
    When the measures were read from an earlier run, or were of new tests only, the clean
    run is mutmut's."""

    measured_all = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # tests/rules/mutation.py's CPU seconds of each test's setup, call and teardown, as
        # the measuring processes took them: given to that module in this process before
        # the first mutant, whose processes are forked from it.
        self.measured: dict[str, float] = {}

    def collect_stats(self, tests: Iterable[str] | None) -> int:
        if tests or self.max_workers < 2:
            status = super().collect_stats(tests)
        else:
            status = self.measure_side_by_side()
        self.measured_all = not tests and status == PASSED
        return status

    def measure_side_by_side(self) -> int:
        """mutmut's measures of every test (`run_stats`: the functions each test reaches and
        its time), in one forked process per worker at once instead of in this one: a process
        runs a test file's tests only if it reached that file first (`FileClaims`), so each
        test runs once. What each process noted is merged here as mutmut merges what its
        fork server measured. The status is the first failing process's, with its output."""
        # The tests collected here first, as mutmut's own measures would have: this process
        # then holds the modules imported, which its forced failure needs (a mutated function
        # called at import would otherwise fail the conftest, not a test), and the measuring
        # processes forked from it start with them.
        self.test_runner.list_all_tests()
        claims = os.path.abspath(os.path.join("mutants", STATS_CLAIMS))  # pytest runs in mutants/
        shutil.rmtree(claims, ignore_errors=True)  # an earlier run's
        os.makedirs(claims)
        children = {}
        for index in range(self.max_workers):
            result = os.path.abspath(os.path.join("mutants", f"stats-{index}.pickle"))
            pid = os.fork()
            if pid == 0:
                os._exit(measure_in_child(self.test_runner, claims, result))
            children[pid] = result
        statuses = {}
        for pid in children:
            _, wait_status = os.waitpid(pid, 0)
            statuses[pid] = os.waitstatus_to_exitcode(wait_status)
        merged = PASSED
        for pid, path in children.items():
            if not os.path.exists(path):  # the process died before writing its measures
                print(f"a process measuring the tests ended with status {statuses[pid]}")
                merged = merged or INTERNAL_ERROR
                continue
            with open(path, "rb") as measures:
                taken = pickle.load(measures)
            os.remove(path)
            for function, tests in taken["tests_by_function"].items():
                state().tests_by_mangled_function_name[function] |= tests
            state().duration_by_test.update(taken["duration_by_test"])
            for function, callers in taken["function_dependencies"].items():
                state().function_dependencies[function] |= callers
            for nodeid, seconds in taken["measured"].items():
                self.measured[nodeid] = max(self.measured.get(nodeid, 0.0), seconds)
            if taken["status"] != PASSED and merged == PASSED:
                print("".join(taken["output"]), end="")
                merged = taken["status"]
        shutil.rmtree(claims)
        return merged

    def run_clean_tests(self, tests: Iterable[str]) -> int:
        if self.measured_all:
            return PASSED
        return super().run_clean_tests(tests)

    def startup(self) -> None:
        if isinstance(self.test_runner, SessionRunner):
            self.test_runner.collect()
        module = sys.modules.get(MEASURES_MODULE)
        if module is not None:
            for nodeid, seconds in self.measured.items():
                module.MEASURED[nodeid] = max(module.MEASURED.get(nodeid, 0.0), seconds)
        super().startup()

    def submit(self, mutant_name: str, tests: list[str], cpu_limit: int, estimated: float) -> None:
        if isinstance(self.test_runner, SessionRunner):
            self.test_runner.kills.update()
        super().submit(mutant_name, tests, cpu_limit, estimated)


def measure_in_child(runner: Any, claims: str, result: str) -> int:
    """In a forked measuring process: mutmut's measures of the test files this process
    reaches first, written to `result` with what it noted, then the pytest status."""
    claimed = FileClaims(claims)
    runner.extra_plugins = [claimed]
    output = getattr(getattr(sys.stdout, "catcher", None), "strings", [])  # mutmut's capture
    try:
        status = runner.run_stats(tests=[])
    except BaseException:  # anything outside a test: pytest's internal error, as from pytest.main
        status = INTERNAL_ERROR
    module = sys.modules.get(MEASURES_MODULE)
    taken = {
        "status": status,
        "output": list(output) if status != PASSED else [],
        "tests_by_function": dict(state().tests_by_mangled_function_name),
        "duration_by_test": dict(state().duration_by_test),
        "function_dependencies": dict(state().function_dependencies),
        "measured": dict(getattr(module, "MEASURED", {})),
    }
    with open(result + ".part", "wb") as measures:
        pickle.dump(taken, measures)
    os.replace(result + ".part", result)
    return 0


class FileClaims:
    """A pytest plugin for one of the processes that measure the tests side by side: a test
    runs in the process that reached its file first, which takes the file by creating its
    name in `directory` (O_EXCL: one process only), and is passed over by the others. Files
    go to whichever process is free, as pytest-xdist's --dist loadfile hands them out; a
    file's fixtures are made in one process.

    A process takes its next file as it ends a test of its last one, so that pytest tears
    that test down knowing which test comes next here (pytest keeps what the next test
    shares with it, its package and session, and would find the wrong ones set up if told
    of a test another process runs)."""

    def __init__(self, directory: str) -> None:
        self.directory = directory
        self.items: list[Any] = []
        self.next_index: int | None = None  # the next test this process runs, by position
        self.mine: set[str] = set()  # the files it took

    def pytest_collection_finish(self, session: Any) -> None:
        self.items = list(session.items)

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item: Any, nextitem: Any) -> bool:
        from _pytest.runner import runtestprotocol

        if self.next_index is None:
            self.next_index = self.following(-1)
        index = self.next_index
        if index >= len(self.items) or self.items[index] is not item:
            return True  # run by another process: nothing here, not even its report
        self.next_index = self.following(index)
        following = self.items[self.next_index] if self.next_index < len(self.items) else None
        # what pytest's own protocol does, told of the test this process runs next
        item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
        runtestprotocol(item, nextitem=following)
        item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
        return True

    def following(self, index: int) -> int:
        """The position of the test this process runs after the one at `index`: the next of
        the same file, else the first of the next file it takes (the end when none is left)."""
        current = self.file_of(index) if index >= 0 else None
        position = index + 1
        while position < len(self.items):
            path = self.file_of(position)
            if path == current or path in self.mine or self.take(path):
                return position
            while position < len(self.items) and self.file_of(position) == path:
                position += 1
        return position

    def file_of(self, index: int) -> str:
        nodeid: str = self.items[index].nodeid
        return nodeid.partition("::")[0]

    def take(self, path: str) -> bool:
        name = os.path.join(self.directory, quote(path, safe=""))
        try:
            os.close(os.open(name, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return False
        self.mine.add(path)
        return True


class Kills:
    """The kills written to a `KILLED_BY` file so far, counted by the mutated function and the
    killing test; read in mutmut's process before it forks each mutant's, so that the mutant
    knows which tests killed its function's others."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.read_up_to = 0
        self.by_function: dict[str, Counter[str]] = defaultdict(Counter)

    def update(self) -> None:
        """The lines written since last time (a line still being written is read next time)."""
        if not os.path.exists(self.path):
            return
        with open(self.path, "rb") as killed:
            killed.seek(self.read_up_to)
            new = killed.read()
        whole = new.rfind(b"\n") + 1
        self.read_up_to += whole
        for line in new[:whole].decode("utf-8").splitlines():
            mutant, test = line.split("\t")[:2]
            self.by_function[function_of(mutant)][test] += 1

    def of(self, mutant: str) -> Counter[str]:
        """How many of the mutants of `mutant`'s function each test has killed."""
        return self.by_function[function_of(mutant)]


def function_of(mutant: str) -> str:
    """The mutated function of a mutant's name: `service.rules.core.play.x_judge__mutmut_3`'s is
    `service.rules.core.play.x_judge`."""
    return mutant.partition("__mutmut_")[0]


def killers_first(tests: list[str], killers: Counter[str]) -> list[str]:
    """`tests` (mutmut's order: the quickest first) with those that killed mutants of the same
    function first, the most kills first, the others after in their order. The mutants of a
    function are run one after the other, and one test often kills most of them: the
    search's were killed some 50 tests in, at a second or more each (1,000 s of a run's
    CPU), by a test that ran long before the first one failed. Whatever the order, a mutant
    is killed when one of its tests fails and lives when none does: only the time changes."""
    return sorted(tests, key=lambda test: -killers[test])


def record_kill(test: str, run: int, seconds: float) -> None:
    """A line of `KILLED_BY` for this process's mutant: the test that killed it, how many of
    its tests ran, and the CPU seconds they took (to find the mutants killed late)."""
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    line = f"{mutant}\t{test}\t{run}\t{seconds:.3f}\n"
    with open(KILLED_BY, "a", encoding="utf-8") as killed:  # one short write: O_APPEND
        killed.write(line)


def silence() -> None:
    """This process's standard output and error to /dev/null, at the descriptors: a test's
    prints, pytest's reports and the native code's writes alike."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    os.close(devnull)


def install() -> None:
    """mutmut's fork runner and pytest runner replaced by these."""
    isolation.PytestRunner = SessionRunner  # type: ignore[misc]
    isolation.ForkRunner = SessionForkRunner  # type: ignore[misc]


if __name__ == "__main__":
    install()
    sys.exit(cli())
