/* names.c: parsing and printing the names of resources, terrains, cards, colours and board places. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/geom.h"
#include "model/names.h"
#include "model/ruleset.h"

const char *const resource_names[NRES] = { "brick", "lumber", "wool", "grain", "ore" };
const char *const terrain_names[NTERRAIN] = { "hills", "forest", "pasture", "fields", "mountains",
					      "desert" };
const char *const dev_names[NDEV] = { "knight", "road-building", "year-of-plenty", "monopoly",
				      "victory-point" };
/* The base game's four colours, then the two the 5-6 player game adds. */
#define BASE_COLOURS "red", "blue", "white", "orange"
const char *const colour_names[NCOLOUR + 1] = { BASE_COLOURS, "green", "brown", NULL };
const char *const colour_words[] = { BASE_COLOURS, "green", "brown", NULL };
const char *const phase_names[NPHASE] = { "setup-settlement", "setup-road", "roll", "discard",
					  "robber", "main", "neutral", "give", "interrupt",
					  "steal", "building", "over" };
const char *const action_names[NACTION] = { "force-trade", "robber" };

static int lookup(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)	/* the first letters before the call: most names differ there */
		if (names[i][0] == s[0] && strcmp(names[i], s) == 0)
			return i;
	return -1;
}

const char *seat_name(const struct game *g, int seat)
{
	return seat >= 0 && seat < g->nplayers ? colour_names[g->colour[seat]] : "nobody";
}

const char *harbour_name(int kind)
{
	return kind == HB_GENERIC ? "3:1" : resource_names[kind];
}

/* The other spellings resource_parse takes. */
static const struct {
	const char *word;
	int res;
} resource_syn[] = {
	{ "wood", RES_LUMBER }, { "sheep", RES_WOOL }, { "wheat", RES_GRAIN },
	{ "clay", RES_BRICK },  { "stone", RES_ORE },  { "b", RES_BRICK },
	{ "l", RES_LUMBER },    { "w", RES_WOOL },     { "g", RES_GRAIN },
	{ "o", RES_ORE },
};

int resource_parse(const char *s)
{
	int r = lookup(resource_names, NRES, s);
	if (r >= 0)
		return r;
	for (size_t i = 0; i < sizeof resource_syn / sizeof resource_syn[0]; i++)
		if (strcmp(resource_syn[i].word, s) == 0)
			return resource_syn[i].res;
	return -1;
}

/* same: the n bytes at s are the word w. */
static int same(const char *s, size_t n, const char *w)
{
	return w[0] == s[0] && strncmp(w, s, n) == 0 && w[n] == '\0';
}

int resource_spelling(const char *s, size_t n, int *own)
{
	*own = 0;
	for (int r = 0; n && r < NRES; r++)
		if (same(s, n, resource_names[r])) {
			*own = 1;
			return r;
		}
	for (size_t i = 0; n && i < sizeof resource_syn / sizeof resource_syn[0]; i++)
		if (same(s, n, resource_syn[i].word))
			return resource_syn[i].res;
	return -1;
}

int terrain_parse(const char *s)
{
	return lookup(terrain_names, NTERRAIN, s);
}

int dev_parse(const char *s)
{
	static const char *const alt[NDEV] = { "knight", "road_building", "year_of_plenty",
					       "monopoly", "victory_point" };
	int d = lookup(dev_names, NDEV, s);
	return d >= 0 ? d : lookup(alt, NDEV, s);
}

int colour_parse(const char *s)
{
	return lookup(colour_names, rulesets_colours(), s);
}

int colour_parse_in(const struct ruleset *rs, const char *s)
{
	return lookup(colour_names, rs->colours, s);
}

char *colour_list(int n, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int c = 0; c < n && len < size; c++) {
		int k = snprintf(buf + len, size - len, "%s%s", c ? ", " : "", colour_names[c]);
		len += k > 0 ? (size_t)k : 0;
	}
	return buf;
}

int phase_parse(const char *s)
{
	return lookup(phase_names, NPHASE, s);
}

int harbour_parse(const char *s)
{
	if (strcmp(s, "3:1") == 0)
		return HB_GENERIC;
	return lookup(resource_names, NRES, s);
}

/* A decimal number 1..max with no sign, no leading zero, nothing after it. */
static int number_parse(const char *s, int max)
{
	int v = 0;
	if (*s < '1' || *s > '9')
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		v = v * 10 + (*s - '0');
		if (v > max)
			return -1;
	}
	return v - 1;
}

int hex_parse(const struct geometry *geo, const char *s)
{
	return number_parse(s, geo->nhex);
}

int node_parse(const struct geometry *geo, const char *s)
{
	return number_parse(s, geo->nnode);
}

int edge_between(const struct geometry *geo, int a, int b)
{
	if (a < 0 || a >= geo->nnode || b < 0 || b >= geo->nnode)
		return -1;
	for (int k = 0; k < 3; k++)
		if (geo->node_nodes[a][k] == b)
			return geo->node_edges[a][k];
	return -1;
}

int edge_parse(const struct geometry *geo, const char *s)
{
	char buf[8];
	const char *dash = strchr(s, '-');
	size_t n;

	if (!dash || (n = (size_t)(dash - s)) == 0 || n >= sizeof buf)
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	int a = node_parse(geo, buf), b = node_parse(geo, dash + 1);
	if (a < 0 || b < 0)
		return -1;
	return edge_between(geo, a, b);
}

/* two_digits: v (0 to 99) in decimal at q, without a leading zero: the byte after it. */
static char *two_digits(char *q, int v)
{
	if (v >= 10)
		*q++ = (char)('0' + v / 10);
	*q++ = (char)('0' + v % 10);
	return q;
}

char *edge_name(const struct geometry *geo, int edge, char *buf)
{
	char *q = two_digits(buf, (geo->edge_nodes[edge][0] + 1) % 100);
	*q++ = '-';
	*two_digits(q, (geo->edge_nodes[edge][1] + 1) % 100) = '\0';
	return buf;
}
