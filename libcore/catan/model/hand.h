/*
 * hand.h: counts of the five resources (a hand, a cost, the bank) read as
 * one 64-bit word, a byte per resource, so that a comparison or a payment
 * of all five is a few word operations rather than five tests.
 *
 * A hand or the bank holds at most MAX_BANK_EACH of a resource, so its
 * counts are below 128 and their sum below 256: adding 128 to a byte, or
 * adding or subtracting counts that cannot go below 0 or above 255, never
 * carries into the next byte.  A count asked for in a move may be larger;
 * hand_has allows for it.
 */
#ifndef CATAN_HAND_H
#define CATAN_HAND_H

#include <stdint.h>
#include <string.h>

#include "model/types.h"

_Static_assert(NRES == 5, "a hand is four bytes and one");
_Static_assert(MAX_BANK_EACH < 128 && MAX_BANK_EACH * NRES < 256, "no count carries");

/*
 * hand_word: the counts as a word, resource r in byte r (bits 8r to 8r+7);
 * the bytes past the last resource are 0.  The first four are one load,
 * put in that order whatever the machine's byte order.
 */
static inline uint64_t hand_word(const uint8_t c[NRES])
{
	uint32_t lo;
	memcpy(&lo, c, sizeof lo);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	lo = __builtin_bswap32(lo);
#endif
	return lo | (uint64_t)c[4] << 32;
}

/* hand_set: the counts from a word made as hand_word makes it. */
static inline void hand_set(uint8_t c[NRES], uint64_t w)
{
	uint32_t lo = (uint32_t)w;
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	lo = __builtin_bswap32(lo);
#endif
	memcpy(c, &lo, sizeof lo);
	c[4] = (uint8_t)(w >> 32);
}

/* HAND_FILL: a word with b in every resource's byte and 0 in the rest. */
#define HAND_FILL(b) ((uint64_t)(b) * (((uint64_t)1 << (8 * NRES)) - 1) / 0xff)

/* hand_word_has: hand_has of two words made as hand_word makes them (a hand read once, tried often). */
static inline int hand_word_has(uint64_t have, uint64_t want)
{
	uint64_t high = HAND_FILL(0x80);
	/* A count of 128 or more is more than any hand holds. */
	if (want & high)
		return 0;
	/* Each byte is 128 + have - want: its top bit is set exactly when have >= want. */
	return (((have | high) - want) & high) == high;
}

/* hand_has: 1 when every count of have (a hand or the bank) is at least want's (any counts). */
static inline int hand_has(const uint8_t have[NRES], const uint8_t want[NRES])
{
	return hand_word_has(hand_word(have), hand_word(want));
}

/* hand_any_at_least: 1 when some count of c is at least k (1 to 128). */
static inline int hand_any_at_least(const uint8_t c[NRES], unsigned k)
{
	return ((hand_word(c) + HAND_FILL(128 - k)) & HAND_FILL(0x80)) != 0;
}

/*
 * hand_at_least: the resources of which c holds at least the count in the
 * same byte of k (each 1 to 128), as a word with the top bit of each such
 * resource's byte set (HAND_BIT) and nothing else.
 */
static inline uint64_t hand_at_least(const uint8_t c[NRES], uint64_t k)
{
	uint64_t high = HAND_FILL(0x80);
	return ((hand_word(c) | high) - k) & high;
}

/* HAND_BIT: resource r's bit in the words hand_at_least gives. */
#define HAND_BIT(r) ((uint64_t)0x80 << (8 * (r)))
/* hand_next: the resource of the lowest bit of such a word (not 0). */
static inline int hand_next(uint64_t bits)
{
	return __builtin_ctzll(bits) / 8;
}

/* hand_total: the sum of the counts (below 256). */
static inline int hand_total(const uint8_t c[NRES])
{
	/* The top byte of the product is the sum of all eight bytes. */
	return (int)((hand_word(c) * 0x0101010101010101ull) >> 56);
}

#endif
