"""The audit with the seat view (`--seat-view`): each deal's review seen from the seats, the
players' and partnerships' guesses summed from them, the same on a cluster as on one process;
the guess test on figures worked by hand; the deals that weigh most kept in any merge order."""

from __future__ import annotations

import base64
import html
import math
from itertools import permutations
from pathlib import Path

import orjson
import pytest

from service.audit import report
from service.audit.__main__ import parser
from service.audit.counts import WEIGHTY_DEALS, ArchiveCounts, Pair, Player
from service.audit.judging import MILLIONTHS, Deal, Judged, Review, SeatReview
from service.audit.outliers import GUESSES_TOO_WELL, Population, guess_fields, guess_z, player_row
from service.audit.run import VIEWER, Settings, audit, viewer_links
from service.rules.advice.policy import GUESS_Z_THRESHOLD, MIN_GUESSES
from support.archive import archive
from tests.audit.conftest import contents, ndjson, ndjson_file
from tests.audit.test_run import REVIEWED


def test_hits_far_above_the_view_s_expectation_lie_standard_errors_away() -> None:
    # 60 guesses, 45 hits where the view expected 30 with a variance of 15: 15 / sqrt(15).
    z = guess_z(45, 30 * MILLIONTHS, 15 * MILLIONTHS, 60)
    assert z == pytest.approx(15 / math.sqrt(15))
    assert guess_z(30, 30 * MILLIONTHS, 15 * MILLIONTHS, 60) == 0
    assert guess_z(45, 30 * MILLIONTHS, 15 * MILLIONTHS, MIN_GUESSES - 1) is None  # too few
    assert guess_z(45, 30 * MILLIONTHS, 0, 60) is None  # no spread: every chance 0 or 1


def test_a_row_is_flagged_from_the_threshold_on() -> None:
    counts = [0] * len(Player)
    counts[Player.GUESSES], counts[Player.GUESS_EXPECTED] = MIN_GUESSES, 20 * MILLIONTHS
    counts[Player.GUESS_VARIANCE] = 4 * MILLIONTHS  # a standard error of 2
    counts[Player.GUESS_HITS] = 20 + 2 * int(GUESS_Z_THRESHOLD)
    fields, flags = guess_fields(counts, Player, [(3, "deal-1")])
    assert fields == {
        "guess_decisions": MIN_GUESSES,
        "guess_hits": counts[Player.GUESS_HITS],
        "guess_expected": 20.0,
        "z_guess": GUESS_Z_THRESHOLD,
        "guess_deals": ["deal-1"],
        "guess_links": [None],  # no viewer's link without the deal's record
    }
    assert flags == [GUESSES_TOO_WELL]
    counts[Player.GUESS_HITS] -= 1
    assert guess_fields(counts, Player, [])[1] == []


PLAYERS = ("ann", "bob", "cat", "dan")  # ann and cat, bob and dan partners


def seen_deal(where: str, hits: int) -> Judged:
    """A deal where ann guessed 4 times, expected 2 hits (variance 1), and hit `hits`."""
    ann = SeatReview(0, 10, 4, hits, 2 * MILLIONTHS, MILLIONTHS)
    quiet = SeatReview(0, 10)
    seats = (ann, quiet, quiet, quiet)
    return Judged(b"", Deal(PLAYERS, 0, True, (), Review(seats, True), where))


def test_the_deals_that_weigh_most_are_kept_in_any_merge_order() -> None:
    lines = [seen_deal(f"deal-{n}", hits) for n, hits in enumerate((4, 1, 3, 4, 2))]
    merged_in_order = ArchiveCounts()
    for judged in lines:
        merged_in_order.add(judged)
    assert merged_in_order.players["ann"][Player.GUESSES] == 20
    assert merged_in_order.players["ann"][Player.GUESS_HITS] == 14
    assert merged_in_order.pairs[("ann", "cat")][Pair.GUESS_EXPECTED] == 10 * MILLIONTHS
    # beyond the expected: 2, -1, 1, 2, 0 hits; the most first, then by name
    kept = [(2 * MILLIONTHS, "deal-0"), (2 * MILLIONTHS, "deal-3"), (MILLIONTHS, "deal-2")]
    assert WEIGHTY_DEALS == 3
    assert merged_in_order.player_deals == {"ann": kept}
    assert merged_in_order.pair_deals == {("ann", "cat"): kept}
    for order in permutations(lines):
        merged = ArchiveCounts()
        for judged in order:
            part = ArchiveCounts()
            part.add(judged)
            merged = merged.merge(part)
        assert merged == merged_in_order


def test_the_command_s_seat_view_implies_the_review() -> None:
    args = parser().parse_args(["a.ndjson", "--out", "out", "--seat-view"])
    assert args.seat_view and not args.review


def test_with_the_seat_view_the_guesses_add_up_and_a_cluster_agrees(
    cluster: str, tmp_path: Path
) -> None:
    made = archive(12, seed=3)
    records = [made.records[index] for index in REVIEWED[:3]]
    archive_file = tmp_path / "seen.ndjson"
    archive_file.write_bytes(b"\n".join(orjson.dumps(r) for r in records))
    on_cluster, on_machine = tmp_path / "cluster", tmp_path / "machine"
    audit(
        Settings(
            [str(archive_file)], on_cluster, seat_view=True, scheduler=cluster, block_size=1500
        )
    )
    audit(Settings([str(archive_file)], on_machine, seat_view=True, workers=1, block_size=1500))
    cluster_files, machine_files = contents(on_cluster), contents(on_machine)
    every_deal = ndjson(on_cluster, "deals") + ndjson(on_machine, "deals")
    if all(deal["review"]["seat_complete"] for deal in every_deal):  # no budget ran out
        for name in ("players.ndjson", "pairs.ndjson", "summary.json", "report.html"):
            assert cluster_files[name] == machine_files[name]  # deals/ holds each one's time
    summary = orjson.loads((on_cluster / "summary.json").read_bytes())
    assert (summary["review"], summary["seat_view"], summary["reviewed"]) == (True, True, 3)
    guesses: dict[str, list[float]] = {}
    for deal in ndjson(on_cluster, "deals"):
        assert deal["review"]["view"] == "seat"
        for seat in deal["review"]["seats"]:
            mine = guesses.setdefault(deal["players"][seat["seat"]], [0, 0, 0.0])
            mine[0] += seat["guess_decisions"]
            mine[1] += seat["guess_hits"]
            mine[2] += seat["guess_expected"]
    assert sum(g[0] for g in guesses.values()) > 0
    for row in ndjson_file(on_cluster / "players.ndjson"):
        decisions, hits, expected = guesses.get(row["player"], [0, 0, 0.0])
        assert (row["guess_decisions"], row["guess_hits"]) == (decisions, hits)
        assert row["guess_expected"] == pytest.approx(expected, abs=1e-3)
        assert row["z_guess"] is None  # fewer than MIN_GUESSES
        assert len(row["guess_deals"]) <= WEIGHTY_DEALS
    for row in ndjson_file(on_cluster / "pairs.ndjson"):
        assert row["guess_hits"] <= row["guess_decisions"]
    page = (on_cluster / "report.html").read_text()
    assert "Guesses too good for the seat" in page and "Hits expected" in page


def test_the_deals_that_weigh_most_link_to_the_viewer_with_their_records() -> None:
    lines = [seen_deal(f"deal-{n}", hits) for n, hits in enumerate((4, 1, 3))]
    lines = [
        j._replace(deal=j.deal._replace(record=f'{{"id": "deal-{n}"}}'))
        for n, j in enumerate(lines)
    ]  # type: ignore[union-attr]
    counted = ArchiveCounts()
    for judged in lines:
        counted.add(judged)
    assert set(counted.records) == {"deal-0", "deal-2"}  # deal-1 hit below the expected
    merged = ArchiveCounts().merge(counted)
    link = viewer_links("http://referee.example/viewer", merged.records)
    assert link("deal-1") is None
    opened = link("deal-0")
    assert opened is not None and opened.startswith("http://referee.example/viewer#record=")
    encoded = opened.split("#record=")[1]
    assert base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)) == b'{"id": "deal-0"}'
    row = player_row(
        "ann", merged.players["ann"], Population.of(merged), merged.player_deals["ann"], link
    )
    assert row["guess_deals"] == ["deal-0", "deal-2"]
    assert row["guess_links"] == [link("deal-0"), link("deal-2")]
    cell = report._cell_html(row, "guess_deals")
    assert cell.startswith(f'<a href="{html.escape(opened)}">deal-0</a> ')


def test_the_command_names_the_viewer_it_links_to() -> None:
    assert parser().parse_args(["a.ndjson", "--out", "o"]).viewer == VIEWER
    args = parser().parse_args(["a.ndjson", "--out", "o", "--viewer", "https://r.example/viewer"])
    assert args.viewer == "https://r.example/viewer"
