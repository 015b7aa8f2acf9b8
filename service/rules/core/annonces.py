"""Annonces: sequences and fours of a kind, the best split of a hand, and the best annonce.

RULES.md "Annonces" (option `annonces`, default off).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from service.rules.core.cards import (
    ACE,
    EIGHT,
    JACK,
    KING,
    NINE,
    QUEEN,
    RANK_CODES,
    SEVEN,
    TEN,
    TRUMP_STRENGTH,
    Card,
)

TIERCE, CINQUANTE, CENT, CARRE = "tierce", "cinquante", "cent", "carre"
KINDS = (TIERCE, CINQUANTE, CENT, CARRE)
SEQUENCE_POINTS = {3: 20, 4: 50}  # 5 cards or more: a cent
CENT_POINTS = 100
# Four of a kind: Jacks 200, 9s 150, Aces, 10s, Kings or Queens 100; 7s and 8s nothing.
CARRE_POINTS = {JACK: 200, NINE: 150, ACE: 100, TEN: 100, KING: 100, QUEEN: 100, SEVEN: 0, EIGHT: 0}


@dataclass(frozen=True, slots=True)
class Annonce:
    """One annonce: its cards (sorted), kind, points, and what ranks it among equal values."""

    kind: str
    cards: tuple[Card, ...]
    points: int

    @property
    def is_sequence(self) -> bool:
        return self.kind != CARRE

    @property
    def top(self) -> str:
        """The top card of a sequence (`KS`), the rank of a four of a kind (`J`)."""
        if self.is_sequence:
            return str(self.cards[-1])
        return RANK_CODES[self.cards[0].rank]

    @property
    def suit(self) -> int | None:
        return self.cards[0] >> 3 if self.is_sequence else None

    def rank_key(self, trump: int) -> tuple[int, int, int, int]:
        """Orders annonces by RULES.md's tie-breaks: value; at equal value a four of a kind
        before a sequence (a 100-point four beats a cent); then the higher top card (sequence
        order 7..A) or the higher rank in trump order (fours); then the one in trump."""
        if self.is_sequence:
            return (self.points, 0, self.cards[-1].rank, int(self.cards[0] >> 3 == trump))
        return (self.points, 1, TRUMP_STRENGTH[self.cards[0].rank], 0)


def classify(cards: Iterable[Card]) -> Annonce | None:
    """The annonce these cards form, or None: a run of 3+ in one suit, or a scoring four,
    each card once."""
    given = tuple(cards)
    ordered = tuple(sorted(set(given)))
    if len(ordered) != len(given):
        return None  # a card named twice forms no annonce
    if len(ordered) == 4 and len({c.rank for c in ordered}) == 1:
        points = CARRE_POINTS[ordered[0].rank]
        if not points:
            return None  # four 7s or 8s are worth nothing
        return Annonce(CARRE, ordered, points)  # one rank: sorted by suit
    if len(ordered) < 3 or len({c >> 3 for c in ordered}) != 1:
        return None
    if ordered[-1] - ordered[0] != len(ordered) - 1:
        return None  # not consecutive (cards are suit * 8 + rank, so a run is consecutive ints)
    return _sequence(ordered)


def _sequence(run: tuple[Card, ...]) -> Annonce:
    length = len(run)
    if length >= 5:
        return Annonce(CENT, run, CENT_POINTS)  # a run of 6, 7 or 8 is one cent, never split
    return Annonce(TIERCE if length == 3 else CINQUANTE, run, SEQUENCE_POINTS[length])


def _runs(cards: Iterable[Card]) -> list[Annonce]:
    """The maximal runs of 3 or more among `cards`."""
    found: list[Annonce] = []
    run: list[Card] = []
    for card in sorted(cards):
        if run and (card - run[-1] != 1 or card >> 3 != run[-1] >> 3):
            if len(run) >= 3:
                found.append(_sequence(tuple(run)))
            run = []
        run.append(card)
    if len(run) >= 3:
        found.append(_sequence(tuple(run)))
    return found


def declarable(hand: Sequence[Card], trump: int) -> tuple[Annonce, ...]:
    """Every annonce the hand can declare, using the split of its cards worth most (a card
    serves in one annonce at most). Belote-rebelote is not an annonce here; it counts apart.
    """
    held = set(hand)
    fours = [
        classify(Card.of(rank, suit) for suit in range(4))
        for rank in range(8)
        if CARRE_POINTS[rank] and all(Card.of(rank, suit) in held for suit in range(4))
    ]
    best: tuple[Annonce, ...] = ()
    best_key: tuple[int, tuple[tuple[int, int, int, int], ...]] = (-1, ())
    for count in range(len(fours) + 1):
        for chosen in combinations(fours, count):
            used = {c for four in chosen if four for c in four.cards}
            split = tuple(f for f in chosen if f) + tuple(_runs(held - used))
            key = (
                sum(a.points for a in split),
                tuple(sorted((a.rank_key(trump) for a in split), reverse=True)),
            )
            if key > best_key:
                best, best_key = split, key
    return tuple(sorted(best, key=lambda a: a.rank_key(trump), reverse=True))


@dataclass(frozen=True, slots=True)
class AnnonceVerdict:
    """Which team's annonces count (None: nobody has one, or the best ones tie) and what
    each team's counted annonces are worth."""

    team: int | None
    points: tuple[int, int]
    declared: tuple[int, int]


def best_annonce_team(teams: Sequence[Sequence[Annonce]], trump: int) -> AnnonceVerdict:
    """RULES.md: only the team holding the best single annonce scores, and then all of its
    annonces; equal best annonces after every tie-break score nothing for either team."""
    declared = (sum(a.points for a in teams[0]), sum(a.points for a in teams[1]))
    keys = [max((a.rank_key(trump) for a in team), default=None) for team in teams]
    if keys[0] is None and keys[1] is None:
        return AnnonceVerdict(None, (0, 0), declared)
    if keys[1] is None or (keys[0] is not None and keys[0] > keys[1]):
        return AnnonceVerdict(0, (declared[0], 0), declared)
    if keys[0] is None or keys[1] > keys[0]:
        return AnnonceVerdict(1, (0, declared[1]), declared)
    return AnnonceVerdict(None, (0, 0), declared)  # 4. still equal: no annonce counts


@dataclass(frozen=True, slots=True)
class HandAnnonces:
    """What a hand declares with its first card: its annonces (the split worth most) and
    whether it holds belote-rebelote, which is no annonce and counts apart."""

    annonces: tuple[Annonce, ...]
    belote: bool

    @property
    def points(self) -> int:
        """The annonces' points, belote not included."""
        return sum(a.points for a in self.annonces)


def hand_annonces(hand: Sequence[Card], trump: int) -> HandAnnonces:
    """The annonces `hand` can declare with `trump`, and whether it holds K and Q of trump.

    >>> hand = [Card.parse(c) for c in ("7S", "8S", "9S", "KH", "QH", "AD", "7C", "8C")]
    >>> found = hand_annonces(hand, trump=1)
    >>> [a.kind for a in found.annonces], found.belote, found.points
    (['tierce'], True, 20)
    """
    held = set(hand)
    belote = Card.of(KING, trump) in held and Card.of(QUEEN, trump) in held
    return HandAnnonces(declarable(hand, trump), belote)
