"""Advice from one seat's view, as a package (pure, no HTTP):

- `advise`: the questions (`advise_play_in`, of a deal of either variant; `advise_play`,
  `advise_coinche_play`, each variant's; `advise_take`) and their answers' types;
- `bid`: the call to make at the coinche auction (`advise_bid`);
- `inference`: what the calls suggest about the callers' hands, a weight per sampled deal
  (`call_weights`, `pass_weights`);
- `view`: what one seat sees of a deal, the public facts, and the deals of the unseen cards
  that agree with them;
- `sampler`: those deals counted exactly and drawn uniformly;
- `seat_review`: a deal's review seen from each seat (`seat_review_deal`,
  `seat_review_coinche_deal`): each card's loss over the deals its seat could not tell
  apart, the guesses, and the thresholds GET /v1/rules states (imported from the module).

Callers import from here.
"""

from service.rules.advice.advise import (
    DEFAULT_OBJECTIVE,
    DEFAULT_SAMPLES,
    DEFAULT_SEED,
    MAX_SAMPLES,
    OBJECTIVES,
    POINTS,
    SCORE,
    TAKE_HAND_SIZE,
    Advice,
    BidAdvice,
    CardAdvice,
    CardQuestion,
    TakeAdvice,
    advise_coinche_play,
    advise_play,
    advise_play_in,
    advise_take,
    classic_card_question,
    coinche_card_question,
    holdings_in,
)
from service.rules.advice.bid import (
    CANDIDATES,
    DEFAULT_CALL_INFERENCE,
    DEFAULT_PLAY,
    PLAYS,
    advise_bid,
)
from service.rules.advice.inference import (
    CALLS,
    DEFAULT_INFERENCE,
    INFERENCES,
    NONE,
    call_weights,
    pass_weights,
)

__all__ = [
    "CALLS",
    "CANDIDATES",
    "DEFAULT_CALL_INFERENCE",
    "DEFAULT_INFERENCE",
    "DEFAULT_OBJECTIVE",
    "DEFAULT_PLAY",
    "DEFAULT_SAMPLES",
    "DEFAULT_SEED",
    "INFERENCES",
    "MAX_SAMPLES",
    "NONE",
    "OBJECTIVES",
    "PLAYS",
    "POINTS",
    "SCORE",
    "TAKE_HAND_SIZE",
    "Advice",
    "BidAdvice",
    "CardAdvice",
    "CardQuestion",
    "TakeAdvice",
    "advise_bid",
    "advise_coinche_play",
    "advise_play",
    "advise_play_in",
    "advise_take",
    "call_weights",
    "classic_card_question",
    "coinche_card_question",
    "holdings_in",
    "pass_weights",
]
