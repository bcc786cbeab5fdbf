/*
 * fuzz_move_json: JSON move objects applied to a set of positions.  The
 * first byte picks the position, the rest is the JSON text.  Promises: a
 * document that is not a move is refused with C_ILLEGAL; a refused move
 * changes nothing; an accepted move's JSON form (from the parsed move)
 * reads back to the same move, and the game after it keeps its invariants,
 * reads back the same and replays.
 */
#include <stdlib.h>
#include <string.h>


#include "fuzz.h"
#include "model/move.h"
#include "positions.h"
#include "rules/rules.h"
#include "model/state.h"
#include "doc/state_json.h"

static struct game games[NPOSITIONS];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	positions_build(games);
	positions_seeds(games, 1);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cerr e = { 0 };
	struct move m, m2;
	struct game g;

	if (size < 1 || size > 4096)
		return 0;
	const struct game *src = &games[data[0] % NPOSITIONS];
	struct jv_doc d, db;
	struct jv_error je;
	if (jv_parse((const char *)data + 1, size - 1, &d, &je))
		return 0;
	if (move_from_json(src, d.root, &m, &e) != C_OK) {
		FUZZ_CHECK(e.code == C_ILLEGAL, "a malformed move is C_ILLEGAL");
		jv_free(&d);
		return 0;
	}
	char *bt = move_json_text(src, &m);
	FUZZ_CHECK(bt != NULL, "the JSON form is made");
	FUZZ_CHECK(jv_parse(bt, strlen(bt), &db, &je) == 0, je.text);
	FUZZ_CHECK(move_from_json(src, db.root, &m2, &e) == C_OK, e.msg);
	FUZZ_CHECK(memcmp(&m, &m2, sizeof m) == 0, "the JSON form reads back to the same move");
	jv_free(&db);
	free(bt);
	jv_free(&d);

	FUZZ_CHECK(game_copy(&g, src, &e) == C_OK, e.msg);
	int rc = rules_apply(&g, &m, 0, &e);
	position_after(src, &g, rc);
	game_free(&g);
	return 0;
}
