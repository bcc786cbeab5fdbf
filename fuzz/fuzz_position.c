/*
 * fuzz_position: the short document of catan-newboard --position.
 * Promises: any input is set up or refused with C_INPUT (never a crash, a
 * leak or another status); a game set up is written, reads back (awards
 * and all) to the same text, and passes catan-validate's whole check with
 * its empty log.
 */
#include <string.h>

#include "fuzz.h"
#include "doc/replay.h"
#include "model/state.h"
#include "doc/state_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct newgame o = { .seed = 1 };
	struct cerr e = { 0 };
	struct replay_result res;
	struct game g, back;
	char *text = NULL, *again = NULL;
	size_t len, len2;

	rules_default(&o.rules);
	/* The players choose the rule set; the beginner board where it has one. */
	int rc = game_set_up((const char *)data, size, &o, SU_BEGINNER_IF_ANY, &g, &e);
	if (rc != C_OK) {
		FUZZ_CHECK(rc == C_INPUT, "a refused position is C_INPUT");
		game_free(&g);
		return 0;
	}
	FUZZ_CHECK(game_write(&g, 0, &text, &len, &e) == C_OK, "the game is written");
	FUZZ_CHECK(game_read(text, len, &back, &e) == C_OK, e.msg);
	FUZZ_CHECK(game_write(&back, 0, &again, &len2, &e) == C_OK, "written again");
	FUZZ_CHECK(len == len2 && memcmp(text, again, len) == 0, "the game reads back the same");
	FUZZ_CHECK(game_replay(&back, &res, NULL, &e) == C_OK, e.msg);
	game_free(&back);
	game_free(&g);
	free(text);
	free(again);
	return 0;
}
