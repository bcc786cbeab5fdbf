/* jv.c: JSON documents read into an arena: a parser of its own for the common case, jansson for the rest. */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jv.h"
#include "jw.h"
#include "swar.h"
#include "jv_jansson.h"

_Static_assert(JV_ERROR_TEXT >= JSON_ERROR_TEXT_LENGTH, "room for jansson's message");

/*
 * jansson's JSON_PARSER_MAX_DEPTH, counted as jansson counts it: every value
 * on the way down, the innermost scalar too.  Deeper documents go to jansson,
 * which refuses them.
 */
#define JV_MAXDEPTH 2048
#define JV_DUPCHECK 32		/* objects of more members are checked for a key given twice in key order */

/* alloc: size bytes for values from d's arena (the first chunk sized by hint), or NULL. */
static void *alloc(struct jv_doc *d, size_t size, size_t hint)
{
	return arena_alloc(&d->mem, size, 1, hint);
}

/* alloc_text: size bytes for a string from d's arena, or NULL. */
static char *alloc_text(struct jv_doc *d, size_t size, size_t hint)
{
	return arena_alloc(&d->mem, size, 0, hint);
}

int jv_refuse(const struct jv_error *err, struct cerr *e)
{
	if (err->oom)
		return cerr_set(e, C_SYSTEM, "out of memory");
	return cerr_set(e, C_INPUT, "not a JSON document: line %d, column %d: %s", err->line, err->column,
			err->text);
}

int jv_refuse_in_line(const struct jv_error *err, const char *what, int code, struct cerr *e)
{
	if (err->oom)
		return cerr_set(e, C_SYSTEM, "out of memory");
	return cerr_set(e, code, "not a JSON %s: column %d: %s", what, err->column, err->text);
}

void jv_free(struct jv_doc *d)
{
	arena_free(&d->mem);
	d->root = NULL;
}

jv_t *jv_object_get(const jv_t *v, const char *key)
{
	if (!jv_is_object(v))
		return NULL;
	for (size_t i = 0; i < v->n; i++)
		if (strcmp(v->u.o[i].key, key) == 0)
			return &v->u.o[i].v;
	return NULL;
}

/* ---- the parser of its own ---- */

enum { P_OK, P_OTHER, P_OOM };	/* P_OTHER: jansson decides */

struct parser {
	const unsigned char *p, *end;
	struct jv_doc *d;
	size_t hint;
	struct jv_member *stack;	/* the members and elements of the open containers */
	size_t top, cap;
	int depth;
	/*
	 * jv_read_list: the list left in the text (NULL for none), the text's
	 * start, and the values and keys counted as jv_shape_check counts them
	 * (every one below the root's members, the list's strings not), at most
	 * max.
	 */
	struct jv_list *list;
	const unsigned char *text;
	size_t count, max;
};

static void skip_space(struct parser *ps)
{
	while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\n' || *ps->p == '\t' || *ps->p == '\r'))
		ps->p++;
}

size_t jv_utf8_len(const unsigned char *s, const unsigned char *end)
{
	unsigned c = s[0];
	size_t n;
	uint32_t v;
	if (c >= 0xC2 && c <= 0xDF) {
		n = 2;
		v = c & 0x1F;
	} else if (c >= 0xE0 && c <= 0xEF) {
		n = 3;
		v = c & 0x0F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4;
		v = c & 0x07;
	} else {
		return 0;
	}
	if ((size_t)(end - s) < n)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		v = (v << 6) | (s[i] & 0x3F);
	}
	if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) || (n == 3 && v < 0x800) || (n == 4 && v < 0x10000))
		return 0;
	return n;
}

static int hex4(const unsigned char *s, uint32_t *out)
{
	uint32_t v = 0;
	for (int i = 0; i < 4; i++) {
		unsigned c = s[i];
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	*out = v;
	return 0;
}


/*
 * string_end: the closing quote of the string whose text starts at q (just
 * after its opening quote), when the string is one that jansson reads and
 * this parser takes on; NULL otherwise.  *escapes is set when it has any.
 */
static const unsigned char *string_end(const unsigned char *q, const unsigned char *end, int *escapes)
{
	*escapes = 0;
	for (;;) {
		/* The run of bytes that stand for themselves: eight at a time, then one by one. */
		for (uint64_t w, stop; end - q >= 8; q += 8) {
			w = swar_load(q);
			stop = swar_below(w, 0x20) | swar_eq(w, '"') | swar_eq(w, '\\') | (w & SWAR_HIGHS);
			if (stop) {
				q += swar_first(stop);
				break;
			}
		}
		while (q < end && (json_plain[*q] & JSON_PLAIN_ASCII))
			q++;
		if (q == end)
			return NULL;
		unsigned c = *q;
		if (c == '"')
			return q;
		if (c < 0x20)
			return NULL;
		if (c == '\\') {
			*escapes = 1;
			if (++q == end)
				return NULL;
			if (*q == 'u') {
				uint32_t u = 0, lo = 0;	/* set by hex4 (-O3 cannot tell) */
				if (end - q < 5 || hex4(q + 1, &u))
					return NULL;
				q += 5;
				if (u == 0 || (u >= 0xDC00 && u <= 0xDFFF))
					return NULL;
				if (u >= 0xD800 && u <= 0xDBFF) {
					if (end - q < 6 || q[0] != '\\' || q[1] != 'u' || hex4(q + 2, &lo) ||
					    lo < 0xDC00 || lo > 0xDFFF)
						return NULL;
					q += 6;
				}
				continue;
			}
			if (!*q || !strchr("\"\\/bfnrt", *q))
				return NULL;
			q++;
			continue;
		}
		if (c < 0x80) {
			q++;
			continue;
		}
		size_t len = jv_utf8_len(q, end);
		if (!len)
			return NULL;
		q += len;
	}
}

/* string_decode: the text of a string that string_end accepted, [r, q), into out; its length. */
static size_t string_decode(const unsigned char *r, const unsigned char *q, char *out)
{
	char *w = out;
	while (r < q) {
		if (*r != '\\') {
			*w++ = (char)*r++;
			continue;
		}
		r++;
		switch (*r++) {
		case 'b': *w++ = '\b'; break;
		case 'f': *w++ = '\f'; break;
		case 'n': *w++ = '\n'; break;
		case 'r': *w++ = '\r'; break;
		case 't': *w++ = '\t'; break;
		case 'u': {
			uint32_t u = 0, lo = 0;	/* set by hex4 (-O3 cannot tell) */
			hex4(r, &u);
			r += 4;
			if (u >= 0xD800 && u <= 0xDBFF) {
				hex4(r + 2, &lo);
				r += 6;
				u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
			}
			if (u < 0x80) {
				*w++ = (char)u;
			} else if (u < 0x800) {
				*w++ = (char)(0xC0 | (u >> 6));
				*w++ = (char)(0x80 | (u & 0x3F));
			} else if (u < 0x10000) {
				*w++ = (char)(0xE0 | (u >> 12));
				*w++ = (char)(0x80 | ((u >> 6) & 0x3F));
				*w++ = (char)(0x80 | (u & 0x3F));
			} else {
				*w++ = (char)(0xF0 | (u >> 18));
				*w++ = (char)(0x80 | ((u >> 12) & 0x3F));
				*w++ = (char)(0x80 | ((u >> 6) & 0x3F));
				*w++ = (char)(0x80 | (u & 0x3F));
			}
			break;
		}
		default: *w++ = (char)r[-1]; break;	/* " \ / */
		}
	}
	*w = '\0';
	return (size_t)(w - out);
}

/* string: the string whose opening quote was just read, into *s and *n (NUL-terminated, in the arena). */
static int string(struct parser *ps, const char **s, size_t *n)
{
	const unsigned char *start = ps->p;
	int escapes;
	const unsigned char *q = string_end(start, ps->end, &escapes);
	if (!q)
		return P_OTHER;
	size_t raw = (size_t)(q - start);
	char *out = alloc_text(ps->d, raw + 1, ps->hint);
	if (!out)
		return P_OOM;
	ps->p = q + 1;
	if (!escapes) {
		memcpy(out, start, raw);
		out[raw] = '\0';
		*n = raw;
	} else {
		*n = string_decode(start, q, out);
	}
	*s = out;
	return P_OK;
}

/* number: an integer as jansson reads one; a real number, or one out of range, is jansson's. */
static int number(struct parser *ps, jv_t *v)
{
	const unsigned char *q = ps->p;
	int neg = 0;
	unsigned long long x = 0, lim;
	if (*q == '-') {
		neg = 1;
		q++;
	}
	if (q == ps->end || *q < '0' || *q > '9')
		return P_OTHER;
	if (*q == '0' && q + 1 < ps->end && q[1] >= '0' && q[1] <= '9')
		return P_OTHER;
	lim = neg ? (unsigned long long)LLONG_MAX + 1 : (unsigned long long)LLONG_MAX;
	for (; q < ps->end && *q >= '0' && *q <= '9'; q++) {
		unsigned dgt = *q - '0';
		if (x > (lim - dgt) / 10)
			return P_OTHER;
		x = x * 10 + dgt;
	}
	if (q < ps->end && (*q == '.' || *q == 'e' || *q == 'E'))
		return P_OTHER;
	v->type = JV_INTEGER;
	v->u.i = neg ? (x == (unsigned long long)LLONG_MAX + 1 ? LLONG_MIN : -(long long)x) : (long long)x;
	ps->p = q;
	return P_OK;
}

static int literal(struct parser *ps, const char *word, enum jv_type type, jv_t *v)
{
	size_t n = strlen(word);
	if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
		return P_OTHER;
	ps->p += n;
	/* jansson reads a word to its end: "truex" is no true. */
	if (ps->p < ps->end && ((*ps->p >= 'a' && *ps->p <= 'z') || (*ps->p >= 'A' && *ps->p <= 'Z') ||
				(*ps->p >= '0' && *ps->p <= '9') || *ps->p == '_'))
		return P_OTHER;
	v->type = type;
	return P_OK;
}

static int push(struct parser *ps, const char *key, const jv_t *v)
{
	if (ps->top == ps->cap) {
		struct jv_member *s;
		size_t cap = ps->cap ? ps->cap * 2 : 256;
		if (!(s = realloc(ps->stack, cap * sizeof *s)))
			return P_OOM;
		ps->stack = s;
		ps->cap = cap;
	}
	ps->stack[ps->top].key = key;
	ps->stack[ps->top].v = *v;
	ps->top++;
	return P_OK;
}

static int value(struct parser *ps, jv_t *v);

/*
 * list: the array of strings whose opening bracket is at ps->p, taken as
 * blank_list takes one (every element a string that string_end accepts),
 * read past and noted in ps->list; P_OTHER for any other array.
 */
static int list(struct parser *ps)
{
	struct jv_list *l = ps->list;
	size_t at = (size_t)(ps->p - ps->text), n = 0;
	int plain = 1, escapes;

	ps->p++;
	skip_space(ps);
	if (ps->p < ps->end && *ps->p == ']') {
		ps->p++;
	} else {
		for (;; n++) {
			const unsigned char *q;
			if (ps->p == ps->end || *ps->p != '"' || !(q = string_end(ps->p + 1, ps->end, &escapes)))
				return P_OTHER;
			plain &= !escapes;
			ps->p = q + 1;
			skip_space(ps);
			if (ps->p == ps->end || (*ps->p != ',' && *ps->p != ']'))
				return P_OTHER;
			if (*ps->p++ == ']') {
				n++;
				break;
			}
			skip_space(ps);
		}
	}
	l->whole = 1;
	l->plain = plain;
	l->at = at;
	l->n = n;
	return P_OK;
}

/* is_list: the member whose key [k, k + n) was just read (the raw text, as jv_parse_list compares it) is the list. */
static int is_list(const struct parser *ps, const char *key, const unsigned char *k, size_t n)
{
	return ps->list && ps->depth == 1 && (size_t)(ps->p - k) == n + 1 && strcmp(key, ps->list->key) == 0;
}

static int key_order(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * unique_keys: P_OK when no key of the n members m is given twice, P_OTHER
 * when one is (jansson then refuses the document, with its message), P_OOM.
 * A few members are compared in pairs; more, in key order, so that a large
 * object is read here, not by jansson, whose memory for it is several times
 * ours (and whose messages, when that memory runs out, name no such thing).
 * A key that holds a NUL compares as its part before it: a pair that only
 * seems equal goes to jansson too, which decides.
 */
static int unique_keys(const struct jv_member *m, size_t n)
{
	if (n <= JV_DUPCHECK) {
		for (size_t i = 1; i < n; i++)
			for (size_t j = 0; j < i; j++)
				if (m[i].key[0] == m[j].key[0] && strcmp(m[i].key, m[j].key) == 0)
					return P_OTHER;
		return P_OK;
	}
	const char **k = malloc(n * sizeof *k);
	if (!k)
		return P_OOM;
	for (size_t i = 0; i < n; i++)
		k[i] = m[i].key;
	qsort(k, n, sizeof *k, key_order);
	int rc = P_OK;
	for (size_t i = 1; i < n && rc == P_OK; i++)
		if (strcmp(k[i - 1], k[i]) == 0)
			rc = P_OTHER;
	free(k);
	return rc;
}

/* container: an object or an array whose opening bracket was just read. */
static int container(struct parser *ps, jv_t *v, int object)
{
	size_t base = ps->top;
	int rc;
	char close = object ? '}' : ']';
	ps->depth++;	/* value() kept it within JV_MAXDEPTH */
	skip_space(ps);
	if (ps->p < ps->end && *ps->p == close) {
		ps->p++;
	} else {
		for (;;) {
			const char *key = NULL;
			size_t klen;
			jv_t item;
			int listed = 0;
			skip_space(ps);
			if (object) {
				if (ps->p == ps->end || *ps->p != '"')
					return P_OTHER;
				const unsigned char *k = ++ps->p;
				if ((rc = string(ps, &key, &klen)))
					return rc;
				listed = is_list(ps, key, k, klen);
				skip_space(ps);
				if (ps->p == ps->end || *ps->p != ':')
					return P_OTHER;
				ps->p++;
				skip_space(ps);
				listed = listed && ps->p < ps->end && *ps->p == '[';
			}
			if (listed) {
				if (ps->list->whole)
					return P_OTHER;	/* a second list: a key given twice, which jansson refuses */
				if ((rc = list(ps)))
					return rc;
				item = (jv_t){ .type = JV_ARRAY };
			} else {
				if ((rc = value(ps, &item)))
					return rc;
				ps->count += 1 + (object && ps->depth > 1);
				if (ps->count > ps->max)
					return P_OTHER;
			}
			if ((rc = push(ps, key, &item)))
				return rc;
			skip_space(ps);
			if (ps->p == ps->end)
				return P_OTHER;
			if (*ps->p == ',') {
				ps->p++;
				continue;
			}
			if (*ps->p != close)
				return P_OTHER;
			ps->p++;
			break;
		}
	}
	ps->depth--;
	size_t n = ps->top - base;
	const struct jv_member *m = n ? ps->stack + base : NULL;
	v->n = n;
	if (object) {
		if ((rc = unique_keys(m, n)))
			return rc;
		v->type = JV_OBJECT;
		v->u.o = NULL;
		if (n) {
			if (!(v->u.o = alloc(ps->d, n * sizeof *m, ps->hint)))
				return P_OOM;
			memcpy(v->u.o, m, n * sizeof *m);
		}
	} else {
		v->type = JV_ARRAY;
		v->u.a = NULL;
		if (n) {
			if (n > SIZE_MAX / sizeof(jv_t) || !(v->u.a = alloc(ps->d, n * sizeof(jv_t), ps->hint)))
				return P_OOM;
			for (size_t i = 0; i < n; i++)
				v->u.a[i] = m[i].v;
		}
	}
	ps->top = base;
	return P_OK;
}

static int value(struct parser *ps, jv_t *v)
{
	if (ps->p == ps->end || ps->depth >= JV_MAXDEPTH)
		return P_OTHER;
	v->n = 0;
	switch (*ps->p) {
	case '{': ps->p++; return container(ps, v, 1);
	case '[': ps->p++; return container(ps, v, 0);
	case '"':
		ps->p++;
		v->type = JV_STRING;
		return string(ps, &v->u.s, &v->n);
	case 't': return literal(ps, "true", JV_TRUE, v);
	case 'f': return literal(ps, "false", JV_FALSE, v);
	case 'n': return literal(ps, "null", JV_NULL, v);
	default: return number(ps, v);
	}
}

/* ---- a first look at the text, before anything is built ---- */

struct scan {
	const unsigned char *p, *end;
};

static void scan_space(struct scan *sc)
{
	while (sc->p < sc->end && (*sc->p == ' ' || *sc->p == '\n' || *sc->p == '\t' || *sc->p == '\r'))
		sc->p++;
}

/* scan_string: past the string whose opening quote is at sc->p; -1 when the text ends first. */
static int scan_string(struct scan *sc)
{
	for (const unsigned char *q = sc->p + 1; q < sc->end; q++) {
		if (*q == '\\') {
			if (++q == sc->end)
				break;
		} else if (*q == '"') {
			sc->p = q + 1;
			return 0;
		}
	}
	return -1;
}

/* scan_word: past a number or a literal; 1 when it holds a fraction or an exponent (a real number). */
static int scan_word(struct scan *sc)
{
	int real = 0;
	while (sc->p < sc->end && (strchr("+-.", *sc->p) || (*sc->p >= '0' && *sc->p <= '9') ||
				   (*sc->p >= 'a' && *sc->p <= 'z') || (*sc->p >= 'A' && *sc->p <= 'Z'))) {
		real |= *sc->p == '.' || ((*sc->p == 'e' || *sc->p == 'E') && sc->p[-1] >= '0' && sc->p[-1] <= '9');
		sc->p++;
	}
	return real;
}

/* scan_type: the type of the value that starts at sc->p, or -1 when none starts there. */
static int scan_type(struct scan *sc)
{
	switch (*sc->p) {
	case '{': return JV_OBJECT;
	case '[': return JV_ARRAY;
	case '"': return JV_STRING;
	case 't': return JV_TRUE;
	case 'f': return JV_FALSE;
	case 'n': return JV_NULL;
	default:
		if (*sc->p != '-' && (*sc->p < '0' || *sc->p > '9'))
			return -1;
		return scan_word(sc) ? JV_REAL : JV_INTEGER;
	}
}

/*
 * scan_value: past one value, counting it, its members' keys and every value
 * inside it into *count: 0; 1 as soon as *count passes max; -1 when the text
 * is no JSON there (jv_parse says why).
 */
static int scan_value(struct scan *sc, size_t *count, size_t max)
{
	size_t depth = 0;
	for (;;) {
		scan_space(sc);
		if (sc->p == sc->end)
			return -1;
		switch (*sc->p) {
		case '{':
		case '[':
			depth++;
			sc->p++;
			break;
		case '}':
		case ']':
			if (depth-- == 0)
				return -1;
			sc->p++;
			if (depth == 0)
				return 0;
			continue;
		case ',':
		case ':':
			if (depth == 0)
				return -1;
			sc->p++;
			continue;
		case '"':
			if (scan_string(sc))
				return -1;
			break;
		default: {
			unsigned char c = *sc->p;	/* scan_type moves past a number, maybe to the end */
			if (scan_type(sc) < 0)
				return -1;
			if (c == 't' || c == 'f' || c == 'n')
				scan_word(sc);
			break;
		}
		}
		if (++*count > max)
			return 1;
		if (depth == 0)
			return 0;
	}
}

/* scan_list: the strings of the array whose opening bracket is at sc->p; the fault, or JV_SHAPE_OK. */
static int scan_list(struct scan *sc, struct jv_shape *s)
{
	sc->p++;
	scan_space(sc);
	if (sc->p < sc->end && *sc->p == ']') {
		sc->p++;
		return JV_SHAPE_OK;
	}
	for (size_t i = 0;; i++) {
		scan_space(sc);
		if (sc->p == sc->end)
			return -1;
		if (*sc->p != '"') {
			int t = scan_type(sc);
			if (t < 0)
				return -1;
			s->index = i;
			s->found = (enum jv_type)t;
			return JV_SHAPE_NOT_STRING;
		}
		if (scan_string(sc))
			return -1;
		scan_space(sc);
		if (sc->p < sc->end && *sc->p == ',') {
			sc->p++;
			continue;
		}
		if (sc->p < sc->end && *sc->p == ']') {
			sc->p++;
			return JV_SHAPE_OK;
		}
		return -1;
	}
}

int jv_shape_check(const char *text, size_t len, struct jv_shape *s)
{
	struct scan sc = { (const unsigned char *)text, (const unsigned char *)text + len };
	size_t count = 0, nlist = s->list ? strlen(s->list) : 0;

	s->index = 0;
	s->found = JV_NULL;
	s->key[0] = '\0';
	scan_space(&sc);
	if (sc.p == sc.end || *sc.p != '{')
		return JV_SHAPE_OK;
	sc.p++;
	scan_space(&sc);
	if (sc.p < sc.end && *sc.p == '}')
		return JV_SHAPE_OK;
	for (;;) {
		int rc;
		scan_space(&sc);
		if (sc.p == sc.end || *sc.p != '"')
			return JV_SHAPE_OK;
		const unsigned char *key = sc.p + 1;
		if (scan_string(&sc))
			return JV_SHAPE_OK;
		size_t klen = (size_t)(sc.p - 1 - key);
		scan_space(&sc);
		if (sc.p == sc.end || *sc.p != ':')
			return JV_SHAPE_OK;
		sc.p++;
		scan_space(&sc);
		if (sc.p == sc.end)
			return JV_SHAPE_OK;
		if (s->list && klen == nlist && memcmp(key, s->list, nlist) == 0 && *sc.p == '[') {
			rc = scan_list(&sc, s);
		} else {
			rc = scan_value(&sc, &count, s->max_values);
			if (rc == 1) {
				size_t n = klen < sizeof s->key - 1 ? klen : sizeof s->key - 1;
				memcpy(s->key, key, n);
				s->key[n] = '\0';
				rc = JV_SHAPE_TOO_MANY;
			}
		}
		if (rc < 0)
			return JV_SHAPE_OK;
		if (rc != JV_SHAPE_OK)
			return rc;
		scan_space(&sc);
		if (sc.p < sc.end && *sc.p == ',') {
			sc.p++;
			continue;
		}
		return JV_SHAPE_OK;
	}
}

int jv_locate(const char *text, size_t len, const char *key, size_t index, size_t *offset)
{
	struct scan sc = { (const unsigned char *)text, (const unsigned char *)text + len };
	size_t count = 0, nkey = strlen(key);

	scan_space(&sc);
	if (sc.p == sc.end || *sc.p++ != '{')
		return -1;
	for (;;) {
		scan_space(&sc);
		if (sc.p == sc.end || *sc.p != '"')
			return -1;
		const unsigned char *k = sc.p + 1;
		if (scan_string(&sc))
			return -1;
		int found = (size_t)(sc.p - 1 - k) == nkey && memcmp(k, key, nkey) == 0;
		scan_space(&sc);
		if (sc.p == sc.end || *sc.p++ != ':')
			return -1;
		scan_space(&sc);
		if (found) {
			if (sc.p == sc.end || *sc.p++ != '[')
				return -1;
			for (size_t i = 0;; i++) {
				scan_space(&sc);
				if (sc.p == sc.end || *sc.p == ']')
					return -1;
				if (i == index) {
					*offset = (size_t)(sc.p - (const unsigned char *)text);
					return 0;
				}
				if (scan_value(&sc, &count, SIZE_MAX))
					return -1;
				scan_space(&sc);
				if (sc.p == sc.end || *sc.p++ != ',')
					return -1;
			}
		}
		if (scan_value(&sc, &count, SIZE_MAX))
			return -1;
		scan_space(&sc);
		if (sc.p == sc.end || *sc.p++ != ',')
			return -1;
	}
}

static void oom(struct jv_error *err);

/* ---- a long list of strings read from the text itself ---- */

/* blank: [a, b) of a copy of the text made spaces, its line ends kept, so that every later position stays. */
static void blank(char *copy, const char *text, const unsigned char *a, const unsigned char *b)
{
	for (const unsigned char *c = a; c < b; c++)
		if (*c != '\n')
			copy[c - (const unsigned char *)text] = ' ';
}

/*
 * blank_list: the strings of the array at sc->p (its opening bracket) made
 * spaces in copy, all of them when they are all strings that the parser
 * takes on (the array then reads as empty: 1, with *n its elements); else
 * all but the last one before the first other element, which stays for the
 * parse to refuse where jansson does (0).
 */
static int blank_list(struct scan *sc, const char *text, char *copy, size_t *n)
{
	const unsigned char *prev = NULL, *prev_end = NULL;
	int escapes;
	sc->p++;
	scan_space(sc);
	if (sc->p < sc->end && *sc->p == ']') {
		sc->p++;
		return 1;
	}
	for (*n = 0;; ++*n) {
		const unsigned char *at = sc->p, *q;
		if (sc->p == sc->end || *sc->p != '"' || !(q = string_end(sc->p + 1, sc->end, &escapes)))
			return 0;
		sc->p = q + 1;
		scan_space(sc);
		if (sc->p == sc->end || (*sc->p != ',' && *sc->p != ']'))
			return 0;
		if (prev)
			blank(copy, text, prev, prev_end);
		prev = at;
		prev_end = sc->p + 1;
		if (*sc->p++ == ']') {
			blank(copy, text, prev, prev_end - 1);
			++*n;
			return 1;
		}
		scan_space(sc);
	}
}

/*
 * list_column: the column of a refusal of copy placed in the text as read.
 * jansson counts a column a character (the bytes that can start one), and
 * a character of several bytes in a blanked string became as many spaces,
 * each a column; the blanked strings all lie before the fault.
 */
static void list_column(const char *text, const char *copy, size_t len, struct jv_error *err)
{
	size_t i = 0;
	int fix = 0;
	for (int line = 1; i < len && line < err->line; i++)
		line += copy[i] == '\n';
	for (int col = 0; i < len && copy[i] != '\n' && col < err->column; i++) {
		unsigned char c = (unsigned char)copy[i], t = (unsigned char)text[i];
		col += c < 0x80 || (c >= 0xc2 && c <= 0xf4);
		fix += c != t && t >= 0x80 && t <= 0xbf;
	}
	err->column -= fix;
}

int jv_parse_list(const char *text, size_t len, struct jv_list *l, struct jv_doc *d, struct jv_error *err)
{
	struct scan sc = { (const unsigned char *)text, (const unsigned char *)text + len };
	size_t count = 0, nkey = strlen(l->key);
	char *copy = NULL;

	l->whole = l->plain = 0;
	l->at = l->n = 0;
	scan_space(&sc);
	if (sc.p < sc.end && *sc.p == '{') {
		sc.p++;
		for (;;) {
			scan_space(&sc);
			if (sc.p == sc.end || *sc.p != '"')
				break;
			const unsigned char *k = sc.p + 1;
			if (scan_string(&sc))
				break;
			int found = (size_t)(sc.p - 1 - k) == nkey && memcmp(k, l->key, nkey) == 0;
			scan_space(&sc);
			if (sc.p == sc.end || *sc.p++ != ':')
				break;
			scan_space(&sc);
			if (found && sc.p < sc.end && *sc.p == '[') {
				size_t at = (size_t)(sc.p - (const unsigned char *)text), n = 0;
				if (!copy) {
					if (!(copy = malloc(len))) {
						oom(err);
						return -1;
					}
					memcpy(copy, text, len);
				}
				if (!blank_list(&sc, text, copy, &n))
					break;
				if (!l->whole) {
					l->whole = 1;
					l->at = at;
					l->n = n;
				}
			} else if (scan_value(&sc, &count, SIZE_MAX)) {
				break;
			}
			scan_space(&sc);
			if (sc.p == sc.end || *sc.p++ != ',')
				break;
		}
	}
	int rc = jv_parse(copy ? copy : text, len, d, err);
	/* A NUL byte's column counts bytes (jv_refusal), which the blanking kept. */
	if (rc && copy && !err->oom && strcmp(err->text, "a NUL byte") != 0)
		list_column(text, copy, len, err);
	free(copy);
	return rc;
}

/* list_item: the text of the list's next string, after *pos (just after its opening quote), or NULL when none follows. */
static const unsigned char *list_item(const char *text, size_t len, size_t pos)
{
	struct scan sc = { (const unsigned char *)text + pos, (const unsigned char *)text + len };
	scan_space(&sc);
	if (sc.p < sc.end && (*sc.p == ',' || *sc.p == '['))
		sc.p++;
	scan_space(&sc);
	return sc.p < sc.end && *sc.p == '"' ? sc.p + 1 : NULL;
}

int jv_list_next(const char *text, size_t len, size_t *pos, char *buf, size_t size, size_t *n)
{
	const unsigned char *start = list_item(text, len, *pos), *q;
	int escapes;
	if (!start || !(q = string_end(start, (const unsigned char *)text + len, &escapes)))
		return 0;
	size_t raw = (size_t)(q - start);
	*pos = (size_t)(q + 1 - (const unsigned char *)text);
	if (raw < size) {
		*n = string_decode(start, q, buf);
		return 1;
	}
	/* Longer than buf: its length, and as much of it as buf holds. */
	char *all = malloc(raw + 1);
	if (!all)
		return -1;
	*n = string_decode(start, q, all);
	memcpy(buf, all, *n < size ? *n + 1 : size);
	buf[size - 1] = '\0';
	free(all);
	return 1;
}

int jv_list_span(const char *text, size_t len, size_t *pos, const char **s, size_t *n)
{
	/*
	 * The list was read whole: between its strings stand only blanks and a
	 * comma, so the next quote opens the next string, and a plain list's
	 * string has no escape, so the quote after that closes it.
	 */
	const char *start = *pos < len ? memchr(text + *pos, '"', len - *pos) : NULL, *q;
	if (!start++ || !(q = memchr(start, '"', (size_t)(text + len - start))))
		return 0;
	*s = start;
	*n = (size_t)(q - start);
	*pos = (size_t)(q + 1 - text);
	return 1;
}

/* ---- jansson's tree copied into the arena ---- */

static int copy(struct jv_doc *d, const json_t *j, jv_t *v)
{
	v->n = 0;
	switch (json_typeof(j)) {
	case JSON_OBJECT: {
		const char *key;
		json_t *val;
		size_t i = 0, n = json_object_size(j);
		v->type = JV_OBJECT;
		v->u.o = NULL;
		if (n && !(v->u.o = alloc(d, n * sizeof *v->u.o, 4096)))
			return -1;
		json_object_foreach((json_t *)j, key, val) {
			size_t kl = strlen(key);
			char *k = alloc_text(d, kl + 1, 4096);
			if (!k)
				return -1;
			memcpy(k, key, kl + 1);
			v->u.o[i].key = k;
			if (copy(d, val, &v->u.o[i].v))
				return -1;
			i++;
		}
		v->n = i;
		return 0;
	}
	case JSON_ARRAY: {
		size_t n = json_array_size(j);
		v->type = JV_ARRAY;
		v->u.a = NULL;
		if (n && (n > SIZE_MAX / sizeof(jv_t) || !(v->u.a = alloc(d, n * sizeof(jv_t), 4096))))
			return -1;
		for (size_t i = 0; i < n; i++)
			if (copy(d, json_array_get(j, i), &v->u.a[i]))
				return -1;
		v->n = n;
		return 0;
	}
	case JSON_STRING: {
		size_t n = json_string_length(j);
		char *s = alloc_text(d, n + 1, 4096);
		if (!s)
			return -1;
		memcpy(s, json_string_value(j), n);
		s[n] = '\0';
		v->type = JV_STRING;
		v->u.s = s;
		v->n = n;
		return 0;
	}
	case JSON_INTEGER: v->type = JV_INTEGER; v->u.i = json_integer_value(j); return 0;
	case JSON_REAL: v->type = JV_REAL; v->u.d = json_real_value(j); return 0;
	case JSON_TRUE: v->type = JV_TRUE; return 0;
	case JSON_FALSE: v->type = JV_FALSE; return 0;
	default: v->type = JV_NULL; return 0;
	}
}

int jv_from_json(const json_t *j, struct jv_doc *d)
{
	d->mem.chunks = NULL;
	d->root = alloc(d, sizeof *d->root, 4096);
	if (!d->root || copy(d, j, d->root)) {
		jv_free(d);
		return -1;
	}
	return 0;
}

int jv_same_as_json(const jv_t *v, const json_t *j)
{
	switch (v->type) {
	case JV_OBJECT: {
		const char *key;
		json_t *val;
		size_t i = 0;
		if (!json_is_object(j) || json_object_size(j) != v->n)
			return 0;
		json_object_foreach((json_t *)j, key, val) {
			if (strcmp(v->u.o[i].key, key) != 0 || !jv_same_as_json(&v->u.o[i].v, val))
				return 0;
			i++;
		}
		return 1;
	}
	case JV_ARRAY:
		if (!json_is_array(j) || json_array_size(j) != v->n)
			return 0;
		for (size_t i = 0; i < v->n; i++)
			if (!jv_same_as_json(&v->u.a[i], json_array_get(j, i)))
				return 0;
		return 1;
	case JV_STRING:
		return json_is_string(j) && json_string_length(j) == v->n &&
		       memcmp(json_string_value(j), v->u.s, v->n) == 0 && v->u.s[v->n] == '\0';
	case JV_INTEGER: return json_is_integer(j) && json_integer_value(j) == v->u.i;
	case JV_REAL: return json_is_real(j) && memcmp(&v->u.d, &(double){ json_real_value(j) }, sizeof(double)) == 0;
	case JV_TRUE: return json_is_true(j);
	case JV_FALSE: return json_is_false(j);
	default: return json_is_null(j);
	}
}

/* refusal: jansson's refusal je as err. */
void jv_refusal(struct jv_error *err, const json_error_t *je, const char *text, size_t len)
{
	const char *nul = memchr(text, '\0', len);
	err->oom = json_error_code(je) == json_error_out_of_memory || je->line < 0;
	err->line = je->line;
	err->column = je->column;
	memcpy(err->text, je->text, sizeof err->text);
	if (err->oom) {
		oom(err);
	} else if (nul && (size_t)(nul - text) <= (size_t)je->position) {
		const char *bol = text;
		err->line = 1;
		for (const char *c = text; (c = memchr(c, '\n', (size_t)(nul - c))); bol = ++c)
			err->line++;
		err->column = (int)(nul - bol) + 1;
		strcpy(err->text, "a NUL byte");
	}
}

static void oom(struct jv_error *err)
{
	err->oom = 1;
	err->line = err->column = -1;
	strcpy(err->text, "out of memory");
}

/* parse: the document text[0..len) into d by the parser of its own alone: P_OK, or P_OTHER or P_OOM with d freed. */
static int parse(struct parser *ps, const char *text, size_t len, struct jv_doc *d)
{
	int rc = P_OTHER;

	ps->p = ps->text = (const unsigned char *)text;
	ps->end = ps->p + len;
	ps->d = d;
	d->mem.chunks = NULL;
	d->root = NULL;
	ps->hint = len < SIZE_MAX / 2 - 4096 ? len + len / 2 + 4096 : SIZE_MAX / 2;
	skip_space(ps);
	if (ps->p < ps->end && (*ps->p == '{' || *ps->p == '[')) {
		if (!(d->root = alloc(d, sizeof *d->root, ps->hint)))
			rc = P_OOM;
		else
			rc = value(ps, d->root);
		if (rc == P_OK) {
			skip_space(ps);
			if (ps->p != ps->end)
				rc = P_OTHER;
		}
	}
	free(ps->stack);
	if (rc != P_OK)
		jv_free(d);
	return rc;
}

int jv_read_list(const char *text, size_t len, struct jv_list *l, size_t max_values, struct jv_doc *d)
{
	struct parser ps = { .list = l, .max = max_values };
	const unsigned char *p = (const unsigned char *)text, *end = p + len;

	l->whole = l->plain = 0;
	l->at = l->n = 0;
	while (p < end && (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r'))
		p++;
	if (p == end || *p != '{' || parse(&ps, text, len, d) != P_OK) {
		l->whole = l->plain = 0;
		l->at = l->n = 0;
		return -1;
	}
	return 0;
}

int jv_parse(const char *text, size_t len, struct jv_doc *d, struct jv_error *err)
{
	struct parser ps = { .max = SIZE_MAX };
	int rc = parse(&ps, text, len, d);

	if (rc == P_OK)
		return 0;
	if (rc == P_OOM) {
		oom(err);
		return -1;
	}
	/* jansson decides, and gives the message. */
	json_error_t je;
	json_t *j = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
	if (!j) {
		jv_refusal(err, &je, text, len);
		return -1;
	}
	int r = jv_from_json(j, d);
	json_decref(j);
	if (r)
		oom(err);
	return r;
}
