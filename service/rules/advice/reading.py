"""What the other seats' cards tell a seat: how likely their plays were with a deal's hands.

A strong player reads the play, not only the voids: a defender who followed with the 7 when
the ace would have taken the trick probably holds no ace; a partner who put the 10 on a
trick its side was winning meant to. The seat view weighs each deal of the unseen cards by
how likely the other seats' plays were with that deal's hands, as the auction's calls weigh
it (`inference.call_weights`).

How likely a play was is a model of how honest players choose a card among their legal ones
(a conditional logit, as a discrete choice is modelled): each legal card scores the weighted
sum of its `FEATURES`, and a card is chosen with the chance `e^score / sum of e^score` over
the legal cards. The weights are fitted by maximum likelihood on the plays of honest archives
(scripts/fit_play_model.py: the referee's bots and colver's IS-DD bots, each archive weighing
the same), and kept with the figures the fit reached in `play_model.json`.

A deal's weight is the product of the chances of every play before the decision made by a
seat other than the one deciding, with more than one legal card in that deal's hands (a
forced card tells nothing; nor does a renonce, which no legal choice explains; nor does the
seat's own play, its hand being the same in every deal).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Sequence
from operator import mul
from pathlib import Path
from typing import NamedTuple

from service.rules.core.cards import CARD_PLAIN_STRENGTH, CARD_TRUMP_STRENGTH, Card
from service.rules.core.play import PlayOptions, legal_cards, trick_winner
from service.rules.core.strains import TOUT_ATOUT, Strain, card_values

# What a legal card is, to the player choosing it (`card_features`, in this order):
FEATURES = (
    "trump",  # a card of the trump suit
    "points",  # its points under the strain, in tens
    "wins",  # it takes the trick as it stands (leading: it is the master of its suit)
    "lead_master",  # it leads, the master of its suit
    "lead_trump",  # it leads a trump
    "charge",  # its points, on a trick the partner is winning
    "win_points",  # its points, when it takes the trick as it stands (following)
    "last_wins",  # played fourth, it takes the trick
    "highest",  # the highest the hand holds of its suit
    "lowest",  # the lowest the hand holds of its suit
    "suit_length",  # how many of its suit the hand holds, in eighths
    "master",  # no card of its suit above it is still held by another seat
    "lead_highest",  # it leads, the highest the hand holds of its suit
    "discard_points",  # its points, neither following nor trumping
    "ruff",  # a trump on a plain suit led
)
PLAY_MODEL_FILE = Path(__file__).with_name("play_model.json")
Features = tuple[float, ...]


def _strength(card: int, strain: Strain) -> int:
    """The card's order in its suit under `strain` (a trump's, or a plain card's)."""
    if strain == TOUT_ATOUT or card >> 3 == strain:
        return CARD_TRUMP_STRENGTH[card]
    return CARD_PLAIN_STRENGTH[card]


def card_features(
    card: Card,
    hand: Sequence[Card],
    trick: Sequence[int],
    strain: Strain,
    gone: frozenset[int] | set[int],
) -> Features:
    """`card`'s `FEATURES` as its player (holding `hand`, `card` among it) sees it, played to
    `trick` (the cards before it, none when it leads) under `strain`, the cards of `gone`
    played before this trick's."""
    suit = card >> 3
    points = card_values(strain).points[card] / 10
    strength = _strength(card, strain)
    trump = 1.0 if suit == strain else 0.0
    same = [held for held in hand if held >> 3 == suit]
    highest = 1.0 if all(_strength(held, strain) <= strength for held in same) else 0.0
    lowest = 1.0 if all(_strength(held, strain) >= strength for held in same) else 0.0
    master = 1.0
    for other in range(suit * 8, suit * 8 + 8):
        above = _strength(other, strain) > strength
        if above and other not in gone and other not in trick and other not in hand:
            master = 0.0
    length = len(same) / 8
    if not trick:
        return (
            trump, points, master, master, trump, 0.0, 0.0, 0.0,
            highest, lowest, length, master, highest, 0.0, 0.0,
        )  # fmt: skip
    wins = 1.0 if trick_winner([*trick, card], strain) == len(trick) else 0.0
    partner = len(trick) >= 2 and trick_winner(trick, strain) == len(trick) - 2
    followed = suit == trick[0] >> 3
    return (
        trump,
        points,
        wins,
        0.0,
        0.0,
        points if partner else 0.0,
        wins * points,
        wins if len(trick) == 3 else 0.0,
        highest,
        lowest,
        length,
        master,
        0.0,
        points if not followed and not trump else 0.0,
        1.0 if not followed and trump else 0.0,
    )


class Choice(NamedTuple):
    """A play with more than one legal card: its `player`, the place of the card played among
    its legal cards (`chosen`), and each legal card's features (`options`, in the hand's
    order)."""

    player: int
    chosen: int
    options: tuple[Features, ...]


def choices(
    dealt: Sequence[Sequence[Card]],
    plays: Sequence[Card],
    strain: Strain,
    options: PlayOptions,
    skip: int | None = None,
) -> Iterator[Choice]:
    """The choices of the `plays` (in order, from the deal's first lead) with the hands `dealt`
    (every card played among them): each play with more than one legal card under `options`
    but for the plays of `skip` and the renonces (no legal choice explains one)."""
    owner = {card: holder for holder, hand in enumerate(dealt) for card in hand}
    held = [list(hand) for hand in dealt]
    gone: set[int] = set()
    trick: list[Card] = []
    for card in plays:
        player = owner[card]
        if player != skip:
            legal = legal_cards(held[player], trick, strain, options)
            if len(legal) > 1 and card in legal:
                hand = held[player]
                features = tuple(card_features(c, hand, trick, strain, gone) for c in legal)
                yield Choice(player, legal.index(card), features)
        held[player].remove(card)
        trick.append(card)
        if len(trick) == 4:
            gone.update(trick)
            trick = []


def log_chance(weights: Sequence[float], choice: Choice) -> float:
    """The log of the chance the model (`weights`, one per feature) gives the card chosen."""
    scores = [sum(map(mul, weights, features)) for features in choice.options]
    top = max(scores)
    return scores[choice.chosen] - top - math.log(sum(math.exp(s - top) for s in scores))


def plays_log_chance(
    weights: Sequence[float],
    dealt: Sequence[Sequence[Card]],
    plays: Sequence[Card],
    seat: int,
    strain: Strain,
    options: PlayOptions,
) -> float:
    """The log of how likely the `plays` were with the hands `dealt`, by the model `weights`,
    read from `seat`: the sum of the `log_chance` of each of the other seats' `choices`."""
    return sum(log_chance(weights, c) for c in choices(dealt, plays, strain, options, seat))


_SAVED = json.loads(PLAY_MODEL_FILE.read_text())["weights"]
PLAY_MODEL: tuple[float, ...] = tuple(float(_SAVED[name]) for name in FEATURES)
"""The committed model's weights, in the order of `FEATURES`."""
