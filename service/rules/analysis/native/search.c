/* The entry points of the native search (the contract: search.h), reference.py's Search in C
 * for the same answers at native speed: each checks its arguments, translates the position
 * into inner cards (moves.h), loads it and asks the search (alphabeta.c). bel_line and
 * bel_card_values step through whole positions here, in the search's order (order.h).
 *
 * The native search's files and what each holds: search_internal.h. The algorithm and what
 * each technique measured: NOTES.md beside this file.
 */
#include "bounds.h"
#include "moves.h"
#include "order.h"
#include "search.h"
#include "search_internal.h"
#include "table.h"

#include <stdlib.h>
#include <string.h>

/* --- arguments -------------------------------------------------------------------------- */

static int valid_objective(const bel_objective *o)
{
    if (!o) return 0;
    if (o->strain < 0 || o->strain > BEL_TOUT_ATOUT) return 0;
    if ((o->undertrump_required & ~1) || (o->overtrump_partner & ~1) || (o->count_tricks & ~1))
        return 0;
    if (o->team < 0 || o->team > 1 || (o->maximizer != -1 && o->maximizer != o->team)) return 0;
    if (o->last_bonus < 0 || o->last_bonus > 100000) return 0;
    if (o->bonus < 0 || o->bonus > 1000000) return 0;
    if (o->count_tricks && o->bonus) return 0; /* tricks are counted without a capot bonus */
    for (int c = 0; c < DECK; c++)
        if (o->points[c] < 0 || o->points[c] > 100000) return 0;
    return 1;
}

static int valid_state(const bel_state *st)
{
    if (!st) return 0;
    if (st->leader < 0 || st->leader > 3 || st->trick_len < 0 || st->trick_len > 3) return 0;
    if (st->sweep < 0 || st->sweep > 3) return 0;
    uint32_t seen = 0;
    for (int s = 0; s < PLAYERS; s++) {
        if (st->hands[s] & seen) return 0;
        seen |= st->hands[s];
    }
    for (int i = 0; i < st->trick_len; i++) {
        int c = st->trick[i];
        if (c < 0 || c >= DECK || (seen >> c & 1)) return 0;
        seen |= 1u << c;
    }
    int n = popcount(st->hands[(st->leader + st->trick_len) % PLAYERS]); /* has not played */
    if (n > 8 || (st->trick_len > 0 && n < 1)) return 0;
    for (int i = 0; i < PLAYERS; i++) {
        int seat = (st->leader + i) % PLAYERS;
        int want = i < st->trick_len ? n - 1 : n;
        if (popcount(st->hands[seat]) != want) return 0;
    }
    return 1;
}

/* --- the entry points ------------------------------------------------------------------- */

static void configure(bel_search *s, const bel_objective *objective);

bel_search *bel_new(const bel_objective *objective, int table_bits)
{
    if (!valid_objective(objective) || table_bits < 10 || table_bits > 24) return NULL;
    bel_search *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    if (!table_alloc(s, table_bits)) {
        free(s);
        return NULL;
    }
    configure(s, objective);
    return s;
}

int bel_reset(bel_search *search, const bel_objective *objective)
{
    if (!search || !valid_objective(objective)) return BEL_BAD_ARGUMENT;
    configure(search, objective);
    clear_table(search);
    search->nodes = 0;
    search->deadline = 0;
    return BEL_OK;
}

static void configure(bel_search *s, const bel_objective *objective)
{
    s->strain = objective->strain;
    s->trump = objective->strain < BEL_SANS_ATOUT ? objective->strain : -1;
    s->trump_mask = s->trump >= 0 ? suit_mask(s->trump) : 0;
    s->undertrump_required = objective->undertrump_required;
    s->overtrump_partner = objective->overtrump_partner;
    s->count_tricks = objective->count_tricks;
    s->team = objective->team;
    s->maximizer = objective->maximizer;
    s->bonus = objective->bonus;
    s->last_bonus = objective->last_bonus;
    memset(s->killer, -1, sizeof s->killer);
    memset(s->reply, -1, sizeof s->reply);
    compute_tables(s, objective->points);
}

void bel_free(bel_search *search)
{
    if (!search) return;
    free(search->memory);
    free(search);
}

void bel_set_deadline(bel_search *search, double deadline)
{
    if (search) search->deadline = deadline;
}

uint64_t bel_nodes(const bel_search *search) { return search ? search->nodes : 0; }

/* A checked state in inner cards. */
static void inner_position(const bel_search *s, const bel_state *st, position *p)
{
    memset(p, 0, sizeof *p);
    for (int seat = 0; seat < PLAYERS; seat++) p->hands[seat] = to_inner(s, st->hands[seat]);
    p->leader = st->leader;
    p->n = st->trick_len;
    p->sweep = st->sweep;
    for (int i = 0; i < p->n; i++) p->trick[i] = s->to_inner[st->trick[i]];
}

/* The position into the search: its hands, who holds each card; the table cleared when a
 * card is held by another seat than when the table was filled (another deal). */
static void load(bel_search *s, const position *p)
{
    int other_deal = 0;
    for (int seat = 0; seat < PLAYERS; seat++) {
        s->hands[seat] = p->hands[seat];
        for (uint32_t rest = p->hands[seat]; rest; rest &= rest - 1) {
            int card = lowest(rest);
            s->holder[card] = (uint8_t)(seat & 1);
            if (s->owner[card] && s->owner[card] != seat + 1) other_deal = 1;
        }
    }
    if (other_deal) clear_table(s);
    for (int seat = 0; seat < PLAYERS; seat++)
        for (uint32_t rest = p->hands[seat]; rest; rest &= rest - 1)
            s->owner[lowest(rest)] = (uint8_t)(seat + 1);
    s->stop = 0;
}

static void quick(const bel_search *s, const position *p, int32_t *lo, int32_t *hi)
{
    uint32_t out = p->hands[0] | p->hands[1] | p->hands[2] | p->hands[3];
    for (int i = 0; i < p->n; i++) out |= 1u << p->trick[i];
    bounds_of(s, out, p->sweep, lo, hi);
}

int bel_quick_bounds(bel_search *search, const bel_state *state, int32_t *lo, int32_t *hi)
{
    if (!search || !lo || !hi || !valid_state(state)) return BEL_BAD_ARGUMENT;
    position p;
    inner_position(search, state, &p);
    quick(search, &p, lo, hi);
    return BEL_OK;
}

int bel_probe(bel_search *search, const bel_state *state, int32_t beta, int32_t *value)
{
    if (!search || !value || !valid_state(state)) return BEL_BAD_ARGUMENT;
    position p;
    inner_position(search, state, &p);
    int32_t lo, hi;
    quick(search, &p, &lo, &hi);
    if (beta <= lo) {
        *value = lo;
        return BEL_OK;
    }
    if (beta > hi) {
        *value = hi;
        return BEL_OK;
    }
    load(search, &p);
    int32_t g = root(search, &p, beta - 1, beta);
    if (search->stop) return BEL_OUT_OF_TIME;
    *value = g;
    return BEL_OK;
}

int bel_value(bel_search *search, const bel_state *state, int32_t guess, int32_t *value,
              int32_t *lo, int32_t *hi)
{
    if (!search || !value || !lo || !hi || !valid_state(state)) return BEL_BAD_ARGUMENT;
    position p;
    inner_position(search, state, &p);
    quick(search, &p, lo, hi);
    load(search, &p);
    int rc = value_of(search, &p, guess, lo, hi);
    *value = *lo;
    return rc;
}

/* The legal cards of the seat to play at `p` (into `legal`) and the ones to search, in the
 * search's order, into `list` (one a group of cards that play as one): their count. */
static int moves_of(const bel_search *s, const position *p, uint32_t *legal, int list[8])
{
    int seat = (p->leader + p->n) % PLAYERS;
    uint32_t hand = p->hands[seat], out = cards_out(p);
    int win = p->n ? winner_of(s, p->trick, p->n) : 0;
    int top = p->trick[win];
    uint32_t beaten;
    *legal = playable(s, hand, p->n, p->trick[0], top, win, &beaten);
    return ordered(s, *legal, out, p->n, win, beaten, s->maximizer < 0 && (seat & 1) == s->team,
                   list);
}

int bel_line(bel_search *search, const bel_state *state, int32_t value, int32_t *cards,
             int32_t *count)
{
    if (!search || !cards || !count || !valid_state(state)) return BEL_BAD_ARGUMENT;
    bel_search *s = search;
    position p;
    inner_position(s, state, &p);
    int32_t lo, hi;
    quick(s, &p, &lo, &hi);
    if (value < lo || value > hi) return BEL_BAD_ARGUMENT; /* not the position's value */
    *count = 0;
    load(s, &p);
    while (p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3]) {
        int seat = (p.leader + p.n) % PLAYERS;
        uint32_t legal;
        int list[8];
        int n = moves_of(s, &p, &legal, list);
        int found = 0;
        for (int i = 0; i < n && !found; i++) {
            position child;
            int32_t want = value - after(s, &p, list[i], &child), g;
            quick(s, &child, &lo, &hi);
            memcpy(s->hands, child.hands, sizeof s->hands);
            int keeps;
            if ((seat & 1) == s->maximizer) { /* gain + probe(child, want) >= value */
                g = want <= lo ? lo : want > hi ? hi : root(s, &child, want - 1, want);
                keeps = g >= want;
            } else { /* gain + probe(child, want + 1) <= value */
                g = want + 1 <= lo ? lo : want + 1 > hi ? hi : root(s, &child, want, want + 1);
                keeps = g <= want;
            }
            if (s->stop) return BEL_OUT_OF_TIME;
            if (keeps) {
                found = 1;
                cards[(*count)++] = s->to_outer[list[i]];
                p = child;
                value = want;
            }
        }
        if (!found) return BEL_BAD_ARGUMENT; /* `value` was not the position's value */
    }
    return BEL_OK;
}

int bel_card_values(bel_search *search, const bel_state *state, int32_t *cards, int32_t *values,
                    int32_t *count)
{
    if (!search || !cards || !values || !count || !valid_state(state)) return BEL_BAD_ARGUMENT;
    bel_search *s = search;
    position p;
    inner_position(s, state, &p);
    if (!p.hands[(p.leader + p.n) % PLAYERS]) return BEL_BAD_ARGUMENT; /* the deal is over */
    uint32_t legal, out = cards_out(&p);
    int list[8];
    int n = moves_of(s, &p, &legal, list);
    int32_t lo, hi, value[DECK];
    uint32_t searched = 0;
    quick(s, &p, &lo, &hi);
    int32_t guess = floor_half(lo + hi); /* says nothing: the whole window for the first */
    load(s, &p);
    for (int i = 0; i < n; i++) {
        position child;
        int32_t gain = after(s, &p, list[i], &child);
        quick(s, &child, &lo, &hi);
        memcpy(s->hands, child.hands, sizeof s->hands);
        if (value_of(s, &child, guess - gain, &lo, &hi) != BEL_OK) return BEL_OUT_OF_TIME;
        guess = value[list[i]] = gain + lo;
        searched |= 1u << list[i];
    }
    /* A card not searched plays as the next card still out below it (group_firsts), which is
     * legal, weaker, and valued before it. */
    for (uint32_t rest = legal & ~searched; rest; rest &= rest - 1) {
        int card = lowest(rest);
        value[card] = value[highest(out & suit_mask(card >> 3) & ((1u << card) - 1))];
    }
    *count = 0;
    for (int card = 0; card < DECK; card++) {
        int inner = s->to_inner[card];
        if (legal >> inner & 1) {
            cards[*count] = card;
            values[(*count)++] = value[inner];
        }
    }
    return BEL_OK;
}
