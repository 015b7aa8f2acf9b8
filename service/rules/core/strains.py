"""Strains: what a contract is played in. A trump suit (classic and coinche), or coinche's
sans-atout (SA) and tout-atout (TA) (RULES-COINCHE.md "Auction", "Order and value", "Belote").

A strain is a small int, as python-chess's `Square`: a suit 0-3 names a trump contract (a
`Suit`), `SANS_ATOUT` and `TOUT_ATOUT` name no suit. SA: no trump, every suit in plain order;
TA: every suit in trump order. Here are, once, its codes and parsing, the card values it
gives, the belotes it allows, and the `sa_ta` option that admits SA and TA.
"""

from __future__ import annotations

from service.rules.core.cards import (
    ALL_CARDS,
    PLAIN_POINTS,
    SUIT_CODES,
    SUIT_CONTRACT_VALUES,
    TRUMP_POINTS,
    CardValues,
    Suit,
)

Strain = int  # a trump suit 0-3, SANS_ATOUT or TOUT_ATOUT

SANS_ATOUT: Strain = 4
TOUT_ATOUT: Strain = 5
STRAIN_CODES = (*SUIT_CODES, "SA", "TA")
NO_TRUMP_STRAINS = (SANS_ATOUT, TOUT_ATOUT)  # the two that only `sa_ta` admits

# RULES-COINCHE.md "Order and value": SA ranks every suit in plain order, TA in trump order;
# their points are the federation's (38 a suit, 152 in all) or, `scaled`, the raw plain or
# trump values, each team's total scaled to 152.
#                 rank:  7  8  9  10  J   Q  K  A
SA_ACE19_POINTS = (0, 0, 0, 10, 2, 3, 4, 19)
TA_FFB_POINTS = (0, 0, 9, 5, 13, 2, 3, 6)


def _every_suit(rank_points: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(rank_points[c & 7] for c in ALL_CARDS)


SA_VALUES = {
    "ace19": CardValues(_every_suit(SA_ACE19_POINTS)),
    "scaled": CardValues(_every_suit(PLAIN_POINTS), 4 * sum(PLAIN_POINTS)),
}
TA_VALUES = {
    "ffb": CardValues(_every_suit(TA_FFB_POINTS)),
    "scaled": CardValues(_every_suit(TRUMP_POINTS), 4 * sum(TRUMP_POINTS)),
}


def parse_strain(text: str) -> Strain:
    """A strain from `S H D C` (any case, or `♠ ♥ ♦ ♣`), `SA` or `TA` (any case); ValueError
    otherwise."""
    code = text.upper()
    if code in NO_TRUMP_CODES:
        return STRAIN_CODES.index(code)
    try:
        return int(Suit.parse(text))
    except ValueError:
        raise ValueError(f"not a strain: {text!r}") from None


NO_TRUMP_CODES = tuple(STRAIN_CODES[s] for s in NO_TRUMP_STRAINS)


def card_values(strain: Strain, sa_points: str = "ace19", ta_points: str = "ffb") -> CardValues:
    """The card values under `strain`, with coinche's options `sa_points` and `ta_points` for
    SA and TA (their defaults: the federation's)."""
    if strain == SANS_ATOUT:
        return SA_VALUES[sa_points]
    if strain == TOUT_ATOUT:
        return TA_VALUES[ta_points]
    return SUIT_CONTRACT_VALUES[strain]


def allowed_strains(sa_ta: bool) -> range:
    """The strains a table plays: the four suits, and SA and TA with the option `sa_ta`."""
    return range(len(STRAIN_CODES) if sa_ta else len(SUIT_CODES))


def needs_sa_ta(strain: Strain, sa_ta: bool) -> bool:
    """Whether `strain` is SA or TA at a table without the option `sa_ta`."""
    return strain not in allowed_strains(sa_ta)


def belote_suits(strain: Strain, ta_belote: str = "each_suit") -> tuple[int, ...]:
    """The suits whose K and Q in one hand make a belote (RULES-COINCHE.md "Belote")."""
    if strain == SANS_ATOUT:
        return ()  # SA: none.
    if strain == TOUT_ATOUT:
        # TA: every suit (`ta_belote: each_suit`, FFB), or none (`none`, BGA).
        return tuple(range(len(SUIT_CODES))) if ta_belote == "each_suit" else ()
    return (strain,)  # A suit contract: K and Q of trump.


# The most belotes a deal can count: one per suit under TA with `ta_belote: "each_suit"`.
MAX_BELOTES = max(len(belote_suits(strain)) for strain in range(len(STRAIN_CODES)))
