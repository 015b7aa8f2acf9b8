"""At most a few analyses at once per worker, so that an analysis never takes the thread the
cheap paths need.

A gunicorn worker answers every request from `THREADS` threads (gunicorn.conf.py). An analysis
holds its thread for up to its budget (10 s at most); with an analysis on every thread, a
`/v1/legal-moves` request would wait behind them (issue 18 measured p99 going from 2 ms to
400 ms while 4 solves ran in one worker). So a worker runs at most `capacity` analyses at
once, `THREADS - 1` by default (at least 1), or `ANALYSIS_SLOTS` when set. One more is not
queued: it is answered at once with a 503 problem (`analysis-busy`) whose `Retry-After` gives
the seconds until the earliest budget among the running analyses ends, when a slot is free at
the latest.

The slots are the app's (`app.extensions`), so each worker has its own: the app is made in
gunicorn's master and forked, and `post_worker_init` (gunicorn.conf.py) sizes each worker's
from the threads gunicorn gave it. An app served otherwise runs any number at once unless
`ANALYSIS_SLOTS` is set. The views share it through `@limited(blp)`, which also documents
the 503; it knows no rule of the game, only each request's `budget_ms`.
"""

from __future__ import annotations

import functools
import math
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from http import HTTPStatus
from typing import Any, Final, TypeVar

import flask

from service.api.blueprint import Blueprint
from service.api.problems import BUSY_RESPONSE, AnalysisBusy

SLOTS_SETTING: Final = "ANALYSIS_SLOTS"
"""The app config key, and the environment variable that sets it for a served app."""
EXTENSION: Final = "analysis_slots"

View = TypeVar("View", bound=Callable[..., Any])


def slots_setting(value: object) -> int | None:
    """`ANALYSIS_SLOTS` read: a whole number of at least 1, or None when unset (empty)."""
    if value is None or value == "":
        return None
    try:
        slots = int(str(value))
    except ValueError:
        slots = 0
    if slots < 1:
        raise ValueError(f"{SLOTS_SETTING} must be a whole number of at least 1, not {value!r}")
    return slots


class Slots:
    """Analyses running at once in this process: at most `capacity` (None: no limit)."""

    def __init__(self, capacity: int | None) -> None:
        self.capacity = capacity
        self._lock = threading.Lock()
        self._deadlines: dict[object, float] = {}  # each running analysis's end of budget

    @property
    def running(self) -> int:
        return len(self._deadlines)

    @contextmanager
    def hold(self, budget_ms: int) -> Iterator[None]:
        """A slot for an analysis of `budget_ms` while the block runs, released however it
        ends; `AnalysisBusy` at once when every slot is taken."""
        token = object()
        now = time.monotonic()
        with self._lock:
            if self.capacity is not None and len(self._deadlines) >= self.capacity:
                first_free = min(self._deadlines.values()) - now
                raise AnalysisBusy(retry_after=max(1, math.ceil(first_free)))
            self._deadlines[token] = now + budget_ms / 1000
        try:
            yield
        finally:
            with self._lock:
                del self._deadlines[token]


def init_app(app: flask.Flask) -> None:
    """Give `app` its slots, `ANALYSIS_SLOTS` of them when configured."""
    app.extensions[EXTENSION] = Slots(slots_setting(app.config.get(SLOTS_SETTING)))


def size_for_threads(app: Any, threads: int) -> None:
    """Under a server of `threads` threads per worker: `threads - 1` slots (at least 1),
    unless `ANALYSIS_SLOTS` set them. gunicorn.conf.py calls this in each new worker."""
    extensions: Mapping[str, Any] = getattr(app, "extensions", {})
    slots = extensions.get(EXTENSION)
    if isinstance(slots, Slots) and slots.capacity is None:
        slots.capacity = max(threads - 1, 1)


def limited(blp: Blueprint) -> Callable[[View], View]:
    """The view below runs in one of the worker's analysis slots (its body's `budget_ms`
    tells how long it may hold it), or is answered 503 at once; the 503 is documented.

    Put it under `@judgement`: the body is loaded (and a bad one answered 422) first."""

    def decorate(view: View) -> View:
        documented = blp.alt_response(HTTPStatus.SERVICE_UNAVAILABLE.value, response=BUSY_RESPONSE)

        @functools.wraps(view)
        def held(*args: Any) -> Any:
            slots: Slots = flask.current_app.extensions[EXTENSION]
            with slots.hold(args[-1]["budget_ms"]):
                return view(*args)

        # alt_response only documents: keep its documentation, not its pass-through wrapper.
        held._apidoc = documented(view)._apidoc  # type: ignore[attr-defined]
        return held  # type: ignore[return-value]

    return decorate
