/* status.h: whom the game waits for (game_status) as one JSON line, for programs: catan-move --status. */
#ifndef CATAN_STATUS_H
#define CATAN_STATUS_H

#include <stddef.h>

#include "err.h"
#include "model/seats.h"
#include "model/types.h"

/* The word of each kind of debt in the line ("discard", "robber", ...); OWE_NOTHING's is "nothing". */
extern const char *const owing_names[NOWING];

/*
 * status_write: g's status (game_status of its position) as one compact
 * JSON object and a newline, into a malloc'd *out of *len bytes (the
 * caller frees):
 *   {"phase":"robber","current":"white","turn":12,"waiting":["blue"],
 *    "owes":{"blue":{"what":"robber"}},"winner":null}
 * catan-move(1), STATUS, documents every key and value.  g is a full game
 * or a view (the line is the same); it must have a position.  C_OK, or
 * C_SYSTEM when memory runs out.
 */
int status_write(const struct game *g, char **out, size_t *len, struct cerr *e);

#endif
