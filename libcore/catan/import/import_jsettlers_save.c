/*
 * import_jsettlers_save.c: JSettlers2's saved games (*.game.json, its
 * SavedGameModel of model version 2300 to 2400) of the classic board and
 * of the board of five and six, as a position of ours: the board, each
 * seat's pieces, hand and development cards, the deck in its order, the
 * awards, whose turn and the phase (the Special Building Phase too).  A
 * save holds no history: the document is a start set up at that position
 * (game.set_up) with an empty log.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/import_int.h"
#include "jr.h"
#include "jv.h"
#include "model/names.h"
#include "model/ruleset.h"
#include "model/score.h"
#include "model/state.h"

/* The model versions read: 2300 names cards and pieces by number, 2400 by name. */
#define SV_MODEL_MIN 2300
#define SV_MODEL_MAX 2400

/* JSettlers' game states a position of ours holds, and the others named for refusals. */
enum { JS_ROLL_OR_CARD = 15, JS_PLAY1 = 20, JS_SPECIAL_BUILDING = 100, JS_OVER = 1000 };

struct sv {
	struct jr r;
	const struct geometry *geo;
	struct game *g;
	struct position *p;
	jv_t *seats;			/* playerSeats */
	int six;			/* the board of five and six (game options PL above 4, or PLB) */
	int nseats;			/* the game's seats: 4 on the classic board, 6 on the other */
	int seated[JS_SEATS];		/* JSettlers seat -> 1 when someone sits there */
	int order[JS_SEATS];		/* our seat -> JSettlers seat */
	int8_t ours[JS_SEATS];	/* JSettlers seat -> our seat, or NOBODY */
	int state;			/* gameState */
	int unattributed;		/* saved before JSettlers 2.4.10, which counts the progress cards played */
	int named;			/* the message names the input already */
};

/* The cards by JSettlers' names, index its number (model 2400 writes names, 2300 numbers). */
static const char *const js_card_names[10] = { "UNKNOWN", "ROADS", "DISC", "MONO", "CAP", "MARKET", "UNIV",
					       "TEMPLE", "CHAPEL", "KNIGHT" };
/* A seat's resources by JSettlers' names, in the order of js_res (1 clay .. 5 wood). */
static const char *const js_res_names[5] = { "clay", "ore", "sheep", "wheat", "wood" };

/* state_name: what a JSettlers game state is, for a refusal. */
static const char *state_name(long long s)
{
	static const struct { int state; const char *what; } names[] = {
		{ 30, "placing a road" }, { 31, "placing a settlement" }, { 32, "placing a city" },
		{ 33, "placing the robber" }, { 40, "placing a free road" }, { 41, "placing a free road" },
		{ 50, "waiting for discards" }, { 51, "choosing a player to rob" },
		{ 52, "choosing the cards of year of plenty" }, { 53, "choosing the resource of monopoly" },
		{ 54, "choosing the robber or the pirate" }, { 56, "picking gold-hex resources" },
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].state == s)
			return names[i].what;
	return s < JS_ROLL_OR_CARD ? "the set-up or before it" : "a state of JSettlers' own";
}

/* member: obj's member key of type want (JV_ARRAY, JV_OBJECT, JV_STRING), the path standing at it. */
static jv_t *member(struct sv *c, jv_t *obj, const char *key, enum jv_type want, int *depth, int *rc)
{
	static const char *const types[] = { [JV_ARRAY] = "an array", [JV_OBJECT] = "an object",
					     [JV_STRING] = "a string" };
	jv_t *v = jr_member(&c->r, obj, key, 1, rc);
	*depth = jr_key(&c->r, key);
	if (!v)
		return NULL;
	if (jv_typeof(v) != want) {
		*rc = jr_fail(&c->r, "expected %s, found %s", types[want], jr_type(v));
		return NULL;
	}
	return v;
}

/* card: one development card of a list (a name, or its number in model 2300) as ours. */
static int card(struct sv *c, const jv_t *v, int *out)
{
	long long n = -1;
	const char *s = jv_string_value(v);
	for (int k = 1; s && k < 10; k++)
		if (strcmp(s, js_card_names[k]) == 0)
			n = k;
	if (jv_is_integer(v))
		n = jv_integer_value(v);
	if (n < 1 || n > 9) {
		if (s)
			return jr_fail(&c->r, "unknown development card '%s'", s);
		return jr_fail(&c->r, "expected a development card (ROADS, DISC, MONO, KNIGHT, or a victory "
			       "point card), found %s", jr_type(v));
	}
	*out = js_card[n];
	return C_OK;
}

/* cards: the array key of obj, each card counted in counts (NULL array: none when optional). */
static int cards(struct sv *c, jv_t *obj, const char *key, int optional, int counts[NDEV], int *len)
{
	int rc = C_OK, d;
	jv_t *a = jv_object_get(obj, key);
	*len = 0;
	if (optional && (!a || jv_is_null(a)))
		return C_OK;
	if (!(a = member(c, obj, key, JV_ARRAY, &d, &rc)))
		return rc;
	if (jv_array_size(a) > c->g->rs->deck_size)
		return jr_fail(&c->r, "%zu cards, more than the deck's %d", jv_array_size(a), c->g->rs->deck_size);
	for (size_t i = 0; i < jv_array_size(a); i++) {
		int di = jr_index(&c->r, i), k;
		if ((rc = card(c, jv_array_get(a, i), &k)))
			return rc;
		counts[k]++;
		jr_pop(&c->r, di);
	}
	*len = (int)jv_array_size(a);
	jr_pop(&c->r, d);
	return C_OK;
}

/* element: the integer element key of an elements object into *out (0 when absent and optional). */
static int element(struct sv *c, jv_t *els, const char *key, int optional, long long min, long long max,
		   long long *out)
{
	*out = 0;
	if (optional && !jv_object_get(els, key))
		return C_OK;
	return jr_int(&c->r, els, key, min, max, out);
}

/* ints: the array key of obj, n integers from -1 to 255, into v. */
static int ints(struct sv *c, jv_t *obj, const char *key, int n, int *v)
{
	int rc, d;
	jv_t *a = member(c, obj, key, JV_ARRAY, &d, &rc);
	if (!a)
		return rc;
	if (jv_array_size(a) != (size_t)n)
		return n == JS_LAYOUT ? jr_fail(&c->r, "%zu hexes, not the %s board's %d", jv_array_size(a),
						c->six ? "five and six's" : "classic", JS_LAYOUT)
				      : jr_fail(&c->r, "%zu harbours, not %d", jv_array_size(a), n);
	for (int i = 0; i < n; i++) {
		const jv_t *x = jv_array_get(a, (size_t)i);
		if (!jv_is_integer(x) || jv_integer_value(x) < -1 || jv_integer_value(x) > 255) {
			jr_index(&c->r, (size_t)i);
			return jr_fail(&c->r, "expected an integer from -1 to 255, found %s", jr_type(x));
		}
		v[i] = (int)jv_integer_value(x);
	}
	jr_pop(&c->r, d);
	return C_OK;
}

/*
 * layout: the board of the layout lay, in its encoding: layout1's
 * hexLayout and numberLayout (the classic board), or layout2's
 * layoutParts HL, NL and PL of encoding 2 (the board of five and six).
 */
static int layout(struct sv *c, jv_t *lay, struct js_fault *f)
{
	int rc, hexes[JS_LAYOUT], nums[JS_LAYOUT], ports[JS_PORTS6];
	if (!c->six) {
		if ((rc = ints(c, lay, "hexLayout", JS_LAYOUT, hexes)) || (rc = ints(c, lay, "numberLayout", JS_LAYOUT, nums)))
			return rc;
		return js_layout(c->geo, hexes, nums, &c->g->board, f);
	}
	if ((rc = ints(c, lay, "HL", JS_LAYOUT, hexes)) || (rc = ints(c, lay, "NL", JS_LAYOUT, nums)) ||
	    (rc = ints(c, lay, "PL", JS_PORTS6, ports)))
		return rc;
	return js_layout6(c->geo, hexes, nums, ports, &c->g->board, f);
}

/*
 * read_board: boardInfo: the hexes, harbours and robber of layout1 (the
 * classic board) or of layout2 in encoding 2 (the board of five and six).
 */
static int read_board(struct sv *c, jv_t *root)
{
	int rc, d, d2;
	long long robber;
	struct js_fault f = { 0 };
	jv_t *info, *lay;

	if (!(info = member(c, root, "boardInfo", JV_OBJECT, &d, &rc)))
		return rc;
	if (!c->six && !jv_object_get(info, "layout1") && jv_object_get(info, "layout2")) {
		c->r.code = C_ILLEGAL;
		return jr_fail_at(&c->r, "layout2", "the sea board or a larger one: not a board we play");
	}
	if (!(lay = member(c, info, c->six ? "layout2" : "layout1", JV_OBJECT, &d2, &rc)))
		return rc;
	if (c->six) {
		long long enc;
		if ((rc = jr_int(&c->r, lay, "boardEncodingFormat", 0, 255, &enc)))
			return rc;
		if (enc != 2) {
			c->r.code = C_ILLEGAL;
			return jr_fail_at(&c->r, "boardEncodingFormat", "%lld: the sea board or a larger one, not "
					  "the board of five and six (2)", enc);
		}
		if (!(lay = member(c, lay, "layoutParts", JV_OBJECT, &d2, &rc)))
			return rc;
	}
	if ((rc = layout(c, lay, &f))) {
		if (!f.field)
			return rc;
		c->r.code = rc;
		jr_key(&c->r, f.field);
		if (f.index >= 0)
			jr_index(&c->r, (size_t)f.index);
		return jr_fail(&c->r, "%s", f.msg);
	}
	const char *rh = c->six ? "RH" : "robberHex";
	if ((rc = jr_int(&c->r, lay, rh, 0, 255, &robber)))
		return rc;
	int h = js_hex(c->geo, (long)robber);
	if (h < 0)
		return jr_fail_at(&c->r, rh, "0x%llx is no land hex of the %s board", robber,
				  c->six ? "five and six's" : "classic");
	c->p->robber = (uint8_t)h;
	jr_pop(&c->r, d);
	return C_OK;
}

/* read_seats: playerSeats: which seats are taken (four of them: the classic board's game). */
static int read_seats(struct sv *c, jv_t *root, long long first)
{
	int rc, d;
	uint8_t colour[JS_SEATS];
	if (!(c->seats = member(c, root, "playerSeats", JV_ARRAY, &d, &rc)))
		return rc;
	if (jv_array_size(c->seats) != (size_t)c->nseats) {
		if (jv_array_size(c->seats) > (size_t)c->nseats)
			c->r.code = C_ILLEGAL;
		if (c->six)
			return jr_fail(&c->r, "%zu seats, not the six of the board of five and six",
				       jv_array_size(c->seats));
		return jr_fail(&c->r, "%zu seats: we play the classic board's four", jv_array_size(c->seats));
	}
	for (int s = 0; s < c->nseats; s++) {
		jv_t *seat = jv_array_get(c->seats, (size_t)s);
		int di = jr_index(&c->r, (size_t)s), vacant = 0;
		if (!jv_is_object(seat))
			return jr_fail(&c->r, "expected an object, found %s", jr_type(seat));
		if ((rc = jr_bool(&c->r, seat, "isSeatVacant", &vacant)))
			return rc;
		c->seated[s] = !vacant;
		jr_pop(&c->r, di);
	}
	int n = js_seats(c->seated, c->nseats, (int)first, c->order, colour);
	if (n < c->g->rs->min_players)
		return jr_fail(&c->r, "%d players, not %d to %d", n, c->g->rs->min_players, c->g->rs->max_players);
	c->g->nplayers = n;
	memcpy(c->g->colour, colour, (size_t)n);
	for (int s = 0; s < JS_SEATS; s++)
		c->ours[s] = NOBODY;
	for (int s = 0; s < n; s++) {
		jv_t *name = jv_object_get(jv_array_get(c->seats, (size_t)c->order[s]), "name");
		c->ours[c->order[s]] = (int8_t)s;
		if (jv_is_string(name))
			imp_name(c->g, s, jv_string_value(name));
	}
	jr_pop(&c->r, d);
	return C_OK;
}

/* seat_of: the element key of els, a JSettlers seat (or -1 for nobody when allowed), as ours. */
static int seat_of(struct sv *c, jv_t *els, const char *key, int nobody, int *out)
{
	long long pn;
	int rc;
	if (nobody && !jv_object_get(els, key)) {
		*out = NOBODY;
		return C_OK;
	}
	if ((rc = jr_int(&c->r, els, key, nobody ? -1 : 0, c->nseats - 1, &pn)))
		return rc;
	*out = pn < 0 ? NOBODY : c->ours[pn];
	if (pn >= 0 && *out == NOBODY)
		return jr_fail_at(&c->r, key, "nobody sits in seat %lld", pn);
	return C_OK;
}

/* read_pieces: a seat's pieces (roads, settlements, cities by their codes) onto the board. */
static int read_pieces(struct sv *c, jv_t *seat, int s)
{
	static const char *const types[] = { "ROAD", "SETTLEMENT", "CITY", NULL };
	const struct geometry *geo = c->geo;
	struct position *p = c->p;
	int rc, d;
	jv_t *a;
	if (!(a = member(c, seat, "pieces", JV_ARRAY, &d, &rc)))
		return rc;
	if (jv_array_size(a) > 64)
		return jr_fail(&c->r, "%zu pieces, more than a player has", jv_array_size(a));
	int count[3] = { 0 }, most[3] = { c->g->rs->roads, c->g->rs->settlements, c->g->rs->cities };
	/* Roads and settlements first, then the cities on the settlements (a city may be listed alone). */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < jv_array_size(a); i++) {
			jv_t *piece = jv_array_get(a, i), *t;
			int di = jr_index(&c->r, i), type = -1, place;
			long long coord;
			if (!jv_is_object(piece))
				return jr_fail(&c->r, "expected an object, found %s", jr_type(piece));
			if (!(t = jr_member(&c->r, piece, "pieceType", 1, &rc)))
				return rc;
			for (int k = 0; types[k] && jv_is_string(t); k++)
				if (strcmp(jv_string_value(t), types[k]) == 0)
					type = k;
			if (jv_is_integer(t) && jv_integer_value(t) >= 0 && jv_integer_value(t) <= 2)
				type = (int)jv_integer_value(t);
			if (type < 0) {
				c->r.code = C_ILLEGAL;
				return jr_fail_at(&c->r, "pieceType", "no piece of the classic board (ROAD, "
						  "SETTLEMENT or CITY)");
			}
			if ((rc = jr_int(&c->r, piece, "coord", 0, 255, &coord)))
				return rc;
			if ((type == 2) != pass) {
				jr_pop(&c->r, di);
				continue;
			}
			if (++count[type] > most[type])
				return jr_fail(&c->r, "more %ss than a player has (%d)", types[type], most[type]);
			place = type == 0 ? js_edge(geo, (long)coord) : js_node(geo, (long)coord);
			if (place < 0)
				return jr_fail_at(&c->r, "coord", "0x%llx is no %s of the classic board", coord,
						  type == 0 ? "path" : "intersection");
			if (type == 0) {
				if (p->edge_owner[place] != NOBODY)
					return jr_fail_at(&c->r, "coord", "a second road on path 0x%llx", coord);
				p->edge_owner[place] = (int8_t)s;
			} else if (type == 1 || p->node_owner[place] == NOBODY) {
				if (p->node_owner[place] != NOBODY)
					return jr_fail_at(&c->r, "coord", "a second building on intersection 0x%llx",
							  coord);
				p->node_owner[place] = (int8_t)s;
				p->node_kind[place] = (uint8_t)(type == 1 ? B_SETTLEMENT : B_CITY);
			} else if (p->node_owner[place] == s && p->node_kind[place] == B_SETTLEMENT) {
				p->node_kind[place] = B_CITY;
			} else {
				return jr_fail_at(&c->r, "coord", "a second building on intersection 0x%llx", coord);
			}
			jr_pop(&c->r, di);
		}
	jr_pop(&c->r, d);
	return C_OK;
}

/* read_player: one taken seat: hand, development cards, knights, pieces. */
static int read_player(struct sv *c, jv_t *seat, int s)
{
	struct player *pl = &c->p->pl[s];
	int rc, d, old[NDEV] = { 0 }, fresh[NDEV] = { 0 }, listed[NDEV] = { 0 }, n;
	long long v;
	jv_t *res, *els;

	if (!(res = member(c, seat, "resources", JV_OBJECT, &d, &rc)))
		return rc;
	for (int k = 0; k < 5; k++) {
		if ((rc = jr_int(&c->r, res, js_res_names[k], 0, c->g->rs->bank_each, &v)))
			return rc;
		pl->hand[js_res[k + 1]] = (uint8_t)v;
	}
	jr_pop(&c->r, d);
	if ((rc = cards(c, seat, "oldDevCards", 0, old, &n)) || (rc = cards(c, seat, "newDevCards", 0, fresh, &n)) ||
	    (rc = cards(c, seat, "playedDevCards", 1, listed, &n)))
		return rc;
	int has_list = jv_is_array(jv_object_get(seat, "playedDevCards"));
	/*
	 * Cards bought this turn by the player to move (or in the building
	 * phase by its builder) wait for the next turn; everyone else's are
	 * playable.
	 */
	int wait = s == c->p->current && (c->state == JS_PLAY1 || c->state == JS_SPECIAL_BUILDING);
	for (int k = 0; k < NDEV; k++) {
		int later = wait && k != DEV_VICTORY_POINT ? fresh[k] : 0;
		pl->dev[k] = (uint8_t)(old[k] + fresh[k] - later);
		pl->dev_new[k] = (uint8_t)later;
	}
	if (!(els = member(c, seat, "elements", JV_OBJECT, &d, &rc)))
		return rc;
	if ((rc = element(c, els, "NUMKNIGHTS", 0, 0, c->g->rs->deck[DEV_KNIGHT], &v)))
		return rc;
	pl->played[DEV_KNIGHT] = (uint8_t)v;
	static const char *const counted[] = { NULL, "NUM_PLAYED_DEV_CARD_ROADS", "NUM_PLAYED_DEV_CARD_DISC",
					       "NUM_PLAYED_DEV_CARD_MONO" };
	for (int k = DEV_ROAD_BUILDING; k <= DEV_MONOPOLY; k++) {
		if ((rc = element(c, els, counted[k], 1, 0, c->g->rs->deck[k], &v)))
			return rc;
		pl->played[k] = (uint8_t)(has_list && !jv_object_get(els, counted[k]) ? listed[k] : v);
	}
	if ((rc = element(c, els, "PLAYED_DEV_CARD_FLAG", 1, 0, 1, &v)))
		return rc;
	if (v && s == c->p->current)
		c->p->dev_played = 1;
	if ((rc = element(c, els, "DISCARD_FLAG", 1, 0, 1, &v)))
		return rc;
	if (v)
		return jr_fail_at(&c->r, "DISCARD_FLAG", "a discard owed: the save is in the middle of a seven");
	jr_pop(&c->r, d);
	return read_pieces(c, seat, s);
}

/* check_supply: the pieces each seat has left, as the save counts them, against the board's. */
static int check_supply(struct sv *c)
{
	static const char *const keys[3] = { "ROADS", "SETTLEMENTS", "CITIES" };
	for (int s = 0; s < c->g->nplayers; s++) {
		const struct player *pl = &c->p->pl[s];
		int left[3] = { pl->roads, pl->settlements, pl->cities };
		jv_t *els = jv_object_get(jv_array_get(c->seats, (size_t)c->order[s]), "elements");
		int d = jr_key(&c->r, "playerSeats"), rc;
		jr_index(&c->r, (size_t)c->order[s]);
		jr_key(&c->r, "elements");
		for (int k = 0; k < 3; k++) {
			long long v;
			if ((rc = element(c, els, keys[k], 0, 0, 15, &v)))
				return rc;
			if (v != left[k])
				return jr_fail_at(&c->r, keys[k], "%lld left, but the pieces on the board leave %d",
						  v, left[k]);
		}
		jr_pop(&c->r, d);
	}
	return C_OK;
}

/* check_points: each seat's total of victory points in the save against ours. */
static int check_points(struct sv *c)
{
	for (int s = 0; s < c->g->nplayers; s++) {
		jv_t *seat = jv_array_get(c->seats, (size_t)c->order[s]);
		long long v;
		int d = jr_key(&c->r, "playerSeats"), rc;
		jr_index(&c->r, (size_t)c->order[s]);
		if ((rc = jr_int(&c->r, seat, "totalVP", 0, 100, &v)))
			return rc;
		if (v != score_total(c->g, c->p, s))
			return jr_fail_at(&c->r, "totalVP", "%lld, but the position gives %s %d", v,
					  colour_names[c->g->colour[s]], score_total(c->g, c->p, s));
		jr_pop(&c->r, d);
	}
	return C_OK;
}

/* read_deck: devCardDeck, whose last card is the next bought, as our deck, top first. */
static int read_deck(struct sv *c, jv_t *root)
{
	int rc, d;
	jv_t *a;
	if (!(a = member(c, root, "devCardDeck", JV_ARRAY, &d, &rc)))
		return rc;
	size_t n = jv_array_size(a);
	if (n > c->g->rs->deck_size)
		return jr_fail(&c->r, "%zu cards, more than the deck's %d", n, c->g->rs->deck_size);
	c->p->deck_known = 1;
	c->p->deck_len = (uint8_t)n;
	for (size_t i = 0; i < n; i++) {
		int di = jr_index(&c->r, i), k;
		if ((rc = card(c, jv_array_get(a, i), &k)))
			return rc;
		c->p->deck[n - 1 - i] = (uint8_t)k;
		jr_pop(&c->r, di);
	}
	pos_deck_counts(c->p);
	jr_pop(&c->r, d);
	return C_OK;
}

/* unattributed: the progress cards neither in the deck nor in a hand, when the save does not say who played them. */
static int unattributed(struct sv *c)
{
	char list[160] = "";
	int missing = 0;
	for (int k = DEV_ROAD_BUILDING; k <= DEV_MONOPOLY; k++) {
		int held = c->p->deck_count[k];
		for (int s = 0; s < c->g->nplayers; s++)
			held += c->p->pl[s].dev[k] + c->p->pl[s].dev_new[k];
		if (held < c->g->rs->deck[k]) {
			size_t l = strlen(list);
			snprintf(list + l, sizeof list - l, "%s%d %s", missing ? ", " : "", c->g->rs->deck[k] - held,
				 dev_names[k]);
			missing += c->g->rs->deck[k] - held;
		}
	}
	if (!c->unattributed || !missing)
		return C_OK;
	return jr_fail_at(&c->r, "playerSeats", "the save does not say who played %s (JSettlers "
			  "counts them from version 2.4.10; savedByVersion is older)", list);
}

/* read_save: the whole save into c->g. */
static int read_save(struct sv *c, jv_t *root, const char *name)
{
	struct game *g = c->g;
	struct position *p = c->p;
	long long model, first, current, rounds, v;
	int rc, d, lr, la;
	jv_t *els, *o;

	if ((rc = jr_int(&c->r, root, "modelVersion", 0, 1000000, &model)))
		return rc;
	if (model < SV_MODEL_MIN || model > SV_MODEL_MAX)
		return jr_fail_at(&c->r, "modelVersion", "%lld: this reader knows models %d to %d", model,
				  SV_MODEL_MIN, SV_MODEL_MAX);
	/* JSettlers 2.4.10 and later count each seat's progress cards played (none: the count left out). */
	if (jv_object_get(root, "savedByVersion") && (rc = jr_int(&c->r, root, "savedByVersion", 0, 1000000, &v)))
		return rc;
	c->unattributed = !jv_object_get(root, "savedByVersion") || v < 2410;
	if ((o = jv_object_get(root, "gameOptions")) && !jv_is_null(o)) {
		char why[96];
		if (!jv_is_string(o))
			return jr_fail_at(&c->r, "gameOptions", "expected a string, found %s", jr_type(o));
		if ((rc = js_options(jv_string_value(o), &c->six, why, sizeof why))) {
			c->r.code = rc;
			return jr_fail_at(&c->r, "gameOptions", "%s", why);
		}
		char vp[16];
		if (js_value(jv_string_value(o), ',', "VP", vp, sizeof vp) && vp[0] == 't') {
			long pts = strtol(vp + 1, NULL, 10);
			if (pts < 3 || pts > 20)
				return jr_fail_at(&c->r, "gameOptions", "VP=%s: points to win from 3 to 20", vp);
			g->rules.points_to_win = (uint8_t)pts;
		}
	}
	/* The board of five and six is our rule set of the 5-6 player extension. */
	g->rs = c->six ? &ruleset_six : &ruleset_base;
	g->rules.variant = c->six ? VAR_SIX : VAR_BASE;
	c->geo = g->rs->geom;
	c->nseats = c->six ? JS_SEATS : JS_SEATS_CLASSIC;
	if ((rc = jr_int(&c->r, root, "gameState", 0, 100000, &v)))
		return rc;
	c->state = (int)v;
	if (v != JS_ROLL_OR_CARD && v != JS_PLAY1 && v != JS_OVER && (v != JS_SPECIAL_BUILDING || !c->six))
		return jr_fail_at(&c->r, "gameState", "%lld (%s): a position of ours is saved in the roll, "
				  "main or over phase (15, 20, 1000)%s", v,
				  v == JS_SPECIAL_BUILDING ? "the special building phase" : state_name(v),
				  c->six ? ", or the special building phase (100)" : "");
	if (!(els = member(c, root, "elements", JV_OBJECT, &d, &rc)))
		return rc;
	if ((rc = jr_int(&c->r, els, "FIRST_PLAYER", 0, c->nseats - 1, &first)) ||
	    (rc = jr_int(&c->r, els, "CURRENT_PLAYER", 0, c->nseats - 1, &current)) ||
	    (rc = jr_int(&c->r, els, "ROUND_COUNT", 0, MAX_TURN, &rounds)))
		return rc;
	jr_pop(&c->r, d);
	if ((rc = read_seats(c, root, first)))
		return rc;
	d = jr_key(&c->r, "elements");
	int cur, any, after = NOBODY;
	if ((rc = seat_of(c, els, "FIRST_PLAYER", 0, &any)) || (rc = seat_of(c, els, "CURRENT_PLAYER", 0, &cur)) ||
	    (rc = seat_of(c, els, "LONGEST_ROAD_PLAYER", 1, &lr)) ||
	    (rc = seat_of(c, els, "LARGEST_ARMY_PLAYER", 1, &la)))
		return rc;
	/* The Special Building Phase follows the turn of SPECIAL_BUILDING_AFTER_PLAYER. */
	if (v == JS_SPECIAL_BUILDING) {
		if ((rc = seat_of(c, els, "SPECIAL_BUILDING_AFTER_PLAYER", 0, &after)))
			return rc;
		if (after == cur)
			return jr_fail_at(&c->r, "SPECIAL_BUILDING_AFTER_PLAYER", "the current player's own turn: "
					  "another player builds in the phase");
	}
	jr_pop(&c->r, d);

	pos_empty(g->rs, &g->board, p, g->nplayers);
	if ((rc = read_board(c, root)) || (rc = read_deck(c, root)))
		return rc;
	board_index(&g->board, c->geo->nhex);
	p->current = (int8_t)cur;
	p->phase = (uint8_t)(v == JS_OVER ? PH_OVER : v == JS_PLAY1 ? PH_MAIN : v == JS_SPECIAL_BUILDING ? PH_BUILDING
											   : PH_ROLL);
	p->rolled = v == JS_PLAY1 || v == JS_OVER;
	p->turn_of = (int8_t)(after == NOBODY ? 0 : after);
	/*
	 * Turns counted from JSettlers' rounds (the first round is 1) and the
	 * place in it of the seat whose turn it is (in the building phase, of
	 * the seat whose turn ended).
	 */
	long turn = (rounds > 0 ? rounds - 1 : 0) * g->nplayers + (after == NOBODY ? cur : after) + 1;
	p->turn = (uint16_t)(turn < MAX_TURN ? turn : MAX_TURN - 1);
	p->longest_road = (int8_t)lr;
	p->largest_army = (int8_t)la;

	d = jr_key(&c->r, "playerSeats");
	for (int s = 0; s < g->nplayers; s++) {
		int di = jr_index(&c->r, (size_t)c->order[s]);
		if ((rc = read_player(c, jv_array_get(c->seats, (size_t)c->order[s]), s)))
			return rc;
		jr_pop(&c->r, di);
	}
	jr_pop(&c->r, d);
	for (int k = 0; k < NRES; k++) {
		int held = 0;
		for (int s = 0; s < g->nplayers; s++)
			held += p->pl[s].hand[k];
		if (held > g->rs->bank_each)
			return jr_fail_at(&c->r, "playerSeats", "the hands hold %d %s, more than the %d cards "
					  "of the game", held, resource_names[k], g->rs->bank_each);
		p->bank[k] = (uint8_t)(g->rs->bank_each - held);
	}
	pos_count_pieces(g->rs, &g->board, p, g->nplayers);
	if ((rc = check_supply(c)) || (rc = unattributed(c)))
		return rc;
	if (p->phase == PH_OVER && score_total(g, p, p->current) < g->rules.points_to_win)
		return jr_fail_at(&c->r, "gameState", "the game is over, but %s, whose turn it is, has %d points, "
				  "fewer than the %d that win", seat_name(g, p->current),
				  score_total(g, p, p->current), g->rules.points_to_win);
	/* The position our invariants hold, then the save's points against it, then the turn's consistency. */
	if (pos_check(g, p, c->r.e) || pos_award_check(g, p, c->r.e) || (rc = check_points(c)) ||
	    pos_setup_check(g, p, c->r.e)) {
		if (rc)
			return rc;
		cerr_prefix(c->r.e, "%s: as a position of ours", name);
		c->r.e->code = C_INPUT;
		c->named = 1;
		return C_INPUT;
	}
	return C_OK;
}

int import_jsettlers_save(const char *buf, size_t len, const char *name, struct game *g, struct cerr *e)
{
	struct sv c = { .geo = g->rs->geom, .g = g, .p = &g->start };
	struct jv_doc doc = { 0 };
	int rc;

	jr_init(&c.r, "", e);
	if ((rc = imp_parse(buf, len, name, &doc, e)))
		return rc;
	g->rules.outcomes = OUT_EXTERNAL;
	if (!jv_is_object(doc.root))
		rc = jr_fail(&c.r, "expected an object, found %s", jr_type(doc.root));
	else
		rc = read_save(&c, doc.root, name);
	if (rc == C_OK) {
		g->set_up = 1;
		g->has_start = 1;
		g->pos = g->start;
		g->has_pos = 1;
	} else if (rc != C_SYSTEM && !c.named) {
		cerr_prefix(e, "%s", name);
	}
	jv_free(&doc);
	return rc;
}
