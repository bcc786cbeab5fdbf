/* catan-move: applies moves to a game, all or nothing, on stdin/stdout or in place. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "fe.h"
#include "move.h"
#include "names.h"
#include "rules.h"
#include "state.h"
#include "state_json.h"

const char fe_progname[] = "catan-move";

static const char usage_short[] =
	"usage: catan-move [-i FILE] [-f FILE] [--json] [--as COLOUR] [--view COLOUR] [-c] [MOVE...]\n";

static const char usage_text[] =
	"usage: catan-move [-i FILE] [-f FILE] [--json] [--as COLOUR] [--view COLOUR] [-c] [MOVE...]\n"
	"\n"
	"Reads a game (catan-state(5)) on standard input, applies the moves in order and\n"
	"writes the new game.  If any move is refused nothing is written (exit 1).\n"
	"\n"
	"  -i, --in-place FILE   read FILE and replace it (locked, atomic); write nothing on stdout\n"
	"                        unless --view is given\n"
	"  -f, --file FILE       moves one per line ('-': stdin, with -i); # comments and blank\n"
	"                        lines are skipped; applied before the MOVE arguments\n"
	"  -j, --json            each move is a JSON object (one per argument or line)\n"
	"  -a, --as COLOUR       refuse any move that is not COLOUR's to make\n"
	"  -v, --view COLOUR     write COLOUR's view instead of the full game\n"
	"  -c, --compact         compact JSON on one line\n"
	"  -h, --help            show this help\n"
	"  -V, --version         show the version\n"
	"\n"
	"Moves (see catan-move(1)): 'red build road 12-17', 'red roll', 'blue discard ore 2',\n"
	"'red robber 10 steal blue', 'red offer blue ore 1 for brick 1', 'blue accept',\n"
	"'red trade ore 4 for grain', 'red buy', 'red play knight', 'red end', ...\n";

static int usage_error(const char *fmt, const char *arg)
{
	char msg[300];
	snprintf(msg, sizeof msg, fmt, arg);
	fe_error("%s", msg);
	fputs(usage_short, stderr);
	fputs("Try 'catan-move --help' for more information.\n", stderr);
	return C_USAGE;
}

/* The moves to apply, as given (text, or JSON text with --json); borrowed or owned strings. */
struct moves {
	char **text;
	size_t len, cap;
	char *filebuf;		/* the -f file's contents, which text[] points into */
};

static int moves_push(struct moves *mv, char *s, struct cerr *e)
{
	if (mv->len == mv->cap) {
		size_t cap = mv->cap ? mv->cap * 2 : 16;
		char **n = realloc(mv->text, cap * sizeof *n);
		if (!n)
			return cerr_set(e, C_SYSTEM, "out of memory");
		mv->text = n;
		mv->cap = cap;
	}
	mv->text[mv->len++] = s;
	return C_OK;
}

/* Splits a moves file into lines, skipping blank lines and # comments. */
static int moves_from_file(struct moves *mv, const char *path, struct cerr *e)
{
	size_t len;
	int rc = fe_read_path(path, &mv->filebuf, &len, e);
	if (rc)
		return rc;
	if (strlen(mv->filebuf) != len)
		return cerr_set(e, C_USAGE, "%s: the moves file holds a NUL byte", path);
	for (char *line = mv->filebuf; line && *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		size_t n = strlen(line);
		while (n && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
			line[--n] = '\0';
		char *s = line + strspn(line, " \t");
		if (*s && *s != '#' && (rc = moves_push(mv, s, e)))
			return rc;
		line = nl ? nl + 1 : NULL;
	}
	return C_OK;
}

/* parse_one: the i-th move (text or JSON) into *m. */
static int parse_one(const struct game *g, const char *text, int json, struct move *m,
		     struct cerr *e)
{
	if (!json)
		return move_parse(g, text, m, e);
	json_error_t jerr;
	json_t *j = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
	if (!j)
		return cerr_set(e, C_ILLEGAL, "not a JSON move: %s", jerr.text);
	int rc = move_from_json(g, j, m, e);
	json_decref(j);
	return rc;
}

/* apply_all: every move in order; on a refusal the message names the move. */
static int apply_all(struct game *g, const struct moves *mv, int json, int as_seat,
		     struct cerr *e)
{
	for (size_t i = 0; i < mv->len; i++) {
		struct move m;
		int rc = parse_one(g, mv->text[i], json, &m, e);
		if (rc == C_OK && as_seat != NOBODY) {
			int owner = rules_owner(g, &m);
			if (owner != as_seat)
				rc = cerr_set(e, C_ILLEGAL, "the move is %s's to make, not %s's",
					      owner >= 0 ? colour_names[g->colour[owner]] : "nobody",
					      colour_names[g->colour[as_seat]]);
		}
		if (rc == C_OK)
			rc = rules_apply(g, &m, 0, e);
		if (rc != C_OK) {
			cerr_prefix(e, "move %zu '%s'", i + 1, mv->text[i]);
			return rc;
		}
	}
	return C_OK;
}

/* A colour that plays in g, for --as and --view. */
static int seat_option(const struct game *g, const char *opt, const char *name, int *seat,
		       struct cerr *e)
{
	int c = colour_parse(name);
	*seat = c < 0 ? NOBODY : game_seat_of(g, c);
	if (*seat == NOBODY)
		return cerr_set(e, C_USAGE, "%s: '%s' does not play in this game", opt, name);
	return C_OK;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "in-place", required_argument, NULL, 'i' },
		{ "file", required_argument, NULL, 'f' },
		{ "json", no_argument, NULL, 'j' },
		{ "as", required_argument, NULL, 'a' },
		{ "view", required_argument, NULL, 'v' },
		{ "compact", no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const char *in_place = NULL, *moves_file = NULL, *as_name = NULL, *view_name = NULL;
	struct fe_locked lk = { .fd = -1 };
	struct moves mv = { 0 };
	struct cerr e = { 0 };
	struct game g, view;
	int json = 0, flags = 0, opt, rc, have_view = 0;
	int as_seat = NOBODY, view_seat = NOBODY;
	char *in = NULL, *out = NULL, *vout = NULL;
	size_t inlen, outlen, voutlen;

	game_init(&g);
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":i:f:ja:v:chV", longopts, NULL)) != -1) {
		switch (opt) {
		case 'i':
			in_place = optarg;
			break;
		case 'f':
			moves_file = optarg;
			break;
		case 'j':
			json = 1;
			break;
		case 'a':
			as_name = optarg;
			break;
		case 'v':
			view_name = optarg;
			break;
		case 'c':
			flags |= SJ_COMPACT;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return fe_close_stdout(&e) ? fe_report(&e) : C_OK;
		case 'V':
			printf("catan-move (catan-tools) %s\n", CATAN_VERSION);
			return fe_close_stdout(&e) ? fe_report(&e) : C_OK;
		case ':':
			return usage_error("option '%s' needs a value", argv[optind - 1]);
		default:
			return usage_error("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (as_name && colour_parse(as_name) < 0)
		return usage_error("--as: unknown colour '%s'", as_name);
	if (view_name && colour_parse(view_name) < 0)
		return usage_error("--view: unknown colour '%s'", view_name);
	if (moves_file && strcmp(moves_file, "-") == 0 && !in_place)
		return usage_error("%s", "-f -: standard input holds the game unless -i FILE is given");

	/* The moves first: a bad moves file must not leave a locked game behind. */
	if (moves_file && (rc = moves_from_file(&mv, moves_file, &e)))
		goto out;
	for (int i = optind; i < argc; i++)
		if ((rc = moves_push(&mv, argv[i], &e)))
			goto out;

	if (in_place) {
		if ((rc = fe_lock_open(in_place, &lk, &e)))
			goto out;
		rc = game_read(lk.buf, lk.len, &g, &e);
		if (rc)
			cerr_prefix(&e, "%s", in_place);
	} else {
		if ((rc = fe_read_stream(stdin, "stdin", &in, &inlen, &e)))
			goto out;
		rc = game_read(in, inlen, &g, &e);
		if (rc)
			cerr_prefix(&e, "stdin");
	}
	if (rc)
		goto out;
	if (g.view != NOBODY) {
		rc = cerr_set(&e, C_ILLEGAL, "this is %s's view of a game, which cannot be played on: "
			      "moves need the full game", colour_names[g.colour[g.view]]);
		goto out;
	}
	if (!g.has_pos) {
		rc = cerr_set(&e, C_INPUT, "the document is a record with no current position");
		goto out;
	}
	if ((as_name && (rc = seat_option(&g, "--as", as_name, &as_seat, &e))) ||
	    (view_name && (rc = seat_option(&g, "--view", view_name, &view_seat, &e)))) {
		rc = usage_error("%s", e.msg);
		goto done;
	}

	if ((rc = apply_all(&g, &mv, json, as_seat, &e)))
		goto out;

	if (in_place) {
		if ((rc = game_write(&g, flags, &out, &outlen, &e)) ||
		    (rc = fe_replace(in_place, out, outlen, &e)))
			goto out;
	}
	if (view_seat != NOBODY) {
		if ((rc = game_view(&g, view_seat, &view, &e)))
			goto out;
		have_view = 1;
		rc = game_write(&view, flags, &vout, &voutlen, &e);
		if (rc == C_OK)
			rc = fe_write_stdout(vout, voutlen, &e);
	} else if (!in_place) {
		rc = game_write(&g, flags, &out, &outlen, &e);
		if (rc == C_OK)
			rc = fe_write_stdout(out, outlen, &e);
	}
	if (rc == C_OK)
		rc = fe_close_stdout(&e);
out:
	if (rc)
		fe_report(&e);
done:
	fe_unlock(&lk);
	if (have_view)
		game_free(&view);
	game_free(&g);
	free(in);
	free(out);
	free(vout);
	free(mv.filebuf);
	free(mv.text);
	return rc;
}
