"""A trial of a `strong` card (issue 50, item 4): the card advice reading the play.

The seat view weighs each deal of the unseen cards by how likely the other seats' cards before
the decision were with its hands (service/rules/advice/reading.py, the model of how honest
players choose a card). Would the card advice choose better over deals weighed so? This runs
bench/arena.py with one change, in its own process: a card asked with `"inference": "play"`
(a value the service does not take; this bench admits it) is advised over deals weighed by
that reading, the rest as the advice does. The arena's other options are its own; give the
reading to our seats with `--inference play`, for instance against the default card:

    python -m bench.read_card --mode play --opponent referee --their-objective score \\
        --level default --their-level default --inference play --boards 1000

Prints the arena's figures (the margin a board and its 95% interval, the time a card);
asserts nothing. Measured in docs/benchmarks.md ("Bots at a card room's speed").
"""

# ruff: noqa: E402 - the imports below need the repo root on the path first
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if not __package__:
    sys.path[0] = str(ROOT)  # as bench/engine.py: bench/http.py must not shadow http

import math
from dataclasses import replace
from typing import Any

from service.rules.advice import inference

READ = "play"
inference.INFERENCES = (*inference.INFERENCES, READ)  # before the API's schemas read it

from service.rules.advice import advise
from service.rules.advice.reading import PLAY_MODEL, plays_log_chance

plain_question = advise.card_question


def card_question(
    variant: Any,
    record: Any,
    seat: int,
    hand: Any,
    options: Any = None,
    turned: Any = None,
    objective: str = advise.DEFAULT_OBJECTIVE,
    bids: Any = (),
    asked: str = inference.DEFAULT_INFERENCE,
) -> advise.CardQuestion:
    """`advise.card_question`, each deal weighed by the reading of the play when `asked` is
    "play" (the calls then unread)."""
    reads = asked == READ
    question = plain_question(
        variant, record, seat, hand, options, turned, objective, bids,
        inference.NONE if reads else asked,
    )  # fmt: skip
    if not reads:
        return question
    strain, chosen = variant.strain(record), variant.options_or_default(options)
    plays = record.plays

    def weigh(hands: Any) -> float:
        return math.exp(plays_log_chance(PLAY_MODEL, hands, plays, seat, strain, chosen))

    return replace(question, weigh=weigh)


def main() -> None:
    advise.card_question = card_question  # type: ignore[assignment]
    from service.api import advice as api_advice

    api_advice.card_question = card_question  # type: ignore[assignment]
    from bench import arena

    arena.main(sys.argv[1:])


if __name__ == "__main__":
    main()
