/* placement.h: where pieces may go: the distance rule, and a road's ties to its owner's pieces. */
#ifndef CATAN_RULES_PLACEMENT_H
#define CATAN_RULES_PLACEMENT_H

#include "err.h"
#include "model/geom.h"
#include "model/types.h"

/*
 * road_place_check: whether seat may put a road on edge in the position
 * (the path is free and touches seat's building, or seat's road at an
 * intersection free of other players' buildings).  Pieces and cost are
 * not checked.  C_OK or C_ILLEGAL with the message.
 */
int road_place_check(const struct geometry *geo,
		     const struct position *p, int seat, int edge, struct cerr *e);
/* node_free_check: the intersection is empty and has no building one path away (distance rule). */
int node_free_check(const struct geometry *geo, const struct position *p, int node, struct cerr *e);
/* node_touches_road: 1 when one of seat's roads ends at node. */
int node_touches_road(const struct geometry *geo, const struct position *p, int seat, int node);
/* road_any_place: 1 when seat could place a road on some free path. */
int road_any_place(const struct geometry *geo, const struct position *p, int seat);

#endif
