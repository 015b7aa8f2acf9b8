"""The shipped sample archive (samples/archive/, scripts/sample_archive.py): the audit finds its
renonces, all by the one player who renounces on purpose, and lists its bad lines where the
script put them; the script makes the same records again from the same seed."""

from __future__ import annotations

import gzip
import html
from pathlib import Path

import orjson
import pytest

from scripts import sample_archive
from scripts.sample_archive import BAD_LINES, DEALS, OUT, RENOUNCER, SAMPLES, SEED
from service.audit.run import Settings, audit
from tests.audit.conftest import ndjson, ndjson_file

FILES = {variant: OUT / f"{variant}.ndjson.gz" for variant in BAD_LINES}


def _lines(variant: str) -> list[bytes]:
    return gzip.decompress(FILES[variant].read_bytes()).splitlines()


def _record(line: bytes) -> object:
    try:
        return orjson.loads(line)
    except orjson.JSONDecodeError:
        return None


@pytest.fixture(scope="module")
def audited(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sample")
    audit(Settings([str(OUT / "*.ndjson.gz")], out, workers=1))
    return out


def test_the_audit_finds_the_sample_s_renonces_all_by_the_renouncer(audited: Path) -> None:
    summary = orjson.loads((audited / "summary.json").read_bytes())
    bad = sum(isinstance(line, bytes) for lines in BAD_LINES.values() for line in lines.values())
    assert (summary["deals"], summary["errors"]) == (2 * DEALS, bad)
    deals = ndjson(audited, "deals")
    assert {deal["variant"] for deal in deals} == {"classic", "coinche"}
    renouncers = [
        deal["players"][renonce["seat"]] for deal in deals for renonce in deal["replay"]["renonces"]
    ]
    assert len(renouncers) == summary["renonces"] >= DEALS // 10
    assert set(renouncers) == {RENOUNCER}
    # Proven by the hand, but in the records the script wrote without their hands.
    handless = {
        record["id"]
        for variant in FILES
        for line in _lines(variant)
        if isinstance(record := _record(line), dict)
        and "players" in record
        and "hands" not in record
    }
    assert len(handless) == 2
    assert all(
        renonce["proof"]["by"] == ("later_play" if d["id"] in handless else "hand")
        for d in deals
        for renonce in d["replay"]["renonces"]
    )
    (row,) = [row for row in ndjson_file(audited / "players.ndjson") if row["player"] == RENOUNCER]
    assert row["flags"] == ["renonces"]
    # Played by the advice: the takers make most of their contracts, not all.
    made = [deal["replay"]["score"]["contract"] == "made" for deal in deals]
    assert len(made) // 2 < sum(made) < len(made)


def test_the_audit_lists_the_sample_s_bad_lines_where_the_script_put_them(audited: Path) -> None:
    errors = ndjson(audited, "errors")
    assert [(Path(e["file"]).name, e["line"]) for e in errors] == [
        (FILES[variant].name, number)
        for variant, lines in BAD_LINES.items()
        for number, line in lines.items()
        if isinstance(line, bytes)
    ]
    page = (audited / "report.html").read_text()
    for error in errors:
        assert error["message"].startswith(f"line {error['line']} of {error['file']}")
        assert html.escape(error["message"]) in page
    not_json = [error["message"] for error in errors if " is not JSON (" in error["message"]]
    assert len(not_json) == 2
    # The records without their hands are deals (a review would refuse them: "no hands").
    for variant, lines in BAD_LINES.items():
        (number,) = [number for number, line in lines.items() if line == "no hands"]
        record = orjson.loads(_lines(variant)[number - 1])
        assert "hands" not in record and "plays" in record


def test_the_script_makes_the_same_first_records_from_the_same_seed() -> None:
    for variant in BAD_LINES:
        assert sample_archive.lines(variant, 3, SEED, SAMPLES) == _lines(variant)[:3]
