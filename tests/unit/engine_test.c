/* engine_test.c: oracle tests of the rules engine: every rule both ways, conservation, replay, whole games. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/geom.h"
#include "model/move.h"
#include "rules/movegen.h"
#include "model/names.h"
#include "rng.h"
#include "rules/rules.h"
#include "model/seats.h"
#include "model/state.h"
#include "doc/state_json.h"

/* The board every test game here is played on. */
static const struct geometry *const geo = &geometry_base;

/* ---- a small TAP framework ---- */

static int ntest, nfail;

static void ok(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void ok(int cond, const char *fmt, ...)
{
	va_list ap;
	ntest++;
	if (!cond)
		nfail++;
	printf("%sok %d - ", cond ? "" : "not ", ntest);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void diag(const char *fmt, ...)
{
	va_list ap;
	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

/* ---- fixtures ---- */

enum { RED, BLUE, WHITE, ORANGE };

/* A beginner game with n players red, blue, white, orange (in that seat order). */
static void fresh(struct game *g, int n, int outcomes)
{
	struct newgame o = { .nplayers = n, .beginner = 1, .seed = 7 };
	struct cerr e;
	for (int s = 0; s < n; s++)
		o.colour[s] = (uint8_t)s;
	rules_default(&o.rules);
	o.rules.outcomes = (uint8_t)outcomes;
	if (game_new(g, &o, &e) != C_OK) {
		diag("game_new: %s", e.msg);
		exit(1);
	}
}

/* The beginner board with nothing placed: a set-up game. */
static void fresh_setup(struct game *g, int n)
{
	fresh(g, n, OUT_EXTERNAL);
	uint64_t rng[4];
	memcpy(rng, g->pos.rng, sizeof rng);
	pos_empty(g->rs, &g->board, &g->pos, n);
	memcpy(g->pos.rng, rng, sizeof rng);
	g->start = g->pos;
}

/* Sets seat's hand, the cards coming from and going back to the bank. */
static void set_hand(struct game *g, int seat, int brick, int lumber, int wool, int grain, int ore)
{
	int want[NRES] = { brick, lumber, wool, grain, ore };
	struct position *p = &g->pos;
	for (int r = 0; r < NRES; r++) {
		p->bank[r] = (uint8_t)(p->bank[r] + p->pl[seat].hand[r] - want[r]);
		p->pl[seat].hand[r] = (uint8_t)want[r];
	}
}

/* Moves one card of kind d from the deck to seat's playable (or, with fresh_card, new) cards. */
static void give_dev(struct game *g, int seat, int d, int fresh_card)
{
	struct position *p = &g->pos;
	for (int i = 0; i < p->deck_len; i++)
		if (p->deck[i] == d) {
			memmove(p->deck + i, p->deck + i + 1, (size_t)(p->deck_len - i - 1));
			p->deck[--p->deck_len] = 0;
			p->deck_count[d]--;
			if (fresh_card)
				p->pl[seat].dev_new[d]++;
			else
				p->pl[seat].dev[d]++;
			return;
		}
	diag("give_dev: no %s left", dev_names[d]);
}

/* Field by field, so that padding never matters. */
static int pos_same(const struct position *a, const struct position *b)
{
#define SAME(f) (memcmp(&a->f, &b->f, sizeof a->f) == 0)
	return SAME(phase) && SAME(current) && SAME(turn) && SAME(rolled) && SAME(dev_played) &&
	       SAME(built) && SAME(robber) && SAME(longest_road) && SAME(largest_army) &&
	       SAME(bank) && SAME(deck_known) && SAME(deck_len) && SAME(deck) &&
	       SAME(deck_count) && SAME(node_owner) && SAME(node_kind) && SAME(edge_owner) &&
	       SAME(offer.active) && SAME(offer.to) && SAME(offer.give) && SAME(offer.get) &&
	       SAME(offer.rejected) && SAME(pl) && SAME(rng) && SAME(nrolls) && SAME(roll_sum) &&
	       SAME(knight_returned) && SAME(trade_supply) && SAME(neutral_owed) &&
	       SAME(neutral_piece) && SAME(give_owed) && SAME(seven);
#undef SAME
}

/* Tests that shrink a supply by hand turn off the supply-against-board check. */
static int check_pieces = 1;

/* Conservation and the other invariants, plus the supply matching the board. */
static int conserved(const struct game *g, struct cerr *e)
{
	struct position q = g->pos;
	if (pos_check(g, &g->pos, e) != C_OK)
		return 0;
	pos_count_pieces(g->rs, &g->board, &q, g->nplayers);
	for (int s = 0; check_pieces && s < g->nplayers; s++)
		if (q.pl[s].roads != g->pos.pl[s].roads ||
		    q.pl[s].settlements != g->pos.pl[s].settlements ||
		    q.pl[s].cities != g->pos.pl[s].cities) {
			cerr_set(e, C_INPUT, "pieces of seat %d out of step with the board", s);
			return 0;
		}
	return 1;
}

static int conservation_failures;

/* Applies a move that must be legal; says why when it is not. */
static int play(struct game *g, const char *text)
{
	struct cerr e;
	int rc = rules_apply_text(g, text, 0, &e);
	if (rc != C_OK) {
		diag("move '%s' refused: %s", text, e.msg);
		return rc;
	}
	if (!conserved(g, &e)) {
		diag("after '%s': %s", text, e.msg);
		conservation_failures++;
		return C_INPUT;
	}
	return C_OK;
}

static void allow(struct game *g, const char *text)
{
	ok(play(g, text) == C_OK, "allows '%s'", text);
}

/* A move that must be refused with exactly msg, leaving the game as it was. */
static void refuse(struct game *g, const char *text, const char *msg)
{
	struct position before = g->pos;
	size_t loglen = g->log.len;
	struct cerr e = { 0, "" };
	int rc = rules_apply_text(g, text, 0, &e);
	int same = pos_same(&before, &g->pos) && g->log.len == loglen;
	ok(rc == C_ILLEGAL && strcmp(e.msg, msg) == 0 && same, "refuses '%s': %s", text, msg);
	if (rc != C_ILLEGAL || strcmp(e.msg, msg) != 0)
		diag("got %d '%s'", rc, e.msg);
	if (!same)
		diag("the game changed");
}

/* Plays a list of moves; one test line for the list. */
static void script(struct game *g, const char *name, const char *const *moves)
{
	int good = 1;
	for (int i = 0; moves[i] && good; i++)
		good = play(g, moves[i]) == C_OK;
	ok(good, "%s", name);
}

static int hand_is(const struct game *g, int seat, int brick, int lumber, int wool, int grain, int ore)
{
	const uint8_t *h = g->pos.pl[seat].hand;
	int want[NRES] = { brick, lumber, wool, grain, ore };
	for (int r = 0; r < NRES; r++)
		if (h[r] != want[r]) {
			diag("seat %d hand %d %d %d %d %d", seat, h[0], h[1], h[2], h[3], h[4]);
			return 0;
		}
	return 1;
}

static const char *last_log(const struct game *g)
{
	return g->log.len ? g->log.ent[g->log.len - 1].text : "";
}

/* Places a road for seat directly (test set-up, no rules). */
/* put_road, put_settlement: a piece placed as the rules place it, the road lengths kept (road_len). */
static void put_road(struct game *g, int seat, int a, int b)
{
	pos_place_road(geo, &g->pos, seat, edge_between(geo, a - 1, b - 1));
	g->pos.road_len[seat] = (uint8_t)longest_road(geo, &g->pos, seat);
}

static void put_settlement(struct game *g, int seat, int node)
{
	pos_place_settlement(g, &g->pos, seat, node - 1);
	pos_roads_cut(geo, &g->pos, g->nplayers, node - 1);
}

/* The beginner game of 4 after red's roll of the given dice, hands set by the caller. */
static void rolled(struct game *g, const char *roll)
{
	fresh(g, 4, OUT_EXTERNAL);
	if (play(g, roll) != C_OK)
		exit(1);
}

/* ---- move text and JSON ---- */

static void test_parse(void)
{
	struct game g;
	struct move m;
	struct cerr e;
	char buf[160];
	fresh(&g, 3, OUT_EXTERNAL);

	static const struct {
		const char *in, *out;
	} good[] = {
		{ "red build road 17-12", "red build road 12-17" },
		{ "RED  Build\tsettlement 12", "red build settlement 12" },
		{ "red build city 9", "red build city 9" },
		{ "red roll", "red roll" },
		{ "red roll 3 4", "red roll 3 4" },
		{ "blue discard wool 2 o 2", "blue discard wool 2 ore 2" },
		{ "red robber 10", "red robber 10" },
		{ "red robber 5 steal white", "red robber 5 steal white" },
		{ "red robber 5 steal white stone", "red robber 5 steal white ore" },
		{ "red offer blue ore 1 for clay 1", "red offer blue ore 1 for brick 1" },
		{ "red offer all wheat 1 sheep 2 for wood 1", "red offer all wool 2 grain 1 for lumber 1" },
		{ "blue accept", "blue accept" },
		{ "white reject", "white reject" },
		{ "red cancel", "red cancel" },
		{ "red trade ore 4 for grain", "red trade ore 4 for grain" },
		{ "red buy", "red buy" },
		{ "red buy year_of_plenty", "red buy year-of-plenty" },
		{ "red play knight", "red play knight" },
		{ "red play road-building 17-12 22-17", "red play road-building 12-17 17-22" },
		{ "red play road-building 12-17", "red play road-building 12-17" },
		{ "red play year-of-plenty ore ore", "red play year-of-plenty ore ore" },
		{ "red play year-of-plenty ore brick", "red play year-of-plenty brick ore" },
		{ "red play monopoly sheep", "red play monopoly wool" },
		{ "red end", "red end" },
	};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		int rc = move_parse(&g, good[i].in, &m, &e);
		if (rc == C_OK)
			move_format(&g, &m, buf, sizeof buf);
		ok(rc == C_OK && strcmp(buf, good[i].out) == 0, "parses '%s' as '%s'", good[i].in,
		   good[i].out);
		if (rc != C_OK)
			diag("%s", e.msg);
		else if (strcmp(buf, good[i].out) != 0)
			diag("got '%s'", buf);

		/* The JSON form says the same. */
		char *j = move_json_text(&g, &m);
		struct move back;
		struct jv_doc jd;
		struct jv_error je;
		char buf2[160] = "";
		int parsed = j && jv_parse(j, strlen(j), &jd, &je) == 0;
		rc = parsed ? move_from_json(&g, jd.root, &back, &e) : C_SYSTEM;
		if (parsed)
			jv_free(&jd);
		if (rc == C_OK)
			move_format(&g, &back, buf2, sizeof buf2);
		ok(rc == C_OK && strcmp(buf2, good[i].out) == 0, "JSON round trip of '%s'",
		   good[i].out);
		if (rc != C_OK)
			diag("%s", e.msg);
		free(j);
	}

	static const struct {
		const char *in, *msg;
	} bad[] = {
		{ "", "empty move" },
		{ "red bulid road 1-2", "unknown verb 'bulid': did you mean 'build'? (verbs: build, roll, discard, robber, offer, accept, reject, cancel, trade, buy, play, end)" },
		{ "pink roll", "unknown colour 'pink'" },
		{ "rde roll", "unknown colour 'rde': did you mean 'red'?" },
		{ "bleu roll", "unknown colour 'bleu': did you mean 'blue'?" },
		{ "orang roll", "unknown colour 'orang'" },	/* orange is not playing: not offered */
		{ "orange roll", "orange is not playing in this game" },
		{ "red", "a verb must follow the colour" },
		{ "red build", "'build' needs road, settlement or city" },
		{ "red build house 3", "unknown piece 'house' (road, settlement or city)" },
		{ "red build road 1-3", "'1-3' is not a path (two neighbouring intersections a-b)" },
		{ "red build settlement 55", "'55' is not an intersection (1 to 54)" },
		{ "red roll 3", "'roll' takes two dice or none" },
		{ "red roll 3 7", "'7' is not a die (1 to 6)" },
		{ "red roll 3 4 5", "unexpected '5' at the end of the move" },
		{ "blue discard ore", "a count must follow 'ore'" },
		{ "blue discard ore 0", "'0' is not a count of cards (1 to 19)" },
		{ "blue discard ore 1 ore 2", "ore is listed twice" },
		{ "blue discard gold 1", "unknown resource 'gold'" },
		{ "red robber 20", "'20' is not a hex (1 to 19)" },
		{ "red robber 5 steal", "'steal' needs a colour" },
		{ "red offer blue ore 1", "an offer needs 'for' and the cards asked for" },
		{ "red offer blue knight 1 for ore 1", "unknown resource 'knight'" },
		{ "red offer blue for ore 1", "an offer needs at least one resource and count" },
		{ "red trade ore 4 grain", "'for' must follow the cards given" },
		{ "red buy castle", "unknown development card 'castle'" },
		{ "red play victory-point", "victory point cards are not played: they count while held" },
		{ "red play road-building 12-17 12-17", "the two paths are the same" },
		{ "red play year-of-plenty ore", "'year-of-plenty' needs two resources" },
		{ "red play monopoly", "'monopoly' needs a resource" },
		{ "red end now", "unexpected 'now' at the end of the move" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int rc = move_parse(&g, bad[i].in, &m, &e);
		ok(rc == C_ILLEGAL && strcmp(e.msg, bad[i].msg) == 0, "refuses text '%s': %s",
		   bad[i].in, bad[i].msg);
		if (rc != C_ILLEGAL || strcmp(e.msg, bad[i].msg) != 0)
			diag("got %d '%s'", rc, rc ? e.msg : "");
	}
	/* A discard without cards is one nobody saw (a public record): it reads and writes back so. */
	{
		char text[64];
		int rc = move_parse(&g, "blue discard", &m, &e);
		ok(rc == C_OK && m.verb == MV_DISCARD &&
		   !(m.give[0] | m.give[1] | m.give[2] | m.give[3] | m.give[4]), "reads a discard without cards");
		move_format(&g, &m, text, sizeof text);
		ok(strcmp(text, "blue discard") == 0, "writes it back: '%s'", text);
	}

	/* Moves built by code are range-checked before the rules see them. */
	move_init(&m);
	m.seat = 0;
	m.verb = MV_BUILD;
	m.piece = PC_ROAD;
	m.npath = 1;
	m.path[0] = -1;
	ok(move_check(&g, &m, &e) == C_ILLEGAL && strcmp(e.msg, "malformed move: path out of range") == 0 &&
	   rules_apply(&g, &m, 0, &e) == C_ILLEGAL, "a move with a path out of range is refused");
	m.seat = 3;
	ok(move_check(&g, &m, &e) == C_ILLEGAL && strcmp(e.msg, "malformed move: player out of range") == 0,
	   "a move by a seat not playing is refused");
	move_init(&m);
	m.seat = 0;
	m.verb = MV_ROBBER;
	m.hex = 4;
	m.victim = 7;
	ok(move_check(&g, &m, &e) == C_ILLEGAL && strcmp(e.msg, "malformed move: player robbed out of range") == 0,
	   "a robber move robbing a seat not playing is refused");

	/* JSON forms and their refusals. */
	static const struct {
		const char *json, *msg;
	} js[] = {
		{ "{\"player\":\"red\",\"move\":\"build\",\"piece\":\"road\",\"path\":\"12-17\"}", NULL },
		{ "{\"player\":\"red\",\"move\":\"robber\",\"hex\":5,\"steal\":\"blue\",\"card\":\"ore\"}", NULL },
		{ "{\"player\":\"red\",\"move\":\"roll\",\"dice\":[3,4]}", NULL },
		{ "{\"player\":\"red\",\"move\":\"roll\",\"dice\":[3]}", "move.dice: two integers 1 to 6 are needed" },
		{ "{\"player\":\"red\",\"move\":\"bulid\"}", "move.move: unknown verb 'bulid': did you mean 'build'? (verbs: build, roll, discard, robber, offer, accept, reject, cancel, trade, buy, play, end)" },
		{ "{\"player\":\"red\",\"move\":\"end\",\"x\":1}", "move.x: unknown key for 'end'" },
		{ "{\"move\":\"end\"}", "move.player: a colour is needed" },
		{ "{\"player\":\"orange\",\"move\":\"end\"}", "move.player: orange is not playing in this game" },
		{ "{\"player\":\"red\",\"move\":\"build\",\"piece\":\"city\",\"node\":0}", "move.node: an integer 1 to 54 is needed" },
		{ "{\"player\":\"red\",\"move\":\"trade\",\"give\":{\"ore\":2,\"wool\":2},\"get\":\"grain\"}", "move.give: one resource is given in a maritime trade" },
		{ "{\"player\":\"red\",\"move\":\"play\",\"card\":\"monopoly\",\"paths\":[\"1-4\"]}", "move.resource: a resource is needed" },
		{ "[1]", "move: an object is needed" },
		{ "{\"player\":\"red\",\"move\":\"offer\",\"to\":\"blue\",\"give\":{},\"get\":{\"ore\":1}}", "move.give: at least one card is needed" },
	};
	for (size_t i = 0; i < sizeof js / sizeof js[0]; i++) {
		struct jv_doc jd;
		struct jv_error jerr;
		int rc = jv_parse(js[i].json, strlen(js[i].json), &jd, &jerr) ? C_SYSTEM
									   : move_from_json(&g, jd.root, &m, &e);
		if (rc != C_SYSTEM)
			jv_free(&jd);
		if (js[i].msg)
			ok(rc == C_ILLEGAL && strcmp(e.msg, js[i].msg) == 0, "refuses JSON %s: %s",
			   js[i].json, js[i].msg);
		else
			ok(rc == C_OK, "reads JSON %s", js[i].json);
		if ((rc != C_OK) != (js[i].msg != NULL) || (rc && strcmp(e.msg, js[i].msg)))
			diag("got %d '%s'", rc, rc ? e.msg : "");
	}
	game_free(&g);
}

/* ---- set-up ---- */

static void test_setup(void)
{
	struct game g;
	fresh_setup(&g, 3);

	refuse(&g, "blue build settlement 9", "set-up: it is red's turn to place a settlement");
	refuse(&g, "red build road 9-14", "set-up: red must place a settlement now");
	refuse(&g, "red roll 3 4", "set-up: red must place a settlement now");
	allow(&g, "red build settlement 9");
	ok(g.pos.phase == PH_SETUP_ROAD, "a settlement is followed by its road");
	refuse(&g, "red build settlement 20", "set-up: red must place a road now");
	refuse(&g, "red build road 20-25", "set-up: the road must touch the settlement just placed on 9");
	allow(&g, "red build road 9-14");
	ok(g.pos.current == BLUE && g.pos.phase == PH_SETUP_SETTLEMENT, "then the next seat places");
	refuse(&g, "blue build settlement 9", "intersection 9 already holds a building");
	refuse(&g, "blue build settlement 14", "intersection 14 is next to the building on 9 (distance rule)");
	refuse(&g, "blue build settlement 13", "intersection 13 is next to the building on 9 (distance rule)");
	allow(&g, "blue build settlement 42");
	refuse(&g, "blue build road 9-14", "path 9-14 already holds a road");
	allow(&g, "blue build road 37-42");
	allow(&g, "white build settlement 18");
	allow(&g, "white build road 18-23");
	/* Snake order: white again, then blue, then red. */
	ok(g.pos.current == WHITE && g.pos.phase == PH_SETUP_SETTLEMENT, "the last seat places twice in a row");
	ok(hand_is(&g, WHITE, 0, 0, 0, 0, 0), "a first settlement pays nothing");
	allow(&g, "white build settlement 32");
	ok(hand_is(&g, WHITE, 0, 1, 1, 0, 1), "the second settlement pays one card per terrain hex");
	allow(&g, "white build road 26-32");
	ok(g.pos.current == BLUE, "snake order goes back to blue");
	allow(&g, "blue build settlement 40");
	ok(hand_is(&g, BLUE, 1, 1, 0, 0, 1), "blue's second settlement pays hills, forest, mountains");
	allow(&g, "blue build road 40-45");
	ok(g.pos.current == RED, "and then red");
	allow(&g, "red build settlement 29");
	allow(&g, "red build road 29-35");
	ok(g.pos.phase == PH_ROLL && g.pos.turn == 1 && g.pos.current == RED,
	   "after the last placement the first seat rolls on turn 1");
	ok(hand_is(&g, RED, 0, 2, 0, 1, 0), "red was paid for its second settlement");
	refuse(&g, "red build settlement 1", "the dice must be rolled first");
	ok(g.log.len == 12 && strcmp(g.log.ent[0].text, "red build settlement 9") == 0,
	   "set-up placements are logged");

	/* A desert neighbour pays nothing for the desert. */
	game_free(&g);
	fresh_setup(&g, 3);
	const char *const s[] = { "red build settlement 1", "red build road 1-4",
				  "blue build settlement 3", "blue build road 3-7",
				  "white build settlement 12", "white build road 12-17",
				  "white build settlement 19", NULL };
	script(&g, "a set-up next to the desert", s);
	ok(hand_is(&g, WHITE, 1, 0, 1, 0, 0), "the desert pays no starting card");
	game_free(&g);
}

/* ---- the roll and production ---- */

static void test_roll(void)
{
	struct game g;
	fresh(&g, 4, OUT_EXTERNAL);

	refuse(&g, "red build road 14-19", "the dice must be rolled first");
	refuse(&g, "red end", "the dice must be rolled first");
	refuse(&g, "red trade lumber 4 for ore", "the dice must be rolled first");
	refuse(&g, "red offer blue lumber 1 for ore 1", "the dice must be rolled first");
	refuse(&g, "red buy knight", "the dice must be rolled first");
	refuse(&g, "blue roll 3 4", "it is red's turn, not blue's");
	refuse(&g, "red roll", "the dice must be given in the move: this game's outcomes are external");
	refuse(&g, "red discard ore 1", "nobody owes cards: discards follow a roll of seven");
	refuse(&g, "red robber 5", "the robber moves only after a seven or a knight");
	set_hand(&g, RED, 0, 0, 0, 0, 0);
	set_hand(&g, WHITE, 0, 0, 0, 0, 0);
	set_hand(&g, ORANGE, 0, 0, 0, 0, 0);
	/* Six: hex 5 (hills) pays red at 9 and white at 18; hex 18 (fields) pays orange at 41. */
	allow(&g, "red roll 2 4");
	ok(hand_is(&g, RED, 1, 0, 0, 0, 0) && hand_is(&g, WHITE, 1, 0, 0, 0, 0) &&
	   hand_is(&g, ORANGE, 0, 0, 0, 1, 0), "a six pays every building on a six hex");
	ok(g.pos.phase == PH_MAIN && g.pos.rolled, "after the roll the turn goes on");
	ok(strcmp(last_log(&g), "red roll 2 4") == 0, "the roll is logged with its dice");
	refuse(&g, "red roll 2 4", "the dice were already rolled this turn");
	allow(&g, "red end");
	ok(g.pos.current == BLUE && g.pos.turn == 2 && g.pos.phase == PH_ROLL && !g.pos.rolled,
	   "the end passes the turn to the next seat");
	refuse(&g, "red roll 1 1", "it is blue's turn, not red's");

	/* The robber's hex produces nothing; a city produces two. */
	g.pos.robber = 4;	/* hex 5 */
	pos_place_city(geo, &g.pos, ORANGE, 40);	/* orange's settlement on 41 */
	allow(&g, "blue roll 3 3");
	ok(hand_is(&g, RED, 1, 0, 0, 0, 0) && hand_is(&g, WHITE, 1, 0, 0, 0, 0),
	   "the robber's hex pays nobody");
	ok(hand_is(&g, ORANGE, 0, 0, 0, 3, 0), "a city is paid two cards");
	allow(&g, "blue end");

	/* Bank shortage: one brick left for two players owed; grain still paid. */
	set_hand(&g, RED, 0, 0, 0, 0, 0);
	set_hand(&g, WHITE, 0, 0, 0, 0, 0);
	set_hand(&g, BLUE, 18, 0, 0, 0, 0);
	g.pos.robber = 9;
	ok(g.pos.bank[RES_BRICK] == 1, "the bank holds one brick");
	allow(&g, "white roll 5 1");
	ok(hand_is(&g, RED, 0, 0, 0, 0, 0) && hand_is(&g, WHITE, 0, 0, 0, 0, 0) &&
	   g.pos.bank[RES_BRICK] == 1, "a resource the bank cannot pay in full is paid to nobody");
	ok(hand_is(&g, ORANGE, 0, 0, 0, 5, 0), "other resources of the roll are paid");
	allow(&g, "white end");
	/* One player owed, bank enough: paid. */
	set_hand(&g, BLUE, 17, 0, 0, 0, 0);
	allow(&g, "orange roll 1 5");
	ok(hand_is(&g, RED, 1, 0, 0, 0, 0) && hand_is(&g, WHITE, 1, 0, 0, 0, 0),
	   "the bank pays when it holds enough for everyone");

	/* An internal game draws the dice and refuses given ones. */
	game_free(&g);
	fresh(&g, 4, OUT_INTERNAL);
	refuse(&g, "red roll 3 4", "this game draws its outcomes: give the move without the dice");
	allow(&g, "red roll");
	const char *line = last_log(&g);
	int d0 = 0, d1 = 0;
	ok(sscanf(line, "red roll %d %d", &d0, &d1) == 2 && d0 >= 1 && d0 <= 6 && d1 >= 1 && d1 <= 6,
	   "an internal roll logs the dice drawn: '%s'", line);
	game_free(&g);
}

/* ---- a seven: discards, robber, steal ---- */

static void test_seven(void)
{
	struct game g;
	fresh(&g, 4, OUT_EXTERNAL);
	set_hand(&g, RED, 2, 2, 2, 2, 1);	/* 9: owes 4 */
	set_hand(&g, BLUE, 0, 0, 4, 0, 4);	/* 8: owes 4 */
	set_hand(&g, WHITE, 1, 1, 1, 1, 3);	/* 7: owes nothing */
	set_hand(&g, ORANGE, 0, 0, 0, 0, 0);
	allow(&g, "red roll 3 4");
	ok(g.pos.phase == PH_DISCARD && g.pos.pl[RED].discard == 4 && g.pos.pl[BLUE].discard == 4 &&
	   g.pos.pl[WHITE].discard == 0, "a seven makes every hand over 7 owe half, rounded down");
	ok(hand_is(&g, WHITE, 1, 1, 1, 1, 3), "a seven produces nothing");
	refuse(&g, "red build road 14-19", "the discards after the seven come first: red owes 4, blue owes 4");
	refuse(&g, "red robber 5 steal white ore", "the discards after the seven come first: red owes 4, blue owes 4");
	refuse(&g, "white discard ore 1", "white owes no cards");
	refuse(&g, "blue discard ore 3", "blue must discard exactly 4 cards, not 3");
	refuse(&g, "blue discard brick 4", "blue holds only 0 brick");
	allow(&g, "blue discard wool 2 ore 2");
	ok(hand_is(&g, BLUE, 0, 0, 2, 0, 2) && g.pos.phase == PH_DISCARD, "blue discarded; red still owes");
	refuse(&g, "blue discard ore 1", "blue owes no cards");
	allow(&g, "red discard brick 2 lumber 2");
	ok(g.pos.phase == PH_ROBBER, "after the discards the robber moves");
	refuse(&g, "blue robber 5", "red must move the robber first");
	refuse(&g, "red end", "red must move the robber first");
	refuse(&g, "red robber 10", "the robber must move to another hex than 10");
	refuse(&g, "red robber 5", "a player on hex 5 must be robbed: white");
	refuse(&g, "red robber 5 steal blue ore", "blue has no settlement or city on hex 5");
	refuse(&g, "red robber 5 steal red ore", "you cannot rob yourself");
	refuse(&g, "red robber 5 steal white", "the card stolen must be given in the move: this game's outcomes are external");
	refuse(&g, "red robber 5 steal white wool 1", "unexpected '1' at the end of the move");
	/* Hex 15 touches blue (42) and orange (41); orange holds nothing. */
	refuse(&g, "red robber 15 steal orange grain", "orange holds no resource cards to steal");
	refuse(&g, "red robber 15 steal blue brick", "blue holds no brick to steal");
	refuse(&g, "red robber 15", "a player on hex 15 must be robbed: blue");
	allow(&g, "red robber 15 steal blue ore");
	ok(hand_is(&g, BLUE, 0, 0, 2, 0, 1) && hand_is(&g, RED, 0, 0, 2, 2, 2) &&
	   g.pos.robber == 14 && g.pos.phase == PH_MAIN, "the robber moved and one card was stolen");
	ok(strcmp(last_log(&g), "red robber 15 steal blue ore") == 0, "the steal is logged with its card");

	/* Nobody over the limit: straight to the robber; a hex with nobody to rob. */
	allow(&g, "red end");
	set_hand(&g, RED, 0, 0, 0, 0, 0);
	allow(&g, "blue roll 6 1");
	ok(g.pos.phase == PH_ROBBER, "a seven with no hand over 7 goes to the robber");
	refuse(&g, "blue robber 1 steal red wool", "red holds no resource cards to steal");
	refuse(&g, "blue robber 3 steal red wool", "red has no settlement or city on hex 3");
	allow(&g, "blue robber 1");
	ok(g.pos.robber == 0 && strcmp(last_log(&g), "blue robber 1") == 0, "no steal when nobody can be robbed");
	/* The robber on its hex blocks production: hex 1 (mountains 10). */
	allow(&g, "blue end");
	set_hand(&g, WHITE, 0, 0, 0, 0, 0);
	allow(&g, "white roll 5 5");
	ok(hand_is(&g, RED, 0, 0, 0, 0, 0), "red on the robbed hex gets nothing for a ten");
	allow(&g, "white end");
	game_free(&g);

	/* The discard limit is a rule option; the desert is allowed. */
	fresh(&g, 3, OUT_EXTERNAL);
	g.rules.discard_limit = 9;
	set_hand(&g, RED, 2, 2, 2, 2, 1);
	allow(&g, "red roll 3 4");
	ok(g.pos.phase == PH_ROBBER, "nine cards owe nothing with a discard limit of 9");
	allow(&g, "red robber 5 steal white wool");
	allow(&g, "red end");
	set_hand(&g, BLUE, 0, 0, 0, 0, 0);
	set_hand(&g, RED, 0, 0, 0, 0, 0);
	set_hand(&g, WHITE, 0, 0, 0, 0, 0);
	allow(&g, "blue roll 3 4");
	allow(&g, "blue robber 10");
	ok(g.pos.robber == 9, "the robber may go back to the desert");
	game_free(&g);

	/* Internal steal: drawn, logged. */
	fresh(&g, 4, OUT_INTERNAL);
	g.pos.phase = PH_ROBBER;
	g.pos.rolled = 1;
	set_hand(&g, WHITE, 0, 0, 3, 0, 0);
	refuse(&g, "red robber 5 steal white wool", "this game draws its outcomes: give the move without the card stolen");
	allow(&g, "red robber 5 steal white");
	ok(strcmp(last_log(&g), "red robber 5 steal white wool") == 0 && hand_is(&g, WHITE, 0, 0, 2, 0, 0),
	   "an internal steal draws a card of the victim's");
	game_free(&g);
}

/* ---- trade ---- */

static void test_domestic(void)
{
	struct game g;
	rolled(&g, "red roll 1 1");
	set_hand(&g, RED, 0, 0, 0, 0, 2);
	set_hand(&g, BLUE, 1, 0, 0, 0, 0);
	set_hand(&g, WHITE, 1, 0, 0, 0, 0);
	set_hand(&g, ORANGE, 2, 0, 0, 0, 0);

	refuse(&g, "red offer red ore 1 for brick 1", "you cannot trade with yourself");
	refuse(&g, "red offer blue ore 1 for ore 1", "a trade cannot have ore on both sides");
	refuse(&g, "red offer blue ore 3 for brick 1", "red does not hold 3 ore");
	refuse(&g, "blue offer red brick 1 for ore 1", "it is red's turn, not blue's");
	refuse(&g, "blue accept", "there is no open offer to answer");
	refuse(&g, "red cancel", "there is no open offer to cancel");
	/* Giving cards away: impossible in the text form; refused when built in C. */
	struct move gift;
	struct cerr e;
	move_init(&gift);
	gift.seat = RED;
	gift.verb = MV_OFFER;
	gift.to = BLUE;
	gift.get[RES_BRICK] = 1;
	ok(rules_apply(&g, &gift, 0, &e) == C_ILLEGAL &&
	   strcmp(e.msg, "both sides of a trade must give at least one card") == 0,
	   "an offer giving nothing is refused");
	allow(&g, "red offer blue ore 1 for brick 1");
	ok(g.pos.offer.active && g.pos.offer.to == BLUE, "an offer to one player is open");
	refuse(&g, "red accept", "only the other players answer an offer");
	refuse(&g, "white accept", "the offer is made to blue, not white");
	refuse(&g, "white reject", "the offer is made to blue, not white");
	allow(&g, "blue accept");
	ok(hand_is(&g, RED, 1, 0, 0, 0, 1) && hand_is(&g, BLUE, 0, 0, 0, 0, 1) && !g.pos.offer.active,
	   "an accepted offer swaps the cards and closes");
	/* Replacing an offer; acceptor without the cards. */
	allow(&g, "red offer blue ore 1 for brick 1");
	refuse(&g, "blue accept", "blue does not hold 1 brick");
	allow(&g, "red offer all ore 1 for brick 2");
	ok(g.pos.offer.to == NOBODY && g.pos.offer.get[RES_BRICK] == 2, "a new offer replaces the old");
	refuse(&g, "white accept", "white does not hold 2 brick");
	allow(&g, "white reject");
	refuse(&g, "white reject", "white has already rejected this offer");
	refuse(&g, "white accept", "white has already rejected this offer");
	allow(&g, "blue reject");
	ok(g.pos.offer.active, "an offer to all stays open while someone may answer");
	allow(&g, "orange accept");
	ok(hand_is(&g, RED, 3, 0, 0, 0, 0) && hand_is(&g, ORANGE, 0, 0, 0, 0, 1), "orange accepted the offer to all");
	/* A rejection by the one player offered to closes the offer. */
	allow(&g, "red offer white brick 1 for ore 1");
	allow(&g, "white reject");
	ok(!g.pos.offer.active, "the player offered to rejects: the offer closes");
	/* Everyone rejects an offer to all: it closes. */
	allow(&g, "red offer all brick 1 for ore 1");
	allow(&g, "white reject");
	allow(&g, "blue reject");
	allow(&g, "orange reject");
	ok(!g.pos.offer.active, "an offer to all closes when everyone rejected");
	allow(&g, "red offer all brick 1 for ore 1");
	allow(&g, "red cancel");
	ok(!g.pos.offer.active, "the offerer cancels the offer");
	refuse(&g, "blue accept", "there is no open offer to answer");
	/* The taker must hold the cards asked for. */
	set_hand(&g, RED, 3, 1, 0, 0, 0);
	set_hand(&g, BLUE, 0, 0, 0, 0, 0);
	allow(&g, "red offer blue brick 3 for ore 1");
	refuse(&g, "blue accept", "blue does not hold 1 ore");
	/* Any other move of the offerer withdraws the offer: what it promises is still there when taken. */
	allow(&g, "red build road 9-13");
	ok(!g.pos.offer.active, "the offerer's build withdraws the offer");
	refuse(&g, "blue accept", "there is no open offer to answer");
	/* The end of the turn closes an open offer. */
	allow(&g, "red end");
	ok(!g.pos.offer.active, "the end of the turn closes the offer");
	game_free(&g);

	/* Strict phases: no trade after the first build; combined: trade goes on. */
	for (int strict = 0; strict < 2; strict++) {
		fresh(&g, 4, OUT_EXTERNAL);
		g.rules.trade_build = (uint8_t)(strict ? TRADE_STRICT : TRADE_COMBINED);
		if (play(&g, "red roll 1 1") != C_OK)
			exit(1);
		set_hand(&g, RED, 1, 1, 0, 0, 5);
		set_hand(&g, BLUE, 1, 0, 0, 0, 0);
		allow(&g, "red build road 9-13");
		if (strict) {
			const char *m = "no trading after building this turn (strict trade and build phases)";
			refuse(&g, "red offer blue ore 1 for brick 1", m);
			refuse(&g, "red trade ore 4 for wool", m);
			allow(&g, "red end");
			allow(&g, "blue roll 1 1");
			set_hand(&g, BLUE, 0, 0, 0, 0, 4);
			allow(&g, "blue trade ore 4 for wool");
		} else {
			allow(&g, "red offer blue ore 1 for brick 1");
			allow(&g, "blue accept");
			allow(&g, "red trade ore 4 for wool");
			ok(hand_is(&g, RED, 1, 0, 1, 0, 0), "combined phases: trade after building");
		}
		game_free(&g);
	}
}

static void test_maritime(void)
{
	struct game g;
	rolled(&g, "red roll 1 1");
	set_hand(&g, RED, 0, 0, 0, 0, 4);
	refuse(&g, "red trade ore 3 for grain", "red trades ore at 4:1 with the bank, so give 4 ore, not 3");
	refuse(&g, "red trade ore 4 for ore", "a maritime trade must receive a different resource");
	refuse(&g, "red trade brick 4 for ore", "red does not hold 4 brick");
	refuse(&g, "blue trade ore 4 for grain", "it is red's turn, not blue's");
	/* An empty bank pays nothing. */
	set_hand(&g, BLUE, 0, 0, 0, g.pos.bank[RES_GRAIN] + g.pos.pl[BLUE].hand[RES_GRAIN], 0);
	ok(g.pos.bank[RES_GRAIN] == 0, "the bank has no grain");
	refuse(&g, "red trade ore 4 for grain", "the bank has no grain left");
	allow(&g, "red trade ore 4 for lumber");
	ok(hand_is(&g, RED, 0, 1, 0, 0, 0), "4:1 without a harbour");
	ok(strcmp(last_log(&g), "red trade ore 4 for lumber") == 0, "the maritime trade is logged");

	/* A 3:1 harbour at 27; the 2:1 ore harbour at 16. */
	put_settlement(&g, RED, 27);
	set_hand(&g, RED, 0, 0, 0, 0, 8);
	refuse(&g, "red trade ore 2 for wool", "red trades ore at 3:1 or 4:1 with the bank, so give 3 or 4 ore, not 2");
	allow(&g, "red trade ore 3 for wool");
	ok(hand_is(&g, RED, 0, 0, 1, 0, 5), "3:1 at a generic harbour");
	/* 4:1 is always allowed (000: "you can always trade at 4:1"). */
	allow(&g, "red trade ore 4 for wool");
	ok(hand_is(&g, RED, 0, 0, 2, 0, 1), "4:1 with a generic harbour too");
	put_settlement(&g, RED, 16);
	set_hand(&g, RED, 6, 0, 0, 0, 9);
	refuse(&g, "red trade ore 5 for wool", "red trades ore at 2:1, 3:1 or 4:1 with the bank, so give 2, 3 or 4 ore, not 5");
	allow(&g, "red trade ore 2 for wool");
	allow(&g, "red trade ore 3 for wool");
	allow(&g, "red trade ore 4 for wool");
	refuse(&g, "red trade brick 2 for wool", "red trades brick at 3:1 or 4:1 with the bank, so give 3 or 4 brick, not 2");
	allow(&g, "red trade brick 3 for wool");
	ok(hand_is(&g, RED, 3, 0, 4, 0, 0), "2:1 for the harbour's resource, 3:1 for the others, 4:1 for all");
	game_free(&g);

	/* A 2:1 harbour alone gives 2:1 for its resource and 4:1, not 3:1. */
	rolled(&g, "red roll 1 1");
	put_settlement(&g, RED, 16);
	set_hand(&g, RED, 0, 0, 0, 0, 3);
	refuse(&g, "red trade ore 3 for wool", "red trades ore at 2:1 or 4:1 with the bank, so give 2 or 4 ore, not 3");
	game_free(&g);

	/* A harbour is usable on the turn its settlement is built (combined phases). */
	rolled(&g, "red roll 1 1");
	put_road(&g, RED, 9, 5);
	put_road(&g, RED, 5, 1);
	set_hand(&g, RED, 1, 1, 1, 1, 0);
	allow(&g, "red build settlement 1");
	set_hand(&g, RED, 0, 0, 3, 0, 0);
	allow(&g, "red trade wool 3 for ore");
	game_free(&g);
}

/* ---- building ---- */

static void test_build(void)
{
	struct game g;
	rolled(&g, "red roll 1 1");
	set_hand(&g, RED, 0, 0, 0, 0, 0);

	refuse(&g, "red build road 9-14", "path 9-14 already holds a road");
	refuse(&g, "red build road 14-19", "not enough resources: a road costs 1 brick and 1 lumber");
	set_hand(&g, RED, 2, 2, 0, 0, 0);
	refuse(&g, "red build road 20-25", "the road must touch your road, settlement or city");
	refuse(&g, "blue build road 40-35", "it is red's turn, not blue's");
	int bank_brick = g.pos.bank[RES_BRICK];
	allow(&g, "red build road 14-19");
	ok(hand_is(&g, RED, 1, 1, 0, 0, 0) && g.pos.pl[RED].roads == 12 &&
	   g.pos.bank[RES_BRICK] == bank_brick + 1,
	   "a road costs a brick and a lumber, paid to the bank");
	ok(strcmp(last_log(&g), "red build road 14-19") == 0, "the road is logged");
	/* Next to another player's settlement is fine; through it is not. */
	put_settlement(&g, WHITE, 30);
	allow(&g, "red build road 35-30");
	set_hand(&g, RED, 1, 1, 0, 0, 0);
	refuse(&g, "red build road 30-36", "a road cannot continue through another player's settlement or city");
	refuse(&g, "red build road 24-30", "a road cannot continue through another player's settlement or city");
	g.pos.pl[RED].roads = 0;
	refuse(&g, "red build road 19-24", "no roads left in your supply");
	g.pos.pl[RED].roads = 11;

	/* Settlements. */
	set_hand(&g, RED, 0, 0, 0, 0, 0);
	refuse(&g, "red build settlement 9", "intersection 9 already holds a building");
	refuse(&g, "red build settlement 14", "intersection 14 is next to the building on 9 (distance rule)");
	refuse(&g, "red build settlement 25", "the settlement must touch your road");
	refuse(&g, "red build settlement 19", "not enough resources: a settlement costs 1 brick, 1 lumber, 1 wool and 1 grain");
	set_hand(&g, RED, 1, 1, 1, 1, 0);
	g.pos.pl[RED].settlements = 0;
	refuse(&g, "red build settlement 19", "no settlements left in your supply");
	g.pos.pl[RED].settlements = 3;
	allow(&g, "red build settlement 19");
	ok(g.pos.node_owner[18] == RED && g.pos.pl[RED].settlements == 2 && hand_is(&g, RED, 0, 0, 0, 0, 0),
	   "a settlement is placed and paid for");
	ok(score_public(&g, &g.pos, RED) == 3, "three settlements score 3");

	/* Cities. */
	refuse(&g, "red build city 42", "a city replaces one of your settlements, and intersection 42 holds none");
	refuse(&g, "red build city 30", "a city replaces one of your settlements, and intersection 30 holds none");
	refuse(&g, "red build city 9", "not enough resources: a city costs 2 grain and 3 ore");
	set_hand(&g, RED, 0, 0, 0, 2, 3);
	g.pos.pl[RED].cities = 0;
	refuse(&g, "red build city 9", "no cities left in your supply");
	g.pos.pl[RED].cities = 4;
	allow(&g, "red build city 9");
	ok(g.pos.node_kind[8] == B_CITY && g.pos.pl[RED].cities == 3 && g.pos.pl[RED].settlements == 3,
	   "a city takes the place of a settlement, which goes back to the supply");
	ok(score_public(&g, &g.pos, RED) == 4, "a city scores 2");
	set_hand(&g, RED, 0, 0, 0, 2, 3);
	refuse(&g, "red build city 9", "a city replaces one of your settlements, and intersection 9 holds none");
	game_free(&g);
}

/* ---- development cards ---- */

static void test_dev(void)
{
	struct game g;
	rolled(&g, "red roll 1 1");
	set_hand(&g, RED, 0, 0, 0, 0, 0);
	refuse(&g, "red buy knight", "not enough resources: a development card costs 1 wool, 1 grain and 1 ore");
	set_hand(&g, RED, 0, 0, 2, 2, 2);
	refuse(&g, "red buy", "the card bought must be given in the move: this game's outcomes are external");
	allow(&g, "red buy knight");
	ok(g.pos.pl[RED].dev_new[DEV_KNIGHT] == 1 && g.pos.deck_len == 24 &&
	   g.pos.deck_count[DEV_KNIGHT] == 13 && hand_is(&g, RED, 0, 0, 1, 1, 1),
	   "a card bought is paid for and held as new");
	refuse(&g, "red play knight", "a development card cannot be played on the turn it was bought");
	refuse(&g, "red play monopoly ore", "red holds no monopoly card");
	for (int i = 0; i < 5; i++)
		give_dev(&g, BLUE, DEV_VICTORY_POINT, 0);
	refuse(&g, "red buy victory-point", "no victory-point card is left in the deck");
	allow(&g, "red end");
	ok(g.pos.pl[RED].dev[DEV_KNIGHT] == 1 && g.pos.pl[RED].dev_new[DEV_KNIGHT] == 0,
	   "at the end of the turn a new card becomes playable");
	game_free(&g);

	/* An empty deck. */
	rolled(&g, "red roll 1 1");
	set_hand(&g, RED, 0, 0, 1, 1, 1);
	g.pos.deck_len = 0;
	refuse(&g, "red buy knight", "the development deck is empty");
	game_free(&g);

	/* Internal outcomes: the top card. */
	fresh(&g, 4, OUT_INTERNAL);
	g.pos.phase = PH_MAIN;
	g.pos.rolled = 1;
	set_hand(&g, RED, 0, 0, 1, 1, 1);
	int top = g.pos.deck[0];
	refuse(&g, "red buy knight", "this game draws its outcomes: give the move without the card bought");
	allow(&g, "red buy");
	char want[64];
	snprintf(want, sizeof want, "red buy %s", dev_names[top]);
	ok(strcmp(last_log(&g), want) == 0 && g.pos.pl[RED].dev_new[top] == 1, "an internal buy draws the top card");
	game_free(&g);

	/* A knight before the roll, then the roll; one card per turn. */
	fresh(&g, 4, OUT_EXTERNAL);
	give_dev(&g, RED, DEV_KNIGHT, 0);
	give_dev(&g, RED, DEV_KNIGHT, 0);
	give_dev(&g, RED, DEV_MONOPOLY, 0);
	set_hand(&g, RED, 2, 2, 2, 2, 2);	/* 10 cards: a knight asks no discards */
	allow(&g, "red play knight");
	ok(g.pos.phase == PH_ROBBER && g.pos.pl[RED].discard == 0 && g.pos.pl[RED].played[DEV_KNIGHT] == 1,
	   "a knight moves the robber at once, with no discards");
	refuse(&g, "red roll 1 1", "red must move the robber first");
	allow(&g, "red robber 5 steal white wool");
	ok(g.pos.phase == PH_ROLL, "after a knight before the roll the roll is still to come");
	refuse(&g, "red play knight", "only one development card may be played per turn");
	refuse(&g, "red play monopoly ore", "only one development card may be played per turn");
	allow(&g, "red roll 1 1");
	refuse(&g, "red play knight", "only one development card may be played per turn");
	allow(&g, "red end");
	allow(&g, "blue roll 1 1");
	allow(&g, "blue end");
	allow(&g, "white roll 1 1");
	allow(&g, "white end");
	allow(&g, "orange roll 1 1");
	allow(&g, "orange end");
	/* A knight after the roll returns to the main phase. */
	allow(&g, "red roll 1 1");
	allow(&g, "red play knight");
	allow(&g, "red robber 10");
	ok(g.pos.phase == PH_MAIN, "after a knight after the roll the turn goes on");
	allow(&g, "red end");
	game_free(&g);
}

static void test_progress(void)
{
	struct game g;

	/* Road building. */
	rolled(&g, "red roll 1 1");
	for (int i = 0; i < 2; i++)
		give_dev(&g, RED, DEV_ROAD_BUILDING, 0);
	set_hand(&g, RED, 0, 0, 0, 0, 0);
	/* One road by choice (000: the player "may" place two). */
	struct game one;
	struct cerr ce;
	ok(game_copy(&one, &g, &ce) == C_OK && rules_apply_text(&one, "red play road-building 14-19", 0, &ce) == C_OK &&
		   one.pos.edge_owner[edge_between(geo, 13, 18)] == RED && one.pos.pl[RED].dev[DEV_ROAD_BUILDING] == 1,
	   "road building with one road when a second could be placed");
	game_free(&one);
	refuse(&g, "red play road-building 20-25 14-19", "the road must touch your road, settlement or city");
	refuse(&g, "red play road-building 14-19 20-25", "the road must touch your road, settlement or city");
	refuse(&g, "red play road-building 9-14 14-19", "path 9-14 already holds a road");
	refuse(&g, "red play road-building 19-24 14-19", "the road must touch your road, settlement or city");
	allow(&g, "red play road-building 14-19 19-24");
	ok(g.pos.edge_owner[edge_between(geo, 13, 18)] == RED && g.pos.edge_owner[edge_between(geo, 18, 23)] == RED &&
	   hand_is(&g, RED, 0, 0, 0, 0, 0) && g.pos.pl[RED].played[DEV_ROAD_BUILDING] == 1,
	   "road building places two free roads, the second continuing the first");
	ok(strcmp(last_log(&g), "red play road-building 14-19 19-24") == 0, "road building is logged");
	allow(&g, "red end");
	const char *const round[] = { "blue roll 1 1", "blue end", "white roll 1 1", "white end",
				      "orange roll 1 1", "orange end", "red roll 1 1", NULL };
	script(&g, "a round of turns", round);
	/* One road left in the supply: one path only. */
	g.pos.pl[RED].roads = 1;
	check_pieces = 0;
	refuse(&g, "red play road-building 24-30 30-35", "only one road is left in your supply: give one path");
	allow(&g, "red play road-building 24-30");
	refuse(&g, "red play road-building 30-35", "only one development card may be played per turn");
	check_pieces = 1;
	g.pos.pl[RED].roads = 15 - 5;
	game_free(&g);

	/* No legal place for a second road: one path only; none at all: not playable. */
	rolled(&g, "red roll 1 1");
	give_dev(&g, RED, DEV_ROAD_BUILDING, 0);
	/* Hem red in: every free path at red's pieces taken by blue (test set-up). */
	for (int ed = 0; ed < geo->nedge; ed++) {
		if (g.pos.edge_owner[ed] != NOBODY)
			continue;
		int a = geo->edge_nodes[ed][0], b = geo->edge_nodes[ed][1];
		int touches = 0;
		for (int k = 0; k < 3; k++) {
			int ea = geo->node_edges[a][k], eb = geo->node_edges[b][k];
			touches |= (ea >= 0 && g.pos.edge_owner[ea] == RED) || (eb >= 0 && g.pos.edge_owner[eb] == RED);
		}
		touches |= g.pos.node_owner[a] == RED || g.pos.node_owner[b] == RED;
		if (touches && !(a == 13 && b == 18) && !(a == 18 && b == 13))
			pos_place_road(geo, &g.pos, BLUE, ed);
	}
	/* Only 14-19 is left to red, and 19 is then boxed in by blue's roads. */
	for (int k = 0; k < 3; k++) {
		int ed = geo->node_edges[18][k];
		if (ed >= 0 && g.pos.edge_owner[ed] == NOBODY && ed != edge_between(geo, 13, 18))
			pos_place_road(geo, &g.pos, BLUE, ed);
	}
	refuse(&g, "red play road-building 14-19 19-24", "path 19-24 already holds a road");
	allow(&g, "red play road-building 14-19");
	ok(g.pos.pl[RED].roads == 12, "one road when no second can be placed");
	allow(&g, "red end");
	game_free(&g);

	/* Year of plenty. */
	rolled(&g, "red roll 1 1");
	give_dev(&g, RED, DEV_YEAR_OF_PLENTY, 0);
	set_hand(&g, RED, 0, 0, 0, 0, 0);
	set_hand(&g, BLUE, 0, 0, 0, 0, 18);
	set_hand(&g, WHITE, 0, 0, 0, 0, 0);
	set_hand(&g, ORANGE, 0, 0, 0, 0, 0);
	refuse(&g, "red play year-of-plenty ore ore", "the bank cannot pay 2 ore");
	allow(&g, "red play year-of-plenty ore grain");
	ok(hand_is(&g, RED, 0, 0, 0, 1, 1) && g.pos.bank[RES_ORE] == 0, "year of plenty takes two cards from the bank");
	game_free(&g);

	rolled(&g, "red roll 1 1");
	give_dev(&g, RED, DEV_YEAR_OF_PLENTY, 0);
	set_hand(&g, RED, 0, 0, 0, 0, 0);
	allow(&g, "red play year-of-plenty brick brick");
	ok(hand_is(&g, RED, 2, 0, 0, 0, 0), "year of plenty may take two of one resource");
	game_free(&g);

	/* Monopoly. */
	rolled(&g, "red roll 1 1");
	give_dev(&g, RED, DEV_MONOPOLY, 0);
	set_hand(&g, RED, 0, 0, 1, 0, 0);
	set_hand(&g, BLUE, 1, 0, 2, 0, 0);
	set_hand(&g, WHITE, 0, 0, 3, 0, 1);
	set_hand(&g, ORANGE, 0, 0, 0, 0, 0);
	allow(&g, "red play monopoly wool");
	ok(hand_is(&g, RED, 0, 0, 6, 0, 0) && hand_is(&g, BLUE, 1, 0, 0, 0, 0) &&
	   hand_is(&g, WHITE, 0, 0, 0, 0, 1) && hand_is(&g, ORANGE, 0, 0, 0, 0, 0),
	   "monopoly takes every card of the resource from every opponent");
	game_free(&g);
}

/* ---- largest army ---- */

static void test_army(void)
{
	struct game g;
	fresh(&g, 3, OUT_EXTERNAL);
	for (int i = 0; i < 4; i++) {
		give_dev(&g, RED, DEV_KNIGHT, 0);
		give_dev(&g, BLUE, DEV_KNIGHT, 0);
	}
	set_hand(&g, RED, 0, 0, 0, 0, 0);
	set_hand(&g, BLUE, 0, 0, 0, 0, 0);
	set_hand(&g, WHITE, 0, 0, 0, 0, 0);
	const char *const knights[] = {
		"red play knight", "red robber 1", "red roll 1 1", "red end",
		"blue play knight", "blue robber 10", "blue roll 1 1", "blue end",
		"white roll 1 1", "white end",
		"red play knight", "red robber 1", "red roll 1 1", "red end",
		"blue play knight", "blue robber 10", "blue roll 1 1", "blue end",
		"white roll 1 1", "white end", NULL
	};
	script(&g, "two knights each", knights);
	ok(g.pos.largest_army == NOBODY, "two knights make no largest army");
	allow(&g, "red play knight");
	ok(g.pos.largest_army == RED, "the first with three knights takes the largest army");
	ok(score_public(&g, &g.pos, RED) == 4, "the largest army scores 2");
	const char *const more[] = { "red robber 1", "red roll 1 1", "red end",
				     "blue play knight", "blue robber 10", NULL };
	script(&g, "blue's third knight", more);
	ok(g.pos.largest_army == RED, "an equal army does not take the award");
	const char *const more2[] = { "blue roll 1 1", "blue end", "white roll 1 1", "white end",
				      "red roll 1 1", "red end", "blue play knight", NULL };
	script(&g, "blue's fourth knight", more2);
	ok(g.pos.largest_army == BLUE, "a strictly larger army takes the award");
	game_free(&g);
}

/* ---- victory ---- */

static void test_victory(void)
{
	struct game g;
	/* Points to win 5: red has 2 settlements. */
	rolled(&g, "red roll 1 1");
	g.rules.points_to_win = 5;
	give_dev(&g, RED, DEV_VICTORY_POINT, 0);
	give_dev(&g, RED, DEV_VICTORY_POINT, 0);
	ok(score_public(&g, &g.pos, RED) == 2 && score_total(&g, &g.pos, RED) == 4,
	   "victory point cards count in the total, not in the public score");
	set_hand(&g, RED, 2, 2, 1, 1, 0);
	allow(&g, "red build road 14-19");
	ok(g.pos.phase == PH_MAIN, "4 of 5 points: the game goes on");
	allow(&g, "red build settlement 19");
	ok(g.pos.phase == PH_OVER && g.pos.current == RED, "5 of 5 points on red's turn: red wins at once");
	refuse(&g, "red end", "the game is over: red won with 5 points");
	refuse(&g, "blue roll 1 1", "the game is over: red won with 5 points");
	game_free(&g);

	/* A victory point card bought wins on the turn it is bought. */
	rolled(&g, "red roll 1 1");
	g.rules.points_to_win = 5;
	give_dev(&g, RED, DEV_VICTORY_POINT, 0);
	give_dev(&g, RED, DEV_VICTORY_POINT, 0);
	set_hand(&g, RED, 0, 0, 1, 1, 1);
	allow(&g, "red buy victory-point");
	ok(g.pos.phase == PH_OVER, "a victory point card bought counts at once");
	game_free(&g);

	/* Reaching the points on another player's turn does not end the game; their turn does. */
	rolled(&g, "red roll 1 1");
	g.rules.points_to_win = 5;
	for (int i = 0; i < 3; i++)
		give_dev(&g, BLUE, DEV_VICTORY_POINT, 0);
	ok(score_total(&g, &g.pos, BLUE) == 5, "blue holds 5 points");
	set_hand(&g, RED, 1, 1, 0, 0, 0);
	allow(&g, "red build road 14-19");
	ok(g.pos.phase == PH_MAIN, "5 points on red's turn do not make blue win");
	allow(&g, "red end");
	ok(g.pos.phase == PH_OVER && g.pos.current == BLUE, "blue wins when its turn begins");
	refuse(&g, "blue roll 1 1", "the game is over: blue won with 5 points");
	game_free(&g);
}

/* ---- longest road ---- */

/* A position on the beginner board with nothing placed. */
static void empty_board(struct game *g, int n)
{
	fresh(g, n, OUT_EXTERNAL);
	pos_empty(g->rs, &g->board, &g->pos, n);
}

static void roads(struct game *g, int seat, const int *nodes)
{
	for (int i = 0; nodes[i + 1]; i++)
		put_road(g, seat, nodes[i], nodes[i + 1]);
}

static void test_longest(void)
{
	struct game g;
	empty_board(&g, 3);
	/* A line of 5: 1-4-8-12-17-22. */
	roads(&g, RED, (const int[]){ 1, 4, 8, 12, 17, 22, 0 });
	ok(longest_road(geo, &g.pos, RED) == 5, "a line of five roads has length 5");
	put_settlement(&g, RED, 12);
	ok(longest_road(geo, &g.pos, RED) == 5, "one's own settlement does not break a road");
	g.pos.node_owner[11] = BLUE;
	ok(longest_road(geo, &g.pos, RED) == 3, "another player's settlement breaks it into 3 and 2");
	g.pos.node_owner[11] = NOBODY;
	g.pos.node_kind[11] = B_NONE;
	g.pos.pl[RED].settlements++;
	pos_find_road_ends(geo, &g.pos, g.nplayers);
	pos_find_yields(geo, &g.pos, g.nplayers);
	/* A ring of six around hex 1 with a tail: a trail uses each road once. */
	empty_board(&g, 3);
	roads(&g, RED, (const int[]){ 1, 5, 9, 13, 8, 4, 1, 0 });
	ok(longest_road(geo, &g.pos, RED) == 6, "a ring of six roads has length 6");
	roads(&g, RED, (const int[]){ 9, 14, 10, 0 });
	ok(longest_road(geo, &g.pos, RED) == 8, "a ring with a tail of two has length 8");
	roads(&g, RED, (const int[]){ 8, 12, 0 });
	ok(longest_road(geo, &g.pos, RED) == 8, "tails at two places of the ring: 8 (no trail uses all 9)");
	/* A fork: the longer branch counts. */
	empty_board(&g, 3);
	roads(&g, RED, (const int[]){ 1, 5, 9, 13, 18, 0 });
	roads(&g, RED, (const int[]){ 9, 14, 0 });
	ok(longest_road(geo, &g.pos, RED) == 4, "a fork counts its longer branch");
	/* A trail may end at another's building but not pass it. */
	g.pos.node_owner[8] = BLUE;	/* intersection 9 */
	ok(longest_road(geo, &g.pos, RED) == 2, "a building in the middle of a fork splits it");
	game_free(&g);

	/* The award. */
	empty_board(&g, 3);
	roads(&g, RED, (const int[]){ 1, 4, 8, 12, 17, 0 });
	awards_update_road(g.rs, &g.pos, 3);
	ok(g.pos.longest_road == NOBODY, "four roads hold no award");
	put_road(&g, RED, 17, 22);
	awards_update_road(g.rs, &g.pos, 3);
	ok(g.pos.longest_road == RED, "five roads take the award");
	roads(&g, BLUE, (const int[]){ 3, 7, 11, 16, 21, 27, 0 });
	awards_update_road(g.rs, &g.pos, 3);
	ok(g.pos.longest_road == RED, "an equal road does not take it");
	put_road(&g, BLUE, 27, 33);
	awards_update_road(g.rs, &g.pos, 3);
	ok(g.pos.longest_road == BLUE, "a strictly longer road takes it");
	put_road(&g, RED, 22, 28);
	awards_update_road(g.rs, &g.pos, 3);
	ok(g.pos.longest_road == BLUE, "the holder keeps it against an equal road");
	/* Broken to a tie: the holder keeps it when among the tied. */
	put_road(&g, BLUE, 33, 38);
	awards_update_road(g.rs, &g.pos, 3);
	ok(g.pos.longest_road == BLUE, "blue 7, red 6");
	struct position tied = g.pos;
	put_settlement(&g, WHITE, 33);
	awards_update_road(g.rs, &g.pos, 3);
	ok(g.pos.longest_road == BLUE && longest_road(geo, &g.pos, BLUE) == 6,
	   "broken to a tie at 6: the holder keeps the award");
	/* 002's FAQ (road_tie=aside): broken to a tie, the award is set aside. */
	struct position kept = g.pos;
	awards_road_broken(g.rs, &g.pos, 3, BLUE, longest_road(geo, &tied, BLUE));
	ok(g.pos.longest_road == NOBODY, "road_tie=aside: broken to a tie at 6, the award is set aside");
	g.pos = tied;
	put_road(&g, RED, 28, 34);
	awards_road_broken(g.rs, &g.pos, 3, BLUE, longest_road(geo, &tied, BLUE));
	ok(g.pos.longest_road == BLUE, "road_tie=aside: a tie without a break keeps the award");
	g.pos = kept;
	/* Broken so that the holder is not among the tied longest: set aside. */
	roads(&g, WHITE, (const int[]){ 34, 39, 44, 48, 52, 49, 53, 0 });
	awards_update_road(g.rs, &g.pos, 3);
	ok(g.pos.longest_road == BLUE, "white 6 ties: blue keeps it");
	put_settlement(&g, WHITE, 16);
	awards_update_road(g.rs, &g.pos, 3);
	ok(g.pos.longest_road == NOBODY && longest_road(geo, &g.pos, BLUE) == 3,
	   "the holder broken below two tied players: the award is set aside");
	put_road(&g, RED, 28, 34);
	awards_update_road(g.rs, &g.pos, 3);
	ok(g.pos.longest_road == RED, "then one player alone longest with 5+ takes it");
	/* Broken below five with nobody else at five: set aside. */
	empty_board(&g, 3);
	roads(&g, RED, (const int[]){ 1, 4, 8, 12, 17, 22, 0 });
	awards_update_road(g.rs, &g.pos, 3);
	put_settlement(&g, BLUE, 12);
	awards_update_road(g.rs, &g.pos, 3);
	ok(g.pos.longest_road == NOBODY, "broken with nobody at 5 or more: set aside");
	game_free(&g);

	/* Through the engine: a settlement built breaks the holder's road. */
	fresh(&g, 3, OUT_EXTERNAL);
	put_road(&g, RED, 14, 19);
	put_road(&g, RED, 19, 24);
	put_road(&g, RED, 24, 30);
	put_road(&g, RED, 30, 36);
	awards_update_road(g.rs, &g.pos, 3);
	ok(g.pos.longest_road == RED && longest_road(geo, &g.pos, RED) == 5, "red holds the longest road with 5");
	allow(&g, "red roll 1 1");
	allow(&g, "red end");
	put_road(&g, BLUE, 40, 35);
	put_road(&g, BLUE, 35, 30);
	allow(&g, "blue roll 1 1");
	set_hand(&g, BLUE, 1, 1, 1, 1, 0);
	allow(&g, "blue build settlement 30");
	ok(g.pos.longest_road == NOBODY && longest_road(geo, &g.pos, RED) == 4,
	   "a settlement built on red's road breaks it and the award is set aside");
	ok(score_public(&g, &g.pos, RED) == 2, "red lost the 2 points of the award");
	game_free(&g);
}

/* ---- views ---- */

static void test_view(void)
{
	struct game g, v;
	struct cerr e;
	rolled(&g, "red roll 1 1");
	set_hand(&g, RED, 0, 0, 1, 1, 1);
	set_hand(&g, WHITE, 0, 0, 2, 0, 0);
	allow(&g, "red buy knight");
	g.pos.phase = PH_ROBBER;	/* as after a knight */
	allow(&g, "red robber 5 steal white wool");

	ok(game_view(&g, BLUE, &v, &e) == C_OK, "a view for blue");
	ok(v.view == BLUE && v.pos.rng[0] == 0 && v.pos.deck_len == g.pos.deck_len &&
	   v.pos.deck[0] == 0 && v.pos.deck_count[DEV_KNIGHT] == 0, "no generator, no deck order or counts");
	ok(v.has_start && v.start.rng[0] == 0 && !v.start.deck_known && v.start.deck[0] == 0 &&
	   v.start.deck_count[DEV_KNIGHT] == 14, "the start without its generator and the deck's order");
	ok(hand_is(&v, RED, 0, 0, 0, 0, 0) && v.view_hand[RED] == 1 && v.view_dev[RED] == 1 &&
	   v.pos.pl[RED].dev_new[DEV_KNIGHT] == 0, "others' cards are hidden, their counts shown");
	ok(hand_is(&v, BLUE, 1, 1, 0, 0, 1), "the viewer's own hand stays");
	ok(strcmp(v.log.ent[v.log.len - 2].text, "red buy") == 0 &&
	   strcmp(v.log.ent[v.log.len - 1].text, "red robber 5 steal white") == 0 &&
	   strcmp(v.log.ent[0].text, "red roll 1 1") == 0, "the log hides another's card bought and a steal's card");
	ok(rules_apply_text(&v, "blue roll 1 1", 0, &e) == C_ILLEGAL &&
	   strcmp(e.msg, "a player's view cannot be played on: use the full state") == 0,
	   "a move on a view is refused");
	game_free(&v);

	ok(game_view(&g, WHITE, &v, &e) == C_OK && strcmp(v.log.ent[v.log.len - 1].text, "red robber 5 steal white wool") == 0 &&
	   strcmp(v.log.ent[v.log.len - 2].text, "red buy") == 0, "the victim sees the card stolen");
	game_free(&v);
	ok(game_view(&g, RED, &v, &e) == C_OK && strcmp(v.log.ent[v.log.len - 1].text, "red robber 5 steal white wool") == 0 &&
	   strcmp(v.log.ent[v.log.len - 2].text, "red buy knight") == 0 && v.pos.pl[RED].dev_new[DEV_KNIGHT] == 1,
	   "the thief sees its card and its own card bought");
	struct game w;
	ok(game_view(&v, RED, &w, &e) == C_INPUT, "a view of a view is refused");
	ok(game_view(&g, 3 + 1, &w, &e) == C_USAGE, "a view for a seat not playing is refused");
	game_free(&v);
	game_free(&g);
}

/*
 * Replays g's log from its start with RULES_REPLAY: 1 when every move is
 * accepted and the result is g's position and log, byte for byte.
 */
static int replays(const struct game *g)
{
	struct game r;
	struct cerr e;
	int good = 1;
	if (game_copy(&r, g, &e) != C_OK)
		exit(4);
	movelog_free(&r.log);
	r.pos = r.start;
	for (size_t i = 0; i < g->log.len && good; i++)
		if (rules_apply_text(&r, g->log.ent[i].text, RULES_REPLAY, &e) != C_OK) {
			diag("replay of '%s': %s", g->log.ent[i].text, e.msg);
			good = 0;
		}
	good = good && pos_same(&r.pos, &g->pos) && r.log.len == g->log.len;
	for (size_t i = 0; good && i < g->log.len; i++)
		good = strcmp(r.log.ent[i].text, g->log.ent[i].text) == 0;
	game_free(&r);
	return good;
}

/* Applies m and takes it back: 1 when it is legal. */
static int try_move(struct game *g, const struct move *m)
{
	struct position save = g->pos;
	struct cerr e;
	if (rules_apply(g, m, 0, &e) != C_OK)
		return 0;
	g->pos = save;
	movelog_pop(&g->log);
	return 1;
}

/*
 * The legal-move list against the rules: every listed move is legal, and
 * every legal move of a large set of candidates (all builds, robber moves,
 * maritime trades, card plays, answers; not offers or discards, which are
 * listed only by example) is listed.  Returns the number of mismatches.
 */
static int check_listing(struct game *g, const struct move *ms, int n)
{
	static struct move cand[2048];
	char listed[512][48], t[160];
	int nc = 0, bad = 0, nl = n < 512 ? n : 512;

	for (int i = 0; i < nl; i++) {
		move_format(g, &ms[i], listed[i], sizeof listed[i]);
		if (!try_move(g, &ms[i])) {
			diag("listed move '%s' is refused", listed[i]);
			bad++;
		}
	}
	int me = g->pos.current;
#define CAND(seat_, verb_) (move_init(&cand[nc]), cand[nc].seat = (int8_t)(seat_), \
			     cand[nc].verb = (uint8_t)(verb_), &cand[nc++])
	for (int ed = 0; ed < geo->nedge; ed++) {
		struct move *m = CAND(me, MV_BUILD);
		m->piece = PC_ROAD;
		m->npath = 1;
		m->path[0] = (int8_t)ed;
		m = CAND(me, MV_PLAY);
		m->card = DEV_ROAD_BUILDING;
		m->npath = 1;
		m->path[0] = (int8_t)ed;
	}
	for (int nd = 0; nd < geo->nnode; nd++)
		for (int pc = PC_SETTLEMENT; pc <= PC_CITY; pc++) {
			struct move *m = CAND(me, MV_BUILD);
			m->piece = (uint8_t)pc;
			m->node = (int8_t)nd;
		}
	CAND(me, MV_ROLL);
	CAND(me, MV_END);
	CAND(me, MV_BUY);
	CAND(me, MV_CANCEL);
	CAND(me, MV_PLAY)->card = DEV_KNIGHT;
	for (int s = 0; s < g->nplayers; s++) {
		CAND(s, MV_ACCEPT);
		CAND(s, MV_REJECT);
	}
	for (int h = 0; h < geo->nhex; h++)
		for (int v = -1; v < g->nplayers; v++) {
			struct move *m = CAND(me, MV_ROBBER);
			m->hex = (int8_t)h;
			m->victim = (int8_t)v;
		}
	for (int a = 0; a < NRES; a++)
		for (int b = 0; b < NRES; b++) {
			for (int k = 2; k <= 4; k++) {
				struct move *m = CAND(me, MV_TRADE);
				m->give[a] = (uint8_t)k;
				m->get[b] = 1;
			}
			struct move *m = CAND(me, MV_PLAY);
			m->card = DEV_YEAR_OF_PLENTY;
			m->get[a]++;
			m->get[b]++;
		}
	for (int r = 0; r < NRES; r++) {
		struct move *m = CAND(me, MV_PLAY);
		m->card = DEV_MONOPOLY;
		m->res = (int8_t)r;
	}
#undef CAND
	for (int i = 0; i < nc; i++) {
		if (!try_move(g, &cand[i]))
			continue;
		move_format(g, &cand[i], t, sizeof t);
		int found = 0;
		for (int j = 0; j < nl && !found; j++)
			found = strcmp(listed[j], t) == 0;
		if (!found) {
			diag("legal move '%s' is not listed", t);
			bad++;
		}
	}
	return bad;
}

/* ---- random play-outs and replay ---- */

/* Picks a move: building first, then trades and cards, ending the turn last. */
static const struct move *pick(const struct move *ms, int n, uint64_t rng[4])
{
	int builds[256], nb = 0, other[256], no = 0;
	for (int i = 0; i < n && i < 256; i++) {
		int v = ms[i].verb;
		if (v == MV_BUILD || v == MV_BUY || (v == MV_PLAY && ms[i].card != DEV_KNIGHT))
			builds[nb++] = i;
		else if (v != MV_END)
			other[no++] = i;
	}
	if (nb && rng_below(rng, 10) < 9)
		return &ms[builds[rng_below(rng, (uint32_t)nb)]];
	if (no && rng_below(rng, 10) < 6)
		return &ms[other[rng_below(rng, (uint32_t)no)]];
	for (int i = 0; i < n; i++)
		if (ms[i].verb == MV_END)
			return &ms[i];
	return &ms[rng_below(rng, (uint32_t)(n < 256 ? n : 256))];
}

static void test_random(void)
{
	static struct move ms[4096];
	int finished = 0, bad = 0, replayed = 0, moves_total = 0, listing_bad = 0;
	uint64_t rng[4];
	rng_seed(rng, 12345);

	for (int k = 0; k < 40; k++) {
		struct game g;
		struct newgame o = { .nplayers = 3 + k % 2, .beginner = k % 3 == 0, .seed = (uint64_t)k };
		struct cerr e;
		for (int s = 0; s < o.nplayers; s++)
			o.colour[s] = (uint8_t)((s + k) % 4);
		rules_default(&o.rules);
		o.rules.trade_build = (uint8_t)(k % 4 == 1 ? TRADE_STRICT : TRADE_COMBINED);
		if (game_new(&g, &o, &e) != C_OK) {
			diag("game_new: %s", e.msg);
			bad++;
			continue;
		}
		int moves = 0;
		while (g.pos.phase != PH_OVER && moves < 4000) {
			int n = movegen_legal(&g, NOBODY, MG_ALL_RATES, ms, 4096);
			if (n == 0) {
				diag("game %d: no legal move in phase %s", k, phase_names[g.pos.phase]);
				bad++;
				break;
			}
			if (k < 10 && moves % 5 == 0)
				listing_bad += check_listing(&g, ms, n);
			const struct move *m = pick(ms, n, rng);
			if (rules_apply(&g, m, 0, &e) != C_OK) {
				char t[160];
				move_format(&g, m, t, sizeof t);
				diag("game %d: listed move '%s' refused: %s", k, t, e.msg);
				bad++;
				break;
			}
			if (!conserved(&g, &e)) {
				diag("game %d after '%s': %s", k, last_log(&g), e.msg);
				bad++;
				break;
			}
			moves++;
		}
		moves_total += moves;
		finished += g.pos.phase == PH_OVER;

		replayed += replays(&g);
		struct game r;
		game_init(&r);

		/* A logged roll changed: the replay refuses it. */
		for (size_t i = 0; i < g.log.len; i++) {
			char c1[8], t[64];
			int d0, d1;
			if (sscanf(g.log.ent[i].text, "%7s roll %d %d", c1, &d0, &d1) != 3)
				continue;
			game_free(&r);
			game_copy(&r, &g, &e);
			movelog_free(&r.log);
			r.pos = r.start;
			for (size_t j = 0; j < i; j++)
				rules_apply_text(&r, g.log.ent[j].text, RULES_REPLAY, &e);
			snprintf(t, sizeof t, "%s roll %d %d", c1, d0 % 6 + 1, d1);
			int rc = rules_apply_text(&r, t, RULES_REPLAY, &e);
			if (k == 0)
				ok(rc == C_ILLEGAL && strstr(e.msg, "differ from the game's draw"),
				   "a replayed roll that differs from the generator is refused: %s", e.msg);
			break;
		}
		game_free(&r);
		game_free(&g);
	}
	ok(bad == 0, "40 random games: every listed move is legal and conservation holds (%d moves)", moves_total);
	ok(finished >= 30, "random games reach a winner (%d of 40)", finished);
	ok(listing_bad == 0, "the legal-move list holds exactly the legal moves (sampled positions)");
	ok(replayed == 40, "every random game replays from its log to the same position (%d of 40)", replayed);
}

/* ---- garbage in: never a crash, always a message ---- */

static void test_garbage(void)
{
	static const char *const words[] = {
		"red", "blue", "white", "orange", "build", "road", "settlement", "city", "roll",
		"discard", "robber", "steal", "offer", "all", "for", "accept", "reject", "cancel",
		"trade", "buy", "play", "knight", "road-building", "year-of-plenty", "monopoly",
		"end", "ore", "wool", "1", "2", "6", "7", "19", "20", "54", "55", "0", "-1",
		"12-17", "1-2", "99-100", "x", "", "\t", "99999999999", "ore1",
	};
	const int nw = (int)(sizeof words / sizeof words[0]);
	uint64_t rng[4];
	int bad = 0, applied = 0;
	struct game g;
	rng_seed(rng, 99);
	fresh(&g, 4, OUT_EXTERNAL);
	if (play(&g, "red roll 1 1") != C_OK)
		exit(1);
	for (int i = 0; i < 20000; i++) {
		char text[400] = "";
		int n = 1 + (int)rng_below(rng, 9);
		for (int k = 0; k < n; k++) {
			strcat(text, words[rng_below(rng, (uint32_t)nw)]);
			strcat(text, rng_below(rng, 8) ? " " : "");
		}
		if (rng_below(rng, 4) == 0)
			text[rng_below(rng, (uint32_t)strlen(text) + 1)] = (char)rng_below(rng, 256);
		struct cerr e = { 0, "" };
		int rc = rules_apply_text(&g, text, 0, &e);
		if (rc == C_OK) {
			applied++;
			if (!conserved(&g, &e))
				bad++;
		} else if (rc != C_ILLEGAL || !e.msg[0] || e.msg[strlen(e.msg) - 1] == '.') {
			diag("'%s' gave %d '%s'", text, rc, e.msg);
			bad++;
		}
	}
	ok(bad == 0, "20000 garbage moves: refused with a message or applied legally (%d applied)", applied);
	game_free(&g);
}

/* ---- whole games ---- */

/*
 * Game 1, three players on the beginner board, outcomes given: a domestic
 * trade, white's longest road kept on a tie and then broken by red's
 * settlement, a bank shortage, a seven with three players discarding,
 * every development card, maritime trades at 4:1, 3:1 and 2:1, and red
 * winning with a victory point card bought on the last turn.
 */
static void test_game1(void)
{
	struct game g;
	fresh(&g, 3, OUT_EXTERNAL);
	static const char *const opening[] = {
		"red roll 3 3", "red build road 29-34", "red end", "blue roll 4 4", "blue end",
		"white roll 3 3", "white build road 18-24", "white end", "red roll 5 6",
		"red build road 34-39", "red end", "blue roll 3 3", "blue end", "white roll 5 6",
		"white build road 23-17", "white end", "red roll 4 5", "red offer white lumber 1 for wool 1",
		"white accept", "red build settlement 39", "red end", "blue roll 3 3", "blue end",
		"white roll 5 6", "white build road 17-12", "white build road 12-8", "white end",
		"red roll 3 3", "red build road 35-30", "red build road 30-24", "red end", NULL
	};
	script(&g, "game 1: opening, a domestic trade, roads", opening);
	ok(g.pos.longest_road == WHITE && longest_road(geo, &g.pos, WHITE) == 5 && longest_road(geo, &g.pos, RED) == 5,
	   "game 1: white took the longest road with 5; red's equal 5 does not take it");

	static const char *const hoard[] = {
		"blue roll 4 4", "blue end", "white roll 5 6", "white end", "red roll 4 4", "red end",
		"blue roll 5 6", "blue end", "white roll 4 4", "white end", "red roll 5 6", "red end",
		"blue roll 4 4", "blue end", "white roll 5 6", "white end", NULL
	};
	script(&g, "game 1: lumber piles up", hoard);
	ok(g.pos.bank[RES_LUMBER] == 1 && hand_is(&g, WHITE, 1, 4, 0, 0, 6), "game 1: the bank has 1 lumber left");
	allow(&g, "red roll 4 4");
	ok(g.pos.bank[RES_LUMBER] == 1 && g.pos.pl[RED].hand[RES_LUMBER] == 9 &&
	   g.pos.pl[BLUE].hand[RES_LUMBER] == 5 && g.pos.pl[WHITE].hand[RES_ORE] == 7,
	   "game 1: bank shortage: nobody gets lumber on an eight, white still gets its ore");
	allow(&g, "red end");

	allow(&g, "blue roll 3 4");
	ok(g.pos.phase == PH_DISCARD && g.pos.pl[RED].discard == 5 && g.pos.pl[BLUE].discard == 7 &&
	   g.pos.pl[WHITE].discard == 6, "game 1: a seven: red owes 5, blue 7, white 6");
	static const char *const discards[] = {
		"red discard lumber 5", "white discard lumber 4 ore 2", "blue discard lumber 3 wool 4",
		"blue robber 9 steal red lumber", "blue end", NULL
	};
	script(&g, "game 1: three discards in any order, the robber, a steal", discards);

	static const char *const cards[] = {
		"white roll 1 1", "white end", "red roll 5 5", "red buy knight", "red end", "blue roll 4 5",
		"blue end", "white roll 5 5", "white end", "red play knight",
		"red robber 12 steal white ore", "red roll 1 1", "red buy road-building", "red end",
		"blue roll 4 5", "blue end", "white roll 1 1", "white end", "red roll 5 5",
		"red play road-building 9-5 5-1", "red buy year-of-plenty", "red end", "blue roll 1 1",
		"blue end", "white roll 4 5", "white end", "red roll 3 3", "red build settlement 1",
		"red end", "blue roll 5 5", "blue end", "white roll 4 5", "white end", NULL
	};
	script(&g, "game 1: knight before the roll, road building, a settlement at a 3:1 harbour", cards);
	ok(g.pos.pl[RED].played[DEV_KNIGHT] == 1 && g.pos.pl[RED].played[DEV_ROAD_BUILDING] == 1 &&
	   g.pos.node_owner[0] == RED, "game 1: red played a knight and road building and settled at 1");

	static const char *const cities[] = {
		"red roll 5 5", "red play year-of-plenty grain grain", "red build city 29", "red end",
		"blue roll 4 5", "blue end", "white roll 5 6", "white build road 8-4", "white end",
		"red roll 5 5", "red build city 9", "red end", "blue roll 3 3", "blue end", "white roll 1 1",
		"white end", "red roll 4 5", "red buy monopoly", "red build road 9-13",
		"red build road 13-8", "red end", NULL
	};
	script(&g, "game 1: year of plenty, two cities, white's road grows to 6", cities);
	ok(g.pos.longest_road == WHITE && longest_road(geo, &g.pos, WHITE) == 6 && score_total(&g, &g.pos, RED) == 6,
	   "game 1: white holds the longest road with 6; red has 6 points");

	static const char *const last[] = {
		"blue roll 3 3", "blue trade wool 4 for grain", "blue end", "white roll 3 3", "white end",
		"red play monopoly ore", "red roll 5 5", "red trade brick 2 for wool",
		"red build settlement 8", NULL
	};
	script(&g, "game 1: maritime 4:1, monopoly, 2:1, a settlement breaking white's road", last);
	ok(g.pos.longest_road == WHITE && longest_road(geo, &g.pos, WHITE) == 5 && longest_road(geo, &g.pos, RED) == 5,
	   "game 1: white's road broken to 5 ties red's 5: white keeps the award");
	allow(&g, "red build road 24-19");
	ok(g.pos.longest_road == RED && longest_road(geo, &g.pos, RED) == 6, "game 1: red's 6 takes the longest road");
	ok(score_total(&g, &g.pos, RED) == 9 && g.pos.phase == PH_MAIN, "game 1: red has 9 points");
	allow(&g, "red trade ore 3 for lumber");
	allow(&g, "red buy victory-point");
	ok(g.pos.phase == PH_OVER && g.pos.current == RED, "game 1: red wins on buying a victory point card");
	ok(score_public(&g, &g.pos, RED) == 9 && score_total(&g, &g.pos, RED) == 10 && score_total(&g, &g.pos, BLUE) == 2 &&
	   score_total(&g, &g.pos, WHITE) == 2, "game 1: final scores red 10 (9 public), blue 2, white 2");
	refuse(&g, "red end", "the game is over: red won with 10 points");
	struct game v;
	struct cerr e;
	ok(game_view(&g, BLUE, &v, &e) == C_OK && v.pos.pl[RED].dev_new[DEV_VICTORY_POINT] == 1 &&
	   score_total(&v, &v.pos, RED) == 10 && v.pos.pl[RED].hand[RES_ORE] == 0,
	   "game 1: the winner's victory point card is revealed in others' views");
	game_free(&v);
	ok(g.log.len == 121 && strcmp(g.log.ent[120].text, "red buy victory-point") == 0, "game 1: 121 moves logged");
	ok(replays(&g), "game 1 replays from its log to the same position");
	game_free(&g);
}

/*
 * Game 2, four players, strict trade and build phases, outcomes given:
 * offers rejected by everyone and replaced, blue's longest road taken
 * from red and then set aside when orange's settlement breaks it, a seven
 * with three players discarding, orange's largest army, a 2:1 lumber
 * harbour, and orange winning with two victory point cards bought in its
 * last turn.
 */
static void test_game2(void)
{
	struct game g;
	fresh(&g, 4, OUT_EXTERNAL);
	g.rules.trade_build = TRADE_STRICT;
	static const char *const a[] = {
		"red roll 3 3", "red build road 9-5", "red end", "blue roll 4 4", "blue build road 45-49",
		"blue end", "white roll 3 3", "white build road 26-20", "white end", "orange roll 2 2",
		"orange buy knight", "orange end", "red roll 5 6", "red build road 14-19", "red end",
		"blue roll 2 3", "blue build road 49-52", "blue end", "white roll 4 4",
		"white build road 20-25", "white end", "orange play knight",
		"orange robber 12 steal white ore", "orange roll 2 2", "orange buy knight", "orange end",
		"red roll 5 5", "red offer all ore 1 for wool 1", "blue reject", "white reject",
		"orange reject", "red offer blue lumber 1 for brick 1", "red offer all lumber 1 for brick 1",
		"blue reject", "white reject", "orange accept", "red build road 19-24", "red end",
		"blue roll 1 4", "blue build road 52-48", "blue end", "white roll 5 6", "white end",
		"orange roll 3 3", "orange end", "red roll 4 6", "red build road 24-30", NULL
	};
	script(&g, "game 2: opening, offers rejected and replaced", a);
	ok(g.pos.longest_road == RED && longest_road(geo, &g.pos, RED) == 5, "game 2: red takes the longest road with 5");
	static const char *const b[] = {
		"red end", "blue roll 4 4", "blue trade wool 4 for brick", "blue build road 48-44", NULL
	};
	script(&g, "game 2: blue's road reaches 5", b);
	ok(g.pos.longest_road == RED && longest_road(geo, &g.pos, BLUE) == 5, "game 2: blue's equal 5 does not take it");
	static const char *const c[] = {
		"blue end", "white roll 3 3", "white build road 25-31", "white end", "orange roll 4 5",
		"orange build road 15-11", "orange end", "red roll 4 4", "red end", "blue roll 2 3",
		"blue build road 44-39", NULL
	};
	script(&g, "game 2: blue's road reaches 6", c);
	ok(g.pos.longest_road == BLUE, "game 2: blue's 6 takes the longest road");
	static const char *const d[] = {
		"blue end", "white roll 5 6", "white build road 31-36", "white end", "orange play knight",
		"orange robber 1 steal red brick", "orange roll 4 5", "orange trade grain 4 for brick",
		"orange build road 46-50", "orange build road 50-53", "orange end", "red roll 4 5",
		"red end", "blue roll 5 5", "blue end", "white roll 4 6", "white end", "orange roll 3 6",
		"orange offer blue grain 1 for wool 1", "blue accept", "orange build road 53-49", NULL
	};
	script(&g, "game 2: knights, white's road of 5, orange's roads", d);
	ok(g.pos.longest_road == BLUE && longest_road(geo, &g.pos, RED) == 5 && longest_road(geo, &g.pos, WHITE) == 5,
	   "game 2: blue 6 holds against red 5 and white 5");
	allow(&g, "orange build settlement 49");
	ok(g.pos.longest_road == NOBODY && longest_road(geo, &g.pos, BLUE) == 4,
	   "game 2: orange's settlement breaks blue's road to 4: red and white tie at 5, the award is set aside");
	refuse(&g, "orange trade grain 4 for ore", "no trading after building this turn (strict trade and build phases)");
	static const char *const e[] = {
		"orange end", "red roll 1 2", "red end", "blue roll 1 3", "blue end", "white roll 2 1",
		"white end", "orange roll 3 4", NULL
	};
	script(&g, "game 2: to a seven", e);
	ok(g.pos.phase == PH_DISCARD && g.pos.pl[RED].discard == 5 && g.pos.pl[BLUE].discard == 4 &&
	   g.pos.pl[WHITE].discard == 4 && g.pos.pl[ORANGE].discard == 0,
	   "game 2: a seven: red owes 5, blue 4, white 4");
	static const char *const f[] = {
		"white discard wool 4", "red discard lumber 4 grain 1", "blue discard wool 1 grain 3",
		"orange robber 16 steal blue ore", "orange buy knight", "orange end", "red roll 3 3",
		"red end", "blue roll 1 2", "blue end", "white roll 2 4", "white end", NULL
	};
	script(&g, "game 2: discards, robber, a knight bought", f);
	allow(&g, "orange play knight");
	ok(g.pos.largest_army == ORANGE && score_public(&g, &g.pos, ORANGE) == 5, "game 2: orange's third knight: largest army");
	static const char *const h[] = {
		"orange robber 5 steal red brick", "orange roll 1 2", "orange build city 41", "orange end",
		"red roll 1 2", "red end", "blue roll 6 6", "blue end", "white roll 1 4",
		"white build road 23-17", "white build settlement 17", NULL
	};
	script(&g, "game 2: a city, white settles at the lumber harbour", h);
	refuse(&g, "white trade lumber 2 for grain", "no trading after building this turn (strict trade and build phases)");
	static const char *const i[] = {
		"white end", "orange roll 1 2", "orange build city 15", "orange end", "red roll 1 3",
		"red end", "blue roll 2 4", "blue end", "white roll 1 2", "white trade lumber 2 for grain",
		"white end", "orange roll 2 1", "orange build city 49", NULL
	};
	script(&g, "game 2: the lumber harbour next turn, orange's cities", i);
	ok(score_public(&g, &g.pos, ORANGE) == 8 && g.pos.phase == PH_MAIN, "game 2: orange has 8 points");
	allow(&g, "orange buy victory-point");
	ok(g.pos.phase == PH_MAIN && score_total(&g, &g.pos, ORANGE) == 9, "game 2: 9 points: the game goes on");
	allow(&g, "orange buy victory-point");
	ok(g.pos.phase == PH_OVER && g.pos.current == ORANGE, "game 2: orange wins on its second victory point card");
	ok(score_total(&g, &g.pos, ORANGE) == 10 && score_total(&g, &g.pos, RED) == 2 && score_total(&g, &g.pos, BLUE) == 2 &&
	   score_total(&g, &g.pos, WHITE) == 3, "game 2: final scores orange 10, red 2, blue 2, white 3");
	refuse(&g, "red roll 1 1", "the game is over: orange won with 10 points");
	ok(g.log.len == 131, "game 2: 131 moves logged");
	ok(replays(&g), "game 2 replays from its log to the same position");
	size_t len = g.log.len;
	struct position end = g.pos;
	g.pos = g.start;
	int good = 1;
	for (size_t k = 0; k < len && good; k++)
		good = rules_apply_text(&g, g.log.ent[k].text, RULES_REPLAY | RULES_NO_LOG, NULL) == C_OK;
	ok(good && g.log.len == len && pos_same(&g.pos, &end), "game 2 replays without logging");
	game_free(&g);
}

/*
 * Game 3, three players seated blue, orange, white (not in colour order),
 * outcomes given: white's largest army taken by blue's fourth knight, 2:1
 * trades at the grain harbour (on the turn it is settled) and the wool
 * harbour, a monopoly, a seven with one player discarding, blue's longest
 * road, and blue winning by playing a knight before its roll.
 */
static void test_game3(void)
{
	struct game g;
	struct newgame o = { .nplayers = 3, .beginner = 1, .seed = 3,
			     .colour = { COL_BLUE, COL_ORANGE, COL_WHITE } };
	struct cerr e;
	enum { B, O, W };
	rules_default(&o.rules);
	o.rules.outcomes = OUT_EXTERNAL;
	if (game_new(&g, &o, &e) != C_OK)
		exit(1);
	static const char *const a[] = {
		"blue roll 1 2", "blue end", "orange roll 2 2", "orange end", "white roll 4 4", "white end",
		"blue roll 2 3", "blue build road 42-47", "blue build road 47-43", "blue buy knight",
		"blue end", "orange roll 4 6", "orange end", "white roll 6 6", "white buy knight",
		"white end", "blue play knight", "blue robber 12 steal white lumber", "blue roll 1 3",
		"blue end", "orange roll 4 5", "orange build road 10-6", "orange end", "white play knight",
		"white robber 14 steal orange grain", "white roll 6 6", "white buy knight", "white end",
		"blue roll 1 4", "blue build settlement 43", "blue end", "orange roll 3 6", "orange end",
		"white play knight", "white robber 3 steal orange wool", "white roll 4 4",
		"white buy knight", "white end", "blue roll 1 2", "blue end", "orange roll 5 5", NULL
	};
	script(&g, "game 3: opening, knights, orange's road to the grain harbour", a);
	allow(&g, "orange build settlement 6");
	int grain = g.pos.pl[O].hand[RES_GRAIN], wool = g.pos.pl[O].hand[RES_WOOL];
	allow(&g, "orange trade grain 2 for wool");
	ok(g.pos.pl[O].hand[RES_GRAIN] == grain - 2 && g.pos.pl[O].hand[RES_WOOL] == wool + 1,
	   "game 3: 2:1 at the grain harbour on the turn it is settled (combined phases)");
	static const char *const b[] = {
		"orange end", "white play knight", NULL
	};
	script(&g, "game 3: white's third knight", b);
	ok(g.pos.largest_army == W, "game 3: white takes the largest army");
	static const char *const c[] = {
		"white robber 15 steal blue ore", "white roll 6 6", "white end", "blue roll 1 2", "blue end",
		"orange roll 2 3", "orange end", "white roll 1 2", "white end", "blue roll 1 4",
		"blue trade wool 2 for grain", "blue buy knight", "blue build road 43-38", "blue end",
		"orange roll 2 1", "orange end", "white roll 4 1", "white end", "blue play knight",
		"blue robber 18 steal orange ore", "blue roll 3 1", "blue trade wool 2 for grain",
		"blue build city 42", "blue end", "orange roll 2 3", "orange end", "white roll 2 2",
		"white end", "blue roll 1 2", "blue buy knight", "blue buy monopoly", "blue end",
		"orange roll 4 4", "orange end", "white roll 2 1", "white end", NULL
	};
	script(&g, "game 3: blue trades at the wool harbour, builds a city, buys a monopoly", c);
	int ore = 0;
	for (int s = 0; s < 3; s++)
		ore += g.pos.pl[s].hand[RES_ORE];
	allow(&g, "blue play monopoly ore");
	ok(g.pos.pl[B].hand[RES_ORE] == ore && ore > 0 && g.pos.pl[O].hand[RES_ORE] == 0 &&
	   g.pos.pl[W].hand[RES_ORE] == 0, "game 3: the monopoly takes every ore (%d)", ore);
	static const char *const d[] = {
		"blue roll 1 4", "blue build road 38-33", NULL
	};
	script(&g, "game 3: blue's fifth road", d);
	ok(g.pos.longest_road == B && longest_road(geo, &g.pos, B) == 5, "game 3: blue takes the longest road");
	static const char *const f[] = {
		"blue trade wool 2 for grain", "blue trade wool 2 for grain", "blue build city 40",
		"blue trade ore 4 for grain", "blue buy victory-point", "blue end", "orange roll 6 1",
		"white discard lumber 4 wool 3", "orange robber 13 steal blue brick", "orange end",
		"white roll 4 4", "white end", NULL
	};
	script(&g, "game 3: a city, a victory point card, a seven with white discarding", f);
	allow(&g, "blue play knight");
	ok(g.pos.largest_army == W && g.pos.pl[B].played[DEV_KNIGHT] == 3,
	   "game 3: blue's third knight does not take white's largest army of 3");
	static const char *const h[] = {
		"blue robber 5 steal white lumber", "blue roll 2 3", "blue trade wool 2 for grain",
		"blue buy knight", "blue end", "orange roll 1 1", "orange end", "white roll 6 6",
		"white end", NULL
	};
	script(&g, "game 3: blue buys its fourth knight", h);
	ok(score_total(&g, &g.pos, B) == 8 && g.pos.phase == PH_ROLL, "game 3: blue has 8 points before its turn");
	allow(&g, "blue play knight");
	ok(g.pos.largest_army == B && g.pos.phase == PH_OVER && g.pos.current == B,
	   "game 3: blue's fourth knight takes the largest army and wins before the roll");
	ok(score_total(&g, &g.pos, B) == 10 && score_public(&g, &g.pos, B) == 9 && score_total(&g, &g.pos, O) == 3 &&
	   score_total(&g, &g.pos, W) == 2, "game 3: final scores blue 10 (9 public), orange 3, white 2");
	refuse(&g, "blue robber 10", "the game is over: blue won with 10 points");
	ok(g.log.len == 107 && replays(&g), "game 3: 107 moves, and the log replays to the same position");
	game_free(&g);
}

/* Seats with roles: a neutral seat owns pieces but never moves, in set-up or in play. */
static void test_seats(void)
{
	struct game g;
	fresh_setup(&g, 4);
	ok(seat_moves(&g, 2) && turn_movers(&g) == 4 && turn_setup_steps(&g) == 8,
	   "the base game: four seats that move, eight set-up steps");
	ok(turn_next(&g, 3) == 0 && turn_setup_seat(&g, 4) == 3 && turn_setup_seat(&g, 7) == 0,
	   "the base game's turn order and snake set-up");
	g.role[2] = SEAT_NEUTRAL;
	ok(!seat_moves(&g, 2) && seat_moves(&g, 3) && !seat_moves(&g, 4) && turn_movers(&g) == 3,
	   "a neutral seat does not move");
	ok(turn_next(&g, 0) == 1 && turn_next(&g, 1) == 3 && turn_next(&g, 3) == 0,
	   "play passes over the neutral seat");
	static const int order[6] = { 0, 1, 3, 3, 1, 0 };
	int same = turn_setup_steps(&g) == 6;
	for (int k = 0; k < 6; k++)
		same &= turn_setup_seat(&g, k) == order[k];
	ok(same, "set-up is a snake over the players only: red blue orange orange blue red");
	/* Placing through the set-up: the neutral seat is never asked, and the last seat placed second pays. */
	allow(&g, "red build settlement 9");
	allow(&g, "red build road 9-14");
	ok(g.pos.current == 1, "blue places after red");
	allow(&g, "blue build settlement 42");
	allow(&g, "blue build road 37-42");
	ok(g.pos.current == 3, "orange places after blue, white being neutral");
	refuse(&g, "white build settlement 18", "white is a neutral seat and never moves");
	allow(&g, "orange build settlement 18");
	ok(pos_hand_size(&g.pos, 3) == 0, "the first settlement pays nothing");
	allow(&g, "orange build road 18-23");
	ok(g.pos.current == 3, "orange places its second settlement at once");
	allow(&g, "orange build settlement 32");
	ok(hand_is(&g, 3, 0, 1, 1, 0, 1), "the second settlement of the snake pays its resources");
	allow(&g, "orange build road 26-32");
	ok(g.pos.current == 1, "snake order goes back to blue, past the neutral seat");
	game_free(&g);
}

/* Catan for Two: what the oracle files (tests/fixtures/rules/two-*.txt) cannot set up. */
static void test_two(void)
{
	struct newgame o = { .nplayers = 2, .seed = 2, .colour = { RED, BLUE } };
	struct game g;
	struct cerr e;
	static const char *const setup[] = {
		"red build settlement 1", "red build road 1-4", "blue build settlement 13",
		"blue build road 13-18", "blue build settlement 3", "blue build road 3-7",
		"red build settlement 28", "red build road 28-34", "red roll 1 2", "red roll 2 3",
	};

	rules_default(&o.rules);
	o.rules.variant = VAR_TWO;
	o.rules.outcomes = OUT_EXTERNAL;
	if (game_new(&g, &o, &e) != C_OK) {
		diag("game_new: %s", e.msg);
		exit(1);
	}
	ok(g.nplayers == 4 && g.role[2] == SEAT_NEUTRAL && g.role[3] == SEAT_NEUTRAL &&
		   g.colour[2] == WHITE && g.colour[3] == ORANGE,
	   "the colours not chosen are the neutral seats, after the players");
	ok(turn_movers(&g) == 2 && turn_setup_steps(&g) == 4, "two players place, four placements");
	for (size_t i = 0; i < sizeof setup / sizeof *setup; i++)
		allow(&g, setup[i]);
	set_hand(&g, RED, 4, 4, 1, 1, 0);
	/* Neither neutral seat has a road left: a road built owes nothing, and the turn goes on. */
	check_pieces = 0;
	g.pos.pl[2].roads = g.pos.pl[3].roads = 0;
	allow(&g, "red build road 1-5");
	ok(g.pos.phase == PH_MAIN && g.pos.neutral_owed == 0, "no neutral road can go anywhere: none is owed");
	/* A settlement owed where neither neutral seat has a place for one, nor a road: nothing. */
	allow(&g, "red build road 4-8");
	allow(&g, "red build road 8-12");
	allow(&g, "red build settlement 12");
	ok(g.pos.phase == PH_MAIN && g.pos.neutral_owed == 0, "no neutral piece can go anywhere: none is owed");
	/* One neutral seat with a road left: the road is owed, to that seat only. */
	g.pos.pl[3].roads = 1;
	set_hand(&g, RED, 1, 1, 0, 0, 0);
	allow(&g, "red build road 12-17");
	ok(g.pos.phase == PH_NEUTRAL && g.pos.neutral_owed == 1, "orange has a road left: a road is owed");
	refuse(&g, "red neutral white road 14-19", "white has no roads left");
	allow(&g, "red neutral orange road 41-46");
	ok(g.pos.phase == PH_MAIN, "the owed road placed, the turn goes on");
	check_pieces = 1;
	game_free(&g);

	/* Internal outcomes: the second roll of every turn differs from the first. */
	o.rules.outcomes = OUT_INTERNAL;
	int turns = 0, same = 0, redrawn = 0;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		o.seed = seed;
		if (game_new(&g, &o, &e) != C_OK)
			break;
		struct move ms[512];
		uint64_t rng[4];
		rng_seed(rng, seed);
		for (int k = 0; k < 3000 && g.pos.phase != PH_OVER; k++) {
			int n = movegen_legal(&g, NOBODY, 0, ms, 512);
			if (n <= 0)
				break;
			int pick = (int)rng_below(rng, (uint32_t)(n < 512 ? n : 512));
			for (int i = 0; i < n && i < 512; i++)
				if (ms[i].verb == MV_END || ms[i].verb == MV_ROLL)
					pick = rng_below(rng, 2) ? i : pick;
			uint64_t before[4];
			memcpy(before, g.pos.rng, sizeof before);
			int second = ms[pick].verb == MV_ROLL && g.pos.nrolls == 1;
			if (rules_apply(&g, &ms[pick], RULES_NO_LOG, &e) != C_OK)
				break;
			if (second) {
				turns++;
				same += g.pos.roll_sum[0] == g.pos.roll_sum[1];
				/* A redraw took four numbers from the generator instead of two. */
				uint64_t twice[4];
				memcpy(twice, before, sizeof twice);
				rng_below(twice, 6), rng_below(twice, 6);
				redrawn += memcmp(twice, g.pos.rng, sizeof twice) != 0;
			}
		}
		game_free(&g);
	}
	ok(turns > 1000 && same == 0, "internal outcomes: %d second rolls, %d equal to the first", turns, same);
	ok(redrawn > turns / 20, "internal outcomes: %d second rolls were drawn again", redrawn);

	/* reroll_sevens: no seven in the first two rounds (about one roll in six would be one). */
	struct newgame b = { .nplayers = 3, .colour = { RED, BLUE, WHITE } };
	rules_default(&b.rules);
	b.rules.reroll_sevens = 1;
	int early = 0, sevens = 0, later = 0, later_sevens = 0;
	for (uint64_t seed = 1; seed <= 60; seed++) {
		struct move ms[512];
		b.seed = seed;
		b.beginner = 1;
		if (game_new(&g, &b, &e) != C_OK)
			break;
		for (int k = 0; k < 400 && g.pos.turn <= 12 && g.pos.phase != PH_OVER; k++) {
			int n = movegen_legal(&g, NOBODY, 0, ms, 512), pick = 0;
			for (int i = 0; i < n && i < 512; i++)
				if (ms[i].verb == MV_ROLL || ms[i].verb == MV_END || ms[i].verb == MV_DISCARD ||
				    ms[i].verb == MV_ROBBER)
					pick = i;
			int turn = g.pos.turn, roll = n > 0 && ms[pick].verb == MV_ROLL;
			if (n <= 0 || rules_apply(&g, &ms[pick], 0, &e) != C_OK)
				break;
			if (!roll)
				continue;
			struct move last;
			movelog_move(&g, g.log.len - 1, &last, &e);
			int seven = last.dice[0] + last.dice[1] == 7;
			if (turn <= 6) {
				early++;
				sevens += seven;
			} else {
				later++;
				later_sevens += seven;
			}
		}
		game_free(&g);
	}
	ok(early >= 300 && sevens == 0, "reroll_sevens: %d rolls in the first two rounds, %d sevens", early, sevens);
	ok(later >= 300 && later_sevens > later / 12, "reroll_sevens: %d later rolls, %d sevens", later,
	   later_sevens);
}

/* The longest trail from node (the paths in used excluded), for slow_longest. */
static int slow_trail(const struct position *p, int seat, int node, uint8_t used[MAX_EDGE])
{
	int best = 0;
	for (int k = 0; k < 3; k++) {
		int ed = geo->node_edges[node][k];
		if (ed < 0 || used[ed] || p->edge_owner[ed] != seat)
			continue;
		int next = geo->node_nodes[node][k], owner = p->node_owner[next];
		used[ed] = 1;
		int len = 1 + (owner == NOBODY || owner == seat ? slow_trail(p, seat, next, used) : 0);
		used[ed] = 0;
		if (len > best)
			best = len;
	}
	return best;
}

/* The longest road by the definition: the longest trail from any intersection. */
static int slow_longest(const struct position *p, int seat)
{
	uint8_t used[MAX_EDGE] = { 0 };
	int best = 0;
	for (int n = 0; n < geo->nnode; n++) {
		int len = slow_trail(p, seat, n, used);
		if (len > best)
			best = len;
	}
	return best;
}

/*
 * longest_road, which starts its search at some intersections only, against
 * the search from every one: random networks of up to 15 roads on a few
 * hexes (rings, forks, separate pieces), with other players' buildings.
 */
static void test_longest_search(void)
{
	struct game g;
	int cases = 0, wrong = 0, rings = 0, added_cases = 0;
	uint64_t rng[4];
	rng_seed(rng, 4242);
	empty_board(&g, 3);
	for (int k = 0; k < 20000; k++) {
		pos_empty(g.rs, &g.board, &g.pos, 3);
		int hexes = 1 + (int)rng_below(rng, 4), first = (int)rng_below(rng, (uint32_t)geo->nhex);
		int want = 1 + (int)rng_below(rng, 15);
		/* The paths round a few hexes next to each other. */
		int pool[MAX_EDGE], npool = 0;
		for (int i = 0; i < hexes; i++) {
			int h = i == 0 ? first : geo->hex_hexes[first][rng_below(rng, 6)];
			if (h < 0)
				continue;
			for (int j = 0; j < 6; j++) {
				int ed = edge_between(geo, geo->hex_nodes[h][j], geo->hex_nodes[h][(j + 1) % 6]);
				int dup = 0;
				for (int x = 0; x < npool; x++)
					dup |= pool[x] == ed;
				if (!dup)
					pool[npool++] = ed;
			}
		}
		/* Sometimes whole rings, otherwise a random part of the pool, and now and then a stray road. */
		for (int i = 0; i < npool && want > 0; i++) {
			int x = i + (int)rng_below(rng, (uint32_t)(npool - i)), t = pool[i];
			pool[i] = pool[x];
			pool[x] = t;
			if (k % 3 == 0 || rng_below(rng, 3)) {
				g.pos.edge_owner[pool[i]] = RED;
				want--;
			}
		}
		if (rng_below(rng, 4) == 0)
			g.pos.edge_owner[rng_below(rng, (uint32_t)geo->nedge)] = RED;
		for (int b = (int)rng_below(rng, 4); b > 0; b--) {
			int n = (int)rng_below(rng, (uint32_t)geo->nnode);
			g.pos.node_owner[n] = (int8_t)rng_below(rng, 3);
			g.pos.node_kind[n] = B_SETTLEMENT;
		}
		int fast = longest_road(geo, &g.pos, RED), slow = slow_longest(&g.pos, RED);
		int roads = 0;
		for (int ed = 0; ed < geo->nedge; ed++)
			roads += g.pos.edge_owner[ed] == RED;
		rings += fast == roads && roads >= 6;
		cases++;
		if (fast != slow && wrong++ < 3)
			diag("case %d: longest_road %d, the search from every intersection %d", k, fast, slow);
		/* One more road, on a free path next to the network or anywhere: pos_road_added. */
		g.pos.road_len[RED] = (uint8_t)slow;
		int ed = (int)rng_below(rng, (uint32_t)geo->nedge);
		for (int i = 0; i < npool; i++)
			if (g.pos.edge_owner[pool[i]] == NOBODY && rng_below(rng, 2)) {
				ed = pool[i];
				break;
			}
		if (g.pos.edge_owner[ed] != NOBODY)
			continue;
		g.pos.edge_owner[ed] = RED;
		int added = pos_road_added(geo, &g.pos, RED, ed);
		slow = slow_longest(&g.pos, RED);
		added_cases++;
		if (added != slow && wrong++ < 3)
			diag("case %d: pos_road_added %d, the search from every intersection %d", k, added, slow);
	}
	game_free(&g);
	ok(wrong == 0 && rings > 100 && added_cases > 10000,
	   "longest_road and pos_road_added equal the search from every intersection: %d networks "
	   "(%d using every road, 6 or more), %d with a road added, %d differ", cases, rings, added_cases,
	   wrong);
}

/*
 * RULES_LISTED applies a listed move as the full check does: random games
 * under several rules options, each move applied both ways to copies of
 * the game, the positions and the log lines compared.
 */
static void test_listed(void)
{
	static struct move ms[4096];
	int games = 0, moves = 0, differ = 0, won = 0;
	uint64_t rng[4];
	rng_seed(rng, 9191);

	for (int k = 0; k < 24; k++) {
		struct game g;
		struct newgame o = { .nplayers = k % 4 == 3 ? 2 : 3 + k % 2, .seed = (uint64_t)k + 900 };
		struct cerr e;
		for (int s = 0; s < o.nplayers; s++)
			o.colour[s] = (uint8_t)s;
		rules_default(&o.rules);
		o.rules.variant = (uint8_t)(k % 4 == 3 ? VAR_TWO : VAR_BASE);
		o.rules.outcomes = (uint8_t)(k % 5 == 1 ? OUT_EXTERNAL : OUT_INTERNAL);
		o.rules.knight_interrupt = (uint8_t)(k % 3 == 0);
		o.rules.friendly_robber = (uint8_t)(k % 2);
		o.rules.ignore_seven = (uint8_t)(k % 6 == 2);
		o.rules.trade_build = (uint8_t)(k % 7 == 4 ? TRADE_STRICT : TRADE_COMBINED);
		if (game_new(&g, &o, &e) != C_OK) {
			diag("game_new: %s", e.msg);
			differ++;
			continue;
		}
		games++;
		for (int i = 0; g.pos.phase != PH_OVER && i < 1500; i++) {
			int n = movegen_legal(&g, NOBODY, k % 2 ? MG_OFFERS : 0, ms, 4096);
			if (n <= 0)
				break;
			const struct move *m = &ms[rng_below(rng, (uint32_t)(n < 4096 ? n : 4096))];
			struct game t;
			struct cerr e2;
			if (game_copy(&t, &g, &e) != C_OK)
				break;
			/* Nobody has won before the move (the game is not over): RULES_NO_WINNER holds. */
			int a = rules_apply(&g, m, 0, &e),
			    b = rules_apply(&t, m, RULES_LISTED | RULES_NO_WINNER, &e2);
			int same = a == C_OK && b == C_OK && pos_same(&g.pos, &t.pos) &&
				   g.pos.robber_seat == t.pos.robber_seat && g.pos.answer == t.pos.answer &&
				   memcmp(g.pos.road_len, t.pos.road_len, sizeof g.pos.road_len) == 0 &&
				   memcmp(g.pos.road_ends, t.pos.road_ends, sizeof g.pos.road_ends) == 0 &&
				   memcmp(g.pos.hex_yield, t.pos.hex_yield, sizeof g.pos.hex_yield) == 0 &&
				   g.log.len == t.log.len && strcmp(g.log.ent[g.log.len - 1].text,
								    t.log.ent[t.log.len - 1].text) == 0;
			game_free(&t);
			if (!same) {
				if (differ++ < 3)
					diag("game %d move %d: checked %d, listed %d", k, i, a, b);
				break;
			}
			moves++;
		}
		won += g.pos.phase == PH_OVER;
		game_free(&g);
	}
	ok(games == 24 && moves > 10000 && won > 3 && differ == 0,
	   "a listed move applied in place (RULES_LISTED, RULES_NO_WINNER) as with every check: %d games "
	   "(%d won), %d moves, %d differ", games, won, moves, differ);
}

/* rules_apply with flags m's caller promises (RULES_LISTED, RULES_NO_WINNER); the position unchanged is told in *same. */
static int promised(struct game *g, const char *text, int flags, struct cerr *e, int *same)
{
	struct move m;
	struct position before = g->pos;
	size_t loglen = g->log.len;
	if (move_parse(g, text, &m, e) != C_OK) {
		diag("'%s': %s", text, e->msg);
		return -1;
	}
	int rc = rules_apply(g, &m, flags, e);
	*same = pos_same(&before, &g->pos) && g->log.len == loglen;
	return rc;
}

/*
 * What happens when a caller's promise is wrong.  Every build: a move its
 * rule family refuses, passed as listed, is the engine's fault (C_SYSTEM).
 * A checked build (CATAN_CHECKED: the sanitizer build) also refuses a
 * listed move that only the turn and phase checks refuse, and a move
 * promised to follow no win when somebody has won, each with the position
 * unchanged.
 */
static void test_promises(void)
{
	struct game g;
	struct cerr e = { 0, "" };
	int same;
	fresh(&g, 4, OUT_INTERNAL);	/* red to roll; blue has a road on 37-42 */
	int rc = promised(&g, "red build road 37-42", RULES_LISTED, &e, &same);
	ok(rc == C_SYSTEM && strncmp(e.msg, "a listed move was refused: ", 27) == 0,
	   "a listed move its rules refuse is the engine's fault: %d '%s'", rc, e.msg);
#ifdef CATAN_CHECKED
	ok(same, "checked build: the position is unchanged after a listed move refused");
	rc = promised(&g, "blue roll", RULES_LISTED, &e, &same);
	ok(rc == C_SYSTEM && strcmp(e.msg, "a listed move was refused: it is red's turn, not blue's") == 0 &&
	   same, "checked build: a listed move out of turn is refused, the position unchanged: %d '%s'", rc,
	   e.msg);
	g.pos.pl[0].dev[DEV_VICTORY_POINT] = 10;
	rc = promised(&g, "red roll", RULES_NO_WINNER, &e, &same);
	ok(rc == C_SYSTEM && strcmp(e.msg, "a move promised to follow no win, after red's") == 0 && same,
	   "checked build: a move promised to follow no win, when red has won, is refused: %d '%s'", rc,
	   e.msg);
#endif
	game_free(&g);
}

/* The harbour kinds of seat's buildings, from the board and the coast (as the position keeps them: harbours). */
static unsigned slow_harbours(const struct game *g, const struct position *p, int seat)
{
	unsigned kinds = 0;
	for (int slot = 0; slot < geo->nharbour; slot++) {
		int ed = geo->coast_edges[geo->harbour_coast[slot]];
		if (p->node_owner[geo->edge_nodes[ed][0]] == seat || p->node_owner[geo->edge_nodes[ed][1]] == seat)
			kinds |= 1u << g->board.harbour[slot];
	}
	return kinds;
}

/*
 * The intersections where a road of seat's may start, from every path and
 * intersection (as the position keeps them: road_ends): the ends of
 * seat's roads and seat's buildings, less other seats' buildings.
 */
static struct bitset slow_road_ends(const struct position *p, int seat)
{
	uint8_t end[MAX_NODE] = { 0 };
	struct bitset s = { { 0, 0 } };
	for (int ed = 0; ed < geo->nedge; ed++)
		if (p->edge_owner[ed] == seat)
			end[geo->edge_nodes[ed][0]] = end[geo->edge_nodes[ed][1]] = 1;
	for (int n = 0; n < geo->nnode; n++)
		if (p->node_owner[n] == seat || (end[n] && p->node_owner[n] == NOBODY))
			s.w[n / 64] |= (uint64_t)1 << (n % 64);
	return s;
}

/* The intersections with a building, from every intersection (as the position keeps them: occupied). */
static struct bitset slow_occupied(const struct position *p)
{
	struct bitset o = { { 0, 0 } };
	for (int n = 0; n < geo->nnode; n++)
		if (p->node_owner[n] != NOBODY)
			o.w[n / 64] |= (uint64_t)1 << (n % 64);
	return o;
}

/* What hex pays each seat, a byte per seat, from its six intersections (as the position keeps it: hex_yield). */
static uint64_t slow_yield(const struct position *p, int hex)
{
	uint64_t y = 0;
	for (int k = 0; k < 6; k++) {
		int n = geo->hex_nodes[hex][k], s = p->node_owner[n];
		if (s != NOBODY)
			y += (uint64_t)(p->node_kind[n] == B_CITY ? 2 : 1) << (8 * s);
	}
	return y;
}

/* 1 when the board's hexes by token (board_index) are not those a scan of every hex finds. */
static int board_index_stale(const struct board *b)
{
	int i = 0;
	for (int t = 0; t <= MAX_TOKEN; t++) {
		if (b->token_first[t] != i)
			return 1;
		for (int h = 0; h < geo->nhex; h++)
			if (b->terrain[h] < T_DESERT && b->token[h] == t && (i >= MAX_HEX || b->by_token[i++] != h))
				return 1;
	}
	return b->token_first[MAX_TOKEN + 1] != i;
}

/*
 * The road lengths a position keeps (road_len) are those a full search
 * gives, after every move of random games: the base game, Catan for Two
 * (neutral roads and settlements) and road_tie=aside, from random and
 * beginner starts.
 */
static void test_road_lengths(void)
{
	static struct move ms[4096];
	int games = 0, moves = 0, stale = 0, awards = 0, harboured = 0, ended = 0, yielding = 0;
	int occupied = 0;
	uint64_t rng[4];
	rng_seed(rng, 777);

	for (int k = 0; k < 36; k++) {
		struct game g;
		struct newgame o = { .nplayers = k % 3 == 2 ? 2 : 3 + k % 2, .beginner = k % 4 == 0,
				     .seed = (uint64_t)k + 500 };
		struct cerr e;
		for (int s = 0; s < o.nplayers; s++)
			o.colour[s] = (uint8_t)((s + k) % 4);
		rules_default(&o.rules);
		o.rules.variant = (uint8_t)(k % 3 == 2 ? VAR_TWO : VAR_BASE);
		o.rules.road_tie = (uint8_t)(k % 2 ? TIE_ASIDE : TIE_KEEP);
		if (game_new(&g, &o, &e) != C_OK) {
			diag("game_new: %s", e.msg);
			stale++;
			continue;
		}
		games++;
		if (board_index_stale(&g.board)) {
			if (stale++ < 3)
				diag("game %d: the board's hexes by token are not those of its tokens", k);
		}
		/* The same board read back from the document. */
		char *text = NULL;
		size_t len;
		struct game h;
		int back = game_write(&g, 0, &text, &len, &e) == C_OK;
		if (back) {
			back = game_read(text, len, &h, &e) == C_OK && !board_index_stale(&h.board) &&
			       memcmp(&h.board, &g.board, sizeof h.board) == 0;
			game_free(&h);
		}
		free(text);
		if (!back) {
			if (stale++ < 3)
				diag("game %d: the board read back differs or its hexes by token are stale", k);
		}
		for (int i = 0; g.pos.phase != PH_OVER && i < 3000; i++) {
			int n = movegen_legal(&g, NOBODY, 0, ms, 4096);
			if (n <= 0 || rules_apply(&g, &ms[rng_below(rng, (uint32_t)(n < 4096 ? n : 4096))],
						  RULES_NO_LOG, &e) != C_OK)
				break;
			moves++;
			awards += g.pos.longest_road != NOBODY;
			for (int s = 0; s < g.nplayers; s++) {
				if (g.pos.road_len[s] != longest_road(geo, &g.pos, s)) {
					if (stale++ < 3)
						diag("game %d move %d: seat %d keeps %d, the search gives %d", k, i,
						     s, g.pos.road_len[s], longest_road(geo, &g.pos, s));
				}
				if (g.pos.harbours[s] != slow_harbours(&g, &g.pos, s)) {
					if (stale++ < 3)
						diag("game %d move %d: seat %d keeps harbours %#x, the board gives %#x",
						     k, i, s, g.pos.harbours[s], slow_harbours(&g, &g.pos, s));
				}
				harboured += g.pos.harbours[s] != 0;
				struct bitset slow = slow_road_ends(&g.pos, s);
				if (!bs_equal(&g.pos.road_ends[s], &slow)) {
					if (stale++ < 3)
						diag("game %d move %d: seat %d keeps road ends %#llx %#llx, the board "
						     "gives %#llx %#llx", k, i, s,
						     (unsigned long long)g.pos.road_ends[s].w[1],
						     (unsigned long long)g.pos.road_ends[s].w[0],
						     (unsigned long long)slow.w[1], (unsigned long long)slow.w[0]);
				}
				ended += bs_count(&g.pos.road_ends[s]) != 0;
			}
			for (int hx = 0; hx < geo->nhex; hx++) {
				if (g.pos.hex_yield[hx] != slow_yield(&g.pos, hx)) {
					if (stale++ < 3)
						diag("game %d move %d: hex %d keeps the yield %#llx, its intersections give %#llx",
						     k, i, hx + 1, (unsigned long long)g.pos.hex_yield[hx],
						     (unsigned long long)slow_yield(&g.pos, hx));
				}
				yielding += g.pos.hex_yield[hx] != 0;
				unsigned seats = 0;
				for (int c = 0; c < 6; c++)
					if (g.pos.node_owner[geo->hex_nodes[hx][c]] != NOBODY)
						seats |= 1u << g.pos.node_owner[geo->hex_nodes[hx][c]];
				if (pos_hex_seats(&g.pos, hx) != seats) {
					if (stale++ < 3)
						diag("game %d move %d: hex %d has buildings of seats %#x, not %#x", k,
						     i, hx + 1, seats, pos_hex_seats(&g.pos, hx));
				}
			}
			struct bitset slow = slow_occupied(&g.pos);
			if (!bs_equal(&g.pos.occupied, &slow)) {
				if (stale++ < 3)
					diag("game %d move %d: the position keeps the buildings at %#llx %#llx, "
					     "the board has them at %#llx %#llx", k, i,
					     (unsigned long long)g.pos.occupied.w[1],
					     (unsigned long long)g.pos.occupied.w[0],
					     (unsigned long long)slow.w[1], (unsigned long long)slow.w[0]);
			}
			occupied += bs_count(&g.pos.occupied);
			if (board_index_stale(&g.board)) {
				if (stale++ < 3)
					diag("game %d move %d: the board's hexes by token are stale", k, i);
			}
		}
		/* The position at the end read back from the document keeps the same road ends. */
		text = NULL;
		back = game_write(&g, 0, &text, &len, &e) == C_OK;
		if (back) {
			back = game_read(text, len, &h, &e) == C_OK &&
			       memcmp(h.pos.road_ends, g.pos.road_ends, sizeof g.pos.road_ends) == 0 &&
			       memcmp(h.pos.hex_yield, g.pos.hex_yield, sizeof g.pos.hex_yield) == 0 &&
			       bs_equal(&h.pos.occupied, &g.pos.occupied);
			game_free(&h);
		}
		free(text);
		if (!back) {
			if (stale++ < 3)
				diag("game %d: the road ends read back differ", k);
		}
		game_free(&g);
	}
	ok(games == 36 && moves > 30000 && awards > 1000 && harboured > 10000 && ended > 50000 &&
	   yielding > 50000 && occupied > 100000 && stale == 0,
	   "road lengths, harbours, road ends, hex yields and seats, buildings and the hexes by token kept up to "
	   "date: %d games, %d moves, %d positions with the award, %d seats at harbours, %d with road "
	   "ends, %d hexes that pay, %d buildings, %d stale", games, moves, awards, harboured, ended,
	   yielding, occupied, stale);
}

/*
 * Seats 4 and 5, which no rule set seats yet: what each hex pays them is
 * packed with the others' (hex_yield, a byte a seat in 64 bits), proven
 * here on a position built by hand.
 */
static void test_six_seats(void)
{
	struct game g;
	fresh_setup(&g, 4);
	struct position *p = &g.pos;

	/* Every set of the six seats, each paid 1 to 12 cards by the hex (a city on each corner). */
	int wrong = 0;
	for (unsigned m = 0; m < 64; m++)
		for (int v = 1; v <= 12; v++) {
			p->hex_yield[0] = 0;
			for (int s = 0; s < 6; s++)
				if (m >> s & 1)
					p->hex_yield[0] |= (uint64_t)(s % 2 ? v : 13 - v) << (8 * s);
			if (pos_hex_seats(p, 0) != m && wrong++ < 3)
				diag("seats %#x paid %d: pos_hex_seats gives %#x", m, v, pos_hex_seats(p, 0));
		}
	ok(!wrong, "pos_hex_seats finds every set of the six seats, whatever the hex pays each");

	/* Hex 5: seat 4 a settlement on its north corner, seat 5 a city on its south one. */
	pos_empty(g.rs, &g.board, p, 6);
	int hex = 4, north = geo->hex_nodes[hex][0], south = geo->hex_nodes[hex][3];
	pos_place_settlement(&g, p, 4, north);
	pos_place_settlement(&g, p, 5, south);
	pos_place_city(geo, p, 5, south);
	ok(p->hex_yield[hex] == ((uint64_t)1 << 32 | (uint64_t)2 << 40) && pos_hex_seats(p, hex) == 0x30,
	   "hex 5 pays seat 4 one card and seat 5 two, in bytes 4 and 5: %#llx",
	   (unsigned long long)p->hex_yield[hex]);
	uint64_t kept[MAX_HEX];
	memcpy(kept, p->hex_yield, sizeof kept);
	pos_find_yields(geo, p, 6);
	ok(memcmp(kept, p->hex_yield, sizeof kept) == 0, "the yields kept are those the board gives");
	wrong = 0;
	for (int h = 0; h < geo->nhex; h++) {
		unsigned want = 0;
		for (int k = 0; k < 6; k++)
			want |= (geo->hex_nodes[h][k] == north ? 0x10u : 0) | (geo->hex_nodes[h][k] == south ? 0x20u : 0);
		wrong += pos_hex_seats(p, h) != want;
	}
	ok(!wrong, "every hex has seat 4 or 5 on it where their buildings touch it, and no other seat");
	game_free(&g);

	/*
	 * Production to six seats: the beginner game with green and brown
	 * seated after the four, green's settlement on hex 5 (hills, a six)
	 * and brown's city on hex 18 (fields, the other six).
	 */
	fresh(&g, 4, OUT_EXTERNAL);
	p = &g.pos;
	g.nplayers = 6;
	g.colour[4] = COL_GREEN;
	g.colour[5] = COL_BROWN;
	int at[2] = { -1, -1 };
	for (int i = 0; i < 2; i++)
		for (int k = 0; k < 6 && at[i] < 0; k++)
			if (pos_node_open(geo, p, geo->hex_nodes[i ? 17 : 4][k]))
				at[i] = geo->hex_nodes[i ? 17 : 4][k];
	pos_place_settlement(&g, p, 4, at[0]);
	pos_place_settlement(&g, p, 5, at[1]);
	pos_place_city(geo, p, 5, at[1]);
	pos_count_pieces(g.rs, &g.board, p, g.nplayers);
	for (int s = 0; s < g.nplayers; s++)
		set_hand(&g, s, 0, 0, 0, 0, 0);
	allow(&g, "red roll 2 4");
	ok(hand_is(&g, 4, 1, 0, 0, 0, 0) && hand_is(&g, 5, 0, 0, 0, 2, 0) && hand_is(&g, RED, 1, 0, 0, 0, 0) &&
		   hand_is(&g, WHITE, 1, 0, 0, 0, 0) && hand_is(&g, ORANGE, 0, 0, 0, 1, 0),
	   "a six pays green's settlement and brown's city with the four's buildings");
	allow(&g, "red end");
	for (int s = 0; s < g.nplayers; s++)
		set_hand(&g, s, 0, 0, 0, 0, 0);
	set_hand(&g, BLUE, 17, 0, 0, 0, 0);
	allow(&g, "blue roll 3 3");
	ok(hand_is(&g, 4, 0, 0, 0, 0, 0) && hand_is(&g, RED, 0, 0, 0, 0, 0) && g.pos.bank[RES_BRICK] == 2 &&
		   hand_is(&g, 5, 0, 0, 0, 2, 0),
	   "two bricks in the bank for red, white and green: nobody is paid brick, brown its grain");
	allow(&g, "blue end");
	/* Bytes of 54, the most a seat is owed, from five seats: 260, more than a byte holds. */
	set_hand(&g, BLUE, 0, 0, 0, 0, 0);
	set_hand(&g, 5, 0, 0, 0, 0, 0);
	p->hex_yield[4] = 0x2c36363636;
	allow(&g, "white roll 4 2");
	ok(g.pos.bank[RES_BRICK] == 19 && hand_is(&g, 4, 0, 0, 0, 0, 0) && hand_is(&g, 5, 0, 0, 0, 2, 0),
	   "260 bricks owed are more than the bank's 19, not 4");
	game_free(&g);
}

/* ---- the canonical form of a log line ---- */

/* mutate: t with one change drawn from rng: a word replaced, two swapped, one dropped or repeated. */
static void mutate(const char *t, char *out, size_t n, uint64_t rng[4])
{
	static const char *const words[] = {
		"red", "blue", "white", "orange", "green", "brown", "Red", "BLUE", "pink", "all",
		"brick", "lumber", "wool", "grain", "ore", "wood", "sheep", "wheat", "clay", "stone",
		"b", "l", "w", "g", "o", "Ore", "knight", "road-building", "year-of-plenty", "monopoly",
		"victory-point", "road_building", "year_of_plenty", "road", "settlement", "city",
		"force-trade", "robber", "steal", "for", "build", "roll", "discard", "trade", "offer",
		"play", "buy", "end", "give", "return", "neutral", "action", "pass", "accept",
		"0", "1", "2", "3", "5", "6", "7", "01", "007", "12", "19", "20", "54", "55", "100",
		"12-17", "17-12", "012-17", "12-017", "1-2", "2-1", "1-2-3", "5-", "-5", "",
		" ", "\t", "x",
	};
	char buf[160], *tok[24];
	int nt = 0;
	snprintf(buf, sizeof buf, "%s", t);
	for (char *s = strtok(buf, " "); s && nt < 22; s = strtok(NULL, " "))
		tok[nt++] = s;
	int i = nt ? (int)rng_below(rng, (uint32_t)nt) : 0, j = nt ? (int)rng_below(rng, (uint32_t)nt) : 0;
	const char *w = words[rng_below(rng, sizeof words / sizeof words[0])];
	switch (rng_below(rng, 5)) {
	case 0:
	case 1:
		if (nt)
			tok[i] = (char *)w;
		break;
	case 2:
		if (nt) {
			char *k = tok[i];
			tok[i] = tok[j];
			tok[j] = k;
		}
		break;
	case 3:
		if (nt) {
			memmove(tok + i, tok + i + 1, sizeof *tok * (size_t)(nt - i - 1));
			nt--;
		}
		break;
	default:
		memmove(tok + i + 1, tok + i, sizeof *tok * (size_t)(nt - i));
		nt++;
		break;
	}
	size_t len = 0;
	out[0] = '\0';
	for (int k = 0; k < nt && len < n; k++)
		len += (size_t)snprintf(out + len, n - len, "%s%s", k ? " " : "", tok[k]);
}

/* The counts of test_canonical_form. */
struct form_counts {
	int texts, unformed, kept, wrong;
};

/*
 * form_check: text t, written by move_format, has the canonical form, and
 * each of its mutations that has the form and parses is written as read.
 */
static void form_check(const struct game *g, const char *t, int mutations, uint64_t rng[4],
		       struct form_counts *c)
{
	char m2[160], back[160];
	struct move m;
	struct cerr e;
	c->texts++;
	if (!move_text_canonical(t, strlen(t)) && c->unformed++ < 5)
		diag("'%s' is written but has not the form", t);
	for (int r = 0; r < mutations; r++) {
		mutate(t, m2, sizeof m2, rng);
		if (!move_text_canonical(m2, strlen(m2)) || move_parse(g, m2, &m, &e) != C_OK)
			continue;
		c->kept++;
		move_format(g, &m, back, sizeof back);
		if (strcmp(back, m2) != 0 && c->wrong++ < 5)
			diag("'%s' has the form but is written '%s'", m2, back);
	}
}

/* game_of_kind: new game k of four: the base game, Catan for Two, six players, the base game again (seed k). */
static int game_of_kind(struct game *g, int k)
{
	struct newgame o = { .nplayers = k == 1 ? 2 : k == 2 ? 6 : 4, .seed = (uint64_t)k };
	struct cerr e;
	for (int s = 0; s < o.nplayers; s++)
		o.colour[s] = (uint8_t)s;
	rules_default(&o.rules);
	o.rules.variant = (uint8_t)(k == 1 ? VAR_TWO : k == 2 ? VAR_SIX : VAR_BASE);
	if (game_new(g, &o, &e) == C_OK)
		return 0;
	ok(0, "game_new: %s", e.msg);
	return -1;
}

/* plain_ref: byte by byte, the text needs no escape in JSON and is printable ASCII (logent.plain). */
static int plain_ref(const char *t)
{
	for (; *t; t++)
		if (*t < 0x20 || *t > 0x7e || *t == '"' || *t == '\\')
			return 0;
	return 1;
}

/*
 * A document's log read and written again: each line read kept as it is
 * when it has the canonical form (a form found once is remembered for the
 * same line again) and else rewritten when it parses, checked line by line
 * against move_rewrite; each entry's plain flag against a byte-by-byte
 * reading; and the document written with the plain lines copied at once
 * against the same log written through jw_str's scan.  The lines: the legal
 * moves of a random game and changes of them (more than the memory of forms
 * has places, so that different lines share a place), each drawn many times;
 * in a second document some hold a quote or a backslash, which sends the
 * whole log through the reader's other path.
 */
static void test_log_lines(void)
{
	enum { CANON_PLACES = 2048 };	/* state_json_read.c's CANON_SLOTS */
	static struct move ms[4096];
	static char lines[6000][160];
	struct game g, h;
	struct cerr e;
	uint64_t rng[4];
	int nl = 0, wrong = 0, flags = 0, kept = 0, rewritten = 0;
	rng_seed(rng, 31);
	if (game_of_kind(&g, 0))
		return;
	struct game play;
	if (game_of_kind(&play, 0))
		return;
	for (int moves = 0; play.pos.phase != PH_OVER && nl < 6000 && moves < 3000; moves++) {
		int n = movegen_legal(&play, NOBODY, 0, ms, 4096);
		if (n == 0)
			break;
		int pick = (int)rng_below(rng, (uint32_t)n);
		for (int i = 0; i < n && i < 3 && nl < 6000; i++) {
			int f = nl++;
			move_format(&play, &ms[(pick + i) % n], lines[f], sizeof lines[f]);
			if (nl < 6000) {	/* a change of it, kept when it holds no tab */
				mutate(lines[f], lines[nl], sizeof lines[nl], rng);
				nl += lines[nl][0] != '\0' && !strchr(lines[nl], '\t');
			}
			if (nl < 6000) {	/* its first letter a capital: not the form, and it parses */
				memcpy(lines[nl], lines[f], sizeof lines[nl]);
				lines[nl][0] = (char)(lines[nl][0] - 'a' + 'A');
				nl++;
			}
		}
		if (rules_apply(&play, &ms[pick], 0, &e) != C_OK)
			break;
	}
	game_free(&play);
	int distinct = 0;
	for (int i = 0; i < nl; i++) {	/* lines not seen before among the last 400 (the game's lines differ in time) */
		int seen = 0;
		for (int j = i > 400 ? i - 400 : 0; j < i && !seen; j++)
			seen = strcmp(lines[i], lines[j]) == 0;
		distinct += !seen;
	}
	for (int doc = 0; doc < 2; doc++) {
		size_t total = 12000;
		movelog_free(&g.log);
		memset(&g.log, 0, sizeof g.log);
		const char *seq[12000];
		for (size_t i = 0; i < total; i++) {
			seq[i] = lines[rng_below(rng, (uint32_t)nl)];
			if (doc == 1 && i % 97 == 5)
				seq[i] = i % 2 ? "red \"end\"" : "red end\\";
			if (movelog_push(&g.log, seq[i], &e) != C_OK)
				break;
		}
		char *text = NULL, *again = NULL, *scanned = NULL;
		size_t len = 0, len2 = 0, len3 = 0;
		int written = 0;
		if (game_write(&g, 0, &text, &len, &e) != C_OK || game_read(text, len, &h, &e) != C_OK) {
			ok(0, "document %d written and read: %s", doc, e.msg);
			free(text);
			continue;
		}
		for (size_t i = 0; i < total && i < h.log.len; i++) {
			char canon[256];
			struct move m;
			const struct logent *ent = &h.log.ent[i];
			int re = move_rewrite(&h, seq[i], &m, canon, sizeof canon);
			const char *want = re ? canon : seq[i];
			kept += !re && move_text_canonical(seq[i], strlen(seq[i]));
			rewritten += re;
			if ((strcmp(ent->text, want) != 0 || ent->parsed != re) && wrong++ < 5)
				diag("line %zu '%s' read as '%s' (parsed %d), not '%s'", i, seq[i], ent->text,
				     ent->parsed, want);
			if ((ent->plain != plain_ref(ent->text) || (ent->plain && ent->len != strlen(ent->text))) &&
			    flags++ < 5)
				diag("line %zu '%s': plain %d, length %d", i, ent->text, ent->plain, ent->len);
		}
		ok(h.log.len == total && wrong == 0, "document %d: each of %zu log lines kept or rewritten as move_rewrite says",
		   doc, total);
		ok(flags == 0, "document %d: each line's plain flag and length as a byte-by-byte reading finds", doc);
		/* The same log with no line taken for plain: every string through jw_str; pretty and compact. */
		for (int compact = 0; compact < 2; compact++) {
			int wf = compact ? SJ_COMPACT : 0, same = 0;
			for (size_t i = 0; i < h.log.len; i++)
				h.log.ent[i].plain = (uint8_t)plain_ref(h.log.ent[i].text);
			if (game_write(&h, wf, &again, &len2, &e) == C_OK) {
				for (size_t i = 0; i < h.log.len; i++)
					h.log.ent[i].plain = 0;
				if (game_write(&h, wf, &scanned, &len3, &e) == C_OK)
					same = len2 == len3 && memcmp(again, scanned, len2) == 0;
			}
			written += same;
			free(again);
			free(scanned);
			again = scanned = NULL;
		}
		ok(written == 2, "document %d: written the same, pretty and compact, with plain lines copied at once and through the scan",
		   doc);
		free(text);
		game_free(&h);
	}
	ok(kept > 2000 && rewritten > 1000 && distinct > CANON_PLACES,
	   "the lines hold many kept as read (%d), many rewritten (%d), and %d different", kept, rewritten, distinct);
	game_free(&g);
}

/*
 * The move parser cuts words eight bytes at a time unless a text holds a
 * byte below '!' other than a space, when it goes byte by byte: the two
 * against each other, on the texts of legal moves changed byte by byte
 * (letters' case, blanks, odd bytes, many words), each parsed as it is and
 * with a tab at its end, which sends it the slow way and ends no word.
 */
static void test_words(void)
{
	static struct move ms[4096];
	static const char odd[] = { ' ', ' ', '\t', '\n', '\r', '\x01', '\x1f', '\x7f', '\xc3', '\xff', 'A', 'z',
				    '-', '0', '@', '[', '`', '{' };
	uint64_t rng[4];
	int differ = 0, tried = 0, parsed = 0;
	rng_seed(rng, 41);

	for (int k = 0; k < 4; k++) {
		struct game g;
		struct cerr e;
		if (game_of_kind(&g, k))
			continue;
		for (int moves = 0; g.pos.phase != PH_OVER && moves < 600; moves++) {
			int n = movegen_legal(&g, NOBODY, MG_ALL_RATES, ms, 4096);
			if (n == 0)
				break;
			for (int i = 0; i < 4; i++) {
				char t[400], slow[sizeof t + 1];
				move_format(&g, &ms[rng_below(rng, (uint32_t)n)], t, 160);
				size_t len = strlen(t);
				for (int c = (int)rng_below(rng, 6); c > 0; c--) {
					size_t at = rng_below(rng, (uint32_t)len + 1);
					switch (rng_below(rng, 4)) {
					case 0:	/* a letter's case */
						if (at < len && ((t[at] | 0x20) >= 'a' && (t[at] | 0x20) <= 'z'))
							t[at] ^= 0x20;
						break;
					case 1:	/* many words */
						while (len + 3 < 330 && rng_below(rng, 8))
							len += (size_t)snprintf(t + len, sizeof t - len, " x");
						break;
					default:	/* a byte put in */
						memmove(t + at + 1, t + at, len - at + 1);
						t[at] = odd[rng_below(rng, sizeof odd)];
						len++;
						break;
					}
				}
				snprintf(slow, sizeof slow, "%s\t", t);
				struct move a, b;
				struct cerr ea = { 0 }, eb = { 0 };
				int ra = move_parse(&g, t, &a, &ea), rb = move_parse(&g, slow, &b, &eb);
				tried++;
				parsed += ra == C_OK;
				if (ra != rb || strcmp(ea.msg, eb.msg) != 0 || memcmp(&a, &b, sizeof a) != 0)
					if (differ++ < 5)
						diag("'%s': %d '%s', the slow way %d '%s'", t, ra, ea.msg, rb, eb.msg);
			}
			if (rules_apply(&g, &ms[rng_below(rng, (uint32_t)n)], 0, &e) != C_OK)
				break;
		}
		game_free(&g);
	}
	ok(differ == 0 && parsed > tried / 5 && parsed < tried,
	   "a move's words cut eight bytes at a time as one by one: %d texts, %d parsed", tried, parsed);
}

/*
 * RULES_SCRATCH (the replay's: in place, no working copy) against the
 * default, on positions of random games of each rule set: the moves listed
 * now and those listed a few moves before (mostly refused now) give the same
 * status, message and position.
 */
static void test_scratch(void)
{
	static struct move ms[4096], old[64];
	uint64_t rng[4];
	int differ = 0, tried = 0, refused = 0;
	rng_seed(rng, 37);

	for (int k = 0; k < 4; k++) {
		struct game g;
		struct cerr e;
		int nold = 0;
		if (game_of_kind(&g, k))
			continue;
		for (int moves = 0; g.pos.phase != PH_OVER && moves < 3000; moves++) {
			int n = movegen_legal(&g, NOBODY, MG_ALL_RATES, ms, 4096);
			if (n == 0)
				break;
			for (int i = 0; i < n && moves % 5 == 0; i += 1 + n / 8)
				old[nold++ % 64] = ms[i];
			for (int i = 0; i < (nold < 64 ? nold : 64) && moves % 23 == 0; i++) {
				struct game a, b;
				struct cerr ea = { 0 }, eb = { 0 };
				game_copy(&a, &g, &e);
				game_copy(&b, &g, &e);
				int ra = rules_apply(&a, &old[i], RULES_REPLAY | RULES_NO_LOG, &ea);
				int rb = rules_apply(&b, &old[i], RULES_REPLAY | RULES_NO_LOG | RULES_SCRATCH, &eb);
				tried++;
				refused += ra != C_OK;
				if (ra != rb || strcmp(ea.msg, eb.msg) != 0 ||
				    (ra == C_OK && memcmp(&a.pos, &b.pos, sizeof a.pos) != 0)) {
					char t[160];
					move_format(&g, &old[i], t, sizeof t);
					if (differ++ < 5)
						diag("'%s': %d '%s', in place %d '%s'", t, ra, ea.msg, rb, eb.msg);
				}
				game_free(&a);
				game_free(&b);
			}
			if (rules_apply(&g, &ms[rng_below(rng, (uint32_t)n)], 0, &e) != C_OK)
				break;
		}
		game_free(&g);
	}
	ok(differ == 0 && refused > tried / 4 && refused < tried,
	   "a move applied in place (RULES_SCRATCH) does as on a working copy: %d moves, %d refused", tried,
	   refused);
}

/*
 * check_fast_same: the fast check (POS_CHECK_FAST, the replay's after
 * each move) and the full one answer alike on g's position, whose
 * buildings keep the distance rule: the same status and message.
 */
static int check_fast_same(const struct game *g, int *refused)
{
	struct cerr ef = { 0 }, es = { 0 };
	int rf = pos_check_mode(g, &g->pos, POS_CHECK_FAST, &ef);
	int rs = pos_check_mode(g, &g->pos, POS_CHECK_FULL, &es);
	*refused += rs != C_OK;
	if (rf == rs && strcmp(ef.msg, es.msg) == 0)
		return 1;
	diag("fast %d '%s', full %d '%s'", rf, ef.msg, rs, es.msg);
	return 0;
}

/*
 * The fast check of a position's invariants (a filter of sums, which hands
 * a fault to the full check for its message) against the full check, on
 * positions of random games of each rule set, in full and as a view, with
 * each count of the bank, the deck, the trade supply and every player's
 * bytes changed by one, to nought and to 255.
 */
static void test_check_fast(void)
{
	static struct move ms[4096];
	uint64_t rng[4];
	int differ = 0, tried = 0, refused = 0;
	rng_seed(rng, 31);

	for (int k = 0; k < 4; k++) {
		struct game g;
		struct cerr e;
		if (game_of_kind(&g, k))
			continue;
		for (int moves = 0; g.pos.phase != PH_OVER && moves < 3000; moves++) {
			int n = movegen_legal(&g, NOBODY, MG_ALL_RATES, ms, 4096);
			if (n == 0 || rules_apply(&g, &ms[rng_below(rng, (uint32_t)n)], 0, &e) != C_OK)
				break;
			if (moves % 97 != 0)
				continue;
			struct position keep = g.pos;
			uint8_t *bytes[64 + MAXPLAYERS * sizeof(struct player)];
			int nb = 0;
			for (int r = 0; r < NRES; r++)
				bytes[nb++] = &g.pos.bank[r];
			for (int d = 0; d < NDEV; d++)
				bytes[nb++] = &g.pos.deck_count[d];
			bytes[nb++] = &g.pos.trade_supply;
			for (int s = 0; s < g.nplayers; s++)
				for (size_t b = 0; b < sizeof(struct player); b++)
					bytes[nb++] = (uint8_t *)&g.pos.pl[s] + b;
			for (int view = 0; view < 2; view++) {
				g.view = view ? 0 : NOBODY;
				tried++;
				differ += !check_fast_same(&g, &refused);
				for (int b = 0; b < nb; b++) {
					static const int by[] = { 1, -1, 0, 255 };
					for (int w = 0; w < 4; w++) {
						*bytes[b] = (uint8_t)(w < 2 ? *bytes[b] + by[w] : by[w]);
						tried++;
						differ += !check_fast_same(&g, &refused);
						g.pos = keep;
					}
				}
			}
			g.view = NOBODY;
		}
		game_free(&g);
	}
	ok(differ == 0 && refused > tried / 3,
	   "the fast check of a position answers as the full one: %d positions, %d refused", tried, refused);
}

/*
 * The form move_text_canonical tests against move_parse and move_format:
 * every text move_format writes has it (the legal moves of random games of
 * each rule set, and hand-made moves of every verb), and a text of that
 * form that parses is the text written for the move parsed (mutations of
 * those texts), so a log may keep such a line as it was read.
 */
static void test_canonical_form(void)
{
	static struct move ms[4096];
	static const char *const made[] = {
		"red offer all brick 1 wool 2 for ore 1", "red offer blue grain 3 ore 1 for lumber 2 wool 1",
		"red play year-of-plenty brick ore", "red play year-of-plenty wool wool",
		"red play monopoly grain", "red robber 5 steal blue ore", "red robber 7 steal blue",
		"red robber 5", "blue discard", "blue discard brick 2 lumber 1 ore 3", "red buy knight",
		"red buy", "red steal blue ore", "red steal white", "red pass", "red accept",
		"red reject", "red cancel", "red play road-building 12-17 17-22", "red play road-building 1-2",
		"red play victory-point", "red action force-trade brick ore", "red action force-trade wool",
		"red action robber", "red give grain 1 ore 1", "red return knight",
		"red neutral white road 12-17", "red neutral white settlement 30",
		"red trade brick 4 for ore", "red trade ore 2 for brick", "red roll 6 6", "red roll",
		"red build city 54", "red build road 53-54",
	};
	struct form_counts c = { 0 };
	uint64_t rng[4];
	rng_seed(rng, 29);

	for (int k = 0; k < 6; k++) {
		struct game g;
		struct newgame o = { .nplayers = k == 2 ? 2 : k == 3 ? 6 : k == 4 ? 5 : 4, .seed = (uint64_t)k };
		struct cerr e;
		for (int s = 0; s < o.nplayers; s++)
			o.colour[s] = (uint8_t)s;
		rules_default(&o.rules);
		o.rules.variant = (uint8_t)(k == 2 ? VAR_TWO : k == 3 || k == 4 ? VAR_SIX : VAR_BASE);
		o.rules.vp_played = k == 1;
		o.rules.knight_interrupt = k == 5;
		if (game_new(&g, &o, &e) != C_OK) {
			ok(0, "game_new: %s", e.msg);
			continue;
		}
		for (int moves = 0; g.pos.phase != PH_OVER && moves < 3000; moves++) {
			int n = movegen_legal(&g, NOBODY, MG_ALL_RATES, ms, 4096);
			if (n == 0)
				break;
			int first = (int)rng_below(rng, (uint32_t)n);
			for (int i = 0; i < n && i < 8; i++) {
				char t[160];
				move_format(&g, &ms[(first + i) % n], t, sizeof t);
				form_check(&g, t, 4, rng, &c);
			}
			if (rules_apply(&g, &ms[first], 0, &e) != C_OK)
				break;
		}
		for (size_t i = 0; i < sizeof made / sizeof made[0]; i++) {
			char t[160];
			struct move m;
			if (move_parse(&g, made[i], &m, &e) != C_OK)
				continue;	/* a verb or a colour of another game */
			move_format(&g, &m, t, sizeof t);
			form_check(&g, t, 2000, rng, &c);
		}
		game_free(&g);
	}
	ok(c.unformed == 0, "every one of %d texts move_format wrote has the canonical form", c.texts);
	ok(c.wrong == 0 && c.kept > 1000, "every one of %d changed texts of that form that parse is written as read",
	   c.kept);

	static const char *const not_canonical[] = {
		"", " red end", "red end ", "red  end", "Red end", "red\tend", "red trade wood 4 for ore",
		"red trade brick 04 for ore", "red build road 17-12", "red build road 012-17",
		"red play year-of-plenty ore brick", "red offer all ore 1 brick 1 for wool 1",
		"blue discard o 2", "red buy year_of_plenty", "red robber 05",
	};
	int misread = 0;
	for (size_t i = 0; i < sizeof not_canonical / sizeof not_canonical[0]; i++)
		if (move_text_canonical(not_canonical[i], strlen(not_canonical[i])) && misread++ < 5)
			diag("'%s' is taken for canonical", not_canonical[i]);
	ok(misread == 0, "texts that parse into other words have not the canonical form");
}

int main(void)
{
	test_parse();
	test_canonical_form();
	test_log_lines();
	test_check_fast();
	test_scratch();
	test_words();
	test_seats();
	test_setup();
	test_roll();
	test_seven();
	test_domestic();
	test_maritime();
	test_build();
	test_dev();
	test_progress();
	test_army();
	test_victory();
	test_longest();
	test_view();
	test_random();
	test_game1();
	test_game2();
	test_game3();
	test_garbage();
	test_two();
	test_longest_search();
	test_listed();
	test_promises();
	test_road_lengths();
	test_six_seats();
	ok(conservation_failures == 0, "conservation held after every move");
	printf("1..%d\n", ntest);
	return nfail ? 1 : 0;
}
