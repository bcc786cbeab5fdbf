/* dice_map.h: the Catan Dice Game's sheets as data: sites, their links, built-in islands, map JSON. */
#ifndef CATAN_DICE_MAP_H
#define CATAN_DICE_MAP_H

#include <stdint.h>

#include "jv.h"

#include "err.h"

/*
 * Jansson ownership in this module: functions taking a jv_t * borrow it;
 * functions returning a jv_t * return a new reference the caller owns.
 */

/* Die faces, in the order the issue lists the knights' jokers; gold is no resource. */
enum dface { DF_ORE, DF_GRAIN, DF_WOOL, DF_LUMBER, DF_BRICK, DF_GOLD, DF_N };
#define DF_NRES 5		/* faces below DF_GOLD are resources */
#define DJ_NONE (-1)		/* a site without a joker */
#define DJ_ANY 6		/* a joker that gives any resource */

/* Site kinds; the start road is built on every sheet from the beginning (Islands One and Two).
 * Castles stand only on the Extra's shared map. */
enum dkind { DK_START, DK_ROAD, DK_SETTLEMENT, DK_CITY, DK_KNIGHT, DK_DESERT, DK_CASTLE, DK_N };

#define DICE_MAXSITES 64	/* a player's built sites fit in a uint64_t */
#define DICE_MAXNODES 64	/* the Extra's crossings: a set of them fits in a uint64_t */
#define DICE_IDLEN 9		/* ids: 1 to 8 letters and digits */
#define DICE_EXTRA 3		/* the island number of the Extra: one map shared by every player */

/* A crossing of the Extra's shared map, where roads meet and settlements stand. */
struct dnode {
	char id[DICE_IDLEN];
	int16_t x, y;
};

struct dsite {
	char id[DICE_IDLEN];
	uint8_t kind;
	uint8_t points;		/* Island One score; the automatic policy's value on both islands */
	int8_t after;		/* the road (or start) that must be built first, or -1 */
	int8_t joker;		/* DJ_NONE, a resource face, or DJ_ANY */
	int8_t needs[2];	/* a desert: the two knights above it; else -1 */
	uint8_t mark;		/* the longest-road mark (Island Two) */
	int16_t x, y;		/* drawing position, 0..1000 */
	/* The Extra: a road's two crossings and whether it is coastal, a settlement's
	 * crossing, the corners of a knight's hex (a set of crossings). */
	int8_t ends[2];
	int8_t at;
	uint8_t coast;
	uint64_t hex;
	uint64_t touch;		/* derived (Extra): the roads and buildings that touch a knight's hex */
	uint64_t lower;		/* derived: the sites of its kind with fewer points */
	uint64_t req;		/* derived: what must be built first (its road; Island One: lower) */
	uint64_t dependents;	/* derived: the sites whose req holds this one */
	uint8_t cost[DF_N];	/* derived: the faces it costs, per face */
	uint8_t ncost;		/* derived: how many dice it costs */
	uint32_t pcost;		/* derived: cost as 4-bit counts, face f in bits 4f..4f+3 */
};

struct dmap {
	char name[32];		/* "island-one", "island-two", "extra", or a custom map's name */
	char title[64];
	uint8_t island;		/* which rules: 1, 2 or DICE_EXTRA */
	uint8_t builtin;	/* 1 when the map is one of the built-in maps */
	uint8_t nsites;
	int8_t start;		/* index of the start road */
	int8_t mark;		/* index of the marked road, or -1 */
	uint8_t nknights;
	uint64_t sites;		/* derived: the sites a player can build */
	uint64_t jokers;	/* derived: the sites that hold a joker */
	uint64_t kinds[DK_N];	/* derived: the sites of each kind */
	uint64_t cheap[8];	/* derived: the sites that cost at most k dice (k = 0..7) */
	/* Derived: buildable sites alike in points and cost are twins; alone holds the
	 * sites without a twin, twins[0..ntwins-1] each set of two or more twins. */
	uint64_t alone;
	uint8_t ntwins;
	uint64_t twins[DICE_MAXSITES / 2];
	struct dsite s[DICE_MAXSITES];
	/* The Extra's crossings; derived: the roads that end at each, the settlement site on it (or -1). */
	uint8_t nnodes;
	struct dnode n[DICE_MAXNODES];
	uint64_t roads_at[DICE_MAXNODES];
	int8_t settle_at[DICE_MAXNODES];
};

extern const char *const dice_face_names[DF_N];
extern const char *const dice_kind_names[DK_N];

/* dice_face_parse: a face name (ore grain wool lumber brick gold, the synonyms stone wheat
 * sheep wood clay, and the letters o w l b) to enum dface; -1 if it is none. */
int dice_face_parse(const char *s);
/* dice_joker_name: "ore".."brick", "any", or "none". */
const char *dice_joker_name(int joker);

/* dice_map_builtin: fills m with the built-in map of island 1, 2 or 3 (the Extra); C_USAGE for another number. */
int dice_map_builtin(int island, struct dmap *m, struct cerr *e);
/* dice_map_builtin_name: the built-in map called name ("island-one", "island-two", "extra"); C_INPUT if none. */
int dice_map_builtin_name(const char *name, struct dmap *m, struct cerr *e);

/* dice_map_find: the index of the site whose id equals s ignoring case, or -1. */
int dice_map_find(const struct dmap *m, const char *s);

/* dice_site_cost: the faces the site costs, counted per face (cost[DF_N]); returns the number of dice. */
int dice_site_cost(const struct dsite *s, uint8_t cost[DF_N]);

/*
 * dice_map_from_json: reads a dicegame-map/1 object (borrowed) into m, strictly.  path is the
 * JSON path of v for messages ("" at the top).  C_INPUT with the path in e on any fault.
 */
int dice_map_from_json(struct dmap *m, jv_t *v, const char *path, struct cerr *e);
/* dice_map_read: a whole map document from text; name is used in messages.  C_INPUT on faults. */
int dice_map_read(struct dmap *m, const char *text, size_t len, const char *name, struct cerr *e);

struct jw;
/* dice_map_write: m as a dicegame-map/1 object into w, canonical key order. */
void dice_map_write(struct jw *w, const struct dmap *m);

#endif
