"""The archive audit end to end: on this machine's processes and on a distributed cluster of
two workers over TCP, the same results; the injected renonces on the right players; every
line counted once; bad lines and files reported, never stopping the run; an interrupted run
leaves nothing that looks complete, and a rerun into the same directory writes the same."""

from __future__ import annotations

import gzip
import re
from pathlib import Path
from typing import Any

import orjson
import pytest

from service.app import create_app
from service.audit import run
from service.audit.run import MARKER, Settings, audit
from tests.audit.archive import BAD_LINES, archive
from tests.audit.conftest import BLOCK_SIZE, Files

OUTPUTS = ("players.ndjson", "pairs.ndjson", "report.html")


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


@pytest.fixture(scope="module")
def on_machine(files: Files, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("machine")
    audit(Settings(files.inputs, out, workers=1, block_size=BLOCK_SIZE))
    return out


@pytest.fixture(scope="module")
def on_cluster(files: Files, cluster: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("cluster")
    audit(Settings(files.inputs, out, scheduler=cluster, block_size=BLOCK_SIZE))
    return out


def test_a_cluster_of_two_workers_gives_what_one_process_gives(
    on_machine: Path, on_cluster: Path
) -> None:
    machine, distributed = contents(on_machine), contents(on_cluster)
    assert machine == distributed
    assert len([name for name in machine if name.startswith("deals/part-")]) >= 3
    assert MARKER in machine


def test_the_injected_renonces_are_found_on_the_players_who_made_them(
    files: Files, on_cluster: Path
) -> None:
    found = [
        (deal["id"], deal["players"][renonce["seat"]])
        for deal in ndjson(on_cluster, "deals")
        for renonce in deal["replay"]["renonces"]
    ]
    readable = {deal["id"] for deal in ndjson(on_cluster, "deals")}
    assert sorted(found) == sorted(r for r in files.made.renonces if r[0] in readable)
    players = {row["player"]: row for row in ndjson_file(on_cluster / "players.ndjson")}
    for player, row in players.items():
        assert row["renonces"] == sum(1 for _, who in found if who == player)
    flagged = {player for player, row in players.items() if "renonces" in row["flags"]}
    assert flagged == {"player-03", "player-07"}


def ndjson_file(path: Path) -> list[dict[str, Any]]:
    return [orjson.loads(line) for line in path.read_bytes().splitlines()]


def test_every_line_read_is_a_deal_or_an_error(files: Files, on_cluster: Path) -> None:
    summary = orjson.loads((on_cluster / "summary.json").read_bytes())
    deals, errors = ndjson(on_cluster, "deals"), ndjson(on_cluster, "errors")
    assert summary["lines"] == summary["deals"] + summary["errors"] == files.lines_read
    assert (summary["deals"], summary["errors"]) == (len(deals), len(errors))
    assert summary["errors"] == len(BAD_LINES)
    assert summary["renonces"] == sum(len(deal["replay"]["renonces"]) for deal in deals)
    players = ndjson_file(on_cluster / "players.ndjson")
    assert sum(row["deals"] for row in players) == 4 * summary["deals"]
    assert sum(row["as_takers"] + row["as_defenders"] for row in players) == 4 * summary["deals"]
    assert sum(row["as_takers"] for row in players) == 2 * summary["deals"]  # two takers a deal
    made = [deal for deal in deals if (deal["replay"]["score"] or {}).get("contract") == "made"]
    assert 0 < len(made) < len(deals)
    assert sum(row["contracts_made"] for row in players) == 2 * len(made)
    assert {deal["variant"] for deal in deals} == {"classic", "coinche"}
    pairs = ndjson_file(on_cluster / "pairs.ndjson")
    assert sum(row["deals"] for row in pairs) == 2 * summary["deals"]
    assert sum(row["renonces"] for row in pairs) == summary["renonces"]


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


def test_an_error_names_its_line_and_carries_the_apis_own_problem(
    files: Files, on_cluster: Path
) -> None:
    client = create_app({"TESTING": True}).test_client()
    lines = files.plain.read_bytes().split(b"\n")
    errors = ndjson(on_cluster, "errors")
    assert [lines[error["line"] - 1] for error in errors] == list(BAD_LINES)
    for error in errors:
        data = lines[error["line"] - 1]
        assert error["file"] == str(files.plain)
        if error["id"] == "bad-3":  # the record's own fields: the audit's, in the API's shape
            assert error["problem"]["status"] == 422
            assert [e["pointer"] for e in error["problem"]["errors"]] == ["/players"]
            continue
        try:
            record = orjson.loads(data)
        except orjson.JSONDecodeError:
            record = None
        if isinstance(record, dict):  # the endpoint is sent the body, without the record's id
            data = orjson.dumps({k: v for k, v in record.items() if k != "id"})
        if not data:  # the endpoint takes an empty body for no body; the audit, for no JSON
            assert error["problem"]["type"] == "/problems/malformed-json"
            continue
        served = client.post(
            "/v1/deals/replay", data=data, headers={"Content-Type": "application/json"}
        )
        assert error["problem"] == served.get_json(force=True)
        assert error["id"] == (record.get("id") if isinstance(record, dict) else None)
    codes = {e["code"] for error in errors for e in error["problem"]["errors"] or ()}
    assert {"duplicate_card", None} <= codes


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


def test_gzip_and_plain_files_are_read_alike(files: Files, on_cluster: Path) -> None:
    with gzip.open(files.gzipped) as stream:
        records = [orjson.loads(line) for line in stream]
    judged = {deal["id"]: deal for deal in ndjson(on_cluster, "deals")}
    assert [judged[record["id"]]["line"] for record in records] == list(range(1, 31))


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
    assert "Partnerships that play better together" in (out / "report.html").read_text()


def test_the_report_is_one_page_that_fetches_nothing(on_cluster: Path) -> None:
    page = (on_cluster / "report.html").read_text()
    assert page.count("<svg") >= 1 and "<script" not in page.lower()
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", page, flags=re.I)
    assert "player-03" in page and "never a proof" in page  # the flagged, and the caveat
