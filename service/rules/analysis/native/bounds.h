/* The bounds: reference.py's own bounds of a position's future gain at the start of a trick,
 * which are sound (nothing or everything of the cards out, a capot either way while it can
 * happen, the top trumps one team holds, the leader's sure tricks). They cut the search where
 * the window lies outside them; a bound the reference does not have would change values where
 * it is wrong (colver's "quick tricks" gave wrong values on 25% of deals, NOTES.md), so every
 * bound here is the reference's.
 */
#ifndef BELOTE_BOUNDS_H
#define BELOTE_BOUNDS_H

#include "moves.h"
#include "search_internal.h"

/* reference.py _bounds_of: nothing or everything, a capot either way while it can happen. */
static inline void bounds_of(const bel_search *s, uint32_t out, int sweep, int32_t *lo,
                             int32_t *hi)
{
    if (s->count_tricks) {
        *lo = 0;
        *hi = (popcount(out) + PLAYERS - 1) / PLAYERS;
        return;
    }
    int32_t total = points_of(s, out) + s->last_bonus;
    *lo = sweep == BEL_NO_TRICK || sweep == 2 - s->team ? -s->bonus : 0;
    *hi = sweep == BEL_NO_TRICK || sweep == 1 + s->team ? total + s->bonus : total;
}

/* reference.py _top_trumps: the trumps one team holds above every trump of the other are
 * that team's points (a trump suit only). */
static inline void top_trumps(const bel_search *s, uint32_t out, int32_t *lo, int32_t *hi)
{
    uint32_t trumps = out & s->trump_mask;
    if (!trumps) return;
    int team = s->holder[highest(trumps)];
    uint32_t run = 0;
    while (trumps) {
        int card = highest(trumps);
        if (s->holder[card] != team) break;
        run |= 1u << card;
        trumps &= ~(1u << card);
    }
    int32_t won, most;
    if (s->count_tricks) {
        won = (popcount(run) + 1) / 2;
        most = popcount(out) / PLAYERS;
    } else {
        won = points_of(s, run);
        most = points_of(s, out) + s->last_bonus;
    }
    if (team == s->team) {
        if (won > *lo) *lo = won;
    } else if (most - won < *hi) {
        *hi = most - won;
    }
}

/* The cards of `mine` above every card of `others` in their suit. */
static inline uint32_t masters_of(const bel_search *s, uint32_t mine, uint32_t others)
{
    uint32_t masters = 0;
    for (int suit = 0; suit < 4; suit++) {
        uint32_t theirs = others & suit_mask(suit);
        masters |= mine & (theirs ? s->above[highest(theirs)] : suit_mask(suit));
    }
    return masters;
}

/* reference.py _sure: the tricks the leader takes for sure. */
static inline void sure_tricks(const bel_search *s, int leader, uint32_t out, int32_t *lo,
                               int32_t *hi)
{
    uint32_t mine = s->hands[leader], others = out & ~mine;
    uint32_t masters = masters_of(s, mine, others);
    uint32_t sure = masters & s->trump_mask;
    int drawn = popcount(sure), all_drawn = 1;
    for (int seat = 0; seat < PLAYERS; seat++)
        if (seat != leader && popcount(s->hands[seat] & s->trump_mask) > drawn) all_drawn = 0;
    if (all_drawn) sure = masters;
    int side = leader & 1;
    int for_itself = side != s->team || side == s->maximizer;
    if (sure == mine && (for_itself || !(others & s->trump_mask))) {
        if (side == s->team)
            *lo = *hi;
        else
            *hi = *lo;
        return;
    }
    if (!sure || !for_itself) return;
    int32_t won = s->count_tricks ? popcount(sure) : points_of(s, sure);
    if (side == s->team) {
        if (won > *lo) *lo = won;
        return;
    }
    int32_t most = s->count_tricks ? popcount(mine) : points_of(s, out) + s->last_bonus;
    if (most - won < *hi) *hi = most - won;
}

#endif
