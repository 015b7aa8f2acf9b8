"""What one seat sees of a deal in progress, and the unseen cards' deals that agree with it.

The public facts (RULES.md, RULES-COINCHE.md), each a constraint on where an unseen card is:
- the cards played, and who played each (the replay's tricks): they are in no hand;
- how many cards each seat still holds: 8 less the cards it played;
- the voids a play revealed: a play is legal against the hand that made it, so that hand held
  none of the cards that would have made it illegal (`forbidden_by`: a seat that did not
  follow holds none of the led suit; one that discarded when it had to trump holds no trump;
  one that played under a trump when it had to over-trump holds none above it; each under the
  request's options, decided by `play.obligation_of_mask` itself). A play the replay proves a
  renonce says nothing of the hand: its player broke the rule. A renonce not yet proven (a
  table lets a card stand, and its player still holds the suit) may leave no deal that
  agrees with the voids: the view then takes for renonces the fewest plays whose voids,
  dropped, leave deals (the first such plays in order), and says which (`assumed`);
- what a seat is known to hold (`Holding`): classic's turned card, in the taker's hand since
  the deal; an announced belote (its holder had the trump king and queen); a declared
  annonce's cards. The turned card is a fact of the deal: a record that gives it to another
  seat cannot be judged. A belote or an annonce the record itself refutes (one of its cards
  played by another seat, or in the asking seat's hand) is a claim the replay counts for
  nobody, and says nothing here either.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from service.rules.advice.sampler import Constraints, Deals, Hands
from service.rules.core.cards import ALL_CARDS, DECK_SIZE, HAND_SIZE, Card, Mask
from service.rules.core.errors import InconsistentInput, Problem
from service.rules.core.play import PlayOptions, PlayRules, always_legal, obligation_of_mask
from service.rules.core.replay import Renonce, TrickRecord
from service.rules.core.seats import PLAYERS, Seat, seat_after
from service.rules.core.strains import Strain
from service.text.catalog import Cards, Sentence

EVERY_SEAT = (1 << PLAYERS) - 1
# The plays' revealed voids kept (`forbidden_by`, bounded: a key is a card, the cards before
# it in its trick, a strain and two play options): enough for the plays of a few hundred deals
# in progress, under 1 MB.
FORBIDDEN_KEPT = 4096
# The most plays a view takes for renonces not yet proven, to find a deal that agrees with
# the others: a table lets a few stand at most before the other team claims one.
MOST_ASSUMED = 3


@dataclass(frozen=True, slots=True)
class Holding:
    """`seat` holds, or held, `cards`. `pointer`: where the request says so, for a fact whose
    contradiction makes the request one that cannot be judged (the turned card); None for a
    claim that is simply not a fact when the record refutes it (a belote, an annonce)."""

    seat: Seat
    cards: tuple[Card, ...]
    pointer: str | None = None


@dataclass(frozen=True, slots=True)
class SeatView:
    """The deal from `seat`'s chair: its `hand` now, the cards each seat has played (in
    order), and the deals of the unseen cards that agree with every public fact; `assumed`,
    the plays (indices in the record's plays) taken for renonces so that some deal does."""

    seat: Seat
    hand: tuple[Card, ...]
    played: tuple[tuple[Card, ...], ...]
    deals: Deals
    assumed: tuple[int, ...] = ()

    def hands(self, unseen: Hands) -> Hands:
        """The four hands as dealt, from a deal of the unseen cards (`Deals.deal`): each
        seat's cards played, then the cards it holds now (the seat's own `hand` in its order,
        so that its legal cards come in that order)."""
        return tuple(
            (*played, *(self.hand if seat == self.seat else unseen[seat]))
            for seat, played in enumerate(self.played)
        )


def forbidden_by(card: Card, table: Sequence[Card], strain: Strain, options: PlayOptions) -> Mask:
    """The cards (a mask) whose presence in the hand would have made `card` illegal on
    `table`: a hand that played `card` legally held none of them.

    Every play obligation excludes a card by what else the hand holds, one card at a time
    (a card of the led suit, a trump, a higher trump), so `card` is legal from a hand exactly
    when it is legal from each pair of it and another card of the hand; the tests check that
    equivalence on every kind of trick. Each answer is kept (`FORBIDDEN_KEPT` of them): an
    advice reads every play of its record, and the next advice in the deal the same ones."""
    play = PlayRules.of(options)
    return _forbidden(card, tuple(table), strain, play)


@lru_cache(maxsize=FORBIDDEN_KEPT)
def _forbidden(card: Card, table: tuple[Card, ...], strain: Strain, options: PlayRules) -> Mask:
    alone = 1 << card
    return sum(
        1 << other
        for other in range(DECK_SIZE)
        if other != card
        and not obligation_of_mask(alone | 1 << other, table, strain, options)[0] >> card & 1
    )


def _plays(tricks: Sequence[TrickRecord]) -> list[tuple[Seat, Card, tuple[Card, ...]]]:
    """Each play in order: its seat, its card and the cards on the table before it."""
    return [
        (seat_after(trick.leader, place), card, trick.cards[:place])
        for trick in tricks
        for place, card in enumerate(trick.cards)
    ]


def revealed_voids(
    tricks: Sequence[TrickRecord],
    renonces: Sequence[Renonce],
    strain: Strain,
    options: PlayOptions,
) -> tuple[Mask, ...]:
    """Per seat, the cards (a mask) its plays show it did not hold (`forbidden_by`), the
    proven renonces left out."""
    voids = [0] * PLAYERS
    for _, seat, mask in _void_plays(tricks, renonces, strain, options):
        voids[seat] |= mask
    return tuple(voids)


def _void_plays(
    tricks: Sequence[TrickRecord],
    renonces: Sequence[Renonce],
    strain: Strain,
    options: PlayOptions,
) -> list[tuple[int, Seat, Mask]]:
    """Each play that reveals a void, but for the proven renonces: its index, its seat and
    the cards it shows the seat did not hold."""
    renounced = {renonce.play for renonce in renonces}
    return [
        (index, seat, forbidden_by(card, table, strain, options))
        for index, (seat, card, table) in enumerate(_plays(tricks))
        if index not in renounced and not always_legal(card, table, strain)
    ]


def seat_view(
    seat: Seat,
    hand: tuple[Card, ...],
    tricks: Sequence[TrickRecord],
    renonces: Sequence[Renonce],
    strain: Strain,
    options: PlayOptions,
    holdings: Sequence[Holding] = (),
    variant: str = "classic",
) -> SeatView:
    """`seat`'s view of the replayed deal (its `tricks` and proven `renonces`, under
    `strain` and the play `options`) with its `hand` now and what seats are known to hold.
    InconsistentInput when the hand cannot be the seat's (its size, a card already played)
    or when the facts leave no deal of the unseen cards (`advice_no_deal`, naming the facts
    a record of `variant`, its name, carries: coinche turns no card)."""
    plays = _plays(tricks)
    played: list[list[Card]] = [[] for _ in range(PLAYERS)]
    where: dict[Card, int] = {}
    for index, (player, card, _) in enumerate(plays):
        played[player].append(card)
        where[card] = index
    problems = [
        Problem(
            f"/hand/{place}",
            "duplicate_card",
            {"card": Cards((card,)), "other": f"/plays/{where[card]}"},
        )
        for place, card in enumerate(hand)
        if card in where
    ]
    if len(hand) != HAND_SIZE - len(played[seat]):
        expected = HAND_SIZE - len(played[seat])
        problems.append(Problem("/hand", "hand_size", {"expected": expected, "size": len(hand)}))
    if problems:
        raise InconsistentInput(problems)
    owner = {card: player for player, card, _ in plays} | dict.fromkeys(hand, seat)
    sizes = tuple(0 if s == seat else HAND_SIZE - len(played[s]) for s in range(PLAYERS))
    open_seats = sum(1 << s for s in range(PLAYERS) if sizes[s])
    pins: dict[Card, int] = {}
    for holding in holdings:
        # Refuted: a card's place is known and is not the seat's, or the seat holds no card
        # unseen (it is the asking one, or has played all 8) and does not have it.
        unknown = holding.seat if sizes[holding.seat] else None
        refuted = any(owner.get(card, unknown) != holding.seat for card in holding.cards)
        if refuted and holding.pointer is not None:
            raise InconsistentInput.at(holding.pointer, "turned_elsewhere", seat=holding.seat)
        if not refuted:
            for card in holding.cards:
                pins[card] = pins.get(card, EVERY_SEAT) & 1 << holding.seat
    unseen = tuple(card for card in ALL_CARDS if card not in owner)
    placed = tuple(pins.get(card, EVERY_SEAT) & open_seats for card in unseen)
    void_plays = _void_plays(tricks, renonces, strain, options)

    def dealt(assumed: tuple[int, ...]) -> Deals:
        voids = [0] * PLAYERS
        for index, player, mask in void_plays:
            if index not in assumed:
                voids[player] |= mask
        allowed = tuple(
            placed[place] & ~sum(1 << s for s in range(PLAYERS) if voids[s] >> card & 1)
            for place, card in enumerate(unseen)
        )
        return Deals(Constraints(unseen, allowed, sizes))

    indices = [index for index, _, _ in void_plays]
    for count in range(min(MOST_ASSUMED, len(indices)) + 1):
        for assumed in combinations(indices, count):
            deals = dealt(assumed)
            if deals.count:
                return SeatView(seat, hand, tuple(tuple(c) for c in played), deals, assumed)
    facts = Sentence(f"advice.facts.{variant}", {})
    raise InconsistentInput.at("/plays", "advice_no_deal", facts=facts)
