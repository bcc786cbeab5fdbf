/* rules_int.h: the context of a move being applied, and the rule families that rules.c dispatches to. */
#ifndef CATAN_RULES_INT_H
#define CATAN_RULES_INT_H

#include "model/awards.h"
#include "err.h"
#include "model/move.h"
#include "model/score.h"
#include "model/types.h"

/*
 * One move being applied: the rule families read the game, check the move
 * and change p, a working copy of the position that rules_apply keeps only
 * when the family returns C_OK.  m is a copy of the move that the family
 * completes with the outcome it drew, for the log.
 */
struct rctx {
	const struct game *g;
	struct position *p;
	struct move *m;
	int replay;		/* the move comes from a log being replayed (RULES_REPLAY) */
	struct cerr *e;
};

/* The rule families; each checks its move, changes c->p and completes c->m. */
int rules_setup_settlement(struct rctx *c);
int rules_setup_road(struct rctx *c);
int rules_build(struct rctx *c);
int rules_roll(struct rctx *c);
int rules_discard(struct rctx *c);
int rules_robber(struct rctx *c);
int rules_offer(struct rctx *c);
int rules_answer(struct rctx *c);	/* accept and reject */
int rules_cancel(struct rctx *c);
int rules_trade(struct rctx *c);
int rules_buy(struct rctx *c);
int rules_play(struct rctx *c);
int rules_end(struct rctx *c);
/* Catan for Two (rules_two.c) */
int rules_neutral(struct rctx *c);
int rules_action(struct rctx *c);
int rules_give(struct rctx *c);
int rules_return(struct rctx *c);
/* knight_interrupt (rules_roll.c) */
int rules_pass(struct rctx *c);
int rules_steal(struct rctx *c);
/* robber_owed: seat moves the robber next (a seven, or a knight played). */
void robber_owed(const struct game *g, struct position *p, int seat);
/* two_after_build: a player built piece (count of them): the free neutral pieces owed, if any can go. */
void two_after_build(const struct game *g, struct position *p, int piece, int count);

#endif
