"""service/audit/outliers.py: the outlier statistics on figures worked by hand, and the
injected renonces found on the players who made them, who are flagged."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from service.audit.outliers import MIN_DEALS, Population, renonce_z, together_z
from tests.audit.conftest import Files, ndjson, ndjson_file


def test_renonces_far_above_the_rate_lie_standard_errors_away() -> None:
    # 10 renonces in 100 deals where the population renounces once in 100: the expected 1,
    # a standard error of sqrt(100 * 0.01 * 0.99) = 0.995, 9.045 standard errors above.
    assert renonce_z(10, 100, 0.01) == pytest.approx(9 / math.sqrt(0.99))
    assert renonce_z(1, 100, 0.01) == 0
    assert renonce_z(10, MIN_DEALS - 1, 0.01) is None  # too few deals to say anything
    assert renonce_z(0, 100, 0.0) is None  # nobody renounces: no rate to stand out from


def test_a_partnership_better_together_than_apart_is_above_zero() -> None:
    population = Population(renonce_rate=0.01, loss_mean=10.0, loss_sigma=6.0)
    # Together 100 deals, both members' losses 800 (8 per deal); apart each loses 10 a deal
    # (20 summed): 12 better, over 6 * sqrt(2/100 + 1/100 + 1/100) = 1.2: 10 standard errors.
    z = together_z(800, 100, [(1000, 100), (1000, 100)], population)
    assert z == pytest.approx(12 / (6 * math.sqrt(0.04)))
    assert together_z(2000, 100, [(1000, 100), (1000, 100)], population) == 0
    assert together_z(800, 100, [(1000, 100), (100, MIN_DEALS - 1)], population) is None


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
