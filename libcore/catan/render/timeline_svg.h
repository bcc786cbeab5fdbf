/* timeline_svg.h: the score timeline (scorecard.h) drawn as an SVG line chart. */
#ifndef CATAN_TIMELINE_SVG_H
#define CATAN_TIMELINE_SVG_H

#include <stddef.h>

#include "err.h"
#include "doc/scorecard.h"
#include "model/types.h"

/*
 * timeline_svg: t (made by timeline_make from g) as an 800 x 450 SVG
 * chart: a line per player in the palette's colours at its exact values,
 * each seat's narrower than the seat's before and over it (lines that run
 * together show as stripes), with a dot where the player's points change
 * whose tooltip (an SVG title) gives the exact points and the move; the
 * exact last points at the lines' end; the points to win dashed; a legend
 * with each player's points as catan-score gives them at g's position
 * (victory point cards counted) and the line's last public points when
 * they differ.  The text goes to a
 * malloc'd buffer (*out, *outlen; the caller frees).  Returns C_OK, or
 * C_SYSTEM when memory runs out.
 */
int timeline_svg(const struct game *g, const struct timeline *t, char **out, size_t *outlen,
		 struct cerr *e);

/*
 * timeline_svg_x: where turn falls on the time axis of the chart
 * timeline_svg draws from t (a turn beyond the chart at its end).
 * timeline_svg_cursor: a dashed vertical line at that place, from the top
 * of the plot to its axis, as an SVG line element with the id "cursor",
 * into out (size bytes, NUL-terminated; 160 are enough).
 */
double timeline_svg_x(const struct timeline *t, int turn);
void timeline_svg_cursor(const struct timeline *t, int turn, char *out, size_t size);

#endif
