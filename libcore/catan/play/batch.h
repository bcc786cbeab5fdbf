/* batch.h: moves given as arguments or one a line, applied to a game one at a time, each named by its number. */
#ifndef CATAN_BATCH_H
#define CATAN_BATCH_H

#include <stddef.h>

#include "err.h"
#include "model/types.h"

/*
 * batch_line_move: the move a line of a moves file holds (line is a
 * string, cut in place): surrounding blanks and a CR dropped; NULL for a
 * blank line or one starting with #.
 */
char *batch_line_move(char *line);

struct move;
/*
 * batch_parse_move: one move, its text or (json) a JSON move object, into
 * *m.  C_OK; C_ILLEGAL with a message for what is not a move; C_SYSTEM.
 */
int batch_parse_move(const struct game *g, const char *text, int json, struct move *m, struct cerr *e);

/*
 * A refused move of a batch, told apart, for a caller that writes the
 * refusal for programs (catan-move --errors json): the move's number, its
 * text as given, its canonical text when it was read as a move, and the
 * reason alone (e's message without "move N 'TEXT': ").  Free with
 * batch_refusal_free; a struct of zeros holds no refusal.
 */
struct batch_refusal {
	size_t n;		/* the move's number in the batch, from 1; 0: none */
	char *text;		/* malloc'd; NULL when memory ran out */
	int parsed;		/* 1: canonical holds the move's canonical text */
	char canonical[160];
	char reason[sizeof ((struct cerr *)0)->msg];
};
void batch_refusal_free(struct batch_refusal *r);

/*
 * batch_apply_move: parses text (a move, or a JSON move object when json)
 * and applies it to g as move n of a batch, required to be as_seat's move
 * unless as_seat is NOBODY ("the move is red's to make, not blue's").
 * Returns C_OK; on a refusal, its code (C_ILLEGAL, C_SYSTEM) with the
 * message named by batch_name_move (and r, when not NULL, filled as it
 * says), and g as it was before the move: the moves before it stand in g,
 * and a caller that wants all or nothing drops g.
 */
int batch_apply_move(struct game *g, const char *text, int json, int as_seat, size_t n,
		     struct batch_refusal *r, struct cerr *e);

/*
 * batch_name_move: puts "move N 'TEXT': " in front of e's message, the
 * form every refusal of a batch has, so that a caller can tell that moves
 * 1 to N-1 were applied; when r is not NULL, first records the refusal
 * there apart (canonical: the move's canonical text, or NULL when the
 * text was not read as a move).
 */
void batch_name_move(struct cerr *e, size_t n, const char *text, const char *canonical,
		     struct batch_refusal *r);

#endif
