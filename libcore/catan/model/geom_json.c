/* geom_json.c: a board's geometry as a JSON document, for programs that reason about the board. */
#include "model/geom.h"
#include "model/geom_json.h"
#include "jw.h"
#include "model/names.h"

/* ids: the 1-based names of the n entries of row (-1 ends a short row), as an inline array. */
static void ids(struct jw *w, const char *key, const int8_t *row, int n)
{
	jw_key(w, key);
	jw_arr(w, JW_INLINE);
	for (int i = 0; i < n && row[i] >= 0; i++)
		jw_int(w, row[i] + 1);
	jw_end_arr(w);
}

/* paths: the names of the n paths of row (-1 ends a short row), as an inline array. */
static void paths(struct jw *w, const struct geometry *geo, const char *key, const int8_t *row, int n)
{
	char name[16];
	jw_key(w, key);
	jw_arr(w, JW_INLINE);
	for (int i = 0; i < n && row[i] >= 0; i++)
		jw_str(w, edge_name(geo, row[i], name));
	jw_end_arr(w);
}

int geom_write(const struct geometry *geo, int compact, char **out, size_t *len, struct cerr *e)
{
	struct jw w;
	char name[16];

	jw_init(&w, compact);
	jw_obj(&w, JW_BLOCK);
	jw_key_str(&w, "format", GEOM_FORMAT);
	jw_key(&w, "hexes");
	jw_arr(&w, JW_BLOCK);
	for (int h = 0; h < geo->nhex; h++) {
		int8_t sides[6];
		for (int k = 0; k < 6; k++) {
			int a = geo->hex_nodes[h][k], b = geo->hex_nodes[h][(k + 1) % 6];
			sides[k] = -1;
			for (int j = 0; j < 3; j++)
				if (geo->node_nodes[a][j] == b)
					sides[k] = geo->node_edges[a][j];
		}
		jw_obj(&w, JW_INLINE);
		jw_key_int(&w, "hex", h + 1);
		ids(&w, "intersections", geo->hex_nodes[h], 6);
		paths(&w, geo, "paths", sides, 6);
		ids(&w, "neighbours", geo->hex_hexes[h], 6);
		jw_end_obj(&w);
	}
	jw_end_arr(&w);
	jw_key(&w, "intersections");
	jw_arr(&w, JW_BLOCK);
	for (int n = 0; n < geo->nnode; n++) {
		jw_obj(&w, JW_INLINE);
		jw_key_int(&w, "intersection", n + 1);
		ids(&w, "hexes", geo->node_hexes[n], 3);
		ids(&w, "neighbours", geo->node_nodes[n], 3);
		paths(&w, geo, "paths", geo->node_edges[n], 3);
		int s = geom_node_harbour(geo, n);
		jw_key(&w, "harbour");
		if (s < 0)
			jw_null(&w);
		else
			jw_int(&w, s);
		jw_end_obj(&w);
	}
	jw_end_arr(&w);
	jw_key(&w, "paths");
	jw_arr(&w, JW_BLOCK);
	for (int p = 0; p < geo->nedge; p++) {
		jw_obj(&w, JW_INLINE);
		jw_key_str(&w, "path", edge_name(geo, p, name));
		ids(&w, "ends", geo->edge_nodes[p], 2);
		jw_end_obj(&w);
	}
	jw_end_arr(&w);
	jw_key(&w, "coast");
	jw_arr(&w, JW_BLOCK);
	for (int c = 0; c < geo->ncoast; c++) {
		jw_obj(&w, JW_INLINE);
		jw_key_str(&w, "path", edge_name(geo, geo->coast_edges[c], name));
		jw_key_int(&w, "hex", geo->coast_hexes[c] + 1);
		jw_key(&w, "harbour");
		int slot = -1;
		for (int s = 0; s < geo->nharbour; s++)
			if (geo->harbour_coast[s] == c)
				slot = s;
		if (slot < 0)
			jw_null(&w);
		else
			jw_int(&w, slot);
		jw_end_obj(&w);
	}
	jw_end_arr(&w);
	jw_end_obj(&w);
	if (jw_finish(&w, out, len))
		return cerr_set(e, C_SYSTEM, "out of memory");
	return C_OK;
}
