"""The rules the referee applies, described for a client: options, codes, choices.

`describe_rules(lang)` gathers what a client needs to read the referee's rulings: each rule
option with its default and allowed values (from OPTION_SPECS), each violation and bidding code
with a sentence, the order and value of the cards (from the one table in cards.py), the annonce
tie-breaks and the interpretive choices RULES.md makes where the source texts are silent or
disagree. English, or French with `lang="fr"`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from service.rules.core.cards import (
    DEAL_POINTS,
    PLAIN_POINTS,
    PLAIN_STRENGTH,
    RANK_CODES,
    TRUMP_POINTS,
    TRUMP_STRENGTH,
)
from service.rules.core.options import OPTION_SPECS, OptionSpec
from service.rules.core.play import ViolationCode

if TYPE_CHECKING:  # imported when described: importing service.rules needs no native core
    from service.rules.advice.bid import BidDescription
    from service.rules.advice.seat_review import SeatDescription
    from service.rules.analysis.review import ReviewDescription

Texts = dict[str, str]  # language -> sentence


@dataclass(frozen=True, slots=True)
class OptionDescription:
    name: str
    default: Any
    allowed: tuple[Any, ...] | None  # None: an integer from `minimum` to `maximum`
    minimum: int | None
    maximum: int | None
    description: str


@dataclass(frozen=True, slots=True)
class CodeDescription:
    code: str
    description: str


@dataclass(frozen=True, slots=True)
class CardValue:
    """One rank's order (1 is the highest) and points, in trump and in a plain suit."""

    rank: str
    trump_order: int
    trump_points: int
    plain_order: int
    plain_points: int


@dataclass(frozen=True, slots=True)
class RulesDescription:
    options: tuple[OptionDescription, ...]
    violations: tuple[CodeDescription, ...]
    bidding: tuple[CodeDescription, ...]
    cards: tuple[CardValue, ...]
    deal_points: int
    annonce_tie_breaks: tuple[str, ...]
    interpretations: tuple[CodeDescription, ...]
    analysis_engine: str  # the search answering /v1/analysis (analysis.engine.ENGINES)
    review: ReviewDescription  # what /v1/analysis/review decides
    seat_view: SeatDescription  # what its `view: seat` decides, and the audit's guess test
    bid_advice: BidDescription  # how /v1/coinche/advice/bid reads the calls and plays a deal


VIOLATIONS: dict[ViolationCode, Texts] = {
    ViolationCode.FOLLOW_SUIT: {
        "en": "You hold the suit led: you must play it (you need not win). On a trump lead "
        "with no trump above the best one on the table, any trump.",
        "fr": "Vous avez la couleur demandée : vous devez fournir (sans obligation de "
        "gagner). À l'atout, sans atout plus fort que le meilleur du pli : un atout.",
    },
    ViolationCode.RAISE_TRUMP: {
        "en": "Trump was led and you hold a trump above the best one on the table: you must "
        "play one, even over your partner (option overtrump_partner).",
        "fr": "Atout demandé et vous avez un atout plus fort que le meilleur du pli : vous "
        "devez monter, même sur votre partenaire (option overtrump_partner).",
    },
    ViolationCode.TRUMP: {
        "en": "You cannot follow, your partner is not winning and no trump is on the table: "
        "you must trump if you can.",
        "fr": "Vous ne pouvez pas fournir, votre partenaire n'est pas maître et personne n'a "
        "coupé : vous devez couper si vous le pouvez.",
    },
    ViolationCode.OVERTRUMP: {
        "en": "You cannot follow and an opponent's trump is winning: you must over-trump if "
        "you can.",
        "fr": "Vous ne pouvez pas fournir et un adversaire a coupé : vous devez surcouper si "
        "vous le pouvez.",
    },
    ViolationCode.UNDERTRUMP: {
        "en": "You can neither follow nor beat the opponent's trump: you must still play a "
        "trump (option undertrump: required).",
        "fr": "Vous ne pouvez ni fournir ni surcouper l'adversaire : vous devez tout de même "
        "jouer atout (option undertrump : required).",
    },
}

BIDDING: dict[str, Texts] = {
    "suit_in_round_one": {
        "en": "Round 1 is 'take' (the turned card's suit) or 'pass'; naming a suit, even the "
        "turned one, is illegal.",
        "fr": "Au premier tour on prend (la couleur de la retourne) ou on passe ; nommer une "
        "couleur, même celle de la retourne, est interdit.",
    },
    "take_in_round_two": {
        "en": "'take' belongs to round 1; round 2 names a suit or passes.",
        "fr": "« take » appartient au premier tour ; au second on nomme une couleur ou on passe.",
    },
    "turned_suit_in_round_two": {
        "en": "In round 2 the turned card's suit can no longer be chosen.",
        "fr": "Au second tour, la couleur de la retourne ne peut plus être choisie.",
    },
    "closed_taken": {
        "en": "The first take ends the bidding: no bid follows it.",
        "fr": "La première prise termine les enchères : aucune parole ne la suit.",
    },
    "closed_redeal": {
        "en": "After eight passes the next dealer redeals: no bid follows.",
        "fr": "Après huit passes, le donneur suivant redistribue : aucune parole ne suit.",
    },
}

ANNONCE_TIE_BREAKS: tuple[Texts, ...] = (
    {
        "en": "The higher value wins; at equal value a four of a kind beats a sequence "
        "(a 100-point four beats a cent).",
        "fr": "La plus forte valeur l'emporte ; à valeur égale un carré bat une suite "
        "(un carré de 100 bat un cent).",
    },
    {
        "en": "Equal value: the higher top card (sequences, in the order 7 8 9 10 J Q K A), "
        "or the higher rank in trump order (fours).",
        "fr": "Valeur égale : la plus haute carte de tête (suites, dans l'ordre "
        "7 8 9 10 V D R As), ou le rang le plus fort dans l'ordre de l'atout (carrés).",
    },
    {
        "en": "Still equal: the one in trump.",
        "fr": "Toujours égales : celle à l'atout.",
    },
    {
        "en": "Still equal: no annonce counts, for either team.",
        "fr": "Toujours égales : aucune annonce ne compte, pour aucune équipe.",
    },
)

INTERPRETATIONS: dict[str, Texts] = {
    "seats_in_turn_order": {
        "en": "Seats are numbered 0 to 3 in turn order (seat s+1 plays after seat s); team = "
        "seat % 2. The English text plays counter-clockwise, the French one clockwise: the "
        "direction only changes how a client maps seats to chairs, never a ruling.",
        "fr": "Les places sont numérotées de 0 à 3 dans l'ordre de jeu (la place s+1 joue "
        "après la place s) ; équipe = place % 2. Le texte anglais joue dans le sens inverse "
        "des aiguilles d'une montre, le français dans le sens des aiguilles : le sens ne "
        "change que la correspondance entre places et chaises, jamais une décision.",
    },
    "renonce_by_defenders": {
        "en": "A renonce by the defenders (option renonce: dedans): the takers score 162 (their "
        "capot value if they won every trick) plus their belote, and the contract is "
        "reported 'made'.",
        "fr": "Renonce des défenseurs (option renonce : dedans) : les preneurs marquent 162 "
        "(leur valeur de capot s'ils ont fait tous les plis) plus leur belote, et le "
        "contrat est déclaré 'made' (réussi).",
    },
    "renonce_annulled": {
        "en": "With option renonce: annul a deal with a renonce scores nothing, is redealt, and "
        "its contract is reported 'annulled'.",
        "fr": "Avec l'option renonce : annul, une donne avec renonce ne marque rien, est "
        "redistribuée, et son contrat est déclaré 'annulled' (annulé).",
    },
    "first_renonce_decides": {
        "en": "Only proven renonces are reported (against the given hands, else against the "
        "cards the player plays later); the first one decides the penalty.",
        "fr": "Seules les renonces prouvées sont signalées (par les mains données, sinon par "
        "les cartes que le joueur joue ensuite) ; la première décide de la sanction.",
    },
    "suit_in_round_one": {
        "en": "A round-1 bid naming a suit is illegal, even the turned card's suit.",
        "fr": "Au premier tour, nommer une couleur est interdit, même celle de la retourne.",
    },
    "four_beats_sequence": {
        "en": "At equal value a four of a kind beats a sequence.",
        "fr": "À valeur égale, un carré bat une suite.",
    },
    "partner_winning": {
        "en": "When you cannot follow and your partner is winning the trick, any card is legal.",
        "fr": "Quand vous ne pouvez pas fournir et que votre partenaire est maître, toute carte "
        "est permise.",
    },
    "no_trump_on_trump_lead": {
        "en": "On a trump lead, a card of another suit from a hand holding trumps breaks "
        "follow_suit (the first duty); a trump too low when a higher one is held breaks "
        "raise_trump.",
        "fr": "À l'atout demandé, jouer une autre couleur en ayant de l'atout enfreint "
        "follow_suit (premier devoir) ; un atout trop faible quand on en a un plus fort enfreint "
        "raise_trump.",
    },
    "capot_against_takers": {
        "en": "With annonces on, takers who won no trick are dedans whatever their annonces, "
        "as the French text says of a defenders' capot; a takers' capot is compared by totals "
        "like any deal.",
        "fr": "Avec les annonces, des preneurs qui n'ont fait aucun pli sont dedans quelles que "
        "soient leurs annonces, comme le dit le texte français du capot des défenseurs ; un "
        "capot des preneurs se compare aux totaux comme toute donne.",
    },
    "annonces_on_penalty": {
        "en": "With annonces on, a renonce penalty gives the annonces that count to the team "
        "that did not offend, as a dedans gives them to the defenders.",
        "fr": "Avec les annonces, la sanction d'une renonce donne les annonces qui comptent à "
        "l'équipe non fautive, comme un dedans les donne aux défenseurs.",
    },
    "declarations_checked": {
        "en": "In a replay, a declaration counts only when its cards form the annonce and the "
        "seat held them (its given hand, else the cards it played); annonces are scored on a "
        "complete deal.",
        "fr": "Dans un rejeu, une annonce ne compte que si ses cartes forment l'annonce et que "
        "le joueur les avait (sa main donnée, sinon les cartes qu'il a jouées) ; elles sont "
        "comptées sur une donne complète.",
    },
    "advice_public_facts": {
        "en": "Advice (/v1/advice) deals the unseen cards among the deals that agree with what "
        "the table has seen, each equally likely: the cards played; the cards a play shows a "
        "seat did not hold (it did not follow, did not trump, did not over-trump when the "
        "rules made it), unless that play is a proven renonce; the turned card in the taker's "
        "hand; an announced belote's king and queen with its holder; declared annonces. "
        "Nothing is read into which legal card a player chose; nor into the bidding, unless "
        "a request asks `inference: calls` (/v1/advice/take, /v1/coinche/advice/play), which "
        "weights each deal by how likely the calls were with its hands; the call advice "
        "(/v1/coinche/advice/bid) reads the calls unless asked `inference: none` (bid_advice "
        "below).",
        "fr": "Le conseil (/v1/advice) distribue les cartes cachées parmi les donnes qui "
        "s'accordent avec ce que la table a vu, toutes également probables : les cartes "
        "jouées ; les cartes qu'un joueur n'avait pas d'après son jeu (il n'a pas fourni, "
        "pas coupé, pas surcoupé quand la règle l'y obligeait), sauf renonce prouvée ; la "
        "retourne dans la main du preneur ; le roi et la dame d'une belote annoncée chez "
        "celui qui l'a ; les annonces déclarées. Rien n'est déduit du choix d'une carte "
        "permise ; ni des enchères, sauf si la requête demande `inference: calls` "
        "(/v1/advice/take, /v1/coinche/advice/play), qui pondère chaque donne par la "
        "vraisemblance des annonces faites avec ses mains ; le conseil d'annonce "
        "(/v1/coinche/advice/bid) lit les annonces sauf `inference: none` (bid_advice "
        "ci-dessous).",
    },
    "advice_objective": {
        "en": "The card advice (/v1/advice/play) chooses by the deal's score under the "
        "contract unless asked otherwise (objective 'score'): the best mean margin of the "
        "seat's team's score over the other team's, then the least mean loss of card points; "
        "objective 'points' chooses by card points alone.",
        "fr": "Le conseil de carte (/v1/advice/play) choisit d'après la marque de la donne sous "
        "le contrat, sauf demande contraire (objectif « score ») : le meilleur écart moyen "
        "entre la marque de l'équipe du joueur et celle de l'autre, puis la moindre perte "
        "moyenne de points ; l'objectif « points » choisit d'après les seuls points.",
    },
    "advice_pass_value": {
        "en": "Advice on taking (/v1/advice/take) values passing as a redeal, 0 for both "
        "teams: it takes when taking scores more than the other team on average over the "
        "sampled deals, played out by perfect play. At the coinche auction "
        "(/v1/coinche/advice/bid) passing is worth the standing contract, or a redeal, 0, "
        "when there is none.",
        "fr": "Le conseil de prise (/v1/advice/take) compte le passe comme une redistribution, "
        "0 pour les deux équipes : il prend quand prendre marque en moyenne plus que l'autre "
        "équipe sur les donnes tirées, jouées parfaitement. Aux enchères de la coinche "
        "(/v1/coinche/advice/bid), passer vaut le contrat en cours, ou une redistribution, "
        "0, s'il n'y en a pas.",
    },
}


def _say(texts: Texts, lang: str) -> str:
    return texts.get(lang, texts["en"])


def describe_options(specs: Mapping[str, OptionSpec], lang: str) -> tuple[OptionDescription, ...]:
    """A variant's options, each with its default, allowed values and sentence in `lang`."""
    return tuple(
        OptionDescription(
            name=spec.name,
            default=spec.default,
            allowed=spec.allowed,
            minimum=None if spec.allowed else spec.bounds[0],
            maximum=None if spec.allowed else spec.bounds[1],
            description=spec.description_fr if lang == "fr" else spec.description,
        )
        for spec in specs.values()
    )


def describe_codes(texts: Mapping[str, Texts], lang: str) -> tuple[CodeDescription, ...]:
    """Codes with their sentence in `lang`."""
    return tuple(CodeDescription(str(code), _say(t, lang)) for code, t in texts.items())


def _order(strength: tuple[int, ...], rank: int) -> int:
    return len(strength) - strength[rank]  # the highest strength is order 1


def card_values() -> tuple[CardValue, ...]:
    """Each rank's order and points in trump and in a plain suit (the one table, cards.py)."""
    return tuple(
        CardValue(
            code,
            _order(TRUMP_STRENGTH, rank),
            TRUMP_POINTS[rank],
            _order(PLAIN_STRENGTH, rank),
            PLAIN_POINTS[rank],
        )
        for rank, code in enumerate(RANK_CODES)
    )


def describe_rules(lang: str = "en") -> RulesDescription:
    """What the referee applies, in `lang` ("en" or "fr"; anything else is English).

    >>> description = describe_rules("en")
    >>> [o.name for o in description.options][:2], description.deal_points
    (['undertrump', 'overtrump_partner'], 162)
    """
    # Imported here: importing service.rules (a library) needs no built native core.
    from service.rules.advice.bid import describe_bid_advice
    from service.rules.advice.seat_review import describe_seat_view
    from service.rules.analysis.engine import ENGINE
    from service.rules.analysis.review import describe_review

    options = describe_options(OPTION_SPECS, lang)
    return RulesDescription(
        options=options,
        violations=describe_codes(VIOLATIONS, lang),
        bidding=describe_codes(BIDDING, lang),
        cards=card_values(),
        deal_points=DEAL_POINTS,
        annonce_tie_breaks=tuple(_say(t, lang) for t in ANNONCE_TIE_BREAKS),
        interpretations=describe_codes(INTERPRETATIONS, lang),
        analysis_engine=ENGINE,
        review=describe_review(lang),
        seat_view=describe_seat_view(lang),
        bid_advice=describe_bid_advice(lang),
    )
