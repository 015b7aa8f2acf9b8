"""Operations endpoints: /healthz (in the contract), /metrics, /docs and /openapi.yaml.

/healthz is a documented resource, so the contract tests exercise it. The others serve the
service itself rather than clients' games, and are plain Flask routes outside the document.
/docs is Swagger UI from the pip-installed `swagger-ui-py` assets (Swagger UI 5, which renders
OpenAPI 3.1), served by the app: no CDN is needed to read the docs.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path
from typing import Final

import marshmallow as ma
from flask import Flask, Response, abort, send_from_directory
from flask_smorest import Api

from service.api.blueprint import Blueprint
from service.api.observability import metrics_response

blp = Blueprint("ops", __name__, description="Operations: is the referee up?")

SWAGGER_UI_URL: Final = "/docs/static/"
_SWAGGER_UI_FILES: Final = frozenset(
    {"swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js"}
)


def _swagger_ui_dir() -> Path:
    spec = find_spec("swagger_ui")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("swagger-ui-py is not installed (see requirements.txt)")
    return Path(next(iter(spec.submodule_search_locations))) / "static"


class HealthSchema(ma.Schema):
    status = ma.fields.String(
        required=True, validate=ma.validate.OneOf(["ok"]), metadata={"example": "ok"}
    )


@blp.route("/healthz")
@blp.response(200, HealthSchema)
def healthz() -> dict[str, str]:
    """Liveness and readiness: 200 while the process answers.

    The referee keeps no state and needs no backing service, so answering is being healthy."""
    return {"status": "ok"}


def init_app(app: Flask, api: Api) -> None:
    """Add the undocumented routes: /metrics, /openapi.yaml and the Swagger UI assets."""
    static_dir = _swagger_ui_dir()
    spec_yaml: list[bytes] = []  # rendered once: the document cannot change after startup

    def openapi_yaml() -> Response:
        if not spec_yaml:
            spec_yaml.append(api.spec.to_yaml().encode())
        return Response(spec_yaml[0], content_type="application/yaml; charset=utf-8")

    def swagger_ui_asset(filename: str) -> Response:
        if filename not in _SWAGGER_UI_FILES:
            abort(404)
        return send_from_directory(static_dir, filename, max_age=86400)

    app.add_url_rule("/metrics", "metrics", metrics_response)
    app.add_url_rule("/openapi.yaml", "openapi_yaml", openapi_yaml)
    app.add_url_rule(f"{SWAGGER_UI_URL}<path:filename>", "swagger_ui_asset", swagger_ui_asset)
