/* jw.c: the canonical JSON writer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jw.h"

void jw_init(struct jw *w, int compact)
{
	memset(w, 0, sizeof *w);
	w->compact = compact;
	w->first[0] = 1;
}

void jw_free(struct jw *w)
{
	free(w->buf);
	w->buf = NULL;
}

static void put(struct jw *w, const char *s, size_t n)
{
	if (w->failed)
		return;
	if (w->len + n + 1 > w->cap) {
		size_t cap = w->cap ? w->cap : 4096;
		while (w->len + n + 1 > cap)
			cap *= 2;
		char *nb = realloc(w->buf, cap);
		if (!nb) {
			w->failed = 1;
			return;
		}
		w->buf = nb;
		w->cap = cap;
	}
	memcpy(w->buf + w->len, s, n);
	w->len += n;
	w->buf[w->len] = '\0';
}

static void puts_(struct jw *w, const char *s)
{
	put(w, s, strlen(s));
}

static void newline(struct jw *w)
{
	static const char spaces[] = "                                                                ";
	put(w, "\n", 1);
	size_t n = (size_t)w->depth * 2;
	put(w, spaces, n < sizeof spaces - 1 ? n : sizeof spaces - 1);
}

/* Before a value or key at the current depth: the separator and layout. */
static void sep(struct jw *w)
{
	if (w->depth == 0)
		return;
	if (!w->first[w->depth])
		puts_(w, w->compact ? "," : (w->inl ? ", " : ","));
	w->first[w->depth] = 0;
	if (!w->compact && !w->inl)
		newline(w);
}

static void before_value(struct jw *w)
{
	if (w->after_key) {	/* a value right after its key: no separator */
		w->after_key = 0;
		return;
	}
	sep(w);
}

static void open_(struct jw *w, const char *c, int layout)
{
	before_value(w);
	puts_(w, c);
	if (w->depth < 63)
		w->depth++;
	w->first[w->depth] = 1;
	if (layout == JW_INLINE && !w->inl)
		w->inl = w->depth;
}

static void close_(struct jw *w, const char *c)
{
	int empty = w->first[w->depth];
	int was_inline = w->inl != 0;
	if (w->inl == w->depth)
		w->inl = 0;
	w->depth--;
	if (!w->compact && !was_inline && !empty)
		newline(w);
	puts_(w, c);
}

void jw_obj(struct jw *w, int layout)
{
	open_(w, "{", layout);
}

void jw_arr(struct jw *w, int layout)
{
	open_(w, "[", layout);
}

void jw_end_obj(struct jw *w)
{
	close_(w, "}");
}

void jw_end_arr(struct jw *w)
{
	close_(w, "]");
}

static void string(struct jw *w, const char *s)
{
	put(w, "\"", 1);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		char esc[8];
		if (*p == '"' || *p == '\\') {
			esc[0] = '\\';
			esc[1] = (char)*p;
			put(w, esc, 2);
		} else if (*p < 0x20) {
			snprintf(esc, sizeof esc, "\\u%04x", *p);
			put(w, esc, 6);
		} else {
			put(w, (const char *)p, 1);
		}
	}
	put(w, "\"", 1);
}

void jw_key(struct jw *w, const char *key)
{
	sep(w);
	string(w, key);
	puts_(w, w->compact ? ":" : ": ");
	w->after_key = 1;
}

void jw_str(struct jw *w, const char *s)
{
	before_value(w);
	string(w, s);
}

void jw_int(struct jw *w, long long v)
{
	char b[24];
	before_value(w);
	snprintf(b, sizeof b, "%lld", v);
	puts_(w, b);
}

void jw_bool(struct jw *w, int v)
{
	before_value(w);
	puts_(w, v ? "true" : "false");
}

void jw_null(struct jw *w)
{
	before_value(w);
	puts_(w, "null");
}

int jw_finish(struct jw *w, char **out, size_t *len)
{
	put(w, "\n", 1);
	if (w->failed) {
		jw_free(w);
		return -1;
	}
	*out = w->buf;
	*len = w->len;
	w->buf = NULL;
	return 0;
}
