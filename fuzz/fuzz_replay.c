/*
 * fuzz_replay: records and games replayed from their start, and the score
 * timeline.  Promises: a document read is replayed to a verdict (C_OK,
 * C_ILLEGAL or C_INPUT for a view) without a crash or a leak; when the
 * replay passes, the replayed position passes its invariants, and the
 * timeline is made for a full game; the position after move N (--at, N
 * taken from the input's length, negative ones too) is made or refused
 * with a status, and when made keeps the invariants.  Validation, which
 * reads the log as written (GR_LOG_AS_READ), gives the same verdict as the
 * read that brings each line to its canonical text: status, message, moves
 * found legal and the failing move's text.
 */
#include <string.h>

#include "fuzz.h"
#include "doc/present.h"
#include "doc/replay.h"
#include "doc/scorecard.h"
#include "model/state.h"
#include "doc/state_json.h"
#include "doc/verdict.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cerr e = { 0 };
	struct replay_result res;
	struct timeline t = { 0 };
	struct game g, end;

	struct verdict v;
	verdict_check((const char *)data, size, &v);
	int rc = game_read((const char *)data, size, &g, &e);
	if (rc != C_OK) {
		FUZZ_CHECK(v.status == rc && v.msg && strcmp(v.msg, e.msg) == 0, "validation reads as game_read");
		verdict_free(&v);
		game_free(&g);
		return 0;
	}
	rc = game_replay(&g, &res, &end, &e);
	FUZZ_CHECK(v.status == rc && v.moves == (rc == C_OK ? g.log.len : res.checked) && v.index == res.index,
		   "validation replays as game_replay");
	FUZZ_CHECK(rc == C_OK || (v.msg && strcmp(v.msg, e.msg) == 0), "validation's message");
	FUZZ_CHECK(!res.move == !v.move && (!v.move || strcmp(v.move, res.move) == 0), "validation's failing move");
	verdict_free(&v);
	FUZZ_CHECK(rc == C_OK || rc == C_ILLEGAL || rc == C_INPUT, "a replay's verdict");
	if (rc == C_OK) {
		FUZZ_CHECK(end.has_pos, "the replay ends in a position");
		FUZZ_CHECK(pos_check(&end, &end.pos, &e) == C_OK, e.msg);
		game_free(&end);
		if (g.view == NOBODY)
			FUZZ_CHECK(timeline_make(&g, &t, &res, &e) == C_OK, e.msg);
	}
	if (g.view == NOBODY) {
		long len = (long)g.log.len, n = (long)(size % (size_t)(2 * len + 1)) - len;
		struct present at;
		rc = present_at(&g, n, &at, &res, &e);
		FUZZ_CHECK(rc == C_OK || rc == C_ILLEGAL || rc == C_USAGE, "--at's verdict");
		if (rc == C_OK)
			FUZZ_CHECK(pos_check(at.game, &at.game->pos, &e) == C_OK, e.msg);
		present_free(&at);
	}
	timeline_free(&t);
	game_free(&g);
	return 0;
}
