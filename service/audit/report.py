"""report.html: one self-contained page (its plots inlined as SVG, no script, nothing fetched)
with the archive's figures, the distributions, and the outliers flagged (service/audit/outliers.py
says how).

Plots are matplotlib's (its object API, no global state, the SVG backend), with a fixed hash
salt and no date, so that the same archive draws the same page.
"""

from __future__ import annotations

import html
import io
from collections.abc import Sequence
from typing import Any, Final

from matplotlib import rc_context
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from service.audit.counts import MAX_BAD_LINES
from service.audit.outliers import (
    BETTER_TOGETHER,
    FAR_ABOVE_PEERS,
    GUESSES_TOO_WELL,
    MIN_DEALS,
    RENONCES,
    THRESHOLD,
    Population,
)
from service.rules.advice.policy import DOUBT_SHARE, GUESS_Z_THRESHOLD, MIN_GUESSES

STYLE: Final = """
body { font: 16px/1.5 system-ui, sans-serif; max-width: 76rem; margin: 2rem auto; padding: 0 1rem;
  color: #1b1b1b; }
.wide { overflow-x: auto; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border-bottom: 1px solid #ccc; padding: .25rem .5rem; text-align: right; }
th { font-size: .85rem; vertical-align: bottom; }
th:first-child, td:first-child { text-align: left; }
td:first-child { white-space: nowrap; }
figure { margin: 1rem 0; }
svg { max-width: 100%; height: auto; }
.note { background: #fff6d6; border-left: 4px solid #d9a400; padding: .5rem 1rem; }
"""
FLAGGED: Final = "#c0392b"
OTHERS: Final = "#5b7db1"
UNTESTED: Final = "#b8b8b8"
MAX_ROWS: Final = 200
"""Rows of the players' and partnerships' tables: beyond, the flagged first, and a note that
players.ndjson and pairs.ndjson hold every one."""


def _svg(figure: Figure) -> str:
    buffer = io.StringIO()
    with rc_context({"svg.hashsalt": "belote-audit", "svg.fonttype": "none"}):
        figure.savefig(buffer, format="svg", metadata={"Date": None}, bbox_inches="tight")
    text = buffer.getvalue()
    return text[text.index("<svg") :]  # inlined: no XML declaration, no doctype


def _figure(title: str) -> tuple[Figure, Axes]:
    figure = Figure(figsize=(7, 3.6))
    axes = figure.subplots()
    axes.set_title(title, fontsize=11)
    return figure, axes


def _histogram(
    values: Sequence[float],
    flagged: Sequence[float],
    reference: float | None,
    title: str,
    label: str,
) -> str:
    figure, axes = _figure(title)
    bins = min(max(len(values) // 4, 5), 40)
    axes.hist(
        [values, flagged],
        bins=bins,
        stacked=True,
        color=[OTHERS, FLAGGED],
        label=["players", "flagged"],
    )
    if reference is not None:
        axes.axvline(reference, color="black", linestyle="--", linewidth=1, label="population")
    axes.set_xlabel(label)
    axes.set_ylabel("players")
    axes.legend(frameon=False)
    return _svg(figure)


def _together_plot(pairs: Sequence[dict[str, Any]]) -> str:
    placed = [p for p in pairs if None not in (p["apart_loss_per_deal"], p["loss_per_deal"])]
    if not placed:
        return "<p>No partnership has reviewed deals both together and apart yet.</p>"
    figure, axes = _figure("Partnerships: loss per deal together against apart")
    for group, color, label in (
        ([p for p in placed if p["z_together"] is None], UNTESTED, f"under {MIN_DEALS} deals"),
        (
            [p for p in placed if p["z_together"] is not None and not p["flags"]],
            OTHERS,
            "partnerships",
        ),
        ([p for p in placed if BETTER_TOGETHER in p["flags"]], FLAGGED, "better together"),
    ):
        if group:
            axes.scatter(
                [p["apart_loss_per_deal"] for p in group],
                [p["loss_per_deal"] for p in group],
                s=14,
                color=color,
                label=label,
            )
    values = [v for p in placed for v in (p["apart_loss_per_deal"], p["loss_per_deal"])]
    low, high = min(values), max(values)
    axes.plot(
        [low, high], [low, high], color="black", linewidth=1, linestyle="--", label="as apart"
    )
    axes.set_xlabel("the members' loss per deal with other partners (summed)")
    axes.set_ylabel("their loss per deal together")
    axes.legend(frameon=False)
    return _svg(figure)


def _table(rows: Sequence[dict[str, Any]], columns: Sequence[tuple[str, str]]) -> str:
    if not rows:
        return "<p>None.</p>"
    head = "".join(f"<th scope=col>{html.escape(title)}</th>" for _, title in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{_cell_html(row, key)}</td>" for key, _ in columns) + "</tr>"
        for row in rows
    )
    table = f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    return f"<div class=wide>{table}</div>"


def _cell_html(row: dict[str, Any], key: str) -> str:
    """A cell: its value, escaped; the deals that weigh most, each a link that opens it in the
    viewer (`guess_links`) when its record was kept."""
    if key != "guess_deals":
        return html.escape(_cell(row[key]))
    links = row.get("guess_links") or [None] * len(row[key])
    return " ".join(
        html.escape(str(where))
        if link is None
        else f'<a href="{html.escape(link)}">{html.escape(str(where))}</a>'
        for where, link in zip(row[key], links, strict=True)
    )


def _cell(value: Any) -> str:
    if isinstance(value, list):
        return " & ".join(str(v) for v in value)
    return "" if value is None else str(value)


def report(
    summary: dict[str, Any],
    players: Sequence[dict[str, Any]],
    pairs: Sequence[dict[str, Any]],
    population: Population,
) -> str:
    """The page."""
    seat = bool(summary.get("seat_view"))
    sections = [
        _overview(summary),
        _players(players, summary["review"], seat),
        _pairs(pairs, summary["review"], seat),
        _renonces(players, population),
    ]
    if summary["review"]:
        sections += [_losses(players, population), _together(pairs)]
    if seat:
        sections.append(_guesses(players, pairs))
    sections.append(_method())
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        "<meta name=viewport content='width=device-width, initial-scale=1'>"
        f"<title>Belote archive audit</title><style>{STYLE}</style></head><body>"
        "<h1>Belote archive audit</h1>" + "".join(sections) + "</body></html>\n"
    )


def _overview(summary: dict[str, Any]) -> str:
    rows = [
        ("Lines read", summary["lines"]),
        ("Deals judged", summary["deals"]),
        ("Lines that could not be judged (errors/)", summary["errors"]),
        ("Renonces proven", summary["renonces"]),
        ("Players", summary["players"]),
        ("Partnerships", summary["pairs"]),
    ]
    if summary["review"]:
        rows += [
            ("Deals reviewed", summary["reviewed"]),
            ("Reviews whose budget ran out (bounds, not values)", summary["inexact_reviews"]),
            ("Reviews refused (review_problem)", summary["review_problems"]),
        ]
        rows += [
            (f"&nbsp;&nbsp;refused: {html.escape(reason)}", count)
            for reason, count in summary["review_refusals"].items()
        ]
    table = "".join(f"<tr><th scope=row>{name}</th><td>{value}</td></tr>" for name, value in rows)
    unreadable = "".join(
        f"<li>{html.escape(item['file'])}: {html.escape(item['reason'])}"
        + (f" (after line {item['lines']})" if item["lines"] else "")
        + "</li>"
        for item in summary["unreadable"]
    )
    files = f"<h3>Files not read to their end</h3><ul>{unreadable}</ul>" if unreadable else ""
    return (
        f"<section><h2>The archive</h2><table>{table}</table>{files}{_bad_lines(summary)}</section>"
    )


def _bad_lines(summary: dict[str, Any]) -> str:
    bad = summary["bad_lines"]
    if not bad:
        return ""
    items = "".join(f"<li>{html.escape(item['problem'])}</li>" for item in bad)
    more = (
        f"<p>The first {MAX_BAD_LINES} of {summary['errors']}, by file and line; errors/ holds "
        "every one.</p>"
        if summary["errors"] > len(bad)
        else ""
    )
    return f"<h3>Lines that could not be judged</h3><ul>{items}</ul>{more}"


Columns = list[tuple[str, str]]
PLAYER_COLUMNS: Final[Columns] = [
    ("player", "Player"),
    ("deals", "Deals"),
    ("as_takers", "As takers"),
    ("contracts_made", "Contracts made"),
    ("renonces", "Renonces"),
    ("renonces_per_100", "Per 100 deals"),
]
PLAYER_REVIEW_COLUMNS: Final[Columns] = [
    ("reviewed", "Reviewed"),
    ("loss_per_deal", "Loss per deal"),
    ("precision", "Precision %"),
]
PAIR_COLUMNS: Final[Columns] = [
    ("players", "Partners"),
    ("deals", "Deals together"),
    ("as_takers", "As takers"),
    ("contracts_made", "Contracts made"),
    ("renonces", "Renonces"),
]
PAIR_REVIEW_COLUMNS: Final[Columns] = [
    ("reviewed", "Reviewed"),
    ("loss_per_deal", "Loss per deal together"),
    ("apart_loss_per_deal", "Loss per deal apart"),
    ("precision", "Precision %"),
]


def _shown(
    rows: Sequence[dict[str, Any]], what: str, file: str
) -> tuple[list[dict[str, Any]], str]:
    """The rows a table shows: all of them up to `MAX_ROWS`, else the flagged first; and a note
    when some are left out."""
    if len(rows) <= MAX_ROWS:
        return list(rows), ""
    ordered = [row for row in rows if row["flags"]] + [row for row in rows if not row["flags"]]
    note = (
        f"<p>{MAX_ROWS} of the {len(rows)} {what}, the flagged first; {file} holds every one.</p>"
    )
    return ordered[:MAX_ROWS], note


def _counts_table(
    title: str, rows: Sequence[dict[str, Any]], what: str, file: str, columns: Columns
) -> str:
    """A section with a row per player (or partnership): its counts, and its flags."""
    shown, note = _shown(rows, what, file)
    table = _table(shown, [*columns, ("flags", "Flags")])
    return f"<section><h2>{title}</h2>{note}{table}</section>"


GUESS_COLUMNS: Final[Columns] = [
    ("guess_decisions", "Guesses"),
    ("guess_hits", "Hits"),
    ("guess_expected", "Hits expected"),
    ("z_guess", "z guesses"),
]


def _players(players: Sequence[dict[str, Any]], review: bool, seat: bool = False) -> str:
    columns = PLAYER_COLUMNS + (PLAYER_REVIEW_COLUMNS if review else [])
    columns += GUESS_COLUMNS if seat else []
    return _counts_table("Players", players, "players", "players.ndjson", columns)


def _pairs(pairs: Sequence[dict[str, Any]], review: bool, seat: bool = False) -> str:
    columns = PAIR_COLUMNS + (PAIR_REVIEW_COLUMNS if review else [])
    columns += GUESS_COLUMNS if seat else []
    return _counts_table("Partnerships", pairs, "partnerships", "pairs.ndjson", columns)


def _guesses(players: Sequence[dict[str, Any]], pairs: Sequence[dict[str, Any]]) -> str:
    """The players and partnerships who guess too well, with the deals that weigh most."""

    def flagged(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        return sorted(
            (row for row in rows if GUESSES_TOO_WELL in row["flags"]), key=lambda r: -r["z_guess"]
        )

    deals = [("guess_deals", "Deals that weigh most")]
    return (
        "<section><h2>Guesses too good for the seat</h2><p>On the decisions where a player's "
        f"own view left real doubt (no card best in more than {DOUBT_SHARE:.0%} of the deals "
        "its seat could not tell apart), how often it played the card only the hidden hands "
        "show to be best, against how often that view expected it. An honest player, weak or "
        "strong, hits as often as its view expects; one who sees the hidden cards (a "
        f"partner's signals, a leaked hand) hits far more. Flagged at z &ge; "
        f"{GUESS_Z_THRESHOLD:g} over at least {MIN_GUESSES} guesses.</p>"
        "<h3>Players</h3>"
        + _table(flagged(players), [("player", "Player"), *GUESS_COLUMNS, *deals])
        + "<h3>Partnerships</h3>"
        + _table(flagged(pairs), [("players", "Partners"), *GUESS_COLUMNS, *deals])
        + "</section>"
    )


def _renonces(players: Sequence[dict[str, Any]], population: Population) -> str:
    counted = [p for p in players if p["deals"]]
    flagged = [p for p in counted if RENONCES in p["flags"]]
    rate = None if population.renonce_rate is None else 100 * population.renonce_rate
    plot = (
        _histogram(
            [p["renonces_per_100"] for p in counted if RENONCES not in p["flags"]],
            [p["renonces_per_100"] for p in flagged],
            rate,
            "Renonces per 100 deals, per player",
            "renonces per 100 deals",
        )
        if counted
        else ""
    )
    table = _table(
        sorted(flagged, key=lambda p: -p["z_renonces"]),
        [
            ("player", "Player"),
            ("deals", "Deals"),
            ("renonces", "Renonces"),
            ("renonces_per_100", "Per 100 deals"),
            ("z_renonces", "z"),
        ],
    )
    return (
        "<section><h2>Renonces</h2><p>Each renonce the referee proved, on the player who "
        "played the card. A renonce the live engine let through is one here.</p>"
        f"<figure>{plot}</figure><h3>Players who renonce far more than the others</h3>"
        f"{table}</section>"
    )


def _losses(players: Sequence[dict[str, Any]], population: Population) -> str:
    reviewed = [p for p in players if p["reviewed"]]
    flagged = [p for p in reviewed if FAR_ABOVE_PEERS in p["flags"]]
    plot = (
        _histogram(
            [p["loss_per_deal"] for p in reviewed if FAR_ABOVE_PEERS not in p["flags"]],
            [p["loss_per_deal"] for p in flagged],
            population.loss_mean,
            "Card points lost to perfect play per deal, per player",
            "loss per deal (card points)",
        )
        if reviewed
        else ""
    )
    table = _table(
        sorted(flagged, key=lambda p: p["z_loss"]),
        [
            ("player", "Player"),
            ("reviewed", "Deals reviewed"),
            ("loss_per_deal", "Loss per deal"),
            ("precision", "Precision %"),
            ("z_loss", "z"),
        ],
    )
    return (
        "<section><h2>Play against perfect play</h2>"
        f"<figure>{plot}</figure><h3>Players far above their peers</h3>{table}</section>"
    )


def _together(pairs: Sequence[dict[str, Any]]) -> str:
    flagged = sorted(
        (p for p in pairs if BETTER_TOGETHER in p["flags"]), key=lambda p: -p["z_together"]
    )
    table = _table(
        flagged,
        [
            ("players", "Partners"),
            ("reviewed", "Deals together"),
            ("loss_per_deal", "Loss per deal together"),
            ("apart_loss_per_deal", "Loss per deal apart"),
            ("z_together", "z"),
        ],
    )
    return (
        "<section><h2>Partnerships that play better together</h2>"
        "<p>The signal that matters most: two players who lose far less together than each "
        "of them does with other partners.</p>"
        f"<figure>{_together_plot(pairs)}</figure>{table}</section>"
    )


def _method() -> str:
    return (
        "<section><h2>How outliers are flagged</h2><p>A figure is flagged when it lies at "
        f"least {THRESHOLD:g} standard errors from what the whole population would give over "
        "the same number of deals (a z-score): renonces per deal against the population's "
        "rate; loss to perfect play per deal against the population's mean and spread; a "
        "partnership's loss together against the sum of its members' losses with other "
        f"partners. Only figures over at least {MIN_DEALS} deals are tested (each side, for "
        "a partnership).</p><p class=note><strong>A flag is a reason to look, never a "
        "proof.</strong> With few deals the approximation is loose and a lucky or unlucky "
        "run looks like skill; among many honest players about 1 in 740 lies this far on "
        "one side by chance alone, so over thousands of players some flags are expected from "
        "luck. Look at the deals themselves (deals/) before concluding anything.</p></section>"
    )
