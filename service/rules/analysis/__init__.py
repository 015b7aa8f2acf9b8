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
- `dd_table`: a deal's double-dummy table (`dd_table_in`; `dd_table`, `coinche_dd_table`):
  per strain, each team's points and tricks with perfect play from the dealer's next's lead,
  what each team makes as takers, and coinche's par;
- `worlds`: one position valued in many deals of its hands (`Worlds`: every card's value in
  each, as `solve_in` gives it, the record replayed once), which the advice asks, and many
  deals valued at once on threads, in their order (`values_in_order`);
- `reference`: the search in pure Python, plainly written; the reference every faster engine
  is proven against, and what `make mutants` mutates.

Callers import from the module that answers (`questions.solve_in`, `review.review_in`...):
this package imports none of them, so that reading one module (the review's labels, the
engine's name) never loads the search (the layers' test, tests/test_layers.py).
"""
