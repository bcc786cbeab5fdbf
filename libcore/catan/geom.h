/* geom.h: the board's fixed geometry: adjacency tables and the places of the harbours. */
#ifndef CATAN_GEOM_H
#define CATAN_GEOM_H

#include "geom_tab.h"
#include "types.h"

/*
 * The tables (generated from hex coordinates by libcore/catan/gen/mkgeom.c, all
 * 0-based, -1 where a row is shorter):
 *   geom_hex_nodes[h][6]   the intersections of hex h, clockwise from the top
 *   geom_hex_hexes[h][6]   the hexes that share a side with h
 *   geom_node_hexes[n][3]  the hexes touching intersection n
 *   geom_node_nodes[n][3]  the intersections one path away from n
 *   geom_node_edges[n][3]  the paths at n, in the same order as node_nodes
 *   geom_edge_nodes[e][2]  the two ends of path e, smaller first
 *   geom_coast_edges[30]   coastal paths clockwise from hex 1's north-west side
 *   geom_hex_x/y, geom_node_x/y  coordinates in units of sqrt(3)/2 and 1/2
 */

/* The coastal paths that hold the nine harbours, in harbour-slot order. */
extern const int8_t geom_harbour_coast[NHARBOUR];

/* geom_node_harbour: the harbour slot (0..8) at intersection n, or -1. */
int geom_node_harbour(int n);

#endif
