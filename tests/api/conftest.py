"""The endpoint tests' probe: a blueprint standing in for a game endpoint (a hand, seats, a
note that makes it raise), so that the platform's tests depend on none."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
import pytest
from flask import Flask
from flask.testing import FlaskClient

import service.app
from service.api.blueprint import Blueprint
from service.api.i18n import request_language
from service.rules.core.errors import InconsistentInput

probe = Blueprint("probe", __name__)


class SeatSchema(ma.Schema):
    seat = ma.fields.Integer(required=True, validate=ma.validate.Range(min=0, max=3))


class ProbeSchema(ma.Schema):
    hand = ma.fields.List(
        ma.fields.String(validate=ma.validate.OneOf(["7S", "8S", "9S"])),
        required=True,
        validate=ma.validate.Length(max=8),
    )
    players = ma.fields.List(ma.fields.Nested(SeatSchema))
    note = ma.fields.String()


@probe.route("/probe", methods=["POST"])
@probe.arguments(ProbeSchema)
@probe.response(200)
def probe_view(body: dict[str, Any]) -> dict[str, Any]:
    if body.get("note") == "inconsistent":
        raise InconsistentInput.at("/hand/1", "duplicate_card", card="7S", other="/hand/0")
    if body.get("note") == "crash":
        raise RuntimeError("a bug in the referee")
    return {"hand": body["hand"], "lang": request_language()}


@pytest.fixture
def probe_app(monkeypatch: pytest.MonkeyPatch) -> Flask:
    monkeypatch.setattr(service.app, "BLUEPRINTS", [*service.app.BLUEPRINTS, probe])
    # Not TESTING: an unexpected exception must become a 500 problem, as in production.
    return service.app.create_app()


@pytest.fixture
def probe_client(probe_app: Flask) -> FlaskClient:
    return probe_app.test_client()
