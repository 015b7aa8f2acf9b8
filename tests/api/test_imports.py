"""What importing one module of the HTTP layer loads, each in a fresh interpreter: only what it
uses. No module imports the package's siblings for their side effects (the app lists the
blueprints, service/app.py), so a leaf loads neither the solver, nor the renderer, nor the
other resources."""

from __future__ import annotations

import subprocess
import sys

import pytest

from service.app import BLUEPRINTS
from tests.conftest import ROOT

# The modules that serve paths: each blueprint's (the coinche blueprint's is the variants',
# whose paths the resources' modules put on it).
RESOURCES = frozenset({blueprint.import_name for blueprint in BLUEPRINTS}) - {
    "service.api.variants",
}
SOLVER = ("service.rules.analysis", "service.rules.advice")
RENDERER = ("service.render",)


def loaded(module: str) -> set[str]:
    """The service's modules that `import module` loads in a fresh interpreter."""
    code = (
        f"import sys, {module}\n"
        "print('\\n'.join(m for m in sys.modules if m.split('.')[0] == 'service'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return set(done.stdout.split())


def under(modules: set[str], packages: tuple[str, ...]) -> set[str]:
    return {m for m in modules if any(m == p or m.startswith(f"{p}.") for p in packages)}


def test_the_blueprint_class_loads_nothing_else_of_the_service() -> None:
    assert loaded("service.api.blueprint") == {"service", "service.api", "service.api.blueprint"}


@pytest.mark.parametrize(
    "leaf",
    [
        "service.api.play",
        "service.api.tricks",
        "service.api.annonces",
        "service.api.bidding",
        "service.api.games",
    ],
)
def test_a_resource_loads_neither_the_solver_the_renderer_nor_another_resource(leaf: str) -> None:
    modules = loaded(leaf)
    assert leaf in RESOURCES
    assert modules & RESOURCES == {leaf}
    assert not under(modules, SOLVER + RENDERER)
    assert "service.app" not in modules


def test_direct_answers_load_no_resource_nor_the_app() -> None:
    # The audit's way into the endpoints: it is handed the app (service/audit/run.py), which
    # loads them all; direct.py itself needs the problems' phrasing and the rules' errors.
    modules = loaded("service.api.direct")
    assert not modules & RESOURCES
    assert not under(modules, SOLVER + RENDERER + ("service.app", "service.audit"))


def test_the_http_service_never_imports_dask_nor_matplotlib() -> None:
    code = (
        "import sys, service.app, service.api.direct\n"
        "roots = {'dask', 'distributed', 'matplotlib', 'numpy'}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in roots "
        "or m.startswith('service.audit')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"
