"""The archive audit's Kubernetes job (deploy/dask/audit-job.yaml, a DaskJob of the Dask
operator; no cluster here: read, not applied) and the image it runs: every pod the referee's
image, with the audit's requirements, sharing one volume at one path."""

from __future__ import annotations

import re
from typing import Any

import yaml

from tests.conftest import ROOT

JOB = yaml.safe_load((ROOT / "deploy" / "dask" / "audit-job.yaml").read_text())
DOCKERFILE = (ROOT / "Dockerfile").read_text()


def pods() -> dict[str, dict[str, Any]]:
    cluster = JOB["spec"]["cluster"]["spec"]
    return {
        "job": JOB["spec"]["job"]["spec"],
        "worker": cluster["worker"]["spec"],
        "scheduler": cluster["scheduler"]["spec"],
    }


def test_every_pod_runs_the_referees_audit_image_as_its_user() -> None:
    assert JOB["apiVersion"] == "kubernetes.dask.org/v1" and JOB["kind"] == "DaskJob"
    for spec in pods().values():
        (container,) = spec["containers"]
        assert container["image"] == "belote-referee:audit"
        assert spec["securityContext"] == {"runAsNonRoot": True, "runAsUser": 10001}
        assert container["resources"]["limits"] == container["resources"]["requests"]


def test_the_job_runs_the_audit_against_the_jobs_own_scheduler() -> None:
    (job,) = pods()["job"]["containers"]
    assert job["args"][:3] == ["python", "-m", "service.audit"]
    assert job["args"][-2:] == ["--scheduler", "$(DASK_SCHEDULER_ADDRESS)"]
    (worker,) = pods()["worker"]["containers"]
    assert worker["args"][:2] == ["dask", "worker"]
    (scheduler,) = pods()["scheduler"]["containers"]
    assert scheduler["args"] == ["dask", "scheduler"]
    selector = JOB["spec"]["cluster"]["spec"]["scheduler"]["service"]["selector"]
    assert selector["dask.org/cluster-name"] == JOB["metadata"]["name"] + "-cluster"


def test_the_workers_and_the_job_share_the_archives_volume_at_one_path() -> None:
    out = pods()["job"]["containers"][0]["args"]
    for name in ("job", "worker"):
        spec = pods()[name]
        (container,) = spec["containers"]
        assert container["volumeMounts"] == [{"name": "data", "mountPath": "/data"}]
        assert spec["volumes"] == [
            {"name": "data", "persistentVolumeClaim": {"claimName": "belote-archive"}}
        ]
    assert all(arg.startswith("/data/") for arg in out if arg.startswith("/"))


def test_the_image_takes_the_audits_requirements_when_asked_and_imports_the_service() -> None:
    assert 'ARG AUDIT=""' in DOCKERFILE
    assert re.search(
        r"^RUN pip install --no-cache-dir -r requirements\.txt "
        r"\$\{AUDIT:\+-r requirements-audit\.txt\}$",
        DOCKERFILE,
        flags=re.M,
    )
    assert "PYTHONPATH=/app" in DOCKERFILE and "WORKDIR /app" in DOCKERFILE
