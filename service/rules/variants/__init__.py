"""The games the referee judges, each a `Variant` (`base.py`): classic belote and coinche.

As python-chess's `chess.variant` and OpenSpiel's game parameters: the shared cores (the
replay, the game's scoring, the analysis, the review, the explanation of a claim, the advice,
the table) take a variant, and each variant overrides only what its game does its own way
(its package: `classic/`, `coinche/`). `VARIANTS` names them.

>>> CLASSIC.name, COINCHE.name
('classic', 'coinche')
>>> VARIANTS["coinche"] is COINCHE
True
"""

from __future__ import annotations

from typing import Any

from service.rules.core.replay import Replay
from service.rules.variants.base import Variant, honours
from service.rules.variants.classic import CLASSIC
from service.rules.variants.coinche import COINCHE

VARIANTS: dict[str, Variant[Any, Any, Any, Any]] = {CLASSIC.name: CLASSIC, COINCHE.name: COINCHE}
"""Every variant by its name."""

Replayed = Replay[Any, Any]

__all__ = ["CLASSIC", "COINCHE", "VARIANTS", "Replayed", "Variant", "honours"]
