/*
 * import_int.h: what the importers share: the record being built, and the
 * board's geometry in the terms the sources use (hex coordinates, a hex's
 * corners and sides by compass direction), computed from our own geometry.
 */
#ifndef CATAN_IMPORT_INT_H
#define CATAN_IMPORT_INT_H

#include "err.h"
#include "geom.h"
#include "types.h"

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
 * imp_begin: g becomes an empty record of the base game for the nplayers
 * colours given in seat order: default rules with external outcomes, the
 * board b, a start in the set-up with a full bank and the deck's order
 * unknown, an empty log.  C_USAGE-free: colours are assumed distinct.
 */
void imp_begin(struct game *g, int nplayers, const uint8_t *colour, const struct board *b);

/*
 * imp_fail: code with "NAME:LINE: FIELD: message" in e (a text format's
 * refusal); returns code.
 */
int imp_fail(struct cerr *e, int code, const char *name, int line, const char *field, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));

/*
 * imp_push: appends m's canonical text to g's log.  C_OK or C_SYSTEM.
 */
int imp_push(struct game *g, const struct move *m, struct cerr *e);

/* The readers of each format (import.h's import_read for their contract). */
int import_catanatron(const char *buf, size_t len, const char *name, struct game *g,
		      struct cerr *e);
int import_catan(const char *buf, size_t len, const char *name, struct game *g, struct cerr *e);
int import_jsettlers(const char *buf, size_t len, const char *name, struct game *g, struct cerr *e);

#endif
