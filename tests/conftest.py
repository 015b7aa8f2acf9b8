"""Shared fixtures: a fresh app and its test client.

PROMETHEUS_MULTIPROC_DIR is removed (not emptied: an empty value would make prometheus_client
write its .db files into the working directory) before anything imports prometheus_client, so
tests count metrics in-process.
"""

from __future__ import annotations

import os

os.environ.pop("PROMETHEUS_MULTIPROC_DIR", None)

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.app import create_app

ROOT = Path(__file__).resolve().parent.parent
# What the contract runs cap every analysis budget to (scripts/contract-live.sh says it too).
ANALYSIS_BUDGET_CAP_MS = 20


@pytest.fixture
def app() -> Iterator[Flask]:
    yield create_app({"TESTING": True})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
