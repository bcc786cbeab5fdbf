/*
 * import_int.h: what the importers share: the record being built, and the
 * board's geometry in the terms the sources use (hex coordinates, a hex's
 * corners and sides by compass direction), computed from our own geometry.
 */
#ifndef CATAN_IMPORT_INT_H
#define CATAN_IMPORT_INT_H

#include "err.h"
#include "model/geom.h"
#include "jv.h"
#include "model/types.h"

/* A hex's corners clockwise from the top, as geometry's hex_nodes holds them. */
enum corner { CORNER_N, CORNER_NE, CORNER_SE, CORNER_S, CORNER_SW, CORNER_NW, NCORNER };
/* A hex's sides clockwise from the north-east: side k joins corners k and k + 1. */
enum side { SIDE_NE, SIDE_E, SIDE_SE, SIDE_SW, SIDE_W, SIDE_NW, NSIDE };

/*
 * imp_hex_at: the hex (0-based) whose centre is at axial coordinates
 * (q, r) from the centre hex, q growing eastwards along a row and r
 * southwards down the rows; -1 off the board.
 */
int imp_hex_at(const struct geometry *geo, int q, int r);
/* imp_axial_step: (q, r) moved one hex across side s. */
void imp_axial_step(int s, int *q, int *r);
/*
 * imp_corner: the intersection at corner k (enum corner) of the hex at
 * axial (q, r), on the board or in the sea around it; -1 when that corner
 * is no intersection of the board.
 */
int imp_corner(const struct geometry *geo, int q, int r, int k);
/* imp_side: the path along side s (enum side) of the hex at axial (q, r), or -1 (as imp_corner). */
int imp_side(const struct geometry *geo, int q, int r, int s);
/* imp_harbour_slot: the harbour slot whose coastal path is path, or -1. */
int imp_harbour_slot(const struct geometry *geo, int path);

/*
 * imp_begin: g becomes an empty record of rule set variant (enum variant)
 * for the nplayers colours given in seat order: default rules with
 * external outcomes, the board b, a start in the set-up with a full bank
 * and the deck's order unknown, an empty log.  C_USAGE-free: colours are
 * assumed distinct.
 */
void imp_begin(struct game *g, int variant, int nplayers, const uint8_t *colour, const struct board *b);

/*
 * imp_fail: code with "NAME:LINE: FIELD: message" in e (a text format's
 * refusal); returns code.
 */
int imp_fail(struct cerr *e, int code, const char *name, int line, const char *field, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/*
 * imp_parse: the JSON document buf (len bytes) into doc (free with
 * jv_free on C_OK); C_INPUT with "NAME: not a JSON document: line L,
 * column C: reason" (jv_refuse), or C_SYSTEM when memory runs out.
 */
int imp_parse(const char *buf, size_t len, const char *name, struct jv_doc *doc, struct cerr *e);

/*
 * imp_name: seat's name in g as a record gives it (NUL-terminated), where
 * it can be ours (game_name_set): cut to NAME_BYTES at a character's start,
 * and before a byte that begins no whole UTF-8 character; a name that still
 * cannot be (empty, a control character) is left out: a player's name is
 * never a reason to refuse a record.
 */
void imp_name(struct game *g, int seat, const char *name);

/*
 * imp_push: appends m's canonical text to g's log.  C_OK or C_SYSTEM.
 */
int imp_push(struct game *g, const struct move *m, struct cerr *e);

/*
 * JSettlers2's classic board (encoding v1), its board of five and six
 * (encoding v2) and vocabulary, shared by its event logs and saved games
 * (import_js.c).
 */
#define JS_LAYOUT 37	/* the island and its ring of sea, in reading order (v2: the land and an empty column) */
#define JS_SEATS 6	/* the most seats of a game, numbered from 0 (the classic game has 4) */
#define JS_SEATS_CLASSIC 4
#define JS_PORTS6 11	/* the harbours of the board of five and six */
/* Resources as JSettlers numbers them (1 clay .. 5 wood) as ours; 0 and 6: -1 (unknown). */
extern const int js_res[7];
/* Development cards as JSettlers numbers them (1 road building .. 9 knight) as ours; 0: -1. */
extern const int8_t js_card[10];
/* js_value: the value of key in list ("k=v" items apart by sep) into out (n bytes); NULL when absent. */
const char *js_value(const char *list, char sep, const char *key, char *out, size_t n);
/*
 * js_hex, js_node, js_edge: a hex's, an intersection's or a path's code as
 * ours on board geo (the classic board's codes, or the board of five and
 * six's), or -1.
 */
int js_hex(const struct geometry *geo, long code);
int js_node(const struct geometry *geo, long code);
int js_edge(const struct geometry *geo, long code);
/* A fault of a layout: its field, the index in it (-1: the whole field) and the reason. */
struct js_fault {
	const char *field;
	int index;
	char msg[96];
};
/*
 * js_layout: the terrains, tokens and harbours of hexLayout and
 * numberLayout (the 37 hexes in reading order) into b.  C_OK; C_INPUT for
 * a value that is no terrain, number or harbour; C_ILLEGAL for a harbour
 * where our board has none; the fault in f.
 */
int js_layout(const struct geometry *geo, const int hexes[JS_LAYOUT], const int nums[JS_LAYOUT],
	      struct board *b, struct js_fault *f);
/*
 * js_layout6: the board of five and six from the layout parts of
 * encoding v2 into b: hexes (HL, the 37 places in reading order, the last
 * of each row east of the board; terrains as js_layout's), nums (NL: the
 * numbers themselves, 2 to 12) and ports (PL: each harbour's kind, 0 for
 * 3:1 or a resource 1 to 5, in the order of our harbour places).  C_OK, or
 * C_INPUT with the fault in f.
 */
int js_layout6(const struct geometry *geo, const int hexes[JS_LAYOUT], const int nums[JS_LAYOUT],
	       const int ports[JS_PORTS6], struct board *b, struct js_fault *f);
/*
 * js_options: C_OK when the game options opts ("K=V,K=V") are a game we
 * play, *six 1 when it is played on the board of five and six (PL above 4,
 * or PLB); C_ILLEGAL with the reason in msg (n bytes) for the sea board, a
 * scenario or more than six players.
 */
int js_options(const char *opts, int *six, char *msg, size_t n);
/*
 * js_seats: the seats taken (seated[pn], pn below nseats) in playing order
 * from first, as our seats: order[s] the JSettlers seat, colour[s] its
 * colour (seat 0 red, 1 blue, 2 white, 3 orange, 4 green, 5 brown).
 * Returns their number.
 */
int js_seats(const int seated[JS_SEATS], int nseats, int first, int order[JS_SEATS], uint8_t colour[JS_SEATS]);

/* The readers of each format (import.h's import_read for their contract). */
int import_catanatron(const char *buf, size_t len, const char *name, struct game *g,
		      struct cerr *e);
int import_catan(const char *buf, size_t len, const char *name, struct game *g, struct cerr *e);
int import_jsettlers(const char *buf, size_t len, const char *name, struct game *g, struct cerr *e);
int import_jsettlers_save(const char *buf, size_t len, const char *name, struct game *g, struct cerr *e);

#endif
