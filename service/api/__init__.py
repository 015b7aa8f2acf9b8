"""The HTTP layer: one flask-smorest blueprint per resource, listed in `BLUEPRINTS`.

To add a resource, write `service/api/<resource>.py` with
`blp = Blueprint(...)` (from `service.api.blueprint`), then import it here and append it.
Coinche's auction, deals, games and rules share one blueprint, `coinche.blp` (one tag, as
before they were split): their modules are imported here so that their paths are on it.
"""

from __future__ import annotations

from service.api import (
    advice,
    analysis,
    annonces,
    bidding,
    coinche,
    coinche_bidding,  # noqa: F401 (its path is on coinche.blp)
    coinche_deals,  # noqa: F401 (its paths are on coinche.blp)
    coinche_games,  # noqa: F401 (its path is on coinche.blp)
    coinche_play,
    coinche_rules,  # noqa: F401 (its path is on coinche.blp)
    deals,
    games,
    play,
    problem_pages,
    review,
    rules,
    tricks,
    viewer,
)
from service.api.blueprint import Blueprint
from service.api.ops import blp as ops_blp

BLUEPRINTS: list[Blueprint] = [
    ops_blp,
    play.blp,
    tricks.blp,
    deals.blp,
    games.blp,
    bidding.blp,
    annonces.blp,
    rules.blp,
    coinche.blp,
    coinche_play.blp,
    viewer.blp,
    analysis.blp,
    advice.blp,
    review.blp,
    problem_pages.blp,
]
