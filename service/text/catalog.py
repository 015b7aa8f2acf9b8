"""Every sentence the referee says, in English and French, in one catalog.

Rulings (violations, bidding verdicts, declarations) and input problems carry a stable code
plus parameters; the sentence is rendered here, in the language the client asked for. Cards
in a sentence are named as players of that language say them (`card_names`): "the king or the
8 of hearts", "le roi ou le 8 de cœur"; card *fields* stay canonical codes (`KH`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import NamedTuple, Protocol

SUIT_NAMES = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "fr": ("pique", "cœur", "carreau", "trèfle"),
}


class _Words(NamedTuple):
    """How one language names cards: each rank with its article (cards.RANK_CODES' order),
    the word between rank and suit, and the two conjunctions of a list."""

    ranks: tuple[str, ...]
    of: str
    or_: str
    and_: str
    # Several suits of one rank: "of spades and hearts" (en) or "de pique et de cœur" (fr).
    of_each_suit: bool


_WORDS = {
    "en": _Words(
        ("the 7", "the 8", "the 9", "the 10", "the jack", "the queen", "the king", "the ace"),
        "of",
        "or",
        "and",
        of_each_suit=False,
    ),
    "fr": _Words(
        ("le 7", "le 8", "le 9", "le 10", "le valet", "la dame", "le roi", "l'as"),
        "de",
        "ou",
        "et",
        of_each_suit=True,
    ),
}


class NamedCard(Protocol):
    """A card as `card_names` reads it (`cards.Card`): its rank (0 the 7 ... 7 the ace) and
    suit (0 spades, 1 hearts, 2 diamonds, 3 clubs)."""

    @property
    def rank(self) -> int: ...

    @property
    def suit(self) -> int: ...


class Cards(NamedTuple):
    """Cards a sentence's parameter names in the sentence's language (`card_names`): any one
    of them ("or"), or `every` one ("and")."""

    cards: tuple[NamedCard, ...]
    every: bool = False


class Counted(NamedTuple):
    """A count a sentence's parameter says with its noun (`n` in the catalog's `code.one` or
    `code.many`): "1 point lost", "4 points lost"; French counts 0 and 1 in the singular
    ("0 point perdu")."""

    code: str
    n: int


class Suited(NamedTuple):
    """A suit a sentence's parameter names in the sentence's language (`suit_name`)."""

    suit: int


class Listed(NamedTuple):
    """Parameters a sentence's parameter says one after the other, joined by "and"."""

    items: tuple[object, ...]


class Sentence(NamedTuple):
    """A sentence of the catalog not yet in a language: its code and parameters, and the
    sentence that follows it (`then`). Parameters that are sentences are said first, in the
    same language and not capitalised; `Cards` and `Counted` as `render` says them."""

    code: str
    params: Mapping[str, object]
    then: Sentence | None = None

    def message(self, lang: str) -> str:
        said = render(self.code, lang, self.params)
        return said if self.then is None else f"{said} {self.then.message(lang)}"


CATALOG: dict[str, dict[str, str]] = {
    # Play obligations (RULES.md "Play obligations"): each sentence names what had to be played.
    "violation.follow_suit": {
        "en": "The lead is {led} and you hold {led}: you had to play {cards}.",
        "fr": "Du {led} est demandé et vous en avez : il fallait fournir {cards}.",
    },
    "violation.raise_trump": {
        "en": "Trump ({trump}) was led and you can beat {to_beat}: you had to play {cards}.",
        "fr": "Atout ({trump}) demandé et vous pouvez battre {to_beat} : "
        "il fallait monter avec {cards}.",
    },
    "violation.trump": {
        "en": "You cannot follow {led} and your partner is not winning: "
        "you had to trump with {cards}.",
        "fr": "Vous n'avez pas de {led} et votre partenaire n'est pas maître : "
        "il fallait couper avec {cards}.",
    },
    "violation.overtrump": {
        "en": "An opponent is winning with {to_beat} and you can beat it: "
        "you had to over-trump with {cards}.",
        "fr": "Un adversaire est maître avec {to_beat} et vous pouvez surcouper : "
        "il fallait jouer {cards}.",
    },
    "violation.undertrump": {
        "en": "You cannot follow {led} nor beat the opponent winning with {to_beat}, but you "
        "hold trumps: you had to play {cards}.",
        "fr": "Vous n'avez pas de {led} et ne pouvez pas battre l'adversaire, maître avec "
        "{to_beat}, mais vous avez de l'atout : il fallait sous-couper avec {cards}.",
    },
    # Bidding (RULES.md "Bidding").
    "bidding.suit_in_round_one": {
        "en": "Round 1: take the turned card's suit ({turned}) or pass; "
        "another suit can only be named in round 2.",
        "fr": "Premier tour : prendre la couleur de la retourne ({turned}) ou passer ; "
        "une autre couleur ne se nomme qu'au second tour.",
    },
    "bidding.take_in_round_two": {
        "en": "Round 2: 'take' belongs to round 1; name a suit other than {turned} or pass.",
        "fr": "Second tour : « prendre » appartient au premier tour ; nommez une couleur autre "
        "que {turned} ou passez.",
    },
    "bidding.turned_suit_in_round_two": {
        "en": "Round 2: the turned card's suit ({turned}) can no longer be chosen; "
        "name another suit or pass.",
        "fr": "Second tour : la couleur de la retourne ({turned}) ne peut plus être choisie ; "
        "nommez une autre couleur ou passez.",
    },
    "bidding.closed_taken": {
        "en": "The bidding is over: seat {taker} has taken {trump}.",
        "fr": "Les enchères sont terminées : le joueur {taker} a pris à {trump}.",
    },
    "bidding.closed_redeal": {
        "en": "The bidding is over: all four passed twice, the next dealer redeals.",
        "fr": "Les enchères sont terminées : tout le monde a passé deux fois, "
        "le donneur suivant redistribue.",
    },
    # The coinche auction (RULES-COINCHE.md "Auction").
    "auction.auction_closed": {
        "en": "{call}: the auction is over; no call follows its end.",
        "fr": "{call} : les enchères sont terminées ; plus personne ne parle.",
    },
    "auction.bid_after_coinche": {
        "en": "{call}: the standing bid is coinched; nobody bids after a coinche.",
        "fr": "{call} : l'enchère est coinchée ; on ne surenchérit plus après une coinche.",
    },
    "auction.strain_not_allowed": {
        "en": "{call}: sans-atout and tout-atout are not played here (option sa_ta).",
        "fr": "{call} : le sans-atout et le tout-atout ne se jouent pas ici (option sa_ta).",
    },
    "auction.bid_out_of_range": {
        "en": "{call}: a bid is 80 to max_bid in tens, or capot.",
        "fr": "{call} : une enchère va de 80 à max_bid par dizaines, ou capot.",
    },
    "auction.bid_too_low": {
        "en": "{call}: a bid must outrank the standing bid (the strain never ranks), and a "
        "bidder outbids themselves only in another strain.",
        "fr": "{call} : une enchère doit dépasser l'enchère en cours (la couleur ne compte "
        "pas), et on ne se surenchérit soi-même que dans une autre couleur.",
    },
    "auction.coinche_without_bid": {
        "en": "{call}: there is no bid to coinche.",
        "fr": "{call} : il n'y a pas d'enchère à coincher.",
    },
    "auction.already_coinched": {
        "en": "{call}: the standing bid is already coinched; only its team may surcoinche.",
        "fr": "{call} : l'enchère est déjà coinchée ; seule son équipe peut surcoincher.",
    },
    "auction.coinche_own_team": {
        "en": "{call}: only an opponent of the bidding team may coinche.",
        "fr": "{call} : seul un adversaire de l'équipe qui a annoncé peut coincher.",
    },
    "auction.surcoinche_without_coinche": {
        "en": "{call}: a surcoinche answers a coinche, and there is none.",
        "fr": "{call} : on surcoinche une coinche, et il n'y en a pas.",
    },
    "auction.surcoinche_by_defenders": {
        "en": "{call}: only the bidding team may surcoinche.",
        "fr": "{call} : seule l'équipe qui a annoncé peut surcoincher.",
    },
    # Declarations of annonces (RULES.md "Annonces").
    "declaration.not_held": {
        "en": "Seat {seat} declared {cards} but does not hold {missing}.",
        "fr": "Le joueur {seat} a annoncé {cards} mais il lui manque {missing}.",
    },
    "declaration.not_an_annonce": {
        "en": "The cards declared ({cards}) form neither a run of 3 or more cards of one suit "
        "nor four jacks, 9s, aces, 10s, kings or queens.",
        "fr": "Les cartes annoncées ({cards}) ne forment ni une suite de 3 cartes ou plus d'une "
        "couleur, ni un carré de valets, 9, as, 10, rois ou dames.",
    },
    "declaration.card_reused": {
        "en": "Seat {seat} uses {card} in two annonces; a card serves in one annonce at most.",
        "fr": "Le joueur {seat} utilise {card} dans deux annonces ; une carte ne sert qu'une fois.",
    },
    # Situations that cannot be judged (422).
    "not_a_card": {
        "en": "{card!r} is not a card: write rank 7 8 9 10 J Q K A then suit S H D C, e.g. 10H.",
        "fr": "{card!r} n'est pas une carte : rang 7 8 9 10 J Q K A puis couleur S H D C, "
        "par exemple 10H.",
    },
    "not_a_suit": {
        "en": "{suit!r} is not a suit: S, H, D or C.",
        "fr": "{suit!r} n'est pas une couleur : S, H, D ou C.",
    },
    "not_a_seat": {
        "en": "{value!r} is not a seat: 0, 1, 2 or 3.",
        "fr": "{value!r} n'est pas une place : 0, 1, 2 ou 3.",
    },
    "not_a_team": {
        "en": "{value!r} is not a team: 0 or 1.",
        "fr": "{value!r} n'est pas une équipe : 0 ou 1.",
    },
    "unknown_option": {
        "en": "{name!r} is not a rule option.",
        "fr": "{name!r} n'est pas une option de règle.",
    },
    "bad_option_value": {
        "en": "Rule option {name!r} takes: {allowed}.",
        "fr": "L'option {name!r} accepte : {allowed}.",
    },
    "duplicate_card": {
        "en": "{card} appears twice (also at {other}); a deck has one of each card.",
        "fr": "{card} apparaît deux fois (aussi en {other}) ; le jeu n'a qu'un exemplaire de "
        "chaque carte.",
    },
    "hand_size": {
        "en": "A hand holds {expected} cards here, not {size}.",
        "fr": "Une main a ici {expected} cartes, pas {size}.",
    },
    "hand_empty": {
        "en": "The hand is empty: nobody plays from an empty hand.",
        "fr": "La main est vide : on ne joue pas d'une main vide.",
    },
    "card_not_in_hand": {
        "en": "{card} is not in the hand.",
        "fr": "{card} n'est pas dans la main.",
    },
    "trick_full": {
        "en": "A trick of 4 cards is complete: nobody is to move in it.",
        "fr": "Un pli de 4 cartes est complet : personne n'a à y jouer.",
    },
    "trick_size": {
        "en": "A trick holds 1 to 4 cards, not {size}.",
        "fr": "Un pli compte de 1 à 4 cartes, pas {size}.",
    },
    "too_many_plays": {
        "en": "A deal has 32 plays at most, not {size}.",
        "fr": "Une donne compte au plus 32 cartes jouées, pas {size}.",
    },
    "play_not_in_hand": {
        "en": "Seat {seat} plays {card}, which is not in its hand (or already played).",
        "fr": "Le joueur {seat} joue {card}, qui n'est pas (ou plus) dans sa main.",
    },
    "analysis_needs_hands": {
        "en": "Perfect play needs all four hands.",
        "fr": "Le jeu parfait demande les quatre mains.",
    },
    "turned_elsewhere": {
        "en": "The turned card is the taker's (seat {seat}) from the deal on, but the record "
        "shows it elsewhere.",
        "fr": "La carte retournée est au preneur (le joueur {seat}) dès la donne, mais la "
        "donne la montre ailleurs.",
    },
    "advice_no_deal": {
        "en": "No deal of the unseen cards agrees with the record: the voids its plays show, "
        "the turned card, the belote and the annonces cannot all hold.",
        "fr": "Aucune répartition des cartes cachées ne s'accorde avec la donne : les "
        "couleurs qui manquent d'après les cartes jouées, la carte retournée, la belote et "
        "les annonces ne peuvent être vraies ensemble.",
    },
    "advice_not_to_move": {
        "en": "Seat {seat} is not to play: advice is for the seat to play, seat {to_move}.",
        "fr": "Le joueur {seat} n'a pas la main : le conseil est pour celui qui doit jouer, "
        "le joueur {to_move}.",
    },
    "advice_not_to_call": {
        "en": "Seat {seat} is not to call: advice is for the seat to call, seat {to_move}.",
        "fr": "Ce n'est pas au joueur {seat} de parler : le conseil est pour celui qui parle, "
        "le joueur {to_move}.",
    },
    "advice_illegal_call": {
        "en": "The call {call} is not legal here: advice needs a legal auction "
        "(/v1/coinche/bidding says why).",
        "fr": "L'annonce {call} n'est pas permise ici : le conseil demande des enchères "
        "régulières (/v1/coinche/bidding dit pourquoi).",
    },
    "advice_calls_not_contract": {
        "en": "The calls do not end in the record's contract: the advice reads the auction "
        "that made it.",
        "fr": "Les enchères ne finissent pas sur le contrat de la donne : le conseil lit les "
        "enchères qui l'ont fait.",
    },
    "advice_auction_over": {
        "en": "The auction ended with {call}: there is no call left to advise.",
        "fr": "Les enchères ont fini sur {call} : il n'y a plus d'annonce à conseiller.",
    },
    "advice_after_last_trick": {
        "en": "The deal is over: there is no card left to advise.",
        "fr": "La donne est finie : il n'y a plus de carte à conseiller.",
    },
    "claim_after_last_trick": {
        "en": "The deal is over: there is nothing left to claim.",
        "fr": "La donne est finie : il n'y a plus rien à revendiquer.",
    },
    "claim_one_kind": {
        "en": "Claim exactly one of tricks, rest or points.",
        "fr": "Revendiquez exactement un de tricks, rest ou points.",
    },
    # Why a claim holds or fails (service/rules/analysis/explain.py). `how` is the mode's
    # phrase below; tricks are counted from 1; `card` is named as players name it.
    "claim.holds_best": {
        "en": "whatever the opponents do",
        "fr": "quoi que fassent les adversaires",
    },
    "claim.holds_any": {
        "en": "however both sides play",
        "fr": "quel que soit le jeu des deux camps",
    },
    "claim.fails_best": {
        "en": "the opponents can defeat the claim",
        "fr": "les adversaires peuvent faire tomber la revendication",
    },
    "claim.fails_any": {
        "en": "one way of playing defeats the claim",
        "fr": "une façon de jouer fait tomber la revendication",
    },
    "claim.holds_rest": {
        "en": "{how}, team {team} takes every trick left: the claim holds.",
        "fr": "{how}, l'équipe {team} fait tous les plis restants : la revendication tient.",
    },
    "claim.holds_tricks": {
        "en": "{how}, team {team} takes at least {claimed} of the {left} tricks left: the claim "
        "holds.",
        "fr": "{how}, l'équipe {team} fait au moins {claimed} des {left} plis restants : la "
        "revendication tient.",
    },
    "claim.holds_points": {
        "en": "{how}, team {team} ends with at least {claimed} card points: the claim holds.",
        "fr": "{how}, l'équipe {team} finit avec au moins {claimed} points de cartes : la "
        "revendication tient.",
    },
    "claim.fails_rest": {
        "en": "{how}: seat {seat} wins trick {trick} with {card}.",
        "fr": "{how} : le joueur {seat} remporte le pli {trick} avec {card}.",
    },
    "claim.fails_tricks": {
        "en": "{how}: seat {seat} wins trick {trick} with {card}, and team {team} takes {got} "
        "of the {left} tricks left, not {claimed}.",
        "fr": "{how} : le joueur {seat} remporte le pli {trick} avec {card}, et l'équipe {team} "
        "fait {got} des {left} plis restants, pas {claimed}.",
    },
    "claim.fails_points": {
        "en": "{how}: seat {seat} wins trick {trick} with {card}, and team {team} ends with "
        "{got} card points, not {claimed}.",
        "fr": "{how} : le joueur {seat} remporte le pli {trick} avec {card}, et l'équipe {team} "
        "finit avec {got} points de cartes, pas {claimed}.",
    },
    "claim.beyond_tricks": {
        "en": "Only {left} tricks are left: team {team} cannot take {claimed}.",
        "fr": "Il ne reste que {left} plis : l'équipe {team} ne peut pas en faire {claimed}.",
    },
    "claim.beyond_points": {
        "en": "The opponents already hold {opponents} card points: team {team} cannot end with "
        "{claimed}.",
        "fr": "Les adversaires ont déjà {opponents} points de cartes : l'équipe {team} ne peut "
        "pas finir avec {claimed}.",
    },
    "claim.fails_unshown": {
        "en": "{how}, but the search ran out of time before it wrote out a line that shows how.",
        "fr": "{how}, mais la recherche a manqué de temps avant d'écrire le jeu qui le montre.",
    },
    "claim.unsettled": {
        "en": "The search ran out of time before it settled the claim: ask again with more time.",
        "fr": "La recherche a manqué de temps avant de trancher la revendication : redemandez en "
        "lui laissant plus de temps.",
    },
    # What a review says (service/rules/analysis/review_words.py): a card that lost points,
    # a card that changed the outcome, the renonce and its cost, each seat's and team's
    # summary. `lost`, `plays` and `labels` are counted; outcomes are said by `review.<contract>`.
    "review.lost": {
        "en": "Seat {seat} played {card} where {best} was best: {lost}.",
        "fr": "Le joueur {seat} a joué {card} alors que le mieux était {best} : {lost}.",
    },
    "review.changed": {
        "en": "With best play the contract was {before}; after this card it is {after}.",
        "fr": "Avec le meilleur jeu, le contrat était {before} ; après cette carte, il est "
        "{after}.",
    },
    "review.renonce": {
        "en": "Seat {seat} played {card} in trick {trick}, a renonce: {why}; it had to play "
        "{cards}.",
        "fr": "Le joueur {seat} a joué {card} au pli {trick}, une renonce : {why} ; il fallait "
        "jouer {cards}.",
    },
    "review.renonce_cost": {
        "en": "By the penalty the contract is {after} ({a} to team 0, {b} to team 1); with best "
        "play it was {before} ({c} to team 0, {d} to team 1): {lost}.",
        "fr": "Par la sanction, le contrat est {after} ({a} pour l'équipe 0, {b} pour l'équipe "
        "1) ; avec le meilleur jeu, il était {before} ({c} pour l'équipe 0, {d} pour l'équipe "
        "1) : {lost}.",
    },
    "review.why.follow_suit": {
        "en": "{led} was led and it held {led}",
        "fr": "du {led} était demandé et il en avait",
    },
    "review.why.raise_trump": {
        "en": "trump ({trump}) was led and it could beat {to_beat}",
        "fr": "atout ({trump}) demandé, il pouvait battre {to_beat}",
    },
    "review.why.trump": {
        "en": "it could not follow {led} and its partner was not winning",
        "fr": "il n'avait pas de {led} et son partenaire n'était pas maître",
    },
    "review.why.overtrump": {
        "en": "an opponent was winning with {to_beat} and it could over-trump",
        "fr": "un adversaire était maître avec {to_beat} et il pouvait surcouper",
    },
    "review.why.undertrump": {
        "en": "it could neither follow {led} nor beat {to_beat} but held trumps",
        "fr": "il n'avait pas de {led}, ne pouvait pas battre {to_beat} mais avait de l'atout",
    },
    "review.made": {"en": "made", "fr": "réussi"},
    "review.dedans": {"en": "dedans", "fr": "dedans"},
    "review.litige": {"en": "in litige", "fr": "en litige"},
    "review.annulled": {"en": "annulled", "fr": "annulé"},
    "review.capot": {
        "en": "{contract} with a capot by team {team}",
        "fr": "{contract} avec un capot de l'équipe {team}",
    },
    "review.seat": {"en": "Seat {side}: {tally}", "fr": "Joueur {side} : {tally}"},
    "review.team": {
        "en": "Team {side} (seats {side} and {partner}): {tally}",
        "fr": "Équipe {side} (joueurs {side} et {partner}) : {tally}",
    },
    "review.tally_lost": {
        "en": "{plays}, {labels}, {lost} of {stake} at stake: precision {precision}.",
        "fr": "{plays}, {labels}, {lost} sur {stake} en jeu : précision {precision}.",
    },
    "review.tally_best": {
        "en": "{plays}, the best card every time: precision {precision}.",
        "fr": "{plays}, la meilleure carte à chaque fois : précision {precision}.",
    },
    "review.tally_none": {"en": "no card judged.", "fr": "aucune carte jugée."},
    "review.points.one": {"en": "{n} point lost", "fr": "{n} point perdu"},
    "review.points.many": {"en": "{n} points lost", "fr": "{n} points perdus"},
    "review.plays.one": {"en": "{n} card judged", "fr": "{n} carte jugée"},
    "review.plays.many": {"en": "{n} cards judged", "fr": "{n} cartes jugées"},
    "review.inaccuracy.one": {"en": "{n} inaccuracy", "fr": "{n} imprécision"},
    "review.inaccuracy.many": {"en": "{n} inaccuracies", "fr": "{n} imprécisions"},
    "review.mistake.one": {"en": "{n} mistake", "fr": "{n} erreur"},
    "review.mistake.many": {"en": "{n} mistakes", "fr": "{n} erreurs"},
    "review.blunder.one": {"en": "{n} blunder", "fr": "{n} gaffe"},
    "review.blunder.many": {"en": "{n} blunders", "fr": "{n} gaffes"},
    "review.renonce.one": {"en": "{n} renonce", "fr": "{n} renonce"},
    "review.renonce.many": {"en": "{n} renonces", "fr": "{n} renonces"},
    "hands_count": {
        "en": "Give the hands of all 4 seats, not {size}.",
        "fr": "Donnez les mains des 4 joueurs, pas {size}.",
    },
    "points_sum": {
        "en": "The points of a deal, dix de der included, add up to 162, not {total}.",
        "fr": "Les points d'une donne, dix de der compris, font 162, pas {total}.",
    },
    "points_negative": {
        "en": "Points cannot be negative.",
        "fr": "Les points ne peuvent pas être négatifs.",
    },
    "points_count": {
        "en": "Give the points of both teams: [team 0, team 1].",
        "fr": "Donnez les points des deux équipes : [équipe 0, équipe 1].",
    },
    "capot_points": {
        "en": "A capot team won every trick and holds all 162 points, not {points}.",
        "fr": "L'équipe qui fait capot a tous les plis et les 162 points, pas {points}.",
    },
    "game_over": {
        "en": "The game was already won by team {winner} at deal {deal}: no deal follows.",
        "fr": "La partie était déjà gagnée par l'équipe {winner} à la donne {deal} : "
        "aucune donne ne suit.",
    },
    "too_many_deals": {
        "en": "A game is scored from at most {limit} deals, not {size}.",
        "fr": "Une partie se calcule sur au plus {limit} donnes, pas {size}.",
    },
    "not_a_bid": {
        "en": "{bid!r} is not a bid: 'pass', 'take' or a suit S H D C.",
        "fr": "{bid!r} n'est pas une enchère : 'pass', 'take' ou une couleur S H D C.",
    },
    "contract_value": {
        "en": "A contract's value is 80 to {max_bid} in tens, or capot (option max_bid).",
        "fr": "La valeur d'un contrat va de 80 à {max_bid} par dizaines, ou capot "
        "(option max_bid).",
    },
    "not_a_strain": {
        "en": "{strain!r} is not a strain: S, H, D, C, SA or TA.",
        "fr": "{strain!r} n'est pas une couleur d'enchère : S, H, D, C, SA ou TA.",
    },
    "strain_needs_sa_ta": {
        "en": "{strain} is played only with rule option sa_ta true.",
        "fr": "{strain} ne se joue qu'avec l'option sa_ta à true.",
    },
    "coinche_level": {
        "en": "{value!r} is not a coinche level: 0 (none), 1 (coinched) or 2 (surcoinched).",
        "fr": "{value!r} n'est pas un niveau de coinche : 0 (aucune), 1 (coinché) ou "
        "2 (surcoinché).",
    },
    "belote_count": {
        "en": "This contract holds at most {most} belote(s) in all: one under a suit, none "
        "under SA, one per suit under TA (option ta_belote).",
        "fr": "Ce contrat compte au plus {most} belote(s) en tout : une à la couleur, aucune "
        "en sans-atout, une par couleur en tout-atout (option ta_belote).",
    },
    "not_a_call": {
        "en": "{call!r} is not a call: 'pass', 'coinche', 'surcoinche', a value and a strain "
        "such as '90H' or '110SA', or 'capot' and a strain such as 'capotS'.",
        "fr": "{call!r} n'est pas une enchère : 'pass', 'coinche', 'surcoinche', une valeur "
        "et une couleur comme '90H' ou '110SA', ou 'capot' et une couleur comme 'capotS'.",
    },
    "seed_too_short": {
        "en": "The seed must be at least {minimum} characters, so that deals are not guessed.",
        "fr": "La graine doit compter au moins {minimum} caractères, pour qu'on ne devine pas "
        "les donnes.",
    },
    "annonce_invalid": {
        "en": "These cards ({cards}) are no annonce: an annonce is a run of 3 or more cards of "
        "one suit, or four jacks, 9s, aces, 10s, kings or queens.",
        "fr": "Ces cartes ({cards}) ne forment pas une annonce : il faut une suite de 3 cartes "
        "ou plus d'une couleur, ou un carré de valets, 9, as, 10, rois ou dames.",
    },
    "annonces_need_trump": {
        "en": "Scoring annonces needs the trump suit (the tie-break between equal annonces).",
        "fr": "Compter les annonces demande la couleur d'atout (départage des annonces égales).",
    },
    "too_many_annonces": {
        "en": "A team declares at most {limit} annonces in a deal, not {size}.",
        "fr": "Une équipe déclare au plus {limit} annonces par donne, pas {size}.",
    },
}


PROBLEM_CODES = tuple(code for code in CATALOG if "." not in code)
"""The codes of situations that cannot be judged (`errors.Problem`): the rest are rulings'."""


def render(code: str, lang: str, params: Mapping[str, object]) -> str:
    """The sentence for `code` in `lang` (English for any other language); `Cards` among the
    parameters are named in that language, `Counted` and `Sentence` said in it, a float
    written as it writes decimals ("33.3", "33,3")."""
    text = _phrase(code, lang, params)
    return text[0].upper() + text[1:]


def _phrase(code: str, lang: str, params: Mapping[str, object]) -> str:
    templates = CATALOG[code]
    named = {key: _said(value, lang) for key, value in params.items()}
    return templates.get(lang, templates["en"]).format(**named)


def _said(value: object, lang: str) -> object:
    """A parameter as the sentence in `lang` says it."""
    if isinstance(value, Cards):
        return card_names(value.cards, lang, every=value.every)
    if isinstance(value, Counted):
        one = value.n == 1 or (value.n == 0 and lang == "fr")
        return _phrase(f"{value.code}.{'one' if one else 'many'}", lang, {"n": value.n})
    if isinstance(value, Sentence):
        return _phrase(value.code, lang, value.params)
    if isinstance(value, Suited):
        return suit_name(value.suit, lang)
    if isinstance(value, Listed):
        words = _WORDS.get(lang, _WORDS["en"])
        return _listed([str(_said(item, lang)) for item in value.items], words.and_)
    if isinstance(value, float):
        written = f"{value:.1f}".removesuffix(".0")
        return written.replace(".", ",") if lang == "fr" else written
    return value


def suit_name(suit: int, lang: str) -> str:
    return SUIT_NAMES.get(lang, SUIT_NAMES["en"])[suit]


def card_names(cards: Iterable[NamedCard], lang: str, *, every: bool = False) -> str:
    """The cards as players of `lang` name them (English for any other language), the one
    place every sentence names cards: any one of them, or `every` one of them.

    Grouped by suit, in the order given: "the king or the 8 of hearts", "le 7, le 8 et le 9
    de pique"; by rank when that makes fewer groups: "the jack of spades, hearts, diamonds
    and clubs", "le valet de pique, de cœur, de carreau et de trèfle".

    >>> from service.rules.core.cards import Card
    >>> card_names([Card.parse("KH"), Card.parse("8H")], "fr")
    'le roi ou le 8 de cœur'
    """
    words = _WORDS.get(lang, _WORDS["en"])
    suits = SUIT_NAMES.get(lang, SUIT_NAMES["en"])
    conjunction = words.and_ if every else words.or_
    listed = list(cards)
    by_suit = _grouped(listed, lambda card: card.suit)
    by_rank = _grouped(listed, lambda card: card.rank)
    if len(by_rank) < len(by_suit):
        phrases = [
            f"{words.ranks[group[0].rank]} "
            + _of_suits([suits[card.suit] for card in group], words, conjunction)
            for group in by_rank
        ]
    else:
        phrases = [
            f"{_listed([words.ranks[card.rank] for card in group], conjunction)} "
            f"{words.of} {suits[group[0].suit]}"
            for group in by_suit
        ]
    return _listed(phrases, conjunction)


def _grouped(cards: Sequence[NamedCard], key: Callable[[NamedCard], int]) -> list[list[NamedCard]]:
    """The cards in groups of equal `key`, each group where its first card stands."""
    groups: dict[int, list[NamedCard]] = {}
    for card in cards:
        groups.setdefault(key(card), []).append(card)
    return list(groups.values())


def _of_suits(names: list[str], words: _Words, conjunction: str) -> str:
    if words.of_each_suit:
        return _listed([f"{words.of} {name}" for name in names], conjunction)
    return f"{words.of} {_listed(names, conjunction)}"


def _listed(names: list[str], conjunction: str) -> str:
    """`a`, `a or b`, `a, b or c`."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {conjunction} {names[-1]}"
