/* state_json_setup.c: a game from a position set up by hand (game_set_up, catan-newboard --position). */
#include <stdio.h>
#include <string.h>

#include "jr.h"
#include "model/awards.h"
#include "model/names.h"
#include "model/state.h"
#include "doc/state_json.h"
#include "doc/state_json_int.h"

/*
 * setup_colours: the players' colours in the order the document names
 * them, and the rule set they play: o's when named (SU_VARIANT), else the
 * first that seats them (five or six: variant=five_six).
 */
static int setup_colours(struct rd *r, jv_t *pls, struct newgame *o, unsigned flags)
{
	const char *key;
	jv_t *val;
	int rc = C_OK;

	if (!pls)
		return jr_fail(&r->j, "missing key 'players'");
	if (jv_is_object(pls))
		o->rules.variant = (uint8_t)newgame_variant(o->rules.variant, flags & SU_VARIANT ? NG_VARIANT : 0,
							    (int)jv_object_size(pls));
	const struct ruleset *rs = ruleset_of(o->rules.variant);
	int s = jr_key(&r->j, "players");
	if (!jv_is_object(pls))
		rc = jr_fail(&r->j, "expected an object keyed by colour, found %s", jr_type(pls));
	else if (rs->min_players == rs->max_players && (int)jv_object_size(pls) != rs->min_players)
		rc = jr_fail(&r->j, "variant=%s needs %d players, not %zu", rs->name, rs->min_players,
			     jv_object_size(pls));
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

/* setup_player: one player's pieces and cards (and trade cards and knights given back, in Catan for Two). */
static int setup_player(struct rd *r, jv_t *v, struct game *g, struct position *p, int seat)
{
	static const char *const keys[] = { "settlements", "cities", "roads", "hand", "dev", "knights", NULL };
	static const char *const two_keys[] = { "settlements", "cities", "roads", "hand", "dev", "knights",
						"trade_cards", "knights_returned", NULL };
	struct player *pl = &p->pl[seat];
	long long x, t = 0, back = 0;
	int rc;

	if ((rc = jr_object(&r->j, v, rs_has_trade_cards(g->rs) ? two_keys : keys)) ||
	    (rc = OPTIONAL(v, "trade_cards", sj_int_member(r, v, "trade_cards", 0, g->rs->trade_max, &t))) ||
	    (rc = OPTIONAL(v, "knights_returned", sj_int_member(r, v, "knights_returned", 0,
								  g->rs->deck[DEV_KNIGHT], &back))) ||
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
	pl->trade = (uint8_t)t;
	pl->returned = (uint8_t)back;
	return C_OK;
}

/* setup_neutral: a neutral seat's settlements and roads (Catan for Two), each left out none. */
static int setup_neutral(struct rd *r, jv_t *v, struct game *g, struct position *p, int seat)
{
	static const char *const keys[] = { "settlements", "roads", NULL };
	int rc;
	if ((rc = jr_object(&r->j, v, keys)) ||
	    (rc = OPTIONAL(v, "settlements", sj_read_nodes(r, v, "settlements", p, seat, B_SETTLEMENT,
							  g->rs->settlements))))
		return rc;
	return OPTIONAL(v, "roads", sj_read_roads(r, v, g, p, seat));
}

/*
 * setup_neutrals: the member "neutral", an object of the neutral seats'
 * colours, each seat's pieces; without it the neutral settlements stand
 * where the new game placed them (start, its pieces before they were
 * cleared), with no road.
 */
static int setup_neutrals(struct rd *r, jv_t *root, struct game *g, struct position *p,
			  const struct position *start)
{
	jv_t *v = jv_object_get(root, "neutral");
	const char *key;
	jv_t *val;
	int rc = C_OK;

	if (!v) {
		for (int n = 0; n < g->rs->geom->nnode; n++)
			if (start->node_owner[n] != NOBODY && g->role[start->node_owner[n]] == SEAT_NEUTRAL) {
				p->node_owner[n] = start->node_owner[n];
				p->node_kind[n] = B_SETTLEMENT;
			}
		return C_OK;
	}
	int s = jr_key(&r->j, "neutral");
	if (!jv_is_object(v))
		rc = jr_fail(&r->j, "expected an object keyed by colour, found %s", jr_type(v));
	jv_object_foreach(v, key, val) {
		int c = rc ? -1 : colour_parse_in(g->rs, key), seat = c < 0 ? NOBODY : game_seat_of(g, c);
		if (rc)
			break;
		if (seat == NOBODY || g->role[seat] != SEAT_NEUTRAL) {
			rc = jr_fail(&r->j, "'%s' is not a neutral seat of this game", key);
			break;
		}
		int s2 = jr_key(&r->j, key);
		rc = setup_neutral(r, val, g, p, seat);
		jr_pop(&r->j, s2);
	}
	jr_pop(&r->j, s);
	return rc;
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
			int out = d == DEV_KNIGHT ? pl->returned : 0;	/* knights given back (Catan for Two) */
			taken[d] += pl->dev[d] + pl->played[d] + out;
			last = pl->dev[d] + pl->played[d] + out ? s : last;
		}
		if (taken[d] > rs->deck[d]) {
			const struct player *pl = &p->pl[last];
			snprintf(msg, sizeof msg, "the players hold and played %d %s cards, but the deck has %d",
				 taken[d], dev_names[d], rs->deck[d]);
			if (pl->dev[d])
				return setup_fail_at(r, g, last, "dev", dev_names[d], msg);
			return setup_fail_at(r, g, last, pl->played[d] ? "knights" : "knights_returned", NULL, msg);
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
	/* The trade cards the players do not hold are in the supply. */
	int held = 0, last = 0;
	for (int s = 0; s < g->nplayers; s++) {
		held += p->pl[s].trade;
		last = p->pl[s].trade ? s : last;
	}
	if (held > rs->trade_cards) {
		snprintf(msg, sizeof msg, "the players hold %d trade cards, but there are %d", held, rs->trade_cards);
		return setup_fail_at(r, g, last, "trade_cards", NULL, msg);
	}
	p->trade_supply = (uint8_t)(rs->trade_cards - held);
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

/* setup_roads_joined: every road of seat's entry (obj, at key colour of member) joined to its owner's buildings. */
static int setup_roads_joined(struct rd *r, struct game *g, struct position *p, jv_t *obj, const char *member,
			      int seat)
{
	const char *c = seat_name(g, seat);
	jv_t *roads = jv_object_get(jv_object_get(obj, c), "roads");
	uint8_t reached[MAX_EDGE];
	int rc = C_OK;
	pos_roads_reached(g->rs->geom, p, seat, reached);
	for (size_t i = 0; !rc && i < jv_array_size(roads); i++) {
		const char *name = jv_string_value(jv_array_get(roads, i));
		if (reached[edge_parse(g->rs->geom, name)])
			continue;
		int s = jr_key(&r->j, member);
		jr_key(&r->j, c);
		jr_key(&r->j, "roads");
		jr_index(&r->j, i);
		rc = jr_fail(&r->j, "road %s is not joined to %s's settlements and cities", name, c);
		jr_pop(&r->j, s);
	}
	return rc;
}

/*
 * setup_turn: whose turn, the phase, the turn's rolls (Catan for Two) and
 * whose turn the building phase follows (five and six players).
 */
static int setup_turn(struct rd *r, jv_t *root, struct game *g, struct position *p)
{
	const struct ruleset *rs = g->rs;
	jv_t *v;
	int rc, k, s;

	p->current = 0;
	if ((v = jv_object_get(root, "current"))) {
		if ((rc = sj_read_current(r, v, &k)))
			return rc;
		p->current = (int8_t)k;
	}
	p->phase = PH_ROLL;
	if ((v = jv_object_get(root, "phase"))) {
		if ((rc = sj_name_member(r, root, "phase", phase_parse, "phase", &k)))
			return rc;
		if (k != PH_ROLL && k != PH_MAIN && (k != PH_BUILDING || !rs_has_building_phase(rs)))
			return jr_fail_at(&r->j, "phase", "a position is set up in the roll%s main phase, not "
					  "'%s'", rs_has_building_phase(rs) ? ", building or" : " or",
					  phase_names[k]);
		p->phase = (uint8_t)k;
	}
	p->rolled = p->phase == PH_MAIN;
	/* Catan for Two: the main phase follows both rolls; the roll phase may follow the first. */
	if ((v = jv_object_get(root, "rolls"))) {
		s = jr_key(&r->j, "rolls");
		rc = sj_read_rolls(r, v, g, p);
		if (!rc && (p->nrolls == rs->rolls_per_turn) != p->rolled)
			rc = jr_fail(&r->j, "%d rolls made: the main phase follows the turn's %d rolls, the roll "
				     "phase fewer", p->nrolls, rs->rolls_per_turn);
		jr_pop(&r->j, s);
		if (rc)
			return rc;
	} else if (rs_has_second_roll(rs) && p->rolled) {
		return jr_fail_at(&r->j, "phase", "the main phase follows the turn's %d rolls: name their totals "
				  "(rolls)", rs->rolls_per_turn);
	}
	/* Five and six players: the building phase follows a seat's turn, and another builds in it. */
	int8_t after = NOBODY;
	if (jv_object_get(root, "building_after") && (rc = sj_read_seat_or_null(r, root, "building_after", &after)))
		return rc;
	if ((after != NOBODY) != (p->phase == PH_BUILDING))
		return jr_fail_at(&r->j, "building_after", "the building phase follows a seat's turn, and only it "
				  "does: name the seat with phase building, and only then");
	if (after != NOBODY && after == p->current)
		return jr_fail_at(&r->j, "building_after", "%s's own turn ended: another player builds",
				  seat_name(g, after));
	p->turn_of = (int8_t)(after == NOBODY ? 0 : after);
	return C_OK;
}

/*
 * The members of a position document: the base game's, and those of the
 * rule sets that have more; with rs NULL, those of every rule set.
 */
static const char *const *setup_keys(const struct ruleset *rs)
{
	static const char *const keys[] = { "players", "current", "phase", "turn", "robber", "awards", NULL };
	static const char *const all_keys[] = { "players", "current", "phase", "turn", "robber", "awards",
						"neutral", "rolls", "building_after", NULL };
	if (!rs)
		return all_keys;
	static const char *const two_keys[] = { "players", "current", "phase", "turn", "robber", "awards",
						"neutral", "rolls", NULL };
	static const char *const six_keys[] = { "players", "current", "phase", "turn", "robber", "awards",
						"building_after", NULL };
	return rs_has_neutrals(rs) ? two_keys : rs_has_building_phase(rs) ? six_keys : keys;
}

int game_set_up(const char *buf, size_t len, const struct newgame *o, unsigned flags, struct game *g,
		struct cerr *e)
{
	static const char *const award_keys[] = { "longest_road", "largest_army", NULL };
	struct rd r = { .g = g, .set_up = 1 };
	struct newgame no = *o;
	struct jv_doc doc;
	jv_t *root, *v, *aw;
	long long x;
	int rc, s;

	jr_init(&r.j, "", e);
	game_init(g);
	if (!(root = sj_load_document(&r, buf, len, NULL, &doc, &rc)))
		return rc;
	if ((rc = jr_object(&r.j, root, setup_keys(NULL))) || (rc = setup_colours(&r, jv_object_get(root, "players"), &no, flags)) ||
	    (rc = jr_object(&r.j, root, setup_keys(ruleset_of(no.rules.variant)))))
		goto out;
	/* The board, the shuffled deck and the luck of a new game; the pieces and cards from the document. */
	no.beginner = flags & SU_BEGINNER_IF_ANY ? ruleset_of(no.rules.variant)->beginner : o->beginner;
	if ((rc = game_new(g, &no, e)) != C_OK)
		goto out;
	struct position *p = &g->start, fresh = *p;
	pos_empty(g->rs, &g->board, p, g->nplayers);
	memcpy(p->rng, fresh.rng, sizeof p->rng);
	memcpy(p->deck, fresh.deck, sizeof p->deck);

	v = jv_object_get(root, "players");
	s = jr_key(&r.j, "players");
	for (int seat = 0; !rc && seat < g->nplayers; seat++) {
		if (g->role[seat] != SEAT_PLAYER)
			continue;
		const char *c = seat_name(g, seat);
		int s2 = jr_key(&r.j, c);
		rc = setup_player(&r, jv_object_get(v, c), g, p, seat);
		jr_pop(&r.j, s2);
	}
	jr_pop(&r.j, s);
	if (!rc && rs_has_neutrals(g->rs))
		rc = setup_neutrals(&r, root, g, p, &fresh);
	/* Every road joined to its owner's buildings, named where the document lists it. */
	for (int seat = 0; !rc && seat < g->nplayers; seat++)
		rc = g->role[seat] == SEAT_PLAYER ? setup_roads_joined(&r, g, p, v, "players", seat)
						  : setup_roads_joined(&r, g, p, jv_object_get(root, "neutral"),
								       "neutral", seat);
	if (rc || (rc = setup_cards(&r, g, p)) || (rc = setup_turn(&r, root, g, p)))
		goto out;
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
