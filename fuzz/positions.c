/* positions.c: the games the move targets play on, and the checks after every accepted move. */
#include <string.h>


#include "play/autoplay.h"
#include "fuzz.h"
#include "model/move.h"
#include "rules/movegen.h"
#include "positions.h"
#include "doc/replay.h"
#include "rules/rules.h"
#include "model/state.h"
#include "doc/state_json.h"

/* One position: a new game's options and how many automatic moves follow. */
struct recipe {
	int nplayers, beginner, external, variant;
	int options;		/* 1: every rules option that changes the rules on; 2: paired players */
	uint64_t seed;
	long moves;		/* -1: to the end */
};

static const struct recipe recipes[NPOSITIONS] = {
	{ 4, 1, 0, VAR_BASE, 0, 1, 0 },	/* the beginner start: red to roll */
	{ 4, 0, 0, VAR_BASE, 0, 7, 0 },	/* a random board at the first set-up placement */
	{ 4, 0, 0, VAR_BASE, 0, 7, 5 },	/* in the middle of the set-up */
	{ 4, 1, 0, VAR_BASE, 0, 2, 40 },	/* early play */
	{ 4, 1, 0, VAR_BASE, 0, 3, 300 },	/* the middle game: development cards, trades, robbers */
	{ 4, 0, 0, VAR_BASE, 0, 11, 700 },	/* late */
	{ 4, 1, 0, VAR_BASE, 0, 5, -1 },	/* over */
	{ 4, 1, 1, VAR_BASE, 0, 9, 120 },	/* external outcomes: the moves carry dice and cards */
	{ 3, 1, 0, VAR_BASE, 0, 13, 200 },	/* three players */
	{ 2, 1, 0, VAR_BASE, 0, 17, 150 },	/* two players by the ordinary rules */
	{ 2, 0, 0, VAR_TWO, 0, 19, 3 },	/* Catan for Two: in the set-up, next to the neutral seats */
	{ 2, 0, 0, VAR_TWO, 0, 23, 150 },	/* Catan for Two: two rolls, trade cards, neutral pieces */
	{ 2, 0, 0, VAR_TWO, 0, 29, 600 },	/* Catan for Two: late */
	{ 3, 0, 0, VAR_BASE, 1, 31, 250 },	/* every rules option that changes the rules on */
	{ 3, 0, 0, VAR_SIX, 0, 37, 4 },	/* the thirty-hex board: in the set-up */
	{ 4, 0, 0, VAR_SIX, 0, 41, 400 },	/* the thirty-hex board: the middle game */
	{ 5, 0, 0, VAR_SIX, 2, 43, 300 },	/* five paired players: the middle game */
};

static void fail(const char *what, const struct cerr *e)
{
	fprintf(stderr, "fuzz positions: %s: %s\n", what, e->msg);
	abort();
}

/* make: the position of recipe r, with outcomes internal or external. */
static void make(struct game *g, const struct recipe *r, int outcomes)
{
	static const uint8_t order[MAXPLAYERS] = { COL_RED, COL_BLUE, COL_WHITE, COL_ORANGE, COL_GREEN, COL_BROWN };
	struct newgame o = { .nplayers = r->nplayers, .beginner = r->beginner, .seed = r->seed };
	struct autoplay_opts ao;
	struct cerr e = { 0 };

	memcpy(o.colour, order, sizeof order);
	rules_default(&o.rules);
	o.rules.outcomes = (uint8_t)outcomes;
	o.rules.variant = (uint8_t)r->variant;
	o.rules.paired_players = r->options == 2;
	if (r->options == 1) {
		o.rules.open_hands = o.rules.dev_after_roll = o.rules.reroll_sevens = 1;
		o.rules.keep_settlement = o.rules.friendly_robber = o.rules.vp_played = 1;
		o.rules.ignore_seven = o.rules.knight_interrupt = 1;
		o.rules.road_tie = TIE_ASIDE;
	}
	game_init(g);
	if (game_new(g, &o, &e) != C_OK)
		fail("a new game", &e);
	autoplay_opts_default(&ao);
	if (outcomes == OUT_INTERNAL && r->moves && autoplay_play(g, &ao, r->moves, 0, NULL, &e) != C_OK)
		fail("automatic play", &e);
}

void positions_build(struct game games[NPOSITIONS])
{
	struct cerr e = { 0 };

	for (int i = 0; i < NPOSITIONS; i++) {
		const struct recipe *r = &recipes[i];
		if (!r->external) {
			make(&games[i], r, OUT_INTERNAL);
			continue;
		}
		/* Automatic players draw outcomes: their game's log, outcomes included, is played again
		 * on the same start with external outcomes. */
		struct game played;
		make(&played, r, OUT_INTERNAL);
		make(&games[i], r, OUT_EXTERNAL);
		for (size_t k = 0; k < played.log.len; k++)
			if (rules_apply_text(&games[i], played.log.ent[k].text, 0, &e) != C_OK)
				fail("a logged move with its outcome", &e);
		game_free(&played);
	}
}

/* seed: one seed file, dir/NAME, holding the byte k and then text. */
static void seed(const char *dir, int k, int i, const char *text)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/p%d-%04d", dir, k, i);
	FILE *f = fopen(path, "wb");
	if (!f || fputc(k, f) == EOF || fputs(text, f) == EOF || fclose(f) != 0) {
		fprintf(stderr, "fuzz positions: cannot write '%s'\n", path);
		abort();
	}
}

void positions_seeds(const struct game games[NPOSITIONS], int json)
{
	const char *dir = getenv("FUZZ_SEED_DIR");
	struct move ms[512];
	char text[256];

	for (int k = 0; dir && k < NPOSITIONS; k++) {
		const struct game *g = &games[k];
		int n = movegen_legal(g, NOBODY, 0, ms, 512);
		for (int i = 0; i < n && i < 512; i++) {
			if (!json) {
				move_format(g, &ms[i], text, sizeof text);
				seed(dir, k, i, text);
				continue;
			}
			char *s = move_json_text(g, &ms[i]);
			FUZZ_CHECK(s != NULL, "a move's JSON form");
			seed(dir, k, i, s);
			free(s);
		}
	}
}

static void position_check(const struct game *g)
{
	struct cerr e = { 0 };
	struct game back, end;
	struct replay_result res;
	char *text = NULL, *again = NULL;
	size_t len, len2;

	FUZZ_CHECK(pos_check(g, &g->pos, &e) == C_OK, e.msg);
	/* The game's document reads back as the same game, and its log replays to the same position. */
	FUZZ_CHECK(game_write(g, 0, &text, &len, &e) == C_OK, "the game is written");
	FUZZ_CHECK(game_read(text, len, &back, &e) == C_OK, e.msg);
	FUZZ_CHECK(game_write(&back, 0, &again, &len2, &e) == C_OK, "the game is written again");
	FUZZ_CHECK(len == len2 && memcmp(text, again, len) == 0, "the document reads back the same");
	FUZZ_CHECK(game_replay(&back, &res, &end, &e) == C_OK, e.msg);
	game_free(&end);
	game_free(&back);
	free(text);
	free(again);
}

void position_after(const struct game *src, const struct game *g, int rc)
{
	struct cerr e = { 0 };
	char *before = NULL, *after = NULL;
	size_t n1, n2;

	if (rc == C_OK) {
		position_check(g);
		return;
	}
	FUZZ_CHECK(rc == C_ILLEGAL, "a refusal is C_ILLEGAL");
	FUZZ_CHECK(game_write(src, 0, &before, &n1, &e) == C_OK, "written");
	FUZZ_CHECK(game_write(g, 0, &after, &n2, &e) == C_OK, "written");
	FUZZ_CHECK(n1 == n2 && memcmp(before, after, n1) == 0, "a refused move changes nothing");
	free(before);
	free(after);
}
