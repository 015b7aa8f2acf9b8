"""/metrics under gunicorn: every worker's counts are merged, and arrive within the tally's
interval whichever worker answers the scrape."""

from __future__ import annotations

import re
import time
import urllib.request
from pathlib import Path

import orjson

from service.api.pending_metrics import FLUSH_SECONDS
from tests.ops.conftest import gunicorn

BODY = {"trump": "H", "leader": 1, "trick": ["AS", "JH"], "hand": ["KD", "9H", "8C"]}
REQUESTS = 40


def scrape(port: int) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        text: str = response.read().decode()
        return text


def counted(text: str, pattern: str) -> float:
    found = re.search(pattern + r" ([0-9.e+]+)$", text, re.M)
    return float(found.group(1)) if found else 0.0


def test_metrics_from_every_worker_are_merged() -> None:
    with gunicorn(workers=2) as (_, port):
        for _ in range(REQUESTS):
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/v1/legal-moves",
                data=orjson.dumps(BODY),
                headers={"Content-Type": "application/json", "Connection": "close"},
            )
            with urllib.request.urlopen(request, timeout=5) as response:
                assert response.status == 200
        labels = r'\{endpoint="/v1/legal-moves",method="POST",status="200"\}'
        requests = r"belote_http_requests_total" + labels
        undertrumps = r'belote_rulings_total\{violation="undertrump"\}'  # KD and 8C each time
        deadline = time.monotonic() + 10 * FLUSH_SECONDS
        while True:
            text = scrape(port)
            if counted(text, requests) == REQUESTS and counted(text, undertrumps) == 2 * REQUESTS:
                break
            assert time.monotonic() < deadline, text
            time.sleep(FLUSH_SECONDS / 4)
        assert counted(text, r"belote_http_request_duration_seconds_count" + labels) == REQUESTS


def test_a_missing_metrics_directory_is_made(tmp_path: Path) -> None:
    # Kubernetes mounts an emptyDir on /tmp, hiding the image's /tmp/metrics.
    metrics_dir = tmp_path / "emptydir" / "metrics"
    with gunicorn(workers=1, PROMETHEUS_MULTIPROC_DIR=str(metrics_dir)) as (_, port):
        assert "belote_http_requests_total" in scrape(port)
    assert metrics_dir.is_dir()
