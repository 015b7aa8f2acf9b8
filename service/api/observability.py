"""Logs, metrics and request ids: what an operator sees of each request.

- Every response carries `X-Request-ID`: the client's own when it is safe (at most 200
  characters of `A-Z a-z 0-9 . _ : + = @ / -`), else 32 new random hex digits.
- One JSON log line per request on stderr: method, path, status, duration_ms, request_id.
- Prometheus metrics, merged across gunicorn workers when `PROMETHEUS_MULTIPROC_DIR` is set:
  requests and latency by endpoint (the URL rule, not the raw path, so the label set stays
  small) and status, and the referee's own counters, which endpoint authors feed with
  `count_ruling(code)` and `count_renonces(n)`. Updates are added up in memory and handed to
  prometheus once a second (service/api/pending_metrics.py).
"""

from __future__ import annotations

import logging
import logging.config
import os
import re
from collections.abc import Iterable
from time import perf_counter
from typing import TYPE_CHECKING, Any, Final

from flask import Flask, Response, request

from service.api.pending_metrics import PendingMetrics
from service.jsonlog import RequestLog

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

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
REQUEST_ID_KEY: Final = "belote.request_id"  # where the middleware leaves it in the environ
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

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

# Violation code (None: legal) -> its counter: a handful of codes, looked up once each.
_RULING_CHILDREN: dict[str | None, Counter] = {}

REQUEST_LOG: Final = RequestLog("belote.request")
PENDING_METRICS: Final = PendingMetrics()  # every metric update of the hot path goes through it


def count_ruling(code: str | None, plays: int = 1) -> None:
    """Count judged plays: `code` is their violation code, None when they are legal."""
    child = _RULING_CHILDREN.get(code)
    if child is None:
        child = _RULING_CHILDREN[code] = RULINGS.labels(violation=code or "none")
    PENDING_METRICS.inc(child, plays)


def count_renonces(n: int) -> None:
    """Count the renonces proven in one replay (0 is fine and counts nothing)."""
    if n:
        PENDING_METRICS.inc(RENONCES, n)


def sanitize_request_id(value: str | None) -> str:
    """The client's request id when it is safe to log and echo, else a fresh one."""
    if value and _SAFE_REQUEST_ID.fullmatch(value):
        return value
    return os.urandom(16).hex()  # as random as a uuid4's 32 hex digits, for less


def configure_logging(level: str) -> None:
    """JSON lines on stderr for the whole process (idempotent: replaces the root handler)."""
    # A line a request: skip what no line shows (the caller's file and line, thread and
    # process names), as the logging HOWTO's "Optimization" advises.
    logging._srcfile = None  # type: ignore[attr-defined]
    logging.logThreads = logging.logProcesses = logging.logMultiprocessing = False
    logging.config.dictConfig(
        {
            "version": 1,
            "disable_existing_loggers": False,
            "formatters": {"json": {"()": "service.jsonlog.JsonLineFormatter"}},
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
    """The Prometheus exposition: all workers' samples when running multiprocess (this
    worker's up to now, the others' up to their last flush, at most a second ago)."""
    PENDING_METRICS.flush()
    if "PROMETHEUS_MULTIPROC_DIR" in os.environ:
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
    else:
        registry = REGISTRY
    return Response(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)


# (method, endpoint, status) -> the metric children: the label set is small and bounded
# (methods, URL rules and statuses), and a lookup here skips prometheus's lock.
_HTTP_CHILDREN: dict[tuple[str, str, int], tuple[Any, Any]] = {}


def record_request(
    method: str, path: str, endpoint: str, status: int, seconds: float, request_id: str
) -> None:
    """Count one answered request in the HTTP metrics and write its log line. `endpoint` is
    the URL rule that served it, or `UNMATCHED_ENDPOINT`."""
    key = (method if method in _METHODS else "OTHER", endpoint, status)
    children = _HTTP_CHILDREN.get(key)
    if children is None:
        children = _HTTP_CHILDREN[key] = (HTTP_REQUESTS.labels(*key), HTTP_LATENCY.labels(*key))
    PENDING_METRICS.inc(children[0])
    PENDING_METRICS.observe(children[1], seconds)
    if REQUEST_LOG.enabled():
        REQUEST_LOG.write(
            "request",
            method=method,
            path=path,
            status=status,
            duration_ms=round(seconds * 1000, 3),
            request_id=request_id,
        )


class ObservedApp:
    """WSGI middleware around the Flask app: the request id, the HTTP metrics and the one log
    line of every request, answers and errors alike. Plain WSGI rather than Flask hooks: it
    runs on every request, and reading the environ costs far less than request proxies."""

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        started = perf_counter()
        request_id = sanitize_request_id(environ.get("HTTP_X_REQUEST_ID"))
        environ[REQUEST_ID_KEY] = request_id
        seen: list[tuple[str, str]] = []  # (status, endpoint) once the app starts its answer

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            headers.append((REQUEST_ID_HEADER, request_id))
            # Flask calls this inside its request context, while the matched rule is known.
            rule = getattr(environ.get("werkzeug.request"), "url_rule", None)
            seen.append((status, rule.rule if rule is not None else UNMATCHED_ENDPOINT))
            return start_response(status, headers, exc_info)

        body = self.app(environ, start)
        status, endpoint = seen[-1] if seen else ("500", UNMATCHED_ENDPOINT)
        record_request(
            environ.get("REQUEST_METHOD", ""),
            environ.get("PATH_INFO", ""),
            endpoint,
            int(status[:3]),
            perf_counter() - started,
            request_id,
        )
        return body


def log_exception(app: Flask, exc_info: Any) -> None:
    """Log an unexpected error under the request's id, which its 500 answer carries too."""
    app.logger.error(
        "exception",
        exc_info=exc_info,
        extra={
            "method": request.method,
            "path": request.path,
            "request_id": request.environ.get(REQUEST_ID_KEY),
        },
    )


def init_app(app: Flask) -> None:
    """Wrap `app` so that every request gets its id, its metrics and its log line."""
    app.wsgi_app = ObservedApp(app.wsgi_app)  # type: ignore[method-assign]
