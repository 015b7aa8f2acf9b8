"""Run pytest with the sanitizer build of the native core in place of the optimised one:
`python -m tests.native.sanitized MODULE [pytest arguments]`, with libasan preloaded
(test_sanitizers.py does it). The build (`make sanitized`) is the same extension module,
`service.rules.analysis.native._native`, in another directory: a finder put first on the
import path hands it over when that module is imported.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from types import ModuleType

NAME = "service.rules.analysis.native._native"


class SanitizedCore(importlib.abc.MetaPathFinder):
    def __init__(self, path: str) -> None:
        self.path = path

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != NAME:
            return None
        return importlib.util.spec_from_file_location(NAME, self.path)


def main() -> int:
    import pytest

    module, arguments = sys.argv[1], sys.argv[2:]
    sys.meta_path.insert(0, SanitizedCore(module))
    status = pytest.main(arguments)
    loaded = sys.modules.get(NAME)
    if loaded is None or loaded.__file__ != module:
        print(f"sanitized: {NAME} was not loaded from {module}", file=sys.stderr)
        return 3
    return int(status)


if __name__ == "__main__":
    sys.exit(main())
