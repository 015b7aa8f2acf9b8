"""What the native core may not do to the process it runs in: keep memory it was given for a
search (RSS stays flat over 10,000 solves), or hold the GIL while it searches (another Python
thread keeps running meanwhile)."""

from __future__ import annotations

import os
import threading
from time import perf_counter

from service.rules.analysis.native import _native
from service.rules.analysis.questions import Claim, deal_in, judge_claim, solve
from service.rules.variants import CLASSIC
from support.solver import asking
from tests.native.differential import OPTIONS, UNHURRIED, make, position, takers_objective

SOLVES = 10_000
MARGIN = 4 * 2**20  # bytes: what the allocator may keep beyond the warm-up's high mark


def resident() -> int:
    """This process's resident memory, in bytes."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def test_memory_is_flat_over_ten_thousand_solves() -> None:
    # Positions of every size (both table sizes), solves and claims: a leak of a table (1
    # MiB) every thousand searches would pass the margin.
    records = [position(seed, 1 + seed % 20, OPTIONS[seed % 8]) for seed in range(100)]
    records += [position(seed, 25, OPTIONS[0]) for seed in range(2)]

    def ask(index: int) -> None:
        record = records[index % len(records)]
        if index % 2:
            solve(record, OPTIONS[index % 8], UNHURRIED)
        else:
            judge_claim(record, Claim(index % 4, tricks=1), "any", OPTIONS[index % 8])

    with asking(_native.Search):
        for index in range(1000):  # the allocator's and the caches' high mark
            ask(index)
        before = resident()
        for index in range(SOLVES):
            ask(index)
        after = resident()
    assert after - before < MARGIN, (before, after)


def test_another_thread_runs_while_the_core_searches() -> None:
    # The core values a whole deal from the first lead in a thread (one call into C, tens of
    # milliseconds); this thread notes the time at each turn of a loop meanwhile. Holding the
    # GIL, the core would let it run only before the call begins or after it ends (a thread
    # waiting for the GIL gets it at the interpreter's next switch): never in the middle half
    # of the call.
    record = position(3, 32, OPTIONS[0])
    state = deal_in(CLASSIC, record, OPTIONS[0]).state
    stamps: list[float] = []
    call: list[float] = []
    done = threading.Event()

    def search() -> None:
        core = make(_native.Search, takers_objective(record, OPTIONS[0]), UNHURRIED)
        core.quick_bounds(state)  # the C search made (its table allocated) first
        call.append(perf_counter())
        core.value(state, 81)
        call.append(perf_counter())
        done.set()

    worker = threading.Thread(target=search)
    worker.start()
    while not done.is_set():
        stamps.append(perf_counter())
    worker.join()
    start, end = call
    quarter = (end - start) / 4
    assert any(start + quarter < stamp < end - quarter for stamp in stamps), (start, end)


def test_a_claim_in_a_thread_answers_as_in_the_main_thread() -> None:
    # The core keeps nothing between searches that another thread's search could see.
    records = [position(seed, 16, OPTIONS[seed % 8]) for seed in range(8)]
    with asking(_native.Search):
        alone = [solve(r, OPTIONS[i % 8], UNHURRIED).moves for i, r in enumerate(records)]
        found: dict[int, object] = {}

        def worker(i: int) -> None:
            found[i] = solve(records[i], OPTIONS[i % 8], UNHURRIED).moves

        threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(records))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert [found[i] for i in range(len(records))] == alone
