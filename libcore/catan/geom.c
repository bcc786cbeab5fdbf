/* geom.c: harbour places on the fixed board. */
#include "geom.h"

const int8_t geom_harbour_coast[NHARBOUR] = { 0, 3, 7, 10, 13, 17, 20, 23, 27 };

int geom_node_harbour(int n)
{
	for (int h = 0; h < NHARBOUR; h++) {
		int e = geom_coast_edges[geom_harbour_coast[h]];
		if (geom_edge_nodes[e][0] == n || geom_edge_nodes[e][1] == n)
			return h;
	}
	return -1;
}
