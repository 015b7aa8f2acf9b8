"""The language of an answer: English by default, French on `Accept-Language: fr`.

Endpoint authors call `request_language()` and pass the result to anything that renders a
sentence (`Problem.message(lang)`, a violation's message). Validation messages written by
marshmallow are English; `translate()` turns the common ones into French.
"""

from __future__ import annotations

import re
from typing import Final, Literal

from flask import g, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

Language = Literal["en", "fr"]
LANGUAGES: Final[tuple[Language, ...]] = ("en", "fr")
DEFAULT_LANGUAGE: Final[Language] = "en"


def negotiate_language(header: str | None) -> Language:
    """The best of our languages for an `Accept-Language` header value.

    q-values count (`en;q=0.5, fr;q=0.8` is French, `fr;q=0` is not), a region does not
    (`fr-CA` is French), and anything unparsable or unknown is English.

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
        if primary == "fr":
            return "fr"
        if primary in ("en", "*"):
            return "en"
    return DEFAULT_LANGUAGE


def request_language() -> Language:
    """The language of the current request's answer, negotiated once per request."""
    lang: Language | None = g.get("language")
    if lang is None:
        lang = negotiate_language(request.headers.get("Accept-Language"))
        g.language = lang
    return lang


_LANGUAGE_HEADERS: Final = {
    lang: (("Content-Language", lang), ("Vary", "Accept-Language")) for lang in LANGUAGES
}


def language_headers() -> tuple[tuple[str, str], ...]:
    """The headers of an answer that carries sentences: their language, and that it depends
    on `Accept-Language` (for caches). Made once per language: the hot path sends them."""
    return _LANGUAGE_HEADERS[request_language()]


# marshmallow's English messages (fields and validators) and their French forms. A pattern's
# groups are the variable parts (`{0}`, `{1}` in the French template); the first match wins,
# and a message that matches nothing stays in English.
_FRENCH: list[tuple[re.Pattern[str], str]] = []


def register_french(pattern: str, template: str) -> None:
    """Teach `translate` one more message: a full-match regex and its French template."""
    _FRENCH.append((re.compile(pattern), template))


_BOUNDS = {
    "greater than or equal to": "supérieur ou égal à",
    "greater than": "strictement supérieur à",
    "less than or equal to": "inférieur ou égal à",
    "less than": "strictement inférieur à",
}
_BOUND = "(greater than or equal to|greater than|less than or equal to|less than)"

for _english, _french in (
    (r"Missing data for required field\.", "Champ obligatoire manquant."),
    (r"Field may not be null\.", "Ce champ ne peut pas être null."),
    (r"Unknown field\.", "Champ inconnu."),
    (r"Must be a JSON object\.", "Doit être un objet JSON."),
    (r"Invalid type\.", "Type invalide."),
    (r"Invalid value\.", "Valeur invalide."),
    (r"Invalid input\.", "Donnée invalide."),
    (r"Invalid JSON body\.", "Le corps de la requête n'est pas du JSON valide."),
    (r"Not a valid string\.", "Ce n'est pas une chaîne de caractères valide."),
    (r"Not a valid utf-8 string\.", "Ce n'est pas une chaîne UTF-8 valide."),
    (r"Not a valid integer\.", "Ce n'est pas un entier valide."),
    (r"Not a valid number\.", "Ce n'est pas un nombre valide."),
    (r"Not a valid boolean\.", "Ce n'est pas un booléen valide."),
    (r"Not a valid list\.", "Ce n'est pas une liste valide."),
    (r"Not a valid tuple\.", "Ce n'est pas un n-uplet valide."),
    (r"Not a valid mapping type\.", "Ce n'est pas un objet valide."),
    (r"Number too large\.", "Nombre trop grand."),
    (
        r"Special numeric values \(nan or infinity\) are not permitted\.",
        "Les valeurs numériques spéciales (nan, infini) ne sont pas permises.",
    ),
    (r"Must be one of: (.*)\.", "Doit être l'une des valeurs : {0}."),
    (r"Must be equal to (.*)\.", "Doit être égal à {0}."),
    (r"Length must be between (.*) and (.*)\.", "La longueur doit être entre {0} et {1}."),
    (r"Length must be (.*)\.", "La longueur doit être {0}."),
    (r"Shorter than minimum length (.*)\.", "Plus court que la longueur minimale {0}."),
    (r"Longer than maximum length (.*)\.", "Plus long que la longueur maximale {0}."),
    (r"String does not match expected pattern\.", "Le texte n'a pas la forme attendue."),
    (
        r"One or more of the choices you made was not in: (.*)\.",
        "Au moins un des choix n'est pas parmi : {0}.",
    ),
):
    register_french(_english, _french)

# orjson's words for a body it cannot read (service.api.problems.json_problem).
for _english, _french in (
    (r"unexpected end of data", "fin des données inattendue"),
    (r"unexpected content after document", "contenu inattendu après le document"),
    (r"unexpected character, expected a JSON value", "caractère inattendu, valeur JSON attendue"),
    (
        r"unexpected character, expected a string key",
        "caractère inattendu, clé entre guillemets attendue",
    ),
    (
        r"unexpected character, expected ':' after key",
        "caractère inattendu, « : » attendu après la clé",
    ),
    (
        r"unexpected character, expected '(.)' or '(.)'",
        "caractère inattendu, « {0} » ou « {1} » attendu",
    ),
    (r"unexpected control character in string", "caractère de contrôle inattendu dans une chaîne"),
    (r"trailing comma is not allowed", "virgule finale interdite"),
    (r"invalid literal, expected '(.*)'", "littéral invalide, {0} attendu"),
    (r"number with leading zero is not allowed", "un nombre ne commence pas par un zéro"),
    (r"no digit after decimal point", "aucun chiffre après le point décimal"),
    (r"no digit after exponent sign", "aucun chiffre après le signe de l'exposant"),
    (r"no digit after sign", "aucun chiffre après le signe"),
    (r"invalid escape in string", "échappement invalide dans une chaîne"),
    (r"invalid escaped sequence in string", "séquence d'échappement invalide dans une chaîne"),
    (r"invalid (?:UTF|utf)-8 encoding in string", "encodage UTF-8 invalide dans une chaîne"),
    (r"bytes that are not UTF-8", "des octets qui ne sont pas de l'UTF-8"),
):
    register_french(_english, _french)

# Python's spellings in marshmallow's messages, and JSON's: `Equal(True)` says "Must be equal
# to True.", a schema given a list says "Invalid input type.". Only the validators' values are
# respelled, never what a client wrote (a card `"None"` stays `'None'`).
_PYTHON_VALUES = re.compile(
    r"(Must be equal to |Must be one of: |One or more of the choices you made was not in: )"
    r"(.*)\."
)
_PYTHON_LITERAL = re.compile(r"\b(True|False|None)\b")
_JSON_LITERAL = {"True": "true", "False": "false", "None": "null"}
_JSON_WORDS = {"Invalid input type.": "Must be a JSON object."}


def json_spelling(message: str) -> str:
    """A marshmallow message in JSON's words: `true`, `false`, `null`; an object expected.

    >>> json_spelling("Must be equal to True.")
    'Must be equal to true.'
    """
    if match := _PYTHON_VALUES.fullmatch(message):
        values = _PYTHON_LITERAL.sub(lambda literal: _JSON_LITERAL[literal[1]], match[2])
        return f"{match[1]}{values}."
    return _JSON_WORDS.get(message, message)


def _french_range(match: re.Match[str]) -> str:
    parts = [f"{_BOUNDS[match[2]]} {match[3]}"]
    if match[4]:
        parts.append(f"{_BOUNDS[match[4]]} {match[5]}")
    return ("Doit être un entier " if match[1] else "Doit être ") + " et ".join(parts) + "."


_RANGE = re.compile(rf"Must be (an integer )?{_BOUND} (.*?)(?: and {_BOUND} (.*))?\.")


def translate(message: str, lang: Language) -> str:
    """`message` (a marshmallow message, in English) in `lang`; English when unknown.

    >>> translate("Must be one of: S, H, D, C.", "fr")
    "Doit être l'une des valeurs : S, H, D, C."
    """
    if lang == "en":
        return message
    if match := _RANGE.fullmatch(message):
        return _french_range(match)
    for pattern, template in _FRENCH:
        if match := pattern.fullmatch(message):
            return template.format(*match.groups())
    return message
