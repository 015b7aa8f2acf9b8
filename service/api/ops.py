"""Operations endpoints: /healthz (in the contract), /metrics, /docs and /openapi.yaml.

/healthz is a documented resource, so the contract tests exercise it. The others serve the
service itself rather than clients' games, and are plain Flask routes outside the document.
/docs is Swagger UI from the pip-installed `swagger-ui-py` assets (Swagger UI 5, which renders
OpenAPI 3.1), served by the app, gzipped for the clients that accept it: no CDN is needed to
read the docs.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path
from typing import Final

import marshmallow as ma
from flask import Flask, Response, abort, redirect, request
from flask_smorest import Api

from service.api.blueprint import Blueprint
from service.api.examples import example
from service.api.observability import metrics_response

blp = Blueprint("ops", __name__, description="Operations: is the referee up?")

SWAGGER_UI_URL: Final = "/docs/static/"
FAVICON: Final = "favicon-32x32.png"
_SWAGGER_UI_FILES: Final = frozenset(
    {"swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", FAVICON}
)
ASSET_MAX_AGE: Final = 86400


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
@blp.doc(operationId="health")
@example("up", summary="The referee answers.")
@blp.response(200, HealthSchema)
def healthz() -> dict[str, str]:
    """Liveness and readiness: 200 while the process answers.

    The referee keeps no state and needs no backing service, so answering is being healthy."""
    return {"status": "ok"}


@dataclass(frozen=True)
class Asset:
    """A file served whole, or gzipped to the clients that accept it when that is smaller
    (the Swagger UI bundle: 1.5 MB, 0.4 MB gzipped). Both forms are made once (the files
    cannot change while the referee runs); the ETag names the form sent."""

    data: bytes
    content_type: str

    @functools.cached_property
    def gzipped(self) -> bytes:
        return gzip.compress(self.data, compresslevel=9, mtime=0)

    @functools.cached_property
    def etag(self) -> str:
        return hashlib.sha256(self.data).hexdigest()[:32]

    def response(self, max_age: int | None = None) -> Response:
        gzipped = request.accept_encodings["gzip"] > 0 and len(self.gzipped) < len(self.data)
        response = Response(self.gzipped if gzipped else self.data, content_type=self.content_type)
        response.vary.add("Accept-Encoding")
        if gzipped:
            response.content_encoding = "gzip"
        response.set_etag(f"{self.etag}-gzip" if gzipped else self.etag)
        if max_age is not None:
            response.cache_control.public = True
            response.cache_control.max_age = max_age
        return response.make_conditional(request)


@functools.cache
def _swagger_ui_asset(filename: str) -> Asset:
    path = _swagger_ui_dir() / filename
    return Asset(path.read_bytes(), mimetypes.guess_type(filename)[0] or "application/octet-stream")


def init_app(app: Flask, api: Api) -> None:
    """Add the undocumented routes: /metrics, /openapi.yaml, the Swagger UI assets, /docs/
    (to /docs) and the favicon."""
    spec_yaml: list[Asset] = []  # rendered once: the document cannot change after startup

    def openapi_yaml() -> Response:
        if not spec_yaml:
            yaml = api.spec.to_yaml().encode()
            spec_yaml.append(Asset(yaml, "application/yaml; charset=utf-8"))
        return spec_yaml[0].response()

    def swagger_ui_asset(filename: str) -> Response:
        if filename not in _SWAGGER_UI_FILES:
            abort(404)
        return _swagger_ui_asset(filename).response(max_age=ASSET_MAX_AGE)

    def favicon() -> Response:
        return _swagger_ui_asset(FAVICON).response(max_age=ASSET_MAX_AGE)

    app.add_url_rule("/metrics", "metrics", metrics_response)
    app.add_url_rule("/openapi.yaml", "openapi_yaml", openapi_yaml)
    app.add_url_rule(f"{SWAGGER_UI_URL}<path:filename>", "swagger_ui_asset", swagger_ui_asset)
    app.add_url_rule("/docs/", "docs_slash", lambda: redirect("/docs", 308))
    app.add_url_rule("/favicon.ico", "favicon", favicon)
