"""How a picture's markup is written: every element through `element`, every value
XML-escaped, so that nothing in a result can become markup."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr


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
