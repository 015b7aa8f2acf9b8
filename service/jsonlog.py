"""JSON log lines: one object per line, cheap enough to write one for every request.

`{"time": "2026-11-29T12:00:00.123+00:00", "level": "INFO", "logger": "belote.request",
"message": "request", ...}` followed by every field passed in `extra` (or to `RequestLog`).
"""

from __future__ import annotations

import logging
import math
import os
import time
from datetime import UTC, datetime
from typing import Any

import orjson

# What every LogRecord carries; anything else on a record came from `extra`.
_RECORD_FIELDS = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime"}


_second: tuple[int, str] = (0, "1970-01-01T00:00:00")  # the last whole second, formatted


def timestamp(seconds: float) -> str:
    """`2026-11-29T12:00:00.123+00:00`: UTC, to the millisecond (floored, as `isoformat`).
    The date and time are formatted once a second; every line within it reuses them."""
    global _second
    fraction, whole = math.modf(seconds)
    micro = round(fraction * 1e6)  # as datetime rounds a timestamp to the microsecond
    if micro >= 1_000_000:
        whole, micro = whole + 1, micro - 1_000_000
    second, text = _second
    if whole != second:
        text = datetime.fromtimestamp(whole, UTC).isoformat(timespec="seconds")[:19]
        _second = (int(whole), text)
    return f"{text}.{micro // 1000:03d}+00:00"


class JsonLineFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": timestamp(record.created),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _RECORD_FIELDS:
                line[key] = value
        if record.exc_info:
            line["exc_info"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack_info"] = self.formatStack(record.stack_info)
        return orjson.dumps(line, default=str).decode()


class RequestLog:
    """The line every request writes, in the same shape as `JsonLineFormatter`'s, straight to
    a file descriptor (stderr) with one `write(2)`.

    A line a request is the one log record on the hot path, and going through `logging` (a
    LogRecord, the handler's lock, the formatter, a flush) cost more than the rules' own work
    on a typical request. Its logger's level still switches the line on and off (`LOG_LEVEL`),
    but its handlers are not used. One write needs no lock: lines shorter than PIPE_BUF
    (4096 bytes) reach a pipe whole, even from several threads or workers.
    """

    def __init__(self, name: str, fd: int = 2) -> None:
        self.logger = logging.getLogger(name)
        self.fd = fd

    def enabled(self) -> bool:
        return self.logger.isEnabledFor(logging.INFO)

    def write(self, message: str, **fields: Any) -> None:
        line = orjson.dumps(
            {
                "time": timestamp(time.time()),
                "level": "INFO",
                "logger": self.logger.name,
                "message": message,
                **fields,
            },
            default=str,
        )
        view = memoryview(line + b"\n")
        while view:  # a single write unless the line is longer than the pipe takes at once
            view = view[os.write(self.fd, view) :]
