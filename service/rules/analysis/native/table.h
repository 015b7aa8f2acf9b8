/* The transposition table, between tricks only (where positions meet again): per position
 * the bounds proved for its future gain and the lead that decided it. Fixed size (16 bytes an
 * entry, 2^table_bits entries in buckets of WAYS, one cache line each), allocated by bel_new
 * only and kept from one call to the next; a stamp of the table's filling empties it in one
 * step (another deal, bel_reset). The key (the cards still held, the leader and, with a capot
 * at stake, the sweep state) is the reference's: it decides which positions share bounds.
 */
#ifndef BELOTE_TABLE_H
#define BELOTE_TABLE_H

#include "search_internal.h"

#include <stdlib.h>
#include <string.h>

#define WAYS 4      /* entries in a bucket of the table: 4 of 16 bytes, a cache line */
#define STAMPS 4096 /* a table's fillings told apart before it is zeroed (12 bits of meta) */

/* A transposition table entry: the bounds proved for the future gain of a position between
 * tricks, and the lead that decided it. The position is the cards still held (the hands are
 * fixed for the table's life, so the mask says who holds what), the leader and, with a capot
 * at stake, the sweep state; the stamp of the table's filling it belongs to. 16 bytes. */
struct entry {
    uint32_t out;  /* the cards still held; 0: empty (a stored position holds 8 or more) */
    uint16_t meta; /* leader | sweep << 2 | stamp << 4 */
    int8_t lead;   /* the lead that decided the value last time, -1 none */
    uint8_t depth; /* the cards still held */
    int32_t lo, hi;
};

/* The table's memory, zeroed: 0 when memory is short. calloc: the pages the search never
 * touches are never mapped; the table aligned on a cache line by hand (aligned_alloc would
 * not zero it lazily). */
static inline int table_alloc(bel_search *s, int table_bits)
{
    s->memory = calloc(((size_t)1 << table_bits) + WAYS, sizeof(entry));
    if (!s->memory) return 0;
    s->table = (entry *)(((uintptr_t)s->memory + sizeof(entry) * WAYS - 1) &
                         ~(uintptr_t)(sizeof(entry) * WAYS - 1));
    s->table_bits = table_bits;
    s->stamp = 1;
    return 1;
}

/* The table emptied in one step: a new stamp (zeroed once every STAMPS - 1 fillings). */
static inline void clear_table(bel_search *s)
{
    if (++s->stamp == STAMPS) {
        memset(s->table, 0, sizeof(entry) << s->table_bits);
        s->stamp = 1;
    }
    memset(s->owner, 0, sizeof s->owner);
}

/* The key's other half beside the cards held: the leader, the sweep state when a capot is at
 * stake, the table's filling. */
static inline unsigned meta_of(const bel_search *s, int leader, int sweep)
{
    return (unsigned)leader | (s->bonus ? (unsigned)sweep << 2 : 0) | s->stamp << 4;
}

/* The bucket of a position: WAYS entries in one cache line. */
static inline entry *bucket_of(const bel_search *s, uint32_t out, unsigned meta)
{
    uint64_t h = ((uint64_t)meta << 32 | out) * 0x9E3779B97F4A7C15ull;
    return &s->table[(h >> (64 - s->table_bits)) & ~(uint64_t)(WAYS - 1)];
}

static inline entry *find(entry *bucket, uint32_t out, unsigned meta)
{
    for (int i = 0; i < WAYS; i++)
        if (bucket[i].out == out && bucket[i].meta == meta) return bucket + i;
    return NULL;
}

/* Where a position goes: its entry, else a stale one, else the entry of the fewest cards
 * (the cheapest to search again). */
static inline entry *victim(entry *bucket, uint32_t out, unsigned meta)
{
    entry *e = find(bucket, out, meta);
    if (e) return e;
    unsigned stamp = meta >> 4;
    e = bucket;
    int fewest = 99;
    for (int i = 0; i < WAYS; i++) {
        int depth = bucket[i].meta >> 4 == stamp ? bucket[i].depth : 0;
        if (depth < fewest) {
            fewest = depth;
            e = bucket + i;
        }
    }
    return e;
}

/* A position's bounds and deciding lead into its bucket. */
static inline void store(entry *bucket, uint32_t out, unsigned meta, int depth, int32_t lo,
                         int32_t hi, int lead)
{
    entry *e = victim(bucket, out, meta);
    e->out = out;
    e->depth = (uint8_t)depth;
    e->meta = (uint16_t)meta;
    e->lo = lo;
    e->hi = hi;
    e->lead = (int8_t)lead;
}

#endif
