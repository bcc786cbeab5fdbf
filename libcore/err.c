/* err.c: filling the error value that libcore returns. */
#include <stdio.h>
#include <string.h>

#include "err.h"

int cerr_vset(struct cerr *e, int code, const char *fmt, va_list ap)
{
	if (e) {
		e->code = code;
		vsnprintf(e->msg, sizeof e->msg, fmt, ap);
	}
	return code;
}

int cerr_set(struct cerr *e, int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	cerr_vset(e, code, fmt, ap);
	va_end(ap);
	return code;
}

void cerr_prefix(struct cerr *e, const char *fmt, ...)
{
	char head[256], old[sizeof e->msg];
	va_list ap;

	if (!e)
		return;
	va_start(ap, fmt);
	vsnprintf(head, sizeof head, fmt, ap);
	va_end(ap);
	memcpy(old, e->msg, sizeof old);
	/* Truncation of an over-long message is acceptable; say so to the compiler. */
	int n = snprintf(e->msg, sizeof e->msg, "%.200s: ", head);
	if (n > 0 && (size_t)n < sizeof e->msg)
		snprintf(e->msg + n, sizeof e->msg - (size_t)n, "%.*s", (int)(sizeof e->msg - (size_t)n - 1), old);
}
