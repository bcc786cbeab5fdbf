/* placement.c: where pieces may go: the distance rule, and a road's ties to its owner's pieces. */
#include "model/names.h"
#include "model/state.h"
#include "rules/placement.h"
#include "rules/refusal.h"

int node_touches_road(const struct geometry *geo, const struct position *p, int seat, int node)
{
	for (int k = 0; k < 3; k++) {
		int ed = geo->node_edges[node][k];
		if (ed >= 0 && p->edge_owner[ed] == seat)
			return 1;
	}
	return 0;
}

int node_free_check(const struct geometry *geo, const struct position *p, int node, struct cerr *e)
{
	if (pos_node_open(geo, p, node))
		return C_OK;
	if (p->node_owner[node] != NOBODY)
		return illegal(e, "intersection %d already holds a building", node + 1);
	for (int k = 0; k < 3; k++) {
		int nb = geo->node_nodes[node][k];
		if (nb >= 0 && p->node_owner[nb] != NOBODY)
			return illegal(e, "intersection %d is next to the building on %d (distance rule)",
				       node + 1, nb + 1);
	}
	return C_OK;
}

/* Why a road may start at node: 2 own building, 1 own road through a free intersection, 0 no, -1 blocked. */
static int road_anchor(const struct geometry *geo,
		       const struct position *p, int seat, int node, int edge)
{
	int owner = p->node_owner[node];
	if (owner == seat)
		return 2;
	int road = 0;
	for (int k = 0; k < 3; k++) {
		int ed = geo->node_edges[node][k];
		if (ed >= 0 && ed != edge && p->edge_owner[ed] == seat)
			road = 1;
	}
	if (!road)
		return 0;
	return owner == NOBODY ? 1 : -1;
}

int road_place_check(const struct geometry *geo,
		     const struct position *p, int seat, int edge, struct cerr *e)
{
	char name[8];
	if (p->edge_owner[edge] != NOBODY)
		return illegal(e, "path %s already holds a road", edge_name(geo, edge, name));
	int a = road_anchor(geo, p, seat, geo->edge_nodes[edge][0], edge);
	int b = road_anchor(geo, p, seat, geo->edge_nodes[edge][1], edge);
	if (a > 0 || b > 0)
		return C_OK;
	if (a < 0 || b < 0)
		return illegal(e, "a road cannot continue through another player's settlement or city");
	return illegal(e, "the road must touch your road, settlement or city");
}

int road_any_place(const struct geometry *geo, const struct position *p, int seat)
{
	for (int ed = 0; ed < geo->nedge; ed++)
		if (p->edge_owner[ed] == NOBODY && road_place_check(geo, p, seat, ed, NULL) == C_OK)
			return 1;
	return 0;
}
