/* names.h: the words and numbers people type, turned into internal indices and back. */
#ifndef CATAN_NAMES_H
#define CATAN_NAMES_H

#include "model/geom.h"
#include "model/types.h"

/* Canonical names (lower-case), indexed by the enum. */
extern const char *const resource_names[NRES];
extern const char *const terrain_names[NTERRAIN];
extern const char *const dev_names[NDEV];
extern const char *const colour_names[NCOLOUR + 1];	/* and a NULL */
/*
 * The colours some rule set plays (rulesets_colours, ruleset.h), and a
 * NULL: the words a command line offers for a colour.
 */
extern const char *const colour_words[];
extern const char *const phase_names[NPHASE];
extern const char *const action_names[NACTION];	/* Catan for Two's trade-card actions */
/* seat_name: the colour name of g's seat, or "nobody" for NOBODY (or any number that is not a seat of g). */
const char *seat_name(const struct game *g, int seat);
/* harbour_name: "3:1" for HB_GENERIC, else the resource's name. */
const char *harbour_name(int kind);

/*
 * Parsers return the index, or -1 when the word is not a name.  Resources
 * also accept wood, sheep, wheat, clay, stone and the unambiguous one-letter
 * forms b l w g o; development cards accept knight, road-building,
 * year-of-plenty, monopoly, victory-point and their underscore forms.
 */
int resource_parse(const char *s);
/*
 * resource_spelling: what resource_parse makes of the n bytes at s (no NUL
 * needed), with *own 1 when they are the resource's name in resource_names
 * and 0 for another spelling (or no resource).
 */
int resource_spelling(const char *s, size_t n, int *own);
int terrain_parse(const char *s);
int dev_parse(const char *s);
/* colour_parse: a colour some rule set plays (rulesets_colours: every game's colour is one). */
int colour_parse(const char *s);
int phase_parse(const char *s);
int harbour_parse(const char *s);

struct ruleset;
/* colour_parse_in: a colour that rule set rs plays; -1 for any other word, another colour's name too. */
int colour_parse_in(const struct ruleset *rs, const char *s);
/* colour_list: "red, blue, white, orange", the first n colours, into buf (size bytes); returns buf. */
char *colour_list(int n, char *buf, size_t size);

/* hex_parse, node_parse: "1".."19", "1".."54" to 0-based; -1 otherwise. */
int hex_parse(const struct geometry *geo, const char *s);
int node_parse(const struct geometry *geo, const char *s);
/* edge_parse: "a-b" in either order, for a path that exists; -1 otherwise. */
int edge_parse(const struct geometry *geo, const char *s);
/* edge_name: writes "a-b" (smaller first) into buf of at least 8 bytes; returns buf. */
char *edge_name(const struct geometry *geo, int edge, char *buf);
/* edge_between: the path joining intersections a and b (0-based), or -1. */
int edge_between(const struct geometry *geo, int a, int b);

#endif
