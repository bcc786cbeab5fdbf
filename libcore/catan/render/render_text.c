/* render_text.c: the board as ASCII art on a character canvas, with optional ANSI colour, then the panel. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "model/geom.h"
#include "model/ruleset.h"
#include "model/names.h"
#include "render/render_text.h"

/*
 * The canvas puts intersection (x, y) of the geometry tables (units of
 * sqrt(3)/2 and 1/2; on the base board x from -1 to 9, y from -2 to 14)
 * at column margin + (x+1)*k and row MARGIN_T + (y+2)*2:
 * k is 6 columns for the compact picture and 8 with labels, which leaves
 * room for a path name on every path; the screen layout has k = 4 and one
 * row per y unit.  The margin is MARGIN_L, or wider
 * where a board's harbour would be drawn left of the first column.  Each
 * cell has a character and a style; the style becomes an ANSI escape only
 * when colour is asked for.  The canvas is sized for the largest board;
 * a board uses what its coordinates reach (struct canvas's w and h).
 */
#define MARGIN_L 3
#define MARGIN_T 5
#define MARGIN_NAMED 24	/* with the intersections numbered: room for a harbour's name beside the board */
#define CANVAS_W 192
#define CANVAS_H 64

enum style {
	ST_PLAIN,
	ST_TERRAIN,		/* + enum terrain */
	ST_TOKEN = ST_TERRAIN + NTERRAIN,
	ST_TOKEN_RED,
	ST_ROBBER,
	ST_HARBOUR,
	ST_LABEL,
	ST_PLAYER,		/* + enum colour */
	ST_TITLE = ST_PLAYER + NCOLOUR,
	NSTYLE,
	ST_NEW = 0x80		/* or'd in: changed since o->since, bold and underlined (never reverse, white's) */
};

static const char *const ansi[NSTYLE] = {
	[ST_PLAIN] = NULL,
	[ST_TERRAIN + T_HILLS] = "38;5;166",
	[ST_TERRAIN + T_FOREST] = "38;5;28",
	[ST_TERRAIN + T_PASTURE] = "38;5;112",
	[ST_TERRAIN + T_FIELDS] = "38;5;178",
	[ST_TERRAIN + T_MOUNTAINS] = "38;5;245",
	[ST_TERRAIN + T_DESERT] = "38;5;180",
	[ST_TOKEN] = "1",
	[ST_TOKEN_RED] = "1;31",
	[ST_ROBBER] = "1;7",
	[ST_HARBOUR] = "38;5;39",
	[ST_LABEL] = "2",
	[ST_PLAYER + COL_RED] = "1;31",
	[ST_PLAYER + COL_BLUE] = "1;34",
	[ST_PLAYER + COL_WHITE] = "1;30;107",	/* black on white: reads on a light terminal too */
	[ST_PLAYER + COL_ORANGE] = "1;38;5;208",
	[ST_PLAYER + COL_GREEN] = "1;38;5;34",
	[ST_PLAYER + COL_BROWN] = "1;38;5;94",
	[ST_TITLE] = "1",
};

struct canvas {
	int k;			/* columns per x unit */
	int rows;		/* rows per y unit: 2, or 1 in the screen layout */
	int screen;		/* 1: the screen layout (render_text.h) */
	int low;		/* the screen layout: the bottom coast's harbours on the bottom row (screen_low) */
	int margin;		/* the columns left of intersection x = -1 */
	int named;		/* intersections numbered (labels, screen): harbours name theirs (place_harbours) */
	int lead;		/* the blank columns left out at the start of every row */
	int w, h;		/* the size in use */
	char ch[CANVAS_H][CANVAS_W];
	uint8_t st[CANVAS_H][CANVAS_W];
};

static int node_col(const struct geometry *geo, const struct canvas *c, int n)
{
	return c->margin + (geo->node_x[n] + 1) * c->k;
}

static int node_row(const struct geometry *geo, const struct canvas *c, int n)
{
	return MARGIN_T + (geo->node_y[n] + 2) * c->rows;
}

static int hex_row(const struct geometry *geo, const struct canvas *c, int h)
{
	return MARGIN_T + (geo->hex_y[h] + 2) * c->rows;
}

static void put(struct canvas *c, int row, int col, const char *s, int style)
{
	for (; *s; s++, col++)
		if (row >= 0 && row < c->h && col >= 0 && col < c->w) {
			c->ch[row][col] = *s;
			c->st[row][col] = (uint8_t)style;
		}
}

/* put_centred: s centred on col (one column left of centre for an even length). */
static void put_centred(struct canvas *c, int row, int col, const char *s, int style)
{
	put(c, row, col - ((int)strlen(s) - 1) / 2, s, style);
}

/* The paths: lines, a path name with labels, the owner's letter for a road. */
static void draw_paths(struct canvas *c, const struct game *g, const struct position *p, int labels,
		       const struct position *since)
{
	const struct geometry *geo = g->rs->geom;
	for (int e = 0; e < geo->nedge; e++) {
		int a = geo->edge_nodes[e][0], b = geo->edge_nodes[e][1];
		int owner = p->edge_owner[e];
		int style = (owner >= 0 ? ST_PLAYER + g->colour[owner] : ST_PLAIN) |
			    (since && since->edge_owner[e] != owner ? ST_NEW : 0);
		char name[8], fill[8];

		edge_name(geo, e, name);
		if (owner >= 0) {
			memset(fill, render_letter[g->colour[owner]], strlen(name));
			fill[strlen(name)] = '\0';
		}
		if (geo->node_x[a] == geo->node_x[b]) {
			int col = node_col(geo, c, a), r0 = node_row(geo, c, a), r1 = node_row(geo, c, b);
			for (int r = r0 + 1; r < r1; r++) {
				if (labels && r == (r0 + r1) / 2)
					put_centred(c, r, col, owner >= 0 ? fill : name,
						    owner >= 0 ? style : ST_LABEL);
				else
					put(c, r, col, owner >= 0 ? fill + strlen(fill) - 1 : "|", style);
			}
		} else {
			/* a is the upper end (smaller number); '\' when it is on the left. */
			int col = (node_col(geo, c, a) + node_col(geo, c, b)) / 2, row = node_row(geo, c, a) + 1;
			const char *line = geo->node_x[a] < geo->node_x[b] ? "\\" : "/";
			if (labels)
				put_centred(c, row, col, owner >= 0 ? fill : name,
					    owner >= 0 ? style : ST_LABEL);
			else
				put(c, row, col, owner >= 0 ? fill + strlen(fill) - 1 : line, style);
		}
	}
}

/* The intersections: a dot, the number with labels, the owner's letter (upper case for a city). */
static void draw_nodes(struct canvas *c, const struct game *g, const struct position *p, int labels,
		       const struct position *since)
{
	const struct geometry *geo = g->rs->geom;
	for (int n = 0; n < geo->nnode; n++) {
		int owner = p->node_owner[n];
		char s[16];
		int style = ST_PLAIN;
		int fresh = since && (since->node_owner[n] != owner || since->node_kind[n] != p->node_kind[n]);
		if (owner >= 0 && p->node_kind[n] != B_NONE) {
			char l = render_letter[g->colour[owner]];
			if (p->node_kind[n] == B_CITY)
				l = (char)(l - 'a' + 'A');
			if (labels)
				snprintf(s, sizeof s, "%c%d", l, n + 1);
			else
				snprintf(s, sizeof s, "%c", l);
			style = ST_PLAYER + g->colour[owner];
		} else if (labels) {
			snprintf(s, sizeof s, "%d", n + 1);
			style = ST_LABEL;
		} else {
			snprintf(s, sizeof s, ".");
		}
		put_centred(c, node_row(geo, c, n), node_col(geo, c, n), s, style | (fresh ? ST_NEW : 0));
	}
}

/* screen_hex: hex h in the screen layout (below): its number or the robber, its resource, its token. */
static void screen_hex(struct canvas *c, const struct game *g, const struct position *p, int h,
		       const struct position *since)
{
	const struct geometry *geo = g->rs->geom;
	int cx = c->margin + (geo->hex_x[h] + 1) * c->k, cy = hex_row(geo, c, h);
	int t = g->board.terrain[h], tok = g->board.token[h];
	char s[16];

	if (p->robber == h) {
		put_centred(c, cy + 1, cx, "rob", ST_ROBBER | (since && since->robber != h ? ST_NEW : 0));
	} else {
		snprintf(s, sizeof s, "#%d", h + 1);
		put_centred(c, cy + 1, cx, s, ST_LABEL);
	}
	put_centred(c, cy, cx, t < NRES ? resource_names[t] : terrain_names[t], ST_TERRAIN + t);
	if (tok) {
		snprintf(s, sizeof s, "(%d)", tok);
		put_centred(c, cy - 1, cx, s, rs_token_red(g->rs, tok) ? ST_TOKEN_RED : ST_TOKEN);
	}
}

static void draw_hexes(struct canvas *c, const struct game *g, const struct position *p, int labels,
		       const struct position *since)
{
	const struct geometry *geo = g->rs->geom;
	for (int h = 0; h < geo->nhex; h++) {
		int cx = c->margin + (geo->hex_x[h] + 1) * c->k, cy = hex_row(geo, c, h);
		int t = g->board.terrain[h], tok = g->board.token[h];
		char s[16];

		if (c->screen) {
			screen_hex(c, g, p, h, since);
			continue;
		}
		snprintf(s, sizeof s, "#%d", h + 1);
		put_centred(c, labels ? cy - 2 : cy - 3, cx, s, ST_LABEL);
		put_centred(c, cy - 1, cx, terrain_names[t], ST_TERRAIN + t);
		if (tok) {
			int red = rs_token_red(g->rs, tok), n = render_pips(g->rs, tok);
			if (labels)
				snprintf(s, sizeof s, "(%d)", tok);
			else
				snprintf(s, sizeof s, "%d", tok);
			put_centred(c, cy, cx, s, red ? ST_TOKEN_RED : ST_TOKEN);
			memset(s, red ? '*' : '.', (size_t)n);
			s[n] = '\0';
			put_centred(c, cy + 1, cx, s, red ? ST_TOKEN_RED : ST_TOKEN);
		}
		/*
		 * The robber on the row of the hex's lower corners, a blank clear of
		 * what they show ("." or, with labels, "r12"): "[robber]" where it fits.
		 */
		int room = 2 * c->k - (labels ? 5 : 3);
		if (p->robber == h)
			put_centred(c, cy + 2, cx, room >= 8 ? "[robber]" : room >= 6 ? "robber" : "rob",
				    ST_ROBBER | (since && since->robber != h ? ST_NEW : 0));
	}
}

/*
 * The harbours: "3:1", or "2:1" over the resource, outside their coastal
 * path: on the line from the centre of its hex through the middle of the
 * path, about as far again beyond it.  harbour_at: where harbour i's
 * label is centred.
 */
static void harbour_at(const struct canvas *c, const struct geometry *geo, int i, int two, int *row, int *col)
{
	int coast = geo->harbour_coast[i], h = geo->coast_hexes[coast];
	int e = geo->coast_edges[coast];
	int a = geo->edge_nodes[e][0], b = geo->edge_nodes[e][1];
	double hcol = c->margin + (geo->hex_x[h] + 1) * c->k, hrow = hex_row(geo, c, h);
	double mcol = (node_col(geo, c, a) + node_col(geo, c, b)) / 2.0;
	double mrow = (node_row(geo, c, a) + node_row(geo, c, b)) / 2.0;
	*col = (int)lround(hcol + (mcol - hcol) * 1.9);
	*row = (int)lround(hrow + (mrow - hrow) * 1.9 - (two ? 0.5 : 0));
}

/*
 * screen_low: in the screen layout of a board too tall for SCREEN_HEIGHT
 * rows, harbour i of the bottom coast, whose label would take a row
 * below the board, on the row of its path's lower intersection instead:
 * beside that intersection's widest label ("w78"), one blank apart, on
 * the side of the path's other end, cut to leave a blank before the
 * next intersection on the row (three letters between two of them).
 * Returns 0, drawing nothing, for a harbour whose label is not below
 * the board.
 */
static int screen_low(struct canvas *c, const struct geometry *geo, int i, const char *label, int bottom)
{
	int e = geo->coast_edges[geo->harbour_coast[i]];
	int a = geo->edge_nodes[e][0], b = geo->edge_nodes[e][1], row, col, right, len = (int)strlen(label);
	harbour_at(c, geo, i, 0, &row, &col);
	if (row <= bottom)
		return 0;
	if (node_row(geo, c, a) < node_row(geo, c, b)) {
		int t = a;
		a = b;
		b = t;
	}
	right = node_col(geo, c, b) > node_col(geo, c, a);
	int from = right ? node_col(geo, c, a) + 3 : 0, to = right ? c->w - 1 : node_col(geo, c, a) - 3;
	for (int n = 0; n < geo->nnode; n++) {
		int nc = node_col(geo, c, n);
		if (node_row(geo, c, n) != bottom || n == a)
			continue;
		if (right && nc > node_col(geo, c, a) && nc - 3 < to)
			to = nc - 3;
		if (!right && nc < node_col(geo, c, a) && nc + 3 > from)
			from = nc + 3;
	}
	if (len > to - from + 1)
		len = to - from + 1 > 0 ? to - from + 1 : 0;
	char s[16];
	snprintf(s, sizeof s, "%.*s", len, label);
	put(c, bottom, right ? from : to - len + 1, s, ST_HARBOUR);
	return 1;
}

/*
 * With the intersections numbered (labels, the screen), a harbour says its
 * rate, its resource and the two intersections it serves: "2:1 lumber" over
 * "12,17" where two lines have room, else on one line ("3:1 1,4"), else its
 * rate and resource alone.  Each is set near harbour_at's place, moved away
 * from the board until it is clear of it by a blank column on each side and
 * of the harbours set before it, within the rows the board's intersections
 * take and one more on each side.  fits: 1 when text can stand at (row,
 * col) so; room: the rows and columns allowed.
 */
struct room {
	int top, bottom;	/* the rows a harbour may take */
};

static int fits(const struct canvas *c, const struct room *rm, int row, int col, const char *text)
{
	int n = (int)strlen(text);
	if (row < rm->top || row > rm->bottom || col < 2 || col + n + 2 > c->w)
		return 0;
	/* Two blanks on each side: an intersection's number or another name reads on otherwise. */
	for (int i = col - 2; i <= col + n + 1; i++)
		if (c->ch[row][i] != ' ')
			return 0;
	return 1;
}

/*
 * line_col: where a harbour's line of n letters starts when its place is col: ending there
 * left of the board (dc < 0), starting there right of it (dc > 0), else centred on it.
 */
static int line_col(int col, int dc, int n)
{
	return dc < 0 ? col - n + 1 : dc > 0 ? col : col - (n - 1) / 2;
}

/*
 * place_at: a harbour's n lines (1 to 3) at the first place that fits: beside the board (dc
 * not 0) the block's middle line on row, each line starting or ending at col (line_col), then
 * moved a column a step away from the board; above or below it (dc 0) the block's line
 * nearest the board on row, centred on col, then moved a column a step to either side.
 * Returns 1 when set.
 */
static int place_at(struct canvas *c, const struct room *rm, int row, int col, int dr, int dc,
		    char (*text)[40], int n)
{
	int top = row - (dc ? (n - 1) / 2 : dr < 0 ? n - 1 : 0);
	top = top + n - 1 > rm->bottom ? rm->bottom - n + 1 : top < rm->top ? rm->top : top;
	for (int step = 0; step <= 48; step++) {
		int cl = dc ? col + dc * step : col + (step % 2 ? (step + 1) / 2 : -step / 2), ok = 1;
		for (int k = 0; k < n && ok; k++)
			ok = fits(c, rm, top + k, line_col(cl, dc, (int)strlen(text[k])), text[k]);
		if (!ok)
			continue;
		for (int k = 0; k < n; k++)
			put(c, top + k, line_col(cl, dc, (int)strlen(text[k])), text[k], ST_HARBOUR);
		return 1;
	}
	return 0;
}

/*
 * place_harbours: each harbour's name in the first form that has room: with two rows a y
 * unit (labels), and on the screen beside the board, its rate, its resource and its
 * intersections a line each (a 3:1 harbour its rate over its intersections); on the screen
 * above and below the board, all on one line; then the others; last its rate and resource.
 */
static void place_harbours(struct canvas *c, const struct game *g)
{
	const struct geometry *geo = g->rs->geom;
	struct room rm = { c->h, 0 };
	int first = c->h, last = 0, out = c->rows == 2 ? 3 : 1;
	for (int n = 0; n < geo->nnode; n++) {	/* a row beyond the intersections; three with two rows a unit */
		first = node_row(geo, c, n) < first ? node_row(geo, c, n) : first;
		last = node_row(geo, c, n) > last ? node_row(geo, c, n) : last;
	}
	rm.top = first - out;
	rm.bottom = last + out;
	if (c->low)	/* the screen's board too tall: the bottom coast's harbours on its last row */
		rm.bottom--;
	for (int i = 0; i < geo->nharbour; i++) {
		int kind = g->board.harbour[i], row, col, coast = geo->harbour_coast[i], h = geo->coast_hexes[coast];
		int a = geo->edge_nodes[geo->coast_edges[coast]][0] + 1, b = geo->edge_nodes[geo->coast_edges[coast]][1] + 1;
		const char *rate = kind == HB_GENERIC ? "3:1" : "2:1", *res = kind == HB_GENERIC ? "" : resource_names[kind];
		char forms[4][3][40];
		int lines[4], nf = 0;
		/*
		 * Above the board, below it or beside it, as harbour_at's place is; from beside its
		 * path outward, as near the path as the board leaves room.
		 */
		harbour_at(c, geo, i, 0, &row, &col);
		int hcol = c->margin + (geo->hex_x[h] + 1) * c->k;
		int ra = node_row(geo, c, a - 1), rb = node_row(geo, c, b - 1);
		int ca = node_col(geo, c, a - 1), cb = node_col(geo, c, b - 1);
		int dr = row < first ? -1 : row > last ? 1 : 0;
		int dc = dr ? 0 : (ca + cb) / 2 < hcol ? -1 : 1;
		row = dc ? (ra + rb) / 2 : dr < 0 ? (ra < rb ? ra : rb) - 1 : (ra > rb ? ra : rb) + 1;
		col = dc < 0 ? (ca < cb ? ca : cb) - 2 : dc > 0 ? (ca > cb ? ca : cb) + 2 : (ca + cb) / 2;
		char nodes[12], both[20];
		snprintf(nodes, sizeof nodes, "%d,%d", a < b ? a : b, a < b ? b : a);
		snprintf(both, sizeof both, "%s%s%s", rate, *res ? " " : "", res);
		/* The forms, in the order tried. */
		if ((c->rows == 2 || dc) && *res) {
			snprintf(forms[nf][0], 40, "%s", rate);
			snprintf(forms[nf][1], 40, "%s", res);
			snprintf(forms[nf][2], 40, "%s", nodes);
			lines[nf++] = 3;
		}
		if (c->rows == 2 || dc) {
			snprintf(forms[nf][0], 40, "%s", both);
			snprintf(forms[nf][1], 40, "%s", nodes);
			lines[nf++] = 2;
		}
		snprintf(forms[nf][0], 40, "%s %s", both, nodes);
		lines[nf++] = 1;
		if (c->rows == 1 && !dc) {
			snprintf(forms[nf][0], 40, "%s", both);
			snprintf(forms[nf][1], 40, "%s", nodes);
			lines[nf++] = 2;
		}
		int placed = 0;
		for (int f = 0; f < nf && !placed; f++)
			placed = place_at(c, &rm, row, col, dr, dc, forms[f], lines[f]);
		if (!placed) {
			snprintf(forms[0][0], 40, "%s", both);
			if (!place_at(c, &rm, row, col, dr, dc, forms[0], 1) &&
			    !(c->low && screen_low(c, geo, i, both, rm.bottom)))
				put_centred(c, row, col, both, ST_HARBOUR);
		}
	}
}

static void draw_harbours(struct canvas *c, const struct game *g)
{
	const struct geometry *geo = g->rs->geom;
	int bottom = 0;
	if (c->named) {
		place_harbours(c, g);
		return;
	}
	for (int n = 0; n < geo->nnode; n++)
		if (node_row(geo, c, n) > bottom)
			bottom = node_row(geo, c, n);
	for (int i = 0; i < geo->nharbour; i++) {
		int kind = g->board.harbour[i], two = kind != HB_GENERIC, row, col;
		if (c->screen) {
			/* One line: the resource of a 2:1 harbour, or 3:1. */
			if (c->low && screen_low(c, geo, i, two ? resource_names[kind] : "3:1", bottom))
				continue;
			harbour_at(c, geo, i, 0, &row, &col);
			put_centred(c, row, col, two ? resource_names[kind] : "3:1", ST_HARBOUR);
			continue;
		}
		harbour_at(c, geo, i, two, &row, &col);
		put_centred(c, row, col, two ? "2:1" : "3:1", ST_HARBOUR);
		if (two)
			put_centred(c, row + 1, col, resource_names[kind], ST_HARBOUR);
	}
}

/*
 * size_canvas: the margin that keeps every harbour's label right of the
 * first column, and the columns and rows the board reaches, within the
 * canvas.
 */
static void size_canvas(struct canvas *c, const struct game *g)
{
	const struct geometry *geo = g->rs->geom;
	int left = 0, right = 0, bottom = 0;
	c->margin = 0;
	c->lead = 0;
	if (c->named) {
		/* Room for the harbours' names on both sides; the blank columns are left out (set_lead). */
		c->margin = MARGIN_NAMED;
		for (int n = 0; n < geo->nnode; n++) {
			right = node_col(geo, c, n) > right ? node_col(geo, c, n) : right;
			bottom = node_row(geo, c, n) > bottom ? node_row(geo, c, n) : bottom;
		}
		c->w = right + MARGIN_NAMED < CANVAS_W ? right + MARGIN_NAMED : CANVAS_W;
		c->h = bottom + 2 * MARGIN_T < CANVAS_H ? bottom + 2 * MARGIN_T : CANVAS_H;
		return;
	}
	for (int i = 0; i < geo->nharbour; i++) {
		int kind = g->board.harbour[i], two = kind != HB_GENERIC, row, col;
		const char *widest = two && strlen(resource_names[kind]) > 3 ? resource_names[kind] : "3:1";
		harbour_at(c, geo, i, two && !c->screen, &row, &col);
		if (col - ((int)strlen(widest) - 1) / 2 < left)
			left = col - ((int)strlen(widest) - 1) / 2;
	}
	c->margin = -left > MARGIN_L ? -left : MARGIN_L;
	for (int n = 0; n < geo->nnode; n++) {
		if (node_col(geo, c, n) > right)
			right = node_col(geo, c, n);
		if (node_row(geo, c, n) > bottom)
			bottom = node_row(geo, c, n);
	}
	/* Beyond the last intersection: a harbour's label and the margin again. */
	c->w = right + 2 * c->k + MARGIN_L < CANVAS_W ? right + 2 * c->k + MARGIN_L : CANVAS_W;
	c->h = bottom + 2 * MARGIN_T < CANVAS_H ? bottom + 2 * MARGIN_T : CANVAS_H;
}

/*
 * The screen layout: one row per y unit and 4 columns per x unit.  A
 * hexagon is five rows: its top intersection, the two upper ones, its
 * sides, the two lower ones, its bottom one.  A slanting path is drawn
 * on the row of its upper end, midway; an upright one on the row between
 * its ends.  Every intersection shows its number, after the owner's
 * letter when built on; a hex shows its number (or "rob" under the
 * robber), its resource and its number token.
 */
static void screen_paths(struct canvas *c, const struct game *g, const struct position *p,
			  const struct position *since)
{
	const struct geometry *geo = g->rs->geom;
	for (int e = 0; e < geo->nedge; e++) {
		int a = geo->edge_nodes[e][0], b = geo->edge_nodes[e][1], owner = p->edge_owner[e];
		int style = (owner >= 0 ? ST_PLAYER + g->colour[owner] : ST_PLAIN) |
			    (since && since->edge_owner[e] != owner ? ST_NEW : 0);
		char s[2] = { 0 };
		if (geo->node_y[b] < geo->node_y[a]) {
			int t = a;
			a = b;
			b = t;
		}
		if (owner >= 0)
			s[0] = render_letter[g->colour[owner]];
		else
			s[0] = geo->node_x[a] == geo->node_x[b] ? '|' : geo->node_x[a] < geo->node_x[b] ? '\\' : '/';
		if (geo->node_x[a] == geo->node_x[b])
			put(c, node_row(geo, c, a) + 1, node_col(geo, c, a), s, style);
		else
			put(c, node_row(geo, c, a), (node_col(geo, c, a) + node_col(geo, c, b)) / 2, s, style);
	}
}

static int blank_row(const struct canvas *c, int row)
{
	for (int i = 0; i < c->w; i++)
		if (c->ch[row][i] != ' ')
			return 0;
	return 1;
}

static void sgr(struct buf *b, int style)
{
	const char *a = ansi[style & ~ST_NEW];
	if (style & ST_NEW)
		buf_printf(b, "\033[%s%s1;4m", a ? a : "", a ? ";" : "");
	else if (a)
		buf_printf(b, "\033[%sm", a);
}

/* emit_cells: one canvas row, trailing blanks trimmed, with escapes at each change of style; its width. */
static int emit_cells(struct buf *b, const struct canvas *c, int row, int colour)
{
	int end = c->w;
	while (end > c->lead && c->ch[row][end - 1] == ' ')
		end--;
	int cur = ST_PLAIN;
	for (int i = c->lead; i < end; i++) {
		int st = c->ch[row][i] == ' ' ? ST_PLAIN : c->st[row][i];
		if (colour && st != cur) {
			if (cur != ST_PLAIN)
				buf_adds(b, "\033[0m");
			sgr(b, st);
			cur = st;
		}
		buf_add(b, &c->ch[row][i], 1);
	}
	if (colour && cur != ST_PLAIN)
		buf_adds(b, "\033[0m");
	return end - c->lead;
}

/* set_lead: the blank columns that every row of c starts with, but pad, are left out when it is written. */
static void set_lead(struct canvas *c, int pad)
{
	int left = c->w;
	for (int r = 0; r < c->h; r++)
		for (int i = 0; i < left; i++)
			if (c->ch[r][i] != ' ') {
				left = i;
				break;
			}
	c->lead = left > pad ? left - pad : 0;
}

/* emit_line: panel line l in the style of its kind and seat, and a newline. */
static void emit_line(struct buf *b, const struct game *g, const struct panel_line *l, int colour)
{
	int st = ST_PLAIN;
	if (l->kind == PK_PLAYER && l->seat >= 0)
		st = ST_PLAYER + g->colour[l->seat];
	else if (l->kind == PK_TITLE || l->kind == PK_HEAD)
		st = ST_TITLE;
	if (colour && st != ST_PLAIN) {
		sgr(b, st);
		buf_adds(b, l->text);
		buf_adds(b, "\033[0m\n");
	} else {
		buf_adds(b, l->text);
		buf_adds(b, "\n");
	}
}

static void emit_panel(struct buf *b, const struct game *g, const struct panel *pn, int colour)
{
	for (int i = 0; i < pn->n; i++) {
		const struct panel_line *l = &pn->line[i];
		if (l->kind == PK_PLAYER || l->kind == PK_TITLE || l->kind == PK_HEAD)
			buf_adds(b, "\n");
		emit_line(b, g, l, colour);
	}
}

/* The screen layout: the board with the short panel on its right, within SCREEN_WIDTH columns. */
static void render_screen(struct buf *b, struct canvas *c, const struct game *g, const struct render_opts *o,
			   struct panel *pn)
{
	const struct position *p = render_position(g);
	int top = 0, bottom = c->h, width = 0;

	screen_paths(c, g, p, o->since);
	draw_hexes(c, g, p, 1, o->since);
	draw_nodes(c, g, p, 1, o->since);
	draw_harbours(c, g);
	while (top < bottom && blank_row(c, top))
		top++;
	while (bottom > top && blank_row(c, bottom - 1))
		bottom--;
	if (bottom - top > SCREEN_HEIGHT && !c->low) {
		/* Too tall: again, with the bottom coast's harbours on the bottom row. */
		memset(c->ch, ' ', sizeof c->ch);
		memset(c->st, 0, sizeof c->st);
		c->low = 1;
		render_screen(b, c, g, o, pn);
		return;
	}
	set_lead(c, 1);
	for (int r = top; r < bottom; r++)
		for (int i = c->w; i > width; i--)
			if (c->ch[r][i - 1] != ' ')
				width = i;
	width -= c->lead;
	panel_build_screen(g, SCREEN_WIDTH - width - 2, bottom - top, pn);
	for (int r = top; r < bottom; r++) {
		int n = r - top, end = emit_cells(b, c, r, o->colour);
		if (n < pn->n) {
			buf_printf(b, "%*s", width - end + 2, "");
			emit_line(b, g, &pn->line[n], o->colour);
		} else {
			buf_adds(b, "\n");
		}
	}
}

/*
 * The spacings of the text board, widest first: columns per x unit and
 * whether the paths carry their names (with labels).  At 8 every path's
 * name has room; at 6 a slanting path's name has one blank on each side;
 * at 5 two slanting paths' names would touch, so only the intersections
 * carry their numbers (a path's name is the numbers at its two ends).
 */
static const struct spacing {
	int k, path_names;
} spacings[] = { { 8, 1 }, { 6, 1 }, { 5, 0 } };

/* board_width: the columns the drawn board takes (its widest row, trailing blanks left out). */
static int board_width(const struct canvas *c)
{
	int width = 0;
	for (int r = 0; r < c->h; r++)
		for (int i = c->w; i > width; i--)
			if (c->ch[r][i - 1] != ' ') {
				width = i;
				break;
			}
	return width - c->lead;
}

/*
 * draw_board: the board on c at spacing sp: paths, hexes, intersections,
 * harbours.  Returns the columns it takes.
 */
static int draw_board(struct canvas *c, const struct game *g, const struct render_opts *o,
		      const struct spacing *sp)
{
	const struct position *p = render_position(g);
	memset(c->ch, ' ', sizeof c->ch);
	memset(c->st, 0, sizeof c->st);
	c->k = sp->k;
	c->named = o->labels;
	size_canvas(c, g);
	draw_paths(c, g, p, o->labels && sp->path_names, o->since);
	draw_hexes(c, g, p, o->labels, o->since);
	draw_nodes(c, g, p, o->labels, o->since);
	draw_harbours(c, g);
	if (c->named)
		set_lead(c, MARGIN_L - 1);
	return board_width(c);
}

int render_text(const struct game *g, const struct render_opts *o, char **out, size_t *len,
		struct cerr *e)
{
	struct canvas *c;
	struct panel *pn;
	struct buf b;

	*out = NULL;
	*len = 0;
	c = malloc(sizeof *c);
	pn = malloc(sizeof *pn);
	if (!c || !pn) {
		free(c);
		free(pn);
		return cerr_set(e, C_SYSTEM, "out of memory");
	}
	c->rows = o->screen ? 1 : 2;
	c->screen = o->screen;
	c->named = o->screen || o->labels;
	c->low = 0;
	buf_init(&b);
	if (o->screen) {
		memset(c->ch, ' ', sizeof c->ch);
		memset(c->st, 0, sizeof c->st);
		c->k = 4;
		size_canvas(c, g);
		render_screen(&b, c, g, o, pn);
		free(c);
		free(pn);
		return buf_finish(&b, out, len, e);
	}

	/*
	 * Without a width, the layout of the labels (8) or the compact one (6);
	 * with one, the widest spacing that fits it, or else the narrowest.
	 */
	const struct spacing *sp = &spacings[o->labels ? 0 : 1];
	int width = draw_board(c, g, o, sp);
	while (o->width > 0 && width > o->width && sp + 1 < spacings + sizeof spacings / sizeof *spacings)
		width = draw_board(c, g, o, ++sp);

	/* Blank rows above and below the board are left out. */
	int top = 0, bottom = c->h;
	while (top < bottom && blank_row(c, top))
		top++;
	while (bottom > top && blank_row(c, bottom - 1))
		bottom--;
	for (int r = top; r < bottom; r++) {
		emit_cells(&b, c, r, o->colour);
		buf_adds(&b, "\n");
	}
	if (!o->board_only) {
		panel_build(g, o, pn);
		emit_panel(&b, g, pn, o->colour);
	}
	free(c);
	free(pn);
	return buf_finish(&b, out, len, e);
}
