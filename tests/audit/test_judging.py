"""service/audit/judging.py: a line that cannot be judged is an error naming its line, with the
API's own problem."""

from __future__ import annotations

from pathlib import Path

import orjson

from service.app import create_app
from tests.audit.archive import BAD_LINES
from tests.audit.conftest import Files, ndjson


def test_an_error_names_its_line_and_carries_the_apis_own_problem(
    files: Files, on_cluster: Path
) -> None:
    client = create_app({"TESTING": True}).test_client()
    lines = files.plain.read_bytes().split(b"\n")
    errors = ndjson(on_cluster, "errors")
    assert [lines[error["line"] - 1] for error in errors] == list(BAD_LINES)
    for error in errors:
        data = lines[error["line"] - 1]
        assert error["file"] == str(files.plain)
        if error["id"] == "bad-3":  # the record's own fields: the audit's, in the API's shape
            assert error["problem"]["status"] == 422
            assert [e["pointer"] for e in error["problem"]["errors"]] == ["/players"]
            continue
        try:
            record = orjson.loads(data)
        except orjson.JSONDecodeError:
            record = None
        if isinstance(record, dict):  # the endpoint is sent the body, without the record's id
            data = orjson.dumps({k: v for k, v in record.items() if k != "id"})
        if not data:  # the endpoint takes an empty body for no body; the audit, for no JSON
            assert error["problem"]["type"] == "/problems/malformed-json"
            continue
        served = client.post(
            "/v1/deals/replay", data=data, headers={"Content-Type": "application/json"}
        )
        assert error["problem"] == served.get_json(force=True)
        assert error["id"] == (record.get("id") if isinstance(record, dict) else None)
    codes = {e["code"] for error in errors for e in error["problem"]["errors"] or ()}
    assert {"duplicate_card", None} <= codes
