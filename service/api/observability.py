"""Logs, metrics and request ids: what an operator sees of each request.

- Every response carries `X-Request-ID`: the client's own when it is safe (at most 200
  characters of `A-Z a-z 0-9 . _ : + = @ / -`), else a new uuid4 hex.
- One JSON log line per request: method, path, status, duration_ms, request_id.
- Prometheus metrics, merged across gunicorn workers when `PROMETHEUS_MULTIPROC_DIR` is set:
  requests and latency by endpoint (the URL rule, not the raw path, so the label set stays
  small) and status, and the referee's own counters, which endpoint authors feed with
  `count_ruling(code)` and `count_renonces(n)`.
"""

from __future__ import annotations

import logging
import logging.config
import os
import re
import uuid
from time import perf_counter
from typing import Final

from flask import Flask, Response, g, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    multiprocess,
)

REQUEST_ID_HEADER: Final = "X-Request-ID"
_SAFE_REQUEST_ID: Final = re.compile(r"[A-Za-z0-9._:+=@/-]{1,200}")

# Methods get their own label value; anything else a client invents is "OTHER", so that no
# request can add a new time series.
_METHODS: Final = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
UNMATCHED_ENDPOINT: Final = "<unmatched>"

HTTP_REQUESTS: Final = Counter(
    "belote_http_requests_total",
    "HTTP requests answered, by method, URL rule and status.",
    ["method", "endpoint", "status"],
)
HTTP_LATENCY: Final = Histogram(
    "belote_http_request_duration_seconds",
    "Time from the request reaching the app to its response, by URL rule and status.",
    ["method", "endpoint", "status"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)
RULINGS: Final = Counter(
    "belote_rulings_total",
    'Plays judged, by the violation found ("none" for a legal play).',
    ["violation"],
)
RENONCES: Final = Counter("belote_renonces_total", "Renonces proven in replayed deals.")

_request_log = logging.getLogger("belote.request")


def count_ruling(code: str | None) -> None:
    """Count one judged play: `code` is its violation code, None when the play is legal."""
    RULINGS.labels(violation=code or "none").inc()


def count_renonces(n: int) -> None:
    """Count the renonces proven in one replay (0 is fine and counts nothing)."""
    if n:
        RENONCES.inc(n)


def sanitize_request_id(value: str | None) -> str:
    """The client's request id when it is safe to log and echo, else a fresh one."""
    if value and _SAFE_REQUEST_ID.fullmatch(value):
        return value
    return uuid.uuid4().hex


def configure_logging(level: str) -> None:
    """JSON lines on stderr for the whole process (idempotent: replaces the root handler)."""
    logging.config.dictConfig(
        {
            "version": 1,
            "disable_existing_loggers": False,
            "formatters": {
                "json": {
                    "()": "pythonjsonlogger.orjson.OrjsonFormatter",
                    "format": "%(levelname)s %(name)s %(message)s",
                    "rename_fields": {"levelname": "level", "name": "logger"},
                    "timestamp": "time",
                }
            },
            "handlers": {
                "stderr": {
                    "class": "logging.StreamHandler",
                    "formatter": "json",
                    "stream": "ext://sys.stderr",
                }
            },
            "root": {"level": level.upper(), "handlers": ["stderr"]},
        }
    )


def metrics_response() -> Response:
    """The Prometheus exposition: all workers' samples when running multiprocess."""
    if "PROMETHEUS_MULTIPROC_DIR" in os.environ:
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        registry = REGISTRY
    return Response(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)


def _start_request() -> None:
    g.request_id = sanitize_request_id(request.headers.get(REQUEST_ID_HEADER))
    g.started = perf_counter()


def _finish_request(response: Response) -> Response:
    request_id: str = g.get("request_id") or uuid.uuid4().hex
    response.headers[REQUEST_ID_HEADER] = request_id
    duration = perf_counter() - g.get("started", perf_counter())
    rule = request.url_rule
    endpoint = rule.rule if rule is not None else UNMATCHED_ENDPOINT
    method = request.method if request.method in _METHODS else "OTHER"
    status = response.status_code
    HTTP_REQUESTS.labels(method, endpoint, status).inc()
    HTTP_LATENCY.labels(method, endpoint, status).observe(duration)
    if _request_log.isEnabledFor(logging.INFO):
        _request_log.info(
            "request",
            extra={
                "method": request.method,
                "path": request.path,
                "status": status,
                "duration_ms": round(duration * 1000, 3),
                "request_id": request_id,
            },
        )
    return response


def init_app(app: Flask) -> None:
    """Install the request id, the request log line and the HTTP metrics on `app`.

    Registered first, so that they run before (and around) every other hook."""
    app.before_request_funcs.setdefault(None, []).insert(0, _start_request)
    app.after_request(_finish_request)
