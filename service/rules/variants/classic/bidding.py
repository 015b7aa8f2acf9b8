"""Bidding: who takes which trump, from a sequence of bids.

RULES.md "Bidding": round 1, from the dealer's next, "take" the turned card's suit or "pass";
after four passes, round 2: name any other suit, or pass; four passes again: redeal by the
next dealer. The first take ends the bidding.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.rules.core.cards import SUIT_CODES, Card, Suit
from service.rules.core.errors import InconsistentInput
from service.rules.core.seats import PLAYERS, Seat, seat_after
from service.text.catalog import render, suit_name

PASS, TAKE = "pass", "take"
OPEN, TAKEN, REDEAL, INVALID = "open", "taken", "redeal", "invalid"
MAX_BIDS = 2 * PLAYERS


@dataclass(frozen=True, slots=True)
class BidViolation:
    """The first illegal bid: its index in the sequence and why."""

    index: int
    code: str
    params: dict[str, object]

    def message(self, lang: str = "en") -> str:
        params = {
            k: suit_name(v, lang) if isinstance(v, Suit) else v for k, v in self.params.items()
        }
        return render(f"bidding.{self.code}", lang, params)


@dataclass(frozen=True, slots=True)
class Bidding:
    status: str  # open | taken | redeal | invalid
    round: int
    next: Seat | None  # who bids next (before the illegal bid, when invalid)
    legal: tuple[str, ...]
    taker: Seat | None
    trump: Suit | None
    violation: BidViolation | None


def parse_bid(text: str, index: int) -> str:
    """A bid in canonical form: "pass", "take" or a suit code; InconsistentInput otherwise."""
    lowered = text.lower()
    if lowered in (PASS, TAKE):
        return lowered
    try:
        return Suit.parse(text).code
    except ValueError:
        raise InconsistentInput.at(f"/bids/{index}", "not_a_bid", bid=text) from None


def judge_bidding(dealer: Seat, turned: Card, bids: Sequence[str]) -> Bidding:
    """The state of the bidding after `bids`, or the first illegal one.

    >>> judge_bidding(3, Card.parse("JH"), ["pass", "take"]).taker
    1
    """
    if dealer not in range(PLAYERS):
        raise InconsistentInput.at("/dealer", "not_a_seat", value=dealer)
    canonical = [parse_bid(bid, i) for i, bid in enumerate(bids)]
    turned_suit = turned.suit
    for index, bid in enumerate(canonical):
        round_ = 1 if index < PLAYERS else 2
        seat = seat_after(dealer, 1 + index)
        code = _illegal(bid, round_, turned_suit)
        if code is not None:
            return Bidding(
                INVALID,
                round_,
                seat,
                legal_bids(round_, turned_suit),
                None,
                None,
                BidViolation(index, code, {"turned": turned_suit}),
            )
        if bid != PASS:
            trump = turned_suit if bid == TAKE else Suit.parse(bid)
            if index + 1 < len(canonical):
                return _closed(index + 1, round_, seat, trump)
            return Bidding(TAKEN, round_, None, (), seat, trump, None)
    if len(canonical) >= MAX_BIDS:
        if len(canonical) > MAX_BIDS:
            return Bidding(
                INVALID, 2, None, (), None, None, BidViolation(MAX_BIDS, "closed_redeal", {})
            )
        return Bidding(REDEAL, 2, None, (), None, None, None)
    round_ = 1 if len(canonical) < PLAYERS else 2
    return Bidding(
        OPEN,
        round_,
        seat_after(dealer, 1 + len(canonical)),
        legal_bids(round_, turned_suit),
        None,
        None,
        None,
    )


def _illegal(bid: str, round_: int, turned: Suit) -> str | None:
    if round_ == 1:
        return None if bid in (PASS, TAKE) else "suit_in_round_one"
    if bid == TAKE:
        return "take_in_round_two"
    if bid == turned.code:
        return "turned_suit_in_round_two"  # The turned suit can no longer be chosen.
    return None


def legal_bids(round_: int, turned: Suit) -> tuple[str, ...]:
    """The bids of round `round_` (1 or 2) with `turned` turned up, passing last."""
    if round_ == 1:
        return (TAKE, PASS)
    return (*(code for code in SUIT_CODES if code != turned.code), PASS)


def _closed(index: int, round_: int, taker: int, trump: Suit) -> Bidding:
    """A bid after the first take: the bidding was already over."""
    return Bidding(
        INVALID,
        round_,
        None,
        (),
        taker,
        trump,
        BidViolation(index, "closed_taken", {"taker": taker, "trump": trump}),
    )
