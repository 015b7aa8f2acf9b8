"""How a picture's markup is written: every element through `element`, every value
XML-escaped, so that nothing in a result can become markup."""

from __future__ import annotations

import re
import textwrap
from xml.sax.saxutils import escape, quoteattr

# French puts a space before `:`, `;`, `!`, `?` and `»`, and after `«`: those spaces are no
# place to wrap (a line must not start with ": il fallait couper"). While wrapping they are a
# private-use character, which textwrap (it breaks at ASCII whitespace only) keeps inside the
# word; spaces again after.
_BOUND_SPACE = re.compile(r" (?=[:;!?»])|(?<=«) ")
_GLUE = "\ue000"


def element(name: str, content: str | None = None, **attrs: str | float) -> str:
    """`<name .../>`, or `<name ...>content</name>`; each keyword an attribute, `_` written
    `-` (font_size: font-size)."""
    written = "".join(f" {key.replace('_', '-')}={attr(value)}" for key, value in attrs.items())
    if content is None:
        return f"<{name}{written}/>"
    return f"<{name}{written}>{escape(content)}</{name}>"


def text(x: float, y: float, content: str, **attrs: str | float) -> str:
    """A <text> at (x, y)."""
    return element("text", content, x=x, y=y, **attrs)


def attr(value: str | float) -> str:
    """An attribute's value, quoted and escaped."""
    return quoteattr(str(value))


def wrap(line: str, width: int) -> list[str]:
    """`line` cut into lines of at most `width` characters, at spaces between words, never
    at the space French puts before `:`, `;`, `!`, `?`, `»` or after `«` (a word longer
    than `width` is cut)."""
    glued = _BOUND_SPACE.sub(_GLUE, line)
    return [part.replace(_GLUE, " ") for part in textwrap.wrap(glued, width)]
