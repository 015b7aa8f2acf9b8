"""The reference search: alpha-beta on the cards still to play, in pure Python, plainly written.

It is what every faster engine is proven against (the same answers on every position) and what
`make mutants` mutates. The questions (`questions.py`) drive it through the methods of `Search`.
It plays under any strain (a trump suit, sans-atout, tout-atout) and counts any per-card points
(coinche's, scaled ones in their own unit): the strain and the points are the search's.

The search is asked only zero-window questions ("does the counted team end with at least
`beta`?"), fail-soft so that each answer also bounds the value, and driven by MTD(f) until the
bounds meet. What makes it fast enough in pure Python:

- the positions between tricks go into a transposition table keyed on the cards still held (one
  32-bit mask: the hands are fixed, so it says who holds what), the leader and, when a capot
  changes the value, which team has won every trick so far; it keeps the bounds each question
  proved, and every later question (MTD(f)'s next probe, the next card's value, the line) reuses
  them;
- cards of one hand with equal points and no card still out between them in their suit's order
  win the same tricks and give the same points: one of them is tried (`_groups`);
- bounds at each trick before any search: nothing or everything of the cards out, the trumps
  one team holds above all of the other's (`_top_trumps`, under a trump suit only), the
  tricks the leader takes for sure (`_sure`);
- a trick's cards are tried in an order that finds cut-offs early (`_ordered`), the lead that
  decided a position last time first;
- the last trick is counted, not searched.

The clock is read every `CLOCK_EVERY` nodes; past the deadline the search raises `OutOfTime`,
and `Search.bounds` holds what `value` had proved.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from time import perf_counter
from typing import NamedTuple

from service.rules.core.cards import (
    CARD_PLAIN_STRENGTH,
    CARD_TRUMP_STRENGTH,
    DECK_SIZE,
    LAST_TRICK_BONUS,
    STRONGER_PLAIN,
    STRONGER_TRUMPS,
    SUIT_MASKS,
    Card,
    mask_of,
)
from service.rules.core.play import PlayOptions, obligation_of_mask, trick_winner
from service.rules.core.seats import (
    PLAYERS,
    SEAT_TEAMS,
    TURN_ORDER,
    Seat,
    Team,
    other_team,
    seat_after,
    team_of,
)
from service.rules.core.strains import SANS_ATOUT, TOUT_ATOUT, Strain, card_values

CLOCK_EVERY = 1024  # nodes between two readings of the clock
# Beyond every gain, whatever the unit (search.h's limits: under 5,000,000): a node's first
# card always replaces it as the best so far.
BEYOND = 1 << 30

# Sweep states: which team has won every trick so far (a capot in the making).
MIXED, NO_TRICK = 0, 3  # 1 + team: that team has won every trick so far


def swept(team: Team) -> int:
    return 1 + team


class OutOfTime(Exception):
    """The budget ran out in the middle of a search."""


# --- equivalent cards --------------------------------------------------------------------------


def _in_trump_order(suit: int, strain: Strain) -> bool:
    """Whether `suit` ranks in trump order under `strain`: the trump suit, every suit under
    TA, none under SA (whose strain no suit equals)."""
    return suit == strain or strain == TOUT_ATOUT


def _suit_order(suit: int, strain: Strain) -> tuple[Card, ...]:
    """The cards of `suit` from the weakest to the strongest under `strain`. (Not cached, as
    nothing that decides a rule here: each search makes its own, so that every test reaches
    it and `make mutants` mutates it.)"""
    strength = CARD_TRUMP_STRENGTH if _in_trump_order(suit, strain) else CARD_PLAIN_STRENGTH
    return tuple(sorted((Card(suit * 8 + rank) for rank in range(8)), key=strength.__getitem__))


@cache
def _groups(
    order: tuple[Card, ...], points: tuple[int, ...], out: int, legal: int
) -> tuple[tuple[Card, ...], ...]:
    """The legal cards of one suit (`legal`, a mask) in groups that play as one card: equal
    `points` (the suit's, by rank) and no card still `out` between them in the suit's `order`
    (`_suit_order`). Weakest group first."""
    groups: list[list[Card]] = []
    previous: Card | None = None  # the last card still out, walking up the suit
    for card in order:
        if not out >> card & 1:
            continue
        if legal >> card & 1:
            if (
                previous is not None
                and legal >> previous & 1
                and points[card & 7] == points[previous & 7]
            ):
                groups[-1].append(card)
            else:
                groups.append([card])
        previous = card
    return tuple(tuple(group) for group in groups)


@cache
def _firsts(
    order: tuple[Card, ...], points: tuple[int, ...], out: int, legal: int
) -> tuple[Card, ...]:
    """The first card of each of `_groups`: the cards the search tries."""
    return tuple(group[0] for group in _groups(order, points, out, legal))


def _by_suit(points: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Per suit, the points of its cards by rank."""
    return tuple(tuple(points[suit * 8 : suit * 8 + 8]) for suit in range(4))


def equivalent_groups(
    legal: int, out: int, strain: Strain, points: Sequence[int] | None = None
) -> tuple[tuple[Card, ...], ...]:
    """`legal` (a mask) in groups of cards that play as one under `strain`, given the cards
    still `out` (in hands or on the table) and the `points` of each card (None: the strain's,
    `cards.card_values`): every card of a group has the value of the group's first."""
    by_suit = _by_suit(card_values(strain).points if points is None else points)
    return tuple(
        group
        for suit in range(4)
        if legal & SUIT_MASKS[suit]
        for group in _groups(
            _suit_order(suit, strain),
            by_suit[suit],
            out & SUIT_MASKS[suit],
            legal & SUIT_MASKS[suit],
        )
    )


# --- the search --------------------------------------------------------------------------------


class State(NamedTuple):
    """A position: the cards each seat still holds (masks), the leader of the trick on the
    table and its cards, and the sweep state."""

    hands: tuple[int, int, int, int]
    leader: int
    trick: tuple[Card, ...]
    sweep: int


@cache
def _suit_points(points: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per suit, the `points` of each set of its cards (8 bits, by rank)."""
    return tuple(
        tuple(sum(points[suit * 8 + r] for r in range(8) if held >> r & 1) for held in range(256))
        for suit in range(4)
    )


def _stronger(strain: Strain) -> tuple[int, ...]:
    """Per card, the cards of its suit that beat it under `strain` (each search makes its
    own, as `_suit_order`)."""
    return tuple(
        STRONGER_TRUMPS[card] if _in_trump_order(card >> 3, strain) else STRONGER_PLAIN[card]
        for card in range(DECK_SIZE)
    )


ALL_CARDS_MASK = (1 << DECK_SIZE) - 1


def seat_to_move(state: State) -> Seat:
    """The seat to move."""
    return seat_after(state.leader, len(state.trick))


# The search in parts, each a class over the one before: the objective (what a search counts,
# and the tables it reads), the bounds, the move ordering, the tree (the alpha-beta, with its
# transposition table at each trick's start) and the driver, `Search`, on whole states.


class _Objective:
    """What one search counts and for whom (`Search` says what each argument means), and
    the tables it reads: the strain's suit orders, each card's stronger cards, the trumps.
    Its methods count: a trick's gain, the capot bonus at the end, the points of cards."""

    def __init__(
        self,
        strain: Strain,
        options: PlayOptions,
        team: Team,
        maximizer: Team | None,
        count_tricks: bool,
        bonus: int,
        deadline: float,
        points: Sequence[int] | None = None,
        last_bonus: int = LAST_TRICK_BONUS,
    ) -> None:
        self.strain, self.options, self.team = strain, options, team
        self.maximizer = -1 if maximizer is None else maximizer
        self.count_tricks, self.bonus, self.deadline = count_tricks, bonus, deadline
        self.points = tuple(card_values(strain).points if points is None else points)
        self.last_bonus = last_bonus
        self.table: dict[int, tuple[int, int, int]] = {}  # key: (lo, hi, lead)
        self.nodes = 0
        self.hands = [0, 0, 0, 0]
        self.suit_points = _suit_points(self.points)
        self.rank_points = _by_suit(self.points)
        self.orders = tuple(_suit_order(suit, strain) for suit in range(4))
        self.stronger = _stronger(strain)
        trump_suit = strain < SANS_ATOUT
        self.trump_mask = SUIT_MASKS[strain] if trump_suit else 0
        # The trumps, the strongest first (none under SA and TA).
        self.trumps_down = self.orders[strain][::-1] if trump_suit else ()
        self.holder = [0] * DECK_SIZE  # per card still held, the team holding it
        # Per card seen in a hand: its seat + 1 when last seen (0: never). A card in another
        # seat's hand is another deal, whose positions the table's keys (the cards out) do
        # not tell apart: the table is emptied (as the C search's `load`).
        self.owner = [0] * DECK_SIZE

    def _gain(self, trick: Sequence[int], winner: Seat, last: bool) -> int:
        if SEAT_TEAMS[winner] != self.team:
            return 0
        if self.count_tricks:
            return 1
        points = self.points
        won = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
        return won + self.last_bonus if last else won

    @staticmethod
    def _next_sweep(sweep: int, team: Team) -> int:
        if sweep == NO_TRICK or sweep == swept(team):
            return swept(team)
        return MIXED

    def _end(self, sweep: int) -> int:
        """The gain after the last trick: the capot bonus, for or against."""
        if sweep == swept(self.team):
            return self.bonus
        if sweep == swept(other_team(self.team)):
            return -self.bonus
        return 0

    def _points_of(self, cards: int) -> int:
        points = self.suit_points
        return (
            points[0][cards & 0xFF]
            + points[1][cards >> 8 & 0xFF]
            + points[2][cards >> 16 & 0xFF]
            + points[3][cards >> 24]
        )


class _Bounds(_Objective):
    """The bounds: what the future gain can be at least and at most at a trick's start,
    before any search, from the cards still out and who holds them."""

    def _bounds_of(self, out: int, sweep: int) -> tuple[int, int]:
        """What the future gain can be at most and at least, from the cards `out` alone:
        nothing or everything, a capot either way while it can still happen."""
        if self.count_tricks:
            return 0, (out.bit_count() + PLAYERS - 1) // PLAYERS
        total = self._points_of(out) + self.last_bonus
        lo = -self.bonus if sweep == NO_TRICK or sweep == swept(other_team(self.team)) else 0
        hi = total + self.bonus if sweep == NO_TRICK or sweep == swept(self.team) else total
        return lo, hi

    def _top_trumps(self, out: int, lo: int, hi: int) -> tuple[int, int]:
        """`lo` and `hi` tightened by the trumps one team holds above every trump of the
        other: each wins its trick, or falls in a trick its partner wins with a higher one, so
        their points are that team's, in at least one trick for two of them. This holds
        however anyone plays: it is what cuts mode "any" (5 to 12 times fewer positions for a
        claim with 5 tricks left), where every seat plays against the claim."""
        holder = self.holder
        run, team = 0, -1
        for card in self.trumps_down:
            if out >> card & 1:
                if team < 0:
                    team = holder[card]
                elif holder[card] != team:
                    break
                run |= 1 << card
        if not run:
            return lo, hi
        if self.count_tricks:
            won, most = (run.bit_count() + 1) // 2, out.bit_count() // PLAYERS
        else:
            won, most = self._points_of(run), self._points_of(out) + self.last_bonus
        if team == self.team:
            return max(lo, won), hi
        return lo, min(hi, most - won)  # The team loses a trick: no capot for it.

    def _sure(self, leader: Seat, out: int, lo: int, hi: int) -> tuple[int, int]:
        """`lo` and `hi` tightened by the tricks the leader can take for sure: each of his
        trumps above every other trump still out, led in turn, and once those have drawn the
        others' trumps, each of his plain cards above every other card still out in its suit.
        (Only the cards he wins count, at their points, and he may not play them when his
        team plays against itself, mode "any": then only when every card he holds wins.)"""
        hands, trumps, stronger = self.hands, self.trump_mask, self.stronger
        mine = hands[leader]
        others = out & ~mine
        masters = 0
        rest = mine
        while rest:
            card = rest & -rest
            rest ^= card
            if not stronger[card.bit_length() - 1] & others:
                masters |= card
        sure = masters & trumps
        drawn = sure.bit_count()
        if all((hands[s] & trumps).bit_count() <= drawn for s in range(PLAYERS) if s != leader):
            sure = masters
        side = SEAT_TEAMS[leader]
        for_itself = side != self.team or side == self.maximizer
        if sure == mine and (for_itself or not others & trumps):
            return (hi, hi) if side == self.team else (lo, lo)  # every trick
        if not sure or not for_itself:
            return lo, hi
        won = sure.bit_count() if self.count_tricks else self._points_of(sure)
        if side == self.team:
            return max(lo, won), hi
        # The team loses a trick: no capot for it, and at most what the others leave.
        most = mine.bit_count() if self.count_tricks else self._points_of(out) + self.last_bonus
        return lo, min(hi, most - won)


class _Ordering(_Bounds):
    """The move ordering: which cards of the seat to move are tried, and in what order."""

    def _beaten(self, trick: Sequence[int], win: int) -> int:
        """The cards that would take the trick from its winning card `trick[win]` (any card
        when the trick is empty): a stronger card of its suit, or any trump over a plain card."""
        if not trick:
            return ALL_CARDS_MASK
        top = trick[win]
        return self.stronger[top] | (0 if top >> 3 == self.strain else self.trump_mask)

    def _ordered(
        self, legal: int, out: int, trick: Sequence[int], win: int, beaten: int
    ) -> list[Card]:
        """One card per group of equivalent cards, the likely best first (measured on the
        benchmark's deals: a fifth fewer nodes than the strongest cards first).

        Leading: the masters (no card still out above them in their suit), the most points
        first, then the others, the fewest points first. Following while the partner wins the
        trick: the most points first from the last seat, else the fewest. Otherwise the cards
        that take the trick (`beaten`), the weakest first, then the others, the fewest points
        first."""
        orders, rank_points = self.orders, self.rank_points
        cards: list[Card] = []
        for suit, mask in enumerate(SUIT_MASKS):
            if legal & mask:
                cards += _firsts(orders[suit], rank_points[suit], out & mask, legal & mask)
        if len(cards) == 1:
            return cards
        points = self.points
        if not trick:
            stronger = self.stronger
            masters = [c for c in cards if not stronger[c] & out]
            masters.sort(key=points.__getitem__, reverse=True)
            return masters + sorted((c for c in cards if stronger[c] & out), key=points.__getitem__)
        if (len(trick) - win) % 2 == 0:  # the partner is winning
            return sorted(cards, key=points.__getitem__, reverse=len(trick) == PLAYERS - 1)
        beats = [c for c in cards if beaten >> c & 1]
        return beats + sorted((c for c in cards if not beaten >> c & 1), key=points.__getitem__)


class _Tree(_Ordering):
    """The alpha-beta on the cards still held (`self.hands`, played and taken back in
    place): `_between` at a trick's start, where the transposition table is read and written,
    `_inside` for each card of a trick, and the last trick counted, not searched."""

    def _between(self, leader: Seat, sweep: int, beta: int) -> int:
        """A trick to lead: the table's bounds first, then the search."""
        hands = self.hands
        out = hands[0] | hands[1] | hands[2] | hands[3]
        if not out:
            return self._end(sweep)
        if out.bit_count() == PLAYERS:
            return self._last_trick(leader, sweep)
        key = out | leader << 32 | sweep << 34 if self.bonus else out | leader << 32
        known = self.table.get(key)
        if known is not None:
            lo, hi, first = known
        else:
            lo, hi = self._sure(leader, out, *self._top_trumps(out, *self._bounds_of(out, sweep)))
            first = -1
        if lo >= beta:
            return lo
        if hi < beta:
            return hi
        g = self._inside(leader, (), out, sweep, beta, 0, first)
        if g >= beta:
            lo = g
        else:
            hi = g
        self.table[key] = (lo, hi, self.lead)
        return g

    def _last_trick(self, leader: Seat, sweep: int) -> int:
        """Each seat holds one card: the trick plays itself."""
        hands = self.hands
        trick = [hands[seat].bit_length() - 1 for seat in TURN_ORDER[leader]]
        winner = seat_after(leader, trick_winner(trick, self.strain))
        return self._gain(trick, winner, True) + self._end(self._next_sweep(sweep, team_of(winner)))

    def _inside(
        self,
        leader: Seat,
        trick: tuple[Card, ...],
        out: int,
        sweep: int,
        beta: int,
        win: int = 0,
        first: int = -1,
    ) -> int:
        """The seat to move plays each of its candidate cards in turn (`first` first, when
        it is one); `out` holds the cards in hands or on the table and `trick[win]` is winning
        the trick so far. Leading, `self.lead` is then the card that decided the value."""
        self.nodes += 1
        if not self.nodes % CLOCK_EVERY and perf_counter() > self.deadline:
            raise OutOfTime
        hands = self.hands
        played = len(trick)
        seat = TURN_ORDER[leader][played]
        hand = hands[seat]
        legal = obligation_of_mask(hand, trick, self.strain, self.options)[0]
        maximizing = SEAT_TEAMS[seat] == self.maximizer
        best, decided = (-BEYOND if maximizing else BEYOND), -1
        beaten = self._beaten(trick, win)
        cards = self._ordered(legal, out, trick, win, beaten)
        if first in cards:
            cards.remove(first)
            cards.insert(0, first)
        for card in cards:
            hands[seat] = hand & ~(1 << card)
            taken = played if beaten >> card & 1 else win
            if played < PLAYERS - 1:
                g = self._inside(leader, (*trick, card), out, sweep, beta, taken)
            else:
                winner = TURN_ORDER[leader][taken]
                last = not (hands[0] | hands[1] | hands[2] | hands[3])
                gain = self._gain((*trick, card), winner, last)
                sweep_after = self._next_sweep(sweep, SEAT_TEAMS[winner])
                g = gain + self._between(winner, sweep_after, beta - gain)
            hands[seat] = hand
            if maximizing:
                if g > best:
                    best, decided = g, card
                    if best >= beta:
                        break
            elif g < best:
                best, decided = g, card
                if best < beta:
                    break
        if not trick:
            self.lead = decided
        return best


class Search(_Tree):
    """Zero-window searches for one objective: the future gain of `team` (tricks, or the
    `points` of the cards it wins with `last_bonus` for the last trick and `bonus` for a capot
    either way), maximised by `maximizer` (a team, or None when every seat minimises) and
    minimised by the other seats.

    `strain` is a trump suit, `SANS_ATOUT` or `TOUT_ATOUT` (cards.py): it decides the play
    obligations (`play.obligation_of_mask`), the trick's winner and each suit's order. Under
    SA and TA no suit is trump for the bounds: `_top_trumps` bounds nothing and `_sure` sees
    no trump. `points` are per card (by its int) in the objective's unit, None for the
    strain's own (`cards.card_values`), and `last_bonus` the dix de der in the same unit.

    This class is the driver, on whole states: a card played (`after`), a question
    (`probe`), the value (`value`, MTD(f)), the cards to try (`groups`), the bounds before any
    search (`quick_bounds`) and a perfect line (`line`)."""

    def after(self, state: State, card: Card) -> tuple[int, State]:
        """The gain and the state after `card` is played by the seat to move."""
        seat = seat_to_move(state)
        hands = list(state.hands)
        hands[seat] &= ~(1 << card)
        held = (hands[0], hands[1], hands[2], hands[3])
        trick = (*state.trick, card)
        if len(trick) < PLAYERS:
            return 0, State(held, state.leader, trick, state.sweep)
        winner = seat_after(state.leader, trick_winner(trick, self.strain))
        last = not any(held)
        return self._gain(trick, winner, last), State(
            held, winner, (), self._next_sweep(state.sweep, team_of(winner))
        )

    def probe(self, state: State, beta: int) -> int:
        """Fail-soft answer to "is the future gain at least `beta`?": a value g, with the
        gain >= g when g >= beta, else the gain <= g."""
        self.hands = list(state.hands)
        owner = self.owner
        another_deal = False
        for seat, hand in enumerate(state.hands):
            team = team_of(seat)
            for card in range(DECK_SIZE):
                if hand >> card & 1:
                    self.holder[card] = team
                    another_deal = another_deal or owner[card] not in (0, seat + 1)
        if another_deal:
            self.table.clear()
        for seat, hand in enumerate(state.hands):
            for card in range(DECK_SIZE):
                if hand >> card & 1:
                    owner[card] = seat + 1
        if state.trick:
            win = trick_winner(state.trick, self.strain)
            out = state.hands[0] | state.hands[1] | state.hands[2] | state.hands[3]
            out |= mask_of(state.trick)
            return self._inside(state.leader, state.trick, out, state.sweep, beta, win)
        return self._between(state.leader, state.sweep, beta)

    def value(self, state: State, guess: int) -> int:
        """The exact future gain (MTD(f) from `guess`); `self.bounds` holds what is proved
        so far when OutOfTime interrupts it."""
        lo, hi = self.quick_bounds(state)
        self.bounds = (lo, hi)
        beta = min(max(guess, lo + 1), hi)
        while lo < hi:
            g = self.probe(state, beta)
            if g >= beta:
                lo = g
            else:
                hi = g
            self.bounds = (lo, hi)
            beta = (lo + hi + 1) // 2
        return lo

    def groups(self, state: State) -> list[tuple[Card, ...]]:
        """The legal cards of the seat to move in groups of equivalent cards, in search
        order (each group's first card is the one searched)."""
        seat = seat_to_move(state)
        legal = obligation_of_mask(state.hands[seat], state.trick, self.strain, self.options)[0]
        out = state.hands[0] | state.hands[1] | state.hands[2] | state.hands[3]
        out |= mask_of(state.trick)
        groups = {
            group[0]: group for group in equivalent_groups(legal, out, self.strain, self.points)
        }
        win = trick_winner(state.trick, self.strain) if state.trick else 0
        ordered = self._ordered(legal, out, state.trick, win, self._beaten(state.trick, win))
        return [groups[card] for card in ordered]

    def card_values(self, state: State) -> list[tuple[Card, int]]:
        """Every legal card of the seat to move with the exact future gain once it is played
        (the gain of a trick it ends included), in card order: each group of equivalent cards
        searched once, in `groups`' order, from the value of the group before (the first from
        the middle of the bounds, which says nothing), every card of a group given its value.
        The seat to move must hold a card."""
        guess = sum(self.quick_bounds(state)) // 2
        values: dict[Card, int] = {}
        for group in self.groups(state):
            gain, child = self.after(state, group[0])
            guess = gain + self.value(child, guess - gain)
            values.update(dict.fromkeys(group, guess))
        return sorted(values.items())

    def deals_card_values(
        self, state: State, deals: Sequence[tuple[int, int, int, int]]
    ) -> list[list[tuple[Card, int]]]:
        """`card_values` of `state` with each of `deals` (four hands' masks) in its hands, in
        turn: the answers of the deals searched before the first that OutOfTime interrupted
        (all of them when none was), in their order."""
        answers = []
        for held in deals:
            try:
                answers.append(self.card_values(state._replace(hands=held)))
            except OutOfTime:
                break
        return answers

    def quick_bounds(self, state: State) -> tuple[int, int]:
        """`_bounds_of` the cards still out in `state`."""
        out = state.hands[0] | state.hands[1] | state.hands[2] | state.hands[3]
        return self._bounds_of(out | mask_of(state.trick), state.sweep)

    def line(self, state: State, value: int) -> list[Card]:
        """A line of play from `state` to the end that keeps the future gain at `value`: at
        each turn the first card (of `groups`) whose probe keeps it."""
        played: list[Card] = []
        while any(state.hands):
            maximizing = team_of(seat_to_move(state)) == self.maximizer
            for card in (group[0] for group in self.groups(state)):
                gain, child = self.after(state, card)
                if maximizing:
                    keeps = gain + self.probe(child, value - gain) >= value
                else:
                    keeps = gain + self.probe(child, value - gain + 1) <= value
                if keeps:
                    break
            played.append(card)
            state, value = child, value - gain
        return played
