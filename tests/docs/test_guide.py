"""The guide (docs/, mkdocs.yml) and the front page: the option tables written from the specs
and nowhere else, every problem type listed and linked, the search's polyfill kept here, and
nothing the long README said lost (each of its sections is found, by a sentence of it, where
it went)."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
from types import ModuleType
from typing import Any

import pytest
import yaml

from service.rules.variants.classic.options import OPTION_SPECS
from service.rules.variants.coinche.options import COINCHE_OPTION_SPECS
from tests.conftest import ROOT

DOCS = ROOT / "docs"


def hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("options_hook", DOCS / "hooks" / "options.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("variant", "specs", "page"),
    [("classic", OPTION_SPECS, "classic.md"), ("coinche", COINCHE_OPTION_SPECS, "coinche.md")],
)
def test_the_option_tables_are_written_from_the_specs(
    variant: str, specs: dict[str, Any], page: str
) -> None:
    text = (DOCS / page).read_text()
    assert f"<!-- options: {variant} -->" in text
    written = hook().on_page_markdown(text)
    assert "<!-- options:" not in written
    rows = re.findall(r"^\| `(\w+)` \| (.*?) \| (.*?) \| (.*) \|$", written, re.M)
    assert [row[0] for row in rows] == list(specs)
    for name, default, values, sentence in rows:
        spec = specs[name]
        assert (default, sentence) == (f"`{json.dumps(spec.default)}`", spec.description)
        if spec.allowed is None:
            assert values == f"{spec.bounds[0]} to {spec.bounds[1]}"
        else:
            assert values == ", ".join(f"`{json.dumps(value)}`" for value in spec.allowed)


def test_an_unknown_variant_fails_the_build() -> None:
    with pytest.raises(ValueError, match="no rule options for 'belote'"):
        hook().on_page_markdown("<!-- options: belote -->")


def test_no_page_types_an_option_table_by_hand() -> None:
    """A row `| \\`undertrump\\` | ...` outside the hook's output would be a second home; the
    coinche rules' table of sources (why each default) is held to the specs instead."""
    for page in [ROOT / "README.md", *DOCS.glob("*.md")]:
        if page.name == "RULES-COINCHE.md":
            continue
        assert not re.search(r"^\| `(undertrump|sa_ta)` \|", page.read_text(), re.M), page


def test_the_coinche_rules_list_each_option_with_its_values_default_first() -> None:
    text = (DOCS / "RULES-COINCHE.md").read_text()
    rows = dict(re.findall(r"^\| `(\w+)` \| ([^|]*) \|", text, re.M))
    assert list(rows) == list(COINCHE_OPTION_SPECS)
    for name, values in rows.items():
        spec = COINCHE_OPTION_SPECS[name]
        if spec.allowed is None:
            assert values.strip() == str(spec.default)
            continue
        shown = [value.strip() for value in values.split(",")]
        assert shown == [str(v).lower() if isinstance(v, bool) else str(v) for v in spec.allowed]
        assert shown[0] == (
            str(spec.default).lower() if isinstance(spec.default, bool) else str(spec.default)
        )


def test_every_problem_type_is_listed_with_a_link_to_its_page() -> None:
    document = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    types = document["components"]["schemas"]["Problem"]["properties"]["type"]["enum"]
    text = (DOCS / "errors.md").read_text()
    for uri in types:
        if uri == "about:blank":
            assert "| `about:blank` |" in text
        else:
            assert f"| [`{uri}`](http://127.0.0.1:8000{uri}) |" in text, uri


# iframe-worker 1.0.4's shim/index.js as npm publishes it (`npm pack iframe-worker@1.0.4`).
IFRAME_WORKER_SHIM_SHA512 = (
    "619d9db03a370672ba6ac957210104acaff5e139bd4fb3d6cc5d1a205debc57d"
    "5ae5d57aaac45b0a9eec21c99bdffd03ba6c9ca55cb6eca61524a88e43aef831"
)


def test_the_search_reads_from_the_disk_with_its_polyfill_kept_here() -> None:
    """The offline plugin, and its polyfill from docs/ rather than unpkg.com: the published
    file, whole, after its licence (tests/browser/test_guide_search.py searches with it)."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text().replace("!!python", "#"))
    assert config["plugins"] == ["search", "offline"]
    (polyfill,) = config["extra"]["polyfills"]
    assert "iframe-worker" in polyfill  # else the plugin adds unpkg.com's
    shim = (DOCS / polyfill).read_text()
    licence, _, published = shim.partition(" */\n")
    assert "Permission is hereby granted" in licence
    assert hashlib.sha512(published.encode()).hexdigest() == IFRAME_WORKER_SHIM_SHA512


def test_the_front_page_is_short_and_leads_into_the_guide() -> None:
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= 200
    assert "make run" in text and "make test" in text and "make docs" in text
    nav = yaml.safe_load((ROOT / "mkdocs.yml").read_text().replace("!!python", "#"))["nav"]
    pages = re.findall(r"'([\w-]+\.md)'", str(nav))
    for page in pages:
        assert (DOCS / page).is_file(), page
        if page != "index.md":
            assert f"](docs/{page})" in text, page


# Where each section of the README before issue 29 went: the old heading, the page (or
# CONTRIBUTING.md) and its heading there, and a sentence of the section, found as it was.
MOVED = [
    (
        "Two commands",
        "getting-started.md",
        "Install and start",
        "the service never falls back to the pure-Python search",
    ),
    (
        "Two commands (CI's time, other targets)",
        "../CONTRIBUTING.md",
        "Two commands, and the others",
        "`make lint` (ruff check, ruff format check, hadolint on the Dockerfile",
    ),
    ("Endpoints", "classic.md", "Conventions", "Sentences name cards in words, as players of"),
    (
        "Endpoints (Teams, not counts)",
        "classic.md",
        "Teams, not counts",
        "In each team's `breakdown`, `cards` is the",
    ),
    ("Endpoints (annonces)", "classic.md", "Annonces", "Annonces count only with"),
    (
        "The deal viewer",
        "viewer.md",
        "Using the viewer",
        "**Link to this situation** holds the record",
    ),
    (
        "The deal viewer (the page)",
        "viewer.md",
        "How the page is built",
        "The page is plain HTML, CSS and JavaScript modules",
    ),
    (
        "The deal viewer (A picture of a ruling)",
        "viewer.md",
        "A picture of a ruling",
        "`POST /v1/deals/render` takes the replay's body",
    ),
    (
        "Analysis: perfect play and claims",
        "analysis.md",
        "Solve and claim",
        "a disconnected player, or a player who lays the hand down",
    ),
    (
        "Analysis (How)",
        "engines.md",
        "The search",
        "an alpha-beta that only asks zero-window questions",
    ),
    ("Analysis (limits)", "analysis.md", "Limits", "Mode `any` is a search where every seat plays"),
    (
        "The engines: the native core and the reference",
        "engines.md",
        "The native core and the reference",
        "**Why Cython** rather than a C extension",
    ),
    (
        "The review: every card against perfect play",
        "analysis.md",
        "The review: every card against perfect play",
        "**Precision**: `100 x (1 - total loss / total stake)`",
    ),
    (
        "Advice: from one seat's view",
        "advice.md",
        "Examples",
        "The method is the one bridge's GIB and the best Skat programs use",
    ),
    (
        "Use it from your code",
        "clients.md",
        "Generated clients",
        "Every operation has a readable `operationId`",
    ),
    (
        "Use it from your code (CORS)",
        "clients.md",
        "From a browser: CORS",
        "From a page on another origin, the browser asks first (CORS)",
    ),
    ("Rules", "classic.md", "Rule options", "an unknown option or\nvalue is a 422"),
    (
        "Rules (Seats and chairs)",
        "classic.md",
        "Seats and chairs",
        "the direction never changes a ruling",
    ),
    (
        "Rules (Where the texts are silent)",
        "classic.md",
        "Where the texts are silent",
        "a round-1 bid naming a suit is illegal",
    ),
    ("Coinche", "coinche.md", "What differs from classic", "An auction replaces the two rounds"),
    (
        "Coinche (Decided choices)",
        "coinche.md",
        "Decided choices",
        "a coinche game lists at most 500 deals",
    ),
    (
        "Auction, scoring, dealing",
        "coinche.md",
        "Auction, scoring, dealing",
        "RULES-COINCHE.md example 16",
    ),
    (
        "Play, tricks, replay",
        "coinche.md",
        "Play, tricks, replay",
        "a trick carries raw points: under `scaled`",
    ),
    ("Auditing an archive", "audit.md", "Running it", "Card rooms keep every deal they host."),
    ("Auditing an archive (Output)", "audit.md", "Output", "`_SUCCESS` | empty, written last"),
    (
        "Auditing an archive (Outliers)",
        "audit.md",
        "Outliers",
        "A flag is a reason to look, never a proof",
    ),
    (
        "Auditing an archive (On a cluster)",
        "deployment.md",
        "An audit on a Dask cluster",
        "Every pod must see the input files and DIR at the same paths",
    ),
    (
        "Auditing an archive (Dependencies)",
        "audit.md",
        "Dependencies",
        "they would add about 210 MB",
    ),
    ("Configuration", "configuration.md", "Configuration", "| `CLIENT_TIMEOUT` | `10` |"),
    (
        "Configuration (the server)",
        "configuration.md",
        "The server",
        "put a buffering proxy (nginx, an ingress controller) in front",
    ),
    ("Operations", "configuration.md", "Operations", "| `GET /healthz` |"),
    (
        "Operations (Request ids, Logs, Metrics)",
        "configuration.md",
        "Metrics",
        "`belote_renonces_total`: renonces proven in replayed deals.",
    ),
    ("Operations (Errors)", "errors.md", "Problems", "Each of `errors` has every member"),
    (
        "Operations (Every type is a page)",
        "errors.md",
        "Every type is a page",
        "`GET /problems` lists them.",
    ),
    ("Benchmarks", "benchmarks.md", "HTTP", "Why `legal-moves` stays under 0.85"),
    (
        "Benchmarks (Analysis, peers)",
        "benchmarks.md",
        "Analysis",
        "colver's median\nover the native core's",
    ),
    ("Benchmarks (Advice)", "benchmarks.md", "Advice", "+30.1 ± 5.9 points a deal"),
    ("Deployment", "deployment.md", "Kubernetes", "a HorizontalPodAutoscaler (`autoscaling/v2`"),
    (
        "Deployment (Why it scales)",
        "deployment.md",
        "Why it scales horizontally",
        "The referee keeps no state",
    ),
    ("Development", "../CONTRIBUTING.md", "The code", "One fact, one home: a strain"),
    (
        "Development (tests)",
        "../CONTRIBUTING.md",
        "Tests",
        "`tests/browser`: the viewer in Debian's chromium",
    ),
    (
        "Development (mutation testing)",
        "../CONTRIBUTING.md",
        "Mutation testing",
        "It fails when those tests kill\nless than **99.8%** of the mutants",
    ),
]


@pytest.mark.parametrize(("old", "page", "heading", "sentence"), MOVED, ids=[m[0] for m in MOVED])
def test_each_section_of_the_old_readme_is_found_where_it_went(
    old: str, page: str, heading: str, sentence: str
) -> None:
    text = (DOCS / page).resolve().read_text()
    assert re.search(rf"^#+ {re.escape(heading)}$", text, re.M), (old, heading)
    flat = " ".join(text.split())
    assert " ".join(sentence.split()) in flat, (old, sentence)
