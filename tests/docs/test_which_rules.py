"""docs/which-rules.md: its tables of the fault lines are the profiles' options
(service/rules/variants/profiles.py), cell by cell, so the page cannot drift from the code.

Each table is written between `<!-- profiles: GAME -->` and `<!-- /profiles -->`; a row per
option some profile of the game sets, a column per profile, each cell the value the profile
sets or, where its text leaves the point open, the referee's choice (the option's default).
`python -m tests.docs.test_which_rules` prints the tables to paste after a change.
"""

from __future__ import annotations

import re

import pytest

from service.rules.core.options import OptionSpec
from service.rules.variants.classic.options import OPTION_SPECS
from service.rules.variants.coinche.options import COINCHE_OPTION_SPECS
from service.rules.variants.profiles import PROFILES, profiles_of
from tests.conftest import ROOT

PAGE = ROOT / "docs" / "which-rules.md"
SPECS: dict[str, dict[str, OptionSpec]] = {"coinche": COINCHE_OPTION_SPECS, "classic": OPTION_SPECS}

# Each fault line in an arbiter's words (the option's name follows it in the table).
LABELS = {
    "min_bid": "The lowest bid",
    "bid_step": "Bids go up by",
    "max_bid": "The highest bid in points",
    "auction_end": "What ends the auction",
    "bid_after_coinche": "May a player bid over a coinche (lifting it)?",
    "sa_ta": "No trumps and all trumps may be bid",
    "sa_contract": "A no-trumps contract counts its value",
    "sa_points": "Card points at no trumps",
    "ta_points": "Card points at all trumps",
    "ta_belote": "Belote at all trumps",
    "annonces": "Declarations (tierce, cinquante, cent, carrés) count",
    "bonus_counts": "Declarations help the takers make their contract",
    "made": "When is the contract made?",
    "litige": "A tie (81-81)",
    "scoring": "What a deal scores (points made, plus the contract or not)",
    "chute_points": "Points the defenders get when the takers fail",
    "chute_capot": "Defenders who take all 8 tricks of a failed contract get",
    "capot": "A capot (all 8 tricks) is worth",
    "capot_bid": "A capot bid is scored as",
    "surcoinche_multiplier": "The surcoinche multiplies by",
    "multiplier_scope": "What the coinche multiplies",
    "coinche_base": "A coinched contract made scores its points from",
    "belote": "How the belote (king and queen of trumps) is counted",
    "belote_said": "The belote must be said",
    "belote_on_chute": "Whose belote when the takers fail",
    "belote_on_coinche": "The defenders' belote on a coinched contract made",
    "undertrump": "Must a player trump lower when he cannot overtrump an opponent?",
    "overtrump_partner": "On a trump lead, must a player beat his partner's trump?",
    "partner_trump": "When the partner wins with a trump, what may a player play?",
    "rounding": "Rounding of the scores",
    "final_deal": "The deal that ends the game is counted",
    "target": "The game is played to",
    "game_end": "The game is won by",
    "misdeal": "A misdeal's penalty to the dealer's opponents",
}
TABLE = re.compile(r"<!-- profiles: (\w+) -->\n(.*?)\n<!-- /profiles -->", re.S)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return f"`{value}`"


def table(game: str) -> list[list[str]]:
    """The game's table as rows of cells, its header first."""
    specs, profiles = SPECS[game], profiles_of(game)
    rows = [["fault line", *(p.name for p in profiles)]]
    for name in specs:
        if not any(name in p.options for p in profiles):
            continue
        cells = [
            _value(p.options[name])
            if name in p.options
            else f"open: referee's choice {_value(specs[name].default)}"
            for p in profiles
        ]
        rows.append([f"{LABELS[name]} (`{name}`)", *cells])
    return rows


def markdown(game: str) -> str:
    rows = table(game)
    lines = ["| " + " | ".join(row) + " |" for row in rows]
    lines.insert(1, "|" + "---|" * len(rows[0]))
    return "\n".join(lines)


def page_tables() -> dict[str, list[list[str]]]:
    found = {}
    for game, body in TABLE.findall(PAGE.read_text(encoding="utf-8")):
        lines = [line for line in body.splitlines() if line.startswith("|")]
        del lines[1]  # the header's rule
        found[game] = [[cell.strip() for cell in line.strip("|").split(" | ")] for line in lines]
    return found


@pytest.mark.parametrize("game", ["coinche", "classic"])
def test_the_page_table_is_the_profiles_options_cell_by_cell(game: str) -> None:
    page = page_tables()
    assert game in page, f"docs/which-rules.md has no table of {game}'s profiles"
    expected = table(game)
    assert page[game][0] == expected[0], "the columns are the game's profiles, in order"
    assert [row[0] for row in page[game]] == [row[0] for row in expected], "the rows"
    for got, want in zip(page[game][1:], expected[1:], strict=True):
        for profile, cell, expected_cell in zip(expected[0][1:], got[1:], want[1:], strict=True):
            assert cell == expected_cell, (
                f"{want[0]}, {profile}: {cell!r}, the code {expected_cell!r}"
            )


def test_every_profile_is_on_the_page_with_its_source() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for profile in PROFILES.values():
        assert f"### {profile.name}" in text
        assert profile.citation("en").document in text, profile.name


if __name__ == "__main__":
    for game in ("coinche", "classic"):
        print(f"<!-- profiles: {game} -->\n{markdown(game)}\n<!-- /profiles -->\n")
