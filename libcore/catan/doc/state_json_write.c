/* state_json_write.c: the canonical writer of catan-state/1 documents (game_write). */
#include <inttypes.h>
#include <stdio.h>

#include "jw.h"
#include "rng.h"
#include "model/names.h"
#include "model/seats.h"
#include "doc/state_json.h"

static void write_counts(struct jw *w, const char *key, const char *const *names, int n,
			 const uint8_t *v)
{
	jw_key(w, key);
	jw_obj(w, JW_INLINE);
	for (int i = 0; i < n; i++) {
		jw_key(w, names[i]);
		jw_int(w, v[i]);
	}
	jw_end_obj(w);
}

void sj_write_rules(struct jw *w, const struct rules *ru)
{
	jw_key(w, "rules");
	jw_obj(w, JW_INLINE);
	for (const struct rules_option *o = rules_options; o->key; o++) {
		int v = rules_option_value(ru, o);
		if (o->optional == RO_WHEN_SET && v == 0)
			continue;
		if (o->words)
			jw_key_str(w, o->key, o->words[v]);
		else
			jw_key_int(w, o->key, v);
	}
	jw_end_obj(w);
}

void sj_write_seat(struct jw *w, const struct game *g, const char *key, int seat)
{
	jw_key(w, key);
	if (seat == NOBODY)
		jw_null(w);
	else
		jw_str(w, seat_name(g, seat));
}

static void write_pieces(const struct geometry *geo,
			 struct jw *w, const struct position *p, int seat, int cities)
{
	for (int kind = B_SETTLEMENT; kind <= (cities ? B_CITY : B_SETTLEMENT); kind++) {
		jw_key(w, kind == B_SETTLEMENT ? "settlements" : "cities");
		jw_arr(w, JW_INLINE);
		for (int n = 0; n < geo->nnode; n++)
			if (p->node_owner[n] == seat && p->node_kind[n] == kind)
				jw_int(w, n + 1);
		jw_end_arr(w);
	}
	jw_key(w, "roads");
	jw_arr(w, JW_INLINE);
	for (int ed = 0; ed < geo->nedge; ed++)
		if (p->edge_owner[ed] == seat) {
			char name[8];
			jw_str(w, edge_name(geo, ed, name));
		}
	jw_end_arr(w);
}

static void write_player(struct jw *w, const struct game *g, const struct position *p, int seat,
			 int start)
{
	const struct geometry *geo = g->rs->geom;
	const struct player *pl = &p->pl[seat];
	int hidden = g->view != NOBODY && g->view != seat && !start;

	jw_obj(w, JW_BLOCK);
	if (g->role[seat] == SEAT_NEUTRAL) {
		write_pieces(geo, w, p, seat, 0);
		jw_end_obj(w);
		return;
	}
	if (hidden) {
		/* Hands face up (open_hands): the hand as it is, the development cards a count. */
		if (seat_may_see(g, p, g->view, seat, HID_HAND))
			write_counts(w, "hand", resource_names, NRES, pl->hand);
		else
			jw_key_int(w, "hand", g->view_hand[seat]);
		jw_key_int(w, "dev", g->view_dev[seat]);
		if (seat_may_see(g, p, g->view, seat, HID_POINTS)) {
			jw_key_int(w, "victory_points", pl->dev[DEV_VICTORY_POINT] + pl->dev_new[DEV_VICTORY_POINT]);
		}
	} else {
		write_counts(w, "hand", resource_names, NRES, pl->hand);
		write_counts(w, "dev", dev_names, NDEV, pl->dev);
		write_counts(w, "dev_new", dev_names, NDEV, pl->dev_new);
	}
	write_counts(w, "played", dev_names, NDEV, pl->played);
	jw_key_int(w, "discard", pl->discard);
	if (rs_has_trade_cards(g->rs)) {
		jw_key_int(w, "trade_cards", pl->trade);
		jw_key_int(w, "knights_returned", pl->returned);
	}
	write_pieces(geo, w, p, seat, 1);
	jw_end_obj(w);
}

/* A position; start: a view's start, shown whole but with the deck as counts and no generator. */
static void write_position(struct jw *w, const struct game *g, const struct position *p, int start)
{
	jw_obj(w, JW_BLOCK);
	jw_key_str(w, "phase", phase_names[p->phase]);
	jw_key_int(w, "turn", p->turn);
	jw_key_str(w, "current", seat_name(g, p->current));
	jw_key_bool(w, "rolled", p->rolled);
	jw_key_bool(w, "dev_played", p->dev_played);
	jw_key_bool(w, "built", p->built);
	if (rs_has_turn_extras(g->rs)) {
		jw_key(w, "rolls");
		jw_arr(w, JW_INLINE);
		for (int i = 0; i < p->nrolls; i++)
			jw_int(w, p->roll_sum[i]);
		jw_end_arr(w);
		jw_key_bool(w, "knight_returned", p->knight_returned);
		jw_key_int(w, "trade_supply", p->trade_supply);
		jw_key(w, "neutral_owed");
		jw_arr(w, JW_INLINE);
		for (int i = 0; i < p->neutral_owed; i++)
			jw_str(w, p->neutral_piece == PC_ROAD ? "road" : "settlement");
		jw_end_arr(w);
		jw_key_int(w, "give_owed", p->give_owed);
	}
	if (g->rules.ignore_seven)
		jw_key_bool(w, "seven", p->seven);
	if (g->rules.knight_interrupt) {
		int robbing = p->phase == PH_ROBBER || p->phase == PH_INTERRUPT || p->phase == PH_STEAL;
		sj_write_seat(w, g, "robber_by", robbing ? p->robber_seat : NOBODY);
		sj_write_seat(w, g, "answering", p->phase == PH_INTERRUPT ? p->answer : NOBODY);
	}
	if (turn_building_phase(g))
		sj_write_seat(w, g, "building_after", p->phase == PH_BUILDING ? p->turn_of : NOBODY);
	if (g->rules.paired_players)
		sj_write_seat(w, g, "paired_after", p->paired ? p->turn_of : NOBODY);
	jw_key_int(w, "robber", p->robber + 1);
	write_counts(w, "bank", resource_names, NRES, p->bank);
	if (g->view != NOBODY && !start) {
		jw_key_int(w, "deck", p->deck_len);
	} else if (!p->deck_known) {
		write_counts(w, "deck", dev_names, NDEV, p->deck_count);
	} else {
		jw_key(w, "deck");
		jw_arr(w, JW_INLINE);
		for (int i = 0; i < p->deck_len; i++)
			jw_str(w, dev_names[p->deck[i]]);
		jw_end_arr(w);
	}
	jw_key(w, "awards");
	jw_obj(w, JW_INLINE);
	sj_write_seat(w, g, "longest_road", p->longest_road);
	sj_write_seat(w, g, "largest_army", p->largest_army);
	jw_end_obj(w);
	jw_key(w, "offer");
	if (!p->offer.active) {
		jw_null(w);
	} else {
		jw_obj(w, JW_INLINE);
		jw_key_str(w, "to", p->offer.to == NOBODY ? "all" : seat_name(g, p->offer.to));
		write_counts(w, "give", resource_names, NRES, p->offer.give);
		write_counts(w, "get", resource_names, NRES, p->offer.get);
		jw_key(w, "rejected");
		jw_arr(w, JW_INLINE);
		for (int s = 0; s < g->nplayers; s++)
			if (p->offer.rejected & (1u << s))
				jw_str(w, seat_name(g, s));
		jw_end_arr(w);
		jw_end_obj(w);
	}
	jw_key(w, "players");
	jw_obj(w, JW_BLOCK);
	for (int s = 0; s < g->nplayers; s++) {
		jw_key(w, seat_name(g, s));
		write_player(w, g, p, s, start);
	}
	jw_end_obj(w);
	if (g->view == NOBODY && g->has_secret) {
		jw_key_int(w, "draws", (long long)p->rng[0]);
	} else if (g->view == NOBODY) {
		jw_key(w, "rng");
		jw_arr(w, JW_INLINE);
		for (int i = 0; i < 4; i++) {
			char hex[17];
			snprintf(hex, sizeof hex, "%016" PRIx64, p->rng[i]);
			jw_str(w, hex);
		}
		jw_end_arr(w);
	}
	jw_end_obj(w);
}

/* write_names: "names", the players' names, when any is known. */
static void write_names(struct jw *w, const struct game *g)
{
	int any = 0;
	for (int s = 0; s < g->nplayers; s++)
		any |= g->name[s][0] != '\0';
	if (!any)
		return;
	jw_key(w, "names");
	jw_obj(w, JW_INLINE);
	for (int s = 0; s < g->nplayers; s++)
		if (g->name[s][0])
			jw_key_str(w, seat_name(g, s), g->name[s]);
	jw_end_obj(w);
}

int game_write(const struct game *g, int flags, char **out, size_t *len, struct cerr *e)
{
	const struct geometry *geo = g->rs->geom;
	struct jw w;

	jw_init(&w, flags & SJ_COMPACT);
	/*
	 * About what a game takes, so that the text is not moved as it grows (a
	 * log's line is some 24 bytes), up to a megabyte: a longer one grows.
	 */
	buf_reserve(&w.out, g->log.len < 32000 ? 16384 + 32 * g->log.len : 1 << 20);
	jw_obj(&w, JW_BLOCK);
	jw_key(&w, "format");
	jw_str(&w, STATE_FORMAT);
	if (g->view != NOBODY) {
		jw_key(&w, "view");
		jw_str(&w, seat_name(g, g->view));
	}
	jw_key(&w, "seed");
	if (g->seed < 0 || g->view != NOBODY)
		jw_null(&w);
	else
		jw_int(&w, g->seed);
	if (g->has_secret && g->view == NOBODY) {
		char hex[2 * LUCK_KEY_BYTES + 1];
		luck_key_text(g->secret, hex);
		jw_key_str(&w, "secret", hex);
	}
	sj_write_rules(&w, &g->rules);
	for (int role = SEAT_PLAYER; role <= SEAT_NEUTRAL; role++) {
		if (role == SEAT_NEUTRAL && !rs_has_neutrals(g->rs))
			break;
		jw_key(&w, role == SEAT_PLAYER ? "players" : "neutral");
		jw_arr(&w, JW_INLINE);
		for (int s = 0; s < g->nplayers; s++)
			if (g->role[s] == role)
				jw_str(&w, seat_name(g, s));
		jw_end_arr(&w);
		if (role == SEAT_PLAYER)
			write_names(&w, g);
	}
	jw_key(&w, "board");
	jw_obj(&w, JW_BLOCK);
	jw_key(&w, "hexes");
	jw_arr(&w, JW_BLOCK);
	for (int h = 0; h < geo->nhex; h++) {
		jw_obj(&w, JW_INLINE);
		jw_key(&w, "terrain");
		jw_str(&w, terrain_names[g->board.terrain[h]]);
		jw_key(&w, "token");
		if (g->board.terrain[h] == T_DESERT)
			jw_null(&w);
		else
			jw_int(&w, g->board.token[h]);
		jw_end_obj(&w);
	}
	jw_end_arr(&w);
	jw_key(&w, "harbours");
	jw_arr(&w, JW_INLINE);
	for (int i = 0; i < geo->nharbour; i++)
		jw_str(&w, harbour_name(g->board.harbour[i]));
	jw_end_arr(&w);
	jw_end_obj(&w);
	if (g->set_up && g->view == NOBODY)
		jw_key_str(&w, "setup", "position");
	if (g->has_start) {
		jw_key(&w, "start");
		write_position(&w, g, &g->start, g->view != NOBODY);
	}
	if (g->has_pos) {
		jw_key(&w, "position");
		write_position(&w, g, &g->pos, 0);
	}
	jw_key(&w, "log");
	jw_arr(&w, JW_BLOCK);
	for (size_t i = 0; i < g->log.len; i++) {
		const struct logent *ent = &g->log.ent[i];
		if (ent->plain)
			jw_str_plain(&w, ent->text, ent->len);
		else
			jw_str(&w, ent->text);
	}
	jw_end_arr(&w);
	jw_end_obj(&w);
	if (jw_finish(&w, out, len) != 0)
		return cerr_set(e, C_SYSTEM, "out of memory");
	return C_OK;
}
