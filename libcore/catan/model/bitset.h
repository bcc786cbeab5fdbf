/*
 * bitset.h: a set of a board's intersections or paths, one bit each, in
 * two words: the largest board has 80 intersections and 109 paths.
 */
#ifndef CATAN_BITSET_H
#define CATAN_BITSET_H

#include <stdint.h>

struct bitset {
	uint64_t w[2];
};
#define BITSET_MAX 128	/* the members a set can hold: 0 .. BITSET_MAX - 1 */

static inline void bs_add(struct bitset *s, int i)
{
	s->w[i >> 6] |= (uint64_t)1 << (i & 63);
}

static inline void bs_del(struct bitset *s, int i)
{
	s->w[i >> 6] &= ~((uint64_t)1 << (i & 63));
}

static inline int bs_has(const struct bitset *s, int i)
{
	return (int)(s->w[i >> 6] >> (i & 63) & 1);
}

/* bs_meets: a and b have a member in common. */
static inline int bs_meets(const struct bitset *a, const struct bitset *b)
{
	return ((a->w[0] & b->w[0]) | (a->w[1] & b->w[1])) != 0;
}

/* bs_equal: a and b have the same members. */
static inline int bs_equal(const struct bitset *a, const struct bitset *b)
{
	return a->w[0] == b->w[0] && a->w[1] == b->w[1];
}

/* bs_count: the members of s. */
static inline int bs_count(const struct bitset *s)
{
	return __builtin_popcountll(s->w[0]) + __builtin_popcountll(s->w[1]);
}

/* bs_minus: the members of a not in b. */
static inline struct bitset bs_minus(struct bitset a, const struct bitset *b)
{
	a.w[0] &= ~b->w[0];
	a.w[1] &= ~b->w[1];
	return a;
}

/* bs_pop: the smallest member of s, taken out of it; -1 when s is empty. */
static inline int bs_pop(struct bitset *s)
{
	if (s->w[0]) {
		int i = __builtin_ctzll(s->w[0]);
		s->w[0] &= s->w[0] - 1;
		return i;
	}
	if (s->w[1]) {
		int i = __builtin_ctzll(s->w[1]);
		s->w[1] &= s->w[1] - 1;
		return 64 + i;
	}
	return -1;
}

#endif
