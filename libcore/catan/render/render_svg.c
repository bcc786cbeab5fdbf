/* render_svg.c: the board as an SVG picture (hexes, tokens, harbours, pieces, robber) with the panel beside it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "model/geom.h"
#include "model/ruleset.h"
#include "model/names.h"
#include "render/palette.h"
#include "render/render_svg.h"

/*
 * Intersection (x, y) of the geometry tables (units of sqrt(3)/2 and 1/2)
 * is drawn at pixel (ORIGIN_X + (x+1)*XU, ORIGIN_Y + (y+2)*YU) for hexes
 * of circumradius HEX_R.  The panel's lines are set in a monospace font to
 * the right of the board.
 */
#define HEX_R 80.0
#define K (HEX_R / 50)	/* the pieces, tokens and harbours were drawn for hexes of 50 */
#define XU (HEX_R * 0.86602540378)
#define YU (HEX_R / 2)
#define ORIGIN_X (70.0 * K)
#define ORIGIN_Y (70.0 * K)
#define PANEL_FONT 14
#define PANEL_LINE 19
#define PANEL_CHAR 8.45

static const char *const terrain_fill[NTERRAIN] = {
	"#c2593a", "#2f7d32", "#9bd267", "#f2cc3d", "#9a9a9a", "#e6d3a3",
};

/* board_w, board_h: the sea around a board, from its intersections' reach (x from -1, y from -2). */
static double board_w(const struct geometry *geo)
{
	int x = 0;
	for (int n = 0; n < geo->nnode; n++)
		x = geo->node_x[n] > x ? geo->node_x[n] : x;
	return 2 * ORIGIN_X + (x + 1) * XU;
}

static double board_h(const struct geometry *geo)
{
	int y = 0;
	for (int n = 0; n < geo->nnode; n++)
		y = geo->node_y[n] > y ? geo->node_y[n] : y;
	return 2 * ORIGIN_Y + (y + 2) * YU;
}

/* panel_x: where the panel's lines start, right of the board. */
static double panel_x(const struct geometry *geo)
{
	return board_w(geo) + 20;
}

static double node_px(const struct geometry *geo, int n)
{
	return ORIGIN_X + (geo->node_x[n] + 1) * XU;
}

static double node_py(const struct geometry *geo, int n)
{
	return ORIGIN_Y + (geo->node_y[n] + 2) * YU;
}

static double hex_px(const struct geometry *geo, int h)
{
	return ORIGIN_X + (geo->hex_x[h] + 1) * XU;
}

static double hex_py(const struct geometry *geo, int h)
{
	return ORIGIN_Y + (geo->hex_y[h] + 2) * YU;
}

/* xml_text: s with the five XML special characters escaped. */
static void xml_text(struct buf *b, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '&':
			buf_adds(b, "&amp;");
			break;
		case '<':
			buf_adds(b, "&lt;");
			break;
		case '>':
			buf_adds(b, "&gt;");
			break;
		case '"':
			buf_adds(b, "&quot;");
			break;
		case '\'':
			buf_adds(b, "&apos;");
			break;
		default:
			buf_add(b, s, 1);
		}
}

static void hexes(struct buf *b, const struct game *g)
{
	const struct geometry *geo = g->rs->geom;
	buf_adds(b, "<g id=\"hexes\" stroke=\"#5b4a2e\" stroke-width=\"3\">\n");
	for (int h = 0; h < geo->nhex; h++) {
		buf_printf(b, "<polygon class=\"hex %s\" fill=\"%s\" points=\"",
			    terrain_names[g->board.terrain[h]], terrain_fill[g->board.terrain[h]]);
		for (int k = 0; k < 6; k++) {
			int n = geo->hex_nodes[h][k];
			buf_printf(b, "%s%.1f,%.1f", k ? " " : "", node_px(geo, n), node_py(geo, n));
		}
		buf_adds(b, "\"/>\n");
	}
	buf_adds(b, "</g>\n");
}

/* A number token: a disc with the number and its pips, 6 and 8 in red; the hex number below it. */
static void tokens(struct buf *b, const struct game *g)
{
	const struct geometry *geo = g->rs->geom;
	buf_adds(b, "<g id=\"tokens\" font-family=\"DejaVu Sans, sans-serif\" text-anchor=\"middle\">\n");
	for (int h = 0; h < geo->nhex; h++) {
		double x = hex_px(geo, h), y = hex_py(geo, h);
		int tok = g->board.token[h];
		buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"#222\">#%d</text>\n",
			    x, y + 41, h + 1);
		if (!tok)
			continue;
		const char *ink = rs_token_red(g->rs, tok) ? "#c62828" : "#222";
		int pips = render_pips(g->rs, tok);
		buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#f6ecc9\" stroke=\"#5b4a2e\" "
			    "stroke-width=\"2\"/>\n", x, y + 2, 16 * K);
		buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"24\" font-weight=\"bold\" "
			    "fill=\"%s\">%d</text>\n", x, y + 8, ink, tok);
		for (int i = 0; i < pips; i++)
			buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.7\" fill=\"%s\"/>\n",
				    x + (i - (pips - 1) / 2.0) * 7.2, y + 18, ink);
	}
	buf_adds(b, "</g>\n");
}

/* Where harbour i stands: its path's ends a and c, the path's middle, the middle of its hex. */
struct harbour_at {
	int a, c;
	double mx, my, hx, hy;
};

static struct harbour_at harbour_at(const struct geometry *geo, int i)
{
	int coast = geo->harbour_coast[i], h = geo->coast_hexes[coast], e = geo->coast_edges[coast];
	struct harbour_at at = { .a = geo->edge_nodes[e][0], .c = geo->edge_nodes[e][1],
				 .hx = hex_px(geo, h), .hy = hex_py(geo, h) };
	at.mx = (node_px(geo, at.a) + node_px(geo, at.c)) / 2;
	at.my = (node_py(geo, at.a) + node_py(geo, at.c)) / 2;
	return at;
}

/* piers: a pier from (x, y) to each of the harbour's two intersections. */
static void piers(struct buf *b, const struct geometry *geo, const struct harbour_at *at, double x, double y)
{
	for (int k = 0; k < 2; k++)
		buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#8b5a2b\" "
			    "stroke-width=\"6\"/>\n", x, y, node_px(geo, k ? at->c : at->a), node_py(geo, k ? at->c : at->a));
}

/* The harbours: a pier to each of the two intersections and a disc with the rate. */
static void harbours(struct buf *b, const struct game *g)
{
	const struct geometry *geo = g->rs->geom;
	buf_adds(b, "<g id=\"harbours\" font-family=\"DejaVu Sans, sans-serif\" text-anchor=\"middle\">\n");
	for (int i = 0; i < geo->nharbour; i++) {
		struct harbour_at at = harbour_at(geo, i);
		int kind = g->board.harbour[i];
		double x = at.hx + (at.mx - at.hx) * 1.75, y = at.hy + (at.my - at.hy) * 1.75;
		piers(b, geo, &at, x, y);
		buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"#5b4a2e\" "
			    "stroke-width=\"2\"/>\n", x, y, 19 * K,
			    kind == HB_GENERIC ? "#fdfdfd" : terrain_fill[kind]);
		if (kind == HB_GENERIC) {
			buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"18\" font-weight=\"bold\" "
				    "fill=\"#222\">3:1</text>\n", x, y + 6);
		} else {
			buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"16\" font-weight=\"bold\" "
				    "fill=\"#111\">2:1</text>\n", x, y - 1);
			buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" fill=\"#111\">%s</text>\n",
				    x, y + 14, resource_names[kind]);
		}
	}
	buf_adds(b, "</g>\n");
}

static void roads(struct buf *b, const struct game *g, const struct position *p, int large)
{
	int outer = large ? 20 : 14, inner = large ? 14 : 10;
	const struct geometry *geo = g->rs->geom;
	buf_adds(b, "<g id=\"roads\" stroke-linecap=\"round\">\n");
	for (int e = 0; e < geo->nedge; e++) {
		int o = p->edge_owner[e];
		if (o < 0)
			continue;
		int a = geo->edge_nodes[e][0], c = geo->edge_nodes[e][1];
		double x1 = node_px(geo, a), y1 = node_py(geo, a), x2 = node_px(geo, c), y2 = node_py(geo, c);
		/* Shortened so that the buildings at the ends stay visible. */
		double dx = (x2 - x1) * 0.15, dy = (y2 - y1) * 0.15;
		char name[8];
		buf_printf(b, "<g class=\"road %s\"><title>%s road %s</title>", seat_name(g, o),
			    seat_name(g, o), edge_name(geo, e, name));
		buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#222\" "
			    "stroke-width=\"%d\"/>", x1 + dx, y1 + dy, x2 - dx, y2 - dy, outer);
		buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
			    "stroke-width=\"%d\"/></g>\n", x1 + dx, y1 + dy, x2 - dx, y2 - dy,
			    palette_fill(g->colour[o]), inner);
	}
	buf_adds(b, "</g>\n");
}

/*
 * Settlements are small houses.  A city is the classic two-level block: a
 * tall tower with a pointed roof on the left, a lower hall on the right,
 * windows in both, nearly twice a settlement's width and height.  The
 * tower stands left of the intersection and the hall's roof stays low, so
 * that an intersection's number set above it (labels) stays clear.
 */
static void buildings(struct buf *b, const struct game *g, const struct position *p)
{
	const struct geometry *geo = g->rs->geom;
	buf_adds(b, "<g id=\"buildings\" stroke=\"#222\" stroke-width=\"2\" stroke-linejoin=\"round\">\n");
	for (int n = 0; n < geo->nnode; n++) {
		int o = p->node_owner[n];
		if (o < 0 || p->node_kind[n] == B_NONE)
			continue;
		double x = node_px(geo, n), y = node_py(geo, n);
		int city = p->node_kind[n] == B_CITY;
		const char *col = seat_name(g, o);
		buf_printf(b, "<g class=\"%s %s\"><title>%s %s %d</title>", city ? "city" : "settlement",
			    col, col, city ? "city" : "settlement", n + 1);
		if (city)
			buf_printf(b, "<path d=\"M%.1f %.1fh42v-16h-28v-16l-7-12l-7 12z\" fill=\"%s\"/>"
				    "<path class=\"windows\" d=\"M%.1f %.1fh5v7h-5zM%.1f %.1fh5v6h-5zM%.1f %.1fh5v6h-5z\" "
				    "fill=\"#222\" stroke=\"none\"/>",
				    x - 22, y + 14, palette_fill(g->colour[o]), x - 17.5, y - 12, x - 3, y + 3,
				    x + 8, y + 3);
		else
			buf_printf(b, "<path d=\"M%.1f %.1fh22v-15l-11-11l-11 11z\" fill=\"%s\"/>", x - 11,
				    y + 12, palette_fill(g->colour[o]));
		buf_adds(b, "</g>\n");
	}
	buf_adds(b, "</g>\n");
}

static void robber(const struct geometry *geo, struct buf *b, const struct position *p)
{
	double x = hex_px(geo, p->robber) + 44, y = hex_py(geo, p->robber) + 4;
	buf_printf(b, "<g id=\"robber\" fill=\"#333\" stroke=\"#111\"><title>robber on hex %d</title>"
		    "<path d=\"M%.1f %.1fh24l-4-24h-16z\"/><circle cx=\"%.1f\" cy=\"%.1f\" r=\"8\"/></g>\n",
		    p->robber + 1, x - 12, y + 16, x, y - 14);
}

/*
 * Labels, drawn over everything with a white halo and set beside the pieces:
 * an intersection's number inside the hex below it (or above it, or out to
 * sea), clear of the building; a path's name inside the hex to its right or
 * below it, clear of the road, the token and the hex number.
 */
/* A box: left, top, right, bottom. */
struct box {
	double x0, y0, x1, y1;
};

static int boxes_meet(struct box a, struct box c)
{
	return a.x0 < c.x1 && c.x0 < a.x1 && a.y0 < c.y1 && c.y0 < a.y1;
}

/*
 * A path's name at x, y (its baseline's middle), as the tests measure it:
 * DejaVu Sans's advances (digits 0.636 em, '-' 0.361) by the digits' height
 * (0.729 em), grown by the halo (1.75).
 */
static struct box path_label_box(const char *t, double x, double y)
{
	double w = 0;
	for (; *t; t++)
		w += *t == '-' ? 0.361 : 0.636;
	w *= 12;
	return (struct box){ x - w / 2 - 1.75, y - 0.729 * 12 - 1.75, x + w / 2 + 1.75, y + 1.75 };
}

/* Where the labels stand: each path's name and each intersection's number, their baselines' middles. */
struct label_places {
	double px[MAX_EDGE], py[MAX_EDGE], nx[MAX_NODE], ny[MAX_NODE];
};

/*
 * Whether path e's name at x, y is clear of the other labels, of every
 * building (the boxes of the outlines of buildings(), grown by the stroke),
 * of every token's disc and of every hex number.
 */
static int path_label_clear(const struct game *g, const struct position *p, const struct label_places *lp,
			    int e, double x, double y)
{
	const struct geometry *geo = g->rs->geom;
	char t[8], u[8];
	struct box l = path_label_box(edge_name(geo, e, t), x, y);
	/* The other labels' text, without their halo (bold digits 0.696 em). */
	for (int f = 0; f < geo->nedge; f++) {
		struct box o = path_label_box(edge_name(geo, f, u), lp->px[f], lp->py[f]);
		if (f != e && boxes_meet(l, (struct box){ o.x0 + 1.75, o.y0 + 1.75, o.x1 - 1.75, o.y1 - 1.75 }))
			return 0;
	}
	for (int n = 0; n < geo->nnode; n++) {
		double w = (n + 1 >= 10 ? 2 : 1) * 0.696 * 14;
		if (boxes_meet(l, (struct box){ lp->nx[n] - w / 2, lp->ny[n] - 0.729 * 14, lp->nx[n] + w / 2, lp->ny[n] }))
			return 0;
	}
	for (int n = 0; n < geo->nnode; n++) {
		if (p->node_owner[n] < 0 || p->node_kind[n] == B_NONE)
			continue;
		double nx = node_px(geo, n), ny = node_py(geo, n);
		if (p->node_kind[n] == B_CITY) {
			if (boxes_meet(l, (struct box){ nx - 23, ny - 31, nx - 7, ny + 15 }) ||
			    boxes_meet(l, (struct box){ nx - 23, ny - 3, nx + 21, ny + 15 }))
				return 0;
		} else if (boxes_meet(l, (struct box){ nx - 12, ny - 15, nx + 12, ny + 13 })) {
			return 0;
		}
	}
	for (int h = 0; h < geo->nhex; h++) {
		double hx = hex_px(geo, h), hy = hex_py(geo, h);
		double w = (0.838 + (h + 1 >= 10 ? 2 : 1) * 0.636) * 12; /* "#N" */
		if (boxes_meet(l, (struct box){ hx - w / 2, hy + 41 - 0.729 * 12, hx + w / 2, hy + 41 }))
			return 0;
		if (!g->board.token[h])
			continue;
		double cx = fmax(l.x0, fmin(hx, l.x1)) - hx, cy = fmax(l.y0, fmin(hy + 2, l.y1)) - (hy + 2);
		if (cx * cx + cy * cy < (16 * K + 2) * (16 * K + 2))
			return 0;
	}
	return 1;
}

static void labels(const struct game *g, const struct position *p, struct buf *b)
{
	const struct geometry *geo = g->rs->geom;
	struct label_places lp;
	char name[8];
	for (int n = 0; n < geo->nnode; n++) {
		double x = node_px(geo, n), y = node_py(geo, n), sx = 0, sy = 0, cnt = 0;
		int below = 0, above = 0;
		for (int i = 0; i < 3; i++) {
			int h = geo->node_hexes[n][i];
			if (h < 0)
				continue;
			below |= geo->hex_x[h] == geo->node_x[n] && geo->hex_y[h] > geo->node_y[n];
			above |= geo->hex_x[h] == geo->node_x[n] && geo->hex_y[h] < geo->node_y[n];
			sx += hex_px(geo, h);
			sy += hex_py(geo, h);
			cnt++;
		}
		if (below) {
			y += 34;
		} else if (above) {
			y -= 22;
		} else if (cnt > 0) {
			/*
			 * On the coast between hexes: out to sea, away from the land, and
			 * beyond a city's tower or hall: further aside when the sea lies to
			 * the side, further up when it lies above (a city is taller above
			 * its intersection than below).
			 */
			double dx = x - sx / cnt, dy = y - sy / cnt, d = sqrt(dx * dx + dy * dy);
			int aside = fabs(dx) > d / 2;
			x += dx / d * 28 + (aside ? (dx > 0 ? 10 : -10) : 0);
			y += dy / d * (aside || dy > 0 ? 28 : 40) + 5;
		}
		lp.nx[n] = x;
		lp.ny[n] = y;
	}
	for (int e = 0; e < geo->nedge; e++) {
		int a = geo->edge_nodes[e][0], c = geo->edge_nodes[e][1];
		double mx = (node_px(geo, a) + node_px(geo, c)) / 2, my = (node_py(geo, a) + node_py(geo, c)) / 2;
		int vertical = geo->node_x[a] == geo->node_x[c];
		/* The hex on both ends' lists: to the right of an upright path, else below; else the other. */
		int best = -1;
		double bx = 0, by = 0;
		for (int i = 0; i < 3; i++) {
			int h = geo->node_hexes[a][i];
			if (h < 0)
				continue;
			int both = 0;
			for (int j = 0; j < 3; j++)
				both |= geo->node_hexes[c][j] == h;
			if (!both)
				continue;
			double hx = hex_px(geo, h), hy = hex_py(geo, h);
			if (best < 0 || (vertical ? hx > bx : hy > by)) {
				best = h;
				bx = hx;
				by = hy;
			}
		}
		double x = mx, y = my + 4;
		if (best >= 0) {
			double dx = bx - mx, dy = by - my, d = sqrt(dx * dx + dy * dy);
			double off = vertical ? 28 : 19;
			x += dx / d * off;
			y += dy / d * off;
			/*
			 * A slanting path's name leans out towards its side corner, clear of
			 * the hex number; an upright path's name stands in the upper half of
			 * its side, above the token, whose disc fills the hex's middle.
			 */
			if (!vertical)
				x += x < bx ? -8 : 8;
			else
				y -= 21;
		}
		lp.px[e] = x;
		lp.py[e] = y;
	}
	for (int e = 0; e < geo->nedge; e++) {
		int a = geo->edge_nodes[e][0], c = geo->edge_nodes[e][1];
		double mx = (node_px(geo, a) + node_px(geo, c)) / 2, my = (node_py(geo, a) + node_py(geo, c)) / 2;
		double x = lp.px[e], y = lp.py[e];
		/*
		 * Where a building stands near it (a city's tower and hall reach far
		 * beside and above its intersection), the name slides along the
		 * path, away from it, and further out from the path, or else crosses
		 * to the path's other side: the nearest place clear of buildings,
		 * tokens and hex numbers.
		 */
		if (!path_label_clear(g, p, &lp, e, x, y)) {
			double ux = node_px(geo, c) - node_px(geo, a), uy = node_py(geo, c) - node_py(geo, a);
			double ul = sqrt(ux * ux + uy * uy), vx = x - mx, vy = y - my;
			ux /= ul;
			uy /= ul;
			double along = vx * ux + vy * uy, wx = vx - along * ux, wy = vy - along * uy;
			double wl = sqrt(wx * wx + wy * wy);
			if (wl < 1) /* set on the path itself: out to its right */
				wx = -uy, wy = ux, wl = 1;
			double best_cost = -1, nx = x, ny = y;
			for (int side = 0; side < 2; side++)
				for (int out = 0; out <= 16; out += 4)
					for (int sl = -36; sl <= 36; sl += 6) {
						/* The other side: the offset mirrored in the path. */
						double ox = side ? -wx : wx, oy = side ? -wy : wy;
						double tx = mx + along * ux + ox + ox / wl * out + ux * sl;
						double ty = my + along * uy + oy + oy / wl * out + uy * sl;
						double cost = abs(sl) + out + side * 24;
						if ((best_cost < 0 || cost < best_cost) && path_label_clear(g, p, &lp, e, tx, ty)) {
							best_cost = cost;
							nx = tx;
							ny = ty;
						}
					}
			x = nx;
			y = ny;
		}
		lp.px[e] = x;
		lp.py[e] = y;
	}
	buf_adds(b, "<g id=\"labels\" font-family=\"DejaVu Sans, sans-serif\" text-anchor=\"middle\" "
		  "fill=\"#000\" stroke=\"#fff\" stroke-width=\"3.5\" stroke-linejoin=\"round\" "
		  "paint-order=\"stroke\">\n");
	for (int e = 0; e < geo->nedge; e++)
		buf_printf(b, "<text class=\"path\" x=\"%.1f\" y=\"%.1f\" font-size=\"12\">%s</text>\n", lp.px[e],
			    lp.py[e], edge_name(geo, e, name));
	for (int n = 0; n < geo->nnode; n++)
		buf_printf(b, "<text class=\"node\" x=\"%.1f\" y=\"%.1f\" font-size=\"14\" "
			    "font-weight=\"bold\">%d</text>\n", lp.nx[n], lp.ny[n], n + 1);
	buf_adds(b, "</g>\n");
}

/*
 * Large print (o->large), for a picture shown as narrow as a phone's
 * screen: the board alone with LARGE_SEA more sea on every side (room for
 * the harbours' boxes), every text at least large_font() high, a
 * LARGE_SHARE-th of the picture's width (9.6 pixels when the picture is
 * 384 pixels wide).  Each hex holds its token (a larger disc) above its
 * number; an intersection's number (with labels) stands on the
 * intersection in a badge, white, or in its player's colour under a roof
 * for a settlement and under battlements for a city; the path names
 * are left out (a path's name is the numbers at its ends); a harbour is a
 * box with its rate and resource, further out to sea.
 */
#define LARGE_SHARE 40
#define LARGE_SEA 32.0

static double large_w(const struct geometry *geo)
{
	return board_w(geo) + 2 * LARGE_SEA;
}

static double large_h(const struct geometry *geo)
{
	return board_h(geo) + 2 * LARGE_SEA;
}

/* large_font: the size of the smallest text in large print, in the picture's units. */
static int large_font(const struct geometry *geo)
{
	return (int)ceil(large_w(geo) / LARGE_SHARE);
}

/* text_advance: the width of s in DejaVu Sans at size 1 (its lower-case letters; 0.636 else, a digit's). */
static double text_advance(const char *s)
{
	static const char letters[] = "abcdegiklmnorsuw";
	static const double adv[] = { 0.613, 0.635, 0.550, 0.635, 0.615, 0.635, 0.278, 0.579, 0.278,
				      0.974, 0.634, 0.612, 0.411, 0.521, 0.634, 0.818 };
	double w = 0;
	for (; *s; s++) {
		const char *at = strchr(letters, *s);
		w += at ? adv[at - letters] : 0.636;
	}
	return w;
}

/* large_tokens: each hex's token (a disc of 28 with its number and pips) above its number. */
static void large_tokens(struct buf *b, const struct game *g, int f)
{
	const struct geometry *geo = g->rs->geom;
	buf_adds(b, "<g id=\"tokens\" font-family=\"DejaVu Sans, sans-serif\" text-anchor=\"middle\">\n");
	for (int h = 0; h < geo->nhex; h++) {
		double x = hex_px(geo, h), y = hex_py(geo, h);
		int tok = g->board.token[h];
		buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" fill=\"#111\">#%d</text>\n",
			    x, y + 54, f, h + 1);
		if (!tok)
			continue;
		const char *ink = rs_token_red(g->rs, tok) ? "#c62828" : "#222";
		int pips = render_pips(g->rs, tok);
		buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"28\" fill=\"#f6ecc9\" stroke=\"#5b4a2e\" "
			    "stroke-width=\"2\"/>\n", x, y - 4);
		buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" font-weight=\"bold\" "
			    "fill=\"%s\">%d</text>\n", x, y + 4, f + 2, ink, tok);
		for (int i = 0; i < pips; i++)
			buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.7\" fill=\"%s\"/>\n",
				    x + (i - (pips - 1) / 2.0) * 7.2, y + 14, ink);
	}
	buf_adds(b, "</g>\n");
}

/* A badge's size in large print (badges below), and the roof or battlements above it. */
static double badge_w(int f)
{
	return 2 * 0.696 * f + 10;
}

static double badge_h(int f)
{
	return 0.729 * f + 12;
}

#define BADGE_TOP 9.0

/*
 * harbour_out: how far out to sea from the middle of its coast (mx, my),
 * along (ux, uy), a harbour's box of half-width hw and half-height hh
 * stands: the nearest, from 56 on, that is 2 clear of every
 * intersection's badge.
 */
static double harbour_out(const struct geometry *geo, int f, double mx, double my, double ux, double uy,
			  double hw, double hh)
{
	double bw = badge_w(f) / 2 + hw + 2, above = badge_h(f) / 2 + BADGE_TOP + hh + 2,
	       below = badge_h(f) / 2 + hh + 2, out = 56;
	for (; out < 140; out += 2) {
		double x = mx + ux * out, y = my + uy * out;
		int clear = 1;
		for (int n = 0; n < geo->nnode && clear; n++)
			clear = fabs(node_px(geo, n) - x) >= bw || y - node_py(geo, n) >= below ||
				node_py(geo, n) - y >= above;
		if (clear)
			break;
	}
	return out;
}

/*
 * large_harbours: a pier to each of the two intersections and, out to
 * sea from the middle of the coast (harbour_out), a disc with "3:1" or a
 * box edged in the resource's colour with "2:1" over the resource.
 */
static void large_harbours(struct buf *b, const struct game *g, int f)
{
	const struct geometry *geo = g->rs->geom;
	buf_adds(b, "<g id=\"harbours\" font-family=\"DejaVu Sans, sans-serif\" text-anchor=\"middle\">\n");
	for (int i = 0; i < geo->nharbour; i++) {
		struct harbour_at at = harbour_at(geo, i);
		int kind = g->board.harbour[i];
		double dx = at.mx - at.hx, dy = at.my - at.hy, d = sqrt(dx * dx + dy * dy);
		double r = 0.95 * f + 2, bh = 2.1 * f + 10;
		double w = kind == HB_GENERIC ? 0 : fmax(text_advance(resource_names[kind]), 1.8) * f + 8;
		double out = kind == HB_GENERIC ? harbour_out(geo, f, at.mx, at.my, dx / d, dy / d, r, r) :
			     harbour_out(geo, f, at.mx, at.my, dx / d, dy / d, w / 2, bh / 2);
		double x = at.mx + dx / d * out, y = at.my + dy / d * out;
		piers(b, geo, &at, x, y);
		if (kind == HB_GENERIC) {
			buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#fdfdfd\" stroke=\"#5b4a2e\" "
				    "stroke-width=\"2\"/>\n", x, y, r);
			buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" font-weight=\"bold\" "
				    "fill=\"#111\">3:1</text>\n", x, y + 0.36 * f, f);
			continue;
		}
		buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"10\" fill=\"#fdfdfd\" "
			    "stroke=\"%s\" stroke-width=\"5\"/>\n", x - w / 2, y - bh / 2, w, bh, terrain_fill[kind]);
		buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" font-weight=\"bold\" "
			    "fill=\"#111\">2:1</text>\n", x, y - 0.12 * f, f);
		buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%d\" fill=\"#111\">%s</text>\n",
			    x, y + 0.86 * f, f, resource_names[kind]);
	}
	buf_adds(b, "</g>\n");
}

/*
 * badges: every building, and with labels every intersection, as a badge
 * on its intersection: 2.2 digits wide, its number (with labels) in bold;
 * white for an empty intersection, the player's colour for a building,
 * under a roof for a settlement, under battlements for a city (both 9
 * high, so that a badge on a hex's bottom corner stays clear of the hex's
 * number).
 */
static void badges(struct buf *b, const struct game *g, const struct position *p, int labels, int f)
{
	const struct geometry *geo = g->rs->geom;
	double w = badge_w(f), h = badge_h(f), top = BADGE_TOP, s = w / 5;
	buf_printf(b, "<g id=\"badges\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"%d\" "
		   "font-weight=\"bold\" text-anchor=\"middle\" stroke-linejoin=\"round\">\n", f);
	for (int n = 0; n < geo->nnode; n++) {
		int o = p->node_owner[n], kind = o >= 0 ? p->node_kind[n] : B_NONE;
		double x = node_px(geo, n), y = node_py(geo, n), x0 = x - w / 2, y0 = y - h / 2;
		if (kind == B_NONE && !labels)
			continue;
		if (kind == B_NONE) {
			buf_printf(b, "<g class=\"node\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"7\" "
				    "fill=\"#fff\" stroke=\"#5b4a2e\" stroke-width=\"2\"/>", x0, y0, w, h);
		} else {
			const char *col = seat_name(g, o);
			int city = kind == B_CITY;
			buf_printf(b, "<g class=\"%s %s\"><title>%s %s %d</title>", city ? "city" : "settlement",
				    col, col, city ? "city" : "settlement", n + 1);
			/* From the bottom left corner, up the right side, over the top. */
			buf_printf(b, "<path d=\"M%.1f %.1fH%.1fV%.1f", x0, y0 + h, x0 + w, y0);
			if (city)
				buf_printf(b, "v%.1fh%.1fv%.1fh%.1fv%.1fh%.1fv%.1fh%.1fv%.1fh%.1f", -top, -s, top, -s,
					    -top, -s, top, -s, -top, -s);
			else
				buf_printf(b, "L%.1f %.1f", x, y0 - top);
			buf_printf(b, "L%.1f %.1fz\" fill=\"%s\" stroke=\"#222\" stroke-width=\"2.5\"/>", x0, y0,
				    palette_fill(g->colour[o]));
		}
		if (labels)
			buf_printf(b, "<text class=\"node\" x=\"%.1f\" y=\"%.1f\" fill=\"%s\">%d</text>", x,
				    y + 0.729 * f / 2, kind == B_NONE ? "#000" : palette_on_fill(g->colour[o]), n + 1);
		buf_adds(b, "</g>\n");
	}
	buf_adds(b, "</g>\n");
}

/*
 * The panel's lines.  Each sits at its own height (y) in a picture; in a
 * replay (rel) they are the lines of one text element, each placed below
 * the one before (dy), so that a line reads the same wherever it falls.
 */
static void panel_svg(struct buf *b, const struct game *g, const struct panel *pn, double y0, int rel)
{
	double y = y0;
	if (rel)
		buf_printf(b, "<text id=\"panel\" x=\"%.1f\" y=\"%.1f\" font-family=\"DejaVu Sans Mono, monospace\" "
			   "font-size=\"%d\" fill=\"#222\" xml:space=\"preserve\">\n", panel_x(g->rs->geom), y0, PANEL_FONT);
	else
		buf_printf(b, "<g id=\"panel\" font-family=\"DejaVu Sans Mono, monospace\" font-size=\"%d\" "
			   "fill=\"#222\">\n", PANEL_FONT);
	for (int i = 0; i < pn->n; i++) {
		const struct panel_line *l = &pn->line[i];
		double dy = i ? PANEL_LINE : 0;
		if (l->kind == PK_PLAYER || l->kind == PK_HEAD || (l->kind == PK_TITLE && i > 0))
			y += PANEL_LINE / 2, dy += i ? PANEL_LINE / 2 : 0;
		if (rel)
			buf_printf(b, "<tspan x=\"%.1f\" dy=\"%.0f\"", panel_x(g->rs->geom), dy);
		else
			buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" xml:space=\"preserve\"", panel_x(g->rs->geom), y);
		if (l->kind == PK_PLAYER && l->seat >= 0)
			buf_printf(b, " font-weight=\"bold\" fill=\"%s\"", palette_ink(g->colour[l->seat]));
		else if (l->kind == PK_TITLE || l->kind == PK_HEAD)
			buf_adds(b, " font-weight=\"bold\"");
		buf_adds(b, ">");
		xml_text(b, l->text);
		buf_adds(b, rel ? "</tspan>\n" : "</text>\n");
		y += PANEL_LINE;
	}
	buf_adds(b, rel ? "</text>\n" : "</g>\n");
}

static double panel_height(const struct panel *pn)
{
	double h = 0;
	for (int i = 0; i < pn->n; i++)
		h += PANEL_LINE + (pn->line[i].kind == PK_PLAYER || pn->line[i].kind == PK_HEAD ||
				   (pn->line[i].kind == PK_TITLE && i) ?
				   PANEL_LINE / 2 : 0);
	return h;
}

/* pieces: what changes from move to move: roads, buildings, the robber, the labels, the panel (pn, unless NULL). */
static void pieces(struct buf *b, const struct game *g, const struct render_opts *o,
		   const struct panel *pn, int rel)
{
	const struct position *p = render_position(g);
	roads(b, g, p, o->large);
	if (o->large)
		badges(b, g, p, o->labels, large_font(g->rs->geom));
	else
		buildings(b, g, p);
	robber(g->rs->geom, b, p);
	if (o->labels && !o->large)
		labels(g, p, b);
	if (pn)
		panel_svg(b, g, pn, 40, rel);
}

/*
 * board: the background, the sea, the harbours, the hexes and their
 * tokens; in large print, the sea fills the picture and what follows is
 * moved LARGE_SEA in, inside a group that the caller closes.
 */
static void board(struct buf *b, const struct game *g, double w, double h, int large)
{
	const struct geometry *geo = g->rs->geom;
	buf_printf(b, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"#fbf8ef\"/>\n", w, h);
	if (large)
		buf_printf(b, "<rect x=\"4\" y=\"4\" width=\"%.1f\" height=\"%.1f\" rx=\"24\" fill=\"#3f7fbf\"/>\n",
			    w - 8, h - 8);
	else
		buf_printf(b, "<rect x=\"10\" y=\"10\" width=\"%.1f\" height=\"%.1f\" rx=\"24\" fill=\"#3f7fbf\"/>\n",
			    board_w(geo) - 20, board_h(geo) - 20);
	if (large) {
		buf_printf(b, "<g transform=\"translate(%.0f %.0f)\">\n", LARGE_SEA, LARGE_SEA);
		large_harbours(b, g, large_font(geo));
		hexes(b, g);
		large_tokens(b, g, large_font(geo));
		return;
	}
	harbours(b, g);
	hexes(b, g);
	tokens(b, g);
}

int render_svg_split(const struct game *g, const struct render_opts *o, struct svg_split *s,
		     struct cerr *e)
{
	struct panel *pn = malloc(sizeof *pn);
	struct buf b;
	int rc;

	memset(s, 0, sizeof *s);
	if (!pn)
		return cerr_set(e, C_SYSTEM, "out of memory");
	panel_build(g, o, pn);
	s->width = panel_x(g->rs->geom) + PANEL_WIDTH * PANEL_CHAR + 20;
	s->height = fmax(board_h(g->rs->geom), panel_height(pn) + 50);
	buf_init(&b);
	pieces(&b, g, o, pn, 1);
	free(pn);
	if ((rc = buf_finish(&b, &s->pieces, &s->pieces_len, e)) != C_OK)
		return rc;
	buf_init(&b);
	board(&b, g, s->width, s->height, 0);
	if ((rc = buf_finish(&b, &s->board, &s->board_len, e)) != C_OK) {
		svg_split_free(s);
		return rc;
	}
	return C_OK;
}

void svg_split_free(struct svg_split *s)
{
	free(s->board);
	free(s->pieces);
	s->board = s->pieces = NULL;
}

int render_svg(const struct game *g, const struct render_opts *o, char **out, size_t *len,
	       struct cerr *e)
{
	struct panel *pn = malloc(sizeof *pn);
	struct buf b;

	*out = NULL;
	*len = 0;
	if (!pn)
		return cerr_set(e, C_SYSTEM, "out of memory");
	panel_build(g, o, pn);
	const struct geometry *geo = g->rs->geom;
	int alone = o->board_only || o->large;
	double w = o->large ? large_w(geo) : alone ? board_w(geo) : panel_x(geo) + PANEL_WIDTH * PANEL_CHAR + 20;
	double h = o->large ? large_h(geo) : alone ? board_h(geo) : fmax(board_h(geo), panel_height(pn) + 50);

	buf_init(&b);
	buf_printf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.0f\" height=\"%.0f\" "
		    "viewBox=\"0 0 %.0f %.0f\">\n", w, h, w, h);
	buf_adds(&b, "<title>");
	xml_text(&b, pn->n ? pn->line[0].text : "catan");
	buf_adds(&b, "</title>\n");
	board(&b, g, w, h, o->large);
	pieces(&b, g, o, alone ? NULL : pn, 0);
	buf_adds(&b, o->large ? "</g>\n</svg>\n" : "</svg>\n");
	free(pn);
	return buf_finish(&b, out, len, e);
}
