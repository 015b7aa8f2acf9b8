"""Classic belote (RULES.md): a trump suit taken on a turned card, 5 cards dealt then 3.

What classic does its own way, as the methods of `CLASSIC`: its bidding (`bidding`), its
record (`replay.DealRecord`: a trump and a taker), its options (`options`), its deal score
(`scoring`) and its description (`describe`). Everything else is every variant's.

>>> CLASSIC.replay(DealRecord(3, 1, 0, ())).to_move
0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.rules.core.cards import DEAL_POINTS, SUIT_CODES, Card, CardValues, Suit
from service.rules.core.dealing import Deal, dealt
from service.rules.core.errors import InconsistentInput, Problem
from service.rules.core.replay import Belote, Declaration, Replay
from service.rules.core.seats import PLAYERS, TURN_ORDER, Seat, seat_after
from service.rules.core.strains import Strain, card_values
from service.rules.variants.base import Taken, Variant, honours
from service.rules.variants.classic.bidding import TAKEN, Bidding, judge_bidding
from service.rules.variants.classic.describe import RulesDescription, describe_rules
from service.rules.variants.classic.options import DEFAULT_OPTIONS, OPTION_SPECS, RuleOptions
from service.rules.variants.classic.replay import DealRecord
from service.rules.variants.classic.scoring import DealScore, DealSummary, score_deal

# RULES.md "Dealing": 3 then 2 cards each from the dealer's next, then the turned card; after
# the take, 3 more each and 2 to the taker, who takes the turned card.
FIRST_PACKETS = (3, 2)
COMPLETION_PACKET = 3


class Classic(Variant[DealRecord, RuleOptions, DealSummary, DealScore]):
    """Classic belote."""

    name = "classic"
    misdeal_points = DEAL_POINTS  # the FFB's web page: "162 points" at the third misdeal
    default_options = DEFAULT_OPTIONS
    specs = OPTION_SPECS

    def deal_deck(self, deck: list[Card], dealer: Seat, taker: Seat | None) -> Deal:
        """5 cards each and a card turned; with `taker`, the hands completed to 8."""
        hands = dealt(deck, dealer, FIRST_PACKETS)
        turned = deck.pop(0)
        if taker is not None:
            hands[taker].append(turned)
            for seat in TURN_ORDER[seat_after(dealer)]:
                packet = COMPLETION_PACKET - (seat == taker)
                hands[seat] += deck[:packet]
                del deck[:packet]
        return Deal(tuple(tuple(h) for h in hands), turned, tuple(deck))

    def auction(
        self,
        dealer: Seat,
        calls: Sequence[str],
        options: RuleOptions | None = None,
        turned: Card | None = None,
    ) -> Bidding:
        """RULES.md "Bidding" on the `turned` card (the options change nothing there)."""
        if turned is None:
            raise InconsistentInput.at("/turned", "bidding_needs_turned")
        return judge_bidding(dealer, turned, calls)

    def taken(self, auction: Bidding) -> Taken | None:
        """The taker and the trump, once a suit is taken."""
        if auction.status != TAKEN:
            return None
        assert auction.taker is not None  # a bidding taken names its taker
        assert auction.trump is not None  # and its trump
        return Taken(auction.taker, auction.trump)

    def strains(self, options: RuleOptions) -> tuple[Strain, ...]:
        """The four suits: a take names a trump (RULES.md "Bidding")."""
        return tuple(Suit)

    def bid_values(self, options: RuleOptions) -> tuple[int | str, ...]:
        """None: a take has no value, and the first take ends the bidding."""
        return ()

    def bid_points(self, value: int | str, options: RuleOptions) -> int:
        """Nothing: a take has no value (a classic misdeal names no bid, `bid_values`)."""
        return 0

    def record(
        self,
        dealer: Seat,
        taken: Taken,
        plays: tuple[Card, ...],
        hands: tuple[tuple[Card, ...], ...] | None,
        belotes: tuple[Belote, ...],
        declarations: tuple[Declaration, ...],
    ) -> DealRecord:
        """Classic's record: the trump and the taker; its belote announced or not."""
        return DealRecord(
            dealer, taken.strain, taken.taker, plays, hands, bool(belotes), declarations
        )

    def strain(self, record: DealRecord) -> Strain:
        return record.strain

    def taker(self, record: DealRecord) -> Seat:
        return record.taker

    def record_problems(self, record: DealRecord, options: RuleOptions) -> list[Problem]:
        """A taker that is a seat, and a trump suit: SA and TA are coinche's."""
        problems = []
        if record.taker not in range(PLAYERS):
            problems.append(Problem("/taker", "not_a_seat", {"value": record.taker}))
        if record.strain not in range(len(SUIT_CODES)):
            problems.append(Problem("/trump", "not_a_suit", {"suit": record.strain}))
        return problems

    def card_values(self, strain: Strain, options: RuleOptions) -> CardValues:
        """A suit contract's card values, whatever the options."""
        return card_values(strain)

    def belote_suits(self, strain: Strain, options: RuleOptions) -> tuple[int, ...]:
        """The trump suit's king and queen."""
        return (strain,)

    def belote_counts(self, record: DealRecord, belote: Belote, options: RuleOptions) -> bool:
        """Always under `belote: automatic`, once announced under `announce`."""
        return options.belote == "automatic" or record.belote_announced

    def belotes(
        self, record: DealRecord, replayed: Replay[DealScore, DealSummary], options: RuleOptions
    ) -> list[Belote]:
        """The announced belote, with the seat that played its first honour: a belote is
        announced as its first card is played, by its holder (RULES.md "Belote")."""
        if not record.belote_announced:
            return []
        trumps = honours(record.strain)
        players = {
            seat_after(trick.leader, place)
            for trick in replayed.tricks
            for place, card in enumerate(trick.cards)
            if card in trumps
        }
        return [Belote(holder, record.strain) for holder in players]

    def deal_to_score(self, record: DealRecord, **counted: Any) -> DealSummary:
        """The taker and the trump (which breaks the annonces' ties), and what was counted."""
        return DealSummary(taker=record.taker, trump=record.strain, **counted)

    def score_deal(self, summary: DealSummary, options: RuleOptions | None = None) -> DealScore:
        """RULES.md "Scoring a deal" (`scoring.score_deal`)."""
        return score_deal(summary, self.options_or_default(options))

    def describe(self, lang: str = "en") -> RulesDescription:
        return describe_rules(lang)


CLASSIC = Classic()
