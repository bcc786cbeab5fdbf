/*
 * fuzz_state: the game document reader.  Promises: any input is read or
 * refused with C_INPUT or C_ILLEGAL (never a crash, a leak or another
 * status); a document read is written in the canonical form, which reads
 * back to the same text; every seat's view of a full game is written,
 * reads back as a view and writes the same again.
 */
#include <string.h>

#include "fuzz.h"
#include "model/state.h"
#include "doc/state_json.h"
#include "model/view.h"

/* round_trip: g written, read back, written again: the same text.  Returns the text (malloc'd). */
static char *round_trip(const struct game *g, int flags)
{
	struct cerr e = { 0 };
	struct game back;
	char *text = NULL, *again = NULL;
	size_t len, len2;

	FUZZ_CHECK(game_write(g, flags, &text, &len, &e) == C_OK, "the game is written");
	FUZZ_CHECK(game_read(text, len, &back, &e) == C_OK, e.msg);
	FUZZ_CHECK(game_write(&back, flags, &again, &len2, &e) == C_OK, "written again");
	FUZZ_CHECK(len == len2 && memcmp(text, again, len) == 0, "the canonical form reads back the same");
	game_free(&back);
	free(again);
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cerr e = { 0 };
	struct game g, view;

	int rc = game_read((const char *)data, size, &g, &e);
	if (rc != C_OK) {
		FUZZ_CHECK(rc == C_INPUT || rc == C_ILLEGAL, "a refused document is C_INPUT or C_ILLEGAL");
		game_free(&g);
		return 0;
	}
	free(round_trip(&g, 0));
	free(round_trip(&g, SJ_COMPACT));
	for (int s = 0; g.view == NOBODY && g.has_pos && s < g.nplayers; s++) {
		if (g.role[s] != SEAT_PLAYER) {
			FUZZ_CHECK(game_view(&g, s, &view, &e) == C_USAGE, "a neutral seat has no view");
			continue;
		}
		FUZZ_CHECK(game_view(&g, s, &view, &e) == C_OK, e.msg);
		free(round_trip(&view, 0));
		game_free(&view);
	}
	game_free(&g);
	return 0;
}
