/* buf.c: the one growing text buffer of the library. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

void buf_init(struct buf *b)
{
	memset(b, 0, sizeof *b);
}

void *buf_grow_array(void *p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return p;
	size_t n = *cap ? *cap : 16;
	while (n < need) {
		if (n > SIZE_MAX / 2)
			return NULL;
		n *= 2;
	}
	if (n > SIZE_MAX / size)
		return NULL;
	void *np = realloc(p, n * size);
	if (np)
		*cap = n;
	return np;
}

/* grow: room for more bytes and the final NUL; -1 (the buffer failed) when there is none. */
static int grow(struct buf *b, size_t more)
{
	char *p;
	if (b->failed)
		return -1;
	if (more >= SIZE_MAX - b->len || !(p = buf_grow_array(b->p, &b->cap, b->len + more + 1, 1))) {
		b->failed = 1;
		return -1;
	}
	b->p = p;
	return 0;
}

void buf_reserve(struct buf *b, size_t n)
{
	grow(b, n);
}

void buf_add(struct buf *b, const char *s, size_t n)
{
	if (grow(b, n))
		return;
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

char *buf_extend(struct buf *b, size_t n)
{
	if (grow(b, n))
		return NULL;
	char *at = b->p + b->len;
	b->len += n;
	b->p[b->len] = '\0';
	return at;
}

void buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void buf_addc(struct buf *b, char c)
{
	if (grow(b, 1))
		return;
	b->p[b->len++] = c;
	b->p[b->len] = '\0';
}

void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	char small[256];
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->failed = 1;
		return;
	}
	if ((size_t)n < sizeof small) {
		buf_add(b, small, (size_t)n);
		return;
	}
	if (grow(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

int buf_finish(struct buf *b, char **out, size_t *len, struct cerr *e)
{
	if (grow(b, 0) != 0) {
		buf_free(b);
		*out = NULL;
		*len = 0;
		return cerr_set(e, C_SYSTEM, "out of memory");
	}
	b->p[b->len] = '\0';
	*out = b->p;
	*len = b->len;
	buf_init(b);
	return C_OK;
}

void buf_free(struct buf *b)
{
	free(b->p);
	buf_init(b);
}

struct arena_chunk {
	struct arena_chunk *next;
	size_t used, cap;
	max_align_t data[];
};

void *arena_alloc(struct arena *a, size_t size, int aligned, size_t first)
{
	struct arena_chunk *c = a->chunks;
	size_t at = c ? c->used : 0;
	if (aligned) {
		at = (at + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
		if (size > SIZE_MAX - sizeof(max_align_t))
			return NULL;
	}
	if (!c || at > c->cap || c->cap - at < size) {
		size_t cap = c ? c->cap * 2 : first;
		if (cap < size)
			cap = size;
		if (cap < 4096)
			cap = 4096;
		if (cap > SIZE_MAX - sizeof *c || !(c = malloc(sizeof *c + cap)))
			return NULL;
		c->next = a->chunks;
		c->cap = cap;
		a->chunks = c;
		at = 0;
	}
	c->used = at + size;
	return (char *)c->data + at;
}

void arena_free(struct arena *a)
{
	for (struct arena_chunk *c = a->chunks, *next; c; c = next) {
		next = c->next;
		free(c);
	}
	a->chunks = NULL;
}
