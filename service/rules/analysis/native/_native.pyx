# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The native search: the reference search (`reference.Search`) with its hot steps in C
(the C files beside it, contract search.h), behind a thin wrapper.

`Search` is the reference's class with `probe`, `value`, `line`, `card_values` (and
`deals_card_values`, every deal of a position in one call) and `quick_bounds` answered by the
C search, which runs without the GIL; `after` and `groups`, the driver's steps on whole
states, are the reference's own. The constructor is the reference's: the objective the C
search is given is read from what it sets. No rule of the game is decided here.

`Core` is the C search itself, taking and answering raw ints: a position is 10 ints (the four
hands' masks, the leader, the number of cards on the table, three trick cards, the sweep
state), every answer starts with the C status (`OK`, `OUT_OF_TIME`, `BAD_ARGUMENT`). Nothing is
checked on the way but that each value fits an int32: the tests hand it hostile arguments to
prove the C search refuses them.
"""

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int32_t, uint32_t, uint64_t

from service.rules.analysis.reference import OutOfTime
from service.rules.analysis.reference import Search as ReferenceSearch
from service.rules.core.cards import ALL_CARDS


cdef extern from "search.h" nogil:
    enum:
        BEL_OK
        BEL_OUT_OF_TIME
        BEL_BAD_ARGUMENT

    ctypedef struct bel_state:
        uint32_t hands[4]
        int32_t leader
        int32_t trick_len
        int32_t trick[3]
        int32_t sweep

    ctypedef struct bel_objective:
        int32_t strain
        int32_t undertrump_required
        int32_t overtrump_partner
        int32_t points[32]
        int32_t last_bonus
        int32_t count_tricks
        int32_t bonus
        int32_t team
        int32_t maximizer

    ctypedef struct bel_search:
        pass

    bel_search *bel_new(const bel_objective *objective, int table_bits)
    void bel_free(bel_search *search)
    void bel_set_deadline(bel_search *search, double deadline)
    uint64_t bel_nodes(const bel_search *search)
    int bel_quick_bounds(bel_search *search, const bel_state *state, int32_t *lo, int32_t *hi)
    int bel_probe(bel_search *search, const bel_state *state, int32_t beta, int32_t *value)
    int bel_value(bel_search *search, const bel_state *state, int32_t guess, int32_t *value,
                  int32_t *lo, int32_t *hi)
    int bel_line(bel_search *search, const bel_state *state, int32_t value, int32_t *cards,
                 int32_t *count)
    int bel_card_values(bel_search *search, const bel_state *state, int32_t *cards,
                        int32_t *values, int32_t *count)


OK = BEL_OK
OUT_OF_TIME = BEL_OUT_OF_TIME
BAD_ARGUMENT = BEL_BAD_ARGUMENT

# The transposition table: 2^bits entries of 16 bytes, allocated once per search, sized by the
# cards still held at its first question (README: the sizes). 2^16 (1 MiB) is the fastest
# measured from the first lead (NOTES.md; on bench/analysis.py's first 20 deals, every card
# valued: median 14.2 ms against 22.0 with 2^20, whose 16 MiB glibc takes 2.2 ms to clear);
# positions with 12 cards or fewer store a few hundred at most.
TABLE_BITS = ((12, 12), (32, 16))  # (cards held up to, bits)
STATE_INTS = 10  # a position as Core takes it
DECK_SIZE = 32
cdef enum:
    LINE_ROOM = 32  # bel_line's room: every card of a deal
    HAND_ROOM = 8  # bel_card_values' room: every card of a hand


cdef int _fill(bel_state *state, object ints) except -1:
    """A position from its 10 ints, as they come."""
    cdef int i
    if len(ints) != STATE_INTS:
        raise ValueError(f"a position is {STATE_INTS} ints, not {len(ints)}")
    for i in range(4):
        state.hands[i] = ints[i]
    state.leader = ints[4]
    state.trick_len = ints[5]
    for i in range(3):
        state.trick[i] = ints[6 + i]
    state.sweep = ints[9]
    return 0


cdef class Core:
    """One C search (`bel_new`) for one objective, freed with this object."""

    cdef bel_search *search

    def __cinit__(
        self,
        int32_t strain,
        int32_t undertrump_required,
        int32_t overtrump_partner,
        object points,
        int32_t last_bonus,
        int32_t count_tricks,
        int32_t bonus,
        int32_t team,
        int32_t maximizer,
        int table_bits,
    ):
        cdef bel_objective objective
        if len(points) != DECK_SIZE:
            raise ValueError(f"points are {DECK_SIZE} ints, one a card, not {len(points)}")
        objective.strain = strain
        objective.undertrump_required = undertrump_required
        objective.overtrump_partner = overtrump_partner
        for card in range(DECK_SIZE):
            objective.points[card] = points[card]
        objective.last_bonus = last_bonus
        objective.count_tricks = count_tricks
        objective.bonus = bonus
        objective.team = team
        objective.maximizer = maximizer
        with nogil:
            self.search = bel_new(&objective, table_bits)
        if self.search is NULL:
            raise ValueError("the C search refused its objective or table size (or memory ran short)")

    def __dealloc__(self):
        if self.search is not NULL:
            bel_free(self.search)

    def set_deadline(self, double deadline) -> None:
        bel_set_deadline(self.search, deadline)

    @property
    def nodes(self) -> int:
        return bel_nodes(self.search)

    def quick_bounds(self, state: object) -> tuple[int, int, int]:
        """(status, lo, hi)"""
        cdef bel_state position
        cdef int32_t lo = 0, hi = 0
        cdef int status
        _fill(&position, state)
        with nogil:
            status = bel_quick_bounds(self.search, &position, &lo, &hi)
        return status, lo, hi

    def probe(self, state: object, int32_t beta) -> tuple[int, int]:
        """(status, value)"""
        cdef bel_state position
        cdef int32_t value = 0
        cdef int status
        _fill(&position, state)
        with nogil:
            status = bel_probe(self.search, &position, beta, &value)
        return status, value

    def value(self, state: object, int32_t guess) -> tuple[int, int, int, int]:
        """(status, value, lo, hi)"""
        cdef bel_state position
        cdef int32_t value = 0, lo = 0, hi = 0
        cdef int status
        _fill(&position, state)
        with nogil:
            status = bel_value(self.search, &position, guess, &value, &lo, &hi)
        return status, value, lo, hi

    def line(self, state: object, int32_t value) -> tuple[int, list[int]]:
        """(status, cards)"""
        cdef bel_state position
        cdef int32_t cards[LINE_ROOM]
        cdef int32_t count = 0
        cdef int status
        _fill(&position, state)
        with nogil:
            status = bel_line(self.search, &position, value, cards, &count)
        if status != BEL_OK:
            return status, []
        if not 0 <= count <= LINE_ROOM:
            raise RuntimeError(f"bel_line answered {count} cards")
        return status, [cards[i] for i in range(count)]

    def card_values(self, state: object) -> tuple[int, list[tuple[int, int]]]:
        """(status, [(card, value), ...])"""
        cdef bel_state position
        cdef int32_t cards[HAND_ROOM]
        cdef int32_t values[HAND_ROOM]
        cdef int32_t count = 0
        cdef int status
        _fill(&position, state)
        with nogil:
            status = bel_card_values(self.search, &position, cards, values, &count)
        if status != BEL_OK:
            return status, []
        if not 0 <= count <= HAND_ROOM:
            raise RuntimeError(f"bel_card_values answered {count} cards")
        return status, [(cards[i], values[i]) for i in range(count)]

    def deals_card_values(self, state: object, deals: object) -> tuple[int, list[list[tuple[int, int]]]]:
        """(status, [[(card, value), ...] a deal, ...]): `card_values` of the position
        `state` (its four hands' masks unread) with each deal's four masks in turn, from a
        flat sequence of 4 ints a deal, in one call without the GIL. The deals answered
        before the first that did not end `BEL_OK`, whose status is the one returned."""
        cdef bel_state position
        cdef Py_ssize_t total = len(deals), done = 0, i, j
        cdef int32_t *cards
        cdef int32_t *values
        cdef int32_t *counts
        cdef uint32_t *hands
        cdef int status = BEL_OK
        if total % 4:
            raise ValueError(f"deals are 4 masks each, not {total} ints")
        total //= 4
        _fill(&position, state)
        cards = <int32_t *> PyMem_Malloc(max(total, 1) * HAND_ROOM * sizeof(int32_t))
        values = <int32_t *> PyMem_Malloc(max(total, 1) * HAND_ROOM * sizeof(int32_t))
        counts = <int32_t *> PyMem_Malloc(max(total, 1) * sizeof(int32_t))
        hands = <uint32_t *> PyMem_Malloc(max(total, 1) * 4 * sizeof(uint32_t))
        try:
            if cards is NULL or values is NULL or counts is NULL or hands is NULL:
                raise MemoryError
            for i in range(total * 4):
                hands[i] = deals[i]
            with nogil:
                while done < total:
                    for j in range(4):
                        position.hands[j] = hands[done * 4 + j]
                    counts[done] = 0
                    status = bel_card_values(
                        self.search,
                        &position,
                        cards + done * HAND_ROOM,
                        values + done * HAND_ROOM,
                        counts + done,
                    )
                    if status != BEL_OK:
                        break
                    done += 1
            answers = []
            for i in range(done):
                if not 0 <= counts[i] <= HAND_ROOM:
                    raise RuntimeError(f"bel_card_values answered {counts[i]} cards")
                answers.append(
                    [(cards[i * HAND_ROOM + j], values[i * HAND_ROOM + j]) for j in range(counts[i])]
                )
            return status, answers
        finally:
            PyMem_Free(cards)
            PyMem_Free(values)
            PyMem_Free(counts)
            PyMem_Free(hands)


def table_bits(held: int) -> int:
    """The table's size (its bits) for a search from a position with `held` cards in hands."""
    return next(bits for most, bits in TABLE_BITS if held <= most)


def _ints(state: object) -> tuple[int, ...]:
    """A reference `State` as Core's 10 ints."""
    trick = state.trick
    return (
        *state.hands,
        state.leader,
        len(trick),
        *trick,
        *(0,) * (3 - len(trick)),
        state.sweep,
    )


class Search(ReferenceSearch):
    """The reference's `Search` (same constructor, same answers), its searches in C."""

    core: Core | None = None  # made at the first question, its table sized by the position

    def _core(self, state: object) -> Core:
        if self.core is None:
            held = sum(hand.bit_count() for hand in state.hands)
            self.core = Core(
                self.strain,
                self.options.undertrump == "required",
                self.options.overtrump_partner,
                self.points,
                self.last_bonus,
                self.count_tricks,
                self.bonus,
                self.team,
                self.maximizer,
                table_bits(held),
            )
            self.core.set_deadline(self.deadline)
        return self.core

    def _check(self, status: int) -> None:
        """The C status as the reference would answer: OutOfTime past the deadline."""
        self.nodes = self.core.nodes
        if status == BEL_OUT_OF_TIME:
            raise OutOfTime
        if status != BEL_OK:
            raise ValueError("the C search refused the position (BEL_BAD_ARGUMENT)")

    def quick_bounds(self, state: object) -> tuple[int, int]:
        status, lo, hi = self._core(state).quick_bounds(_ints(state))
        self._check(status)
        return lo, hi

    def probe(self, state: object, beta: int) -> int:
        status, value = self._core(state).probe(_ints(state), beta)
        self._check(status)
        return value

    def value(self, state: object, guess: int) -> int:
        status, value, lo, hi = self._core(state).value(_ints(state), guess)
        self.bounds = (lo, hi)
        self._check(status)
        return value

    def line(self, state: object, value: int) -> list:
        status, cards = self._core(state).line(_ints(state), value)
        self._check(status)
        return [ALL_CARDS[card] for card in cards]

    def card_values(self, state: object) -> list:
        status, values = self._core(state).card_values(_ints(state))
        self._check(status)
        return [(ALL_CARDS[card], value) for card, value in values]

    def deals_card_values(self, state: object, deals: object) -> list:
        flat = [mask for held in deals for mask in held]
        status, answers = self._core(state).deals_card_values(_ints(state), flat)
        self._check(BEL_OK if status == BEL_OUT_OF_TIME else status)  # out of time: fewer
        cards = ALL_CARDS
        return [[(cards[card], value) for card, value in values] for values in answers]
