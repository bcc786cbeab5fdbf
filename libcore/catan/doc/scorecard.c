/* scorecard.c: each player's victory points with their breakdown, and the public points turn by turn. */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "rules/rules.h"
#include "doc/scorecard.h"
#include "model/seats.h"
#include "model/state.h"
#include "model/view.h"

void scorecard_make(const struct game *g, const struct position *p, struct scorecard *sc)
{
	const struct geometry *geo = g->rs->geom;
	memset(sc, 0, sizeof *sc);
	sc->nplayers = g->nplayers;
	sc->public_only = g->view != NOBODY;
	sc->winner = p->phase == PH_OVER ? p->current : NOBODY;
	for (int s = 0; s < g->nplayers; s++) {
		const struct player *pl = &p->pl[s];
		struct score_line *l = &sc->pl[s];
		l->settlements = g->rs->settlements - pl->settlements;
		l->cities = g->rs->cities - pl->cities;
		l->road = longest_road(geo, p, s);
		l->knights = pl->played[DEV_KNIGHT];
		l->longest_road = p->longest_road == s;
		l->largest_army = p->largest_army == s;
		if (seat_may_see(g, p, g->view, s, HID_POINTS)) {
			l->vp_cards = pl->dev[DEV_VICTORY_POINT] + pl->dev_new[DEV_VICTORY_POINT];
			l->points = score_total(g, p, s);
		} else {
			l->vp_cards = -1;
			l->points = score_public(g, p, s);
		}
	}
}

/* Appends the points of p, after moves of the log, as the row of turn; C_SYSTEM when memory runs out. */
static int push_row(struct timeline *t, const struct game *g, const struct position *p, int turn,
		    int moves, struct cerr *e)
{
	struct timeline_row *rows = buf_grow_array(t->row, &t->cap, t->len + 1, sizeof *rows);
	if (!rows)
		return cerr_set(e, C_SYSTEM, "out of memory");
	t->row = rows;
	struct timeline_row *r = &t->row[t->len++];
	memset(r, 0, sizeof *r);
	r->turn = turn;
	r->moves = moves;
	for (int s = 0; s < g->nplayers; s++)
		r->points[s] = (uint8_t)score_public(g, p, s);
	/* At the end of the game the winner shows their victory point cards. */
	if (p->phase == PH_OVER)
		r->points[p->current] = (uint8_t)score_total(g, p, p->current);
	return C_OK;
}

int timeline_make(const struct game *g, struct timeline *t, struct replay_result *res,
		  struct cerr *e)
{
	struct replay r;
	int rc, unrowed = 0;	/* moves of the turn under way that no row holds yet */

	memset(t, 0, sizeof *t);
	memset(res, 0, sizeof *res);
	/* The points of every turn come from one replay, which needs every card named. */
	const char *what;
	size_t k = view_unnamed(g, g->log.len, NOBODY, &what);
	if (k && g->view == NOBODY)
		return cerr_set(e, C_ILLEGAL, "move %zu '%s' does not name %s: the points turn by turn "
				"need every outcome", k, g->log.ent[k - 1].text, what);
	if ((rc = replay_begin(&r, g, e)))
		return rc;
	const struct position *p = &r.g.pos;
	if (p->phase != PH_SETUP_SETTLEMENT && p->phase != PH_SETUP_ROAD)
		rc = push_row(t, g, p, 0, (int)r.done, e);
	while (rc == C_OK && r.done < g->log.len) {
		int before = p->turn;
		if ((rc = replay_step(&r, e)) != C_OK) {
			if (rc == C_ILLEGAL) {
				res->index = r.done + 1;
				res->move = g->log.ent[r.done].text;
			}
			break;
		}
		res->checked = r.done;
		unrowed = p->turn == before;
		if (!unrowed)
			rc = push_row(t, g, p, before, (int)r.done, e);
	}
	if (rc == C_OK && (unrowed || t->len == 0))
		rc = push_row(t, g, p, p->turn, (int)r.done, e);
	replay_end(&r);
	return rc;
}

void timeline_free(struct timeline *t)
{
	free(t->row);
	memset(t, 0, sizeof *t);
}
