/*
 * fuzz_dice_move: dice game moves played on a set of sheets.  The first
 * byte picks the sheet, the rest is the move text (moves separated by ';'
 * or newlines).  Promises: a refusal is C_ILLEGAL (C_USAGE when the text
 * holds no move at all); after accepted moves the
 * sheet is written, reads back the same, and its log replays (dice_validate).
 */
#include <string.h>

#include "dice_json.h"
#include "dice_move.h"
#include "fuzz.h"

#define NSHEETS 8

/* The sheets as documents: each run reads its sheet afresh (a refused move leaves a sheet half played). */
static char *sheets[NSHEETS];
static size_t sheet_len[NSHEETS];

static void fail(const char *what, const struct cerr *e)
{
	fprintf(stderr, "fuzz_dice_move: %s: %s\n", what, e->msg);
	abort();
}

/* write_seeds: when FUZZ_SEED_DIR names a folder, a seed per legal move of sheet k (its byte, then the move). */
static void write_seeds(const struct dgame *g, int k)
{
	const char *dir = getenv("FUZZ_SEED_DIR");
	struct cerr e = { 0 };
	char *list, *save = NULL, path[4096];
	size_t len;
	int i = 0;

	if (!dir)
		return;
	if (dice_list(g, 1, &list, &len, &e))
		fail("listing moves", &e);
	for (char *l = strtok_r(list, "\n", &save); l; l = strtok_r(NULL, "\n", &save), i++) {
		snprintf(path, sizeof path, "%s/s%d-%04d", dir, k, i);
		FILE *f = fopen(path, "wb");
		if (!f || fputc(k, f) == EOF || fputs(l, f) == EOF || fclose(f) != 0) {
			fprintf(stderr, "fuzz_dice_move: cannot write '%s'\n", path);
			abort();
		}
	}
	free(list);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const names[] = { "ann", "bob", "cy", "di" };
	/* island, players, external outcomes, moves played before */
	static const struct { int island, n, external; const char *moves; } s[NSHEETS] = {
		{ 1, 1, 0, "" },
		{ 1, 1, 0, "roll; build R0 R1; end; roll" },
		{ 2, 2, 0, "" },
		{ 2, 3, 0, "roll; end; roll" },
		{ 1, 2, 1, "" },
		{ 2, 4, 1, "roll ore grain wool lumber brick gold" },
		{ 3, 3, 0, "start NR2" },
		{ 3, 4, 1, "start NR1; start ER1; start SR1; start WR1; roll ore grain wool" },
	};
	struct cerr e = { 0 };
	(void)argc;
	(void)argv;
	for (int i = 0; i < NSHEETS; i++) {
		struct dmap map;
		struct dgame g;
		dice_game_init(&g);
		if (dice_map_builtin(s[i].island, &map, &e) ||
		    dice_game_start(&g, &map, s[i].n, names, s[i].external, 42 + (uint64_t)i, &e))
			fail("a new sheet", &e);
		g.castles = s[i].island == DICE_EXTRA;
		/* A move the rules refuse here only shortens the preparation. */
		if (*s[i].moves && dice_play(&g, s[i].moves, 0, NULL, &e) != C_OK)
			dice_game_start(&g, &map, s[i].n, names, s[i].external, 42 + (uint64_t)i, &e);
		if (dice_state_write(&g, 1, &sheets[i], &sheet_len[i], &e))
			fail("writing a sheet", &e);
		write_seeds(&g, i);
		dice_game_free(&g);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cerr e = { 0 };
	struct dgame g, back;
	char *moves, *text = NULL, *again = NULL;
	size_t len, len2;
	int k;

	if (size < 1 || size > 4096 || !(moves = fuzz_text(data + 1, size - 1)))
		return 0;
	k = data[0] % NSHEETS;
	dice_game_init(&g);
	dice_game_init(&back);
	FUZZ_CHECK(dice_state_read(&g, sheets[k], sheet_len[k], &e) == C_OK, e.msg);
	int rc = dice_play(&g, moves, 0, NULL, &e);
	if (rc != C_OK) {
		FUZZ_CHECK(rc == C_ILLEGAL || (rc == C_USAGE && strcmp(e.msg, "no move given") == 0),
			   "a refused move is C_ILLEGAL (or, with no move at all, C_USAGE)");
	} else {
		FUZZ_CHECK(dice_state_write(&g, 0, &text, &len, &e) == C_OK, "the sheet is written");
		FUZZ_CHECK(dice_state_read(&back, text, len, &e) == C_OK, e.msg);
		FUZZ_CHECK(dice_state_write(&back, 0, &again, &len2, &e) == C_OK, "written again");
		FUZZ_CHECK(len == len2 && memcmp(text, again, len) == 0, "the sheet reads back the same");
		FUZZ_CHECK(dice_validate(&back, &e) == C_OK, e.msg);
	}
	free(text);
	free(again);
	free(moves);
	dice_game_free(&back);
	dice_game_free(&g);
	return 0;
}
