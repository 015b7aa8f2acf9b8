"""service/api/i18n.py: the language of an answer, negotiated from Accept-Language and said
in Content-Language; marshmallow's and orjson's messages in French."""

from __future__ import annotations

import string

import pytest
from flask.testing import FlaskClient

from service.api.i18n import negotiate_language, translate
from service.text.catalog import LANGUAGES, keys, text


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        (None, "en"),
        ("", "en"),
        ("fr", "fr"),
        ("fr-FR", "fr"),
        ("FR-ca", "fr"),
        ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
        ("en;q=0.5, fr;q=0.8", "fr"),
        ("fr;q=0.5, en;q=0.8", "en"),
        ("fr;q=0, en", "en"),
        ("fr;q=0", "en"),
        ("en;q=0, fr-BE;q=0.1", "fr"),
        ("de, fr;q=0.1", "fr"),
        ("de", "en"),
        ("*", "en"),
        ("fr-CH, en;q=0.3", "fr"),
        ("de-DE, fr;q=0.2, en;q=0.1", "fr"),
        ("q=;;,,garbage", "en"),
    ],
)
def test_language_negotiation(header: str | None, lang: str) -> None:
    assert negotiate_language(header) == lang


@pytest.mark.parametrize(
    ("english", "french"),
    [
        ("Not a valid integer.", "Ce n'est pas un entier valide."),
        ("Missing data for required field.", "Champ obligatoire manquant."),
        ("Unknown field.", "Champ inconnu."),
        ("Not a valid string.", "Ce n'est pas une chaîne de caractères valide."),
        ("Must be one of: S, H, D, C.", "Doit être l'une des valeurs : S, H, D, C."),
        ("Length must be between 1 and 4.", "La longueur doit être entre 1 et 4."),
        ("Length must be 8.", "La longueur doit être 8."),
        ("Must be greater than or equal to 16.", "Doit être supérieur ou égal à 16."),
        (
            "Must be greater than or equal to 0 and less than or equal to 3.",
            "Doit être supérieur ou égal à 0 et inférieur ou égal à 3.",
        ),
        ("Must be less than 5.", "Doit être strictement inférieur à 5."),
        (
            "Must be an integer greater than or equal to 0 and less than or equal to 3.",
            "Doit être un entier supérieur ou égal à 0 et inférieur ou égal à 3.",
        ),
        ("Something only the rules say.", "Something only the rules say."),
    ],
)
def test_marshmallow_messages_in_french(english: str, french: str) -> None:
    assert translate(english, "fr") == french
    assert translate(english, "en") == english


MESSAGES = [
    key
    for key in (*keys("validation."), *keys("json_syntax."))
    if not key.startswith("validation.range.")
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("key", MESSAGES)
def test_each_message_of_the_catalog_is_said_by_its_own_sentence(key: str, lang: str) -> None:
    """No sentence of `validation` or `json_syntax` hides a later one (the first match wins):
    the English message of each, whatever its parameters, is said by its own key."""
    english = str(text(key))
    names = {name for _, name, _, _ in string.Formatter().parse(english) if name}
    given = {name: f"<{name}>" for name in names}
    assert translate(english.format(**given), lang) == str(text(key, lang)).format(**given)


SENTENCES = {"Accept-Language": "fr-CA, en;q=0.5"}


@pytest.mark.parametrize(
    ("method", "path", "body", "speaks"),
    [
        ("POST", "/v1/legal-moves", {"trump": "H", "leader": 0, "hand": ["KD"]}, True),
        (
            "POST",
            "/v1/plays/validate",
            {"trump": "H", "leader": 0, "hand": ["KD"], "card": "KD"},
            True,
        ),
        ("POST", "/v1/deals/replay", {"dealer": 0, "trump": "H", "taker": 0, "plays": []}, True),
        ("POST", "/v1/bidding", {"dealer": 0, "turned": "JH"}, True),
        ("GET", "/v1/rules", None, True),
        ("POST", "/v1/legal-moves", {"trump": "H", "leader": 0, "hand": []}, True),  # a 422
        ("GET", "/v1/nowhere", None, True),  # a 404 problem
        ("POST", "/v1/tricks/winner", {"trump": "H", "leader": 0, "cards": ["KD"]}, False),
        ("POST", "/v1/deals/score", {"taker": 0, "points": [100, 62]}, False),
        ("GET", "/healthz", None, False),
    ],
)
def test_an_answer_with_sentences_says_their_language_and_that_it_depends_on_the_request(
    client: FlaskClient, method: str, path: str, body: object, speaks: bool
) -> None:
    response = client.open(path, method=method, json=body, headers=SENTENCES)
    if speaks:
        assert response.headers["Content-Language"] == "fr"
        assert "Accept-Language" in response.vary
    else:
        assert "Content-Language" not in response.headers
        assert "Accept-Language" not in response.vary


def test_each_request_is_answered_in_its_own_language_on_the_same_thread(
    client: FlaskClient,
) -> None:
    """The language is negotiated once per request and forgotten when it ends: a French
    request does not make the next one, on the same thread, French."""
    body = {"trump": "H", "leader": 0, "trick": ["KD"], "hand": ["7D", "8H", "AS"]}
    said = []
    for headers in ({"Accept-Language": "fr"}, {}, {"Accept-Language": "fr"}, {}):
        answer = client.post("/v1/legal-moves", json=body, headers=headers)
        said.append((answer.headers["Content-Language"], answer.json["illegal"][0]["violation"]))
    assert [lang for lang, _ in said] == ["fr", "en", "fr", "en"]
    assert said[0][1]["message"] != said[1][1]["message"]
    assert said[0] == said[2] and said[1] == said[3]
