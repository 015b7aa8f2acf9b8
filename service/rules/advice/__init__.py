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
  apart, and the guesses.

Callers import from the module that answers: this package imports none of them.
"""
