"""The language of an answer: English by default, or any language of the sentence catalog
(service/text: one file a language) that `Accept-Language` asks for.

Endpoint authors call `request_language()` and pass the result to anything that renders a
sentence (`Problem.message(lang)`, a violation's message). Validation messages written by
marshmallow and orjson are English; `translate()` says them in the request's language from
the catalog's `validation` and `json_syntax` tables.
"""

from __future__ import annotations

import re
import string
from contextvars import ContextVar
from functools import cache
from typing import Final

from flask import Flask, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from service.text import catalog
from service.text.catalog import DEFAULT, text

Language = str
"""A language of the catalog (`catalog.LANGUAGES`): `en`, `fr`..."""
DEFAULT_LANGUAGE: Final[Language] = DEFAULT


def negotiate_language(header: str | None) -> Language:
    """The best of the catalog's languages for an `Accept-Language` header value.

    q-values count (`en;q=0.5, fr;q=0.8` is French, `fr;q=0` is not), a region does not
    (`fr-CA` is French), and anything unparsable or unknown is English. The languages are
    the catalog's when asked: a language file is all a new language takes.

    >>> negotiate_language("fr-FR,fr;q=0.9,en;q=0.8")
    'fr'
    """
    if not header:
        return DEFAULT_LANGUAGE
    # Werkzeug lists the ranges by decreasing q. Its own best_match would prefer an exact
    # "en;q=0.3" to "fr-CH" (q=1), so we compare primary tags ourselves.
    for value, quality in parse_accept_header(header, LanguageAccept):
        if quality <= 0:  # "not this one"
            continue
        primary = value.split("-", 1)[0].lower()
        if primary in catalog.LANGUAGES:
            return primary
        if primary == "*":
            return DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


# The current request's language once negotiated, None before. A context variable rather
# than `flask.g`: every sentence of an answer asks for it, and `g`'s proxy costs a tenth of a
# table's sentences to look up. Emptied when a request ends (`init_app`).
_LANGUAGE: ContextVar[Language | None] = ContextVar("language", default=None)


def request_language() -> Language:
    """The language of the current request's answer, negotiated once per request."""
    lang = _LANGUAGE.get()
    if lang is None:
        lang = negotiate_language(request.headers.get("Accept-Language"))
        _LANGUAGE.set(lang)
    return lang


def forget_language(error: BaseException | None = None) -> None:
    """The request is over: the next one on this thread negotiates its own language."""
    _LANGUAGE.set(None)


def init_app(app: Flask) -> None:
    """Each request's language forgotten when it ends."""
    app.teardown_request(forget_language)


@cache
def _language_headers(lang: Language) -> tuple[tuple[str, str], ...]:
    return (("Content-Language", lang), ("Vary", "Accept-Language"))


def language_headers() -> tuple[tuple[str, str], ...]:
    """The headers of an answer that carries sentences: their language, and that it depends
    on `Accept-Language` (for caches). Made once per language: the hot path sends them."""
    return _language_headers(request_language())


def _pattern(template: str) -> re.Pattern[str]:
    """What matches the English sentence `template` whole: its words as they are, each
    `{parameter}` any text (a group of that name)."""
    parts = []
    for literal, name, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append(f"(?P<{name}>.*)")
    return re.compile("".join(parts))


_RANGE: Final = "validation.range."
# marshmallow's English messages (fields and validators) and orjson's, each with its key: a
# message that matches one whole is said by that key's sentence in the asked language, its
# parameters what the message had there. The first match wins; a message that matches
# nothing stays in English.
_MESSAGES: Final = tuple(
    (key, _pattern(str(text(key))))
    for key in (*catalog.keys("validation."), *catalog.keys("json_syntax."))
    if not key.startswith(_RANGE)
)
# A Range validator's message: "Must be [an integer] <bound> <value>[ and <bound> <value>]."
_RANGES: Final = tuple(
    (key, _pattern(str(text(key)))) for key in (f"{_RANGE}integer", f"{_RANGE}number")
)
_BOTH: Final = _pattern(str(text(f"{_RANGE}both")))
_BOUNDS: Final = tuple(
    (key, _pattern(str(text(key))))
    for key in catalog.keys(_RANGE)
    if key.removeprefix(_RANGE) not in ("integer", "number", "both")
)

# Python's spellings in marshmallow's messages, and JSON's: `Equal(True)` says "Must be equal
# to True.", a schema given a list says "Invalid input type.". Only the validators' values are
# respelled, never what a client wrote (a card `"None"` stays `'None'`).
_PYTHON_VALUED: Final = tuple(
    (key, _pattern(str(text(key))))
    for key in ("validation.equal", "validation.one_of", "validation.choices")
)
_PYTHON_LITERAL = re.compile(r"\b(True|False|None)\b")
_JSON_LITERAL = {"True": "true", "False": "false", "None": "null"}
_JSON_WORDS: Final = {"Invalid input type.": "validation.json_object"}


def json_spelling(message: str) -> str:
    """A marshmallow message in JSON's words: `true`, `false`, `null`; an object expected.

    >>> json_spelling("Must be equal to True.")
    'Must be equal to true.'
    """
    for key, pattern in _PYTHON_VALUED:
        if match := pattern.fullmatch(message):
            values = {
                name: _PYTHON_LITERAL.sub(lambda literal: _JSON_LITERAL[literal[1]], value)
                for name, value in match.groupdict().items()
            }
            return str(text(key)).format(**values)
    if key := _JSON_WORDS.get(message):
        return str(text(key))
    return message


Patterns = tuple[tuple[str, re.Pattern[str]], ...]


def _said(patterns: Patterns, message: str, lang: Language) -> str | None:
    """`message` said in `lang` by the first of `patterns` that matches it whole."""
    for key, pattern in patterns:
        if match := pattern.fullmatch(message):
            return str(text(key, lang)).format(**match.groupdict())
    return None


def _bounds(bounds: str, lang: Language) -> str | None:
    """A Range validator's bounds in `lang` (`greater than 0 and less than 4`), one or both;
    None when `bounds` are none."""
    if both := _BOTH.fullmatch(bounds):
        low, high = _said(_BOUNDS, both["min"], lang), _said(_BOUNDS, both["max"], lang)
        if low is not None and high is not None:
            return str(text(f"{_RANGE}both", lang)).format(min=low, max=high)
    return _said(_BOUNDS, bounds, lang)


def _range(message: str, lang: Language) -> str | None:
    """A Range validator's message in `lang`, or None for another message."""
    for key, pattern in _RANGES:
        if (match := pattern.fullmatch(message)) and (said := _bounds(match["bounds"], lang)):
            return str(text(key, lang)).format(bounds=said)
    return None


def translate(message: str, lang: Language) -> str:
    """`message` (a marshmallow or orjson message, in English) in `lang`; English when the
    catalog has no sentence for it.

    >>> translate("Must be one of: S, H, D, C.", "fr")
    "Doit être l'une des valeurs : S, H, D, C."
    """
    if catalog.language(lang) == DEFAULT:
        return message
    return _range(message, lang) or _said(_MESSAGES, message, lang) or message
