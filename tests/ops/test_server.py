"""service/server.py without a server: the problem pages the worker writes for gunicorn."""

from __future__ import annotations

import json

import pytest

from service.server import problem_page


@pytest.mark.parametrize(("status", "detail"), [(400, "Invalid chunk size"), (431, ""), (500, "")])
def test_a_problem_page_is_a_whole_response_that_closes(status: int, detail: str) -> None:
    head, _, body = problem_page(status, detail, "r" * 32).partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    assert lines[0].startswith(f"HTTP/1.1 {status} ")
    assert headers["Connection"] == "close"
    assert headers["Content-Type"] == "application/problem+json"
    assert headers["X-Request-ID"] == "r" * 32
    assert int(headers["Content-Length"]) == len(body)
    problem = json.loads(body)
    assert (problem["type"], problem["status"]) == ("about:blank", status)
    if detail:  # gunicorn's sentence
        assert problem["detail"] == detail
    assert problem["detail"]  # else the status's own


def test_a_500_page_does_not_send_the_client_to_a_log_line_under_its_id() -> None:
    body = problem_page(500, "", "r" * 32).partition(b"\r\n\r\n")[2]
    assert "X-Request-ID" not in json.loads(body)["detail"]
