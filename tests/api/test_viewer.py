"""GET /viewer and its assets: a page served by the referee, with a page's headers."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from service.api.viewer import (
    ASSETS,
    ASSETS_URL,
    CONTENT_SECURITY_POLICY,
    INDEX,
    STATIC_DIR,
    STRINGS_MODULE,
    load_assets,
)

ASSET_LINK = re.compile(rf'"{ASSETS_URL}/(\w+)/([\w.]+)"')
RELATIVE_LINK = re.compile(r'"\./([\w.-]+)"')


def asset_links(client: FlaskClient) -> list[tuple[str, str]]:
    return ASSET_LINK.findall(client.get("/viewer").get_data(as_text=True))


def test_the_page_has_a_pages_headers(client: FlaskClient) -> None:
    response = client.get("/viewer")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    policy = response.headers["Content-Security-Policy"]
    assert policy == CONTENT_SECURITY_POLICY
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    # Only this origin, for everything a page can load; nothing inline, nothing framed.
    assert directives["default-src"] == "'self'"
    for name in ("script-src", "style-src", "img-src", "connect-src", "font-src"):
        assert directives[name] == "'self'"
    assert directives["object-src"] == directives["base-uri"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    assert response.headers["Cache-Control"] == "no-cache"


def test_the_page_is_revalidated_by_its_etag(client: FlaskClient) -> None:
    etag = client.get("/viewer").headers["ETag"]
    again = client.get("/viewer", headers={"If-None-Match": etag})
    assert (again.status_code, again.data) == (304, b"")
    assert client.get("/viewer", headers={"If-None-Match": '"other"'}).status_code == 200


def test_assets_carry_the_sets_hash_and_are_kept_for_a_year(client: FlaskClient) -> None:
    links = asset_links(client)
    assert {name for _, name in links} == {"favicon.svg", "viewer.css", "viewer.js"}
    types = {
        "favicon.svg": "image/svg+xml",
        "viewer.css": "text/css",
        "viewer.js": "text/javascript",
    }
    for version, name in links:
        response = client.get(f"{ASSETS_URL}/{version}/{name}")
        assert response.status_code == 200
        assert response.mimetype == types[name]
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.data == (STATIC_DIR / name).read_bytes()
        etag = response.headers["ETag"]
        assert client.get(response.request.path, headers={"If-None-Match": etag}).status_code == 304


def test_every_module_is_linked_from_the_entry_and_served_beside_it(client: FlaskClient) -> None:
    # viewer.js (the entry module) imports the others by relative links, which resolve under
    # the same version; each is a module with the assets' type and headers, and every module
    # in the folder is reached (none left out, none unserved), as is the one of the page's
    # words, written from the catalog.
    (version,) = {version for version, _ in asset_links(client)}
    modules: set[str] = set()
    linked: set[str] = set()
    waiting = ["viewer.js"]
    while waiting:
        name = waiting.pop()
        modules.add(name)
        response = client.get(f"{ASSETS_URL}/{version}/{name}")
        assert response.status_code == 200, name
        assert response.mimetype == "text/javascript", name
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
        links = set(RELATIVE_LINK.findall(response.get_data(as_text=True)))
        linked |= links
        waiting += [link for link in links if link.endswith(".js") and link not in modules]
    assert modules == {path.name for path in STATIC_DIR.glob("*.js")} | {STRINGS_MODULE}
    # The example deals the page fetches (example.json, beside them, is the picture's example).
    assert linked - modules == {"example-classic.json", "example-coinche.json"}
    for name in linked - modules:
        assert client.get(f"{ASSETS_URL}/{version}/{name}").status_code == 200


@pytest.mark.parametrize("path", ["0000000000000000/viewer.js", "{version}/missing.js"])
def test_an_unknown_asset_or_version_is_not_found(client: FlaskClient, path: str) -> None:
    (version,) = {version for version, _ in asset_links(client)}
    response = client.get(f"{ASSETS_URL}/{path.format(version=version)}")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"


def test_a_changed_file_changes_the_version_and_its_etag(tmp_path: Path) -> None:
    copy = tmp_path / "viewer"
    shutil.copytree(STATIC_DIR, copy)
    strings = {STRINGS_MODULE: ASSETS[STRINGS_MODULE].body}
    version, page, assets = load_assets(STATIC_DIR, strings, "Deal viewer")
    (copy / "viewer.css").write_text((STATIC_DIR / "viewer.css").read_text() + "\n/* new */\n")
    new_version, new_page, new_assets = load_assets(copy, strings, "Deal viewer")
    assert new_version != version
    assert new_version.encode() in new_page.body and version.encode() not in new_page.body
    assert new_page.etag != page.etag
    assert new_assets["viewer.css"].etag != assets["viewer.css"].etag
    assert new_assets["viewer.js"].etag == assets["viewer.js"].etag


def test_changed_words_change_the_version_and_their_etag() -> None:
    strings = ASSETS[STRINGS_MODULE].body
    version, page, assets = load_assets(STATIC_DIR, {STRINGS_MODULE: strings}, "Deal viewer")
    changed = {STRINGS_MODULE: strings.replace(b"Deal viewer", b"Card table")}
    new_version, new_page, new_assets = load_assets(STATIC_DIR, changed, "Deal viewer")
    assert new_version != version and new_page.etag != page.etag
    assert new_assets[STRINGS_MODULE].etag != assets[STRINGS_MODULE].etag
    assert new_assets["viewer.js"].etag == assets["viewer.js"].etag


def test_nothing_in_the_page_comes_from_another_origin() -> None:
    for name, asset in {"index.html": INDEX, **ASSETS}.items():
        # The SVG namespace (the favicon's, the graph's elements') is a name, not a request.
        text = asset.body.decode().replace('"http://www.w3.org/2000/svg"', "")
        assert not re.search(r"(https?:)?//[\w.-]+\.\w", text), name


def test_the_json_endpoints_do_not_carry_the_pages_headers(client: FlaskClient) -> None:
    body = {"trump": "H", "leader": 1, "trick": ["AS", "JH"], "hand": ["KD", "9H", "8C"]}
    response = client.post("/v1/legal-moves", json=body)
    assert response.status_code == 200
    assert "Content-Security-Policy" not in response.headers
