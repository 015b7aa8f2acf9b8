"""scripts/fit_play_model.py: the seat view's model of honest card choice, fitted by maximum
likelihood."""

from __future__ import annotations

import json
import math
import random

import pytest

from scripts.fit_play_model import figures, fit, record_choices, solve
from service.rules.advice.reading import FEATURES, PLAY_MODEL, PLAY_MODEL_FILE, Choice

SIZE = len(FEATURES)


def chosen_by(weights: list[float], count: int, seed: str) -> list[Choice]:
    """Choices among 2 to 4 cards of random features, each made with the model's chances."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        options = tuple(
            tuple(float(rng.random() < 0.4) for _ in range(SIZE)) for _ in range(rng.randint(2, 4))
        )
        odds = [math.exp(sum(w * x for w, x in zip(weights, f, strict=True))) for f in options]
        pick = rng.random() * sum(odds)
        chosen = 0
        while pick > odds[chosen]:
            pick -= odds[chosen]
            chosen += 1
        found.append(Choice(0, chosen, options))
    return found


def test_a_linear_system_is_solved() -> None:
    assert solve([[0.0, 2.0], [4.0, 1.0]], [2.0, 9.0]) == pytest.approx([2.0, 1.0])


def test_the_fit_finds_the_weights_the_choices_were_made_by() -> None:
    truth = [0.0] * SIZE
    truth[FEATURES.index("wins")], truth[FEATURES.index("ruff")] = 1.5, -1.0
    fitted = fit([chosen_by(truth, 3_000, "one archive")])
    assert fitted[FEATURES.index("wins")] == pytest.approx(1.5, abs=0.25)
    assert fitted[FEATURES.index("ruff")] == pytest.approx(-1.0, abs=0.25)
    reached = figures(chosen_by(truth, 500, "held out"), fitted)
    assert reached["at_random"] < reached["mean_log_chance"] < 0


def test_a_record_s_choices_are_read_under_its_variant() -> None:
    record = {
        "variant": "coinche",
        "contract": {"strain": "H"},
        "hands": [["AS", "7D"], ["8S", "10S"], ["9S", "9D"], ["QS", "10D"]],
        "plays": ["AS", "8S", "9S", "QS"],
    }
    found = record_choices(record)
    assert [(c.player, c.chosen, len(c.options)) for c in found] == [(0, 0, 2), (1, 0, 2)]


def test_the_committed_model_came_from_the_script() -> None:
    saved = json.loads(PLAY_MODEL_FILE.read_text())
    assert tuple(saved["weights"].values()) == PLAY_MODEL
    for archive in saved["figures"].values():
        # The model tells the card played better than a choice at random.
        assert archive["at_random"] < archive["mean_log_chance"] < 0
