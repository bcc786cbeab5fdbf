/* present.c: the game a document stands for now, replayed from its log when it is a record. */
#include <string.h>

#include "names.h"
#include "present.h"
#include "rules.h"
#include "state.h"

int present_blame(const struct replay_result *res, struct cerr *e)
{
	if (e->code == C_ILLEGAL && res->index)
		cerr_prefix(e, "move %zu '%s'", res->index, res->move);
	return e->code;
}

int present_now(const struct game *g, struct present *pr, struct replay_result *res,
		struct cerr *e)
{
	memset(pr, 0, sizeof *pr);
	memset(res, 0, sizeof *res);
	pr->game = g;
	if (g->has_pos)
		return C_OK;
	if (game_replay(g, res, &pr->own, e) != C_OK)
		return present_blame(res, e);
	pr->owned = 1;
	pr->game = &pr->own;
	return C_OK;
}

int present_view(const struct game *g, int seat, struct present *pr, struct replay_result *res,
		 struct cerr *e)
{
	struct present now;
	int rc;

	memset(pr, 0, sizeof *pr);
	memset(res, 0, sizeof *res);
	pr->game = g;
	if (g->view != NOBODY && g->view != seat)
		return cerr_set(e, C_ILLEGAL, "this is %s's view: it cannot show what %s may see",
				colour_names[g->colour[g->view]],
				seat >= 0 && seat < g->nplayers ? colour_names[g->colour[seat]] : "?");
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
	pr->owned = 1;
	pr->game = &pr->own;
	return C_OK;
}

void present_free(struct present *pr)
{
	if (pr->owned)
		game_free(&pr->own);
	pr->owned = 0;
	pr->game = NULL;
}
