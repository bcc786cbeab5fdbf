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
/* rng_below: a uniform integer in [0, n), n > 0, without modulo bias. */
uint32_t rng_below(uint64_t s[4], uint32_t n);
/* rng_shuffle: Fisher-Yates over n bytes. */
void rng_shuffle(uint64_t s[4], uint8_t *v, int n);
/* splitmix64: one step of SplitMix64 on *x (exposed for its test vectors). */
uint64_t splitmix64(uint64_t *x);

#endif
