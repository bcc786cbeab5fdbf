/* batch.h: a list of moves, given as arguments or one a line, applied to a game in order with the failing move named. */
#ifndef CATAN_BATCH_H
#define CATAN_BATCH_H

#include <stddef.h>

#include "err.h"
#include "types.h"

/*
 * The moves to apply, as given (move text, or a JSON move object's text):
 * strings borrowed from the caller or pointing into filebuf.
 */
struct batch {
	char **text;
	size_t len, cap;
	char *filebuf;		/* a moves file's text, owned (batch_free frees it), or NULL */
};

/* batch_push: adds move s (borrowed) at the end.  C_OK, or C_SYSTEM. */
int batch_push(struct batch *b, char *s, struct cerr *e);

/*
 * batch_lines: adds the moves of a moves file's text buf, one a line,
 * cutting buf into strings in place: surrounding blanks and a line's CR
 * are dropped, blank lines and lines starting with # are skipped.  C_OK,
 * or C_SYSTEM when memory runs out.
 */
int batch_lines(struct batch *b, char *buf, struct cerr *e);

/*
 * batch_apply: parses and applies every move of b to g in order (JSON
 * move objects when json), each required to be as_seat's move unless
 * as_seat is NOBODY ("the move is red's to make, not blue's").  Returns
 * C_OK; at the first refusal, the refusal's code (C_ILLEGAL, C_SYSTEM)
 * with "move N 'TEXT': " in front of the message, and g holding the moves
 * before it: a caller that wants all or nothing drops g then.
 */
int batch_apply(struct game *g, const struct batch *b, int json, int as_seat, struct cerr *e);

/* batch_free: frees the list and filebuf; b is then empty and may be filled again. */
void batch_free(struct batch *b);

#endif
