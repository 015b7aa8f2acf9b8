"""service/api/observability.py: request ids, one log line per request, and the metrics."""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api.observability import count_renonces, count_ruling
from tests.api.helpers import metric


def test_a_request_id_is_created(client: FlaskClient) -> None:
    assert re.fullmatch(r"[0-9a-f]{32}", client.get("/healthz").headers["X-Request-ID"])


@pytest.mark.parametrize("path", ["/healthz", "/nowhere"])
def test_a_safe_request_id_is_echoed_on_answers_and_errors(client: FlaskClient, path: str) -> None:
    rid = "client-42:retry=2/a.b_c@d+e"
    assert client.get(path, headers={"X-Request-ID": rid}).headers["X-Request-ID"] == rid


@pytest.mark.parametrize("rid", ["x" * 201, "has space", "new\\nline", "<script>", "é"])
def test_an_unsafe_request_id_is_replaced(client: FlaskClient, rid: str) -> None:
    echoed = client.get("/healthz", headers={"X-Request-ID": rid}).headers["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", echoed)


def request_lines(stderr: str) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in stderr.splitlines() if line.startswith("{")]
    return [line for line in lines if line["logger"] == "belote.request"]


def test_one_log_line_per_request(client: FlaskClient, capfd: pytest.CaptureFixture[str]) -> None:
    client.get("/healthz", headers={"X-Request-ID": "log-1"})
    client.get("/nowhere", headers={"X-Request-ID": "log-2"})
    lines = request_lines(capfd.readouterr().err)
    assert [(r["method"], r["path"], r["status"], r["request_id"]) for r in lines] == [
        ("GET", "/healthz", 200, "log-1"),
        ("GET", "/nowhere", 404, "log-2"),
    ]
    assert all(r["duration_ms"] >= 0 and r["level"] == "INFO" for r in lines)
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT[\d:.]{12}\+00:00", r["time"]) for r in lines)


def test_the_request_line_follows_the_log_level(
    client: FlaskClient, capfd: pytest.CaptureFixture[str]
) -> None:
    logger = logging.getLogger("belote.request")
    level = logger.level
    logger.setLevel(logging.WARNING)
    try:
        client.get("/healthz")
    finally:
        logger.setLevel(level)
    assert request_lines(capfd.readouterr().err) == []


def test_http_metrics_are_labelled_by_url_rule_not_path(client: FlaskClient) -> None:
    healthz = {"method": "GET", "endpoint": "/healthz", "status": "200"}
    unmatched = {"method": "GET", "endpoint": "<unmatched>", "status": "404"}
    before = metric("belote_http_requests_total", **healthz)
    before_unmatched = metric("belote_http_requests_total", **unmatched)
    client.get("/healthz")
    client.get("/random/path/123")
    client.get("/another/one")
    assert metric("belote_http_requests_total", **healthz) == before + 1
    assert metric("belote_http_requests_total", **unmatched) == before_unmatched + 2
    assert metric("belote_http_request_duration_seconds_count", **healthz) >= 1
    text = client.get("/metrics").get_data(as_text=True)
    assert 'belote_http_requests_total{endpoint="/healthz",method="GET",status="200"}' in text
    assert "/random/path" not in text


def test_invented_methods_share_one_label(client: FlaskClient) -> None:
    labels = {"method": "OTHER", "endpoint": "<unmatched>", "status": "405"}
    before = metric("belote_http_requests_total", **labels)
    client.open("/healthz", method="BREW")
    after = metric("belote_http_requests_total", **labels)
    assert after == before + 1


def test_rulings_and_renonces_are_counted(client: FlaskClient) -> None:
    before_legal = metric("belote_rulings_total", violation="none")
    before_trump = metric("belote_rulings_total", violation="trump")
    before_renonces = metric("belote_renonces_total")
    count_ruling(None)
    count_ruling("trump")
    count_ruling("trump")
    count_renonces(0)
    count_renonces(3)
    assert metric("belote_rulings_total", violation="none") == before_legal + 1
    assert metric("belote_rulings_total", violation="trump") == before_trump + 2
    assert metric("belote_renonces_total") == before_renonces + 3
    text = client.get("/metrics").get_data(as_text=True)
    assert 'belote_rulings_total{violation="trump"}' in text
    assert "belote_renonces_total" in text
