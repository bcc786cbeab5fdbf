/* catan-move: applies moves to a game, all or nothing, on stdin/stdout or in place. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "autoplay.h"
#include "batch.h"
#include "fe.h"
#include "move.h"
#include "movegen.h"
#include "names.h"
#include "rules.h"
#include "state.h"
#include "state_json.h"

const char fe_progname[] = "catan-move";

static const char usage_short[] =
	"usage: catan-move [-i FILE] [-f FILE] [--json] [--as COLOUR] [--view COLOUR] [-c] [MOVE...]\n"
	"       catan-move [-i FILE] [--as COLOUR] (--list [--json] | --count) [--offers]\n"
	"       catan-move [-i FILE] [-f FILE] (--auto [N] | --until-end) [--policy POLICY]\n"
	"                  [--bots COLOURS] [--turn-limit N] [--view COLOUR] [-c] [MOVE...]\n";

static const char usage_text[] =
	"usage: catan-move [-i FILE] [-f FILE] [--json] [--as COLOUR] [--view COLOUR] [-c] [MOVE...]\n"
	"       catan-move [-i FILE] [--as COLOUR] (--list [--json] | --count) [--offers]\n"
	"       catan-move [-i FILE] [-f FILE] (--auto [N] | --until-end) [--policy POLICY]\n"
	"                  [--bots COLOURS] [--turn-limit N] [--view COLOUR] [-c] [MOVE...]\n"
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
	"\n"
	"Legal moves (the game is not changed):\n"
	"  -l, --list            every legal move of every player who may move, one per line\n"
	"                        (JSON objects with --json; only COLOUR's with --as)\n"
	"  -n, --count           only the number of legal moves\n"
	"      --offers          add the one-for-one domestic offers (others are not listed)\n"
	"\n"
	"Automatic players (after the MOVEs; the same game always gives the same moves):\n"
	"      --auto [N]        make N automatic moves (default 1)\n"
	"  -u, --until-end       play automatically until the game is over\n"
	"  -p, --policy POLICY   random (default) or greedy, or per colour: red=greedy,blue=random\n"
	"  -b, --bots COLOURS    only these colours play automatically; stop when another must move\n"
	"  -t, --turn-limit N    stop automatic play once the game passes turn N (default 1000;\n"
	"                        0: no limit)\n"
	"\n"
	"  -h, --help            show this help\n"
	"  -V, --version         show the version\n"
	"\n"
	"Moves (see catan-move(1)): 'red build road 12-17', 'red roll', 'blue discard ore 2',\n"
	"'red robber 10 steal blue', 'red offer blue ore 1 for brick 1', 'blue accept',\n"
	"'red trade ore 4 for grain', 'red buy', 'red play knight', 'red end', ...\n";

static int usage_error(const char *fmt, const char *arg)
{
	return fe_usage_error(usage_short, fmt, arg);
}

/* read_moves_file: the moves of the -f file, one a line, into mv. */
static int read_moves_file(struct movelog *mv, const char *path, struct cerr *e)
{
	char *buf = NULL;
	size_t len;
	int rc = fe_read_path(path, &buf, &len, e);
	if (rc == C_OK && strlen(buf) != len)
		rc = cerr_set(e, C_USAGE, "%s: the moves file holds a NUL byte", path);
	if (rc == C_OK)
		rc = batch_lines(mv, buf, e);
	free(buf);
	return rc;
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

/* list_moves: the legal moves (seat's only, unless NOBODY) as text or JSON lines, or their number. */
static int list_moves(const struct game *g, int seat, int mgflags, int json, int count_only,
		      struct cerr *e)
{
	int n = movegen_legal(g, seat, mgflags, NULL, 0), rc = C_OK;
	struct move *ms;
	char text[160];

	if (count_only) {
		printf("%d\n", n);
		return C_OK;
	}
	if (!(ms = malloc(((size_t)n + 1) * sizeof *ms)))
		return cerr_set(e, C_SYSTEM, "out of memory");
	movegen_legal(g, seat, mgflags, ms, n);
	for (int i = 0; i < n && rc == C_OK; i++) {
		if (!json) {
			move_format(g, &ms[i], text, sizeof text);
			puts(text);
			continue;
		}
		json_t *j = move_to_json(g, &ms[i]);
		char *s = j ? json_dumps(j, JSON_COMPACT) : NULL;
		if (s)
			puts(s);
		else
			rc = cerr_set(e, C_SYSTEM, "out of memory");
		free(s);
		json_decref(j);
	}
	free(ms);
	return rc;
}

/* What --policy and --bots ask for, by colour, before the game says who sits where. */
struct autoopts {
	uint8_t policy[NCOLOUR];
	unsigned bots;		/* colours that play automatically, one bit each */
};

/* --policy: "random", "greedy", or a comma list of those and COLOUR=POLICY. */
static int policy_option(struct autoopts *ao, const char *arg, struct cerr *e)
{
	char buf[128], *save = NULL;
	if (strlen(arg) >= sizeof buf)
		return cerr_set(e, C_USAGE, "--policy: '%s' is too long", arg);
	strcpy(buf, arg);
	for (char *it = strtok_r(buf, ",", &save); it; it = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(it, '=');
		const char *name = eq ? eq + 1 : it;
		int c = NOBODY, pol = -1;
		if (eq) {
			*eq = '\0';
			if ((c = colour_parse(it)) < 0)
				return cerr_set(e, C_USAGE, "--policy: unknown colour '%s'", it);
		}
		for (int k = POL_RANDOM; k < NPOLICY; k++)
			if (strcmp(name, policy_names[k]) == 0)
				pol = k;
		if (pol < 0)
			return cerr_set(e, C_USAGE, "--policy: unknown policy '%s' (random or greedy)",
					name);
		for (int k = 0; k < NCOLOUR; k++)
			if (c == NOBODY || c == k)
				ao->policy[k] = (uint8_t)pol;
	}
	return C_OK;
}

/* --bots: a comma list of colours. */
static int bots_option(struct autoopts *ao, const char *arg, struct cerr *e)
{
	char buf[128], *save = NULL;
	if (strlen(arg) >= sizeof buf)
		return cerr_set(e, C_USAGE, "--bots: '%s' is too long", arg);
	strcpy(buf, arg);
	ao->bots = 0;
	for (char *it = strtok_r(buf, ",", &save); it; it = strtok_r(NULL, ",", &save)) {
		int c = colour_parse(it);
		if (c < 0)
			return cerr_set(e, C_USAGE, "--bots: unknown colour '%s'", it);
		ao->bots |= 1u << c;
	}
	return C_OK;
}

/* auto_play: the automatic moves asked for (n < 0: to the end). */
static int auto_play(struct game *g, const struct autoopts *ao, long n, int turn_limit,
		     struct cerr *e)
{
	struct autoplay ap;
	int rc = autoplay_init(&ap, g, POL_RANDOM, e);
	if (rc == C_OK) {
		for (int s = 0; s < g->nplayers; s++)
			ap.policy[s] = ao->bots & (1u << g->colour[s]) ? ao->policy[g->colour[s]]
								       : POL_NONE;
		ap.turn_limit = turn_limit;
		rc = autoplay_run(&ap, g, n, 0, NULL, NULL, e);
		if (rc)
			cerr_prefix(e, "automatic play");
	}
	autoplay_free(&ap);
	return rc;
}

/*
 * join_auto: argv with "--auto N" joined into "--auto=N" (getopt takes an
 * optional argument only when attached) into a->v, a->argc.  The joined
 * strings are a->owned[0 .. a->nowned-1].  C_OK or C_SYSTEM.
 */
struct args {
	int argc, nowned;
	char **v, **owned;
};

static int join_auto(int argc, char **argv, struct args *a)
{
	a->argc = a->nowned = 0;
	a->v = calloc((size_t)argc + 1, sizeof *a->v);
	a->owned = calloc((size_t)argc + 1, sizeof *a->owned);
	if (!a->v || !a->owned)
		return C_SYSTEM;
	for (int i = 0; i < argc; i++) {
		const char *next = i + 1 < argc ? argv[i + 1] : "";
		if (strcmp(argv[i], "--") == 0) {
			while (i < argc)
				a->v[a->argc++] = argv[i++];
			break;
		}
		if (strcmp(argv[i], "--auto") == 0 && *next && strspn(next, "0123456789") == strlen(next)) {
			char *s = malloc(strlen(next) + 8);
			if (!s)
				return C_SYSTEM;
			sprintf(s, "--auto=%s", next);
			a->v[a->argc++] = a->owned[a->nowned++] = s;
			i++;
			continue;
		}
		a->v[a->argc++] = argv[i];
	}
	return C_OK;
}

static void args_free(struct args *a)
{
	for (int i = 0; i < a->nowned; i++)
		free(a->owned[i]);
	free(a->owned);
	free(a->v);
}

enum { OPT_OFFERS = 256, OPT_AUTO };

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "in-place", required_argument, NULL, 'i' },
		{ "file", required_argument, NULL, 'f' },
		{ "json", no_argument, NULL, 'j' },
		{ "as", required_argument, NULL, 'a' },
		{ "view", required_argument, NULL, 'v' },
		{ "compact", no_argument, NULL, 'c' },
		{ "list", no_argument, NULL, 'l' },
		{ "count", no_argument, NULL, 'n' },
		{ "offers", no_argument, NULL, OPT_OFFERS },
		{ "auto", optional_argument, NULL, OPT_AUTO },
		{ "until-end", no_argument, NULL, 'u' },
		{ "policy", required_argument, NULL, 'p' },
		{ "bots", required_argument, NULL, 'b' },
		{ "turn-limit", required_argument, NULL, 't' },
		FE_OPTIONS_END,
	};
	const char *in_place = NULL, *moves_file = NULL, *as_name = NULL, *view_name = NULL;
	struct fe_locked lk = { .fd = -1 };
	struct movelog mv = { 0 };
	struct cerr e = { 0 };
	struct game g, view;
	struct autoopts ao = { .bots = (1u << NCOLOUR) - 1 };
	int json = 0, flags = 0, opt, rc, have_view = 0, list = 0, count = 0, mgflags = 0;
	int as_seat = NOBODY, view_seat = NOBODY, autoplay = 0, turn_limit = 1000;
	long auto_n = 1;
	unsigned long long num;
	char *in = NULL, *out = NULL, *vout = NULL, **av;
	struct args args;
	size_t inlen, outlen, voutlen;

	game_init(&g);
	for (int k = 0; k < NCOLOUR; k++)
		ao.policy[k] = POL_RANDOM;
	if (join_auto(argc, argv, &args)) {
		args_free(&args);
		fe_error("out of memory");
		return C_SYSTEM;
	}
	av = args.v;
	argc = args.argc;
	opterr = 0;
	while ((opt = getopt_long(argc, av, ":i:f:ja:v:clnup:b:t:hV", longopts, NULL)) != -1) {
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
		case 'l':
			list = 1;
			break;
		case 'n':
			count = 1;
			break;
		case OPT_OFFERS:
			mgflags |= MG_OFFERS;
			break;
		case OPT_AUTO:
			if (autoplay == 2) {
				rc = usage_error("%s", "--auto N and --until-end do not go together");
				goto done;
			}
			autoplay = 1;
			if (optarg && (fe_parse_u64(optarg, 1000000000, &num) || num == 0)) {
				rc = usage_error("--auto: '%s' is not a number of moves (1 or more)", optarg);
				goto done;
			}
			auto_n = optarg ? (long)num : 1;
			break;
		case 'u':
			if (autoplay == 1) {
				rc = usage_error("%s", "--auto N and --until-end do not go together");
				goto done;
			}
			autoplay = 2;
			break;
		case 'p':
		case 'b':
			if ((rc = opt == 'p' ? policy_option(&ao, optarg, &e) : bots_option(&ao, optarg, &e))) {
				rc = usage_error("%s", e.msg);
				goto done;
			}
			break;
		case 't':
			if (fe_parse_u64(optarg, 65535, &num)) {
				rc = usage_error("--turn-limit: '%s' is not a turn number (0 to 65535)", optarg);
				goto done;
			}
			turn_limit = (int)num;
			break;
		default:
			rc = fe_other_option(opt, av, optind, usage_text, usage_short);
			goto done;
		}
	}
	rc = C_USAGE;
	if (as_name && colour_parse(as_name) < 0)
		rc = usage_error("--as: unknown colour '%s'", as_name);
	else if (view_name && colour_parse(view_name) < 0)
		rc = usage_error("--view: unknown colour '%s'", view_name);
	else if (moves_file && strcmp(moves_file, "-") == 0 && !in_place)
		rc = usage_error("%s", "-f -: standard input holds the game unless -i FILE is given");
	else if (list && count)
		rc = usage_error("%s", "--list and --count do not go together");
	else if ((list || count) && (optind < argc || moves_file || autoplay || view_name))
		rc = usage_error("%s", "--list and --count take no moves, --auto or --view");
	else if ((mgflags & MG_OFFERS) && !list && !count)
		rc = usage_error("%s", "--offers goes with --list or --count");
	else if (autoplay && as_name)
		rc = usage_error("%s", "--as does not go with automatic play");
	else
		rc = C_OK;
	if (rc)
		goto done;

	/* The moves first: a bad moves file must not leave a locked game behind. */
	if (moves_file && (rc = read_moves_file(&mv, moves_file, &e)))
		goto out;
	for (int i = optind; i < argc; i++)
		if ((rc = movelog_push(&mv, av[i], &e)))
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

	if (list || count) {
		if ((rc = list_moves(&g, as_seat, mgflags, json, count, &e)) == C_OK)
			rc = fe_close_stdout(&e);
		goto out;
	}
	if ((rc = batch_apply(&g, &mv, json, as_seat, &e)))
		goto out;
	if (autoplay && (rc = auto_play(&g, &ao, autoplay == 2 ? -1 : auto_n, turn_limit, &e)))
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
	movelog_free(&mv);
	args_free(&args);
	return rc;
}
