"""A generated archive on disk (support/archive.py), a real dask.distributed cluster (two
worker processes on this machine, over TCP), and the audit of that archive on this machine and
on the cluster, with what reads its output."""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
import pytest

from service.audit.run import Settings, audit
from support.archive import Archive, archive
from tests.audit.bad_lines import BAD_LINES

DEALS = 130  # over the files below
BLOCK_SIZE = 20_000  # bytes: several partitions from the plain file


@dataclass(frozen=True)
class Files:
    made: Archive
    inputs: list[str]  # what the command is given
    plain: Path
    gzipped: Path
    cut_short: Path  # a gzip file that ends in the middle: its first lines are read
    not_gzip: Path
    missing: Path
    lines_read: int  # every line of every file, as far as each can be read
    cut_short_lines: int


@pytest.fixture(scope="session")
def files(tmp_path_factory: pytest.TempPathFactory) -> Files:
    root = tmp_path_factory.mktemp("archive")
    made = archive(DEALS, seed=21)
    plain_lines = Archive(made.records[:90]).lines(BAD_LINES)
    gzipped_lines = Archive(made.records[90:120]).lines()
    cut_lines = Archive(made.records[120:]).lines()
    plain, gzipped = root / "tables-a.ndjson", root / "tables-b.ndjson.gz"
    plain.write_bytes(b"\n".join(plain_lines) + b"\n")
    gzipped.write_bytes(gzip.compress(b"\n".join(gzipped_lines) + b"\n", mtime=0))
    whole = gzip.compress(b"\n".join(cut_lines) + b"\n", mtime=0)
    cut_short = root / "tables-c.ndjson.gz"
    cut_short.write_bytes(whole[: len(whole) * 2 // 3])
    # What can be read of it before it fails; a file that does not fail is no test of one cut.
    readable = 0
    with gzip.open(cut_short, "rb") as stream, pytest.raises(EOFError):
        for _ in stream:
            readable += 1
    not_gzip = root / "tables-d.ndjson.gz"
    not_gzip.write_bytes(b'{"dealer": 0}\n')
    missing = root / "tables-e.ndjson"
    return Files(
        made=made,
        inputs=[str(root / "tables-[ab].ndjson*"), str(cut_short), str(not_gzip), str(missing)],
        plain=plain,
        gzipped=gzipped,
        cut_short=cut_short,
        not_gzip=not_gzip,
        missing=missing,
        lines_read=len(plain_lines) + len(gzipped_lines) + readable,
        cut_short_lines=readable,
    )


@pytest.fixture(scope="session")
def cluster() -> Iterator[str]:
    """The scheduler's address (tcp://...) of a LocalCluster of two worker processes."""
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        protocol="tcp",
        dashboard_address=None,
        silence_logs=40,
    ) as local:
        yield local.scheduler_address


def contents(out: Path) -> dict[str, bytes]:
    """Every file of an output directory but the time the run took."""
    found = {
        str(path.relative_to(out)): path.read_bytes() for path in out.rglob("*") if path.is_file()
    }
    summary = orjson.loads(found.pop("summary.json"))
    summary.pop("seconds")
    found["summary.json"] = orjson.dumps(summary)
    return found


def ndjson(out: Path, sub: str) -> list[dict[str, Any]]:
    return [
        orjson.loads(line)
        for path in sorted((out / sub).glob("part-*.ndjson"))
        for line in path.read_bytes().splitlines()
    ]


def ndjson_file(path: Path) -> list[dict[str, Any]]:
    return [orjson.loads(line) for line in path.read_bytes().splitlines()]


@pytest.fixture(scope="session")
def on_machine(files: Files, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("machine")
    audit(Settings(files.inputs, out, workers=1, block_size=BLOCK_SIZE))
    return out


@pytest.fixture(scope="session")
def on_cluster(files: Files, cluster: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("cluster")
    audit(Settings(files.inputs, out, scheduler=cluster, block_size=BLOCK_SIZE))
    return out
