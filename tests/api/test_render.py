"""POST /v1/deals/render: the replay's body, answered with an SVG picture of the ruling."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

from flask.testing import FlaskClient

from service.api.viewer import STATIC_DIR
from tests.api.helpers import FRENCH, answer, problems

SVG_NS = "{http://www.w3.org/2000/svg}"
# The viewer's example: seat 3 discards 10D on a heart lead (play 5, trick 2) while holding
# KH and 8H; seat 3 plays KH at play 19, which proves the renonce when the hands are not given.
EXAMPLE: dict[str, Any] = json.loads((STATIC_DIR / "example.json").read_text())
PLAYS_ONLY = {key: value for key, value in EXAMPLE.items() if key != "hands"}


def picture(client: FlaskClient, body: Any, **headers: str) -> ET.Element:
    response = client.post("/v1/deals/render", json=body, headers=headers)
    assert response.status_code == 200, response.get_json()
    assert response.mimetype == "image/svg+xml"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Content-Security-Policy"].startswith("default-src 'none'")
    # Its sentences are in the request's language, and say so.
    assert response.content_language == {"fr" if headers.get("Accept-Language") == "fr" else "en"}
    assert "Accept-Language" in response.vary
    root = ET.fromstring(response.data)  # well-formed XML, or this raises
    assert root.tag == f"{SVG_NS}svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return [element.text or "" for element in root.iter(f"{SVG_NS}text")]


def after(words: list[str], mark: str) -> list[str]:
    """The card (rank, symbol) a mark is written after."""
    index = words.index(mark)
    return words[index - 2 : index]


def test_the_tricks_are_a_grid_of_leader_cards_winner_and_points(client: FlaskClient) -> None:
    words = texts(picture(client, PLAYS_ONLY))
    tricks = answer(client, "/v1/deals/replay", PLAYS_ONLY)["tricks"]
    first = words.index("Tricks")
    header = words[first + 1 : first + 9]
    assert header == ["#", "Leader", "Seat 0", "Seat 1", "Seat 2", "Seat 3", "Winner", "Points"]
    at = first + 9
    for number, trick in enumerate(tricks, 1):
        cards = [
            part for card in trick["cards"] for part in (card[:-1], "♠♥♦♣"["SHDC".index(card[-1])])
        ]
        row = [
            str(number),
            str(trick["leader"]),
            *cards,
            f"Seat {trick['winner']}",
            str(trick["points"]),
        ]
        # A renonce's or a proof's mark follows its card.
        marks = [w for w in words[at : at + len(row) + 2] if w in ("R1", "P1")]
        assert [w for w in words[at : at + len(row) + len(marks)] if w not in marks] == row
        at += len(row) + len(marks)


def test_each_card_stands_in_its_seats_column(client: FlaskClient) -> None:
    root = picture(client, PLAYS_ONLY)
    elements = list(root.iter(f"{SVG_NS}text"))
    columns = {float(e.get("x", 0)): e.text for e in elements if (e.text or "").startswith("Seat ")}
    columns = {x: text for x, text in columns.items() if x > 100}  # the grid's header
    second_trick = next(e for e in elements if e.text == "2")  # trick 2, led by seat 2: 10H
    row_y = float(second_trick.get("y", 0))
    ranks = [e for e in elements if abs(float(e.get("y", 0)) - row_y) < 15 and e.text == "10"]
    seats = sorted(columns.items())
    placed = [max(text for x, text in seats if x <= float(e.get("x", 0))) for e in ranks]
    # 10H by seat 2 (the leader), 10D by seat 3.
    assert sorted(placed) == ["Seat 2", "Seat 3"]


def test_a_renonce_proven_by_a_later_play_marks_both_cards(client: FlaskClient) -> None:
    words = texts(picture(client, PLAYS_ONLY))
    (renonce,) = answer(client, "/v1/deals/replay", PLAYS_ONLY)["renonces"]
    assert after(words, "R1") == ["10", "♦"]
    assert after(words, "P1") == ["K", "♥"]
    sentence = next(w for w in words if w.startswith("R1: "))
    assert sentence.startswith("R1: trick 2, seat 3 played the 10 of diamonds. ")
    text = " ".join(words[words.index(sentence) :])
    assert renonce["violation"]["message"] in text
    assert "Proven by the later play of the king of hearts (P1, trick 5)." in text


def test_hands_are_drawn_and_prove_the_renonce(client: FlaskClient) -> None:
    words = texts(picture(client, EXAMPLE))
    start = words.index("Hands after the deal")
    assert words[start + 1] == "Seat 0 · team 0, taker"
    assert words[start + 2 : start + 18 : 2] == [card[:-1] for card in EXAMPLE["hands"][0]]
    assert "Seat 3 · team 1, dealer" in words
    assert "P1" not in words
    assert "Proven by the hand." in " ".join(words)


def test_the_score_of_a_complete_deal(client: FlaskClient) -> None:
    words = texts(picture(client, PLAYS_ONLY))
    judged = answer(client, "/v1/deals/replay", PLAYS_ONLY)
    score = judged["score"]
    # Team 1's renonce: the takers score 162 and their belote, whatever the cards gave.
    assert (judged["points"], score["contract"], score["score"]) == ([108, 54], "made", [182, 0])
    assert "Card points: team 0 108, team 1 54" in words
    assert "Score: made. Team 0 182, team 1 0." in words
    assert "The renonce of team 1 decided the deal." in words
    breakdown = next(w for w in words if w.startswith("Team 0: cards"))
    assert breakdown == (
        "Team 0: cards 162 (won in tricks 108), belote 20, annonces 0, capot 0, rounding 0: 182"
    )


def test_an_unfinished_deal_has_no_score_and_no_winner_yet(client: FlaskClient) -> None:
    body = {"dealer": 3, "trump": "H", "taker": 0, "plays": ["7S", "AS", "8D", "KS", "9C", "10S"]}
    words = texts(picture(client, body))
    assert "Deal not complete: 6 of 32 cards played." in words
    assert not any(w.startswith("Score") for w in words)
    assert words.count("Seat 1") == 2  # the header, and the first trick's winner (AS)
    assert "Proven by the later play of the 10 of spades (P1, trick 2)." in " ".join(words)


def test_in_french(client: FlaskClient) -> None:
    words = texts(picture(client, PLAYS_ONLY, **FRENCH))
    (renonce,) = answer(client, "/v1/deals/replay", PLAYS_ONLY, **FRENCH)["renonces"]
    assert words[0] == "Donne de belote · atout ♠ pique · donneur 3 · preneur 0"
    assert "Marque : faite. Équipe 0 182, équipe 1 0." in words
    assert renonce["violation"]["message"] in " ".join(words)
    text = " ".join(words)
    assert "R1 : pli 2, la place 3 a joué le 10 de carreau." in text
    assert "Prouvée par le roi de cœur, joué ensuite (P1, pli 5)." in text
    assert "Équipe 0 : cartes 162 (gagnées aux plis 108), belote 20" in text


def test_a_record_that_cannot_be_judged_is_a_problem(client: FlaskClient) -> None:
    body = {**PLAYS_ONLY, "plays": ["7S", "7S"]}
    errors = problems(client, "/v1/deals/render", body)
    assert list(errors) == ["/plays/1"]


# --- the review's graph (issue 20, item 3) -----------------------------------------------------


def path_points(root: ET.Element) -> list[tuple[float, float]]:
    """The value curve's points: the graph's one <path>."""
    (curve,) = root.iter(f"{SVG_NS}path")
    return [
        (float(x), float(y))
        for x, y in (step[1:].split(",") for step in curve.get("d", "").split())
    ]


def test_with_review_the_graph_of_the_takers_points_is_drawn_under_the_tricks(
    client: FlaskClient,
) -> None:
    root = picture(client, {**EXAMPLE, "review": True})
    words = texts(root)
    review = answer(client, "/v1/analysis/review", EXAMPLE)
    title = "Review: the takers' (team 0) final card points under perfect play, card after card"
    assert (
        words.index("Tricks")
        < words.index(title)
        < words.index("Card points: team 0 108, team 1 54")
    )
    values = [review["plays"][0]["before"]["points"][0]]
    values += [play["after"]["points"][0] for play in review["plays"]]
    drawn = path_points(root)
    assert len(drawn) == len(values) == 33
    assert [x for x, _ in drawn] == sorted(x for x, _ in drawn)  # card after card
    # One height per value, higher for more points.
    heights = {
        value: {y for (_, y), v in zip(drawn, values, strict=True) if v == value}
        for value in values
    }
    assert all(len(ys) == 1 for ys in heights.values())
    ordered = [heights[value].pop() for value in sorted(heights)]
    assert ordered == sorted(ordered, reverse=True)
    # Seat 0, the taker, holds KS and QS: with the takers' belote, 72 is made and 71 a litige
    # (RULES.md).
    assert "The contract's line: made from 72 card points, litige at 71." in words
    assert "72" in words
    marked = [
        play["label"]
        for play in review["plays"]
        if play["label"] in ("inaccuracy", "mistake", "blunder", "renonce")
    ]
    symbols = {"inaccuracy": "?!", "mistake": "?", "blunder": "??", "renonce": "R"}
    assert sorted(w for w in words if w in symbols.values()) == sorted(
        symbols[label] for label in marked
    )
    for tally in review["seats"]:
        labels = tally["labels"]
        assert (
            f"Seat {tally['seat']}: {tally['plays']} cards, {tally['loss']} points lost, precision "
            f"{tally['precision']:.1f}%; inaccuracies {labels['inaccuracy']}, mistakes "
            f"{labels['mistake']}, blunders {labels['blunder']}."
        ) in words


def test_without_review_no_graph_and_in_french_with_it(client: FlaskClient) -> None:
    plain = picture(client, EXAMPLE)
    assert list(plain.iter(f"{SVG_NS}path")) == []
    assert not any(w.startswith("Review") for w in texts(plain))
    words = texts(picture(client, {**EXAMPLE, "review": True}, **FRENCH))
    assert "La ligne du contrat : fait dès 72 points de cartes, litige à 71." in words
    title = (
        "Revue : points de cartes finaux des preneurs (équipe 0) en jeu parfait, carte après carte"
    )
    assert title in words


def test_a_review_without_the_hands_is_a_problem(client: FlaskClient) -> None:
    errors = problems(client, "/v1/deals/render", {**PLAYS_ONLY, "review": True})
    assert list(errors) == ["/hands"]
