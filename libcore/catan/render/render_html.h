/* render_html.h: a whole game as one self-contained HTML page that steps through every move. */
#ifndef CATAN_RENDER_HTML_H
#define CATAN_RENDER_HTML_H

#include <stddef.h>

#include "err.h"
#include "render/render_panel.h"
#include "model/types.h"

/*
 * render_html: an HTML5 page (into a malloc'd NUL-terminated buffer, *out
 * and *len; the caller frees) that replays g, a state or a record with its
 * start, from its start to its last move: the SVG picture of render_svg at
 * every position (0, the start, to the log's length), a slider, buttons
 * and the arrow keys to step, the move number and the move's text, and the
 * points chart of timeline_svg below, its cursor on the shown move's turn.  The board is written once; of each
 * position only its pieces, robber and panel, as a list of numbered lines
 * of SVG kept once each, so that a long game stays small (about 800 bytes a
 * move).  seat NOBODY shows everything; a seat shows at every position
 * the view game_view gives that player (the log's hidden outcomes
 * redacted).  first is the position shown when the page opens (0 to the
 * log's length).  Nothing in the page refers to anything outside it.
 * Returns C_OK; C_USAGE for a view or a document without a start ("a view
 * has none"); C_ILLEGAL when a move does not replay (the move named);
 * C_SYSTEM when memory runs out.
 */
int render_html(const struct game *g, int seat, long first, const struct render_opts *o,
		char **out, size_t *len, struct cerr *e);

#endif
