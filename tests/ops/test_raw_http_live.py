"""What a live gunicorn answers to raw HTTP that never reaches a view, or reaches it broken:
problems every time, and a client that goes silent does not hold a thread for long."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.ops.conftest import gunicorn

CLIENT_TIMEOUT = 1  # seconds, for these tests (10 by default)


@pytest.fixture(scope="module")
def log_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("gunicorn") / "log"


@pytest.fixture(scope="module")
def port(log_path: Path) -> Any:
    server = gunicorn(
        workers=1,
        threads=2,
        log_path=log_path,
        CLIENT_TIMEOUT=str(CLIENT_TIMEOUT),
        LOG_LEVEL="info",
    )
    with server as (_, port):
        yield port


def log_lines(log_path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log_path.read_text().splitlines() if line.startswith("{")]


def exchange(port: int, data: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send raw bytes, read the first response: its status, headers and body. A server that
    closes the connection before answering in full fails the test (it does not spin)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(data)
        received = b""
        while b"\r\n\r\n" not in received:
            received += _more(sock, received)
        head, _, body = received.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        headers = dict(line.split(": ", 1) for line in lines[1:])
        length = int(headers["Content-Length"])
        while len(body) < length:
            body += _more(sock, body)
    return int(lines[0].split()[1]), headers, body[:length]


def _more(sock: socket.socket, so_far: bytes) -> bytes:
    """The next bytes the server sends; an AssertionError when it closed the connection."""
    chunk = sock.recv(65536)
    assert chunk, f"the server closed the connection after {so_far!r}"
    return chunk


def assert_problem(
    answer: tuple[int, dict[str, str], bytes], status: int, type_: str = "about:blank"
) -> dict[str, Any]:
    code, headers, body = answer
    assert code == status, body
    assert headers["Content-Type"] == "application/problem+json"
    assert re.fullmatch(r"[0-9a-f]{32}", headers["X-Request-ID"])
    problem: dict[str, Any] = json.loads(body)
    assert problem["status"] == status and problem["type"] == type_
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
    answer = exchange(port, post_chunked(chunks + b"0\r\n\r\n"))
    assert_problem(answer, 413, "/problems/body-too-large")


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
    port: int, log_path: Path, request_head: bytes, status: int
) -> None:
    answer = exchange(port, request_head)
    problem = assert_problem(answer, status)
    assert problem["detail"]  # gunicorn's own sentence, or the status's
    # Its one log line, under the id the client got, and its count in the metrics.
    time.sleep(0.2)
    ids = [line.get("request_id") for line in log_lines(log_path) if line["message"] == "request"]
    assert ids.count(answer[1]["X-Request-ID"]) == 1
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as metrics:
        exposition = metrics.read().decode()
    counted = (
        rf'belote_http_requests_total\{{endpoint="<unmatched>",method="\w+",status="{status}"\}}'
    )
    assert re.search(counted, exposition)


def test_a_transfer_coding_other_than_chunked_is_a_501_problem(port: int) -> None:
    request = post_chunked(b"2\r\n{}\r\n0\r\n\r\n").replace(b"chunked", b"gzip, chunked")
    assert_problem(exchange(port, request), 501)


@pytest.mark.parametrize("coding", [b"gzip", b"compress", b"deflate", b"identity"])
def test_a_transfer_encoding_that_does_not_end_with_chunked_is_a_400_that_says_so(
    port: int, coding: bytes
) -> None:
    """RFC 9112 6.3: such a request has no length to read, and MUST be a 400 (issue 31, item
    8: it said "Invalid HTTP Header", where the guide promised a 501)."""
    request = post_chunked(b"2\r\n{}\r\n0\r\n\r\n").replace(b"chunked", coding)
    problem = assert_problem(exchange(port, request), 400)
    assert problem["detail"].startswith("The request's Transfer-Encoding must end with chunked")


def test_a_transfer_coding_gunicorn_does_not_know_is_a_501_problem(port: int) -> None:
    request = post_chunked(b"2\r\n{}\r\n0\r\n\r\n").replace(b"chunked", b"br")
    assert_problem(exchange(port, request), 501)


def post_short(length: int) -> bytes:
    """A request whose body is shorter than its Content-Length says."""
    return (
        b"POST /v1/legal-moves HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b'Content-Length: %d\r\nConnection: close\r\n\r\n{"trump": "H"' % length
    )


def test_a_client_that_stalls_mid_body_is_told_so(port: int) -> None:
    """Issue 31, item 8: this said "The request is malformed." after the timeout."""
    started = time.monotonic()
    problem = assert_problem(exchange(port, post_short(100)), 400)
    assert problem["detail"].startswith("The client stalled in the middle of the request body")
    assert time.monotonic() - started < CLIENT_TIMEOUT + 3


def test_a_body_that_ends_before_its_content_length_is_told_so(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(post_short(100))
        sock.shutdown(socket.SHUT_WR)  # the body ends here, 87 bytes short
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 "), received
    assert json.loads(body)["detail"].startswith("The request body ended early")


def test_a_request_gets_one_answer_even_when_the_rest_of_its_body_is_broken(port: int) -> None:
    # /healthz reads no body; draining this broken one for the next request fails. The
    # client must see its 200 and a close, not a 400 it would take for the next answer.
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(
            b"GET /healthz HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n"
            b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
        )
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    assert received.startswith(b"HTTP/1.1 200 ")
    assert received.count(b"HTTP/1.1 ") == 1


@pytest.mark.parametrize(
    ("path", "count"),
    [("/v1/rules", 3000), ("/docs/static/swagger-ui-bundle.js", 20)],
    ids=["json answers", "a static file"],
)
def test_a_client_that_never_reads_its_answers_holds_no_thread_for_long(
    port: int, path: str, count: int
) -> None:
    greedy: list[socket.socket] = []

    def never_read() -> None:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", port))
        sock.settimeout(3)
        greedy.append(sock)
        with contextlib.suppress(OSError):  # pipelined requests, until the server stops reading
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode() * count)

    clients = [threading.Thread(target=never_read) for _ in range(4)]  # twice the threads
    try:
        for client in clients:
            client.start()
        for client in clients:
            client.join()
        time.sleep(2 * CLIENT_TIMEOUT)  # the server's threads block writing their answers
        started = time.monotonic()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=15) as response:
            assert response.status == 200
        assert time.monotonic() - started < 4 * CLIENT_TIMEOUT + 2
    finally:
        for sock in greedy:
            sock.close()


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
        assert time.monotonic() - started < 4 * CLIENT_TIMEOUT + 2
    finally:
        for sock in silent:
            sock.close()


def test_clients_that_never_hang_up_do_not_stop_the_worker(port: int) -> None:
    # Each is answered "Connection: close" and keeps its socket open: the server waits for it
    # to hang up (2 s at most) without holding up the rest.
    stubborn = [socket.create_connection(("127.0.0.1", port)) for _ in range(20)]
    try:
        for sock in stubborn:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        time.sleep(0.3)
        for _ in range(5):
            started = time.monotonic()
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=15) as answer:
                assert answer.status == 200
            assert time.monotonic() - started < 1
        deadline = time.monotonic() + 5  # 2 s of lingering, checked about once a second
        for sock in stubborn:
            sock.settimeout(max(0.1, deadline - time.monotonic()))
            received = b""
            while chunk := sock.recv(65536):  # until the server closes (else: a timeout)
                received += chunk
            assert received.startswith(b"HTTP/1.1 200 ")
    finally:
        for sock in stubborn:
            sock.close()
