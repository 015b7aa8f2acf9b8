"""What `GET /rules` answers for a game: the variant's own rules (`Variant.describe`), and
beside them what the analysis and the advice decide (the review's labels and budget, the seat
view, the bid advice) and the engine answering analyses.

The top floor: it reads the variants and the analyses' policies (their figures and words, not
their searches: describing them loads no solver); nothing below reads it, and the rules'
front door (`service.rules`) does not import it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from service.rules.advice.policy import (
    BidDescription,
    SeatDescription,
    describe_bid_advice,
    describe_seat_view,
)
from service.rules.analysis.engine import ENGINE
from service.rules.analysis.policy import ReviewDescription, describe_review
from service.rules.variants import Variant


@dataclass(frozen=True, slots=True)
class Description:
    """A game's rules (its variant's description) and what the analyses beside them decide."""

    rules: Any
    analysis_engine: str
    review: ReviewDescription
    seat_view: SeatDescription
    bid_advice: BidDescription

    def answer(self) -> dict[str, Any]:
        """The variant's rules and the rest side by side, each under its name."""
        own = {field.name: getattr(self.rules, field.name) for field in fields(self.rules)}
        return {
            **own,
            "analysis_engine": self.analysis_engine,
            "review": self.review,
            "seat_view": self.seat_view,
            "bid_advice": self.bid_advice,
        }


def describe(variant: Variant[Any, Any, Any, Any], lang: str = "en") -> Description:
    """What the referee applies to `variant`'s game, in `lang`.

    >>> from service.rules.variants import COINCHE
    >>> describe(COINCHE).answer()["options"][0].name
    'sa_ta'
    """
    return Description(
        variant.describe(lang),
        ENGINE,
        describe_review(lang),
        describe_seat_view(lang),
        describe_bid_advice(lang),
    )
