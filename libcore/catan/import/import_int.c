/* import_int.c: the geometry and record helpers the importers share (import_int.h). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model/board.h"
#include "import/import_int.h"
#include "model/move.h"
#include "model/names.h"
#include "model/ruleset.h"
#include "model/state.h"

/*
 * Our geometry measures x in units of sqrt(3)/2 and y in units of 1/2
 * (geom.h): a hex's neighbour across each side, clockwise from the
 * north-east, is this far from it.
 */
static const int side_dx[NSIDE] = { 1, 2, 1, -1, -2, -1 };
static const int side_dy[NSIDE] = { -3, 0, 3, 3, 0, -3 };

/* A hex's corners clockwise from the top, from its centre, in the same units. */
static const int corner_dx[NCORNER] = { 0, 1, 1, 0, -1, -1 };
static const int corner_dy[NCORNER] = { -2, -1, 1, 2, 1, -1 };

/* centre: where the centre of the hex at axial (q, r) is, on the board or off it. */
static void centre(const struct geometry *geo, int q, int r, int *x, int *y)
{
	/* One step east is side E; one step down the rows is side SE. */
	*x = geo->hex_x[geo->centre] + q * side_dx[SIDE_E] + r * side_dx[SIDE_SE];
	*y = geo->hex_y[geo->centre] + q * side_dy[SIDE_E] + r * side_dy[SIDE_SE];
}

int imp_hex_at(const struct geometry *geo, int q, int r)
{
	int x, y;
	centre(geo, q, r, &x, &y);
	for (int h = 0; h < geo->nhex; h++)
		if (geo->hex_x[h] == x && geo->hex_y[h] == y)
			return h;
	return -1;
}

void imp_axial_step(int s, int *q, int *r)
{
	/* Solve dx = 2 dq + dr, dy = 3 dr for the side's offset. */
	int dr = side_dy[s] / 3;
	*r += dr;
	*q += (side_dx[s] - dr) / 2;
}

int imp_corner(const struct geometry *geo, int q, int r, int k)
{
	int x, y;
	centre(geo, q, r, &x, &y);
	x += corner_dx[k];
	y += corner_dy[k];
	for (int n = 0; n < geo->nnode; n++)
		if (geo->node_x[n] == x && geo->node_y[n] == y)
			return n;
	return -1;
}

int imp_side(const struct geometry *geo, int q, int r, int s)
{
	int a = imp_corner(geo, q, r, s), b = imp_corner(geo, q, r, (s + 1) % NCORNER);
	return a < 0 || b < 0 ? -1 : edge_between(geo, a, b);
}

int imp_harbour_slot(const struct geometry *geo, int path)
{
	for (int s = 0; s < geo->nharbour; s++)
		if (geo->coast_edges[geo->harbour_coast[s]] == path)
			return s;
	return -1;
}

void imp_begin(struct game *g, int variant, int nplayers, const uint8_t *colour, const struct board *b)
{
	game_init(g);
	g->rs = ruleset_of(variant);
	g->rules.variant = (uint8_t)variant;
	g->rules.outcomes = OUT_EXTERNAL;
	g->nplayers = nplayers;
	memcpy(g->colour, colour, (size_t)nplayers);
	g->board = *b;
	board_index(&g->board, g->rs->geom->nhex);
	pos_empty(g->rs, &g->board, &g->start, nplayers);
	/* The sources shuffle a deck we never see: its cards are named as they are bought. */
	g->start.deck_known = 0;
	g->has_start = 1;
}

void imp_name(struct game *g, int seat, const char *name)
{
	const unsigned char *p = (const unsigned char *)name, *end = p + strlen(name);
	const unsigned char *limit = p + NAME_BYTES < end ? p + NAME_BYTES : end;
	size_t n;
	while (p < end && (n = *p < 0x80 ? 1 : jv_utf8_len(p, end)) > 0 && p + n <= limit)
		p += n;
	if (game_name_set(g, seat, name, (size_t)(p - (const unsigned char *)name), NULL) != C_OK)
		g->name[seat][0] = '\0';
}

int imp_push(struct game *g, const struct move *m, struct cerr *e)
{
	char text[256];
	move_format(g, m, text, sizeof text);
	return movelog_push_move(&g->log, text, m, e);
}

/*
 * The values and keys a JSON record may hold, all its members together: a
 * four-player game of catanatron's random players, among its longest, holds
 * about 20,000, and a saved game of JSettlers2 about 600.  Memory is then
 * bounded by the file's size and a constant (catan-import(1) MEMORY).
 */
#define IMP_MAX_VALUES ((size_t)1 << 20)

int imp_parse(const char *buf, size_t len, const char *name, struct jv_doc *doc, struct cerr *e)
{
	struct jv_error err;
	struct jv_shape sh = { .max_values = IMP_MAX_VALUES };
	if (jv_shape_check(buf, len, &sh) == JV_SHAPE_TOO_MANY)
		return cerr_set(e, C_INPUT, "%.200s: %s: more than %zu values and keys, more than a record holds",
				name, sh.key, IMP_MAX_VALUES);
	if (jv_parse(buf, len, doc, &err) == 0)
		return C_OK;
	int rc = jv_refuse(&err, e);
	if (rc == C_INPUT)
		cerr_prefix(e, "%s", name);
	return rc;
}

int imp_fail(struct cerr *e, int code, const char *name, int line, const char *field, const char *fmt, ...)
{
	char msg[300];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return cerr_set(e, code, "%.200s:%d: %s: %s", name, line, field, msg);
}
