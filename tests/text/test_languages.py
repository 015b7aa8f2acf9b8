"""Every language file holds every key English holds, and nothing else: a language is one file
beside service/text/catalog.py, and a missing sentence fails here, not at a table."""

from __future__ import annotations

import shutil
import string
from pathlib import Path

import pytest

from service.text import catalog
from service.text.catalog import CATALOG, DEFAULT, LANGUAGES, Value, language, text

FOLDER = Path(catalog.__file__).parent
OTHERS = [lang for lang in LANGUAGES if lang != DEFAULT]


def parameters(value: Value) -> set[str]:
    """The `{names}` a sentence (or each sentence of a list) takes."""
    sentences = value if isinstance(value, tuple) else (value,) if isinstance(value, str) else ()
    return {
        name.split("!")[0]
        for sentence in sentences
        for _, name, _, _ in string.Formatter().parse(sentence)
        if name is not None
    }


def test_english_comes_first_and_french_is_there() -> None:
    assert LANGUAGES[0] == DEFAULT == "en"
    assert "fr" in LANGUAGES


@pytest.mark.parametrize("lang", OTHERS)
def test_a_language_holds_every_key_of_english_and_no_other(lang: str) -> None:
    missing = set(CATALOG[DEFAULT]) - set(CATALOG[lang])
    extra = set(CATALOG[lang]) - set(CATALOG[DEFAULT])
    assert not missing, f"{lang}.toml misses {sorted(missing)}"
    assert not extra, f"{lang}.toml has keys English has not: {sorted(extra)}"


@pytest.mark.parametrize("lang", OTHERS)
def test_each_key_holds_what_english_s_holds_with_the_same_parameters(lang: str) -> None:
    for key, english in CATALOG[DEFAULT].items():
        translated = CATALOG[lang][key]
        assert type(translated) is type(english), key
        assert parameters(translated) == parameters(english), key
        if isinstance(english, str):
            assert translated.strip(), key


def test_a_language_is_one_file(tmp_path: Path) -> None:
    for path in FOLDER.glob("*.toml"):
        shutil.copy(path, tmp_path)
    german = (
        (tmp_path / "en.toml").read_text("utf-8").replace('name = "English"', 'name = "Deutsch"')
    )
    (tmp_path / "de.toml").write_text(german, "utf-8")
    read = catalog._read(tmp_path)
    assert list(read) == ["en", "de", "fr"]
    assert read["de"]["language.name"] == "Deutsch"


def test_a_language_the_catalog_does_not_hold_is_english() -> None:
    assert language("de") == "en"
    assert language("fr") == "fr"
    assert text("violation.trump", "de") == text("violation.trump", "en")
    assert text("violation.trump", "fr") != text("violation.trump", "en")


def test_a_file_s_tables_are_dotted_keys_and_lists_are_tuples() -> None:
    assert catalog._flattened({"a": {"b": "x", "c": {"d": ["p", "q"]}}, "e": True}) == {
        "a.b": "x",
        "a.c.d": ("p", "q"),
        "e": True,
    }


def test_a_language_s_words_are_its_file_s() -> None:
    words = catalog._words_of("fr")
    assert words.ranks[4:] == ("le valet", "la dame", "le roi", "l'as")
    assert words.suits == ("pique", "cœur", "carreau", "trèfle")
    assert (words.of, words.or_, words.and_) == ("de", "ou", "et")
    assert (words.of_each_suit, words.zero_is_singular, words.decimal_separator) == (
        True,
        True,
        ",",
    )
    assert catalog._words_of("en")[5:] == (False, False, ".")
