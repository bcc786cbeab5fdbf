/* dice_json.h: the dicegame-sheet/1 document: strict reader, canonical writer, replay check. */
#ifndef CATAN_DICE_JSON_H
#define CATAN_DICE_JSON_H

#include <stddef.h>

#include "dice_game.h"

/*
 * dice_state_read: text (len bytes) into g (initialised; its old contents
 * are replaced).  Unknown keys, wrong types and impossible values give
 * C_INPUT with the JSON path in e, e.g. "players[0].built[2]: there is no
 * site Q3 on this sheet".  No jansson value outlives the call.
 */
int dice_state_read(struct dgame *g, const char *text, size_t len, struct cerr *e);

/* dice_state_write: g as canonical JSON (pretty, or compact) ending in a newline, malloc'd. */
int dice_state_write(const struct dgame *g, int compact, char **out, size_t *len, struct cerr *e);

/* dice_map_dump: map as a canonical dicegame-map/1 document, malloc'd. */
int dice_map_dump(const struct dmap *map, int compact, char **out, size_t *len, struct cerr *e);

/*
 * dice_validate: rebuilds g's game from its start (map, players, outcomes,
 * seed) and replays the log; internal outcomes must be the generator's (a
 * view, which has no generator, is replayed with the outcomes its log
 * records).
 * C_ILLEGAL with "log[N] 'MOVE': rule" for the first illegal entry, or with
 * the first JSON path where the replayed sheet differs from g.
 */
int dice_validate(const struct dgame *g, struct cerr *e);

#endif
