/*
 * fuzz_dice_sheet: the dice game's sheet reader.  Promises: any input is
 * read or refused with C_INPUT; a sheet read is written in the canonical
 * form, which reads back to the same text, and its replay check gives a
 * verdict (C_OK or C_ILLEGAL) without a crash or a leak.
 */
#include <string.h>

#include "dice_json.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cerr e = { 0 };
	struct dgame g, back;
	char *text = NULL, *again = NULL;
	size_t len, len2;

	dice_game_init(&g);
	dice_game_init(&back);
	int rc = dice_state_read(&g, (const char *)data, size, &e);
	if (rc != C_OK) {
		FUZZ_CHECK(rc == C_INPUT, "a refused sheet is C_INPUT");
	} else {
		FUZZ_CHECK(dice_state_write(&g, 0, &text, &len, &e) == C_OK, "the sheet is written");
		FUZZ_CHECK(dice_state_read(&back, text, len, &e) == C_OK, e.msg);
		FUZZ_CHECK(dice_state_write(&back, 0, &again, &len2, &e) == C_OK, "written again");
		FUZZ_CHECK(len == len2 && memcmp(text, again, len) == 0, "the sheet reads back the same");
		rc = dice_validate(&g, &e);
		FUZZ_CHECK(rc == C_OK || rc == C_ILLEGAL, "a replay's verdict");
	}
	free(text);
	free(again);
	dice_game_free(&back);
	dice_game_free(&g);
	return 0;
}
