/* The move ordering: which of the legal cards a node searches (one a group of cards that play
 * as one) and in what order (the table's lead, the killers, then the reference's static order).
 *
 * The rule of this core, for this file: reference.py is the specification. Anything that
 * changes a value (the rules, the gains, the bounds, the table's key, the driver's answer) is
 * in both, written alike, and tests/native holds them together. Move ordering and the other
 * heuristics that change only how fast a value is proved may live in C alone: the killers,
 * the table's lead tried first, the order of the counted team's seats in mode "any", the
 * endgame's plain search, each measured in NOTES.md. Alpha-beta proves the same value
 * whatever the order; only the line answered (the first card in this order that keeps the
 * value) may differ from the reference's, and tests/native checks a line's legality and gain,
 * not its cards. The one thing here that could change a value is the merging of equivalent
 * cards (group_firsts): it holds only because the cards of a group truly win the same tricks
 * for the same points, as the reference's own merging (by equal points) does.
 */
#ifndef BELOTE_ORDER_H
#define BELOTE_ORDER_H

#include "search_internal.h"

/* The legal cards in groups that play as one (equal worth, no card still out between them
 * in the suit's order: they win the same tricks): the weakest card of each group, as a mask.
 * Counting tricks, every card is worth the same (reference.py merges only equal points). */
static inline uint32_t group_firsts(const bel_search *s, uint32_t legal, uint32_t out)
{
    uint32_t firsts = legal;
    for (uint32_t rest = legal & s->twins; rest; rest &= rest - 1) {
        int card = lowest(rest);
        uint32_t below = out & suit_mask(card >> 3) & ((1u << card) - 1);
        if (below) {
            int previous = highest(below); /* the next card still out down the suit */
            if ((legal >> previous & 1) && s->worth[previous] == s->worth[card])
                firsts &= ~(1u << card);
        }
    }
    return firsts;
}

/* The cards of `mask` into cards[] from `at` on, in inner order (suit by suit, the weakest
 * first), sorted by points, stable. Returns the new count. */
static inline int append_sorted(const bel_search *s, uint32_t mask, int *cards, int at,
                                int descending)
{
    int start = at;
    for (; mask; mask &= mask - 1) {
        int card = lowest(mask), j = at++;
        int32_t key = s->points[card];
        while (j > start && (descending ? s->points[cards[j - 1]] < key
                                        : s->points[cards[j - 1]] > key)) {
            cards[j] = cards[j - 1];
            j--;
        }
        cards[j] = card;
    }
    return at;
}

static inline int append_plain(uint32_t mask, int *cards, int at)
{
    for (; mask; mask &= mask - 1) cards[at++] = lowest(mask);
    return at;
}

/* reference.py _ordered: one card per group, the likely best first. Returns the count.
 * Leading: the masters, the most points first, then the others, the fewest first. Following
 * while the partner wins: the most points first from the last seat, else the fewest.
 * Otherwise the cards that take the trick, the weakest first, then the others, the fewest
 * points first. A seat `giving` its tricks away (the counted team in mode "any") the other
 * way round: leading, the others the most points first, then the masters; following, the
 * fewest points under its partner, else the cards that lose the trick, the most points
 * first, then those that take it. */
static inline int ordered(const bel_search *s, uint32_t legal, uint32_t out, int n, int win,
                          uint32_t beaten, int giving, int *cards)
{
    uint32_t firsts = group_firsts(s, legal, out);
    if (!(firsts & (firsts - 1))) {
        cards[0] = lowest(firsts);
        return 1;
    }
    if (n == 0) {
        uint32_t masters = 0; /* the cards with no card still out above them */
        for (int suit = 0; suit < 4; suit++)
            if (out & suit_mask(suit)) masters |= 1u << highest(out & suit_mask(suit));
        masters &= firsts;
        if (giving) { /* mode "any", the counted team: it plays to lose its tricks */
            int count = append_sorted(s, firsts & ~masters, cards, 0, 1);
            return append_sorted(s, masters, cards, count, 0);
        }
        int count = append_sorted(s, masters, cards, 0, 1);
        return append_sorted(s, firsts & ~masters, cards, count, 0);
    }
    if (giving) {
        if ((n - win) % 2 == 0) return append_sorted(s, firsts, cards, 0, 0);
        int count = append_sorted(s, firsts & ~beaten, cards, 0, 1);
        return append_sorted(s, firsts & beaten, cards, count, 0);
    }
    if ((n - win) % 2 == 0) return append_sorted(s, firsts, cards, 0, n == PLAYERS - 1);
    int count = append_plain(firsts & beaten, cards, 0);
    return append_sorted(s, firsts & ~beaten, cards, count, 0);
}

/* Moves `card` to list[*placed] when it is in list[*placed..count-1]. */
static inline void promote(int *list, int count, int *placed, int card)
{
    if (card < 0) return;
    for (int i = *placed; i < count; i++)
        if (list[i] == card) {
            for (int j = i; j > *placed; j--) list[j] = list[j - 1];
            list[(*placed)++] = card;
            return;
        }
}

/* The cards that cut off before, moved to the front of list[0..count-1] after the table's
 * lead `first`: leading, the last two leads of this leader that cut off at this depth;
 * following, the last card that cut off over the same winning card `top` at this depth. */
static inline void promote_known(const bel_search *s, int *list, int count, int first, int n,
                                 int depth, int leader, int top)
{
    if (count > 1) {
        int placed = 0;
        promote(list, count, &placed, first);
        if (n) {
            promote(list, count, &placed, s->reply[depth][top]);
        } else {
            promote(list, count, &placed, s->killer[depth][leader][0]);
            promote(list, count, &placed, s->killer[depth][leader][1]);
        }
    }
}

/* A card that cut off, remembered at its depth: over the winning card `top` when following,
 * among the leader's last two leads when leading. */
static inline void remember_cut(bel_search *s, int n, int depth, int leader, int top, int card)
{
    if (n) {
        s->reply[depth][top] = (int8_t)card;
    } else if (s->killer[depth][leader][0] != card) {
        s->killer[depth][leader][1] = s->killer[depth][leader][0];
        s->killer[depth][leader][0] = (int8_t)card;
    }
}

#endif
