/* buf_test.c: the text buffer (growth, formatting, ownership, running out of memory), the arena and the JSON writer's runs. */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "jw.h"
#include "unit.h"

/* realloc fails on demand (the program is linked with -Wl,--wrap=realloc). */
void *__real_realloc(void *p, size_t n);
void *__wrap_realloc(void *p, size_t n);
static int realloc_fails;

void *__wrap_realloc(void *p, size_t n)
{
	return realloc_fails ? NULL : __real_realloc(p, n);
}

static void growth(struct unit *u)
{
	struct buf b;
	struct cerr e = { 0 };
	char *out;
	size_t len;

	buf_init(&b);
	for (int i = 0; i < 10000; i++)
		buf_add(&b, "abc", 3);
	buf_addc(&b, '!');
	CHECK(u, b.len == 30001 && b.p[30000] == '!' && b.p[30001] == '\0', "len %zu", b.len);
	CHECK(u, memcmp(b.p + 29997, "abc!", 4) == 0, "the end");
	char big[1000];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	buf_printf(&b, "[%s|%d]", big, 42);
	CHECK(u, b.len == 30001 + 1 + 999 + 4, "printf of long text: %zu", b.len);
	CHECK(u, strcmp(b.p + b.len - 5, "x|42]") == 0, "the formatted end");
	CHECK(u, buf_finish(&b, &out, &len, &e) == C_OK && len == 31005 && out[len] == '\0', "finish");
	CHECK(u, b.p == NULL && b.len == 0 && b.cap == 0, "finish leaves the buffer empty");
	free(out);

	/* An empty buffer finishes as an empty string. */
	buf_init(&b);
	CHECK(u, buf_finish(&b, &out, &len, &e) == C_OK && len == 0 && out && out[0] == '\0', "empty");
	free(out);
}

static void out_of_memory(struct unit *u)
{
	struct buf b;
	struct cerr e = { 0 };
	char *out = NULL;
	size_t len = 0;

	buf_init(&b);
	buf_adds(&b, "kept");
	realloc_fails = 1;
	for (int i = 0; i < 100; i++)
		buf_adds(&b, "more text than the first allocation holds ............");
	CHECK(u, b.failed == 1, "the failure is remembered");
	realloc_fails = 0;
	buf_adds(&b, "after");
	CHECK(u, b.failed == 1 && strcmp(b.p, "kept") == 0, "writes after a failure do nothing: '%s'", b.p);
	CHECK(u, buf_finish(&b, &out, &len, &e) == C_SYSTEM && out == NULL, "finish reports it");
	CHECK(u, strcmp(e.msg, "out of memory") == 0, "message '%s'", e.msg);
	CHECK(u, b.p == NULL && b.failed == 0, "and frees the text");

	size_t cap = 0;
	CHECK(u, buf_grow_array(NULL, &cap, (size_t)-1, 8) == NULL && cap == 0, "an array too large");
	int *a = buf_grow_array(NULL, &cap, 20, sizeof *a);
	CHECK(u, a != NULL && cap == 32, "an array doubles from 16: %zu", cap);
	CHECK(u, buf_grow_array(a, &cap, 32, sizeof *a) == a, "room already");
	free(a);
}

/* jw_text: the document the writer makes of one value, without its final newline. */
static char *one(void (*write)(struct jw *, const void *), const void *arg)
{
	struct jw w;
	char *out;
	size_t len;
	jw_init(&w, 1);
	write(&w, arg);
	if (jw_finish(&w, &out, &len) != 0)
		return NULL;
	out[len - 1] = '\0';
	return out;
}

static void write_str(struct jw *w, const void *s)
{
	jw_str(w, s);
}

static void write_ascii(struct jw *w, const void *s)
{
	w->ascii = 1;
	jw_str(w, s);
}

static void write_int(struct jw *w, const void *v)
{
	jw_int(w, *(const long long *)v);
}

static void json_writer(struct unit *u)
{
	static const struct {
		const char *in, *out;
	} strings[] = {
		{ "", "\"\"" },
		{ "plain text", "\"plain text\"" },
		{ "a\"b\\c", "\"a\\\"b\\\\c\"" },
		{ "\x01\t\n\x1f end", "\"\\u0001\\u0009\\u000a\\u001f end\"" },
		{ "caf\xc3\xa9 \xe2\x82\xac", "\"caf\xc3\xa9 \xe2\x82\xac\"" },
		{ "\"", "\"\\\"\"" },
	};
	static const struct {
		long long v;
		const char *out;
	} ints[] = {
		{ 0, "0" }, { 7, "7" }, { -7, "-7" }, { 1000000, "1000000" },
		{ LLONG_MAX, "9223372036854775807" }, { LLONG_MIN, "-9223372036854775808" },
	};
	for (size_t i = 0; i < sizeof strings / sizeof *strings; i++) {
		char *s = one(write_str, strings[i].in);
		CHECK(u, s && strcmp(s, strings[i].out) == 0, "string %zu: %s", i, s ? s : "(null)");
		free(s);
	}
	for (size_t i = 0; i < sizeof ints / sizeof *ints; i++) {
		char *s = one(write_int, &ints[i].v);
		CHECK(u, s && strcmp(s, ints[i].out) == 0, "integer %zu: %s", i, s ? s : "(null)");
		free(s);
	}

	struct jw w;
	char *out;
	size_t len;
	jw_init(&w, 0);
	jw_obj(&w, JW_BLOCK);
	jw_key(&w, "a");
	jw_arr(&w, JW_INLINE);
	jw_int(&w, 1);
	jw_int(&w, -2);
	jw_end_arr(&w);
	jw_key(&w, "b");
	jw_null(&w);
	jw_end_obj(&w);
	CHECK(u, jw_finish(&w, &out, &len) == 0 && strcmp(out, "{\n  \"a\": [1, -2],\n  \"b\": null\n}\n") == 0,
	      "pretty layout: %s", out);
	free(out);

	/* ASCII alone: escapes as jansson's JSON_ENSURE_ASCII writes them, '?' for a byte that is no UTF-8. */
	static const struct {
		const char *in, *out;
	} ascii[] = {
		{ "caf\xc3\xa9", "\"caf\\u00e9\"" },
		{ "\xe2\x82\xac \xf0\x9f\x98\x80", "\"\\u20ac \\ud83d\\ude00\"" },
		{ "a\xff" "b", "\"a?b\"" },
		{ "\xc3", "\"?\"" },				/* cut short */
		{ "\xc0\xaf", "\"??\"" },			/* overlong */
		{ "\xed\xa0\x80", "\"???\"" },		/* a surrogate */
		{ "\xff\x80\x80", "\"???\"" },		/* no lead byte at all */
		{ "\xf5\x80\x80\x80", "\"????\"" },	/* beyond U+10FFFF */
		{ "\x01\"x", "\"\\u0001\\\"x\"" },
	};
	for (size_t i = 0; i < sizeof ascii / sizeof *ascii; i++) {
		char *a = one(write_ascii, ascii[i].in);
		CHECK(u, a && strcmp(a, ascii[i].out) == 0, "ascii string %zu: %s", i, a ? a : "(null)");
		free(a);
	}

	jw_init(&w, 0);
	jw_obj(&w, JW_BLOCK);
	realloc_fails = 1;
	for (int i = 0; i < 1000; i++) {
		jw_key(&w, "key");
		jw_str(&w, "a value long enough to need more room than there is");
	}
	realloc_fails = 0;
	jw_end_obj(&w);
	CHECK(u, jw_finish(&w, &out, &len) == -1, "the writer reports running out of memory");
}

/* The arena: text anywhere, values aligned, pieces larger than a chunk, and what was written stays. */
static void arena(struct unit *u)
{
	struct arena a = { 0 };
	char *first = arena_alloc(&a, 3, 0, 16);
	memcpy(first, "ab", 3);
	char *odd = arena_alloc(&a, 5, 0, 16);
	CHECK(u, odd == first + 3, "text follows text");
	long double *v = arena_alloc(&a, sizeof *v, 1, 16);
	CHECK(u, (uintptr_t)v % _Alignof(max_align_t) == 0, "a value is aligned");
	*v = 1.5L;
	char *big = arena_alloc(&a, 100000, 0, 16);
	CHECK(u, big != NULL, "a piece larger than the chunk");
	memset(big, 'x', 100000);
	int ok = 1;
	for (int i = 0; i < 2000; i++) {
		char *p = arena_alloc(&a, 7, i % 2, 16);
		ok &= p != NULL && ((i % 2) == 0 || (uintptr_t)p % _Alignof(max_align_t) == 0);
		if (p)
			memset(p, 'y', 7);
	}
	CHECK(u, ok, "many small pieces");
	CHECK(u, strcmp(first, "ab") == 0 && *v == 1.5L && big[99999] == 'x', "what was written stays");
	arena_free(&a);
	CHECK(u, a.chunks == NULL, "freed, empty");
}

int main(void)
{
	struct unit u = { 0 };
	arena(&u);
	growth(&u);
	out_of_memory(&u);
	json_writer(&u);
	printf("%d checks, %d failed\n", u.run, u.failed);
	return u.failed != 0;
}
