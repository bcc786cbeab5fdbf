/* dice_test: unit tests of the dice game's library: road lengths, frontiers, words, round trips. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice_auto.h"
#include "dice_json.h"
#include "dice_move.h"
#include "dice_render.h"
#include "fe.h"
#include "rng.h"

static int passed, failed;

/*
 * The test program links with -Wl,--wrap=realloc (the Makefile's
 * UNIT_LDFLAGS_dice_test): every realloc in it and in libcore comes here,
 * and fails when realloc_fails is set, so out-of-memory paths can be run.
 */
void *__real_realloc(void *p, size_t n);
void *__wrap_realloc(void *p, size_t n);
static int realloc_fails;

void *__wrap_realloc(void *p, size_t n)
{
	return realloc_fails ? NULL : __real_realloc(p, n);
}

#define CHECK(cond)                                                               \
	do {                                                                      \
		if (cond) {                                                       \
			passed++;                                                 \
		} else {                                                          \
			failed++;                                                 \
			printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);     \
		}                                                                 \
	} while (0)

static uint64_t set(const struct dmap *m, const char *ids)
{
	char buf[256];
	uint64_t s = 0;
	snprintf(buf, sizeof buf, "%s", ids);
	for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
		s |= (uint64_t)1 << dice_map_find(m, t);
	return s;
}

static void road_lengths(void)
{
	struct dmap m;
	struct cerr e;
	CHECK(dice_map_builtin(1, &m, &e) == C_OK);
	CHECK(dice_road_length(&m, set(&m, "start")) == 1);
	CHECK(dice_road_length(&m, set(&m, "start R0 R1 R2")) == 3);
	CHECK(dice_road_length(&m, set(&m, "start R0 R2 R3 R4")) == 5);
	CHECK(dice_road_length(&m, set(&m, "start R0 R2 R3 R4 R5")) == 5);
	CHECK(dice_road_length(&m, set(&m, "start R0 R2 R3 R5 R6 R7 R8 R12")) == 8);
	/* Branches do not add: the longest trail runs through one side of each junction. */
	CHECK(dice_road_length(&m, set(&m, "start R0 R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 R14 R15")) == 11);
	CHECK(dice_road_length(&m, set(&m, "start S3 C7 K1")) == 1);
}

static void frontiers(void)
{
	struct dgame g;
	struct dmap m;
	struct cerr e;
	const char *names[] = { "solo" };
	dice_game_init(&g);
	CHECK(dice_map_builtin(1, &m, &e) == C_OK);
	CHECK(dice_game_start(&g, &m, 1, names, 1, 0, &e) == C_OK);
	CHECK(dice_frontier(&g, g.p[0].built) == set(&m, "S3 R0 K1"));
	uint64_t b = g.p[0].built | set(&m, "R0");
	CHECK(dice_frontier_add(&g, b, set(&m, "S3 R0 K1"), dice_map_find(&m, "R0")) == set(&m, "S3 R1 R2 K1"));
	CHECK(dice_map_builtin(2, &m, &e) == C_OK);
	CHECK(dice_game_start(&g, &m, 1, names, 1, 0, &e) == C_OK);
	CHECK(dice_frontier(&g, g.p[0].built) == set(&m, "S3 R0 K1 K2 K3 K4 K5 K6 K7 K8 K9"));
	CHECK(dice_turn_dice(&g, 1) == 3 && dice_turn_dice(&g, 2) == 4 && dice_turn_dice(&g, 3) == 5);
	CHECK(dice_turn_dice(&g, 4) == 6 && dice_turn_dice(&g, 40) == 6);
	CHECK(m.mark == dice_map_find(&m, "R5"));
	dice_game_free(&g);
}

static void words(void)
{
	char *argv1[] = { "roll", "gold", "ore", "gold", "gold", "on", "dice", "1", "3", "to", "ore", "build", "R0", "S3" };
	char *argv2[] = { "reroll 1 3", "end" };
	char *t = fe_dice_args_text(14, argv1);
	CHECK(t && strcmp(t, "roll gold ore gold;gold on dice 1 3 to ore;build R0 S3") == 0);
	free(t);
	t = fe_dice_args_text(2, argv2);
	CHECK(t && strcmp(t, "reroll 1 3;end") == 0);
	free(t);
	CHECK(dice_face_parse("wood") == DF_LUMBER);
	CHECK(dice_face_parse("Gold") == DF_GOLD);
	CHECK(dice_face_parse("g") == -1);
	CHECK(dice_face_parse("stone") == DF_ORE);
}

static void round_trip(void)
{
	struct dgame g, h;
	struct dmap m;
	struct cerr e;
	const char *names[] = { "ann", "bob" };
	char *a = NULL, *b = NULL;
	size_t la, lb;

	dice_game_init(&g);
	dice_game_init(&h);
	CHECK(dice_map_builtin(2, &m, &e) == C_OK);
	CHECK(dice_game_start(&g, &m, 2, names, 0, 99, &e) == C_OK);
	for (int t = 0; t < 12 && !g.over; t++)
		CHECK(dice_auto_turn(&g, &e) == C_OK);
	CHECK(dice_play(&g, "roll", 0, NULL, &e) == C_OK);
	CHECK(dice_state_write(&g, 0, &a, &la, &e) == C_OK);
	CHECK(dice_state_read(&h, a, la, &e) == C_OK);
	CHECK(dice_state_write(&h, 0, &b, &lb, &e) == C_OK);
	CHECK(la == lb && memcmp(a, b, la) == 0);
	CHECK(dice_validate(&h, &e) == C_OK);
	/* The frontier each player carries is the one its built sites give, played or read. */
	for (int i = 0; i < 2; i++) {
		CHECK(g.p[i].front == dice_frontier(&g, g.p[i].built));
		CHECK(h.p[i].front == dice_frontier(&h, h.p[i].built));
	}
	free(a);
	free(b);
	dice_game_free(&g);
	dice_game_free(&h);
}

/* mutations: damaged sheets and moves must give a status, never a crash (run under ASan by make check). */
static void mutations(void)
{
	struct dgame g, h;
	struct dmap m;
	struct cerr e;
	const char *names[] = { "ann", "bob" };
	char *text = NULL, *out;
	size_t len, olen;
	uint64_t r[4];
	int ok = 1;

	dice_game_init(&g);
	dice_game_init(&h);
	rng_seed(r, 2024);
	CHECK(dice_map_builtin(2, &m, &e) == C_OK);
	CHECK(dice_game_start(&g, &m, 2, names, 0, 5, &e) == C_OK);
	for (int t = 0; t < 7; t++)
		CHECK(dice_auto_turn(&g, &e) == C_OK);
	CHECK(dice_play(&g, "roll", 0, NULL, &e) == C_OK);
	CHECK(dice_state_write(&g, 1, &text, &len, &e) == C_OK);
	static const char alphabet[] = "{}[]\",:0123456789-truefalsenullXKRSCD ";
	for (int n = 0; n < 3000 && text; n++) {
		char *buf = malloc(len + 1);
		memcpy(buf, text, len + 1);
		for (int k = 1 + (int)rng_below(r, 3); k > 0; k--)
			buf[rng_below(r, (uint32_t)len)] = alphabet[rng_below(r, sizeof alphabet - 1)];
		size_t blen = rng_below(r, 8) ? len : rng_below(r, (uint32_t)len);
		int rc = dice_state_read(&h, buf, blen, &e);
		if (rc == C_OK) {
			dice_validate(&h, &e);
			if (dice_list(&h, 1, &out, &olen, &e) == C_OK)
				free(out);
			if (dice_render_svg(&h, &out, &olen, &e) == C_OK)
				free(out);
			if (dice_render_text(&h, &out, &olen, &e) == C_OK)
				free(out);
			if (!h.external && !h.over)
				dice_auto_turn(&h, &e);
		} else {
			ok &= rc == C_INPUT || rc == C_SYSTEM;
		}
		free(buf);
	}
	CHECK(ok);
	static const char *const moves[] = { "roll", "reroll 1 2 9", "joker K6 on die 3 ore", "gold on dice 1 2 to wool",
					     "build R0 S3 C30", "end", "joker D1 on die 1 brick", "keep 1 3",
					     "reroll all" };
	for (int n = 0; n < 3000; n++) {
		char buf[64];
		struct dmove mv[DICE_MAXMOVES];
		int k;
		snprintf(buf, sizeof buf, "%s", moves[rng_below(r, sizeof moves / sizeof moves[0])]);
		size_t blen = strlen(buf);
		buf[rng_below(r, (uint32_t)blen)] = alphabet[rng_below(r, sizeof alphabet - 1)];
		int rc = dice_parse(&g.map, buf, mv, DICE_MAXMOVES, &k, &e);
		ok &= rc == C_OK || rc == C_ILLEGAL;
		if (rc == C_OK) {
			struct dgame c = g;
			c.log = NULL;
			c.nlog = c.caplog = 0;
			for (int i = 0; i < k; i++)
				if (dice_apply(&c, &mv[i], 0, &e) != C_OK)
					break;
			dice_game_free(&c);
		}
	}
	CHECK(ok);
	free(text);
	dice_game_free(&g);
	dice_game_free(&h);
}

/* apply_all_or_nothing: when the log cannot grow, dice_apply leaves the sheet as it was. */
static void apply_all_or_nothing(void)
{
	struct dgame g;
	struct dmap m;
	struct dmove mv;
	struct cerr e;
	const char *names[] = { "ann" };
	char *a = NULL, *b = NULL;
	size_t la = 0, lb = 0;

	dice_game_init(&g);
	CHECK(dice_map_builtin(1, &m, &e) == C_OK);
	CHECK(dice_game_start(&g, &m, 1, names, 0, 7, &e) == C_OK);
	CHECK(g.nlog == g.caplog); /* a fresh game's log is full: its first move must grow it */
	CHECK(dice_state_write(&g, 1, &a, &la, &e) == C_OK);
	memset(&mv, 0, sizeof mv);
	mv.type = DM_ROLL;
	realloc_fails = 1;
	CHECK(dice_apply(&g, &mv, 0, &e) == C_SYSTEM);
	realloc_fails = 0;
	CHECK(strcmp(e.msg, "out of memory") == 0);
	CHECK(dice_state_write(&g, 1, &b, &lb, &e) == C_OK);
	CHECK(a && b && la == lb && memcmp(a, b, la) == 0);
	free(a);
	free(b);
	dice_game_free(&g);
}

/* The Extra's map: the roads between start roads, and roads through the middle. */
static void extra(void)
{
	struct dgame g;
	struct dmap m;
	struct cerr e;
	const char *names[] = { "ann", "bob" };
	dice_game_init(&g);
	CHECK(dice_map_builtin(DICE_EXTRA, &m, &e) == C_OK);
	CHECK(m.nsites == 64 && m.nnodes == 25);
	CHECK(dice_start_gap(&m, dice_map_find(&m, "NR1"), dice_map_find(&m, "NR2")) == 0);
	CHECK(dice_start_gap(&m, dice_map_find(&m, "NR1"), dice_map_find(&m, "ER2")) == 9);
	CHECK(dice_start_gap(&m, dice_map_find(&m, "NR2"), dice_map_find(&m, "SR1")) == 9);
	CHECK(dice_game_start(&g, &m, 2, names, 1, 0, &e) == C_OK);
	CHECK(dice_setup(&g) && dice_seat(&g) == 0);
	g.starts = 2;
	g.p[0].built = set(&m, "NR1 NR2 NR3 NR4 NR5 NR6 ER6 SR6 WR6");
	CHECK(dice_road_of(&g, 0) == 7);	/* in from the coast to the middle and out: branches do not count */
	g.p[0].built |= set(&m, "ER5 ER4");
	CHECK(dice_road_of(&g, 0) == 9);	/* on into the east coast */
	g.p[1].built = set(&m, "ESQ");
	CHECK(dice_road_of(&g, 0) == 7);	/* bob's settlement on the east tip ends it there */
	g.p[1].built = set(&m, "ESQ NSQ");
	CHECK(dice_road_of(&g, 0) == 5);	/* the north tip closed too: the coast to nq, or eb to eq */
	dice_fronts(&g);
	CHECK(!(g.p[0].front & set(&m, "NSQ ESQ")) && (g.p[0].front & set(&m, "ESB")));
	g.p[0].built = set(&m, "NR1 NR2 NR3 NSP NR4 NSB NR5 NSQ NR6");
	g.p[1].built = set(&m, "ESQ");
	dice_fronts(&g);
	CHECK((g.p[0].front & set(&m, "ER6 SR6 WR6 DK1 DK2 MK NK NCQ")) == set(&m, "ER6 SR6 WR6 DK1 DK2 MK NK NCQ"));
	CHECK(!(g.p[0].front & set(&m, "ER5 SSQ ESQ")));
	dice_game_free(&g);
}

int main(void)
{
	road_lengths();
	frontiers();
	words();
	round_trip();
	mutations();
	apply_all_or_nothing();
	extra();
	printf("dice_test: %d passed, %d failed\n", passed, failed);
	return failed != 0;
}
