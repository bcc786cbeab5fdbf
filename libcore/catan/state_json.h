/* state_json.h: reading and writing the game document, format catan-state/1 (catan-state(5)). */
#ifndef CATAN_STATE_JSON_H
#define CATAN_STATE_JSON_H

#include <stddef.h>

#include "err.h"
#include "types.h"

#define STATE_FORMAT "catan-state/1"

enum { SJ_COMPACT = 1 };

/*
 * game_read: parses a whole document (buf of len bytes) into g (which it
 * initialises; free with game_free even on failure).  Strict: unknown keys,
 * wrong types and impossible values give C_INPUT with the JSON path first in
 * the message ("position.players.red.hand.ore: ..."); bad JSON gives C_INPUT
 * with the line and column.  Memory failure gives C_SYSTEM.  A view
 * ("view" present) reads into g->view and the view_* counts.
 */
int game_read(const char *buf, size_t len, struct game *g, struct cerr *e);

/*
 * game_write: the canonical text of g (fixed key order; pretty unless
 * flags has SJ_COMPACT), ending in a newline, in a malloc'd buffer that the
 * caller frees.  A view (g->view != NOBODY) is written without the start,
 * the generator and hidden cards.  Returns C_OK or C_SYSTEM.
 */
int game_write(const struct game *g, int flags, char **out, size_t *len, struct cerr *e);

#endif
