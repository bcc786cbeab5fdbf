/* catan-score: victory points with their breakdown, and the public points turn by turn as CSV or SVG. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "fe_game.h"
#include "doc/present.h"
#include "doc/scorecard.h"
#include "render/timeline_svg.h"
#include "model/state.h"

const char fe_progname[] = "catan-score";

/* ---- main ---- */

enum { O_JSON = 'j', O_TIMELINE = 't', O_SVG = 's', O_AT = 256 };

static const struct fe_opt options[] = {
	{ "json", O_JSON, FE_NO_ARG, NULL, .help = "JSON instead of a table",
	  .text = "JSON instead of a table (or of CSV, with --timeline)" },
	{ "timeline", O_TIMELINE, FE_NO_ARG, NULL, .help = "public points after every turn",
	  .text = "each player's public points after every turn, replayed from the log, as CSV" },
	{ "svg", O_SVG, FE_NO_ARG, NULL, .help = "with --timeline: an SVG line chart",
	  .text = "with --timeline: an SVG line chart, one line per player" },
	{ "at", O_AT, FE_ARG, NULL, .help = "the points after move N", .value_name = "N",
	  .text = "the points after move N of the log (0: the start; -1: before the last move)" },
	FE_OPT_END,
};

static const char *const usage[] = { "[--json] [--at N | --timeline [--svg]] [FILE]", NULL };

static const struct fe_cmd command = {
	.opts = options, .operands = FE_OPERANDS_FILES, .usage = usage,
	.description = "Reads a game, a record or a view (catan-state(5)) from FILE or standard input and "
		"prints each player's victory points: settlements, cities, longest road, knights played, "
		"awards, victory point cards where known, the total, and the winner.",
};

int main(int argc, char **argv)
{
	struct cerr e = { 0 };
	struct replay_result res;
	struct timeline t = { 0 };
	struct scorecard sc;
	struct present now = { 0 };
	struct game g;
	int json = 0, timeline = 0, svg = 0, have_at = 0, opt, rc;
	long at_n = 0;
	const char *path = "-", *extra;
	char *out = NULL;
	size_t len;

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
		case O_AT:
			if ((rc = fe_at(&command, 0, optarg, &at_n)))
				return rc;
			have_at = 1;
			break;
		}
	}
	if ((extra = fe_operand(argc, argv, &path)))
		return fe_usagef(&command, "unexpected argument '%s': give one game", extra);
	if (svg && !timeline)
		return fe_usagef(&command, "--svg draws the timeline: give --timeline too");
	if (svg && json)
		return fe_usagef(&command, "--svg and --json are two ways to print: give one");
	if (have_at && timeline)
		return fe_usagef(&command, "--at and --timeline do not go together: the timeline is every turn");

	game_init(&g);
	if ((rc = fe_load_game(path, &g, &e)))
		goto out;
	if (timeline) {
		if ((rc = timeline_make(&g, &t, &res, &e))) {
			present_blame(&res, &e);
			goto out;
		}
		if (svg)
			rc = timeline_svg(&g, &t, &out, &len, &e);
		else if (json)
			rc = timeline_json(&g, &t, &out, &len, &e);
		else
			rc = timeline_csv(&g, &t, &out, &len, &e);
	} else {
		/* A record has no current position: its log is replayed to find one. */
		if ((rc = have_at ? present_at(&g, at_n, &now, &res, &e) : present_now(&g, &now, &res, &e)))
			goto out;
		const struct game *src = now.game;
		scorecard_make(src, &src->pos, &sc);
		if (json)
			rc = scorecard_json(src, &sc, &out, &len, &e);
		else
			rc = scorecard_text(src, &sc, &out, &len, &e);
	}
	if (rc == C_OK)
		rc = fe_output(out, len, &e);
out:
	if (rc)
		fe_report(&e);
	present_free(&now);
	timeline_free(&t);
	game_free(&g);
	free(out);
	return rc;
}
