/* neutral.h: Catan for Two's neutral pieces (where a free one can go) and the price of its actions. */
#ifndef CATAN_RULES_NEUTRAL_H
#define CATAN_RULES_NEUTRAL_H

#include "model/geom.h"
#include "model/types.h"

/* neutral_settlement_spot: 1 when neutral seat n could take a settlement somewhere (Catan for Two). */
int neutral_settlement_spot(const struct geometry *geo, const struct position *p, int n);
/*
 * neutral_piece_can: the free piece neutral seat n can take when piece is owed (Catan for Two):
 * a settlement (PC_SETTLEMENT) when one is owed and n has a spot for it, else a road (PC_ROAD)
 * when n has one left and a path for it, else -1.
 */
int neutral_piece_can(const struct geometry *geo, const struct position *p, int n, int piece);
/*
 * neutral_owed_name: what the free neutral piece owed in p can be, over both neutral seats:
 * "settlement", "road", or "settlement or road" (a settlement owed, and a seat with no spot
 * for one takes a road).
 */
const char *neutral_owed_name(const struct game *g, const struct position *p);
/* two_action_cost: the trade cards seat pays for an action (Catan for Two): more when ahead in public points. */
int two_action_cost(const struct game *g, const struct position *p, int seat);

#endif
