/* The search itself: fail-soft alpha-beta with PVS on the future gain of a position whose
 * hands are loaded in the search (search.c's entry points load them): `between` at the start
 * of a trick (the table, the bounds), `inside` for each card of a trick, `endgame` for the
 * last three tricks, the last trick counted; `root` from any position; the driver `value_of`,
 * a window around a guess, then what is left. The rules are moves.h's, the bounds bounds.h's,
 * the order order.h's, the table table.h's: their static inline functions are compiled into
 * this file, so that the whole recursion is one translation unit, as it was in one file.
 *
 * The rule of this core: reference.py (its class Search) is the specification. Anything that
 * changes a value is in both, written alike: the rules of play, the gains, the bounds, the
 * table's key (which positions share bounds), the merging of equivalent cards; tests/native
 * holds the two together on thousands of positions. Move ordering and the other heuristics
 * that change only how fast a value is proved may live in C alone: here PVS's zero windows,
 * the aspiration window around a guess, the killers, the table's lead tried first, the last
 * three tricks searched plainly (ENDGAME), the table's replacement; order.h says the same of
 * the order. Such a heuristic still proves the reference's value, and tests/native checks
 * that it does. What each measured: NOTES.md beside this file.
 */
#define _POSIX_C_SOURCE 199309L

#include "bounds.h"
#include "moves.h"
#include "order.h"
#include "search_internal.h"
#include "table.h"

#include <time.h>

#define ENDGAME 12 /* the cards held from which on endgame() searches rather than inside() */

/* --- the clock -------------------------------------------------------------------------- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline void count_node(bel_search *s)
{
    s->nodes++;
    if (!(s->nodes & (BEL_CLOCK_EVERY - 1)) && s->deadline > 0 && now() > s->deadline)
        s->stop = 1;
}

/* --- the search ------------------------------------------------------------------------- */

static int32_t between(bel_search *s, int leader, int sweep, uint32_t out, int depth,
                       int32_t alpha, int32_t beta);
static int32_t inside(bel_search *s, int leader, int n, int lead_card, int top, int win,
                      uint32_t cards, uint32_t out, int depth, int sweep, int32_t alpha,
                      int32_t beta, int first);

/* Each seat holds one card: the trick plays itself. */
static int32_t last_trick(bel_search *s, int leader, int sweep)
{
    int trick[4];
    uint32_t cards = 0;
    for (int i = 0; i < PLAYERS; i++) {
        trick[i] = lowest(s->hands[(leader + i) % PLAYERS]);
        cards |= s->hands[(leader + i) % PLAYERS];
    }
    int winner = (leader + winner_of(s, trick, PLAYERS)) % PLAYERS;
    return trick_gain(s, cards, winner, 1) + end_gain(s, next_sweep(sweep, winner & 1));
}

/* The future gain once the seat to move (whose hand is already without it) plays `card` to
 * the trick of inside(): the next seat's turn, or the trick's gain and the next trick. */
static inline int32_t play(bel_search *s, int leader, int n, int lead_card, int top, int win,
                           uint32_t cards, uint32_t out, int depth, int sweep, int card,
                           int takes, int32_t alpha, int32_t beta)
{
    if (n < PLAYERS - 1)
        return inside(s, leader, n + 1, n ? lead_card : card, takes ? card : top,
                      takes ? n : win, cards | 1u << card, out, depth - 1, sweep, alpha, beta,
                      -1);
    int winner = (leader + (takes ? n : win)) % PLAYERS;
    cards |= 1u << card;
    int32_t gain = trick_gain(s, cards, winner, depth == 1);
    return gain + between(s, winner, next_sweep(sweep, winner & 1), out & ~cards, depth - 1,
                          alpha - gain, beta - gain);
}

/* The seat to move plays each candidate card in turn; the trick holds n cards (`cards` as a
 * mask; its first `lead_card`, its winning card `top` at index `win`); `out` holds the cards
 * in hands or on the table. Fail-soft alpha-beta on the future gain, each card after the
 * first tried with a zero window first (PVS). The order: `first` (the table's lead), then
 * the cards that cut off last time at this depth (leading: the last two leads of this
 * leader that did; following: the card that did over the same winning card), then
 * `ordered`. A leading node leaves in s->lead the card that decided; a card that cuts off
 * is remembered at its depth. */
static int32_t inside(bel_search *s, int leader, int n, int lead_card, int top, int win,
                      uint32_t cards, uint32_t out, int depth, int sweep, int32_t alpha,
                      int32_t beta, int first)
{
    count_node(s);
    if (s->stop) return 0;
    int seat = (leader + n) % PLAYERS;
    uint32_t hand = s->hands[seat];
    uint32_t beaten, legal = playable(s, hand, n, lead_card, top, win, &beaten);
    int list[8];
    int count = ordered(s, legal, out, n, win, beaten,
                        s->maximizer < 0 && (seat & 1) == s->team, list);
    promote_known(s, list, count, first, n, depth, leader, top);
    int maximizing = (seat & 1) == s->maximizer;
    int32_t best = maximizing ? -INF : INF;
    int decided = -1;
    for (int i = 0; i < count; i++) {
        int card = list[i], takes = beaten >> card & 1;
        int32_t g;
        s->hands[seat] = hand & ~(1u << card);
        if (i > 0 && beta - alpha > 1) {
            int32_t a = maximizing ? alpha : beta - 1;
            g = play(s, leader, n, lead_card, top, win, cards, out, depth, sweep, card, takes, a,
                     a + 1);
            if (!s->stop && g > alpha && g < beta)
                g = play(s, leader, n, lead_card, top, win, cards, out, depth, sweep, card, takes,
                         alpha, beta);
        } else {
            g = play(s, leader, n, lead_card, top, win, cards, out, depth, sweep, card, takes,
                     alpha, beta);
        }
        s->hands[seat] = hand;
        if (s->stop) return 0;
        int cut = 0;
        if (maximizing) {
            if (g > best) {
                best = g;
                decided = card;
                cut = best >= beta;
                if (best > alpha) alpha = best;
            }
        } else if (g < best) {
            best = g;
            decided = card;
            cut = best <= alpha;
            if (best < beta) beta = best;
        }
        if (cut) {
            remember_cut(s, n, depth, leader, top, card);
            break;
        }
    }
    if (n == 0) s->lead = decided;
    return best;
}

/* Three tricks or fewer left: the same search as inside() without its merging of equivalent
 * cards, its order, its killers and its zero windows (the subtrees are too small for them to
 * pay), the cards tried from the weakest up. */
static int32_t endgame(bel_search *s, int leader, int n, int lead_card, int top, int win,
                       uint32_t cards, uint32_t out, int depth, int sweep, int32_t alpha,
                       int32_t beta)
{
    count_node(s);
    if (s->stop) return 0;
    int seat = (leader + n) % PLAYERS;
    uint32_t hand = s->hands[seat];
    uint32_t beaten, legal = playable(s, hand, n, lead_card, top, win, &beaten);
    int maximizing = (seat & 1) == s->maximizer;
    int32_t best = maximizing ? -INF : INF;
    int decided = -1;
    for (uint32_t rest = legal; rest; rest &= rest - 1) {
        int card = lowest(rest), takes = beaten >> card & 1;
        int32_t g;
        s->hands[seat] = hand & ~(1u << card);
        if (n < PLAYERS - 1) {
            g = endgame(s, leader, n + 1, n ? lead_card : card, takes ? card : top,
                        takes ? n : win, cards | 1u << card, out, depth - 1, sweep, alpha, beta);
        } else {
            int winner = (leader + (takes ? n : win)) % PLAYERS;
            uint32_t trick = cards | 1u << card;
            int32_t gain = trick_gain(s, trick, winner, depth == 1);
            g = gain + between(s, winner, next_sweep(sweep, winner & 1), out & ~trick, depth - 1,
                               alpha - gain, beta - gain);
        }
        s->hands[seat] = hand;
        if (s->stop) return 0;
        if (maximizing) {
            if (g > best) {
                best = g;
                decided = card;
                if (best >= beta) break;
                if (best > alpha) alpha = best;
            }
        } else if (g < best) {
            best = g;
            decided = card;
            if (best <= alpha) break;
            if (best < beta) beta = best;
        }
    }
    if (n == 0) s->lead = decided;
    return best;
}

/* A trick to lead: the table's bounds first, then the search. */
static int32_t between(bel_search *s, int leader, int sweep, uint32_t out, int depth,
                       int32_t alpha, int32_t beta)
{
    if (!depth) return end_gain(s, sweep);
    if (depth == PLAYERS) return last_trick(s, leader, sweep);
    unsigned meta = meta_of(s, leader, sweep);
    entry *bucket = bucket_of(s, out, meta), *e = find(bucket, out, meta);
    int32_t lo, hi;
    int first = -1;
    if (e) {
        lo = e->lo;
        hi = e->hi;
        first = e->lead;
    } else {
        bounds_of(s, out, sweep, &lo, &hi);
        top_trumps(s, out, &lo, &hi);
        sure_tricks(s, leader, out, &lo, &hi);
    }
    if (lo >= beta) return lo;
    if (hi <= alpha) return hi;
    if (lo == hi) return lo;
    /* The window narrowed to the bounds: a fail-low g <= lo then proves g == lo (the value is
     * at least lo and at most g), a fail-high g >= hi proves g == hi. */
    int32_t a = alpha > lo ? alpha : lo, b = beta < hi ? beta : hi;
    int32_t g = depth <= ENDGAME ? endgame(s, leader, 0, 0, 0, 0, 0, out, depth, sweep, a, b)
                                 : inside(s, leader, 0, 0, 0, 0, 0, out, depth, sweep, a, b,
                                          first);
    if (s->stop) return 0;
    if (g <= a) {
        if (g < hi) hi = g;
    } else if (g >= b) {
        if (g > lo) lo = g;
    } else {
        lo = hi = g;
    }
    store(bucket, out, meta, depth, lo, hi, s->lead);
    return g;
}

/* Fail-soft alpha-beta on a loaded position. */
int32_t root(bel_search *s, const position *p, int32_t alpha, int32_t beta)
{
    uint32_t held = p->hands[0] | p->hands[1] | p->hands[2] | p->hands[3], cards = 0;
    if (!p->n) return between(s, p->leader, p->sweep, held, popcount(held), alpha, beta);
    for (int i = 0; i < p->n; i++) cards |= 1u << p->trick[i];
    int win = winner_of(s, p->trick, p->n);
    return inside(s, p->leader, p->n, p->trick[0], p->trick[win], win, cards, held | cards,
                  popcount(held), p->sweep, alpha, beta, -1);
}

/* --- the driver ------------------------------------------------------------------------- */

/* The half-width of the first window around a guess (aspiration). */
#define ASPIRATION 8

/* The exact value of a loaded position whose value lies in [*lo, *hi], narrowing *lo and
 * *hi as it proves bounds (they always hold the value). Alpha-beta in a window of
 * ASPIRATION around the guess, then in what is left; a guess at the middle of the bounds
 * (questions.solve's first) says nothing: the whole window at once. */
int value_of(bel_search *s, const position *p, int32_t guess, int32_t *lo, int32_t *hi)
{
    int32_t a = *lo - 1, b = *hi + 1;
    if (guess != floor_half(*lo + *hi) && guess >= *lo && guess <= *hi) {
        if (guess - ASPIRATION > a) a = guess - ASPIRATION;
        if (guess + ASPIRATION < b) b = guess + ASPIRATION;
    }
    while (*lo < *hi) {
        int32_t g = root(s, p, a, b);
        if (s->stop) return BEL_OUT_OF_TIME;
        if (g <= a)
            *hi = g;
        else if (g >= b)
            *lo = g;
        else
            *lo = *hi = g;
        a = *lo - 1;
        b = *hi + 1;
    }
    return BEL_OK;
}
