"""scripts/fit_guess_calibration.py: the guess test's calibration fitted on honest play."""

from __future__ import annotations

import json
import math
import random

import pytest

from scripts.fit_guess_calibration import fit, pooled_z
from service.rules.advice.policy import GUESS_CALIBRATION, GUESS_CALIBRATION_FILE
from service.rules.advice.seat_review import Calibration


def honest(a: float, guesses: int, seed: str) -> list[tuple[float, bool]]:
    """Guesses of players whose odds of a hit are the view's times e^a."""
    rng = random.Random(seed)
    found = []
    for _ in range(guesses):
        p = rng.choice((0.2, 0.35, 0.5, 0.65))
        found.append((p, rng.random() < Calibration(a).of(p)))
    return found


def test_the_fit_finds_the_odds_honest_players_hit_at() -> None:
    fitted = fit([honest(0.5, 20_000, "one archive")])
    assert fitted.a == pytest.approx(0.5, abs=0.05)


def test_each_archive_weighs_the_same_whatever_its_size() -> None:
    """Two archives, one reading the play (odds x e^0.6) and one not (the view's own): the
    fit sits between them, each weighing alike however many guesses it holds."""
    reading, plain = honest(0.6, 4_000, "reading"), honest(0.0, 16_000, "plain")
    fitted = fit([reading, plain])
    assert fitted.a == pytest.approx(0.3, abs=0.06)
    assert pooled_z(reading, fitted) > 0 > pooled_z(plain, fitted)


def test_the_pooled_z_of_hits_as_the_view_expects_is_near_0() -> None:
    found = honest(0.0, 10_000, "as expected")
    assert abs(pooled_z(found, Calibration(0.0))) < 3
    assert pooled_z(found, Calibration(-0.5)) > 10  # held to worse odds, they guess too well


def test_the_committed_calibration_came_from_the_script_s_figures() -> None:
    saved = json.loads(GUESS_CALIBRATION_FILE.read_text())
    assert saved["a"] == GUESS_CALIBRATION
    figures = saved["figures"]
    assert set(figures) == {"referee", "colver"}
    # Raised odds lower every archive's z: the one that reads the play towards 0.
    for archive in figures.values():
        assert archive["guesses"] > 0
        assert archive["pooled_z_after"] < archive["pooled_z_before"]
    assert 0 < figures["colver"]["pooled_z_after"] < figures["colver"]["pooled_z_before"]
    assert math.exp(GUESS_CALIBRATION) == pytest.approx(1.17, abs=0.01)  # as the guide says
