/* mkgeom: computes each board's adjacency tables from hex coordinates and prints them as C. */

/*
 * Coordinates: a pointy-topped hex of circumradius 1 has its vertices at
 * (0,-1), (+-sqrt(3)/2, -1/2), (+-sqrt(3)/2, +1/2), (0,1).  Measuring x in
 * units of sqrt(3)/2 and y in units of 1/2 makes every vertex an integer
 * point: offsets (0,-2) (1,-1) (1,1) (0,2) (-1,1) (-1,-1), clockwise from
 * the top.  Hex centres are 2 apart in a row and rows are 3 apart; a
 * board is its rows' lengths and starting x (the base board's rows of
 * 3, 4, 5, 4, 3 start at x = 2, 1, 0, 1, 2).
 *
 * Intersections are numbered in reading order (y, then x); paths are
 * numbered in order of (smaller intersection, larger intersection).  The
 * coastal paths are walked clockwise from the north-west edge of hex 1.
 *
 * The rings that number tokens are laid along: ring 0 is the hexes on
 * the coast, each next ring those on the coast of what is left, each
 * clockwise from its first hex in reading order.  The corners are the
 * hexes of ring 0 with three neighbours.  The spiral from a corner runs
 * counter-clockwise around ring 0 from the corner, then around each next
 * ring from its hex beside the previous ring's first and last.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define XHEX 30		/* the largest board's sizes */
#define XNODE 80
#define XEDGE 109
#define XCOAST 38
#define XHARBOUR 11
#define XCORNER 6

struct spec {
	const char *name;	/* geometry_NAME, GEOM_NAME_... */
	const char *what;	/* for the comment */
	int nrow;
	int rowlen[7], rowx[7];
	int nhex, nnode, nedge, ncoast, nharbour;	/* what the board must come to */
	int harbour_coast[XHARBOUR];	/* the coastal paths of the harbours, in slot order */
};

static const struct spec specs[] = {
	{ "base", "the nineteen-hex board", 5, { 3, 4, 5, 4, 3 }, { 2, 1, 0, 1, 2 },
	  19, 54, 72, 30, 9, { 0, 3, 7, 10, 13, 17, 20, 23, 27 } },
	{ "six", "the thirty-hex board of five and six players", 7,
	  { 3, 4, 5, 6, 5, 4, 3 }, { 3, 2, 1, 0, 1, 2, 3 },
	  30, 80, 109, 38, 11, { 0, 3, 7, 10, 14, 17, 21, 24, 28, 31, 34 } },
};
#define NSPEC (int)(sizeof specs / sizeof specs[0])

static const int dx[6] = { 0, 1, 1, 0, -1, -1 };
static const int dy[6] = { -2, -1, 1, 2, 1, -1 };

struct geom {
	int nhex;
	int hx[XHEX], hy[XHEX];
	int nx[XNODE], ny[XNODE], nn;
	int hex_node[XHEX][6];
	int ea[XEDGE], eb[XEDGE], ne;
	int node_hex[XNODE][3], node_nhex[XNODE];
	int node_node[XNODE][3], node_edge[XNODE][3], node_deg[XNODE];
	int hex_hex[XHEX][6], hex_nhex[XHEX];
	int coast[XCOAST], coast_hex[XCOAST], ncoast;
	int ring[XHEX], ring_of[XHEX], nring, ring_start[XHEX + 1];
	int corner[XCORNER], ncorner;
	int spiral[XCORNER][XHEX];
	int centre;
};

static void die(const char *what, const char *name)
{
	fprintf(stderr, "mkgeom: %s: %s\n", name, what);
	exit(1);
}

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

static int adjacent(const struct geom *g, int h, int j)
{
	for (int k = 0; k < g->hex_nhex[h]; k++)
		if (g->hex_hex[h][k] == j)
			return 1;
	return 0;
}

/*
 * walk_boundary: the sides of the hexes in[] (1: in the set) that belong
 * to one of them only, walked clockwise from the north-west side of the
 * set's first hex; the hex of each side into hexes[], the path into
 * edges[] (when not NULL).  Returns the number of sides.
 */
static int walk_boundary(const struct geom *g, const int *in, int *hexes, int *edges)
{
	int h0 = 0;
	while (!in[h0])
		h0++;
	int a0 = g->hex_node[h0][5], b0 = g->hex_node[h0][0], a = a0, b = b0, hh = h0, n = 0;
	do {
		if (edges)
			edges[n] = find_edge(g, a, b);
		hexes[n++] = hh;
		/* The next side starts at b: b -> x in one hex of the set only, x != a, clockwise in that hex. */
		int found = 0;
		for (int h2 = 0; h2 < g->nhex && !found; h2++)
			for (int k = 0; k < 6 && in[h2] && !found; k++) {
				int p = g->hex_node[h2][k], q = g->hex_node[h2][(k + 1) % 6];
				if (p != b || q == a)
					continue;
				int owners = 0;
				for (int h3 = 0; h3 < g->nhex; h3++)
					for (int m = 0; m < 6 && in[h3]; m++) {
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
		if (!found || n > 6 * XHEX)
			return -1;
	} while (a != a0 || b != b0);
	return n;
}

static void build_rings(struct geom *g, const char *name)
{
	int in[XHEX], hexes[6 * XHEX], left = g->nhex;
	for (int h = 0; h < g->nhex; h++)
		in[h] = 1;
	g->nring = 0;
	int n = 0;
	while (left > 0) {
		int sides = walk_boundary(g, in, hexes, NULL);
		if (sides < 0)
			die("a ring does not close", name);
		g->ring_start[g->nring] = n;
		for (int i = 0; i < sides; i++) {
			int h = hexes[i], seen = 0;
			for (int j = g->ring_start[g->nring]; j < n; j++)
				seen |= g->ring[j] == h;
			if (!seen) {
				g->ring[n++] = h;
				g->ring_of[h] = g->nring;
			}
		}
		for (int j = g->ring_start[g->nring]; j < n; j++) {
			in[g->ring[j]] = 0;
			left--;
		}
		g->nring++;
	}
	g->ring_start[g->nring] = n;
	g->centre = g->ring_start[g->nring] - g->ring_start[g->nring - 1] == 1 ? g->ring[n - 1] : -1;

	g->ncorner = 0;
	for (int i = 0; i < g->ring_start[1]; i++)
		if (g->hex_nhex[g->ring[i]] == 3) {
			if (g->ncorner == XCORNER)
				die("more than six corners", name);
			g->corner[g->ncorner++] = i;
		}
	for (int c = 0; c < g->ncorner; c++) {
		int k = 0, from = g->corner[c];	/* index in the ring */
		for (int r = 0; r < g->nring; r++) {
			int s = g->ring_start[r], len = g->ring_start[r + 1] - s;
			if (r > 0) {	/* beside the previous ring's first and last */
				int first = g->spiral[c][k - (g->ring_start[r] - g->ring_start[r - 1])], last = g->spiral[c][k - 1];
				from = -1;
				for (int i = 0; i < len && from < 0; i++)
					if (len == 1 || (adjacent(g, g->ring[s + i], first) && adjacent(g, g->ring[s + i], last)))
						from = i;
				if (from < 0)
					die("no hex begins a ring of the spiral", name);
			}
			for (int i = 0; i < len; i++)
				g->spiral[c][k++] = g->ring[s + (from - i + len) % len];
		}
	}
}

static void build(struct geom *g, const struct spec *sp)
{
	int pts[XHEX * 6][2], np = 0, h = 0;

	memset(g, 0, sizeof *g);
	for (int r = 0; r < sp->nrow; r++)
		for (int i = 0; i < sp->rowlen[r]; i++, h++) {
			if (h == XHEX)
				die("too many hexes", sp->name);
			g->hx[h] = sp->rowx[r] + 2 * i;
			g->hy[h] = 3 * r;
		}
	g->nhex = h;
	for (h = 0; h < g->nhex; h++)
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
	if (np > XNODE)
		die("too many intersections", sp->name);
	qsort(pts, np, sizeof pts[0], cmp_pt);
	for (int i = 0; i < np; i++) {
		g->nx[i] = pts[i][0];
		g->ny[i] = pts[i][1];
	}
	g->nn = np;
	for (h = 0; h < g->nhex; h++)
		for (int k = 0; k < 6; k++)
			g->hex_node[h][k] = find_node(g, g->hx[h] + dx[k], g->hy[h] + dy[k]);

	/* Paths: the six sides of every hex, deduplicated, sorted. */
	int pairs[XHEX * 6][2], npair = 0;
	for (h = 0; h < g->nhex; h++)
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
	if (npair > XEDGE)
		die("too many paths", sp->name);
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
		for (h = 0; h < g->nhex; h++)
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
	for (h = 0; h < g->nhex; h++)
		for (int j = 0; j < g->nhex; j++) {
			int dxh = g->hx[j] - g->hx[h], dyh = g->hy[j] - g->hy[h];
			if (j != h && dxh * dxh + dyh * dyh <= 13)
				g->hex_hex[h][g->hex_nhex[h]++] = j;
		}

	int all[XHEX] = { 0 }, hexes[6 * XHEX], edges[6 * XHEX];
	for (h = 0; h < g->nhex; h++)
		all[h] = 1;
	g->ncoast = walk_boundary(g, all, hexes, edges);
	if (g->ncoast < 0 || g->ncoast > XCOAST)
		die("the coast does not close", sp->name);
	memcpy(g->coast, edges, sizeof g->coast);
	memcpy(g->coast_hex, hexes, sizeof g->coast_hex);
	build_rings(g, sp->name);
}

static void arr1(const char *type, const char *board, const char *name, const int *v, int n)
{
	printf("static const %s %s_%s[%d] = {", type, board, name, n);
	for (int i = 0; i < n; i++)
		printf("%s%d", i ? ", " : " ", v[i]);
	printf(" };\n");
}

static void arr2(const char *board, const char *name, const int *v, int n, int m, const int *len)
{
	printf("static const int8_t %s_%s[%d][%d] = {\n", board, name, n, m);
	for (int i = 0; i < n; i++) {
		printf("\t{");
		for (int j = 0; j < m; j++)
			printf("%s%d", j ? ", " : " ", (len && j >= len[i]) ? -1 : v[i * m + j]);
		printf(" },\n");
	}
	printf("};\n");
}

static void print_c(const struct geom *g, const struct spec *sp)
{
	const char *b = sp->name;
	int nhex = sp->nhex, nnode = sp->nnode, nedge = sp->nedge, ncoast = sp->ncoast, nh = sp->nharbour;

	printf("\n/* %s */\n", sp->what);
	arr1("int8_t", b, "hex_x", g->hx, nhex);
	arr1("int8_t", b, "hex_y", g->hy, nhex);
	arr1("int8_t", b, "node_x", g->nx, nnode);
	arr1("int8_t", b, "node_y", g->ny, nnode);
	arr2(b, "hex_nodes", &g->hex_node[0][0], nhex, 6, NULL);
	arr2(b, "hex_hexes", &g->hex_hex[0][0], nhex, 6, g->hex_nhex);
	arr2(b, "node_hexes", &g->node_hex[0][0], nnode, 3, g->node_nhex);
	arr2(b, "node_nodes", &g->node_node[0][0], nnode, 3, g->node_deg);
	arr2(b, "node_edges", &g->node_edge[0][0], nnode, 3, g->node_deg);
	int en[XEDGE * 2];
	for (int e = 0; e < nedge; e++) {
		en[2 * e] = g->ea[e];
		en[2 * e + 1] = g->eb[e];
	}
	arr2(b, "edge_nodes", en, nedge, 2, NULL);
	arr1("int8_t", b, "coast_edges", g->coast, ncoast);
	arr1("int8_t", b, "coast_hexes", g->coast_hex, ncoast);
	arr1("int8_t", b, "harbour_coast", sp->harbour_coast, nh);
	int hn[XHARBOUR * 2];
	for (int h = 0; h < nh; h++) {
		hn[2 * h] = g->ea[g->coast[sp->harbour_coast[h]]];
		hn[2 * h + 1] = g->eb[g->coast[sp->harbour_coast[h]]];
	}
	arr2(b, "harbour_nodes", hn, nh, 2, NULL);
	printf("static const struct bitset %s_node_near[%d] = {\n", b, nnode);
	for (int n = 0; n < nnode; n++) {
		unsigned long long near[2] = { 0, 0 };
		near[n / 64] |= 1ull << (n % 64);
		for (int k = 0; k < g->node_deg[n]; k++) {
			int m = g->node_node[n][k];
			near[m / 64] |= 1ull << (m % 64);
		}
		printf("\t{ { %#llx, %#llx } },\n", near[0], near[1]);
	}
	printf("};\n");
	int sp_flat[XCORNER * XHEX];
	for (int c = 0; c < g->ncorner; c++)
		memcpy(sp_flat + c * nhex, g->spiral[c], nhex * sizeof(int));
	arr1("int8_t", b, "spiral", sp_flat, g->ncorner * nhex);
	printf("\nconst struct geometry geometry_%s = {\n"
	       "\t.nhex = %d, .nnode = %d, .nedge = %d, .ncoast = %d, .nharbour = %d,\n"
	       "\t.ncorner = %d, .centre = %d,\n"
	       "\t.hex_x = %s_hex_x, .hex_y = %s_hex_y, .node_x = %s_node_x, .node_y = %s_node_y,\n"
	       "\t.hex_nodes = %s_hex_nodes, .hex_hexes = %s_hex_hexes,\n"
	       "\t.node_hexes = %s_node_hexes, .node_nodes = %s_node_nodes, .node_edges = %s_node_edges,\n"
	       "\t.edge_nodes = %s_edge_nodes, .coast_edges = %s_coast_edges, .coast_hexes = %s_coast_hexes,\n"
	       "\t.harbour_coast = %s_harbour_coast, .harbour_nodes = %s_harbour_nodes,\n"
	       "\t.node_near = %s_node_near, .spiral = %s_spiral,\n};\n",
	       b, nhex, nnode, nedge, ncoast, nh, g->ncorner, g->centre,
	       b, b, b, b, b, b, b, b, b, b, b, b, b, b, b, b);
}

int main(int argc, char **argv)
{
	static struct geom g[NSPEC];
	int max[5] = { 0 };
	for (int i = 0; i < NSPEC; i++) {
		const struct spec *sp = &specs[i];
		build(&g[i], sp);
		if (g[i].nhex != sp->nhex || g[i].nn != sp->nnode || g[i].ne != sp->nedge ||
		    g[i].ncoast != sp->ncoast) {
			fprintf(stderr, "mkgeom: %s: %d hexes, %d intersections, %d paths, %d coastal paths\n",
				sp->name, g[i].nhex, g[i].nn, g[i].ne, g[i].ncoast);
			return 1;
		}
		int n[5] = { sp->nhex, sp->nnode, sp->nedge, sp->ncoast, sp->nharbour };
		for (int k = 0; k < 5; k++)
			if (n[k] > max[k])
				max[k] = n[k];
	}
	if (argc > 1 && strcmp(argv[1], "h") == 0) {
		printf("/* Generated by libcore/catan/gen/mkgeom.c: the sizes of the boards. */\n"
		       "#ifndef CATAN_GEOM_TAB_H\n#define CATAN_GEOM_TAB_H\n");
		for (int i = 0; i < NSPEC; i++) {
			char up[16];
			size_t k;
			for (k = 0; specs[i].name[k] && k + 1 < sizeof up; k++)
				up[k] = (char)(specs[i].name[k] - 'a' + 'A');
			up[k] = 0;
			printf("#define GEOM_%s_NHEX %d\n#define GEOM_%s_NNODE %d\n"
			       "#define GEOM_%s_NEDGE %d\n#define GEOM_%s_NCOAST %d\n"
			       "#define GEOM_%s_NHARBOUR %d\n", up, specs[i].nhex, up, specs[i].nnode,
			       up, specs[i].nedge, up, specs[i].ncoast, up, specs[i].nharbour);
		}
		printf("/* The largest of each. */\n"
		       "#define GEOM_MAX_NHEX %d\n#define GEOM_MAX_NNODE %d\n#define GEOM_MAX_NEDGE %d\n"
		       "#define GEOM_MAX_NCOAST %d\n#define GEOM_MAX_NHARBOUR %d\n#endif\n",
		       max[0], max[1], max[2], max[3], max[4]);
		return 0;
	}
	printf("/* Generated by libcore/catan/gen/mkgeom.c: the boards' adjacency tables. */\n"
	       "#include \"model/geom.h\"\n");
	for (int i = 0; i < NSPEC; i++)
		print_c(&g[i], &specs[i]);
	return 0;
}
