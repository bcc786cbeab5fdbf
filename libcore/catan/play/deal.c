/* deal.c: what a seat knows of a game, and full games dealt at random that agree with it (deal.h). */
#include <string.h>

#include "play/deal.h"
#include "rng.h"
#include "model/seats.h"
#include "model/state.h"
#include "model/view.h"

void deal_know(const struct game *g, int seat, struct knowledge *k)
{
	const struct game *s = &k->seen;
	const struct position *p = &s->pos;
	int res_hidden = 0, dev_hidden = 0, res_left = 0, dev_left = 0;

	game_seen(g, seat, &k->seen);
	k->seat = seat;
	k->hidden = 0;
	for (int r = 0; r < NRES; r++)
		k->res_pool[r] = (uint8_t)(s->rs->bank_each - p->bank[r]);
	for (int d = 0; d < NDEV; d++)
		k->dev_pool[d] = s->rs->deck[d];
	for (int t = 0; t < s->nplayers; t++) {
		const struct player *pl = &p->pl[t];
		int hid_hand = !seat_may_see(g, &g->pos, seat, t, HID_HAND);
		int hid_dev = !seat_may_see(g, &g->pos, seat, t, HID_DEV);
		for (int r = 0; r < NRES; r++) {
			int known = hid_hand ? hand_shown(p, t, r) : pl->hand[r];
			k->res_pool[r] = (uint8_t)(k->res_pool[r] - (known < k->res_pool[r] ? known : k->res_pool[r]));
		}
		for (int d = 0; d < NDEV; d++) {
			int seen_cards = pl->played[d] + (d == DEV_KNIGHT ? pl->returned : 0) +
					 (hid_dev ? 0 : pl->dev[d] + pl->dev_new[d]);
			k->dev_pool[d] = (uint8_t)(k->dev_pool[d] - (seen_cards < k->dev_pool[d] ? seen_cards
												  : k->dev_pool[d]));
		}
		if (hid_hand) {
			k->hidden |= 1u << t;
			res_hidden += s->view_hand[t];
			for (int r = 0; r < NRES; r++)
				res_hidden -= hand_shown(p, t, r);
		}
		if (hid_dev)
			dev_hidden += s->view_dev[t];
	}
	for (int r = 0; r < NRES; r++)
		res_left += k->res_pool[r];
	for (int d = 0; d < NDEV; d++)
		dev_left += k->dev_pool[d];
	k->res_ok = res_left == res_hidden;
	k->dev_ok = dev_left == dev_hidden + p->deck_len;
}

/* draw_cards: n cards taken at random from pool (counts by kind, kinds of them) into out. */
static void draw_cards(uint64_t rng[4], uint8_t *pool, int kinds, int n, uint8_t *out)
{
	int total = 0;
	for (int i = 0; i < kinds; i++)
		total += pool[i];
	for (; n > 0 && total > 0; n--, total--) {
		int x = (int)rng_below(rng, (uint32_t)total), i = 0;
		while (x >= pool[i])
			x -= pool[i++];
		pool[i]--;
		out[i]++;
	}
}

void deal_game(const struct knowledge *k, uint64_t rng[4], struct game *d)
{
	struct position *p = &d->pos;
	uint8_t res[NRES], dev[NDEV];

	*d = k->seen;
	d->rules.outcomes = OUT_INTERNAL;
	memcpy(res, k->res_pool, sizeof res);
	memcpy(dev, k->dev_pool, sizeof dev);
	for (int t = 0; t < d->nplayers; t++) {
		struct player *pl = &p->pl[t];
		if (k->res_ok && (k->hidden & (1u << t))) {
			int n = d->view_hand[t];
			for (int r = 0; r < NRES; r++) {
				pl->hand[r] = (uint8_t)hand_shown(p, t, r);
				n -= pl->hand[r];
			}
			draw_cards(rng, res, NRES, n, pl->hand);
		}
		if (k->dev_ok && t != k->seat && (k->hidden & (1u << t)))
			draw_cards(rng, dev, NDEV, d->view_dev[t], pl->dev);
	}
	if (k->dev_ok) {
		int n = 0;
		for (int i = 0; i < NDEV; i++)
			for (int c = 0; c < dev[i]; c++)
				p->deck[n++] = (uint8_t)i;
		rng_shuffle(rng, p->deck, n);
		p->deck_len = (uint8_t)n;
		p->deck_known = 1;
		pos_deck_counts(p);
	}
	rng_seed(p->rng, rng_next(rng));
}
