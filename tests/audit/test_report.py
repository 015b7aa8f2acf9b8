"""service/audit/report.py: the report is one page that fetches nothing."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from service.audit import report
from tests.audit.conftest import ndjson_file


def test_the_report_is_one_page_that_fetches_nothing(on_cluster: Path) -> None:
    page = (on_cluster / "report.html").read_text()
    assert page.count("<svg") >= 1 and "<script" not in page.lower()
    # No resource from anywhere: the only addresses are links a reader may follow (the viewer).
    assert not re.search(r"""(?:src|<link[^>]*href)\s*=\s*["']?(?:https?:)?//""", page, flags=re.I)
    assert "player-03" in page and "never a proof" in page  # the flagged, and the caveat


def _section(page: str, title: str) -> str:
    start = page.index(f"<h2>{title}</h2>")
    return page[start : page.index("</section>", start)]


def _rows(section: str) -> list[list[str]]:
    return [
        [html.unescape(cell) for cell in re.findall(r"<td>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", section)
        if "<td>" in row
    ]


def test_the_report_tables_every_player_and_partnership(on_cluster: Path) -> None:
    page = (on_cluster / "report.html").read_text()
    players = ndjson_file(on_cluster / "players.ndjson")
    # Player, deals, as takers, contracts made, renonces, per 100 deals, flags (no review).
    assert _rows(_section(page, "Players")) == [
        [row["player"], *(str(row[key]) for key in PLAYER_COUNTS), " & ".join(row["flags"])]
        for row in players
    ]
    assert any(row["flags"] for row in players)  # the renouncers: flagged in the table
    pairs = ndjson_file(on_cluster / "pairs.ndjson")
    assert _rows(_section(page, "Partnerships")) == [
        [" & ".join(row["players"]), *(str(row[key]) for key in PAIR_COUNTS), ""] for row in pairs
    ]


PLAYER_COUNTS = ("deals", "as_takers", "contracts_made", "renonces", "renonces_per_100")
PAIR_COUNTS = ("deals", "as_takers", "contracts_made", "renonces")


def test_a_table_of_many_rows_shows_the_flagged_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(report, "MAX_ROWS", 2)
    rows = [{"player": name, "flags": ["renonces"] if name == "c" else []} for name in "abc"]
    shown, note = report._shown(rows, "players", "players.ndjson")
    assert [row["player"] for row in shown] == ["c", "a"]
    assert "2 of the 3 players" in note and "players.ndjson" in note
    assert report._shown(rows[:2], "players", "players.ndjson") == (rows[:2], "")
