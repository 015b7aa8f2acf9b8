"""service/app.py: the app answers compact orjson and takes only strict blueprints."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

import service.app


def test_json_responses_are_compact_orjson(client: FlaskClient) -> None:
    assert client.get("/healthz").data == b'{"status":"ok"}'


def test_only_strict_blueprints_are_accepted(monkeypatch: pytest.MonkeyPatch) -> None:
    import flask_smorest

    loose = flask_smorest.Blueprint("loose", __name__)
    monkeypatch.setattr(service.app, "BLUEPRINTS", [*service.app.BLUEPRINTS, loose])
    with pytest.raises(TypeError, match="loose"):
        service.app.create_app()
