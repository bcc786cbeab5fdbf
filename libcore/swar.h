/*
 * swar.h: eight bytes of text at once in a 64-bit word, for the scans that
 * look at every byte of a document or a move (the reader's strings, the
 * move parser's words).  Each mask has the high bit of every byte that
 * answers, and only of those: exact byte by byte, so the lowest set bit
 * names the first byte that answers: byte 0 is the lowest in memory (the
 * word is loaded little-endian on any machine).
 */
#ifndef CATAN_SWAR_H
#define CATAN_SWAR_H

#include <stdint.h>
#include <string.h>

#define SWAR_ONES 0x0101010101010101ull
#define SWAR_HIGHS 0x8080808080808080ull
#define SWAR_LOWS 0x7f7f7f7f7f7f7f7full

static inline uint64_t swar_load(const void *p)
{
	uint64_t w;
	memcpy(&w, p, sizeof w);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	w = __builtin_bswap64(w);
#endif
	return w;
}

static inline void swar_store(void *p, uint64_t w)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	w = __builtin_bswap64(w);
#endif
	memcpy(p, &w, sizeof w);
}

/* swar_zero: the bytes of w that are 0. */
static inline uint64_t swar_zero(uint64_t w)
{
	return ~(((w & SWAR_LOWS) + SWAR_LOWS) | w | SWAR_LOWS);
}

/* swar_eq: the bytes of w equal to c. */
static inline uint64_t swar_eq(uint64_t w, unsigned char c)
{
	return swar_zero(w ^ (c * SWAR_ONES));
}

/* swar_below: the bytes of w below n (1 <= n <= 0x80): each byte's borrow stays in its own high bit. */
static inline uint64_t swar_below(uint64_t w, unsigned char n)
{
	return ~((w | SWAR_HIGHS) - n * SWAR_ONES) & ~w & SWAR_HIGHS;
}

/* swar_first: the index of the first byte a non-zero mask names. */
static inline unsigned swar_first(uint64_t mask)
{
	return (unsigned)__builtin_ctzll(mask) / 8;
}

#endif
