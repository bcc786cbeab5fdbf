/*
 * import_js.c: what JSettlers2's event logs and saved games share: the
 * boards' encodings (v1, the classic board, and v2, the board of five and
 * six: hex, intersection and path codes, the layouts of 37 hexes), its
 * numbers for resources and cards, its game options, and its seats as our
 * colours (docs/sources.md).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/import_int.h"
#include "model/names.h"
#include "model/ruleset.h"

const int js_res[7] = { -1, RES_BRICK, RES_ORE, RES_WOOL, RES_GRAIN, RES_LUMBER, -1 };
static const int js_terrain[7] = { T_DESERT, T_HILLS, T_MOUNTAINS, T_PASTURE, T_FIELDS, T_FOREST, -1 };
const int8_t js_card[10] = { -1, DEV_ROAD_BUILDING, DEV_YEAR_OF_PLENTY, DEV_MONOPOLY, DEV_VICTORY_POINT,
			     DEV_VICTORY_POINT, DEV_VICTORY_POINT, DEV_VICTORY_POINT, DEV_VICTORY_POINT,
			     DEV_KNIGHT };
/* The intersections of a hex as offsets of its code, clockwise from the top (enum corner). */
static const int js_corner[NCORNER][2] = { { 0, 1 }, { 1, 2 }, { 2, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 } };

/*
 * code: the code (R << 4 | C) of our hex h.  JSettlers' hexes are 2 apart
 * in R and C: one step east adds 0x22, one south-east 0x20 (the axial
 * steps q and r of our geometry, which measures x in units of sqrt(3)/2
 * and rows 3 apart in y).  Both boards are placed by the code of their
 * first hex in reading order: 0x37 on the classic board (whose centre is
 * 0x77), 0x17 on the board of five and six, which JSettlers draws turned a
 * quarter clockwise but encodes unturned, row for row as ours.
 */
static int code(const struct geometry *geo, int h)
{
	int dr = (geo->hex_y[h] - geo->hex_y[0]) / 3, dq = (geo->hex_x[h] - geo->hex_x[0] - dr) / 2;
	int first = geo == &geometry_six ? 0x17 : 0x37;
	return first + (2 * dq + 2 * dr) * 16 + 2 * dq;
}

int js_hex(const struct geometry *geo, long c)
{
	for (int h = 0; h < geo->nhex; h++)
		if (code(geo, h) == c)
			return h;
	return -1;
}

int js_node(const struct geometry *geo, long c)
{
	for (int h = 0; h < geo->nhex; h++)
		for (int k = 0; k < NCORNER; k++)
			if (code(geo, h) + js_corner[k][0] * 16 + js_corner[k][1] == c)
				return geo->hex_nodes[h][k];
	return -1;
}

int js_edge(const struct geometry *geo, long c)
{
	for (int h = 0; h < geo->nhex; h++)
		for (int k = 0; k < NSIDE; k++) {
			const int *a = js_corner[k], *b = js_corner[(k + 1) % NCORNER];
			int mr = a[0] < b[0] ? a[0] : b[0], mc = a[1] < b[1] ? a[1] : b[1];
			if (code(geo, h) + mr * 16 + mc == c)
				return edge_between(geo, geo->hex_nodes[h][k], geo->hex_nodes[h][(k + 1) % NCORNER]);
		}
	return -1;
}

/* fault: code with the layout's field, the index and the reason in f; returns code. */
static int fault(struct js_fault *f, int code, const char *field, int index, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static int fault(struct js_fault *f, int code, const char *field, int index, const char *fmt, ...)
{
	va_list ap;
	f->field = field;
	f->index = index;
	va_start(ap, fmt);
	vsnprintf(f->msg, sizeof f->msg, fmt, ap);
	va_end(ap);
	return code;
}

int js_layout(const struct geometry *geo, const int hexes[JS_LAYOUT], const int nums[JS_LAYOUT],
	      struct board *b, struct js_fault *f)
{
	static const int tokens[10] = { 2, 3, 4, 5, 6, 8, 9, 10, 11, 12 };
	uint8_t seen[MAX_HARBOUR] = { 0 };
	int i = 0, nharb = 0;
	for (int r = -3; r <= 3; r++)
		for (int q = -3; q <= 3; q++) {
			if (abs(q + r) > 3)
				continue;
			int v = hexes[i], n = nums[i], h = imp_hex_at(geo, q, r);
			i++;
			if (h >= 0) {
				if (v < 0 || v > 5)
					return fault(f, C_INPUT, "hexLayout", i - 1, "%d is no land", v);
				b->terrain[h] = (uint8_t)js_terrain[v];
				b->token[h] = 0;
				if (v != 0 && (n < 0 || n > 9))
					return fault(f, C_INPUT, "numberLayout", i - 1, "%d is no number", n);
				if (v != 0)
					b->token[h] = (uint8_t)tokens[n];
				continue;
			}
			if (v == 6)
				continue;
			/* A harbour: 7..12 a 3:1 facing 1..6, or 16 x facing + resource. */
			int facing = v >= 7 && v <= 12 ? v - 6 : v >> 4, type = v >= 7 && v <= 12 ? 0 : v & 15;
			if (facing < 1 || facing > 6 || type > 5 || (v >= 16 && type == 0))
				return fault(f, C_INPUT, "hexLayout", i - 1, "%d is no harbour", v);
			int slot = imp_harbour_slot(geo, imp_side(geo, q, r, facing - 1));
			if (slot < 0 || seen[slot]++)
				return fault(f, C_ILLEGAL, "hexLayout", i - 1, "a harbour where our board has none");
			b->harbour[slot] = (uint8_t)(type ? js_res[type] : HB_GENERIC);
			nharb++;
		}
	if (nharb != geo->nharbour)
		return fault(f, C_INPUT, "hexLayout", -1, "%d harbours, not %d", nharb, geo->nharbour);
	return C_OK;
}

int js_layout6(const struct geometry *geo, const int hexes[JS_LAYOUT], const int nums[JS_LAYOUT],
	       const int ports[JS_PORTS6], struct board *b, struct js_fault *f)
{
	/* The 37 places of the layout: rows of 4, 5, 6, 7, 6, 5, 4 hexes, each row's first one step south-west. */
	static const int row_first[7] = { 0x17, 0x15, 0x13, 0x11, 0x31, 0x51, 0x71 };
	int i = 0;
	for (int row = 0; row < 7; row++)
		for (int k = 0; k < 7 - abs(row - 3); k++, i++) {
			int h = js_hex(geo, row_first[row] + 0x22 * k), v = hexes[i], n = nums[i];
			if (h < 0) {
				/* The last place of each row lies east of the board: sea. */
				if (v != 6)
					return fault(f, C_INPUT, "HL", i, "%d off the board, where only sea (6) lies", v);
				continue;
			}
			if (v < 0 || v > 5)
				return fault(f, C_INPUT, "HL", i, "%d is no land", v);
			b->terrain[h] = (uint8_t)js_terrain[v];
			b->token[h] = 0;
			if (v == 0)
				continue;
			if (n < 2 || n > 12 || n == 7)
				return fault(f, C_INPUT, "NL", i, "%d is no number", n);
			b->token[h] = (uint8_t)n;
		}
	/* The harbours' kinds in the order of our harbour places, clockwise from hex 1's north-west side. */
	for (int k = 0; k < JS_PORTS6; k++) {
		if (ports[k] < 0 || ports[k] > 5)
			return fault(f, C_INPUT, "PL", k, "%d is no harbour", ports[k]);
		b->harbour[k] = (uint8_t)(ports[k] ? js_res[ports[k]] : HB_GENERIC);
	}
	return C_OK;
}

const char *js_value(const char *list, char sep, const char *key, char *out, size_t n)
{
	size_t k = strlen(key);
	for (const char *s = list; s && *s; s = strchr(s, sep) ? strchr(s, sep) + 1 : NULL)
		if (strncmp(s, key, k) == 0 && s[k] == '=') {
			const char *v = s + k + 1, *end = strchr(v, sep);
			size_t len = end ? (size_t)(end - v) : strlen(v);
			snprintf(out, n, "%.*s", (int)(len < n ? len : n - 1), v);
			return out;
		}
	return NULL;
}

/* option: the value of game option key in opts ("K=V,K=V"), or NULL. */
static const char *option(const char *opts, const char *key, char *out, size_t n)
{
	return js_value(opts, ',', key, out, n);
}

int js_options(const char *opts, int *six, char *msg, size_t n)
{
	char v[32];
	const char *pl = option(opts, "PL", v, sizeof v);
	long players = pl ? strtol(pl, NULL, 10) : 4;
	if ((option(opts, "SBL", v, sizeof v) && v[0] == 't') || option(opts, "SC", v, sizeof v)) {
		snprintf(msg, n, "the sea board or a scenario: not a board we play");
		return C_ILLEGAL;
	}
	if (players > ruleset_six.max_players) {
		snprintf(msg, n, "a game of %ld players: we play %d to %d", players, ruleset_base.min_players,
			 ruleset_six.max_players);
		return C_ILLEGAL;
	}
	/* Five or six players, or the board of five or six with fewer (PLB): the 5-6 player extension. */
	*six = players > ruleset_base.max_players || (option(opts, "PLB", v, sizeof v) && v[0] == 't');
	return C_OK;
}

int js_seats(const int seated[JS_SEATS], int nseats, int first, int order[JS_SEATS], uint8_t colour[JS_SEATS])
{
	int n = 0;
	for (int k = 0; k < nseats; k++) {
		int s = (first + k) % nseats;
		if (seated[s]) {
			/* Seats are coloured in our order of colours: 0 red, 1 blue, 2 white, 3 orange, 4 green, 5 brown. */
			colour[n] = (uint8_t)s;
			order[n++] = s;
		}
	}
	return n;
}
