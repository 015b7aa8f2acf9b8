"""service/audit/judging.py: a line that cannot be judged is an error naming its line, with the
API's own problem."""

from __future__ import annotations

import html
from pathlib import Path

import orjson
import pytest

from service.api.analysis import COINCHE_LATE_POSITION
from service.api.direct import Direct
from service.api.review import REVIEW_EXAMPLE
from service.app import create_app
from service.audit.judging import MISSING, judge_line, refusal
from service.audit.records import Line
from tests.audit.bad_lines import BAD_LINES
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


def test_a_bad_line_is_said_in_a_sentence_with_its_file_and_line(
    files: Files, on_cluster: Path
) -> None:
    errors = ndjson(on_cluster, "errors")
    said = [error["message"] for error in errors]
    for error in errors:
        assert error["message"].startswith(f"line {error['line']} of {files.plain}")
    not_json = [text for text in said if " is not JSON (" in text]
    assert [text.split(" is not JSON ")[1] for text in not_json] == [
        "(unexpected end of data at column 27)",  # cut short
        "(an empty line)",
        "(bytes that are not UTF-8 at column 1)",
    ]
    assert said[3].endswith(
        ": /dealer: Must be greater than or equal to 0 and less than or equal to 3."
    )
    summary = orjson.loads((on_cluster / "summary.json").read_bytes())
    assert summary["bad_lines"] == [
        {"file": error["file"], "line": error["line"], "problem": error["message"]}
        for error in errors
    ]
    page = (on_cluster / "report.html").read_text()
    assert all(html.escape(text) in page for text in said)
    assert "invalid literal" not in page.lower() and "Unexpected end of data" not in page


def test_a_review_refused_is_counted_by_its_reason() -> None:
    missing = {"errors": [{"pointer": "/hands", "message": MISSING}], "detail": "..."}
    assert refusal(missing) == "no hands"
    short = {"errors": [{"pointer": "/hands/0", "message": "Length must be 8."}], "detail": "."}
    assert refusal(short) == "/hands/0: Length must be 8."
    assert refusal({"errors": None, "detail": "The request body is larger than 64 KiB."}) == (
        "The request body is larger than 64 KiB."
    )


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b'{"dealer": tx}', " is not JSON (invalid literal, expected 'true' at column 12)"),
        (b'{"dealer": tru', " is not JSON (unexpected end of data at column 15)"),
        (b"", " is not JSON (an empty line)"),
        (b'{"dealer": 1e999}', " is JSON beyond what the referee reads (the request body holds "),
        (b'{"dealer": 9}', ": /dealer: Must be greater than or equal to 0"),
    ],
)
def test_a_line_that_cannot_be_parsed_is_said_not_json_and_where(data: bytes, said: str) -> None:
    with Direct(create_app({"TESTING": True})) as direct:
        judged = judge_line(direct, Line("a.ndjson", 7, data), review=False)
    assert judged.bad is not None and judged.bad.problem.startswith(f"line 7 of a.ndjson{said}")
    assert orjson.loads(judged.text)["message"] == judged.bad.problem


def test_a_record_s_auction_goes_to_the_review_from_the_seats_not_to_the_replay() -> None:
    record = {
        "id": "with-calls",
        "variant": "coinche",
        **COINCHE_LATE_POSITION,
        "plays": REVIEW_EXAMPLE["plays"],
        "calls": ["100S", "pass", "pass", "coinche", "pass", "pass", "pass"],
    }
    with Direct(create_app({"TESTING": True})) as direct:
        judged = judge_line(direct, Line("a.ndjson", 1, orjson.dumps(record)), True, True)
        assert judged.deal is not None and judged.deal.review is not None
        wrong = {**record, "calls": ["90S", "pass", "pass", "pass"]}
        refused = judge_line(direct, Line("a.ndjson", 2, orjson.dumps(wrong)), True, True)
    assert refused.deal is not None and refused.deal.review is None  # the replay stands
    assert refused.review_refused is not None and refused.review_refused.startswith("/calls")


def test_a_record_s_rules_may_name_a_profile() -> None:
    """A record is the replay's body: its `rules` take a profile (issue 51) as the API does,
    and a name that is no profile of its game is the API's own 422 at /rules/profile."""
    record = {
        "id": "colver",
        "variant": "coinche",
        **COINCHE_LATE_POSITION,
        "plays": REVIEW_EXAMPLE["plays"],
        "rules": {"profile": "colver"},
    }
    unknown = {**record, "id": "unknown", "rules": {"profile": "ffb-belote-2016"}}
    with Direct(create_app({"TESTING": True})) as direct:
        judged = judge_line(direct, Line("a.ndjson", 1, orjson.dumps(record)), review=False)
        refused = judge_line(direct, Line("a.ndjson", 2, orjson.dumps(unknown)), review=False)
    assert judged.bad is None and judged.deal is not None
    assert refused.deal is None and refused.bad is not None
    assert "/rules/profile" in refused.bad.problem and "colver" in refused.bad.problem
