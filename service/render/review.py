"""The review's value graph in a deal's picture: after each card, the takers' final card points
under perfect play (the review's `after`), the line the contract needs, each labelled card
marked by its symbol, the decisive ones ringed; then a line per seat (its cards, points lost,
precision). The page's graph (service/static/viewer/graph.js) draws the same, for a browser.
Its words are the sentence catalog's (`picture.graph`, service/text).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from service.render.svg_text import element, text
from service.rules import DealRecord, Replay
from service.rules.analysis.policy import BLUNDER, INACCURACY, MISTAKE, RENONCE
from service.rules.analysis.review import Review
from service.rules.core.cards import DEAL_POINTS
from service.rules.core.replay import belote_counts, declared_annonces
from service.rules.core.seats import PLAYERS, Team, team_of
from service.rules.variants.classic.options import RuleOptions
from service.rules.variants.classic.scoring import DealSummary, score_deal
from service.text import catalog

SYMBOLS: Mapping[str, str] = {INACCURACY: "?!", MISTAKE: "?", BLUNDER: "??", RENONCE: "R"}
COLOURS: Mapping[str, str] = {
    INACCURACY: "#8d6e00",
    MISTAKE: "#b34700",
    BLUNDER: "#c62828",
    RENONCE: "#c62828",
}
HEIGHT = 220  # the plot's
LEFT, RIGHT = 60, 40  # room for the value axis, and for the line's number
TICKS = (0, 40, 80, 120, DEAL_POINTS)
LINE = 18

LABELS = "picture.graph"
"""The catalog's table of the graph's words (`picture.graph.legend`...)."""


def _label(name: str, lang: str) -> str:
    return str(catalog.text(f"{LABELS}.{name}", lang))


@dataclass(frozen=True, slots=True)
class Needed:
    """What the contract needs, in the takers' final card points: made from `points`, a
    litige one point below (`litige`), or only by a capot (`capot`, `points` 162)."""

    points: int
    litige: bool = False
    capot: bool = False


def needed(contract_at: Callable[[int, bool], str]) -> Needed | None:
    """The least card points of the takers that make the contract, `contract_at(points,
    capot)` answering the contract of a finished deal (its score's) where the takers end with
    `points` (and won every trick when `capot`); None when nothing makes it."""

    def made(points: int) -> bool:
        return contract_at(points, False) == "made"

    if not made(DEAL_POINTS):
        return Needed(DEAL_POINTS, capot=True) if contract_at(DEAL_POINTS, True) == "made" else None
    low, high = -1, DEAL_POINTS  # made at high, not at low (-1: below every score)
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (low, middle) if made(middle) else (middle, high)
    return Needed(high, litige=high > 0 and contract_at(high - 1, False) == "litige")


def classic_needed(record: DealRecord, result: Replay, options: RuleOptions) -> Needed | None:
    """What a classic deal's contract needs, as its score counts it (`score_deal`, with the
    record's belote and annonces)."""
    takers = team_of(record.taker)
    belote = belote_counts(result.belotes)
    annonces = declared_annonces(result.declarations)

    def contract_at(points: int, capot: bool) -> str:
        split = (points, DEAL_POINTS - points)
        summary = DealSummary(
            taker=record.taker,
            points=split if takers == 0 else split[::-1],
            capot=takers if capot else None,
            belote=belote,
            annonces=annonces,
            trump=record.strain,
        )
        return score_deal(summary, options).contract

    return needed(contract_at)


@dataclass(frozen=True, slots=True)
class Reviewed:
    """A deal's review, as its picture draws it: the review, and what the contract needs."""

    review: Review
    line: Needed | None


def _values(review: Review, takers: Team) -> list[tuple[int | None, tuple[int, int] | None]]:
    """Each step's value (the takers' final points) or bounds, from before the first card."""
    plays = review.plays
    if not plays:
        return []
    first = plays[0]
    steps = [(first.before, first.before_bounds)] + [(p.after, p.after_bounds) for p in plays]
    return [(None if value is None else value.points[takers], bounds) for value, bounds in steps]


@dataclass(frozen=True, slots=True)
class _Plot:
    """Where the graph's plot lies: its top, its inner width, and the steps it spans (one a
    card, from before the first); `x` and `y` place a step and a value of the takers' points."""

    top: float
    inner: float
    count: int

    def x(self, k: float) -> float:
        return LEFT + k * self.inner / self.count

    def y(self, value: float) -> float:
        return self.top + (DEAL_POINTS - value) * HEIGHT / DEAL_POINTS

    @property
    def bottom(self) -> float:
        return self.top + HEIGHT


def review_graph(
    reviewed: Reviewed, takers: Team, top: float, width: float, lang: str
) -> tuple[list[str], float]:
    """The graph and its sentences from `top`, `width` wide: the SVG parts and the height."""
    review, line = reviewed.review, reviewed.line
    title = _label("title", lang).format(team=takers)
    parts = [text(LEFT - 40, top + LINE, title, font_weight="bold")]
    steps = _values(review, takers)
    plot = _Plot(top + LINE + 14, width - LEFT - RIGHT, max(len(steps) - 1, 1))
    parts += _background(plot, line)
    parts += _value_axis(plot)
    parts += _trick_axis(plot, _label("trick", lang))
    if line is not None:
        parts += _contract_line(plot, line)
    parts += _curve(steps, plot.x, plot.y)
    parts += _marks(review, steps, plot.x, plot.y)
    bottom = plot.bottom + 22
    for sentence in _sentences(review, line, lang):
        bottom += LINE
        parts.append(text(LEFT - 40, bottom, sentence))
    return parts, bottom - top


def _background(plot: _Plot, line: Needed | None) -> Iterator[str]:
    """The plot's frame, and above the contract's line (when one makes it) the points that
    make it, shaded."""
    yield element(
        "rect",
        x=LEFT,
        y=plot.top,
        width=plot.inner,
        height=HEIGHT,
        fill="#ffffff",
        stroke="#cccccc",
    )
    if line is not None:
        height = plot.y(line.points) - plot.top
        yield element("rect", x=LEFT, y=plot.top, width=plot.inner, height=height, fill="#e8f5e9")


def _value_axis(plot: _Plot) -> Iterator[str]:
    """A rule and its number at each tick of the takers' points."""
    for tick in TICKS:
        y = plot.y(tick)
        yield element("line", x1=LEFT, y1=y, x2=LEFT + plot.inner, y2=y, stroke="#dddddd")
        yield text(LEFT - 6, y + 4, str(tick), text_anchor="end", font_size=11)


def _trick_axis(plot: _Plot, trick: str) -> Iterator[str]:
    """A rule between tricks (every 4 steps), and each trick's name (`trick`, its number
    `{n}`) under its middle."""
    for k in range(0, plot.count + 1, PLAYERS):
        yield element(
            "line", x1=plot.x(k), y1=plot.top, x2=plot.x(k), y2=plot.bottom, stroke="#bbbbbb"
        )
    for k in range(0, plot.count, PLAYERS):
        name = trick.format(n=k // PLAYERS + 1)
        middle = plot.x(min(k + PLAYERS / 2, plot.count))
        yield text(middle, plot.bottom + 15, name, text_anchor="middle", font_size=11)


def _contract_line(plot: _Plot, line: Needed) -> Iterator[str]:
    """The line the contract needs, dashed, with its points at its end."""
    at = plot.y(line.points)
    yield element(
        "line",
        x1=LEFT,
        y1=at,
        x2=LEFT + plot.inner,
        y2=at,
        stroke="#2e7d32",
        stroke_width=2,
        stroke_dasharray="7 4",
    )
    yield text(LEFT + plot.inner + 4, at + 4, str(line.points), fill="#1b5e20", font_weight="bold")


def _curve(
    steps: list[tuple[int | None, tuple[int, int] | None]],
    x: Callable[[float], float],
    y: Callable[[float], float],
) -> Iterator[str]:
    path, pen = [], "M"
    for k, (value, bounds) in enumerate(steps):
        if value is None:
            pen = "M"
            if bounds is not None:
                yield element(
                    "line",
                    x1=x(k),
                    y1=y(bounds[0]),
                    x2=x(k),
                    y2=y(bounds[1]),
                    stroke="#ef6c00",
                    stroke_width=4,
                    opacity=0.6,
                )
            continue
        path.append(f"{pen}{x(k):.1f},{y(value):.1f}")
        pen = "L"
    yield element(
        "path",
        d=" ".join(path),
        fill="none",
        stroke="#154d29",
        stroke_width=2.5,
        stroke_linejoin="round",
    )


def _marks(
    review: Review,
    steps: list[tuple[int | None, tuple[int, int] | None]],
    x: Callable[[float], float],
    y: Callable[[float], float],
) -> Iterator[str]:
    for k, play in enumerate(review.plays, 1):
        value = steps[k][0]
        symbol = SYMBOLS.get(play.label or "")
        if value is None or (symbol is None and not play.decisive):
            continue
        colour = COLOURS.get(play.label or "", "#154d29")
        ring = "#1b1b1b" if play.decisive else "#ffffff"
        yield (
            element(
                "circle",
                cx=round(x(k), 1),
                cy=round(y(value), 1),
                r=5,
                fill=colour,
                stroke=ring,
                stroke_width=3 if play.decisive else 1,
            )
        )
        if symbol is not None:
            before = steps[k - 1][0]
            offset = 19 if before is not None and before > value else -9
            yield text(
                x(k),
                y(value) + offset,
                symbol,
                fill=colour,
                text_anchor="middle",
                font_weight="bold",
                font_size=11,
            )


def _sentences(review: Review, line: Needed | None, lang: str) -> Iterator[str]:
    if line is not None:
        key = "need_capot" if line.capot else "need_litige" if line.litige else "need"
        yield _label(key, lang).format(n=line.points, m=line.points - 1)
    yield _label("legend", lang)
    separator = str(catalog.text("words.decimal_separator", lang))
    for tally in review.seats:
        yield _label("seat", lang).format(
            seat=tally.side,
            plays=tally.plays,
            loss=tally.loss,
            precision=f"{tally.precision:.1f}".replace(".", separator),
            **{label: tally.labels[label] for label in (INACCURACY, MISTAKE, BLUNDER)},
        )
    if not review.exact:
        yield _label("inexact", lang)
