/* best.h: the best player: a search over what its seat may know, with short play-outs scored by a learned value. */
#ifndef CATAN_BEST_H
#define CATAN_BEST_H

#include <stdint.h>

#include "play/autoplay.h"
#include "err.h"
#include "model/move.h"
#include "model/types.h"

/* The play-outs per decision of "best" without a budget. */
#define BEST_BUDGET 1000
#define BEST_BUDGET_MAX 1000000

/*
 * The best player (catan-move(1), AUTOMATIC PLAYERS):
 *
 * - It thinks only with what its seat may see, as the search player does
 *   (deal.h): each play-out starts from a full game dealt at random that
 *   agrees with the seat's view.
 * - A play-out applies a candidate, lets greedy players finish the turn
 *   under way and BEST_HORIZON turns more, and is scored by the value
 *   network (value.h): the seat's chance to win from there (1 or 0 when
 *   the game ended).  Short play-outs scored by a value see the candidates'
 *   differences with far less noise than whole games of dice.
 * - The candidates are the seat's legal moves without outcomes, less:
 *   a road building of one road when one of two roads is listed (a second
 *   free road never hurts); offers made in this turn already (to the same
 *   seats, the same cards), any offer after BEST_OFFERS_PER_TURN of them or
 *   to a single player (it offers to all), and maritime trades after
 *   BEST_TRADES_PER_TURN.  Each is played out once on the same deal; the
 *   BEST_WIDE best go on.
 * - Sequential halving over those, on common deals and dice in each
 *   round, spends what the budget has left; the best mean wins, ties to
 *   the candidate ranked first.  The move is a function of (what the seat
 *   sees, seed, budget).
 */
#define BEST_HORIZON 4
#define BEST_WIDE 24
#define BEST_OFFERS_PER_TURN 3
#define BEST_TRADES_PER_TURN 4

/*
 * best_choose: the best player's move for seat in g (a full game, or
 * seat's view; seat moves now) by budget play-outs (1 .. BEST_BUDGET_MAX;
 * 0 for BEST_BUDGET), its generator seeded from seed; tt holds the
 * trades of the turn under way (autoplay.h); the play-outs made are
 * added to *playouts (NULL: not counted).  The move has no outcome;
 * g is not changed.  C_OK; C_ILLEGAL when seat has no legal move;
 * C_SYSTEM when memory runs out.
 */
int best_choose(const struct game *g, int seat, int budget, uint64_t seed, const struct turn_trades *tt,
		struct move *m, unsigned long *playouts, struct cerr *e);

/* best_use: a's seats on POL_BEST choose by best_choose. */
void best_use(struct autoplay *a);

#endif
