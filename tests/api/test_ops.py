"""service/api/ops.py: the health check, the docs and the document, served without a CDN,
gzipped when the client accepts it."""

from __future__ import annotations

import gzip
import re

import pytest
import yaml
from flask.testing import FlaskClient


def test_healthz(client: FlaskClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.get_json() == {"status": "ok"}


def test_docs_are_served_without_a_cdn(client: FlaskClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert not re.search(r"""(src|href)=["']?https?:""", html)
    for asset in re.findall(r"""(?:src|href)="(/docs/static/[^"]+)""", html):
        response = client.get(asset)
        assert response.status_code == 200, asset
        assert len(response.data) > 1000
    bundle = client.get("/docs/static/swagger-ui-bundle.js").get_data(as_text=True)
    assert "OpenAPI31" in bundle  # Swagger UI 5: renders OpenAPI 3.1
    assert client.get("/docs/static/../../app.py").status_code == 404
    assert client.get("/docs/static/swagger-editor.js").status_code == 404


def test_openapi_yaml_is_served(client: FlaskClient) -> None:
    response = client.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.mimetype == "application/yaml"
    document = yaml.safe_load(response.data)
    assert document["openapi"] == "3.1.0"
    assert document["info"]["title"] == "Belote referee"
    assert document["info"]["description"]
    assert "/healthz" in document["paths"]


@pytest.mark.parametrize("path", ["/docs/static/swagger-ui-bundle.js", "/openapi.yaml"])
@pytest.mark.parametrize(
    ("accepted", "gzipped"),
    [
        ("gzip, deflate, br", True),
        ("br;q=1.0, gzip;q=0.8", True),
        ("*", True),
        ("", False),
        ("identity", False),
        ("gzip;q=0", False),
    ],
)
def test_docs_are_gzipped_when_the_client_accepts_it(
    client: FlaskClient, path: str, accepted: str, gzipped: bool
) -> None:
    plain = client.get(path, headers={"Accept-Encoding": "identity"})
    response = client.get(path, headers={"Accept-Encoding": accepted})
    assert response.status_code == 200
    assert "Accept-Encoding" in response.vary
    assert response.content_type == plain.content_type
    if gzipped:
        assert response.content_encoding == "gzip"
        assert gzip.decompress(response.data) == plain.data
        assert len(response.data) < len(plain.data) / 3
    else:
        assert response.content_encoding is None
        assert response.data == plain.data
    again = client.get(
        path, headers={"Accept-Encoding": accepted, "If-None-Match": response.headers["ETag"]}
    )
    assert again.status_code == 304


def test_docs_with_a_slash_and_the_favicon_answer(client: FlaskClient) -> None:
    slash = client.get("/docs/")
    assert (slash.status_code, slash.location) == (308, "/docs")
    icon = client.get("/favicon.ico", headers={"Accept-Encoding": "gzip"})
    assert (icon.status_code, icon.mimetype) == (200, "image/png")
    assert icon.content_encoding is None  # a PNG does not shrink
    assert icon.data.startswith(b"\x89PNG")
