/*
 * fuzz_move_text: move texts applied to a set of positions.  The first byte
 * picks the position, the rest is the move.  Promises: a refused move
 * changes nothing; after an accepted one the position's invariants hold, the
 * logged canonical text parses back to the same move and formats to itself,
 * its JSON form reads back to the same move, and the game's document reads
 * back the same and replays.
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
	positions_seeds(games, 0);
	return 0;
}

/* The canonical text and the JSON form of the log's last move both give back that move. */
static void check_forms(const struct game *g)
{
	const char *line = g->log.ent[g->log.len - 1].text;
	struct move m, m2;
	struct cerr e = { 0 };
	char text[256];

	FUZZ_CHECK(move_parse(g, line, &m, &e) == C_OK, e.msg);
	move_format(g, &m, text, sizeof text);
	FUZZ_CHECK(strcmp(text, line) == 0, "the canonical text formats to itself");
	char *jt = move_json_text(g, &m);
	struct jv_doc d;
	struct jv_error je;
	FUZZ_CHECK(jt != NULL, "the JSON form is made");
	FUZZ_CHECK(jv_parse(jt, strlen(jt), &d, &je) == 0, je.text);
	FUZZ_CHECK(move_from_json(g, d.root, &m2, &e) == C_OK, e.msg);
	FUZZ_CHECK(memcmp(&m, &m2, sizeof m) == 0, "the JSON form reads back to the same move");
	jv_free(&d);
	free(jt);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cerr e = { 0 };
	struct game g;
	char *text;

	if (size < 1 || size > 4096)
		return 0;
	const struct game *src = &games[data[0] % NPOSITIONS];
	if (!(text = fuzz_text(data + 1, size - 1)))
		return 0;
	FUZZ_CHECK(game_copy(&g, src, &e) == C_OK, e.msg);
	int rc = rules_apply_text(&g, text, 0, &e);
	if (rc == C_OK)
		check_forms(&g);
	position_after(src, &g, rc);
	game_free(&g);
	free(text);
	return 0;
}
