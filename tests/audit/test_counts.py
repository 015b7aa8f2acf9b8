"""service/audit/counts.py: every line read counted once, as a deal or an error, and the
players' and partnerships' counts adding up to the deals'; counts merged in any order are the
same."""

from __future__ import annotations

from itertools import permutations
from pathlib import Path

import orjson
import pytest

from service.audit import counts
from service.audit.counts import ArchiveCounts, Pair, Player
from service.audit.judging import BadLine, Deal, Judged, Review, SeatReview
from service.audit.records import Unreadable
from tests.audit.bad_lines import BAD_LINES
from tests.audit.conftest import Files, ndjson, ndjson_file


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


PLAYERS = ("ann", "bob", "cat", "dan")  # seats 0 to 3: ann and cat, bob and dan partners
SEATS = tuple(SeatReview(loss, 40) for loss in (4, 0, 10, 2))
BAD = BadLine("a.ndjson", 7, "line 7 of a.ndjson is not JSON (an empty line)")
LINES = [
    Judged(b"", Deal(PLAYERS, 0, made=True, renonces=(), review=None), review_refused="no hands"),
    Judged(b"", Deal(PLAYERS, takers=1, made=False, renonces=(1, 1), review=Review(SEATS, True))),
    Judged(b"", Deal(PLAYERS, takers=1, made=True, renonces=(), review=Review(SEATS, False))),
    Judged(b"", Deal(None, 0, made=None, renonces=(2,), review=None), review_refused="no hands"),
    Judged(b"", bad=BAD),  # an error
    Judged(b"", unreadable=Unreadable("gone.ndjson", 0, "no such file")),
]


def counted(lines: tuple[Judged, ...] | list[Judged]) -> ArchiveCounts:
    counts = ArchiveCounts()
    for judged in lines:
        counts.add(judged)
    return counts


def test_counts_merged_in_any_order_are_the_counts_of_every_line() -> None:
    whole = counted(LINES)
    assert (whole.lines, whole.deals, whole.errors, whole.renonces) == (5, 4, 1, 3)
    assert (whole.reviewed, whole.inexact, len(whole.unreadable)) == (2, 1, 1)
    assert (whole.review_problems, whole.refusals, whole.bad_lines) == (2, {"no hands": 2}, [BAD])
    assert whole.players["bob"][Player.RENONCES] == 2
    assert whole.players["bob"][Player.AS_TAKERS] == 2 and whole.players["bob"][Player.MADE] == 1
    # Only the exact review counts its losses: as defenders, ann and cat lost 4 and 10.
    assert whole.pairs[("ann", "cat")][Pair.LOSS_AS_DEFENDERS] == 4 + 10
    assert whole.players["cat"][Player.LOSS_SQUARES] == 10 * 10
    for order in permutations(LINES):
        parts = [counted([judged]) for judged in order]
        merged = ArchiveCounts()
        for part in parts:
            merged = merged.merge(part)
        assert merged == whole
        assert parts == [counted([judged]) for judged in order]  # merging changed no input


def test_the_bad_lines_kept_are_the_first_by_file_and_line_in_any_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(counts, "MAX_BAD_LINES", 3)
    bad = [BadLine(file, line, f"line {line} of {file}: ...") for file in "ab" for line in (2, 10)]
    first = sorted(bad)[:3]
    for order in permutations(bad):
        merged = ArchiveCounts()
        for item in order:
            merged = merged.merge(counted([Judged(b"", bad=item)]))
        assert merged.bad_lines == first and merged.errors == len(bad)
    assert counted([Judged(b"", bad=item) for item in reversed(bad)]).bad_lines == first
