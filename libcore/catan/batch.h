/* batch.h: moves given as arguments or one a line (a struct movelog), applied to a game in order with the failing move named. */
#ifndef CATAN_BATCH_H
#define CATAN_BATCH_H

#include "err.h"
#include "types.h"

/*
 * batch_lines: appends copies of the moves of a moves file's text buf, one
 * a line, to mv (cutting buf into strings in place): surrounding blanks
 * and a line's CR are dropped, blank lines and lines starting with # are
 * skipped.  C_OK, or C_SYSTEM when memory runs out.
 */
int batch_lines(struct movelog *mv, char *buf, struct cerr *e);

/*
 * batch_apply: parses and applies every move of mv (move texts, or JSON
 * move objects' texts when json) to g in order, each required to be
 * as_seat's move unless as_seat is NOBODY ("the move is red's to make, not
 * blue's").  Returns C_OK; at the first refusal, the refusal's code
 * (C_ILLEGAL, C_SYSTEM) with "move N 'TEXT': " in front of the message,
 * and g holding the moves before it: a caller that wants all or nothing
 * drops g then.
 */
int batch_apply(struct game *g, const struct movelog *mv, int json, int as_seat, struct cerr *e);

#endif
