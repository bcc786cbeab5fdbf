/* verdict.h: the whole check of one game document (catan-validate's unit of work), kept after the game is gone. */
#ifndef CATAN_VERDICT_H
#define CATAN_VERDICT_H

#include <stddef.h>

#include "err.h"

/* What the check of one document found; the strings are owned. */
struct verdict {
	int status;		/* enum cstatus: C_OK when the game passed */
	size_t moves;		/* moves found legal */
	size_t index;		/* the failing move (1-based), or 0 */
	char *move;		/* its text, or NULL */
	char *msg;		/* the message, or NULL when the game passed */
	int set_up;		/* the game starts from a position set up by hand */
};

/*
 * verdict_check: reads the document buf (len bytes; game_read) and checks
 * it whole (game_replay), filling v: C_OK and the log's length; or the
 * failure's status (C_INPUT unreadable, C_ILLEGAL illegal) with the
 * message, the moves found legal and the failing move.  When memory runs
 * out v->status is C_SYSTEM and msg may be NULL.  Free v with
 * verdict_free.
 */
void verdict_check(const char *buf, size_t len, struct verdict *v);

/* verdict_failed: v for a document that could not be read at all: e's code and message. */
void verdict_failed(struct verdict *v, const struct cerr *e);

/*
 * verdict_line: v as catan-validate reports it for the input called name,
 * one line ending in a newline, into a malloc'd *out (the caller frees):
 * text ("NAME: ok, 12 moves", "NAME: ok, 12 moves from a set-up position", "NAME: move 3 'red end': MESSAGE",
 * "NAME: MESSAGE") or, with json, one compact JSON object with the keys
 * file, ok, status, moves_checked and error (null, or index, move and
 * message).  A name that is not UTF-8 has its bytes above 127 written as
 * '?' in JSON.  Returns C_OK, or C_SYSTEM when memory runs out.
 */
int verdict_line(const struct verdict *v, const char *name, int json, char **out);

/* verdict_free: frees v's strings; v is then empty. */
void verdict_free(struct verdict *v);

#endif
