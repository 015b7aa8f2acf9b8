"""service/audit/__main__.py: the command judges an archive and says so in one line."""

from __future__ import annotations

import logging
from pathlib import Path

import orjson
import pytest

from service.audit.__main__ import main
from support.archive import archive


def test_the_command_judges_an_archive_and_says_so_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The command sets the process's logging: at the level the other tests run at, here.
    monkeypatch.setenv("LOG_LEVEL", logging.getLevelName(logging.getLogger().level))
    archive_file = tmp_path / "one.ndjson"
    archive_file.write_bytes(orjson.dumps(archive(1, seed=5).records[0]) + b"\n{}\n")
    out = tmp_path / "out"
    assert main([str(archive_file), "--out", str(out), "--workers", "1"]) == 0
    assert (
        capsys.readouterr().err.splitlines()[-1].startswith("2 lines: 1 deals judged, 1 errors, ")
    )
    assert (out / "_SUCCESS").exists()
    with pytest.raises(SystemExit):
        main([str(archive_file), "--out", str(out), "--workers", "2", "--scheduler", "tcp://x:1"])
