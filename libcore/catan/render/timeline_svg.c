/* timeline_svg.c: the public points turn by turn drawn as an SVG line chart. */
#include <stdio.h>

#include "buf.h"
#include "doc/scorecard.h"
#include "model/names.h"
#include "render/palette.h"
#include "render/render_panel.h"
#include "render/timeline_svg.h"

/*
 * The chart's frame: the plot area inside an 800 x 450 picture, the lines' last points just
 * right of it, the legend from LX.  Every line is drawn over a dark outline on a plot area
 * darker than white, so that the white player's line reads as well as the others.
 */
enum { SVG_W = 800, SVG_H = 450, PX0 = 56, PX1 = 640, PY0 = 36, PY1 = 392, LX = PX1 + 40 };
#define OUTLINE "#2b2619"

/* line_width: seat s's line, 3 wider for each seat after it: lines that run together show as stripes. */
static double line_width(const struct game *g, int s)
{
	return 4 + 3 * (g->nplayers - 1 - s);
}

/* max_turn: the last turn of the chart's axis (at least 1). */
static int max_turn(const struct timeline *t)
{
	int maxturn = 1;
	for (size_t i = 0; i < t->len; i++)
		maxturn = t->row[i].turn > maxturn ? t->row[i].turn : maxturn;
	return maxturn;
}

double timeline_svg_x(const struct timeline *t, int turn)
{
	int maxturn = max_turn(t);
	return PX0 + (double)(turn > maxturn ? maxturn : turn) * (PX1 - PX0) / maxturn;
}

void timeline_svg_cursor(const struct timeline *t, int turn, char *out, size_t size)
{
	double x = timeline_svg_x(t, turn);
	snprintf(out, size, "<line id=\"cursor\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
		 "stroke=\"#5a5240\" stroke-width=\"1.5\" stroke-dasharray=\"2 2\"/>", x, PY0, x, PY1);
}

int timeline_svg(const struct game *g, const struct timeline *t, char **out, size_t *outlen,
		 struct cerr *e)
{
	struct buf rb, *b = &rb;

	buf_init(b);
	int maxturn = max_turn(t), maxpts = g->rules.points_to_win;
	for (size_t i = 0; i < t->len; i++) {
		for (int s = 0; s < g->nplayers; s++)
			maxpts = t->row[i].points[s] > maxpts ? t->row[i].points[s] : maxpts;
	}
	maxpts += maxpts % 2;
	double sx = (double)(PX1 - PX0) / maxturn, sy = (double)(PY1 - PY0) / maxpts;
	/* At most 8 labelled turns, at a round step. */
	static const int steps[] = { 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000 };
	int step = steps[0];
	for (size_t i = 0; i < sizeof steps / sizeof steps[0] && maxturn / step > 8; i++)
		step = steps[i];

	buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
	       "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"15\" fill=\"#2b2619\">\n",
	       SVG_W, SVG_H, SVG_W, SVG_H);
	buf_printf(b, "<title>Public victory points after every turn</title>\n");
	buf_printf(b, "<rect width=\"%d\" height=\"%d\" fill=\"#f4efe1\"/>\n", SVG_W, SVG_H);
	buf_printf(b, "<rect class=\"plot\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#ddd3b8\"/>\n",
	       PX0, PY0, PX1 - PX0, PY1 - PY0);
	for (int v = 0; v <= maxpts; v += 2) {
		double y = PY1 - v * sy;
		buf_printf(b, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#c7bb98\"/>\n", PX0,
		       y, PX1, y);
		buf_printf(b, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d</text>\n", PX0 - 8, y + 5, v);
	}
	double yw = PY1 - g->rules.points_to_win * sy;
	buf_printf(b, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#6b6148\" "
	       "stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n", PX0, yw, PX1, yw);
	for (int x = 0; x <= maxturn; x += step)
		buf_printf(b, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>\n", PX0 + x * sx,
		       PY1 + 22, x);
	buf_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#5a5240\"/>\n", PX0, PY1, PX1,
	       PY1);
	buf_printf(b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">turn</text>\n", PX1, SVG_H - 10);
	buf_printf(b, "<text x=\"%d\" y=\"%d\">points</text>\n", 8, PY0 - 12);
	/*
	 * Every line at its exact values.  Equal scores would hide one line
	 * under another: each seat's line is narrower than the one of the seat
	 * before and drawn over it, so that lines that run together show as
	 * stripes, the first seat's outermost; the dark outlines of all come
	 * first, under every line (they keep the white one visible).  So are
	 * the dots where the points change, whose tooltip says how many after
	 * which move.
	 */
	for (int layer = 0; layer < 2; layer++)
		for (int s = 0; s < g->nplayers; s++) {
			buf_printf(b, "<polyline class=\"%s %s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%g\" "
			       "stroke-linejoin=\"round\" points=\"", layer ? "line" : "outline", seat_name(g, s),
			       layer ? palette_fill(g->colour[s]) : OUTLINE, line_width(g, s) + (layer ? 0 : 3));
			for (size_t i = 0; i < t->len; i++)
				buf_printf(b, "%s%.1f,%.1f", i ? " " : "", PX0 + t->row[i].turn * sx,
				       PY1 - t->row[i].points[s] * sy);
			buf_printf(b, "\"/>\n");
		}
	for (int s = 0; s < g->nplayers; s++) {
		const char *name = seat_name(g, s);
		buf_printf(b, "<g class=\"player %s\">\n", name);
		for (size_t i = 0; i < t->len; i++) {
			const struct timeline_row *r = &t->row[i];
			if (i && r->points[s] == t->row[i - 1].points[s])
				continue;
			buf_printf(b, "<circle class=\"change\" cx=\"%.1f\" cy=\"%.1f\" r=\"%g\" fill=\"%s\" "
			       "stroke=\"%s\" stroke-width=\"1.5\"><title>%s: %d points after move %d (turn %d)"
			       "</title></circle>\n", PX0 + r->turn * sx, PY1 - r->points[s] * sy,
			       line_width(g, s) / 2 + 2.5, palette_fill(g->colour[s]), OUTLINE, name, r->points[s],
			       r->moves, r->turn);
		}
		buf_adds(b, "</g>\n");
	}
	/* The exact last points at the lines' end, once for the players who share them. */
	if (t->len) {
		const struct timeline_row *r = &t->row[t->len - 1];
		for (int s = 0; s < g->nplayers; s++) {
			int shown = 0;
			for (int o = 0; o < s; o++)
				shown |= r->points[o] == r->points[s];
			if (!shown)
				buf_printf(b, "<text class=\"end\" x=\"%.1f\" y=\"%.1f\">%d</text>\n",
				       PX0 + r->turn * sx + 9, PY1 - r->points[s] * sy + 5, r->points[s]);
		}
	}
	/*
	 * The legend: each player's points as catan-score's table gives them
	 * at the end, victory point cards counted, and the public points the
	 * line ends at when they differ.
	 */
	struct scorecard sc;
	scorecard_make(g, &g->pos, &sc);
	int ly = PY0 + 12;
	for (int s = 0; s < g->nplayers; s++) {
		int last = t->len ? t->row[t->len - 1].points[s] : 0;
		for (int layer = 0; layer < 2; layer++)
			buf_printf(b, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
			       "stroke-width=\"%g\"/>\n", LX, ly, LX + 26, ly,
			       layer ? palette_fill(g->colour[s]) : OUTLINE, line_width(g, s) + (layer ? 0 : 3));
		buf_printf(b, "<text class=\"legend\" x=\"%d\" y=\"%d\">%s %d</text>\n", LX + 34, ly + 5,
		       seat_name(g, s), sc.pl[s].points);
		if (sc.pl[s].points != last) {
			buf_printf(b, "<text class=\"public\" x=\"%d\" y=\"%d\">%d public</text>\n", LX + 34,
			       ly + 23, last);
			ly += 18;
		}
		ly += 28;
	}
	buf_adds(b, "</svg>\n");
	return buf_finish(b, out, outlen, e);
}
