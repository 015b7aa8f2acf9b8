"""The viewer's words: the catalog's `viewer` keys (service/text), served to the page as its
strings.js module for every language of the catalog. That each language has every key, and
each sentence the same parameters, is tests/text's; here, that the page gets them all, that a
language file is one more language on the page, and that the page asks only for keys the
catalog has and the catalog holds no key the page never asks for."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from service.api.viewer import ASSETS_URL, STATIC_DIR, STRINGS_MODULE, strings_module
from service.text import catalog
from service.text.catalog import CATALOG, DEFAULT, LANGUAGES, keys

FOLDER = Path(catalog.__file__).parent
VIEWER_KEYS = {key.removeprefix("viewer.") for key in keys("viewer.")}
SCRIPTS = {path.name: path.read_text("utf-8") for path in STATIC_DIR.glob("*.js")}
PAGE = (STATIC_DIR / "index.html").read_text("utf-8")
# A key the page asks for by name: t("key", ...), sentence("key"), t(a ? "key" : "other")
# (not a value compared with: t(kind === "renonce" ? ...)), data-t="key", data-t-label="key";
# or by a prefix: t(`col_${name}`).
ASKED = re.compile(r"\b(?:t|sentence)\(((?:\"\w+\"|[^\"`(),])*)[,)]")
QUOTED = re.compile(r"\"(\w+)\"")
COMPARED = re.compile(r"[!=]==\s*\"\w+\"")
PREFIX = re.compile(r"\b(?:t|sentence)\(`([\w.]+)\$\{")
ATTRIBUTE = re.compile(r"\bdata-t(?:-label)?=\"(\w+)\"")


def served(module: bytes) -> tuple[list[dict[str, str]], dict[str, dict[str, Any]]]:
    """The LANGUAGES and STRINGS a strings.js module exports."""
    text = module.decode()
    found = {
        name: json.loads(value)
        for name, value in re.findall(r"^export const (\w+) = (.*?);$", text, re.M | re.S)
    }
    assert set(found) == {"LANGUAGES", "STRINGS"}
    return found["LANGUAGES"], found["STRINGS"]


def test_the_page_gets_every_languages_viewer_keys_and_name(client: FlaskClient) -> None:
    page = client.get("/viewer").get_data(as_text=True)
    (version,) = set(re.findall(rf"{ASSETS_URL}/(\w+)/", page))
    response = client.get(f"{ASSETS_URL}/{version}/{STRINGS_MODULE}")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    languages, strings = served(response.data)
    assert languages == [
        {"code": lang, "name": CATALOG[lang]["language.name"]} for lang in LANGUAGES
    ]
    assert list(strings) == list(LANGUAGES)
    for lang in LANGUAGES:
        assert strings[lang] == {key: CATALOG[lang][f"viewer.{key}"] for key in VIEWER_KEYS}
    assert len(VIEWER_KEYS) > 250
    # The page's title, until the page speaks its language, is the catalog's in English.
    assert f"<title>{CATALOG[DEFAULT]['viewer.pageTitle']}</title>" in page


def test_a_language_file_is_one_more_language_on_the_page(tmp_path: Path) -> None:
    for path in FOLDER.glob("*.toml"):
        shutil.copy(path, tmp_path)
    german = (
        (tmp_path / "en.toml")
        .read_text("utf-8")
        .replace('name = "English"', 'name = "Deutsch"')
        .replace('title = "Deal viewer"', 'title = "Kartenverteilung"')
    )
    (tmp_path / "de.toml").write_text(german, "utf-8")
    languages, strings = served(strings_module(catalog._read(tmp_path)))
    assert languages == [
        {"code": "en", "name": "English"},
        {"code": "de", "name": "Deutsch"},
        {"code": "fr", "name": "Français"},
    ]
    assert strings["de"]["title"] == "Kartenverteilung"
    assert set(strings["de"]) == set(strings["en"]) == VIEWER_KEYS


def test_the_page_asks_only_for_keys_the_catalog_has() -> None:
    named = set(ATTRIBUTE.findall(PAGE))
    prefixes = set()
    for script in SCRIPTS.values():
        for argument in ASKED.findall(script):
            named |= set(QUOTED.findall(COMPARED.sub("", argument)))
        prefixes |= set(PREFIX.findall(script))
    assert named - VIEWER_KEYS == set()
    assert len(named) > 150
    assert {
        prefix for prefix in prefixes if not any(k.startswith(prefix) for k in VIEWER_KEYS)
    } == set()
    assert {"ranks.", "short_ranks.", "suits.", "articles.", "col_", "part_"} <= prefixes


def test_the_catalog_holds_no_key_the_page_never_asks_for() -> None:
    # Besides the keys asked by name or by prefix, a key may be named where it is chosen
    # (`const key = ... ? "lineCapot" : ...`, a list of column heads): quoted in a script.
    quoted = set(ATTRIBUTE.findall(PAGE))
    prefixes = set()
    for script in SCRIPTS.values():
        quoted |= set(QUOTED.findall(script))
        prefixes |= set(PREFIX.findall(script))
    unasked = {
        key
        for key in VIEWER_KEYS - quoted
        if not any(key.startswith(prefix) for prefix in prefixes)
    }
    assert unasked == set()


def test_the_page_holds_no_words_of_its_own() -> None:
    # Every text of the page is the catalog's, set in the page's language by viewer.js.
    assert re.findall(r">[^<]*[A-Za-z][^<]*<", PAGE) == [">{{title}}<"]
    assert re.findall(r"\b(?:aria-label|title|placeholder)=", PAGE) == []
