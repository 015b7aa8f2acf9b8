"""The application: `create_app()` builds it, `app` is what gunicorn serves."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import orjson
from flask import Flask, Response
from flask.json.provider import JSONProvider

from service.api import (
    advice,
    analysis,
    annonces,
    bidding,
    cors,
    deals,
    games,
    i18n,
    limiter,
    observability,
    ops,
    play,
    problem_pages,
    review,
    rules,
    table,
    tricks,
    viewer,
)
from service.api.blueprint import Blueprint
from service.api.openapi import ContractPlugin, language_names
from service.api.problems import ProblemApi
from service.api.variants import COINCHE_BLUEPRINT

MAX_BODY_BYTES = 64 * 1024

BLUEPRINTS: list[Blueprint] = [
    ops.blp,
    play.blp,
    tricks.blp,
    deals.blp,
    games.blp,
    table.blp,
    bidding.blp,
    annonces.blp,
    rules.blp,
    COINCHE_BLUEPRINT,
    viewer.blp,
    analysis.blp,
    advice.blp,
    review.blp,
    problem_pages.blp,
]
"""Every resource the app serves, in the document's order (its tags'). To add one, write
`service/api/<resource>.py` with `blp = Blueprint(...)`, its routes registered for each variant
(`variants.for_each_variant`), and list it here. The coinche paths of the rules' resources are
on one blueprint, `variants.COINCHE_BLUEPRINT`, listed after every module that puts paths on
it (their imports above)."""

DESCRIPTION = """\
A referee for the French card game Belote. Send it a situation (a trick, a hand, a whole deal,
the bids) as JSON and it says what is legal, who won, what it scores, and which renonces a
replay proves. It keeps no state: every answer depends only on its request.

A broken rule of the game is an answer (200, with the violation described). A request that
cannot be judged is a 422 `application/problem+json` (RFC 9457) whose `errors` point into the
request with JSON Pointers. Messages are in {languages}, by `Accept-Language` (English by
default).
"""

DEFAULT_CONFIG: Mapping[str, Any] = {
    "MAX_CONTENT_LENGTH": MAX_BODY_BYTES,
    "CORS_ORIGINS": cors.configured_origins(),
    "LOG_LEVEL": os.environ.get("LOG_LEVEL", "INFO"),
    # Where problem types' pages are, behind a gateway (service/api/problems.py).
    "PROBLEM_BASE_URL": os.environ.get("PROBLEM_BASE_URL") or None,
    # Test harnesses only: caps every analysis budget (service/api/analysis.py).
    "ANALYSIS_BUDGET_CAP_MS": os.environ.get("ANALYSIS_BUDGET_CAP_MS") or None,
    # Analyses at once per worker (service/api/limiter.py); unset: the worker's threads - 1.
    limiter.SLOTS_SETTING: os.environ.get(limiter.SLOTS_SETTING) or None,
    # Threads one advice values its deals on (service/api/limiter.py); unset: 2.
    limiter.THREADS_SETTING: os.environ.get(limiter.THREADS_SETTING) or None,
    "API_TITLE": "Belote referee",
    "API_VERSION": "1.0.0",
    "OPENAPI_VERSION": "3.1.0",
    "API_SPEC_OPTIONS": {
        "info": {"description": DESCRIPTION.format(languages=language_names())},
        # The paths are relative to wherever the document is served from (`/openapi.yaml`).
        "servers": [{"url": "/", "description": "The referee serving this document"}],
        # No credentials: the referee holds no state and nothing of anyone's.
        "security": [],
    },
    # flask-smorest serves /openapi.json and the Swagger UI page at /docs; its assets come
    # from the app itself (service.api.ops), not from a CDN.
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "openapi.json",
    "OPENAPI_SWAGGER_UI_PATH": "docs",
    "OPENAPI_SWAGGER_UI_URL": ops.SWAGGER_UI_URL,
    "OPENAPI_SWAGGER_UI_CONFIG": {"deepLinking": True, "displayRequestDuration": True},
}


class Referee(Flask):
    def log_exception(self, exc_info: Any) -> None:
        observability.log_exception(self, exc_info)


class OrjsonProvider(JSONProvider):
    """Flask's JSON through orjson: faster, and strict (no NaN, no lone surrogates)."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        body = orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS)
        return self._app.response_class(body, mimetype="application/json")


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """A new referee app; `config` overrides `DEFAULT_CONFIG` (and Flask's own keys)."""
    app = Referee(__name__)
    app.json = OrjsonProvider(app)
    app.config.from_mapping(DEFAULT_CONFIG)
    app.config.from_mapping(config or {})
    observability.configure_logging(app.config["LOG_LEVEL"])
    cors.init_app(app)
    i18n.init_app(app)
    observability.init_app(app)
    limiter.init_app(app)

    api = ProblemApi(app, spec_kwargs={"extra_plugins": [ContractPlugin()]})
    for blueprint in BLUEPRINTS:
        if not isinstance(blueprint, Blueprint):
            raise TypeError(
                f"blueprint {blueprint.name!r} must be a service.api.blueprint.Blueprint "
                "(it reads JSON bodies strictly: 415, 400, never a 500)"
            )
        api.register_blueprint(blueprint)
        for name, description in blueprint.tags.items():  # after its own, as flask-smorest's
            api.spec.tag({"name": name, "description": description})
    ops.init_app(app, api)
    return app


app = create_app()
