"""bench/advice.py's first-lead measure prints a row per count of deals, the last one giving
nothing up against itself."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bench.advice import (
    DESIGNS,
    ORDERS,
    balance,
    bidding,
    chunks,
    clear,
    design_variances,
    lead,
    take_match,
)
from service.rules import deal
from service.rules.advice import advise as advise_module
from service.rules.core.cards import Suit


def test_the_lead_measure_prints_what_each_count_of_deals_gives_up(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lead(2, 3, deals=(1, 2))
    rows = re.findall(
        r"^ +(\d+) deals: margin given up +(\S+) ± +(\S+), CPU .* ms, clear (\d) of 2$",
        capsys.readouterr().out,
        re.M,
    )
    assert [row[0] for row in rows] == ["1", "2"]
    assert rows[-1][1:3] == ("0.00", "0.00")  # the most deals against themselves
    assert rows[0][3] == "0"  # one deal has no spread: never clear


def test_the_chunks_measure_prints_both_ways_and_puts_the_chunks_back(
    capsys: pytest.CaptureFixture[str],
) -> None:
    chunks(1, rounds=1)
    rows = re.findall(r"^ +(\d+) +(\S+) +(\S+) +(\S+)$", capsys.readouterr().out, re.M)
    assert [row[0] for row in rows] == ["4", "8", "12", "16", "20", "24"]
    assert all(float(row[3]) > 0 for row in rows)
    assert (advise_module.CHUNK, advise_module.LONE_CHUNK) == (4, advise_module.MAX_SAMPLES)


def test_a_card_is_clear_when_its_paired_lead_is_past_twice_its_standard_error() -> None:
    far = [{1: 10.0, 2: 0.0}, {1: 12.0, 2: 0.0}, {1: 8.0, 2: 0.0}]
    assert clear(far)
    near = [{1: 10.0, 2: 0.0}, {1: -9.0, 2: 0.0}, {1: 8.0, 2: 0.0}]
    assert not clear(near)
    assert clear(near, bound=0.1)
    alike = [{1: 10.0, 2: 10.0, 3: 0.0}, {1: 12.0, 2: 12.0, 3: 0.0}]  # 2 plays as 1
    assert clear(alike)
    assert clear([{1: 5.0, 2: 1.0}, {1: 5.0, 2: 1.0}])  # better by as much in every deal


def test_the_take_match_bids_each_board_twice_and_prints_the_reading_team_s_margin(
    capsys: pytest.CaptureFixture[str],
) -> None:
    take_match(3, 2)
    out = capsys.readouterr().out
    found = re.search(
        r"margin a board: +(\S+) ± +(\S+); boards bid differently: (\d) of 3$", out, re.M
    )
    assert found is not None


def test_the_bidding_ends_at_the_first_take_and_names_its_trump() -> None:
    dealt = deal("bench advice, a test deal", 3)

    def answers(taking: dict[tuple[int, int], str]) -> dict[tuple[Any, ...], str | None]:
        return {
            (seat, dealt.hands[seat], dealt.turned, round_, inference): taking.get(
                (round_, seat), "pass"
            )
            for seat in range(4)
            for round_ in (1, 2)
            for inference in ("calls", "none")
        }

    turned = dealt.turned.suit
    assert bidding(3, dealt, 0, 32, answers({(1, 2): "take", (1, 1): "take"})) == (1, turned)
    other = next(suit for suit in Suit if suit != turned)
    named = answers({(2, 3): other.code})
    assert bidding(3, dealt, 1, 32, named) == (3, other)  # the dealer speaks last
    assert bidding(3, dealt, 1, 32, answers({})) is None  # all pass twice: a redeal


def test_deals_differing_only_in_who_holds_which_hand_count_once_if_it_does_not_matter() -> None:
    # The best card (the first) leads the second by 0, 10, 20... by the deal drawn, whoever
    # holds which of its hands: a design's deals then say what one of them says.
    rows = [[10.0 * drawn, 0.0] for drawn in range(5) for _ in ORDERS]
    sums = design_variances(rows)
    one = sums["one by one"][0]
    assert one == pytest.approx(200.0)
    ratios = {name: sums[name][0] / one for name in DESIGNS}
    assert ratios == pytest.approx(dict(zip(DESIGNS, (6, 3, 2, 2), strict=True)))


def test_a_design_that_gives_each_seat_each_hand_cancels_what_the_hand_s_seat_does() -> None:
    # The first card leads by 12 when the partner (the second seat after the leader) holds
    # the first hand drawn, else by 0: in every rotation each seat holds it once.
    rows = [[12.0 if order[1] == 0 else 0.0, 0.0] for _ in range(4) for order in ORDERS]
    sums = design_variances(rows)
    assert sums["one by one"][0] == pytest.approx(32.0)
    assert sums["rotated (3)"][0] == pytest.approx(0.0)
    assert sums["every order (6 deals)"][0] == pytest.approx(0.0)
    assert sums["the opponents exchanged (2)"][0] > 0  # the partner keeps its hand


def test_the_balance_measure_prints_a_ratio_for_each_design(
    capsys: pytest.CaptureFixture[str],
) -> None:
    balance(2, 2)
    rows = re.findall(r"^  (.+?) +(\d\.\d{3}|-) +(\d\.\d{3}|-)$", capsys.readouterr().out, re.M)
    assert [row[0] for row in rows] == list(DESIGNS)
