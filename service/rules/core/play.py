"""Play obligations: which cards may be played to a trick, and why the others may not.

RULES.md "Play obligations". Which cards may be played is decided in one place,
`obligation_of_mask`, whose branches quote the rule they apply, on hands as bit masks
(`cards.mask_of`); `obligation` gives the same for a hand as a list, and `legal_cards`,
`violation`, `judge`, the replay and the solver only ask them. Two functions beside it decide
narrower things, each for a reason written where it is:

- `always_legal` answers for one card without the hand, and only where branches 1 (a lead) and
  3 (following a plain suit that was led) allow the card whatever else the hand holds: the
  replay's shortcut, taken before building the obligation (a test holds it to
  `obligation_of_mask`); any other play it sends to the obligation.
- `_violation_of` decides which rule an illegal card breaks: the rule `obligation_of_mask`
  names, save on a trump lead (every lead under TA), where a card of another suit breaks the
  first duty, follow suit, rather than the raise.

`strain` is everywhere a suit, or one of coinche's strains without a trump suit (RULES-COINCHE.md
"Play"): `SANS_ATOUT`, which no card's suit equals, so that no card trumps, and `TOUT_ATOUT`,
where every suit ranks in trump order and the led suit is the trick's trump: the same branches
decide all three.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import lru_cache
from typing import NamedTuple, Protocol

from service.rules.core.cards import (
    CARD_PLAIN_STRENGTH,
    CARD_TRUMP_STRENGTH,
    STRONGER_TRUMPS,
    SUIT_MASKS,
    Card,
    mask_of,
)
from service.rules.core.seats import Seat, seat_after
from service.rules.core.strains import SANS_ATOUT, TOUT_ATOUT, Strain
from service.text.catalog import card_names, render, suit_name


class PlayOptions(Protocol):
    """The options the play obligations read: every variant's options have them
    (`options.Options`)."""

    @property
    def undertrump(self) -> str: ...

    @property
    def overtrump_partner(self) -> bool: ...

    @property
    def partner_trump(self) -> str: ...


class PlayRules(NamedTuple):
    """The play options alone: a key for what the obligations decide (a cache's)."""

    undertrump: str
    overtrump_partner: bool
    partner_trump: str = "any"

    @classmethod
    def of(cls, options: PlayOptions) -> PlayRules:
        """The play options of any variant's `options`."""
        return cls(options.undertrump, options.overtrump_partner, options.partner_trump)


EVERY_OBLIGATION = PlayRules(undertrump="required", overtrump_partner=True, partner_trump="any")
"""RULES.md's obligations, each one in force: what a play is judged by when no options are
given (classic's defaults, which tests/rules/core/test_play.py holds it to)."""


class ViolationCode(StrEnum):
    FOLLOW_SUIT = "follow_suit"
    RAISE_TRUMP = "raise_trump"
    TRUMP = "trump"
    OVERTRUMP = "overtrump"
    UNDERTRUMP = "undertrump"
    BEAT_PARTNER = "beat_partner"


VIOLATION_CODES = tuple(ViolationCode)


class Violation(NamedTuple):
    """Why a card may not be played: the rule it breaks and the cards that had to be played.

    (A named tuple, as `Ruling` and `IllegalPlay`: immutable, and made in a fraction of a
    frozen dataclass's time; every judgement makes several.)"""

    code: ViolationCode
    required: tuple[Card, ...]
    led: int
    trump: int  # the trick's trump suit (the led suit under TA); SANS_ATOUT under SA
    to_beat: Card | None

    def message(self, lang: str = "en") -> str:
        return _violation_message(self, lang)


# The sentences of the violations said most often, kept: a hand's illegal cards often share
# one violation, and a table or a replay says it at every call (a few hundred bytes each).
SAID_KEPT = 4096


@lru_cache(maxsize=SAID_KEPT)
def _violation_message(violation: Violation, lang: str) -> str:
    """`violation`'s sentence in `lang`."""
    return render(
        f"violation.{violation.code}",
        lang,
        {
            "led": suit_name(violation.led, lang),
            # Under SA only `follow_suit` is broken, whose sentence names no trump.
            "trump": "" if violation.trump == SANS_ATOUT else suit_name(violation.trump, lang),
            "to_beat": "" if violation.to_beat is None else card_names((violation.to_beat,), lang),
            "cards": card_names(violation.required, lang),
        },
    )


class IllegalPlay(NamedTuple):
    """A card of the hand that may not be played, and why."""

    card: Card
    violation: Violation


class Ruling(NamedTuple):
    """The verdict on every card of a hand for the player to move."""

    seat: Seat
    legal: tuple[Card, ...]
    illegal: tuple[IllegalPlay, ...]


def trick_winner(cards: Sequence[int], strain: Strain) -> int:
    """Index in `cards` of the card winning the trick so far (RULES.md: the highest trump,
    or without trumps the highest card of the led suit; RULES-COINCHE.md: under SA the highest
    card of the led suit, under TA the highest of the led suit in trump order).

    >>> trick_winner([Card.parse(c) for c in ("7S", "AS", "JH", "10S")], strain=1)
    2
    """
    led = cards[0] >> 3
    # TA: the led suit in trump order; SA: no card's suit is SANS_ATOUT
    trump = led if strain == TOUT_ATOUT else strain
    win, best = 0, cards[0]
    trumped = led == trump  # whether the best card so far is a trump
    for index in range(1, len(cards)):
        card = cards[index]
        suit = card >> 3
        if suit == trump:
            # A trump beats any plain card, and a lower trump.
            if not trumped or CARD_TRUMP_STRENGTH[card] > CARD_TRUMP_STRENGTH[best]:
                win, best, trumped = index, card, True
        elif not trumped and suit == led and CARD_PLAIN_STRENGTH[card] > CARD_PLAIN_STRENGTH[best]:
            win, best = index, card  # Without trumps, the highest card of the led suit.
    return win


def always_legal(card: int, trick: Sequence[int], strain: Strain) -> bool:
    """Whether `card` is legal whatever else the hand holds: it leads (RULES.md 1), or it
    follows a plain suit that was led (3: follow; you need not win): `obligation_of_mask`'s
    branches 1 and 3, restated for one card so that it needs no hand. Most plays are one of
    these, so a replay asks this first and builds the full obligation only for the rest."""
    if not trick:
        return True
    led = trick[0] >> 3
    return card >> 3 == led and led != strain and strain != TOUT_ATOUT


def obligation(
    hand: Sequence[Card],
    trick: Sequence[int],
    strain: Strain,
    options: PlayOptions = EVERY_OBLIGATION,
) -> tuple[Sequence[Card], ViolationCode | None, int | None]:
    """The cards of `hand` that may be played to `trick`, the rule that excludes the others
    (None when every card is legal) and the best trump on the table when it matters.
    The legal cards keep the order of `hand` and are never empty for a non-empty hand.
    """
    held = mask_of(hand)
    legal, code, best = obligation_of_mask(held, trick, strain, options)
    if legal == held:
        return hand, code, best
    return [c for c in hand if legal >> c & 1], code, best


def obligation_of_mask(
    hand: int, trick: Sequence[int], strain: Strain, options: PlayOptions = EVERY_OBLIGATION
) -> tuple[int, ViolationCode | None, int | None]:
    """`obligation` for a hand given as a bit mask (`cards.mask_of`): the legal cards as a
    mask, the rule and the best trump. Every play obligation is decided here."""
    if not trick:
        return hand, None, None  # 1. Leading: any card.
    led = trick[0] >> 3
    win = trick_winner(trick, strain)
    # TA: the led suit is the trick's trump (RULES-COINCHE.md "Play")
    trump = led if strain == TOUT_ATOUT else strain
    best = trick[win]
    partner_winning = win == len(trick) - 2  # the partner played two cards before
    follow = hand & SUIT_MASKS[led]
    if led == trump:
        # 2. (and TA: follow, and beat the best card of the led suit if you can)
        if not follow:
            return hand, None, None  # 2. No trump: any card.
        if partner_winning and not options.overtrump_partner:
            return follow, ViolationCode.FOLLOW_SUIT, None
        # 2. Play a trump higher than the best one on the table if you have one.
        higher = follow & STRONGER_TRUMPS[best]
        if higher:
            return higher, ViolationCode.RAISE_TRUMP, best
        return follow, ViolationCode.FOLLOW_SUIT, None
    if follow:
        return follow, ViolationCode.FOLLOW_SUIT, None  # 3. Follow; you need not win.
    if partner_winning:
        return _partner_winning(hand, trump, best, options)
    if trump == SANS_ATOUT:
        return hand, None, None  # SA: cannot follow: any card.
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return hand, None, None  # 4. No trump in hand: any card.
    if best >> 3 != trump:
        return trumps, ViolationCode.TRUMP, None  # 4. No trump on the table: trump.
    higher = trumps & STRONGER_TRUMPS[best]
    if higher:
        return higher, ViolationCode.OVERTRUMP, best  # 4. An opponent trumped: over-trump.
    if options.undertrump == "required":
        return trumps, ViolationCode.UNDERTRUMP, best  # 4. ...else still play a trump.
    return hand, None, None  # Option undertrump "optional": discard instead.


def _partner_winning(
    hand: int, trump: int, best: int, options: PlayOptions
) -> tuple[int, ViolationCode | None, int | None]:
    """4. Your partner is winning and you cannot follow: any card; but when the partner wins
    with a trump, under `partner_trump: "beat"` (BGA: "You must play a trump higher") a trump
    you play must beat theirs if you hold one that does, and under `"beat_if_only_trumps"`
    (the FFB's Equipe Ludique edition, §5.2 rule 4: such a player "is obliged to play a higher
    trump") so must a hand of trumps alone. docs/RULES-COINCHE.md quotes both texts."""
    rule = options.partner_trump
    if rule == "any" or best >> 3 != trump:
        return hand, None, None
    plain = hand & ~SUIT_MASKS[trump]
    higher = hand & STRONGER_TRUMPS[best]
    if higher and (rule == "beat" or not plain):
        return plain | higher, ViolationCode.BEAT_PARTNER, best
    return hand, None, None


def legal_cards(
    hand: Sequence[Card],
    trick: Sequence[int],
    strain: Strain,
    options: PlayOptions = EVERY_OBLIGATION,
) -> tuple[Card, ...]:
    """The cards of `hand` that may be played to `trick`, in the order of `hand`."""
    return tuple(obligation(hand, trick, strain, options)[0])


def violation(
    hand: Sequence[Card],
    trick: Sequence[int],
    strain: Strain,
    card: int,
    options: PlayOptions = EVERY_OBLIGATION,
) -> Violation | None:
    """Why `card` (from `hand`) may not be played to `trick`, or None when it may."""
    legal, code, best = obligation(hand, trick, strain, options)
    return _violation_of(card, legal, code, best, trick, strain)


def _violation_of(
    card: int,
    legal: Sequence[Card],
    code: ViolationCode | None,
    best: int | None,
    trick: Sequence[int],
    strain: Strain,
) -> Violation | None:
    """Which rule `card` breaks, given the obligation (`legal`, `code`, `best`) of its hand,
    or None when it breaks none."""
    if code is None or card in legal:
        return None
    led = trick[0] >> 3
    trump = led if strain == TOUT_ATOUT else strain
    if code is ViolationCode.RAISE_TRUMP and card >> 3 != trump:
        # A trump was led and the card is no trump at all: the first duty is to follow.
        code, best = ViolationCode.FOLLOW_SUIT, None
    return Violation(code, tuple(legal), led, trump, None if best is None else Card(best))


def judge(
    hand: Sequence[Card],
    leader: Seat,
    trick: Sequence[Card],
    strain: Strain,
    options: PlayOptions = EVERY_OBLIGATION,
) -> Ruling:
    """Every card of `hand` ruled for the player to move, `seat_after(leader, len(trick))`."""
    seat = seat_after(leader, len(trick))
    allowed, code, best = obligation_of_mask(mask_of(hand), trick, strain, options)
    if code is None:
        return Ruling(seat, tuple(hand), ())
    legal = tuple(c for c in hand if allowed >> c & 1)
    led = trick[0] >> 3
    illegal = []
    # Every illegal card breaks the same rule, save cards off the led suit on a trump lead
    # (every lead under TA): they break follow suit rather than raise. One Violation for each
    # kind of card, shared; off a trump lead both kinds break the same rule.
    shared: dict[bool, Violation | None] = {}
    for card in hand:
        if allowed >> card & 1:
            continue
        follows = card >> 3 == led
        if follows not in shared:
            shared[follows] = _violation_of(card, legal, code, best, trick, strain)
        found = shared[follows]
        if found is not None:
            illegal.append(IllegalPlay(card, found))
    return Ruling(seat, legal, tuple(illegal))


__all__ = [
    "VIOLATION_CODES",
    "IllegalPlay",
    "PlayOptions",
    "Ruling",
    "Violation",
    "ViolationCode",
    "always_legal",
    "judge",
    "legal_cards",
    "obligation",
    "obligation_of_mask",
    "trick_winner",
    "violation",
]
