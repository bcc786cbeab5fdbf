/* cards.h: resource cards under the rules: what a hand covers, its text, a card drawn from it, a payment to the bank. */
#ifndef CATAN_RULES_CARDS_H
#define CATAN_RULES_CARDS_H

#include <stddef.h>
#include <stdint.h>
#include "rng.h"
#include "model/types.h"

/* hand_covers: 1 when seat holds at least the cards in want. */
int hand_covers(const struct position *p, int seat, const uint8_t want[NRES]);
/* cards_text: "1 brick and 1 lumber" style text of counts into buf (n bytes); returns buf. */
char *cards_text(const uint8_t c[NRES], char *buf, size_t n);
/* hand_draw: a card drawn at random from hand (which holds one at least), by its resource. */
int hand_draw(struct luck l, const uint8_t hand[NRES]);
/* pay_bank: seat pays the counts to the bank (the caller checked the hand). */
void pay_bank(struct position *p, int seat, const uint8_t c[NRES]);

#endif
