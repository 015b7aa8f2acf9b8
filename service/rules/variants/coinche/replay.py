"""Replaying a coinche deal: the classic replay's machinery under the contract's strain.

RULES-COINCHE.md: the tricks, the renonces and their proofs are RULES.md's, decided by the
strain (`replay.judge_plays`, `play.obligation_of_mask`); what is coinche's own is here: the
contract, the card values of SA and TA (`sa_points`, `ta_points`), the belotes each strain
counts (`ta_belote`, `belote`) and the deal score (`coinche_scoring`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.rules.core.cards import Card, CardValues
from service.rules.core.errors import InconsistentInput
from service.rules.core.replay import (
    DealRecord,
    Declaration,
    DeclarationVerdict,
    PlaysJudged,
    belote_holder,
    capot_team,
    check_declarations,
    check_record,
    declared_annonces,
    judge_plays,
)
from service.rules.core.strains import STRAIN_CODES, Strain, belote_suits, card_values, needs_sa_ta
from service.rules.core.table import Seat, Team, team_of
from service.rules.variants.coinche.options import DEFAULT_COINCHE_OPTIONS, CoincheOptions, Contract
from service.rules.variants.coinche.scoring import (
    CoincheDealScore,
    CoincheDealSummary,
    score_coinche_deal,
)


@dataclass(frozen=True, slots=True)
class Belote:
    """King and queen of `suit` in one seat's hand: 20 to its team (RULES-COINCHE.md
    "Belote")."""

    seat: Seat
    suit: int

    @property
    def team(self) -> Team:
        return team_of(self.seat)


@dataclass(frozen=True, slots=True)
class CoincheRecord:
    """A coinche deal as played: who dealt, the contract, the cards in the order played,
    optionally each seat's 8 cards, the belotes announced and the annonces declared."""

    dealer: Seat
    contract: Contract
    plays: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...] | None = None
    belote_announced: tuple[Belote, ...] = ()
    declarations: tuple[Declaration, ...] = ()

    def as_deal_record(self) -> DealRecord:
        """The record the shared replay machinery reads."""
        return DealRecord(
            dealer=self.dealer,
            strain=self.contract.strain,
            taker=self.contract.taker,
            plays=self.plays,
            hands=self.hands,
            declarations=self.declarations,
        )


@dataclass(frozen=True, slots=True)
class CoincheReplay(PlaysJudged):
    belote: tuple[Belote, ...]  # the belotes counted
    declarations: tuple[DeclarationVerdict, ...]
    score: CoincheDealScore | None  # on a complete deal, the renonce penalty applied
    summary: CoincheDealSummary | None = None  # what the score was worked out from


def strain_values(strain: Strain, options: CoincheOptions = DEFAULT_COINCHE_OPTIONS) -> CardValues:
    """What the cards are worth under `strain` with the options `sa_points` and `ta_points`."""
    return card_values(strain, options.sa_points, options.ta_points)


def check_strain(strain: Strain, options: CoincheOptions, pointer: str = "/strain") -> None:
    """A strain given with a trick, as a contract's: SA and TA only with `sa_ta`, else
    InconsistentInput (RULES-COINCHE.md "Precisions": a table playing without them cannot be
    in this situation)."""
    if needs_sa_ta(strain, options.sa_ta):
        raise InconsistentInput.at(pointer, "strain_needs_sa_ta", strain=STRAIN_CODES[strain])


def counted_belotes(
    record: CoincheRecord, deal: DealRecord, seats: Sequence[int], options: CoincheOptions
) -> tuple[Belote, ...]:
    """The belotes that count: held (by the hands, else by the plays so far) under the
    strain, and announced unless the option `belote` is `automatic`."""
    found = []
    for suit in belote_suits(record.contract.strain, options.ta_belote):
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
    check_record(deal, record.contract.problems(options))
    played = judge_plays(deal, options, strain_values(record.contract.strain, options))
    belotes = counted_belotes(record, deal, played.seats, options)
    declarations = check_declarations(deal, played.seats) if options.annonces else ()
    score = summary = None
    if played.complete:
        counts = [0, 0]
        for belote in belotes:
            counts[belote.team] += 1
        summary = CoincheDealSummary(
            contract=record.contract,
            points=played.points,
            capot=capot_team(played.tricks),
            belote=(counts[0], counts[1]),
            annonces=declared_annonces(declarations),
            renonce=team_of(played.renonces[0].seat) if played.renonces else None,
        )
        score = score_coinche_deal(summary, options)
    return CoincheReplay(
        **played.judged(),
        belote=belotes,
        declarations=declarations,
        score=score,
        summary=summary,
    )
