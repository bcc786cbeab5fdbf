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
struct jv_error;
typedef struct jv jv_t;

/*
 * jv_refusal: jansson's refusal je of text[0..len) as jv gives it (*err):
 * jansson's line, column and message, but for a NUL byte at or before the
 * place of jansson's refusal, where jansson stops as at the text's end
 * ("... near end of file"), which is named at its own line and column
 * ("a NUL byte"); and out of memory where jansson gives no line.
 */
void jv_refusal(struct jv_error *err, const json_error_t *je, const char *text, size_t len);

/* jv_from_json: a copy of jansson's value j (borrowed) as a document; -1 when memory runs out. */
int jv_from_json(const json_t *j, struct jv_doc *d);
/* jv_same_as_json: 1 when v holds what jansson's j holds, members in the same order; else 0. */
int jv_same_as_json(const jv_t *v, const json_t *j);

#endif
