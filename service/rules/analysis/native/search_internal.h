/* What the native search's files share and nothing outside them sees: the constants, the bit
 * operations on card masks, a position in inner cards, the search's own struct, and the two
 * functions of the search (alphabeta.c) that the entry points (search.c) call. search.h is
 * the public contract; this header is not part of it.
 *
 * The files, one concern each (NOTES.md, "The algorithm", says which technique lives where):
 *   moves.h       the cards numbered by strength, the rules on masks (legal cards, the trick's
 *                 winner, the gain of a trick), a card played on a position
 *   bounds.h      the reference's sound bounds at each trick
 *   order.h       which cards are searched and in what order (speed only)
 *   table.h       the transposition table
 *   alphabeta.c   the search itself, and the driver's window
 *   search.c      the entry points of search.h
 * The headers hold static inline functions only: each .c file that includes them compiles
 * its own copy, so the search's hot path is one translation unit, as fast as one file was.
 */
#ifndef BELOTE_SEARCH_INTERNAL_H
#define BELOTE_SEARCH_INTERNAL_H

#include "search.h"

#include <stdint.h>

#define PLAYERS 4
#define DECK 32
#define ALL_CARDS 0xFFFFFFFFu
#define INF 0x3FFFFFFF /* beyond every value: |value| <= 32 * 100000 + 100000 + 1000000 */

/* Shared between the files of the module, never exported from it. */
#define BEL_INTERNAL __attribute__((visibility("hidden")))

static inline uint32_t suit_mask(int suit) { return 0xFFu << (8 * suit); }
static inline int lowest(uint32_t x) { return __builtin_ctz(x); }
static inline int highest(uint32_t x) { return 31 - __builtin_clz(x); }
static inline int popcount(uint32_t x)
{
    /* Without -mpopcnt gcc calls a library routine for __builtin_popcount: this is faster. */
    x = x - (x >> 1 & 0x55555555u);
    x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
    return (int)(((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u >> 24);
}

static inline int32_t floor_half(int32_t x) { return x >= 0 ? x / 2 : -((1 - x) / 2); }

/* Inside the search a card is numbered by its strength, not its rank: suit * 8 + its place
 * in the suit's order under the strain (0 the weakest), so that the cards above a card are
 * the higher bits of its suit. The entry points translate (moves.h: to_inner, to_outer). */

/* A position, in inner cards: the hands, the trick's leader, its n cards, the sweep state. */
typedef struct {
    uint32_t hands[PLAYERS];
    int leader, n, sweep;
    int trick[PLAYERS];
} position;

typedef struct entry entry; /* a transposition table entry (table.h) */

struct bel_search {
    /* The objective. */
    int strain;
    int trump;           /* the trump suit 0..3, or -1 under SA and TA (no trump for bounds) */
    uint32_t trump_mask; /* the trump suit's cards, 0 under SA and TA */
    int undertrump_required, overtrump_partner;
    int count_tricks, team, maximizer;
    int32_t bonus, last_bonus;
    int32_t points[DECK];        /* by inner card */
    int32_t worth[DECK];         /* what makes cards unequal: their points, or nothing when
                                  * counting tricks */
    uint32_t twins;              /* the cards worth as much as another of their suit */
    int32_t suit_points[4][256]; /* per suit, the points of each set of its (inner) cards */
    uint32_t above[DECK];        /* per inner card, the cards of its suit above it */
    uint8_t to_inner[DECK], to_outer[DECK];
    uint8_t inner_bits[4][256]; /* per suit, its 8 bits by rank to its 8 bits by strength */

    /* The position searched. */
    uint32_t hands[PLAYERS];
    uint8_t holder[DECK]; /* per card held, the team holding it */
    uint8_t owner[DECK];  /* per card seen in a hand since the table was cleared: seat + 1 */

    /* The table, the clock, the counters. */
    entry *table; /* 2^table_bits entries in buckets of WAYS, each in one cache line */
    void *memory; /* where the table lies */
    int table_bits;
    unsigned stamp; /* the filling of the table in use, 1..STAMPS-1: other entries are stale */
    uint64_t nodes;
    double deadline;
    int stop;
    int lead; /* set by a leading node: the card that decided its value */
    int8_t killer[DECK + 1][PLAYERS][2]; /* by cards in hands and leader: the last two leads
                                          * that cut off */
    int8_t reply[DECK + 1][DECK]; /* by cards in hands and winning card: the last cut-off */
};

/* alphabeta.c: fail-soft alpha-beta on a loaded position (its hands in the search), and the
 * exact value of one whose value lies in [*lo, *hi], narrowing them as it proves bounds. */
BEL_INTERNAL int32_t root(bel_search *s, const position *p, int32_t alpha, int32_t beta);
BEL_INTERNAL int value_of(bel_search *s, const position *p, int32_t guess, int32_t *lo,
                          int32_t *hi);

#endif
