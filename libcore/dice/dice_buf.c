/* dice_buf.c: a growing text buffer. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "dice_buf.h"

void dbuf_init(struct dbuf *b)
{
	b->p = NULL;
	b->len = b->cap = 0;
	b->failed = 0;
}

void dbuf_printf(struct dbuf *b, const char *fmt, ...)
{
	va_list ap;
	if (b->failed)
		return;
	for (;;) {
		size_t room = b->cap - b->len;
		va_start(ap, fmt);
		int n = b->p ? vsnprintf(b->p + b->len, room, fmt, ap) : -2;
		va_end(ap);
		if (n == -1) {
			b->failed = 1;
			return;
		}
		if (n >= 0 && (size_t)n < room) {
			b->len += (size_t)n;
			return;
		}
		size_t cap = b->cap ? b->cap * 2 : 4096;
		while (n >= 0 && cap - b->len <= (size_t)n)
			cap *= 2;
		char *np = realloc(b->p, cap);
		if (!np) {
			b->failed = 1;
			return;
		}
		b->p = np;
		b->cap = cap;
	}
}

int dbuf_finish(struct dbuf *b, char **out, size_t *len, struct cerr *e)
{
	if (!b->failed && !b->p)
		dbuf_printf(b, "%s", "");
	if (b->failed) {
		dbuf_free(b);
		return cerr_set(e, C_SYSTEM, "out of memory");
	}
	*out = b->p;
	*len = b->len;
	b->p = NULL;
	return C_OK;
}

void dbuf_free(struct dbuf *b)
{
	free(b->p);
	dbuf_init(b);
}
