/* jv_test: the document reader gives what jansson gives: the same values in the same order, or the same refusal. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jv.h"
#include "jv_jansson.h"
#include "unit.h"

/*
 * loadb: jansson's reading of text, with the one refusal jv gives otherwise:
 * a NUL byte at or before the place of jansson's refusal (where jansson
 * stops as at the end of the text) is named, at its own line and column.
 */
static json_t *loadb(const char *text, size_t len, json_error_t *je)
{
	json_t *j = json_loadb(text, len, JSON_REJECT_DUPLICATES, je);
	const char *nul = memchr(text, '\0', len);
	if (!j && nul && (size_t)(nul - text) <= (size_t)je->position) {
		const char *bol = text;
		je->line = 1;
		for (const char *c = text; c < nul; c++)
			if (*c == '\n') {
				je->line++;
				bol = c + 1;
			}
		/* A column a character, as jansson counts its own. */
		je->column = 1;
		for (const unsigned char *c = (const unsigned char *)bol; c < (const unsigned char *)nul; c++)
			je->column += *c < 0x80 || (*c >= 0xc2 && *c <= 0xf4);
		strcpy(je->text, "a NUL byte");
	}
	return j;
}

/* same: text read by jv and by jansson: both refuse it alike, or both read the same values. */
static int same(const char *text, size_t len, char *why, size_t n)
{
	struct jv_doc d;
	struct jv_error err;
	json_error_t je;
	json_t *j = loadb(text, len, &je);
	int rc = jv_parse(text, len, &d, &err), ok;

	if (!j) {
		ok = rc == -1 && !err.oom && err.line == je.line && err.column == je.column &&
		     strcmp(err.text, je.text) == 0;
		snprintf(why, n, "jansson: %d:%d %s; jv: %s %d:%d %s", je.line, je.column, je.text,
			 rc ? "refused" : "read", rc ? err.line : 0, rc ? err.column : 0, rc ? err.text : "");
	} else {
		ok = rc == 0 && jv_same_as_json(d.root, j);
		snprintf(why, n, "jansson read it; jv %s", rc ? err.text : "read other values");
		json_decref(j);
	}
	if (rc == 0)
		jv_free(&d);
	return ok;
}

/*
 * same_list: text read by jv_parse_list (the list "log") and by jansson:
 * both refuse it alike, or both read it, the list's strings taken from the
 * text equal to jansson's, and the rest the same values.
 */
static int same_list(const char *text, size_t len, char *why, size_t n)
{
	struct jv_doc d;
	struct jv_error err;
	struct jv_list l = { .key = "log" };
	json_error_t je;
	json_t *j = loadb(text, len, &je);
	int rc = jv_parse_list(text, len, &l, &d, &err), ok;

	if (!j) {
		ok = rc == -1 && !err.oom && err.line == je.line && err.column == je.column &&
		     strcmp(err.text, je.text) == 0;
		snprintf(why, n, "list: jansson: %d:%d %s; jv: %s %d:%d %s", je.line, je.column, je.text,
			 rc ? "refused" : "read", rc ? err.line : 0, rc ? err.column : 0, rc ? err.text : "");
		if (rc == 0)
			jv_free(&d);
		return ok;
	}
	ok = rc == 0;
	snprintf(why, n, "list: jansson read it; jv %s", rc ? err.text : "read other values");
	if (ok && l.whole) {
		json_t *log = json_object_get(j, "log");
		char buf[8];
		size_t pos = l.at, k = 0, sl;
		ok = json_is_array(log) && json_array_size(log) == l.n && jv_array_size(jv_object_get(d.root, "log")) == 0;
		while (ok && jv_list_next(text, len, &pos, buf, sizeof buf, &sl) == 1) {
			json_t *s = json_array_get(log, k++);
			ok = json_is_string(s) && json_string_length(s) == sl &&
			     strncmp(json_string_value(s), buf, sizeof buf - 1) == 0;
		}
		ok = ok && k == l.n;
		json_object_set_new(j, "log", json_array());
	}
	ok = ok && jv_same_as_json(d.root, j);
	json_decref(j);
	if (rc == 0)
		jv_free(&d);
	return ok;
}

/* jv_same: the same values in the same order. */
static int jv_same(const jv_t *a, const jv_t *b)
{
	if (a->type != b->type)
		return 0;
	switch (a->type) {
	case JV_OBJECT:
	case JV_ARRAY:
		if (a->n != b->n)
			return 0;
		for (size_t i = 0; i < a->n; i++)
			if (a->type == JV_OBJECT ? strcmp(a->u.o[i].key, b->u.o[i].key) != 0 ||
							   !jv_same(&a->u.o[i].v, &b->u.o[i].v)
						 : !jv_same(&a->u.a[i], &b->u.a[i]))
				return 0;
		return 1;
	case JV_STRING: return a->n == b->n && memcmp(a->u.s, b->u.s, a->n + 1) == 0;
	case JV_INTEGER: return a->u.i == b->u.i;
	case JV_REAL: return memcmp(&a->u.d, &b->u.d, sizeof a->u.d) == 0;
	default: return 1;
	}
}

/*
 * same_read: jv_read_list (max values and keys) against jv_shape_check and
 * jv_parse_list: when it reads the text, the shape passes and jv_parse_list
 * reads the same values and the same list, whose strings jv_list_span gives
 * as jv_list_next decodes them when it is plain; when it does not, it keeps
 * nothing.  *read says whether it read the text.
 */
static int same_read(const char *text, size_t len, size_t max, int *read, char *why, size_t n)
{
	struct jv_doc d, dl;
	struct jv_error err;
	struct jv_list r = { .key = "log" }, l = { .key = "log" };
	struct jv_shape sh = { .list = "log", .max_values = max };

	snprintf(why, n, "read_list");
	*read = jv_read_list(text, len, &r, max, &d) == 0;
	if (!*read)
		return !r.whole && !r.plain && !r.at && !r.n;
	int ok = jv_shape_check(text, len, &sh) == JV_SHAPE_OK && jv_parse_list(text, len, &l, &dl, &err) == 0;
	snprintf(why, n, "read_list read what shape_check or parse_list refused");
	if (ok) {
		ok = l.whole == r.whole && l.at == r.at && l.n == r.n && jv_same(d.root, dl.root);
		snprintf(why, n, "read_list read other values or another list");
		size_t pos = l.at, rpos = r.at, sn = 0, ln = 0, k = 0;
		const char *sp = NULL;
		char buf[64];
		while (ok && r.plain && jv_list_next(text, len, &pos, buf, sizeof buf, &ln) == 1) {
			ok = k < r.n && jv_list_span(text, len, &rpos, &sp, &sn) == 1 && sn == ln &&
			     ln < sizeof buf && memcmp(sp, buf, ln) == 0;
			k++;
		}
		ok = ok && (!r.plain || k == r.n);
		jv_free(&dl);
	}
	jv_free(&d);
	return ok;
}

static void cases(struct unit *u)
{
	static const char *const texts[] = {
		"{}", "[]", " \t\r\n{ } \n", "{\"a\":1}", "[1,-2,0,-0,9223372036854775807,-9223372036854775808]",
		"[9223372036854775808]", "[-9223372036854775809]", "[01]", "[-]", "[1.5]", "[1e3]", "[-0.0]",
		"[1E400]", "[true,false,null]", "[truex]", "[tru]", "[nul]", "[True]", "{\"a\":1,\"a\":2}",
		"{\"a\":{\"b\":[{\"c\":\"d\"}]}}", "[\"\\u00e9\\ud83d\\ude00\\n\\t\\\"\\\\\\/\\b\\f\\r\"]",
		"[\"\\u0000\"]", "[\"\\ud800\"]", "[\"\\udc00\"]", "[\"\\ud800\\u0041\"]", "[\"\\uzzzz\"]",
		"[\"\\x\"]", "[\"a\nb\"]", "[\"\x7f\"]", "[\"\xc3\xa9\"]", "[\"\xc0\xaf\"]", "[\"\xed\xa0\x80\"]",
		"[\"\xf4\x90\x80\x80\"]", "[\"\xe2\x82\"]", "[\"\xf0\x9f\x98\x80\"]", "[\"\xff\"]", "", " ",
		"1", "\"s\"", "null", "{\"a\" 1}", "{\"a\":}", "{a:1}", "[1,]", "[,1]", "[1 2]", "{\"a\":1,}",
		"{} {}", "{}x", "[", "{", "[\"abc", "[\"abc\\", "{\"a\":[1,{\"b\":null}],\"c\":\"\"}",
		"\xef\xbb\xbf{}", "[1]\n", "{\"\":0}", "{\"a\\u0000\":0}",
	};
	char why[400];
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
		CHECK(u, same(texts[i], strlen(texts[i]), why, sizeof why), "'%s': %s", texts[i], why);
	/*
	 * A string whose bytes are read eight at a time: each byte that ends or
	 * breaks a run, at every place in strings of up to 24 bytes, alone and in a list.
	 */
	static const char *const odd[] = { "\"", "\\n", "\x01", "\x1f", "\x7f", "\xc3\xa9", "\xff", " ", "\\u0041" };
	int unlike = 0;
	for (size_t o = 0; o < sizeof odd / sizeof odd[0]; o++)
		for (int n = 0; n <= 24; n++)
			for (int at = 0; at <= n; at++) {
				char str[64], text[128];
				memset(str, 'a', (size_t)n);
				str[n] = '\0';
				int k = snprintf(text, sizeof text, "[\"%.*s%s%s\"]", at, str, odd[o], str + at);
				int l = snprintf(text + 64, 64, "{\"log\":[\"%.*s%s%s\",\"x\"]}", at, str, odd[o], str + at);
				int read;
				if (!same(text, (size_t)k, why, sizeof why) ||
				    !same_list(text + 64, (size_t)l, why, sizeof why) ||
				    !same_read(text + 64, (size_t)l, SIZE_MAX, &read, why, sizeof why))
					if (unlike++ < 3)
						CHECK(u, 0, "'%s': %s", text, why);
			}
	CHECK(u, unlike == 0, "strings read eight bytes at a time: every odd byte at every place read alike");
	/* A list of strings read from the text: refused where jansson refuses, read alike. */
	static const char *const lists[] = {
		"{\"log\":[]}", "{\"log\":[\"a\"]}", "{\"log\":[\"a\",]}", "{\"log\":[\"a\" \"b\"]}",
		"{\"log\":[\"a\",1]}", "{\"log\":[1,\"a\"]}", "{\"log\":[\"a\"],\"log\":[\"b\"]}",
		"{\"log\":[\"a\",\"\\q\"]}", "{\"log\":[\"a\"], \"z\": tru}", "{\"a\":[1}, \"log\":[\"x\"]}",
		"{\"log\":\"a\"}", "{\"log\":[\"a\\u0000\"]}", "{\"log\":[\"a\"]", "{\"log\":[\"a\"",
		"{\"log\":[", "{\"log\":[\"abcdefghijkl\", \"\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\"]}",
		"{\"x\":1,\"log\":[\"a\",\n \"b\"\n],\"y\":[\"c\"]}", "[\"log\"]", "{\"log\":[\"a\"]}x",
		/* a refusal after a string blanked that held characters of several bytes: the same column */
		"{\"log\":[\"\xc3\xa9\xe2\x82\xac\",\"a\"\xb3]}", "{\"log\":[\"\xc3\xa9\",\"b\",\"a\" x]}",
	};
	for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++)
		CHECK(u, same_list(lists[i], strlen(lists[i]), why, sizeof why), "'%s': %s", lists[i], why);
	/* Read in one pass: what the shape check and jv_parse_list read, and where they read it. */
	int read, nread = 0;
	for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
		CHECK(u, same_read(lists[i], strlen(lists[i]), SIZE_MAX, &read, why, sizeof why), "'%s': %s",
		      lists[i], why);
		nread += read;
	}
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
		CHECK(u, same_read(texts[i], strlen(texts[i]), SIZE_MAX, &read, why, sizeof why), "'%s': %s",
		      texts[i], why);
	CHECK(u, nread == 5, "the lists read in one pass: %d", nread);
	static const struct {
		const char *text;
		size_t max;
		int read, plain;
	} one_pass[] = {
		{ "{\"a\":[1,{\"b\":2}],\"log\":[\"x\",\"y\"]}", 5, 1, 1 },
		{ "{\"a\":[1,{\"b\":2}],\"log\":[\"x\",\"y\"]}", 4, 0, 0 },
		{ "{\"log\":[\"x\",\"y\\u0041\"],\"a\":\"s\"}", 1, 1, 0 },
		{ "{\"log\":[\"x\",\"y\"],\"a\":\"s\"}", 0, 0, 0 },
		{ "{\"l\\u006fg\":[\"x\"]}", 2, 1, 0 },
		{ "{\"l\\u006fg\":[\"x\"]}", 1, 0, 0 },
		{ "{\"a\":{\"log\":[\"x\"]},\"log\":[]}", 4, 1, 1 },
		{ "{\"a\":{\"log\":[\"x\"]},\"log\":[]}", 3, 0, 0 },
		{ "{\"log\":[\"x\"],\"log\":[\"y\"]}", 9, 0, 0 },
		{ "{\"log\":[\"x\"],\"log\":1}", 9, 0, 0 },
		{ "{\"log\":[\"x\",1]}", 9, 0, 0 },
		{ "{\"log\":[\"x\"],\"r\":1.5}", 9, 0, 0 },
	};
	for (size_t i = 0; i < sizeof one_pass / sizeof one_pass[0]; i++) {
		const char *t = one_pass[i].text;
		struct jv_list l = { .key = "log" };
		struct jv_doc d;
		int got = jv_read_list(t, strlen(t), &l, one_pass[i].max, &d) == 0;
		CHECK(u, got == one_pass[i].read && l.plain == one_pass[i].plain, "'%s' with at most %zu: read %d plain %d",
		      t, one_pass[i].max, got, l.plain);
		if (got)
			jv_free(&d);
		CHECK(u, same_read(t, strlen(t), one_pass[i].max, &read, why, sizeof why), "'%s': %s", t, why);
	}
	/* A NUL byte inside the text. */
	CHECK(u, same("[\"a\0\"]", 6, why, sizeof why), "NUL: %s", why);
	CHECK(u, same("[1]\0", 4, why, sizeof why), "NUL after: %s", why);
	CHECK(u, same("[1,\n 2,\0 3]", 11, why, sizeof why), "NUL between values: %s", why);
	/* In the list, after a string of several bytes that the list's reading blanked: the NUL's
	 * column counts characters, as jansson's columns do. */
	CHECK(u, same_list("{\"log\":[\"\xc3\xa9\",\"x\",\"a\0b\"]}", 24, why, sizeof why), "NUL in a list: %s", why);
	struct jv_doc nd;
	struct jv_error ne;
	CHECK(u, jv_parse("[1,\n 2,\0 3]", 11, &nd, &ne) == -1 && ne.line == 2 && ne.column == 4 &&
		 strcmp(ne.text, "a NUL byte") == 0, "NUL between values: %d:%d %s", ne.line, ne.column, ne.text);
	/* A character of two bytes before it on its line is one column, in the list's strings too. */
	static const char utf8_nul[] = "{\"log\":[\"a\xc3\xa9\",\"b\0\"]}";
	CHECK(u, same(utf8_nul, sizeof utf8_nul - 1, why, sizeof why), "NUL after a character of two bytes: %s", why);
	CHECK(u, same_list(utf8_nul, sizeof utf8_nul - 1, why, sizeof why), "NUL in a list after a character of two bytes: %s", why);
	CHECK(u, jv_parse_list(utf8_nul, sizeof utf8_nul - 1, &(struct jv_list){ .key = "log" }, &nd, &ne) == -1 &&
		 ne.line == 1 && ne.column == 16 && strcmp(ne.text, "a NUL byte") == 0,
	      "NUL in a list after a character of two bytes: %d:%d %s", ne.line, ne.column, ne.text);

	/* Deep and wide: jansson's depth limit, and objects too wide for the quick duplicate check. */
	size_t depth = 2100;
	char *deep = malloc(depth * 2 + 1);
	for (size_t d = 0; d < depth; d++) {
		deep[d] = '[';
		deep[depth * 2 - 1 - d] = ']';
	}
	CHECK(u, same(deep, depth * 2, why, sizeof why), "depth %zu: %s", depth, why);
	for (size_t n = 2046; n <= 2050; n++) {
		char *t = malloc(n * 2 + 1);
		memset(t, '[', n);
		memset(t + n, ']', n);
		CHECK(u, same(t, n * 2, why, sizeof why), "depth %zu: %s", n, why);
		free(t);
		/* A scalar inside counts as one more level, as jansson counts it. */
		t = malloc(n * 2 + 2);
		memset(t, '[', n);
		t[n] = '1';
		memset(t + n + 1, ']', n);
		CHECK(u, same(t, n * 2 + 1, why, sizeof why), "depth %zu around a scalar: %s", n, why);
		free(t);
	}
	free(deep);
	char wide[4096];
	size_t len = 0;
	len += (size_t)sprintf(wide, "{");
	for (int i = 0; i < 100; i++)
		len += (size_t)sprintf(wide + len, "%s\"k%d\":%d", i ? "," : "", i, i);
	len += (size_t)sprintf(wide + len, "}");
	CHECK(u, same(wide, len, why, sizeof why), "100 members: %s", why);
	wide[len - 1] = ',';
	len += (size_t)sprintf(wide + len, "\"k7\":1}");
	CHECK(u, same(wide, len, why, sizeof why), "a duplicate among 101 members: %s", why);
}

/* mutations: a document changed a byte at a time, in many ways; every result read alike. */
static void mutations(struct unit *u)
{
	static const char base[] =
		"{\"format\":\"catan-state/1\",\"players\":[\"red\",\"blue\"],\"seed\":42,"
		"\"board\":{\"hexes\":[{\"terrain\":\"hills\",\"token\":6},{\"terrain\":\"desert\",\"token\":null}]},"
		"\"log\":[\"red build settlement 1\",\"blue roll 3 4\", \"x\\u00e9\\n\" ,\n\"end\"],\"view\":false,\"x\":[true,-7,\"\\u00e9\"]}";
	static const char bytes[] = "{}[]\":,-0123456789.eE\\u tfnrl\x01\xc3\xa9\xff";
	uint32_t s = 12345;
	char text[sizeof base + 8], why[400];
	int bad = 0;
	for (int i = 0; i < 20000 && bad < 5; i++) {
		size_t len = sizeof base - 1;
		memcpy(text, base, len);
		for (int k = 0; k < 1 + i % 3; k++) {
			s = s * 1103515245u + 12345u;
			size_t at = (s >> 8) % len;
			s = s * 1103515245u + 12345u;
			switch ((s >> 16) % 3) {
			case 0: text[at] = bytes[(s >> 4) % (sizeof bytes - 1)]; break;
			case 1: memmove(text + at, text + at + 1, len - at - 1); len--; break;
			default:
				memmove(text + at + 1, text + at, len - at);
				text[at] = bytes[(s >> 4) % (sizeof bytes - 1)];
				len++;
				break;
			}
		}
		int read;
		if (!same(text, len, why, sizeof why) || !same_list(text, len, why, sizeof why) ||
		    !same_read(text, len, SIZE_MAX, &read, why, sizeof why) ||
		    !same_read(text, len, (size_t)i % 24, &read, why, sizeof why)) {
			bad++;
			CHECK(u, 0, "mutation %d '%.*s': %s", i, (int)len, text, why);
		}
	}
	CHECK(u, bad == 0, "every mutation read alike");
}

static void accessors(struct unit *u)
{
	struct jv_doc d;
	struct jv_error err;
	const char *t = "{\"a\":[1,\"two\",true],\"b\":{\"c\":null},\"s\":\"x\\u0041\"}";
	CHECK(u, jv_parse(t, strlen(t), &d, &err) == 0, "read");
	jv_t *a = jv_object_get(d.root, "a");
	CHECK(u, jv_array_size(a) == 3 && jv_integer_value(jv_array_get(a, 0)) == 1, "array");
	CHECK(u, strcmp(jv_string_value(jv_array_get(a, 1)), "two") == 0 && jv_is_true(jv_array_get(a, 2)),
	      "elements");
	CHECK(u, !jv_array_get(a, 3) && !jv_object_get(a, "x") && jv_object_size(a) == 0, "wrong kinds answer nothing");
	CHECK(u, jv_is_null(jv_object_get(jv_object_get(d.root, "b"), "c")), "nested");
	CHECK(u, jv_string_length(jv_object_get(d.root, "s")) == 2 &&
		 strcmp(jv_string_value(jv_object_get(d.root, "s")), "xA") == 0, "escapes");
	CHECK(u, !jv_string_value(a) && jv_integer_value(a) == 0 && !jv_object_get(d.root, "z"), "absent");
	const char *key;
	jv_t *val;
	char keys[16] = "";
	int nulls = 0;
	jv_object_foreach(d.root, key, val) {
		strcat(keys, key);
		nulls += jv_is_null(val);
	}
	CHECK(u, strcmp(keys, "abs") == 0 && nulls == 0, "members in order: '%s'", keys);
	jv_free(&d);

	json_t *j = json_pack("{s:[i,f,s],s:b}", "k", 3, 2.5, "z", "t", 1);
	CHECK(u, jv_from_json(j, &d) == 0 && jv_same_as_json(d.root, j), "a copy of jansson's tree");
	CHECK(u, jv_is_real(jv_array_get(jv_object_get(d.root, "k"), 1)), "a real number");
	jv_free(&d);
	json_decref(j);
}

int main(void)
{
	struct unit u = { 0 };
	cases(&u);
	mutations(&u);
	accessors(&u);
	printf("%d checks, %d failed\n", u.run, u.failed);
	return u.failed != 0;
}
