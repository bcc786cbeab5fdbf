/*
 * import_js.c: what JSettlers2's event logs and saved games share: the
 * classic board's encoding (v1: hex, intersection and path codes, the
 * layout of 37 hexes), its numbers for resources and cards, its game
 * options, and its seats as our colours (docs/sources.md).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/import_int.h"
#include "model/ruleset.h"

const int js_res[7] = { -1, RES_BRICK, RES_ORE, RES_WOOL, RES_GRAIN, RES_LUMBER, -1 };
static const int js_terrain[7] = { T_DESERT, T_HILLS, T_MOUNTAINS, T_PASTURE, T_FIELDS, T_FOREST, -1 };
const int8_t js_card[10] = { -1, DEV_ROAD_BUILDING, DEV_YEAR_OF_PLENTY, DEV_MONOPOLY, DEV_VICTORY_POINT,
			     DEV_VICTORY_POINT, DEV_VICTORY_POINT, DEV_VICTORY_POINT, DEV_VICTORY_POINT,
			     DEV_KNIGHT };
/* The intersections of a hex as offsets of its code, clockwise from the top (enum corner). */
static const int js_corner[NCORNER][2] = { { 0, 1 }, { 1, 2 }, { 2, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 } };

/* axial: the hex of code (R, C) as axial coordinates, 1 when the code is a hex's. */
static int axial(int R, int C, int *q, int *r)
{
	if ((C - 7) % 2 || (R - C) % 2)
		return 0;
	*q = (C - 7) / 2;
	*r = (R - C) / 2;
	return 1;
}

/* land: each land hex as axial coordinates and its code, in turn: 1 while there is one. */
static int land(int i, int *q, int *r, int *R, int *C)
{
	for (int rr = -2, k = 0; rr <= 2; rr++)
		for (int qq = -2; qq <= 2; qq++)
			if (abs(qq + rr) <= 2 && k++ == i) {
				*q = qq;
				*r = rr;
				*R = 7 + 2 * qq + 2 * rr;
				*C = 7 + 2 * qq;
				return 1;
			}
	return 0;
}

int js_hex(const struct geometry *geo, long code)
{
	int q, r;
	if (code < 0 || code > 0xff || !axial((int)(code >> 4), (int)(code & 15), &q, &r))
		return -1;
	return imp_hex_at(geo, q, r);
}

int js_node(const struct geometry *geo, long code)
{
	int q, r, R, C;
	for (int i = 0; land(i, &q, &r, &R, &C); i++)
		for (int k = 0; k < NCORNER; k++)
			if (((R + js_corner[k][0]) << 4 | (C + js_corner[k][1])) == code)
				return imp_corner(geo, q, r, k);
	return -1;
}

int js_edge(const struct geometry *geo, long code)
{
	int q, r, R, C;
	for (int i = 0; land(i, &q, &r, &R, &C); i++)
		for (int k = 0; k < NSIDE; k++) {
			const int *a = js_corner[k], *b = js_corner[(k + 1) % NCORNER];
			int mr = R + (a[0] < b[0] ? a[0] : b[0]), mc = C + (a[1] < b[1] ? a[1] : b[1]);
			if ((mr << 4 | mc) == code)
				return imp_side(geo, q, r, k);
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

int js_options(const char *opts, char *msg, size_t n)
{
	char v[32];
	const char *pl = option(opts, "PL", v, sizeof v);
	long players = pl ? strtol(pl, NULL, 10) : 4;
	if ((option(opts, "SBL", v, sizeof v) && v[0] == 't') || option(opts, "SC", v, sizeof v)) {
		snprintf(msg, n, "the sea board or a scenario: not a board we play");
		return C_ILLEGAL;
	}
	if (players > ruleset_base.max_players) {
		snprintf(msg, n, "a game of %ld players: we play %d to %d", players, ruleset_base.min_players,
			 ruleset_base.max_players);
		return C_ILLEGAL;
	}
	if (option(opts, "PLB", v, sizeof v) && v[0] == 't') {
		snprintf(msg, n, "the board of five or six players (PLB): not a board we play");
		return C_ILLEGAL;
	}
	return C_OK;
}

int js_seats(const int seated[JS_SEATS], int first, int order[JS_SEATS], uint8_t colour[JS_SEATS])
{
	int n = 0;
	for (int k = 0; k < JS_SEATS; k++) {
		int s = (first + k) % JS_SEATS;
		if (seated[s]) {
			/* Seats are coloured in our order of colours: seat 0 red, 1 blue, 2 white, 3 orange. */
			colour[n] = (uint8_t)s;
			order[n++] = s;
		}
	}
	return n;
}
