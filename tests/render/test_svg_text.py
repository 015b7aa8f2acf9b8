"""The markup writer (service/render/svg_text.py): every value escaped, nothing becomes markup."""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET

from service.render.svg_text import attr, element, text, wrap


def test_an_element_without_content_closes_itself() -> None:
    assert element("rect", x=1, width=2.5) == '<rect x="1" width="2.5"/>'


def test_an_underscore_in_a_keyword_is_a_hyphen_in_the_attribute() -> None:
    assert element("line", stroke_width=2, stroke_dasharray="7 4") == (
        '<line stroke-width="2" stroke-dasharray="7 4"/>'
    )


def test_content_and_attributes_are_escaped() -> None:
    written = element("text", "<script>&", fill='"red" <b>')
    assert written == "<text fill='\"red\" &lt;b&gt;'>&lt;script&gt;&amp;</text>"
    node = ET.fromstring(written)  # well formed: the values came through as text
    assert (node.text, node.get("fill"), list(node)) == ("<script>&", '"red" <b>', [])


def test_an_attribute_is_quoted_with_the_quote_it_does_not_hold() -> None:
    assert attr(12) == '"12"'
    assert attr('say "hi"') == "'say \"hi\"'"
    assert attr('it\'s "both"') == '"it\'s &quot;both&quot;"'


def test_a_text_is_placed_first_then_its_attributes() -> None:
    assert text(10, 20.5, "Seat 0", font_size=11) == (
        '<text x="10" y="20.5" font-size="11">Seat 0</text>'
    )


FRENCH = (
    "R1 : pli 2, la place 3 a joué le 10 de carreau. Vous n'avez pas de cœur et votre "
    "partenaire n'est pas maître : il fallait couper avec le 9 de pique ; « dedans » ! Pourquoi ?"
)
PUNCTUATION = (":", ";", "!", "?", "»")


def test_a_line_is_wrapped_at_words_and_never_before_french_punctuation() -> None:
    """Issue 31, item 9: a wrapped line of the French picture began ": il fallait couper"."""
    naive = {
        width for width in range(8, len(FRENCH)) if _starts_badly(textwrap.wrap(FRENCH, width))
    }
    assert naive, "plain textwrap would start a line with punctuation at some width"
    for width in range(16, len(FRENCH) + 1):  # no word (with its punctuation) is longer
        lines = wrap(FRENCH, width)
        assert " ".join(lines) == FRENCH
        assert not _starts_badly(lines), (width, lines)
        assert all(len(line) <= width for line in lines)


def test_a_short_line_is_one_line_and_english_wraps_as_before() -> None:
    assert wrap("Seat 2: made.", 110) == ["Seat 2: made."]
    english = "You cannot follow hearts and your partner is not winning: you had to trump."
    assert wrap(english, 30) == textwrap.wrap(english, 30)


def _starts_badly(lines: list[str]) -> bool:
    return any(line.startswith(PUNCTUATION) or line.endswith("«") for line in lines)
