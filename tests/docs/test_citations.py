"""The repository stands alone: every document it cites by name (`X.md`) is one of its own
files, unless the citation is a public source's, named with its address."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CITED = re.compile(r"\b[\w.-]+\.md\b")
PUBLIC = re.compile(r"https?://|github\.com/")
BINARY = {".gz", ".png", ".svg", ".ico", ".so"}


def tracked() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [ROOT / name for name in listed if (ROOT / name).is_file()]


def test_every_document_cited_is_in_the_repository() -> None:
    files = tracked()
    held = {path.name for path in files if path.suffix == ".md"}
    missing = []
    for path in files:
        if path.suffix in BINARY or path == Path(__file__):
            continue
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if PUBLIC.search(line) or "tmp_path" in line:
                continue
            missing += [
                f"{path.relative_to(ROOT)}:{number}: {name}"
                for name in CITED.findall(line)
                if name not in held and not name.startswith(".")
            ]
    assert missing == []
