/* present.c: the game a document stands for now, replayed from its log when it is a record. */
#include <stdio.h>
#include <string.h>

#include "model/names.h"
#include "model/view.h"
#include "doc/present.h"
#include "rules/rules.h"
#include "model/state.h"

/* begin: pr shows g itself, res is empty, until the caller says otherwise. */
static void begin(const struct game *g, struct present *pr, struct replay_result *res)
{
	memset(pr, 0, sizeof *pr);
	memset(res, 0, sizeof *res);
	pr->game = g;
}

int present_blame(const struct replay_result *res, struct cerr *e)
{
	if (e->code == C_ILLEGAL && res->index)
		cerr_prefix(e, "move %zu '%s'", res->index, res->move);
	return e->code;
}

/* shows_own: pr shows the game it holds (pr->own, freed with it). */
static int shows_own(struct present *pr)
{
	pr->owned = 1;
	pr->game = &pr->own;
	return C_OK;
}

/*
 * seen_at: g's first n moves replayed (g a state or a record, not a
 * view), as seat (a player, or SPECTATOR) saw the game then: the
 * position game_replay reaches, through every outcome the record leaves
 * unnamed, made seat's view, with the cards bought unseen counted in
 * their holders' development cards.  The caller has checked that seat saw
 * every outcome named.
 */
static int seen_at(const struct game *g, size_t n, int seat, struct present *pr,
		   struct replay_result *res, struct cerr *e)
{
	struct game part = *g, end;
	int rc;

	part.log.len = n;
	part.has_pos = 0;	/* the position after n moves is what is asked, not checked */
	if (game_replay(&part, res, &end, e) != C_OK)
		return present_blame(res, e);
	/* The replayed game has an empty log: the view redacts the record's first n moves. */
	struct game last = end;
	last.log = part.log;
	rc = seat == SPECTATOR ? game_spectator(&last, &pr->own, e) : game_view(&last, seat, &pr->own, e);
	game_free(&end);
	if (rc != C_OK)
		return rc;
	for (int s = 0; s < g->nplayers && s < MAXPLAYERS; s++)	/* MAXPLAYERS: -O3 cannot tell */
		if (s != seat)
			pr->own.view_dev[s] = (uint8_t)(pr->own.view_dev[s] + res->unseen[s]);
	return shows_own(pr);
}

int present_now(const struct game *g, struct present *pr, struct replay_result *res,
		struct cerr *e)
{
	const char *what;
	begin(g, pr, res);
	if (g->has_pos)
		return C_OK;
	/* A record that leaves an outcome unnamed stands for what the public saw. */
	if (g->view == NOBODY && view_unnamed(g, g->log.len, NOBODY, &what))
		return seen_at(g, g->log.len, SPECTATOR, pr, res, e);
	if (game_replay(g, res, &pr->own, e) != C_OK)
		return present_blame(res, e);
	return shows_own(pr);
}

/* whose: the viewer of view g, in words: "red's" or "the public's". */
static const char *whose(const struct game *g, char *buf, size_t n)
{
	if (g->view == SPECTATOR)
		return "the public's";
	snprintf(buf, n, "%s's", seat_name(g, g->view));
	return buf;
}

int present_view(const struct game *g, int seat, struct present *pr, struct replay_result *res,
		 struct cerr *e)
{
	struct present now;
	char who[32];
	int rc;

	begin(g, pr, res);
	if (g->view != NOBODY && g->view != seat)
		return cerr_set(e, C_ILLEGAL, "this is %s view: it cannot show what %s may see",
				whose(g, who, sizeof who),
				seat >= 0 && seat < g->nplayers ? seat_name(g, seat) : "?");
	if (g->view != NOBODY)
		return C_OK;
	if (!g->has_pos)
		return present_at_view(g, (long)g->log.len, seat, pr, res, e);
	if ((rc = present_now(g, &now, res, e)) != C_OK) {
		present_free(&now);
		return rc;
	}
	rc = game_view(now.game, seat, &pr->own, e);
	present_free(&now);
	if (rc != C_OK)
		return rc;
	return shows_own(pr);
}

int present_at_view(const struct game *g, long n, int seat, struct present *pr,
		    struct replay_result *res, struct cerr *e)
{
	int rc;

	begin(g, pr, res);
	if (g->view != NOBODY || !g->has_start || n < -(long)g->log.len || n > (long)g->log.len)
		return present_at(g, n, pr, res, e);	/* its refusal */
	if (seat < 0 || seat >= g->nplayers)
		return cerr_set(e, C_USAGE, "no such player in this game");
	if (n < 0)
		n += (long)g->log.len;
	/* Outcomes unnamed that seat did not see either leave seat's view whole. */
	if ((rc = view_record_names(g, (size_t)n, seat, e)) != C_OK)
		return rc;
	return seen_at(g, (size_t)n, seat, pr, res, e);
}

int present_at(const struct game *g, long n, struct present *pr, struct replay_result *res,
	       struct cerr *e)
{
	struct replay r;
	long len = (long)g->log.len;
	const char *what;
	int rc;

	begin(g, pr, res);
	if (g->view != NOBODY || !g->has_start)
		return cerr_set(e, C_USAGE, "--at needs the game from its start: a view has none");
	if (n < -len || n > len)
		return cerr_set(e, C_USAGE, "--at %ld: the game has %ld move%s", n, len, len == 1 ? "" : "s");
	if (n < 0)
		n += len;
	/* Past an outcome the record does not name, the game is what the public saw. */
	if (view_unnamed(g, (size_t)n, NOBODY, &what))
		return seen_at(g, (size_t)n, SPECTATOR, pr, res, e);
	if ((rc = replay_begin(&r, g, e)) != C_OK)
		return rc;
	while (rc == C_OK && r.done < (size_t)n)
		rc = replay_step(&r, e);
	if (rc != C_OK) {
		res->checked = r.done;
		res->index = r.done + 1;
		res->move = g->log.ent[r.done].text;
		replay_end(&r);
		return present_blame(res, e);
	}
	/* The game as it stood then: its position, and its log up to that move. */
	pr->own = r.g;
	memset(&pr->own.log, 0, sizeof pr->own.log);
	pr->own.has_pos = 1;
	shows_own(pr);
	for (long i = 0; i < n && rc == C_OK; i++) {
		const struct logent *ent = &g->log.ent[i];
		rc = ent->parsed ? movelog_push_move(&pr->own.log, ent->text, &ent->move, e)
				 : movelog_push(&pr->own.log, ent->text, e);
	}
	replay_end(&r);
	return rc;
}

void present_free(struct present *pr)
{
	if (pr->owned)
		game_free(&pr->own);
	pr->owned = 0;
	pr->game = NULL;
}
