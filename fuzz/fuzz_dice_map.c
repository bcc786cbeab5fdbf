/*
 * fuzz_dice_map: the dice game's map reader.  Promises: any input is read or
 * refused with C_INPUT; a map read is written in the canonical form, which
 * reads back to the same text.
 */
#include <string.h>

#include "dice_json.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cerr e = { 0 };
	struct dmap m, back;
	char *text = NULL, *again = NULL;
	size_t len, len2;

	int rc = dice_map_read(&m, (const char *)data, size, "input", &e);
	if (rc != C_OK) {
		FUZZ_CHECK(rc == C_INPUT, "a refused map is C_INPUT");
		return 0;
	}
	FUZZ_CHECK(dice_map_dump(&m, 0, &text, &len, &e) == C_OK, "the map is written");
	FUZZ_CHECK(dice_map_read(&back, text, len, "again", &e) == C_OK, e.msg);
	FUZZ_CHECK(dice_map_dump(&back, 0, &again, &len2, &e) == C_OK, "written again");
	FUZZ_CHECK(len == len2 && memcmp(text, again, len) == 0, "the map reads back the same");
	free(text);
	free(again);
	return 0;
}
