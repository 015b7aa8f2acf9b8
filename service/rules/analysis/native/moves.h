/* The moves: the cards numbered by strength, the rules of play on bit masks (play.py's
 * obligation_of_mask and trick_winner), the gain of a trick, and a card played on a
 * position. Everything here decides values: each rule is the reference's own (reference.py,
 * play.py), and tests/native holds the two together.
 */
#ifndef BELOTE_MOVES_H
#define BELOTE_MOVES_H

#include "search_internal.h"

/* --- the cards numbered by strength ------------------------------------------------------ */

/* The objective's tables by inner card: the numbering both ways, the points, the worth and
 * the twins, the points of each set of a suit's cards, the cards above each card. */
static inline void compute_tables(bel_search *s, const int32_t *points)
{
    /* A suit's places by strength, by rank 7 8 9 10 J Q K A. */
    static const uint8_t TRUMP_STRENGTH[8] = {0, 1, 6, 4, 7, 2, 3, 5};
    static const uint8_t PLAIN_STRENGTH[8] = {0, 1, 2, 6, 3, 4, 5, 7};
    for (int suit = 0; suit < 4; suit++) {
        int in_trump_order = suit == s->strain || s->strain == BEL_TOUT_ATOUT;
        const uint8_t *strength = in_trump_order ? TRUMP_STRENGTH : PLAIN_STRENGTH;
        for (int rank = 0; rank < 8; rank++) {
            int outer = suit * 8 + rank, inner = suit * 8 + strength[rank];
            s->to_inner[outer] = (uint8_t)inner;
            s->to_outer[inner] = (uint8_t)outer;
            s->points[inner] = points[outer];
            s->worth[inner] = s->count_tricks ? 0 : points[outer];
        }
        for (int held = 0; held < 256; held++) {
            int32_t sum = 0;
            unsigned bits = 0;
            for (int rank = 0; rank < 8; rank++)
                if (held >> rank & 1) {
                    sum += s->points[suit * 8 + rank];
                    bits |= 1u << strength[rank];
                }
            s->suit_points[suit][held] = sum;
            s->inner_bits[suit][held] = (uint8_t)bits;
        }
    }
    s->twins = 0;
    for (int c = 0; c < DECK; c++) {
        uint32_t above_in_suit = ~((2u << (c & 7)) - 1) & 0xFFu;
        s->above[c] = above_in_suit << (c & ~7);
        for (int other = c & ~7; other < (c | 7) + 1; other++)
            if (other != c && s->worth[other] == s->worth[c]) s->twins |= 1u << c;
    }
}

/* A set of cards (search.h's numbering) in inner cards. */
static inline uint32_t to_inner(const bel_search *s, uint32_t outer)
{
    return (uint32_t)s->inner_bits[0][outer & 0xFF] |
           (uint32_t)s->inner_bits[1][outer >> 8 & 0xFF] << 8 |
           (uint32_t)s->inner_bits[2][outer >> 16 & 0xFF] << 16 |
           (uint32_t)s->inner_bits[3][outer >> 24] << 24;
}

/* --- the rules, on inner cards ---------------------------------------------------------- */

static inline int32_t points_of(const bel_search *s, uint32_t cards)
{
    return s->suit_points[0][cards & 0xFF] + s->suit_points[1][cards >> 8 & 0xFF] +
           s->suit_points[2][cards >> 16 & 0xFF] + s->suit_points[3][cards >> 24];
}

/* The cards that would take the trick from its winning card `top`: a stronger card of its
 * suit, or any trump over a plain card. */
static inline uint32_t beaten_by(const bel_search *s, int top)
{
    return s->above[top] | ((top >> 3) == s->trump ? 0 : s->trump_mask);
}

/* play.py obligation_of_mask: the legal cards of `hand` to a trick of n >= 1 cards led in
 * `led`, whose winning card `best` was played at index `win`. (Where it asks for the trumps
 * above `best`, `best` is of a suit in trump order: the cards above it are its stronger.) */
static inline uint32_t legal_of(const bel_search *s, uint32_t hand, int n, int led, int best,
                                int win)
{
    int trump = s->strain == BEL_TOUT_ATOUT ? led : s->strain; /* SA: no suit is 4 */
    int partner_winning = win == n - 2;
    uint32_t follow = hand & suit_mask(led);
    if (led == trump) {
        if (!follow) return hand;
        if (partner_winning && !s->overtrump_partner) return follow;
        uint32_t higher = follow & s->above[best];
        return higher ? higher : follow;
    }
    if (follow) return follow;
    if (partner_winning || trump == BEL_SANS_ATOUT) return hand;
    uint32_t trumps = hand & suit_mask(trump);
    if (!trumps) return hand;
    if ((best >> 3) != trump) return trumps;
    uint32_t higher = trumps & s->above[best];
    if (higher) return higher;
    return s->undertrump_required ? trumps : hand;
}

/* The cards the seat to move may play from `hand` to a trick of n cards (the first
 * `lead_card`, the winning `top` at index `win`): legal_of's, or any card of it to an empty
 * trick; and into *beaten the cards that would take the trick (every card, to an empty one). */
static inline uint32_t playable(const bel_search *s, uint32_t hand, int n, int lead_card,
                                int top, int win, uint32_t *beaten)
{
    uint32_t legal = n ? legal_of(s, hand, n, lead_card >> 3, top, win) : hand;
    *beaten = n ? beaten_by(s, top) : ALL_CARDS;
    return legal;
}

/* play.py trick_winner: the index of the card winning the trick's n cards. */
static inline int winner_of(const bel_search *s, const int *trick, int n)
{
    int win = 0;
    for (int i = 1; i < n; i++)
        if (beaten_by(s, trick[win]) >> trick[i] & 1) win = i;
    return win;
}

static inline int next_sweep(int sweep, int team)
{
    return sweep == BEL_NO_TRICK || sweep == 1 + team ? 1 + team : BEL_MIXED;
}

/* The gain after the last trick: the capot bonus, for or against. */
static inline int32_t end_gain(const bel_search *s, int sweep)
{
    if (sweep == 1 + s->team) return s->bonus;
    if (sweep == 2 - s->team) return -s->bonus;
    return 0;
}

/* The gain of a trick of `cards` won by `winner`. */
static inline int32_t trick_gain(const bel_search *s, uint32_t cards, int winner, int last)
{
    if ((winner & 1) != s->team) return 0;
    if (s->count_tricks) return 1;
    return points_of(s, cards) + (last ? s->last_bonus : 0);
}

/* --- whole positions (the entry points step through them) ------------------------------- */

/* The position after the seat to move plays `card`, and the gain of the trick it ends. */
static inline int32_t after(const bel_search *s, const position *p, int card, position *child)
{
    *child = *p;
    child->hands[(p->leader + p->n) % PLAYERS] &= ~(1u << card);
    child->trick[child->n++] = card;
    if (child->n < PLAYERS) return 0;
    uint32_t cards = 0;
    for (int i = 0; i < PLAYERS; i++) cards |= 1u << child->trick[i];
    int winner = (p->leader + winner_of(s, child->trick, PLAYERS)) % PLAYERS;
    int last = !(child->hands[0] | child->hands[1] | child->hands[2] | child->hands[3]);
    child->leader = winner;
    child->n = 0;
    child->sweep = next_sweep(p->sweep, winner & 1);
    return trick_gain(s, cards, winner, last);
}

/* The cards still out at `p`: in the hands and on the table. */
static inline uint32_t cards_out(const position *p)
{
    uint32_t on_table = 0;
    for (int i = 0; i < p->n; i++) on_table |= 1u << p->trick[i];
    return p->hands[0] | p->hands[1] | p->hands[2] | p->hands[3] | on_table;
}

#endif
