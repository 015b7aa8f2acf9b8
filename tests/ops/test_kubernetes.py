"""The deployment files agree with each other, with the Dockerfile and with the app."""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

import pytest
import yaml
from flask.testing import FlaskClient

from tests.conftest import ROOT

MANIFESTS = sorted((ROOT / "deploy" / "kubernetes").glob("*.yaml"))
DOCKERFILE = (ROOT / "Dockerfile").read_text()


def load() -> dict[str, dict[str, Any]]:
    by_kind: dict[str, dict[str, Any]] = {}
    for path in MANIFESTS:
        for document in yaml.safe_load_all(path.read_text()):
            assert document["kind"] not in by_kind, f"two {document['kind']}s"
            by_kind[document["kind"]] = document
    return by_kind


@pytest.fixture(scope="module")
def k8s() -> dict[str, dict[str, Any]]:
    return load()


def container(k8s: dict[str, dict[str, Any]]) -> dict[str, Any]:
    [only] = k8s["Deployment"]["spec"]["template"]["spec"]["containers"]
    return only


def env_of(k8s: dict[str, dict[str, Any]]) -> dict[str, str]:
    return {e["name"]: e["value"] for e in container(k8s).get("env", [])}


def pod_labels(k8s: dict[str, dict[str, Any]]) -> dict[str, str]:
    labels: dict[str, str] = k8s["Deployment"]["spec"]["template"]["metadata"]["labels"]
    return labels


def test_the_expected_objects_exist(k8s: dict[str, dict[str, Any]]) -> None:
    assert set(k8s) == {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"}
    assert k8s["HorizontalPodAutoscaler"]["apiVersion"] == "autoscaling/v2"


def test_one_port_everywhere(k8s: dict[str, dict[str, Any]]) -> None:
    [port] = container(k8s)["ports"]
    [service_port] = k8s["Service"]["spec"]["ports"]
    assert service_port["targetPort"] in (port["containerPort"], port["name"])
    assert env_of(k8s)["PORT"] == str(port["containerPort"])
    assert re.search(rf"^EXPOSE {port['containerPort']}$", DOCKERFILE, re.M)
    assert re.search(rf"\bPORT={port['containerPort']}\b", DOCKERFILE)
    # gunicorn.conf.py's own default, read in a separate process (it sets environment).
    default_bind = subprocess.run(
        [sys.executable, "-c", "import runpy; print(runpy.run_path('gunicorn.conf.py')['bind'])"],
        cwd=ROOT,
        env={"PROMETHEUS_MULTIPROC_DIR": str(ROOT / ".venv"), "PATH": ""},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert default_bind.endswith(f":{port['containerPort']}")


def test_probes_hit_routes_the_app_serves(
    k8s: dict[str, dict[str, Any]], client: FlaskClient
) -> None:
    spec = container(k8s)
    port_names = {p["name"] for p in spec["ports"]} | {p["containerPort"] for p in spec["ports"]}
    for probe in ("readinessProbe", "livenessProbe"):
        get = spec[probe]["httpGet"]
        assert get["port"] in port_names
        assert client.get(get["path"]).status_code == 200, probe
    match = re.search(r"HEALTHCHECK[^\n]*\\\n[^\n]*(/healthz)", DOCKERFILE)
    assert match
    assert client.get(match[1]).status_code == 200


def test_selectors_match_the_pods(k8s: dict[str, dict[str, Any]]) -> None:
    labels = pod_labels(k8s).items()
    assert k8s["Deployment"]["spec"]["selector"]["matchLabels"].items() <= labels
    assert k8s["Service"]["spec"]["selector"].items() <= labels
    assert k8s["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"].items() <= labels


def test_the_autoscaler_targets_the_deployment(k8s: dict[str, dict[str, Any]]) -> None:
    spec = k8s["HorizontalPodAutoscaler"]["spec"]
    deployment = k8s["Deployment"]
    assert spec["scaleTargetRef"] == {
        "apiVersion": deployment["apiVersion"],
        "kind": "Deployment",
        "name": deployment["metadata"]["name"],
    }
    assert spec["minReplicas"] >= 2
    [metric] = spec["metrics"]
    assert metric["resource"]["name"] == "cpu"
    assert container(k8s)["resources"]["requests"]["cpu"], "CPU utilization needs a request"
    assert k8s["PodDisruptionBudget"]["spec"]["minAvailable"] < spec["minReplicas"]


def test_runs_non_root_on_a_read_only_root(k8s: dict[str, dict[str, Any]]) -> None:
    pod = k8s["Deployment"]["spec"]["template"]["spec"]
    spec = container(k8s)
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert spec["securityContext"]["readOnlyRootFilesystem"] is True
    assert spec["securityContext"]["allowPrivilegeEscalation"] is False
    assert re.search(rf"^USER {pod['securityContext']['runAsUser']}$", DOCKERFILE, re.M)
    for kind in ("requests", "limits"):
        assert {"cpu", "memory"} <= spec["resources"][kind].keys()
    # The metrics directory is writable: on a mounted emptyDir.
    empty_dirs = {v["name"] for v in pod["volumes"] if "emptyDir" in v}
    mounts = [m["mountPath"] for m in spec["volumeMounts"] if m["name"] in empty_dirs]
    metrics_dir = env_of(k8s)["PROMETHEUS_MULTIPROC_DIR"]
    assert any(metrics_dir == m or metrics_dir.startswith(m.rstrip("/") + "/") for m in mounts)
