/* core_test: C-level checks of libcore's geometry, generator, names, layouts and state reader. */
#include <stdlib.h>
#include <string.h>

#include "model/board.h"
#include "model/geom.h"
#include "model/hand.h"
#include "model/names.h"
#include "rules/harbour.h"
#include "rng.h"
#include "model/seats.h"
#include "model/state.h"
#include "doc/state_json.h"
#include "unit.h"

/* The board every test game here is played on. */
static const struct geometry *const geo = &geometry_base;

static void test_geometry(struct unit *u)
{
	int by_hexes[4] = { 0 }, by_degree[4] = { 0 }, edges = 0;

	for (int n = 0; n < geo->nnode; n++) {
		int nh = 0, deg = 0;
		for (int k = 0; k < 3; k++) {
			nh += geo->node_hexes[n][k] >= 0;
			deg += geo->node_nodes[n][k] >= 0;
		}
		by_hexes[nh]++;
		by_degree[deg]++;
		edges += deg;
	}
	CHECK(u, edges / 2 == geo->nedge, "%d paths", edges / 2);
	CHECK(u, by_hexes[3] == 24 && by_hexes[2] == 12 && by_hexes[1] == 18,
	      "touching 3/2/1 hexes: %d/%d/%d", by_hexes[3], by_hexes[2], by_hexes[1]);
	CHECK(u, by_degree[3] == 36 && by_degree[2] == 18, "degree 3/2: %d/%d", by_degree[3],
	      by_degree[2]);
	/* node_near: the intersection and its neighbours, nothing else. */
	for (int n = 0; n < geo->nnode; n++) {
		struct bitset near = { { 0, 0 } };
		bs_add(&near, n);
		for (int k = 0; k < 3; k++)
			if (geo->node_nodes[n][k] >= 0)
				bs_add(&near, geo->node_nodes[n][k]);
		CHECK(u, memcmp(&geo->node_near[n], &near, sizeof near) == 0,
		      "intersection %d: near %#llx %#llx, not %#llx %#llx", n + 1,
		      (unsigned long long)geo->node_near[n].w[1], (unsigned long long)geo->node_near[n].w[0],
		      (unsigned long long)near.w[1], (unsigned long long)near.w[0]);
	}
	for (int h = 0; h < geo->nhex; h++) {
		int distinct = 1;
		for (int i = 0; i < 6; i++)
			for (int j = 0; j < i; j++)
				distinct &= geo->hex_nodes[h][i] != geo->hex_nodes[h][j] &&
					    geo->hex_nodes[h][i] >= 0;
		CHECK(u, distinct, "hex %d has 6 distinct intersections", h + 1);
		/* Consecutive corners of a hex are joined by a path. */
		for (int k = 0; k < 6; k++)
			CHECK(u, edge_between(geo, geo->hex_nodes[h][k], geo->hex_nodes[h][(k + 1) % 6]) >= 0,
			      "hex %d side %d", h + 1, k);
	}
	/* Reading order: by height, then left to right. */
	for (int n = 1; n < geo->nnode; n++)
		CHECK(u, geo->node_y[n] > geo->node_y[n - 1] ||
			     (geo->node_y[n] == geo->node_y[n - 1] && geo->node_x[n] > geo->node_x[n - 1]),
		      "intersection %d follows %d in reading order", n + 1, n);
	/* Paths sorted by their ends, smaller end first. */
	for (int ed = 0; ed < geo->nedge; ed++)
		CHECK(u, geo->edge_nodes[ed][0] < geo->edge_nodes[ed][1], "path %d ends ordered", ed);
	/* 30 distinct coastal paths, each on one hex only, each touching the next. */
	for (int c = 0; c < geo->ncoast; c++) {
		int ed = geo->coast_edges[c], next = geo->coast_edges[(c + 1) % geo->ncoast];
		int shared = 0;
		for (int i = 0; i < 2; i++)
			for (int j = 0; j < 2; j++)
				shared += geo->edge_nodes[ed][i] == geo->edge_nodes[next][j];
		CHECK(u, shared == 1, "coastal path %d touches coastal path %d", c, (c + 1) % geo->ncoast);
		for (int d = 0; d < c; d++)
			CHECK(u, geo->coast_edges[d] != ed, "coastal paths %d and %d differ", d, c);
	}
	char name[8];
	CHECK(u, strcmp(edge_name(geo, geo->coast_edges[0], name), "1-4") == 0,
	      "coastal path 0 is 1-4 (hex 1's north-west side), not %s", name);
	/* Clockwise: coastal path 1 is hex 1's north-east side, 1-5. */
	CHECK(u, strcmp(edge_name(geo, geo->coast_edges[1], name), "1-5") == 0, "coastal path 1: %s",
	      name);
	/* Each harbour slot touches two intersections and they are coastal. */
	for (int h = 0; h < geo->nharbour; h++) {
		int ed = geo->coast_edges[geo->harbour_coast[h]];
		CHECK(u, geo->harbour_nodes[h][0] == geo->edge_nodes[ed][0] &&
			     geo->harbour_nodes[h][1] == geo->edge_nodes[ed][1],
		      "harbour slot %d: the ends of its coastal path", h);
	}
	int harboured = 0;
	for (int n = 0; n < geo->nnode; n++)
		harboured += geom_node_harbour(geo, n) >= 0;
	CHECK(u, harboured == 18, "%d harbour intersections", harboured);
}

static void test_names(struct unit *u)
{
	char name[8];
	CHECK(u, edge_parse(geo, "12-17") == edge_parse(geo, "17-12") && edge_parse(geo, "12-17") >= 0,
	      "paths in either order");
	CHECK(u, edge_parse(geo, "1-2") < 0, "1-2 is not a path");
	CHECK(u, edge_parse(geo, "0-4") < 0 && edge_parse(geo, "55-54") < 0 && edge_parse(geo, "1-") < 0 &&
		     edge_parse(geo, "-1") < 0 && edge_parse(geo, "01-4") < 0,
	      "malformed paths refused");
	CHECK(u, strcmp(edge_name(geo, edge_parse(geo, "14-9"), name), "9-14") == 0, "edge name %s", name);
	CHECK(u, resource_parse("wood") == RES_LUMBER && resource_parse("sheep") == RES_WOOL &&
		     resource_parse("wheat") == RES_GRAIN && resource_parse("o") == RES_ORE &&
		     resource_parse("gold") < 0,
	      "resource synonyms");
	CHECK(u, hex_parse(geo, "19") == 18 && hex_parse(geo, "20") < 0 && hex_parse(geo, "0") < 0 &&
		     node_parse(geo, "54") == 53 && node_parse(geo, "+1") < 0,
	      "hex and intersection numbers");
}

static void test_rng(struct unit *u)
{
	/* xoshiro256** from state {1, 2, 3, 4}: the reference outputs. */
	static const uint64_t want[] = { 11520ULL, 0ULL, 1509978240ULL, 1215971899390074240ULL,
					 1216172134540287360ULL, 607988272756665600ULL,
					 16172922978634559625ULL, 8476171486693032832ULL,
					 10595114339597558777ULL, 2904607092377533576ULL };
	uint64_t s[4] = { 1, 2, 3, 4 };
	for (int i = 0; i < 10; i++) {
		uint64_t got = rng_next(s);
		CHECK(u, got == want[i], "xoshiro256** output %d: %llu", i, (unsigned long long)got);
	}
	/* SplitMix64 from 1234567: the reference outputs. */
	static const uint64_t sm[] = { 6457827717110365317ULL, 3203168211198807973ULL,
				       9817491932198370423ULL, 4593380528125082431ULL,
				       16408922859458223821ULL };
	uint64_t x = 1234567;
	for (int i = 0; i < 5; i++)
		CHECK(u, splitmix64(&x) == sm[i], "splitmix64 output %d", i);
	/* rng_below stays in range and reaches every value. */
	int seen[6] = { 0 };
	rng_seed(s, 7);
	for (int i = 0; i < 600; i++) {
		uint32_t v = rng_below(s, 6);
		CHECK(u, v < 6, "die %u", v);
		if (v < 6)
			seen[v]++;
	}
	for (int i = 0; i < 6; i++)
		CHECK(u, seen[i] > 50, "face %d drawn %d times in 600", i + 1, seen[i]);

	/*
	 * The keyed luck: word 0 under the zero key is the first 8 bytes of
	 * ChaCha20's keystream for key 0, nonce 0, block 0 (RFC 8439, A.1,
	 * test vector 1: 76 b8 e0 ad a0 f1 3d 90), read little-endian; each
	 * word advances the count by one.
	 */
	uint8_t key[LUCK_KEY_BYTES] = { 0 };
	uint64_t st[4] = { 0 };
	struct luck l = { st, key };
	CHECK(u, luck_next(l) == 0x903df1a0ade0b876ULL, "keyed word 0");
	CHECK(u, st[0] == 1 && st[1] == 0, "one word drawn: count %llu", (unsigned long long)st[0]);
	uint64_t w1 = luck_next(l);
	st[0] = 1;
	CHECK(u, luck_next(l) == w1 && st[0] == 2, "word 1 again from its count");
	key[0] = 1;
	st[0] = 0;
	CHECK(u, luck_next(l) != 0x903df1a0ade0b876ULL, "another key, another word 0");
	int kseen[6] = { 0 };
	for (int i = 0; i < 600; i++) {
		uint32_t v = luck_below(l, 6);
		CHECK(u, v < 6, "keyed die %u", v);
		if (v < 6)
			kseen[v]++;
	}
	for (int i = 0; i < 6; i++)
		CHECK(u, kseen[i] > 50, "keyed face %d drawn %d times in 600", i + 1, kseen[i]);
}

static int touches(int node, int h)
{
	for (int k = 0; k < 3; k++)
		if (geo->node_hexes[node][k] == h)
			return 1;
	return 0;
}

static void test_beginner(struct unit *u)
{
	/* Each starting settlement is named by the three hexes it touches (catan-newboard(1)). */
	static const int hexes[COL_GREEN][2][3] = {
		[COL_RED] = { { 1, 2, 5 }, { 8, 9, 13 } },
		[COL_BLUE] = { { 15, 16, 19 }, { 13, 14, 17 } },
		[COL_WHITE] = { { 4, 5, 9 }, { 11, 12, 16 } },
		[COL_ORANGE] = { { 3, 6, 7 }, { 14, 15, 18 } },
	};
	/* ...and each starting road by the two hexes it lies between. */
	static const int roads[COL_GREEN][2][2] = {
		[COL_RED] = { { 2, 5 }, { 9, 13 } },
		[COL_BLUE] = { { 15, 16 }, { 14, 17 } },
		[COL_WHITE] = { { 4, 9 }, { 11, 12 } },
		[COL_ORANGE] = { { 3, 6 }, { 15, 18 } },
	};
	for (int c = 0; c < COL_GREEN; c++) {
		const struct beginner_pieces *bp = &board_beginner_pieces[c];
		for (int i = 0; i < 2; i++) {
			int n = bp->settlement[i];
			CHECK(u, touches(n, hexes[c][i][0] - 1) && touches(n, hexes[c][i][1] - 1) &&
				     touches(n, hexes[c][i][2] - 1),
			      "%s settlement %d touches its hexes", colour_names[c], n + 1);
			int a = bp->road[i][0], b = bp->road[i][1];
			int ha = roads[c][i][0] - 1, hb = roads[c][i][1] - 1;
			CHECK(u, edge_between(geo, a, b) >= 0 && touches(a, ha) && touches(a, hb) &&
				     touches(b, ha) && touches(b, hb),
			      "%s road %d-%d lies between hexes %d and %d", colour_names[c], a + 1,
			      b + 1, ha + 1, hb + 1);
		}
	}
}

static void test_random_boards(struct unit *u)
{
	static const int terrain_count[NTERRAIN] = { 3, 4, 4, 4, 3, 1 };
	static const int token_count[13] = { 0, 0, 1, 2, 2, 2, 2, 0, 2, 2, 2, 2, 1 };
	int bad = 0;
	for (int mode = NUMBERS_SPIRAL; mode <= NUMBERS_RANDOM; mode++)
		for (uint64_t seed = 0; seed < 1000; seed++) {
			struct board b;
			uint64_t s[4];
			int tc[NTERRAIN] = { 0 }, kc[13] = { 0 }, hc[NHARBOURKIND] = { 0 };
			rng_seed(s, seed);
			board_random(&ruleset_base, &b, s, (enum numbers_mode)mode, HARBOURS_SHUFFLED);
			for (int h = 0; h < geo->nhex; h++) {
				tc[b.terrain[h]]++;
				kc[b.token[h]]++;
				if (b.terrain[h] == T_DESERT && b.token[h] != 0)
					bad++;
			}
			for (int i = 0; i < geo->nharbour; i++)
				hc[b.harbour[i]]++;
			if (memcmp(tc, terrain_count, sizeof tc) != 0 ||
			    memcmp(kc + 2, token_count + 2, sizeof(int) * 11) != 0 || kc[0] != 1 ||
			    hc[HB_GENERIC] != 4 || hc[0] != 1 || hc[1] != 1 || hc[2] != 1 ||
			    hc[3] != 1 || hc[4] != 1 || board_red_neighbours(&ruleset_base, &b))
				bad++;
		}
	CHECK(u, bad == 0, "%d of 2000 random boards break the composition or the 6/8 rule", bad);
}

/* The beginner game reads back to the same bytes. */
static void test_roundtrip(struct unit *u)
{
	struct newgame o = { .nplayers = 3, .colour = { COL_RED, COL_BLUE, COL_WHITE }, .beginner = 1,
			     .seed = 9 };
	struct game g, h;
	struct cerr e = { 0 };
	char *a = NULL, *b = NULL;
	size_t la, lb;

	rules_default(&o.rules);
	CHECK(u, game_new(&g, &o, &e) == C_OK, "game_new: %s", e.msg);
	CHECK(u, game_write(&g, 0, &a, &la, &e) == C_OK, "write: %s", e.msg);
	CHECK(u, game_read(a, la, &h, &e) == C_OK, "read: %s", e.msg);
	CHECK(u, game_write(&h, 0, &b, &lb, &e) == C_OK, "write again: %s", e.msg);
	CHECK(u, la == lb && memcmp(a, b, la) == 0, "read then write gives the same bytes");
	CHECK(u, memcmp(&g.pos, &h.pos, sizeof g.pos) == 0, "the position reads back field by field");
	free(a);
	free(b);
	game_free(&g);
	game_free(&h);
}

/* The base rule set's table holds the base game's numbers. */
static void test_ruleset(struct unit *u)
{
	const struct ruleset *rs = &ruleset_base;
	int deck = 0, tokens = 0, hexes = 0;
	for (int d = 0; d < NDEV; d++)
		deck += rs->deck[d];
	for (int t = 0; t < NTERRAIN; t++)
		hexes += rs->terrains[t];
	for (int i = 0; i < rs->ntoken; i++)
		tokens += rs->tokens[i];
	CHECK(u, deck == 25 && rs->deck_size == 25 && rs->deck[DEV_KNIGHT] == 14, "a deck of 25, 14 knights");
	CHECK(u, hexes == rs->geom->nhex && rs->geom->nhex == 19 && rs->ntoken == 18 && tokens == 126,
	      "19 hexes, 18 tokens summing to 126");
	CHECK(u, rs->bank_each == 19 && rs->roads == 15 && rs->settlements == 5 && rs->cities == 4,
	      "bank 19 each; 15 roads, 5 settlements, 4 cities");
	CHECK(u, rs->road_award_min == 5 && rs->army_award_min == 3 && rs->award_points == 2 &&
		     rs->points_to_win == 10 && rs->discard_limit == 7 && rs->robber_roll == 7,
	      "awards 5 and 3 worth 2; 10 points; discard above 7");
	CHECK(u, rs->min_players == 2 && rs->max_players == 4 && rs->neutral_seats == 0 &&
		     rs->rolls_per_turn == 1,
	      "2 to 4 players, no neutral seat, one roll");
	CHECK(u, rs->cost[BUY_CITY][RES_ORE] == 3 && rs->cost[BUY_CITY][RES_GRAIN] == 2 &&
		     rs->cost[BUY_DEV][RES_WOOL] == 1 && rs->cost[BUY_ROAD][RES_BRICK] == 1,
	      "a city costs 2 grain and 3 ore");
}

/* rules_set: every option's range and words, and its messages. */
static void test_rules_set(struct unit *u)
{
	static const struct {
		const char *key, *value, *msg;
	} bad[] = {
		{ "points_to_win", "2", "points_to_win must be 3 to 20, not '2'" },
		{ "points_to_win", "21", "points_to_win must be 3 to 20, not '21'" },
		{ "points_to_win", "+5", "points_to_win must be 3 to 20, not '+5'" },
		{ "discard_limit", "", "discard_limit must be 2 to 40, not ''" },
		{ "discard_limit", "41", "discard_limit must be 2 to 40, not '41'" },
		{ "trade_build", "loose", "trade_build is combined or strict, not 'loose'" },
		{ "outcomes", "Internal", "outcomes is internal or external, not 'Internal'" },
		{ "speed", "fast", "unknown key 'speed' (keys: variant, points_to_win, discard_limit, trade_build, outcomes, open_hands, dev_after_roll, reroll_sevens, keep_settlement, friendly_robber, road_tie, vp_cards, ignore_seven, knight_interrupt, paired_players)" },
		{ "points", "12", "unknown key 'points': did you mean 'points_to_win'? (keys: variant, points_to_win, discard_limit, trade_build, outcomes, open_hands, dev_after_roll, reroll_sevens, keep_settlement, friendly_robber, road_tie, vp_cards, ignore_seven, knight_interrupt, paired_players)" },
		{ "discard_limt", "9", "unknown key 'discard_limt': did you mean 'discard_limit'? (keys: variant, points_to_win, discard_limit, trade_build, outcomes, open_hands, dev_after_roll, reroll_sevens, keep_settlement, friendly_robber, road_tie, vp_cards, ignore_seven, knight_interrupt, paired_players)" },
	};
	struct rules r, before;
	struct cerr e = { 0 };

	rules_default(&r);
	CHECK(u, rules_set(&r, "points_to_win", "20", &e) == C_OK && r.points_to_win == 20 &&
		     rules_set(&r, "discard_limit", "2", &e) == C_OK && r.discard_limit == 2 &&
		     rules_set(&r, "trade_build", "strict", &e) == C_OK && r.trade_build == TRADE_STRICT &&
		     rules_set(&r, "outcomes", "external", &e) == C_OK && r.outcomes == OUT_EXTERNAL,
	      "every option takes its values: %s", e.msg);
	before = r;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int rc = rules_set(&r, bad[i].key, bad[i].value, &e);
		CHECK(u, rc == C_USAGE && strcmp(e.msg, bad[i].msg) == 0 &&
			     memcmp(&r, &before, sizeof r) == 0,
		      "%s=%s: '%s'", bad[i].key, bad[i].value, e.msg);
	}
}

/* Who moves next and who may see what: the snake order of set-up, the turn order of play. */
static void test_seats(struct unit *u)
{
	static const int snake[] = { 0, 1, 2, 2, 1, 0 };
	struct newgame o = { .nplayers = 3, .colour = { COL_RED, COL_BLUE, COL_WHITE }, .seed = 4 };
	struct game g;
	struct cerr e = { 0 };

	rules_default(&o.rules);
	CHECK(u, game_new(&g, &o, &e) == C_OK, "game_new: %s", e.msg);
	CHECK(u, turn_setup_steps(&g) == 6, "three players place six times in set-up");
	/* Every set of harbours gives each resource's maritime rate in its byte. */
	for (unsigned kinds = 0; kinds < 1u << NHARBOURKIND; kinds++)
		for (int r = 0; r < NRES; r++)
			CHECK(u, (int)(harbour_rates(&g, kinds) >> (8 * r) & 0xff) == harbour_kinds_rate(&g, kinds, r),
			      "harbours %#x, resource %d: rate %d", kinds, r, harbour_kinds_rate(&g, kinds, r));
	for (int k = 0; k < 6; k++)
		CHECK(u, turn_setup_seat(&g, k) == snake[k], "set-up step %d: seat %d", k, snake[k]);
	CHECK(u, turn_next(&g, 0) == 1 && turn_next(&g, 2) == 0, "play goes round the table");
	CHECK(u, seat_moves(&g, 2) && !seat_moves(&g, 3), "three seats move, no neutral one");
	CHECK(u, game_winner(&g, &g.pos) == NOBODY, "nobody has won in set-up");
	g.pos.phase = PH_MAIN;
	g.pos.pl[1].dev[DEV_VICTORY_POINT] = 10;
	g.pos.current = 1;
	CHECK(u, game_winner(&g, &g.pos) == 1, "the player to move with 10 points has won");
	g.pos.current = 0;
	CHECK(u, game_winner(&g, &g.pos) == NOBODY, "only the player to move wins");
	CHECK(u, seat_may_see(&g, &g.pos, 0, 0, HID_HAND) && !seat_may_see(&g, &g.pos, 0, 1, HID_HAND) &&
		     seat_may_see(&g, &g.pos, NOBODY, 1, HID_DEV) &&
		     !seat_may_see(&g, &g.pos, 0, 1, HID_POINTS),
	      "a seat sees its own cards only");
	g.pos.phase = PH_OVER;
	g.pos.current = 1;
	CHECK(u, seat_may_see(&g, &g.pos, 0, 1, HID_POINTS) && !seat_may_see(&g, &g.pos, 0, 1, HID_DEV),
	      "the winner's victory point cards are shown, nothing else");
	game_free(&g);
}

/*
 * The six colours: a rule set plays the first few, green and brown only one
 * of more than four; the base game and Catan for Two refuse them by name,
 * and Catan for Two's neutral seats take the four colours left over.
 */
static void test_colours(struct unit *u)
{
	struct ruleset six = ruleset_base;	/* a rule set of six colours, as the 5-6 player game's */
	six.colours = NCOLOUR;
	char list[64];
	int words = 0;

	CHECK(u, strcmp(colour_names[COL_GREEN], "green") == 0 && strcmp(colour_names[COL_BROWN], "brown") == 0 &&
		     !colour_names[NCOLOUR],
	      "green and brown follow the four");
	CHECK(u, colour_parse_in(&six, "green") == COL_GREEN && colour_parse_in(&six, "brown") == COL_BROWN &&
		     colour_parse_in(&six, "pink") < 0,
	      "a rule set of six colours reads green and brown");
	CHECK(u, colour_parse_in(&ruleset_base, "green") < 0 && colour_parse_in(&ruleset_two, "brown") < 0 &&
		     colour_parse_in(&ruleset_two, "orange") == COL_ORANGE,
	      "the base game and Catan for Two read the four colours only");
	CHECK(u, ruleset_base.colours == 4 && ruleset_two.colours == 4 && ruleset_six.colours == 6 &&
		     rulesets_colours() == 6 && colour_parse("green") == COL_GREEN && colour_parse("pink") < 0,
	      "the 5-6 player extension plays green and brown, the other rule sets the four");
	while (colour_words[words])
		words++;
	CHECK(u, words == rulesets_colours() && strcmp(colour_words[words - 1], colour_names[words - 1]) == 0,
	      "a command line offers the %d colours some rule set plays", words);
	CHECK(u, strcmp(colour_list(ruleset_base.colours, list, sizeof list), "red, blue, white, orange") == 0,
	      "the base game's colours: %s", list);

	for (int v = VAR_BASE; v < NVARIANT; v++)
		for (int c = ruleset_of(v)->colours; c < NCOLOUR; c++) {
			/* The rule set's fewest players, the last of them c. */
			int n = ruleset_of(v)->min_players;
			struct newgame o = { .nplayers = n, .colour = { COL_RED, COL_BLUE, COL_WHITE }, .seed = 1 };
			o.colour[n - 1] = (uint8_t)c;
			struct game g;
			struct cerr e = { 0 };
			char want[96];
			rules_default(&o.rules);
			o.rules.variant = (uint8_t)v;
			snprintf(want, sizeof want, "variant=%s plays red, blue, white, orange, not %s",
				 ruleset_of(v)->name, colour_names[c]);
			CHECK(u, game_new(&g, &o, &e) == C_USAGE && strcmp(e.msg, want) == 0, "%s: got '%s'", want,
			      e.msg);
			game_free(&g);
		}
	struct newgame o = { .nplayers = 2, .colour = { COL_ORANGE, COL_BLUE }, .seed = 1 };
	struct game g;
	struct cerr e = { 0 };
	rules_default(&o.rules);
	o.rules.variant = VAR_TWO;
	CHECK(u, game_new(&g, &o, &e) == C_OK && g.nplayers == 4 && g.colour[2] == COL_RED &&
		     g.colour[3] == COL_WHITE && g.role[3] == SEAT_NEUTRAL,
	      "Catan for Two's neutral seats take the colours not chosen, in colour order: %s", e.msg);
	game_free(&g);
}

/*
 * newgame_settle decides what a command did not name and refuses what
 * does not agree, for catan-newboard and catan-match alike.
 */
static void test_settle(struct unit *u)
{
	static const struct {
		unsigned named;
		int colours, players, variant;	/* colours: how many of green, brown, red, ... named */
		int rc, nplayers, want_variant;
		const char *msg;
	} cases[] = {
		{ 0, 0, 0, VAR_BASE, C_OK, 4, VAR_BASE, "" },
		{ NG_VARIANT, 0, 0, VAR_TWO, C_OK, 2, VAR_TWO, "" },
		{ NG_VARIANT, 0, 0, VAR_SIX, C_OK, 4, VAR_SIX, "" },
		{ NG_COLOURS, 6, 0, VAR_BASE, C_OK, 6, VAR_SIX, "" },
		{ NG_COUNT, 0, 5, VAR_BASE, C_OK, 5, VAR_SIX, "" },
		{ NG_COUNT, 0, 3, VAR_BASE, C_OK, 3, VAR_BASE, "" },
		{ NG_COUNT | NG_VARIANT, 0, 5, VAR_SIX, C_OK, 5, VAR_SIX, "" },
		{ NG_COUNT | NG_COLOURS, 6, 6, VAR_BASE, C_OK, 6, VAR_SIX, "" },
		{ NG_COUNT | NG_VARIANT, 0, 5, VAR_BASE, C_USAGE, 0, 0,
		  "a game needs 2 to 4 players, not 5; variant=five_six takes 3 to 6" },
		{ NG_COUNT | NG_VARIANT, 0, 3, VAR_TWO, C_USAGE, 0, 0, "variant=two needs 2 players, not 3" },
		{ NG_COUNT, 0, 7, VAR_BASE, C_USAGE, 0, 0, "a game needs 2 to 4 players, not 7" },
		{ NG_COUNT, 0, 0, VAR_BASE, C_USAGE, 0, 0, "a game needs 2 to 4 players, not 0" },
		{ NG_COUNT | NG_COLOURS, 6, 5, VAR_BASE, C_USAGE, 0, 0, "6 colours named for 5 players" },
		{ NG_COLOURS, 2, 0, VAR_BASE, C_USAGE, 0, 0, "variant=base plays red, blue, white, orange, not green" },
		{ NG_COLOURS | NG_VARIANT, 6, 0, VAR_SIX, C_OK, 6, VAR_SIX, "" },
	};
	static const uint8_t order[] = { COL_GREEN, COL_BROWN, COL_RED, COL_BLUE, COL_WHITE, COL_ORANGE };
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		struct newgame o = { 0 };
		struct cerr e = { 0 };
		rules_default(&o.rules);
		o.rules.variant = (uint8_t)cases[k].variant;
		o.nplayers = cases[k].colours;
		memcpy(o.colour, order, (size_t)cases[k].colours);
		int rc = newgame_settle(&o, cases[k].named, cases[k].players, &e);
		CHECK(u, rc == cases[k].rc && strcmp(e.msg, cases[k].msg) == 0, "case %zu: %d '%s'", k, rc, e.msg);
		if (rc != C_OK)
			continue;
		CHECK(u, o.nplayers == cases[k].nplayers && o.rules.variant == cases[k].want_variant,
		      "case %zu: %d players of %s", k, o.nplayers, ruleset_of(o.rules.variant)->name);
		for (int s = 0; s < o.nplayers; s++)
			CHECK(u, o.colour[s] == (cases[k].named & NG_COLOURS ? order[s] : s), "case %zu: seat %d", k, s);
	}
	/* A repeated colour, a beginner board the rule set lacks: refused as game_new refuses them. */
	struct newgame o = { .nplayers = 3, .colour = { COL_RED, COL_BLUE, COL_RED } };
	struct cerr e = { 0 };
	rules_default(&o.rules);
	CHECK(u, newgame_settle(&o, NG_COLOURS, 0, &e) == C_USAGE && strcmp(e.msg, "colour 'red' given twice") == 0,
	      "%s", e.msg);
	o = (struct newgame){ .beginner = 1 };
	rules_default(&o.rules);
	o.rules.variant = VAR_SIX;
	CHECK(u, newgame_settle(&o, NG_VARIANT, 0, &e) == C_USAGE &&
		     strcmp(e.msg, "variant=five_six has no beginner board") == 0, "%s", e.msg);
}

/*
 * hand.h's word operations give what a test of each resource gives: over
 * every hand of counts up to the largest bank against costs and rates
 * drawn from 0 to 255 (a move may ask for any count), and every payment.
 */
static void test_hand(struct unit *u)
{
	uint64_t rng[4];
	int wrong = 0, cases = 0;
	rng_seed(rng, 5);
	for (int k = 0; k < 200000; k++) {
		uint8_t have[NRES], want[NRES], rate[NRES], bank[NRES];
		for (int r = 0; r < NRES; r++) {
			have[r] = (uint8_t)rng_below(rng, MAX_BANK_EACH + 1);
			/* Mostly near the hand, sometimes anything a byte holds. */
			want[r] = (uint8_t)(k % 7 ? rng_below(rng, 6) : rng_below(rng, 256));
			rate[r] = (uint8_t)(1 + rng_below(rng, 128));
			bank[r] = (uint8_t)rng_below(rng, (uint32_t)(MAX_BANK_EACH - have[r] + 1));
		}
		int has = 1, total = 0, any = 0;
		unsigned k1 = 1 + (unsigned)rng_below(rng, 128);
		uint64_t at = 0;
		for (int r = 0; r < NRES; r++) {
			has &= have[r] >= want[r];
			total += have[r];
			any |= have[r] >= k1;
			if (have[r] >= rate[r])
				at |= HAND_BIT(r);
		}
		uint64_t rates = 0;
		for (int r = NRES - 1; r >= 0; r--)
			rates = rates << 8 | rate[r];
		cases++;
		if (hand_has(have, want) != has || hand_total(have) != total ||
		    hand_any_at_least(have, k1) != any || hand_at_least(have, rates) != at) {
			if (wrong++ < 3)
				CHECK(u, 0, "case %d: has %d/%d, total %d/%d, any %d/%d, at least %#llx/%#llx", k,
				      hand_has(have, want), has, hand_total(have), total,
				      hand_any_at_least(have, k1), any,
				      (unsigned long long)hand_at_least(have, rates), (unsigned long long)at);
		}
		for (uint64_t bits = at; bits; bits &= bits - 1)
			wrong += !(at & HAND_BIT(hand_next(bits))) || have[hand_next(bits)] < rate[hand_next(bits)];
		/* A payment the hand covers: each count moves from the hand to the bank. */
		if (has) {
			uint8_t h2[NRES], b2[NRES];
			hand_set(h2, hand_word(have) - hand_word(want));
			hand_set(b2, hand_word(bank) + hand_word(want));
			for (int r = 0; r < NRES; r++)
				if (h2[r] != have[r] - want[r] || b2[r] != bank[r] + want[r]) {
					if (wrong++ < 3)
						CHECK(u, 0, "case %d: paying resource %d", k, r);
				}
		}
	}
	CHECK(u, wrong == 0 && cases == 200000, "hand words: %d cases, %d wrong", cases, wrong);
}

/*
 * The thirty-hex board against the tables of the five-six player data
 * (hexes' intersections clockwise from the top, the coast clockwise from
 * hex 1's north-west side, the harbours' coastal paths), all 1-based.
 */
static void test_geometry_six(struct unit *u)
{
	static const int8_t hex_nodes[30][6] = {
		{ 1, 5, 9, 13, 8, 4 }, { 2, 6, 10, 14, 9, 5 }, { 3, 7, 11, 15, 10, 6 },
		{ 8, 13, 18, 23, 17, 12 }, { 9, 14, 19, 24, 18, 13 }, { 10, 15, 20, 25, 19, 14 },
		{ 11, 16, 21, 26, 20, 15 }, { 17, 23, 29, 35, 28, 22 }, { 18, 24, 30, 36, 29, 23 },
		{ 19, 25, 31, 37, 30, 24 }, { 20, 26, 32, 38, 31, 25 }, { 21, 27, 33, 39, 32, 26 },
		{ 28, 35, 42, 48, 41, 34 }, { 29, 36, 43, 49, 42, 35 }, { 30, 37, 44, 50, 43, 36 },
		{ 31, 38, 45, 51, 44, 37 }, { 32, 39, 46, 52, 45, 38 }, { 33, 40, 47, 53, 46, 39 },
		{ 42, 49, 55, 60, 54, 48 }, { 43, 50, 56, 61, 55, 49 }, { 44, 51, 57, 62, 56, 50 },
		{ 45, 52, 58, 63, 57, 51 }, { 46, 53, 59, 64, 58, 52 }, { 55, 61, 66, 70, 65, 60 },
		{ 56, 62, 67, 71, 66, 61 }, { 57, 63, 68, 72, 67, 62 }, { 58, 64, 69, 73, 68, 63 },
		{ 66, 71, 75, 78, 74, 70 }, { 67, 72, 76, 79, 75, 71 }, { 68, 73, 77, 80, 76, 72 },
	};
	static const char *const coast[38] = {
		"1-4", "1-5", "2-5", "2-6", "3-6", "3-7", "7-11", "11-16", "16-21", "21-27",
		"27-33", "33-40", "40-47", "47-53", "53-59", "59-64", "64-69", "69-73", "73-77", "77-80",
		"76-80", "76-79", "75-79", "75-78", "74-78", "70-74", "65-70", "60-65", "54-60", "48-54",
		"41-48", "34-41", "28-34", "22-28", "17-22", "12-17", "8-12", "4-8",
	};
	static const int8_t harbour_coast[11] = { 0, 3, 7, 10, 14, 17, 21, 24, 28, 31, 34 };
	/* The spiral from hex 1, counter-clockwise, then the middle ring and the centre. */
	static const int8_t spiral[30] = {
		1, 4, 8, 13, 19, 24, 28, 29, 30, 27, 23, 18, 12, 7, 3, 2,
		5, 9, 14, 20, 25, 26, 22, 17, 11, 6, 10, 15, 21, 16,
	};
	static const int8_t corners[6] = { 1, 3, 18, 30, 28, 13 };
	const struct geometry *six = &geometry_six;
	char name[8];

	CHECK(u, six->nhex == 30 && six->nnode == 80 && six->nedge == 109 && six->ncoast == 38 &&
		     six->nharbour == 11 && six->ncorner == 6 && six->centre == -1,
	      "%d hexes, %d intersections, %d paths, %d coastal, %d harbours, %d corners, centre %d",
	      six->nhex, six->nnode, six->nedge, six->ncoast, six->nharbour, six->ncorner, six->centre);
	for (int h = 0; h < 30; h++)
		for (int k = 0; k < 6; k++)
			CHECK(u, six->hex_nodes[h][k] + 1 == hex_nodes[h][k], "hex %d corner %d: %d, not %d",
			      h + 1, k, six->hex_nodes[h][k] + 1, hex_nodes[h][k]);
	int coastal[MAX_NODE] = { 0 }, ncoastal = 0;
	for (int c = 0; c < 38; c++) {
		CHECK(u, strcmp(edge_name(six, six->coast_edges[c], name), coast[c]) == 0,
		      "coastal path %d: %s, not %s", c, name, coast[c]);
		for (int i = 0; i < 2; i++)
			coastal[six->edge_nodes[six->coast_edges[c]][i]] = 1;
	}
	for (int n = 0; n < six->nnode; n++)
		ncoastal += coastal[n];
	CHECK(u, ncoastal == 38, "%d coastal intersections, not 38", ncoastal);
	for (int h = 0; h < 11; h++)
		CHECK(u, six->harbour_coast[h] == harbour_coast[h], "harbour %d on coastal path %d, not %d",
		      h, six->harbour_coast[h], harbour_coast[h]);
	for (int i = 0; i < 30; i++)
		CHECK(u, six->spiral[i] + 1 == spiral[i], "spiral from hex 1, hex %d: %d, not %d", i,
		      six->spiral[i] + 1, spiral[i]);
	for (int c = 0; c < 6; c++)
		CHECK(u, six->spiral[c * 30] + 1 == corners[c], "corner %d: hex %d, not %d", c,
		      six->spiral[c * 30] + 1, corners[c]);
	/* Every spiral holds each hex once. */
	for (int c = 0; c < six->ncorner; c++) {
		int seen[MAX_HEX] = { 0 }, once = 1;
		for (int i = 0; i < 30; i++)
			once &= seen[six->spiral[c * 30 + i]]++ == 0;
		CHECK(u, once, "the spiral from corner %d holds each hex once", c);
	}
}

/* The base board's spiral from hex 1 (001's order) and its centre. */
static void test_spiral_base(struct unit *u)
{
	static const int8_t spiral[19] = { 1, 4, 8, 13, 17, 18, 19, 16, 12, 7, 3, 2, 5, 9, 14, 15, 11, 6, 10 };
	CHECK(u, geo->ncorner == 6 && geo->centre == 9, "%d corners, centre %d", geo->ncorner, geo->centre);
	for (int i = 0; i < 19; i++)
		CHECK(u, geo->spiral[i] + 1 == spiral[i], "spiral from hex 1, hex %d: %d, not %d", i,
		      geo->spiral[i] + 1, spiral[i]);
}

int main(void)
{
	struct unit u = { 0 };
	test_geometry(&u);
	test_geometry_six(&u);
	test_spiral_base(&u);
	test_hand(&u);
	test_names(&u);
	test_rng(&u);
	test_beginner(&u);
	test_random_boards(&u);
	test_roundtrip(&u);
	test_ruleset(&u);
	test_rules_set(&u);
	test_seats(&u);
	test_colours(&u);
	test_settle(&u);
	printf("%d checks, %d failed\n", u.run, u.failed);
	return u.failed != 0;
}
