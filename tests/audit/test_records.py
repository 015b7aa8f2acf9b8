"""service/audit/records.py: files cut into blocks that hold every line once, numbered as in
the file; inputs as files and globs; gzip and plain files read alike, and an unreadable file
reported while the others are read."""

from __future__ import annotations

import gzip
from pathlib import Path

import orjson
import pytest

from service.audit import records
from service.audit.records import Line
from tests.audit.conftest import Files, ndjson

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


@pytest.mark.parametrize("block_size", [1, 5, 9, 10, 11, 20, 1000])
def test_a_gzip_file_cut_for_the_review_holds_every_line_once(
    tmp_path: Path, block_size: int
) -> None:
    path = tmp_path / "a.ndjson.gz"
    path.write_bytes(gzip.compress(TEXT))
    whole = records.blocks(str(path), block_size)
    assert whole == [records.Block(str(path), 0, None, 1)]  # without the review: one block
    blocks = records.blocks(str(path), block_size, cut_gzip=True)
    assert isinstance(blocks, list)
    read = [line for block in blocks for line in records.lines(block)]
    assert read == [
        Line(str(path), number, data) for number, data in enumerate(TEXT.split(b"\n"), 1)
    ]
    assert [block.start for block in blocks[1:]] == [block.end for block in blocks[:-1]]
    # A block ends at the first line end at or past `block_size` bytes of text.
    for block in blocks[:-1]:
        sizes = [len(line.data) + 1 for line in records.lines(block)]
        assert sum(sizes) >= block_size > sum(sizes[:-1])


def test_a_gzip_file_cut_short_is_one_block_read_to_where_it_fails(files: Files) -> None:
    (block,) = records.blocks(str(files.cut_short), 1, cut_gzip=True)
    assert block.end is None
    *read, failed = records.lines(block)
    assert isinstance(failed, records.Unreadable) and failed.lines == len(read)


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


def test_an_unreadable_file_is_reported_and_the_others_are_read(
    files: Files, on_cluster: Path
) -> None:
    summary = orjson.loads((on_cluster / "summary.json").read_bytes())
    unreadable = {item["file"]: item for item in summary["unreadable"]}
    assert set(unreadable) == {str(files.cut_short), str(files.not_gzip), str(files.missing)}
    assert unreadable[str(files.missing)]["reason"] == "no such file"
    assert unreadable[str(files.not_gzip)]["reason"].startswith("not gzip")
    assert unreadable[str(files.cut_short)]["lines"] == files.cut_short_lines > 0
    read = {(deal["file"], deal["line"]) for deal in ndjson(on_cluster, "deals")}
    assert (str(files.gzipped), 30) in read
    assert (str(files.cut_short), files.cut_short_lines) in read


def test_gzip_and_plain_files_are_read_alike(files: Files, on_cluster: Path) -> None:
    with gzip.open(files.gzipped) as stream:
        records = [orjson.loads(line) for line in stream]
    judged = {deal["id"]: deal for deal in ndjson(on_cluster, "deals")}
    assert [judged[record["id"]]["line"] for record in records] == list(range(1, 31))
