/* buf.h: the one growing text buffer of the library (listings, pictures, JSON), and its arena. */
#ifndef CATAN_BUF_H
#define CATAN_BUF_H

#include <stddef.h>

#include "err.h"

/*
 * A NUL-terminated text that grows as it is written.  Running out of
 * memory is remembered in failed and reported once, by buf_finish, so
 * writers need not check each call; after a failure every write does
 * nothing.  A zeroed struct buf is an empty buffer.
 */
struct buf {
	char *p;
	size_t len, cap;
	int failed;
};

/* buf_init: an empty buffer owning nothing. */
void buf_init(struct buf *b);
/* buf_add: appends n bytes of s; buf_adds a string; buf_addc one character. */
void buf_add(struct buf *b, const char *s, size_t n);
void buf_adds(struct buf *b, const char *s);
void buf_addc(struct buf *b, char c);
/* buf_reserve: room for n more bytes, so that adding them moves nothing (a failure is kept, as by buf_add). */
void buf_reserve(struct buf *b, size_t n);
/* buf_extend: n more bytes at the end, for the caller to write (the NUL after them written), or NULL after a failure. */
char *buf_extend(struct buf *b, size_t n);
/* buf_printf: appends formatted text. */
void buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/*
 * buf_finish: hands the text over (*out, NUL-terminated, and its length
 * *len; the caller frees *out), leaving b empty.  After a failure it frees
 * what was written and returns C_SYSTEM with "out of memory" in e.
 */
int buf_finish(struct buf *b, char **out, size_t *len, struct cerr *e);
/* buf_free: frees the text, leaving an empty buffer. */
void buf_free(struct buf *b);

/*
 * buf_grow_array: the array p of *cap elements of size bytes, moved if need
 * be to hold at least need (1 or more) elements: the capacity doubles from
 * 16, checked for overflow.  Returns the array (p itself when it had room),
 * or NULL when memory runs out: p and *cap are then as they were.
 */
void *buf_grow_array(void *p, size_t *cap, size_t need, size_t size);

/*
 * An arena: memory handed out in order from chunks that are freed all at
 * once (a document's values, a log's texts), so that a small piece costs
 * no allocation of its own.  A zeroed struct arena is empty.
 */
struct arena_chunk;
struct arena {
	struct arena_chunk *chunks;
};

/*
 * arena_alloc: size bytes, aligned for any type when aligned is set (else
 * anywhere, as text may be), or NULL when memory runs out.  A new chunk
 * holds at least first bytes (the first one) or twice the last one.
 */
void *arena_alloc(struct arena *a, size_t size, int aligned, size_t first);
/* arena_free: frees every chunk; a is left empty. */
void arena_free(struct arena *a);

#endif
