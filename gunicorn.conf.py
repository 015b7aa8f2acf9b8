"""gunicorn settings for the referee: `gunicorn -c gunicorn.conf.py service.app:app`.

Environment: HOST (127.0.0.1), PORT (8000), WEB_CONCURRENCY (workers, default one per CPU),
THREADS (per worker, 4), ANALYSIS_SLOTS (analyses run at once per worker; default THREADS - 1,
at least 1: one more is answered at once with a 503 and Retry-After, so that an analysis never
takes the thread the other requests need; service/api/limiter.py), TIMEOUT (30 s),
CLIENT_TIMEOUT (10 s: the longest a client may stall mid-request or mid-answer), LOG_LEVEL
(info), PROMETHEUS_MULTIPROC_DIR (where the workers' metrics meet; a temporary directory when
unset), PROBLEM_BASE_URL (the base of problem type URIs, for a deployment whose gateway serves
the referee's /problems/ pages elsewhere: `https://api.example/belote/problems`; unset, they
are `/problems/<name>` on this service).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from gunicorn.glogging import Logger

# Metrics from every worker are written under one directory and merged at /metrics. It must
# be set before the app (and so prometheus_client) is imported: this file is read first.
_own_metrics_dir = "PROMETHEUS_MULTIPROC_DIR" not in os.environ
if _own_metrics_dir:
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="belote-metrics-")
_metrics_dir = Path(os.environ["PROMETHEUS_MULTIPROC_DIR"])
# Made when missing: in Kubernetes an emptyDir on /tmp hides the image's /tmp/metrics.
_metrics_dir.mkdir(parents=True, exist_ok=True)

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
# gthread (keeps connections alive, unlike sync), answering its own errors as problems and
# bounding how long a client may stall (service/server.py).
worker_class = "service.server.RefereeWorker"
workers = int(os.environ.get("WEB_CONCURRENCY") or os.cpu_count() or 1)
threads = int(os.environ.get("THREADS", "4"))
# Open connections a worker holds before it stops accepting (idle keep-alive ones included).
# Workers race to accept: a client opening many keep-alive connections at once can land them
# all on one worker, and so on one core. bench/http.py sets this to its connections / workers.
worker_connections = int(os.environ.get("WORKER_CONNECTIONS", "1000"))
timeout = int(os.environ.get("TIMEOUT", "30"))
graceful_timeout = 20
keepalive = 5
# Recycle workers now and then, staggered, so that no leak can grow without bound. Not too
# often: a worker answers about 2,000 requests a second at full load, and each recycle shows
# in the tail latency (at 20,000 it happened every 10 s and put the p99 over 20 ms).
max_requests = 200000
max_requests_jitter = 20000
# Import the app once in the master: a broken app fails at startup, and workers fork fast.
preload_app = True
# gunicorn 27 opens a control socket by default; containers run with a read-only root.
control_socket_disable = True
worker_tmp_dir = "/dev/shm" if Path("/dev/shm").is_dir() else None
# Files (the /docs assets) go out with sendall, which obeys the worker's send timeout
# (CLIENT_TIMEOUT); Python's sendfile waits on a stalled reader for ever.
sendfile = False

loglevel = os.environ.get("LOG_LEVEL", "info").lower()
# The app logs one JSON line per request (service.api.observability), so gunicorn keeps no
# access log; its own messages (startup, worker deaths) are JSON lines too.
accesslog = None
errorlog = "-"


class JSONErrorLogger(Logger):
    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        from service.jsonlog import JsonLineFormatter

        formatter = JsonLineFormatter()
        for handler in self.error_log.handlers:
            handler.setFormatter(formatter)


logger_class = JSONErrorLogger


def on_starting(server: Any) -> None:
    # Samples left by an earlier run would be merged into this one's: start clean.
    for stale in _metrics_dir.glob("*.db"):
        stale.unlink()


def post_worker_init(worker: Any) -> None:
    # In each new worker: as many analyses at once as its threads less one (ANALYSIS_SLOTS
    # unset), so that one thread is always left for the cheap requests.
    from service.api.limiter import size_for_threads

    size_for_threads(worker.wsgi, worker.cfg.threads)


def worker_exit(server: Any, worker: Any) -> None:
    # In the stopping worker: the metric updates it has not handed to prometheus yet.
    from service.api.observability import PENDING_METRICS

    PENDING_METRICS.flush()


def child_exit(server: Any, worker: Any) -> None:
    # A dead worker's live gauges must not be reported; its counters stay summed.
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


def on_exit(server: Any) -> None:
    if _own_metrics_dir:
        shutil.rmtree(_metrics_dir, ignore_errors=True)
