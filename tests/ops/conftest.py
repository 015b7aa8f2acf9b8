"""Helpers for the tests that run the real server: gunicorn on a free loopback port."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.conftest import ROOT

BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def port_is_closed(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(1)
        return sock.connect_ex(("127.0.0.1", port)) != 0


# Left to gunicorn.conf.py's defaults unless a test sets them.
SERVER_SETTINGS = ("PROMETHEUS_MULTIPROC_DIR", "THREADS", "ANALYSIS_SLOTS")


def server_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in SERVER_SETTINGS}
    env.update({"HOST": "127.0.0.1", "LOG_LEVEL": "warning"}, **extra)
    return env


def children(pid: int) -> set[int]:
    """The live child processes of `pid` (from /proc: no extra tools needed)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(stat.parent.name))
    return found


@contextmanager
def gunicorn(
    workers: int, threads: int | None = None, log_path: Path | None = None, **extra_env: str
) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """A gunicorn serving the app on 127.0.0.1 (`threads` per worker: gunicorn.conf.py's
    default when None); stopped (and killed if need be) on exit. Its output goes to
    `log_path` when given."""
    port = free_port()
    if threads is not None:
        extra_env["THREADS"] = str(threads)
    env = server_env(PORT=str(port), WEB_CONCURRENCY=str(workers), **extra_env)
    # A file, not a pipe: a full pipe would stall gunicorn.
    with open(log_path, "w+b") if log_path else tempfile.TemporaryFile() as log:
        process = subprocess.Popen(
            [str(BIN / "gunicorn"), "--config", "gunicorn.conf.py", "service.app:app"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=log,
            start_new_session=True,
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                        break
                except OSError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        log.seek(0)
                        raise RuntimeError(f"gunicorn did not start: {log.read()!r}") from None
                    time.sleep(0.1)
            while len(children(process.pid)) < workers and time.monotonic() < deadline:
                time.sleep(0.1)
            yield process, port
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
