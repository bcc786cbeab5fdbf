/* render_svg.h: the game as an SVG picture: the board in colour and the panel beside it. */
#ifndef CATAN_RENDER_SVG_H
#define CATAN_RENDER_SVG_H

#include <stddef.h>

#include "err.h"
#include "render/render_panel.h"
#include "model/types.h"

/*
 * render_svg: a standalone SVG 1.1 document of g (a state, a view or a
 * record) into a malloc'd NUL-terminated buffer (*out, *len; the caller
 * frees): hexes coloured by terrain, number tokens with pips (6 and 8 in
 * red), harbours, roads, settlements and cities in the players' colours,
 * the robber, intersection numbers and path names with o->labels, and the
 * panel's lines on the right (not with o->board_only: the picture is then
 * the board's width).  With o->large, large print for small screens: the
 * board alone, every text at least a fortieth of the picture's width
 * high, buildings and (with labels) intersection numbers as badges on the
 * intersections, no path names.  o->colour is ignored.  Like render_text it
 * shows exactly what g holds.  Returns C_OK, or C_SYSTEM when memory runs
 * out (*out is then NULL).
 */
int render_svg(const struct game *g, const struct render_opts *o, char **out, size_t *len,
	       struct cerr *e);

/*
 * The picture in two parts, for a replay that draws the board once and the
 * rest at each move: board holds the background, the sea, the harbours,
 * the hexes and their tokens (what never changes in a game); pieces the
 * roads, settlements and cities, the robber, the labels (o->labels) and
 * the panel, its lines as the tspan lines of one text element, each placed
 * below the line before it (dy) rather than at a height of its own, so
 * that a line is written the same wherever it falls.  Each is a run of SVG elements, one a line, with no <svg>
 * around them; width and height are those of the whole picture (its
 * height grows with the panel).  Both are malloc'd and NUL-terminated.
 */
struct svg_split {
	char *board, *pieces;
	size_t board_len, pieces_len;
	double width, height;
};

/*
 * render_svg_split: g drawn as render_svg draws it, in the two parts of s.
 * Returns C_OK, or C_SYSTEM when memory runs out (s then holds nothing).
 * Free s with svg_split_free in every case.
 */
int render_svg_split(const struct game *g, const struct render_opts *o, struct svg_split *s,
		     struct cerr *e);
void svg_split_free(struct svg_split *s);

#endif
