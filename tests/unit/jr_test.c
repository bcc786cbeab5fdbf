/* jr_test.c: the strict JSON reader: paths in messages (nested, deep, with a prefix and a label) and each helper's checks. */
#include <string.h>

#include "jr.h"
#include "jv_jansson.h"
#include "unit.h"

/* doc: text read as a document (the caller frees it with jv_free). */
static struct jv_doc doc(const char *text)
{
	struct jv_doc d = { 0 };
	struct jv_error err;
	if (jv_parse(text, strlen(text), &d, &err))
		fprintf(stderr, "jr_test: '%s': %s\n", text, err.text);
	return d;
}

static void paths(struct unit *u)
{
	struct cerr e = { 0 };
	struct jr r;
	char buf[320];

	jr_init(&r, "", &e);
	CHECK(u, strcmp(jr_path(&r, buf, sizeof buf), "") == 0, "top: '%s'", buf);
	CHECK(u, jr_fail(&r, "bad %d", 1) == C_INPUT && strcmp(e.msg, "bad 1") == 0, "'%s'", e.msg);
	int a = jr_key(&r, "players");
	jr_index(&r, 2);
	int c = jr_key(&r, "built");
	jr_index(&r, 10);
	CHECK(u, strcmp(jr_path(&r, buf, sizeof buf), "players[2].built[10]") == 0, "nested: '%s'", buf);
	jr_fail(&r, "no site %s", "Q3");
	CHECK(u, strcmp(e.msg, "players[2].built[10]: no site Q3") == 0, "'%s'", e.msg);
	jr_pop(&r, c);
	CHECK(u, strcmp(jr_path(&r, buf, sizeof buf), "players[2]") == 0, "pop: '%s'", buf);
	r.label = "hex";
	r.number = 5;
	jr_fail(&r, "x");
	CHECK(u, strcmp(e.msg, "players[2] (hex #5): x") == 0, "label: '%s'", e.msg);
	r.label = NULL;
	jr_pop(&r, a);
	CHECK(u, r.depth == 0, "back at the top");

	jr_init(&r, "map", &e);
	jr_key(&r, "sites");
	jr_index(&r, 0);
	jr_fail(&r, "y");
	CHECK(u, strcmp(e.msg, "map.sites[0]: y") == 0, "prefix: '%s'", e.msg);

	/* Deeper than the context keeps: the first steps, then "...". */
	jr_init(&r, "", &e);
	for (int i = 0; i < JR_MAXDEPTH + 5; i++)
		jr_key(&r, "k");
	jr_path(&r, buf, sizeof buf);
	CHECK(u, strlen(buf) == (size_t)JR_MAXDEPTH * 2 - 1 + 3 && strcmp(buf + strlen(buf) - 3, "...") == 0,
	      "deep: '%s'", buf);
	char small[8];
	jr_path(&r, small, sizeof small);
	CHECK(u, strcmp(small, "k.k.k.k") == 0, "a small buffer keeps what fits: '%s'", small);
}

static void helpers(struct unit *u)
{
	static const char *const allowed[] = { "a", "n", "b", "s", "l", NULL };
	struct cerr e = { 0 };
	struct jr r;
	long long x = 0;
	int bl = 0, rc;
	const char *str = NULL;
	jv_t *arr = NULL;
	struct jv_doc o = doc("{\"a\": {\"n\": 7, \"b\": true, \"s\": \"text\", \"l\": [1, 2, 3]}}");
	jv_t *in = jv_object_get(o.root, "a");

	jr_init(&r, "", &e);
	int s = jr_key(&r, "a");
	CHECK(u, jr_object(&r, in, allowed) == C_OK, "allowed keys");
	CHECK(u, jr_int(&r, in, "n", 1, 9, &x) == C_OK && x == 7, "int");
	CHECK(u, jr_int(&r, in, "n", 1, 6, &x) == C_INPUT, "int out of range");
	CHECK(u, strcmp(e.msg, "a.n: expected an integer from 1 to 6, found 7") == 0, "'%s'", e.msg);
	CHECK(u, jr_int(&r, in, "s", 1, 6, &x) == C_INPUT && strcmp(e.msg, "a.s: expected an integer from 1 to 6, found a string") == 0,
	      "'%s'", e.msg);
	CHECK(u, jr_bool(&r, in, "b", &bl) == C_OK && bl == 1, "bool");
	CHECK(u, jr_bool(&r, in, "n", &bl) == C_INPUT && strcmp(e.msg, "a.n: expected a boolean, found an integer") == 0,
	      "'%s'", e.msg);
	CHECK(u, jr_str(&r, in, "s", 10, &str) == C_OK && strcmp(str, "text") == 0, "string");
	CHECK(u, jr_str(&r, in, "s", 3, &str) == C_INPUT && strcmp(e.msg, "a.s: expected a string of 1 to 3 bytes") == 0,
	      "'%s'", e.msg);
	CHECK(u, jr_array(&r, in, "l", 3, &arr) == C_OK && jv_array_size(arr) == 3, "array");
	CHECK(u, jr_array(&r, in, "l", 2, &arr) == C_INPUT &&
		 strcmp(e.msg, "a.l: expected at most 2 elements, found 3") == 0, "'%s'", e.msg);
	CHECK(u, jr_member(&r, in, "zz", 0, &rc) == NULL && rc == C_OK, "an optional member");
	CHECK(u, jr_member(&r, in, "zz", 1, &rc) == NULL && rc == C_INPUT &&
		 strcmp(e.msg, "a: missing key 'zz'") == 0, "'%s'", e.msg);
	static const char *const few[] = { "n", NULL };
	CHECK(u, jr_object(&r, in, few) == C_INPUT && strstr(e.msg, "a: unknown key '") == e.msg, "'%s'", e.msg);
	CHECK(u, jr_object(&r, jv_object_get(in, "l"), few) == C_INPUT &&
		 strcmp(e.msg, "a: expected an object, found an array") == 0, "'%s'", e.msg);
	jr_pop(&r, s);
	struct jv_doc types = doc("[null, 1.5]");
	CHECK(u, strcmp(jr_type(jv_array_get(types.root, 0)), "null") == 0 &&
		 strcmp(jr_type(jv_array_get(types.root, 1)), "a number") == 0, "type names");
	jv_free(&types);
	jv_free(&o);

	/* A string holding a NUL byte (jansson makes one; a document never does). */
	json_t *wrap = json_object();
	struct jv_doc w;
	json_object_set_new(wrap, "s", json_stringn("a\0b", 3));
	CHECK(u, jv_from_json(wrap, &w) == 0, "copied");
	CHECK(u, jr_str(&r, w.root, "s", 10, &str) == C_INPUT && strcmp(e.msg, "s: the string holds a NUL byte") == 0,
	      "'%s'", e.msg);
	jv_free(&w);
	json_decref(wrap);
}

/* diff_of: the path of the first difference of a and b, "=" when they are equal. */
static const char *diff_of(const char *a, const char *b, char *buf, size_t n)
{
	struct cerr e = { 0 };
	struct jr r;
	struct jv_doc da = doc(a), db = doc(b);
	jr_init(&r, "", &e);
	if (jr_diff(&r, da.root, db.root))
		jr_path(&r, buf, n);
	else
		snprintf(buf, n, "=");
	jv_free(&da);
	jv_free(&db);
	return buf;
}

static void diffs(struct unit *u)
{
	static const char *const cases[][3] = {
		{ "{\"a\":[1,2,{\"b\":\"x\"}],\"c\":null}", "{\"a\":[1,2,{\"b\":\"x\"}],\"c\":null}", "=" },
		{ "{\"a\":[1,2,{\"b\":\"x\"}]}", "{\"a\":[1,2,{\"b\":\"y\"}]}", "a[2].b" },
		{ "{\"a\":1,\"b\":2}", "{\"b\":2,\"a\":1}", "=" },
		{ "{\"a\":1,\"b\":2}", "{\"a\":1}", "b" },
		{ "{\"a\":1}", "{\"a\":1,\"b\":2}", "" },
		{ "{\"a\":[1,2]}", "{\"a\":[1,2,3]}", "a" },
		{ "{\"a\":[1,2]}", "{\"a\":[1,3]}", "a[1]" },
		{ "{\"a\":1}", "{\"a\":1.0}", "a" },
		{ "{\"a\":true}", "{\"a\":false}", "a" },
		{ "{\"a\":\"x\"}", "{\"a\":\"xy\"}", "a" },
		{ "[]", "{}", "" },
	};
	char buf[320];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		CHECK(u, strcmp(diff_of(cases[i][0], cases[i][1], buf, sizeof buf), cases[i][2]) == 0,
		      "%s against %s: '%s', not '%s'", cases[i][0], cases[i][1], buf, cases[i][2]);
}

int main(void)
{
	struct unit u = { 0 };
	paths(&u);
	helpers(&u);
	diffs(&u);
	printf("%d checks, %d failed\n", u.run, u.failed);
	return u.failed != 0;
}
