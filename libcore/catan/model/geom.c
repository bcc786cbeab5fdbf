/* geom.c: the harbour at an intersection. */
#include "model/geom.h"

int geom_node_harbour(const struct geometry *geo, int n)
{
	for (int h = 0; h < geo->nharbour; h++)
		if (geo->harbour_nodes[h][0] == n || geo->harbour_nodes[h][1] == n)
			return h;
	return -1;
}
