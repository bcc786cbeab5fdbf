/* cards.c: resource cards under the rules: what a hand covers, its text, a card drawn from it, a payment to the bank. */
#include <stdio.h>
#include "model/hand.h"
#include "model/names.h"
#include "rules/cards.h"

int hand_covers(const struct position *p, int seat, const uint8_t want[NRES])
{
	return hand_has(p->pl[seat].hand, want);
}

char *cards_text(const uint8_t c[NRES], char *buf, size_t n)
{
	size_t len = 0;
	int kinds = 0, done = 0;

	buf[0] = '\0';
	for (int r = 0; r < NRES; r++)
		kinds += c[r] != 0;
	for (int r = 0; r < NRES && len < n; r++) {
		if (!c[r])
			continue;
		const char *sep = done == 0 ? "" : done == kinds - 1 ? " and " : ", ";
		int k = snprintf(buf + len, n - len, "%s%d %s", sep, c[r], resource_names[r]);
		if (k > 0)
			len += (size_t)k;
		done++;
	}
	return buf;
}

int hand_draw(struct luck l, const uint8_t hand[NRES])
{
	int total = 0, r;
	for (r = 0; r < NRES; r++)
		total += hand[r];
	int k = (int)luck_below(l, (uint32_t)total);
	for (r = 0; k >= hand[r]; r++)
		k -= hand[r];
	return r;
}

void pay_bank(struct position *p, int seat, const uint8_t c[NRES])
{
	/* No byte borrows (the hand covers c) or carries (the cards were the bank's). */
	uint64_t w = hand_word(c);
	hand_set(p->pl[seat].hand, hand_word(p->pl[seat].hand) - w);
	hand_set(p->bank, hand_word(p->bank) + w);
}
