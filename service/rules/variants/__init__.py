"""The two games the referee judges, classic belote and coinche, as one object each.

As python-chess's `chess.variant` (each variant a board overriding only what differs) and
OpenSpiel's game parameters: a `Variant` says how a deal of its game is had (its record's
strain and taker, its options' defaults, its replay, which scores it, the card values of a
strain, the belotes its record announces), and the shared cores (the analysis, the review,
the explanation of a claim, the advice) take it instead of being written once per game.

>>> CLASSIC.name, COINCHE.name
('classic', 'coinche')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from service.rules.core.cards import KING, QUEEN, Card, CardValues
from service.rules.core.options import DEFAULT_OPTIONS, RuleOptions
from service.rules.core.replay import DealRecord, Replay, replay
from service.rules.core.scoring import ScoredDeal, score_deal
from service.rules.core.strains import Strain, belote_suits, card_values
from service.rules.core.table import Seat, seat_after
from service.rules.variants.coinche.options import DEFAULT_COINCHE_OPTIONS, CoincheOptions
from service.rules.variants.coinche.replay import (
    Belote,
    CoincheRecord,
    CoincheReplay,
    replay_coinche,
    strain_values,
)
from service.rules.variants.coinche.scoring import score_coinche_deal

RecordT = TypeVar("RecordT", DealRecord, CoincheRecord)
OptionsT = TypeVar("OptionsT", RuleOptions, CoincheOptions)
Replayed = Replay | CoincheReplay


@dataclass(frozen=True, slots=True)
class Variant(Generic[RecordT, OptionsT]):
    """How a deal of one game is had:

    - `strain(record)`, `taker(record)`: the strain played and the seat that took;
    - `default_options`: the rule options when none are given;
    - `replay(record, options)`: the record checked and replayed, every play judged, and on a
      complete deal its score (the variant's scoring);
    - `card_values(strain, options)`: what the cards are worth under `strain`;
    - `belotes(record, replayed, options)`: the belotes the record announces (a king and
      queen of a suit that makes one), with the seat that holds each;
    - `score_summary(summary, options)`: the deal score of a complete replay's `summary`
      (the variant's scoring: what the replay scores a complete deal with)."""

    name: str
    default_options: OptionsT
    strain: Callable[[RecordT], Strain]
    taker: Callable[[RecordT], Seat]
    replay: Callable[[RecordT, OptionsT], Replayed]
    card_values: Callable[[Strain, OptionsT], CardValues]
    belotes: Callable[[RecordT, Replayed, OptionsT], list[Belote]]
    score_summary: Callable[[Any, OptionsT], ScoredDeal[Any]]

    def options_or_default(self, options: OptionsT | None) -> OptionsT:
        """`options`, or the variant's defaults when None."""
        return self.default_options if options is None else options


def honours(suit: Strain) -> tuple[Card, Card]:
    """The king and queen of `suit`: a belote."""
    return Card.of(KING, suit), Card.of(QUEEN, suit)


def _classic_belotes(record: DealRecord, replayed: Replayed, options: RuleOptions) -> list[Belote]:
    """Classic's announced belote, with the seat that played its first honour: a belote is
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


def _coinche_belotes(
    record: CoincheRecord, replayed: Replayed, options: CoincheOptions
) -> list[Belote]:
    """Coinche's announced belotes of a suit the strain makes one in (RULES-COINCHE.md
    "Belote"): each names its seat."""
    suits = belote_suits(record.contract.strain, options.ta_belote)
    return [belote for belote in record.belote_announced if belote.suit in suits]


def _suit_values(strain: Strain, options: RuleOptions) -> CardValues:
    """Classic's card values: a suit contract's, whatever the options."""
    return card_values(strain)


def _classic_strain(record: DealRecord) -> Strain:
    return record.strain


def _classic_taker(record: DealRecord) -> Seat:
    return record.taker


def _contract_strain(record: CoincheRecord) -> Strain:
    return record.contract.strain


def _contract_taker(record: CoincheRecord) -> Seat:
    return record.contract.taker


CLASSIC: Variant[DealRecord, RuleOptions] = Variant(
    "classic",
    DEFAULT_OPTIONS,
    _classic_strain,
    _classic_taker,
    replay,
    _suit_values,
    _classic_belotes,
    score_deal,
)
COINCHE: Variant[CoincheRecord, CoincheOptions] = Variant(
    "coinche",
    DEFAULT_COINCHE_OPTIONS,
    _contract_strain,
    _contract_taker,
    replay_coinche,
    strain_values,
    _coinche_belotes,
    score_coinche_deal,
)
