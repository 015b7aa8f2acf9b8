"""A classic deal's record: who dealt, the trump suit, who took, the plays, and whether the
belote was announced (RULES.md; the replay itself is every variant's: `replay.replay_deal`)."""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.core.cards import Card
from service.rules.core.replay import Declaration
from service.rules.core.seats import Seat
from service.rules.core.strains import Strain


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A classic deal as played: who dealt, the trump suit, who took, the cards in the order
    played, optionally each seat's 8 cards after the deal, whether the belote was announced
    (it counts then under option `belote: announce`) and the annonces declared."""

    dealer: Seat
    strain: Strain
    taker: Seat
    plays: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...] | None = None
    belote_announced: bool = False
    declarations: tuple[Declaration, ...] = ()
