"""Every problem type resolves: the referee serves its page, for a person, in English and
French, with the viewer's security headers; a deployment behind a gateway names its own base."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from flask.testing import FlaskClient

from service.api.problems import TYPED_KINDS
from service.app import create_app
from service.text.catalog import PROBLEM_CODES
from tests.api.helpers import FRENCH

CONTRACT = yaml.safe_load((Path(__file__).parents[2] / "openapi.yaml").read_text())
TYPES = CONTRACT["components"]["schemas"]["Problem"]["properties"]["type"]["enum"]
PAGES = [uri for uri in TYPES if uri != "about:blank"]


class Page(HTMLParser):
    """What a person sees of a page: its language, title, text, links and stylesheets."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.lang = ""
        self.texts: list[str] = []
        self.links: list[str] = []
        self.styles: list[str] = []
        self.scripts = 0
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang") or ""
        if tag == "a":
            self.links.append(found.get("href") or "")
        if tag == "link" and found.get("rel") == "stylesheet":
            self.styles.append(found.get("href") or "")
        if tag == "script" or "style" in found:
            self.scripts += 1

    def handle_data(self, data: str) -> None:
        self.texts.append(data)

    @property
    def text(self) -> str:
        return " ".join("".join(self.texts).split())


def page(client: FlaskClient, path: str, **headers: str) -> Page:
    response = client.get(path, headers=headers)
    assert response.status_code == 200, response.data
    assert response.mimetype == "text/html"
    csp = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "script-src 'self'" in csp
    assert "style-src 'self'" in csp and "unsafe-inline" not in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Vary"] == "Accept-Language"
    shown = Page(response.get_data(as_text=True))
    assert response.headers["Content-Language"] == shown.lang
    assert shown.scripts == 0  # no script, no inline style: the CSP would refuse them
    return shown


def test_the_contract_lists_every_type_the_referee_answers() -> None:
    assert [f"/problems/{kind.name}" for kind in TYPED_KINDS] == PAGES
    assert TYPES[-1] == "about:blank"


@pytest.mark.parametrize("uri", PAGES)
def test_every_problem_type_resolves_to_its_page_in_english_and_french(
    client: FlaskClient, uri: str
) -> None:
    kind = next(kind for kind in TYPED_KINDS if uri.endswith(f"/{kind.name}"))
    english, french = page(client, uri), page(client, uri, **FRENCH)
    assert (english.lang, french.lang) == ("en", "fr")
    for shown, lang in ((english, "en"), (french, "fr")):
        assert kind.title(lang) in shown.text
        assert str(kind.status) in shown.text
        assert uri in shown.text
        for paragraph in kind.about(lang):
            assert paragraph.replace("`", "") in shown.text
        assert shown.styles == ["problems.css"]
        assert f"../problems?lang={lang}" in shown.links
    assert english.text != french.text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_page_offers_the_other_language_and_follows_the_choice(
    client: FlaskClient, lang: str
) -> None:
    shown = page(client, f"/problems/invalid-request?lang={lang}", **FRENCH)
    assert shown.lang == lang
    other = "en" if lang == "fr" else "fr"
    assert f"?lang={other}" in shown.links


@pytest.mark.parametrize("query", ["lang=de", "lang=", "lang=en&lang=fr"])
def test_a_language_the_contract_does_not_list_is_a_400(client: FlaskClient, query: str) -> None:
    response = client.get(f"/problems/invalid-request?{query}")
    assert response.status_code == 400
    assert response.mimetype == "application/problem+json"


def test_the_stylesheet_is_the_pages_own(client: FlaskClient) -> None:
    response = client.get("/problems/problems.css")
    assert response.status_code == 200
    assert response.mimetype == "text/css"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_the_inconsistent_input_page_gives_every_code_with_its_sentence(
    client: FlaskClient,
) -> None:
    english = page(client, "/problems/inconsistent-input")
    french = page(client, "/problems/inconsistent-input", **FRENCH)
    for code in PROBLEM_CODES:
        assert code in english.text and code in french.text
    assert "… appears twice (also at …); a deck has one of each card." in english.text
    assert "… apparaît deux fois (aussi en …)" in french.text
    assert "{" not in english.text and "{" not in french.text


def test_a_problems_type_and_code_lead_to_its_page(client: FlaskClient) -> None:
    hand = ["7S", "7S"]
    response = client.post(
        "/v1/legal-moves", json={"trump": "H", "leader": 0, "trick": [], "hand": hand}
    )
    assert response.status_code == 422
    problem = response.get_json(force=True)
    (error,) = problem["errors"]
    assert error["code"] == "duplicate_card"
    assert error["code"] in page(client, problem["type"]).text
    malformed = client.post("/v1/legal-moves", data=b"{", content_type="application/json")
    assert "Malformed JSON" in page(client, malformed.get_json(force=True)["type"]).text


def test_the_index_links_every_type(client: FlaskClient) -> None:
    for lang in ("en", "fr"):
        shown = page(client, f"/problems?lang={lang}")
        assert [link for link in shown.links if not link.startswith("?")] == [
            f"problems/{kind.name}?lang={lang}" for kind in TYPED_KINDS
        ]
        assert shown.styles == ["problems/problems.css"]


def test_an_unknown_type_is_a_404_problem(client: FlaskClient) -> None:
    response = client.get("/problems/nothing-here")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"


def test_a_deployment_behind_a_gateway_names_its_own_base() -> None:
    base = "https://gateway.example/belote/problems"
    app = create_app({"PROBLEM_BASE_URL": base})
    client = app.test_client()
    problem = client.post("/v1/legal-moves", data=b"[", content_type="application/json")
    assert problem.get_json(force=True)["type"] == f"{base}/malformed-json"
    contract = client.get("/openapi.json").get_json()
    listed = contract["components"]["schemas"]["Problem"]["properties"]["type"]["enum"]
    assert listed == [f"{base}/{kind.name}" for kind in TYPED_KINDS] + ["about:blank"]
    # The pages are still served here; the gateway routes its base to them.
    shown = page(client, "/problems/malformed-json")
    assert f"{base}/malformed-json" in shown.text
    assert re.search(r"\bnot JSON\b", shown.text)
