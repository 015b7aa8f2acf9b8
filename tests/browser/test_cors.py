"""A browser game on another origin calls the referee (CORS, docs/clients.md):
the browser asks first (a preflight, since the body is JSON), then reads the answer and its
exposed `X-Request-ID` and `Content-Language`."""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from selenium.webdriver.chrome.webdriver import WebDriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.wait import WebDriverWait

from tests.browser.conftest import WAIT_SECONDS

# The game's page: it asks the referee for the legal cards, in French, and shows what it read.
GAME = """<!doctype html>
<html><head><meta charset="utf-8"><title>A game elsewhere</title></head>
<body><pre id="out">waiting</pre>
<script>
fetch(new URLSearchParams(location.search).get("referee") + "/v1/legal-moves", {
  method: "POST",
  headers: {"Content-Type": "application/json", "Accept-Language": "fr"},
  body: JSON.stringify({trump: "H", leader: 1, trick: ["AS", "JH"], hand: ["KD", "9H", "8C"]}),
})
  .then(async (answer) => {
    const ruling = await answer.json();
    document.getElementById("out").textContent = JSON.stringify({
      status: answer.status,
      legal: ruling.legal,
      request_id: answer.headers.get("X-Request-ID"),
      language: answer.headers.get("Content-Language"),
    });
  })
  .catch((error) => { document.getElementById("out").textContent = "refused: " + error; });
</script></body></html>
"""


@pytest.fixture
def game_origin(tmp_path: Path) -> Iterator[str]:
    """A static server on another port (so another origin) serving the game's page."""
    (tmp_path / "game.html").write_text(GAME, encoding="utf-8")
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *args: None  # type: ignore[method-assign]
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_a_page_on_another_origin_reads_a_ruling_and_its_headers(
    browser: WebDriver, server: str, game_origin: str
) -> None:
    assert game_origin != server
    browser.get(f"{game_origin}/game.html?referee={server}")
    out = WebDriverWait(browser, WAIT_SECONDS).until(
        lambda driver: (text := driver.find_element(By.ID, "out").text) != "waiting" and text
    )
    assert out.startswith("{"), out  # "refused: TypeError: Failed to fetch" without CORS
    answer = json.loads(out)
    assert answer["status"] == 200
    assert answer["legal"] == ["9H"]
    assert answer["language"] == "fr"
    assert answer["request_id"]  # exposed to the page's script
