"""service/audit/run.py, the audit end to end: on this machine's processes and on a distributed
cluster of two workers over TCP, the same results; an interrupted run leaves nothing that looks
complete, and a rerun into the same directory writes the same; with the review."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson
import pytest

from service.audit import run
from service.audit.run import MARKER, Settings, audit
from support.archive import archive
from tests.audit.conftest import BLOCK_SIZE, Files, contents, ndjson, ndjson_file

OUTPUTS = ("players.ndjson", "pairs.ndjson", "report.html")


def test_a_cluster_of_two_workers_gives_what_one_process_gives(
    on_machine: Path, on_cluster: Path
) -> None:
    machine, distributed = contents(on_machine), contents(on_cluster)
    assert machine == distributed
    assert len([name for name in machine if name.startswith("deals/part-")]) >= 3
    assert MARKER in machine


def test_a_rerun_into_the_same_directory_writes_the_same(
    files: Files, cluster: str, on_cluster: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    # An earlier run into this directory, with more partitions, then cut short in its middle.
    audit(Settings(files.inputs, out, scheduler=cluster, block_size=BLOCK_SIZE // 3))
    (out / "deals" / (run.TEMPORARY + run.part_name(0))).write_bytes(b'{"half": ')
    (out / MARKER).unlink()
    audit(Settings(files.inputs, out, scheduler=cluster, block_size=BLOCK_SIZE))
    assert contents(out) == contents(on_cluster)


def test_an_interrupted_run_leaves_no_file_that_looks_complete(
    files: Files, cluster: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    audit(Settings(files.inputs, out, scheduler=cluster, block_size=BLOCK_SIZE))

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(run, "finish", interrupted)
    with pytest.raises(KeyboardInterrupt):  # the partitions are written, the summaries not
        audit(Settings(files.inputs, out, scheduler=cluster, block_size=BLOCK_SIZE))
    assert not (out / MARKER).exists()
    assert not [name for name in ("summary.json", *OUTPUTS) if (out / name).exists()]


def test_a_file_written_halfway_never_takes_its_name(tmp_path: Path) -> None:
    def cut() -> Any:
        yield b'{"id": 1}\n'
        raise OSError("disk full")

    path = tmp_path / "deals" / run.part_name(0)
    path.parent.mkdir()
    with pytest.raises(OSError):
        run.write_atomically(path, cut())
    assert not path.exists()
    run.clear(tmp_path)
    assert not list((tmp_path / "deals").iterdir())


REVIEWED = (2, 4, 5, 6)  # deals of archive(12, seed=3) whose reviews take a fraction of a second


def test_with_the_review_each_deal_carries_it_and_the_players_its_losses(
    cluster: str, tmp_path: Path
) -> None:
    made = archive(12, seed=3)
    records = [made.records[index] for index in REVIEWED]
    unreviewable = {k: v for k, v in made.records[0].items() if k != "hands"}  # hands needed
    archive_file = tmp_path / "reviewed.ndjson"
    archive_file.write_bytes(b"\n".join(orjson.dumps(r) for r in [unreviewable, *records]))
    out = tmp_path / "out"
    audit(Settings([str(archive_file)], out, review=True, scheduler=cluster, block_size=1500))
    summary = orjson.loads((out / "summary.json").read_bytes())
    assert (summary["deals"], summary["reviewed"], summary["review_problems"]) == (5, 4, 1)
    assert summary["review_refusals"] == {"no hands": 1}
    assert summary["partitions"] >= 2
    deals = ndjson(out, "deals")
    (refused,) = [deal for deal in deals if deal["review"] is None]
    assert refused["id"] == unreviewable["id"]
    assert refused["review_problem"]["status"] == 422
    assert [e["pointer"] for e in refused["review_problem"]["errors"]] == ["/hands"]
    losses: dict[str, int] = {}
    for deal in deals:
        if deal["review"] is not None:
            assert deal["review_problem"] is None and deal["review"]["exact"]
            for seat in deal["review"]["seats"]:
                player = deal["players"][seat["seat"]]
                losses[player] = losses.get(player, 0) + seat["loss"]
    players = ndjson_file(out / "players.ndjson")
    for row in players:
        reviewed = row["reviewed"]
        assert (row["loss_per_deal"] or 0) * reviewed == pytest.approx(losses.get(row["player"], 0))
        assert (row["precision"] is None) == (reviewed == 0)
    page = (out / "report.html").read_text()
    assert "Partnerships that play better together" in page
    assert "refused: no hands</th><td>1</td>" in page
