"""GET /problems and /problems/<name>: a page for each problem type, for a person.

Every problem the referee answers names its type by a URI reference to one of these pages
(service/api/problems.py; `PROBLEM_BASE_URL` when a gateway serves them elsewhere). A page
says what the problem means and what to do, in English or French: the request's
`Accept-Language`, or `?lang=en` / `?lang=fr` from the links at its top (another value is a
400). The
inconsistent-input page lists the codes its errors carry, each with its sentence.

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
from service.api.openapi import LANGUAGE_HEADERS
from service.api.problems import (
    INCONSISTENT_INPUT,
    PROBLEMS_PATH,
    TYPED_KINDS,
    ProblemKind,
    problem_base,
)
from service.api.viewer import PAGE_HEADERS
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

WORDS: Final[dict[Language, dict[str, str]]] = {
    "en": {
        "site": "Belote referee",
        "types": "Problem types",
        "intro": "When the referee cannot judge a request, it answers an RFC 9457 problem "
        "(application/problem+json) whose type is one of these pages. Plain HTTP errors "
        "(404, 405, 413, 415...) have the type about:blank: their status says it all.",
        "status": "HTTP status {status}, type {uri}",
        "codes": "Codes",
        "all": "All problem types",
    },
    "fr": {
        "site": "Arbitre de belote",
        "types": "Types de problèmes",
        "intro": "Quand l'arbitre ne peut pas juger une requête, il répond un problème RFC 9457 "
        "(application/problem+json) dont le type est l'une de ces pages. Les erreurs HTTP "
        "simples (404, 405, 413, 415...) ont le type about:blank : leur statut dit tout.",
        "status": "Statut HTTP {status}, type {uri}",
        "codes": "Codes",
        "all": "Tous les types de problèmes",
    },
}
LANGUAGE_NAMES: Final = {"en": "English", "fr": "Français"}
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
    """`?lang=en` or `?lang=fr` (the page's own links), else the request's Accept-Language.
    Any other `lang`, or more than one, is a 400: the contract lists the two."""
    chosen = request.args.getlist("lang")
    if not chosen:
        return request_language()
    for lang in LANGUAGES:
        if chosen == [lang]:
            return lang
    abort(400)


def _text(paragraph: str) -> str:
    """A paragraph as HTML: escaped, `code` in backticks as <code>."""
    return _CODE.sub(r"<code>\1</code>", html.escape(paragraph, quote=False))


def _page(title: str, body: list[str], lang: Language, folder: str = "") -> Response:
    """A whole page; `folder` leads from where it is to the types' folder (its links and
    stylesheet are relative, so that they hold behind a gateway too)."""
    words = WORDS[lang]
    switch = " ".join(
        f'<a href="?lang={other}" hreflang="{other}" lang="{other}">{LANGUAGE_NAMES[other]}</a>'
        for other in LANGUAGES
        if other != lang
    )
    page = "\n".join(
        [
            "<!doctype html>",
            f'<html lang="{lang}">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{html.escape(title)} · {words['site']}</title>",
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
    words = WORDS[lang]
    uri = html.escape(kind.type_uri(problem_base()))
    body = [
        f"<h1>{html.escape(kind.title[lang])}</h1>",
        f'<p class="type">{words["status"].format(status=kind.status, uri=f"<code>{uri}</code>")}'
        "</p>",
        *(f"<p>{_text(paragraph)}</p>" for paragraph in kind.about[lang]),
    ]
    if kind is INCONSISTENT_INPUT:
        body.append(f"<h2>{words['codes']}</h2>")
        body.append("<dl>")
        for code in PROBLEM_CODES:
            sentence = html.escape(code_sentence(code, lang), quote=False)
            body.append(f'<dt id="{code}"><code>{code}</code></dt><dd>{sentence}</dd>')
        body.append("</dl>")
    body.append(f'<p><a href="../{INDEX}?lang={lang}">{words["all"]}</a></p>')
    return _page(kind.title[lang], body, lang)


def index_page(lang: Language) -> Response:
    words = WORDS[lang]
    items = [
        f'<li><a href="{FOLDER}{kind.name}?lang={lang}">{html.escape(kind.title[lang])}</a> '
        f"({kind.status}): {html.escape(kind.detail[lang], quote=False)}</li>"
        for kind in TYPED_KINDS
    ]
    body = [f"<h1>{words['types']}</h1>", f"<p>{words['intro']}</p>", "<ul>", *items, "</ul>"]
    return _page(words["types"], body, lang, FOLDER)


blp = Blueprint(
    "problems",
    __name__,
    description="A page for each problem type, for a person: what it means and what to do, "
    "in English or French. Every problem's `type` is one of them.",
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
    @blp.doc(operationId="problem_types", parameters=[LANG_PARAMETER], responses=PAGE_DOC)
    @blp.alt_response(400, response="BAD_REQUEST", description="A `lang` not listed.")
    def get(self) -> Response:
        """Every problem type the referee answers, each with a link to its page.

        An HTML page, in English or French (`lang`, else Accept-Language)."""
        return index_page(page_language())


NAME_PARAMETER: Final = {
    "in": "path",
    "name": "name",
    "description": "The problem type's name: the last part of its URI.",
    "schema": {"type": "string", "enum": list(KINDS)},
}


@blp.route(f"{PROBLEMS_PATH}<name>", parameters=[NAME_PARAMETER])
class ProblemType(MethodView):
    @blp.doc(operationId="problem_type", parameters=[LANG_PARAMETER], responses=PAGE_DOC)
    @blp.alt_response(400, response="BAD_REQUEST", description="A `lang` not listed.")
    @blp.alt_response(404, response="NOT_FOUND", description="A name not listed.")
    def get(self, name: str) -> Response:
        """The page of one problem type: what it means, what to do, and its codes.

        An HTML page for a person, in English or French (`lang`, else Accept-Language): the
        type named by a problem's `type`. An unknown name is a 404 problem."""
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
