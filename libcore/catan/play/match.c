/* match.c: one game of a match, played by built-in policies and programs speaking the player protocol. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play/batch.h"
#include "play/best.h"
#include "play/match.h"
#include "model/move.h"
#include "rules/movegen.h"
#include "model/names.h"
#include "rules/rules.h"
#include "model/score.h"
#include "play/search.h"
#include "model/seats.h"
#include "doc/state_json.h"
#include "model/view.h"

/* The most answers a program gives in one turn: more is a stall (offers that never end). */
#define MATCH_TURN_ANSWERS 100
/* The longest answer line read. */
#define MATCH_LINE 4096

/* match_player_at: the number of the player at seat in game seed: (seat + seed) mod n. */
static int match_player_at(const struct match_opts *o, uint64_t seed, int seat)
{
	int n = o->nplayers;
	return (int)((uint64_t)seat + seed % (uint64_t)n) % n;
}

/* One game under way: the game, its players' set, the programs' pending lines. */
struct play {
	const struct match_opts *o;
	const struct match_io *io;
	struct game *g;
	struct match_result *r;
	struct autoplay a;
	int program[MAXPLAYERS];	/* by seat: 1 while a program plays it */
	struct buf out[MAXPLAYERS];	/* by seat: lines not yet sent */
	size_t told;			/* log entries told to the programs */
	int turn[MAXPLAYERS], answers[MAXPLAYERS];	/* by seat: the program's answers in this turn */
};

/* fault: seat's program failed: recorded, stopped; a fallback plays on, or the seat forfeits (returns 1). */
static int fault(struct play *pl, int seat, const char *why, const char *detail)
{
	struct match_result *r = pl->r;
	struct match_fault *f = &r->fault[r->nfault++];
	f->seat = seat;
	f->move = (long)pl->g->log.len;
	snprintf(f->why, sizeof f->why, "%s", why);
	snprintf(f->detail, sizeof f->detail, "%s", detail);
	f->then = pl->o->fallback;
	if (strcmp(why, "illegal") == 0 || strcmp(why, "long") == 0 || strcmp(why, "stall") == 0 ||
	    strcmp(why, "nul") == 0) {
		/* It still listens: tell it why (best effort: it is stopped either way). */
		char w[MATCH_WHY], d[MATCH_DETAIL], line[MATCH_DETAIL + 32];
		int n = snprintf(line, sizeof line, "error %s %s\n", why, detail);
		pl->io->send(pl->io->ctx, r->player[seat], line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1,
			     w, d);
	}
	pl->io->stop(pl->io->ctx, r->player[seat]);
	pl->program[seat] = 0;
	buf_free(&pl->out[seat]);
	if (pl->o->fallback == POL_NONE)
		return 1;
	pl->a.policy[seat] = (uint8_t)pl->o->fallback;
	return 0;
}

/* flush: sends seat's pending lines; 1 when the program failed and its seat forfeits. */
static int flush(struct play *pl, int seat)
{
	struct buf *b = &pl->out[seat];
	char why[MATCH_WHY], detail[MATCH_DETAIL];
	if (!pl->program[seat] || b->len == 0)
		return 0;
	int rc = pl->io->send(pl->io->ctx, pl->r->player[seat], b->p, b->len, why, detail);
	b->len = 0;
	if (b->p)
		b->p[0] = '\0';
	return rc ? fault(pl, seat, why, detail) : 0;
}

/* tell: the moves logged since the last call, to every program: "ok" its own, "move" the others' (redacted). */
static void tell(struct play *pl)
{
	const struct game *g = pl->g;
	char line[512];
	for (; pl->told < g->log.len; pl->told++)
		for (int s = 0; s < pl->r->nseats; s++)
			if (pl->program[s]) {
				int by = view_log_line(g, pl->told, s, line, sizeof line);
				buf_printf(&pl->out[s], "%s %s\n", by == s ? "ok" : "move", line);
			}
}

/*
 * ask: the program at seat is sent its view and legal moves and answers a
 * move, which is applied.  C_OK (the move made, or a fault handled: *over
 * set when the seat forfeited); C_SYSTEM when memory runs out.
 */
static int ask(struct play *pl, int seat, int *over, struct cerr *e)
{
	struct game *g = pl->g, t = *g, view;
	struct buf *b = &pl->out[seat];
	char *text = NULL, *list = NULL, why[MATCH_WHY], detail[MATCH_DETAIL];
	size_t len, n;
	int rc;

	/* The view without its log: the moves were told one by one. */
	t.log.len = 0;
	if ((rc = game_view(&t, seat, &view, e)))
		return rc;
	rc = game_write(&view, SJ_COMPACT, &text, &len, e);
	game_free(&view);
	if (rc == C_OK)
		rc = movegen_list(g, seat, 0, 0, &list, &n, e);
	if (rc == C_OK) {
		int count = 0;
		for (size_t i = 0; i < n; i++)
			count += list[i] == '\n';
		buf_adds(b, "view ");
		buf_add(b, text, len);
		buf_printf(b, "legal %d\n", count);
		buf_add(b, list, n);
		buf_adds(b, "go\n");
		rc = b->failed ? cerr_set(e, C_SYSTEM, "out of memory") : C_OK;
	}
	free(text);
	free(list);
	if (rc)
		return rc;
	if ((*over = flush(pl, seat)) || !pl->program[seat])
		return C_OK;

	char line[MATCH_LINE], *mv;
	do {
		if (pl->io->recv(pl->io->ctx, pl->r->player[seat], line, sizeof line, why, detail)) {
			*over = fault(pl, seat, why, detail);
			return C_OK;
		}
		mv = batch_line_move(line);
	} while (!mv);	/* comments and blank lines are passed over */

	if (g->pos.turn != pl->turn[seat]) {
		pl->turn[seat] = g->pos.turn;
		pl->answers[seat] = 0;
	}
	struct move m;
	struct cerr why_not = { 0 };
	rc = batch_parse_move(g, mv, mv[0] == '{', &m, &why_not);
	if (rc == C_SYSTEM)
		return cerr_set(e, C_SYSTEM, "%s", why_not.msg);
	if (rc == C_OK && rules_owner(g, &m) != seat)
		rc = cerr_set(&why_not, C_ILLEGAL, "the move is not %s's to make",
			      seat_name(g, seat));
	if (rc == C_OK && ++pl->answers[seat] > MATCH_TURN_ANSWERS)
		rc = cerr_set(&why_not, C_ILLEGAL, "more than %d answers in one turn", MATCH_TURN_ANSWERS);
	if (rc == C_OK)
		rc = rules_apply(g, &m, 0, &why_not);
	if (rc == C_SYSTEM)
		return cerr_set(e, C_SYSTEM, "%s", why_not.msg);
	if (rc != C_OK) {
		snprintf(detail, sizeof detail, "'%.60s': %.90s", mv, why_not.msg);
		*over = fault(pl, seat, pl->answers[seat] > MATCH_TURN_ANSWERS ? "stall" : "illegal", detail);
		return C_OK;
	}
	pl->r->moves++;
	return C_OK;
}

/* finish: the result's winner, points and turns; each program told the end and stopped. */
static void finish(struct play *pl)
{
	struct game *g = pl->g;
	struct match_result *r = pl->r;
	struct status st;
	game_status(g, &g->pos, &st);
	r->turns = st.turn;
	for (int s = 0; s < r->nseats; s++)
		r->points[s] = score_total(g, &g->pos, s);
	if (r->end == MATCH_FORFEIT) {
		/* Two players: the other one wins; more: nobody. */
		r->winner = r->nseats == 2 ? 1 - r->fault[r->nfault - 1].seat : NOBODY;
	} else {
		r->winner = st.winner;
		r->end = r->winner != NOBODY ? MATCH_WON : MATCH_TURN_LIMIT;
	}
	tell(pl);
	for (int s = 0; s < r->nseats; s++) {
		if (!pl->program[s])
			continue;
		buf_printf(&pl->out[s], "over %s", r->winner == NOBODY ? "none" : colour_names[r->colour[r->winner]]);
		for (int k = 0; k < r->nseats; k++)
			buf_printf(&pl->out[s], " %s=%d", colour_names[r->colour[k]], r->points[k]);
		buf_addc(&pl->out[s], '\n');
		if (!flush(pl, s) && pl->program[s])
			pl->io->stop(pl->io->ctx, r->player[s]);
		pl->program[s] = 0;
	}
}

int match_play(const struct match_opts *o, uint64_t seed, const struct match_io *io, struct game *g,
	       struct match_result *r, struct cerr *e)
{
	struct newgame ng = o->ng;
	struct play pl = { .o = o, .io = io, .g = g, .r = r };
	int rc, any = 0, over = 0;

	memset(r, 0, sizeof *r);
	r->seed = seed;
	r->nseats = o->nplayers;
	r->rotation = (int)(seed % (uint64_t)o->nplayers);
	r->winner = NOBODY;
	ng.seed = seed;
	game_init(g);
	if ((rc = game_new(g, &ng, e)))
		return rc;
	if ((rc = autoplay_init(&pl.a, g, POL_NONE, e)))
		return rc;
	search_use(&pl.a);
	best_use(&pl.a);
	pl.a.turn_limit = o->turn_limit;
	for (int s = 0; s < r->nseats; s++) {
		const struct match_player *p = &o->player[match_player_at(o, seed, s)];
		r->player[s] = match_player_at(o, seed, s);
		r->colour[s] = g->colour[s];
		pl.a.policy[s] = (uint8_t)p->policy;
		pl.a.budget[s] = p->budget;
		any |= pl.program[s] = p->policy == POL_NONE;
	}
	/* The programs start, each told the game and its colour. */
	for (int s = 0; s < r->nseats && !over; s++) {
		char why[MATCH_WHY], detail[MATCH_DETAIL];
		if (!pl.program[s])
			continue;
		if (io->start(io->ctx, r->player[s], why, detail)) {
			over = fault(&pl, s, why, detail);
			continue;
		}
		buf_printf(&pl.out[s], "catan-player 1\ngame %llu %s\n", (unsigned long long)seed,
			   seat_name(g, s));
	}
	int flags = o->keep_log || any ? 0 : RULES_NO_LOG;
	while (!over) {
		long made = 0;
		int why = AUTO_OVER;
		rc = autoplay_run(&pl.a, g, -1, flags, &made, &why, e);
		r->moves += made;
		if (rc)
			break;
		if (why != AUTO_WAIT)
			break;
		tell(&pl);
		/* A program's seat is waited for: the one automatic play stopped at (game_status). */
		if ((rc = ask(&pl, autoplay_actor(g), &over, e)))
			break;
	}
	if (over)
		r->end = MATCH_FORFEIT;
	if (rc == C_OK)
		finish(&pl);
	for (int s = 0; s < r->nseats; s++) {
		if (pl.program[s])
			io->stop(io->ctx, r->player[s]);
		buf_free(&pl.out[s]);
	}
	autoplay_free(&pl.a);
	return rc;
}
