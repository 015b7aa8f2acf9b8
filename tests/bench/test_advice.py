"""bench/advice.py's first-lead measure prints a row per count of deals, the last one giving
nothing up against itself."""

from __future__ import annotations

import re

import pytest

from bench.advice import lead


def test_the_lead_measure_prints_what_each_count_of_deals_gives_up(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lead(2, 3, deals=(1, 2))
    rows = re.findall(
        r"^ +(\d+) deals: margin given up +(\S+) ± +(\S+), CPU", capsys.readouterr().out, re.M
    )
    assert [row[0] for row in rows] == ["1", "2"]
    assert rows[-1][1:] == ("0.00", "0.00")  # the most deals against themselves
