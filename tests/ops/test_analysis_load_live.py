"""Analyses beside live play, in one gunicorn worker with the default threads: while six
clients keep asking for full-deal solves, `/v1/legal-moves` keeps answering about as fast as
at rest (issue 18: p99 under 20 ms).

Two things make it so: at most THREADS - 1 analyses run at once in a worker (the others are
answered 503 with Retry-After at once, service/api/limiter.py), which leaves a thread for the
cheap requests; and the native search releases the GIL while it searches, which lets that
thread run. The test asserts status codes and a ratio of latencies measured in the same run,
never an absolute time: the machine is shared and its speed varies."""

from __future__ import annotations

import http.client
import random
import statistics
import threading
import time
from dataclasses import dataclass, field

import orjson
import pytest

from service.rules.analysis.engine import ENGINE
from tests.api.test_analysis import random_deal
from tests.ops.conftest import gunicorn

SOLVERS = 6  # clients asking for full-deal solves, without pause
SOLVE_BUDGET_MS = 10_000  # the most a body may ask: every solve runs to the end
PROBES = 400  # legal-moves requests measured, at rest then under load
WARM_UP = 50  # requests before measuring (connections, first-use plans)
# Under load, legal-moves' p99 within this many times its p99 at rest, measured in the same
# run. What it separates: with the GIL held by the search (the pure-Python reference), the
# ratio was about 170 (497 ms against 3 ms); with the native core releasing it, 4 to 7 on a
# loaded machine and 13 to 24 on a quiet one, where the p99 at rest is under 1.2 ms (14 to
# 21 ms under load, issue 18's aim being 20 ms). 40 fails the first and never the second.
MAX_P99_RATIO = 40.0
# The rest p99 the ratio is taken against is at least this: since the schemas' plans were
# written out as functions (2026-12-04) a rest p99 of 0.6 ms beside 30 ms under load made 49,
# a faster rest tightening the bound while the load's cost stood; 40 x 1.2 ms = 48 ms still
# fails the GIL held (497 ms).
REST_P99_FLOOR = 0.0012

LEGAL_MOVES = orjson.dumps(
    {"trump": "H", "leader": 1, "trick": ["AS", "JH"], "hand": ["KD", "9H", "8C"]}
)
JSON = {"Content-Type": "application/json"}

pytestmark = pytest.mark.skipif(
    ENGINE == "reference",
    reason="needs the native engine (branch `engine`): the pure-Python reference search holds "
    "the GIL while it searches, so no thread of the worker can answer beside it",
)


def p99(durations: list[float]) -> float:
    return statistics.quantiles(durations, n=100, method="inclusive")[98]


def legal_moves_timings(port: int, count: int) -> list[float]:
    """`count` legal-moves requests one after another on one connection: each one's seconds."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    durations = []
    try:
        for index in range(WARM_UP + count):
            start = time.perf_counter()
            connection.request("POST", "/v1/legal-moves", body=LEGAL_MOVES, headers=JSON)
            response = connection.getresponse()
            response.read()
            assert response.status == 200
            if index >= WARM_UP:
                durations.append(time.perf_counter() - start)
    finally:
        connection.close()
    return durations


@dataclass
class Solves:
    """What the solving clients were answered."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    statuses: dict[int, int] = field(default_factory=dict)
    busy_without_retry_after: int = 0

    def count(self, status: int, retry_after: str | None) -> None:
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1
            if status == 503 and not (retry_after or "").isdigit():
                self.busy_without_retry_after += 1


def keep_solving(port: int, seed: int, solves: Solves, stop: threading.Event) -> None:
    rng = random.Random(seed)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        while not stop.is_set():
            deal = random_deal(rng.randrange(1 << 30), 0)
            body = orjson.dumps({**deal, "budget_ms": SOLVE_BUDGET_MS})
            connection.request("POST", "/v1/analysis/solve", body=body, headers=JSON)
            response = connection.getresponse()
            response.read()
            solves.count(response.status, response.getheader("Retry-After"))
    finally:
        connection.close()


def test_legal_moves_stay_fast_while_six_clients_keep_solving() -> None:
    with gunicorn(workers=1) as (_, port):
        at_rest = legal_moves_timings(port, PROBES)
        solves, stop = Solves(), threading.Event()
        clients = [
            threading.Thread(target=keep_solving, args=(port, seed, solves, stop), daemon=True)
            for seed in range(SOLVERS)
        ]
        for client in clients:
            client.start()
        try:
            # Measure once every slot is taken and the others are being turned away.
            deadline = time.monotonic() + 60
            while solves.statuses.get(503, 0) < SOLVERS and time.monotonic() < deadline:
                time.sleep(0.05)
            under_load = legal_moves_timings(port, PROBES)
        finally:
            stop.set()
            for client in clients:
                client.join(timeout=60)
    rest_p99, load_p99 = p99(at_rest), p99(under_load)
    print(
        f"\nlegal-moves p50/p99 at rest {statistics.median(at_rest) * 1000:.2f}/"
        f"{rest_p99 * 1000:.2f} ms, beside {SOLVERS} solving clients "
        f"{statistics.median(under_load) * 1000:.2f}/{load_p99 * 1000:.2f} ms "
        f"(p99 ratio {load_p99 / rest_p99:.1f}); solves answered {solves.statuses}"
    )
    assert not any(client.is_alive() for client in clients)
    assert set(solves.statuses) == {200, 503}, "solves are answered, or turned away at once"
    assert solves.busy_without_retry_after == 0
    assert load_p99 <= MAX_P99_RATIO * max(rest_p99, REST_P99_FLOOR)
