/* deal.h: what a seat knows of a game, and full games dealt at random that agree with it. */
#ifndef CATAN_DEAL_H
#define CATAN_DEAL_H

#include <stdint.h>

#include "model/types.h"

/*
 * What a seat knows, once per decision: the seen game (game_seen, view.h:
 * the others' hands by their counts, no deck order, no generator) and the
 * cards it cannot see, as pools by kind.
 */
struct knowledge {
	struct game seen;	/* game_seen: shares the caller's log */
	int seat;
	unsigned hidden;	/* seats whose hands the seat cannot see, a bit each */
	uint8_t res_pool[NRES];	/* resource cards in hidden hands */
	uint8_t dev_pool[NDEV];	/* development cards in hidden hands and the deck */
	int res_ok, dev_ok;	/* the pools add up to the counts (else the stand-ins stay) */
};

/*
 * deal_know: into k, what seat knows of g (a full game, or seat's view):
 * the resource cards no seat shows (the bank's complement less the cards
 * of the hands seat sees and those an open offer promises) and the
 * development cards not seen (the rule set's deck less every card seat has
 * seen played, returned or held in a hand it sees).  k->seen shares g's
 * log: g must outlive k.
 */
void deal_know(const struct game *g, int seat, struct knowledge *k);

/*
 * deal_game: into d, a full game with internal outcomes that agrees with
 * all of k: the hidden resource cards dealt at random from the pool to the
 * hidden hands by their counts (the cards an open offer promises stay with
 * the offerer), the hidden development cards to the other hidden hands by
 * their counts and the rest to the deck, shuffled; the generator seeded
 * from rng.  Every draw comes from rng, in a fixed order.  d shares k's
 * log: try moves on it only with RULES_NO_LOG, and never free it.
 */
void deal_game(const struct knowledge *k, uint64_t rng[4], struct game *d);

#endif
