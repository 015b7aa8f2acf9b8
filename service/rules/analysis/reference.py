"""Perfect play with all four hands known (double dummy): a deal's value from any point, every
card's value, one perfect line, and whether a claim holds.

The search is an alpha-beta on the cards still to play, asked only zero-window questions
("does the counted team end with at least `beta`?"), fail-soft so that each answer also bounds
the value, and driven by MTD(f) until the bounds meet. What makes it fast enough in pure Python:

- the positions between tricks go into a transposition table keyed on the cards still held (one
  32-bit mask: the hands are fixed, so it says who holds what), the leader and, when a capot
  changes the value, which team has won every trick so far; it keeps the bounds each question
  proved, and every later question (MTD(f)'s next probe, the next card's value, the line) reuses
  them;
- cards of one hand with equal points and no card still out between them in their suit's order
  win the same tricks and give the same points: one of them is tried (`_groups`);
- bounds at each trick before any search: nothing or everything of the cards out, the trumps
  one team holds above all of the other's (`_top_trumps`), the tricks the leader takes for
  sure (`_sure`);
- a trick's cards are tried in an order that finds cut-offs early (`_ordered`), the lead that
  decided a position last time first;
- the last trick is counted, not searched.

Objective (the `solve`): the takers maximise and the defenders minimise the takers' margin,
their card points (dix de der in) minus the defenders', a capot counting the capot value
against 0. The search counts it in points: the takers' card points, a capot as
`162 + (capot - 162) / 2` and being capot as `-(capot - 162) / 2` (the margin is twice that
less 162). A claim counts the claimant's tricks or card points instead, and in mode "any"
every seat plays against the claim.

The clock is read every `CLOCK_EVERY` nodes; past the budget the search stops and answers the
bounds proved so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from time import perf_counter
from typing import NamedTuple

from service.rules.cards import (
    CARD_PLAIN_STRENGTH,
    CARD_POINTS,
    CARD_TRUMP_STRENGTH,
    DEAL_POINTS,
    DECK_SIZE,
    LAST_TRICK_BONUS,
    STRONGER_PLAIN,
    STRONGER_TRUMPS,
    SUIT_MASKS,
    Card,
    mask_of,
)
from service.rules.errors import InconsistentInput
from service.rules.options import DEFAULT_OPTIONS, RuleOptions
from service.rules.play import PLAYERS, obligation_of_mask, trick_winner
from service.rules.replay import DealRecord, Replay, replay

DEFAULT_BUDGET_MS = 2000
MAX_BUDGET_MS = 10_000
CLOCK_EVERY = 1024  # nodes between two readings of the clock
BEST, ANY = "best", "any"
CLAIM_MODES = (BEST, ANY)

# Sweep states: which team has won every trick so far (a capot in the making).
_MIXED, _NO_TRICK = 0, 3  # 1 + team: that team has won every trick so far


def _swept(team: int) -> int:
    return 1 + team


class OutOfTime(Exception):
    """The budget ran out in the middle of a search."""


# --- results -----------------------------------------------------------------------------------


class Outcome(NamedTuple):
    """A finished deal, as `replay` scores it: card points per team (dix de der in, 162 in
    all), the team that won every trick, the contract and each team's deal score."""

    points: tuple[int, int]
    capot: int | None
    contract: str
    score: tuple[int, int]


class MoveValue(NamedTuple):
    """A legal card of the player to move, the deal's outcome when it is played and both
    sides play perfectly after, and what it costs the mover's team against the best card, in
    points of the objective (card points; a capot counts `(capot - 162) / 2` more)."""

    card: Card
    value: Outcome
    loss: int


@dataclass(frozen=True, slots=True)
class Solution:
    """What perfect play gives from the position after the record's plays.

    `exact` False: the budget ran out; `bounds` then holds what was proved of the takers'
    final card points, and `value`, `moves` and `line` are empty."""

    to_move: int | None
    value: Outcome | None
    moves: tuple[MoveValue, ...]
    line: tuple[Card, ...]
    exact: bool
    bounds: tuple[int, int] | None
    nodes: int
    elapsed_ms: float


@dataclass(frozen=True, slots=True)
class Claim:
    """`seat`'s team claims at least `tricks` of the tricks not yet finished (the current one
    included), all of them (`rest`), or at least `points` card points at the end of the deal."""

    seat: int
    tricks: int | None = None
    rest: bool = False
    points: int | None = None

    def check(self) -> None:
        """A claim names one thing: tricks, the rest, or points."""
        if (self.tricks is not None) + self.rest + (self.points is not None) != 1:
            raise InconsistentInput.at("/claim", "claim_one_kind")


@dataclass(frozen=True, slots=True)
class ClaimVerdict:
    """Whether the claim holds in its mode, what the claimant's team can guarantee in that
    mode (tricks among those not finished, final card points), and when it does not hold a
    line of legal play to the end that defeats it. Fields are None when the budget ran out
    before they were settled (`exact` False)."""

    holds: bool | None
    tricks: int | None
    points: int | None
    refutation: tuple[Card, ...] | None
    exact: bool
    nodes: int
    elapsed_ms: float


# --- equivalent cards --------------------------------------------------------------------------


@cache
def _suit_order(suit: int, trump: int) -> tuple[Card, ...]:
    """The cards of `suit` from the weakest to the strongest when `trump` is trump."""
    strength = CARD_TRUMP_STRENGTH if suit == trump else CARD_PLAIN_STRENGTH
    return tuple(sorted((Card(suit * 8 + rank) for rank in range(8)), key=strength.__getitem__))


@cache
def _groups(suit: int, trump: int, out: int, legal: int) -> tuple[tuple[Card, ...], ...]:
    """The legal cards of one suit (`legal`, a mask) in groups that play as one card: equal
    points and no card still `out` between them in the suit's order. Weakest group first."""
    groups: list[list[Card]] = []
    previous: Card | None = None  # the last card still out, walking up the suit
    for card in _suit_order(suit, trump):
        if not out >> card & 1:
            continue
        if legal >> card & 1:
            points = CARD_POINTS[trump]
            if previous is not None and legal >> previous & 1 and points[card] == points[previous]:
                groups[-1].append(card)
            else:
                groups.append([card])
        previous = card
    return tuple(tuple(group) for group in groups)


@cache
def _firsts(suit: int, trump: int, out: int, legal: int) -> tuple[Card, ...]:
    """The first card of each of `_groups`: the cards the search tries."""
    return tuple(group[0] for group in _groups(suit, trump, out, legal))


def equivalent_groups(legal: int, out: int, trump: int) -> tuple[tuple[Card, ...], ...]:
    """`legal` (a mask) in groups of cards that play as one, given the cards still `out` (in
    hands or on the table): every card of a group has the value of the group's first."""
    return tuple(
        group
        for suit in range(4)
        if legal & SUIT_MASKS[suit]
        for group in _groups(suit, trump, out & SUIT_MASKS[suit], legal & SUIT_MASKS[suit])
    )


# --- the search --------------------------------------------------------------------------------


class _State(NamedTuple):
    """A position: the cards each seat still holds (masks), the leader of the trick on the
    table and its cards, and the sweep state."""

    hands: tuple[int, int, int, int]
    leader: int
    trick: tuple[Card, ...]
    sweep: int


@cache
def _suit_points(trump: int) -> tuple[tuple[int, ...], ...]:
    """Per suit, the card points of each set of its cards (8 bits, by rank)."""
    points = CARD_POINTS[trump]
    return tuple(
        tuple(sum(points[suit * 8 + r] for r in range(8) if held >> r & 1) for held in range(256))
        for suit in range(4)
    )


@cache
def _stronger(trump: int) -> tuple[int, ...]:
    """Per card, the cards of its suit that beat it when `trump` is trump."""
    return tuple(
        STRONGER_TRUMPS[card] if card >> 3 == trump else STRONGER_PLAIN[card]
        for card in range(DECK_SIZE)
    )


ALL_CARDS_MASK = (1 << DECK_SIZE) - 1


def _seat_to_move(state: _State) -> int:
    """The seat to move."""
    return (state.leader + len(state.trick)) % PLAYERS


class _Search:
    """Zero-window searches for one objective: the future gain of `team` (tricks, or card
    points with dix de der and `bonus` for a capot either way), maximised by `maximizer` (a
    team, or None when every seat minimises) and minimised by the other seats."""

    def __init__(
        self,
        trump: int,
        options: RuleOptions,
        team: int,
        maximizer: int | None,
        count_tricks: bool,
        bonus: int,
        deadline: float,
    ) -> None:
        self.trump, self.options, self.team = trump, options, team
        self.maximizer = -1 if maximizer is None else maximizer
        self.count_tricks, self.bonus, self.deadline = count_tricks, bonus, deadline
        self.table: dict[int, tuple[int, int, int]] = {}  # key: (lo, hi, lead)
        self.nodes = 0
        self.hands = [0, 0, 0, 0]
        self.suit_points = _suit_points(trump)
        self.stronger = _stronger(trump)
        self.trump_mask = SUIT_MASKS[trump]
        self.trumps_down = _suit_order(trump, trump)[::-1]  # the strongest first
        self.holder = [0] * DECK_SIZE  # per card still held, the team holding it

    # The driver's steps, on whole states.

    def after(self, state: _State, card: Card) -> tuple[int, _State]:
        """The gain and the state after `card` is played by the seat to move."""
        seat = _seat_to_move(state)
        hands = list(state.hands)
        hands[seat] &= ~(1 << card)
        held = (hands[0], hands[1], hands[2], hands[3])
        trick = (*state.trick, card)
        if len(trick) < PLAYERS:
            return 0, _State(held, state.leader, trick, state.sweep)
        winner = (state.leader + trick_winner(trick, self.trump)) % PLAYERS
        last = not any(held)
        return self._gain(trick, winner, last), _State(
            held, winner, (), self._next_sweep(state.sweep, winner % 2)
        )

    def probe(self, state: _State, beta: int) -> int:
        """Fail-soft answer to "is the future gain at least `beta`?": a value g, with the
        gain >= g when g >= beta, else the gain <= g."""
        self.hands = list(state.hands)
        for seat, hand in enumerate(state.hands):
            for card in range(DECK_SIZE):
                if hand >> card & 1:
                    self.holder[card] = seat % 2
        if state.trick:
            win = trick_winner(state.trick, self.trump)
            out = state.hands[0] | state.hands[1] | state.hands[2] | state.hands[3]
            out |= mask_of(state.trick)
            return self._inside(state.leader, state.trick, out, state.sweep, beta, win)
        return self._between(state.leader, state.sweep, beta)

    def value(self, state: _State, guess: int) -> int:
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

    def line(self, state: _State, value: int) -> list[Card]:
        """A line of play from `state` to the end that keeps the future gain at `value`."""
        played: list[Card] = []
        while any(state.hands):
            seat = _seat_to_move(state)
            for card in (group[0] for group in self.groups(state)):
                gain, child = self.after(state, card)
                if seat % 2 == self.maximizer:
                    keeps = gain + self.probe(child, value - gain) >= value
                else:
                    keeps = gain + self.probe(child, value - gain + 1) <= value
                if keeps:
                    break
            played.append(card)
            state, value = child, value - gain
        return played

    def groups(self, state: _State) -> list[tuple[Card, ...]]:
        """The legal cards of the seat to move in groups of equivalent cards, in search
        order (each group's first card is the one searched)."""
        seat = _seat_to_move(state)
        legal = obligation_of_mask(state.hands[seat], state.trick, self.trump, self.options)[0]
        out = state.hands[0] | state.hands[1] | state.hands[2] | state.hands[3]
        out |= mask_of(state.trick)
        groups = {group[0]: group for group in equivalent_groups(legal, out, self.trump)}
        win = trick_winner(state.trick, self.trump) if state.trick else 0
        ordered = self._ordered(legal, out, state.trick, win, self._beaten(state.trick, win))
        return [groups[card] for card in ordered]

    def quick_bounds(self, state: _State) -> tuple[int, int]:
        """`_bounds_of` the cards still out in `state`."""
        out = state.hands[0] | state.hands[1] | state.hands[2] | state.hands[3]
        return self._bounds_of(out | mask_of(state.trick), state.sweep)

    # The hot path.

    def _gain(self, trick: Sequence[int], winner: int, last: bool) -> int:
        if winner % 2 != self.team:
            return 0
        if self.count_tricks:
            return 1
        points = CARD_POINTS[self.trump]
        won = points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
        return won + LAST_TRICK_BONUS if last else won

    @staticmethod
    def _next_sweep(sweep: int, team: int) -> int:
        if sweep == _NO_TRICK or sweep == _swept(team):
            return _swept(team)
        return _MIXED

    def _end(self, sweep: int) -> int:
        """The gain after the last trick: the capot bonus, for or against."""
        if sweep == _swept(self.team):
            return self.bonus
        if sweep == _swept(1 - self.team):
            return -self.bonus
        return 0

    def _between(self, leader: int, sweep: int, beta: int) -> int:
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

    def _points_of(self, cards: int) -> int:
        points = self.suit_points
        return (
            points[0][cards & 0xFF]
            + points[1][cards >> 8 & 0xFF]
            + points[2][cards >> 16 & 0xFF]
            + points[3][cards >> 24]
        )

    def _bounds_of(self, out: int, sweep: int) -> tuple[int, int]:
        """What the future gain can be at most and at least, from the cards `out` alone:
        nothing or everything, a capot either way while it can still happen."""
        if self.count_tricks:
            return 0, (out.bit_count() + PLAYERS - 1) // PLAYERS
        total = self._points_of(out) + LAST_TRICK_BONUS
        lo = -self.bonus if sweep == _NO_TRICK or sweep == _swept(1 - self.team) else 0
        hi = total + self.bonus if sweep == _NO_TRICK or sweep == _swept(self.team) else total
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
            won, most = self._points_of(run), self._points_of(out) + LAST_TRICK_BONUS
        if team == self.team:
            return max(lo, won), hi
        return lo, min(hi, most - won)  # The team loses a trick: no capot for it.

    def _sure(self, leader: int, out: int, lo: int, hi: int) -> tuple[int, int]:
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
        side = leader % 2
        for_itself = side != self.team or side == self.maximizer
        if sure == mine and (for_itself or not others & trumps):
            return (hi, hi) if side == self.team else (lo, lo)  # every trick
        if not sure or not for_itself:
            return lo, hi
        won = sure.bit_count() if self.count_tricks else self._points_of(sure)
        if side == self.team:
            return max(lo, won), hi
        # The team loses a trick: no capot for it, and at most what the others leave.
        most = mine.bit_count() if self.count_tricks else self._points_of(out) + LAST_TRICK_BONUS
        return lo, min(hi, most - won)

    def _last_trick(self, leader: int, sweep: int) -> int:
        """Each seat holds one card: the trick plays itself."""
        hands = self.hands
        trick = [hands[(leader + i) % PLAYERS].bit_length() - 1 for i in range(PLAYERS)]
        winner = (leader + trick_winner(trick, self.trump)) % PLAYERS
        return self._gain(trick, winner, True) + self._end(self._next_sweep(sweep, winner % 2))

    def _beaten(self, trick: Sequence[int], win: int) -> int:
        """The cards that would take the trick from its winning card `trick[win]` (any card
        when the trick is empty): a stronger card of its suit, or any trump over a plain card."""
        if not trick:
            return ALL_CARDS_MASK
        top = trick[win]
        return self.stronger[top] | (0 if top >> 3 == self.trump else self.trump_mask)

    def _inside(
        self,
        leader: int,
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
        seat = (leader + played) % PLAYERS
        hand = hands[seat]
        legal = obligation_of_mask(hand, trick, self.trump, self.options)[0]
        maximizing = seat % 2 == self.maximizer
        best, decided = (-1000 if maximizing else 1000), -1
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
                winner = (leader + taken) % PLAYERS
                last = not (hands[0] | hands[1] | hands[2] | hands[3])
                gain = self._gain((*trick, card), winner, last)
                g = gain + self._between(winner, self._next_sweep(sweep, winner % 2), beta - gain)
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
        trump = self.trump
        cards: list[Card] = []
        for suit, mask in enumerate(SUIT_MASKS):
            if legal & mask:
                cards += _firsts(suit, trump, out & mask, legal & mask)
        if len(cards) == 1:
            return cards
        points = CARD_POINTS[trump]
        if not trick:
            stronger = self.stronger
            masters = [c for c in cards if not stronger[c] & out]
            masters.sort(key=points.__getitem__, reverse=True)
            return masters + sorted((c for c in cards if stronger[c] & out), key=points.__getitem__)
        if (len(trick) - win) % 2 == 0:  # the partner is winning
            return sorted(cards, key=points.__getitem__, reverse=len(trick) == PLAYERS - 1)
        beats = [c for c in cards if beaten >> c & 1]
        return beats + sorted((c for c in cards if not beaten >> c & 1), key=points.__getitem__)


# --- the questions -----------------------------------------------------------------------------


class _Position(NamedTuple):
    """The record replayed: its judgement, the state after its plays, and each team's card
    points so far."""

    judged: Replay
    state: _State
    points: tuple[int, int]


def _position(record: DealRecord, options: RuleOptions) -> _Position:
    """The record checked (hands required, plays from them) and replayed."""
    if record.hands is None:
        raise InconsistentInput.at("/hands", "analysis_needs_hands")
    judged = replay(record, options)
    hands = [mask_of(hand) & ~mask_of(record.plays) for hand in record.hands]
    won = {trick.winner % 2 for trick in judged.tricks if trick.winner is not None}
    sweep = _NO_TRICK if not won else _MIXED if len(won) == 2 else _swept(won.pop())
    on_table = judged.tricks[-1] if judged.tricks and judged.tricks[-1].winner is None else None
    if on_table is None:
        leader, trick = judged.to_move or 0, ()
    else:
        leader, trick = on_table.leader, on_table.cards
    state = _State((hands[0], hands[1], hands[2], hands[3]), leader, trick, sweep)
    return _Position(judged, state, judged.points)


def _outcome(record: DealRecord, line: Sequence[Card], options: RuleOptions) -> Outcome:
    """The finished deal the record and `line` make, scored by `replay`."""
    finished = replay(
        DealRecord(
            record.dealer,
            record.trump,
            record.taker,
            (*record.plays, *line),
            record.hands,
            record.belote_announced,
            record.declarations,
        ),
        options,
    )
    score = finished.score
    assert score is not None
    return Outcome(finished.points, score.capot, score.contract, score.score)


def _card_points(points: int) -> int:
    """`points` within the card points a team can end with (0 to 162)."""
    return min(max(points, 0), DEAL_POINTS)


def _elapsed_ms(start: float) -> float:
    return round((perf_counter() - start) * 1000, 3)


def solve(
    record: DealRecord,
    options: RuleOptions = DEFAULT_OPTIONS,
    budget_ms: int = DEFAULT_BUDGET_MS,
    every_card: bool = True,
) -> Solution:
    """What perfect play gives from the position after `record.plays` (hands required): the
    value, one perfect line and (`every_card`) each legal card's value; bounds when
    `budget_ms` runs out."""
    start = perf_counter()
    position = _position(record, options)
    judged, state = position.judged, position.state
    if judged.complete:
        value = _outcome(record, (), options)
        return Solution(None, value, (), (), True, None, 0, _elapsed_ms(start))
    takers = record.taker % 2
    bonus = (options.capot - DEAL_POINTS) // 2
    search = _Search(record.trump, options, takers, takers, False, bonus, start + budget_ms / 1000)
    past = position.points[takers]
    try:
        best = search.value(state, guess=sum(search.quick_bounds(state)) // 2)
        line = search.line(state, best)
        values: dict[Card, MoveValue] = {}
        sign = 1 if _seat_to_move(state) % 2 == takers else -1
        for group in search.groups(state) if every_card else ():
            gain, child = search.after(state, group[0])
            after = gain + search.value(child, best - gain)
            rest = search.line(child, after - gain)
            for card in group:
                # An equivalent card plays as the group's first: swap them in the line.
                swapped = [group[0] if c == card else c for c in rest]
                outcome = _outcome(record, (card, *swapped), options)
                values[card] = MoveValue(card, outcome, sign * (best - after))
    except OutOfTime:
        lo, hi = search.bounds
        bounds = (_card_points(past + lo), _card_points(past + hi))
        return Solution(
            judged.to_move, None, (), (), False, bounds, search.nodes, _elapsed_ms(start)
        )
    assert judged.legal is not None
    return Solution(
        judged.to_move,
        _outcome(record, line, options),
        tuple(values[card] for card in judged.legal if card in values),
        tuple(line),
        True,
        None,
        search.nodes,
        _elapsed_ms(start),
    )


def judge_claim(
    record: DealRecord,
    claim: Claim,
    mode: str = BEST,
    options: RuleOptions = DEFAULT_OPTIONS,
    budget_ms: int = DEFAULT_BUDGET_MS,
) -> ClaimVerdict:
    """Whether `claim` holds from the position after `record.plays`: in mode "best" when the
    claimant's team can force it whatever the opponents do, in mode "any" however both
    sides play. Also what the team can guarantee in that mode, and a refutation."""
    start = perf_counter()
    claim.check()
    position = _position(record, options)
    if position.judged.complete:
        raise InconsistentInput.at("/claim", "claim_after_last_trick")
    state, team = position.state, claim.seat % 2
    maximizer = team if mode == BEST else None
    deadline = start + budget_ms / 1000
    by_tricks = _Search(record.trump, options, team, maximizer, True, 0, deadline)
    by_points = _Search(record.trump, options, team, maximizer, False, 0, deadline)
    past = position.points[team]
    if claim.points is not None:
        search, target = by_points, claim.points - past  # points still to win
    else:
        search = by_tricks
        target = by_tricks.quick_bounds(state)[1] if claim.rest else claim.tricks or 0
    holds = tricks = points = refutation = None
    try:
        holds = search.probe(state, target) >= target
        tricks = by_tricks.value(state, guess=target if search is by_tricks else 0)
        points = past + by_points.value(state, guess=target if search is by_points else 0)
        if not holds:
            refutation = tuple(search.line(state, tricks if search is by_tricks else points - past))
    except OutOfTime:
        pass
    nodes = by_tricks.nodes + by_points.nodes
    exact = holds is not None and points is not None and (holds or refutation is not None)
    return ClaimVerdict(holds, tricks, points, refutation, exact, nodes, _elapsed_ms(start))
