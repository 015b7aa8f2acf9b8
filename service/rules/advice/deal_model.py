"""A deal's value without its search: what perfect play gives each team in a suit contract,
estimated from the four hands.

The bid advice values each deal it samples in each strain a call could play. A search gives
the exact figure in about 3 ms a strain; this model gives an estimate in some 20 µs: a
linear function of the deal's `features`, fitted by least squares to the solver's own
answers on deals drawn from a stated seed (`scripts/deal_model.py`, which writes the weights
and the figures they reached into `deal_model.json`, committed beside this module; nothing
is fetched at run time). Its error on deals it was not fitted on (`Model.error`, a standard
deviation in card points) is part of the spread the advice allows around the estimate.

The features, for a trump suit and the seats in the order they play the first trick (the
dealer's next first, `PLACES`):

- which trumps each place holds (8 a place), how many cards of each rank it holds outside
  trump, its trump length (0 to 5 or more);
- its plain voids, singletons and doubletons, those times its trump length (ruffs), its
  plain aces backed by their ten and tens without their ace in a short suit, its trump
  length times its plain aces and times its partner's, its longest plain suit, whether it
  holds the jack and 9 of trump together;
- for the first team (first and third to play): its trumps times the other team's, the
  longest trump holding of each team, its trump count (0 to 8), whether it holds the jack,
  the 9, both, and each times its trump count.

The estimate is the first team's card points (dix de der in: 0 to 162); the other team has
the rest. Perfect play makes a capot often (about one deal in ten by a team holding most of
the strength): a team whose estimate reaches `Model.capot_from` is taken to win every trick.
Sans-atout and tout-atout have no trump suit and are searched, not estimated.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import NamedTuple

from service.rules.core.cards import DEAL_POINTS, JACK, NINE, TEN, Card
from service.rules.core.seats import PLAYERS, Seat, Team

WEIGHTS_FILE = Path(__file__).with_name("deal_model.json")
SUITS = 4
RANKS = 8
SHORT = 2  # a plain suit this short or shorter: a ten in it without its ace may fall
LONGEST_TRUMP = 5  # trump lengths from 5 up are one feature
ACE = 7
# Where each group of features starts (FEATURES in all).
TRUMPS_AT = 0  # place x 8 + rank: the trumps each place holds
PLAIN_AT = TRUMPS_AT + PLAYERS * RANKS  # place x 8 + rank: its plain cards of each rank
LENGTH_AT = PLAIN_AT + PLAYERS * RANKS  # place x 6 + length
SHAPE_AT = LENGTH_AT + PLAYERS * (LONGEST_TRUMP + 1)  # place x 3: voids, singletons, doubletons
RUFFS_AT = SHAPE_AT + PLAYERS * 3  # place x 2: voids and singletons times trump length
HONOURS_AT = RUFFS_AT + PLAYERS * 2  # place x 2: aces with their ten, short tens without
ACES_AT = HONOURS_AT + PLAYERS * 2  # place: trump length times plain aces
TEAM_AT = ACES_AT + PLAYERS  # trumps x trumps, each team's longest trump holding
BIAS_AT = TEAM_AT + 3
COUNT_AT = BIAS_AT + 1  # the first team's trumps, 0 to 8
PAIR_AT = COUNT_AT + RANKS + 1  # place: jack and 9 together
LONG_AT = PAIR_AT + PLAYERS  # place: longest plain suit
SUPPORT_AT = LONG_AT + PLAYERS  # place: trump length times the partner's plain aces
MASTERS_AT = SUPPORT_AT + PLAYERS  # jack and 9, jack x trumps, 9 x trumps (first team)
FEATURES = MASTERS_AT + 3


def features(hands: Sequence[Sequence[Card]], leader: Seat, trump: int) -> list[float]:
    """The deal's features (module docstring) with `trump` as trump, `leader` first to play."""
    found = [0.0] * FEATURES
    counts = [[0] * SUITS for _ in range(PLAYERS)]
    held = [[0] * SUITS for _ in range(PLAYERS)]  # a place's ranks in a suit, as bits
    for seat, hand in enumerate(hands):
        place = (seat - leader) % PLAYERS
        for card in hand:
            suit, rank = card >> 3, card & 7
            counts[place][suit] += 1
            held[place][suit] |= 1 << rank
            at = TRUMPS_AT if suit == trump else PLAIN_AT
            found[at + place * RANKS + rank] += 1
    lengths = [counts[place][trump] for place in range(PLAYERS)]
    aces = [0] * PLAYERS
    for place in range(PLAYERS):
        length = lengths[place]
        found[LENGTH_AT + place * (LONGEST_TRUMP + 1) + min(length, LONGEST_TRUMP)] = 1.0
        shape = [0, 0, 0]
        backed = bare = longest = 0
        for suit in range(SUITS):
            if suit == trump:
                continue
            count, ranks = counts[place][suit], held[place][suit]
            if count <= SHORT:
                shape[count] += 1
            ace, ten = ranks >> ACE & 1, ranks >> TEN & 1
            backed += ace & ten
            bare += ten and not ace and count <= SHORT
            aces[place] += ace
            longest = max(longest, count)
        found[SHAPE_AT + place * 3 : SHAPE_AT + place * 3 + 3] = shape
        found[RUFFS_AT + place * 2] = shape[0] * length
        found[RUFFS_AT + place * 2 + 1] = shape[1] * length
        found[HONOURS_AT + place * 2] = backed
        found[HONOURS_AT + place * 2 + 1] = bare
        found[ACES_AT + place] = length * aces[place]
        trumps = held[place][trump]
        found[PAIR_AT + place] = trumps >> JACK & trumps >> NINE & 1
        found[LONG_AT + place] = longest
    for place in range(PLAYERS):
        found[SUPPORT_AT + place] = lengths[place] * aces[(place + 2) % PLAYERS]
    first, second = lengths[0] + lengths[2], lengths[1] + lengths[3]
    found[TEAM_AT] = first * second
    found[TEAM_AT + 1] = max(lengths[0], lengths[2])
    found[TEAM_AT + 2] = max(lengths[1], lengths[3])
    found[BIAS_AT] = 1.0
    found[COUNT_AT + first] = 1.0
    ours = held[0][trump] | held[2][trump]
    jack, nine = ours >> JACK & 1, ours >> NINE & 1
    found[MASTERS_AT:] = [jack * nine, jack * first, nine * first]
    return found


class Model(NamedTuple):
    """The fitted model: a weight per feature, its error on deals it was not fitted on (card
    points, a standard deviation), the estimate from which a team is taken to win every
    trick, and how it was made (`scripts/deal_model.py`)."""

    weights: tuple[float, ...]
    error: float
    capot_from: int
    made: dict[str, object]


@cache
def model() -> Model:
    """The committed model (`deal_model.json`)."""
    saved = json.loads(WEIGHTS_FILE.read_text())
    weights = tuple(float(w) for w in saved["weights"])
    if len(weights) != FEATURES:
        raise ValueError(f"{WEIGHTS_FILE.name} has {len(weights)} weights for {FEATURES} features")
    return Model(weights, float(saved["error"]), int(saved["capot_from"]), saved["made"])


class Estimate(NamedTuple):
    """A deal's estimated end by perfect play: each team's card points (162 in all) and the
    team taken to win every trick (None: no capot)."""

    points: tuple[int, int]
    capot: int | None


def estimate(hands: Sequence[Sequence[Card]], leader: Seat, trump: int) -> Estimate:
    """What perfect play gives each team with `trump` as trump, `leader` first to play."""
    fitted = model()
    found = features(hands, leader, trump)
    weights = fitted.weights
    value = sum(weights[at] * x for at, x in enumerate(found) if x)
    first = min(DEAL_POINTS, max(0, round(value)))
    team = leader % 2
    points = (first, DEAL_POINTS - first) if team == 0 else (DEAL_POINTS - first, first)
    capot = None
    if first >= fitted.capot_from:
        capot = team
    elif DEAL_POINTS - first >= fitted.capot_from:
        capot = 1 - team
    return Estimate(points, capot)


# A spread around an expected end is met at three points (Gauss-Hermite): (its multiple, the
# weight of its score, in sixths: whole numbers, so that a contract made at all three is made
# 1, not 0.999...).
SPREAD_POINTS = ((-(3**0.5), 1), (0.0, 4), (3**0.5, 1))


def spread_ends(
    expected: float, spread: float, takers: Team, capot: Team | None
) -> list[tuple[int, tuple[int, int], Team | None]]:
    """The ends of a deal whose takers expect `expected` card points, give or take `spread`:
    for each of `SPREAD_POINTS`, its weight (in sixths), each team's card points (the
    takers' rounded, within 0 and 162) and the capot: `capot`'s, where its team has all 162."""
    found = []
    for multiple, weight in SPREAD_POINTS:
        taken = min(DEAL_POINTS, max(0, round(expected + multiple * spread)))
        points = (taken, DEAL_POINTS - taken) if takers == 0 else (DEAL_POINTS - taken, taken)
        found.append(
            (weight, points, capot if capot is not None and points[capot] == DEAL_POINTS else None)
        )
    return found
