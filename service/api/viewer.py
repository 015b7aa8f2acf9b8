"""GET /viewer: the deal viewer, a page served by the referee and a client of its public API.

The page (service/static/viewer) is plain HTML, CSS and JavaScript modules: no build step, no
CDN, nothing fetched from another origin, and no rule of the game in it (it asks the same
endpoints any integrator does). Its assets are read once at startup. Their URLs carry the
hash of the whole set (`/viewer/assets/<version>/viewer.js`), so a browser keeps them for a
year without ever running a stale one, and relative imports between modules stay valid; the
page itself is revalidated on each visit by its ETag.

The page's words are the catalog's (service/text): one more module of the set, `strings.js`,
written at startup from every language's `viewer` keys and name (`strings_module`), so that a
language file the catalog reads is one more language on the page.

The page's headers (a Content-Security-Policy allowing only this origin, `nosniff`) are set
on these responses alone: the JSON endpoints' hot path does not carry them.
"""

from __future__ import annotations

import hashlib
import html
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from flask import Response, abort, request
from flask.blueprints import BlueprintSetupState
from flask.views import MethodView

from service.api.blueprint import Blueprint
from service.text.catalog import CATALOG, DEFAULT, Value

STATIC_DIR: Final = Path(__file__).resolve().parent.parent / "static" / "viewer"
PAGE: Final = "index.html"
ASSETS_URL: Final = "/viewer/assets"
VERSION_MARK: Final = "{{version}}"  # where index.html names the assets' version
TITLE_MARK: Final = "{{title}}"  # its title, in English until the page speaks its language
STRINGS_MODULE: Final = "strings.js"  # the page's words, written from the catalog

CONTENT_TYPES: Final = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".json": "application/json",
}
CONTENT_SECURITY_POLICY: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'none'; frame-ancestors 'none'"
)
PAGE_HEADERS: Final = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
REVALIDATE: Final = "no-cache"  # keep it, but ask (ETag) before using it
FOR_A_YEAR: Final = "public, max-age=31536000, immutable"


@dataclass(frozen=True, slots=True)
class Asset:
    body: bytes
    content_type: str
    etag: str  # the body's own hash

    @classmethod
    def of(cls, name: str, body: bytes) -> Asset:
        return cls(body, CONTENT_TYPES[Path(name).suffix], hashlib.sha256(body).hexdigest()[:32])

    def response(self, cache_control: str) -> Response:
        """This asset, or 304 when the request already holds this ETag."""
        response = Response(self.body, content_type=self.content_type, headers=PAGE_HEADERS)
        response.set_etag(self.etag)
        response.headers["Cache-Control"] = cache_control
        return response.make_conditional(request)


def strings_module(catalog: Mapping[str, Mapping[str, Value]]) -> bytes:
    """The page's words as a module: `LANGUAGES`, each language of `catalog` (English first)
    with its name, and `STRINGS`, each one's `viewer` keys without the prefix."""
    languages = [{"code": lang, "name": keys["language.name"]} for lang, keys in catalog.items()]
    strings = {
        lang: {
            key.removeprefix("viewer."): value
            for key, value in keys.items()
            if key.startswith("viewer.")
        }
        for lang, keys in catalog.items()
    }
    return (
        "// The page's words in every language of the referee's catalog (service/text), written\n"
        "// by service/api/viewer.py from each language's name and `viewer` keys.\n\n"
        f"export const LANGUAGES = {json.dumps(languages, ensure_ascii=False)};\n\n"
        f"export const STRINGS = {json.dumps(strings, ensure_ascii=False, indent=2)};\n"
    ).encode()


def load_assets(
    directory: Path, written: Mapping[str, bytes], title: str
) -> tuple[str, Asset, dict[str, Asset]]:
    """The assets' version (a hash of every file), the page naming it and titled `title`, and
    the assets: the folder's files and those `written` here (`strings.js`)."""
    read = {path.name: path.read_bytes() for path in directory.iterdir() if path.is_file()}
    files = dict(sorted((read | written).items()))
    digest = hashlib.sha256()
    for name, body in files.items():
        digest.update(name.encode() + b"\0" + hashlib.sha256(body).digest())
    version = digest.hexdigest()[:16]
    page = files.pop(PAGE).replace(VERSION_MARK.encode(), version.encode())
    page = page.replace(TITLE_MARK.encode(), html.escape(title).encode())
    assets = {name: Asset.of(name, body) for name, body in files.items()}
    return version, Asset.of(PAGE, page), assets


VERSION, INDEX, ASSETS = load_assets(
    STATIC_DIR,
    {STRINGS_MODULE: strings_module(CATALOG)},
    str(CATALOG[DEFAULT]["viewer.pageTitle"]),
)

blp = Blueprint(
    "viewer",
    __name__,
    description="The deal viewer: a page for arbiters and players, built on this API.",
)


@blp.route("/viewer")
class Viewer(MethodView):
    @blp.doc(
        operationId="viewer",
        description="An HTML page that shows a deal the way a card table does: paste or "
        "upload a `/v1/deals/replay` body or deal one from a seed, step through the tricks "
        "(arrow keys), see every renonce with its proof and the score, ask whether a card may "
        "be played, review every card against perfect play (a value graph and a table per "
        "player), switch on Teach me for the seat to play's own-view advice beside perfect "
        "play, and share the situation by link (the record and the step live in the URL "
        "fragment). It calls only this API, on this origin.",
    )
    @blp.response(200, {"type": "string"}, content_type="text/html")
    @blp.alt_response(304, description="Not modified: the page the client holds is current.")
    def get(self) -> Response:
        """The deal viewer, a page for arbiters and players."""
        return INDEX.response(REVALIDATE)


@blp.record_once
def _serve_assets(state: BlueprintSetupState) -> None:
    # An app route rather than a documented one: the assets are the page's, not the API's.
    def viewer_asset(version: str, name: str) -> Response:
        asset = ASSETS.get(name)
        if asset is None or version != VERSION:
            abort(404)
        return asset.response(FOR_A_YEAR)

    state.app.add_url_rule(
        f"{ASSETS_URL}/<version>/<name>", "viewer_asset", viewer_asset, methods=["GET"]
    )
