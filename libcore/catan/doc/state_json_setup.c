/* state_json_setup.c: a game from a position set up by hand (game_set_up, catan-newboard --position). */
#include <stdio.h>
#include <string.h>

#include "jr.h"
#include "model/awards.h"
#include "model/names.h"
#include "model/state.h"
#include "doc/state_json.h"
#include "doc/state_json_int.h"

/* setup_colours: the players' colours in the order the document names them. */
static int setup_colours(struct rd *r, jv_t *pls, struct newgame *o)
{
	const struct ruleset *rs = ruleset_of(o->rules.variant);
	const char *key;
	jv_t *val;
	int rc = C_OK;

	if (!pls)
		return jr_fail(&r->j, "missing key 'players'");
	int s = jr_key(&r->j, "players");
	if (!jv_is_object(pls))
		rc = jr_fail(&r->j, "expected an object keyed by colour, found %s", jr_type(pls));
	else if ((int)jv_object_size(pls) < rs->min_players || (int)jv_object_size(pls) > rs->max_players)
		rc = jr_fail(&r->j, "a game needs %d to %d players, not %zu", rs->min_players,
			     rs->max_players, jv_object_size(pls));
	o->nplayers = 0;
	jv_object_foreach(pls, key, val) {
		int c = colour_parse_in(rs, key);
		char list[64];
		if (rc)
			break;
		if (c < 0)
			rc = jr_fail(&r->j, "'%s' is not a colour (%s)", key, colour_list(rs->colours, list, sizeof list));
		else
			o->colour[o->nplayers++] = (uint8_t)c;
	}
	jr_pop(&r->j, s);
	return rc;
}

/* An optional member read by f when present. */
#define OPTIONAL(obj, key, call) (jv_object_get((obj), (key)) ? (call) : C_OK)

/* setup_player: one player's pieces and cards. */
static int setup_player(struct rd *r, jv_t *v, struct game *g, struct position *p, int seat)
{
	static const char *const keys[] = { "settlements", "cities", "roads", "hand", "dev", "knights", NULL };
	struct player *pl = &p->pl[seat];
	long long x;
	int rc;

	if ((rc = jr_object(&r->j, v, keys)) ||
	    (rc = OPTIONAL(v, "settlements", sj_read_nodes(r, v, "settlements", p, seat, B_SETTLEMENT,
							  g->rs->settlements))) ||
	    (rc = OPTIONAL(v, "cities", sj_read_nodes(r, v, "cities", p, seat, B_CITY, g->rs->cities))) ||
	    (rc = OPTIONAL(v, "roads", sj_read_roads(r, v, g, p, seat))) ||
	    (rc = OPTIONAL(v, "hand", sj_counts_member(r, v, "hand", resource_names, NRES, g->rs->bank_each,
						    pl->hand))) ||
	    (rc = OPTIONAL(v, "dev", sj_counts_member(r, v, "dev", dev_names, NDEV, g->rs->deck_size, pl->dev))) ||
	    (rc = OPTIONAL(v, "knights", sj_int_member(r, v, "knights", 0, g->rs->deck[DEV_KNIGHT], &x))))
		return rc;
	pl->played[DEV_KNIGHT] = jv_object_get(v, "knights") ? (uint8_t)x : 0;
	return C_OK;
}

/* setup_fail_at: a failure at players.COLOUR.KEY[.SUB]. */
static int setup_fail_at(struct rd *r, const struct game *g, int seat, const char *key, const char *sub,
			 const char *msg)
{
	int s = jr_key(&r->j, "players");
	jr_key(&r->j, seat_name(g, seat));
	jr_key(&r->j, key);
	if (sub)
		jr_key(&r->j, sub);
	int rc = jr_fail(&r->j, "%s", msg);
	jr_pop(&r->j, s);
	return rc;
}

/* setup_cards: the bank is what the hands leave; the deck, in its shuffled order, what the players leave. */
static int setup_cards(struct rd *r, struct game *g, struct position *p)
{
	const struct ruleset *rs = g->rs;
	char msg[160];
	int taken[NDEV] = { 0 };

	for (int k = 0; k < NRES; k++) {
		int total = 0, last = 0;
		for (int s = 0; s < g->nplayers; s++) {
			total += p->pl[s].hand[k];
			last = p->pl[s].hand[k] ? s : last;
		}
		if (total > rs->bank_each) {
			snprintf(msg, sizeof msg, "the hands hold %d %s, but there are %d", total,
				 resource_names[k], rs->bank_each);
			return setup_fail_at(r, g, last, "hand", resource_names[k], msg);
		}
		p->bank[k] = (uint8_t)(rs->bank_each - total);
	}
	for (int d = 0; d < NDEV; d++) {
		int last = 0;
		for (int s = 0; s < g->nplayers; s++) {
			const struct player *pl = &p->pl[s];
			taken[d] += pl->dev[d] + pl->played[d];
			last = pl->dev[d] + pl->played[d] ? s : last;
		}
		if (taken[d] > rs->deck[d]) {
			const struct player *pl = &p->pl[last];
			snprintf(msg, sizeof msg, "the players hold and played %d %s cards, but the deck has %d",
				 taken[d], dev_names[d], rs->deck[d]);
			return d == DEV_KNIGHT && !pl->dev[d] ? setup_fail_at(r, g, last, "knights", NULL, msg)
							   : setup_fail_at(r, g, last, "dev", dev_names[d], msg);
		}
	}
	int n = 0;
	for (int i = 0; i < p->deck_len; i++) {
		if (taken[p->deck[i]] > 0)
			taken[p->deck[i]]--;
		else
			p->deck[n++] = p->deck[i];
	}
	p->deck_len = (uint8_t)n;
	pos_deck_counts(p);
	return C_OK;
}

/* setup_award: the holder of an award from the board, or as the document names it when several tie. */
static int setup_award(struct rd *r, jv_t *aw, const struct game *g, const int *v, int min,
		       const char *key, const char *award, int8_t *holder)
{
	int max, nmax, top = awards_top(v, g->nplayers, &max, &nmax), rc, s;

	if (aw && jv_object_get(aw, key)) {
		s = jr_key(&r->j, "awards");
		rc = sj_read_seat_or_null(r, aw, key, holder);
		jr_pop(&r->j, s);
		return rc;
	}
	*holder = (int8_t)(max >= min ? top : NOBODY);
	if (max < min || nmax == 1)
		return C_OK;
	char who[64] = "";
	for (int t = 0, named = 0; t < g->nplayers; t++)
		if (v[t] == max)
			snprintf(who + strlen(who), sizeof who - strlen(who), "%s%s",
				 !named++ ? "" : nmax == named ? " and " : ", ", seat_name(g, t));
	s = jr_key(&r->j, "awards");
	rc = jr_fail_at(&r->j, key, "%s tie for the %s (%d): the order of building decides, so "
			"name the holder", who, award, max);
	jr_pop(&r->j, s);
	return rc;
}

int game_set_up(const char *buf, size_t len, const struct newgame *o, struct game *g, struct cerr *e)
{
	static const char *const keys[] = { "players", "current", "phase", "turn", "robber", "awards", NULL };
	static const char *const award_keys[] = { "longest_road", "largest_army", NULL };
	struct rd r = { .g = g, .set_up = 1 };
	struct newgame no = *o;
	struct jv_doc doc;
	jv_t *root, *v, *aw;
	long long x;
	int rc, k, s;

	jr_init(&r.j, "", e);
	game_init(g);
	if (!(root = sj_load_document(&r, buf, len, NULL, &doc, &rc)))
		return rc;
	if ((rc = jr_object(&r.j, root, keys)) ||
	    (rc = setup_colours(&r, jv_object_get(root, "players"), &no)))
		goto out;
	/* The board, the shuffled deck and the luck of a new game; the pieces and cards from the document. */
	no.beginner = o->beginner;
	if ((rc = game_new(g, &no, e)) != C_OK)
		goto out;
	struct position *p = &g->start;
	uint64_t rng[4];
	uint8_t deck[MAX_DECK];
	memcpy(rng, p->rng, sizeof rng);
	memcpy(deck, p->deck, sizeof deck);
	pos_empty(g->rs, &g->board, p, g->nplayers);
	memcpy(p->rng, rng, sizeof rng);
	memcpy(p->deck, deck, sizeof deck);

	v = jv_object_get(root, "players");
	s = jr_key(&r.j, "players");
	for (int seat = 0; !rc && seat < g->nplayers; seat++) {
		const char *c = seat_name(g, seat);
		int s2 = jr_key(&r.j, c);
		rc = setup_player(&r, jv_object_get(v, c), g, p, seat);
		jr_pop(&r.j, s2);
	}
	/* Every road joined to its owner's buildings, named where the document lists it. */
	for (int seat = 0; !rc && seat < g->nplayers; seat++) {
		const char *c = seat_name(g, seat);
		jv_t *roads = jv_object_get(jv_object_get(v, c), "roads");
		uint8_t reached[MAX_EDGE];
		pos_roads_reached(g->rs->geom, p, seat, reached);
		for (size_t i = 0; !rc && i < jv_array_size(roads); i++) {
			const char *name = jv_string_value(jv_array_get(roads, i));
			if (reached[edge_parse(g->rs->geom, name)])
				continue;
			int s2 = jr_key(&r.j, c);
			jr_key(&r.j, "roads");
			jr_index(&r.j, i);
			rc = jr_fail(&r.j, "road %s is not joined to %s's settlements and cities", name, c);
			jr_pop(&r.j, s2);
		}
	}
	jr_pop(&r.j, s);
	if (rc || (rc = setup_cards(&r, g, p)))
		goto out;

	p->current = 0;
	if ((v = jv_object_get(root, "current"))) {
		s = jr_key(&r.j, "current");
		rc = sj_read_seat(&r, v, &k);
		jr_pop(&r.j, s);
		if (rc)
			goto out;
		p->current = (int8_t)k;
	}
	p->phase = PH_ROLL;
	if ((v = jv_object_get(root, "phase"))) {
		if ((rc = sj_name_member(&r, root, "phase", phase_parse, "phase", &k)))
			goto out;
		if (k != PH_ROLL && k != PH_MAIN) {
			rc = jr_fail_at(&r.j, "phase", "a position is set up in the roll or main phase, not "
					"'%s'", phase_names[k]);
			goto out;
		}
		p->phase = (uint8_t)k;
	}
	p->rolled = p->phase == PH_MAIN;
	p->turn = 1;
	if (jv_object_get(root, "turn")) {
		if ((rc = sj_int_member(&r, root, "turn", 1, MAX_TURN - 1, &x)))
			goto out;
		p->turn = (uint16_t)x;
	}
	if (jv_object_get(root, "robber")) {
		if ((rc = sj_int_member(&r, root, "robber", 1, g->rs->geom->nhex, &x)))
			goto out;
		p->robber = (uint8_t)(x - 1);
	}
	pos_count_pieces(g->rs, &g->board, p, g->nplayers);

	/* The awards: computed from the board and the knights; named by the document where several tie. */
	aw = jv_object_get(root, "awards");
	if (aw) {
		s = jr_key(&r.j, "awards");
		rc = jr_object(&r.j, aw, award_keys);
		jr_pop(&r.j, s);
		if (rc)
			goto out;
	}
	int vals[MAXPLAYERS] = { 0 };
	for (int t = 0; t < g->nplayers; t++)
		vals[t] = p->road_len[t];
	if ((rc = setup_award(&r, aw, g, vals, g->rs->road_award_min, "longest_road", "longest road",
			      &p->longest_road)))
		goto out;
	for (int t = 0; t < g->nplayers; t++)
		vals[t] = p->pl[t].played[DEV_KNIGHT];
	if ((rc = setup_award(&r, aw, g, vals, g->rs->army_award_min, "largest_army", "largest army",
			      &p->largest_army)))
		goto out;
	if ((rc = pos_check(g, p, e)) || (rc = pos_award_check(g, p, e)) || (rc = pos_setup_check(g, p, e))) {
		rc = C_INPUT;
		e->code = C_INPUT;
		goto out;
	}
	g->set_up = 1;
	g->pos = *p;
out:
	jv_free(&doc);
	return rc;
}
