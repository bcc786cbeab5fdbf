/* harbour.h: the rates of maritime trade: a player's harbours, and the rates they give. */
#ifndef CATAN_RULES_HARBOUR_H
#define CATAN_RULES_HARBOUR_H

#include <stdint.h>
#include "model/types.h"

/* harbour_rate: the number of res seat gives for one card in a maritime trade at its best rate (2, 3 or 4). */
int harbour_rate(const struct game *g, const struct position *p, int seat, int res);
/*
 * harbour_kinds: the harbour kinds (bit k for enum harbour k) where seat has
 * a settlement or city, as p keeps them (harbours); harbour_kinds_rate:
 * harbour_rate from those kinds; harbour_rates: that rate for every
 * resource at once, a byte each as hand.h lays counts out.
 */
unsigned harbour_kinds(const struct game *g, const struct position *p, int seat);
int harbour_kinds_rate(const struct game *g, unsigned kinds, int res);
uint64_t harbour_rates(const struct game *g, unsigned kinds);
/*
 * trade_rates: every rate seat may trade res at (000: 4:1 always, 3:1 with a
 * generic harbour, 2:1 with res's harbour) into rates, best first; returns
 * how many (1 to 3).
 */
int trade_rates(const struct game *g, const struct position *p, int seat, int res, int rates[3]);

#endif
