/* dice_rd.c: strict JSON reading helpers with the JSON path in every message. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "dice_rd.h"

void drd_init(struct drd *r, const char *path, struct cerr *e)
{
	r->e = e;
	snprintf(r->path, sizeof r->path, "%s", path);
	r->plen = strlen(r->path);
}

/* grow: the path grew by n bytes (snprintf's count), unless it did not fit. */
static void grow(struct drd *r, int n)
{
	if (n > 0 && r->plen + (size_t)n < sizeof r->path)
		r->plen += (size_t)n;
	r->path[r->plen] = '\0';
}

size_t drd_key(struct drd *r, const char *key)
{
	size_t saved = r->plen;
	grow(r, snprintf(r->path + r->plen, sizeof r->path - r->plen, "%s%s", r->plen ? "." : "", key));
	return saved;
}

size_t drd_index(struct drd *r, size_t i)
{
	size_t saved = r->plen;
	grow(r, snprintf(r->path + r->plen, sizeof r->path - r->plen, "[%zu]", i));
	return saved;
}

void drd_pop(struct drd *r, size_t saved)
{
	r->plen = saved;
	r->path[saved] = '\0';
}

int drd_fail(struct drd *r, const char *fmt, ...)
{
	char msg[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (r->plen)
		return cerr_set(r->e, C_INPUT, "%s: %s", r->path, msg);
	return cerr_set(r->e, C_INPUT, "%s", msg);
}

const char *drd_type(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_STRING: return "a string";
	case JSON_INTEGER: return "an integer";
	case JSON_REAL: return "a number";
	case JSON_TRUE:
	case JSON_FALSE: return "a boolean";
	default: return "null";
	}
}

int drd_object(struct drd *r, json_t *v, const char *const *allowed)
{
	const char *key;
	json_t *val;

	if (!json_is_object(v))
		return drd_fail(r, "expected an object, found %s", drd_type(v));
	json_object_foreach(v, key, val) {
		const char *const *a = allowed;
		while (*a && strcmp(*a, key) != 0)
			a++;
		if (!*a)
			return drd_fail(r, "unknown key '%s'", key);
	}
	return C_OK;
}

json_t *drd_get(struct drd *r, json_t *obj, const char *key, int required, int *rc)
{
	json_t *v = json_object_get(obj, key);
	*rc = C_OK;
	if (!v && required)
		*rc = drd_fail(r, "missing key '%s'", key);
	return v;
}

int drd_int(struct drd *r, json_t *obj, const char *key, long long min, long long max, long long *out)
{
	int rc;
	json_t *v = drd_get(r, obj, key, 1, &rc);
	if (!v)
		return rc;
	size_t s = drd_key(r, key);
	if (!json_is_integer(v))
		rc = drd_fail(r, "expected an integer, found %s", drd_type(v));
	else if (json_integer_value(v) < min || json_integer_value(v) > max)
		rc = drd_fail(r, "expected an integer from %lld to %lld, found %lld", min, max,
			      (long long)json_integer_value(v));
	else
		*out = json_integer_value(v);
	drd_pop(r, s);
	return rc;
}

int drd_bool(struct drd *r, json_t *obj, const char *key, int *out)
{
	int rc;
	json_t *v = drd_get(r, obj, key, 1, &rc);
	if (!v)
		return rc;
	size_t s = drd_key(r, key);
	if (!json_is_boolean(v))
		rc = drd_fail(r, "expected a boolean, found %s", drd_type(v));
	else
		*out = json_is_true(v);
	drd_pop(r, s);
	return rc;
}

int drd_str(struct drd *r, json_t *obj, const char *key, size_t max, const char **out)
{
	int rc;
	json_t *v = drd_get(r, obj, key, 1, &rc);
	if (!v)
		return rc;
	size_t s = drd_key(r, key);
	if (!json_is_string(v))
		rc = drd_fail(r, "expected a string, found %s", drd_type(v));
	else if (json_string_length(v) == 0 || json_string_length(v) > max)
		rc = drd_fail(r, "expected a string of 1 to %zu bytes", max);
	else if (strlen(json_string_value(v)) != json_string_length(v))
		rc = drd_fail(r, "the string holds a NUL byte");
	else
		*out = json_string_value(v);
	drd_pop(r, s);
	return rc;
}

int drd_array(struct drd *r, json_t *obj, const char *key, size_t max, json_t **out)
{
	int rc;
	json_t *v = drd_get(r, obj, key, 1, &rc);
	if (!v)
		return rc;
	size_t s = drd_key(r, key);
	if (!json_is_array(v))
		rc = drd_fail(r, "expected an array, found %s", drd_type(v));
	else if (json_array_size(v) > max)
		rc = drd_fail(r, "expected at most %zu elements, found %zu", max, json_array_size(v));
	else
		*out = v;
	drd_pop(r, s);
	return rc;
}
