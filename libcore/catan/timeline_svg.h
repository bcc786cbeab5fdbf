/* timeline_svg.h: the score timeline (scorecard.h) drawn as an SVG line chart. */
#ifndef CATAN_TIMELINE_SVG_H
#define CATAN_TIMELINE_SVG_H

#include <stddef.h>

#include "err.h"
#include "scorecard.h"
#include "types.h"

/*
 * timeline_svg: t (made by timeline_make from g) as a 480 x 260 SVG
 * chart: a line per player in the palette's colours, the points to win
 * dashed, a legend with each player's last points.  The text goes to a
 * malloc'd buffer (*out, *outlen; the caller frees).  Returns C_OK, or
 * C_SYSTEM when memory runs out.
 */
int timeline_svg(const struct game *g, const struct timeline *t, char **out, size_t *outlen,
		 struct cerr *e);

#endif
