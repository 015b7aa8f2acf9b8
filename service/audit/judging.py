"""One archive line judged: the record read, its deal answered by the API's own endpoints in
this process (service/api/direct.py), and what the summaries count taken from the answers.

A record is the body `/v1/deals/replay` takes (or `/v1/coinche/deals/replay`'s, with
`"variant": "coinche"`), plus an optional `id` and `players` (four player ids, by seat), and
the review's `calls` (the auction) and classic's `turned`, which the view from the seats reads. It
knows no rule of the game beyond what the answers say: the renonces and their seats, the
contract made or not, and, reviewed, each seat's loss and stake (the review's precision is
`100 x (1 - loss / stake)`, so that losses and stakes summed over deals give a player's).
With the seat view (`--seat-view`), the review is asked `"view": "seat"` and each seat's
guesses are counted too: how many, how many hit, and the hits and spread its view expected
(kept in millionths, integers, so that sums are the same in any order).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, Final, NamedTuple

import marshmallow as ma
import orjson
from marshmallow import validate

from service.api.direct import Answer, Direct
from service.api.problems import MALFORMED_JSON
from service.audit.records import Line, Unreadable
from service.rules.analysis.policy import REVIEW_MAX_BUDGET_MS
from service.rules.core.scoring import MADE
from service.rules.core.seats import PLAYERS, Seat, team_of

CLASSIC, COINCHE = "classic", "coinche"
# Each variant's endpoints: the replay, and the review.
ENDPOINTS: Final = {
    CLASSIC: ("/v1/deals/replay", "/v1/analysis/review"),
    COINCHE: ("/v1/coinche/deals/replay", "/v1/coinche/analysis/review"),
}
SEAT_FIELDS: Final = frozenset({"calls", "turned"})
"""A record's fields that the review reads and the replay does not: the auction (`calls`) and
classic's turned card, which the view from the seats reads."""
MAX_ID_LENGTH = 200
SEAT_VIEW_BUDGET_MS: Final = REVIEW_MAX_BUDGET_MS
"""The seat view's budget for a whole deal (the review's default is 5 s): wide, so that a
loaded worker does not cut a deal's seat view short (it takes about a second a deal)."""


class Id(ma.fields.Raw):
    """A record's or a player's id: a string, or an integer for a record (not a boolean)."""

    def __init__(self, *, integers: bool, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.integers = integers

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str) and 0 < len(value) <= MAX_ID_LENGTH:
            return value
        if self.integers and isinstance(value, int) and not isinstance(value, bool):
            return value
        kinds = "a string or an integer" if self.integers else "a string"
        raise ma.ValidationError(f"Not {kinds} of 1 to {MAX_ID_LENGTH} characters.")


def _distinct(players: list[str]) -> None:
    if len(set(players)) != len(players):
        raise ma.ValidationError("A player cannot sit at two seats.")


class EnvelopeSchema(ma.Schema):
    """What a record adds to the endpoint's body."""

    class Meta:
        unknown = ma.EXCLUDE  # the body's own fields, which the endpoint reads

    id = Id(integers=True, allow_none=True, load_default=None)
    players = ma.fields.List(
        Id(integers=False),
        allow_none=True,
        load_default=None,
        validate=[validate.Length(equal=PLAYERS), _distinct],
    )
    variant = ma.fields.String(load_default=CLASSIC, validate=validate.OneOf(tuple(ENDPOINTS)))


ENVELOPE: Final = EnvelopeSchema()
ENVELOPE_FIELDS: Final = frozenset(ENVELOPE.fields)


class SeatReview(NamedTuple):
    """A seat's tally in a review: the card points its plays lost, and those they put at
    stake; with the seat view, its guesses, their hits, and the hits expected and their
    variance (millionths)."""

    loss: int
    stake: int
    guesses: int = 0
    hits: int = 0
    expected: int = 0
    variance: int = 0


MILLIONTHS: Final = 1_000_000


def millionths(value: float) -> int:
    return round(value * MILLIONTHS)


class Review(NamedTuple):
    seats: tuple[SeatReview, ...]  # by seat
    exact: bool  # false: the review's budget ran out before every play was settled


class Deal(NamedTuple):
    """What the summaries count of a judged deal."""

    players: tuple[str, ...] | None
    takers: int  # the taking team
    made: bool | None  # None: the deal is not complete
    renonces: tuple[int, ...]  # the seat of each renonce
    review: Review | None  # None: not reviewed (not asked, or the review refused the deal)
    where: str = ""  # the record's id, else its file and line: to name the deals that weigh
    record: str = ""  # the line's text: a deal that weighs is linked to the viewer with it


class BadLine(NamedTuple):
    """A line that could not be judged, where it is and why, in a sentence (its errors/
    line's `message`)."""

    file: str
    line: int
    problem: str


class Judged(NamedTuple):
    """A line's outcome: its NDJSON line for deals/ (with `deal`) or errors/ (with `bad`), or
    a file that failed (`unreadable`)."""

    text: bytes
    deal: Deal | None = None
    review_refused: str | None = None  # with --review: why the review refused (`refusal`)
    unreadable: Unreadable | None = None
    bad: BadLine | None = None


def judge_lines(
    items: Iterable[Line | Unreadable], app: Any, review: bool, seat_view: bool = False
) -> Iterator[Judged]:
    """Each line judged by `app`'s endpoints (in one request context for them all)."""
    with Direct(app) as direct:
        for item in items:
            if isinstance(item, Unreadable):
                yield Judged(b"", unreadable=item)
            else:
                yield judge_line(direct, item, review, seat_view)


def judge_line(direct: Direct, line: Line, review: bool, seat_view: bool = False) -> Judged:
    """One line: its error, or its deal judged by the replay (and the review, from the seats
    with `seat_view`)."""
    if refused := direct.too_large(line.data):
        return _error(line, None, refused)
    try:
        record = orjson.loads(line.data)
    except orjson.JSONDecodeError as error:
        return _error(line, None, direct.unparsed(error, line.data), unparsed=True)
    if not isinstance(record, dict):  # the endpoint says what it says of any other JSON
        return _error(line, None, direct.answer(ENDPOINTS[CLASSIC][0], record))
    try:
        envelope = ENVELOPE.load(record)
    except ma.ValidationError as error:
        return _error(line, _valid_id(record.get("id")), direct.invalid(error.messages))
    body = {key: value for key, value in record.items() if key not in ENVELOPE_FIELDS}
    replay_path, review_path = ENDPOINTS[envelope["variant"]]
    replayed = direct.answer(replay_path, {k: v for k, v in body.items() if k not in SEAT_FIELDS})
    if replayed.status != 200:
        return _error(line, envelope["id"], replayed)
    asked = {**body, "view": "seat", "budget_ms": SEAT_VIEW_BUDGET_MS} if seat_view else body
    reviewed = direct.answer(review_path, asked) if review or seat_view else None
    deal = Deal(
        players=None if envelope["players"] is None else tuple(envelope["players"]),
        takers=team_of(_taker(body, envelope["variant"])),
        made=None if replayed.body["score"] is None else replayed.body["score"]["contract"] == MADE,
        renonces=tuple(renonce["seat"] for renonce in replayed.body["renonces"]),
        review=_review(reviewed),
        where=str(envelope["id"]) if envelope["id"] is not None else f"{line.file}:{line.number}",
        record=line.data.decode(),
    )
    text = orjson.dumps(
        {
            "file": line.file,
            "line": line.number,
            "id": envelope["id"],
            "variant": envelope["variant"],
            "players": envelope["players"],
            "replay": replayed.body,
            "review": reviewed.body if reviewed and reviewed.status == 200 else None,
            "review_problem": reviewed.body if reviewed and reviewed.status != 200 else None,
        }
    )
    refused = refusal(reviewed.body) if reviewed and reviewed.status != 200 else None
    return Judged(text, deal, review_refused=refused)


def _taker(body: dict[str, Any], variant: str) -> Seat:
    """The taker's seat, as the endpoint's body names it (the endpoint has accepted it)."""
    return int(body["contract"]["taker"] if variant == COINCHE else body["taker"])


def _review(reviewed: Answer | None) -> Review | None:
    """Each seat's loss and stake from a review's answer; None without one."""
    if reviewed is None or reviewed.status != 200:
        return None
    seats = tuple(
        SeatReview(
            seat["loss"],
            seat["stake"],
            seat.get("guess_decisions") or 0,  # null in a double-dummy review
            seat.get("guess_hits") or 0,
            millionths(seat.get("guess_expected") or 0),
            millionths(seat.get("guess_variance") or 0),
        )
        for seat in reviewed.body["seats"]
    )
    return Review(seats, reviewed.body["exact"])


def _valid_id(value: Any) -> Any:
    try:
        return ENVELOPE.fields["id"].deserialize(value)
    except ma.ValidationError:
        return None


# marshmallow's own words for a field missing (the audit's answers are in English).
MISSING: Final = ma.fields.Field.default_error_messages["required"]


def _places(problem: dict[str, Any]) -> str:
    """What the problem says of each place it names ("/trump: 'X' is not a suit..."), or its
    detail when it names none."""
    errors = problem.get("errors") or ()
    said = [f"{error['pointer'] or 'the record'}: {error['message']}" for error in errors]
    return "; ".join(said) or str(problem["detail"])


def refusal(problem: dict[str, Any]) -> str:
    """Why a review refused a deal, in a few words to count by: "no hands" for a field that is
    missing, else the places its problem names."""
    errors = problem.get("errors") or ()
    if errors and all(error["message"] == MISSING for error in errors):
        return "no " + ", ".join(error["pointer"].lstrip("/") for error in errors)
    return _places(problem)


def problem_sentence(line: Line, problem: dict[str, Any], unparsed: bool = False) -> str:
    """A sentence for a line that cannot be judged: where it is, and its problem in the API's
    words ("line 12 of a.ndjson is not JSON (unexpected end of data at column 81)");
    `unparsed`: the line could not be parsed (`Direct.unparsed`'s problem)."""
    where = f"line {line.number} of {line.file}"
    if not unparsed:
        return f"{where}: {_places(problem)}"
    if not line.data:
        return f"{where} is not JSON (an empty line)"
    (error,) = problem["errors"]
    said = str(error["message"]).removesuffix(".")
    said = f"{said[:1].lower()}{said[1:]} at column {error['column']}"
    if problem["type"].endswith(MALFORMED_JSON.name):
        return f"{where} is not JSON ({said})"
    return f"{where} is JSON beyond what the referee reads ({said})"  # a parser's limit


def _error(line: Line, record_id: Any, answer: Answer, unparsed: bool = False) -> Judged:
    bad = BadLine(line.file, line.number, problem_sentence(line, answer.body, unparsed))
    text = orjson.dumps(
        {
            "file": line.file,
            "line": line.number,
            "id": record_id,
            "message": bad.problem,
            "problem": answer.body,
        }
    )
    return Judged(text, bad=bad)
