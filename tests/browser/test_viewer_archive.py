"""An archive's lines in the viewer (issue 49, item 2), in chromium: a line pasted opens its deal
(classic, or coinche by its `variant`) with its players' names at their seats, its own fields
checked in words; and a link whose fragment holds a record or a line opens its deal, however
another tool wrote it (percent-encoded JSON, or base64url)."""

from __future__ import annotations

import base64
import gzip
import json
import urllib.parse
from pathlib import Path
from typing import Any

from tests.browser.conftest import Page, seat_name
from tests.conftest import ROOT

ARCHIVE = ROOT / "samples" / "archive"
LINE_FIELDS = ("id", "variant", "players")  # what a line adds to a record (docs/audit.md)
AUCTION_FIELDS = ("calls", "turned")  # the auction, which the replay does not read
TRUMPS = {"S": "♠ spades", "H": "♥ hearts", "D": "♦ diamonds", "C": "♣ clubs"}


def first_line(path: Path) -> dict[str, Any]:
    """The archive's first line that is a deal."""
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        return dict(json.loads(next(line for line in lines if line.startswith('{"id"'))))


def record_of(line: dict[str, Any]) -> dict[str, Any]:
    """What the replay reads of a line."""
    return {key: value for key, value in line.items() if key not in LINE_FIELDS + AUCTION_FIELDS}


def link(line: dict[str, Any], **params: str) -> str:
    """A link to a deal as another tool writes it, without any JavaScript: the line as JSON,
    percent-encoded, in the fragment's `record` (docs/viewer.md, "A link to a deal")."""
    fragment = "record=" + urllib.parse.quote(json.dumps(line))
    return "#" + "&".join([fragment, *(f"{key}={value}" for key, value in params.items())])


def headings(page: Page) -> list[str]:
    return [page.text(f"#seat-{seat} h3 .player") for seat in range(4)]


def test_a_classic_line_opens_its_deal_with_its_players_at_their_seats(page: Page) -> None:
    line = first_line(ARCHIVE / "classic.ndjson.gz")
    assert "variant" not in line  # classic: the audit's default
    page.record_analysis("/deals/replay")
    page.paste(line)
    page.wait(lambda: page.step() == (0, 32))
    ((asked,),) = [page.analysis_asked()]
    assert (asked["path"], asked["body"]) == ("/v1/deals/replay", record_of(line))
    dealer, taker = seat_name(line["dealer"]), seat_name(line["taker"])
    assert page.text("#contract") == (
        f"Deal {line['id']} · Trump {TRUMPS[line['trump']]} · dealer: {dealer} · taker: {taker}"
    )
    assert headings(page) == line["players"]
    assert page.text("#seat-0 h3").startswith("South (0)")
    assert json.loads(page.find("#record").get_property("value")) == line
    page.screenshot("an-archive-line")
    page.assert_clean()


def test_a_coinche_line_opens_by_its_variant_and_its_review_names_the_players(
    page: Page,
) -> None:
    line = first_line(ARCHIVE / "coinche.ndjson.gz")
    assert line["variant"] == "coinche"
    page.record_analysis("/deals/replay", "/analysis/review")
    page.paste(line)
    page.wait(lambda: page.step() == (0, 32))
    assert page.text("#contract").startswith(f"Deal {line['id']} · Contract ")
    assert headings(page) == line["players"]
    page.find("#review-run").click()
    page.wait(lambda: page.find_all("#review-result .review-table"))
    replayed, reviewed = page.analysis_asked()
    assert replayed["path"] == "/v1/coinche/deals/replay"
    assert replayed["body"] == record_of(line)
    assert reviewed["path"] == "/v1/coinche/analysis/review"
    assert reviewed["body"].keys() - record_of(line).keys() <= set(AUCTION_FIELDS)
    rows = page.find_all("#review-result .review-table th[scope=row]")
    taker = line["contract"]["taker"]
    assert [row.text.split("\n") for row in rows[:4]] == [
        [seat_name(seat) + (" · taker" if seat == taker else ""), player]
        for seat, player in enumerate(line["players"])
    ]
    page.assert_clean()


def test_a_lines_own_fields_are_checked_and_told_in_words(page: Page) -> None:
    line = first_line(ARCHIVE / "classic.ndjson.gz")
    bad = {**line, "variant": "belote", "players": line["players"][:3]}
    page.paste(bad)
    page.wait(lambda: page.find_all("#problem-errors li"))
    pointers = [item.get_attribute("data-pointer") for item in page.find_all("#problem-errors li")]
    assert pointers == ["/variant", "/players"]
    assert [item.text for item in page.find_all("#problem-errors li")] == [
        'The variant: a deal is "classic" (or says no variant) or "coinche".',
        "The players: four names, one a seat from seat 0 (South), each a different text.",
    ]
    marks = [mark.get_attribute("data-pointer") for mark in page.find_all("#problem-record mark")]
    assert sorted(marks) == ["/players", "/variant"]  # marked where the text holds them
    assert not page.find("#viewer").is_displayed()
    page.paste({**line, "players": [*line["players"][:3], line["players"][0]]})
    page.wait(
        lambda: (
            [item.get_attribute("data-pointer") for item in page.find_all("#problem-errors li")]
            == ["/players"]
        )
    )
    page.paste(line)  # and the line as it is: its deal
    page.wait(lambda: page.step() == (0, 32))
    page.assert_clean()


def test_a_link_opens_a_line_from_percent_encoded_json(page: Page) -> None:
    line = first_line(ARCHIVE / "coinche.ndjson.gz")
    page.open(link(line))
    page.wait(lambda: page.find_all("#step-label") and page.step() == (0, 32))
    assert json.loads(page.find("#record").get_property("value")) == line
    assert headings(page) == line["players"]
    assert page.text("#contract").startswith(f"Deal {line['id']} · Contract ")
    # The page's own link to the situation shows the same deal, the players' names with it.
    shared = page.find("#share-link").get_attribute("href")
    page.open()
    page.driver.get(shared.replace("/viewer#", "/viewer?shared#"))
    page.wait(lambda: page.find_all("#seat-0 h3 .player") and headings(page) == line["players"])
    page.assert_clean()


def test_a_link_opens_a_record_from_base64url_at_its_step_and_in_its_language(
    page: Page,
) -> None:
    line = first_line(ARCHIVE / "classic.ndjson.gz")
    record = record_of(line)
    encoded = base64.urlsafe_b64encode(json.dumps(record).encode()).decode().rstrip("=")
    page.open(f"#record={encoded}&step=6&lang=fr")
    page.wait(lambda: page.find_all("#step-label") and page.step() == (6, 32))
    assert page.text("h1") == "Visionneuse de donnes"
    assert page.text("#seat-0 h3").startswith("Sud (0)")
    assert page.find_all("#seat-0 h3 .player") == []  # a record names no player
    assert json.loads(page.find("#record").get_property("value")) == record
    # A step beyond the deal is its end.
    page.open(link(line, step="99"))
    page.wait(lambda: page.find_all("#step-label") and page.step() == (32, 32))
    page.assert_clean()


def test_a_link_that_holds_no_record_says_so(page: Page) -> None:
    page.open("#record=not-a-record&step=3")
    page.wait(lambda: page.find("#problem").is_displayed())
    assert page.text("#problem-title") == "This link does not hold a deal record."
    page.open("#record=" + urllib.parse.quote("[1, 2]"))
    page.wait(lambda: page.find("#problem").is_displayed())
    assert page.text("#problem-title") == "This link does not hold a deal record."
    assert not page.find("#viewer").is_displayed()
    page.assert_clean()
