/* dice_buf.h: a growing text buffer for the dice game's listings and pictures. */
#ifndef CATAN_DICE_BUF_H
#define CATAN_DICE_BUF_H

#include <stddef.h>

#include "err.h"

/* Out of memory is remembered in failed and reported once by dbuf_finish. */
struct dbuf {
	char *p;
	size_t len, cap;
	int failed;
};

/* dbuf_init: an empty buffer owning nothing. */
void dbuf_init(struct dbuf *b);
/* dbuf_printf: appends formatted text; on failure marks the buffer failed and keeps what it had. */
void dbuf_printf(struct dbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* dbuf_finish: hands over the NUL-terminated text (caller frees) or C_SYSTEM after a failure. */
int dbuf_finish(struct dbuf *b, char **out, size_t *len, struct cerr *e);
/* dbuf_free: releases the text, leaving an empty buffer. */
void dbuf_free(struct dbuf *b);

#endif
