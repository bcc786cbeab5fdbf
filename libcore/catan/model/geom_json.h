/* geom_json.h: a board's geometry as JSON (catan-newboard --geometry). */
#ifndef CATAN_GEOM_JSON_H
#define CATAN_GEOM_JSON_H

#include <stddef.h>

#include "err.h"
#include "model/geom.h"

#define GEOM_FORMAT "catan-geometry/1"

/*
 * geom_write: board geo's fixed geometry as a JSON document into *out
 * (*len bytes, caller frees), by the names of catan-state(5): each hex
 * with its intersections clockwise from the top, the paths between them
 * (the first from the top to the north-east corner) and the hexes beside
 * it; each intersection with its hexes, neighbours, paths and harbour slot
 * (an index into a game's "harbours", or null); each path with its ends;
 * the coastal paths clockwise from hex 1's north-west side, each with its
 * hex and harbour slot.  compact: on one line.  C_OK, or C_SYSTEM.
 */
int geom_write(const struct geometry *geo, int compact, char **out, size_t *len, struct cerr *e);

#endif
