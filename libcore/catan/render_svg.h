/* render_svg.h: the game as an SVG picture: the board in colour and the panel beside it. */
#ifndef CATAN_RENDER_SVG_H
#define CATAN_RENDER_SVG_H

#include <stddef.h>

#include "err.h"
#include "render_panel.h"
#include "types.h"

/*
 * render_svg: a standalone SVG 1.1 document of g (a state, a view or a
 * record) into a malloc'd NUL-terminated buffer (*out, *len; the caller
 * frees): hexes coloured by terrain, number tokens with pips (6 and 8 in
 * red), harbours, roads, settlements and cities in the players' colours,
 * the robber, intersection numbers and path names with o->labels, and the
 * panel's lines on the right.  o->colour is ignored.  Like render_text it
 * shows exactly what g holds.  Returns C_OK, or C_SYSTEM when memory runs
 * out (*out is then NULL).
 */
int render_svg(const struct game *g, const struct render_opts *o, char **out, size_t *len,
	       struct cerr *e);

#endif
