/* replay_test: C-level checks of libcore's game check: legal starts, the replay, the first differing field. */
#include <stdlib.h>
#include <string.h>

#include "model/board.h"
#include "model/names.h"
#include "doc/replay.h"
#include "rules/rules.h"
#include "model/state.h"
#include "unit.h"

/* The board every test game here is played on. */
static const struct geometry *const geo = &geometry_base;

/* A new four-player game: the beginner board, or a random board from seed. */
static void new_game(struct game *g, int beginner, uint64_t seed, int external)
{
	struct newgame o = { .nplayers = 4, .colour = { COL_RED, COL_BLUE, COL_WHITE, COL_ORANGE },
			     .beginner = beginner, .seed = seed };
	struct cerr e;
	rules_default(&o.rules);
	if (external)
		o.rules.outcomes = OUT_EXTERNAL;
	game_new(g, &o, &e);
}

/* expect: the check fails with exactly msg. */
#define EXPECT_MSG(u, call, e, expected)                                               \
	do {                                                                           \
		int rc_ = (call);                                                      \
		CHECK(u, rc_ == C_ILLEGAL && strcmp((e).msg, expected) == 0,           \
		      "%s: got %d '%s', want '%s'", #call, rc_, (e).msg, expected);     \
	} while (0)

static void test_starts(struct unit *u)
{
	struct game g;
	struct cerr e = { 0 };

	for (uint64_t seed = 0; seed < 20; seed++) {
		new_game(&g, 0, seed, 0);
		CHECK(u, start_check(&g, &e) == C_OK, "random board %d: %s", (int)seed, e.msg);
		game_free(&g);
		new_game(&g, 1, seed, 0);
		CHECK(u, start_check(&g, &e) == C_OK, "beginner, seed %d: %s", (int)seed, e.msg);
		game_free(&g);
	}

	new_game(&g, 1, 1, 0);
	int forest = 2, hills = 4;	/* hex 3 is forest, hex 5 hills on the beginner board */
	g.board.terrain[forest] = T_HILLS;
	board_index(&g.board, geo->nhex);
	EXPECT_MSG(u, start_check(&g, &e), e, "board.hexes: 4 hills hexes, not 3");
	g.board.terrain[forest] = T_FOREST;
	board_index(&g.board, geo->nhex);
	uint8_t tok = g.board.token[hills];
	g.board.token[hills] = 5;
	board_index(&g.board, geo->nhex);
	EXPECT_MSG(u, start_check(&g, &e), e, "board.hexes: 3 tokens of 5, not 2");
	g.board.token[hills] = 0;
	board_index(&g.board, geo->nhex);
	EXPECT_MSG(u, start_check(&g, &e), e,
		   "board.hexes[4].token (hex #5): a hills hex needs a number token");
	g.board.token[hills] = tok;
	board_index(&g.board, geo->nhex);
	g.board.harbour[0] = RES_BRICK;
	EXPECT_MSG(u, start_check(&g, &e), e, "board.harbours: 2 brick harbours, not 1");
	board_beginner(&g.board);

	/* Cards moved about: every total still holds, but it is not the beginner start. */
	g.start.bank[RES_ORE]--;
	g.start.pl[0].hand[RES_ORE]++;
	EXPECT_MSG(u, start_check(&g, &e), e, "start.bank.ore: 15, not 16 as in the beginner start");
	g.start.bank[RES_ORE]++;
	g.start.pl[2].hand[RES_ORE]--;
	EXPECT_MSG(u, start_check(&g, &e), e,
		   "start.players.red.hand.ore: 1, not 0 as in the beginner start");
	g.start.pl[2].hand[RES_ORE]++;
	g.start.pl[0].hand[RES_ORE]--;
	g.start.turn = 3;
	EXPECT_MSG(u, start_check(&g, &e), e, "start.turn: 3, not 1 as in the beginner start");
	g.start.turn = 1;
	g.start.deck_count[DEV_KNIGHT]--;
	g.start.pl[1].dev[DEV_KNIGHT]++;
	EXPECT_MSG(u, start_check(&g, &e), e, "start.deck: 13 knight cards, not 14");
	game_free(&g);

	new_game(&g, 0, 5, 0);
	pos_place_settlement(&g, &g.start, 0, 11);
	EXPECT_MSG(u, start_check(&g, &e), e,
		   "start.players.red.settlements: [12], not [] as in a set-up start");
	g.start = g.pos;
	g.start.current = 2;
	EXPECT_MSG(u, start_check(&g, &e), e,
		   "start.current: \"white\", not \"red\" as in a set-up start");
	g.start = g.pos;
	g.start.robber = (uint8_t)((g.start.robber + 1) % geo->nhex);
	char want[128];
	snprintf(want, sizeof want, "start.robber: %d, not %d as in a set-up start",
		 g.start.robber + 1, g.pos.robber + 1);
	EXPECT_MSG(u, start_check(&g, &e), e, want);
	game_free(&g);

	/* A game that does not begin with the set-up needs the beginner board. */
	new_game(&g, 0, 5, 0);
	g.start.phase = PH_ROLL;
	g.start.turn = 1;
	EXPECT_MSG(u, start_check(&g, &e), e,
		   "start.phase: a game that does not start with the set-up starts from the "
		   "beginner board and position");
	game_free(&g);
}

static const char *const script[] = {
	"red roll 6 3", "red offer blue lumber 1 for brick 1", "blue accept", "red build road 29-34",
	"red end", "blue roll 4 4", "blue end",
};
#define NSCRIPT (sizeof script / sizeof script[0])

/* A beginner game with external outcomes after the script's moves. */
static int played(struct unit *u, struct game *g)
{
	struct cerr e = { 0 };
	new_game(g, 1, 1, 1);
	for (size_t i = 0; i < NSCRIPT; i++)
		if (rules_apply_text(g, script[i], 0, &e) != C_OK) {
			CHECK(u, 0, "script move %zu '%s': %s", i + 1, script[i], e.msg);
			return -1;
		}
	return 0;
}

/* set_line: log line i of g becomes text, as a document read with that line would hold it (unparsed). */
static void set_line(struct game *g, size_t i, const char *text)
{
	struct cerr e;
	if (movelog_set_text(&g->log, i, text, &e) != C_OK)
		abort();
	g->log.ent[i].parsed = 0;
}

static void test_replay(struct unit *u)
{
	struct replay_result res;
	struct cerr e = { 0 };
	struct game g, end;

	if (played(u, &g))
		return;
	CHECK(u, game_replay(&g, &res, &end, &e) == C_OK, "replay: %s", e.msg);
	CHECK(u, res.checked == NSCRIPT && res.index == 0, "checked %zu", res.checked);
	CHECK(u, memcmp(&end.pos, &g.pos, sizeof end.pos) == 0 && end.log.len == 0,
	      "the replay ends where the game is");
	game_free(&end);

	/* The stored position disagrees with its log. */
	char want[96];
	g.pos.pl[0].hand[RES_ORE]++;
	g.pos.bank[RES_ORE]--;
	snprintf(want, sizeof want, "position.bank.ore: stored %d, replay gives %d",
		 g.pos.bank[RES_ORE], g.pos.bank[RES_ORE] + 1);
	EXPECT_MSG(u, game_replay(&g, &res, NULL, &e), e, want);
	g.pos.bank[RES_ORE]++;
	EXPECT_MSG(u, game_replay(&g, &res, NULL, &e), e,
		   "position.players.red.hand.ore: stored 1, replay gives 0");
	g.pos.pl[0].hand[RES_ORE]--;
	pos_place_road(geo, &g.pos, 1, edge_parse(geo, "45-49"));
	EXPECT_MSG(u, game_replay(&g, &res, NULL, &e), e,
		   "position.players.blue.roads: stored [\"37-42\", \"40-45\", \"45-49\"], replay "
		   "gives [\"37-42\", \"40-45\"]");
	g.pos.edge_owner[edge_parse(geo, "45-49")] = NOBODY;
	g.pos.pl[1].roads++;
	pos_find_road_ends(geo, &g.pos, g.nplayers);

	/* A record: no current position; an illegal move stops the replay at its number. */
	g.has_pos = 0;
	CHECK(u, game_replay(&g, &res, NULL, &e) == C_OK, "the record replays: %s", e.msg);
	set_line(&g, 3, "red build road 1-4");
	EXPECT_MSG(u, game_replay(&g, &res, NULL, &e), e,
		   "the road must touch your road, settlement or city");
	CHECK(u, res.index == 4 && res.checked == 3 && strcmp(res.move, "red build road 1-4") == 0,
	      "failed at %zu after %zu", res.index, res.checked);
	set_line(&g, 3, "red bulid road 29-34");
	EXPECT_MSG(u, game_replay(&g, &res, NULL, &e), e, "unknown verb 'bulid': did you mean 'build'? (verbs: build, roll, discard, robber, offer, accept, reject, cancel, trade, buy, play, end)");
	game_free(&g);
}

static void test_diff(struct unit *u)
{
	struct game g;
	struct pos_diff d;

	new_game(&g, 1, 3, 0);
	struct position a = g.pos, b = g.pos;
	CHECK(u, pos_diff(&g, &a, &b, 0, &d) == 0, "a position equals itself");
	b.deck[0] = (uint8_t)(b.deck[0] == DEV_KNIGHT ? DEV_MONOPOLY : DEV_KNIGHT);
	CHECK(u, pos_diff(&g, &a, &b, DIFF_NO_DECK, &d) == 0, "the deck can be left out");
	CHECK(u, pos_diff(&g, &a, &b, 0, &d) == 1 && strcmp(d.path, "deck[0]") == 0, "%s", d.path);
	b = a;
	b.rng[2]++;
	CHECK(u, pos_diff(&g, &a, &b, DIFF_NO_RNG, &d) == 0, "the generator can be left out");
	CHECK(u, pos_diff(&g, &a, &b, 0, &d) == 1 && strcmp(d.path, "rng[2]") == 0, "%s", d.path);
	b = a;
	b.longest_road = 2;
	CHECK(u, pos_diff(&g, &a, &b, 0, &d) == 1 && strcmp(d.path, "awards.longest_road") == 0 &&
		     strcmp(d.va, "null") == 0 && strcmp(d.vb, "\"white\"") == 0,
	      "%s: %s %s", d.path, d.va, d.vb);
	b = a;
	b.offer.active = 1;
	b.offer.to = NOBODY;
	CHECK(u, pos_diff(&g, &a, &b, 0, &d) == 1 && strcmp(d.path, "offer") == 0, "%s", d.path);
	a.offer = b.offer;
	b.offer.rejected = 6;
	CHECK(u, pos_diff(&g, &a, &b, 0, &d) == 1 && strcmp(d.vb, "[\"blue\", \"white\"]") == 0,
	      "%s: %s", d.path, d.vb);
	game_free(&g);
}

int main(void)
{
	struct unit u = { 0 };
	test_starts(&u);
	test_replay(&u);
	test_diff(&u);
	printf("%d checks, %d failed\n", u.run, u.failed);
	return u.failed != 0;
}
