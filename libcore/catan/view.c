/* view.c: what one player may see of a game: own cards, others' counts, a redacted log. */
#include <stdio.h>
#include <string.h>

#include "move.h"
#include "names.h"
#include "pred.h"
#include "view.h"
#include "state.h"

/*
 * redact: log entry i of g as viewer may read it, in canonical form, into
 * out: another player's "buy CARD" loses the card, and "robber H steal V
 * RES" (or "steal V RES") loses the card unless viewer is the thief or the victim.  An entry
 * that is not a move cannot be shown to hide nothing, so it is withheld.
 * Returns 1 when out holds a move (*m), 0 for a withheld entry.
 */
static int redact(const struct game *g, size_t i, int viewer, struct move *m, char *out, size_t n)
{
	struct cerr ignored = { 0 };
	if (movelog_move(g, i, m, &ignored) != C_OK) {
		snprintf(out, n, "(not a move)");
		return 0;
	}
	if (m->verb == MV_BUY && m->seat != viewer)
		m->card = -1;
	/* With hands face up, a card stolen is seen by all. */
	if ((m->verb == MV_ROBBER || m->verb == MV_STEAL) && m->seat != viewer && m->victim != viewer &&
	    !g->rules.open_hands)
		m->res = -1;
	/* A forced trade's cards are known to the two players it is between. */
	if (m->verb == MV_ACTION && m->seat != viewer && seat_opponent(g, m->seat) != viewer)
		memset(m->get, 0, sizeof m->get);
	move_format(g, m, out, n);
	return 1;
}

int view_log_line(const struct game *g, size_t i, int viewer, char *out, size_t n)
{
	struct move m;
	return redact(g, i, viewer, &m, out, n) ? m.seat : NOBODY;
}

int game_view(const struct game *g, int seat, struct game *out, struct cerr *e)
{
	if (g->view != NOBODY)
		return cerr_set(e, C_INPUT, "the game is already a view");
	if (seat < 0 || seat >= g->nplayers)
		return cerr_set(e, C_USAGE, "no such player in this game");
	if (!seat_moves(g, seat))
		return cerr_set(e, C_USAGE, "%s is a neutral seat: only a player has a view",
				colour_names[g->colour[seat]]);
	*out = *g;
	memset(&out->log, 0, sizeof out->log);
	memset(&out->start, 0, sizeof out->start);
	out->has_start = 0;
	out->view = seat;

	struct position *p = &out->pos;
	memset(p->rng, 0, sizeof p->rng);
	out->has_secret = 0;
	memset(out->secret, 0, sizeof out->secret);
	memset(p->deck, 0, sizeof p->deck);
	memset(p->deck_count, 0, sizeof p->deck_count);
	for (int s = 0; s < g->nplayers; s++) {
		struct player *pl = &p->pl[s];
		int hand = 0, dev = 0;
		for (int r = 0; r < NRES; r++)
			hand += pl->hand[r];
		for (int d = 0; d < NDEV; d++)
			dev += pl->dev[d] + pl->dev_new[d];
		out->view_hand[s] = (uint8_t)hand;
		out->view_dev[s] = (uint8_t)dev;
		if (!seat_may_see(g, p, seat, s, HID_HAND))
			memset(pl->hand, 0, sizeof pl->hand);
		if (!seat_may_see(g, p, seat, s, HID_DEV)) {
			/* A winner's victory point cards may be revealed; nothing else is. */
			int won = seat_may_see(g, p, seat, s, HID_POINTS);
			uint8_t vp = pl->dev[DEV_VICTORY_POINT], vp_new = pl->dev_new[DEV_VICTORY_POINT];
			memset(pl->dev, 0, sizeof pl->dev);
			memset(pl->dev_new, 0, sizeof pl->dev_new);
			if (won) {
				pl->dev[DEV_VICTORY_POINT] = vp;
				pl->dev_new[DEV_VICTORY_POINT] = vp_new;
			}
		}
	}

	char line[512];
	struct move m;
	for (size_t i = 0; i < g->log.len; i++) {
		int rc = redact(g, i, seat, &m, line, sizeof line) ? movelog_push_move(&out->log, line, &m, e)
								     : movelog_push(&out->log, line, e);
		if (rc != C_OK) {
			movelog_free(&out->log);
			return C_SYSTEM;
		}
	}
	return C_OK;
}

void view_stand_in(const struct game *g, struct position *out)
{
	*out = g->pos;
	for (int s = 0; s < g->nplayers; s++) {
		struct player *pl = &out->pl[s];
		if (seat_may_see(g, out, g->view, s, HID_HAND))
			continue;
		int left = g->view_hand[s];
		memset(pl->hand, 0, sizeof pl->hand);
		if (out->offer.active && s == out->current)
			for (int r = 0; r < NRES; r++) {
				pl->hand[r] = out->offer.give[r];
				left -= out->offer.give[r];
			}
		for (int r = 0; left > 0; r = (r + 1) % NRES, left--)
			pl->hand[r]++;
	}
}
