/* render_svg.c: the board as an SVG picture (hexes, tokens, harbours, pieces, robber) with the panel beside it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "geom.h"
#include "ruleset.h"
#include "names.h"
#include "palette.h"
#include "render_svg.h"

/*
 * Intersection (x, y) of the geometry tables (units of sqrt(3)/2 and 1/2)
 * is drawn at pixel (ORIGIN_X + (x+1)*XU, ORIGIN_Y + (y+2)*YU) for hexes
 * of circumradius HEX_R.  The panel's lines are set in a monospace font to
 * the right of the board.
 */
#define HEX_R 50.0
#define XU (HEX_R * 0.86602540378)
#define YU (HEX_R / 2)
#define ORIGIN_X 70.0
#define ORIGIN_Y 70.0
#define BOARD_W (2 * ORIGIN_X + 10 * XU)
#define BOARD_H (2 * ORIGIN_Y + 16 * YU)
#define PANEL_X (BOARD_W + 20)
#define PANEL_LINE 16
#define PANEL_CHAR 7.3

static const char *const terrain_fill[NTERRAIN] = {
	"#c2593a", "#2f7d32", "#9bd267", "#f2cc3d", "#9a9a9a", "#e6d3a3",
};

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
	buf_adds(b, "<g id=\"hexes\" stroke=\"#5b4a2e\" stroke-width=\"2\">\n");
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

/* A number token: a disc with the number and its pips, 6 and 8 in red; the hex number above. */
static void tokens(struct buf *b, const struct game *g)
{
	const struct geometry *geo = g->rs->geom;
	buf_adds(b, "<g id=\"tokens\" font-family=\"DejaVu Sans, sans-serif\" text-anchor=\"middle\">\n");
	for (int h = 0; h < geo->nhex; h++) {
		double x = hex_px(geo, h), y = hex_py(geo, h);
		int tok = g->board.token[h];
		buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"#222\">#%d</text>\n",
			    x, y - 26, h + 1);
		if (!tok)
			continue;
		const char *ink = tok == 6 || tok == 8 ? "#c62828" : "#222";
		int pips = render_pips(tok);
		buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"16\" fill=\"#f6ecc9\" stroke=\"#5b4a2e\" "
			    "stroke-width=\"1.5\"/>\n", x, y + 2);
		buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"15\" font-weight=\"bold\" "
			    "fill=\"%s\">%d</text>\n", x, y + 5, ink, tok);
		for (int i = 0; i < pips; i++)
			buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"1.7\" fill=\"%s\"/>\n",
				    x + (i - (pips - 1) / 2.0) * 4.5, y + 11, ink);
	}
	buf_adds(b, "</g>\n");
}

/* The harbours: a pier to each of the two intersections and a disc with the rate. */
static void harbours(struct buf *b, const struct game *g)
{
	const struct geometry *geo = g->rs->geom;
	buf_adds(b, "<g id=\"harbours\" font-family=\"DejaVu Sans, sans-serif\" text-anchor=\"middle\">\n");
	for (int i = 0; i < geo->nharbour; i++) {
		int coast = geo->harbour_coast[i], h = geo->coast_hexes[coast];
		int e = geo->coast_edges[coast], kind = g->board.harbour[i];
		int a = geo->edge_nodes[e][0], c = geo->edge_nodes[e][1];
		double mx = (node_px(geo, a) + node_px(geo, c)) / 2, my = (node_py(geo, a) + node_py(geo, c)) / 2;
		double x = hex_px(geo, h) + (mx - hex_px(geo, h)) * 1.75, y = hex_py(geo, h) + (my - hex_py(geo, h)) * 1.75;
		for (int k = 0; k < 2; k++)
			buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#8b5a2b\" "
				    "stroke-width=\"4\"/>\n", x, y, node_px(geo, k ? c : a), node_py(geo, k ? c : a));
		buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"19\" fill=\"%s\" stroke=\"#5b4a2e\" "
			    "stroke-width=\"1.5\"/>\n", x, y,
			    kind == HB_GENERIC ? "#fdfdfd" : terrain_fill[kind]);
		if (kind == HB_GENERIC) {
			buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" font-weight=\"bold\" "
				    "fill=\"#222\">3:1</text>\n", x, y + 4);
		} else {
			buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" font-weight=\"bold\" "
				    "fill=\"#111\">2:1</text>\n", x, y - 1);
			buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"8\" fill=\"#111\">%s</text>\n",
				    x, y + 9, resource_names[kind]);
		}
	}
	buf_adds(b, "</g>\n");
}

static void roads(struct buf *b, const struct game *g, const struct position *p)
{
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
		buf_printf(b, "<g class=\"road %s\"><title>%s road %s</title>", colour_names[g->colour[o]],
			    colour_names[g->colour[o]], edge_name(geo, e, name));
		buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#222\" "
			    "stroke-width=\"10\"/>", x1 + dx, y1 + dy, x2 - dx, y2 - dy);
		buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
			    "stroke-width=\"7\"/></g>\n", x1 + dx, y1 + dy, x2 - dx, y2 - dy,
			    palette_fill(g->colour[o]));
	}
	buf_adds(b, "</g>\n");
}

/* Settlements are small houses, cities a house with a wing. */
static void buildings(struct buf *b, const struct game *g, const struct position *p)
{
	const struct geometry *geo = g->rs->geom;
	buf_adds(b, "<g id=\"buildings\" stroke=\"#222\" stroke-width=\"1.5\" stroke-linejoin=\"round\">\n");
	for (int n = 0; n < geo->nnode; n++) {
		int o = p->node_owner[n];
		if (o < 0 || p->node_kind[n] == B_NONE)
			continue;
		double x = node_px(geo, n), y = node_py(geo, n);
		int city = p->node_kind[n] == B_CITY;
		const char *col = colour_names[g->colour[o]];
		buf_printf(b, "<g class=\"%s %s\"><title>%s %s %d</title>", city ? "city" : "settlement",
			    col, col, city ? "city" : "settlement", n + 1);
		if (city)
			buf_printf(b, "<path d=\"M%.1f %.1fh26v-13h-11v-6l-6-7l-6 7v6h-3z\" fill=\"%s\"/>",
				    x - 13, y + 10, palette_fill(g->colour[o]));
		else
			buf_printf(b, "<path d=\"M%.1f %.1fh16v-11l-8-8l-8 8z\" fill=\"%s\"/>", x - 8,
				    y + 9, palette_fill(g->colour[o]));
		buf_adds(b, "</g>\n");
	}
	buf_adds(b, "</g>\n");
}

static void robber(const struct geometry *geo, struct buf *b, const struct position *p)
{
	double x = hex_px(geo, p->robber) - 28, y = hex_py(geo, p->robber) + 4;
	buf_printf(b, "<g id=\"robber\" fill=\"#333\" stroke=\"#111\"><title>robber on hex %d</title>"
		    "<path d=\"M%.1f %.1fh16l-3-16h-10z\"/><circle cx=\"%.1f\" cy=\"%.1f\" r=\"5.5\"/></g>\n",
		    p->robber + 1, x - 8, y + 10, x, y - 10);
}

/* Labels: intersection numbers and path names in small type with a white halo. */
static void labels(const struct geometry *geo, struct buf *b)
{
	char name[8];
	buf_adds(b, "<g id=\"labels\" font-family=\"DejaVu Sans, sans-serif\" text-anchor=\"middle\" "
		  "fill=\"#000\" stroke=\"#fff\" stroke-width=\"2.5\" paint-order=\"stroke\">\n");
	for (int e = 0; e < geo->nedge; e++) {
		int a = geo->edge_nodes[e][0], c = geo->edge_nodes[e][1];
		buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"8\">%s</text>\n",
			    (node_px(geo, a) + node_px(geo, c)) / 2, (node_py(geo, a) + node_py(geo, c)) / 2 + 3,
			    edge_name(geo, e, name));
	}
	for (int n = 0; n < geo->nnode; n++)
		buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" font-weight=\"bold\">%d</text>\n",
			    node_px(geo, n), node_py(geo, n) - 6, n + 1);
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
			   "font-size=\"12\" fill=\"#222\" xml:space=\"preserve\">\n", PANEL_X, y0);
	else
		buf_adds(b, "<g id=\"panel\" font-family=\"DejaVu Sans Mono, monospace\" font-size=\"12\" "
			  "fill=\"#222\">\n");
	for (int i = 0; i < pn->n; i++) {
		const struct panel_line *l = &pn->line[i];
		double dy = i ? PANEL_LINE : 0;
		if (l->kind == PK_PLAYER || l->kind == PK_HEAD || (l->kind == PK_TITLE && i > 0))
			y += PANEL_LINE / 2, dy += i ? PANEL_LINE / 2 : 0;
		if (rel)
			buf_printf(b, "<tspan x=\"%.1f\" dy=\"%.0f\"", PANEL_X, dy);
		else
			buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" xml:space=\"preserve\"", PANEL_X, y);
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

/* pieces: what changes from move to move: roads, buildings, the robber, the labels, the panel. */
static void pieces(struct buf *b, const struct game *g, const struct render_opts *o,
		   const struct panel *pn, int rel)
{
	const struct position *p = render_position(g);
	roads(b, g, p);
	buildings(b, g, p);
	robber(g->rs->geom, b, p);
	if (o->labels)
		labels(g->rs->geom, b);
	panel_svg(b, g, pn, 34, rel);
}

static void board(struct buf *b, const struct game *g, double w, double h)
{
	buf_printf(b, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"#fbf8ef\"/>\n", w, h);
	buf_printf(b, "<rect x=\"10\" y=\"10\" width=\"%.1f\" height=\"%.1f\" rx=\"24\" fill=\"#3f7fbf\"/>\n",
		    BOARD_W - 20, BOARD_H - 20);
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
	s->width = PANEL_X + PANEL_WIDTH * PANEL_CHAR + 20;
	s->height = fmax(BOARD_H, panel_height(pn) + 50);
	buf_init(&b);
	pieces(&b, g, o, pn, 1);
	free(pn);
	if ((rc = buf_finish(&b, &s->pieces, &s->pieces_len, e)) != C_OK)
		return rc;
	buf_init(&b);
	board(&b, g, s->width, s->height);
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
	double w = PANEL_X + PANEL_WIDTH * PANEL_CHAR + 20;
	double h = fmax(BOARD_H, panel_height(pn) + 50);

	buf_init(&b);
	buf_printf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.0f\" height=\"%.0f\" "
		    "viewBox=\"0 0 %.0f %.0f\">\n", w, h, w, h);
	buf_adds(&b, "<title>");
	xml_text(&b, pn->n ? pn->line[0].text : "catan");
	buf_adds(&b, "</title>\n");
	board(&b, g, w, h);
	pieces(&b, g, o, pn, 0);
	buf_adds(&b, "</svg>\n");
	free(pn);
	return buf_finish(&b, out, len, e);
}
