"""The figures the analyses decide by, and what `GET /rules` says of them: the search's
budgets, and the review's labels, thresholds and definitions (`describe_review`).

A module of plain values: the review and the questions read them from here, and the rules'
description reads them without loading the search.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.text.catalog import text

DEFAULT_BUDGET_MS = 2000
MAX_BUDGET_MS = 10_000
REVIEW_BUDGET_MS = 5000  # a whole review; the native engine takes a fraction of a second
REVIEW_MAX_BUDGET_MS = MAX_BUDGET_MS

BEST_CARD, INACCURACY, MISTAKE, BLUNDER, RENONCE = (
    "best",
    "inaccuracy",
    "mistake",
    "blunder",
    "renonce",
)
# The least loss of each label, the largest first (a loss of 0 is a best card's).
LABEL_THRESHOLDS = ((BLUNDER, 25), (MISTAKE, 10), (INACCURACY, 1))
LABELS = (BEST_CARD, INACCURACY, MISTAKE, BLUNDER, RENONCE)


@dataclass(frozen=True, slots=True)
class LabelDescription:
    """A label, the least loss that earns it (None: a renonce, whatever its loss)."""

    label: str
    least_loss: int | None
    description: str


@dataclass(frozen=True, slots=True)
class ReviewDescription:
    """What a review decides, as the rules' description states it."""

    default_budget_ms: int
    max_budget_ms: int
    labels: tuple[LabelDescription, ...]
    loss: str
    stake: str
    precision: str
    decisive: str
    budget: str


def describe_review(lang: str = "en") -> ReviewDescription:
    """The review's budget, labels with their thresholds, and definitions, in `lang` (the
    catalog's `analysis.review.*`)."""

    def say(key: str) -> str:
        return str(text(f"analysis.review.{key}", lang))

    least = {BEST_CARD: 0, **dict(LABEL_THRESHOLDS)}
    budget = str(text("analysis.review.budget", lang)).format(
        budget=REVIEW_BUDGET_MS, max_budget=REVIEW_MAX_BUDGET_MS
    )
    return ReviewDescription(
        REVIEW_BUDGET_MS,
        REVIEW_MAX_BUDGET_MS,
        tuple(LabelDescription(label, least.get(label), say(label)) for label in LABELS),
        say("loss"),
        say("stake"),
        say("precision"),
        say("decisive"),
        budget,
    )
