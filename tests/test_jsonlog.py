"""service/jsonlog.py: a log record as one line of JSON."""

from __future__ import annotations

import json
import logging
import re
import sys
from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from service.jsonlog import JsonLineFormatter, timestamp


def test_a_log_line_is_one_json_object_with_the_extra_fields() -> None:
    formatter = JsonLineFormatter()
    record = logging.makeLogRecord(
        {"name": "belote.request", "levelname": "INFO", "msg": "request %s", "args": ("done",)}
    )
    record.request_id, record.status = "rid-1", 200
    line = formatter.format(record)
    assert "\n" not in line
    parsed = json.loads(line)
    assert {k: parsed[k] for k in ("level", "logger", "message", "request_id", "status")} == {
        "level": "INFO",
        "logger": "belote.request",
        "message": "request done",
        "request_id": "rid-1",
        "status": 200,
    }
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00", parsed["time"])
    assert "args" not in parsed and "msg" not in parsed


def test_a_logged_exception_stays_on_one_line() -> None:
    try:
        raise ValueError("boom")
    except ValueError:
        record = logging.makeLogRecord({"msg": "failed", "exc_info": sys.exc_info()})
    parsed = json.loads(JsonLineFormatter().format(record))
    assert "ValueError: boom" in parsed["exc_info"]


@given(st.floats(0, 4e9) | st.integers(0, 4 * 10**9).map(lambda s: s + 0.9999996))
def test_log_times_are_what_datetime_writes(seconds: float) -> None:
    assert timestamp(seconds) == datetime.fromtimestamp(seconds, UTC).isoformat(
        timespec="milliseconds"
    )
