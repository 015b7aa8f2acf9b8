"""An MkDocs hook (mkdocs.yml `hooks:`): the guide's tables of rule options, written from
`OPTION_SPECS` and `COINCHE_OPTION_SPECS`, the one place each option, its values, its default
and its sentence live. A page asks for one with a marker line, `<!-- options: classic -->` or
`<!-- options: coinche -->`; a marker naming no variant fails the build."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository: `service`

from service.rules.core.options import OptionSpec
from service.rules.variants.classic.options import OPTION_SPECS
from service.rules.variants.coinche.options import COINCHE_OPTION_SPECS

VARIANTS: dict[str, dict[str, OptionSpec]] = {
    "classic": OPTION_SPECS,
    "coinche": COINCHE_OPTION_SPECS,
}
MARKER = re.compile(r"^<!-- options: (\S+) -->$", re.M)


def _code(value: Any) -> str:
    return f"`{json.dumps(value)}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _values(spec: OptionSpec) -> str:
    if spec.allowed is None:
        return f"{spec.bounds[0]} to {spec.bounds[1]}"
    return ", ".join(_code(value) for value in spec.allowed)


def options_table(variant: str) -> str:
    """The Markdown table of a variant's options: name, default, values, sentence."""
    if variant not in VARIANTS:
        raise ValueError(f"no rule options for {variant!r}: one of {sorted(VARIANTS)}")
    rows = [
        "| option | default | values | what it decides |",
        "|---|---|---|---|",
        *(
            f"| `{spec.name}` | {_code(spec.default)} | {_values(spec)} | "
            f"{_cell(spec.description)} |"
            for spec in VARIANTS[variant].values()
        ),
    ]
    return "\n".join(rows)


def on_page_markdown(markdown: str, **_: Any) -> str:
    return MARKER.sub(lambda found: options_table(found[1]), markdown)
