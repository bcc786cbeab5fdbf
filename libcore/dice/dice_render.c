/* dice_render.c: the dice game's sheets as text and SVG, and its score reports. */
#include <stdio.h>
#include <string.h>

#include "buf.h"
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

/* headline: who plays, or who won. */
static void headline(struct buf *b, const struct dgame *g)
{
	buf_printf(b, "%s: ", g->map.title);
	if (g->over) {
		unsigned w = dice_winners(g);
		int n = 0, best = 0;
		for (int i = 0; i < g->nplayers; i++)
			if (w & (1u << i)) {
				buf_printf(b, "%s%s", n++ ? ", " : "game over, won by ", g->p[i].name);
				best = score_of(g, i);
			}
		buf_printf(b, " with %d %s\n", best, g->map.island == 1 ? "points" : "victory points");
		return;
	}
	int seat = dice_seat(g);
	if (g->map.island == 1)
		buf_printf(b, "%s's turn %d of %d\n", g->p[seat].name,
			    (int)((g->number - 1) / g->nplayers) + 1, DICE_TURNS);
	else
		buf_printf(b, "turn %u, %s to play; %d victory points win\n", g->number, g->p[seat].name,
			    DICE_WIN_VP);
	if (!g->rolls) {
		buf_printf(b, "dice: %d to roll\n", g->ndice);
		return;
	}
	buf_printf(b, "dice after roll %d of 3%s:", g->rolls, g->locked ? ", rolling over" : "");
	for (int d = 0; d < g->ndice; d++)
		buf_printf(b, " %d %s%s", d + 1, dice_face_names[g->dice[d]],
			    (g->used & (1u << d)) ? " (spent)" : "");
	buf_printf(b, "\n");
}

static void kind_line(struct buf *b, const struct dgame *g, const struct dplayer *p, int kind,
		      const char *label)
{
	const struct dmap *m = &g->map;
	int any = 0;
	for (int i = 0; i < m->nsites; i++) {
		const struct dsite *s = &m->s[i];
		if (s->kind != kind && !(kind == DK_ROAD && s->kind == DK_START))
			continue;
		if (!any++)
			buf_printf(b, "  %-12s", label);
		int built = kind == DK_DESERT ? dice_joker_usable(g, (int)(p - g->p), i) ||
							(p->jokers & BIT(i))
					      : (p->built & BIT(i)) != 0;
		buf_printf(b, " %s%s%s", built ? "[" : "", s->id, s->mark ? "*" : "");
		if (s->joker != DJ_NONE)
			buf_printf(b, ":%s%s", dice_joker_name(s->joker), (p->jokers & BIT(i)) ? ":used" : "");
		if (kind == DK_DESERT)
			buf_printf(b, "(%s+%s)", m->s[s->needs[0]].id, m->s[s->needs[1]].id);
		buf_printf(b, "%s", built ? "]" : "");
	}
	if (any)
		buf_printf(b, "\n");
}

int dice_render_text(const struct dgame *g, char **out, size_t *len, struct cerr *e)
{
	struct buf b;
	buf_init(&b);
	headline(&b, g);
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
			buf_printf(&b, "  %-12s %d of %d; longest road %s (road %d), largest army %s (knights %d)\n",
				    "points", dice_vp(g, i), DICE_WIN_VP,
				    award_word(g->road_holder, g->road_lost, i),
				    dice_road_length(&g->map, p->built),
				    award_word(g->army_holder, g->army_lost, i), dice_knights(&g->map, p->built));
		}
	}
	buf_printf(&b, "\n[..] built   :used joker used%s\n",
		    g->map.mark >= 0 ? "   * longest-road mark" : "");
	return buf_finish(&b, out, len, e);
}

/* ---- SVG ---- */

#define SHEET_W 720
#define SHEET_H 480

static const char *const face_fill[DF_N] = { "#8d8f9e", "#f0c419", "#a4d65e", "#2e7d32", "#b5532a",
					     "#e8b923" };

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
		buf_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#3b2a1a\" stroke-width=\"12\"/>\n",
			    x0, y0, s->x, s->y);
		buf_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"8\"/>\n",
			    x0, y0, s->x, s->y, built ? "#c0392b" : s->mark ? "#b0b0b0" : "#fffdf5");
		if (s->kind == DK_ROAD)
			buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"9\" text-anchor=\"middle\">%s</text>\n",
				    (x0 + s->x) / 2, (y0 + s->y) / 2 - 8, s->id);
	}
}

static void svg_buildings(struct buf *b, const struct dgame *g, const struct dplayer *p)
{
	const struct dmap *m = &g->map;
	for (int i = 0; i < m->nsites; i++) {
		const struct dsite *s = &m->s[i];
		int built = (p->built & BIT(i)) != 0, x = s->x, y = s->y;
		const char *fill = built ? "#c0392b" : "#fffdf5", *ink = built ? "#ffffff" : "#222222";
		if (s->after >= 0 && s->kind != DK_ROAD)
			buf_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#3b2a1a\" stroke-dasharray=\"3 3\"/>\n",
				    m->s[s->after].x, m->s[s->after].y, x, y);
		if (s->kind == DK_SETTLEMENT)
			buf_printf(b, "<polygon points=\"%d,%d %d,%d %d,%d %d,%d %d,%d\" fill=\"%s\" stroke=\"#3b2a1a\" stroke-width=\"2\"/>\n",
				    x - 13, y + 11, x - 13, y - 3, x, y - 16, x + 13, y - 3, x + 13, y + 11, fill);
		else if (s->kind == DK_CITY)
			buf_printf(b, "<polygon points=\"%d,%d %d,%d %d,%d %d,%d %d,%d %d,%d %d,%d\" fill=\"%s\" stroke=\"#3b2a1a\" stroke-width=\"2\"/>\n",
				    x - 20, y + 13, x - 20, y - 4, x - 8, y - 4, x - 8, y - 12, x + 4, y - 22,
				    x + 16, y - 12, x + 16, y + 13, fill);
		else if (s->kind == DK_KNIGHT)
			buf_printf(b, "<circle cx=\"%d\" cy=\"%d\" r=\"15\" fill=\"%s\" stroke=\"#3b2a1a\" stroke-width=\"2\"/>\n",
				    x, y, fill);
		else if (s->kind == DK_DESERT) {
			buf_printf(b, "<polygon points=\"%d,%d %d,%d %d,%d %d,%d %d,%d %d,%d\" fill=\"#e8d49a\" stroke=\"#3b2a1a\" stroke-width=\"2\"/>\n",
				    x - 22, y, x - 11, y - 19, x + 11, y - 19, x + 22, y, x + 11, y + 19, x - 11, y + 19);
			for (int k = 0; k < 2; k++)
				buf_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#3b2a1a\" stroke-dasharray=\"2 3\"/>\n",
					    x, y - 19, m->s[s->needs[k]].x, m->s[s->needs[k]].y + 15);
			ink = "#222222";
		} else {
			continue;
		}
		if (s->kind == DK_DESERT)
			buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"14\" text-anchor=\"middle\" fill=\"%s\">?</text>\n",
				    x, y + 5, ink);
		else if (g->map.island == 1)
			buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"%s\">%d</text>\n",
				    x, y + 6, ink, s->points);
		else	/* Island Two: victory points on buildings, the id on knights */
			buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"11\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"%s\">%s</text>\n",
				    x, y + 6, ink, s->kind == DK_KNIGHT ? s->id : s->kind == DK_CITY ? "2" : "1");
		if (s->joker != DJ_NONE) {
			int jy = y + (s->kind == DK_DESERT ? 24 : 20);
			const char *fillj = s->joker == DJ_ANY ? "#ffffff" : face_fill[s->joker];
			buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"30\" height=\"14\" rx=\"3\" fill=\"%s\" stroke=\"#3b2a1a\"/>\n",
				    x - 15, jy, fillj);
			buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"9\" text-anchor=\"middle\">%s</text>\n",
				    x, jy + 10, dice_joker_name(s->joker));
			if (p->jokers & BIT(i))
				buf_printf(b, "<path d=\"M%d %d L%d %d M%d %d L%d %d\" stroke=\"#000000\" stroke-width=\"2\"/>\n",
					    x - 15, jy, x + 15, jy + 14, x + 15, jy, x - 15, jy + 14);
		}
	}
}

static void svg_track(struct buf *b, const struct dgame *g, int seat)
{
	const struct dplayer *p = &g->p[seat];
	int y = SHEET_H - 50;
	if (g->map.island == 1) {
		for (int t = 0; t < DICE_TURNS; t++) {
			buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"36\" height=\"28\" fill=\"#ffffff\" stroke=\"#3b2a1a\"/>\n",
				    20 + 40 * t, y);
			if (t < p->ntrack) {
				char v[8];
				if (p->track[t] == DICE_X)
					snprintf(v, sizeof v, "X");
				else
					snprintf(v, sizeof v, "%d", p->track[t]);
				buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"14\" text-anchor=\"middle\">%s</text>\n",
					    38 + 40 * t, y + 19, v);
			}
		}
		buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"14\" font-weight=\"bold\">= %d</text>\n",
			    20 + 40 * DICE_TURNS, y + 19, dice_track_total(p));
		return;
	}
	int vp = dice_vp(g, seat);
	for (int k = 0; k < DICE_WIN_VP; k++)
		buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"22\" height=\"22\" fill=\"%s\" stroke=\"#3b2a1a\"/>\n",
			    20 + 26 * k, y, k < vp ? "#c0392b" : "#ffffff");
	const char *names[2] = { "Longest Road", "Largest Army" };
	int holder[2] = { g->road_holder, g->army_holder };
	unsigned lost[2] = { g->road_lost, g->army_lost };
	for (int a = 0; a < 2; a++) {
		const char *w = award_word(holder[a], lost[a], seat);
		buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"13\">%s 2: %s</text>\n", 300 + 160 * a,
			    y + 16, names[a], strcmp(w, "held") == 0 ? "&#10003;" : strcmp(w, "lost") == 0 ? "&#10007;" : "-");
	}
}

static void svg_dice(struct buf *b, const struct dgame *g)
{
	for (int d = 0; d < g->ndice; d++) {
		int x = SHEET_W - 40 - 34 * (g->ndice - d), y = 20;
		buf_printf(b, "<rect x=\"%d\" y=\"%d\" width=\"28\" height=\"28\" rx=\"5\" fill=\"%s\" stroke=\"#222222\" opacity=\"%s\"/>\n",
			    x, y, face_fill[g->dice[d]], (g->used & (1u << d)) ? "0.35" : "1");
		buf_printf(b, "<text x=\"%d\" y=\"%d\" font-size=\"8\" text-anchor=\"middle\">%s</text>\n",
			    x + 14, y + 18, dice_face_names[g->dice[d]]);
	}
}

int dice_render_svg(const struct dgame *g, char **out, size_t *len, struct cerr *e)
{
	struct buf b;
	buf_init(&b);
	buf_printf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	buf_printf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n",
		    SHEET_W, SHEET_H * g->nplayers, SHEET_W, SHEET_H * g->nplayers);
	for (int i = 0; i < g->nplayers; i++) {
		buf_printf(&b, "<g transform=\"translate(0 %d)\">\n", SHEET_H * i);
		buf_printf(&b, "<rect width=\"%d\" height=\"%d\" fill=\"#5fa8d3\" stroke=\"#ffffff\" stroke-width=\"4\"/>\n",
			    SHEET_W, SHEET_H);
		buf_printf(&b, "<rect x=\"40\" y=\"60\" width=\"%d\" height=\"350\" rx=\"90\" fill=\"#d8c98c\"/>\n",
			    SHEET_W - 60);
		buf_printf(&b, "<rect x=\"70\" y=\"75\" width=\"%d\" height=\"320\" rx=\"70\" fill=\"#9cc47a\"/>\n",
			    SHEET_W - 120);
		buf_printf(&b, "<text x=\"20\" y=\"34\" font-size=\"20\" font-weight=\"bold\">");
		xml_text(&b, g->map.title);
		buf_printf(&b, " &#8212; %s</text>\n", g->p[i].name);
		svg_roads(&b, g, &g->p[i]);
		svg_buildings(&b, g, &g->p[i]);
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
			buf_printf(&b, "%s %d (settlements %d, cities %d, longest road %s, largest army %s; road %d, knights %d)",
				    p->name, dice_vp(g, i), s, c, award_word(g->road_holder, g->road_lost, i),
				    award_word(g->army_holder, g->army_lost, i),
				    dice_road_length(&g->map, p->built), dice_knights(&g->map, p->built));
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
			jw_int(&w, dice_road_length(&g->map, p->built));
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
