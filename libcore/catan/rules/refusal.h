/* refusal.h: how a rule says no: the refusal, and where a move's outcome comes from. */
#ifndef CATAN_RULES_REFUSAL_H
#define CATAN_RULES_REFUSAL_H

#include "err.h"
#include "model/types.h"

/* illegal: a refusal: C_ILLEGAL with the message. */
int illegal(struct cerr *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/*
 * outcome_source: how the outcome of a move (replay 1 when re-applied from a log)
 * is obtained: returns 1 when it is taken from the move (external
 * outcomes), 0 when it is drawn from the generator (internal; on replay
 * the given one is then compared), or -1 with e filled when the move
 * wrongly gives (given 1) or omits (given 0) it.  what names the outcome
 * in messages ("the dice").
 */
int outcome_source(const struct game *g, int replay, int given, const char *what, struct cerr *e);

#endif
