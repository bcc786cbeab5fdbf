/* search.h: the search player: Monte Carlo search over what its seat may know, with greedy play-outs. */
#ifndef CATAN_SEARCH_H
#define CATAN_SEARCH_H

#include <stdint.h>

#include "play/autoplay.h"
#include "err.h"
#include "model/move.h"
#include "model/types.h"

/* The play-outs per decision of "search" without a budget (about 25 ms of CPU on a 2020s core). */
#define SEARCH_BUDGET 200
#define SEARCH_BUDGET_MAX 1000000

/*
 * The search player (catan-move(1), AUTOMATIC PLAYERS):
 *
 * - It thinks only with what its seat may see (game_seen, view.h): the
 *   others' hands by their counts, no deck order, no generator.  Each
 *   play-out starts from a determinization: the cards the seat cannot see
 *   (the resource cards of hidden hands, the bank's complement; the
 *   development cards of hidden hands and the deck, the rule set's deck
 *   less every card the seat has seen) are dealt at random to the hidden
 *   hands, by their counts, and to the deck, shuffled; the cards an open
 *   offer promises stay with the offerer.  The dice and every later draw
 *   come from the search's own generator.
 * - The candidates are the seat's legal moves without outcomes
 *   (MG_NO_OUTCOMES), maritime trades left out after `trades` trades in the
 *   turn (AUTO_TRADES_PER_TURN), cut to the 12 best by a one-move look
 *   (points, production, cards) on one determinization, the greedy player's
 *   choice always kept.
 * - Sequential halving over the candidates: in each round every candidate
 *   still in is played out from the same determinization and the same dice
 *   (common random numbers, so candidates are compared on equal luck); after
 *   each phase the worse half goes.  A play-out is greedy for every seat, to
 *   the end of the game or SEARCH_HORIZON turns on, worth 1 for a win of the
 *   seat, 0 for another's, and in between by the points' lead.
 * - The best mean wins; ties go to the candidate listed first, the greedy
 *   choice first of all.  Everything is a function of (what the seat sees,
 *   seed, budget): the same position, seed and budget give the same move.
 */
#define SEARCH_HORIZON 40

/*
 * search_choose: the search player's move for seat in g (a full game, or
 * seat's view; seat is the player to move), by budget play-outs (1 ..
 * SEARCH_BUDGET_MAX; 0 for SEARCH_BUDGET), the generator seeded from seed; trades is the number
 * of trades seat made this turn; the play-outs made are added to
 * *playouts (NULL: not counted).  The move has no outcome.  g is not
 * changed.  C_OK; C_ILLEGAL when seat has no legal move; C_SYSTEM when
 * memory runs out.
 */
int search_choose(const struct game *g, int seat, int budget, uint64_t seed, int trades, struct move *m,
		  unsigned long *playouts, struct cerr *e);

/* search_use: a's seats on POL_SEARCH choose by search_choose. */
void search_use(struct autoplay *a);

#endif
