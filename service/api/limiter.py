"""At most a few analyses at once per worker, on threads of their own at a lower priority, so
that an analysis never takes the thread or the CPU the cheap paths need.

A gunicorn worker answers every request from `THREADS` threads (gunicorn.conf.py). An analysis
holds its thread for up to its budget (10 s at most); with an analysis on every thread, a
`/v1/legal-moves` request would wait behind them (issue 18 measured p99 going from 2 ms to
400 ms while 4 solves ran in one worker). So a worker runs at most `capacity` analyses at
once, `THREADS - 1` by default (at least 1), or `ANALYSIS_SLOTS` when set. One more is not
queued: it is answered at once with a 503 problem (`analysis-busy`) and `Retry-After: 1`
(the native search ends an analysis in milliseconds, long before its budget: a second later a
slot is most likely free, and a client that still finds none is told so again).

The thread left free also needs a CPU: with two cores and three analyses searching, it would
get a third of one. The analyses therefore run on threads of their own, `NICENESS` lower in
the CPU's priority (Linux's nice, per thread; the request's thread waits for the result
without using the CPU), so that a cheap request takes a CPU from them as soon as it needs
one, while an idle machine still gives them all of it. Measured in one worker of 4 threads
on this 2-core machine (loaded by other jobs; one run, the settings alternated), legal-moves'
p50/p99 beside six clients asking for full-deal solves without pause: 34/94 and 36/104 ms
at the worker's priority, 5/58 and 10/53 ms with the analyses at nice 10; beside six that
wait Retry-After when turned away: 11/66 ms, and 4/24 ms. At rest: 1/7 ms.

An advice values its deals on up to `ADVICE_THREADS` threads at once (2 by default: the
native search releases the GIL while it searches; `advice.advise_play_in`'s `threads`), and
so does a review seen from the seats for each card (`seat_review.seat_review_in`'s). The
analysis's thread starts the others for its call, and on Linux a new thread inherits its
creator's nice: they search at the analysis's lower priority too, and the cheap paths keep
their CPU. The answer is the same on any number of threads.

The slots are the app's (`app.extensions`), so each worker has its own: the app is made in
gunicorn's master and forked, and `post_worker_init` (gunicorn.conf.py) sizes each worker's
from the threads gunicorn gave it; their threads start with the worker's first analysis. An
app served otherwise runs any number at once unless `ANALYSIS_SLOTS` is set. The views share
them through `@limited(blp)`, which also documents the 503; it knows no rule of the game.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import os
import sys
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from http import HTTPStatus
from typing import Any, Final, TypeVar

import flask

from service.api.blueprint import Blueprint
from service.api.problems import BUSY_RESPONSE, AnalysisBusy

SLOTS_SETTING: Final = "ANALYSIS_SLOTS"
"""The app config key, and the environment variable that sets it for a served app."""
EXTENSION: Final = "analysis_slots"
THREADS_SETTING: Final = "ADVICE_THREADS"
"""The app config key, and the environment variable that sets it for a served app."""
DEFAULT_THREADS: Final = 2  # the threads an advice values its deals on, unless set
RETRY_AFTER_SECONDS: Final = 1
NICENESS: Final = 10  # how much lower the analysis threads' priority is (nice 0 -> 10)
# App config: when set, the most milliseconds any analysis may search, whatever the body asks.
# The contract tests set it (their fuzzer asks for budgets up to 10 s, thousands of times);
# the environment variable of the same name sets it for a served app. Unset in production.
BUDGET_CAP: Final = "ANALYSIS_BUDGET_CAP_MS"

View = TypeVar("View", bound=Callable[..., Any])
Result = TypeVar("Result")


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


def threads_setting(value: object) -> int:
    """`ADVICE_THREADS` read: a whole number of at least 1, `DEFAULT_THREADS` when unset
    (None or empty)."""
    if value is None or value == "":
        return DEFAULT_THREADS
    try:
        threads = int(str(value))
    except ValueError:
        threads = 0
    if threads < 1:
        raise ValueError(f"{THREADS_SETTING} must be a whole number of at least 1, not {value!r}")
    return threads


def advice_threads() -> int:
    """The threads the current app lets one advice value its deals on (`ADVICE_THREADS`)."""
    return threads_setting(flask.current_app.config.get(THREADS_SETTING))


class Slots:
    """Analyses running at once in this process: at most `capacity` (None: no limit), each on
    a thread of the slots' own, at a lower priority."""

    def __init__(self, capacity: int | None) -> None:
        self.capacity = capacity
        self.running = 0
        self._lock = threading.Lock()
        self._threads: ThreadPoolExecutor | None = None  # made at the first analysis

    def run(self, analysis: Callable[[], Result]) -> Result:
        """`analysis()` on one of the slots' threads, in the caller's context (the request's,
        for a view), its result or its exception returned as its own; `AnalysisBusy` at once
        when every slot is taken. The slot is given back however the analysis ends."""
        with self._lock:
            if self.capacity is not None and self.running >= self.capacity:
                raise AnalysisBusy(retry_after=RETRY_AFTER_SECONDS)
            self.running += 1
            if self._threads is None:
                self._threads = ThreadPoolExecutor(
                    self.capacity, "analysis", initializer=lower_priority
                )
            threads = self._threads
        try:
            return threads.submit(contextvars.copy_context().run, analysis).result()
        finally:
            with self._lock:
                self.running -= 1


def lower_priority() -> None:
    """The calling thread's CPU priority made `NICENESS` lower (Linux, where nice is per
    thread; elsewhere the call would name the whole process, so nothing is done)."""
    if sys.platform != "linux":
        return
    thread = threading.get_native_id()
    nice = min(os.getpriority(os.PRIO_PROCESS, thread) + NICENESS, 19)
    # Raising one's nice is always allowed; should a sandbox refuse it, the analysis still
    # runs, at the worker's priority.
    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, thread, nice)


def init_app(app: flask.Flask) -> None:
    """Give `app` its slots, `ANALYSIS_SLOTS` of them when configured; its `ADVICE_THREADS`
    checked."""
    app.extensions[EXTENSION] = Slots(slots_setting(app.config.get(SLOTS_SETTING)))
    threads_setting(app.config.get(THREADS_SETTING))


def size_for_threads(app: Any, threads: int) -> None:
    """Under a server of `threads` threads per worker: `threads - 1` slots (at least 1),
    unless `ANALYSIS_SLOTS` set them. gunicorn.conf.py calls this in each new worker."""
    extensions: Mapping[str, Any] = getattr(app, "extensions", {})
    slots = extensions.get(EXTENSION)
    if isinstance(slots, Slots) and slots.capacity is None:
        slots.capacity = max(threads - 1, 1)


def capped(asked: int) -> int:
    """A budget asked for, capped by `ANALYSIS_BUDGET_CAP_MS` when the app sets it."""
    cap = flask.current_app.config.get(BUDGET_CAP)
    return asked if cap is None else min(asked, int(cap))


def in_slot(analysis: Callable[[], Result]) -> Result:
    """`analysis()` in one of the app's analysis slots (`Slots.run`), for a view that analyses
    only on some requests; document its 503 with `busy(blp)`."""
    slots: Slots = flask.current_app.extensions[EXTENSION]
    return slots.run(analysis)


def busy(blp: Blueprint) -> Callable[[View], View]:
    """Documents the 503 an analysis slot may answer: the view itself, its documentation
    added (flask-smorest's `alt_response` would wrap it in a pass-through that looks up the
    app at every call, a few microseconds on the table's hot path)."""
    documented = blp.alt_response(HTTPStatus.SERVICE_UNAVAILABLE.value, response=BUSY_RESPONSE)

    def decorate(view: View) -> View:
        view._apidoc = documented(view)._apidoc  # type: ignore[attr-defined]
        return view

    return decorate


def limited(blp: Blueprint) -> Callable[[View], View]:
    """The view below runs in one of the worker's analysis slots, or is answered 503 at once;
    the 503 is documented.

    Put it under `@judgement`: the body is loaded (and a bad one answered 422) first."""

    def decorate(view: View) -> View:
        @functools.wraps(busy(blp)(view))
        def held(*args: Any) -> Any:
            return in_slot(functools.partial(view, *args))

        return held  # type: ignore[return-value]

    return decorate
