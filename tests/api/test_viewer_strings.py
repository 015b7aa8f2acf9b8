"""The viewer's words (service/static/viewer/strings.js): each key written once per language,
since a second one silently replaces the first (the renonce panel's proof once said Teach me's
words), and every key in both languages."""

from __future__ import annotations

import re
from collections import Counter

from tests.conftest import ROOT

STRINGS = (ROOT / "service" / "static" / "viewer" / "strings.js").read_text()


def keys(lang: str) -> list[str]:
    """The keys of STRINGS[lang], in the order written."""
    body = STRINGS[STRINGS.index("export const STRINGS") :]
    start = body.index(f"\n  {lang}: {{")
    end = body.index("\n  },", start)
    return re.findall(r"^    (\w+):", body[start:end], re.M)


def test_each_word_is_written_once_in_each_language_and_in_both() -> None:
    en, fr = keys("en"), keys("fr")
    assert len(en) > 200
    assert [key for key, n in Counter(en).items() if n > 1] == []
    assert [key for key, n in Counter(fr).items() if n > 1] == []
    assert set(en) == set(fr)
