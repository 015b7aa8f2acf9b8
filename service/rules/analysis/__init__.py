"""Perfect play with all four hands known (double dummy): the solver as a package.

- `questions`: what is asked (`solve_in`, `judge_claim_in`: of a deal of either variant,
  `variants.Variant`; `solve`, `judge_claim` the classic's, `solve_coinche`,
  `judge_coinche_claim` the coinche's) and the answers' types;
- `engine`: which search answers them;
- `review`: a deal's every play against perfect play (`review_in`; `review_deal`,
  `review_coinche_deal`):
  each card's loss, label and stake, the decisive plays, a precision per seat and per team;
- `explain`: why a claim holds or fails, in a sentence, and whose card each card of a
  refutation is;
- `worlds`: one position valued in many deals of its hands (`Worlds`: every card's value in
  each, as `solve_in` gives it, the record replayed once), which the advice asks, and many
  deals valued at once on threads, in their order (`values_in_order`);
- `reference`: the search in pure Python, plainly written; the reference every faster engine
  is proven against, and what `make mutants` mutates.

Callers import the questions from here (`solve_in`, `judge_claim_in`, `explain_claim_in`,
`review_in` and each variant's, `solve`, `judge_claim`, `solve_coinche`, `judge_coinche_claim`,
`review_deal`, `review_coinche_deal`, and their result types), not from
the modules inside, so that the engine answering them can change without them.
"""

from service.rules.analysis.explain import (
    ClaimReason,
    ClaimRuling,
    LinePlay,
    explain_claim,
    explain_claim_in,
    explain_coinche_claim,
)
from service.rules.analysis.questions import (
    ANY,
    BEST,
    CLAIM_MODES,
    DEFAULT_BUDGET_MS,
    MAX_BUDGET_MS,
    Claim,
    ClaimVerdict,
    MoveValue,
    Outcome,
    Solution,
    judge_claim,
    judge_claim_in,
    judge_coinche_claim,
    solve,
    solve_coinche,
    solve_in,
)
from service.rules.analysis.reference import CLOCK_EVERY, OutOfTime, equivalent_groups
from service.rules.analysis.review import (
    LABEL_THRESHOLDS,
    LABELS,
    REVIEW_BUDGET_MS,
    REVIEW_MAX_BUDGET_MS,
    PlayReview,
    Review,
    SideTally,
    review_coinche_deal,
    review_deal,
    review_in,
)
from service.rules.analysis.worlds import Worlds, values_in_order

__all__ = [
    "ANY",
    "BEST",
    "CLAIM_MODES",
    "CLOCK_EVERY",
    "DEFAULT_BUDGET_MS",
    "LABELS",
    "LABEL_THRESHOLDS",
    "MAX_BUDGET_MS",
    "REVIEW_BUDGET_MS",
    "REVIEW_MAX_BUDGET_MS",
    "Claim",
    "ClaimReason",
    "ClaimRuling",
    "ClaimVerdict",
    "LinePlay",
    "MoveValue",
    "OutOfTime",
    "Outcome",
    "PlayReview",
    "Review",
    "SideTally",
    "Solution",
    "Worlds",
    "equivalent_groups",
    "explain_claim",
    "explain_claim_in",
    "explain_coinche_claim",
    "judge_claim",
    "judge_claim_in",
    "judge_coinche_claim",
    "review_coinche_deal",
    "review_deal",
    "review_in",
    "solve",
    "solve_coinche",
    "solve_in",
    "values_in_order",
]
