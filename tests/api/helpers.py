"""Helpers for the endpoint tests: post a body, read a verdict or a problem."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import marshmallow as ma
from flask import Flask
from flask.testing import FlaskClient
from prometheus_client import REGISTRY

from service.api.observability import PENDING_METRICS

FRENCH = {"Accept-Language": "fr"}


def answer(client: FlaskClient, path: str, body: Any, **headers: str) -> dict[str, Any]:
    """The 200 JSON answer to `body` posted at `path`."""
    response = client.post(path, json=body, headers=headers)
    assert response.status_code == 200, response.get_json()
    assert response.mimetype == "application/json"
    data: dict[str, Any] = response.get_json()
    return data


def problems(client: FlaskClient, path: str, body: Any, **headers: str) -> dict[str, str]:
    """The 422 problem's errors for `body` posted at `path`, as {pointer: message}."""
    response = client.post(path, json=body, headers=headers)
    assert response.status_code == 422, response.get_json()
    assert response.mimetype == "application/problem+json"
    return {e["pointer"]: e["message"] for e in response.get_json(force=True)["errors"]}


def at(pointer: str, message: str, code: str | None = None, **place: int) -> dict[str, Any]:
    """One of a problem's `errors`, as the contract writes it: every member, null when unset."""
    return {
        "pointer": pointer,
        "message": message,
        "code": code,
        "line": place.get("line"),
        "column": place.get("column"),
        "offset": place.get("offset"),
    }


def problem(response: Any, status: int) -> dict[str, Any]:
    """The problem `response` answers with `status`: every member there."""
    assert response.status_code == status, response.data
    assert response.mimetype == "application/problem+json"
    body: dict[str, Any] = response.get_json(force=True)
    assert body["status"] == status
    assert body.keys() == {"type", "title", "status", "detail", "errors"}
    return body


def contract(value: int | str, strain: str, coinche: int = 0, taker: int = 0) -> dict[str, Any]:
    """A coinche contract as a request writes it."""
    return {"taker": taker, "value": value, "strain": strain, "coinche": coinche}


def metric(name: str, **labels: str) -> float:
    """A sample of the app's metrics as /metrics would show it (0 when absent)."""
    PENDING_METRICS.flush()  # what /metrics does before it answers
    return REGISTRY.get_sample_value(name, labels) or 0.0


def schemas(app: Flask) -> Iterator[tuple[str, ma.Schema, ma.Schema]]:
    """Each computation's path, request schema and answer schema (`judgement`'s)."""
    for rule in app.url_map.iter_rules():
        view = app.view_functions[rule.endpoint]
        post = getattr(getattr(view, "view_class", None), "post", None)
        if post is not None and hasattr(post, "judge"):
            yield rule.rule, post.judge.loads, post.judge.dumps
