/*
 * fuzz_match: a program's answers in a match (catan-player(5)).  The first
 * byte picks the rules (base game of two, three or four, Catan for Two, a
 * knight answering the robber), whether the program starts and the
 * fallback; the second is the seed; the rest is what the program writes,
 * read a line at a time (the end of the input: the program ends).
 * Promises: the game is played to an end (won, the turn limit, or a
 * forfeit) without a failure of the match's own; a program fails at most
 * once a game; the game keeps its invariants, its log holds every move,
 * its document is written and reads back; the game's line is JSON, whatever
 * bytes the answers held.
 */
#include <string.h>

#include "fuzz.h"
#include "jv.h"
#include "play/match.h"
#include "doc/state_json.h"

struct feed {
	const uint8_t *p, *end;
	int started;
};

static int f_start(void *ctx, int player, char *why, char *detail)
{
	struct feed *f = ctx;
	if (f->started < 0) {
		strcpy(why, "start");
		strcpy(detail, "no program");
		return -1;
	}
	f->started++;
	return 0;
}

static int f_send(void *ctx, int player, const char *text, size_t len, char *why, char *detail)
{
	FUZZ_CHECK(len > 0 && text[len - 1] == '\n', "the runner sends whole lines");
	FUZZ_CHECK(memchr(text, '\0', len) == NULL, "the runner sends text");
	return 0;
}

static int f_recv(void *ctx, int player, char *line, size_t n, char *why, char *detail)
{
	struct feed *f = ctx;
	if (f->p >= f->end) {
		strcpy(why, "exit");
		strcpy(detail, "the end of the input");
		return -1;
	}
	const uint8_t *nl = memchr(f->p, '\n', (size_t)(f->end - f->p));
	size_t k = nl ? (size_t)(nl - f->p) : (size_t)(f->end - f->p);
	if (k >= n) {
		strcpy(why, "long");
		strcpy(detail, "too long");
		return -1;
	}
	for (size_t i = 0; i < k; i++)
		line[i] = f->p[i] ? (char)f->p[i] : ' ';
	line[k] = '\0';
	f->p += k + (nl != NULL);
	return 0;
}

static void f_stop(void *ctx, int player)
{
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct match_opts o = { 0 };
	struct match_result r;
	struct cerr e = { 0 };
	struct game g;
	struct buf b = { 0 };
	char *out = NULL, *line = NULL;
	size_t len, llen;

	if (size < 2 || size > 8192)
		return 0;
	int kind = data[0] & 7;
	struct feed f = { data + 2, data + size, data[0] & 0x40 ? -1 : 0 };
	struct match_io io = { &f, f_start, f_send, f_recv, f_stop };

	rules_default(&o.ng.rules);
	o.nplayers = kind < 3 ? kind + 2 : 2;
	o.ng.nplayers = o.nplayers;
	for (int s = 0; s < MAXPLAYERS; s++)
		o.ng.colour[s] = (uint8_t)s;
	if (kind == 3)
		o.ng.rules.variant = VAR_TWO;
	if (kind == 4)
		o.ng.rules.knight_interrupt = 1;
	o.player[0] = (struct match_player){ "exec:fuzz", POL_NONE, 0 };
	for (int p = 1; p < o.nplayers; p++)
		o.player[p] = (struct match_player){ p & 1 ? "greedy" : "random", p & 1 ? POL_GREEDY : POL_RANDOM, 0 };
	o.turn_limit = 40;
	o.fallback = data[0] & 0x80 ? POL_NONE : POL_RANDOM;

	FUZZ_CHECK(match_play(&o, data[1], &io, &g, &r, &e) == C_OK, e.msg);
	FUZZ_CHECK(r.nfault <= 1, "a program fails at most once a game");
	FUZZ_CHECK(r.end != MATCH_FORFEIT || (r.nfault == 1 && o.fallback == POL_NONE), "a forfeit is a failure's");
	FUZZ_CHECK(r.winner == NOBODY || (r.winner >= 0 && r.winner < r.nseats), "the winner is a seat");
	FUZZ_CHECK((long)g.log.len == r.moves, "the log holds every move");
	FUZZ_CHECK(pos_check(&g, &g.pos, &e) == C_OK, e.msg);
	FUZZ_CHECK(game_write(&g, SJ_COMPACT, &out, &len, &e) == C_OK, e.msg);
	struct game back;
	FUZZ_CHECK(game_read(out, len, &back, &e) == C_OK, e.msg);
	game_free(&back);
	match_line(&o, &r, &b);
	FUZZ_CHECK(buf_finish(&b, &line, &llen, &e) == C_OK, e.msg);
	struct jv_doc d;
	struct jv_error je;
	FUZZ_CHECK(jv_parse(line, llen, &d, &je) == 0, je.text);
	jv_free(&d);
	free(line);
	free(out);
	game_free(&g);
	return 0;
}
