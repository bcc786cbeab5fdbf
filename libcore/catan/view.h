/* view.h: what one player may see of a game, as a game document of its own. */
#ifndef CATAN_VIEW_H
#define CATAN_VIEW_H

#include "err.h"
#include "types.h"

/*
 * game_view: a copy of g as seat sees it (out is uninitialised; free it
 * with game_free): other players' resource and development cards zeroed,
 * their counts in view_hand/view_dev (the viewer's own cards stay), the
 * deck's order and counts zeroed (deck_len kept), the generator zeroed,
 * no start position, and the log redacted (another player's "buy" shows
 * no card; a stolen card is shown only to the thief and the victim).
 * When the game is over the winner's victory point cards are shown.
 * Returns C_OK; C_USAGE for a seat not in the game; C_INPUT when g is
 * already a view; C_SYSTEM when memory runs out.
 */
int game_view(const struct game *g, int seat, struct game *out, struct cerr *e);

/*
 * view_stand_in: the position of view g (g->view a seat) with stand-ins
 * for what the viewer cannot see, enough to list the viewer's own moves:
 * each hidden hand gets its count of cards, the ones an open offer
 * promises first (they are known to be there), the rest spread over the
 * resources.  Which cards stand in is never shown: a player's own moves do
 * not depend on another's hidden cards, only on their counts.
 */
void view_stand_in(const struct game *g, struct position *out);

/*
 * view_log_line: log entry i of g as viewer may read it in viewer's view
 * (game_view's redaction), into out of n bytes, always NUL-terminated.
 * Returns the seat that made the move, or NOBODY for an entry that is not
 * a move (withheld: "(not a move)").
 */
int view_log_line(const struct game *g, size_t i, int viewer, char *out, size_t n);

#endif
