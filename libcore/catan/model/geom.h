/*
 * geom.h: a board's fixed geometry: its size, its adjacency tables and
 * the places of its harbours.  A rule set names the board it is played on
 * (struct ruleset's geom); code reaches the tables through it, never
 * through the generated arrays, so loops run over the game's own board.
 */
#ifndef CATAN_GEOM_H
#define CATAN_GEOM_H

#include <stdint.h>

#include "model/bitset.h"
#include "geom_tab.h"

/*
 * The tables (generated from hex coordinates by libcore/catan/gen/mkgeom.c, all
 * 0-based, -1 where a row is shorter):
 *   hex_nodes[h][6]   the intersections of hex h, clockwise from the top
 *   hex_hexes[h][6]   the hexes that share a side with h
 *   node_hexes[n][3]  the hexes touching intersection n
 *   node_nodes[n][3]  the intersections one path away from n
 *   node_edges[n][3]  the paths at n, in the same order as node_nodes
 *   edge_nodes[e][2]  the two ends of path e, smaller first
 *   coast_edges[c]    coastal paths clockwise from hex 1's north-west side
 *   coast_hexes[c]    the land hex of each coastal path
 *   harbour_coast[s]  the coastal path (index into coast_edges) of harbour slot s
 *   harbour_nodes[s][2] the two ends of that path, as in edge_nodes
 *   node_near[n]      intersection n and those one path away, one bit each
 *   hex_x/y, node_x/y coordinates in units of sqrt(3)/2 and 1/2
 *   spiral[c * nhex + i] the hexes in the order tokens are laid from corner c
 *                     (of ncorner, clockwise from hex 1): around the coast
 *                     counter-clockwise from the corner, then each ring inside
 *   centre            the hex in the middle, or -1 when the middle is not one hex
 */
struct geometry {
	uint8_t nhex, nnode, nedge, ncoast, nharbour, ncorner;
	int8_t centre;
	const int8_t *hex_x, *hex_y, *node_x, *node_y;
	const int8_t (*hex_nodes)[6];
	const int8_t (*hex_hexes)[6];
	const int8_t (*node_hexes)[3];
	const int8_t (*node_nodes)[3];
	const int8_t (*node_edges)[3];
	const int8_t (*edge_nodes)[2];
	const int8_t *coast_edges, *coast_hexes;
	const int8_t *harbour_coast;
	const int8_t (*harbour_nodes)[2];
	const struct bitset *node_near;
	const int8_t *spiral;
};

/* The nineteen-hex board of the base game and Catan for Two. */
extern const struct geometry geometry_base;
/* The thirty-hex board of five and six players. */
extern const struct geometry geometry_six;

/* geom_node_harbour: the harbour slot at intersection n of board geo, or -1. */
int geom_node_harbour(const struct geometry *geo, int n);

#endif
