/* rng.h: xoshiro256** (Blackman and Vigna, 2018), the generator a game carries in its state. */
#ifndef CATAN_RNG_H
#define CATAN_RNG_H

#include <stdint.h>

/*
 * The state is four 64-bit words and is stored in the game document, so a
 * saved game continues with exactly the draws it would have made.  Seeding
 * runs SplitMix64 over the seed, as the generator's authors recommend, so
 * that nearby seeds give unrelated streams and the state is never all zero.
 */
void rng_seed(uint64_t s[4], uint64_t seed);
uint64_t rng_next(uint64_t s[4]);

/* rng_step: rng_next inline, for callers that draw in a tight loop (the same words). */
static inline uint64_t rng_step(uint64_t s[4])
{
	uint64_t x = s[1] * 5, t = s[1] << 17;
	uint64_t result = ((x << 7) | (x >> 57)) * 9;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = (s[3] << 45) | (s[3] >> 19);
	return result;
}
/* rng_below: a uniform integer in [0, n), n > 0, without modulo bias. */
uint32_t rng_below(uint64_t s[4], uint32_t n);
/* rng_shuffle: Fisher-Yates over n bytes. */
void rng_shuffle(uint64_t s[4], uint8_t *v, int n);
/*
 * A game's luck: where its hidden outcomes (dice, cards drawn, steals)
 * come from.  Without a key it is xoshiro256** over state[0..3], seeded
 * from a seed: reproducible, for tests and simulations.  With a key (32
 * secret bytes, LUCK_KEY_BYTES) it is libsodium's ChaCha20 stream under
 * that key: word i of the luck is the first 8 bytes of the stream whose
 * nonce is i, and state[0] counts the words drawn, so that whoever does
 * not hold the key can predict nothing from any number of outcomes seen.
 */
#define LUCK_KEY_BYTES 32
struct luck {
	uint64_t *state;
	const uint8_t *key;	/* NULL: xoshiro256** */
};
/* luck_keyed_next: the next word of a keyed luck (l.key not NULL). */
uint64_t luck_keyed_next(struct luck l);
/* luck_next: the next word of the luck. */
static inline uint64_t luck_next(struct luck l)
{
	return l.key ? luck_keyed_next(l) : rng_step(l.state);
}
/*
 * luck_below: a uniform integer in [0, n), n > 0, without modulo bias: a
 * word at or above the largest multiple of n is drawn again.  That
 * multiple is computed only for a word in the top n - 1 values (every
 * word below them is below it), so the usual draw divides once, and not at
 * all when n is a constant the call is inlined with.
 */
static inline uint32_t luck_below(struct luck l, uint32_t n)
{
	uint64_t x;
	for (;;) {
		x = luck_next(l);
		if (x <= UINT64_MAX - n || x < UINT64_MAX - UINT64_MAX % n)
			break;
	}
	return (uint32_t)(x % n);
}
/* luck_shuffle: Fisher-Yates over n bytes. */
void luck_shuffle(struct luck l, uint8_t *v, int n);

/* luck_key_parse: a key from its 64 lower-case hexadecimal digits; 0, or -1 when s is not that. */
int luck_key_parse(const char *s, uint8_t key[LUCK_KEY_BYTES]);
/* luck_key_text: the 64 lower-case hexadecimal digits of key, and a NUL, into out. */
void luck_key_text(const uint8_t key[LUCK_KEY_BYTES], char out[2 * LUCK_KEY_BYTES + 1]);

/* splitmix64: one step of SplitMix64 on *x (exposed for its test vectors; inline: choices draw with it). */
static inline uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

#endif
