/* catan-render: draws a game as text for terminals and mail, or as SVG (or PNG) for browsers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "fe_game.h"
#include "model/names.h"
#include "doc/present.h"
#include "render/render_html.h"
#include "render/render_svg.h"
#include "render/render_text.h"
#include "rules/rules.h"
#include "model/state.h"

const char fe_progname[] = "catan-render";

enum format { FMT_TEXT, FMT_SVG, FMT_PNG, FMT_HTML };

enum { O_SVG = 's', O_PNG = 'p', O_LABELS = 'l', O_VIEW = 'v', O_LOG = 'n', O_COLOR = 256, O_FORCE, O_SINCE, O_SCREEN, O_AT, O_HTML,
       O_WIDTH, O_BOARD_ONLY, O_LARGE };

static const char *const when_words[] = { "auto", "always", "never", NULL };

static const struct fe_opt options[] = {
	{ "svg", O_SVG, FE_NO_ARG, NULL, .help = "an SVG picture instead of text" },
	{ "png", O_PNG, FE_ARG_FILE, NULL, .help = "a PNG picture in FILE", .value_name = "FILE",
	  .text = "a PNG picture in FILE ('-': standard output), drawn by rsvg-convert (librsvg2-bin); never over "
		  "the game drawn, nor over a file that is not a PNG unless --force" },
	{ "html", O_HTML, FE_NO_ARG, NULL, .help = "one HTML page that steps through every move",
	  .text = "one HTML page that steps through every move of the game (a slider, buttons, the arrow keys; "
		  "the points chart)" },
	{ "force", O_FORCE, FE_NO_ARG, NULL, .help = "let --png replace a file that is not a picture",
	  .text = "let --png replace a file that is not a PNG picture" },
	{ "labels", O_LABELS, FE_NO_ARG, NULL, .help = "intersection numbers and path names",
	  .text = "intersection numbers and path names on the board" },
	{ "width", O_WIDTH, FE_ARG, NULL, .help = "text of at most N columns", .value_name = "N",
	  .text = "text of at most N columns where the board allows it: the board at the widest spacing that "
		  "fits (with --labels the path names go first, then the board narrows), the panel wrapped to N" },
	{ "board-only", O_BOARD_ONLY, FE_NO_ARG, NULL, .help = "the board alone, without the panel",
	  .text = "the board alone, without the panel (text, SVG or PNG)" },
	{ "large-print", O_LARGE, FE_NO_ARG, NULL, .help = "SVG or PNG for small screens: the board alone, in large print",
	  .text = "SVG or PNG for small screens: the board alone, every word and number on it at least a fortieth "
		  "of the picture's width high, the intersection numbers (--labels) on the intersections and no path "
		  "names" },
	{ "screen", O_SCREEN, FE_NO_ARG, NULL, .help = "text for a terminal of 80x24",
	  .text = "text for a terminal of 80x24: the board at half height with intersection numbers, a short "
		  "panel on its right" },
	{ "since", O_SINCE, FE_ARG_FILE, NULL, .help = "what changed since an earlier game, highlighted",
	  .value_name = "FILE", .text = "with colour, what changed on the board since the game in FILE (an "
		  "earlier state or view of it) in reverse video" },
	{ "color", O_COLOR, FE_ARG, when_words, .help = "ANSI colour in the text", .value_name = "WHEN",
	  .text = "ANSI colour in the text: auto (a terminal, no NO_COLOR), always or never (default: auto)" },
	{ "colour", O_COLOR, FE_ARG, when_words, .help = NULL },
	{ "view", O_VIEW, FE_ARG, colour_words, .help = "only what COLOUR may see", .value_name = "COLOUR",
	  .text = "only what COLOUR may see of a full state" },
	{ "log", O_LOG, FE_ARG, NULL, .help = "list the last N moves", .value_name = "N",
	  .text = "list the last N moves of the log (default 8; 0: none)" },
	{ "at", O_AT, FE_ARG, NULL, .help = "the position after move N", .value_name = "N",
	  .text = "the position after move N of the log (0: the start; -1: before the last move); a record shows "
		  "its last by default; with --html, the move the page opens at (default 0)" },
	FE_OPT_END,
};

static const char *const usage[] = {
	"[--svg | --png FILE [--force] | --html] [--labels | --screen] [--width N] [--board-only] "
	"[--large-print] [--since FILE] [--color WHEN] [--view COLOUR] [--log N] [--at N] [FILE]",
	NULL,
};

static const struct fe_cmd command = {
	.opts = options, .operands = FE_OPERANDS_FILES, .usage = usage,
	.description = "Draws a game (catan-state(5): a state, a view or a record) read from FILE or standard "
		"input: the board, then the players, whose turn it is, what is pending and the last moves.  Text "
		"by default (80 columns; 96 with --labels).",
};

/* same_board: whether a and b are played on the same hexes, numbers and harbours. */
static int same_board(const struct game *a, const struct game *b)
{
	return a->rs->geom == b->rs->geom &&
	       !memcmp(a->board.terrain, b->board.terrain, sizeof a->board.terrain) &&
	       !memcmp(a->board.token, b->board.token, sizeof a->board.token) &&
	       !memcmp(a->board.harbour, b->board.harbour, sizeof a->board.harbour);
}

/* html: the page of --html: every position of g (as view_name sees it), opening at move at_n. */
static int html(const struct game *g, const char *view_name, int have_at, long at_n,
		const struct render_opts *ro, char **out, size_t *outlen, struct cerr *e)
{
	long len = (long)g->log.len;
	int seat = NOBODY;

	if (view_name && (seat = game_seat_of(g, colour_parse(view_name))) == NOBODY)
		return cerr_set(e, C_USAGE, "--view: '%s' does not play in this game", view_name);
	if (have_at && (at_n < -len || at_n > len))
		return cerr_set(e, C_USAGE, "--at %ld: the game has %ld move%s", at_n, len, len == 1 ? "" : "s");
	return render_html(g, seat, !have_at ? 0 : at_n < 0 ? at_n + len : at_n, ro, out, outlen, e);
}

/* What the command line asks. */
struct opts {
	const char *png, *view_name, *since_path, *when, *path;
	enum format fmt;
	int force, have_at, nfmt;	/* nfmt: 1 --svg, 2 --png, 4 --html, as given */
	long at_n;
	struct render_opts ro;
};

/* read_options: the options and operand into o; -1 to go on, else the status to exit with. */
static int read_options(int argc, char **argv, struct opts *o)
{
	const char *extra;
	unsigned long long v;
	int opt, rc;

	memset(o, 0, sizeof *o);
	o->when = "auto";
	o->path = "-";
	o->fmt = FMT_TEXT;
	render_opts_default(&o->ro);
	while ((opt = fe_next_option(&command, argc, argv, &rc)) != -1) {
		switch (opt) {
		case FE_STOP:
			return rc;
		case O_SVG:
			o->fmt = FMT_SVG;
			o->nfmt |= 1;
			break;
		case O_PNG:
			o->fmt = FMT_PNG;
			o->png = optarg;
			o->nfmt |= 2;
			break;
		case O_HTML:
			o->fmt = FMT_HTML;
			o->nfmt |= 4;
			break;
		case O_FORCE:
			o->force = 1;
			break;
		case O_AT:
			if ((rc = fe_at(&command, 0, optarg, &o->at_n)))
				return rc;
			o->have_at = 1;
			break;
		case O_LABELS:
			o->ro.labels = 1;
			break;
		case O_SCREEN:
			o->ro.screen = 1;
			break;
		case O_WIDTH:
			if (fe_parse_u64(optarg, 1000, &v) || v == 0)
				return fe_usagef(&command, "--width: '%s' is not a number of columns", optarg);
			o->ro.width = (int)v;
			break;
		case O_BOARD_ONLY:
			o->ro.board_only = 1;
			break;
		case O_LARGE:
			o->ro.large = 1;
			break;
		case O_SINCE:
			o->since_path = optarg;
			break;
		case O_COLOR:
			if (strcmp(optarg, "auto") && strcmp(optarg, "always") && strcmp(optarg, "never"))
				return fe_usagef(&command,
						 "--color: expected auto, always or never, not '%s'", optarg);
			o->when = optarg;
			break;
		case O_VIEW:
			if (colour_parse(optarg) < 0)
				return fe_usagef(&command, "--view: unknown colour '%s'", optarg);
			o->view_name = optarg;
			break;
		case O_LOG:
			if (fe_parse_u64(optarg, 1000000, &v))
				return fe_usagef(&command, "--log: '%s' is not a number of moves", optarg);
			o->ro.nlog = (int)v;
			break;
		}
	}
	if ((extra = fe_operand(argc, argv, &o->path)))
		return fe_usagef(&command, "unexpected argument '%s'", extra);
	if (o->ro.screen && (o->nfmt || o->ro.labels))
		return fe_usagef(&command, "--screen is text of its own: give it without --svg, --png, "
				 "--html or --labels");
	if ((o->nfmt & 4) && o->nfmt != 4)
		return fe_usagef(&command, "--html is a page of its own: give it without --svg or --png");
	if (o->ro.width && (o->fmt != FMT_TEXT || o->ro.screen))
		return fe_usagef(&command, "--width is for the text: give it without --svg, --png, --html or --screen");
	if (o->ro.large && o->fmt != FMT_SVG && o->fmt != FMT_PNG)
		return fe_usagef(&command, "--large-print is for a picture: give it with --svg or --png");
	if (o->ro.board_only && (o->fmt == FMT_HTML || o->ro.screen))
		return fe_usagef(&command, "--board-only is for the text, --svg or --png: give it without --html "
				 "or --screen");
	o->ro.colour = o->fmt == FMT_TEXT && fe_colour_wanted(o->when);
	return -1;
}

/*
 * shown_game: the position g shows: --at's, or a record's last; then --view's
 * view of it.  *shown points into g, at or view.  A colour that does not play
 * is a usage error, told here (*told set).
 */
static int shown_game(const struct opts *o, const struct game *g, struct present *at, struct present *view,
		      const struct game **shown, int *told, struct cerr *e)
{
	struct replay_result res;
	int rc, seat;

	*shown = g;
	seat = NOBODY;
	if (o->view_name && (seat = game_seat_of(g, colour_parse(o->view_name))) == NOBODY) {
		*told = 1;
		return fe_usagef(&command, "--view: '%s' does not play in this game", o->view_name);
	}
	/*
	 * A record (no position of its own) shows its last position: --at the
	 * end of its log; with --view, as that player saw it then.
	 */
	if (o->have_at || (!g->has_pos && g->view == NOBODY)) {
		long n = o->have_at ? o->at_n : (long)g->log.len;
		if ((rc = seat == NOBODY ? present_at(g, n, at, &res, e) : present_at_view(g, n, seat, at, &res, e)))
			return rc;
		*shown = at->game;
		return C_OK;
	}
	if (seat != NOBODY) {
		if ((rc = present_view(*shown, seat, view, &res, e)))
			return rc;
		*shown = view->game;
	}
	return C_OK;
}

/* draw: the game as o asks, to stdout or --png's file; *told set when the failure is told already. */
static int draw(struct opts *o, int *told, struct cerr *e)
{
	struct present view = { 0 }, at = { 0 };
	const struct game *shown;
	struct game g, before;
	char *out = NULL;
	size_t outlen;
	int rc;

	game_init(&g);
	game_init(&before);
	if ((rc = fe_load_game(o->path, &g, e)))
		goto out;
	if (o->since_path && o->fmt == FMT_TEXT) {
		if ((rc = fe_load_game(o->since_path, &before, e)))
			goto out;
		if (!same_board(&before, &g)) {
			*told = 1;
			rc = fe_usagef(&command, "--since: %s is not a game on the same board", o->since_path);
			goto out;
		}
		o->ro.since = render_position(&before);
	}
	if (o->fmt == FMT_HTML) {
		rc = html(&g, o->view_name, o->have_at, o->at_n, &o->ro, &out, &outlen, e);
		if (rc == C_OK)
			rc = fe_output(out, outlen, e);
		goto out;
	}
	if ((rc = shown_game(o, &g, &at, &view, &shown, told, e)))
		goto out;
	if (o->fmt == FMT_TEXT)
		rc = render_text(shown, &o->ro, &out, &outlen, e);
	else
		rc = render_svg(shown, &o->ro, &out, &outlen, e);
	if (rc == C_OK && o->fmt == FMT_PNG && (rc = fe_write_png(out, outlen, o->png, e)) == C_OK)
		rc = fe_close_stdout(e);
	else if (rc == C_OK && o->fmt != FMT_PNG)
		rc = fe_output(out, outlen, e);
out:
	present_free(&view);
	present_free(&at);
	game_free(&g);
	game_free(&before);
	free(out);
	return rc;
}

int main(int argc, char **argv)
{
	struct opts o;
	struct cerr e = { 0 };
	int rc, told = 0;

	if ((rc = read_options(argc, argv, &o)) >= 0)
		return rc;
	if (o.fmt == FMT_PNG && (rc = fe_png_target(o.png, o.path, o.force, &e)))
		return fe_report(&e);
	if ((rc = draw(&o, &told, &e)) && !told)
		fe_report(&e);
	return rc;
}
