/*
 * fuzz_jv: the document reader against jansson.  Promise: any text is
 * refused by both with jansson's line, column and message (a NUL byte named
 * where jansson stops at it: jv_refusal), or read by both
 * into the same values in the same order; the same refusals when a list of
 * strings ("log") is left in the text (jv_parse_list), which then holds as
 * many strings as jansson's array; a text read in one pass (jv_read_list)
 * is read as jv_parse_list reads it.
 */
#include <string.h>

#include <jansson.h>

#include "fuzz.h"
#include "jv.h"
#include "jv_jansson.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct jv_doc d;
	struct jv_error err;
	json_error_t je;

	if (size > 1 << 20)
		return 0;
	json_t *j = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, &je);
	int rc = jv_parse((const char *)data, size, &d, &err);
	struct jv_doc dl;
	struct jv_error el;
	struct jv_list l = { .key = "log" };
	int rl = jv_parse_list((const char *)data, size, &l, &dl, &el);
	if (rl == 0)
		jv_free(&dl);
	if (!j) {
		struct jv_error want;
		jv_refusal(&want, &je, (const char *)data, size);
		FUZZ_CHECK(rc == -1, "jansson refused what jv read");
		FUZZ_CHECK(err.oom || (err.line == want.line && err.column == want.column &&
				       strcmp(err.text, want.text) == 0), "the same refusal");
		FUZZ_CHECK(rl == -1, "jansson refused what jv read with a list");
		FUZZ_CHECK(el.oom || (el.line == want.line && el.column == want.column &&
				      strcmp(el.text, want.text) == 0), "the same refusal with a list");
		return 0;
	}
	FUZZ_CHECK(rl == 0 || el.oom, "jv refused with a list what jansson read");
	FUZZ_CHECK(rl != 0 || !l.whole || json_array_size(json_object_get(j, "log")) == l.n,
		   "the list's strings, counted");
	if (rc == 0) {
		FUZZ_CHECK(jv_same_as_json(d.root, j), "the same values");
		jv_free(&d);
	} else {
		FUZZ_CHECK(err.oom, "jv refused what jansson read");
	}
	struct jv_doc dr;
	struct jv_list lr = { .key = "log" };
	if (jv_read_list((const char *)data, size, &lr, SIZE_MAX, &dr) == 0) {
		FUZZ_CHECK(rl == 0 && lr.whole == l.whole && lr.at == l.at && lr.n == l.n,
			   "the list read in one pass as jv_parse_list reads it");
		if (lr.whole)
			json_object_set_new(j, "log", json_array());
		FUZZ_CHECK(jv_same_as_json(dr.root, j), "the same values read in one pass");
		jv_free(&dr);
	}
	json_decref(j);
	return 0;
}
