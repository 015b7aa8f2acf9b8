"""The live contract run (scripts/contract-live.sh, part of `make test`): it passes on a
true contract, fails on a false one, and always stops its server. A one-path document keeps
these checks of the harness quick however large the API grows."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.conftest import ROOT
from tests.ops.conftest import free_port, port_is_closed, server_env


def healthz_only(tmp_path: Path, *, status_enum: list[str]) -> Path:
    document: dict[str, Any] = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    document["paths"] = {"/healthz": document["paths"]["/healthz"]}
    document["components"]["schemas"]["Health"]["properties"]["status"]["enum"] = status_enum
    path = tmp_path / "openapi.yaml"
    path.write_text(yaml.safe_dump(document))
    return path


@pytest.mark.parametrize(("status_enum", "passes"), [(["ok"], True), (["healthy"], False)])
def test_live_contract_run(tmp_path: Path, status_enum: list[str], passes: bool) -> None:
    port = free_port()
    env = server_env(
        CONTRACT_PORT=str(port),
        CONTRACT_SCHEMA=str(healthz_only(tmp_path, status_enum=status_enum)),
        CONTRACT_MAX_EXAMPLES="5",
    )
    run = subprocess.run(
        [str(ROOT / "scripts" / "contract-live.sh")],
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert (run.returncode == 0) is passes, run.stdout[-3000:] + run.stderr[-3000:]
    if not passes:
        assert "Response violates schema" in run.stdout
    assert port_is_closed(port), "the live run left its gunicorn running"
