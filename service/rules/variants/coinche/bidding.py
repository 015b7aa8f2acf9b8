"""The coinche auction: calls, legal calls, the first illegal call, the contract.

RULES-COINCHE.md "Auction": calls in turn from the dealer's next (the list fixes who speaks);
`pass`, a bid `<value><strain>`, `capot<strain>` or (option `generale`) `generale<strain>` that
outranks the standing bid (after a coinche only with `bid_after_coinche`, and the coinche
lifted), `coinche` by an opponent of the standing bid's team, `surcoinche` by the bidding team
after a coinche.
The auction ends on three passes after a bid or a coinche (`auction_end: "four_passes"`: four
after a bid, the bidder's included), at once on a surcoinche; four passes with no bid: redeal.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from service.rules.core.cards import SUIT_PATTERN
from service.rules.core.errors import InconsistentInput
from service.rules.core.seats import PLAYERS, Seat, seat_after, team_of
from service.rules.core.strains import (
    NO_TRUMP_CODES,
    STRAIN_CODES,
    Strain,
    allowed_strains,
    needs_sa_ta,
    parse_strain,
)
from service.rules.variants.classic.bidding import INVALID, OPEN, PASS, REDEAL, TAKEN
from service.rules.variants.coinche.options import (
    CAPOT,
    DEFAULT_COINCHE_OPTIONS,
    GENERALE,
    NO_GENERALE,
    CoincheOptions,
    Contract,
    bid_values,
)
from service.text.catalog import render

COINCHE, SURCOINCHE = "coinche", "surcoinche"
# Violation codes, in the order RULES-COINCHE.md checks them: the first that applies.
AUCTION_CLOSED = "auction_closed"
BID_AFTER_COINCHE = "bid_after_coinche"
STRAIN_NOT_ALLOWED = "strain_not_allowed"
BID_OUT_OF_RANGE = "bid_out_of_range"
BID_TOO_LOW = "bid_too_low"
COINCHE_WITHOUT_BID = "coinche_without_bid"
ALREADY_COINCHED = "already_coinched"
COINCHE_OWN_TEAM = "coinche_own_team"
SURCOINCHE_WITHOUT_COINCHE = "surcoinche_without_coinche"
SURCOINCHE_BY_DEFENDERS = "surcoinche_by_defenders"
AUCTION_CODES = (
    AUCTION_CLOSED,
    BID_AFTER_COINCHE,
    STRAIN_NOT_ALLOWED,
    BID_OUT_OF_RANGE,
    BID_TOO_LOW,
    COINCHE_WITHOUT_BID,
    ALREADY_COINCHED,
    COINCHE_OWN_TEAM,
    SURCOINCHE_WITHOUT_COINCHE,
    SURCOINCHE_BY_DEFENDERS,
)


# The call grammar, once: what Call.parse reads, and the API's documented pattern (which takes
# no flags, hence each word in both cases: `pass` as `[Pp][Aa][Ss][Ss]`). A bid: an integer,
# `capot` or `generale`, then a strain (any ASCII case; suits also as symbols). (Module-level
# expressions, not a function: one called only at import would leave mutants no test can reach.)
_ANY_CASE = {
    word: "".join(f"[{letter.upper()}{letter.lower()}]" for letter in word)
    for word in (PASS, COINCHE, SURCOINCHE, CAPOT, GENERALE, *NO_TRUMP_CODES)
}
_BID_VALUE = rf"[0-9]+|{_ANY_CASE[CAPOT]}|{_ANY_CASE[GENERALE]}"
_BID_STRAIN = "|".join((*(_ANY_CASE[code] for code in NO_TRUMP_CODES), SUIT_PATTERN[1:-1]))
CALL_PATTERN = (
    rf"^(?:{_ANY_CASE[PASS]}|{_ANY_CASE[COINCHE]}|{_ANY_CASE[SURCOINCHE]}"
    rf"|(?:{_BID_VALUE})(?:{_BID_STRAIN}))$"
)
_BID = re.compile(rf"({_BID_VALUE})({_BID_STRAIN})")
_PASSES_AFTER_COINCHE = 3
_PASSES_AFTER_BID = {"three_passes": 3, "four_passes": 4}


@dataclass(frozen=True, slots=True)
class Call:
    """One call: `pass`, `coinche`, `surcoinche`, or a bid (its value, an int, `CAPOT` or
    `GENERALE`, and its strain)."""

    kind: str  # pass | coinche | surcoinche | bid
    value: int | str | None = None
    strain: Strain | None = None

    def __str__(self) -> str:
        if self.strain is None:
            return self.kind
        return f"{self.value}{STRAIN_CODES[self.strain]}"

    @classmethod
    def parse(cls, text: str, index: int = 0) -> Call:
        """A call from `pass`, `coinche`, `surcoinche`, `<integer><strain>`, `capot<strain>`
        or `generale<strain>` (any case); InconsistentInput at `/bids/<index>` otherwise."""
        word = text.lower()
        if word in (PASS, COINCHE, SURCOINCHE):
            return cls(word)
        bid = _BID.fullmatch(text)
        if bid is None:
            raise InconsistentInput.at(f"/bids/{index}", "not_a_call", call=text)
        value, strain = bid.groups()
        named = value.lower()
        number = named if named in (CAPOT, GENERALE) else int(value)
        return cls("bid", number, parse_strain(strain))

    @classmethod
    def read(cls, text: str, index: int, options: CoincheOptions) -> Call:
        """`parse` under `options`: a générale is no call without option `generale`, refused
        as any text that is no call."""
        call = cls.parse(text, index)
        if call.value == GENERALE and options.generale == NO_GENERALE:
            raise InconsistentInput.at(f"/bids/{index}", "not_a_call", call=text)
        return call


# Bids rank by value: the capot outranks any number, the générale the capot.
_WORD_RANKS = {CAPOT: 1 << 30, GENERALE: 1 << 31}


def _rank(value: int | str) -> int:
    """Bids rank by value (`_WORD_RANKS` above the numbers). Strain never ranks."""
    return _WORD_RANKS[value] if isinstance(value, str) else value


@dataclass(frozen=True, slots=True)
class AuctionViolation:
    """The first illegal call: its index in the list, why, and the call itself."""

    index: int
    code: str
    call: str

    def message(self, lang: str = "en") -> str:
        return render(f"auction.{self.code}", lang, {"call": self.call})


@dataclass(frozen=True, slots=True)
class Auction:
    status: str  # open | taken | redeal | invalid
    next: Seat | None  # who speaks next (before the illegal call, when invalid)
    legal: tuple[str, ...]
    contract: Contract | None  # once taken (or before the illegal call, when invalid)
    standing: Contract | None  # the highest bid so far at its coinche level
    violation: AuctionViolation | None


@dataclass(slots=True)
class _State:
    """The auction so far, under `options` and their `bid_values`: the standing bid (None
    before any), the seat that made it, its coinche level, passes since the last bid or
    coinche, and whether it is over."""

    options: CoincheOptions
    dealer: Seat
    values: tuple[int | str, ...]
    calls: int = 0
    bid: Call | None = None
    bidder: Seat = 0
    coinche: int = 0
    passes: int = 0
    over: bool = False

    @property
    def seat(self) -> Seat:
        return seat_after(self.dealer, 1 + self.calls)

    def standing(self) -> Contract | None:
        if self.bid is None:
            return None
        return Contract(self.bidder, self.bid.value, self.bid.strain, self.coinche)  # type: ignore[arg-type]

    def illegal(self, call: Call) -> str | None:
        """The first violation `call` commits, or None."""
        if self.over:
            return AUCTION_CLOSED
        if call.kind == PASS:
            return None
        if call.kind == "bid":
            return self._bid_violation(call)
        if call.kind == COINCHE:
            if self.bid is None:
                return COINCHE_WITHOUT_BID
            if self.coinche:
                return ALREADY_COINCHED
            return COINCHE_OWN_TEAM if team_of(self.seat) == team_of(self.bidder) else None
        if self.coinche == 0:
            return SURCOINCHE_WITHOUT_COINCHE
        return SURCOINCHE_BY_DEFENDERS if team_of(self.seat) != team_of(self.bidder) else None

    def _bid_violation(self, call: Call) -> str | None:
        if self.coinche and not self.options.bid_after_coinche:
            return BID_AFTER_COINCHE  # no bid after a coinche (`bid_after_coinche` false)
        if needs_sa_ta(call.strain, self.options.sa_ta):  # type: ignore[arg-type]
            return STRAIN_NOT_ALLOWED
        if call.value not in self.values:
            return BID_OUT_OF_RANGE
        if self.bid is not None:
            if _rank(call.value) <= _rank(self.bid.value):  # type: ignore[arg-type]
                return BID_TOO_LOW
            if self.bidder == self.seat and call.strain == self.bid.strain:
                return BID_TOO_LOW  # four_passes: the bidder outbids only in another strain
        return None

    def play(self, call: Call) -> None:
        """Apply a legal call."""
        seat = self.seat
        self.calls += 1
        if call.kind == PASS:
            self.passes += 1
            if self.bid is None:
                self.over = self.passes == PLAYERS  # four passes with no bid: redeal
            elif self.coinche:
                self.over = self.passes == _PASSES_AFTER_COINCHE
            else:
                self.over = self.passes == _PASSES_AFTER_BID[self.options.auction_end]
        elif call.kind == "bid":
            # A bid over a coinche (`bid_after_coinche`) lifts it: the new bid stands alone.
            self.bid, self.bidder, self.passes, self.coinche = call, seat, 0, 0
        elif call.kind == COINCHE:
            self.coinche, self.passes = 1, 0
        else:
            self.coinche, self.over = 2, True  # a surcoinche ends the auction at once

    def legal(self) -> tuple[str, ...]:
        """RULES-COINCHE.md's order: pass, bids by value then S H D C SA TA, coinche,
        surcoinche."""
        if self.over:
            return ()
        strains = allowed_strains(self.options.sa_ta)
        calls = [Call(PASS)]
        calls += [Call("bid", v, s) for v in self.values for s in strains]
        calls += [Call(COINCHE), Call(SURCOINCHE)]
        return tuple(str(c) for c in calls if self.illegal(c) is None)


def judge_auction(
    dealer: Seat, bids: Sequence[str], options: CoincheOptions = DEFAULT_COINCHE_OPTIONS
) -> Auction:
    """The state of the auction after `bids`, or the first illegal call.

    >>> judge_auction(3, ["90H", "pass", "pass", "pass"]).contract
    Contract(taker=0, value=90, strain=1, coinche=0)
    """
    if dealer not in range(PLAYERS):
        raise InconsistentInput.at("/dealer", "not_a_seat", value=dealer)
    calls = [Call.read(text, index, options) for index, text in enumerate(bids)]
    state = _State(options, dealer, bid_values(options))
    violation = None
    for index, call in enumerate(calls):
        code = state.illegal(call)
        if code is not None:
            violation = AuctionViolation(index, code, str(call))
            break
        state.play(call)
    standing = state.standing()
    status = (TAKEN if standing is not None else REDEAL) if state.over else OPEN
    return Auction(
        status=INVALID if violation else status,
        next=None if state.over else state.seat,
        legal=state.legal(),
        contract=standing if status == TAKEN else None,
        standing=standing,
        violation=violation,
    )
