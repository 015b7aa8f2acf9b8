"""The bid advice's model of a deal's value estimates what the solver finds (the native core,
as the advice's `strong` level and scripts/deal_model.py search): on deals it was not fitted
on, its estimates fall around the solver's points as its error says."""

from __future__ import annotations

from random import Random

from service.rules.advice.deal_model import estimate, model
from service.rules.analysis.questions import solve_in
from service.rules.core.cards import ALL_CARDS, HAND_SIZE
from service.rules.core.seats import PLAYERS
from service.rules.variants import COINCHE
from service.rules.variants.coinche.options import DEFAULT_COINCHE_OPTIONS, MIN_BID, Contract
from service.rules.variants.coinche.replay import CoincheRecord

DEALS = 60  # 240 estimates: their mean error is known to some 1 point


def test_the_model_estimates_what_the_solver_finds() -> None:
    rng = Random("the model's test, not the script's seed")
    errors = []
    for _ in range(DEALS):
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        hands = tuple(
            tuple(sorted(deck[HAND_SIZE * s : HAND_SIZE * (s + 1)])) for s in range(PLAYERS)
        )
        dealer = rng.randrange(PLAYERS)
        leader = (dealer + 1) % PLAYERS
        for trump in range(4):
            record = CoincheRecord(dealer, Contract(leader, MIN_BID, trump), (), hands)
            solved = solve_in(COINCHE, record, DEFAULT_COINCHE_OPTIONS, 600_000, every_card=False)
            assert solved.value is not None
            team = leader % 2
            errors.append(estimate(hands, leader, trump).points[team] - solved.value.points[team])
    mean = sum(errors) / len(errors)
    spread = (sum((e - mean) ** 2 for e in errors) / len(errors)) ** 0.5
    assert abs(mean) < 3.5  # some 4 standard errors
    assert 0.7 * model().error < spread < 1.3 * model().error
