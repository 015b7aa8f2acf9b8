"""Compile the native search core with the machine's C compiler.

Cython turns service/rules/analysis/native/_native.pyx into C; setuptools compiles it with
the C search (C_SOURCES: the entry points and the search, each with the headers it includes)
into the extension module `service.rules.analysis.native._native`, beside its sources (`make
native`). With `--sanitize DIR`, the same sources are built with AddressSanitizer and
UndefinedBehaviorSanitizer (every report fatal) into DIR instead, for tests/native's
sanitizer run (`make sanitized`); that build loads only with libasan preloaded.

A missing compiler or missing Python headers stop the build with what to install: the referee
never falls back to the pure-Python search unasked.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NATIVE = Path("service/rules/analysis/native")
OPTIMISED = ["-O3"]
SANITIZERS = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
SANITIZED = ["-O1", "-g", "-fno-omit-frame-pointer", *SANITIZERS]
INSTALL = "apt-get install gcc python3-dev"
# The C search's files compiled beside the wrapper: the entry points of search.h and the
# search itself; the rest of the search is static inline in their headers (search_internal.h
# lists the files; the Makefile's NATIVE_SOURCES, every file a build depends on).
C_SOURCES = ("search.c", "alphabeta.c")


def check_toolchain() -> None:
    """Exit with what to install when the compiler or Python's headers are missing."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        sys.exit(
            f"build_native: no C compiler ({compiler!r} is not on PATH). The search core is "
            f"compiled at install: {INSTALL} (as root), then run make again."
        )
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        sys.exit(
            f"build_native: Python's headers are missing ({headers}). {INSTALL} (for another "
            f"Python than Debian's, its own -dev package: python{sys.version_info.major}."
            f"{sys.version_info.minor}-dev), then run make again."
        )


def build(sanitize: Path | None) -> None:
    from Cython.Build import cythonize
    from setuptools import Extension, setup

    flags = OPTIMISED if sanitize is None else SANITIZED
    extension = Extension(
        "service.rules.analysis.native._native",
        sources=[str(NATIVE / "_native.pyx"), *(str(NATIVE / name) for name in C_SOURCES)],
        include_dirs=[str(NATIVE)],
        extra_compile_args=flags,
        extra_link_args=[] if sanitize is None else SANITIZERS,
    )
    where = (
        ["--inplace", "--build-temp", "build/native"]
        if sanitize is None
        else ["--build-lib", str(sanitize), "--build-temp", str(sanitize / "temp")]
    )
    setup(
        name="belote-native",
        packages=[],
        py_modules=[],
        ext_modules=cythonize([extension], quiet=True),
        script_args=["--quiet", "build_ext", "--force", *where],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sanitize", type=Path, metavar="DIR", help="a sanitizer build, in DIR")
    arguments = parser.parse_args()
    os.chdir(ROOT)
    check_toolchain()
    build(arguments.sanitize)


if __name__ == "__main__":
    main()
