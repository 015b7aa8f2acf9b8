"""A replayed deal as an SVG picture: the hands, the tricks as a grid (leader, each seat's
card, winner, points), every renonce marked with its proof, and the score.

Every text goes through `_text` or `_attr` (service/render/svg_text.py, XML-escaped), so
nothing in a result can become markup. The picture carries no script and no external
reference: it renders the same in a browser, a chat client or a PDF of a dispute report.
Suits are told by symbol and colour. With the deal's review, its value graph stands under
the tricks (service/render/review.py).
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
from service.rules.core.table import PLAYERS, Seat, seat_after, team_of
from service.rules.variants.classic.scoring import DealScore
from service.text.catalog import card_names, suit_name

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

LABELS: Mapping[str, Mapping[str, str]] = {
    "en": {
        "title": "Belote deal",
        "trump": "trump",
        "dealer": "dealer",
        "taker": "taker",
        "seat": "Seat {seat}",
        "team": "team {team}",
        "hands": "Hands after the deal",
        "tricks": "Tricks",
        "number": "#",
        "leader": "Leader",
        "winner": "Winner",
        "points": "Points",
        "running": "Card points: team 0 {0}, team 1 {1}",
        "no_renonce": "No renonce proven.",
        "renonce": "R{n}: trick {trick}, seat {seat} played {card}. {sentence}",
        "by_hand": "Proven by the hand.",
        "by_play": "Proven by the later play of {card} (P{n}, trick {trick}).",
        "score": "Score: {contract}. Team 0 {0}, team 1 {1}.",
        "reserve": "Held in reserve: {reserve}.",
        "capot": "Capot by team {team}.",
        "offender": "The renonce of team {team} decided the deal.",
        "breakdown": "Team {team}: cards {cards} (won in tricks {card_points}), belote {belote}, "
        "annonces {annonces}, capot {capot_bonus}, rounding {rounding}: {total}",
        "made": "made",
        "dedans": "dedans",
        "litige": "litige",
        "annulled": "annulled",
        "incomplete": "Deal not complete: {plays} of 32 cards played.",
    },
    "fr": {
        "title": "Donne de belote",
        "trump": "atout",
        "dealer": "donneur",
        "taker": "preneur",
        "seat": "Place {seat}",
        "team": "équipe {team}",
        "hands": "Mains après la donne",
        "tricks": "Plis",
        "number": "n°",
        "leader": "Entame",
        "winner": "Gagnant",
        "points": "Points",
        "running": "Points des cartes : équipe 0 {0}, équipe 1 {1}",
        "no_renonce": "Aucune renonce prouvée.",
        "renonce": "R{n} : pli {trick}, la place {seat} a joué {card}. {sentence}",
        "by_hand": "Prouvée par la main.",
        "by_play": "Prouvée par {card}, joué ensuite (P{n}, pli {trick}).",
        "score": "Marque : {contract}. Équipe 0 {0}, équipe 1 {1}.",
        "reserve": "En réserve : {reserve}.",
        "capot": "Capot de l'équipe {team}.",
        "offender": "La renonce de l'équipe {team} a décidé la donne.",
        "breakdown": "Équipe {team} : cartes {cards} (gagnées aux plis {card_points}), belote "
        "{belote}, annonces {annonces}, capot {capot_bonus}, arrondi {rounding} : {total}",
        "made": "faite",
        "dedans": "dedans",
        "litige": "litige",
        "annulled": "annulée",
        "incomplete": "Donne inachevée : {plays} cartes jouées sur 32.",
    },
}


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
    labels = LABELS[lang]
    if not renonces:
        yield labels["no_renonce"]
    for n, renonce in enumerate(renonces, 1):
        proof = renonce.proof
        if proof.play is None:
            why = labels["by_hand"]
        else:
            said = card_names((proof.card,), lang) if proof.card is not None else ""
            why = labels["by_play"].format(card=said, n=n, trick=proof.play // PLAYERS + 1)
        sentence = f"{renonce.violation.message(lang)} {why}"
        yield labels["renonce"].format(
            n=n,
            trick=renonce.trick + 1,
            seat=renonce.seat,
            card=card_names((renonce.card,), lang),
            sentence=sentence,
        )


def _score_lines(score: DealScore, lang: str) -> Iterator[str]:
    labels = LABELS[lang]
    yield labels["score"].format(*score.score, contract=labels[score.contract])
    for team in score.breakdown:
        yield labels["breakdown"].format(
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
        yield labels["capot"].format(team=score.capot)
    if score.reserve:
        yield labels["reserve"].format(reserve=score.reserve)
    if score.renonce is not None:
        yield labels["offender"].format(team=score.renonce)


def _seat_label(record: DealRecord, seat: Seat, lang: str) -> str:
    labels = LABELS[lang]
    roles = [labels["team"].format(team=team_of(seat))]
    roles += [
        labels[role]
        for role, who in (("dealer", record.dealer), ("taker", record.taker))
        if who == seat
    ]
    return f"{labels['seat'].format(seat=seat)} · {', '.join(roles)}"


def deal_svg(
    record: DealRecord, result: Replay, lang: str = "en", reviewed: Reviewed | None = None
) -> str:
    """The picture of `record` as `replay` judged it, with sentences in `lang`; with the
    deal's review, its value graph under the tricks."""
    labels = LABELS.get(lang, LABELS["en"])
    lang = "fr" if labels is LABELS["fr"] else "en"
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
    labels, trump = LABELS[lang], record.strain
    return (
        f"{labels['title']} · {labels['trump']} {SUIT_SYMBOLS[trump]} {suit_name(trump, lang)}"
        f" · {labels['dealer']} {record.dealer} · {labels['taker']} {record.taker}"
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
    y = _section(body, LABELS[lang]["hands"], y) + 10
    for seat, hand in enumerate(hands):
        body.append(_text(MARGIN, y + 30, _seat_label(record, seat, lang)))
        for i, card in enumerate(hand):
            body.append(_card(SEAT0_X + 60 + i * (CARD_W + 8), y, card, record.strain))
        y += CARD_H + 8
    return y


def _tricks(body: list[str], result: Replay, trump: int, y: int, lang: str) -> int:
    """The trick grid: its header, then one row a trick; the `y` under it."""
    labels = LABELS[lang]
    y = _section(body, labels["tricks"], y) + LINE
    headers = [(NUMBER_X, labels["number"]), (LEADER_X, labels["leader"])]
    headers += [(SEAT0_X + s * SEAT_STEP, labels["seat"].format(seat=s)) for s in range(PLAYERS)]
    headers += [(WINNER_X, labels["winner"]), (POINTS_X, labels["points"])]
    body += [_text(x, y, label, font_weight="bold") for x, label in headers]
    y += 8
    marks = _marks(result.renonces)
    for number, trick in enumerate(result.tricks):
        body += _trick_row(number, trick, marks, trump, y, labels)
        y += ROW
    return y


def _trick_row(
    number: int,
    trick: TrickRecord,
    marks: Mapping[int, str],
    trump: int,
    y: int,
    labels: Mapping[str, str],
) -> Iterator[str]:
    """Trick `number`'s row: its number, leader, each seat's card (the winner's on a band, a
    renonce or its proof marked), winner and points."""
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
        yield _text(WINNER_X, middle, labels["seat"].format(seat=trick.winner))
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
    labels = LABELS[lang]
    yield labels["running"].format(*result.points)
    if not result.complete:
        yield labels["incomplete"].format(plays=len(record.plays))
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
