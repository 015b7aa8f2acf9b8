"""Perfect play with all four hands known (double dummy): the solver as a package.

- `reference`: the search in pure Python, plainly written; the reference every faster engine
  is proven against, and what `make mutants` mutates.

Callers import the questions from here (`solve`, `judge_claim` and their result types), not
from the modules inside, so that the engine answering them can change without them.
"""

from service.rules.analysis.reference import (
    ANY,
    BEST,
    CLAIM_MODES,
    CLOCK_EVERY,
    DEFAULT_BUDGET_MS,
    MAX_BUDGET_MS,
    Claim,
    ClaimVerdict,
    MoveValue,
    Outcome,
    OutOfTime,
    Solution,
    equivalent_groups,
    judge_claim,
    solve,
)

__all__ = [
    "ANY",
    "BEST",
    "CLAIM_MODES",
    "CLOCK_EVERY",
    "DEFAULT_BUDGET_MS",
    "MAX_BUDGET_MS",
    "Claim",
    "ClaimVerdict",
    "MoveValue",
    "OutOfTime",
    "Outcome",
    "Solution",
    "equivalent_groups",
    "judge_claim",
    "solve",
]
