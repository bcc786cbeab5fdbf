/* err.h: status codes shared by libcore and every command, and the error value libcore fills. */
#ifndef CATAN_ERR_H
#define CATAN_ERR_H

#include <stdarg.h>

/*
 * One exit status per kind of failure, used by every binary (README.md, "Exit statuses"):
 * libcore returns one of these and fills a struct cerr; only cmd/ prints
 * the message and exits with the code.
 */
enum cstatus {
	C_OK = 0,	/* done */
	C_ILLEGAL = 1,	/* the rules say no: illegal move, invalid game */
	C_USAGE = 2,	/* usage error */
	C_INPUT = 3,	/* input not readable as a game: JSON, schema, version */
	C_SYSTEM = 4,	/* I/O or memory */
};

/* An error: the status and a message in git's style (lower-case, no trailing period). */
struct cerr {
	int code;
	char msg[512];
};

/* cerr_set: stores code and the formatted message in e (if e is not NULL); returns code. */
int cerr_set(struct cerr *e, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int cerr_vset(struct cerr *e, int code, const char *fmt, va_list ap) __attribute__((format(printf, 3, 0)));

/* cerr_prefix: puts "prefix: " in front of e's message (used to add a JSON path or a move number). */
void cerr_prefix(struct cerr *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
