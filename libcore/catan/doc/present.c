/* present.c: the game a document stands for now, replayed from its log when it is a record. */
#include <string.h>

#include "model/names.h"
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

int present_now(const struct game *g, struct present *pr, struct replay_result *res,
		struct cerr *e)
{
	begin(g, pr, res);
	if (g->has_pos)
		return C_OK;
	if (game_replay(g, res, &pr->own, e) != C_OK)
		return present_blame(res, e);
	return shows_own(pr);
}

int present_view(const struct game *g, int seat, struct present *pr, struct replay_result *res,
		 struct cerr *e)
{
	struct present now;
	int rc;

	begin(g, pr, res);
	if (g->view != NOBODY && g->view != seat)
		return cerr_set(e, C_ILLEGAL, "this is %s's view: it cannot show what %s may see",
				seat_name(g, g->view),
				seat >= 0 && seat < g->nplayers ? seat_name(g, seat) : "?");
	if (g->view != NOBODY)
		return C_OK;
	if ((rc = present_now(g, &now, res, e)) != C_OK) {
		present_free(&now);
		return rc;
	}
	/* The replayed game has an empty log: the view redacts the record's. */
	struct game last = *now.game;
	last.log = g->log;
	rc = game_view(&last, seat, &pr->own, e);
	present_free(&now);
	if (rc != C_OK)
		return rc;
	return shows_own(pr);
}

int present_at(const struct game *g, long n, struct present *pr, struct replay_result *res,
	       struct cerr *e)
{
	struct replay r;
	long len = (long)g->log.len;
	int rc;

	begin(g, pr, res);
	if (g->view != NOBODY || !g->has_start)
		return cerr_set(e, C_USAGE, "--at needs the game from its start: a view has none");
	if (n < -len || n > len)
		return cerr_set(e, C_USAGE, "--at %ld: the game has %ld move%s", n, len, len == 1 ? "" : "s");
	if (n < 0)
		n += len;
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
