/*
 * import.h: records of other systems (catanatron, the .catan transcription,
 * JSettlers2) turned into our game documents: a start and a log of our
 * moves with the outcomes the source gives (catan-import(1)).
 */
#ifndef CATAN_IMPORT_H
#define CATAN_IMPORT_H

#include <stddef.h>

#include "err.h"
#include "model/types.h"

enum import_format { IMPORT_CATANATRON, IMPORT_CATAN, IMPORT_JSETTLERS, IMPORT_JSETTLERS_SAVE, NIMPORT_FORMAT };

/* The formats' names as the command line gives them, NULL-terminated. */
extern const char *const import_format_names[NIMPORT_FORMAT + 1];

/* import_format_parse: the format named s, or -1. */
int import_format_parse(const char *s);

/*
 * import_detect: the format buf (len bytes) is written in, from its first
 * bytes: a JSON object holding "action_records" is catanatron's, one
 * holding "modelVersion" and "playerSeats" a JSettlers2 saved game, a first
 * line "catanlog VERSION" a .catan transcription, "SOC game event log: "
 * a JSettlers2 event log.  -1 when none.
 */
int import_detect(const char *buf, size_t len);

/*
 * import_what_else: for an input of no format import_detect knows, what
 * it is when it is a file of a known kind that holds no game to import,
 * or NULL: a Pioneers game file (a first line "title ..." and a "map"
 * line), a map and rules for its server (docs/sources.md).
 */
const char *import_what_else(const char *buf, size_t len);

/*
 * import_read: the record in buf (len bytes, NUL-terminated) of format fmt
 * into g (initialised here; free with game_free even on failure): the
 * source's board, seats and rules, a start in the set-up, outcomes
 * external, the deck's order unknown, the log in our canonical moves.
 * name is what messages call the input.  Returns C_OK; C_INPUT for a
 * record that cannot be read, with "NAME:LINE: field: reason" (text
 * formats) or "NAME: JSON.path: reason" (JSON formats); C_ILLEGAL for a
 * game on a board or with rules we do not play, named; C_SYSTEM when
 * memory runs out.  Whether the moves are legal is catan-validate's job.
 * A saved game (IMPORT_JSETTLERS_SAVE) has no history: it becomes a start
 * set up at its position (game.set_up), the current position the same, an
 * empty log; a position our invariants refuse is C_INPUT.
 */
int import_read(int fmt, const char *buf, size_t len, const char *name, struct game *g,
		struct cerr *e);

#endif
