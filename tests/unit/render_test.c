/* render_test.c: views never leak: a view's picture does not change when hidden values change. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/move.h"
#include "rules/movegen.h"
#include "model/names.h"
#include "render/palette.h"
#include "render/render_svg.h"
#include "render/render_text.h"
#include "rng.h"
#include "rules/rules.h"
#include "model/seats.h"
#include "model/state.h"
#include "unit.h"

/*
 * Method: play random games; at many positions, for each viewer, draw the
 * viewer's view (text with labels and colour, and SVG), then change every
 * value hidden from that viewer in the full game (the other players' hands
 * with their sizes kept, their development cards swapped with the deck's,
 * the deck's order, the generator, the cards in log lines the viewer may
 * not read) and draw the view again: the pictures must be byte for byte
 * the same.  The full game's picture must change (or the test proves
 * nothing).
 */

static char *draw(const struct game *g, int seat, int svg)
{
	struct render_opts o;
	struct game v;
	struct cerr e;
	char *out = NULL;
	size_t len;
	render_opts_default(&o);
	o.labels = 1;
	o.colour = 1;
	o.nlog = 1000;
	const struct game *shown = g;
	if (seat != NOBODY) {
		if (game_view(g, seat, &v, &e) != C_OK)
			return NULL;
		shown = &v;
	}
	int rc = svg ? render_svg(shown, &o, &out, &len, &e) : render_text(shown, &o, &out, &len, &e);
	if (seat != NOBODY)
		game_free(&v);
	return rc == C_OK ? out : NULL;
}

/* Another card name than the one at the end of line (after "buy " or a stolen resource). */
static void reword(char *line, const char *viewer)
{
	char who[16], victim[16], card[24];
	int hex;
	size_t n = strlen(line);
	if (sscanf(line, "%15s buy %23s", who, card) == 2 && strcmp(who, viewer) != 0) {
		int d = dev_parse(card);
		snprintf(line + n - strlen(card), strlen(card) + 1, "%s", dev_names[(d + 1) % NDEV]);
	} else if (sscanf(line, "%15s robber %d steal %15s %23s", who, &hex, victim, card) == 4 &&
		   strcmp(who, viewer) != 0 && strcmp(victim, viewer) != 0) {
		int r = resource_parse(card);
		line[n - strlen(card)] = '\0';
		strcat(line, resource_names[(r + 1) % NRES]);
	}
}

/* perturb: changes in g what seat may not see; returns how many values changed. */
static int perturb(struct game *g, int seat, uint64_t rng[4])
{
	struct position *p = &g->pos;
	int changed = 0, others[MAXPLAYERS], no = 0;
	int winner = p->phase == PH_OVER ? p->current : NOBODY;

	for (int s = 0; s < g->nplayers; s++)
		if (s != seat)
			others[no++] = s;
	p->rng[0] ^= 0x5555aaaa5555aaaaull;
	p->rng[3] += 12345;
	changed++;
	if (p->deck_len > 1) {
		rng_shuffle(rng, p->deck, p->deck_len);
		changed++;
	}
	/* Hands: a card of one kind from a to b, one of another kind back. */
	for (int i = 0; i + 1 < no; i++) {
		struct player *a = &p->pl[others[i]], *b = &p->pl[others[i + 1]];
		for (int r = 0; r < NRES; r++)
			for (int r2 = 0; r2 < NRES; r2++)
				if (r != r2 && a->hand[r] && b->hand[r2]) {
					a->hand[r]--, b->hand[r]++;
					b->hand[r2]--, a->hand[r2]++;
					changed++;
					r = r2 = NRES;
				}
	}
	/* Development cards: one held card swapped with a different card of the deck. */
	for (int i = 0; i < no; i++) {
		struct player *a = &p->pl[others[i]];
		if (others[i] == winner)
			continue;
		for (int d = 0; d < NDEV; d++) {
			if (!a->dev[d])
				continue;
			for (int k = 0; k < p->deck_len; k++)
				if (p->deck[k] != d) {
					a->dev[d]--;
					a->dev[p->deck[k]]++;
					p->deck_count[p->deck[k]]--;
					p->deck_count[d]++;
					p->deck[k] = (uint8_t)d;
					changed++;
					break;
				}
			break;
		}
	}
	const char *viewer = seat_name(g, seat);
	for (size_t i = 0; i < g->log.len; i++) {
		char line[320];	/* a log line (200 characters at most) and room to reword it */
		struct cerr e;
		snprintf(line, sizeof line, "%s", g->log.ent[i].text);
		reword(line, viewer);
		if (strcmp(line, g->log.ent[i].text) != 0 && movelog_set_text(&g->log, i, line, &e) == C_OK)
			changed++;
	}
	return changed;
}

/* Picks a move at random, preferring those that change the position. */
static const struct move *pick(const struct move *ms, int n, uint64_t rng[4])
{
	int end = -1;
	for (int i = 0; i < n; i++)
		if (ms[i].verb == MV_END)
			end = i;
	if (end >= 0 && rng_below(rng, 4) == 0)
		return &ms[end];
	return &ms[rng_below(rng, (uint32_t)n)];
}

/* contains: 1 when s holds the text fmt makes. */
static int contains(const char *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int contains(const char *s, const char *fmt, ...)
{
	char want[160];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(want, sizeof want, fmt, ap);
	va_end(ap);
	return s && strstr(s, want) != NULL;
}

/* six_seats: the beginner game of four with the six colours seated in order; 0 when it fails. */
static int six_seats(struct unit *u, struct game *g)
{
	struct newgame o = { .nplayers = 4, .beginner = 1, .seed = 1,
			     .colour = { COL_RED, COL_BLUE, COL_WHITE, COL_ORANGE } };
	struct cerr e;

	rules_default(&o.rules);
	if (game_new(g, &o, &e) != C_OK) {
		CHECK(u, 0, "game_new: %s", e.msg);
		return 0;
	}
	g->nplayers = NCOLOUR;
	for (int s = 0; s < NCOLOUR; s++)
		g->colour[s] = s;
	return 1;
}

/*
 * Green and brown pieces, on the beginner game with the two seated after
 * the four by hand: their letters in text (g, N for a city), their
 * terminal colours, their fills in SVG, their lines in the panel.
 */
static void test_green_brown(struct unit *u)
{
	const struct geometry *geo = &geometry_base;
	struct game g;
	struct cerr e;
	int at[2] = { -1, -1 };

	if (!six_seats(u, &g))
		return;
	for (int n = 0, i = 0; n < geo->nnode && i < 2; n++)
		if (pos_node_open(geo, &g.pos, n)) {
			pos_place_settlement(&g, &g.pos, 4 + i, n);
			at[i++] = n;
		}
	pos_place_city(geo, &g.pos, 5, at[1]);
	pos_place_road(geo, &g.pos, 4, geo->node_edges[at[0]][0]);
	pos_count_pieces(g.rs, &g.board, &g.pos, g.nplayers);

	struct render_opts ro;
	char *out = NULL;
	size_t len;
	render_opts_default(&ro);
	ro.labels = 1;
	CHECK(u, render_text(&g, &ro, &out, &len, &e) == C_OK && contains(out, "g%d", at[0] + 1) &&
		     contains(out, "N%d", at[1] + 1) && contains(out, "green (g/G): %d point", 1) &&
		     contains(out, "brown (n/N): %d points", 2),
	      "text: green's settlement g%d, brown's city N%d, and their lines", at[0] + 1, at[1] + 1);
	free(out);
	ro.colour = 1;
	CHECK(u, render_text(&g, &ro, &out, &len, &e) == C_OK && contains(out, "\033[1;38;5;%dmg", 34) &&
		     contains(out, "\033[1;38;5;%dmN", 94),
	      "text in colour: green and brown have their own");
	free(out);
	CHECK(u, render_svg(&g, &ro, &out, &len, &e) == C_OK &&
		     contains(out, "<title>green settlement %d</title><path ", at[0] + 1) &&
		     contains(out, "<title>brown city %d</title><path ", at[1] + 1) &&
		     strstr(out, "fill=\"#43a047\"") && strstr(out, "fill=\"#6d4c41\"") &&
		     strstr(out, "stroke=\"#43a047\""),
	      "SVG: green and brown pieces in their fills");
	free(out);
	game_free(&g);
}

/*
 * outline_size: the width and height of a building's outline, the path
 * "M x y" followed by relative h, v and l steps as the board writes it.
 */
static int outline_size(const char *d, double *w, double *h)
{
	double x, y, x0, x1, y0, y1;
	int n;
	if (sscanf(d, "M%lf %lf%n", &x, &y, &n) != 2)
		return 0;
	x0 = x1 = x;
	y0 = y1 = y;
	for (d += n; *d && *d != 'z';) {
		char c = *d++;
		double a, b = 0;
		if (c == 'h' && sscanf(d, "%lf%n", &a, &n) == 1)
			x += a;
		else if (c == 'v' && sscanf(d, "%lf%n", &b, &n) == 1)
			y += b;
		else if (c == 'l' && sscanf(d, "%lf %lf%n", &a, &b, &n) == 2)
			x += a, y += b;
		else
			return 0;
		d += n;
		x0 = x < x0 ? x : x0, x1 = x > x1 ? x : x1;
		y0 = y < y0 ? y : y0, y1 = y > y1 ? y : y1;
	}
	*w = x1 - x0;
	*h = y1 - y0;
	return 1;
}

/*
 * A city reads as a city beside a settlement, in every colour: its
 * outline is half as wide and half as tall again as a settlement's, it has
 * windows, and it is filled with its player's colour.
 */
static void test_city_shape(struct unit *u)
{
	const struct geometry *geo = &geometry_base;
	struct game g;
	struct cerr e;
	int at[NCOLOUR + 1], k = 0;

	if (!six_seats(u, &g))
		return;
	memset(g.pos.node_owner, -1, sizeof g.pos.node_owner);
	memset(g.pos.node_kind, 0, sizeof g.pos.node_kind);
	memset(g.pos.edge_owner, -1, sizeof g.pos.edge_owner);
	for (int n = 0; n < geo->nnode && k <= NCOLOUR; n++)
		if (pos_node_open(geo, &g.pos, n)) {
			pos_place_settlement(&g, &g.pos, k % NCOLOUR, n);
			at[k++] = n;
		}
	for (int s = 0; s < NCOLOUR; s++)
		pos_place_city(geo, &g.pos, s, at[s]);
	pos_count_pieces(g.rs, &g.board, &g.pos, g.nplayers);

	struct render_opts ro;
	char *out = NULL, want[80];
	size_t len;
	double sw = 0, sh = 0;
	render_opts_default(&ro);
	CHECK(u, render_svg(&g, &ro, &out, &len, &e) == C_OK, "SVG of six cities: %s", e.msg);
	snprintf(want, sizeof want, "<title>red settlement %d</title><path d=\"", at[NCOLOUR] + 1);
	const char *p = out ? strstr(out, want) : NULL;
	CHECK(u, p && outline_size(p + strlen(want), &sw, &sh), "the settlement's outline");
	for (int s = 0; s < NCOLOUR && out; s++) {
		double cw = 0, ch = 0;
		snprintf(want, sizeof want, "<title>%s city %d</title><path d=\"", colour_names[s], at[s] + 1);
		p = strstr(out, want);
		const char *end = p ? strstr(p, "</g>") : NULL;
		CHECK(u, p && outline_size(p + strlen(want), &cw, &ch) && cw >= 1.5 * sw && ch >= 1.5 * sh,
		      "%s city: %.0f x %.0f beside a settlement's %.0f x %.0f", colour_names[s], cw, ch, sw, sh);
		snprintf(want, sizeof want, "fill=\"%s\"", palette_fill(s));
		const char *f = p ? strstr(p, want) : NULL, *win = p ? strstr(p, "class=\"windows\"") : NULL;
		CHECK(u, f && f < end && win && win < end, "%s city: filled %s, with windows", colour_names[s],
		      palette_fill(s));
	}
	free(out);
	game_free(&g);
}

int main(void)
{
	static struct move ms[4096];
	struct unit u = { 0 };
	uint64_t rng[4];
	int positions = 0, full_changed = 0, phases[NPHASE] = { 0 };

	rng_seed(rng, 2026);
	for (int k = 0; k < 16; k++) {
		struct newgame o = { .nplayers = 2 + k % 3, .beginner = k % 2, .seed = (uint64_t)k };
		struct cerr e;
		struct game g;
		for (int s = 0; s < o.nplayers; s++)
			o.colour[s] = (uint8_t)((s + k) % ruleset_base.colours);
		rules_default(&o.rules);
		if (k % 4 == 2) {	/* Catan for Two */
			o.nplayers = 2;
			o.rules.variant = VAR_TWO;
		} else if (k % 8 == 3) {	/* the thirty-hex board, with its building phase */
			o.nplayers = 3;
			o.beginner = 0;
			o.rules.variant = VAR_SIX;
			for (int s = 0; s < o.nplayers; s++)
				o.colour[s] = (uint8_t)((s + k) % ruleset_six.colours);
		}
		o.rules.knight_interrupt = k % 3 == 0;
		if (game_new(&g, &o, &e) != C_OK) {
			CHECK(&u, 0, "game_new: %s", e.msg);
			continue;
		}
		for (int moves = 0; moves < 1500 && g.pos.phase != PH_OVER; moves++) {
			int n = movegen_legal(&g, NOBODY, 0, ms, 4096);
			if (n <= 0 || rules_apply(&g, pick(ms, n < 4096 ? n : 4096, rng), 0, &e) != C_OK)
				break;
			int odd = g.pos.phase == PH_DISCARD || g.pos.phase == PH_ROBBER || g.pos.offer.active ||
				  g.pos.phase == PH_NEUTRAL || g.pos.phase == PH_GIVE ||
				  g.pos.phase == PH_INTERRUPT || g.pos.phase == PH_STEAL;
			if (moves % 61 > 1 && g.pos.phase != PH_OVER && !(odd && rng_below(rng, 12) == 0))
				continue;
			phases[g.pos.phase]++;
			for (int seat = 0; seat < g.nplayers; seat++) {
				struct game h;
				if (!seat_moves(&g, seat))
					continue;	/* a neutral seat has no view */
				if (game_copy(&h, &g, &e) != C_OK)
					continue;
				perturb(&h, seat, rng);
				for (int svg = 0; svg < 2; svg++) {
					char *a = draw(&g, seat, svg), *b = draw(&h, seat, svg);
					CHECK(&u, a && b && strcmp(a, b) == 0,
					      "game %d move %d: %s's %s view shows a hidden value", k, moves,
					      seat_name(&g, seat), svg ? "SVG" : "text");
					free(a);
					free(b);
				}
				char *fa = draw(&g, NOBODY, 0), *fb = draw(&h, NOBODY, 0);
				full_changed += fa && fb && strcmp(fa, fb) != 0;
				free(fa);
				free(fb);
				game_free(&h);
				positions++;
			}
		}
		game_free(&g);
	}
	for (int ph = 0; ph < NPHASE; ph++)
		CHECK(&u, phases[ph] > 0, "no position in phase %s", phase_names[ph]);
	CHECK(&u, positions > 200, "only %d positions drawn", positions);
	CHECK(&u, full_changed > positions / 2, "the changes showed in only %d of %d full pictures",
	      full_changed, positions);
	test_green_brown(&u);
	test_city_shape(&u);
	printf("# %d positions and viewers, %d full pictures changed\n", positions, full_changed);
	printf("%d checks, %d failed\n", u.run, u.failed);
	return u.failed != 0;
}
