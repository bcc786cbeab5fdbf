/* score.c: victory points: the external definitions of score.h's inline functions. */
#include "model/score.h"

extern inline int score_public(const struct game *g, const struct position *p, int seat);
extern inline int score_total(const struct game *g, const struct position *p, int seat);
