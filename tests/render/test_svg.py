"""A replayed deal's picture (service/render/svg.py), drawn directly from the rules' result."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.render import deal_svg, svg
from service.render.svg import CARD_H, CARD_W, WRAP
from service.rules import replay
from tests.render.helpers import SVG, example, parsed, texts


def card_faces(svg: str) -> int:
    """The card faces drawn: a rect of a card's size each."""
    root = parsed(svg)
    return sum(
        rect.get("width") == str(CARD_W) and rect.get("height") == str(CARD_H)
        for rect in root.iter(f"{SVG}rect")
    )


def test_the_heading_names_the_trump_the_dealer_and_the_taker() -> None:
    record = example()
    root = parsed(deal_svg(record, replay(record)))
    heading = "Belote deal · trump ♠ spades · dealer 3 · taker 0"
    assert root.findtext(f"{SVG}title") == heading
    assert texts(root)[0] == heading


def test_every_card_is_drawn_in_the_hands_and_again_in_the_tricks() -> None:
    record = example()
    assert card_faces(deal_svg(record, replay(record))) == 32 + 32
    shown = example(hands=False)
    assert card_faces(deal_svg(shown, replay(shown))) == 32  # no hands: the tricks only


def test_each_trick_s_winner_stands_on_a_band() -> None:
    record = example()
    root = parsed(deal_svg(record, replay(record)))
    bands = [rect for rect in root.iter(f"{SVG}rect") if rect.get("fill") == "#2e7d32"]
    assert len(bands) == 8


def test_a_renonce_is_marked_and_its_proof_too() -> None:
    # Seat 3 discards 10D on a heart lead (play 5) holding hearts: R1 on it; without the
    # hands, its later KH (play 19) proves it: P1.
    with_hands = texts(parsed(deal_svg(example(), replay(example()))))
    assert "R1" in with_hands and "P1" not in with_hands
    shown = example(hands=False)
    marks = texts(parsed(deal_svg(shown, replay(shown))))
    assert "R1" in marks and "P1" in marks


def test_an_unfinished_deal_says_so_and_has_no_score() -> None:
    record = replace(example(), plays=example().plays[:6])
    lines = texts(parsed(deal_svg(record, replay(record))))
    assert "Deal not complete: 6 of 32 cards played." in lines
    assert not any(line.startswith("Score:") for line in lines)


def test_a_complete_deal_s_score_and_breakdown_close_the_picture() -> None:
    record = example()
    result = replay(record)
    score = result.score
    assert score is not None
    lines = texts(parsed(deal_svg(record, result)))
    assert f"Score: {score.contract}" in " ".join(lines)
    assert sum(line.startswith("Team ") for line in lines) == 2  # one breakdown per team


def test_french_is_drawn_in_french_and_any_other_language_in_english() -> None:
    record = example()
    result = replay(record)
    assert texts(parsed(deal_svg(record, result, "fr")))[0].startswith("Donne de belote")
    assert deal_svg(record, result, "de") == deal_svg(record, result, "en")


def test_sentences_are_wrapped_to_the_picture_s_width() -> None:
    record = example(hands=False)
    lines = texts(parsed(deal_svg(record, replay(record))))
    assert all(len(line) <= WRAP for line in lines)
    # The renonce's sentence is longer than a line: it takes two.
    first = next(i for i, line in enumerate(lines) if line.startswith("R1: trick 2"))
    assert len(lines[first]) + 1 + len(lines[first + 1]) > WRAP


def test_a_french_line_never_starts_with_punctuation_whatever_the_width(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 31, item 9: the French renonce's sentence was cut before " : il fallait ..."."""
    record = example(hands=False)
    result = replay(record)
    for width in range(40, WRAP + 1):
        monkeypatch.setattr(svg, "WRAP", width)
        lines = texts(parsed(deal_svg(record, result, "fr")))
        assert not [line for line in lines if line.startswith((":", ";", "!", "?", "»"))], width


def test_the_picture_is_as_tall_as_what_it_holds() -> None:
    record = example()
    full = parsed(deal_svg(record, replay(record)))
    shown = example(hands=False)
    short = parsed(deal_svg(shown, replay(shown)))
    assert full.get("viewBox") == f"0 0 800 {full.get('height')}"
    assert int(full.get("height") or 0) > int(short.get("height") or 0)  # the hands' rows
