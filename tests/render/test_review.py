"""The review's value graph (service/render/review.py), drawn directly from a review, and the
line the contract needs."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import replace

import pytest

from service.render.review import (
    HEIGHT,
    LEFT,
    RIGHT,
    Needed,
    Reviewed,
    classic_needed,
    needed,
    review_graph,
)
from service.rules import DEAL_POINTS, Belote, DealRecord, DealSummary, replay, score_deal
from service.rules.analysis.review import Review, review_deal
from service.rules.variants.classic.options import DEFAULT_OPTIONS
from tests.render.helpers import SVG, example, parsed

WIDTH = 800
TOP = 100


@pytest.fixture(scope="module")
def review() -> Review:
    """The example's review: seat 2's 10H is a mistake (play 4), seat 3's 10D the renonce that
    decides the deal (play 5); every later card is left unjudged."""
    return review_deal(example())


def graph(review: Review, line: Needed | None, lang: str = "en") -> tuple[list[str], float]:
    return review_graph(Reviewed(review, line), 0, TOP, WIDTH, lang)


def drawn(parts: list[str]) -> list[ET.Element]:
    """The parts as XML elements, in order."""
    return list(parsed(f"<svg xmlns='http://www.w3.org/2000/svg'>{''.join(parts)}</svg>"))


def said(parts: list[str]) -> list[str]:
    """The texts of the parts, in order."""
    return [node.text or "" for node in drawn(parts) if node.tag == f"{SVG}text"]


def test_the_curve_passes_through_every_value_before_and_after_each_card(review: Review) -> None:
    parts, _ = graph(review, Needed(72, litige=True))
    (curve,) = [node for node in drawn(parts) if node.tag == f"{SVG}path"]
    points = curve.get("d", "").split(" ")
    assert len(points) == len(review.plays) + 1  # from before the first card
    assert points[0].startswith(f"M{LEFT:.1f},") and all(p.startswith("L") for p in points[1:])
    assert points[-1].startswith(f"L{WIDTH - RIGHT:.1f},")  # the last card at the right edge


def test_the_contract_s_line_is_drawn_at_its_points_and_said(review: Review) -> None:
    parts, _ = graph(review, Needed(72, litige=True))
    plot_top = TOP + 18 + 14
    at = plot_top + (DEAL_POINTS - 72) * HEIGHT / DEAL_POINTS
    dashed = [node for node in drawn(parts) if node.get("stroke-dasharray") == "7 4"]
    assert [(node.get("y1"), node.get("y2")) for node in dashed] == [(str(at), str(at))]
    lines = said(parts)
    assert "72" in lines
    assert "The contract's line: made from 72 card points, litige at 71." in lines


def test_a_contract_nothing_makes_has_no_line(review: Review) -> None:
    parts, _ = graph(review, None)
    assert not [node for node in drawn(parts) if node.get("stroke-dasharray") == "7 4"]
    assert not any("contract's line" in line for line in said(parts))
    assert not [node for node in drawn(parts) if node.get("fill") == "#e8f5e9"]  # no shade
    shaded, _ = graph(review, Needed(72, litige=True))
    assert len([node for node in drawn(shaded) if node.get("fill") == "#e8f5e9"]) == 1


def test_a_labelled_card_is_marked_by_its_symbol(review: Review) -> None:
    parts, _ = graph(review, None)
    marks = [node for node in drawn(parts) if node.tag == f"{SVG}circle"]
    symbols = said(parts)
    # The mistake (?) and the renonce (R): best cards and unjudged ones are not marked.
    assert len(marks) == 2 and "?" in symbols and "R" in symbols


def test_a_rule_between_tricks_and_each_trick_named(review: Review) -> None:
    parts, _ = graph(review, None)
    names = [line for line in said(parts) if line.startswith("trick ")]
    assert names == [f"trick {n}" for n in range(1, 9)]
    rules = [node for node in drawn(parts) if node.get("stroke") == "#bbbbbb"]
    assert len(rules) == 9  # before each trick, and after the last


def test_one_sentence_a_seat_with_its_precision(review: Review) -> None:
    parts, height = graph(review, None)
    seats = [line for line in said(parts) if line.startswith("Seat ")]
    assert len(seats) == 4
    assert seats[2].startswith("Seat 2: 2 cards, ") and "precision 0.0%" in seats[2]
    in_french, french_height = graph(review, None, "fr")
    french = [line for line in said(in_french) if line.startswith("Place ")]
    assert "précision 0,0 %" in french[2]  # a decimal comma
    assert height == french_height  # as many lines in either language


def test_values_past_the_budget_are_drawn_as_bars_and_said(review: Review) -> None:
    unsettled = replace(review.plays[10], after=None, after_bounds=(40, 90), exact=False)
    plays = (*review.plays[:10], unsettled, *review.plays[11:])
    inexact = replace(review, plays=plays, exact=False)
    parts, height = graph(inexact, None)
    bars = [node for node in drawn(parts) if node.get("stroke") == "#ef6c00"]
    assert len(bars) == 1
    (curve,) = [node for node in drawn(parts) if node.tag == f"{SVG}path"]
    assert curve.get("d", "").count("M") == 2  # the curve breaks at the bar
    assert any("not settled in the time allowed" in line for line in said(parts))
    assert height == graph(review, None)[1] + 18  # one more sentence


def scanned(contract_at: Callable[[int, bool], str]) -> Needed | None:
    """`needed` the long way: every score from 0 to 162 asked."""
    made = [p for p in range(DEAL_POINTS + 1) if contract_at(p, False) == "made"]
    if not made:
        return Needed(DEAL_POINTS, capot=True) if contract_at(DEAL_POINTS, True) == "made" else None
    least = made[0]
    return Needed(least, litige=least > 0 and contract_at(least - 1, False) == "litige")


@pytest.mark.parametrize(
    ("belote", "taker", "expected"),
    [
        (None, 0, Needed(82, litige=True)),
        (0, 0, Needed(72, litige=True)),
        (1, 0, Needed(92, litige=True)),
        (0, 1, Needed(92, litige=True)),
    ],
)
def test_the_line_is_the_least_score_that_makes_the_contract(
    belote: int | None, taker: int, expected: Needed
) -> None:
    # RULES.md: no belote 82 made / 81 litige; takers' belote 72 / 71; defenders' 92 / 91.
    record = DealRecord(dealer=3, strain=0, taker=taker, plays=(), hands=None)
    held = () if belote is None else (Belote(belote, record.strain),)  # seat 0 or 1: that team
    judged = replace(replay(record), belotes=held)
    found = classic_needed(record, judged, DEFAULT_OPTIONS)
    assert found == expected

    def contract_at(points: int, capot: bool) -> str:
        split = (points, DEAL_POINTS - points)
        return score_deal(
            DealSummary(
                taker,
                split if taker % 2 == 0 else split[::-1],
                taker % 2 if capot else None,
                (int(belote == 0), int(belote == 1)),
            )
        ).contract

    assert scanned(contract_at) == found


def test_a_contract_only_a_capot_makes_and_one_nothing_makes() -> None:
    assert needed(lambda points, capot: "made" if capot else "dedans") == Needed(
        DEAL_POINTS, capot=True
    )
    assert needed(lambda points, capot: "dedans") is None
    assert needed(lambda points, capot: "made") == Needed(0)
