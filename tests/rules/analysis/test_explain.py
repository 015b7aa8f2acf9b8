"""Why a claim holds or fails: the decisive trick of the refutation, what the team ends with
along it, and the seat and trick of each of its cards (service/rules/analysis/explain.py).

The verdicts here are written out, not searched: the explanation reads the verdict it is
given, whatever engine gave it."""

from __future__ import annotations

import pytest

from service.rules.analysis.explain import (
    ClaimRuling,
    LinePlay,
    explain_claim,
    explain_coinche_claim,
)
from service.rules.analysis.questions import ANY, BEST, Claim, ClaimVerdict
from service.rules.core.cards import Card
from service.rules.variants import COINCHE as COINCHE_VARIANT
from service.rules.variants.classic.replay import DealRecord
from service.rules.variants.coinche.options import Contract
from service.rules.variants.coinche.replay import CoincheRecord
from tests.rules.builders import cards, codes

# Seat 0 deals, hearts are trump, seat 0 took. Three tricks are over (won by seats 2, 3 and 1:
# 7 card points for team 0, 70 for team 1); seat 1 leads to the five left.
HANDS = (
    cards("8H 7C KH 9H JC 8S QS 10S"),
    cards("KD QD QH JH AD 7D 10C KS"),
    cards("AS QC 7H 8C 7S 9C 9S KC"),
    cards("JD AC 10D 10H JS 8D 9D AH"),
)
PLAYED = cards("KD 7H 9D QS KC AC 7C 10C AH 9H JH 9C")
POSITION = DealRecord(0, 1, 0, PLAYED, HANDS)
# A line to the end. Tricks 4 to 8 (from 1): seat 0 wins with 8H (11 points), seat 2 with AS
# (17), seat 3 with 10H (18), seat 0 with KH (14), seat 1 with QH (25 and the dix de der).
# Team 0 ends with 49 card points, team 1 with 113; team 1's run 70, 70, 70, 88, 88, 113.
LINE = cards("AD 7S 8D 8H 8S KS AS JS QC 10H JC QD 10D KH 7D 9S 10S QH 8C JD")


def verdict(holds: bool | None, refutation: tuple[Card, ...] | None = None) -> ClaimVerdict:
    return ClaimVerdict(holds, None, None, refutation, holds is not None, 1, 0.0)


def explained(
    claim: Claim, given: ClaimVerdict, mode: str = BEST, record: DealRecord = POSITION
) -> ClaimRuling:
    """The ruling on `given`, which it carries as it is."""
    ruling = explain_claim(record, claim, given, mode)
    assert ruling.verdict is given
    return ruling


def said(claim: Claim, holds: bool | None, mode: str = BEST, lang: str = "en") -> str:
    refutation = LINE if holds is False else None
    ruling = explained(claim, verdict(holds, refutation), mode)
    assert (ruling.refutation_plays is None) == (refutation is None)
    return ruling.reason.message(lang)


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # The rest: the first trick the opponents win.
        (Claim(0, rest=True), "seat 3 wins trick 6 with the 10 of hearts."),
        (Claim(1, rest=True), "seat 0 wins trick 4 with the 8 of hearts."),
        # n tricks of the 5 left: the opponents' (5 - n + 1)th trick.
        (
            Claim(2, tricks=4),
            "seat 1 wins trick 8 with the queen of hearts, "
            "and team 0 takes 3 of the 5 tricks left, not 4.",
        ),
        (
            Claim(1, tricks=3),
            "seat 0 wins trick 7 with the king of hearts, "
            "and team 1 takes 2 of the 5 tricks left, not 3.",
        ),
        (
            Claim(3, tricks=5),  # all that are left: as the rest
            "seat 0 wins trick 4 with the 8 of hearts, "
            "and team 1 takes 2 of the 5 tricks left, not 5.",
        ),
        # n card points: the trick that takes the opponents past 162 - n.
        (
            Claim(0, points=60),
            "seat 1 wins trick 8 with the queen of hearts, "
            "and team 0 ends with 49 card points, not 60.",
        ),
        (  # reaching 88 = 162 - 74 is not past it: trick 6 leaves the claim in reach
            Claim(0, points=74),
            "seat 1 wins trick 8 with the queen of hearts, "
            "and team 0 ends with 49 card points, not 74.",
        ),
        (  # the opponents' 70 before any card is not past 162 - 92
            Claim(2, points=92),
            "seat 3 wins trick 6 with the 10 of hearts, "
            "and team 0 ends with 49 card points, not 92.",
        ),
        (
            Claim(1, points=120),
            "seat 0 wins trick 7 with the king of hearts, "
            "and team 1 ends with 113 card points, not 120.",
        ),
    ],
)
def test_a_failed_claim_names_the_trick_that_puts_it_out_of_reach(
    claim: Claim, sentence: str
) -> None:
    assert said(claim, False) == "The opponents can defeat the claim: " + sentence
    assert said(claim, False, ANY) == "One way of playing defeats the claim: " + sentence


def test_a_failed_claim_in_french() -> None:
    assert said(Claim(1, tricks=3), False, BEST, "fr") == (
        "Les adversaires peuvent faire tomber la revendication : le joueur 0 remporte le pli 7 "
        "avec le roi de cœur, et l'équipe 1 fait 2 des 5 plis restants, pas 3."
    )
    assert said(Claim(0, points=60), False, ANY, "fr") == (
        "Une façon de jouer fait tomber la revendication : le joueur 1 remporte le pli 8 avec "
        "la dame de cœur, et l'équipe 0 finit avec 49 points de cartes, pas 60."
    )
    assert said(Claim(0, rest=True), False, BEST, "fr") == (
        "Les adversaires peuvent faire tomber la revendication : le joueur 3 remporte le pli 6 "
        "avec le 10 de cœur."
    )


@pytest.mark.parametrize(
    ("claim", "lang", "sentence"),
    [
        (Claim(1, tricks=6), "en", "Only 5 tricks are left: team 1 cannot take 6."),
        (Claim(0, tricks=8), "fr", "Il ne reste que 5 plis : l'équipe 0 ne peut pas en faire 8."),
        (
            Claim(0, points=93),  # 70 > 162 - 93
            "en",
            "The opponents already hold 70 card points: team 0 cannot end with 93.",
        ),
        (
            Claim(2, points=100),
            "fr",
            "Les adversaires ont déjà 70 points de cartes : l'équipe 0 ne peut pas finir avec 100.",
        ),
    ],
)
def test_a_claim_out_of_reach_before_any_card_says_so(
    claim: Claim, lang: str, sentence: str
) -> None:
    for mode in (BEST, ANY):
        assert said(claim, False, mode, lang) == sentence


@pytest.mark.parametrize(
    ("claim", "mode", "lang", "sentence"),
    [
        (
            Claim(1, tricks=2),
            BEST,
            "en",
            "Whatever the opponents do, team 1 takes at least 2 of the 5 tricks left: the "
            "claim holds.",
        ),
        (
            Claim(0, rest=True),
            ANY,
            "en",
            "However both sides play, team 0 takes every trick left: the claim holds.",
        ),
        (
            Claim(3, points=100),
            BEST,
            "en",
            "Whatever the opponents do, team 1 ends with at least 100 card points: the claim "
            "holds.",
        ),
        (
            Claim(2, tricks=1),
            ANY,
            "fr",
            "Quel que soit le jeu des deux camps, l'équipe 0 fait au moins 1 des 5 plis "
            "restants : la revendication tient.",
        ),
        (
            Claim(1, rest=True),
            BEST,
            "fr",
            "Quoi que fassent les adversaires, l'équipe 1 fait tous les plis restants : la "
            "revendication tient.",
        ),
        (
            Claim(0, points=42),
            ANY,
            "fr",
            "Quel que soit le jeu des deux camps, l'équipe 0 finit avec au moins 42 points de "
            "cartes : la revendication tient.",
        ),
    ],
)
def test_a_claim_that_holds_says_so_in_its_mode(
    claim: Claim, mode: str, lang: str, sentence: str
) -> None:
    ruling = explained(claim, verdict(True), mode)
    assert ruling.reason.message(lang) == sentence
    assert ruling.refutation_plays is None


def test_a_verdict_the_budget_left_open_says_what_is_missing() -> None:
    ruling = explained(Claim(0, rest=True), verdict(None))
    assert ruling.refutation_plays is None
    assert ruling.reason.message() == (
        "The search ran out of time before it settled the claim: ask again with more time."
    )
    assert ruling.reason.message("fr") == (
        "La recherche a manqué de temps avant de trancher la revendication : redemandez en lui "
        "laissant plus de temps."
    )
    for mode, lang, sentence in (
        (
            BEST,
            "en",
            "The opponents can defeat the claim, but the search ran out of time before it "
            "wrote out a line that shows how.",
        ),
        (
            ANY,
            "fr",
            "Une façon de jouer fait tomber la revendication, mais la recherche a manqué de "
            "temps avant d'écrire le jeu qui le montre.",
        ),
    ):
        ruling = explained(Claim(0, tricks=3), verdict(False), mode)
        assert ruling.refutation_plays is None
        assert ruling.reason.message(lang) == sentence


def test_each_card_of_a_refutation_has_its_seat_and_trick() -> None:
    ruling = explained(Claim(0, rest=True), verdict(False, LINE))
    assert ruling.refutation_plays is not None
    assert [(p.seat, str(p.card), p.trick) for p in ruling.refutation_plays] == [
        *((1, "AD", 3), (2, "7S", 3), (3, "8D", 3), (0, "8H", 3)),
        *((0, "8S", 4), (1, "KS", 4), (2, "AS", 4), (3, "JS", 4)),
        *((2, "QC", 5), (3, "10H", 5), (0, "JC", 5), (1, "QD", 5)),
        *((3, "10D", 6), (0, "KH", 6), (1, "7D", 6), (2, "9S", 6)),
        *((0, "10S", 7), (1, "QH", 7), (2, "8C", 7), (3, "JD", 7)),
    ]


def test_a_refutation_from_a_trick_on_the_table_starts_with_the_next_seat() -> None:
    on_table = DealRecord(0, 1, 0, (*PLAYED, *LINE[:2]), HANDS)
    ruling = explained(Claim(0, rest=True), verdict(False, LINE[2:]), BEST, on_table)
    assert ruling.refutation_plays is not None
    assert ruling.refutation_plays[:3] == (
        LinePlay(3, Card.parse("8D"), 3),
        LinePlay(0, Card.parse("8H"), 3),
        LinePlay(0, Card.parse("8S"), 4),
    )
    assert len(ruling.refutation_plays) == len(LINE) - 2
    # The trick on the table is still to be won: 5 are left, the first lost is trick 6.
    assert ruling.reason.message() == (
        "The opponents can defeat the claim: seat 3 wins trick 6 with the 10 of hearts."
    )
    beyond = explained(Claim(1, tricks=6), verdict(False, LINE[2:]), BEST, on_table)
    assert beyond.reason.message() == "Only 5 tricks are left: team 1 cannot take 6."
    assert beyond.refutation_plays == ruling.refutation_plays


# The same hands in coinche, seat 1 playing 80 sans-atout with `sa_points: scaled`. After
# three tricks (all team 1's: 71 scaled card points), seat 3 leads; team 1 takes every trick.
# Its scaled run: 71, 87, 105, 123, 130, 162 (under ace19 it would be 72, 93, 107, 129, 135).
SANS_ATOUT = COINCHE_VARIANT.options({"sa_ta": True, "sa_points": "scaled"})
COINCHE = CoincheRecord(
    0, Contract(1, 80, 4, 0), cards("KD AS JD 8H QD QC 10D 7C AC JC 10C 8C"), HANDS
)
COINCHE_LINE = cards("AH 9H JH 7H 9D 10S 7D KC 8D QS AD 9S KS 7S JS 8S QH 9C 10H KH")


@pytest.mark.parametrize(
    ("claim", "sentence"),
    [
        # Past 162 - 74 = 88 after trick 5 with scaled points (after trick 4 with ace19's).
        (
            Claim(0, points=74),
            "seat 3 wins trick 5 with the 9 of diamonds, "
            "and team 0 ends with 0 card points, not 74.",
        ),
        # Without a trump, 10H is the best heart.
        (
            Claim(2, tricks=1),
            "seat 3 wins trick 8 with the 10 of hearts, "
            "and team 0 takes 0 of the 5 tricks left, not 1.",
        ),
    ],
)
def test_a_coinche_claim_is_explained_under_its_strain_and_points(
    claim: Claim, sentence: str
) -> None:
    refuted = verdict(False, COINCHE_LINE)
    ruling = explain_coinche_claim(COINCHE, claim, refuted, BEST, SANS_ATOUT)
    assert ruling.verdict is refuted
    assert ruling.reason.message() == "The opponents can defeat the claim: " + sentence
    assert ruling.refutation_plays is not None
    assert codes([p.card for p in ruling.refutation_plays]) == codes(COINCHE_LINE)
    assert [p.seat for p in ruling.refutation_plays[:5]] == [3, 0, 1, 2, 3]
