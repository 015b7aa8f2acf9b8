"""The pending metrics hand prometheus exactly what direct updates would have written."""

from __future__ import annotations

import time

from hypothesis import given
from hypothesis import strategies as st
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest

from service.api.pending_metrics import PendingMetrics

BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


def metrics(registry: CollectorRegistry) -> tuple[Counter, Histogram]:
    counter = Counter("things_total", "Things.", ["kind"], registry=registry)
    latency = Histogram("wait_seconds", "Waits.", ["kind"], buckets=BUCKETS, registry=registry)
    return counter, latency


def exposition(registry: CollectorRegistry) -> list[str]:
    """The text format, less the creation timestamps (two registries differ there)."""
    return [
        line for line in generate_latest(registry).decode().splitlines() if "_created" not in line
    ]


values = st.one_of(st.sampled_from(BUCKETS), st.floats(0, 5, allow_nan=False))


@given(st.lists(st.tuples(st.sampled_from(["a", "b"]), values, st.integers(1, 3)), max_size=40))
def test_a_flushed_tally_reads_as_direct_updates(updates: list[tuple[str, float, int]]) -> None:
    direct, tallied = CollectorRegistry(), CollectorRegistry()
    (counter, latency), (t_counter, t_latency) = metrics(direct), metrics(tallied)
    tally = PendingMetrics()
    tally._flushing = True  # no background thread: this test flushes by hand
    for kind, value, amount in updates:
        counter.labels(kind).inc(amount)
        latency.labels(kind).observe(value)
        tally.inc(t_counter.labels(kind), amount)
        tally.observe(t_latency.labels(kind), value)
    tally.flush()
    assert exposition(tallied) == exposition(direct)
    tally.flush()  # nothing pending: nothing changes
    assert exposition(tallied) == exposition(direct)


def test_updates_reach_prometheus_within_the_interval_unflushed() -> None:
    registry = CollectorRegistry()
    counter, _ = metrics(registry)
    tally = PendingMetrics(interval=0.05)
    tally.inc(counter.labels("a"), 2)
    deadline = time.monotonic() + 5
    while registry.get_sample_value("things_total", {"kind": "a"}) != 2:
        assert time.monotonic() < deadline, "the tally's thread never flushed"
        time.sleep(0.01)


def test_a_forked_process_starts_with_nothing_pending_and_its_own_thread() -> None:
    registry = CollectorRegistry()
    counter, _ = metrics(registry)
    tally = PendingMetrics(interval=60)
    tally.inc(counter.labels("a"))
    tally._forked()  # what os.register_at_fork calls in the child
    assert not tally._flushing
    tally.flush()
    assert registry.get_sample_value("things_total", {"kind": "a"}) == 0
