/* The native search: the reference search (service/rules/analysis/reference.py, class Search)
 * in C, for the same answers at native speed. This header is the contract between the C
 * search (search.c) and its Python wrapper (_native.pyx); reference.py is the specification
 * of every function's result.
 *
 * Cards are ints 0..31 (suit * 8 + rank, ranks 7 8 9 10 J Q K A), sets of cards 32-bit masks
 * (bit c: card c), seats 0..3, team = seat % 2, as in service/rules/core/cards.py.
 *
 * No function keeps a pointer it is given, allocates after bel_new, or reads the clock more
 * often than every BEL_CLOCK_EVERY nodes. Every entry point checks its arguments and answers
 * BEL_BAD_ARGUMENT rather than read or write out of bounds: the wrapper passes what clients
 * sent. Nothing here touches Python: the wrapper calls these without the GIL.
 */
#ifndef BELOTE_SEARCH_H
#define BELOTE_SEARCH_H

#include <stdint.h>

#define BEL_SANS_ATOUT 4 /* strain: no trump; every suit in plain order */
#define BEL_TOUT_ATOUT 5 /* strain: every suit in trump order; the led suit is the trick's trump */

/* Sweep states: which team has won every trick so far (reference.py MIXED, swept, NO_TRICK). */
#define BEL_MIXED 0
#define BEL_SWEPT_0 1
#define BEL_SWEPT_1 2
#define BEL_NO_TRICK 3

#define BEL_CLOCK_EVERY 1024

/* Results of every entry point. */
#define BEL_OK 0
#define BEL_OUT_OF_TIME 1  /* the deadline passed: the answer is the bounds proved so far */
#define BEL_BAD_ARGUMENT 2 /* an argument is out of range or the state is impossible */

/* A position (reference.py State): the cards each seat still holds, the seat that led the
 * trick on the table (or leads next when it is empty), the cards on it in play order, and the
 * sweep state. Valid: hands and trick cards pairwise disjoint; leader 0..3; 0 <= trick_len <= 3
 * with each trick card 0..31; sweep 0..3; and for one n in 0..8 (n >= 1 when trick_len > 0),
 * each seat that has played to the trick holds n - 1 cards and each other seat n. */
typedef struct {
    uint32_t hands[4];
    int32_t leader;
    int32_t trick_len;
    int32_t trick[3];
    int32_t sweep;
} bel_state;

/* What is counted and who plays for it (reference.py Search.__init__), and the rules of play.
 * The gain of a trick won by `team` is the sum of `points` of its cards, plus `last_bonus` for
 * the last trick; with `count_tricks` it is 1 a trick and `points`, `last_bonus` are unused.
 * After the last trick `bonus` is added when `team` won every trick of the deal and
 * subtracted when it won none (the sweep state says). `maximizer`: the team that maximises
 * the gain, or -1 when every seat minimises it (a claim in mode "any"). Valid: strain 0..5,
 * team 0..1, maximizer team or -1 (the reference's bounds assume no team plays against its
 * own tricks but the counted one in mode "any"), each points[c] and last_bonus in 0..100000,
 * bonus in 0..1000000 and 0 with count_tricks (the reference's trick bounds count no capot),
 * flags 0 or 1. */
typedef struct {
    int32_t strain;              /* a trump suit 0..3, BEL_SANS_ATOUT or BEL_TOUT_ATOUT */
    int32_t undertrump_required; /* RuleOptions.undertrump == "required" */
    int32_t overtrump_partner;   /* RuleOptions.overtrump_partner */
    int32_t points[32];
    int32_t last_bonus;
    int32_t count_tricks;
    int32_t bonus;
    int32_t team;
    int32_t maximizer;
} bel_objective;

typedef struct bel_search bel_search;

/* A search for one objective with a transposition table of 2^table_bits entries (table_bits
 * 10..24) of 16 bytes each (table_bits 16: 1 MiB; 20: 16 MiB), allocated here once with the
 * search (about 7 KiB more): its memory is fixed for the search's life. 16 is the fastest
 * measured (NOTES.md): a full deal 1.3x slower at 20, a claim's first touches of a large
 * table's pages cost more than its search. NULL when an argument
 * is invalid or memory is short. The table is kept from one call to the next (the next card's
 * value and the line reuse it) and cleared when a state puts a card in another seat's hand
 * than before (another deal). */
bel_search *bel_new(const bel_objective *objective, int table_bits);
void bel_free(bel_search *search);

/* The search given another objective, as bel_new would make it, keeping its table's memory:
 * the table emptied (in constant time), the node count and the deadline back to 0. A thread
 * may keep one search and reset it for each question instead of allocating. The search is
 * unchanged and BEL_BAD_ARGUMENT answered when an argument is invalid. */
int bel_reset(bel_search *search, const bel_objective *objective);

/* The deadline, in seconds on CLOCK_MONOTONIC (the clock of Python's time.perf_counter on
 * Linux); past it a search answers BEL_OUT_OF_TIME. 0 or less: no deadline. */
void bel_set_deadline(bel_search *search, double deadline);

/* Positions searched since bel_new or bel_reset (reference.py Search.nodes). */
uint64_t bel_nodes(const bel_search *search);

/* reference.py Search.quick_bounds: the bounds of the future gain from the cards out alone. */
int bel_quick_bounds(bel_search *search, const bel_state *state, int32_t *lo, int32_t *hi);

/* reference.py Search.probe: fail-soft "is the future gain at least beta?" into *value. */
int bel_probe(bel_search *search, const bel_state *state, int32_t beta, int32_t *value);

/* reference.py Search.value: the exact future gain from a first guess into *value. *lo and
 * *hi always hold the bounds proved so far (with BEL_OUT_OF_TIME, the answer). */
int bel_value(bel_search *search, const bel_state *state, int32_t guess, int32_t *value,
              int32_t *lo, int32_t *hi);

/* reference.py Search.line: a line of play to the end that keeps the future gain at `value`
 * (which must be the position's exact value), into cards[0..*count-1]; cards has room for 32. */
int bel_line(bel_search *search, const bel_state *state, int32_t value, int32_t *cards,
             int32_t *count);

/* reference.py Search.card_values: every legal card of the seat to move with the exact future
 * gain once it is played (the gain of a trick it ends included), into cards[i] and values[i]
 * for i < *count, the cards in ascending order; cards and values have room for 8. One call
 * values every card of a position from one table: each group of cards that play as one is
 * searched once, in the search's order, from a window around the value of the one before
 * (the first from the middle of the bounds), as questions.py and worlds.py asked it card by
 * card before. The position must have a card to play. */
int bel_card_values(bel_search *search, const bel_state *state, int32_t *cards, int32_t *values,
                    int32_t *count);

#endif
