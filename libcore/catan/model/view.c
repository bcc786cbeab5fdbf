/* view.c: what one player may see of a game: own cards, others' counts, a redacted log. */
#include <stdio.h>
#include <string.h>

#include "model/move.h"
#include "model/names.h"
#include "model/seats.h"
#include "model/view.h"
#include "model/state.h"

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

void view_redact(const struct game *g, int seat, struct position *p, uint8_t hand[MAXPLAYERS],
		 uint8_t dev[MAXPLAYERS])
{
	memset(p->rng, 0, sizeof p->rng);
	memset(p->deck, 0, sizeof p->deck);
	memset(p->deck_count, 0, sizeof p->deck_count);
	for (int s = 0; s < g->nplayers; s++) {
		struct player *pl = &p->pl[s];
		int h = 0, d = 0;
		for (int r = 0; r < NRES; r++)
			h += pl->hand[r];
		for (int k = 0; k < NDEV; k++)
			d += pl->dev[k] + pl->dev_new[k];
		hand[s] = (uint8_t)h;
		dev[s] = (uint8_t)d;
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
}

/*
 * hide: out, a copy of full game g, loses what seat may not see: the
 * generator, the secret, the deck's order and counts (its length stays),
 * and the cards of the others that seat may not see, whose counts go to
 * view_hand and view_dev.  The start stays when it hides nothing but the
 * deck's order and the generator: a set-up or beginner start, whose cards
 * come from the board.  A start set up by hand may hold cards, and is left
 * out.
 */
static void hide(const struct game *g, int seat, struct game *out)
{
	out->has_start = g->has_start && !g->set_up;
	if (out->has_start) {
		memset(out->start.rng, 0, sizeof out->start.rng);
		memset(out->start.deck, 0, sizeof out->start.deck);
		out->start.deck_known = 0;
	} else {
		memset(&out->start, 0, sizeof out->start);
	}
	out->has_secret = 0;
	memset(out->secret, 0, sizeof out->secret);
	view_redact(g, seat, &out->pos, out->view_hand, out->view_dev);
}

/* view_make: game_view's copy of g for seat, a player or SPECTATOR. */
static int view_make(const struct game *g, int seat, struct game *out, struct cerr *e)
{
	*out = *g;
	memset(&out->log, 0, sizeof out->log);
	out->view = seat;
	hide(g, seat, out);

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

int game_view(const struct game *g, int seat, struct game *out, struct cerr *e)
{
	if (g->view != NOBODY)
		return cerr_set(e, C_INPUT, "the game is already a view");
	if (seat < 0 || seat >= g->nplayers)
		return cerr_set(e, C_USAGE, "no such player in this game");
	if (!seat_moves(g, seat))
		return cerr_set(e, C_USAGE, "%s is a neutral seat: only a player has a view",
				seat_name(g, seat));
	return view_make(g, seat, out, e);
}

int game_spectator(const struct game *g, struct game *out, struct cerr *e)
{
	if (g->view != NOBODY)
		return cerr_set(e, C_INPUT, "the game is already a view");
	return view_make(g, SPECTATOR, out, e);
}

int game_public(const struct game *g, struct game *out, struct cerr *e)
{
	if (g->view != NOBODY)
		return cerr_set(e, C_INPUT, "the game is already a view");
	if (!g->has_start || g->set_up)
		return cerr_set(e, C_USAGE, "a game set up at a position holds its players' hands from the "
				"start: only a player's view can hide them");
	*out = *g;
	memset(&out->log, 0, sizeof out->log);
	hide(g, NOBODY, out);	/* the start's generator and deck order, the secret */
	memset(&out->pos, 0, sizeof out->pos);
	out->has_pos = 0;
	out->seed = -1;
	/* The dice and every outcome named are the log's. */
	out->rules.outcomes = OUT_EXTERNAL;

	char line[512];
	struct move m;
	for (size_t i = 0; i < g->log.len; i++) {
		int rc;
		if (redact(g, i, NOBODY, &m, line, sizeof line)) {
			if (m.verb == MV_DISCARD) {
				memset(m.give, 0, sizeof m.give);
				move_format(g, &m, line, sizeof line);
			}
			rc = movelog_push_move(&out->log, line, &m, e);
		} else {
			rc = movelog_push(&out->log, line, e);
		}
		if (rc != C_OK) {
			movelog_free(&out->log);
			return C_SYSTEM;
		}
	}
	return C_OK;
}

/* unnamed: whether none of the n counts is above 0 (what a hidden outcome's cards look like). */
static int unnamed(const uint8_t *c, int n)
{
	for (int i = 0; i < n; i++)
		if (c[i])
			return 0;
	return 1;
}

/* saw: whether seat (NOBODY: anyone) would have seen the outcome of m, a move of g. */
static int saw(const struct game *g, const struct move *m, int seat)
{
	if (seat == NOBODY || m->verb == MV_DISCARD)
		return 1;	/* the cards discarded go to the bank, before everyone */
	if (m->verb == MV_BUY)
		return m->seat == seat;
	if (m->verb == MV_ROBBER || m->verb == MV_STEAL)
		return m->seat == seat || m->victim == seat || g->rules.open_hands;
	return m->seat == seat || seat_opponent(g, m->seat) == seat;
}

size_t view_unnamed(const struct game *g, size_t n, int seat, const char **what)
{
	struct move m;
	struct cerr ignored = { 0 };
	for (size_t i = 0; i < n && i < g->log.len; i++) {
		if (movelog_move(g, i, &m, &ignored) != C_OK)
			return 0;	/* the replay names it */
		*what = NULL;
		if (m.verb == MV_DISCARD && unnamed(m.give, NRES))
			*what = "the cards discarded";
		else if (m.verb == MV_BUY && m.card < 0)
			*what = "the card bought";
		else if ((m.verb == MV_ROBBER || m.verb == MV_STEAL) && m.victim >= 0 && m.res < 0)
			*what = "the card stolen";
		else if (m.verb == MV_ACTION && m.action == ACT_FORCE_TRADE && unnamed(m.get, NRES))
			*what = "the cards traded";
		if (*what && saw(g, &m, seat))
			return i + 1;
	}
	*what = NULL;
	return 0;
}

int view_record_names(const struct game *g, size_t n, int seat, struct cerr *e)
{
	const char *what;
	size_t i = view_unnamed(g, n, seat, &what);
	if (i)
		return cerr_set(e, C_ILLEGAL, "move %zu '%s' does not name %s, which %s's view shows",
				i, g->log.ent[i - 1].text, what, seat_name(g, seat));
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
		for (int r = 0; r < NRES; r++) {
			pl->hand[r] = (uint8_t)hand_shown(out, s, r);
			left -= pl->hand[r];
		}
		for (int r = 0; left > 0; r = (r + 1) % NRES, left--)
			pl->hand[r]++;
	}
}

void game_seen(const struct game *g, int seat, struct game *out)
{
	struct position stand_in;
	*out = *g;
	if (g->view == NOBODY)
		hide(g, seat, out);
	out->view = seat;
	view_stand_in(out, &stand_in);
	out->pos = stand_in;
	out->pos.deck_known = 0;
	out->view = NOBODY;
}
