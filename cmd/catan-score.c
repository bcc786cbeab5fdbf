/* catan-score: victory points with their breakdown, and the public points turn by turn as CSV or SVG. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "fe.h"
#include "fe_game.h"
#include "names.h"
#include "present.h"
#include "replay.h"
#include "scorecard.h"
#include "timeline_svg.h"
#include "state.h"

const char fe_progname[] = "catan-score";

static const char usage_short[] = "usage: catan-score [--json] [--timeline [--svg]] [FILE]\n";

static const char usage_text[] =
	"usage: catan-score [--json] [--timeline [--svg]] [FILE]\n"
	"\n"
	"Reads a game, a record or a view (catan-state(5)) from FILE or standard input and\n"
	"prints each player's victory points: settlements, cities, longest road, knights\n"
	"played, awards, victory point cards where known, the total, and the winner.\n"
	"\n"
	"  -j, --json       JSON instead of a table (or of CSV, with --timeline)\n"
	"  -t, --timeline   each player's public points after every turn, replayed from the log,\n"
	"                   as CSV\n"
	"  -s, --svg        with --timeline: an SVG line chart, one line per player\n"
	"  -h, --help       show this help\n"
	"  -V, --version    show the version\n";

static const char *colour_of(const struct game *g, int seat)
{
	return colour_names[g->colour[seat]];
}

/* ---- the score table ---- */

static const char *awards_text(const struct score_line *l)
{
	if (l->longest_road && l->largest_army)
		return "longest road, largest army";
	return l->longest_road ? "longest road" : l->largest_army ? "largest army" : "-";
}

static void print_table(const struct game *g, const struct scorecard *sc)
{
	int aw = (int)strlen("awards");
	for (int s = 0; s < sc->nplayers; s++) {
		int n = (int)strlen(awards_text(&sc->pl[s]));
		aw = n > aw ? n : aw;
	}
	printf("player  settlements  cities  road  knights  %-*s  vp cards  points\n", aw, "awards");
	for (int s = 0; s < sc->nplayers; s++) {
		const struct score_line *l = &sc->pl[s];
		char vp[16];
		if (l->vp_cards < 0)
			snprintf(vp, sizeof vp, "?");
		else
			snprintf(vp, sizeof vp, "%d", l->vp_cards);
		printf("%-6s  %11d  %6d  %4d  %7d  %-*s  %8s  %6d\n", colour_of(g, s), l->settlements,
		       l->cities, l->road, l->knights, aw, awards_text(l), vp, l->points);
	}
	if (sc->public_only)
		printf("totals are public: the other players' victory point cards are hidden "
		       "(%s's view)\n", colour_of(g, g->view));
	if (sc->winner != NOBODY)
		printf("winner: %s with %d points\n", colour_of(g, sc->winner),
		       sc->pl[sc->winner].points);
	else
		printf("no winner yet: %d points win\n", g->rules.points_to_win);
}

/* json_dump_stdout: writes j (stolen) on stdout; C_SYSTEM when memory runs out. */
static int json_dump_stdout(json_t *j, struct cerr *e)
{
	char *text = j ? json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
	json_decref(j);
	if (!text)
		return cerr_set(e, C_SYSTEM, "out of memory");
	puts(text);
	free(text);
	return C_OK;
}

static int print_table_json(const struct game *g, const struct scorecard *sc, struct cerr *e)
{
	json_t *players = json_array();
	for (int s = 0; players && s < sc->nplayers; s++) {
		const struct score_line *l = &sc->pl[s];
		json_t *aw = json_array();
		if (aw && l->longest_road)
			json_array_append_new(aw, json_string("longest_road"));
		if (aw && l->largest_army)
			json_array_append_new(aw, json_string("largest_army"));
		json_t *p = json_pack("{s:s,s:i,s:i,s:i,s:i,s:o,s:o,s:i}", "colour", colour_of(g, s),
				      "settlements", l->settlements, "cities", l->cities,
				      "road_length", l->road, "knights", l->knights, "awards", aw,
				      "vp_cards", l->vp_cards < 0 ? json_null() : json_integer(l->vp_cards),
				      "points", l->points);
		if (!p || json_array_append_new(players, p)) {
			json_decref(players);
			players = NULL;
		}
	}
	json_t *j = players ? json_pack("{s:o,s:s,s:i,s:o,s:o}", "view",
					g->view == NOBODY ? json_null() : json_string(colour_of(g, g->view)),
					"totals", sc->public_only ? "public" : "full", "points_to_win",
					g->rules.points_to_win, "players", players, "winner",
					sc->winner == NOBODY ? json_null()
							     : json_string(colour_of(g, sc->winner)))
			    : NULL;
	return json_dump_stdout(j, e);
}

/* ---- the timeline ---- */

static void print_csv(const struct game *g, const struct timeline *t)
{
	printf("turn");
	for (int s = 0; s < g->nplayers; s++)
		printf(",%s", colour_of(g, s));
	putchar('\n');
	for (size_t i = 0; i < t->len; i++) {
		printf("%d", t->row[i].turn);
		for (int s = 0; s < g->nplayers; s++)
			printf(",%d", t->row[i].points[s]);
		putchar('\n');
	}
}

static int print_timeline_json(const struct game *g, const struct timeline *t, struct cerr *e)
{
	json_t *players = json_array(), *turns = json_array();
	for (int s = 0; players && s < g->nplayers; s++)
		json_array_append_new(players, json_string(colour_of(g, s)));
	for (size_t i = 0; turns && i < t->len; i++) {
		json_t *pts = json_array();
		for (int s = 0; pts && s < g->nplayers; s++)
			json_array_append_new(pts, json_integer(t->row[i].points[s]));
		json_array_append_new(turns, json_pack("{s:i,s:o}", "turn", t->row[i].turn, "points",
						       pts));
	}
	return json_dump_stdout(json_pack("{s:o,s:o}", "players", players, "turns", turns), e);
}

/* print_chart: the timeline as an SVG chart on stdout. */
static int print_chart(const struct game *g, const struct timeline *t, struct cerr *e)
{
	char *out = NULL;
	size_t len;
	int rc = timeline_svg(g, t, &out, &len, e);
	if (rc == C_OK)
		rc = fe_write_stdout(out, len, e);
	free(out);
	return rc;
}

/* ---- main ---- */

enum { O_JSON = 'j', O_TIMELINE = 't', O_SVG = 's' };

static const struct fe_opt options[] = {
	{ "json", O_JSON, FE_NO_ARG, NULL, "JSON instead of a table" },
	{ "timeline", O_TIMELINE, FE_NO_ARG, NULL, "public points after every turn" },
	{ "svg", O_SVG, FE_NO_ARG, NULL, "with --timeline: an SVG line chart" },
	FE_OPT_END,
};

static const struct fe_cmd command = {
	.opts = options, .operands = FE_OPERANDS_FILES, .usage_short = usage_short, .usage_text = usage_text,
};

int main(int argc, char **argv)
{
	struct cerr e = { 0 };
	struct replay_result res;
	struct timeline t = { 0 };
	struct scorecard sc;
	struct present now = { 0 };
	struct game g;
	int json = 0, timeline = 0, svg = 0, opt, rc;
	const char *path = "-", *extra;

	if (fe_complete(&command, argc, argv, &rc))
		return rc;
	while ((opt = fe_next_option(&command, argc, argv, &rc)) != -1) {
		switch (opt) {
		case FE_STOP:
			return rc;
		case O_JSON:
			json = 1;
			break;
		case O_TIMELINE:
			timeline = 1;
			break;
		case O_SVG:
			svg = 1;
			break;
		}
	}
	if ((extra = fe_operand(argc, argv, &path)))
		return fe_usagef(usage_short, "unexpected argument '%s': give one game", extra);
	if (svg && !timeline)
		return fe_usagef(usage_short, "--svg draws the timeline: give --timeline too");
	if (svg && json)
		return fe_usagef(usage_short, "--svg and --json are two ways to print: give one");

	game_init(&g);
	if ((rc = fe_load_game(path, &g, &e)))
		goto out;
	if (timeline) {
		if ((rc = timeline_make(&g, &t, &res, &e))) {
			present_blame(&res, &e);
			goto out;
		}
		if (svg)
			rc = print_chart(&g, &t, &e);
		else if (json)
			rc = print_timeline_json(&g, &t, &e);
		else
			print_csv(&g, &t);
	} else {
		/* A record has no current position: its log is replayed to find one. */
		if ((rc = present_now(&g, &now, &res, &e)))
			goto out;
		const struct game *src = now.game;
		scorecard_make(src, &src->pos, &sc);
		if (json)
			rc = print_table_json(src, &sc, &e);
		else
			print_table(src, &sc);
	}
	if (rc == C_OK)
		rc = fe_close_stdout(&e);
out:
	if (rc)
		fe_report(&e);
	present_free(&now);
	timeline_free(&t);
	game_free(&g);
	return rc;
}
