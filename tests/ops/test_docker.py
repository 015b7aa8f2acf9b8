"""The Dockerfile (no Docker daemon here: read, not built) compiles the native core in a
build stage and ships an image without a compiler, the core copied in."""

from __future__ import annotations

import fnmatch
import re

from tests.conftest import ROOT

DOCKERFILE = (ROOT / "Dockerfile").read_text()
IGNORED = [
    line.strip()
    for line in (ROOT / ".dockerignore").read_text().splitlines()
    if line.strip() and not line.startswith("#")
]
COMPILERS = ("gcc", "clang", "build-essential", "cython", "python3-dev")


def stages() -> list[str]:
    """Each stage's instructions, from its FROM."""
    return ["FROM" + part for part in re.split(r"^FROM", DOCKERFILE, flags=re.M)[1:]]


def ignored(path: str) -> bool:
    return any(
        fnmatch.fnmatch(path, pattern) or path.startswith(pattern + "/") for pattern in IGNORED
    )


def test_the_core_is_compiled_in_a_build_stage() -> None:
    build, shipped = stages()
    assert re.match(r"FROM python:3\.11 AS core\n", build)
    assert "RUN python scripts/build_native.py" in build
    for source in re.findall(r"^COPY (\S+) ", build, flags=re.M):
        assert (ROOT / source).exists() and not ignored(source.rstrip("/")), source
    # The stage that runs: the same Python, slim, no compiler installed, the core copied in.
    assert re.match(r"FROM python:3\.11-slim\n", shipped)
    assert not [word for word in COMPILERS if word in shipped.lower()]
    assert re.search(
        r"^COPY --from=core /src/service/rules/analysis/native/_native\.\*\.so "
        r"service/rules/analysis/native/$",
        shipped,
        flags=re.M,
    )


def test_a_core_built_on_the_host_stays_out_of_the_image() -> None:
    assert ignored("service/rules/analysis/native/_native.cpython-311-x86_64-linux-gnu.so")
    assert ignored("service/rules/analysis/native/_native.c")
    assert ignored("build")


def test_the_tests_and_what_they_share_with_the_benchmarks_stay_out_of_the_image() -> None:
    # The service imports none of them (tests/test_support.py).
    assert all(ignored(folder) for folder in ("tests", "bench", "support"))
