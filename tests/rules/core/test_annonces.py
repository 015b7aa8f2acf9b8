"""RULES.md "Annonces": what an annonce is and is worth, the best split of a hand, and which
team's annonces count. Trump is hearts."""

from __future__ import annotations

import pytest

from service.rules import Suit, best_annonce_team, classify, declarable
from service.rules.core.annonces import Annonce, hand_annonces
from tests.rules.builders import cards

TRUMP = Suit.HEARTS


def annonce(text: str) -> Annonce:
    found = classify(cards(text))
    assert found is not None, text
    return found


@pytest.mark.parametrize(
    ("given", "kind", "points", "top"),
    [
        ("7S 8S 9S", "tierce", 20, "9S"),
        ("9S 7S 8S", "tierce", 20, "9S"),
        ("QH KH AH", "tierce", 20, "AH"),
        ("10H JH QH KH", "cinquante", 50, "KH"),
        ("7D 8D 9D 10D JD", "cent", 100, "JD"),
        # A run of 6, 7 or 8 is one cent.
        ("7C 8C 9C 10C JC QC", "cent", 100, "QC"),
        ("8C 9C 10C JC QC KC AC", "cent", 100, "AC"),
        ("7C 8C 9C 10C JC QC KC AC", "cent", 100, "AC"),
        # Four of a kind: Jacks 200, 9s 150, Aces, 10s, Kings or Queens 100.
        ("JS JH JD JC", "carre", 200, "J"),
        ("9C 9S 9D 9H", "carre", 150, "9"),
        ("AS AH AD AC", "carre", 100, "A"),
        ("10S 10H 10D 10C", "carre", 100, "10"),
        ("KS KH KD KC", "carre", 100, "K"),
        ("QS QH QD QC", "carre", 100, "Q"),
    ],
)
def test_what_an_annonce_is_worth(given: str, kind: str, points: int, top: str) -> None:
    found = annonce(given)
    assert (found.kind, found.points, found.top) == (kind, points, top)


@pytest.mark.parametrize(
    "given",
    [
        "7S 7H 7D 7C",  # fours of 7s and 8s are worth nothing
        "8S 8H 8D 8C",
        "7S 8S",
        "7S 8S 10S",
        "7S 8H 9S",
        "KS AS 7S",  # the order does not wrap round
        "JS JH JD",
        "7S 8S 8S 9S",  # a card named twice
        "",
    ],
)
def test_what_is_no_annonce(given: str) -> None:
    assert classify(cards(given)) is None


@pytest.mark.parametrize(
    ("hand", "split", "points"),
    [
        ("7S 8S 9S KH QH AD 7C 8C", ["7S 8S 9S"], 20),
        # Belote-rebelote is no annonce; a run through K and Q of trump still is one.
        ("JH QH KH 7S 9S JD 8C 10C", ["JH QH KH"], 20),
        ("7S 8S 9S JS QS KS 7D 8D", ["JS QS KS", "7S 8S 9S"], 40),
        ("7S 9S JS KS 7D 9D JD KD", [], 0),
        ("7S 7H 7D 7C 8S 8H 8D 8C", [], 0),
        # A run of 8 is one cent, never split into smaller annonces.
        ("7S 8S 9S 10S JS QS KS AS", ["7S 8S 9S 10S JS QS KS AS"], 100),
        # A card serves in one annonce: the split worth most.
        ("JS JH JD JC 9S 10S QS 7D", ["JS JH JD JC"], 200),
        ("KS KH KD KC QS JS 10S 9S", ["KS KH KD KC", "9S 10S JS QS"], 150),
        ("QS QH QD QC KS KH KD KC", ["KS KH KD KC", "QS QH QD QC"], 200),
        ("9S 9H 9D 9C 10S JS 7D 8D", ["9S 9H 9D 9C"], 150),
        # The last run in card order (clubs, up to the ace) counts like any other.
        ("QC KC AC 7S 9S JD 8H 10H", ["QC KC AC"], 20),
        # Annonces are listed best first: at equal value and top card, the one in trump.
        ("7S 8S 9S 7H 8H 9H JD AC", ["7H 8H 9H", "7S 8S 9S"], 40),
    ],
)
def test_a_hand_declares_its_best_split(hand: str, split: list[str], points: int) -> None:
    found = declarable(cards(hand), TRUMP)
    assert [a.cards for a in found] == [annonce(a).cards for a in split]
    assert sum(a.points for a in found) == points


@pytest.mark.parametrize(
    ("team_0", "team_1", "team", "points"),
    [
        # 1. Higher value.
        (["7S 8S 9S"], ["7D 8D 9D 10D"], 1, (0, 50)),
        (["JS JH JD JC"], ["9S 9H 9D 9C"], 0, (200, 0)),
        # ... and a 100-point four of a kind beats a cent.
        (["7S 8S 9S 10S JS"], ["QS QH QD QC"], 1, (0, 100)),
        (["AS AH AD AC"], ["10D JD QD KD AD"], 0, (100, 0)),
        # 2. Equal value: the higher top card (sequences) ...
        (["8S 9S 10S"], ["7D 8D 9D"], 0, (20, 0)),
        (["9C 10C JC QC KC"], ["8D 9D 10D JD QD"], 0, (100, 0)),
        (["7S 8S 9S 10S JS QS"], ["8D 9D 10D JD QD KD"], 1, (0, 100)),
        # Cents of different lengths too: the top card, whatever the length.
        (["7S 8S 9S 10S JS QS KS"], ["8D 9D 10D JD QD"], 0, (100, 0)),
        # ... the higher rank in trump order (fours).
        (["10S 10H 10D 10C"], ["AS AH AD AC"], 1, (0, 100)),
        (["KS KH KD KC"], ["10S 10H 10D 10C"], 1, (0, 100)),
        (["KS KH KD KC"], ["QS QH QD QC"], 0, (100, 0)),
        # 3. Still equal: the one in trump.
        (["7H 8H 9H"], ["7S 8S 9S"], 0, (20, 0)),
        (["7C 8C 9C 10C"], ["7H 8H 9H 10H"], 1, (0, 50)),
        # 4. Still equal: no annonce counts, for either team.
        (["7S 8S 9S"], ["7D 8D 9D"], None, (0, 0)),
        (["7S 8S 9S", "10S JS QS KS"], ["7D 8D 9D", "10C JC QC KC"], None, (0, 0)),
        # The team with the best one scores all of its annonces.
        (["7S 8S 9S", "7D 8D 9D 10D"], ["7H 8H 9H"], 0, (70, 0)),
        (["7S 8S 9S"], ["7H 8H 9H", "7D 8D 9D"], 1, (0, 40)),
        # Nobody, or one team only.
        ([], [], None, (0, 0)),
        ([], ["7S 8S 9S"], 1, (0, 20)),
    ],
)
def test_only_the_team_with_the_best_annonce_scores(
    team_0: list[str], team_1: list[str], team: int | None, points: tuple[int, int]
) -> None:
    teams = ([annonce(a) for a in team_0], [annonce(a) for a in team_1])
    verdict = best_annonce_team(teams, TRUMP)
    assert (verdict.team, verdict.points) == (team, points)
    assert verdict.declared == (sum(a.points for a in teams[0]), sum(a.points for a in teams[1]))


@pytest.mark.parametrize(
    ("hand", "split", "belote", "points"),
    [
        ("7S 8S 9S KH QH AD 7C 8C", ["7S 8S 9S"], True, 20),
        # Belote is K and Q of trump in one hand, counted apart from the annonces.
        ("JH QH KH 7S 9S JD 8C 10C", ["JH QH KH"], True, 20),
        ("KH 7S 9S JD 8C 10C AD 7D", [], False, 0),
        ("QH 7S 9S JD 8C 10C AD 7D", [], False, 0),
        ("KS QS 7H 9S JD 8C 10C AD", [], False, 0),
        ("JS JH JD JC 7D 8D 9D 10D", ["JS JH JD JC", "7D 8D 9D 10D"], False, 250),
        # Best first: at equal value and top card, the one in trump.
        ("7S 8S 9S 7H 8H 9H JD AC", ["7H 8H 9H", "7S 8S 9S"], False, 40),
    ],
)
def test_what_a_hand_declares_with_its_first_card(
    hand: str, split: list[str], belote: bool, points: int
) -> None:
    found = hand_annonces(cards(hand), TRUMP)
    assert [a.cards for a in found.annonces] == [annonce(a).cards for a in split]
    assert (found.belote, found.points) == (belote, points)
