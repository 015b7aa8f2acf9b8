"""What the calls suggest about the callers' hands: a weight per sampled deal.

Advice samples the unseen cards uniformly among the deals that agree with the public facts
(`sampler`). The calls made so far say more, though no fact: a seat that bid 100 in hearts
most likely holds good hearts, one that passed most likely could not bid. As the strongest
Skat and bridge programs do, each sampled deal is then weighted by how likely the calls made
were, had the callers held the hands of that deal: the product, call by call, of a cheap
model of how players bid (no search), each factor in [the reading's floor, 1] so that no
call rules a hand out. Two readings (`Reading`: a base, a spread, a floor): `WEIGHING`, loose,
for weighted means over deals drawn uniformly (`advise_take`, the coinche card advice, with
`inference="calls"`; `"none"` weighs every deal 1); `RESAMPLING`, sharp and based where
bidders bid (measured: below), for the coinche bid advice, which draws the deals it searches
again by these weights (`bid.drawn_by_calls`).

The model, in contract points (what a hand lets its team bid):

- a hand's value in a strain (`hand_value`): the base (what a partner brings) plus
  each card's worth (`TRUMP_WORTH` in trump, `SIDE_WORTH` outside: aces, a little for tens;
  under sans-atout `NO_TRUMP_WORTH`; under tout-atout every card is a trump) plus
  `BELOTE_WORTH` for the king and queen of a trump;
- a partner's support for a strain (`support`): `SUPPORT_WORTH` for the jack and 9 of its
  trump, `SUPPORT_WORTH` per ace outside it, half of it per trump past the second;
- a bid of V in a strain: likely as far as the hand's value reaches V (`likely(value - V)`,
  a logistic of the reading's spread); a raise of the partner's bid in its strain by R: as far
  as the support reaches R; capot counts as `max_bid + bid_step`;
- a pass, with bids still open: as unlikely as the best bid the hand allows (its value in
  any strain, or the partner's bid plus its support) reaches the least bid allowed;
  after a coinche a pass is the one call left to most seats: weight 1;
- a coinche of V: as far as the hand's defence (its value in the contract's strain, without
  the base) reaches what the defenders need, `DEAL_POINTS + bid_step - V`;
- a surcoinche: weight 1.

Classic's passes before a seat at the bidding (`pass_weights`) read the same way: a passer
in round 1 would not take the turned card's suit (its hand with the turned card, valued in
that suit, under `MIN_BID`), in round 2 no other suit. The sampled hands are 8 cards where
the callers held 5 when they called: the model values the 8 (which 5 were held is not
sampled), so it is a rough reading, as cheap as it must be to weigh every deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp
from typing import NamedTuple

from service.rules.core.cards import (
    ACE,
    ALL_CARDS,
    DEAL_POINTS,
    JACK,
    KING,
    NINE,
    QUEEN,
    Card,
    Suit,
)
from service.rules.core.seats import PLAYERS, Seat, seat_after, team_of
from service.rules.core.strains import SANS_ATOUT, TOUT_ATOUT, Strain, allowed_strains
from service.rules.variants.classic.bidding import PASS, TAKE
from service.rules.variants.coinche.bidding import COINCHE, SURCOINCHE, TAKEN, Call, judge_auction
from service.rules.variants.coinche.options import (
    CAPOT,
    DEFAULT_COINCHE_OPTIONS,
    GENERALE,
    MIN_BID,
    CoincheOptions,
)

NONE, CALLS = "none", "calls"
INFERENCES = (NONE, CALLS)
# The requests' default: uniform deals, until the arena measures what the calls win.
DEFAULT_INFERENCE = NONE

#                rank:  7  8  9   10  J   Q  K  A
TRUMP_WORTH = (5, 5, 20, 10, 25, 5, 5, 12)
SIDE_WORTH = (0, 0, 0, 3, 0, 0, 0, 12)
NO_TRUMP_WORTH = (0, 0, 0, 8, 0, 0, 2, 25)
BELOTE_WORTH = 10
BASE = 20
SUPPORT_WORTH = 10
LENGTH_WORTH = 5
SPREAD = 10.0
FLOOR = 0.05


class Reading(NamedTuple):
    """How the calls are read: `base`, what a partner brings, in a hand's value; `spread`,
    the logistic's points; `floor`, the least a call's factor weighs; `partner_base`, the
    base the asking seat's partner's calls are read with (None: `base`), for a partner who
    bids as the asking seat does."""

    base: int
    spread: float
    floor: float
    partner_base: int | None = None


# Weights for means over deals drawn uniformly (the play advice, the take advice): loose, so
# that a few deals do not carry the mean.
WEIGHING = Reading(BASE, SPREAD, FLOOR)
# Weights to draw the deals by (the coinche bid advice, `bid.drawn_by_calls`): sharp, and
# based where bidders bid. Measured 2026-12-02 (docs/advice.md, bench/arena.py --check-calls):
# the bids of colver's "improved" bidder are on average 27 points above a hand's value with a
# base of 20 (sd 7, 689 bids), so the base is 47 and the spread 5; the bid advice's own
# openings 10 above it (sd 9, 90 random hands), so its partner, who bids as it does, is read
# with a base of 30.
RESAMPLING = Reading(47, 5.0, 0.001, 30)


def likely(excess: float, spread: float = SPREAD) -> float:
    """How likely a call is from how far the hand goes past what the call needs: a logistic
    of `spread` points, one half at 0."""
    return 1 / (1 + exp(-excess / spread))


def _worth(card: Card, strain: Strain) -> int:
    if strain == SANS_ATOUT:
        return NO_TRUMP_WORTH[card.rank]
    if strain == TOUT_ATOUT or card.suit == strain:
        return TRUMP_WORTH[card.rank]
    return SIDE_WORTH[card.rank]


def _belotes(hand: Sequence[Card], strain: Strain) -> int:
    """The trump suits whose king and queen the hand holds."""
    suits = range(len(Suit)) if strain == TOUT_ATOUT else () if strain == SANS_ATOUT else (strain,)
    return sum(Card.of(KING, s) in hand and Card.of(QUEEN, s) in hand for s in suits)


# Each card's worth by strain (`_worth`), looked up: the bid advice values hands by the
# thousand (`bid.drawn_by_calls`).
_WORTHS = tuple(tuple(_worth(card, s) for card in ALL_CARDS) for s in allowed_strains(True))


def hand_value(hand: Sequence[Card], strain: Strain, base: int = BASE) -> int:
    """What `hand` lets its team bid in `strain`, in contract points (the module's model),
    a partner bringing `base`."""
    worths = _WORTHS[strain]
    return base + sum(worths[c] for c in hand) + BELOTE_WORTH * _belotes(hand, strain)


def support(hand: Sequence[Card], strain: Strain) -> int:
    """What `hand` adds to its partner's bid in `strain`: its trump jack and 9, its aces
    outside trump, its trumps past the second."""
    trumps = [c for c in hand if c.suit == strain]
    honours = sum(c.rank in (JACK, NINE) for c in trumps)
    aces = sum(c.rank == ACE and c.suit != strain for c in hand)
    return SUPPORT_WORTH * (honours + aces) + LENGTH_WORTH * max(0, len(trumps) - 2)


def _rank(value: int | str, options: CoincheOptions) -> int:
    """A bid's value as the model reads it: a number's own; the capot one step above
    `max_bid`, and the générale (option `generale`) as a capot: the model values a team's
    points, not one seat's tricks."""
    return options.max_bid + options.bid_step if value in (CAPOT, GENERALE) else int(value)


class _Standing:
    """The auction as each call finds it: the standing bid (its value, strain and seat; None
    before any) and whether it is coinched."""

    def __init__(self, options: CoincheOptions, reading: Reading, asker: Seat | None) -> None:
        self.options = options
        self.reading = reading
        self.asker = asker
        self.bid: tuple[int, Strain, Seat] | None = None
        self.coinched = False

    def base(self, seat: Seat) -> int:
        """The base `seat`'s hand is valued with: the reading's partner base for the asking
        seat's partner, when it has one; else its base."""
        partner = self.reading.partner_base
        if partner is None or self.asker is None or seat != seat_after(self.asker, 2):
            return self.reading.base
        return partner

    def _raised(self, seat: Seat) -> tuple[int, Strain] | None:
        """The value and suit of the partner's standing bid in a suit, which `seat` may
        raise; None if there is none."""
        if self.bid is None:
            return None
        value, strain, bidder = self.bid
        partner = team_of(bidder) == team_of(seat)
        return (value, strain) if partner and strain in range(len(Suit)) else None

    def best_bid(self, hand: Sequence[Card], seat: Seat) -> int:
        """The highest bid the model lets `hand` make: its value in any strain, or its
        partner's bid raised by its support."""
        base = self.base(seat)
        best = max(hand_value(hand, s, base) for s in allowed_strains(self.options.sa_ta))
        raised = self._raised(seat)
        if raised is None:
            return best
        value, suit = raised
        return max(best, value + support(hand, suit))

    def likelihood(self, call: Call, hand: Sequence[Card], seat: Seat) -> float:
        """How likely `call` by `seat`, holding `hand`, is here."""
        standing, spread = self.bid, self.reading.spread
        if call.kind == "bid":
            value, strain = _rank(call.value, self.options), call.strain  # type: ignore[arg-type]
            assert strain is not None
            raised = self._raised(seat)
            if raised is not None and strain == raised[1]:
                return likely(support(hand, strain) - (value - raised[0]), spread)
            return likely(hand_value(hand, strain, self.base(seat)) - value, spread)
        if call.kind == PASS:
            if self.coinched:
                return 1.0
            options = self.options
            least = options.min_bid if standing is None else standing[0] + options.bid_step
            return 1 - likely(self.best_bid(hand, seat) - least, spread)
        if call.kind == COINCHE:
            assert standing is not None
            defence = hand_value(hand, standing[1], 0)
            return likely(defence - (DEAL_POINTS + self.options.bid_step - standing[0]), spread)
        return 1.0  # a surcoinche

    def play(self, call: Call, seat: Seat) -> None:
        if call.kind == "bid":
            assert call.strain is not None
            self.bid = (_rank(call.value, self.options), call.strain, seat)  # type: ignore[arg-type]
        elif call.kind != PASS:
            self.coinched = True  # a coinche, or a surcoinche (which ends the auction)


def call_weights(
    dealer: Seat,
    bids: Sequence[str],
    hands: Sequence[Sequence[Card]],
    options: CoincheOptions = DEFAULT_COINCHE_OPTIONS,
    skip: Seat | None = None,
    reading: Reading = WEIGHING,
) -> float:
    """How likely the coinche calls `bids` (a legal auction from the dealer's next) were, had
    the seats held `hands` (each seat's cards, by seat): the product over the calls of the
    model's likelihood as `reading` reads it, each at least its floor, in (0, 1]. `skip`'s
    calls are not weighed (the asking seat's own, whose hand is known; its entry in `hands`
    is not read); its partner's are read with the reading's partner base."""
    standing = _Standing(options, reading, skip)
    weight = 1.0
    for index, text in enumerate(bids):
        seat = seat_after(dealer, 1 + index)
        call = Call.parse(text, index)
        if seat != skip:
            weight *= max(reading.floor, standing.likelihood(call, hands[seat], seat))
        standing.play(call, seat)
    return weight


def pass_weights(
    dealer: Seat,
    seat: Seat,
    turned: Card,
    round_: int,
    hands: Sequence[Sequence[Card]],
) -> float:
    """How likely the classic passes before `seat` in bidding round `round_` were, had the
    seats held `hands` (each with the turned card, valued in a suit by `hand_value`): in round
    1 each seat before `seat` would not take the turned card's suit; in round 2 every other
    seat passed it in round 1, and each seat before `seat` named no other suit. Each factor
    at least `FLOOR`, the product in (0, 1]."""
    mine = (seat - dealer - 1) % PLAYERS  # the places from the dealer's next, 0 to 3
    others = [suit for suit in Suit if suit != turned.suit]
    weight = 1.0
    for place in range(PLAYERS):
        held = (*hands[seat_after(dealer, 1 + place)], turned)
        if place < mine:  # passed before `seat` in this round
            weight *= _passed(held, [turned.suit] if round_ == 1 else others)
        if round_ == 2 and place != mine:  # passed the turned card's suit in round 1
            weight *= _passed(held, [turned.suit])
    return weight


def _passed(hand: Sequence[Card], suits: Sequence[Strain]) -> float:
    """How likely a classic pass is with `hand`, when it could take in `suits`."""
    return max(FLOOR, 1 - likely(max(hand_value(hand, s) for s in suits) - MIN_BID))


def classic_call_weights(
    dealer: Seat,
    bids: Sequence[str],
    turned: Card,
    hands: Sequence[Sequence[Card]],
    skip: Seat | None = None,
) -> float:
    """How likely the classic bids `bids` (a legal bidding from the dealer's next, ending in a
    take) were, had the seats held `hands` (8 cards each), read as `pass_weights` reads the
    passes: a pass in round 1 as a hand that would not take the turned card's suit, in round 2
    no other suit; a take of the turned card, or a suit named in round 2, as far as the hand's
    value there reaches `MIN_BID`. `skip`'s bids are not weighed. Each factor at least
    `FLOOR`, the product in (0, 1]."""
    others = [suit for suit in Suit if suit != turned.suit]
    weight = 1.0
    for index, bid in enumerate(bids):
        seat = seat_after(dealer, 1 + index)
        if seat == skip:
            continue
        held = (*hands[seat], turned)
        if bid == PASS:
            weight *= _passed(held, [turned.suit] if index < PLAYERS else others)
            continue
        suit = turned.suit if bid == TAKE else Suit.parse(bid)
        weight *= max(FLOOR, likely(hand_value(hands[seat], suit) - MIN_BID))
    return weight


def implied_classic_bids(dealer: Seat, taker: Seat, trump: Suit, turned: Card) -> tuple[str, ...]:
    """The shortest classic bidding that ends in `taker`'s taking `trump`, the `turned` card
    turned: the passes before the taker, then its take (round 1, the turned card's suit) or
    its suit (round 2, after four passes). What a record without its bids says at least."""
    before = (PASS,) * ((taker - dealer - 1) % PLAYERS)
    if trump == turned.suit:
        return (*before, TAKE)
    return (*(PASS,) * PLAYERS, *before, str(Suit(trump)))


def implied_coinche_calls(
    dealer: Seat, contract: object, options: CoincheOptions = DEFAULT_COINCHE_OPTIONS
) -> tuple[str, ...]:
    """The shortest auction that ends in `contract` (a coinche `Contract`): the passes before
    the taker, its bid, the coinche of the next seat and the surcoinche of the taker's partner
    at the contract's level, and the passes that close it. What a record without its calls
    says at least; () if no such auction is legal (`judge_auction`)."""
    taker, level = contract.taker, contract.coinche  # type: ignore[attr-defined]
    bid = str(Call("bid", contract.value, contract.strain))  # type: ignore[attr-defined]
    calls = [PASS] * ((taker - dealer - 1) % PLAYERS) + [bid]
    if level >= 1:
        calls.append(COINCHE)
    if level >= 2:
        calls.append(SURCOINCHE)
    while (auction := judge_auction(dealer, calls, options)).next is not None and len(calls) < 16:
        calls.append(PASS)
    if auction.status != TAKEN or auction.contract != contract:
        return ()
    return tuple(calls)
