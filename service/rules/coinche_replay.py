"""Replaying a coinche deal: the classic replay's machinery under the contract's strain.

RULES-COINCHE.md: the tricks, the renonces and their proofs are RULES.md's, decided by the
strain (`replay.judge_plays`, `play.obligation_of_mask`); what is coinche's own is here: the
contract, the card values of SA and TA (`sa_points`, `ta_points`), the belotes each strain
counts (`ta_belote`, `belote`) and the deal score (`coinche_scoring`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.rules.cards import (
    SANS_ATOUT,
    TOUT_ATOUT,
    Card,
    CardValues,
    card_values,
)
from service.rules.coinche_options import (
    CAPOT,
    DEFAULT_COINCHE_OPTIONS,
    CoincheOptions,
    Contract,
)
from service.rules.errors import Problem
from service.rules.play import PLAYERS
from service.rules.replay import (
    DealRecord,
    Declaration,
    DeclarationVerdict,
    Renonce,
    TrickRecord,
    belote_holder,
    check_declarations,
    check_record,
    judge_plays,
)
from service.rules.scoring import team_of

LOWEST_BID = 80
BID_STEP = 10
COINCHE_LEVELS = range(3)  # 0 none, 1 coinched, 2 surcoinched


@dataclass(frozen=True, slots=True)
class Belote:
    """King and queen of `suit` in one seat's hand: 20 to its team (RULES-COINCHE.md
    "Belote")."""

    seat: int
    suit: int

    @property
    def team(self) -> int:
        return team_of(self.seat)


@dataclass(frozen=True, slots=True)
class CoincheRecord:
    """A coinche deal as played: who dealt, the contract, the cards in the order played,
    optionally each seat's 8 cards, the belotes announced and the annonces declared."""

    dealer: int
    contract: Contract
    plays: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...] | None = None
    belote_announced: tuple[Belote, ...] = ()
    declarations: tuple[Declaration, ...] = ()

    def as_deal_record(self) -> DealRecord:
        """The record the shared replay machinery reads, with the strain as its trump."""
        return DealRecord(
            dealer=self.dealer,
            trump=self.contract.strain,
            taker=self.contract.taker,
            plays=self.plays,
            hands=self.hands,
            declarations=self.declarations,
        )


@dataclass(frozen=True, slots=True)
class CoincheReplay:
    tricks: tuple[TrickRecord, ...]
    renonces: tuple[Renonce, ...]
    complete: bool
    to_move: int | None
    legal: tuple[Card, ...] | None  # when the hands are known and the deal is not complete
    points: tuple[int, int]  # the strain's values, scaled when the option says; 162 in all
    belote: tuple[Belote, ...]  # the belotes counted
    declarations: tuple[DeclarationVerdict, ...]


def strain_values(strain: int, options: CoincheOptions = DEFAULT_COINCHE_OPTIONS) -> CardValues:
    """What the cards are worth under `strain` with the options `sa_points` and `ta_points`."""
    return card_values(strain, options.sa_points, options.ta_points)


def belote_suits(strain: int, options: CoincheOptions = DEFAULT_COINCHE_OPTIONS) -> tuple[int, ...]:
    """The suits whose K and Q in one hand make a belote (RULES-COINCHE.md "Belote")."""
    if strain == SANS_ATOUT:
        return ()  # SA: none.
    if strain == TOUT_ATOUT:
        # TA: every suit (`ta_belote: each_suit`, FFB), or none (`none`, BGA).
        return tuple(range(4)) if options.ta_belote == "each_suit" else ()
    return (strain,)  # A suit contract: K and Q of trump.


def contract_problems(
    contract: Contract, options: CoincheOptions, pointer: str = "/contract"
) -> list[Problem]:
    """Why a contract given rather than bid cannot be judged (RULES-COINCHE.md "Precisions"):
    a taker that is no seat, SA/TA without `sa_ta`, a value that is not 80..max_bid in tens
    nor capot, a coinche level other than 0, 1 or 2."""
    problems = []
    if contract.taker not in range(PLAYERS):
        problems.append(Problem(f"{pointer}/taker", "not_a_seat", {"value": contract.taker}))
    if contract.strain in (SANS_ATOUT, TOUT_ATOUT) and not options.sa_ta:
        problems.append(Problem(f"{pointer}/strain", "strain_needs_sa_ta", {}))
    value = contract.value
    if value != CAPOT and (
        not isinstance(value, int) or not LOWEST_BID <= value <= options.max_bid or value % BID_STEP
    ):
        problems.append(Problem(f"{pointer}/value", "contract_value", {"max_bid": options.max_bid}))
    if contract.coinche not in COINCHE_LEVELS:
        problems.append(Problem(f"{pointer}/coinche", "coinche_level", {"value": contract.coinche}))
    return problems


def counted_belotes(
    record: CoincheRecord, seats: Sequence[int], options: CoincheOptions
) -> tuple[Belote, ...]:
    """The belotes that count: held (by the hands, else by the plays so far) under the
    strain, and announced unless the option `belote` is `automatic`."""
    found = []
    deal = record.as_deal_record()
    for suit in belote_suits(record.contract.strain, options):
        holder = belote_holder(deal, seats, suit)
        if holder is None:
            continue
        belote = Belote(holder, suit)
        if options.belote == "automatic" or belote in record.belote_announced:
            found.append(belote)
    return tuple(found)


def replay_coinche(
    record: CoincheRecord, options: CoincheOptions = DEFAULT_COINCHE_OPTIONS
) -> CoincheReplay:
    """Replay a coinche deal and judge every play under its contract's strain."""
    deal = record.as_deal_record()
    check_record(deal, contract_problems(record.contract, options))
    played = judge_plays(deal, options, strain_values(record.contract.strain, options))
    return CoincheReplay(
        tricks=played.tricks,
        renonces=played.renonces,
        complete=played.complete,
        to_move=played.to_move,
        legal=played.legal,
        points=played.points,
        belote=counted_belotes(record, played.seats, options),
        declarations=check_declarations(deal, played.seats) if options.annonces else (),
    )
