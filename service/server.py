"""The gunicorn worker that serves the referee: gthread's, with two differences.

- The errors gunicorn answers itself, before the app sees a request (a request line over 4094
  bytes: 414; too many or too large headers: 431; a malformed request line, header or chunk:
  400; an unsupported transfer coding: 501), are RFC 9457 problems like the app's, with an
  `X-Request-ID`, instead of HTML pages. gunicorn still decides the status, logs the error and
  closes the connection; only the page it writes is replaced.
- A read from a client waits at most `READ_TIMEOUT` seconds (10) for its next bytes. gunicorn
  gives a thread to a connection once its first bytes arrive, and a client that stops in the
  middle of its headers or body held that thread for good: a handful of them (workers x
  threads) stopped the service. The timeout is the kernel's (`SO_RCVTIMEO`, set on the
  listening sockets, whose connections inherit it), so gunicorn's own reads obey it. It bounds
  how long one silent client holds a thread; against many slow clients at once, put a
  buffering proxy (nginx, an ingress) in front, as gunicorn's documentation advises.
"""

from __future__ import annotations

import html
import logging
import os
import re
import socket
import struct
from typing import Any, Final

import orjson
from gunicorn import util
from gunicorn.workers.gthread import ThreadWorker

from service.api.observability import REQUEST_ID_HEADER, sanitize_request_id
from service.api.problems import PROBLEM_MEDIA_TYPE, plain_kind

READ_TIMEOUT: Final = float(os.environ.get("READ_TIMEOUT", "10"))
_STATUS_LINE: Final = re.compile(rb"HTTP/1\.[01] (\d{3}) ")


class _Page:
    """Stands in for the client's socket while gunicorn writes its error page, and keeps it."""

    def __init__(self) -> None:
        self.data = bytearray()

    def gettimeout(self) -> float:
        return 0.0  # "non-blocking": gunicorn then writes without switching modes

    def sendall(self, data: bytes) -> None:
        self.data += data


# gunicorn's 500 (the WSGI app itself raised, outside Flask) is logged by gunicorn under no
# request id: the app's 500 sentence would point to a log line that does not exist.
_SERVER_FAILED: Final = "The server failed before the referee could answer; see its log."


def problem_page(status: int, detail: str) -> bytes:
    """A whole HTTP/1.1 response: the about:blank problem for `status`, in English (the
    request was never read, so neither was its Accept-Language), closing the connection."""
    kind = plain_kind(status)
    if not detail:
        detail = _SERVER_FAILED if status == 500 else kind.detail["en"]
    body = orjson.dumps(
        {"type": kind.type, "title": kind.title["en"], "status": status, "detail": detail}
    )
    head = (
        f"HTTP/1.1 {status} {kind.title['en']}\r\n"
        "Connection: close\r\n"
        f"Content-Type: {PROBLEM_MEDIA_TYPE}\r\n"
        f"Content-Length: {len(body)}\r\n"
        f"{REQUEST_ID_HEADER}: {sanitize_request_id(None)}\r\n\r\n"
    )
    return head.encode("latin-1") + body


def _gunicorn_detail(page: bytes) -> str:
    """The message gunicorn put in its HTML page, after the `<h1>` title ("" when none)."""
    body = page.partition(b"\r\n\r\n")[2].decode("latin-1")
    return html.unescape(body.rpartition("</h1>")[2].rpartition("</body>")[0].strip())


def _silent_client(record: logging.LogRecord) -> bool:
    """gunicorn logs a read that timed out as a socket error with its traceback: say what
    happened instead, as a warning."""
    error = record.exc_info[1] if record.exc_info else None
    if isinstance(error, BlockingIOError):  # the kernel's EAGAIN when SO_RCVTIMEO runs out
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.msg = f"A client sent nothing for {READ_TIMEOUT:g} s: connection closed."
        record.args, record.exc_info, record.exc_text = (), None, None
    return True


class RefereeWorker(ThreadWorker):
    """gunicorn's gthread worker, with problems for its own errors and a read timeout."""

    def init_process(self) -> None:
        timeout = struct.pack("ll", int(READ_TIMEOUT), int(READ_TIMEOUT % 1 * 1_000_000))
        for listener in self.sockets:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_RCVTIMEO, timeout)
        self.log.error_log.addFilter(_silent_client)
        super().init_process()

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        page = _Page()
        super().handle_error(req, page, addr, exc)  # gunicorn's status, log line and page
        status = _STATUS_LINE.match(page.data)
        if status is None:  # nothing written: nothing to replace
            return
        problem = problem_page(int(status.group(1)), _gunicorn_detail(bytes(page.data)))
        try:
            util.write_nonblock(client, problem)
        except OSError:
            self.log.debug("Failed to send error message.")
