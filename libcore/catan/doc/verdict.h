/* verdict.h: the whole check of one game document (catan-validate's unit of work), kept after the game is gone. */
#ifndef CATAN_VERDICT_H
#define CATAN_VERDICT_H

#include <stddef.h>

#include "buf.h"
#include "err.h"

/* What the check of one document found; the strings are owned. */
struct verdict {
	int status;		/* enum cstatus: C_OK when the game passed */
	size_t moves;		/* moves found legal */
	size_t index;		/* the failing move (1-based), or 0 */
	char *move;		/* its text, or NULL */
	char *msg;		/* the message, or NULL when the game passed */
	int set_up;		/* the game starts from a position set up by hand */
	size_t line, col;	/* where the failing move stands in the document (from 1), or 0 */
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

/*
 * The forms of catan-validate's report (catan-validate(1), --format).  A
 * report is verdict_head, then verdict_report for each file in order, then
 * verdict_tail; JUnit's head holds the totals, so its caller keeps the
 * files' parts until the end.
 */
enum verdict_format { VERDICT_TEXT, VERDICT_JSON, VERDICT_JUNIT, VERDICT_GITHUB, VERDICT_TAP };
/* verdict_format_names: the forms' names in the enum's order, NULL-terminated. */
extern const char *const verdict_format_names[];

/* What a whole run found, for the head and the tail. */
struct verdict_totals {
	size_t files;		/* the files checked (the head of TAP: the files to check) */
	size_t failed;		/* of them, the illegal games (status 1) */
	size_t errors;		/* and the files that are no game or could not be read */
	size_t moves;		/* moves found legal, in all */
	double seconds;		/* the run's time */
	const char *timestamp;	/* JUnit: the start, "YYYY-MM-DDTHH:MM:SS" in UTC */
	const char *hostname;	/* JUnit: the machine */
};

/*
 * verdict_head, verdict_report, verdict_tail: the parts of the report in
 * form f, appended to out (its failure is out's, reported by buf_finish).
 * verdict_report writes file number n (from 1) called name (NULL for
 * standard input, "stdin" in the report), checked in seconds: text and JSON as verdict_line; JUnit a testcase; GitHub an
 * annotation for a file that fails and nothing for one that passes; TAP a
 * test line, and a YAML block for a failure.  The tail is the summary in
 * the form's own way (nothing for text and JSON, whose summary is the
 * progress line).  Names and messages are written as the form needs them
 * escaped, with bytes that are no UTF-8 (or control characters, where the
 * form cannot hold them) as '?'.
 */
void verdict_head(enum verdict_format f, const struct verdict_totals *t, struct buf *out);
void verdict_report(const struct verdict *v, const char *name, enum verdict_format f, size_t n, double seconds,
		    struct buf *out);
void verdict_tail(enum verdict_format f, const struct verdict_totals *t, struct buf *out);

/* verdict_free: frees v's strings; v is then empty. */
void verdict_free(struct verdict *v);

#endif
