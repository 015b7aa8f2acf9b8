"""A coinche deal's record: the contract in place of classic's trump and taker, a belote
announced by its seat and suit, and what the cards are worth under the contract's strain.

RULES-COINCHE.md: the tricks, the renonces and their proofs are RULES.md's, decided by the
strain (`replay.judge_plays`, `play.obligation_of_mask`); what is coinche's own is here and in
the variant (`COINCHE`): the contract, the card values of SA and TA (`sa_points`,
`ta_points`), the belotes each strain counts (`ta_belote`, `belote`) and the deal score
(`scoring`).
"""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.core.cards import Card, CardValues
from service.rules.core.errors import InconsistentInput
from service.rules.core.replay import Belote, Declaration
from service.rules.core.seats import Seat
from service.rules.core.strains import STRAIN_CODES, Strain, card_values, needs_sa_ta
from service.rules.variants.coinche.options import DEFAULT_COINCHE_OPTIONS, CoincheOptions, Contract


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

    @property
    def strain(self) -> Strain:
        """The contract's strain, which the play is judged under."""
        return self.contract.strain

    @property
    def taker(self) -> Seat:
        """The seat that made the final bid."""
        return self.contract.taker


def strain_values(strain: Strain, options: CoincheOptions = DEFAULT_COINCHE_OPTIONS) -> CardValues:
    """What the cards are worth under `strain` with the options `sa_points` and `ta_points`."""
    return card_values(strain, options.sa_points, options.ta_points)


def check_strain(strain: Strain, options: CoincheOptions, pointer: str = "/strain") -> None:
    """A strain given with a trick, as a contract's: SA and TA only with `sa_ta`, else
    InconsistentInput (RULES-COINCHE.md "Precisions": a table playing without them cannot be
    in this situation)."""
    if needs_sa_ta(strain, options.sa_ta):
        raise InconsistentInput.at(pointer, "strain_needs_sa_ta", strain=STRAIN_CODES[strain])
