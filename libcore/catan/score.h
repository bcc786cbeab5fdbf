/* score.h: victory points of a position, public and in full. */
#ifndef CATAN_SCORE_H
#define CATAN_SCORE_H

#include "types.h"

/*
 * score_public: victory points everyone sees in position p of g: buildings
 * (the pieces on the board, counted from the supply g's rule set gives)
 * and awards, worth what the rule set says.
 */
int score_public(const struct game *g, const struct position *p, int seat);
/* score_total: score_public plus victory point cards held (bought this turn included). */
int score_total(const struct game *g, const struct position *p, int seat);

#endif
