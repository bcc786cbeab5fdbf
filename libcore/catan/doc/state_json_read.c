/* state_json_read.c: the strict reader of catan-state/1 documents (game_read). */
#include <stdio.h>
#include <string.h>

#include "jr.h"
#include "rng.h"
#include "swar.h"
#include "model/board.h"
#include "model/move.h"
#include "model/names.h"
#include "model/score.h"
#include "model/seats.h"
#include "model/state.h"
#include "rules/robber.h"
#include "doc/state_json.h"
#include "doc/state_json_int.h"

static int read_int(struct rd *r, jv_t *v, long long min, long long max, long long *out)
{
	*out = 0;
	if (!jv_is_integer(v))
		return jr_fail(&r->j, "expected an integer from %lld to %lld, found %s", min, max,
			    jr_type(v));
	long long x = jv_integer_value(v);
	if (x < min || x > max)
		return jr_fail(&r->j, "expected an integer from %lld to %lld, found %lld", min, max, x);
	*out = x;
	return C_OK;
}

/* sj_int_member: a required integer member in [min, max] (jr_int, as every reader). */
int sj_int_member(struct rd *r, jv_t *obj, const char *key, long long min, long long max,
		      long long *out)
{
	return jr_int(&r->j, obj, key, min, max, out);
}

/* bool_member: a required boolean member (jr_bool, as every reader). */
static int bool_member(struct rd *r, jv_t *obj, const char *key, uint8_t *out)
{
	int b = 0, rc = jr_bool(&r->j, obj, key, &b);
	*out = (uint8_t)b;
	return rc;
}

/* read_name: a string that parse() turns into an index; what names the kind in messages. */
static int read_name(struct rd *r, jv_t *v, int (*parse)(const char *), const char *what,
		     int *out)
{
	/* Written on every path (-1 on a refusal), so no caller reads it unset. */
	*out = -1;
	if (!jv_is_string(v))
		return jr_fail(&r->j, "expected %s, found %s", what, jr_type(v));
	int x = parse(jv_string_value(v));
	if (x < 0)
		return jr_fail(&r->j, "unknown %s '%s'", what, jv_string_value(v));
	*out = x;
	return C_OK;
}

int sj_name_member(struct rd *r, jv_t *obj, const char *key, int (*parse)(const char *),
		       const char *what, int *out)
{
	int rc;
	jv_t *v = jr_member(&r->j, obj, key, 1, &rc);
	if (!v)
		return rc;
	int s = jr_key(&r->j, key);
	rc = read_name(r, v, parse, what, out);
	jr_pop(&r->j, s);
	return rc;
}

/* read_counts: an object of counts keyed by names[0..n-1]; missing keys are 0. */
static int read_counts(struct rd *r, jv_t *v, const char *const *names, int n, int max,
		       uint8_t *out)
{
	const char *key;
	jv_t *val;

	if (!jv_is_object(v))
		return jr_fail(&r->j, "expected an object of counts, found %s", jr_type(v));
	memset(out, 0, (size_t)n);
	jv_object_foreach(v, key, val) {
		int k = -1;
		for (int i = 0; i < n && k < 0; i++)
			if (names[i][0] == key[0] && strcmp(names[i], key) == 0)
				k = i;
		if (k < 0)
			return jr_fail(&r->j, "unknown key '%s'", key);
		int s = jr_key(&r->j, key);
		long long x = 0;	/* set by read_int (-O3 cannot tell) */
		int rc = read_int(r, val, 0, max, &x);
		jr_pop(&r->j, s);
		if (rc)
			return rc;
		out[k] = (uint8_t)x;
	}
	return C_OK;
}

int sj_counts_member(struct rd *r, jv_t *obj, const char *key, const char *const *names,
			 int n, int max, uint8_t *out)
{
	int rc;
	jv_t *v = jr_member(&r->j, obj, key, 1, &rc);
	if (!v)
		return rc;
	int s = jr_key(&r->j, key);
	rc = read_counts(r, v, names, n, max, out);
	jr_pop(&r->j, s);
	return rc;
}

static int parse_colour_in_game(struct rd *r, const char *name)
{
	int c = colour_parse(name);
	return c < 0 ? -1 : game_seat_of(r->g, c);
}

/* sj_read_seat: a colour that plays in this game. */
int sj_read_seat(struct rd *r, jv_t *v, int *seat)
{
	*seat = NOBODY;
	if (!jv_is_string(v))
		return jr_fail(&r->j, "expected a colour, found %s", jr_type(v));
	int s = parse_colour_in_game(r, jv_string_value(v));
	if (s < 0)
		return jr_fail(&r->j, "'%s' is not a colour in this game", jv_string_value(v));
	*seat = s;
	return C_OK;
}

/* sj_read_current: the member "current", a seat that plays and is no neutral one. */
int sj_read_current(struct rd *r, jv_t *v, int *seat)
{
	int s = jr_key(&r->j, "current");
	int rc = sj_read_seat(r, v, seat);
	if (!rc && r->g->role[*seat] != SEAT_PLAYER)
		rc = jr_fail(&r->j, "%s is a neutral seat and never has the turn", seat_name(r->g, *seat));
	jr_pop(&r->j, s);
	return rc;
}

/* sj_read_seat_or_null: a seat, or null for nobody. */
int sj_read_seat_or_null(struct rd *r, jv_t *obj, const char *key, int8_t *out)
{
	int rc, seat;
	jv_t *v = jr_member(&r->j, obj, key, 1, &rc);
	if (!v)
		return rc;
	if (jv_is_null(v)) {
		*out = NOBODY;
		return C_OK;
	}
	int s = jr_key(&r->j, key);
	rc = sj_read_seat(r, v, &seat);
	jr_pop(&r->j, s);
	if (!rc)
		*out = (int8_t)seat;
	return rc;
}

/* read_names: "names", an object of players' colours and their names (g->name). */
static int read_names(struct rd *r, jv_t *v, struct game *g)
{
	if (!jv_is_object(v))
		return jr_fail(&r->j, "expected an object of colours and names, found %s", jr_type(v));
	for (size_t i = 0; i < v->n; i++) {
		const struct jv_member *m = &v->u.o[i];
		int s = jr_key(&r->j, m->key), seat = parse_colour_in_game(r, m->key), rc;
		struct cerr why = { 0 };
		if (seat < 0 || g->role[seat] != SEAT_PLAYER)
			rc = jr_fail(&r->j, "'%s' is not a player's colour in this game", m->key);
		else if (!jv_is_string(&m->v))
			rc = jr_fail(&r->j, "expected a name as a string, found %s", jr_type(&m->v));
		else if (game_name_set(g, seat, jv_string_value(&m->v), jv_string_length(&m->v), &why))
			rc = jr_fail(&r->j, "%s", why.msg);
		else
			rc = C_OK;
		jr_pop(&r->j, s);
		if (rc)
			return rc;
	}
	return C_OK;
}

static int read_rules(struct rd *r, jv_t *v, struct rules *ru)
{
	const char *keys[NRULES_OPTION + 1];
	long long x;
	int rc;

	for (int i = 0; i <= NRULES_OPTION; i++)
		keys[i] = rules_options[i].key;
	if ((rc = jr_object(&r->j, v, keys)))
		return rc;
	for (const struct rules_option *o = rules_options; o->key; o++) {
		if (o->optional && !jv_object_get(v, o->key))
			continue;
		if (!o->words) {
			if ((rc = sj_int_member(r, v, o->key, o->min, o->max, &x)))
				return rc;
			rules_option_store(ru, o, (int)x);
			continue;
		}
		jv_t *t = jr_member(&r->j, v, o->key, 1, &rc);
		if (!t)
			return rc;
		int s = jr_key(&r->j, o->key);
		int w = jv_is_string(t) ? rules_option_word(o, jv_string_value(t)) : -1;
		char list[128];
		if (w >= 0)
			rules_option_store(ru, o, w);
		else
			rc = jr_fail(&r->j, "expected %s", (words_list(o->words, list, sizeof list), list));
		jr_pop(&r->j, s);
		if (rc)
			return rc;
	}
	return C_OK;
}

/* read_players: the seats of role (the players, or the neutral seats after them), min to max of them. */
static int read_players(struct rd *r, jv_t *v, struct game *g, int role, int min, int max)
{
	if (!jv_is_array(v))
		return jr_fail(&r->j, "expected an array of colours, found %s", jr_type(v));
	size_t n = jv_array_size(v);
	if (n < (size_t)min || n > (size_t)max) {
		if (min == max)
			return jr_fail(&r->j, "expected %d colours, found %zu", min, n);
		return jr_fail(&r->j, "expected %d to %d players, found %zu", min, max, n);
	}
	for (size_t i = 0; i < n; i++) {
		int s = jr_index(&r->j, i);
		int c, rc = read_name(r, jv_array_get(v, i), colour_parse, "colour", &c);
		if (!rc && c >= g->rs->colours)	/* a colour another rule set plays */
			rc = jr_fail(&r->j, "unknown colour '%s'", colour_names[c]);
		for (int j = 0; !rc && j < g->nplayers; j++)
			if (g->colour[j] == c)
				rc = jr_fail(&r->j, "colour '%s' plays twice", colour_names[c]);
		jr_pop(&r->j, s);
		if (rc)
			return rc;
		g->colour[g->nplayers] = (uint8_t)c;
		g->role[g->nplayers++] = (uint8_t)role;
	}
	return C_OK;
}

static int read_board(struct rd *r, jv_t *v, struct board *b)
{
	const struct ruleset *rs = r->g->rs;
	const struct geometry *geo = rs->geom;
	static const char *const keys[] = { "hexes", "harbours", NULL };
	static const char *const hex_keys[] = { "terrain", "token", NULL };
	int rc;

	if ((rc = jr_object(&r->j, v, keys)))
		return rc;
	jv_t *hexes = jr_member(&r->j, v, "hexes", 1, &rc);
	if (!hexes)
		return rc;
	int s = jr_key(&r->j, "hexes");
	if (!jv_is_array(hexes) || jv_array_size(hexes) != geo->nhex) {
		rc = jv_is_array(hexes) ? jr_fail(&r->j, "expected %d hexes, found %zu", geo->nhex,
						 jv_array_size(hexes))
					  : jr_fail(&r->j, "expected an array, found %s", jr_type(hexes));
		jr_pop(&r->j, s);
		return rc;
	}
	for (size_t h = 0; h < geo->nhex && !rc; h++) {
		jv_t *hx = jv_array_get(hexes, h);
		int s2 = jr_index(&r->j, h);
		int t;
		r->j.label = "hex";
		r->j.number = (int)h + 1;
		if (!(rc = jr_object(&r->j, hx, hex_keys)) &&
		    !(rc = sj_name_member(r, hx, "terrain", terrain_parse, "terrain", &t))) {
			b->terrain[h] = (uint8_t)t;
			jv_t *tok = jr_member(&r->j, hx, "token", 1, &rc);
			if (tok) {
				int s3 = jr_key(&r->j, "token");
				long long x;
				if (t == T_DESERT) {
					if (!jv_is_null(tok))
						rc = jr_fail(&r->j, "the desert has no token: expected null");
					b->token[h] = 0;
				} else if (!(rc = read_int(r, tok, NDICE, NDICE * rs->dice_sides, &x))) {
					if (x == rs->robber_roll)
						rc = jr_fail(&r->j, "there is no %d token", rs->robber_roll);
					b->token[h] = (uint8_t)x;
				}
				jr_pop(&r->j, s3);
			}
		}
		r->j.label = NULL;
		jr_pop(&r->j, s2);
	}
	jr_pop(&r->j, s);
	if (rc)
		return rc;
	jv_t *hb = jr_member(&r->j, v, "harbours", 1, &rc);
	if (!hb)
		return rc;
	s = jr_key(&r->j, "harbours");
	if (!jv_is_array(hb) || jv_array_size(hb) != geo->nharbour) {
		rc = jv_is_array(hb) ? jr_fail(&r->j, "expected %d harbours, found %zu", geo->nharbour, jv_array_size(hb))
				       : jr_fail(&r->j, "expected an array, found %s", jr_type(hb));
	}
	for (size_t i = 0; i < geo->nharbour && !rc; i++) {
		int s2 = jr_index(&r->j, i);
		int k;
		rc = read_name(r, jv_array_get(hb, i), harbour_parse, "harbour", &k);
		b->harbour[i] = (uint8_t)k;
		jr_pop(&r->j, s2);
	}
	jr_pop(&r->j, s);
	board_index(b, geo->nhex);
	return rc;
}

/* sj_read_nodes: a list of intersection numbers, each placed as kind for seat. */
int sj_read_nodes(struct rd *r, jv_t *obj, const char *key, struct position *p, int seat,
		      int kind, int max)
{
	const struct geometry *geo = r->g->rs->geom;
	int rc;
	jv_t *v = jr_member(&r->j, obj, key, 1, &rc);
	if (!v)
		return rc;
	int s = jr_key(&r->j, key);
	if (!jv_is_array(v))
		rc = jr_fail(&r->j, "expected an array of intersections, found %s", jr_type(v));
	else if ((int)jv_array_size(v) > max)
		rc = jr_fail(&r->j, "%zu is more than the %d pieces a player has", jv_array_size(v), max);
	for (size_t i = 0; !rc && i < jv_array_size(v); i++) {
		int s2 = jr_index(&r->j, i);
		long long x = 0;	/* set by read_int (-O3 cannot tell) */
		if (!(rc = read_int(r, jv_array_get(v, i), 1, geo->nnode, &x))) {
			int n = (int)x - 1;
			if (p->node_owner[n] != NOBODY)
				rc = jr_fail(&r->j, "intersection %d already holds a building", n + 1);
			for (int k = 0; !rc && r->set_up && k < 3; k++) {
				int m = geo->node_nodes[n][k];
				if (m >= 0 && p->node_owner[m] != NOBODY)
					rc = jr_fail(&r->j, "intersection %d is one path from the building on %d "
						     "(the distance rule)", n + 1, m + 1);
			}
			p->node_owner[n] = (int8_t)seat;
			p->node_kind[n] = (uint8_t)kind;
		}
		jr_pop(&r->j, s2);
	}
	jr_pop(&r->j, s);
	return rc;
}

int sj_read_roads(struct rd *r, jv_t *obj, const struct game *g, struct position *p,
		      int seat)
{
	const struct geometry *geo = g->rs->geom;
	int rc;
	jv_t *v = jr_member(&r->j, obj, "roads", 1, &rc);
	if (!v)
		return rc;
	int s = jr_key(&r->j, "roads");
	if (!jv_is_array(v))
		rc = jr_fail(&r->j, "expected an array of paths, found %s", jr_type(v));
	else if (jv_array_size(v) > g->rs->roads)
		rc = jr_fail(&r->j, "%zu is more than the %d roads a player has", jv_array_size(v),
			  g->rs->roads);
	for (size_t i = 0; !rc && i < jv_array_size(v); i++) {
		int s2 = jr_index(&r->j, i);
		jv_t *x = jv_array_get(v, i);
		if (!jv_is_string(x)) {
			rc = jr_fail(&r->j, "expected a path such as \"12-17\", found %s", jr_type(x));
		} else {
			int ed = edge_parse(geo, jv_string_value(x));
			if (ed < 0)
				rc = jr_fail(&r->j, "'%s' is not a path", jv_string_value(x));
			else if (p->edge_owner[ed] != NOBODY)
				rc = jr_fail(&r->j, "path %s already holds a road", jv_string_value(x));
			else
				p->edge_owner[ed] = (int8_t)seat;
		}
		jr_pop(&r->j, s2);
	}
	jr_pop(&r->j, s);
	return rc;
}

/* keys_add: appends add's keys to out[0 .. n-1] when more is set; returns the new length (out ends with NULL). */
static int keys_add(const char **out, int n, const char *const *add, int more)
{
	for (int i = 0; more && add[i]; i++)
		out[n++] = add[i];
	out[n] = NULL;
	return n;
}

/* A neutral seat's entry: its pieces. */
static int read_neutral(struct rd *r, jv_t *v, struct game *g, struct position *p, int seat)
{
	static const char *const keys[] = { "settlements", "roads", NULL };
	int rc;
	if ((rc = jr_object(&r->j, v, keys)) ||
	    (rc = sj_read_nodes(r, v, "settlements", p, seat, B_SETTLEMENT, g->rs->settlements)))
		return rc;
	return sj_read_roads(r, v, g, p, seat);
}

static int read_player(struct rd *r, jv_t *v, struct game *g, struct position *p, int seat)
{
	static const char *const keys[] = { "hand", "dev", "dev_new", "played", "discard",
					    "settlements", "cities", "roads", NULL };
	static const char *const view_keys[] = { "hand", "dev", "played", "discard",
						 "settlements", "cities", "roads", NULL };
	static const char *const winner_keys[] = { "hand", "dev", "victory_points", "played",
						   "discard", "settlements", "cities", "roads",
						   NULL };
	static const char *const two_keys[] = { "trade_cards", "knights_returned", NULL };
	const char *allowed[16];
	struct player *pl = &p->pl[seat];
	int hidden = g->view != NOBODY && g->view != seat && !r->view_start;
	int winner = hidden && seat_may_see(g, p, g->view, seat, HID_POINTS);
	int two = rs_has_trade_cards(g->rs);
	long long x;
	int rc;

	if (g->role[seat] == SEAT_NEUTRAL)
		return read_neutral(r, v, g, p, seat);
	keys_add(allowed, keys_add(allowed, 0, winner ? winner_keys : hidden ? view_keys : keys, 1), two_keys,
		 two);
	if ((rc = jr_object(&r->j, v, allowed)))
		return rc;
	if (hidden && seat_may_see(g, p, g->view, seat, HID_HAND)) {
		if ((rc = sj_counts_member(r, v, "hand", resource_names, NRES, g->rs->bank_each, pl->hand)))
			return rc;
		g->view_hand[seat] = (uint8_t)(pl->hand[0] + pl->hand[1] + pl->hand[2] + pl->hand[3] + pl->hand[4]);
	} else if (hidden) {
		if ((rc = sj_int_member(r, v, "hand", 0, NRES * g->rs->bank_each, &x)))
			return rc;
		g->view_hand[seat] = (uint8_t)x;
	}
	if (hidden) {
		if ((rc = sj_int_member(r, v, "dev", 0, g->rs->deck_size, &x)))
			return rc;
		g->view_dev[seat] = (uint8_t)x;
		/* The winner's victory point cards are shown once the game is over. */
		if (winner) {
			if ((rc = sj_int_member(r, v, "victory_points", 0, g->view_dev[seat], &x)))
				return rc;
			pl->dev[DEV_VICTORY_POINT] = (uint8_t)x;
		}
	} else {
		if ((rc = sj_counts_member(r, v, "hand", resource_names, NRES, g->rs->bank_each, pl->hand)))
			return rc;
		if ((rc = sj_counts_member(r, v, "dev", dev_names, NDEV, g->rs->deck_size, pl->dev)))
			return rc;
		if ((rc = sj_counts_member(r, v, "dev_new", dev_names, NDEV, g->rs->deck_size, pl->dev_new)))
			return rc;
	}
	if ((rc = sj_counts_member(r, v, "played", dev_names, NDEV, g->rs->deck_size, pl->played)))
		return rc;
	if ((rc = sj_int_member(r, v, "discard", 0, NRES * g->rs->bank_each / 2, &x)))
		return rc;
	pl->discard = (uint8_t)x;
	if (two) {
		if ((rc = sj_int_member(r, v, "trade_cards", 0, g->rs->trade_max, &x)))
			return rc;
		pl->trade = (uint8_t)x;
		if ((rc = sj_int_member(r, v, "knights_returned", 0, g->rs->deck[DEV_KNIGHT], &x)))
			return rc;
		pl->returned = (uint8_t)x;
	}
	if ((rc = sj_read_nodes(r, v, "settlements", p, seat, B_SETTLEMENT, g->rs->settlements)))
		return rc;
	if ((rc = sj_read_nodes(r, v, "cities", p, seat, B_CITY, g->rs->cities)))
		return rc;
	return sj_read_roads(r, v, g, p, seat);
}

/* A refereed game's key: 64 lower-case hexadecimal digits; a view holds none. */
static int read_secret(struct rd *r, jv_t *v, struct game *g)
{
	if (g->view != NOBODY)
		return jr_fail(&r->j, "a view does not hold the secret");
	if (!jv_is_string(v) || luck_key_parse(jv_string_value(v), g->secret))
		return jr_fail(&r->j, "expected %d lower-case hexadecimal digits", 2 * LUCK_KEY_BYTES);
	g->has_secret = 1;
	return C_OK;
}

static int read_hex64(const char *s, uint64_t *out)
{
	uint64_t v = 0;
	if (strlen(s) != 16)
		return -1;
	for (int i = 0; i < 16; i++) {
		int c = s[i], d;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else
			return -1;
		v = v << 4 | (uint64_t)d;
	}
	*out = v;
	return 0;
}

static int read_deck(struct rd *r, jv_t *v, struct game *g, struct position *p)
{
	int rc;
	if (g->view != NOBODY && !r->view_start) {
		long long x;
		if ((rc = read_int(r, v, 0, g->rs->deck_size, &x)))
			return rc;
		p->deck_known = 0;
		p->deck_len = (uint8_t)x;
		return C_OK;
	}
	if (jv_is_object(v)) {
		/* A deck whose order is not known: counts only. */
		if ((rc = read_counts(r, v, dev_names, NDEV, g->rs->deck_size, p->deck_count)))
			return rc;
		p->deck_known = 0;
		p->deck_len = 0;
		for (int d = 0; d < NDEV; d++) {
			if (p->deck_count[d] > g->rs->deck[d]) {
				int s = jr_key(&r->j, dev_names[d]);
				rc = jr_fail(&r->j, "%d is more than the %d in the game", p->deck_count[d],
					  g->rs->deck[d]);
				jr_pop(&r->j, s);
				return rc;
			}
			p->deck_len = (uint8_t)(p->deck_len + p->deck_count[d]);
		}
		return C_OK;
	}
	if (!jv_is_array(v))
		return jr_fail(&r->j, "expected an array of cards (or an object of counts), found %s",
			    jr_type(v));
	if (jv_array_size(v) > g->rs->deck_size)
		return jr_fail(&r->j, "%zu cards is more than the %d in the game", jv_array_size(v),
			    g->rs->deck_size);
	p->deck_known = 1;
	p->deck_len = (uint8_t)jv_array_size(v);
	for (size_t i = 0; i < jv_array_size(v); i++) {
		int s = jr_index(&r->j, i);
		int d;
		rc = read_name(r, jv_array_get(v, i), dev_parse, "development card", &d);
		jr_pop(&r->j, s);
		if (rc)
			return rc;
		p->deck[i] = (uint8_t)d;
	}
	pos_deck_counts(p);
	return C_OK;
}

static int read_offer(struct rd *r, jv_t *v, struct game *g, struct position *p)
{
	static const char *const keys[] = { "to", "give", "get", "rejected", NULL };
	int rc;

	p->offer.active = 0;
	p->offer.to = NOBODY;
	if (jv_is_null(v))
		return C_OK;
	if ((rc = jr_object(&r->j, v, keys)))
		return rc;
	jv_t *to = jr_member(&r->j, v, "to", 1, &rc);
	if (!to)
		return rc;
	int s = jr_key(&r->j, "to");
	int seat = NOBODY;
	if (!(jv_is_string(to) && strcmp(jv_string_value(to), "all") == 0))
		rc = sj_read_seat(r, to, &seat);
	jr_pop(&r->j, s);
	if (rc)
		return rc;
	p->offer.to = (int8_t)seat;
	if ((rc = sj_counts_member(r, v, "give", resource_names, NRES, g->rs->bank_each, p->offer.give)) ||
	    (rc = sj_counts_member(r, v, "get", resource_names, NRES, g->rs->bank_each, p->offer.get)))
		return rc;
	jv_t *rej = jr_member(&r->j, v, "rejected", 1, &rc);
	if (!rej)
		return rc;
	s = jr_key(&r->j, "rejected");
	if (!jv_is_array(rej))
		rc = jr_fail(&r->j, "expected an array of colours, found %s", jr_type(rej));
	for (size_t i = 0; !rc && i < jv_array_size(rej); i++) {
		int s2 = jr_index(&r->j, i);
		if (!(rc = sj_read_seat(r, jv_array_get(rej, i), &seat)))
			p->offer.rejected |= (uint8_t)(1u << seat);
		jr_pop(&r->j, s2);
	}
	jr_pop(&r->j, s);
	p->offer.active = 1;
	(void)g;
	return rc;
}

/*
 * interrupt_fits (knight_interrupt): a seven's robber left in place is the
 * roller's; the seat answering is one the answers reach (another player
 * with a card to play); a steal has somebody to rob.  The last two ask the
 * hands and development cards, which a view hides: only a full game is
 * held to them.
 */
static int interrupt_fits(struct rd *r, const struct game *g, const struct position *p)
{
	const struct geometry *geo = g->rs->geom;
	int n = g->nplayers;
	if (p->phase == PH_ROBBER && p->seven && p->robber_seat != p->current)
		return jr_fail_at(&r->j, "robber_by", "a seven's robber is moved by the player who rolled it");
	if (g->view != NOBODY)
		return C_OK;
	if (p->phase == PH_INTERRUPT && interrupt_next(g, p, (p->answer + n - 1) % n) != p->answer)
		return jr_fail_at(&r->j, "answering", "%s cannot answer: the robber's mover, or no card to play",
				  seat_name(g, p->answer));
	if (p->phase == PH_STEAL && !robber_victims(geo, p, n, p->robber_seat, p->robber))
		return jr_fail_at(&r->j, "phase", "nobody on hex %d can be robbed by %s", p->robber + 1,
				  seat_name(g, p->robber_seat));
	return C_OK;
}

/*
 * phase_fits: the phase agrees with the players: discards are owed in the
 * discard phase and only there, and a finished game's winner (the player
 * whose turn it is) has the points that win.
 */
static int phase_fits(struct rd *r, const struct game *g, const struct position *p)
{
	int owing = 0, rc = C_OK;
	for (int seat = 0; seat < g->nplayers && rc == C_OK; seat++) {
		owing |= p->pl[seat].discard != 0;
		if (p->pl[seat].discard && p->phase != PH_DISCARD) {
			int s = jr_key(&r->j, "players");
			jr_key(&r->j, seat_name(g, seat));
			jr_key(&r->j, "discard");
			rc = jr_fail(&r->j, "a discard is owed only in the discard phase, not in '%s'",
				     phase_names[p->phase]);
			jr_pop(&r->j, s);
		}
	}
	if (rc == C_OK && p->phase == PH_DISCARD && !owing)
		rc = jr_fail_at(&r->j, "phase", "the discard phase needs a player who owes a discard");
	if (rc == C_OK && (p->phase == PH_NEUTRAL) != (p->neutral_owed > 0))
		rc = jr_fail_at(&r->j, "neutral_owed", "neutral pieces are owed in the neutral phase and "
				"only there");
	if (rc == C_OK && (p->phase == PH_GIVE) != (p->give_owed > 0))
		rc = jr_fail_at(&r->j, "give_owed", "cards are owed in the give phase and only there");
	if (rc == C_OK && rs_has_second_roll(g->rs) && p->phase >= PH_ROLL && p->phase != PH_OVER &&
	    p->rolled != (p->nrolls == g->rs->rolls_per_turn))
		rc = jr_fail_at(&r->j, "rolls", "%d rolls were made, but rolled is %s", p->nrolls,
				p->rolled ? "true" : "false");
	if (rc == C_OK && p->seven && p->phase != PH_DISCARD && p->phase != PH_ROBBER)
		rc = jr_fail_at(&r->j, "seven", "a seven's robber is owed only in the discard and robber phases");
	if (rc == C_OK && p->phase < PH_ROLL && p->nrolls)
		rc = jr_fail_at(&r->j, "rolls", "no roll is made in the set-up");
	if (rc == C_OK && p->phase == PH_BUILDING && !turn_building_phase(g))
		rc = jr_fail_at(&r->j, "phase", rs_has_building_phase(g->rs) ?
				"the rules option paired_players has no building phase" :
				"the building phase belongs to variant=five_six");
	if (rc == C_OK && (p->phase == PH_INTERRUPT || p->phase == PH_STEAL) && !g->rules.knight_interrupt)
		rc = jr_fail_at(&r->j, "phase", "the %s phase belongs to the rules option knight_interrupt",
				phase_names[p->phase]);
	if (rc == C_OK && g->rules.knight_interrupt)
		rc = interrupt_fits(r, g, p);
	if (rc == C_OK && p->largest_army != NOBODY && g->role[p->largest_army] != SEAT_PLAYER)
		rc = jr_fail_at(&r->j, "awards.largest_army", "a neutral seat never plays knights");
	if (rc == C_OK && p->phase == PH_OVER && score_total(g, p, p->current) < g->rules.points_to_win)
		rc = jr_fail_at(&r->j, "phase",
				"the game is over, but %s has %d points, not the %d that win",
				seat_name(g, p->current), score_total(g, p, p->current),
				g->rules.points_to_win);
	return rc;
}

/* sj_read_rolls: the rolls of the turn so far: their totals (2 to 12 with two six-sided dice), differing. */
int sj_read_rolls(struct rd *r, jv_t *v, const struct game *g, struct position *p)
{
	if (!jv_is_array(v) || jv_array_size(v) > g->rs->rolls_per_turn)
		return jr_fail(&r->j, "expected an array of at most %d totals", g->rs->rolls_per_turn);
	for (size_t i = 0; i < jv_array_size(v); i++) {
		long long x;
		int s = jr_index(&r->j, i), rc = read_int(r, jv_array_get(v, i), NDICE,
							       NDICE * g->rs->dice_sides, &x);
		if (!rc && i > 0 && x == p->roll_sum[0])
			rc = jr_fail(&r->j, "the second roll differs from the first, not %lld again", x);
		jr_pop(&r->j, s);
		if (rc)
			return rc;
		p->roll_sum[i] = (uint8_t)x;
	}
	p->nrolls = (uint8_t)jv_array_size(v);
	return C_OK;
}

/* Catan for Two's members of a position. */
static int read_two(struct rd *r, jv_t *v, const struct game *g, struct position *p)
{
	long long x;
	int rc;
	jv_t *t = jr_member(&r->j, v, "rolls", 1, &rc);
	if (!t)
		return rc;
	int s = jr_key(&r->j, "rolls");
	rc = sj_read_rolls(r, t, g, p);
	jr_pop(&r->j, s);
	if (rc || (rc = bool_member(r, v, "knight_returned", &p->knight_returned)) ||
	    (rc = sj_int_member(r, v, "trade_supply", 0, g->rs->trade_cards, &x)))
		return rc;
	p->trade_supply = (uint8_t)x;
	if (!(t = jr_member(&r->j, v, "neutral_owed", 1, &rc)))
		return rc;
	s = jr_key(&r->j, "neutral_owed");
	if (!jv_is_array(t) || jv_array_size(t) > 2)
		rc = jr_fail(&r->j, "expected an array of at most 2 pieces");
	for (size_t i = 0; !rc && i < jv_array_size(t); i++) {
		const char *w = jv_string_value(jv_array_get(t, i));
		int pc = !w ? -1 : strcmp(w, "road") == 0 ? PC_ROAD : strcmp(w, "settlement") == 0 ? PC_SETTLEMENT : -1;
		if (pc < 0 || (i > 0 && pc != p->neutral_piece))
			rc = jr_fail(&r->j, "expected \"road\" or \"settlement\" (all the same) at [%zu]", i);
		p->neutral_piece = (uint8_t)pc;
	}
	jr_pop(&r->j, s);
	if (rc)
		return rc;
	p->neutral_owed = (uint8_t)jv_array_size(t);
	if ((rc = sj_int_member(r, v, "give_owed", 0, g->rs->force_trade, &x)))
		return rc;
	p->give_owed = (uint8_t)x;
	return C_OK;
}

/* knight_interrupt's members of a position: who moves the robber, and who answers it now. */
static int read_interrupt(struct rd *r, jv_t *v, const struct game *g, struct position *p)
{
	int8_t by, answering;
	int rc;
	if ((rc = sj_read_seat_or_null(r, v, "robber_by", &by)) ||
	    (rc = sj_read_seat_or_null(r, v, "answering", &answering)))
		return rc;
	int robbing = p->phase == PH_ROBBER || p->phase == PH_INTERRUPT || p->phase == PH_STEAL;
	if ((by != NOBODY) != robbing)
		return jr_fail_at(&r->j, "robber_by", "a seat moves the robber in the robber, interrupt and "
				  "steal phases, and only there");
	if ((answering != NOBODY) != (p->phase == PH_INTERRUPT))
		return jr_fail_at(&r->j, "answering", "a seat answers the robber in the interrupt phase, "
				  "and only there");
	if (by != NOBODY && g->role[by] != SEAT_PLAYER)
		return jr_fail_at(&r->j, "robber_by", "a neutral seat never moves the robber");
	p->robber_seat = (uint8_t)(by == NOBODY ? 0 : by);
	p->answer = (uint8_t)(answering == NOBODY ? 0 : answering);
	return C_OK;
}

/* The Special Building Phase's member: whose turn it follows, a seat in the phase and null outside it. */
static int read_building(struct rd *r, jv_t *v, const struct game *g, struct position *p)
{
	int8_t after;
	int rc;
	if ((rc = sj_read_seat_or_null(r, v, "building_after", &after)))
		return rc;
	if ((after != NOBODY) != (p->phase == PH_BUILDING))
		return jr_fail_at(&r->j, "building_after", "the building phase follows a seat's turn, "
				  "and only it does");
	if (after != NOBODY && (after == p->current || g->role[after] != SEAT_PLAYER))
		return jr_fail_at(&r->j, "building_after", "%s's own turn ended: another player builds",
				  seat_name(g, after));
	p->turn_of = (int8_t)(after == NOBODY ? 0 : after);
	return C_OK;
}

/*
 * paired_players' member of a position: whose turn Settler 2's part
 * follows, a seat in that part and null outside it.  The part comes after
 * the roll, in the main phase or a knight's robber played in it, and its
 * player is the seat three on.
 */
static int read_paired(struct rd *r, jv_t *v, const struct game *g, struct position *p)
{
	int8_t after;
	int rc;
	if ((rc = sj_read_seat_or_null(r, v, "paired_after", &after)))
		return rc;
	if (after == NOBODY)
		return C_OK;
	if (g->role[after] != SEAT_PLAYER || p->current != settler_two(g, after))
		return jr_fail_at(&r->j, "paired_after", "%s's part follows %s's turn, not %s's",
				  seat_name(g, settler_two(g, after)), seat_name(g, after),
				  seat_name(g, p->current));
	if (!p->rolled || (p->phase != PH_MAIN && p->phase != PH_ROBBER && p->phase != PH_INTERRUPT &&
			   p->phase != PH_STEAL))
		return jr_fail_at(&r->j, "paired_after", "Settler 2's part of a turn follows the roll, "
				  "in the main phase or a robber's, not in '%s'", phase_names[p->phase]);
	p->paired = 1;
	p->turn_of = after;
	return C_OK;
}

/* read_member: the required member key of obj, read by fn at its path. */
static int read_member(struct rd *r, jv_t *obj, const char *key, struct game *g, struct position *p,
		       int (*fn)(struct rd *, jv_t *, struct game *, struct position *))
{
	int rc;
	jv_t *v = jr_member(&r->j, obj, key, 1, &rc);
	if (!v)
		return rc;
	int s = jr_key(&r->j, key);
	rc = fn(r, v, g, p);
	jr_pop(&r->j, s);
	return rc;
}

static int read_position(struct rd *r, jv_t *v, struct game *g, struct position *p)
{
	const struct geometry *geo = g->rs->geom;
	static const char *const keys[] = { "phase", "turn", "current", "rolled", "dev_played",
					    "built", "robber", "bank", "deck", "awards", "offer",
					    "players", NULL };
	static const char *const rng_keys[] = { "rng", NULL };
	static const char *const draws_keys[] = { "draws", NULL };
	static const char *const two_keys[] = { "rolls", "knight_returned", "trade_supply",
						"neutral_owed", "give_owed", NULL };
	static const char *const seven_keys[] = { "seven", NULL };
	static const char *const interrupt_keys[] = { "robber_by", "answering", NULL };
	static const char *const building_keys[] = { "building_after", NULL };
	static const char *const paired_keys[] = { "paired_after", NULL };
	static const char *const award_keys[] = { "longest_road", "largest_army", NULL };
	const char *allowed[32];
	long long x;
	int rc, k;

	memset(p, 0, sizeof *p);
	memset(p->node_owner, NOBODY, sizeof p->node_owner);
	memset(p->edge_owner, NOBODY, sizeof p->edge_owner);
	int nk = keys_add(allowed, 0, keys, 1);
	nk = keys_add(allowed, nk, rng_keys, !g->has_secret);
	nk = keys_add(allowed, nk, draws_keys, g->has_secret && g->view == NOBODY);
	nk = keys_add(allowed, nk, two_keys, rs_has_turn_extras(g->rs));
	nk = keys_add(allowed, nk, seven_keys, g->rules.ignore_seven);
	nk = keys_add(allowed, nk, interrupt_keys, g->rules.knight_interrupt);
	nk = keys_add(allowed, nk, building_keys, turn_building_phase(g));
	keys_add(allowed, nk, paired_keys, g->rules.paired_players);
	if ((rc = jr_object(&r->j, v, allowed)))
		return rc;
	if ((rc = sj_name_member(r, v, "phase", phase_parse, "phase", &k)))
		return rc;
	p->phase = (uint8_t)k;
	if ((rc = sj_int_member(r, v, "turn", 0, MAX_TURN, &x)))
		return rc;
	p->turn = (uint16_t)x;
	jv_t *cur = jr_member(&r->j, v, "current", 1, &rc);
	if (!cur)
		return rc;
	if ((rc = sj_read_current(r, cur, &k)))
		return rc;
	p->current = (int8_t)k;
	if ((rc = bool_member(r, v, "rolled", &p->rolled)) ||
	    (rc = bool_member(r, v, "dev_played", &p->dev_played)) ||
	    (rc = bool_member(r, v, "built", &p->built)))
		return rc;
	if (rs_has_turn_extras(g->rs) && (rc = read_two(r, v, g, p)))
		return rc;
	if (g->rules.ignore_seven && (rc = bool_member(r, v, "seven", &p->seven)))
		return rc;
	if (turn_building_phase(g) && (rc = read_building(r, v, g, p)))
		return rc;
	if (g->rules.paired_players && (rc = read_paired(r, v, g, p)))
		return rc;
	if (g->rules.knight_interrupt && (rc = read_interrupt(r, v, g, p)))
		return rc;
	if ((rc = sj_int_member(r, v, "robber", 1, geo->nhex, &x)))
		return rc;
	p->robber = (uint8_t)(x - 1);
	if ((rc = sj_counts_member(r, v, "bank", resource_names, NRES, g->rs->bank_each, p->bank)))
		return rc;

	if ((rc = read_member(r, v, "deck", g, p, read_deck)))
		return rc;

	jv_t *aw = jr_member(&r->j, v, "awards", 1, &rc);
	if (!aw)
		return rc;
	int s = jr_key(&r->j, "awards");
	if (!(rc = jr_object(&r->j, aw, award_keys)) &&
	    !(rc = sj_read_seat_or_null(r, aw, "longest_road", &p->longest_road)))
		rc = sj_read_seat_or_null(r, aw, "largest_army", &p->largest_army);
	jr_pop(&r->j, s);
	if (rc)
		return rc;

	if ((rc = read_member(r, v, "offer", g, p, read_offer)))
		return rc;

	jv_t *pls = jr_member(&r->j, v, "players", 1, &rc);
	if (!pls)
		return rc;
	s = jr_key(&r->j, "players");
	if (!jv_is_object(pls)) {
		rc = jr_fail(&r->j, "expected an object keyed by colour, found %s", jr_type(pls));
	} else {
		const char *key;
		jv_t *val;
		jv_object_foreach(pls, key, val) {
			if (parse_colour_in_game(r, key) < 0) {
				rc = jr_fail(&r->j, "'%s' is not a colour in this game", key);
				break;
			}
		}
		for (int seat = 0; !rc && seat < g->nplayers; seat++) {
			const char *c = seat_name(g, seat);
			jv_t *pv = jr_member(&r->j, pls, c, 1, &rc);
			if (!pv)
				break;
			int s2 = jr_key(&r->j, c);
			rc = read_player(r, pv, g, p, seat);
			jr_pop(&r->j, s2);
		}
	}
	jr_pop(&r->j, s);
	if (rc)
		return rc;
	pos_count_pieces(g->rs, &g->board, p, g->nplayers);

	jv_t *rng = jv_object_get(v, "rng");
	if (g->has_secret && g->view == NOBODY) {
		/* A refereed game: its luck is the keyed stream, at the word counted here. */
		jv_t *d = jr_member(&r->j, v, "draws", 1, &rc);
		if (!d)
			return rc;
		s = jr_key(&r->j, "draws");
		rc = read_int(r, d, 0, INT64_MAX, &x);
		jr_pop(&r->j, s);
		if (rc)
			return rc;
		p->rng[0] = (uint64_t)x;
	} else if (g->view != NOBODY) {
		if (rng) {
			s = jr_key(&r->j, "rng");
			rc = jr_fail(&r->j, "a view does not hold the generator");
			jr_pop(&r->j, s);
			return rc;
		}
	} else if (!rng) {
		/* A record from elsewhere with every outcome given needs no generator. */
		if (g->rules.outcomes != OUT_EXTERNAL)
			return jr_fail(&r->j, "missing key 'rng'");
	} else {
		s = jr_key(&r->j, "rng");
		if (!jv_is_array(rng) || jv_array_size(rng) != 4)
			rc = jr_fail(&r->j, "expected an array of 4 hexadecimal strings");
		for (size_t i = 0; !rc && i < 4; i++) {
			jv_t *w = jv_array_get(rng, i);
			if (!jv_is_string(w) || read_hex64(jv_string_value(w), &p->rng[i]))
				rc = jr_fail(&r->j, "expected 16 lower-case hexadecimal digits at [%zu]", i);
		}
		jr_pop(&r->j, s);
		if (rc)
			return rc;
	}

	/* Values each valid alone but impossible together. */
	if (p->phase < PH_ROLL && p->turn != 0)
		return jr_fail(&r->j, "turn: the set-up is turn 0, not %u", p->turn);
	if ((rc = phase_fits(r, g, p)) != C_OK)
		return rc;
	if (p->offer.active && p->offer.to == p->current) {
		return jr_fail_at(&r->j, "offer.to", "an offer cannot be made to its own maker");
	}
	if ((rc = pos_check(g, p, r->j.e)) != C_OK || (rc = pos_award_check(g, p, r->j.e)) != C_OK) {
		/* pos_check's messages start with a path relative to the position. */
		char msg[sizeof r->j.e->msg], path[320];
		memcpy(msg, r->j.e->msg, sizeof msg);
		if (jr_path(&r->j, path, sizeof path)[0])
			snprintf(r->j.e->msg, sizeof r->j.e->msg, "%.200s.%.300s", path, msg);
		return rc;
	}
	return C_OK;
}

/*
 * log_line: a line of the log as the game keeps it: a move in its
 * canonical text (however a hand-edited document spelled it), or a line
 * that is no move of this game as it was written (a view's "(not a move)",
 * or a fault that replay reports).  A line already in the canonical form
 * (move_text_canonical: every line the programs write) is kept as it is
 * and parsed when asked (movelog_move); any other is parsed here once.
 */
static int log_line(struct rd *r, struct game *g, const char *text, struct cerr *e)
{
	struct move m;
	char canon[256];

	if (r->log_as_read || !move_rewrite(g, text, &m, canon, sizeof canon))
		return movelog_push(&g->log, text, e);
	return movelog_push_move(&g->log, canon, &m, e);
}

/* printable: the n bytes at s are printable ASCII, as every move is. */
static int printable(const char *s, size_t n)
{
	uint64_t bad = 0;
	size_t k = 0;
	for (uint64_t w; k + 8 <= n; k += 8) {
		w = swar_load(s + k);
		bad |= swar_below(w, 0x20) | swar_eq(w, 0x7f) | (w & SWAR_HIGHS);
	}
	for (; k < n; k++)
		bad |= (unsigned char)(s[k] - 0x20) > 0x5e;
	return !bad;
}

/* read_move: log entry i, the string s of n bytes (NUL-terminated), into g's log. */
static int read_move(struct rd *r, struct game *g, size_t i, const char *s, size_t n)
{
	int sv = jr_index(&r->j, i);
	int rc = C_OK;
	if (n == 0 || n > 200)
		rc = jr_fail(&r->j, "a move is 1 to 200 characters long");
	else if (!printable(s, strlen(s)))
		rc = jr_fail(&r->j, "a move is printable ASCII text");
	if (!rc)
		rc = log_line(r, g, s, r->j.e);
	jr_pop(&r->j, sv);
	return rc;
}

/*
 * The lines of a log found canonical, by a hash of their bytes: a log says
 * the same lines again and again ("red end", "blue roll 3 4"), and the
 * form's check is the dearest step of reading one.  A slot holds the index
 * + 1 of the log entry that was such a line; a text equal to it byte for
 * byte has the same form (move_text_canonical looks at the text alone).
 */
#define CANON_SLOTS 2048
struct canon_memo {
	uint32_t at[CANON_SLOTS];
};

static unsigned canon_slot(const char *s, size_t n)
{
	uint64_t h = n, t = 0;
	size_t k = 0;
	for (; k + 8 < n; k += 8)
		h = (h ^ swar_load(s + k)) * 0x9e3779b97f4a7c15u;
	if (n >= 8)	/* the last eight bytes, which may overlap the words before */
		t = swar_load(s + n - 8);
	else
		for (size_t j = 0; j < n; j++)
			t |= (uint64_t)(unsigned char)s[j] << (8 * j);
	return (unsigned)(((h ^ t) * 0x9e3779b97f4a7c15u) >> 53);	/* 11 bits: CANON_SLOTS */
}

/* canonical_seen: the n bytes at s are a line of the log found canonical (recorded in memo). */
static int canonical_seen(const struct movelog *log, const struct canon_memo *memo, unsigned slot,
			  const char *s, size_t n)
{
	uint32_t k = memo->at[slot];
	/* A line found canonical was kept plain, with its length: the bytes compared are within it. */
	return k && log->ent[k - 1].plain && log->ent[k - 1].len == n && memcmp(log->ent[k - 1].text, s, n) == 0;
}

/*
 * read_span: log entry i, the n bytes at s, which hold no NUL, into g's log:
 * a canonical line (printable) is kept as it lies in the text.
 */
static int read_span(struct rd *r, struct game *g, size_t i, const char *s, size_t n, struct canon_memo *memo)
{
	char text[256];
	if (n > 0 && n <= 200 && !r->log_as_read) {
		unsigned slot = canon_slot(s, n);
		if (canonical_seen(&g->log, memo, slot, s, n) || move_text_canonical(s, n)) {
			if (g->log.len < UINT32_MAX)
				memo->at[slot] = (uint32_t)g->log.len + 1;
			return movelog_push_span(&g->log, s, n, 1, r->j.e);
		}
	} else if (n > 0 && n <= 200 && printable(s, n)) {
		return movelog_push_span(&g->log, s, n, 1, r->j.e);
	}
	size_t k = n < sizeof text ? n : sizeof text - 1;
	memcpy(text, s, k);
	text[k] = '\0';
	return read_move(r, g, i, text, n);
}

/*
 * read_log: the log, from the document's value v, or, when the reader left
 * the log's strings in the text (l->whole), from buf itself: as they lie
 * there when none has an escape (l->plain).
 */
static int read_log(struct rd *r, jv_t *v, const struct jv_list *l, const char *buf, size_t len, struct game *g)
{
	if (l->whole && l->plain) {
		size_t pos = l->at, n = 0;
		const char *s = NULL;
		struct canon_memo memo = { { 0 } };
		for (size_t i = 0; i < l->n && jv_list_span(buf, len, &pos, &s, &n); i++) {
			int rc = read_span(r, g, i, s, n, &memo);
			if (rc)
				return rc;
		}
		return C_OK;
	}
	if (l->whole) {
		char move[256];
		size_t pos = l->at, n = 0;
		for (size_t i = 0; i < l->n; i++) {
			int got = jv_list_next(buf, len, &pos, move, sizeof move, &n);
			if (got < 0)
				return cerr_set(r->j.e, C_SYSTEM, "out of memory");
			/* A move holds no NUL: a longer text is cut there, and refused by its length. */
			int rc = read_move(r, g, i, move, strlen(move) < n ? 201 : n);
			if (rc)
				return rc;
		}
		return C_OK;
	}
	if (!jv_is_array(v))
		return jr_fail(&r->j, "expected an array of moves, found %s", jr_type(v));
	for (size_t i = 0; i < jv_array_size(v); i++) {
		jv_t *m = jv_array_get(v, i);
		int rc;
		if (!jv_is_string(m)) {
			int sv = jr_index(&r->j, i);
			rc = jr_fail(&r->j, "expected a move as a string, found %s", jr_type(m));
			jr_pop(&r->j, sv);
		} else {
			rc = read_move(r, g, i, jv_string_value(m), jv_string_length(m));
		}
		if (rc)
			return rc;
	}
	return C_OK;
}

/*
 * The values and keys a document may hold outside its log: a game of six
 * players in full holds about 2,000, so this bounds the memory of reading
 * the rest of a document by a small constant whatever the file's size.
 */
#define DOC_MAX_VALUES 65536

/* sj_load_document: the document read with jr_load's bounds, its log (with l) left in buf for read_log. */
jv_t *sj_load_document(struct rd *r, const char *buf, size_t len, struct jv_list *l, struct jv_doc *d,
			   int *rc)
{
	const struct jr_limits lim = { l, DOC_MAX_VALUES, "a game document", "a move" };
	return jr_load(&r->j, buf, len, &lim, d, rc);
}

int game_read(const char *buf, size_t len, struct game *g, struct cerr *e)
{
	return game_read_flags(buf, len, 0, g, e);
}

int game_read_flags(const char *buf, size_t len, int flags, struct game *g, struct cerr *e)
{
	static const char *const keys[] = { "format", "view", "seed", "secret", "rules", "players",
					    "names", "neutral", "board", "setup", "start", "position", "log", NULL };
	struct rd r = { .g = g, .log_as_read = (flags & GR_LOG_AS_READ) != 0 };
	struct jv_doc doc;
	struct jv_list log = { .key = "log" };
	jv_t *root, *v;
	int rc;

	jr_init(&r.j, "", e);
	game_init(g);
	if (!(root = sj_load_document(&r, buf, len, &log, &doc, &rc)))
		return rc;
	/* What the document is, before its keys: {"a": 1} is no game rather than a game with a stray key. */
	if (!jv_is_object(root) || !jv_object_get(root, "format")) {
		rc = !jv_is_object(root) ? jr_object(&r.j, root, keys)
					  : jr_fail(&r.j, "not a game: no \"format\": \"%s\" (catan-state(5))",
						    STATE_FORMAT);
		goto out;
	}
	v = jr_member(&r.j, root, "format", 1, &rc);
	if (!v)
		goto out;
	if (jv_is_string(v) && strcmp(jv_string_value(v), "dicegame-sheet/1") == 0) {
		rc = jr_fail(&r.j, "not a game but a Catan Dice Game sheet: dicegame-sheet reads it");
		goto out;
	}
	if (!jv_is_string(v) || strcmp(jv_string_value(v), STATE_FORMAT) != 0) {
		int s = jr_key(&r.j, "format");
		rc = jv_is_string(v) ? jr_fail(&r.j, "expected \"%s\", found \"%s\"", STATE_FORMAT,
					      jv_string_value(v))
				       : jr_fail(&r.j, "expected \"%s\", found %s", STATE_FORMAT,
					      jr_type(v));
		jr_pop(&r.j, s);
		goto out;
	}
	if ((rc = jr_object(&r.j, root, keys)))
		goto out;
	/* The players' shape first, then the rules that say how many there are. */
	v = jr_member(&r.j, root, "players", 1, &rc);
	if (!v)
		goto out;
	if (!jv_is_array(v)) {
		int s = jr_key(&r.j, "players");
		rc = jr_fail(&r.j, "expected an array of colours, found %s", jr_type(v));
		jr_pop(&r.j, s);
		goto out;
	}
	v = jr_member(&r.j, root, "rules", 1, &rc);
	if (!v)
		goto out;
	{
		int s = jr_key(&r.j, "rules");
		rc = read_rules(&r, v, &g->rules);
		g->rs = ruleset_of(g->rules.variant);
		jr_pop(&r.j, s);
		if (rc)
			goto out;
	}
	v = jr_member(&r.j, root, "players", 1, &rc);
	if (!v)
		goto out;
	{
		int s = jr_key(&r.j, "players");
		rc = read_players(&r, v, g, SEAT_PLAYER, g->rs->min_players, g->rs->max_players);
		jr_pop(&r.j, s);
		if (rc)
			goto out;
	}
	if (g->rules.paired_players && (!rs_has_building_phase(g->rs) || g->nplayers < 5)) {
		int s = jr_key(&r.j, "rules");
		rc = jr_fail_at(&r.j, "paired_players", "paired_players belongs to variant=five_six with five "
				"or six players, not %s with %d", g->rs->name, g->nplayers);
		jr_pop(&r.j, s);
		goto out;
	}
	v = jr_member(&r.j, root, "neutral", rs_has_neutrals(g->rs), &rc);
	if (v) {
		int s = jr_key(&r.j, "neutral");
		if (!rs_has_neutrals(g->rs))
			rc = jr_fail(&r.j, "neutral seats belong to variant two");
		else
			rc = read_players(&r, v, g, SEAT_NEUTRAL, g->rs->neutral_seats,
					  g->rs->neutral_seats);
		jr_pop(&r.j, s);
	}
	if (rc)
		goto out;
	if ((v = jv_object_get(root, "names"))) {
		int s = jr_key(&r.j, "names");
		rc = read_names(&r, v, g);
		jr_pop(&r.j, s);
		if (rc)
			goto out;
	}
	if ((v = jv_object_get(root, "view"))) {
		int seat;
		int s = jr_key(&r.j, "view");
		rc = sj_read_seat(&r, v, &seat);
		if (!rc && g->role[seat] != SEAT_PLAYER)
			rc = jr_fail(&r.j, "%s is a neutral seat: only a player has a view",
				     seat_name(g, seat));
		jr_pop(&r.j, s);
		if (rc)
			goto out;
		g->view = seat;
	}
	v = jv_object_get(root, "seed");
	if (v && !jv_is_null(v)) {
		long long x;
		int s = jr_key(&r.j, "seed");
		rc = read_int(&r, v, 0, INT64_MAX, &x);
		jr_pop(&r.j, s);
		if (rc)
			goto out;
		g->seed = x;
	}
	if ((v = jv_object_get(root, "secret"))) {
		int s = jr_key(&r.j, "secret");
		rc = read_secret(&r, v, g);
		jr_pop(&r.j, s);
		if (rc)
			goto out;
	}
	v = jr_member(&r.j, root, "board", 1, &rc);
	if (!v)
		goto out;
	{
		int s = jr_key(&r.j, "board");
		rc = read_board(&r, v, &g->board);
		jr_pop(&r.j, s);
		if (rc)
			goto out;
	}
	if ((v = jv_object_get(root, "setup"))) {
		int s = jr_key(&r.j, "setup");
		if (!jv_is_string(v) || strcmp(jv_string_value(v), "position") != 0)
			rc = jr_fail(&r.j, "expected \"position\" (a start set up by hand), found %s",
				     jv_is_string(v) ? jv_string_value(v) : jr_type(v));
		else if (g->view != NOBODY)
			rc = jr_fail(&r.j, "a view does not hold the start");
		jr_pop(&r.j, s);
		if (rc)
			goto out;
		g->set_up = 1;
	}
	if ((v = jv_object_get(root, "start"))) {
		int s = jr_key(&r.j, "start");
		r.view_start = g->view != NOBODY;
		rc = read_position(&r, v, g, &g->start);
		r.view_start = 0;
		if (!rc && g->view != NOBODY && g->start.deck_known)
			rc = jr_fail(&r.j, "a view's start gives the deck as counts of each card");
		jr_pop(&r.j, s);
		if (rc)
			goto out;
		g->has_start = 1;
	}
	if ((v = jv_object_get(root, "position"))) {
		int s = jr_key(&r.j, "position");
		rc = read_position(&r, v, g, &g->pos);
		jr_pop(&r.j, s);
		if (rc)
			goto out;
		g->has_pos = 1;
	}
	if (!g->has_start && !g->has_pos) {
		rc = jr_fail(&r.j, "missing key 'position' (a record needs at least 'start')");
		goto out;
	}
	if (g->view == NOBODY && !g->has_start) {
		rc = jr_fail(&r.j, "missing key 'start'");
		goto out;
	}
	if (g->view != NOBODY && !g->has_pos) {
		rc = jr_fail(&r.j, "missing key 'position' (a view shows the game as it is now)");
		goto out;
	}
	v = jr_member(&r.j, root, "log", 1, &rc);
	if (!v)
		goto out;
	{
		int s = jr_key(&r.j, "log");
		rc = read_log(&r, v, &log, buf, len, g);
		jr_pop(&r.j, s);
	}
out:
	jv_free(&doc);
	return rc;
}
