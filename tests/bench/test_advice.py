"""bench/advice.py's first-lead measure prints a row per count of deals, the last one giving
nothing up against itself."""

from __future__ import annotations

import re

import pytest

from bench.advice import clear, lead


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


def test_a_card_is_clear_when_its_paired_lead_is_past_twice_its_standard_error() -> None:
    far = [{1: 10.0, 2: 0.0}, {1: 12.0, 2: 0.0}, {1: 8.0, 2: 0.0}]
    assert clear(far)
    near = [{1: 10.0, 2: 0.0}, {1: -9.0, 2: 0.0}, {1: 8.0, 2: 0.0}]
    assert not clear(near)
    assert clear(near, bound=0.1)
    alike = [{1: 10.0, 2: 10.0, 3: 0.0}, {1: 12.0, 2: 12.0, 3: 0.0}]  # 2 plays as 1
    assert clear(alike)
    assert clear([{1: 5.0, 2: 1.0}, {1: 5.0, 2: 1.0}])  # better by as much in every deal
