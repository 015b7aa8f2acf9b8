"""Coinche's rule options and contract (RULES-COINCHE.md, "Options" and "Auction").

The options live here with their coinche defaults, apart from classic's `RuleOptions`: each
variant has plain, unconditional options, and classic's defaults never move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from service.rules.core.errors import Problem
from service.rules.core.options import MAX_TARGET, OptionSpec, load_options, option_specs
from service.rules.core.strains import STRAIN_CODES, Strain, needs_sa_ta
from service.rules.core.table import PLAYERS, Seat

CAPOT = "capot"  # a contract value: all 8 tricks, outranks any number
MIN_BID = 80
BID_STEP = 10
COINCHE_LEVELS = 3  # 0 none, 1 coinched, 2 surcoinched


@dataclass(frozen=True, slots=True)
class CoincheOptions:
    """The coinche options in force for one judgement (RULES-COINCHE.md "Options": the
    default first, as the table there). Immutable."""

    sa_ta: bool = False
    max_bid: int = 160
    surcoinche_multiplier: int = 4
    auction_end: str = "three_passes"
    made: str = "beat_defenders"
    coinche_base: str = "fixed"
    scoring: str = "points"
    chute_points: int = 160
    capot: int = 250
    bonus_counts: bool = True
    litige: str = "dedans"
    rounding: str = "nearest_ten"
    belote: str = "announce"
    undertrump: str = "optional"
    overtrump_partner: bool = True
    sa_points: str = "ace19"
    ta_points: str = "ffb"
    ta_belote: str = "each_suit"
    annonces: bool = False
    target: int = 2000
    renonce: str = "dedans"

    @classmethod
    def from_mapping(
        cls, given: Mapping[str, Any] | None, pointer: str = "/rules"
    ) -> CoincheOptions:
        """Options from a client mapping; an unknown option or value raises InconsistentInput
        (as classic's `RuleOptions.from_mapping`, with the coinche options and defaults)."""
        return load_options(DEFAULT_COINCHE_OPTIONS, COINCHE_OPTION_SPECS, given, pointer)


DEFAULT_COINCHE_OPTIONS = CoincheOptions()


class Contract(NamedTuple):
    """What the auction fixed: the taker (seat of the final bid), its value (80..max_bid in
    tens, or `CAPOT`), the strain (a suit 0-3, `cards.SANS_ATOUT` or `cards.TOUT_ATOUT`) and the
    coinche level (0 none, 1 coinched, 2 surcoinched)."""

    taker: Seat
    value: int | str
    strain: Strain
    coinche: int = 0

    def problems(self, options: CoincheOptions, pointer: str = "/contract") -> list[Problem]:
        """Why a contract given rather than bid cannot be judged under `options`: a seat, a
        value 80..max_bid in tens or capot, SA/TA only with `sa_ta`, a coinche level 0..2
        (RULES-COINCHE.md "Precisions")."""
        problems = []
        if self.taker not in range(PLAYERS):
            problems.append(Problem(f"{pointer}/taker", "not_a_seat", {"value": self.taker}))
        if not is_bid_value(self.value, options):
            problems.append(
                Problem(f"{pointer}/value", "contract_value", {"max_bid": options.max_bid})
            )
        if self.strain not in range(len(STRAIN_CODES)):
            problems.append(Problem(f"{pointer}/strain", "not_a_strain", {"strain": self.strain}))
        elif needs_sa_ta(self.strain, options.sa_ta):
            strain = STRAIN_CODES[self.strain]
            problems.append(Problem(f"{pointer}/strain", "strain_needs_sa_ta", {"strain": strain}))
        if self.coinche not in range(COINCHE_LEVELS):
            problems.append(Problem(f"{pointer}/coinche", "coinche_level", {"value": self.coinche}))
        return problems


def is_bid_value(value: int | str, options: CoincheOptions) -> bool:
    """80, 90 ... `max_bid`, or capot."""
    if value == CAPOT:
        return True
    return type(value) is int and MIN_BID <= value <= options.max_bid and value % BID_STEP == 0


COINCHE_OPTION_SPECS: dict[str, OptionSpec] = option_specs(
    DEFAULT_COINCHE_OPTIONS,
    OptionSpec(
        "sa_ta",
        (False, True),
        "Sans-atout (SA) and tout-atout (TA) may be bid (off: the organiser's variant, FFB).",
        "Le sans-atout (SA) et le tout-atout (TA) peuvent être annoncés (désactivés : "
        "variante laissée à l'organisateur, FFB).",
    ),
    OptionSpec(
        "max_bid",
        (160, 180),
        "The highest numbered bid (capot outranks any number).",
        "L'enchère chiffrée la plus haute (le capot passe au-dessus de toute valeur).",
    ),
    OptionSpec(
        "surcoinche_multiplier",
        (4, 3),
        "What a surcoinche multiplies the deal by: 4 (FFB, BGA) or 3 (IsCool, contree.net).",
        "Multiplicateur d'une surcoinche : 4 (FFB, BGA) ou 3 (IsCool, contree.net).",
    ),
    OptionSpec(
        "auction_end",
        ("three_passes", "four_passes"),
        "'three_passes' (FFB): three passes after a bid end the auction; 'four_passes' (BGA): "
        "four passes after a bid, the bidder's included, who may outbid themselves in "
        "another strain.",
        "'three_passes' (FFB) : trois passes après une enchère la terminent ; 'four_passes' "
        "(BGA) : il faut quatre passes, celle de l'annonceur comprise, qui peut surenchérir "
        "dans une autre couleur.",
    ),
    OptionSpec(
        "made",
        ("beat_defenders", "reach_bid"),
        "A numbered contract is made with T >= V and T > D ('beat_defenders', FFB), or with "
        "T >= V alone, an 80 needing 82 ('reach_bid', BGA).",
        "Un contrat chiffré est réussi avec T >= V et T > D ('beat_defenders', FFB), ou avec "
        "T >= V seul, un 80 demandant 82 ('reach_bid', BGA).",
    ),
    OptionSpec(
        "coinche_base",
        ("fixed", "points"),
        "A coinched contract made scores m x (F + V + B + An): F is 160 or the capot value "
        "('fixed', FFB), or the takers' own points ('points', BGA).",
        "Un contrat coinché réussi marque m x (F + V + B + An) : F vaut 160 ou la valeur du "
        "capot ('fixed', FFB), ou les points des preneurs ('points', BGA).",
    ),
    OptionSpec(
        "scoring",
        ("points", "contract"),
        "'points' (FFB, BGA): points made plus the contract; 'contract': the deal's winner "
        "scores m x (V + B), the other team its belote.",
        "'points' (FFB, BGA) : points faits plus le contrat ; 'contract' : le gagnant de la "
        "donne marque m x (V + B), l'autre équipe sa belote.",
    ),
    OptionSpec(
        "chute_points",
        (160, 162),
        "The fixed points of a dedans (and of a coinched contract made): 160 or 162.",
        "Les points fixes d'une chute (et d'un contrat coinché réussi) : 160 ou 162.",
    ),
    OptionSpec(
        "capot",
        (250, 252),
        "What a capot is worth: the points of a team that won all 8 tricks, and the value "
        "of a capot contract.",
        "Valeur du capot : les points d'une équipe qui a fait les 8 plis, et la valeur d'un "
        "contrat capot.",
    ),
    OptionSpec(
        "bonus_counts",
        (True, False),
        "Belote and annonces count toward making the contract (true, FFB, BGA) or are only "
        "scored (false, IsCool).",
        "La belote et les annonces comptent pour réussir le contrat (true, FFB, BGA) ou sont "
        "seulement marquées (false, IsCool).",
    ),
    OptionSpec(
        "litige",
        ("dedans", "reserve"),
        "A tie T = D >= V: 'dedans', or 'reserve' (uncoinched only): the defenders score "
        "their total, the takers' points are held for the next deal's winner.",
        "Égalité T = D >= V : 'dedans', ou 'reserve' (sans coinche) : les défenseurs marquent "
        "leur total, les points des preneurs sont mis en réserve pour le gagnant de la "
        "donne suivante.",
    ),
    OptionSpec(
        "rounding",
        ("nearest_ten", "none"),
        "'nearest_ten' rounds each team's deal score to the nearest ten, 5 up (FFB).",
        "'nearest_ten' arrondit le score de chaque équipe à la dizaine la plus proche, "
        "5 vers le haut (FFB).",
    ),
    OptionSpec(
        "belote",
        ("announce", "automatic"),
        "Belote (K and Q of trump in one hand) counts only when announced ('announce', FFB, "
        "BGA) or always ('automatic').",
        "La belote (Roi et Dame d'atout) ne compte que si elle est annoncée ('announce', "
        "FFB, BGA) ou toujours ('automatic').",
    ),
    OptionSpec(
        "undertrump",
        ("optional", "required"),
        "When an opponent's trump is winning and you can neither follow nor over-trump: "
        "'optional' (FFB) you may discard; 'required' (BGA) you must play a lower trump.",
        "Quand un adversaire a coupé et que vous ne pouvez ni fournir ni surcouper : "
        "'optional' (FFB) vous pouvez vous défausser ; 'required' (BGA) vous devez "
        "sous-couper.",
    ),
    OptionSpec(
        "overtrump_partner",
        (True, False),
        "On a trump lead (every lead under TA), raise even over your partner (true) or only "
        "over an opponent (false).",
        "À l'atout demandé (toute couleur en tout-atout), monter même sur votre partenaire "
        "(true) ou seulement sur un adversaire (false).",
    ),
    OptionSpec(
        "sa_points",
        ("ace19", "scaled"),
        "Card points under SA: 'ace19' (FFB: A 19, 10 10, K 4, Q 3, J 2) or 'scaled' (BGA: "
        "plain values, each team's total x 152/120, rounded).",
        "Points des cartes en sans-atout : 'ace19' (FFB : As 19, 10 10, R 4, D 3, V 2) ou "
        "'scaled' (BGA : valeurs hors atout, total de chaque équipe x 152/120, arrondi).",
    ),
    OptionSpec(
        "ta_points",
        ("ffb", "scaled"),
        "Card points under TA: 'ffb' (J 13, 9 9, A 6, 10 5, K 3, Q 2) or 'scaled' (BGA: "
        "trump values, each team's total x 152/248, rounded).",
        "Points des cartes en tout-atout : 'ffb' (V 13, 9 9, As 6, 10 5, R 3, D 2) ou "
        "'scaled' (BGA : valeurs d'atout, total de chaque équipe x 152/248, arrondi).",
    ),
    OptionSpec(
        "ta_belote",
        ("each_suit", "none"),
        "Belote under TA: 20 for every K and Q of one suit in one hand ('each_suit', FFB, up "
        "to 80) or none ('none', BGA).",
        "Belote en tout-atout : 20 pour chaque Roi et Dame d'une couleur dans une main "
        "('each_suit', FFB, jusqu'à 80) ou aucune ('none', BGA).",
    ),
    OptionSpec(
        "annonces",
        (False, True),
        "Sequences and fours of a kind declared with the first card score (off, as most "
        "rooms play; FFB plays with them).",
        "Les annonces (suites et carrés) comptent (désactivées, comme dans la plupart des "
        "salles ; la FFB les joue).",
    ),
    OptionSpec(
        "target",
        None,
        "Points that end the game at the end of a deal (2000: BGA, clubs); the team with more "
        "points then wins, equal totals play on.",
        "Score qui termine la partie à la fin d'une donne (2000 : BGA, clubs) ; l'équipe qui a "
        "le plus de points gagne, égalité : on rejoue.",
        bounds=(1, MAX_TARGET),
    ),
    OptionSpec(
        "renonce",
        ("dedans", "annul"),
        "Penalty for a renonce (the first one decides): 'dedans' the other team scores "
        "m x (chute_points + V + its belote + annonces); 'annul' the deal is redealt.",
        "Sanction d'une renonce (la première compte) : 'dedans' l'autre équipe marque "
        "m x (chute_points + V + sa belote + annonces) ; 'annul' la donne est redistribuée.",
    ),
)
