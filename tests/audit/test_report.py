"""service/audit/report.py: the report is one page that fetches nothing."""

from __future__ import annotations

import re
from pathlib import Path


def test_the_report_is_one_page_that_fetches_nothing(on_cluster: Path) -> None:
    page = (on_cluster / "report.html").read_text()
    assert page.count("<svg") >= 1 and "<script" not in page.lower()
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", page, flags=re.I)
    assert "player-03" in page and "never a proof" in page  # the flagged, and the caveat
