"""What a live gunicorn answers to raw HTTP that never reaches a view, or reaches it broken:
problems every time, and a client that goes silent does not hold a thread for long."""

from __future__ import annotations

import json
import re
import socket
import time
import urllib.request
from typing import Any

import pytest

from tests.ops.conftest import gunicorn

READ_TIMEOUT = 1  # seconds, for these tests (10 by default)


@pytest.fixture(scope="module")
def port() -> Any:
    with gunicorn(workers=1, threads=2, READ_TIMEOUT=str(READ_TIMEOUT)) as (_, port):
        yield port


def exchange(port: int, data: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send raw bytes, read the first response: its status, headers and body."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(data)
        received = b""
        while b"\r\n\r\n" not in received:
            received += sock.recv(65536)
        head, _, body = received.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = dict(line.split(": ", 1) for line in lines[1:])
        length = int(headers["Content-Length"])
        while len(body) < length:
            body += sock.recv(65536)
    return int(lines[0].split()[1]), headers, body[:length]


def assert_problem(answer: tuple[int, dict[str, str], bytes], status: int) -> dict[str, Any]:
    code, headers, body = answer
    assert code == status, body
    assert headers["Content-Type"] == "application/problem+json"
    assert re.fullmatch(r"[0-9a-f]{32}", headers["X-Request-ID"])
    problem: dict[str, Any] = json.loads(body)
    assert problem["status"] == status and problem["type"] == "about:blank"
    return problem


def post_chunked(chunks: bytes) -> bytes:
    return (
        b"POST /v1/legal-moves HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + chunks
    )


@pytest.mark.parametrize(
    "chunks",
    [b"zz\r\nabc\r\n0\r\n\r\n", b"-5\r\nabcde\r\n0\r\n\r\n", b'5\r\n{"a":1}\r\n0\r\n\r\n'],
    ids=["size not hex", "negative size", "chunk longer than its size"],
)
def test_a_broken_chunked_body_is_a_400_problem(port: int, chunks: bytes) -> None:
    assert_problem(exchange(port, post_chunked(chunks)), 400)


def test_a_chunked_body_over_64_kib_is_a_413_problem(port: int) -> None:
    body = b'{"trump": "H", "leader": 1, "hand": ["KD"]}' + b" " * 70_000
    chunks = b"".join(
        b"%x\r\n%s\r\n" % (len(part), part)
        for part in (body[i : i + 8192] for i in range(0, len(body), 8192))
    )
    assert_problem(exchange(port, post_chunked(chunks + b"0\r\n\r\n")), 413)


@pytest.mark.parametrize(
    ("request_head", "status"),
    [
        (b"GET /v1/rules?" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + b"X-A: b\r\n" * 200 + b"\r\n", 431),
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\nAccept-Language: " + b"f" * 9000 + b"\r\n\r\n", 431),
        (b"NOT A REQUEST LINE\r\n\r\n", 400),
    ],
    ids=["request line too long", "too many headers", "header too large", "garbage"],
)
def test_what_gunicorn_refuses_itself_is_a_problem_too(
    port: int, request_head: bytes, status: int
) -> None:
    problem = assert_problem(exchange(port, request_head), status)
    assert problem["detail"]  # gunicorn's own sentence, or the status's


def test_silent_clients_hold_no_thread_past_the_read_timeout(port: int) -> None:
    # Twice as many clients as the worker's threads, each stopped in the middle of its headers.
    silent = [socket.create_connection(("127.0.0.1", port)) for _ in range(4)]
    try:
        for sock in silent:
            sock.sendall(b"POST /v1/legal-moves HTTP/1.1\r\nHost: x\r\n")
        time.sleep(0.2)
        started = time.monotonic()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=15) as response:
            assert response.status == 200
        # Each thread is freed within the read timeout; the silent clients queue twice.
        assert time.monotonic() - started < 4 * READ_TIMEOUT + 2
    finally:
        for sock in silent:
            sock.close()
