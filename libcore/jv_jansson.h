/*
 * jv_jansson.h: jv's values beside jansson's, for the checks that hold the
 * two readers to the same values (tests/unit/jv_test.c, fuzz/fuzz_jv.c).
 * Only jv.c and these checks see jansson; the library's headers do not.
 */
#ifndef CATAN_JV_JANSSON_H
#define CATAN_JV_JANSSON_H

#include <jansson.h>

/* jv.h's types, named here so that this header stands below jv.h, which jv.c includes it beside. */
struct jv_doc;
typedef struct jv jv_t;

/* jv_from_json: a copy of jansson's value j (borrowed) as a document; -1 when memory runs out. */
int jv_from_json(const json_t *j, struct jv_doc *d);
/* jv_same_as_json: 1 when v holds what jansson's j holds, members in the same order; else 0. */
int jv_same_as_json(const jv_t *v, const json_t *j);

#endif
