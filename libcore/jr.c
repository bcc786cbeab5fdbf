/* jr.c: the strict JSON reader: a path of keys and indexes, formatted only when a message needs it. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "jr.h"

void jr_init(struct jr *r, const char *prefix, struct cerr *e)
{
	r->e = e;
	r->code = C_INPUT;
	r->prefix = prefix ? prefix : "";
	r->depth = 0;
	r->label = NULL;
	r->number = 0;
}

int jr_key(struct jr *r, const char *key)
{
	if (r->depth < JR_MAXDEPTH)
		r->step[r->depth] = (struct jr_step){ key, 0 };
	return r->depth++;
}

int jr_index(struct jr *r, size_t i)
{
	if (r->depth < JR_MAXDEPTH)
		r->step[r->depth] = (struct jr_step){ NULL, i };
	return r->depth++;
}

void jr_pop(struct jr *r, int saved)
{
	r->depth = saved;
}

char *jr_path(const struct jr *r, char *buf, size_t n)
{
	size_t len = 0;

#define ADD(...)                                                                     \
	do {                                                                         \
		int w_ = snprintf(buf + len, n - len, __VA_ARGS__);                  \
		len = w_ < 0 ? len : (size_t)w_ >= n - len ? n - 1 : len + (size_t)w_; \
	} while (0)
	buf[0] = '\0';
	ADD("%s", r->prefix);
	for (int i = 0; i < r->depth && i < JR_MAXDEPTH; i++) {
		if (r->step[i].key)
			ADD("%s%s", len ? "." : "", r->step[i].key);
		else
			ADD("[%zu]", r->step[i].index);
	}
	if (r->depth > JR_MAXDEPTH)
		ADD("...");
#undef ADD
	return buf;
}

static int vfail(struct jr *r, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
static int vfail(struct jr *r, const char *fmt, va_list ap)
{
	char msg[400], path[320];

	vsnprintf(msg, sizeof msg, fmt, ap);
	jr_path(r, path, sizeof path);
	if (!path[0])
		return cerr_set(r->e, r->code, "%s", msg);
	if (r->label)
		return cerr_set(r->e, r->code, "%s (%s #%d): %s", path, r->label, r->number, msg);
	return cerr_set(r->e, r->code, "%s: %s", path, msg);
}

int jr_fail(struct jr *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = vfail(r, fmt, ap);
	va_end(ap);
	return rc;
}

int jr_fail_at(struct jr *r, const char *key, const char *fmt, ...)
{
	va_list ap;
	int s = jr_key(r, key);
	va_start(ap, fmt);
	int rc = vfail(r, fmt, ap);
	va_end(ap);
	jr_pop(r, s);
	return rc;
}

const char *jr_type(const jv_t *v)
{
	switch (jv_typeof(v)) {
	case JV_OBJECT: return "an object";
	case JV_ARRAY: return "an array";
	case JV_STRING: return "a string";
	case JV_INTEGER: return "an integer";
	case JV_REAL: return "a number";
	case JV_TRUE:
	case JV_FALSE: return "a boolean";
	default: return "null";
	}
}

int jr_document(struct jr *r, const char *text, size_t len)
{
	size_t i = 0;
	while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
		i++;
	if (i == len)
		return jr_fail(r, "empty");
	if (text[i] == '[')
		return jr_fail(r, "expected an object, found an array");
	return C_OK;
}

jv_t *jr_load(struct jr *r, const char *text, size_t len, const struct jr_limits *lim, struct jv_doc *d, int *rc)
{
	struct jv_shape sh = { .list = lim->list ? lim->list->key : NULL, .max_values = lim->max_values };
	struct jv_error err;
	int s;

	*rc = r->code;
	if (jr_document(r, text, len) != C_OK)
		return NULL;
	if (lim->list && jv_read_list(text, len, lim->list, lim->max_values, d) == 0) {
		*rc = C_OK;
		return d->root;	/* the common document, in one pass */
	}
	switch (jv_shape_check(text, len, &sh)) {
	case JV_SHAPE_NOT_STRING:
		s = jr_key(r, sh.list);
		jr_index(r, sh.index);
		jr_fail(r, "expected %s as a string, found %s", lim->item, jr_type(&(jv_t){ .type = sh.found }));
		jr_pop(r, s);
		return NULL;
	case JV_SHAPE_TOO_MANY:
		s = jr_key(r, sh.key);
		jr_fail(r, "more than %zu values and keys, more than %s holds", lim->max_values, lim->holds);
		jr_pop(r, s);
		return NULL;
	}
	if (lim->list ? jv_parse_list(text, len, lim->list, d, &err) : jv_parse(text, len, d, &err)) {
		*rc = jv_refuse(&err, r->e);
		return NULL;
	}
	*rc = C_OK;
	return d->root;
}

int jr_object(struct jr *r, jv_t *v, const char *const *allowed)
{
	const char *key;
	jv_t *val;

	if (!jv_is_object(v))
		return jr_fail(r, "expected an object, found %s", jr_type(v));
	jv_object_foreach(v, key, val) {
		const char *const *a = allowed;
		while (*a && ((*a)[0] != key[0] || strcmp(*a, key) != 0))
			a++;
		if (!*a)
			return jr_fail(r, "unknown key '%s'", key);
	}
	return C_OK;
}

jv_t *jr_member(struct jr *r, jv_t *obj, const char *key, int required, int *rc)
{
	jv_t *v = jv_object_get(obj, key);
	*rc = C_OK;
	if (!v && required)
		*rc = jr_fail(r, "missing key '%s'", key);
	return v;
}

/* enter: obj's required member key, stepped into (*saved for jr_pop); NULL with *rc when missing. */
static jv_t *enter(struct jr *r, jv_t *obj, const char *key, int *rc, int *saved)
{
	jv_t *v = jr_member(r, obj, key, 1, rc);
	if (v)
		*saved = jr_key(r, key);
	return v;
}

int jr_int(struct jr *r, jv_t *obj, const char *key, long long min, long long max, long long *out)
{
	int rc, s;
	jv_t *v = enter(r, obj, key, &rc, &s);
	if (!v)
		return rc;
	if (!jv_is_integer(v))
		rc = jr_fail(r, "expected an integer from %lld to %lld, found %s", min, max, jr_type(v));
	else if (jv_integer_value(v) < min || jv_integer_value(v) > max)
		rc = jr_fail(r, "expected an integer from %lld to %lld, found %lld", min, max,
			     (long long)jv_integer_value(v));
	else
		*out = jv_integer_value(v);
	jr_pop(r, s);
	return rc;
}

int jr_bool(struct jr *r, jv_t *obj, const char *key, int *out)
{
	int rc, s;
	jv_t *v = enter(r, obj, key, &rc, &s);
	if (!v)
		return rc;
	if (!jv_is_boolean(v))
		rc = jr_fail(r, "expected a boolean, found %s", jr_type(v));
	else
		*out = jv_is_true(v);
	jr_pop(r, s);
	return rc;
}

int jr_str(struct jr *r, jv_t *obj, const char *key, size_t max, const char **out)
{
	int rc, s;
	jv_t *v = enter(r, obj, key, &rc, &s);
	if (!v)
		return rc;
	if (!jv_is_string(v))
		rc = jr_fail(r, "expected a string, found %s", jr_type(v));
	else if (jv_string_length(v) == 0 || jv_string_length(v) > max)
		rc = jr_fail(r, "expected a string of 1 to %zu bytes", max);
	else if (strlen(jv_string_value(v)) != jv_string_length(v))
		rc = jr_fail(r, "the string holds a NUL byte");
	else
		*out = jv_string_value(v);
	jr_pop(r, s);
	return rc;
}

int jr_array(struct jr *r, jv_t *obj, const char *key, size_t max, jv_t **out)
{
	int rc, s;
	jv_t *v = enter(r, obj, key, &rc, &s);
	if (!v)
		return rc;
	if (!jv_is_array(v))
		rc = jr_fail(r, "expected an array, found %s", jr_type(v));
	else if (jv_array_size(v) > max)
		rc = jr_fail(r, "expected at most %zu elements, found %zu", max, jv_array_size(v));
	else
		*out = v;
	jr_pop(r, s);
	return rc;
}

/* same_scalar: a and b, of one type and neither an object nor an array, hold the same value. */
static int same_scalar(const jv_t *a, const jv_t *b)
{
	switch (jv_typeof(a)) {
	case JV_STRING:
		return a->n == b->n && memcmp(a->u.s, b->u.s, a->n) == 0;
	case JV_INTEGER:
		return a->u.i == b->u.i;
	case JV_REAL:
		return a->u.d == b->u.d;
	default:	/* true, false, null: the type says it */
		return 1;
	}
}

int jr_diff(struct jr *r, const jv_t *a, const jv_t *b)
{
	if (jv_typeof(a) != jv_typeof(b))
		return 1;
	if (jv_is_object(a)) {
		const char *k;
		jv_t *va;
		jv_object_foreach(a, k, va) {
			jv_t *vb = jv_object_get(b, k);
			int s = jr_key(r, k);
			if (!vb || jr_diff(r, va, vb))
				return 1;
			jr_pop(r, s);
		}
		return jv_object_size(a) != jv_object_size(b);
	}
	if (jv_is_array(a)) {
		size_t n = jv_array_size(a) < jv_array_size(b) ? jv_array_size(a) : jv_array_size(b);
		for (size_t i = 0; i < n; i++) {
			int s = jr_index(r, i);
			if (jr_diff(r, jv_array_get(a, i), jv_array_get(b, i)))
				return 1;
			jr_pop(r, s);
		}
		return jv_array_size(a) != jv_array_size(b);
	}
	return !same_scalar(a, b);
}
