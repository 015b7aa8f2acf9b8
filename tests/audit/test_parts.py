"""The audit's parts, one by one: files cut into blocks that hold every line once, numbered
as in the file; the outlier statistics on figures worked by hand; the HTTP service without
Dask."""

from __future__ import annotations

import logging
import math
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from service.audit import records
from service.audit.__main__ import main
from service.audit.outliers import MIN_DEALS, Population, renonce_z, together_z
from service.audit.records import Line
from tests.audit.archive import archive
from tests.conftest import ROOT

TEXT = b'{"a": 1}\n\n{"b": 22}\n{"c": 333}\nlast without its end'


@pytest.mark.parametrize("block_size", [1, 5, 9, 10, 11, 20, 1000])
def test_blocks_hold_every_line_once_numbered_as_in_the_file(
    tmp_path: Path, block_size: int
) -> None:
    path = tmp_path / "a.ndjson"
    path.write_bytes(TEXT)
    blocks = records.blocks(str(path), block_size)
    assert isinstance(blocks, list)
    read = [line for block in blocks for line in records.lines(block)]
    assert read == [
        Line(str(path), number, data) for number, data in enumerate(TEXT.split(b"\n"), 1)
    ]
    assert [block.start for block in blocks[1:]] == [block.end for block in blocks[:-1]]


def test_an_empty_file_has_no_block_and_a_missing_one_is_unreadable(tmp_path: Path) -> None:
    (tmp_path / "empty.ndjson").write_bytes(b"")
    assert records.blocks(str(tmp_path / "empty.ndjson"), 10) == []
    missing = records.blocks(str(tmp_path / "missing.ndjson"), 10)
    assert missing == records.Unreadable(
        str(tmp_path / "missing.ndjson"), 0, "No such file or directory"
    )


def test_inputs_are_files_and_globs_each_file_once(tmp_path: Path) -> None:
    for name in ("b.ndjson", "a.ndjson", "c.ndjson.gz"):
        (tmp_path / name).write_bytes(b"")
    files, missing = records.expand(
        [str(tmp_path / "b.ndjson"), str(tmp_path / "*.ndjson*"), str(tmp_path / "none-*")]
    )
    assert files == [str(tmp_path / name) for name in ("b.ndjson", "a.ndjson", "c.ndjson.gz")]
    assert missing == [records.Unreadable(str(tmp_path / "none-*"), 0, "no such file")]


def test_renonces_far_above_the_rate_lie_standard_errors_away() -> None:
    # 10 renonces in 100 deals where the population renounces once in 100: the expected 1,
    # a standard error of sqrt(100 * 0.01 * 0.99) = 0.995, 9.045 standard errors above.
    assert renonce_z(10, 100, 0.01) == pytest.approx(9 / math.sqrt(0.99))
    assert renonce_z(1, 100, 0.01) == 0
    assert renonce_z(10, MIN_DEALS - 1, 0.01) is None  # too few deals to say anything
    assert renonce_z(0, 100, 0.0) is None  # nobody renounces: no rate to stand out from


def test_a_partnership_better_together_than_apart_is_above_zero() -> None:
    population = Population(renonce_rate=0.01, loss_mean=10.0, loss_sigma=6.0)
    # Together 100 deals, both members' losses 800 (8 per deal); apart each loses 10 a deal
    # (20 summed): 12 better, over 6 * sqrt(2/100 + 1/100 + 1/100) = 1.2: 10 standard errors.
    z = together_z(800, 100, [(1000, 100), (1000, 100)], population)
    assert z == pytest.approx(12 / (6 * math.sqrt(0.04)))
    assert together_z(2000, 100, [(1000, 100), (1000, 100)], population) == 0
    assert together_z(800, 100, [(1000, 100), (100, MIN_DEALS - 1)], population) is None


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
