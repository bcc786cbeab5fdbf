/* dice_render.c: the dice game's sheets as text and SVG, and its score reports. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "dice_label.h"
#include "dice_render.h"
#include "jw.h"

#define BIT(i) ((uint64_t)1 << (i))

static int score_of(const struct dgame *g, int seat)
{
	return g->map.island == 1 ? dice_track_total(&g->p[seat]) : dice_vp(g, seat);
}

static const char *award_word(int holder, unsigned lost, int seat)
{
	return holder == seat ? "held" : (lost & (1u << seat)) ? "lost" : "no";
}

/*
 * The text is for a terminal or a mail: no line longer than TEXT_WIDTH.
 * A list of words goes on under its first word's column (struct wrap).
 */
#define TEXT_WIDTH 78

struct wrap {
	struct buf *b;
	int col, indent;
};

/* wrap_start: a line that begins with head (its list then goes on from indent). */
static void wrap_start(struct wrap *w, struct buf *b, const char *head, int indent)
{
	w->b = b;
	w->indent = indent;
	w->col = (int)strlen(head);
	buf_adds(b, head);
}

/* wrap_word: " word" on the line, or word on a new line at the indent when it would pass TEXT_WIDTH. */
static void wrap_word(struct wrap *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void wrap_word(struct wrap *w, const char *fmt, ...)
{
	char word[128];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(word, sizeof word, fmt, ap);
	va_end(ap);
	n = n < 0 ? 0 : n >= (int)sizeof word ? (int)sizeof word - 1 : n;
	if (w->col > w->indent && w->col + 1 + n > TEXT_WIDTH) {
		buf_printf(w->b, "\n%*s", w->indent - 1, "");
		w->col = w->indent - 1;
	}
	buf_printf(w->b, " %s", word);
	w->col += 1 + n;
}

/* headline: who plays, or who won; the map's title on a line of its own when the whole is too long. */
static void headline(struct buf *b, const struct dgame *g)
{
	char what[160];
	size_t n = 0;
	what[0] = '\0';
#define SAY(...) (n += (size_t)snprintf(what + n, n < sizeof what ? sizeof what - n : 0, __VA_ARGS__))
	int seat = dice_seat(g);
	if (g->over) {
		unsigned w = dice_winners(g);
		int k = 0, best = 0;
		for (int i = 0; i < g->nplayers; i++)
			if (w & (1u << i)) {
				SAY("%s%s", k++ ? ", " : "game over, won by ", g->p[i].name);
				best = score_of(g, i);
			}
		SAY(" with %d %s", best, g->map.island == 1 ? "points" : "victory points");
	} else if (dice_setup(g)) {
		SAY("%s chooses a start road on the coast", g->p[seat].name);
	} else if (g->map.island == 1) {
		SAY("%s's turn %d of %d", g->p[seat].name, (int)((g->number - 1) / g->nplayers) + 1, DICE_TURNS);
	} else {
		SAY("turn %u, %s to play; %d victory points win", g->number, g->p[seat].name, DICE_WIN_VP);
	}
#undef SAY
	if (strlen(g->map.title) + 2 + strlen(what) > TEXT_WIDTH)
		buf_printf(b, "%s\n%s\n", g->map.title, what);
	else
		buf_printf(b, "%s: %s\n", g->map.title, what);
	if (g->over || dice_setup(g))
		return;
	if (!g->rolls) {
		buf_printf(b, "dice: %d to roll\n", g->ndice);
		return;
	}
	struct wrap w;
	char head[48];
	snprintf(head, sizeof head, "dice after roll %d of 3%s:", g->rolls, g->locked ? ", rolling over" : "");
	wrap_start(&w, b, head, 2);
	for (int d = 0; d < g->ndice; d++)
		wrap_word(&w, "%d %s%s", d + 1, dice_face_names[g->dice[d]], (g->used & (1u << d)) ? " (spent)" : "");
	buf_adds(b, "\n");
}

/* list_start: a player's line of one kind of site: its label in a column of 12, the sites from column 15. */
static void list_start(struct wrap *w, struct buf *b, const char *label)
{
	char head[32];
	snprintf(head, sizeof head, "  %-12s", label);
	wrap_start(w, b, head, 15);
}

static void kind_line(struct buf *b, const struct dgame *g, const struct dplayer *p, int kind,
		      const char *label)
{
	const struct dmap *m = &g->map;
	struct wrap w;
	int any = 0;
	for (int i = 0; i < m->nsites; i++) {
		const struct dsite *s = &m->s[i];
		char joker[32] = "", desert[40] = "";
		if (s->kind != kind && !(kind == DK_ROAD && s->kind == DK_START))
			continue;
		if (!any++)
			list_start(&w, b, label);
		int built = kind == DK_DESERT ? dice_joker_usable(g, (int)(p - g->p), i) ||
							(p->jokers & BIT(i))
					      : (p->built & BIT(i)) != 0;
		if (s->joker != DJ_NONE)
			snprintf(joker, sizeof joker, ":%s%s", dice_joker_name(s->joker),
				 (p->jokers & BIT(i)) ? ":used" : "");
		if (kind == DK_DESERT)
			snprintf(desert, sizeof desert, "(%s+%s)", m->s[s->needs[0]].id, m->s[s->needs[1]].id);
		wrap_word(&w, "%s%s%s%s%s%s", built ? "[" : "", s->id, s->mark ? "*" : "", joker, desert,
			  built ? "]" : "");
	}
	if (any)
		buf_adds(b, "\n");
}

/* points_line: a player's victory points and awards (Island Two and the Extra), broken between its parts. */
static void points_line(struct buf *b, const struct dgame *g, int seat)
{
	struct wrap w;
	list_start(&w, b, "points");
	wrap_word(&w, "%d of %d;", dice_vp(g, seat), DICE_WIN_VP);
	wrap_word(&w, "longest road %s (road %d),", award_word(g->road_holder, g->road_lost, seat),
		  dice_road_of(g, seat));
	wrap_word(&w, "largest army %s (knights %d)", award_word(g->army_holder, g->army_lost, seat),
		  dice_knights(&g->map, g->p[seat].built));
	buf_adds(b, "\n");
}

/* extra_line: the sites of kind in set, by id, with jokers as in kind_line; nothing when none. */
static void extra_line(struct buf *b, const struct dgame *g, const struct dplayer *p, uint64_t set, int kind,
		       const char *label)
{
	const struct dmap *m = &g->map;
	struct wrap w;
	uint64_t x = set & m->kinds[kind];
	if (!x)
		return;
	list_start(&w, b, label);
	for (; x; x &= x - 1) {
		const struct dsite *s = &m->s[__builtin_ctzll(x)];
		if (p && s->joker != DJ_NONE)
			wrap_word(&w, "%s:%s%s", s->id, dice_joker_name(s->joker),
				  (p->jokers & BIT(__builtin_ctzll(x))) ? ":used" : "");
		else
			wrap_word(&w, "%s", s->id);
	}
	buf_adds(b, "\n");
}

/* extra_text: the Extra's one map: each player's sites, then the sites nobody has built. */
static void extra_text(struct buf *b, const struct dgame *g)
{
	const struct dmap *m = &g->map;
	static const int kinds[] = { DK_ROAD, DK_SETTLEMENT, DK_CITY, DK_KNIGHT, DK_CASTLE };
	static const char *const labels[] = { "roads", "settlements", "cities", "knights", "castles" };
	uint64_t all = 0;
	for (int i = 0; i < g->nplayers; i++) {
		const struct dplayer *p = &g->p[i];
		all |= p->built;
		buf_printf(b, "\n%s (start road %s)\n", p->name, p->start >= 0 ? m->s[p->start].id : "not chosen");
		for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
			extra_line(b, g, p, p->built, kinds[k], labels[k]);
		for (uint64_t d = m->kinds[DK_DESERT]; d; d &= d - 1) {
			int j = __builtin_ctzll(d);
			if (dice_joker_usable(g, i, j) || (p->jokers & BIT(j)))
				buf_printf(b, "  %-12s %s:any%s(%s+%s)\n", "deserts", m->s[j].id,
					    (p->jokers & BIT(j)) ? ":used" : "", m->s[m->s[j].needs[0]].id,
					    m->s[m->s[j].needs[1]].id);
		}
		points_line(b, g, i);
	}
	buf_printf(b, "\nnobody's yet%s\n", g->castles ? "" : " (castles are not played)");
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		if (kinds[k] != DK_CASTLE || g->castles)
			extra_line(b, g, NULL, m->sites & ~all, kinds[k], labels[k]);
	buf_printf(b, "\n:used joker used%s\n", m->builtin ? "; the map is our own design, not the printed one" : "");
}

int dice_render_text(const struct dgame *g, char **out, size_t *len, struct cerr *e)
{
	struct buf b;
	buf_init(&b);
	headline(&b, g);
	if (g->map.island == DICE_EXTRA) {
		extra_text(&b, g);
		return buf_finish(&b, out, len, e);
	}
	for (int i = 0; i < g->nplayers; i++) {
		const struct dplayer *p = &g->p[i];
		buf_printf(&b, "\n%s\n", p->name);
		kind_line(&b, g, p, DK_ROAD, "roads");
		kind_line(&b, g, p, DK_SETTLEMENT, "settlements");
		kind_line(&b, g, p, DK_CITY, "cities");
		kind_line(&b, g, p, DK_KNIGHT, "knights");
		kind_line(&b, g, p, DK_DESERT, "deserts");
		if (g->map.island == 1) {
			buf_printf(&b, "  %-12s", "track");
			for (int t = 0; t < DICE_TURNS; t++) {
				if (t >= p->ntrack)
					buf_printf(&b, " .");
				else if (p->track[t] == DICE_X)
					buf_printf(&b, " X");
				else
					buf_printf(&b, " %d", p->track[t]);
			}
			buf_printf(&b, "  = %d\n", dice_track_total(p));
		} else {
			points_line(&b, g, i);
		}
	}
	buf_printf(&b, "\n[..] built   :used joker used%s\n",
		    g->map.mark >= 0 ? "   * longest-road mark" : "");
	return buf_finish(&b, out, len, e);
}

/* ---- SVG ---- */

/*
 * The printed sheet's layout: the island (the map's drawing positions, 0..1000, scaled by S)
 * with a resource hex under every knight, the building costs and the dice in a column on the
 * right, the scoring track along the bottom.  No text is smaller than 12 pixels.
 */
#define SHEET_W 1120
#define SHEET_H 720
#define S 1.25
#define OX 0.0
#define OY 20.0
#define COL_X 890		/* the right-hand column */
#define TRACK_Y 612
#define INK "#3b2a1a"
#define HALO "stroke=\"#fffdf5\" stroke-width=\"3\" paint-order=\"stroke\""

/* Gold is a dark old gold with white letters, far in lightness from grain's bright yellow. */
static const char *const face_fill[DF_N] = { "#8d8f9e", "#f0c419", "#a4d65e", "#2e7d32", "#b5532a",
					     "#9a6a08" };
/* The letter a cost square carries, and whether it is set in white on a dark face. */
static const char face_letter[DF_N] = { 'O', 'G', 'W', 'L', 'B', '$' };
static const int face_dark[DF_N] = { 0, 0, 0, 1, 1, 1 };
/* A used joker's name: grey, never struck through, so that it stays legible. */
#define USED_INK "#6e6e6e"
#define SAND "#e8d49a"

/*
 * used_mark: a used joker's mark, a red disc with a white tick centred on
 * (x, y), set beside the joker's name rather than over it.
 */
static void used_mark(struct buf *b, double x, double y)
{
	buf_printf(b, "<g class=\"used\"><title>joker used</title><circle cx=\"%.1f\" cy=\"%.1f\" r=\"8\" "
		    "fill=\"#c0392b\" stroke=\"#fffdf5\" stroke-width=\"1.5\"/><path d=\"M%.1f %.1fl3 3.5l5.5-7\" "
		    "fill=\"none\" stroke=\"#ffffff\" stroke-width=\"2.2\" stroke-linecap=\"round\" "
		    "stroke-linejoin=\"round\"/></g>\n", x, y, x - 4.5, y + 0.2);
}

static double sx(int x)
{
	return OX + x * S;
}

static double sy(int y)
{
	return OY + y * S;
}

static void xml_text(struct buf *b, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '<': buf_printf(b, "&lt;"); break;
		case '>': buf_printf(b, "&gt;"); break;
		case '&': buf_printf(b, "&amp;"); break;
		case '"': buf_printf(b, "&quot;"); break;
		default: buf_printf(b, "%c", *s);
		}
}

static void road_from(const struct dmap *m, const struct dsite *s, int *x, int *y)
{
	if (s->after >= 0) {
		*x = m->s[s->after].x;
		*y = m->s[s->after].y;
	} else {
		*x = s->x - 45;
		*y = s->y + 18;
	}
}

static void hexagon(struct buf *b, double x, double y, double r, const char *cls, const char *fill)
{
	buf_printf(b, "<polygon class=\"%s\" points=\"", cls);
	for (int k = 0; k < 6; k++) {
		static const double c[6][2] = { { 0, -1 }, { 0.866, -0.5 }, { 0.866, 0.5 },
						{ 0, 1 },  { -0.866, 0.5 }, { -0.866, -0.5 } };
		buf_printf(b, "%s%.1f,%.1f", k ? " " : "", x + c[k][0] * r, y + c[k][1] * r);
	}
	buf_printf(b, "\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2.5\"/>\n", fill, INK);
}

/* A hex's radius: it touches its nearest knight's or desert's hex at most, however close the map sets them. */
static double hex_radius(const struct dmap *m, int i)
{
	const struct dsite *p = &m->s[i];
	double best = 62;
	for (int j = 0; j < m->nsites; j++) {
		const struct dsite *q = &m->s[j];
		if (j == i || (q->kind != DK_KNIGHT && q->kind != DK_DESERT))
			continue;
		double dx = (p->x - q->x) * S, dy = (p->y - q->y) * S;
		/* Pointy hexes side by side, or one below and beside another, touch at sqrt(3) r. */
		double r = sqrt(dx * dx + dy * dy) / 1.7320508;
		if (r < best)
			best = r;
	}
	return best < 26 ? 26 : best;
}

/* The island's terrain: a resource hex under every knight, a desert hex for a desert. */
static void svg_hexes(struct buf *b, const struct dgame *g)
{
	const struct dmap *m = &g->map;
	buf_printf(b, "<g id=\"hexes\">\n");
	for (int i = 0; i < m->nsites; i++) {
		const struct dsite *s = &m->s[i];
		double r = s->kind == DK_KNIGHT || s->kind == DK_DESERT ? hex_radius(m, i) : 0;
		if (s->kind == DK_KNIGHT) {
			char cls[32];
			int res = s->joker >= 0 && s->joker < DF_NRES;
			snprintf(cls, sizeof cls, "hex %s", res ? dice_face_names[s->joker] : "any");
			hexagon(b, sx(s->x), sy(s->y), r - 2, cls, res ? face_fill[s->joker] : SAND);
		} else if (s->kind == DK_DESERT) {
			hexagon(b, sx(s->x), sy(s->y), r - 2, "hex desert", SAND);
		}
	}
	buf_printf(b, "</g>\n");
}

static void svg_roads(struct buf *b, const struct dgame *g, const struct dplayer *p)
{
	const struct dmap *m = &g->map;
	for (int i = 0; i < m->nsites; i++) {
		const struct dsite *s = &m->s[i];
		int x0, y0;
		if (s->kind != DK_ROAD && s->kind != DK_START)
			continue;
		road_from(m, s, &x0, &y0);
		int built = (p->built & BIT(i)) != 0;
		buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"" INK "\" "
			    "stroke-width=\"15\" stroke-linecap=\"round\"/>\n", sx(x0), sy(y0), sx(s->x), sy(s->y));
		buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
			    "stroke-width=\"10\" stroke-linecap=\"round\"/>\n", sx(x0), sy(y0), sx(s->x), sy(s->y),
			    built ? "#c0392b" : s->mark ? "#b0b0b0" : "#fffdf5");
	}
	/* The names over every road, so that no road covers another's name. */
	for (int i = 0; i < m->nsites; i++) {
		const struct dsite *s = &m->s[i];
		int x0, y0;
		if (s->kind != DK_ROAD)
			continue;
		road_from(m, s, &x0, &y0);
		buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\" font-weight=\"bold\" "
			    "text-anchor=\"middle\" " HALO ">%s</text>\n",
			    (sx(x0) + sx(s->x)) / 2, (sy(y0) + sy(s->y)) / 2 - 11, s->id);
	}
}

static void svg_buildings(struct buf *b, const struct dgame *g, const struct dplayer *p)
{
	const struct dmap *m = &g->map;
	for (int i = 0; i < m->nsites; i++) {
		const struct dsite *s = &m->s[i];
		int built = (p->built & BIT(i)) != 0;
		double x = sx(s->x), y = sy(s->y);
		const char *fill = built ? "#c0392b" : "#fffdf5", *ink = built ? "#ffffff" : "#222222";
		if (s->after >= 0 && s->kind != DK_ROAD)
			buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"" INK "\" "
				    "stroke-width=\"1.5\" stroke-dasharray=\"4 4\"/>\n",
				    sx(m->s[s->after].x), sy(m->s[s->after].y), x, y);
		if (s->kind == DK_SETTLEMENT)
			buf_printf(b, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\" "
				    "stroke=\"" INK "\" stroke-width=\"2\"/>\n", x - 16, y + 14, x - 16, y - 4, x, y - 20,
				    x + 16, y - 4, x + 16, y + 14, fill);
		else if (s->kind == DK_CITY)
			buf_printf(b, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f "
				    "%.1f,%.1f\" fill=\"%s\" stroke=\"" INK "\" stroke-width=\"2\"/>\n", x - 25, y + 16,
				    x - 25, y - 5, x - 10, y - 5, x - 10, y - 15, x + 5, y - 28, x + 20, y - 15,
				    x + 20, y + 16, fill);
		else if (s->kind == DK_KNIGHT)
			buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"19\" fill=\"%s\" stroke=\"" INK "\" "
				    "stroke-width=\"2.5\"/>\n", x, y - 6, fill);
		else if (s->kind == DK_DESERT) {
			for (int k = 0; k < 2; k++)
				buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"" INK "\" "
					    "stroke-width=\"1.5\" stroke-dasharray=\"3 4\"/>\n", x, y - 14,
					    sx(m->s[s->needs[k]].x), sy(m->s[s->needs[k]].y) + 13);
			ink = "#222222";
		} else {
			continue;
		}
		double ty = s->kind == DK_KNIGHT ? y : y + 7;
		if (s->kind == DK_DESERT)
			buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"18\" font-weight=\"bold\" "
				    "text-anchor=\"middle\" fill=\"%s\">?</text>\n", x, y - 2, ink);
		else if (g->map.island == 1)
			buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"15\" font-weight=\"bold\" "
				    "text-anchor=\"middle\" fill=\"%s\">%d</text>\n", x, ty, ink, s->points);
		else	/* Island Two: victory points on buildings, the id on knights */
			buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"15\" font-weight=\"bold\" "
				    "text-anchor=\"middle\" fill=\"%s\">%s</text>\n", x, ty, ink,
				    s->kind == DK_KNIGHT ? s->id : s->kind == DK_CITY ? "2" : "1");
		if (s->joker != DJ_NONE) {
			/* The joker: the hex's resource named under the knight, greyed and ticked once used. */
			double jy = y + (s->kind == DK_DESERT ? 8 : 17);
			int used = (p->jokers & BIT(i)) != 0;
			buf_printf(b, "<g class=\"joker%s\"><rect x=\"%.1f\" y=\"%.1f\" width=\"54\" height=\"19\" rx=\"4\" "
				    "fill=\"%s\" stroke=\"%s\"/>", used ? " used" : "", x - 27, jy,
				    used ? "#ece6d6" : "#fffdf5", used ? USED_INK : INK);
			buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\" text-anchor=\"middle\"%s>%s</text>",
				    x, jy + 14, used ? " fill=\"" USED_INK "\"" : "", dice_joker_name(s->joker));
			if (used)
				used_mark(b, x + 36, jy + 9.5);
			buf_adds(b, "</g>\n");
		}
	}
}

/* A cost or a die: a square in the face's colour with its letter. */
static void face_square(struct buf *b, double x, double y, int face)
{
	buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"22\" height=\"22\" rx=\"4\" fill=\"%s\" "
		    "stroke=\"#222222\"/>\n", x, y, face_fill[face]);
	buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\" font-weight=\"bold\" text-anchor=\"middle\" "
		    "fill=\"%s\">%c</text>\n", x + 11, y + 16, face_dark[face] ? "#ffffff" : "#222222",
		    face_letter[face]);
}

/* The building costs, as printed beside the island, and the key to the letters. */
static void svg_costs(struct buf *b)
{
	static const int kinds[4] = { DK_ROAD, DK_SETTLEMENT, DK_CITY, DK_KNIGHT };
	static const char *const names[4] = { "Road", "Settlement", "City", "Knight" };
	int y = 80;
	buf_printf(b, "<g id=\"costs\">\n");
	buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"212\" height=\"318\" rx=\"10\" fill=\"#fffdf5\" "
		    "stroke=\"" INK "\" stroke-width=\"2\"/>\n", COL_X, y);
	buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"17\" font-weight=\"bold\">Building costs</text>\n",
		    COL_X + 14, y + 28);
	for (int k = 0; k < 4; k++) {
		struct dsite site;
		uint8_t cost[DF_N];
		int ry = y + 44 + 46 * k, n = 0;
		memset(&site, 0, sizeof site);
		site.kind = (uint8_t)kinds[k];
		dice_site_cost(&site, cost);
		buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"14\">%s</text>\n", COL_X + 14, ry + 14, names[k]);
		for (int f = 0; f < DF_N; f++)
			for (int c = 0; c < cost[f]; c++, n++)
				face_square(b, COL_X + 14 + 26 * n, ry + 20, f);
	}
	for (int f = 0; f < DF_NRES; f++) {
		int kx = COL_X + 14 + (f % 2) * 100, ky = y + 240 + (f / 2) * 26;
		face_square(b, kx, ky, f);
		buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"13\">%s</text>\n", kx + 28, ky + 16,
			    dice_face_names[f]);
	}
	buf_printf(b, "</g>\n");
}

static void svg_track(struct buf *b, const struct dgame *g, int seat)
{
	const struct dplayer *p = &g->p[seat];
	int y = TRACK_Y;
	buf_printf(b, "<rect x=\"14\" y=\"%d\" width=\"%d\" height=\"92\" rx=\"10\" fill=\"#fffdf5\" "
		    "stroke=\"" INK "\" stroke-width=\"2\"/>\n", y - 20, SHEET_W - 28);
	if (g->map.island == 1) {
		buf_printf(b, "<text x=\"30\" y=\"%d\" font-size=\"15\" font-weight=\"bold\">Score</text>\n", y + 32);
		for (int t = 0; t < DICE_TURNS; t++) {
			int x = 86 + 56 * t;
			buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\" "
				    "fill=\"#6b5a40\">%d</text>\n", x + 25, y - 4, t + 1);
			buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"50\" height=\"44\" rx=\"4\" fill=\"#ffffff\" "
				    "stroke=\"" INK "\" stroke-width=\"1.5\"/>\n", x, y + 2);
			if (t < p->ntrack) {
				char v[8];
				if (p->track[t] == DICE_X)
					snprintf(v, sizeof v, "X");
				else
					snprintf(v, sizeof v, "%d", p->track[t]);
				buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"20\" text-anchor=\"middle\">%s</text>\n",
					    x + 25, y + 31, v);
			}
		}
		buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"22\" font-weight=\"bold\">= %d</text>\n",
			    86 + 56 * DICE_TURNS + 6, y + 32, dice_track_total(p));
		return;
	}
	int vp = dice_vp(g, seat);
	buf_printf(b, "<text x=\"30\" y=\"%d\" font-size=\"15\" font-weight=\"bold\">Victory points</text>\n",
		    y + 30);
	for (int k = 0; k < DICE_WIN_VP; k++) {
		buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"36\" height=\"36\" rx=\"4\" fill=\"%s\" "
			    "stroke=\"" INK "\" stroke-width=\"1.5\"/>\n", 160 + 42 * k, y + 6,
			    k < vp ? "#c0392b" : "#ffffff");
		buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"13\" text-anchor=\"middle\" fill=\"%s\">%d</text>\n",
			    178 + 42 * k, y + 29, k < vp ? "#ffffff" : "#6b5a40", k + 1);
	}
	const char *names[2] = { "Longest Road", "Largest Army" };
	int holder[2] = { g->road_holder, g->army_holder };
	unsigned lost[2] = { g->road_lost, g->army_lost };
	for (int a = 0; a < 2; a++) {
		const char *w = award_word(holder[a], lost[a], seat);
		buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"16\">%s 2: %s</text>\n", 620 + 230 * a,
			    y + 30, names[a], strcmp(w, "held") == 0 ? "&#10003;" : strcmp(w, "lost") == 0 ? "&#10007;" : "-");
	}
}

/* The dice of the turn, for the player to move, under the building costs. */
static void svg_dice(struct buf *b, const struct dgame *g)
{
	int y0 = 414;
	buf_printf(b, "<g id=\"dice\">\n");
	buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"212\" height=\"150\" rx=\"10\" fill=\"#fffdf5\" "
		    "stroke=\"" INK "\" stroke-width=\"2\"/>\n", COL_X, y0);
	buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"17\" font-weight=\"bold\">Dice, roll %d of 3</text>\n",
		    COL_X + 14, y0 + 28, g->rolls);
	for (int d = 0; d < g->ndice; d++) {
		int x = COL_X + 14 + 66 * (d % 3), y = y0 + 42 + 52 * (d / 3);
		buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"56\" height=\"44\" rx=\"7\" fill=\"%s\" stroke=\"#222222\" "
			    "stroke-width=\"1.5\" opacity=\"%s\"/>\n", x, y, face_fill[g->dice[d]],
			    (g->used & (1u << d)) ? "0.35" : "1");
		buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"13\" font-weight=\"bold\" text-anchor=\"middle\" "
			    "fill=\"%s\">%s</text>\n", x + 28, y + 27,
			    face_dark[g->dice[d]] ? "#ffffff" : "#222222", dice_face_names[g->dice[d]]);
	}
	buf_printf(b, "</g>\n");
}

/*
 * The Extra: one map for every player, each player's marks in their colour; the map (0..1000)
 * scaled by XS on the left, the building costs, the dice and the players on the right.
 */
#define XS 0.84
#define X_H 900
static const char *const player_fill[DICE_MAXPLAYERS] = { "#c0392b", "#2e5fa8", "#e67e22", "#7d3c98" };

static double ex(int x)
{
	return 20 + x * XS;
}

static double ey(int y)
{
	return 50 + y * XS;
}

/* owner_fill: the colour of the player who built site i, or the sheet's white. */
static const char *owner_fill(const struct dgame *g, int i)
{
	int o = dice_owner(g, i);
	return o >= 0 ? player_fill[o] : "#fffdf5";
}

/* corners: the polygon through the crossings of hex, in order around their middle. */
static void corners(struct buf *b, const struct dmap *m, uint64_t hex, const char *cls, const char *fill)
{
	int v[DICE_MAXNODES], n = 0;
	double cx = 0, cy = 0;
	for (uint64_t x = hex; x; x &= x - 1) {
		v[n++] = __builtin_ctzll(x);
		cx += m->n[v[n - 1]].x;
		cy += m->n[v[n - 1]].y;
	}
	if (n < 3)
		return;
	cx /= n;
	cy /= n;
	for (int i = 1; i < n; i++)	/* by angle: few corners, insertion order */
		for (int j = i; j > 0; j--) {
			double a = atan2(m->n[v[j]].y - cy, m->n[v[j]].x - cx);
			double c = atan2(m->n[v[j - 1]].y - cy, m->n[v[j - 1]].x - cx);
			if (a >= c)
				break;
			int t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	buf_printf(b, "<polygon class=\"%s\" points=\"", cls);
	for (int i = 0; i < n; i++)
		buf_printf(b, "%s%.1f,%.1f", i ? " " : "", ex(m->n[v[i]].x), ey(m->n[v[i]].y));
	buf_printf(b, "\" fill=\"%s\" fill-opacity=\"0.55\" stroke=\"" INK "\" stroke-width=\"1.5\"/>\n", fill);
}

/*
 * The Extra's names are set last, each where it covers no road, no drawing
 * and no name set before it (dice_label.c), nearest its site first: the
 * jokers beside their knights, the settlements' and the cities' names
 * beside their houses and towers, the roads' names beside them, the
 * desert's rule, the castles' names when castles are played.  A name's
 * centre is (cx, cy): its letters reach 0.93 of their size above the line
 * they stand on and 0.24 below it (DejaVu Sans), a box LINE_H high.
 */
#define ROAD_HALF 7.0		/* half a road's width, its dark edge included */
#define LINE_H(size) (1.17 * (size))

/* name_at: text centred on (cx, cy), size px, bold or not, with a halo, in ink (NULL: the sheet's). */
static void name_at(struct buf *b, double cx, double cy, int size, int bold, const char *ink, const char *text)
{
	buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\"%s text-anchor=\"middle\" " HALO "%s%s%s>", cx,
		    cy + 0.345 * size, size, bold ? " font-weight=\"bold\"" : "", ink ? " fill=\"" : "", ink ? ink : "",
		    ink ? "\"" : "");
	xml_text(b, text);
	buf_adds(b, "</text>\n");
}

/*
 * around: 8 candidate centres for a name w x h beside the box (x0, y0, x1, y1), gap pixels
 * clear of it: below, above, right, left, then the corners; returns how many.
 */
static int around(double x0, double y0, double x1, double y1, double w, double h, double gap, double (*c)[2])
{
	double mx = (x0 + x1) / 2, my = (y0 + y1) / 2, dx = w / 2 + gap, dy = h / 2 + gap;
	const double at[8][2] = { { mx, y1 + dy }, { mx, y0 - dy }, { x1 + dx, my }, { x0 - dx, my },
				  { x1 + dx, y1 + dy }, { x0 - dx, y1 + dy }, { x1 + dx, y0 - dy }, { x0 - dx, y0 - dy } };
	memcpy(c, at, sizeof at);
	return 8;
}

/* road_ends: where road s's two crossings stand on the picture; 0 for a site that is no road. */
static int road_ends(const struct dmap *m, const struct dsite *s, double *x0, double *y0, double *x1, double *y1)
{
	if (s->kind != DK_ROAD)
		return 0;
	*x0 = ex(m->n[s->ends[0]].x), *y0 = ey(m->n[s->ends[0]].y);
	*x1 = ex(m->n[s->ends[1]].x), *y1 = ey(m->n[s->ends[1]].y);
	return 1;
}

/* road_names: each road's name beside its middle, on either side, or slid along it. */
static void road_names(struct buf *b, const struct dmap *m, struct dlabels *l)
{
	static const double slide[] = { 0, 0.22, -0.22, 0.38, -0.38 };
	for (int i = 0; i < m->nsites; i++) {
		const struct dsite *s = &m->s[i];
		double x0, y0, x1, y1;
		if (!road_ends(m, s, &x0, &y0, &x1, &y1))
			continue;
		double len = hypot(x1 - x0, y1 - y0), ux = (x1 - x0) / len, uy = (y1 - y0) / len;
		double nx = uy, ny = -ux;	/* the normal, upward first */
		if (ny > 0 || (ny == 0 && nx > 0))
			nx = -nx, ny = -ny;
		double w = dlabel_width(s->id, 12, 1), h = LINE_H(12);
		double d = ROAD_HALF + 3 + fabs(nx) * w / 2 + fabs(ny) * h / 2, c[20][2], cx, cy;
		int n = 0;
		for (size_t k = 0; k < sizeof slide / sizeof slide[0]; k++)
			for (int far = 0; far < 2; far++)
				for (int side = 1; side >= -1; side -= 2) {
					c[n][0] = (x0 + x1) / 2 + ux * slide[k] * len + side * nx * (d + 8 * far);
					c[n][1] = (y0 + y1) / 2 + uy * slide[k] * len + side * ny * (d + 8 * far);
					n++;
				}
		dlabel_place(l, w, h, c, n, &cx, &cy);
		name_at(b, cx, cy, 12, 1, NULL, s->id);
	}
}

/* desert_name: the desert's rule ("D: any, with DK1 and DK2"), nearest its place where it is clear. */
static void desert_name(struct buf *b, const struct dgame *g, const struct dsite *s, struct dlabels *l)
{
	static const double dir[8][2] = { { 0, 1 }, { 0, -1 }, { 1, 0 }, { -1, 0 },
					  { 0.7, 0.7 }, { -0.7, 0.7 }, { 0.7, -0.7 }, { -0.7, -0.7 } };
	const struct dmap *m = &g->map;
	char what[64];
	int o = -1, i = (int)(s - m->s), n = 0;
	for (int k = 0; k < g->nplayers; k++)
		if (g->p[k].jokers & BIT(i))
			o = k;
	snprintf(what, sizeof what, "%s: any, with %s and %s", s->id, m->s[s->needs[0]].id, m->s[s->needs[1]].id);
	double w = dlabel_width(what, 13, 0) + (o >= 0 ? 22 : 0), c[1 + 8 * 24][2], cx, cy;
	c[n][0] = ex(s->x), c[n][1] = ey(s->y), n++;
	for (int r = 10; r <= 240; r += 10)
		for (int k = 0; k < 8; k++, n++) {
			c[n][0] = ex(s->x) + dir[k][0] * r;
			c[n][1] = ey(s->y) + dir[k][1] * r;
		}
	dlabel_place(l, w, LINE_H(13), c, n, &cx, &cy);
	name_at(b, cx - (o >= 0 ? 11 : 0), cy, 13, 0, o >= 0 ? USED_INK : NULL, what);
	if (o >= 0)
		used_mark(b, cx + w / 2 - 9, cy);
}

/* site_box: the drawing of site s (at x, y on the picture) as a box bx; 0 for a road, the desert, or a castle not played. */
static int site_box(const struct dgame *g, const struct dsite *s, double x, double y, double *bx)
{
	switch (s->kind) {
	case DK_SETTLEMENT:
		bx[0] = x - 14, bx[1] = y - 17, bx[2] = x + 14, bx[3] = y + 12;
		return 1;
	case DK_CITY:
		bx[0] = x + 12, bx[1] = y - 16, bx[2] = x + 25, bx[3] = y + 12;
		return 1;
	case DK_KNIGHT:
		bx[0] = x - 17, bx[1] = y - 17, bx[2] = x + 17, bx[3] = y + 17;
		return 1;
	case DK_CASTLE:
		bx[0] = x - 19, bx[1] = y - 16, bx[2] = x + 19, bx[3] = y + 16;
		return g->castles;
	}
	return 0;
}

/* site_names: the names of the sites of kind (a knight's joker, for a knight) beside their drawings. */
static void site_names(struct buf *b, const struct dgame *g, struct dlabels *l, int kind)
{
	const struct dmap *m = &g->map;
	for (int i = 0; i < m->nsites; i++) {
		const struct dsite *s = &m->s[i];
		double x = ex(s->x), y = ey(s->y), bx[4], c[8][2], cx, cy;
		if (s->kind != kind || !site_box(g, s, x, y, bx))
			continue;
		if (s->kind != DK_KNIGHT) {
			double w = dlabel_width(s->id, 12, 1);
			dlabel_place(l, w, LINE_H(12), c, around(bx[0], bx[1], bx[2], bx[3], w, LINE_H(12), 2, c), &cx,
				     &cy);
			name_at(b, cx, cy, 12, 1, NULL, s->id);
			continue;
		}
		if (s->joker == DJ_NONE)
			continue;
		int o = dice_owner(g, i), used = o >= 0 && (g->p[o].jokers & BIT(i));
		const char *name = dice_joker_name(s->joker);
		double w = dlabel_width(name, 12, 0) + (used ? 22 : 0);
		dlabel_place(l, w, LINE_H(12), c, around(bx[0], bx[1], bx[2], bx[3], w, LINE_H(12), 1, c), &cx, &cy);
		name_at(b, cx - (used ? 11 : 0), cy, 12, 0, used ? USED_INK : NULL, name);
		if (used)
			used_mark(b, cx + w / 2 - 9, cy);
	}
}

/* extra_map_svg: the hexes, the roads, the sites' drawings, then every name (see above). */
static void extra_map_svg(struct buf *b, const struct dgame *g, struct dlabels *l)
{
	const struct dmap *m = &g->map;
	dlabel_init(l);
	buf_printf(b, "<g id=\"hexes\">\n");
	for (int i = 0; i < m->nsites; i++) {
		const struct dsite *s = &m->s[i];
		if (s->kind == DK_KNIGHT && s->joker >= 0 && s->joker < DF_NRES)
			corners(b, m, s->hex, "hex", face_fill[s->joker]);
		else if (s->kind == DK_KNIGHT)
			corners(b, m, s->hex, "hex desert", SAND);
	}
	buf_printf(b, "</g>\n<g id=\"roads\">\n");
	for (int i = 0; i < m->nsites; i++) {
		const struct dsite *s = &m->s[i];
		double x0, y0, x1, y1;
		if (!road_ends(m, s, &x0, &y0, &x1, &y1))
			continue;
		buf_printf(b, "<line class=\"road %s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"" INK "\" "
			    "stroke-width=\"14\" stroke-linecap=\"round\"/>\n", s->id, x0, y0, x1, y1);
		buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
			    "stroke-width=\"9\" stroke-linecap=\"round\"%s/>\n", x0, y0, x1, y1, owner_fill(g, i),
			    s->coast ? " stroke-dasharray=\"12 4\"" : "");
		dlabel_road(l, x0, y0, x1, y1, ROAD_HALF);
	}
	buf_printf(b, "</g>\n<g id=\"sites\">\n");
	for (int i = 0; i < m->nsites; i++) {
		const struct dsite *s = &m->s[i];
		double x = ex(s->x), y = ey(s->y), bx[4];
		const char *fill = owner_fill(g, i);
		if (!site_box(g, s, x, y, bx))
			continue;
		dlabel_box(l, bx[0], bx[1], bx[2], bx[3]);
		if (s->kind == DK_SETTLEMENT)
			buf_printf(b, "<polygon class=\"settlement %s\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f "
				    "%.1f,%.1f\" fill=\"%s\" stroke=\"" INK "\" stroke-width=\"2\"/>\n", s->id, x - 13, y + 11,
				    x - 13, y - 3, x, y - 16, x + 13, y - 3, x + 13, y + 11, fill);
		else if (s->kind == DK_CITY)	/* the tower beside its settlement's house */
			buf_printf(b, "<rect class=\"city %s\" x=\"%.1f\" y=\"%.1f\" width=\"11\" height=\"26\" fill=\"%s\" "
				    "stroke=\"" INK "\" stroke-width=\"2\"/>\n", s->id, x + 13, y - 15, fill);
		else if (s->kind == DK_KNIGHT)
			buf_printf(b, "<circle class=\"knight %s\" cx=\"%.1f\" cy=\"%.1f\" r=\"16\" fill=\"%s\" "
				    "stroke=\"" INK "\" stroke-width=\"2.5\"/>\n", s->id, x, y, fill);
		else
			buf_printf(b, "<path class=\"castle %s\" d=\"M%.1f %.1fh36v-30h-7v7h-7v-7h-8v7h-7v-7h-7z\" "
				    "fill=\"%s\" stroke=\"" INK "\" stroke-width=\"2\"/>\n", s->id, x - 18, y + 15, fill);
	}
	buf_printf(b, "</g>\n<g id=\"names\">\n");
	for (int i = 0; i < m->nsites; i++)	/* a knight's name inside its disc */
		if (m->s[i].kind == DK_KNIGHT)
			name_at(b, ex(m->s[i].x), ey(m->s[i].y), 12, 1, NULL, m->s[i].id);
	site_names(b, g, l, DK_KNIGHT);
	site_names(b, g, l, DK_SETTLEMENT);
	site_names(b, g, l, DK_CITY);
	road_names(b, m, l);
	for (int i = 0; i < m->nsites; i++)
		if (m->s[i].kind == DK_DESERT)
			desert_name(b, g, &m->s[i], l);
	site_names(b, g, l, DK_CASTLE);
	buf_printf(b, "</g>\n");
}

/* extra_players: each player's colour, points, start and awards (a line each under the start), under the dice. */
static void extra_players(struct buf *b, const struct dgame *g)
{
	int y0 = 600;
	buf_printf(b, "<g id=\"players\">\n");
	for (int i = 0; i < g->nplayers; i++) {
		const struct dplayer *p = &g->p[i];
		int y = y0 + 68 * i;
		buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"24\" height=\"24\" rx=\"4\" fill=\"%s\" stroke=\"" INK "\"/>\n",
			    COL_X, y, player_fill[i]);
		buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"16\" font-weight=\"bold\">", COL_X + 32, y + 18);
		xml_text(b, p->name);
		buf_printf(b, " %d</text>\n", dice_vp(g, i));
		buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"12\">start %s</text>\n", COL_X + 32, y + 34,
			    p->start >= 0 ? g->map.s[p->start].id : "-");
		int ly = y + 48;
		if (g->road_holder == i) {
			buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"12\">Longest Road 1</text>\n", COL_X + 32, ly);
			ly += 14;
		}
		if (g->army_holder == i)
			buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"12\">Largest Army 2</text>\n", COL_X + 32, ly);
	}
	buf_printf(b, "</g>\n");
}

static int extra_svg(const struct dgame *g, char **out, size_t *len, struct cerr *e)
{
	struct dlabels labels;
	struct buf b;
	buf_init(&b);
	buf_printf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	buf_printf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		    "font-family=\"DejaVu Sans, sans-serif\" fill=\"#222222\">\n", SHEET_W, X_H, SHEET_W, X_H);
	buf_printf(&b, "<rect width=\"%d\" height=\"%d\" fill=\"#5fa8d3\"/>\n", SHEET_W, X_H);
	buf_printf(&b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"90\" fill=\"#9cc47a\" "
		    "stroke=\"#d8c98c\" stroke-width=\"14\"/>\n", ex(40), ey(40), 920 * XS, 920 * XS);
	buf_printf(&b, "<text x=\"20\" y=\"34\" font-size=\"24\" font-weight=\"bold\">");
	xml_text(&b, g->map.title);
	buf_printf(&b, "</text>\n");
	extra_map_svg(&b, g, &labels);
	svg_costs(&b);
	buf_printf(&b, "<text x=\"%d\" y=\"%d\" font-size=\"13\">%s</text>\n", COL_X, 582,
		    g->castles ? "Castle: six dice of one face" : "Castles are not played");
	if (!g->over && g->rolls)
		svg_dice(&b, g);
	extra_players(&b, g);
	if (g->map.builtin)
		buf_printf(&b, "<text x=\"20\" y=\"%d\" font-size=\"13\">The map is our own design, not the printed "
			    "Extra map.</text>\n", X_H - 10);
	buf_printf(&b, "</svg>\n");
	return buf_finish(&b, out, len, e);
}

int dice_render_svg(const struct dgame *g, char **out, size_t *len, struct cerr *e)
{
	struct buf b;
	if (g->map.island == DICE_EXTRA)
		return extra_svg(g, out, len, e);
	buf_init(&b);
	buf_printf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	buf_printf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		    "font-family=\"DejaVu Sans, sans-serif\" fill=\"#222222\">\n",
		    SHEET_W, SHEET_H * g->nplayers, SHEET_W, SHEET_H * g->nplayers);
	for (int i = 0; i < g->nplayers; i++) {
		buf_printf(&b, "<g transform=\"translate(0 %d)\">\n", SHEET_H * i);
		buf_printf(&b, "<rect width=\"%d\" height=\"%d\" fill=\"#5fa8d3\" stroke=\"#ffffff\" stroke-width=\"4\"/>\n",
			    SHEET_W, SHEET_H);
		/* The island: a sandy coast around green land. */
		buf_printf(&b, "<rect x=\"24\" y=\"64\" width=\"850\" height=\"500\" rx=\"110\" fill=\"#d8c98c\"/>\n");
		buf_printf(&b, "<rect x=\"46\" y=\"82\" width=\"806\" height=\"464\" rx=\"92\" fill=\"#9cc47a\"/>\n");
		buf_printf(&b, "<text x=\"24\" y=\"44\" font-size=\"26\" font-weight=\"bold\">");
		xml_text(&b, g->map.title);
		buf_printf(&b, " &#8212; %s</text>\n", g->p[i].name);
		svg_hexes(&b, g);
		svg_roads(&b, g, &g->p[i]);
		svg_buildings(&b, g, &g->p[i]);
		svg_costs(&b);
		svg_track(&b, g, i);
		if (!g->over && g->rolls && dice_seat(g) == i)
			svg_dice(&b, g);
		buf_printf(&b, "</g>\n");
	}
	buf_printf(&b, "</svg>\n");
	return buf_finish(&b, out, len, e);
}

/* ---- scores ---- */

int dice_score_text(const struct dgame *g, char **out, size_t *len, struct cerr *e)
{
	struct buf b;
	unsigned w = dice_winners(g);
	buf_init(&b);
	for (int i = 0; i < g->nplayers; i++) {
		const struct dplayer *p = &g->p[i];
		if (g->map.island == 1) {
			int x = 0;
			for (int t = 0; t < p->ntrack; t++)
				x += p->track[t] == DICE_X;
			buf_printf(&b, "%s %d (%d turn%s, %d X)", p->name, dice_track_total(p), p->ntrack,
				    p->ntrack == 1 ? "" : "s", x);
		} else {
			int s = 0, c = 0;
			for (int k = 0; k < g->map.nsites; k++)
				if (p->built & BIT(k)) {
					s += g->map.s[k].kind == DK_SETTLEMENT;
					c += g->map.s[k].kind == DK_CITY;
				}
			int x = 0;
			for (uint64_t k = p->built & g->map.kinds[DK_CASTLE]; k; k &= k - 1)
				x++;
			if (g->map.island == DICE_EXTRA)
				buf_printf(&b, "%s %d (castles %d) ", p->name, dice_vp(g, i), x);
			else
				buf_printf(&b, "%s %d ", p->name, dice_vp(g, i));
			buf_printf(&b, "(settlements %d, cities %d, longest road %s, largest army %s; road %d, knights %d)",
				    s, c, award_word(g->road_holder, g->road_lost, i),
				    award_word(g->army_holder, g->army_lost, i),
				    dice_road_of(g, i), dice_knights(&g->map, p->built));
		}
		buf_printf(&b, "%s\n", (w & (1u << i)) ? " winner" : "");
	}
	return buf_finish(&b, out, len, e);
}

int dice_score_json(const struct dgame *g, int compact, char **out, size_t *len, struct cerr *e)
{
	struct jw w;
	unsigned win = dice_winners(g);
	jw_init(&w, compact);
	jw_obj(&w, JW_BLOCK);
	jw_key(&w, "island");
	jw_int(&w, g->map.island);
	jw_key(&w, "over");
	jw_bool(&w, g->over);
	jw_key(&w, "players");
	jw_arr(&w, JW_BLOCK);
	for (int i = 0; i < g->nplayers; i++) {
		const struct dplayer *p = &g->p[i];
		jw_obj(&w, JW_INLINE);
		jw_key(&w, "name");
		jw_str(&w, p->name);
		jw_key(&w, "score");
		jw_int(&w, score_of(g, i));
		if (g->map.island == 1) {
			int x = 0;
			for (int t = 0; t < p->ntrack; t++)
				x += p->track[t] == DICE_X;
			jw_key(&w, "turns");
			jw_int(&w, p->ntrack);
			jw_key(&w, "x");
			jw_int(&w, x);
		} else {
			jw_key(&w, "longest_road");
			jw_bool(&w, g->road_holder == i);
			jw_key(&w, "largest_army");
			jw_bool(&w, g->army_holder == i);
			jw_key(&w, "road");
			jw_int(&w, dice_road_of(g, i));
			jw_key(&w, "knights");
			jw_int(&w, dice_knights(&g->map, p->built));
		}
		jw_end_obj(&w);
	}
	jw_end_arr(&w);
	jw_key(&w, "winners");
	jw_arr(&w, JW_INLINE);
	for (int i = 0; i < g->nplayers; i++)
		if (win & (1u << i))
			jw_str(&w, g->p[i].name);
	jw_end_arr(&w);
	jw_end_obj(&w);
	if (jw_finish(&w, out, len) != 0) {
		jw_free(&w);
		return cerr_set(e, C_SYSTEM, "out of memory");
	}
	return C_OK;
}
