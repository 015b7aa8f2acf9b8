"""bench/arena.py's bookkeeping, which needs no colver: the calls and cards as colver numbers
them and back, the contract an auction fixes, and the matches a run of boards makes."""

from __future__ import annotations

import argparse
import gzip
from pathlib import Path

import pytest

from bench.arena import (
    FROM_COLVER,
    TO_COLVER,
    Direction,
    auction_report,
    call_action,
    call_name,
    contract_of,
    dd_report,
    dump,
    main,
    matches,
    report,
    speed_table,
)
from service.rules.core.cards import CARD_CODES


def test_every_call_and_card_goes_to_colver_and_back() -> None:
    assert [call_action(call_name(action)) for action in range(43)] == list(range(43))
    assert [call_name(a) for a in (0, 1, 2, 36, 37, 40, 41, 42)] == [
        "pass",
        "80S",
        "80H",
        "160C",
        "capotS",
        "capotC",
        "coinche",
        "surcoinche",
    ]
    assert sorted(TO_COLVER) == list(range(32))
    assert all(FROM_COLVER[TO_COLVER[card]] == card for card in range(32))
    # colver orders a suit 7 8 9 J Q K 10 A: its 10 of spades is its 6th card.
    assert CARD_CODES[FROM_COLVER[6]] == "10S" and CARD_CODES[FROM_COLVER[3]] == "JS"


def test_the_contract_is_the_last_bid_with_its_coinche() -> None:
    assert contract_of([(1, 0), (2, 0), (3, 0), (0, 0)]) is None
    calls = [(1, 1), (2, 6), (3, 41), (0, 0), (1, 0), (2, 42)]  # 80S, 90H, coinche, surcoinche
    assert contract_of(calls) == {"taker": 2, "value": 90, "strain": "H", "coinche": 2}
    assert contract_of([(3, 38), (0, 41), (1, 0)]) == {
        "taker": 3,
        "value": "capot",
        "strain": "H",
        "coinche": 1,
    }
    # A bid after a coinche starts again uncoinched.
    assert contract_of([(0, 1), (1, 41), (2, 5)])["coinche"] == 0  # type: ignore[index]


def board(ns: tuple[int, int], ew: tuple[int, int]) -> list[Direction]:
    """A board whose two directions scored `ns` (the referee North-South) and `ew`."""
    return [Direction(0, {}, rewards=ns), Direction(1, {}, rewards=ew)]


def test_the_boards_make_matches_to_2000_one_after_the_other() -> None:
    boards = [board((1000, 0), (0, 1000)), board((1100, 0), (500, 0)), board((0, 2500), (0, 10))]
    # North-South: 2100 to 0 after two boards (the referee wins); then 0 to 2500 (it loses).
    assert matches(boards, 0, "rewards") == [True, False]
    # East-West: the referee 1010 to 500 after three boards: no match ended.
    assert matches(boards, 1, "rewards") == []
    assert (
        board((10, 20), (30, 5))[1].margin() == -25 and board((10, 20), (3, 5))[0].margin() == -10
    )


def taken(team: int, taker: int, perfect: int, table: int, **kw: object) -> Direction:
    """A direction with the referee at `team`'s seats, `taker` taking 100 in hearts, whose
    takers make `table` points where perfect play makes `perfect`."""
    contract = {"taker": taker, "value": 100, "strain": "H", "coinche": 0}
    takers = taker % 2
    points = (table, 162 - table) if takers == 0 else (162 - table, table)
    dd = (perfect, 162 - perfect) if takers == 0 else (162 - perfect, perfect)
    return Direction(team, contract, points=points, dd_points=dd, **kw)  # type: ignore[arg-type]


def test_the_table_s_points_are_fitted_on_perfect_play_s(capsys: pytest.CaptureFixture) -> None:
    # The table makes 30 + 0.5 x perfect play, whoever takes.
    boards = [[taken(1, 1, p, 30 + p // 2), taken(1, 2, p + 20, 40 + p // 2)] for p in (40, 80)]
    dd_report(boards)
    out = capsys.readouterr().out
    assert "30.0 + 0.500 x by perfect play, give or take 0.0 (4 contracts" in out
    # Perfect play less the table: 40 - 50 and 80 - 70 where the referee took (its team 1,
    # seat 1), 60 - 60 and 100 - 80 where the other team did.
    assert "the referee's team taking: perfect play less the play, takers' points +0.0" in out
    assert "the other team taking: perfect play less the play, takers' points +10.0" in out


def test_the_auction_report_follows_the_advice_to_what_happened(
    capsys: pytest.CaptureFixture,
) -> None:
    advised = [{"index": 0, "bid": "100H", "made_share": 0.75, "expected_margin": 50.0}]
    ours = taken(0, 0, 120, 110, calls=["100H"], advised=advised, made=True, scores=(210, 50))
    theirs = taken(1, 0, 120, 110, calls=["100H"], made=True, scores=(210, 50))
    auction_report([[ours, theirs]])
    out = capsys.readouterr().out
    assert "the same contract both ways: 1 boards" in out
    assert "the referee's team took 1 contracts (mean value 100): made 100%" in out
    assert "predicted made 75% (made 100%); uncoinched 1: predicted margin +50.0" in out
    assert "scored +160.0" in out and "the other team took 1 contracts" in out


def test_runs_of_the_same_boards_can_be_reported_together(capsys: pytest.CaptureFixture) -> None:
    first = taken(0, 0, 120, 110, made=True, scores=(210, 50), rewards=(210.0, 50.0))
    second = taken(1, 0, 120, 100, made=True, scores=(200, 60), rewards=(200.0, 60.0))
    pooled = [(3, [first, second]), (3, [first, second]), (1, [second, first])]
    report(pooled, argparse.Namespace(matches=False, opponent="colver"))
    assert "boards: 3" in capsys.readouterr().out


def test_boards_written_by_out_are_reported_again(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    first = taken(0, 0, 120, 110, made=True, scores=(210, 50), rewards=(210.0, 50.0))
    second = taken(1, 0, 120, 100, made=True, scores=(200, 60), rewards=(200.0, 60.0))
    kept = tmp_path / "boards.jsonl"
    kept.write_text(dump(0, [first, second]) + "\n" + dump(1, [second, first]) + "\n")
    main(["--report", str(kept)])
    out = capsys.readouterr().out
    assert "boards: 2" in out
    assert "the machine" not in out  # a report is no run: no load average to tell


def test_boards_kept_gzipped_are_reported_as_the_plain_file(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    first = taken(0, 0, 120, 110, made=True, scores=(210, 50), rewards=(210.0, 50.0))
    second = taken(1, 0, 120, 100, made=True, scores=(200, 60), rewards=(200.0, 60.0))
    lines = dump(0, [first, second]) + "\n" + dump(1, [second, first]) + "\n"
    plain, packed = tmp_path / "boards.jsonl", tmp_path / "boards.jsonl.gz"
    plain.write_text(lines)
    packed.write_bytes(gzip.compress(lines.encode()))
    main(["--report", str(plain)])
    from_plain = capsys.readouterr().out
    main(["--report", str(packed)])
    assert capsys.readouterr().out == from_plain
    assert "boards: 2" in from_plain


def test_the_speed_table_sets_each_side_s_times_side_by_side() -> None:
    timed = Direction(0, {})
    timed.first = {"ours": [90.0], "theirs": [30.0]}
    timed.times = {"ours": [4.0, 6.0, 8.0], "theirs": [2.0, 2.0, 4.0]}
    lines = speed_table([[timed]], "colver").splitlines()
    assert lines[0].split() == [
        "ms",
        "a",
        "card",
        "referee",
        "p50",
        "p95",
        "colver",
        "p50",
        "p95",
        "ratio",
        "p50",
        "p95",
        "cards",
    ]
    # every card: 4 6 8 90 against 2 2 4 30 (medians 7 and 3); the first lead; the others
    assert lines[1].split() == ["all", "cards", "7.0", "90.0", "3.0", "30.0", "2.33", "3.00", "4"]
    first = ["first", "lead", "90.0", "90.0", "30.0", "30.0", "3.00", "3.00", "1"]
    assert lines[2].split() == first
    assert lines[3].split() == ["the", "others", "6.0", "8.0", "2.0", "4.0", "3.00", "2.00", "3"]


def test_the_speed_table_sets_the_forced_cards_apart() -> None:
    timed = Direction(0, {})
    timed.first = {"ours": [90.0], "theirs": [30.0]}
    timed.times = {"ours": [4.0, 6.0, 8.0], "theirs": [2.0, 2.0, 4.0]}
    timed.forced = {"ours": [False, True, False], "theirs": [True, False, False]}
    unsaid = Direction(1, {})  # a board kept before the cards said whether they were forced
    unsaid.times = {"ours": [100.0], "theirs": [100.0]}
    lines = speed_table([[timed, unsaid]], "colver").splitlines()
    # with a choice: 4 8 against 2 4; forced: 6 against 2
    choice = ["with", "a", "choice", "6.0", "8.0", "3.0", "4.0", "2.00", "2.00", "2"]
    assert lines[4].split() == choice
    assert lines[5].split() == ["forced", "6.0", "6.0", "2.0", "2.0", "3.00", "3.00", "1"]
    assert len(lines) == 6


def test_a_time_too_short_for_the_clock_makes_an_infinite_ratio() -> None:
    timed = Direction(0, {})
    timed.times = {"ours": [1.0], "theirs": [0.0]}
    assert speed_table([[timed]], "colver").splitlines()[1].split()[6:8] == ["inf", "inf"]


def test_the_cpu_speed_table_reads_the_cpu_times() -> None:
    timed = Direction(0, {})
    timed.first = {"ours": [90.0], "theirs": [30.0]}
    timed.cpu_first = {"ours": [45.0], "theirs": [60.0]}
    lines = speed_table([[timed]], "colver", cpu=True).splitlines()
    assert lines[0].startswith("CPU ms a card")
    assert lines[1].split()[2:] == ["45.0", "45.0", "60.0", "60.0", "0.75", "0.75", "1"]
    assert len(lines) == 3  # no card but the first lead: no row for the others
