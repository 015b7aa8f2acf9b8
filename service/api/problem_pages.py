"""GET /problems and /problems/<name>: a page for each problem type, for a person.

Every problem the referee answers names its type by a URI reference to one of these pages
(service/api/problems.py; `PROBLEM_BASE_URL` when a gateway serves them elsewhere). A page
says what the problem means and what to do, in each language of the sentence catalog
(service/text): the request's `Accept-Language`, or `?lang=en`, `?lang=fr`... from the links
at its top (another value is a 400). The inconsistent-input page lists the codes its errors
carry, each with its sentence.

The pages carry the viewer's headers (a Content-Security-Policy allowing only this origin, no
inline script or style, `nosniff`): plain HTML and one stylesheet, nothing else.
"""

from __future__ import annotations

import html
import re
from typing import Final

from flask import Response, abort, request
from flask.blueprints import BlueprintSetupState
from flask.views import MethodView

from service.api.blueprint import Blueprint
from service.api.i18n import Language, request_language
from service.api.openapi import LANGUAGE_HEADERS, language_names
from service.api.problems import (
    INCONSISTENT_INPUT,
    PROBLEMS_PATH,
    TYPED_KINDS,
    ProblemKind,
    problem_base,
)
from service.api.viewer import PAGE_HEADERS
from service.text import catalog
from service.text.catalog import LANGUAGES, PROBLEM_CODES, text

KINDS: Final = {kind.name: kind for kind in TYPED_KINDS}
FOLDER: Final = PROBLEMS_PATH.removeprefix("/")  # "problems/": from the index to a page
INDEX: Final = FOLDER.removesuffix("/")  # the index, beside the folder (no trailing slash)
STYLESHEET: Final = "problems.css"
CSS: Final = b"""\
body { font: 1rem/1.5 system-ui, sans-serif; max-width: 46rem; margin: 0 auto;
  padding: 1rem; color: #1b1b1b; background: #fff; }
nav { display: flex; gap: 1rem; justify-content: flex-end; font-size: .9rem; }
h1 { font-size: 1.6rem; margin-bottom: .25rem; }
.type { color: #555; margin-top: 0; }
code { font-family: ui-monospace, monospace; background: #f2f2f2; padding: 0 .2em; }
dt { margin-top: .6rem; }
dd { margin-left: 1.2rem; }
a { color: #0645ad; }
"""

WORDS: Final = "problem_page"
"""The catalog's table of the pages' own words (`problem_page.intro`...)."""
_CODE = re.compile(r"`([^`]+)`")


class _Open(dict[str, str]):
    """A sentence's parameters, every one left open."""

    def __missing__(self, key: str) -> str:
        return "…"


def code_sentence(code: str, lang: Language) -> str:
    """The sentence a code's error says, its particulars left open (`… appears twice`)."""
    sentence = str(text(f"problem.{code}.detail", lang)).format_map(_Open())
    return sentence[0].upper() + sentence[1:]


def page_language() -> Language:
    """`?lang=en`, `?lang=fr`... (the page's own links), else the request's Accept-Language.
    Any other `lang`, or more than one, is a 400: the contract lists the catalog's."""
    chosen = request.args.getlist("lang")
    if not chosen:
        return request_language()
    if len(chosen) == 1 and chosen[0] in catalog.LANGUAGES:
        return chosen[0]
    abort(400)


def _word(name: str, lang: Language) -> str:
    return str(text(f"{WORDS}.{name}", lang))


def _text(paragraph: str) -> str:
    """A paragraph as HTML: escaped, `code` in backticks as <code>."""
    return _CODE.sub(r"<code>\1</code>", html.escape(paragraph, quote=False))


def _page(title: str, body: list[str], lang: Language, folder: str = "") -> Response:
    """A whole page; `folder` leads from where it is to the types' folder (its links and
    stylesheet are relative, so that they hold behind a gateway too)."""
    switch = " ".join(
        f'<a href="?lang={other}" hreflang="{other}" lang="{other}">'
        f"{text('language.name', other)}</a>"
        for other in catalog.LANGUAGES
        if other != lang
    )
    page = "\n".join(
        [
            "<!doctype html>",
            f'<html lang="{lang}">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{html.escape(title)} · {_word('site', lang)}</title>",
            f'<link rel="stylesheet" href="{folder}{STYLESHEET}">',
            "</head>",
            "<body>",
            f"<nav>{switch}</nav>",
            "<main>",
            *body,
            "</main>",
            "</body>",
            "</html>",
            "",
        ]
    )
    headers = {**PAGE_HEADERS, "Content-Language": lang, "Vary": "Accept-Language"}
    return Response(page, content_type="text/html; charset=utf-8", headers=headers)


def kind_page(kind: ProblemKind, lang: Language) -> Response:
    uri = html.escape(kind.type_uri(problem_base()))
    status = _word("status", lang).format(status=kind.status, uri=f"<code>{uri}</code>")
    body = [
        f"<h1>{html.escape(kind.title(lang))}</h1>",
        f'<p class="type">{status}</p>',
        *(f"<p>{_text(paragraph)}</p>" for paragraph in kind.about(lang)),
    ]
    if kind is INCONSISTENT_INPUT:
        body.append(f"<h2>{_word('codes', lang)}</h2>")
        body.append("<dl>")
        for code in PROBLEM_CODES:
            sentence = html.escape(code_sentence(code, lang), quote=False)
            body.append(f'<dt id="{code}"><code>{code}</code></dt><dd>{sentence}</dd>')
        body.append("</dl>")
    body.append(f'<p><a href="../{INDEX}?lang={lang}">{_word("all", lang)}</a></p>')
    return _page(kind.title(lang), body, lang)


def index_page(lang: Language) -> Response:
    items = [
        f'<li><a href="{FOLDER}{kind.name}?lang={lang}">{html.escape(kind.title(lang))}</a> '
        f"({kind.status}): {html.escape(kind.detail(lang), quote=False)}</li>"
        for kind in TYPED_KINDS
    ]
    types = _word("types", lang)
    body = [f"<h1>{types}</h1>", f"<p>{_word('intro', lang)}</p>", "<ul>", *items, "</ul>"]
    return _page(types, body, lang, FOLDER)


blp = Blueprint(
    "problems",
    __name__,
    description="A page for each problem type, for a person: what it means and what to do, "
    f"in {language_names()}. Every problem's `type` is one of them.",
)

PAGE_DOC: Final = {
    "200": {
        "description": "OK",
        "content": {"text/html": {"schema": {"type": "string"}}},
        "headers": LANGUAGE_HEADERS,
    }
}
LANG_PARAMETER: Final = {
    "in": "query",
    "name": "lang",
    "required": False,
    "description": "The page's language, over Accept-Language (another value is a 400).",
    "schema": {"type": "string", "enum": list(LANGUAGES)},
}


@blp.route(f"/{INDEX}")
class ProblemTypes(MethodView):
    @blp.doc(
        operationId="problem_types",
        description=f"An HTML page, in {language_names()} (`lang`, else Accept-Language).",
        parameters=[LANG_PARAMETER],
        responses=PAGE_DOC,
    )
    @blp.alt_response(400, response="BAD_REQUEST", description="A `lang` not listed.")
    def get(self) -> Response:
        """Every problem type the referee answers, each with a link to its page."""
        return index_page(page_language())


NAME_PARAMETER: Final = {
    "in": "path",
    "name": "name",
    "description": "The problem type's name: the last part of its URI.",
    "schema": {"type": "string", "enum": list(KINDS)},
}


@blp.route(f"{PROBLEMS_PATH}<name>", parameters=[NAME_PARAMETER])
class ProblemType(MethodView):
    @blp.doc(
        operationId="problem_type",
        description=f"An HTML page for a person, in {language_names()} (`lang`, else "
        "Accept-Language): the type named by a problem's `type`. An unknown name is a 404 "
        "problem.",
        parameters=[LANG_PARAMETER],
        responses=PAGE_DOC,
    )
    @blp.alt_response(400, response="BAD_REQUEST", description="A `lang` not listed.")
    @blp.alt_response(404, response="NOT_FOUND", description="A name not listed.")
    def get(self, name: str) -> Response:
        """The page of one problem type: what it means, what to do, and its codes."""
        kind = KINDS.get(name)
        if kind is None:
            abort(404)
        return kind_page(kind, page_language())


@blp.record_once
def _serve_stylesheet(state: BlueprintSetupState) -> None:
    # An app route rather than a documented one: the stylesheet is the pages', not the API's.
    def problems_stylesheet() -> Response:
        return Response(CSS, content_type="text/css; charset=utf-8", headers=PAGE_HEADERS)

    state.app.add_url_rule(
        PROBLEMS_PATH + STYLESHEET, "problems_stylesheet", problems_stylesheet, methods=["GET"]
    )
