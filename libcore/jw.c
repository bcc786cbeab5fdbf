/* jw.c: the canonical JSON writer. */
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
	buf_free(&w->out);
}

static void put(struct jw *w, const char *s, size_t n)
{
	buf_add(&w->out, s, n);
}

static void puts_(struct jw *w, const char *s)
{
	buf_adds(&w->out, s);
}

/* A comma, a line's end and the indent of the deepest level, to be written in part. */
static const char line_end[] = ",\n                                                                ";

/* line_start: the length of the comma (when comma is set), line's end and indent of the current depth at line_end + !comma. */
static size_t line_start(const struct jw *w, int comma)
{
	size_t n = (size_t)w->depth * 2, most = sizeof line_end - 3;
	return (size_t)comma + 1 + (n < most ? n : most);
}

/* newline: a line's end and the indent of the current depth, after a comma when comma is set. */
static void newline(struct jw *w, int comma)
{
	put(w, line_end + !comma, line_start(w, comma));
}

/* Before a value or key at the current depth: the separator and layout. */
static void sep(struct jw *w)
{
	if (w->depth == 0)
		return;
	int comma = !w->first[w->depth];
	w->first[w->depth] = 0;
	if (!w->compact && !w->inl)
		newline(w, comma);
	else if (comma)
		put(w, ", ", w->compact ? 1 : 2);
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
		newline(w, 0);
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

/* utf8: the code point of the UTF-8 sequence at p and its length in *n, or -1 when it is none (overlong, a surrogate, cut short). */
static long utf8(const unsigned char *p, int *n)
{
	static const long least[] = { 0, 0, 0x80, 0x800, 0x10000 };
	/* The lead bytes: c2-df of two bytes, e0-ef of three, f0-f4 of four; no other byte leads. */
	int len = *p >= 0xc2 && *p <= 0xdf ? 2 : *p >= 0xe0 && *p <= 0xef ? 3 : *p >= 0xf0 && *p <= 0xf4 ? 4 : 0;
	long c = len ? *p & (0x7f >> len) : -1;
	for (int i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return -1;
		c = c << 6 | (p[i] & 0x3f);
	}
	if (!len || c < least[len] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return -1;
	*n = len;
	return c;
}

/* escape: \uXXXX of a code point below 0x10000. */
static void escape(struct jw *w, long c)
{
	static const char hex[] = "0123456789abcdef";
	char esc[6] = { '\\', 'u', hex[c >> 12 & 15], hex[c >> 8 & 15], hex[c >> 4 & 15], hex[c & 15] };
	put(w, esc, 6);
}

const unsigned char json_plain[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 00 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 10 */
	3, 3, 0, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,	/* 20 */
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,	/* 30 */
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,	/* 40 */
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0, 3, 3, 3,	/* 50 */
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,	/* 60 */
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,	/* 70 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 80 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 90 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* a0 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* b0 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* c0 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* d0 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* e0 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* f0 */
};

/* string: s quoted, the characters that need no escape copied in runs. */
static void string(struct jw *w, const char *s)
{
	const unsigned char *p = (const unsigned char *)s, *run = p;
	unsigned char mask = w->ascii ? JSON_PLAIN_ASCII : JSON_PLAIN_UTF8;

	while (json_plain[*p] & mask)
		p++;
	if (!*p) {	/* nothing to escape: the whole string at once */
		size_t n = (size_t)(p - run);
		char *q = buf_extend(&w->out, n + 2);
		if (q) {
			q[0] = '"';
			memcpy(q + 1, s, n);
			q[n + 1] = '"';
		}
		return;
	}
	p = run;
	buf_addc(&w->out, '"');
	while (*p) {
		if (*p != '"' && *p != '\\' && *p >= 0x20 && (*p < 0x80 || !w->ascii)) {
			p++;
			continue;
		}
		put(w, (const char *)run, (size_t)(p - run));
		int n = 1;
		if (*p == '"' || *p == '\\') {
			char esc[2] = { '\\', (char)*p };
			put(w, esc, 2);
		} else if (*p < 0x20) {
			escape(w, *p);
		} else {	/* ascii: a character of several bytes, as jansson's JSON_ENSURE_ASCII writes it */
			long c = utf8(p, &n);
			if (c < 0) {
				put(w, "?", 1);
				n = 1;
			} else if (c < 0x10000) {
				escape(w, c);
			} else {
				escape(w, 0xd800 + ((c - 0x10000) >> 10));
				escape(w, 0xdc00 + ((c - 0x10000) & 0x3ff));
			}
		}
		p += n;
		run = p;
	}
	put(w, (const char *)run, (size_t)(p - run));
	buf_addc(&w->out, '"');
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

void jw_str_plain(struct jw *w, const char *s, size_t n)
{
	size_t k = 0;
	int comma = 0;
	if (w->after_key || w->depth == 0 || w->compact || w->inl) {
		before_value(w);
	} else {	/* an element on a line of its own (a log's line): its line's start written with it */
		comma = !w->first[w->depth];
		w->first[w->depth] = 0;
		k = line_start(w, comma);
	}
	char *q = buf_extend(&w->out, k + n + 2);
	if (q) {
		memcpy(q, line_end + !comma, k);
		q[k] = '"';
		memcpy(q + k + 1, s, n);
		q[k + n + 1] = '"';
	}
}

void jw_int(struct jw *w, long long v)
{
	char b[24], *end = b + sizeof b, *q = end;
	/* Digits from the right, in unsigned arithmetic so that LLONG_MIN has its magnitude. */
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;

	before_value(w);
	do
		*--q = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--q = '-';
	put(w, q, (size_t)(end - q));
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

void jw_key_str(struct jw *w, const char *key, const char *s)
{
	jw_key(w, key);
	jw_str(w, s);
}

void jw_key_int(struct jw *w, const char *key, long long v)
{
	jw_key(w, key);
	jw_int(w, v);
}

void jw_key_bool(struct jw *w, const char *key, int v)
{
	jw_key(w, key);
	jw_bool(w, v);
}

int jw_finish(struct jw *w, char **out, size_t *len)
{
	struct cerr e;
	buf_addc(&w->out, '\n');
	return buf_finish(&w->out, out, len, &e) == C_OK ? 0 : -1;
}
