/* jw.h: a small JSON writer producing the project's canonical layout into a growing buffer. */
#ifndef CATAN_JW_H
#define CATAN_JW_H

#include <stddef.h>

#include "buf.h"

/*
 * Canonical layout: in pretty mode a "block" container puts each member on
 * its own line, indented by two spaces; an "inline" container (small
 * objects, lists of numbers) stays on one line with ", " and ": ".  In
 * compact mode nothing has whitespace.  Out of memory is remembered by the
 * buffer and checked once at the end (jw_finish), so callers need not test
 * every call.
 */
struct jw {
	struct buf out;
	int compact;
	int depth;
	int inl;		/* depth at which inline layout began, or 0 */
	int after_key;		/* a key was written; its value comes next */
	int ascii;		/* strings in ASCII alone: other characters escaped, '?' for a byte that is not UTF-8 */
	unsigned char first[64];	/* no member written yet at this depth */
};

enum { JW_BLOCK = 0, JW_INLINE = 1 };

void jw_init(struct jw *w, int compact);
/* jw_finish: appends a final newline; returns 0 and hands over buf (caller frees), or -1 on failure. */
int jw_finish(struct jw *w, char **out, size_t *len);
void jw_free(struct jw *w);

void jw_obj(struct jw *w, int layout);
void jw_arr(struct jw *w, int layout);
void jw_end_obj(struct jw *w);
void jw_end_arr(struct jw *w);
/* jw_key: the next member's key (inside an object). */
void jw_key(struct jw *w, const char *key);
void jw_str(struct jw *w, const char *s);
/* jw_str_plain: jw_str of the n bytes at s, printable ASCII without a quote or a backslash (none is escaped). */
void jw_str_plain(struct jw *w, const char *s, size_t n);
void jw_int(struct jw *w, long long v);
void jw_bool(struct jw *w, int v);
void jw_null(struct jw *w);
/* jw_key_str, jw_key_int, jw_key_bool: a member and its value at once. */
void jw_key_str(struct jw *w, const char *key, const char *s);
void jw_key_int(struct jw *w, const char *key, long long v);
void jw_key_bool(struct jw *w, const char *key, int v);

/*
 * json_plain: the bytes a JSON string may hold as they are, for the writer
 * and the reader alike: JSON_PLAIN_UTF8 in a string written as UTF-8 (not a
 * quote, a backslash or a control character), JSON_PLAIN_ASCII in ASCII
 * too (none above 0x7f either: what jv reads without a second look).
 */
enum { JSON_PLAIN_UTF8 = 1, JSON_PLAIN_ASCII = 2 };
extern const unsigned char json_plain[256];

#endif
