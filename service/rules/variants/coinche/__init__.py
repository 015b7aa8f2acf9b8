"""Belote coinchée (RULES-COINCHE.md): 8 cards each, an auction of contracts, coinche and
surcoinche, sans-atout and tout-atout.

What coinche does its own way, as the methods of `COINCHE`: its auction (`bidding`), its
record (`replay.CoincheRecord`: a contract), its options (`options`), the card values of SA
and TA, its belotes (one per suit under TA), its deal score (`scoring`) and its description
(`describe`). Everything else is every variant's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from service.rules.core.cards import Card, CardValues
from service.rules.core.dealing import Deal, dealt
from service.rules.core.errors import Problem
from service.rules.core.replay import (
    Belote,
    Declaration,
    DeclarationVerdict,
    PlaysJudged,
    Replay,
    sweeping_seat,
)
from service.rules.core.scoring import MISDEAL_POINTS
from service.rules.core.seats import Seat
from service.rules.core.strains import Strain, allowed_strains, belote_suits
from service.rules.variants.base import Taken, Variant
from service.rules.variants.coinche.bidding import TAKEN, Auction, judge_auction
from service.rules.variants.coinche.describe import CoincheRulesDescription, describe_coinche_rules
from service.rules.variants.coinche.options import (
    COINCHE_OPTION_SPECS,
    DEFAULT_COINCHE_OPTIONS,
    CoincheOptions,
    Contract,
    bid_values,
)
from service.rules.variants.coinche.replay import CoincheRecord, strain_values
from service.rules.variants.coinche.scoring import (
    CoincheDealScore,
    CoincheDealSummary,
    bid_points,
    score_deal,
)

# RULES-COINCHE.md "Deal": all 32 cards, 3-2-3 from the dealer's next, no turned card.
PACKETS = (3, 2, 3)


class Coinche(Variant[CoincheRecord, CoincheOptions, CoincheDealSummary, CoincheDealScore]):
    """Belote coinchée."""

    name = "coinche"
    misdeal_points = MISDEAL_POINTS  # FFB's web pages: "160 points" at the third
    default_options = DEFAULT_COINCHE_OPTIONS
    specs = COINCHE_OPTION_SPECS

    def deal_deck(self, deck: list[Card], dealer: Seat, taker: Seat | None) -> Deal:
        """8 cards each in packets of 3, 2, 3: the deal is whole before the auction, so
        `taker` changes nothing."""
        return Deal(tuple(tuple(hand) for hand in dealt(deck, dealer, PACKETS)))

    def auction(
        self,
        dealer: Seat,
        calls: Sequence[str],
        options: CoincheOptions | None = None,
        turned: Card | None = None,
    ) -> Auction:
        """RULES-COINCHE.md "Auction" (no card is turned)."""
        return judge_auction(dealer, calls, self.options_or_default(options))

    def taken(self, auction: Auction) -> Taken | None:
        """The contract at its coinche level, once the auction is taken."""
        if auction.status != TAKEN:
            return None
        contract = auction.contract
        assert contract is not None  # an auction taken has its contract
        return Taken(contract.taker, contract.strain, contract.value, contract.coinche)

    def strains(self, options: CoincheOptions) -> tuple[Strain, ...]:
        """The four suits, and SA and TA with `sa_ta` (RULES-COINCHE.md "Auction")."""
        return tuple(allowed_strains(options.sa_ta))

    def bid_values(self, options: CoincheOptions) -> tuple[int | str, ...]:
        """`min_bid`, the multiples of `bid_step` above it to `max_bid`, then capot
        (RULES-COINCHE.md "Auction")."""
        return bid_values(options)

    def bid_points(self, value: int | str, options: CoincheOptions) -> int:
        """A bid's points (`scoring.bid_points`: capot's by `capot_bid`)."""
        return bid_points(value, options)

    def record(
        self,
        dealer: Seat,
        taken: Taken,
        plays: tuple[Card, ...],
        hands: tuple[tuple[Card, ...], ...] | None,
        belotes: tuple[Belote, ...],
        declarations: tuple[Declaration, ...],
    ) -> CoincheRecord:
        """Coinche's record: the contract; each belote announced by its seat and suit."""
        assert taken.value is not None  # a coinche contract has its value
        contract = Contract(taken.taker, taken.value, taken.strain, taken.coinche)
        return CoincheRecord(dealer, contract, plays, hands, belotes, declarations)

    def strain(self, record: CoincheRecord) -> Strain:
        return record.contract.strain

    def taker(self, record: CoincheRecord) -> Seat:
        return record.contract.taker

    def record_problems(self, record: CoincheRecord, options: CoincheOptions) -> list[Problem]:
        """The contract under the options (`Contract.problems`)."""
        return record.contract.problems(options)

    def card_values(self, strain: Strain, options: CoincheOptions) -> CardValues:
        """The strain's values, SA's and TA's by `sa_points` and `ta_points`."""
        return strain_values(strain, options)

    def belote_suits(self, strain: Strain, options: CoincheOptions) -> tuple[int, ...]:
        """A suit contract's trump; none under SA; each suit under TA (`ta_belote`)."""
        return belote_suits(strain, options.ta_belote)

    def belote_counts(self, record: CoincheRecord, belote: Belote, options: CoincheOptions) -> bool:
        """Always under `belote: automatic`; else when announced, by its seat and suit."""
        return options.belote == "automatic" or belote in record.belote_announced

    def belotes(
        self,
        record: CoincheRecord,
        replayed: Replay[CoincheDealScore, CoincheDealSummary],
        options: CoincheOptions,
    ) -> list[Belote]:
        """The announced belotes of a suit the strain makes one in (RULES-COINCHE.md
        "Belote"): each names its seat."""
        suits = self.belote_suits(record.contract.strain, options)
        return [belote for belote in record.belote_announced if belote.suit in suits]

    def summary(
        self,
        record: CoincheRecord,
        played: PlaysJudged,
        belotes: tuple[Belote, ...],
        declarations: tuple[DeclarationVerdict, ...],
    ) -> CoincheDealSummary:
        """Every variant's deal to score, and the seat that won all 8 tricks alone, which
        makes a générale (RULES-COINCHE.md "Options", `generale`)."""
        summary = super().summary(record, played, belotes, declarations)
        return replace(summary, generale=sweeping_seat(played.tricks))

    def deal_to_score(self, record: CoincheRecord, **counted: Any) -> CoincheDealSummary:
        """The contract, and what was counted."""
        return CoincheDealSummary(contract=record.contract, **counted)

    def score_deal(
        self, summary: CoincheDealSummary, options: CoincheOptions | None = None
    ) -> CoincheDealScore:
        """RULES-COINCHE.md "Scoring a deal" (`scoring.score_deal`)."""
        return score_deal(summary, self.options_or_default(options))

    def describe(self, lang: str = "en") -> CoincheRulesDescription:
        return describe_coinche_rules(lang)


COINCHE = Coinche()
