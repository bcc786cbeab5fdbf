/*
 * import_catanatron.c: catanatron's JSON export (its GameEncoder): tiles in
 * cube coordinates, node ids placed by a tile and a corner, and
 * action_records, each an action [colour, type, value] with its outcome.
 */
#include <string.h>

#include "import/import_int.h"
#include "jr.h"
#include "jv.h"
#include "model/move.h"
#include "model/names.h"
#include "model/ruleset.h"

/* The words of catanatron's vocabulary, in the order of our enums. */
static const char *const cn_resources[NRES + 1] = { "BRICK", "WOOD", "SHEEP", "WHEAT", "ORE", NULL };
static const char *const cn_devs[NDEV + 1] = { "KNIGHT", "ROAD_BUILDING", "YEAR_OF_PLENTY", "MONOPOLY",
					       "VICTORY_POINT", NULL };
static const char *const cn_colours[NCOLOUR + 1] = { "RED", "BLUE", "WHITE", "ORANGE", NULL };
static const char *const cn_corners[NCORNER + 1] = { "NORTH", "NORTHEAST", "SOUTHEAST", "SOUTH",
						     "SOUTHWEST", "NORTHWEST", NULL };
static const char *const cn_sides[NSIDE + 1] = { "NORTHEAST", "EAST", "SOUTHEAST", "SOUTHWEST",
						 "WEST", "NORTHWEST", NULL };
static const char *const cn_terrains[NTERRAIN + 1] = { "BRICK", "WOOD", "SHEEP", "WHEAT", "ORE", NULL };

/*
 * The most node ids a record may use: catanatron numbers the land's 54
 * intersections and the sea's corners around it (96 in all).
 */
#define CN_MAXNODE 256

struct cn {
	struct jr r;
	const struct geometry *geo;
	int nplayers;
	uint8_t colour[MAXPLAYERS];
	struct board board;
	int16_t node[CN_MAXNODE];	/* catanatron's node id -> our intersection, -1 in the sea, -2 not given */
	struct game *g;
};

/* word: v is one of the strings of words (exact); its index, else a failure at the current path. */
static int word(struct cn *c, const jv_t *v, const char *const *words, const char *what, int *out)
{
	const char *s = jv_string_value(v);
	*out = -1;
	if (!s)
		return jr_fail(&c->r, "expected %s, found %s", what, jr_type(v));
	for (int i = 0; words[i]; i++)
		if (strcmp(s, words[i]) == 0) {
			*out = i;
			return C_OK;
		}
	return jr_fail(&c->r, "unknown %s '%s'", what, s);
}

/* member_word: word() on obj's member key, its path in messages. */
static int member_word(struct cn *c, const jv_t *obj, const char *key, const char *const *words,
		       const char *what, int *out)
{
	int rc;
	*out = -1;
	jv_t *v = jr_member(&c->r, (jv_t *)obj, key, 1, &rc);
	int d = jr_key(&c->r, key);
	if (v)
		rc = word(c, v, words, what, out);
	jr_pop(&c->r, d);
	return rc;
}

/*
 * cube: the cube coordinates [x, y, z] in v as axial (*q, *r) and as one of
 * our hexes (*hex; -1 off the board, allowed only with offboard).
 */
static int cube(struct cn *c, const jv_t *v, int offboard, int *hex, int *q, int *r)
{
	long long x[3];
	if (!jv_is_array(v) || jv_array_size(v) != 3)
		return jr_fail(&c->r, "expected cube coordinates [x, y, z], found %s", jr_type(v));
	for (int i = 0; i < 3; i++) {
		const jv_t *n = jv_array_get(v, (size_t)i);
		if (!jv_is_integer(n) || jv_integer_value(n) < -9 || jv_integer_value(n) > 9)
			return jr_fail(&c->r, "expected cube coordinates [x, y, z], small integers");
		x[i] = jv_integer_value(n);
	}
	if (x[0] + x[1] + x[2] != 0)
		return jr_fail(&c->r, "cube coordinates [%lld, %lld, %lld] do not add up to 0", x[0], x[1], x[2]);
	/* x grows eastwards and z southwards: axial q = x, r = z. */
	*q = (int)x[0];
	*r = (int)x[2];
	*hex = imp_hex_at(c->geo, *q, *r);
	if (*hex < 0 && !offboard)
		return jr_fail(&c->r, "[%lld, %lld, %lld] is not a land hex of the board", x[0], x[1], x[2]);
	return C_OK;
}

/* member_cube: cube() on obj's member key, its path in messages. */
static int member_cube(struct cn *c, const jv_t *obj, const char *key, int offboard, int *hex, int *q,
		       int *r)
{
	int rc;
	jv_t *v = jr_member(&c->r, (jv_t *)obj, key, 1, &rc);
	int d = jr_key(&c->r, key);
	if (v)
		rc = cube(c, v, offboard, hex, q, r);
	jr_pop(&c->r, d);
	return rc;
}

/*
 * member_of: obj's member key, which must be of type want (JV_ARRAY or
 * JV_OBJECT), into *out; the path then stands at it (*depth for jr_pop).
 */
static int member_of(struct cn *c, const jv_t *obj, const char *key, enum jv_type want, jv_t **out,
		     int *depth)
{
	int rc;
	jv_t *v = jr_member(&c->r, (jv_t *)obj, key, 1, &rc);
	*depth = jr_key(&c->r, key);
	if (!v)
		return rc;
	if (jv_typeof(v) != want)
		return jr_fail(&c->r, "expected %s, found %s", want == JV_ARRAY ? "an array" : "an object",
			       jr_type(v));
	*out = v;
	return C_OK;
}

/* read_colours: "colors", the seats in the order they play. */
static int read_colours(struct cn *c, const jv_t *root)
{
	int rc;
	jv_t *a = jr_member(&c->r, (jv_t *)root, "colors", 1, &rc);
	int d = jr_key(&c->r, "colors");
	if (!a)
		return rc;
	if (!jv_is_array(a) || jv_array_size(a) < ruleset_base.min_players ||
	    jv_array_size(a) > ruleset_base.max_players)
		return jr_fail(&c->r, "expected an array of %d to %d colours", ruleset_base.min_players,
			       ruleset_base.max_players);
	c->nplayers = (int)jv_array_size(a);
	for (int s = 0; s < c->nplayers; s++) {
		int col, di = jr_index(&c->r, (size_t)s);
		if ((rc = word(c, jv_array_get(a, (size_t)s), cn_colours, "colour", &col)))
			return rc;
		for (int t = 0; t < s; t++)
			if (c->colour[t] == col)
				return jr_fail(&c->r, "colour '%s' given twice", cn_colours[col]);
		c->colour[s] = (uint8_t)col;
		jr_pop(&c->r, di);
	}
	jr_pop(&c->r, d);
	return C_OK;
}

/* read_port: a harbour: the water tile, facing the land across its side dir. */
static int read_port(struct cn *c, const jv_t *tile, int q, int r, uint8_t *seen)
{
	int rc, dir, kind;
	if ((rc = member_word(c, tile, "direction", cn_sides, "direction", &dir)))
		return rc;
	jv_t *res = jr_member(&c->r, (jv_t *)tile, "resource", 1, &rc);
	if (!res)
		return rc;
	int d = jr_key(&c->r, "resource");
	if (jv_is_null(res))
		kind = HB_GENERIC;
	else if ((rc = word(c, res, cn_resources, "resource", &kind)))
		return rc;
	jr_pop(&c->r, d);
	/* The harbour is the water tile's side that faces the land. */
	int slot = imp_harbour_slot(c->geo, imp_side(c->geo, q, r, dir));
	if (slot < 0) {
		c->r.code = C_ILLEGAL;
		return jr_fail(&c->r, "a harbour where our board has none (another map than the base game's)");
	}
	if (seen[slot]++)
		return jr_fail(&c->r, "a second harbour on coastal path %d", c->geo->harbour_coast[slot]);
	c->board.harbour[slot] = (uint8_t)kind;
	return C_OK;
}

/* read_tiles: the land hexes (terrain, token) and the harbours. */
static int read_tiles(struct cn *c, const jv_t *root)
{
	uint8_t seen_hex[MAX_HEX] = { 0 }, seen_port[MAX_HARBOUR] = { 0 };
	int rc, d;
	jv_t *a = NULL;
	if ((rc = member_of(c, root, "tiles", JV_ARRAY, &a, &d)))
		return rc;
	for (size_t i = 0; i < jv_array_size(a); i++) {
		const jv_t *t = jv_array_get(a, i), *tile;
		int di = jr_index(&c->r, i), hex, q, r, type;
		static const char *const types[] = { "RESOURCE_TILE", "DESERT", "PORT", "WATER", NULL };
		if (!jv_is_object(t))
			return jr_fail(&c->r, "expected an object, found %s", jr_type(t));
		if (!(tile = jr_member(&c->r, (jv_t *)t, "tile", 1, &rc)))
			return rc;
		int dt = jr_key(&c->r, "tile");
		if (!jv_is_object(tile))
			return jr_fail(&c->r, "expected an object, found %s", jr_type(tile));
		if ((rc = member_word(c, tile, "type", types, "tile type", &type)))
			return rc;
		jr_pop(&c->r, dt);
		if ((rc = member_cube(c, t, "coordinate", type >= 2, &hex, &q, &r)))
			return rc;
		if (type <= 1 && seen_hex[hex]++)
			return jr_fail_at(&c->r, "coordinate", "hex %d given twice", hex + 1);
		jr_key(&c->r, "tile");
		if (type == 2 && (rc = read_port(c, tile, q, r, seen_port)))
			return rc;
		if (type <= 1) {
			c->board.terrain[hex] = T_DESERT;
			c->board.token[hex] = 0;
		}
		if (type == 0) {
			int terrain;
			long long token;
			if ((rc = member_word(c, tile, "resource", cn_terrains, "resource", &terrain)) ||
			    (rc = jr_int(&c->r, (jv_t *)tile, "number", 2, 12, &token)))
				return rc;
			if (token == 7)
				return jr_fail_at(&c->r, "number", "there is no 7 token");
			c->board.terrain[hex] = (uint8_t)terrain;
			c->board.token[hex] = (uint8_t)token;
		}
		jr_pop(&c->r, di);
	}
	for (int h = 0; h < c->geo->nhex; h++)
		if (!seen_hex[h])
			return jr_fail(&c->r, "no tile for hex %d", h + 1);
	for (int s = 0; s < c->geo->nharbour; s++)
		if (!seen_port[s])
			return jr_fail(&c->r, "no harbour on coastal path %d", c->geo->harbour_coast[s]);
	jr_pop(&c->r, d);
	return C_OK;
}

/* read_nodes: each node id placed by a tile and its corner: which of our intersections it is. */
static int read_nodes(struct cn *c, const jv_t *root)
{
	const char *key;
	jv_t *v;
	int rc, n = 0, d;
	jv_t *o = NULL;
	uint8_t taken[MAX_NODE] = { 0 };

	if ((rc = member_of(c, root, "nodes", JV_OBJECT, &o, &d)))
		return rc;
	for (int i = 0; i < CN_MAXNODE; i++)
		c->node[i] = -2;
	jv_object_foreach(o, key, v)
	{
		int dk = jr_key(&c->r, key), hex, q, r, corner;
		long long id;
		if (!jv_is_object(v))
			return jr_fail(&c->r, "expected an object, found %s", jr_type(v));
		if ((rc = jr_int(&c->r, v, "id", 0, CN_MAXNODE - 1, &id)) ||
		    (rc = member_cube(c, v, "tile_coordinate", 1, &hex, &q, &r)) ||
		    (rc = member_word(c, v, "direction", cn_corners, "corner", &corner)))
			return rc;
		/* A corner in the sea is a node of catanatron's, not an intersection of ours. */
		int node = imp_corner(c->geo, q, r, corner);
		if (c->node[id] != -2)
			return jr_fail_at(&c->r, "id", "node %lld given twice", id);
		if (node >= 0 && taken[node]++)
			return jr_fail(&c->r, "the same intersection as another node");
		c->node[id] = (int16_t)node;
		n += node >= 0;
		jr_pop(&c->r, dk);
	}
	if (n != c->geo->nnode)
		return jr_fail(&c->r, "%d nodes on land, not the board's %d", n, c->geo->nnode);
	jr_pop(&c->r, d);
	return C_OK;
}

/* node_id: v is a node id the record placed; our intersection. */
static int node_id(struct cn *c, const jv_t *v, int *node)
{
	if (!jv_is_integer(v) || jv_integer_value(v) < 0 || jv_integer_value(v) >= CN_MAXNODE)
		return jr_fail(&c->r, "expected a node id from 0 to %d", CN_MAXNODE - 1);
	*node = c->node[jv_integer_value(v)];
	if (*node == -2)
		return jr_fail(&c->r, "node %lld is not in the record's nodes", jv_integer_value(v));
	if (*node == -1)
		return jr_fail(&c->r, "node %lld is in the sea", jv_integer_value(v));
	return C_OK;
}

/* edge_ids: v is [a, b], two node ids one path apart: our path. */
static int edge_ids(struct cn *c, const jv_t *v, int *edge)
{
	int a = -1, b = -1, rc;
	if (!jv_is_array(v) || jv_array_size(v) != 2)
		return jr_fail(&c->r, "expected two node ids [a, b]");
	if ((rc = node_id(c, jv_array_get(v, 0), &a)) || (rc = node_id(c, jv_array_get(v, 1), &b)))
		return rc;
	if ((*edge = edge_between(c->geo, a, b)) < 0)
		return jr_fail(&c->r, "nodes %lld and %lld are not one path apart",
			       jv_integer_value(jv_array_get(v, 0)), jv_integer_value(jv_array_get(v, 1)));
	return C_OK;
}

/* sea: whether one of the node ids [a, b] is a corner in the sea. */
static int sea(const struct cn *c, const jv_t *id)
{
	for (size_t k = 0; k < 2; k++) {
		const jv_t *v = jv_array_get(id, k);
		if (jv_is_integer(v) && jv_integer_value(v) >= 0 && jv_integer_value(v) < CN_MAXNODE &&
		    c->node[jv_integer_value(v)] == -1)
			return 1;
	}
	return 0;
}

/*
 * read_edges: each edge's two node ids must be the side of its tile in its
 * direction: a check that the record's geometry is the one we read it by.
 */
static int read_edges(struct cn *c, const jv_t *root)
{
	int rc, d;
	jv_t *a = NULL;
	if ((rc = member_of(c, root, "edges", JV_ARRAY, &a, &d)))
		return rc;
	for (size_t i = 0; i < jv_array_size(a); i++) {
		const jv_t *v = jv_array_get(a, i), *id;
		int di = jr_index(&c->r, i), hex, q, r, side, edge;
		if (!jv_is_object(v))
			return jr_fail(&c->r, "expected an object, found %s", jr_type(v));
		if ((rc = member_cube(c, v, "tile_coordinate", 1, &hex, &q, &r)) ||
		    (rc = member_word(c, v, "direction", cn_sides, "direction", &side)))
			return rc;
		if (!(id = jr_member(&c->r, (jv_t *)v, "id", 1, &rc)))
			return rc;
		int dk = jr_key(&c->r, "id");
		if (jv_is_array(id) && jv_array_size(id) == 2 && !sea(c, id)) {
			if ((rc = edge_ids(c, id, &edge)))
				return rc;
		} else if (!jv_is_array(id) || jv_array_size(id) != 2 || imp_side(c->geo, q, r, side) >= 0) {
			return jr_fail(&c->r, "expected two node ids [a, b] of a path on land");
		} else {
			edge = -1;
		}
		jr_pop(&c->r, dk);
		if (imp_side(c->geo, q, r, side) != edge)
			return jr_fail(&c->r, "its nodes are not the %s side of its tile", cn_sides[side]);
		jr_pop(&c->r, di);
	}
	jr_pop(&c->r, d);
	return C_OK;
}

/* One action record read: who, what, its value and outcome. */
struct act {
	int seat;
	int type;
	const jv_t *value, *outcome;
};

enum {
	A_BUILD_SETTLEMENT, A_BUILD_ROAD, A_BUILD_CITY, A_ROLL, A_END_TURN, A_MARITIME_TRADE,
	A_MOVE_ROBBER, A_BUY_DEVELOPMENT_CARD, A_PLAY_KNIGHT_CARD, A_DISCARD_RESOURCE,
	A_PLAY_MONOPOLY, A_PLAY_YEAR_OF_PLENTY, A_PLAY_ROAD_BUILDING
};
static const char *const cn_actions[] = {
	"BUILD_SETTLEMENT", "BUILD_ROAD", "BUILD_CITY", "ROLL", "END_TURN", "MARITIME_TRADE",
	"MOVE_ROBBER", "BUY_DEVELOPMENT_CARD", "PLAY_KNIGHT_CARD", "DISCARD_RESOURCE",
	"PLAY_MONOPOLY", "PLAY_YEAR_OF_PLENTY", "PLAY_ROAD_BUILDING", NULL
};

/* read_act: action record i of records: [[colour, type, value], outcome]. */
static int read_act(struct cn *c, const jv_t *records, size_t i, struct act *a)
{
	const jv_t *rec = jv_array_get(records, i), *action;
	int rc, col;
	if (!jv_is_array(rec) || jv_array_size(rec) != 2 || !jv_is_array(action = jv_array_get(rec, 0)) ||
	    jv_array_size(action) != 3)
		return jr_fail(&c->r, "expected [[colour, action type, value], outcome]");
	int d = jr_index(&c->r, 0), dc = jr_index(&c->r, 0);
	if ((rc = word(c, jv_array_get(action, 0), cn_colours, "colour", &col)))
		return rc;
	a->seat = -1;
	for (int s = 0; s < c->nplayers; s++)
		if (c->colour[s] == col)
			a->seat = s;
	if (a->seat < 0)
		return jr_fail(&c->r, "%s does not play in this game", cn_colours[col]);
	jr_pop(&c->r, dc);
	jr_index(&c->r, 1);
	if ((rc = word(c, jv_array_get(action, 1), cn_actions, "action type", &a->type)))
		return rc;
	jr_pop(&c->r, d);
	a->value = jv_array_get(action, 2);
	a->outcome = jv_array_get(rec, 1);
	return C_OK;
}

/* The value's path in messages: action_records[i][0][2]; the outcome's: action_records[i][1]. */
static int at_value(struct cn *c)
{
	int d = jr_index(&c->r, 0);
	jr_index(&c->r, 2);
	return d;
}

/* dice: [d1, d2], each 1 to 6. */
static int dice(struct cn *c, const jv_t *v, struct move *m)
{
	if (!jv_is_array(v) || jv_array_size(v) != 2)
		return jr_fail(&c->r, "expected the dice [d1, d2], found %s", jr_type(v));
	for (int k = 0; k < 2; k++) {
		long long x = jv_integer_value(jv_array_get(v, (size_t)k));
		if (!jv_is_integer(jv_array_get(v, (size_t)k)) || x < 1 || x > 6)
			return jr_fail(&c->r, "expected the dice [d1, d2], each from 1 to 6");
		m->dice[k] = (uint8_t)x;
	}
	return C_OK;
}

/* trade: [give, give, give, give, get], the cards given padded with null. */
static int trade(struct cn *c, const jv_t *v, struct move *m)
{
	int rc, res, give = -1, n = 0;
	if (!jv_is_array(v) || jv_array_size(v) != 5)
		return jr_fail(&c->r, "expected [given x4 (null-padded), received], found %s", jr_type(v));
	for (size_t k = 0; k < 4; k++) {
		const jv_t *x = jv_array_get(v, k);
		if (jv_is_null(x))
			continue;
		int d = jr_index(&c->r, k);
		if ((rc = word(c, x, cn_resources, "resource", &res)))
			return rc;
		if (give >= 0 && res != give)
			return jr_fail(&c->r, "a maritime trade gives one resource, not %s and %s",
				       cn_resources[give], cn_resources[res]);
		jr_pop(&c->r, d);
		give = res;
		n++;
	}
	if (give < 0)
		return jr_fail(&c->r, "a maritime trade that gives nothing");
	int d = jr_index(&c->r, 4);
	if ((rc = word(c, jv_array_get(v, 4), cn_resources, "resource", &res)))
		return rc;
	jr_pop(&c->r, d);
	m->give[give] = (uint8_t)n;
	m->get[res] = 1;
	return C_OK;
}

/* robber: [[x, y, z], colour or null] and the outcome, the card stolen or null. */
static int robber(struct cn *c, const struct act *a, struct move *m)
{
	int rc, hex, q, r, col;
	if (!jv_is_array(a->value) || jv_array_size(a->value) != 2)
		return jr_fail(&c->r, "expected [[x, y, z], victim or null]");
	int d = jr_index(&c->r, 0);
	if ((rc = cube(c, jv_array_get(a->value, 0), 0, &hex, &q, &r)))
		return rc;
	jr_pop(&c->r, d);
	m->hex = (int8_t)hex;
	const jv_t *victim = jv_array_get(a->value, 1);
	if (jv_is_null(victim))
		return C_OK;
	jr_index(&c->r, 1);
	if ((rc = word(c, victim, cn_colours, "colour", &col)))
		return rc;
	for (int s = 0; s < c->nplayers; s++)
		if (c->colour[s] == col)
			m->victim = (int8_t)s;
	if (m->victim == NOBODY)
		return jr_fail(&c->r, "%s does not play in this game", cn_colours[col]);
	jr_pop(&c->r, d);
	return C_OK;
}

/*
 * next_of: whether record i + 1 is seat's action of type: then *next holds
 * it and the path in messages stands at its value.  0 otherwise, or when
 * it cannot be read (*rc then says why).
 */
static int next_of(struct cn *c, const jv_t *records, size_t i, int seat, int type, struct act *next,
		   int *rc)
{
	struct act a;
	*rc = C_OK;
	if (i + 1 >= jv_array_size(records))
		return 0;
	jr_pop(&c->r, 0);
	jr_key(&c->r, "action_records");
	jr_index(&c->r, i + 1);
	if ((*rc = read_act(c, records, i + 1, &a)) || a.type != type || a.seat != seat)
		return 0;
	at_value(c);
	*next = a;
	return 1;
}

/*
 * one_move: the move of action record *i (several records make one move:
 * a discard's cards, road building's roads), *i left at the last record
 * it took.
 */
static int one_move(struct cn *c, const jv_t *records, size_t *i, struct move *m)
{
	struct act a;
	int rc, x = 0, d;

	if ((rc = read_act(c, records, *i, &a)))
		return rc;
	move_init(m);
	m->seat = (int8_t)a.seat;
	d = at_value(c);
	switch (a.type) {
	case A_BUILD_SETTLEMENT:
	case A_BUILD_CITY:
		m->verb = MV_BUILD;
		m->piece = a.type == A_BUILD_CITY ? PC_CITY : PC_SETTLEMENT;
		if ((rc = node_id(c, a.value, &x)))
			return rc;
		m->node = (int8_t)x;
		break;
	case A_BUILD_ROAD:
		m->verb = MV_BUILD;
		m->piece = PC_ROAD;
		m->npath = 1;
		if ((rc = edge_ids(c, a.value, &x)))
			return rc;
		m->path[0] = (int8_t)x;
		break;
	case A_ROLL:
		m->verb = MV_ROLL;
		jr_pop(&c->r, d);
		jr_index(&c->r, 1);
		if ((rc = dice(c, a.outcome, m)))
			return rc;
		break;
	case A_END_TURN:
		m->verb = MV_END;
		break;
	case A_MARITIME_TRADE:
		m->verb = MV_TRADE;
		if ((rc = trade(c, a.value, m)))
			return rc;
		break;
	case A_MOVE_ROBBER:
		m->verb = MV_ROBBER;
		if ((rc = robber(c, &a, m)))
			return rc;
		jr_pop(&c->r, d);
		jr_index(&c->r, 1);
		if (m->victim != NOBODY) {
			if ((rc = word(c, a.outcome, cn_resources, "resource", &x)))
				return rc;
			m->res = (int8_t)x;
		} else if (!jv_is_null(a.outcome)) {
			return jr_fail(&c->r, "a card stolen from nobody");
		}
		break;
	case A_BUY_DEVELOPMENT_CARD:
		m->verb = MV_BUY;
		jr_pop(&c->r, d);
		jr_index(&c->r, 1);
		if ((rc = word(c, a.outcome, cn_devs, "development card", &x)))
			return rc;
		m->card = (int8_t)x;
		break;
	case A_PLAY_KNIGHT_CARD:
		m->verb = MV_PLAY;
		m->card = DEV_KNIGHT;
		break;
	case A_PLAY_MONOPOLY:
		m->verb = MV_PLAY;
		m->card = DEV_MONOPOLY;
		if ((rc = word(c, a.value, cn_resources, "resource", &x)))
			return rc;
		m->res = (int8_t)x;
		break;
	case A_PLAY_YEAR_OF_PLENTY:
		m->verb = MV_PLAY;
		m->card = DEV_YEAR_OF_PLENTY;
		if (!jv_is_array(a.value) || jv_array_size(a.value) != 2)
			return jr_fail(&c->r, "expected the two resources taken");
		for (size_t k = 0; k < 2; k++) {
			int dk = jr_index(&c->r, k);
			if ((rc = word(c, jv_array_get(a.value, k), cn_resources, "resource", &x)))
				return rc;
			m->get[x]++;
			jr_pop(&c->r, dk);
		}
		break;
	case A_DISCARD_RESOURCE:
		/* One card per record: the player's consecutive records are one discard. */
		m->verb = MV_DISCARD;
		for (;;) {
			if ((rc = word(c, a.value, cn_resources, "resource", &x)))
				return rc;
			if (m->give[x] == ruleset_base.bank_each)
				return jr_fail(&c->r, "more than %d cards of one resource", ruleset_base.bank_each);
			m->give[x]++;
			if (!next_of(c, records, *i, a.seat, A_DISCARD_RESOURCE, &a, &rc))
				break;
			++*i;
		}
		if (rc)
			return rc;
		break;
	case A_PLAY_ROAD_BUILDING:
		/* The free roads are the player's next BUILD_ROAD records, two at most. */
		m->verb = MV_PLAY;
		m->card = DEV_ROAD_BUILDING;
		struct act next;
		while (m->npath < 2 && next_of(c, records, *i, a.seat, A_BUILD_ROAD, &next, &rc)) {
			++*i;
			if ((rc = edge_ids(c, next.value, &x)))
				return rc;
			m->path[m->npath++] = (int8_t)x;
		}
		if (rc)
			return rc;
		if (m->npath == 0) {
			jr_pop(&c->r, 0);
			jr_key(&c->r, "action_records");
			jr_index(&c->r, *i);
			return jr_fail(&c->r, "road building without a road after it");
		}
		break;
	}
	return C_OK;
}

static int read_actions(struct cn *c, const jv_t *root)
{
	int rc;
	int d;
	jv_t *a = NULL;
	jr_pop(&c->r, 0);
	if ((rc = member_of(c, root, "action_records", JV_ARRAY, &a, &d)))
		return rc;
	for (size_t i = 0; i < jv_array_size(a); i++) {
		struct move m;
		jr_pop(&c->r, 0);
		jr_key(&c->r, "action_records");
		jr_index(&c->r, i);
		if ((rc = one_move(c, a, &i, &m)) || (rc = imp_push(c->g, &m, c->r.e)))
			return rc;
	}
	return C_OK;
}

int import_catanatron(const char *buf, size_t len, const char *name, struct game *g, struct cerr *e)
{
	struct cn c = { .geo = g->rs->geom, .g = g };
	struct jv_doc doc = { 0 };
	int rc;

	jr_init(&c.r, "", e);
	if ((rc = imp_parse(buf, len, name, &doc, e)))
		return rc;
	if (!jv_is_object(doc.root)) {
		rc = jr_fail(&c.r, "expected an object, found %s", jr_type(doc.root));
	} else if (!(rc = read_colours(&c, doc.root)) && !(rc = read_tiles(&c, doc.root)) &&
		   !(rc = read_nodes(&c, doc.root)) && !(rc = read_edges(&c, doc.root))) {
		imp_begin(g, VAR_BASE, c.nplayers, c.colour, &c.board);
		rc = read_actions(&c, doc.root);
	}
	if (rc != C_OK && rc != C_SYSTEM)
		cerr_prefix(e, "%s", name);
	jv_free(&doc);
	return rc;
}
