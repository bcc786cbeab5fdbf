/* dice_rd.h: the strict JSON reading helpers of the dice game's map and sheet readers. */
#ifndef CATAN_DICE_RD_H
#define CATAN_DICE_RD_H

#include <stddef.h>

#include <jansson.h>

#include "err.h"

/*
 * A reading context: the JSON path being read, for messages such as
 * "players[0].built[2]: no site Q3 on this map".  Every json_t * given to
 * these helpers is borrowed; none is kept.
 */
struct drd {
	struct cerr *e;
	char path[256];
	size_t plen;
};

/* drd_init: an empty context whose messages start at path (may be ""). */
void drd_init(struct drd *r, const char *path, struct cerr *e);
/* drd_key, drd_index: descend into a member or an element; return the length to drd_pop back to. */
size_t drd_key(struct drd *r, const char *key);
size_t drd_index(struct drd *r, size_t i);
void drd_pop(struct drd *r, size_t saved);
/* drd_fail: C_INPUT with "path: message" in r->e; returns C_INPUT. */
int drd_fail(struct drd *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* drd_type: "an object", "a string", ... for messages. */
const char *drd_type(const json_t *v);

/* drd_object: v is an object with only the keys in allowed (NULL-terminated). */
int drd_object(struct drd *r, json_t *v, const char *const *allowed);
/* drd_get: obj's member key; when required and missing, fails (and *rc is C_INPUT). */
json_t *drd_get(struct drd *r, json_t *obj, const char *key, int required, int *rc);
/* drd_int: member key (required) as an integer in [min, max]. */
int drd_int(struct drd *r, json_t *obj, const char *key, long long min, long long max, long long *out);
/* drd_bool: member key (required) as a boolean. */
int drd_bool(struct drd *r, json_t *obj, const char *key, int *out);
/* drd_str: member key (required) as a string of 1..max bytes; *out is borrowed from obj. */
int drd_str(struct drd *r, json_t *obj, const char *key, size_t max, const char **out);
/* drd_array: member key (required) as an array of at most max elements. */
int drd_array(struct drd *r, json_t *obj, const char *key, size_t max, json_t **out);

#endif
