"""Losing a worker mid-stream: gunicorn replaces it and the service keeps answering.

Only the requests that were on the killed worker's connections may fail (one per client
thread at most); everything is bounded in count and time and talks to 127.0.0.1 only."""

from __future__ import annotations

import http.client
import os
import signal
import threading
import time
from dataclasses import dataclass, field

import orjson

from service.app import create_app
from tests.ops.conftest import children, gunicorn

THREADS = 4
MAX_REQUESTS_PER_THREAD = 5000
RUN_SECONDS = 4.0
KILL_AFTER_SECONDS = 1.0

TRICK = {"trump": "H", "leader": 0, "cards": ["7S", "AS", "JH", "10S"], "last": False}


def target() -> tuple[str, str, bytes | None]:
    """A game endpoint when there is one (it exercises the referee), else /healthz."""
    rules = {rule.rule for rule in create_app().url_map.iter_rules()}
    if "/v1/tricks/winner" in rules:
        return "POST", "/v1/tricks/winner", orjson.dumps(TRICK)
    return "GET", "/healthz", None


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    ok: int = 0
    ok_after_kill: int = 0
    failed: list[str] = field(default_factory=list)


def client_loop(port: int, tally: Tally, stop: threading.Event, killed: threading.Event) -> None:
    method, path, body = target()
    headers = {"Content-Type": "application/json"} if body else {}
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    for _ in range(MAX_REQUESTS_PER_THREAD):
        if stop.is_set():
            break
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            response.read()
            if response.status >= 500:
                raise http.client.HTTPException(f"status {response.status}")
        except (OSError, http.client.HTTPException) as error:
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            with tally.lock:
                tally.failed.append(repr(error))
            continue
        with tally.lock:
            tally.ok += 1
            tally.ok_after_kill += killed.is_set()
    connection.close()


def test_killing_a_worker_mid_stream_loses_at_most_its_in_flight_requests() -> None:
    with gunicorn(workers=2) as (master, port):
        workers = children(master.pid)
        assert len(workers) == 2
        tally, stop, killed = Tally(), threading.Event(), threading.Event()
        clients = [
            threading.Thread(target=client_loop, args=(port, tally, stop, killed), daemon=True)
            for _ in range(THREADS)
        ]
        for thread in clients:
            thread.start()
        try:
            time.sleep(KILL_AFTER_SECONDS)
            victim = min(workers)
            os.kill(victim, signal.SIGKILL)
            killed.set()
            time.sleep(RUN_SECONDS - KILL_AFTER_SECONDS)
        finally:
            stop.set()
            for thread in clients:
                thread.join(timeout=10)
        replaced = children(master.pid)

    print(
        f"\n{method_path()}: {tally.ok} answered ({tally.ok_after_kill} after the kill), "
        f"{len(tally.failed)} failed: {tally.failed}"
    )
    assert not any(thread.is_alive() for thread in clients)
    assert victim not in replaced
    assert len(replaced) == 2, "gunicorn did not replace the killed worker"
    assert tally.ok_after_kill >= 100, "the service stopped answering after the kill"
    assert len(tally.failed) <= THREADS


def method_path() -> str:
    method, path, _ = target()
    return f"{method} {path}"
