/* geom.c: the harbour at an intersection. */
#include "geom.h"

int geom_node_harbour(const struct geometry *geo, int n)
{
	for (int h = 0; h < geo->nharbour; h++) {
		int e = geo->coast_edges[geo->harbour_coast[h]];
		if (geo->edge_nodes[e][0] == n || geo->edge_nodes[e][1] == n)
			return h;
	}
	return -1;
}
