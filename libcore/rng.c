/* rng.c: xoshiro256** and SplitMix64, written from the published algorithms; a keyed stream from libsodium. */
#include <string.h>

#include <sodium.h>

#include "rng.h"

void rng_seed(uint64_t s[4], uint64_t seed)
{
	uint64_t x = seed;
	for (int i = 0; i < 4; i++)
		s[i] = splitmix64(&x);
}

uint64_t rng_next(uint64_t s[4])
{
	return rng_step(s);
}

uint64_t luck_keyed_next(struct luck l)
{
	unsigned char nonce[crypto_stream_chacha20_ietf_NONCEBYTES] = { 0 }, out[8];
	uint64_t i = l.state[0]++;
	for (int k = 0; k < 8; k++)
		nonce[k] = (unsigned char)(i >> (8 * k));
	crypto_stream_chacha20_ietf(out, sizeof out, nonce, l.key);
	uint64_t x = 0;
	for (int k = 0; k < 8; k++)
		x |= (uint64_t)out[k] << (8 * k);
	return x;
}

void luck_shuffle(struct luck l, uint8_t *v, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)luck_below(l, (uint32_t)i + 1);
		uint8_t t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

int luck_key_parse(const char *s, uint8_t key[LUCK_KEY_BYTES])
{
	uint8_t k[LUCK_KEY_BYTES];
	for (int i = 0; i < 2 * LUCK_KEY_BYTES; i++) {
		int c = s[i], d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
		if (d < 0)
			return -1;
		k[i / 2] = (uint8_t)(i % 2 ? k[i / 2] | d : d << 4);
	}
	if (s[2 * LUCK_KEY_BYTES] != '\0')
		return -1;
	memcpy(key, k, sizeof k);
	return 0;
}

void luck_key_text(const uint8_t key[LUCK_KEY_BYTES], char out[2 * LUCK_KEY_BYTES + 1])
{
	static const char hex[] = "0123456789abcdef";
	for (int i = 0; i < LUCK_KEY_BYTES; i++) {
		out[2 * i] = hex[key[i] >> 4];
		out[2 * i + 1] = hex[key[i] & 15];
	}
	out[2 * LUCK_KEY_BYTES] = '\0';
}

uint32_t rng_below(uint64_t s[4], uint32_t n)
{
	return luck_below((struct luck){ s, NULL }, n);
}

void rng_shuffle(uint64_t s[4], uint8_t *v, int n)
{
	luck_shuffle((struct luck){ s, NULL }, v, n);
}
