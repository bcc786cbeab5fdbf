/* mkgeom: computes the board's adjacency tables from hex coordinates and prints them as C. */

/*
 * Coordinates: a pointy-topped hex of circumradius 1 has its vertices at
 * (0,-1), (+-sqrt(3)/2, -1/2), (+-sqrt(3)/2, +1/2), (0,1).  Measuring x in
 * units of sqrt(3)/2 and y in units of 1/2 makes every vertex an integer
 * point: offsets (0,-2) (1,-1) (1,1) (0,2) (-1,1) (-1,-1), clockwise from
 * the top.  Hex centres are 2 apart in a row and rows are 3 apart; rows of
 * 3, 4, 5, 4, 3 start at x = 2, 1, 0, 1, 2.
 *
 * Intersections are numbered in reading order (y, then x); paths are
 * numbered in order of (smaller intersection, larger intersection).  The
 * coastal paths are walked clockwise from the north-west edge of hex 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NHEX 19
#define NNODE 54
#define NEDGE 72
#define NCOAST 30
#define NHARBOUR 9

/* The coastal paths (indices into the coast, clockwise) that hold the harbours, in slot order. */
static const int harbour_coast[NHARBOUR] = { 0, 3, 7, 10, 13, 17, 20, 23, 27 };

static const int dx[6] = { 0, 1, 1, 0, -1, -1 };
static const int dy[6] = { -2, -1, 1, 2, 1, -1 };

struct geom {
	int hx[NHEX], hy[NHEX];
	int nx[NNODE], ny[NNODE], nn;
	int hex_node[NHEX][6];
	int ea[NEDGE], eb[NEDGE], ne;
	int node_hex[NNODE][3], node_nhex[NNODE];
	int node_node[NNODE][3], node_edge[NNODE][3], node_deg[NNODE];
	int hex_hex[NHEX][6], hex_nhex[NHEX];
	int coast[NCOAST], coast_hex[NCOAST];
};

static int cmp_pt(const void *a, const void *b)
{
	const int *p = a, *q = b;
	if (p[1] != q[1])
		return p[1] - q[1];
	return p[0] - q[0];
}

static int find_node(const struct geom *g, int x, int y)
{
	for (int i = 0; i < g->nn; i++)
		if (g->nx[i] == x && g->ny[i] == y)
			return i;
	return -1;
}

static int find_edge(const struct geom *g, int a, int b)
{
	if (a > b) {
		int t = a; a = b; b = t;
	}
	for (int i = 0; i < g->ne; i++)
		if (g->ea[i] == a && g->eb[i] == b)
			return i;
	return -1;
}

static void build(struct geom *g)
{
	static const int rowlen[5] = { 3, 4, 5, 4, 3 };
	static const int rowx[5] = { 2, 1, 0, 1, 2 };
	int pts[NHEX * 6][2], np = 0, h = 0;

	memset(g, 0, sizeof *g);
	for (int r = 0; r < 5; r++)
		for (int i = 0; i < rowlen[r]; i++, h++) {
			g->hx[h] = rowx[r] + 2 * i;
			g->hy[h] = 3 * r;
		}
	for (h = 0; h < NHEX; h++)
		for (int k = 0; k < 6; k++) {
			int x = g->hx[h] + dx[k], y = g->hy[h] + dy[k], dup = 0;
			for (int i = 0; i < np; i++)
				if (pts[i][0] == x && pts[i][1] == y)
					dup = 1;
			if (!dup) {
				pts[np][0] = x;
				pts[np][1] = y;
				np++;
			}
		}
	qsort(pts, np, sizeof pts[0], cmp_pt);
	for (int i = 0; i < np; i++) {
		g->nx[i] = pts[i][0];
		g->ny[i] = pts[i][1];
	}
	g->nn = np;
	for (h = 0; h < NHEX; h++)
		for (int k = 0; k < 6; k++)
			g->hex_node[h][k] = find_node(g, g->hx[h] + dx[k], g->hy[h] + dy[k]);

	/* Paths: the six sides of every hex, deduplicated, sorted. */
	int pairs[NHEX * 6][2], npair = 0;
	for (h = 0; h < NHEX; h++)
		for (int k = 0; k < 6; k++) {
			int a = g->hex_node[h][k], b = g->hex_node[h][(k + 1) % 6], dup = 0;
			if (a > b) {
				int t = a; a = b; b = t;
			}
			for (int i = 0; i < npair; i++)
				if (pairs[i][0] == a && pairs[i][1] == b)
					dup = 1;
			if (!dup) {
				pairs[npair][0] = a;
				pairs[npair][1] = b;
				npair++;
			}
		}
	/* Sort by (a, b): cmp_pt sorts by [1] then [0], so swap roles. */
	for (int i = 0; i < npair; i++) {
		int t = pairs[i][0]; pairs[i][0] = pairs[i][1]; pairs[i][1] = t;
	}
	qsort(pairs, npair, sizeof pairs[0], cmp_pt);
	for (int i = 0; i < npair; i++) {
		g->ea[i] = pairs[i][1];
		g->eb[i] = pairs[i][0];
	}
	g->ne = npair;

	for (int n = 0; n < g->nn; n++) {
		for (h = 0; h < NHEX; h++)
			for (int k = 0; k < 6; k++)
				if (g->hex_node[h][k] == n)
					g->node_hex[n][g->node_nhex[n]++] = h;
		for (int e = 0; e < g->ne; e++)
			if (g->ea[e] == n || g->eb[e] == n) {
				int d = g->node_deg[n]++;
				g->node_edge[n][d] = e;
				g->node_node[n][d] = g->ea[e] == n ? g->eb[e] : g->ea[e];
			}
	}
	for (h = 0; h < NHEX; h++)
		for (int j = 0; j < NHEX; j++) {
			int dxh = g->hx[j] - g->hx[h], dyh = g->hy[j] - g->hy[h];
			if (j != h && dxh * dxh + dyh * dyh <= 13)
				g->hex_hex[h][g->hex_nhex[h]++] = j;
		}

	/* Coast: a hex side belonging to one hex only.  Walk clockwise from the
	 * north-west side of hex 1 (its vertices 5 -> 0). */
	int a = g->hex_node[0][5], b = g->hex_node[0][0], hh = 0;
	for (int c = 0; c < NCOAST; c++) {
		g->coast[c] = find_edge(g, a, b);
		g->coast_hex[c] = hh;
		/* next coastal side starts at b: the side b -> x that belongs to
		 * exactly one hex, x != a, oriented clockwise in that hex. */
		int found = 0;
		for (int h2 = 0; h2 < NHEX && !found; h2++)
			for (int k = 0; k < 6 && !found; k++) {
				int p = g->hex_node[h2][k], q = g->hex_node[h2][(k + 1) % 6];
				if (p != b || q == a)
					continue;
				int owners = 0;
				for (int h3 = 0; h3 < NHEX; h3++)
					for (int m = 0; m < 6; m++) {
						int u = g->hex_node[h3][m], v = g->hex_node[h3][(m + 1) % 6];
						if ((u == p && v == q) || (u == q && v == p))
							owners++;
					}
				if (owners == 1) {
					a = p;
					b = q;
					hh = h2;
					found = 1;
				}
			}
	}
}

static void arr1(const char *type, const char *name, const int *v, int n, int add)
{
	printf("static const %s %s[%d] = {", type, name, n);
	for (int i = 0; i < n; i++)
		printf("%s%d", i ? ", " : " ", v[i] + add);
	printf(" };\n");
}

static void arr2(const char *type, const char *name, const int *v, int n, int m, const int *len)
{
	printf("static const %s %s[%d][%d] = {\n", type, name, n, m);
	for (int i = 0; i < n; i++) {
		printf("\t{");
		for (int j = 0; j < m; j++)
			printf("%s%d", j ? ", " : " ", (len && j >= len[i]) ? -1 : v[i * m + j]);
		printf(" },\n");
	}
	printf("};\n");
}

int main(int argc, char **argv)
{
	struct geom g;
	build(&g);
	if (g.nn != NNODE || g.ne != NEDGE) {
		fprintf(stderr, "mkgeom: %d intersections, %d paths\n", g.nn, g.ne);
		return 1;
	}
	if (argc > 1 && strcmp(argv[1], "h") == 0) {
		printf("/* Generated by libcore/catan/gen/mkgeom.c: the size of the base board. */\n"
		       "#ifndef CATAN_GEOM_TAB_H\n#define CATAN_GEOM_TAB_H\n"
		       "#define GEOM_BASE_NHEX %d\n#define GEOM_BASE_NNODE %d\n"
		       "#define GEOM_BASE_NEDGE %d\n#define GEOM_BASE_NCOAST %d\n"
		       "#define GEOM_BASE_NHARBOUR %d\n"
		       "#endif\n", NHEX, NNODE, NEDGE, NCOAST, NHARBOUR);
		return 0;
	}
	printf("/* Generated by libcore/catan/gen/mkgeom.c: the base board's adjacency tables. */\n"
	       "#include \"geom.h\"\n\n");
	arr1("int8_t", "hex_x", g.hx, NHEX, 0);
	arr1("int8_t", "hex_y", g.hy, NHEX, 0);
	arr1("int8_t", "node_x", g.nx, NNODE, 0);
	arr1("int8_t", "node_y", g.ny, NNODE, 0);
	arr2("int8_t", "hex_nodes", &g.hex_node[0][0], NHEX, 6, NULL);
	arr2("int8_t", "hex_hexes", &g.hex_hex[0][0], NHEX, 6, g.hex_nhex);
	arr2("int8_t", "node_hexes", &g.node_hex[0][0], NNODE, 3, g.node_nhex);
	arr2("int8_t", "node_nodes", &g.node_node[0][0], NNODE, 3, g.node_deg);
	arr2("int8_t", "node_edges", &g.node_edge[0][0], NNODE, 3, g.node_deg);
	int en[NEDGE * 2];
	for (int e = 0; e < NEDGE; e++) {
		en[2 * e] = g.ea[e];
		en[2 * e + 1] = g.eb[e];
	}
	arr2("int8_t", "edge_nodes", en, NEDGE, 2, NULL);
	arr1("int8_t", "coast_edges", g.coast, NCOAST, 0);
	arr1("int8_t", "coast_hexes", g.coast_hex, NCOAST, 0);
	arr1("int8_t", "harbour_coast", harbour_coast, NHARBOUR, 0);
	int hn[NHARBOUR * 2];
	for (int h = 0; h < NHARBOUR; h++) {
		hn[2 * h] = g.ea[g.coast[harbour_coast[h]]];
		hn[2 * h + 1] = g.eb[g.coast[harbour_coast[h]]];
	}
	arr2("int8_t", "harbour_nodes", hn, NHARBOUR, 2, NULL);
	printf("static const uint64_t node_near[%d] = {\n", NNODE);
	for (int n = 0; n < NNODE; n++) {
		unsigned long long near = 1ull << n;
		for (int k = 0; k < g.node_deg[n]; k++)
			near |= 1ull << g.node_node[n][k];
		printf("\t%#llx,\n", near);
	}
	printf("};\n");
	printf("\nconst struct geometry geometry_base = {\n"
	       "\t.nhex = %d, .nnode = %d, .nedge = %d, .ncoast = %d, .nharbour = %d,\n"
	       "\t.hex_x = hex_x, .hex_y = hex_y, .node_x = node_x, .node_y = node_y,\n"
	       "\t.hex_nodes = hex_nodes, .hex_hexes = hex_hexes,\n"
	       "\t.node_hexes = node_hexes, .node_nodes = node_nodes, .node_edges = node_edges,\n"
	       "\t.edge_nodes = edge_nodes, .coast_edges = coast_edges, .coast_hexes = coast_hexes,\n"
	       "\t.harbour_coast = harbour_coast, .harbour_nodes = harbour_nodes,\n"
	       "\t.node_near = node_near,\n};\n", NHEX, NNODE, NEDGE, NCOAST, NHARBOUR);
	return 0;
}
