/* scorecard_out.c: the score table and the timeline written out: text, CSV and JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/names.h"
#include "buf.h"
#include "jw.h"
#include "doc/scorecard.h"
#include "doc/state_json.h"
#include "model/state.h"

/* ---- the score table ---- */

static const char *awards_text(const struct score_line *l)
{
	if (l->longest_road && l->largest_army)
		return "longest road, largest army";
	return l->longest_road ? "longest road" : l->largest_army ? "largest army" : "-";
}

int scorecard_text(const struct game *g, const struct scorecard *sc, char **out, size_t *len,
		   struct cerr *e)
{
	struct buf b;
	buf_init(&b);
	int aw = (int)strlen("awards");
	for (int s = 0; s < sc->nplayers; s++) {
		int n = (int)strlen(awards_text(&sc->pl[s]));
		aw = n > aw ? n : aw;
	}
	int named = 0;
	for (int s = 0; s < sc->nplayers; s++)
		named |= g->name[s][0] != '\0';
	/* The players' names, when the record knows them, last: they need no column's width. */
	buf_printf(&b, "player  settlements  cities  road  knights  %-*s  vp cards  points%s\n", aw, "awards",
		   named ? "  name" : "");
	for (int s = 0; s < sc->nplayers; s++) {
		const struct score_line *l = &sc->pl[s];
		char vp[16];
		if (l->vp_cards < 0)
			snprintf(vp, sizeof vp, "?");
		else
			snprintf(vp, sizeof vp, "%d", l->vp_cards);
		if (g->role[s] == SEAT_NEUTRAL)
			snprintf(vp, sizeof vp, "-");
		buf_printf(&b, "%-6s  %11d  %6d  %4d  %7d  %-*s  %8s  %6d%s%s\n", seat_name(g, s), l->settlements,
		       l->cities, l->road, l->knights, aw, awards_text(l), vp, l->points,
		       g->name[s][0] ? "  " : "", g->name[s]);
	}
	int neutral = 0;
	for (int s = 0; s < sc->nplayers; s++)
		if (g->role[s] == SEAT_NEUTRAL)
			buf_printf(&b, "%s%s", neutral++ ? " and " : "", seat_name(g, s));
	if (neutral)
		buf_printf(&b, " %s neutral: never a winner\n", neutral == 1 ? "is" : "are");
	struct rules def;
	char rules[256];
	rules_default(&def);
	if (rules_text(&g->rules, &def, rules, sizeof rules)[0])
		buf_printf(&b, "rules: %s\n", rules);
	if (sc->public_only && g->view == SPECTATOR)
		buf_printf(&b, "totals are public: the players' victory point cards are hidden "
		       "(the public's view: the record does not name every card)\n");
	else if (sc->public_only)
		buf_printf(&b, "totals are public: the other players' victory point cards are hidden "
		       "(%s's view)\n", seat_name(g, g->view));
	if (sc->winner != NOBODY)
		buf_printf(&b, "winner: %s%s%s%s with %d points\n", seat_name(g, sc->winner),
			   g->name[sc->winner][0] ? " (" : "", g->name[sc->winner],
			   g->name[sc->winner][0] ? ")" : "", sc->pl[sc->winner].points);
	else
		buf_printf(&b, "no winner yet: %d points win\n", g->rules.points_to_win);
	return buf_finish(&b, out, len, e);
}

/* done: the written document in *out (jw's layout, a newline at the end); C_SYSTEM when memory ran out. */
static int done(struct jw *w, char **out, size_t *len, struct cerr *e)
{
	if (jw_finish(w, out, len) != 0)
		return cerr_set(e, C_SYSTEM, "out of memory");
	return C_OK;
}

int scorecard_json(const struct game *g, const struct scorecard *sc, char **out, size_t *len,
		   struct cerr *e)
{
	struct jw w;
	jw_init(&w, 0);
	jw_obj(&w, JW_BLOCK);
	/* The public's view is no seat's: null, with totals public. */
	sj_write_seat(&w, g, "view", g->view == SPECTATOR ? NOBODY : g->view);
	jw_key_str(&w, "totals", sc->public_only ? "public" : "full");
	jw_key_int(&w, "points_to_win", g->rules.points_to_win);
	jw_key(&w, "players");
	jw_arr(&w, JW_BLOCK);
	for (int s = 0; s < sc->nplayers; s++) {
		const struct score_line *l = &sc->pl[s];
		jw_obj(&w, JW_INLINE);
		jw_key_str(&w, "colour", seat_name(g, s));
		if (g->name[s][0])
			jw_key_str(&w, "name", g->name[s]);
		jw_key_int(&w, "settlements", l->settlements);
		jw_key_int(&w, "cities", l->cities);
		jw_key_int(&w, "road_length", l->road);
		jw_key_int(&w, "knights", l->knights);
		jw_key(&w, "awards");
		jw_arr(&w, JW_INLINE);
		if (l->longest_road)
			jw_str(&w, "longest_road");
		if (l->largest_army)
			jw_str(&w, "largest_army");
		jw_end_arr(&w);
		jw_key(&w, "vp_cards");
		if (l->vp_cards < 0)
			jw_null(&w);
		else
			jw_int(&w, l->vp_cards);
		jw_key_int(&w, "points", l->points);
		if (g->role[s] == SEAT_NEUTRAL)
			jw_key_bool(&w, "neutral", 1);
		jw_end_obj(&w);
	}
	jw_end_arr(&w);
	sj_write_seat(&w, g, "winner", sc->winner);
	sj_write_rules(&w, &g->rules);
	jw_end_obj(&w);
	return done(&w, out, len, e);
}

/* ---- the timeline ---- */

int timeline_csv(const struct game *g, const struct timeline *t, char **out, size_t *len,
		 struct cerr *e)
{
	struct buf b;
	buf_init(&b);
	buf_adds(&b, "turn");
	for (int s = 0; s < g->nplayers; s++)
		buf_printf(&b, ",%s", seat_name(g, s));
	buf_adds(&b, "\n");
	for (size_t i = 0; i < t->len; i++) {
		buf_printf(&b, "%d", t->row[i].turn);
		for (int s = 0; s < g->nplayers; s++)
			buf_printf(&b, ",%d", t->row[i].points[s]);
		buf_adds(&b, "\n");
	}
	return buf_finish(&b, out, len, e);
}

int timeline_json(const struct game *g, const struct timeline *t, char **out, size_t *len,
		  struct cerr *e)
{
	struct jw w;
	jw_init(&w, 0);
	jw_obj(&w, JW_BLOCK);
	jw_key(&w, "players");
	jw_arr(&w, JW_INLINE);
	for (int s = 0; s < g->nplayers; s++)
		jw_str(&w, seat_name(g, s));
	jw_end_arr(&w);
	jw_key(&w, "turns");
	jw_arr(&w, JW_BLOCK);
	for (size_t i = 0; i < t->len; i++) {
		jw_obj(&w, JW_INLINE);
		jw_key_int(&w, "turn", t->row[i].turn);
		jw_key(&w, "points");
		jw_arr(&w, JW_INLINE);
		for (int s = 0; s < g->nplayers; s++)
			jw_int(&w, t->row[i].points[s]);
		jw_end_arr(&w);
		jw_end_obj(&w);
	}
	jw_end_arr(&w);
	jw_end_obj(&w);
	return done(&w, out, len, e);
}
