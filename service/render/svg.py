"""A replayed deal as an SVG picture: the hands, the tricks as a grid (leader, each seat's
card, winner, points), every renonce marked with its proof, and the score.

Every text goes through `_text` or `_attr` (service/render/svg_text.py, XML-escaped), so
nothing in a result can become markup. The picture carries no script and no external
reference: it renders the same in a browser, a chat client or a PDF of a dispute report.
Suits are told by symbol and colour. With the deal's review, its value graph stands under
the tricks (service/render/review.py). Its words are the sentence catalog's (`picture`,
service/text), in the language asked for, English for one the catalog does not hold.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from xml.sax.saxutils import escape

from service.render.review import Reviewed, review_graph
from service.render.svg_text import attr as _attr
from service.render.svg_text import text as _text
from service.render.svg_text import wrap
from service.rules import DealRecord, Replay
from service.rules.core.cards import Card
from service.rules.core.replay import Renonce, TrickRecord
from service.rules.core.seats import PLAYERS, Seat, seat_after, team_of
from service.rules.variants.classic.scoring import DealScore
from service.text.catalog import DEFAULT, card_names, language, suit_name, text

SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
RED_SUITS = frozenset({1, 2})  # hearts, diamonds
RED, BLACK, MARK = "#b71c1c", "#1b1b1b", "#d32f2f"

WIDTH = 800
MARGIN = 20
CARD_W, CARD_H = 38, 50
ROW = 62  # a hand's or a trick's row
LINE = 18  # a line of text
WRAP = 110  # characters per line of a sentence

# Columns of the trick grid: trick number, leader, seats 0..3, winner, points.
NUMBER_X, LEADER_X, SEAT0_X, SEAT_STEP, WINNER_X, POINTS_X = 20, 60, 150, 100, 560, 680

LABELS = "picture"
"""The catalog's table of the picture's words (`picture.title`, `picture.contract.made`...)."""


def _label(name: str, lang: str) -> str:
    return str(text(f"{LABELS}.{name}", lang))


def _card(x: float, y: float, card: Card, trump: int, mark: str | None = None) -> str:
    """A card face: its rank and suit symbol in the suit's colour; `mark` (R1, P1) frames it."""
    colour = RED if card.suit in RED_SUITS else BLACK
    fill = "#fff6d5" if card.suit == trump else "#ffffff"
    stroke, width, dash = ("#777777", 1, "none") if mark is None else (MARK, 3, "none")
    if mark is not None and mark.startswith("P"):
        dash = "5 3"
    rank = card.code[:-1]
    parts = [
        f"<rect x={_attr(x)} y={_attr(y)} width={_attr(CARD_W)} height={_attr(CARD_H)} rx='4' "
        f"fill={_attr(fill)} stroke={_attr(stroke)} stroke-width={_attr(width)} "
        f"stroke-dasharray={_attr(dash)}/>",
        _text(x + CARD_W / 2, y + 20, rank, fill=colour, text_anchor="middle", font_weight="bold"),
        _text(
            x + CARD_W / 2,
            y + 42,
            SUIT_SYMBOLS[card.suit],
            fill=colour,
            text_anchor="middle",
            font_size=20,
        ),
    ]
    if mark is not None:
        parts.append(
            _text(x + CARD_W + 3, y + 10, mark, fill=MARK, font_size=11, font_weight="bold")
        )
    return "".join(parts)


def _marks(renonces: tuple[Renonce, ...]) -> dict[int, str]:
    """Play index -> its mark: R<n> on the n-th renonce, P<n> on the later play proving it."""
    marks: dict[int, str] = {}
    for n, renonce in enumerate(renonces, 1):
        marks[renonce.play] = f"R{n}"
        if renonce.proof.play is not None:
            marks.setdefault(renonce.proof.play, f"P{n}")
    return marks


def _renonce_lines(renonces: tuple[Renonce, ...], lang: str) -> Iterator[str]:
    if not renonces:
        yield _label("no_renonce", lang)
    for n, renonce in enumerate(renonces, 1):
        proof = renonce.proof
        if proof.play is None:
            why = _label("by_hand", lang)
        else:
            said = card_names((proof.card,), lang) if proof.card is not None else ""
            why = _label("by_play", lang).format(card=said, n=n, trick=proof.play // PLAYERS + 1)
        sentence = f"{renonce.violation.message(lang)} {why}"
        yield _label("renonce", lang).format(
            n=n,
            trick=renonce.trick + 1,
            seat=renonce.seat,
            card=card_names((renonce.card,), lang),
            sentence=sentence,
        )


def _score_lines(score: DealScore, lang: str) -> Iterator[str]:
    team0, team1 = score.score
    contract = _label(f"contract.{score.contract}", lang)
    yield _label("score", lang).format(team0=team0, team1=team1, contract=contract)
    for team in score.breakdown:
        yield _label("breakdown", lang).format(
            team=team.team,
            cards=team.cards,
            card_points=team.card_points,
            belote=team.belote,
            annonces=team.annonces,
            capot_bonus=team.capot_bonus,
            rounding=team.rounding,
            total=team.total,
        )
    if score.capot is not None:
        yield _label("capot", lang).format(team=score.capot)
    if score.reserve:
        yield _label("reserve", lang).format(reserve=score.reserve)
    if score.renonce is not None:
        yield _label("offender", lang).format(team=score.renonce)


def _seat_label(record: DealRecord, seat: Seat, lang: str) -> str:
    roles = [_label("team", lang).format(team=team_of(seat))]
    roles += [
        _label(role, lang)
        for role, who in (("dealer", record.dealer), ("taker", record.taker))
        if who == seat
    ]
    return f"{_label('seat', lang).format(seat=seat)} · {', '.join(roles)}"


def deal_svg(
    record: DealRecord, result: Replay, lang: str = DEFAULT, reviewed: Reviewed | None = None
) -> str:
    """The picture of `record` as `replay` judged it, with sentences in `lang`; with the
    deal's review, its value graph under the tricks."""
    lang = language(lang)
    heading = _heading(record, lang)
    y = 34
    body = [_text(MARGIN, y, heading, font_size=18, font_weight="bold")]
    y += 16
    if record.hands is not None:
        y = _hands(body, record.hands, record, y, lang)
    y = _tricks(body, result, record.strain, y, lang)
    if reviewed is not None:
        y = _review(body, reviewed, record, y, lang)
    y = _sentences(body, _summary_lines(record, result, lang), y)
    return _document(heading, body, y + MARGIN)


def _heading(record: DealRecord, lang: str) -> str:
    """The title: the trump, the dealer and the taker."""
    title, trump, dealer, taker = (
        _label(name, lang) for name in ("title", "trump", "dealer", "taker")
    )
    strain = record.strain
    return (
        f"{title} · {trump} {SUIT_SYMBOLS[strain]} {suit_name(strain, lang)}"
        f" · {dealer} {record.dealer} · {taker} {record.taker}"
    )


def _section(body: list[str], title: str, y: int) -> int:
    """A section's title under the part above it; the `y` of its baseline."""
    y += LINE + 8
    body.append(_text(MARGIN, y, title, font_size=15, font_weight="bold"))
    return y


def _hands(
    body: list[str], hands: Sequence[Sequence[Card]], record: DealRecord, y: int, lang: str
) -> int:
    """Each seat's hand after the deal, one row a seat; the `y` under them."""
    y = _section(body, _label("hands", lang), y) + 10
    for seat, hand in enumerate(hands):
        body.append(_text(MARGIN, y + 30, _seat_label(record, seat, lang)))
        for i, card in enumerate(hand):
            body.append(_card(SEAT0_X + 60 + i * (CARD_W + 8), y, card, record.strain))
        y += CARD_H + 8
    return y


def _tricks(body: list[str], result: Replay, trump: int, y: int, lang: str) -> int:
    """The trick grid: its header, then one row a trick; the `y` under it."""
    y = _section(body, _label("tricks", lang), y) + LINE
    seat = _label("seat", lang)
    headers = [(NUMBER_X, _label("number", lang)), (LEADER_X, _label("leader", lang))]
    headers += [(SEAT0_X + s * SEAT_STEP, seat.format(seat=s)) for s in range(PLAYERS)]
    headers += [(WINNER_X, _label("winner", lang)), (POINTS_X, _label("points", lang))]
    body += [_text(x, y, label, font_weight="bold") for x, label in headers]
    y += 8
    marks = _marks(result.renonces)
    for number, trick in enumerate(result.tricks):
        body += _trick_row(number, trick, marks, trump, y, seat)
        y += ROW
    return y


def _trick_row(
    number: int,
    trick: TrickRecord,
    marks: Mapping[int, str],
    trump: int,
    y: int,
    seat_label: str,
) -> Iterator[str]:
    """Trick `number`'s row: its number, leader, each seat's card (the winner's on a band, a
    renonce or its proof marked), winner (`seat_label` names it) and points."""
    middle = y + CARD_H / 2 + 5
    yield _text(NUMBER_X, middle, str(number + 1))
    yield _text(LEADER_X, middle, str(trick.leader))
    for i, card in enumerate(trick.cards):
        seat = seat_after(trick.leader, i)
        x = SEAT0_X + seat * SEAT_STEP
        if seat == trick.winner:  # the winning card stands on a band
            yield (
                f"<rect x={_attr(x - 4)} y={_attr(y - 4)} width={_attr(CARD_W + 8)}"
                f" height={_attr(CARD_H + 8)} rx='6' fill='#2e7d32' opacity='0.25'/>"
            )
        yield _card(x, y, card, trump, marks.get(number * PLAYERS + i))
    if trick.winner is not None:
        yield _text(WINNER_X, middle, seat_label.format(seat=trick.winner))
    if trick.points is not None:
        yield _text(POINTS_X, middle, str(trick.points))


def _review(body: list[str], reviewed: Reviewed, record: DealRecord, y: int, lang: str) -> int:
    """The review's graph and its sentences; the `y` under them."""
    parts, height = review_graph(reviewed, team_of(record.taker), y + 6, WIDTH, lang)
    body += parts
    return y + 6 + round(height)


def _summary_lines(record: DealRecord, result: Replay, lang: str) -> Iterator[str]:
    """The sentences under the grid: the card points, whether the deal is complete, the
    renonces and the score."""
    team0, team1 = result.points
    yield _label("running", lang).format(team0=team0, team1=team1)
    if not result.complete:
        yield _label("incomplete", lang).format(plays=len(record.plays))
    yield from _renonce_lines(result.renonces, lang)
    if result.score is not None:
        yield from _score_lines(result.score, lang)


def _sentences(body: list[str], lines: Iterable[str], y: int) -> int:
    """`lines` wrapped, one text a line; the `y` of the last."""
    y += 6
    for line in lines:
        for part in wrap(line, WRAP):
            y += LINE
            body.append(_text(MARGIN, y, part))
    return y


def _document(heading: str, body: list[str], height: int) -> str:
    """The SVG document: `body` on the page's background, titled `heading`."""
    return (
        "<?xml version='1.0' encoding='UTF-8'?>\n"
        f"<svg xmlns='http://www.w3.org/2000/svg' width={_attr(WIDTH)} height={_attr(height)} "
        f"viewBox={_attr(f'0 0 {WIDTH} {height}')} role='img' font-family='sans-serif' "
        f"font-size='13'><title>{escape(heading)}</title>"
        f"<rect width='100%' height='100%' fill='#f4f1ea'/>{''.join(body)}</svg>\n"
    )
