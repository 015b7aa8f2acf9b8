"""Deals of the unseen cards, counted exactly and drawn uniformly.

What one seat does not see is a constrained assignment: each unseen card goes to one of the
seats allowed to hold it (`Constraints.allowed`, a mask of seats), and each seat receives
exactly its number of cards (`sizes`). Cards allowed the same seats are interchangeable for
counting, so the cards fall into at most 2^4 kinds, and the number of deals is a sum over how
many cards of each kind each seat receives (a few hundred capacity states at most) of products
of multinomials. `Deals` counts them exactly, as a Python int, and numbers them: `deal(r)` is
a bijection from `range(count)` onto the consistent deals (unranking, kind by kind, then which
cards of a kind go to which seat). Drawing `r` uniformly therefore draws a deal uniformly,
with no rejection to starve on; and when the deals are fewer than the samples asked, every one
of them is taken once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from math import comb
from random import Random

from service.rules.core.cards import Card, Mask
from service.rules.core.seats import PLAYERS, Seat

Hands = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class Constraints:
    """Unseen `cards`, for each the seats that may hold it (`allowed`, bit s for seat s), and
    how many of them each seat receives (`sizes`, 0 for the seat that sees its own hand)."""

    cards: tuple[Card, ...]
    allowed: tuple[Mask, ...]  # of seats, not cards
    sizes: tuple[int, ...]


def _seats(mask: int) -> tuple[Seat, ...]:
    return tuple(seat for seat in range(PLAYERS) if mask >> seat & 1)


def _splits(total: int, capacities: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to put `total` cards on places of these `capacities`, in lexicographic order:
    the last place takes what the others leave."""
    if not capacities:
        return  # cards no seat may hold: no way
    if len(capacities) == 1:
        if total <= capacities[0]:
            yield (total,)
        return
    for first in range(min(total, capacities[0]) + 1):
        for rest in _splits(total - first, capacities[1:]):
            yield (first, *rest)


def _multinomial(split: Sequence[int]) -> int:
    """The ways to share `sum(split)` distinct cards into places of these sizes."""
    ways, left = 1, sum(split)
    for part in split:
        ways *= comb(left, part)
        left -= part
    return ways


def _combination(items: Sequence[Card], size: int, rank: int) -> tuple[list[Card], list[Card]]:
    """The `rank`-th (from 0) subset of `size` of `items`, in lexicographic order of places,
    and the items left out, each in the order of `items`."""
    chosen: list[Card] = []
    rest: list[Card] = []
    left = len(items)
    for item in items:
        left -= 1
        with_it = comb(left, size - 1) if size else 0  # the subsets that take `item`
        if rank < with_it:
            chosen.append(item)
            size -= 1
        else:
            rank -= with_it
            rest.append(item)
    return chosen, rest


class Deals:
    """The deals of `constraints`' cards that honour them: `count`, and `deal(r)` for each
    `r` in `range(count)`, every consistent deal once."""

    def __init__(self, constraints: Constraints) -> None:
        by_kind: dict[int, list[Card]] = {}
        for place, card in enumerate(constraints.cards):
            by_kind.setdefault(constraints.allowed[place], []).append(card)
        self.kinds = tuple(sorted((mask, tuple(cards)) for mask, cards in by_kind.items()))
        self._kind_seats = tuple(_seats(mask) for mask, _ in self.kinds)
        self.sizes = tuple(constraints.sizes)
        self._count = cache(self._completions)
        self._walk = cache(self._blocks)
        self.count = self._count(0, self.sizes)

    def _options(
        self, kind: int, room: tuple[int, ...]
    ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
        """For the cards of kind `kind`, each way to split them among its seats given the
        seats' `room`, with the room left after it."""
        mask, cards = self.kinds[kind]
        seats = _seats(mask)
        for split in _splits(len(cards), [room[seat] for seat in seats]):
            left = list(room)
            for place, seat in enumerate(seats):
                left[seat] -= split[place]
            yield split, tuple(left)

    def _completions(self, kind: int, room: tuple[int, ...]) -> int:
        """The deals of the cards of kinds `kind` on, given each seat's `room`."""
        if kind == len(self.kinds):
            return 1 if not any(room) else 0
        return sum(
            _multinomial(split) * self._count(kind + 1, left)
            for split, left in self._options(kind, room)
        )

    def _blocks(
        self, kind: int, room: tuple[int, ...]
    ) -> tuple[tuple[tuple[int, ...], tuple[int, ...], int, int], ...]:
        """Each of `_options`, with the deals of the kinds after it (`rest`) and of the block
        of ranks it begins (its ways times `rest`): what `deal` walks, kept from deal to
        deal (an advice draws dozens)."""
        blocks = []
        for split, left in self._options(kind, room):
            rest = self._count(kind + 1, left)
            blocks.append((split, left, rest, _multinomial(split) * rest))
        return tuple(blocks)

    def deal(self, rank: int) -> Hands:
        """The `rank`-th consistent deal: each seat's unseen cards, in card order."""
        if not 0 <= rank < self.count:
            raise IndexError(rank)
        hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
        room = self.sizes
        for kind, (_, cards) in enumerate(self.kinds):
            blocks, block = self._walk(kind, room), 0
            while rank >= blocks[block][3]:  # to the block of ranks `rank` falls in
                rank -= blocks[block][3]
                block += 1
            split, left, rest, _ = blocks[block]
            within, rank = divmod(rank, rest)
            remaining: Sequence[Card] = cards
            *firsts, last = self._kind_seats[kind]
            for place, seat in enumerate(firsts):
                within, index = divmod(within, comb(len(remaining), split[place]))
                chosen, remaining = _combination(remaining, split[place], index)
                hands[seat] += chosen
            hands[last] += remaining  # the last seat takes what is left, in one way
            room = left
        return tuple(tuple(sorted(hand)) for hand in hands)

    def ranks(self, samples: int, rng: Random) -> list[int]:
        """`samples` distinct ranks drawn uniformly with `rng`, or every rank in order when
        there are no more deals than that."""
        if self.count <= samples:
            return list(range(self.count))
        return rng.sample(range(self.count), samples)
