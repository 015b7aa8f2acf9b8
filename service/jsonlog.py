"""JSON log lines: one object per record, cheap enough to write one for every request.

`{"time": "2026-11-29T12:00:00.123+00:00", "level": "INFO", "logger": "belote.request",
"message": "request", ...}` followed by every field passed in `extra`.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import orjson

# What every LogRecord carries; anything else on a record came from `extra`.
_RECORD_FIELDS = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime"}


class JsonLineFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
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
