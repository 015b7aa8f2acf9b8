"""The gunicorn worker that serves the referee: gthread's, with four differences.

- The errors gunicorn answers itself, before the app sees a request (a request line over 4094
  bytes: 414; too many or too large headers: 431; a malformed request line, header or chunk,
  or a Transfer-Encoding that does not end with chunked: 400; a transfer coding it does not
  know: 501), are RFC 9457 problems like the app's, with an `X-Request-ID`, the request's
  log line and its metrics (endpoint `<unmatched>`), instead of HTML pages. gunicorn still
  decides the status, logs the error and closes the connection; only the page it writes is
  replaced (for a refused Transfer-Encoding, with a sentence that says why).
- After a request is answered, an error gunicorn meets on the connection (a broken chunked
  body the app did not need to read, drained for the next request) closes it without a second
  answer: gunicorn wrote its error page after the app's, which a pipelining client would take
  for its next request's answer.
- A client may stall `CLIENT_TIMEOUT` seconds (10) at most: without sending the next bytes of
  its request, or without taking the answer. gunicorn gives a thread to a connection once its
  first bytes arrive, and a client that stopped in the middle of its headers, or that never
  read, held that thread for good: a handful of them (workers x threads) stopped the service.
  The timeouts are the kernel's (`SO_RCVTIMEO`, `SO_SNDTIMEO`, set on the listening sockets,
  whose connections inherit them), so gunicorn's own reads and writes obey them. They bound
  each silence, not a whole request: a client trickling a byte now and then still holds its
  thread. Against that and many slow clients at once, put a buffering proxy (nginx, an
  ingress) in front, as gunicorn's documentation advises.
- A connection that closes after its answer waits for the client to hang up (2 s at most,
  RFC 9112 9.6) on the poller, not on the loop that serves every other connection: gunicorn
  27 waited there, and 20 clients that never hung up stopped a worker for 40 s.
"""

from __future__ import annotations

import contextlib
import html
import logging
import os
import re
import selectors
import socket
import struct
import time
from collections import deque
from concurrent.futures import Future
from typing import Any, Final

import orjson
from gunicorn import util
from gunicorn.http.errors import InvalidHeader
from gunicorn.workers.gthread import ThreadWorker

from service.api.observability import (
    REQUEST_ID_HEADER,
    UNMATCHED_ENDPOINT,
    record_request,
    sanitize_request_id,
)
from service.api.problems import PROBLEM_MEDIA_TYPE, plain_kind, problem_payload
from service.text.catalog import DEFAULT

CLIENT_TIMEOUT: Final = float(os.environ.get("CLIENT_TIMEOUT", "10"))
_STATUS_LINE: Final = re.compile(rb"HTTP/1\.[01] (\d{3}) ")
LINGER_SECONDS: Final = 2.0  # how long a closing connection waits for the client, as gunicorn
# gunicorn's 500 (the WSGI app itself raised, outside Flask) is logged by gunicorn under no
# request id: the app's 500 sentence would point to a log line that does not exist.
_SERVER_FAILED: Final = "The server failed before the referee could answer; see its log."
# RFC 9112 6.3: a request whose codings do not end with `chunked` has no length to read, and
# MUST be answered 400 (gunicorn's `gzip`, `compress`, `deflate` or `identity` alone, a
# stacked or misplaced `chunked`, chunked over HTTP/1.0). A coding before `chunked` is the
# app's 501 (service/api/blueprint.py); a coding gunicorn does not know at all, its own 501.
_TRANSFER_ENCODING: Final = (
    "The request's Transfer-Encoding must end with chunked, once (RFC 9112 6.3: otherwise its "
    "body has no length to read); send the body as it is with a Content-Length, or chunked."
)


class _Page:
    """Stands in for the client's socket while gunicorn writes its error page, and keeps it."""

    def __init__(self) -> None:
        self.data = bytearray()

    def gettimeout(self) -> float:
        return 0.0  # "non-blocking": gunicorn then writes without switching modes

    def sendall(self, data: bytes) -> None:
        self.data += data


def problem_page(status: int, detail: str, request_id: str) -> bytes:
    """A whole HTTP/1.1 response: the about:blank problem for `status`, in English (the
    request was never read, so neither was its Accept-Language), closing the connection."""
    kind = plain_kind(status)
    if not detail:
        detail = _SERVER_FAILED if status == 500 else kind.detail(DEFAULT)
    body = orjson.dumps(problem_payload(status, kind, DEFAULT, detail=detail))
    head = (
        f"HTTP/1.1 {status} {kind.title(DEFAULT)}\r\n"
        "Connection: close\r\n"
        f"Content-Type: {PROBLEM_MEDIA_TYPE}\r\n"
        f"Content-Language: {DEFAULT}\r\n"
        f"Content-Length: {len(body)}\r\n"
        f"{REQUEST_ID_HEADER}: {request_id}\r\n\r\n"
    )
    return head.encode("latin-1") + body


def _gunicorn_detail(page: bytes) -> str:
    """The message gunicorn put in its HTML page, after the `<h1>` title ("" when none)."""
    body = page.partition(b"\r\n\r\n")[2].decode("latin-1")
    return html.unescape(body.rpartition("</h1>")[2].rpartition("</body>")[0].strip())


def _detail(exc: BaseException, page: bytes) -> str:
    """What the problem says of gunicorn's error: gunicorn's own sentence, but for a
    Transfer-Encoding it refuses, which it calls an "Invalid HTTP Header"."""
    if isinstance(exc, InvalidHeader) and exc.hdr == "TRANSFER-ENCODING":
        return _TRANSFER_ENCODING
    return _gunicorn_detail(page)


def _stalled_client(record: logging.LogRecord) -> bool:
    """gunicorn logs a read or write that timed out as a socket error with its traceback: say
    what happened instead, as a warning."""
    error = record.exc_info[1] if record.exc_info else None
    if isinstance(error, BlockingIOError):  # the kernel's EAGAIN when a timeout runs out
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.msg = (
            f"A client stalled for {CLIENT_TIMEOUT:g} s (sent nothing, or read nothing of "
            "its answer): connection closed."
        )
        record.args, record.exc_info, record.exc_text = (), None, None
    return True


class RefereeWorker(ThreadWorker):
    """gunicorn's gthread worker, with problems for its own errors, client timeouts, and a
    lingering close that does not stop its loop."""

    def init_process(self) -> None:
        seconds = int(CLIENT_TIMEOUT)
        timeout = struct.pack("ll", seconds, int((CLIENT_TIMEOUT - seconds) * 1_000_000))
        for listener in self.sockets:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_RCVTIMEO, timeout)
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDTIMEO, timeout)
        self.log.error_log.addFilter(_stalled_client)
        self.lingering: deque[tuple[float, socket.socket]] = deque()  # by deadline
        super().init_process()  # runs the worker's loop

    def finish_request(self, conn: Any, fs: Future[Any]) -> None:
        if fs.cancelled() or fs.exception() is not None or fs.result():
            super().finish_request(conn, fs)  # kept alive, deferred or failed: as gunicorn does
            return
        # The connection closes once the client has had the answer (RFC 9112 9.6: shut down
        # our side, read what the client still sends, close when it hangs up). gunicorn waits
        # for that right here, up to 2 s, on the loop that serves every connection of this
        # worker: clients that never hung up stopped it. They wait on the poller instead.
        sock = conn.sock
        try:
            sock.setblocking(False)
            sock.shutdown(socket.SHUT_WR)
            self.poller.register(sock, selectors.EVENT_READ, self._drain)
        except (OSError, ValueError, KeyError):
            self._close(sock)
            return
        self.lingering.append((time.monotonic() + LINGER_SECONDS, sock))

    def _drain(self, sock: socket.socket) -> None:
        try:
            if sock.recv(65536):
                return  # the client is still sending: wait for more, or for the deadline
        except BlockingIOError:
            return
        except OSError:
            pass
        self._close(sock)  # it hung up (or is gone)

    def _close(self, sock: socket.socket) -> None:
        if sock.fileno() == -1:
            return  # closed already, when the client hung up before its deadline
        with contextlib.suppress(OSError, ValueError, KeyError):
            self.poller.unregister(sock)
        sock.close()
        self.nr_conns -= 1  # a lingering connection still counted against worker_connections

    def murder_keepalived(self, force: bool = False) -> None:
        now = time.monotonic()
        while self.lingering and (force or self.lingering[0][0] <= now):
            self._close(self.lingering.popleft()[1])
        super().murder_keepalived(force)

    def handle_request(self, req: Any, conn: Any) -> Any:
        keep_alive = super().handle_request(req, conn)
        req.belote_answered = True  # whatever gunicorn meets next on this connection
        return keep_alive

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        page = _Page()
        super().handle_error(req, page, addr, exc)  # gunicorn's status, log line and page
        status = _STATUS_LINE.match(page.data)
        if status is None or getattr(req, "belote_answered", False):
            return  # nothing to say, or the request had its answer: the connection closes
        code, request_id = int(status.group(1)), sanitize_request_id(None)
        method, path = getattr(req, "method", None) or "", getattr(req, "path", None) or ""
        record_request(method, path, UNMATCHED_ENDPOINT, code, 0.0, request_id)
        try:
            util.write_nonblock(
                client, problem_page(code, _detail(exc, bytes(page.data)), request_id)
            )
        except OSError:
            self.log.debug("Failed to send error message.")
