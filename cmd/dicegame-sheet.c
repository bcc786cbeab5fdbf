/* dicegame-sheet: the Catan Dice Game (Island One, Island Two) on a JSON sheet. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice_auto.h"
#include "dice_json.h"
#include "dice_move.h"
#include "dice_render.h"
#include "fe.h"
#include "version.h"

const char fe_progname[] = "dicegame-sheet";

static const char usage_short[] =
	"usage: dicegame-sheet [-c] new [--island 1|2] [--players NAMES] [--seed N] [--map FILE] [--external]\n"
	"       dicegame-sheet [-c] [-i FILE] [--as NAME] move MOVE...\n"
	"       dicegame-sheet [-c] [-i FILE] auto [--turns N | --all]\n"
	"       dicegame-sheet list|score [--json]|render [--svg]|validate [FILE...]\n"
	"       dicegame-sheet [-c] map [--island 1|2 | --map FILE]\n";

static const char usage_long[] =
	"\n"
	"The Catan Dice Game, Island One and Island Two, on a JSON sheet read from\n"
	"stdin (or FILE, or -i FILE) and written to stdout.\n"
	"\n"
	"subcommands:\n"
	"  new        a new sheet\n"
	"  move       apply moves: roll [FACE...]; reroll DIE... [to FACE...];\n"
	"             joker ID on die DIE [RESOURCE]; gold on dice DIE DIE to RESOURCE;\n"
	"             build ID...; end  (several at once separated by ';')\n"
	"  list       the legal moves, one a line\n"
	"  score      the scores and, once the game is over, the winners\n"
	"  render     the sheets as text, or as SVG with --svg\n"
	"  validate   replay each sheet's log from the start and compare\n"
	"  auto       play turns by the automatic policy\n"
	"  map        print a built-in map, or check a map file\n"
	"\n"
	"options:\n"
	"  -c, --compact        compact JSON output\n"
	"  -i, --in-place FILE  read and rewrite FILE atomically (move, auto)\n"
	"      --island N       island 1 or 2 (new, map)\n"
	"      --players NAMES  comma-separated player names, 1 to 4 (new)\n"
	"      --seed N         the dice generator's seed, 0 to 2^53-1 (new)\n"
	"      --map FILE       a dicegame-map/1 file instead of a built-in map (new, map)\n"
	"      --external       outcomes come with the moves: physical dice (new)\n"
	"      --as NAME        refuse moves when it is not NAME's turn (move, auto)\n"
	"      --turns N        turns to play (auto; default 1)\n"
	"      --all            play until the game is over (auto)\n"
	"      --svg            SVG instead of text (render)\n"
	"      --json           JSON instead of text (score)\n"
	"  -h, --help           this help\n"
	"  -V, --version        the version\n"
	"\n"
	"exit status: 0 done, 1 the rules say no, 2 usage, 3 bad input, 4 system error\n";

enum { O_ISLAND = 256, O_PLAYERS, O_SEED, O_MAP, O_EXTERNAL, O_AS, O_TURNS, O_ALL, O_SVG, O_JSON };

static const struct option longopts[] = {
	{ "help", no_argument, NULL, 'h' },	    { "version", no_argument, NULL, 'V' },
	{ "compact", no_argument, NULL, 'c' },	    { "in-place", required_argument, NULL, 'i' },
	{ "island", required_argument, NULL, O_ISLAND },
	{ "players", required_argument, NULL, O_PLAYERS },
	{ "seed", required_argument, NULL, O_SEED }, { "map", required_argument, NULL, O_MAP },
	{ "external", no_argument, NULL, O_EXTERNAL }, { "as", required_argument, NULL, O_AS },
	{ "turns", required_argument, NULL, O_TURNS }, { "all", no_argument, NULL, O_ALL },
	{ "svg", no_argument, NULL, O_SVG },	    { "json", no_argument, NULL, O_JSON },
	{ NULL, 0, NULL, 0 },
};

struct opts {
	int compact, island, external, all, svg, json, seeded;
	unsigned long long seed, turns;
	const char *inplace, *players, *map, *as;
	/* which options were given, by their letter or code, to refuse them where they mean nothing */
	unsigned char given[O_JSON + 1];
};

/* Which subcommand accepts which option (h, V and c are everywhere). */
static const struct {
	const char *name;
	int opts[8];
} subs[] = {
	{ "new", { O_ISLAND, O_PLAYERS, O_SEED, O_MAP, O_EXTERNAL } },
	{ "move", { 'i', O_AS } },
	{ "auto", { 'i', O_AS, O_TURNS, O_ALL } },
	{ "list", { 0 } },
	{ "score", { O_JSON } },
	{ "render", { O_SVG } },
	{ "validate", { 0 } },
	{ "map", { O_ISLAND, O_MAP } },
};

static int usage_error(const char *fmt, const char *arg)
{
	char msg[256];
	snprintf(msg, sizeof msg, fmt, arg);
	fe_error("%s", msg);
	fputs(usage_short, stderr);
	return C_USAGE;
}

static const char *opt_name(int o)
{
	for (const struct option *l = longopts; l->name; l++)
		if (l->val == o)
			return l->name;
	return "?";
}

/* random_seed: a seed from /dev/urandom, kept within what JSON numbers hold exactly. */
static int random_seed(unsigned long long *seed, struct cerr *e)
{
	unsigned char b[8];
	FILE *f = fopen("/dev/urandom", "rb");
	if (!f || fread(b, 1, sizeof b, f) != sizeof b) {
		if (f)
			fclose(f);
		return cerr_set(e, C_SYSTEM, "cannot read /dev/urandom");
	}
	fclose(f);
	*seed = 0;
	for (int i = 0; i < 8; i++)
		*seed = *seed << 8 | b[i];
	*seed &= DICE_MAXSEED;
	return C_OK;
}

static int load_map(const struct opts *o, struct dmap *m, struct cerr *e)
{
	char *text = NULL;
	size_t len;
	int rc;
	if (!o->map)
		return dice_map_builtin(o->island ? o->island : 1, m, e);
	if ((rc = fe_read_path(o->map, &text, &len, e)))
		return rc;
	rc = dice_map_read(m, text, len, o->map, e);
	free(text);
	if (!rc && o->island && o->island != m->island)
		rc = cerr_set(e, C_USAGE, "--island %d but the map '%s' is for island %d", o->island, o->map,
			      m->island);
	return rc;
}

static int cmd_new(const struct opts *o, struct dgame *g, struct cerr *e)
{
	char names[128], *name[DICE_MAXPLAYERS + 1];
	int n = 0, rc;
	struct dmap *m = malloc(sizeof *m);
	unsigned long long seed = o->seed;

	if (!m)
		return cerr_set(e, C_SYSTEM, "out of memory");
	snprintf(names, sizeof names, "%s", o->players ? o->players : "solo");
	for (char *p = names, *q; p && n <= DICE_MAXPLAYERS; p = q) {
		q = strchr(p, ',');
		if (q)
			*q++ = '\0';
		name[n++] = p;
	}
	if (n > DICE_MAXPLAYERS)
		rc = cerr_set(e, C_USAGE, "1 to %d players", DICE_MAXPLAYERS);
	else if (!(rc = load_map(o, m, e)) && !(rc = o->seeded || o->external ? 0 : random_seed(&seed, e)))
		rc = dice_game_start(g, m, n, (const char *const *)name, o->external, seed, e);
	free(m);
	return rc;
}

static int check_as(const struct opts *o, const struct dgame *g, struct cerr *e)
{
	if (o->as && !g->over && strcmp(o->as, g->p[dice_seat(g)].name) != 0)
		return cerr_set(e, C_ILLEGAL, "it is %s's turn, not %s's", g->p[dice_seat(g)].name, o->as);
	return C_OK;
}

static int cmd_move(const struct opts *o, struct dgame *g, int argc, char **argv, struct cerr *e)
{
	int rc;
	char *text = dice_args_text(argc, argv);
	if (!text)
		return cerr_set(e, C_SYSTEM, "out of memory");
	rc = dice_play(g, text, 0, o->as, e);
	free(text);
	return rc;
}

static int cmd_auto(const struct opts *o, struct dgame *g, struct cerr *e)
{
	int rc = check_as(o, g, e);
	unsigned long long turns = o->all ? 1000000 : o->given[O_TURNS] ? o->turns : 1;
	for (unsigned long long t = 0; !rc && t < turns && !(o->all && g->over); t++)
		rc = dice_auto_turn(g, e);
	return rc;
}

/* out: hands text to stdout, or to the in-place file. */
static int put(const struct opts *o, const char *text, size_t len, struct cerr *e)
{
	if (o->inplace)
		return fe_replace(o->inplace, text, len, e);
	return fe_write_stdout(text, len, e);
}

/* one_input: runs a subcommand that reads one sheet (from path, -i or stdin). */
static int one_input(const struct opts *o, const char *sub, const char *path, int argc, char **argv,
		     struct dgame *g, struct cerr *e)
{
	struct fe_locked lk = { -1, NULL, 0 };
	char *text = NULL, *out = NULL;
	const char *name = o->inplace ? o->inplace : path ? path : "stdin";
	size_t len = 0, olen = 0;
	int rc;

	if (o->inplace)
		rc = fe_lock_open(o->inplace, &lk, e);
	else
		rc = fe_read_path(path ? path : "-", &text, &len, e);
	if (rc)
		goto out;
	if ((rc = o->inplace ? dice_state_read(g, lk.buf, lk.len, e) : dice_state_read(g, text, len, e))) {
		if (rc == C_INPUT)
			cerr_prefix(e, "%s", name);
		goto out;
	}
	if (strcmp(sub, "move") == 0 || strcmp(sub, "auto") == 0) {
		rc = strcmp(sub, "move") == 0 ? cmd_move(o, g, argc, argv, e) : cmd_auto(o, g, e);
		if (!rc)
			rc = dice_state_write(g, o->compact, &out, &olen, e);
	} else if (strcmp(sub, "list") == 0) {
		rc = dice_list(g, &out, &olen, e);
	} else if (strcmp(sub, "score") == 0) {
		rc = o->json ? dice_score_json(g, o->compact, &out, &olen, e) : dice_score_text(g, &out, &olen, e);
	} else if (strcmp(sub, "render") == 0) {
		rc = o->svg ? dice_render_svg(g, &out, &olen, e) : dice_render_text(g, &out, &olen, e);
	} else if ((rc = dice_validate(g, e))) {
		cerr_prefix(e, "%s", name);
	}
	if (!rc && out)
		rc = put(o, out, olen, e);
out:
	fe_unlock(&lk);
	free(text);
	free(out);
	return rc;
}

int main(int argc, char **argv)
{
	struct opts o;
	struct cerr e = { 0, "" };
	struct dgame g;
	char *out = NULL;
	size_t olen;
	int c, rc = C_OK, sub = -1;

	memset(&o, 0, sizeof o);
	dice_game_init(&g);
	while ((c = getopt_long(argc, argv, "hVci:", longopts, NULL)) != -1) {
		unsigned long long v;
		if (c == '?') {
			fputs(usage_short, stderr);
			rc = C_USAGE;
			goto out;
		}
		if (c >= 0 && c <= O_JSON)
			o.given[c] = 1;
		switch (c) {
		case 'h':
			fputs(usage_short, stdout);
			fputs(usage_long, stdout);
			goto close;
		case 'V':
			printf("dicegame-sheet (catan-tools) %s\n", CATAN_VERSION);
			goto close;
		case 'c': o.compact = 1; break;
		case 'i': o.inplace = optarg; break;
		case O_ISLAND:
			if (fe_parse_u64(optarg, 2, &v) || v < 1) {
				rc = usage_error("--island takes 1 or 2, not '%s'", optarg);
				goto out;
			}
			o.island = (int)v;
			break;
		case O_PLAYERS: o.players = optarg; break;
		case O_SEED:
			if (fe_parse_u64(optarg, DICE_MAXSEED, &o.seed)) {
				rc = usage_error("--seed takes a whole number from 0 to 2^53-1, not '%s'", optarg);
				goto out;
			}
			o.seeded = 1;
			break;
		case O_MAP: o.map = optarg; break;
		case O_EXTERNAL: o.external = 1; break;
		case O_AS: o.as = optarg; break;
		case O_TURNS:
			if (fe_parse_u64(optarg, 100000, &o.turns) || o.turns < 1) {
				rc = usage_error("--turns takes a number from 1 to 100000, not '%s'", optarg);
				goto out;
			}
			break;
		case O_ALL: o.all = 1; break;
		case O_SVG: o.svg = 1; break;
		case O_JSON: o.json = 1; break;
		}
	}
	if (optind >= argc) {
		rc = usage_error("%s", "name a subcommand");
		goto out;
	}
	for (size_t i = 0; i < sizeof subs / sizeof subs[0]; i++)
		if (strcmp(argv[optind], subs[i].name) == 0)
			sub = (int)i;
	if (sub < 0) {
		rc = usage_error("unknown subcommand '%s'", argv[optind]);
		goto out;
	}
	for (int k = O_ISLAND; k <= O_JSON; k++) {
		int ok = 0;
		for (int j = 0; j < 8; j++)
			ok |= subs[sub].opts[j] == k;
		if (o.given[k] && !ok) {
			char msg[64];
			snprintf(msg, sizeof msg, "--%s means nothing to '%%s'", opt_name(k));
			rc = usage_error(msg, subs[sub].name);
			goto out;
		}
	}
	if (o.inplace && sub != 1 && sub != 2) {
		rc = usage_error("-i is for move and auto, not '%s'", subs[sub].name);
		goto out;
	}
	if (o.all && o.given[O_TURNS]) {
		rc = usage_error("%s", "--turns and --all exclude each other");
		goto out;
	}
	if (o.external && o.seeded) {
		rc = usage_error("%s", "--seed means nothing with --external");
		goto out;
	}
	const char *name = subs[sub].name;
	int nargs = argc - optind - 1;
	char **args = argv + optind + 1;
	if (strcmp(name, "new") == 0 || strcmp(name, "map") == 0) {
		if (nargs) {
			rc = usage_error("'%s' takes no operands", name);
			goto out;
		}
		if (strcmp(name, "new") == 0) {
			if (!(rc = cmd_new(&o, &g, &e)))
				rc = dice_state_write(&g, o.compact, &out, &olen, &e);
		} else {
			struct dmap *m = malloc(sizeof *m);
			rc = m ? load_map(&o, m, &e) : cerr_set(&e, C_SYSTEM, "out of memory");
			if (!rc)
				rc = dice_map_dump(m, o.compact, &out, &olen, &e);
			free(m);
		}
		if (!rc)
			rc = fe_write_stdout(out, olen, &e);
	} else if (strcmp(name, "move") == 0) {
		if (!nargs) {
			rc = usage_error("%s", "name the moves: move roll");
			goto out;
		}
		rc = one_input(&o, name, NULL, nargs, args, &g, &e);
	} else if (strcmp(name, "validate") == 0 && nargs > 1) {
		/* Every file is checked; the exit status is the worst seen. */
		for (int i = 0; i < nargs; i++) {
			int r = one_input(&o, name, args[i], 0, NULL, &g, &e);
			if (r) {
				fe_report(&e);
				rc = r > rc ? r : rc;
			}
		}
		goto close_quiet;
	} else {
		if (nargs > 1 || (nargs && strcmp(name, "auto") == 0)) {
			rc = usage_error("too many operands for '%s'", name);
			goto out;
		}
		rc = one_input(&o, name, nargs ? args[0] : NULL, 0, NULL, &g, &e);
	}
	if (rc) {
		fe_report(&e);
		goto out;
	}
close:
	if (fe_close_stdout(&e) != C_OK)
		rc = fe_report(&e);
	goto out;
close_quiet:
	if (fe_close_stdout(&e) != C_OK && !rc)
		rc = fe_report(&e);
out:
	free(out);
	dice_game_free(&g);
	return rc;
}
