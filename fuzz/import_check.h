/*
 * import_check.h: what the importers' fuzz targets promise, for any input:
 * it is imported or refused with C_INPUT or C_ILLEGAL (never a crash, a leak
 * or another status), a refusal's message names the input; a record
 * imported is written in the canonical form, which our reader reads back
 * and writes the same.
 */
#ifndef CATAN_FUZZ_IMPORT_CHECK_H
#define CATAN_FUZZ_IMPORT_CHECK_H

#include <string.h>

#include "fuzz.h"
#include "import/import.h"
#include "model/state.h"
#include "doc/state_json.h"

static inline void import_check(int fmt, const uint8_t *data, size_t size)
{
	struct cerr e = { 0 };
	struct game g, back;
	char *text = fuzz_text(data, size), *out = NULL, *again = NULL;
	size_t len, len2;

	if (!text)
		return;
	int rc = import_read(fmt, text, size, "in", &g, &e);
	if (rc != C_OK) {
		FUZZ_CHECK(rc == C_INPUT || rc == C_ILLEGAL, "a refused record is C_INPUT or C_ILLEGAL");
		FUZZ_CHECK(strncmp(e.msg, "in", 2) == 0, "the message names the input");
	} else {
		FUZZ_CHECK(game_write(&g, 0, &out, &len, &e) == C_OK, "the record is written");
		FUZZ_CHECK(game_read(out, len, &back, &e) == C_OK, e.msg);
		FUZZ_CHECK(game_write(&back, 0, &again, &len2, &e) == C_OK, "written again");
		FUZZ_CHECK(len == len2 && memcmp(out, again, len) == 0, "the record reads back the same");
		game_free(&back);
	}
	game_free(&g);
	free(text);
	free(out);
	free(again);
}

#endif
