/* view.c: what one player may see of a game: own cards, others' counts, a redacted log. */
#include <stdio.h>
#include <string.h>

#include "names.h"
#include "pred.h"
#include "view.h"
#include "state.h"

/*
 * The log line as viewer (a colour name) may read it: another player's
 * "buy CARD" loses the card, and "robber H steal V RES" loses the card
 * unless viewer is the thief or the victim.  Writes into out (n bytes).
 */
static void redact(const char *line, const char *viewer, char *out, size_t n)
{
	char w[8][24];
	int nw = 0;
	const char *s = line;

	snprintf(out, n, "%s", line);
	while (*s && nw < 8) {
		while (*s == ' ')
			s++;
		size_t k = strcspn(s, " ");
		if (k == 0)
			break;
		if (k >= sizeof w[0])
			return;
		memcpy(w[nw], s, k);
		w[nw++][k] = '\0';
		s += k;
	}
	if (*s)
		return;
	if (nw == 3 && strcmp(w[1], "buy") == 0 && strcmp(w[0], viewer) != 0)
		snprintf(out, n, "%s buy", w[0]);
	else if (nw == 6 && strcmp(w[1], "robber") == 0 && strcmp(w[3], "steal") == 0 &&
		 strcmp(w[0], viewer) != 0 && strcmp(w[4], viewer) != 0)
		snprintf(out, n, "%s robber %s steal %s", w[0], w[2], w[4]);
}

int game_view(const struct game *g, int seat, struct game *out, struct cerr *e)
{
	if (g->view != NOBODY)
		return cerr_set(e, C_INPUT, "the game is already a view");
	if (seat < 0 || seat >= g->nplayers)
		return cerr_set(e, C_USAGE, "no such player in this game");
	*out = *g;
	memset(&out->log, 0, sizeof out->log);
	memset(&out->start, 0, sizeof out->start);
	out->has_start = 0;
	out->view = seat;

	struct position *p = &out->pos;
	memset(p->rng, 0, sizeof p->rng);
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

	const char *me = colour_names[g->colour[seat]];
	char line[512];
	for (size_t i = 0; i < g->log.len; i++) {
		redact(g->log.line[i], me, line, sizeof line);
		if (movelog_push(&out->log, line, e) != C_OK) {
			movelog_free(&out->log);
			return C_SYSTEM;
		}
	}
	return C_OK;
}
