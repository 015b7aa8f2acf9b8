"""The contract as schemathesis runs it in-process (tests/contract/test_schemathesis*.py):
openapi.yaml with the settings of schemathesis.toml, called on the app with every analysis
budget capped.

Its operations are split in two, classic's paths and the rest (`CLASSIC`) and coinche's
(`COINCHE`), one test module each: schemathesis's pytest run is one test whatever its
operations, and `make test` spreads its in-process tests over the CPUs a module at a time,
so that two modules run side by side where one ran alone after the others.
"""

from __future__ import annotations

import os
import re

import schemathesis

from service.app import create_app
from tests.conftest import ANALYSIS_BUDGET_CAP_MS, ROOT

os.chdir(ROOT)  # schemathesis.toml is looked up from the working directory
SCHEMA = schemathesis.openapi.from_path(ROOT / "openapi.yaml")
# The fuzzer asks for analysis budgets up to 10 s; the test cap keeps each search short.
SCHEMA.app = create_app({"ANALYSIS_BUDGET_CAP_MS": ANALYSIS_BUDGET_CAP_MS})
MAX_EXAMPLES = int(os.environ.get("CONTRACT_MAX_EXAMPLES", "100"))
COINCHE_PATHS = "^/v1/coinche/"
# Both by exclusion: schemathesis.toml's per-operation settings add an include filter that
# every operation matches, and include filters add up.
CLASSIC = SCHEMA.exclude(path_regex=COINCHE_PATHS)
COINCHE = SCHEMA.exclude(lambda ctx: re.match(COINCHE_PATHS, ctx.operation.path) is None)
