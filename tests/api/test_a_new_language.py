"""A language is one file of the sentence catalog (service/text), and no code: a German file
beside English and French is negotiated by Accept-Language, said in problems, their pages and
the deal's picture, and offered by the other languages' pages.

The German file is English's with a few sentences of its own (a translator's first draft),
read from a temporary folder as the catalog reads its own (`catalog._read`), and put in the
catalog's place for one test."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from service.api.i18n import negotiate_language, translate
from service.api.openapi import language_names
from service.render import deal_svg
from service.rules import replay
from service.text import catalog
from tests.render.helpers import example, parsed, texts

GERMAN = {
    'name = "English"': 'name = "Deutsch"',
    'language = "English"': 'language = "German"',
    'title = "Invalid request"': 'title = "Ungültige Anfrage"',
    'required = "Missing data for required field."': 'required = "Pflichtfeld fehlt."',
    'title = "Not Found"': 'title = "Nicht gefunden"',
    'end_of_data = "unexpected end of data"': 'end_of_data = "unerwartetes Ende der Daten"',
    'at = "{detail} At line {line}, column {column} (offset {offset})"': (
        'at = "{detail} Zeile {line}, Spalte {column} (Position {offset})"'
    ),
    'number = "Must be {bounds}."': 'number = "Muss {bounds} sein."',
    'both = "{min} and {max}"': 'both = "{min} und {max}"',
    'greater_than_or_equal_to = "greater than or equal to {value}"': (
        'greater_than_or_equal_to = "größer oder gleich {value}"'
    ),
    'less_than_or_equal_to = "less than or equal to {value}"': (
        'less_than_or_equal_to = "kleiner oder gleich {value}"'
    ),
    'types = "Problem types"': 'types = "Problemarten"',
    'title = "Belote deal"': 'title = "Belote-Partie"',
}


@pytest.fixture
def german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The catalog with a German file beside the others."""
    folder = Path(catalog.__file__).parent
    for path in folder.glob("*.toml"):
        shutil.copy(path, tmp_path)
    said = (tmp_path / "en.toml").read_text("utf-8")
    for english, german in GERMAN.items():
        assert said.count(english) == 1, english
        said = said.replace(english, german)
    (tmp_path / "de.toml").write_text(said, "utf-8")
    read = catalog._read(tmp_path)
    monkeypatch.setattr(catalog, "CATALOG", read)
    monkeypatch.setattr(catalog, "LANGUAGES", tuple(read))
    monkeypatch.setattr(catalog, "_WORDS", {lang: catalog._words_of(lang) for lang in read})


GERMAN_HEADERS = {"Accept-Language": "de-AT, fr;q=0.5"}


@pytest.mark.usefixtures("german")
@pytest.mark.parametrize(
    ("header", "lang"),
    [("de", "de"), ("de-AT, fr;q=0.5", "de"), ("de;q=0.1, fr;q=0.5", "fr"), ("it, de", "de")],
)
def test_accept_language_negotiates_a_language_of_the_catalog(header: str, lang: str) -> None:
    assert negotiate_language(header) == lang


def test_without_its_file_german_is_english() -> None:
    assert negotiate_language("de-AT, fr;q=0.5") == "fr"
    assert negotiate_language("de") == "en"


@pytest.mark.usefixtures("german")
def test_a_problem_is_said_in_the_new_language(client: FlaskClient) -> None:
    response = client.post("/v1/legal-moves", json={"trump": "H"}, headers=GERMAN_HEADERS)
    assert response.status_code == 422
    assert response.headers["Content-Language"] == "de"
    problem = response.get_json(force=True)
    assert problem["title"] == "Ungültige Anfrage"
    assert {e["pointer"]: e["message"] for e in problem["errors"]}["/leader"] == (
        "Pflichtfeld fehlt."
    )
    missing = client.get("/v1/nowhere", headers=GERMAN_HEADERS)
    assert missing.get_json(force=True)["title"] == "Nicht gefunden"
    malformed = client.post(
        "/v1/legal-moves", data=b"{", content_type="application/json", headers=GERMAN_HEADERS
    )
    detail = malformed.get_json(force=True)["detail"]
    assert detail.endswith("Zeile 1, Spalte 2 (Position 1): unerwartetes Ende der Daten.")
    # A situation's sentence, its cards named by the language's words (its draft's English).
    body = {"trump": "H", "leader": 0, "trick": [], "hand": ["7S", "7S"]}
    inconsistent = client.post("/v1/legal-moves", json=body, headers=GERMAN_HEADERS)
    assert inconsistent.headers["Content-Language"] == "de"
    (error,) = inconsistent.get_json(force=True)["errors"]
    assert error["message"] == (
        "The 7 of spades appears twice (also at /hand/0); a deck has one of each card."
    )


@pytest.mark.usefixtures("german")
def test_the_new_language_says_a_range_in_its_words() -> None:
    assert translate("Must be greater than or equal to 0 and less than or equal to 3.", "de") == (
        "Muss größer oder gleich 0 und kleiner oder gleich 3 sein."
    )


@pytest.mark.usefixtures("german")
def test_the_problem_pages_speak_it_and_every_page_offers_it(client: FlaskClient) -> None:
    page = client.get("/problems?lang=de")
    assert page.status_code == 200
    assert page.headers["Content-Language"] == "de"
    shown = page.get_data(as_text=True)
    assert '<html lang="de">' in shown and "<h1>Problemarten</h1>" in shown
    assert 'href="?lang=en"' in shown and 'href="?lang=fr"' in shown
    french = client.get("/problems/invalid-request?lang=fr").get_data(as_text=True)
    assert '<a href="?lang=de" hreflang="de" lang="de">Deutsch</a>' in french
    assert (
        client.get("/problems/invalid-request", headers=GERMAN_HEADERS).headers["Content-Language"]
        == "de"
    )


@pytest.mark.usefixtures("german")
def test_the_picture_is_drawn_in_the_new_language() -> None:
    record = example()
    lines = texts(parsed(deal_svg(record, replay(record), "de")))
    assert lines[0].startswith("Belote-Partie · trump")  # the rest as English, its draft


@pytest.mark.usefixtures("german")
def test_the_contract_names_it_among_the_languages() -> None:
    assert language_names() == "English, German or French"
    assert language_names("and") == "English, German and French"
