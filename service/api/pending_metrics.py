"""Metric updates added up in memory, handed to prometheus at most once a second.

With several gunicorn workers (`PROMETHEUS_MULTIPROC_DIR`), every `inc` or `observe` on a
prometheus child takes a process-wide lock, asks the kernel for the pid and writes into a
memory-mapped file. A request made four or five of them, and they cost about 4% of the
throughput (bench/http.py, the frame with and without metrics). `PendingMetrics` keeps plain
sums per child instead, and hands them over in one update per child:

- every `interval` seconds, from a daemon thread started in each process on first use (again
  after a fork);
- when `flush()` is called: `/metrics` flushes the worker that answers it, and gunicorn's
  `worker_exit` hook flushes a worker that stops.

So `/metrics` may show another worker's counts up to a second late, and a worker killed
outright loses at most its last second of counts. The histogram's buckets and sum are written
through prometheus_client's own per-bucket values (`_buckets`, `_sum`); a test checks the
exposition is the same as after plain `observe` calls.
"""

from __future__ import annotations

import os
import threading
import time
from bisect import bisect_left
from typing import Any, Final

FLUSH_SECONDS: Final = 1.0


class PendingMetrics:
    """The counter increments and histogram observations not yet handed to prometheus, summed
    per metric child."""

    def __init__(self, interval: float = FLUSH_SECONDS) -> None:
        self.interval = interval
        self._lock = threading.Lock()
        self._counts: dict[Any, float] = {}  # counter child -> amount not yet handed over
        self._observed: dict[Any, list[float]] = {}  # histogram child -> per bucket, then sum
        self._flushing = False  # whether this process has its flushing thread
        os.register_at_fork(after_in_child=self._forked)

    def inc(self, child: Any, amount: float = 1) -> None:
        """What `child.inc(amount)` does, later."""
        with self._lock:
            self._counts[child] = self._counts.get(child, 0) + amount
        if not self._flushing:
            self._start()

    def observe(self, child: Any, value: float) -> None:
        """What `child.observe(value)` does (a histogram child), later."""
        bounds = child._upper_bounds
        with self._lock:
            pending = self._observed.get(child)
            if pending is None:
                pending = self._observed[child] = [0.0] * (len(bounds) + 1)
            pending[bisect_left(bounds, value)] += 1  # the first bucket whose bound >= value
            pending[-1] += value
        if not self._flushing:
            self._start()

    def flush(self) -> None:
        """Hand every pending sum to prometheus now."""
        with self._lock:
            counts, self._counts = self._counts, {}
            observed, self._observed = self._observed, {}
        for child, amount in counts.items():
            child.inc(amount)
        for child, pending in observed.items():
            for bucket, count in zip(child._buckets, pending, strict=False):
                if count:
                    bucket.inc(count)
            child._sum.inc(pending[-1])

    def _start(self) -> None:
        with self._lock:
            if self._flushing:
                return
            self._flushing = True
        threading.Thread(target=self._run, name="metrics-tally", daemon=True).start()

    def _run(self) -> None:
        while True:
            time.sleep(self.interval)
            self.flush()

    def _forked(self) -> None:
        # The parent's thread did not come along, and its pending sums are the parent's.
        self._lock = threading.Lock()
        self._counts, self._observed = {}, {}
        self._flushing = False
