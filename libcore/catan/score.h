/* score.h: victory points of a position, public and in full. */
#ifndef CATAN_SCORE_H
#define CATAN_SCORE_H

#include "types.h"

/*
 * score_public: victory points everyone sees: buildings and awards.  The
 * position carries no rule set: the pieces and award points are the base
 * game's (every rule set so far shares them).
 */
int score_public(const struct position *p, int seat);
/* score_total: score_public plus victory point cards held (bought this turn included). */
int score_total(const struct position *p, int seat);

#endif
