/* scorecard_out.c: the score table and the timeline written out: text, CSV and JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "model/names.h"
#include "buf.h"
#include "doc/scorecard.h"
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
	buf_printf(&b, "player  settlements  cities  road  knights  %-*s  vp cards  points\n", aw, "awards");
	for (int s = 0; s < sc->nplayers; s++) {
		const struct score_line *l = &sc->pl[s];
		char vp[16];
		if (l->vp_cards < 0)
			snprintf(vp, sizeof vp, "?");
		else
			snprintf(vp, sizeof vp, "%d", l->vp_cards);
		if (g->role[s] == SEAT_NEUTRAL)
			snprintf(vp, sizeof vp, "-");
		buf_printf(&b, "%-6s  %11d  %6d  %4d  %7d  %-*s  %8s  %6d\n", seat_name(g, s), l->settlements,
		       l->cities, l->road, l->knights, aw, awards_text(l), vp, l->points);
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
	if (sc->public_only)
		buf_printf(&b, "totals are public: the other players' victory point cards are hidden "
		       "(%s's view)\n", seat_name(g, g->view));
	if (sc->winner != NOBODY)
		buf_printf(&b, "winner: %s with %d points\n", seat_name(g, sc->winner),
		       sc->pl[sc->winner].points);
	else
		buf_printf(&b, "no winner yet: %d points win\n", g->rules.points_to_win);
	return buf_finish(&b, out, len, e);
}

/* dump: j (stolen) as indented JSON and a newline in *out; C_SYSTEM when memory runs out. */
static int dump(json_t *j, char **out, size_t *len, struct cerr *e)
{
	char *text = j ? json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
	size_t n = text ? strlen(text) : 0;
	char *s = text ? realloc(text, n + 2) : NULL;
	json_decref(j);
	if (!s) {
		free(text);
		return cerr_set(e, C_SYSTEM, "out of memory");
	}
	memcpy(s + n, "\n", 2);
	*out = s;
	*len = n + 1;
	return C_OK;
}

int scorecard_json(const struct game *g, const struct scorecard *sc, char **out, size_t *len,
		   struct cerr *e)
{
	json_t *players = json_array();
	for (int s = 0; players && s < sc->nplayers; s++) {
		const struct score_line *l = &sc->pl[s];
		json_t *aw = json_array();
		if (aw && l->longest_road)
			json_array_append_new(aw, json_string("longest_road"));
		if (aw && l->largest_army)
			json_array_append_new(aw, json_string("largest_army"));
		json_t *p = json_pack("{s:s,s:i,s:i,s:i,s:i,s:o,s:o,s:i}", "colour", seat_name(g, s),
				      "settlements", l->settlements, "cities", l->cities,
				      "road_length", l->road, "knights", l->knights, "awards", aw,
				      "vp_cards", l->vp_cards < 0 ? json_null() : json_integer(l->vp_cards),
				      "points", l->points);
		if (p && g->role[s] == SEAT_NEUTRAL)
			json_object_set_new(p, "neutral", json_true());
		if (!p || json_array_append_new(players, p)) {
			json_decref(players);
			players = NULL;
		}
	}
	json_t *rules = json_object();
	for (const struct rules_option *o = rules_options; rules && o->key; o++) {
		int v = rules_option_value(&g->rules, o);
		json_object_set_new(rules, o->key, o->words ? json_string(o->words[v]) : json_integer(v));
	}
	json_t *j = players && rules ? json_pack("{s:o,s:s,s:i,s:o,s:o,s:o}", "view",
					g->view == NOBODY ? json_null() : json_string(seat_name(g, g->view)),
					"totals", sc->public_only ? "public" : "full", "points_to_win",
					g->rules.points_to_win, "players", players, "winner",
					sc->winner == NOBODY ? json_null()
							     : json_string(seat_name(g, sc->winner)),
					"rules", rules)
			    : NULL;
	if (!players || !rules) {	/* json_pack was not called: nothing stolen */
		json_decref(players);
		json_decref(rules);
	}
	return dump(j, out, len, e);
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
	json_t *players = json_array(), *turns = json_array();
	for (int s = 0; players && s < g->nplayers; s++)
		json_array_append_new(players, json_string(seat_name(g, s)));
	for (size_t i = 0; turns && i < t->len; i++) {
		json_t *pts = json_array();
		for (int s = 0; pts && s < g->nplayers; s++)
			json_array_append_new(pts, json_integer(t->row[i].points[s]));
		json_array_append_new(turns, json_pack("{s:i,s:o}", "turn", t->row[i].turn, "points",
						       pts));
	}
	return dump(json_pack("{s:o,s:o}", "players", players, "turns", turns), out, len, e);
}
