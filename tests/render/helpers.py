"""The viewer's example deal, as the renderer's tests draw it (service/static/viewer/example.json):
seat 3 discards 10D on a heart lead (play 5, trick 2) while holding KH and 8H."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

from service.rules import DealRecord
from service.rules.core.cards import Card, Suit

EXAMPLE_PATH = Path(__file__).resolve().parents[2] / "service/static/viewer/example.json"
SVG = "{http://www.w3.org/2000/svg}"


def example(hands: bool = True) -> DealRecord:
    body = json.loads(EXAMPLE_PATH.read_text())
    record = DealRecord(
        dealer=body["dealer"],
        strain=Suit.parse(body["trump"]),
        taker=body["taker"],
        plays=tuple(Card.parse(code) for code in body["plays"]),
        hands=tuple(tuple(Card.parse(code) for code in hand) for hand in body["hands"]),
    )
    return record if hands else replace(record, hands=None)


def parsed(svg: str) -> ET.Element:
    """The picture as XML: it is well formed, or this raises."""
    root = ET.fromstring(svg.encode())
    assert root.tag == f"{SVG}svg"
    return root


def texts(root: ET.Element) -> list[str]:
    return ["".join(node.itertext()) for node in root.iter(f"{SVG}text")]
