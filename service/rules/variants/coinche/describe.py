"""The coinche rules the referee applies, described for a client (GET /v1/coinche/rules).

`describe_coinche_rules(lang)` gathers, with describe.py's machinery: each coinche option with
its default and allowed values, the play violation codes, the auction codes and statuses, the
referee's choices (RULES-COINCHE.md's [decided] points, and where the page is silent) and what
is not offered. English, or French with `lang="fr"`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from service.rules.core.cards import DEAL_POINTS, RANK_CODES
from service.rules.core.strains import SA_ACE19_POINTS, TA_FFB_POINTS
from service.rules.variants.classic.describe import (
    VIOLATIONS,
    CardValue,
    CodeDescription,
    OptionDescription,
    Texts,
    describe_codes,
    describe_options,
)
from service.rules.variants.classic.describe import card_values as suit_contract_values
from service.rules.variants.coinche.bidding import (
    ALREADY_COINCHED,
    AUCTION_CLOSED,
    BID_AFTER_COINCHE,
    BID_OUT_OF_RANGE,
    BID_TOO_LOW,
    COINCHE_OWN_TEAM,
    COINCHE_WITHOUT_BID,
    INVALID,
    OPEN,
    REDEAL,
    STRAIN_NOT_ALLOWED,
    SURCOINCHE_BY_DEFENDERS,
    SURCOINCHE_WITHOUT_COINCHE,
    TAKEN,
)
from service.rules.variants.coinche.options import COINCHE_OPTION_SPECS

if TYPE_CHECKING:  # imported when described: importing service.rules needs no native core
    from service.rules.advice.seat_review import SeatDescription


@dataclass(frozen=True, slots=True)
class StrainPoints:
    """One rank's points under SA (`sa_points: ace19`, plain order) and TA (`ta_points: ffb`,
    trump order); a suit contract's are in `cards`."""

    rank: str
    sa_points: int
    ta_points: int


@dataclass(frozen=True, slots=True)
class CoincheRulesDescription:
    options: tuple[OptionDescription, ...]
    violations: tuple[CodeDescription, ...]
    auction: tuple[CodeDescription, ...]
    auction_statuses: tuple[CodeDescription, ...]
    cards: tuple[CardValue, ...]
    strain_points: tuple[StrainPoints, ...]
    deal_points: int
    choices: tuple[CodeDescription, ...]
    not_offered: tuple[CodeDescription, ...]
    seat_view: SeatDescription  # what the review's `view: seat` decides, and the audit's test


# In RULES-COINCHE.md's precedence: the first that applies is reported.
AUCTION: dict[str, Texts] = {
    AUCTION_CLOSED: {
        "en": "A call after the auction ended (taken, surcoinched, or redealt).",
        "fr": "Une parole après la fin des enchères (contrat fixé, surcoinche ou redonne).",
    },
    BID_AFTER_COINCHE: {
        "en": "A bid after a coinche: once coinched, only passes and a surcoinche follow.",
        "fr": "Une enchère après une coinche : ensuite, seulement passe ou surcoinche.",
    },
    STRAIN_NOT_ALLOWED: {
        "en": "A bid in SA or TA while option sa_ta is off.",
        "fr": "Une enchère en SA ou TA alors que l'option sa_ta est désactivée.",
    },
    BID_OUT_OF_RANGE: {
        "en": "A value that is not 80 to max_bid in tens (nor capot).",
        "fr": "Une valeur qui n'est pas de 80 à max_bid par dizaines (ni capot).",
    },
    BID_TOO_LOW: {
        "en": "A bid that does not outrank the standing bid (the strain never ranks; capot "
        "outranks any number); under four_passes, the bidder outbidding themselves in the "
        "same strain.",
        "fr": "Une enchère qui ne dépasse pas l'enchère en cours (la couleur ne compte pas ; "
        "le capot dépasse toute valeur) ; en four_passes, l'annonceur qui se surenchérit "
        "dans la même couleur.",
    },
    COINCHE_WITHOUT_BID: {
        "en": "A coinche with no bid standing.",
        "fr": "Une coinche sans enchère en cours.",
    },
    ALREADY_COINCHED: {
        "en": "A second coinche: a bid is coinched once.",
        "fr": "Une seconde coinche : une enchère ne se coinche qu'une fois.",
    },
    COINCHE_OWN_TEAM: {
        "en": "A coinche by the bidding team: only an opponent coinches.",
        "fr": "Une coinche de l'équipe qui a annoncé : seul un adversaire coinche.",
    },
    SURCOINCHE_WITHOUT_COINCHE: {
        "en": "A surcoinche with no coinche to answer.",
        "fr": "Une surcoinche sans coinche à laquelle répondre.",
    },
    SURCOINCHE_BY_DEFENDERS: {
        "en": "A surcoinche by the coinching team: only the bidding team surcoinches.",
        "fr": "Une surcoinche de l'équipe qui a coinché : seule l'équipe qui a annoncé surcoinche.",
    },
}

AUCTION_STATUSES: dict[str, Texts] = {
    OPEN: {
        "en": "The auction goes on: `next` speaks, `legal` lists their calls; `standing` is "
        "the highest bid so far with its coinche level.",
        "fr": "Les enchères continuent : `next` parle, `legal` liste ses paroles ; "
        "`standing` est la plus haute enchère avec son niveau de coinche.",
    },
    TAKEN: {
        "en": "The auction is over: `contract` is the standing bid at its coinche level.",
        "fr": "Les enchères sont finies : `contract` est l'enchère en cours, à son niveau de "
        "coinche.",
    },
    REDEAL: {
        "en": "Four passes and no bid: the next dealer redeals, no score.",
        "fr": "Quatre passes sans enchère : le donneur suivant redistribue, sans score.",
    },
    INVALID: {
        "en": "A call broke a rule: `violation` names the first; `next`, `legal`, `contract` "
        "and `standing` describe the auction just before it.",
        "fr": "Une parole enfreint une règle : `violation` nomme la première ; `next`, "
        "`legal`, `contract` et `standing` décrivent les enchères juste avant.",
    },
}

# RULES-COINCHE.md's [decided] points, then the readings the referee makes where it is silent.
CHOICES: dict[str, Texts] = {
    "deal_3_2_3": {
        "en": "Cards are dealt 3-2-3 from the dealer's next, 8 each, no turned card (every "
        "source lists it first; 3-3-2 or 2-3-3 change no ruling).",
        "fr": "Les cartes se donnent 3-2-3 à partir du voisin du donneur, 8 chacun, sans "
        "retourne (3-3-2 ou 2-3-3 ne changent aucune décision).",
    },
    "coinche_in_turn": {
        "en": 'A coinche is a call in turn, as FFB ("pas à la volée").',
        "fr": "La coinche se dit à son tour de parole, comme à la FFB (pas à la volée).",
    },
    "no_speaking_over_own_bid": {
        "en": "With three_passes a player never speaks over their own standing bid (FFB).",
        "fr": "En three_passes, on ne parle jamais sur sa propre enchère en cours (FFB).",
    },
    "undertrump_optional": {
        "en": "Under a suit, a player who cannot over-trump an opponent's trump may discard "
        "(undertrump optional: FFB, the contrée règlement officiel; BGA: required).",
        "fr": "À la couleur, qui ne peut surcouper l'adversaire peut se défausser (pisser "
        "n'est pas obligatoire : FFB ; BGA l'oblige).",
    },
    "partner_winning": {
        "en": "When the partner wins and you cannot follow: any card, a lower trump "
        "included (FFB).",
        "fr": "Partenaire maître et vous ne pouvez pas fournir : toute carte, même un "
        "atout plus faible (FFB).",
    },
    "sa_ta_points": {
        "en": "SA and TA count integer points, 152 in the cards and 162 a deal: ace19 and "
        "ffb values, the federation's.",
        "fr": "SA et TA comptent des points entiers, 152 en cartes et 162 par donne : "
        "valeurs ace19 et ffb de la fédération.",
    },
    "belote_announced": {
        "en": "Belote counts only when announced (FFB, Montpellier, BGA); under TA one per "
        "suit (ta_belote each_suit, FFB); under SA none. It always stays with its team.",
        "fr": "La belote ne compte qu'annoncée (FFB, Montpellier, BGA) ; en TA une par "
        "couleur (FFB) ; en SA aucune. Elle reste toujours à son équipe.",
    },
    "litige": {
        "en": "A tie T = D >= V is dedans (litige: dedans); with litige: reserve an "
        "uncoinched tie is a litige, its P + A held for the next deal's winner. A coinched "
        "tie, and any tie under scoring contract, is dedans and reported so.",
        "fr": "Une égalité T = D >= V est dedans (litige : dedans) ; avec litige : reserve, "
        "une égalité non coinchée est un litige, P + A en réserve pour le gagnant de la "
        "donne suivante. Coinchée, ou en scoring contract, c'est dedans.",
    },
    "capot_contract_value": {
        "en": "A capot contract is worth the capot option (250 by default).",
        "fr": "Un contrat capot vaut l'option capot (250 par défaut).",
    },
    "target": {
        "en": "A game ends at the end of a deal where a team has reached the target (2000: "
        "BGA, coinchons, contree.net), at or above it; equal totals play on.",
        "fr": "La partie finit à la fin d'une donne où une équipe a atteint l'objectif "
        "(2000), égal ou au-dessus ; à égalité on rejoue.",
    },
    "annonces_off": {
        "en": "Annonces are off (Montpellier, coinchons, BGA, IsCool); on: FFB's, SA fours "
        "aces 200, tens 150, K Q J 9 100; under SA and TA no annonce is in trump.",
        "fr": "Annonces désactivées (Montpellier, coinchons, BGA, IsCool) ; activées : "
        "celles de la FFB, carrés en SA : as 200, dix 150, R D V 9 100 ; en SA et TA "
        "aucune annonce n'est à l'atout.",
    },
    "given_contract": {
        "en": "A contract given rather than bid (deals/score, deals/replay) in SA/TA without "
        "sa_ta, or above max_bid, cannot be judged (422); so can an unparsable call.",
        "fr": "Un contrat donné plutôt qu'enchéri (deals/score, deals/replay) en SA/TA sans "
        "sa_ta, ou au-dessus de max_bid, ne peut être jugé (422) ; une parole illisible "
        "non plus.",
    },
    # Where RULES-COINCHE.md is silent.
    "defenders_capot": {
        "en": "Takers who won no trick are dedans whatever their belote and annonces, under "
        "every `made` option (FFB: a capot against the takers is a fall).",
        "fr": "Des preneurs qui n'ont fait aucun pli sont dedans quelles que soient leur "
        "belote et leurs annonces (FFB : un capot subi est une chute).",
    },
    "reach_bid_ties": {
        "en": "With made: reach_bid every tie at or above V is made, save an 80 at 81/81, "
        "which is dedans even with litige: reserve (as the page says).",
        "fr": "Avec made : reach_bid toute égalité à V ou plus est réussie, sauf un 80 à "
        "81/81, dedans même avec litige : reserve.",
    },
    "renonce_fixed": {
        "en": "A renonce penalty is the fixed award m x (chute_points + V + B + An), even "
        "when the other team won all 8 tricks (as a dedans, FFB).",
        "fr": "La sanction d'une renonce est la prime fixe m x (chute_points + V + B + An), "
        "même si l'autre équipe a fait tous les plis (comme une chute, FFB).",
    },
    "fours_order": {
        "en": "Equal fours of a kind are ranked in trump order under every strain, as RULES.md "
        "says (under SA: four 9s beat four Kings).",
        "fr": "Des carrés de même valeur se départagent dans l'ordre de l'atout quelle que "
        "soit la couleur du contrat, comme le dit RULES.md (en SA : carré de 9 bat carré "
        "de rois).",
    },
    "belote_counts_checked": {
        "en": "A deal to score holds at most one belote under a suit, none under SA, one per "
        "suit under TA (none with ta_belote: none); more is a 422.",
        "fr": "Une donne compte au plus une belote à la couleur, aucune en SA, une par "
        "couleur en TA (aucune avec ta_belote : none) ; au-delà : 422.",
    },
    "contract_while_open": {
        "en": "The auction's `contract` is null until it is taken; `standing` gives the "
        "highest bid so far with its coinche level.",
        "fr": "Le `contract` des enchères est null tant qu'elles ne sont pas finies ; "
        "`standing` donne la plus haute enchère avec son niveau de coinche.",
    },
    "calls_spelling": {
        "en": "Calls are read in any case, suits also as symbols (90♥); output is canonical "
        "(90H, 110SA, capotS).",
        "fr": "Les paroles se lisent en majuscules ou minuscules, les couleurs aussi en "
        "symboles (90♥) ; la sortie est canonique (90H, 110SA, capotS).",
    },
    # The play side, where RULES-COINCHE.md is silent.
    "sa_ta_needs_option": {
        "en": "A strain SA or TA on legal-moves, plays/validate and tricks/winner without "
        "sa_ta cannot be judged (422 at /strain), as a given contract cannot.",
        "fr": "Un SA ou TA sur legal-moves, plays/validate et tricks/winner sans sa_ta ne "
        "peut être jugé (422 sur /strain), comme un contrat donné.",
    },
    "scaled_totals": {
        "en": "With scaled points, tricks carry raw points; a team's total (so far, on an "
        "unfinished deal) is scaled, then the dix de der added.",
        "fr": "Avec des points scaled, les plis portent les points bruts ; le total d'une "
        "équipe (en cours de donne aussi) est mis à l'échelle, puis le dix de der ajouté.",
    },
    "ta_violations": {
        "en": "Under TA a card off the led suit breaks follow_suit; a card of the led suit "
        "too low to beat its best card breaks raise_trump.",
        "fr": "En TA une carte hors de la couleur demandée enfreint follow_suit ; une carte "
        "de la couleur trop faible pour battre la meilleure enfreint raise_trump.",
    },
    "belote_known": {
        "en": "A belote counts when a seat holds K and Q of the strain's trump (from the "
        "hands, or once it has played both), and with belote: announce when listed in "
        "belote_announced; an announcement of a belote not held is ignored.",
        "fr": "Une belote compte quand un joueur tient le Roi et la Dame d'un atout (d'après "
        "les mains, ou une fois les deux jouées), et avec belote : announce si elle figure "
        "dans belote_announced ; une annonce de belote non détenue est ignorée.",
    },
}

NOT_OFFERED: dict[str, Texts] = {
    "generale": {
        "en": "Générale (one player wins all 8): sources disagree on its value (500; 600 made "
        "/ 460 failed); left out until a room's rule is named.",
        "fr": "Générale (un seul joueur fait les 8 plis) : les sources divergent (500 ; 600 "
        "réussie / 460 chutée) ; absente tant qu'une règle de salle n'est pas nommée.",
    },
    "ta_j14_scale": {
        "en": "A tout-atout scale with J 14 / Q 1: no source found.",
        "fr": "Un barème tout-atout V 14 / D 1 : aucune source trouvée.",
    },
    "coinche_a_la_volee": {
        "en": 'Coinche "à la volée" (any opponent, any moment): a call list cannot express it.',
        "fr": "La coinche à la volée (tout adversaire, à tout moment) : une liste de paroles "
        "ne peut l'exprimer.",
    },
    "coinched_litige": {
        "en": "A coinched litige has no source: it is dedans.",
        "fr": "Un litige coinché n'a pas de source : c'est dedans.",
    },
    "bga_house_rules": {
        "en": "BGA's other house rules: capot as \"a team scored 0 points\", the defenders' "
        'belote lost on a coinched made contract, "if you trump, beat the partner\'s trump" '
        "(here any card, FFB), and a game ending strictly above the target (here at or above).",
        "fr": "Les autres règles maison de BGA : le capot comme « une équipe a 0 point », la "
        "belote des défenseurs perdue sur un contrat coinché réussi, « si vous coupez, "
        "surcoupez le partenaire » (ici toute carte, FFB), et la fin de partie strictement "
        "au-dessus de l'objectif (ici égal ou au-dessus).",
    },
}


def describe_coinche_rules(lang: str = "en") -> CoincheRulesDescription:
    """What the referee applies to coinche, in `lang` ("en" or "fr"; anything else English).

    >>> description = describe_coinche_rules("en")
    >>> [o.name for o in description.options][:2], description.deal_points
    (['sa_ta', 'max_bid'], 162)
    """
    # Imported here: importing service.rules (a library) needs no built native core.
    from service.rules.advice.seat_review import describe_seat_view

    return CoincheRulesDescription(
        options=describe_options(COINCHE_OPTION_SPECS, lang),
        violations=describe_codes(VIOLATIONS, lang),
        auction=describe_codes(AUCTION, lang),
        auction_statuses=describe_codes(AUCTION_STATUSES, lang),
        cards=suit_contract_values(),
        strain_points=tuple(
            StrainPoints(code, SA_ACE19_POINTS[rank], TA_FFB_POINTS[rank])
            for rank, code in enumerate(RANK_CODES)
        ),
        deal_points=DEAL_POINTS,
        choices=describe_codes(CHOICES, lang),
        not_offered=describe_codes(NOT_OFFERED, lang),
        seat_view=describe_seat_view(lang),
    )
