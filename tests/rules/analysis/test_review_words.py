"""What a review says (service/rules/analysis/review_words.py), in English and in French: each
card that lost points, each decisive card, the renonce and its cost, each seat's and team's
line. Positions are made by hand: the words read the review's figures, not the search."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.rules.analysis.policy import LABELS
from service.rules.analysis.questions import Outcome
from service.rules.analysis.review import PlayReview, SideTally
from service.rules.analysis.review_words import play_words, renonce_words, seat_words, team_words
from service.rules.core.cards import Card
from service.rules.core.play import Violation, ViolationCode
from service.rules.core.replay import Proof, Renonce
from service.rules.core.strains import SANS_ATOUT
from service.text.catalog import CATALOG, keys
from tests.rules.builders import cards

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
MADE = Outcome((90, 72), None, "made", (90, 72))
DEDANS = Outcome((70, 92), None, "dedans", (0, 162))
CAPOT = Outcome((162, 0), 0, "made", (252, 0))


def play(**changes: object) -> PlayReview:
    """Seat 2 plays the 9 of hearts where the 9 of clubs was best, losing 4: an inaccuracy
    that changes nothing (the contract made before it and after it)."""
    played = PlayReview(
        20, 2, Card.parse("9H"), MADE, cards("9C"), MADE, 4, 6, "inaccuracy", False, False, True,
        True, None, None,
    )  # fmt: skip
    return replace(played, **changes)  # type: ignore[arg-type]


def said(sentence: object) -> tuple[str, str]:
    assert sentence is not None
    return sentence.message("en"), sentence.message("fr")  # type: ignore[attr-defined]


# --- a card -----------------------------------------------------------------------------------


def test_a_card_that_lost_points_says_what_was_best_and_what_it_cost() -> None:
    assert said(play_words(play(), None)) == (
        "Seat 2 played the 9 of hearts where the 9 of clubs was best: 4 points lost.",
        "Le joueur 2 a joué le 9 de cœur alors que le mieux était le 9 de trèfle : "
        "4 points perdus.",
    )


def test_several_best_cards_are_any_one_of_them_and_one_point_is_one() -> None:
    words = play_words(play(best=cards("AC 9C 10S"), loss=1, seat=1, card=Card.parse("KS")), None)
    assert said(words) == (
        "Seat 1 played the king of spades where the ace or the 9 of clubs or the 10 of spades "
        "was best: 1 point lost.",
        "Le joueur 1 a joué le roi de pique alors que le mieux était l'as ou le 9 de trèfle ou "
        "le 10 de pique : 1 point perdu.",
    )


def test_a_decisive_card_says_the_outcome_before_and_after_it() -> None:
    words = play_words(play(after=DEDANS, loss=30, label="blunder", decisive=True), None)
    assert said(words) == (
        "Seat 2 played the 9 of hearts where the 9 of clubs was best: 30 points lost. "
        "With best play the contract was made; after this card it is dedans.",
        "Le joueur 2 a joué le 9 de cœur alors que le mieux était le 9 de trèfle : "
        "30 points perdus. Avec le meilleur jeu, le contrat était réussi ; après cette carte, "
        "il est dedans.",
    )


@pytest.mark.parametrize(
    ("before", "after", "en", "fr"),
    [
        (CAPOT, MADE, "made with a capot by team 0; after this card it is made",
         "réussi avec un capot de l'équipe 0 ; après cette carte, il est réussi"),
        (MADE, MADE._replace(contract="litige"), "made; after this card it is in litige",
         "réussi ; après cette carte, il est en litige"),
    ],
)  # fmt: skip
def test_a_decisive_card_that_lost_nothing_says_only_what_it_changed(
    before: Outcome, after: Outcome, en: str, fr: str
) -> None:
    words = play_words(play(before=before, after=after, loss=0, decisive=True), None)
    assert said(words) == (
        f"With best play the contract was {en}.",
        f"Avec le meilleur jeu, le contrat était {fr}.",
    )


@pytest.mark.parametrize(
    "changes",
    [
        {"loss": 0, "label": "best"},  # the best card: nothing to say
        {"judged": False, "loss": 0, "label": None},  # after the renonce
        {"exact": False, "loss": None, "decisive": True},  # past the budget
    ],
)
def test_a_card_that_lost_nothing_or_was_not_judged_says_nothing(
    changes: dict[str, object],
) -> None:
    assert play_words(play(**changes), None) is None


# --- the renonce -------------------------------------------------------------------------------


def renonce(code: ViolationCode, required: str, led: int, trump: int, to_beat: str = "") -> Renonce:
    """Seat 1 plays the 7 of diamonds in the sixth trick (play 21)."""
    beaten = Card.parse(to_beat) if to_beat else None
    violation = Violation(code, cards(required), led, trump, beaten)
    return Renonce(21, 5, 1, Card.parse("7D"), violation, Proof("hand"))


@pytest.mark.parametrize(
    ("offence", "en", "fr"),
    [
        (renonce(ViolationCode.FOLLOW_SUIT, "8S KS", SPADES, HEARTS),
         "spades was led and it held spades; it had to play the 8 or the king of spades",
         "du pique était demandé et il en avait ; il fallait jouer le 8 ou le roi de pique"),
        (renonce(ViolationCode.FOLLOW_SUIT, "8S", SPADES, SANS_ATOUT),
         "spades was led and it held spades; it had to play the 8 of spades",
         "du pique était demandé et il en avait ; il fallait jouer le 8 de pique"),
        (renonce(ViolationCode.RAISE_TRUMP, "JH", HEARTS, HEARTS, "9H"),
         "trump (hearts) was led and it could beat the 9 of hearts; it had to play the jack of "
         "hearts",
         "atout (cœur) demandé, il pouvait battre le 9 de cœur ; il fallait jouer le valet de "
         "cœur"),
        (renonce(ViolationCode.TRUMP, "7C", SPADES, CLUBS),
         "it could not follow spades and its partner was not winning; it had to play the 7 of "
         "clubs",
         "il n'avait pas de pique et son partenaire n'était pas maître ; il fallait jouer le 7 "
         "de trèfle"),
        (renonce(ViolationCode.OVERTRUMP, "JC", SPADES, CLUBS, "9C"),
         "an opponent was winning with the 9 of clubs and it could over-trump; it had to play "
         "the jack of clubs",
         "un adversaire était maître avec le 9 de trèfle et il pouvait surcouper ; il fallait "
         "jouer le valet de trèfle"),
        (renonce(ViolationCode.UNDERTRUMP, "7C", DIAMONDS, CLUBS, "JC"),
         "it could neither follow diamonds nor beat the jack of clubs but held trumps; it had "
         "to play the 7 of clubs",
         "il n'avait pas de carreau, ne pouvait pas battre le valet de trèfle mais avait de "
         "l'atout ; il fallait jouer le 7 de trèfle"),
    ],
)  # fmt: skip
def test_a_renonce_says_the_obligation_it_broke_in_its_trick(
    offence: Renonce, en: str, fr: str
) -> None:
    # Not reviewed (the review began after it): what it was, not what it cost.
    assert said(renonce_words(offence, None)) == (
        f"Seat 1 played the 7 of diamonds in trick 6, a renonce: {en}.",
        f"Le joueur 1 a joué le 7 de carreau au pli 6, une renonce : {fr}.",
    )


def test_a_reviewed_renonce_says_the_penalty_against_best_play_and_the_points_lost() -> None:
    offence = renonce(ViolationCode.FOLLOW_SUIT, "8S", SPADES, HEARTS)
    penalty = Outcome((40, 122), None, "made", (0, 162))
    at = play(play=21, seat=1, card=Card.parse("7D"), before=DEDANS, after=penalty)
    at = replace(at, loss=92, stake=92, label="renonce", renonce=True, decisive=False)
    what = (
        "Seat 1 played the 7 of diamonds in trick 6, a renonce: spades was led and it held "
        "spades; it had to play the 8 of spades.",
        "Le joueur 1 a joué le 7 de carreau au pli 6, une renonce : du pique était demandé et "
        "il en avait ; il fallait jouer le 8 de pique.",
    )
    cost = (
        "By the penalty the contract is made (0 to team 0, 162 to team 1); with best play it "
        "was dedans (0 to team 0, 162 to team 1): 92 points lost.",
        "Par la sanction, le contrat est réussi (0 pour l'équipe 0, 162 pour l'équipe 1) ; avec "
        "le meilleur jeu, il était dedans (0 pour l'équipe 0, 162 pour l'équipe 1) : "
        "92 points perdus.",
    )
    expected = tuple(f"{w} {c}" for w, c in zip(what, cost, strict=True))
    assert said(renonce_words(offence, at)) == expected
    assert said(play_words(at, offence)) == expected  # the play says the same
    # Annulled, by the penalty, and a renonce that cost nothing.
    annulled = replace(at, after=penalty._replace(contract="annulled", score=(0, 0)), loss=0)
    assert said(renonce_words(offence, annulled))[0].endswith(
        "By the penalty the contract is annulled (0 to team 0, 0 to team 1); with best play it "
        "was dedans (0 to team 0, 162 to team 1): 0 points lost."
    )
    assert said(renonce_words(offence, annulled))[1].endswith(
        "Par la sanction, le contrat est annulé (0 pour l'équipe 0, 0 pour l'équipe 1) ; avec "
        "le meilleur jeu, il était dedans (0 pour l'équipe 0, 162 pour l'équipe 1) : "
        "0 point perdu."
    )
    # Reviewed past the budget: what it was only.
    assert said(renonce_words(offence, replace(at, exact=False, before=None))) == what


# --- a seat's and a team's line ----------------------------------------------------------------


def tally(
    side: int, plays: int, loss: int, stake: int, precision: float, **labels: int
) -> SideTally:
    counts = {label: labels.get(label, 0) for label in LABELS}
    return SideTally(side, plays, loss, round(loss / max(plays, 1), 2), stake, counts, precision)


@pytest.mark.parametrize(
    ("figures", "team", "en", "fr"),
    [
        (tally(2, 3, 34, 51, 33.3, inaccuracy=2, blunder=1, best=0), False,
         "Seat 2: 3 cards judged, 2 inaccuracies and 1 blunder, 34 points lost of 51 at stake: "
         "precision 33.3.",
         "Joueur 2 : 3 cartes jugées, 2 imprécisions et 1 gaffe, 34 points perdus sur 51 en "
         "jeu : précision 33,3."),
        (tally(1, 1, 12, 12, 0.0, mistake=1), False,
         "Seat 1: 1 card judged, 1 mistake, 12 points lost of 12 at stake: precision 0.",
         "Joueur 1 : 1 carte jugée, 1 erreur, 12 points perdus sur 12 en jeu : précision 0."),
        (tally(0, 6, 1, 40, 97.5, inaccuracy=1, mistake=2, blunder=2, renonce=1), True,
         "Team 0 (seats 0 and 2): 6 cards judged, 1 inaccuracy, 2 mistakes, 2 blunders and 1 "
         "renonce, 1 point lost of 40 at stake: precision 97.5.",
         "Équipe 0 (joueurs 0 et 2) : 6 cartes jugées, 1 imprécision, 2 erreurs, 2 gaffes et 1 "
         "renonce, 1 point perdu sur 40 en jeu : précision 97,5."),
        (tally(1, 2, 0, 20, 100.0, renonce=2), True,
         "Team 1 (seats 1 and 3): 2 cards judged, 2 renonces, 0 points lost of 20 at stake: "
         "precision 100.",
         "Équipe 1 (joueurs 1 et 3) : 2 cartes jugées, 2 renonces, 0 point perdu sur 20 en "
         "jeu : précision 100."),
        (tally(3, 4, 0, 8, 100.0, best=4), False,
         "Seat 3: 4 cards judged, the best card every time: precision 100.",
         "Joueur 3 : 4 cartes jugées, la meilleure carte à chaque fois : précision 100."),
        (tally(1, 0, 0, 0, 100.0), True,
         "Team 1 (seats 1 and 3): no card judged.",
         "Équipe 1 (joueurs 1 et 3) : aucune carte jugée."),
    ],
)  # fmt: skip
def test_each_seat_and_team_is_summed_up_in_one_line(
    figures: SideTally, team: bool, en: str, fr: str
) -> None:
    words = team_words if team else seat_words
    assert said(words(figures)) == (en, fr)
    assert figures.summary("en") is None  # its words are the review's to give
    assert replace(figures, words=words(figures)).summary("fr") == fr


def test_another_language_is_said_in_english() -> None:
    words = play_words(play(), None)
    assert words is not None and words.message("de") == words.message("en")
    line = team_words(tally(0, 6, 1, 40, 97.5, inaccuracy=1, mistake=2))
    assert line.message("de") == line.message("en")


def test_every_review_phrase_is_in_english_and_in_french() -> None:
    review = keys("review.") + keys("count.")
    assert len(review) == 31
    assert all(set(CATALOG[lang]) >= set(review) for lang in ("en", "fr"))
