/* render_text.h: the game as text for terminals and plain-text mail: the board in ASCII and the panel. */
#ifndef CATAN_RENDER_TEXT_H
#define CATAN_RENDER_TEXT_H

#include <stddef.h>

#include "err.h"
#include "render/render_panel.h"
#include "model/types.h"

/*
 * render_text: the picture of g (a state, a view or a record) into a
 * malloc'd NUL-terminated buffer (*out, *len; the caller frees): the hex
 * board, then the panel (render_panel.h; not with o->board_only).
 * Without o->labels the board takes at most 80 columns on the base board
 * (81 on the thirty hexes); with labels it is drawn wider
 * (RENDER_LABELS_WIDTH) to hold intersection numbers and path names.
 * With o->width, the board at the widest spacing that fits in o->width
 * columns: with labels eight columns a step, then six (the path names
 * close together), then five (the intersections' numbers alone); or the
 * narrowest when none fits; the panel is wrapped to o->width.
 * With o->colour the text carries ANSI colour escapes (their bytes are
 * not counted in the widths).  Shows exactly what g holds: pass a view
 * (game_view) to show what one player may see.
 * Returns C_OK, or C_SYSTEM when memory runs out (*out is then NULL).
 */
#define RENDER_LABELS_WIDTH 96
/*
 * With o->screen, the layout for a terminal of 80 by 24 instead: the
 * board at half the height with every intersection's number, and a short
 * panel on its right (panel_build_screen) cut to the board's rows; at
 * most SCREEN_WIDTH columns and SCREEN_HEIGHT lines: 19 on the base
 * board, 24 on the board of thirty hexes, where the harbours of the
 * bottom coast share the row of the bottom intersections (shortened to
 * the room between two of them).  o->labels and o->nlog do not apply to it.
 */
#define SCREEN_WIDTH 80
#define SCREEN_HEIGHT 24
int render_text(const struct game *g, const struct render_opts *o, char **out, size_t *len,
		struct cerr *e);

#endif
