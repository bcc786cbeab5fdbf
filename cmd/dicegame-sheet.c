/* dicegame-sheet: the Catan Dice Game (Island One, Island Two, the Extra) on a JSON sheet. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "buf.h"
#include "dice_auto.h"
#include "dice_json.h"
#include "dice_move.h"
#include "dice_render.h"
#include "fe.h"
#include "rng.h"
#include "version.h"

const char fe_progname[] = "dicegame-sheet";

enum { O_ISLAND = 256, O_PLAYERS, O_SEED, O_MAP, O_EXTERNAL, O_AS, O_TURNS, O_ALL, O_MAX_TURNS, O_SVG, O_JSON,
       O_CASTLES, O_END };

/* auto --all: the turns it plays at most by default (Island Two has no turn limit) */
#define MAX_TURNS 1000

static const char *const islands[] = { "1", "2", "3", NULL };

static const struct fe_opt options[] = {
	{ "compact", 'c', FE_NO_ARG, NULL, .help = "compact JSON output" },
	{ "in-place", 'i', FE_ARG_FILE, NULL, .help = "read and rewrite FILE atomically", .value_name = "FILE",
	  .text = "read and rewrite FILE atomically (move, auto)" },
	{ "island", O_ISLAND, FE_ARG, islands, .help = "island 1, 2 or 3 (the Extra)", .value_name = "N",
	  .text = "island 1, 2 or 3 (the Extra) (new, map)" },
	{ "players", O_PLAYERS, FE_ARG, NULL, .help = "comma-separated player names", .value_name = "NAMES",
	  .text = "comma-separated player names, 1 to 4 (new)" },
	{ "seed", O_SEED, FE_ARG, NULL, .help = "the dice generator's seed", .value_name = "N",
	  .text = "the dice generator's seed, 0 to 2^53-1 (new)" },
	{ "map", O_MAP, FE_ARG_FILE, NULL, .help = "a dicegame-map/1 file", .value_name = "FILE",
	  .text = "a dicegame-map/1 file instead of a built-in map (new, map)" },
	{ "external", O_EXTERNAL, FE_NO_ARG, NULL, .help = "outcomes come with the moves",
	  .text = "outcomes come with the moves: physical dice (new)" },
	{ "castles", O_CASTLES, FE_NO_ARG, NULL, .help = "the Extra with its castles",
	  .text = "the Extra with its castles (new)" },
	{ "as", O_AS, FE_ARG, NULL, .help = "refuse moves when it is not NAME's turn", .value_name = "NAME",
	  .text = "refuse moves when it is not NAME's turn (move, auto)" },
	{ "turns", O_TURNS, FE_ARG, NULL, .help = "turns to play", .value_name = "N",
	  .text = "turns to play (auto; default 1)" },
	{ "all", O_ALL, FE_NO_ARG, NULL, .help = "play until the game is over; list every reroll",
	  .text = "play until the game is over (auto); every reroll (list)" },
	{ "max-turns", O_MAX_TURNS, FE_ARG, NULL, .help = "turns auto --all plays at most", .value_name = "N",
	  .text = "the turns auto --all plays at most (default 1000)" },
	{ "svg", O_SVG, FE_NO_ARG, NULL, .help = "SVG instead of text", .text = "SVG instead of text (render)" },
	{ "json", O_JSON, FE_NO_ARG, NULL, .help = "JSON instead of text", .text = "JSON instead of text (score)" },
	FE_OPT_END,
};

struct opts {
	int compact, island, external, all, svg, json, seeded, castles;
	unsigned long long seed, turns, max_turns;
	const char *inplace, *players, *map, *as;
	/* which options were given, by their letter or code, to refuse them where they mean nothing */
	unsigned char given[O_END];
	/* set by a handler that reported its failures itself (validate of many files) */
	int reported;
	struct dgame *g;
	/* move -i: where the lines saying the dice rolled go, to be shown once the file is written */
	char **notes;
};

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
	/* The Extra needs two players at least: without --players, two. */
	if (!o->players && o->island == DICE_EXTRA)
		snprintf(names, sizeof names, "one,two");
	for (char *p = names, *q; p && n <= DICE_MAXPLAYERS; p = q) {
		q = strchr(p, ',');
		if (q)
			*q++ = '\0';
		name[n++] = p;
	}
	if (n > DICE_MAXPLAYERS)
		rc = cerr_set(e, C_USAGE, "1 to %d players", DICE_MAXPLAYERS);
	else if (!(rc = load_map(o, m, e)) && o->castles && m->island != DICE_EXTRA)
		rc = cerr_set(e, C_USAGE, "--castles is an option of the Extra (--island 3)");
	else if (!rc)
		rc = dice_game_start(g, m, n, (const char *const *)name, o->external, seed, e);
	g->castles = (uint8_t)o->castles;
	/* Without --seed the dice come from a secret key: no player can predict them. */
	uint8_t key[LUCK_KEY_BYTES];
	if (!rc && !o->seeded && !o->external && !(rc = fe_random_bytes(key, sizeof key, e)))
		dice_game_secret(g, key);
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
	char *text = fe_dice_args_text(argc, argv);
	if (!text)
		return cerr_set(e, C_SYSTEM, "out of memory");
	rc = dice_play(g, text, 0, o->as, e);
	free(text);
	return rc;
}

/* cmd_auto: with --all, a game still going after --max-turns turns is refused: no player may ever finish it. */
static int cmd_auto(const struct opts *o, struct dgame *g, struct cerr *e)
{
	int rc = check_as(o, g, e);
	unsigned long long turns = o->all ? o->max_turns : o->given[O_TURNS] ? o->turns : 1;
	for (unsigned long long t = 0; !rc && t < turns && !(o->all && g->over); t++)
		rc = dice_auto_turn(g, e);
	if (!rc && o->all && !g->over)
		rc = cerr_set(e, C_ILLEGAL, "auto --all: the game is not over after %llu turns (--max-turns %llu)",
			      turns, turns);
	return rc;
}

/* out: hands text to stdout, or to the in-place file (locked in lk). */
static int put(const struct fe_locked *lk, const char *text, size_t len, struct cerr *e)
{
	if (lk->fd >= 0)
		return fe_replace(lk, text, len, e);
	return fe_write_stdout(text, len, e);
}

/* What a subcommand does with the sheet it read: fills out (NULL for nothing to write). */
typedef int sheet_fn(const struct opts *o, struct dgame *g, const char *name, int argc, char **argv,
		     char **out, size_t *olen, struct cerr *e);

/* roll_notes: a line for each roll and reroll the log holds from entry from on, with every die of the
 * turn after it ("ann's dice after reroll 2 5: ..."); before holds the dice (n of them) and seat the
 * player to move when that entry was made. */
static int roll_notes(const struct dgame *g, size_t from, const uint8_t *before, int n, int seat,
		      char **notes, struct cerr *e)
{
	uint8_t cur[DICE_NDICE];
	struct buf b;
	size_t len;

	buf_init(&b);
	memcpy(cur, before, sizeof cur);
	for (size_t i = from; i < g->nlog; i++) {
		const struct dmove *m = &g->log[i];
		if (m->type == DM_END)
			seat = (seat + 1) % g->nplayers;
		if (m->type != DM_ROLL && m->type != DM_REROLL)
			continue;
		if (m->type == DM_ROLL)
			n = m->nfaces;
		buf_printf(&b, "%s: %s's dice after %s", fe_progname, g->p[seat].name,
			   m->type == DM_ROLL ? "roll" : "reroll");
		for (int d = 0, k = 0; d < n; d++)
			if (m->mask & (1u << d)) {
				cur[d] = m->faces[k++];
				if (m->type == DM_REROLL)
					buf_printf(&b, " %d", d + 1);
			}
		buf_adds(&b, ":");
		for (int d = 0; d < n; d++)
			buf_printf(&b, " %s", dice_face_names[cur[d]]);
		buf_adds(&b, "\n");
	}
	return buf_finish(&b, notes, &len, e);
}

static int sheet_move(const struct opts *o, struct dgame *g, const char *name, int argc, char **argv,
		      char **out, size_t *olen, struct cerr *e)
{
	size_t from = g->nlog;
	uint8_t before[DICE_NDICE];
	int n = g->ndice, seat = dice_seat(g), rc;

	memcpy(before, g->dice, sizeof before);
	if ((rc = cmd_move(o, g, argc, argv, e)))
		return rc;
	/* Physical dice were rolled by the players, who know them. */
	if (o->notes && !g->external && (rc = roll_notes(g, from, before, n, seat, o->notes, e)))
		return rc;
	return dice_state_write(g, o->compact, out, olen, e);
}

static int sheet_auto(const struct opts *o, struct dgame *g, const char *name, int argc, char **argv,
		      char **out, size_t *olen, struct cerr *e)
{
	int rc = cmd_auto(o, g, e);
	return rc ? rc : dice_state_write(g, o->compact, out, olen, e);
}

static int sheet_list(const struct opts *o, struct dgame *g, const char *name, int argc, char **argv,
		      char **out, size_t *olen, struct cerr *e)
{
	return dice_list(g, o->all, out, olen, e);
}

static int sheet_score(const struct opts *o, struct dgame *g, const char *name, int argc, char **argv,
		       char **out, size_t *olen, struct cerr *e)
{
	return o->json ? dice_score_json(g, o->compact, out, olen, e) : dice_score_text(g, out, olen, e);
}

static int sheet_render(const struct opts *o, struct dgame *g, const char *name, int argc, char **argv,
			char **out, size_t *olen, struct cerr *e)
{
	return o->svg ? dice_render_svg(g, out, olen, e) : dice_render_text(g, out, olen, e);
}

/* sheet_view: the sheet without its generator (a sheet with physical dice has none to leave out). */
static int sheet_view(const struct opts *o, struct dgame *g, const char *name, int argc, char **argv,
		      char **out, size_t *olen, struct cerr *e)
{
	g->view = !g->external;
	return dice_state_write(g, o->compact, out, olen, e);
}

static int sheet_validate(const struct opts *o, struct dgame *g, const char *name, int argc,
			  char **argv, char **out, size_t *olen, struct cerr *e)
{
	int rc = dice_validate(g, e);
	if (rc)
		cerr_prefix(e, "%s", name);
	return rc;
}

/* one_input: runs fn on one sheet (from path, -i or stdin) and writes what it gives. */
static int one_input(const struct opts *o, sheet_fn *fn, const char *path, int argc, char **argv,
		     struct cerr *e)
{
	struct fe_locked lk = { .fd = -1 };
	char *text = NULL, *out = NULL;
	const char *name = o->inplace;
	size_t len = 0, olen = 0;
	int rc;

	if (o->inplace)
		rc = fe_lock_open(o->inplace, &lk, e);
	else
		rc = fe_read_input(path, &text, &len, &name, e);
	if (rc)
		goto out;
	if ((rc = o->inplace ? dice_state_read(o->g, lk.buf, lk.len, e) : dice_state_read(o->g, text, len, e))) {
		if (rc == C_INPUT)
			cerr_prefix(e, "%s", name);
		goto out;
	}
	rc = fn(o, o->g, name, argc, argv, &out, &olen, e);
	if (!rc && out)
		rc = put(&lk, out, olen, e);
out:
	fe_unlock(&lk);
	free(text);
	free(out);
	return rc;
}

/* The command's table, defined below with its subcommands, for the usage errors of their handlers. */
static const struct fe_cmd command;

/* Each subcommand's handler: the operands checked, then the work. */
static int at_most_one(struct opts *o, const char *sub, int argc, char **argv, sheet_fn *fn,
		       struct cerr *e)
{
	if (argc > 1) {
		o->reported = 1;
		return fe_usagef(&command, "too many operands for '%s'", sub);
	}
	return one_input(o, fn, argc ? argv[0] : NULL, 0, NULL, e);
}

static int run_no_input(struct opts *o, const char *sub, int argc, struct cerr *e)
{
	if (argc) {
		o->reported = 1;
		return fe_usagef(&command, "'%s' takes no operands", sub);
	}
	return C_OK;
}

static int write_out(char *out, size_t olen, struct cerr *e)
{
	int rc = fe_write_stdout(out, olen, e);
	free(out);
	return rc;
}

static int run_new(void *ctx, int argc, char **argv, struct cerr *e)
{
	struct opts *o = ctx;
	char *out = NULL;
	size_t olen = 0;
	int rc = run_no_input(o, "new", argc, e);
	if (!rc && !(rc = cmd_new(o, o->g, e)))
		rc = dice_state_write(o->g, o->compact, &out, &olen, e);
	return rc ? (free(out), rc) : write_out(out, olen, e);
}

static int run_map(void *ctx, int argc, char **argv, struct cerr *e)
{
	struct opts *o = ctx;
	char *out = NULL;
	size_t olen = 0;
	int rc = run_no_input(o, "map", argc, e);
	struct dmap *m = NULL;
	if (!rc && !(m = malloc(sizeof *m)))
		rc = cerr_set(e, C_SYSTEM, "out of memory");
	if (!rc && !(rc = load_map(o, m, e)))
		rc = dice_map_dump(m, o->compact, &out, &olen, e);
	free(m);
	return rc ? (free(out), rc) : write_out(out, olen, e);
}

static int run_move(void *ctx, int argc, char **argv, struct cerr *e)
{
	struct opts *o = ctx;
	char *notes = NULL;
	int rc;
	if (!argc) {
		o->reported = 1;
		return fe_usagef(&command, "name the moves: move roll");
	}
	/* In place nothing else shows the dice: they are said on stderr, once the file holds them. */
	o->notes = o->inplace ? &notes : NULL;
	rc = one_input(o, sheet_move, NULL, argc, argv, e);
	if (!rc && notes && fputs(notes, stderr) == EOF)
		rc = cerr_set(e, C_SYSTEM, "cannot write to standard error");
	free(notes);
	return rc;
}

static int run_auto(void *ctx, int argc, char **argv, struct cerr *e)
{
	struct opts *o = ctx;
	if (argc) {
		o->reported = 1;
		return fe_usagef(&command, "too many operands for '%s'", "auto");
	}
	return one_input(o, sheet_auto, NULL, 0, NULL, e);
}

static int run_list(void *ctx, int argc, char **argv, struct cerr *e)
{
	return at_most_one(ctx, "list", argc, argv, sheet_list, e);
}

static int run_score(void *ctx, int argc, char **argv, struct cerr *e)
{
	return at_most_one(ctx, "score", argc, argv, sheet_score, e);
}

static int run_render(void *ctx, int argc, char **argv, struct cerr *e)
{
	return at_most_one(ctx, "render", argc, argv, sheet_render, e);
}

static int run_view(void *ctx, int argc, char **argv, struct cerr *e)
{
	return at_most_one(ctx, "view", argc, argv, sheet_view, e);
}

static int run_validate(void *ctx, int argc, char **argv, struct cerr *e)
{
	struct opts *o = ctx;
	int rc = C_OK;
	if (argc <= 1)
		return at_most_one(o, "validate", argc, argv, sheet_validate, e);
	/* Every file is checked; the exit status is the worst seen. */
	o->reported = 1;
	for (int i = 0; i < argc; i++) {
		int r = one_input(o, sheet_validate, argv[i], 0, NULL, e);
		if (r) {
			fe_report(e);
			rc = r > rc ? r : rc;
		}
	}
	return rc;
}

static const int opts_new[] = { O_ISLAND, O_PLAYERS, O_SEED, O_MAP, O_EXTERNAL, O_CASTLES, 0 };
static const int opts_move[] = { 'i', O_AS, 0 };
static const int opts_auto[] = { 'i', O_AS, O_TURNS, O_ALL, O_MAX_TURNS, 0 };
static const int opts_list[] = { O_ALL, 0 };
static const int opts_score[] = { O_JSON, 0 };
static const int opts_render[] = { O_SVG, 0 };
static const int opts_map[] = { O_ISLAND, O_MAP, 0 };
static const int opts_common[] = { 'h', 'V', 'c', 0 };

static const struct fe_sub subs[] = {
	{ "new", "[-c] new [--island 1|2|3] [--players NAMES] [--seed N] [--map FILE] [--external] [--castles]",
	  "a new sheet", opts_new, FE_OPERANDS_NONE, run_new },
	{ "move", "[-c] [-i FILE] [--as NAME] move MOVE...",
	  "apply moves: roll [FACE...]; reroll DIE... [to FACE...]; keep DIE...|FACE... [to FACE...]; reroll all "
	  "[to FACE...]; joker ID on die DIE [RESOURCE]; gold on dice DIE DIE to RESOURCE; build ID...; end; "
	  "start ROAD (the Extra)  (several at once separated by ';')", opts_move, FE_OPERANDS_WORDS, run_move },
	{ "list", "list [--all] [FILE]", "the legal moves, one a line; the rerolls in one line unless --all",
	  opts_list, FE_OPERANDS_FILES, run_list },
	{ "score", "score [--json] [FILE]", "the scores and, once the game is over, the winners", opts_score,
	  FE_OPERANDS_FILES, run_score },
	{ "render", "render [--svg] [FILE]", "the sheets as text, or as SVG with --svg", opts_render,
	  FE_OPERANDS_FILES, run_render },
	{ "validate", "validate [FILE...]", "replay each sheet's log from the start and compare", NULL,
	  FE_OPERANDS_FILES, run_validate },
	{ "view", "[-c] view [FILE]", "the sheet without its generator, for the players to see", NULL,
	  FE_OPERANDS_FILES, run_view },
	{ "auto", "[-c] [-i FILE] auto [--turns N | --all [--max-turns N]]", "play turns by the automatic policy",
	  opts_auto, FE_OPERANDS_NONE, run_auto },
	{ "map", "[-c] map [--island 1|2|3 | --map FILE]", "print a built-in map, or check a map file", opts_map,
	  FE_OPERANDS_NONE, run_map },
	{ NULL, NULL, NULL, NULL, FE_OPERANDS_NONE, NULL },
};

static const struct fe_cmd command = {
	.opts = options,
	.common = opts_common,
	.subs = subs,
	.operands = FE_OPERANDS_NONE,
	.description = "The Catan Dice Game, Island One, Island Two and the Extra (island 3: two to four players "
		"on one shared map), on a JSON sheet read from stdin (or FILE, or -i FILE) and written to stdout.",
	.epilogue = "exit status: 0 done, 1 the rules say no, 2 usage, 3 bad input, 4 system error",
};

/* set_option: records one option of the command line; C_USAGE (reported) for a bad value. */
static int set_option(struct opts *o, int c, const char *arg)
{
	unsigned long long v;
	if (c >= 0 && c < O_END)
		o->given[c] = 1;
	switch (c) {
	case 'c': o->compact = 1; break;
	case 'i': o->inplace = arg; break;
	case O_ISLAND:
		if (fe_parse_u64(arg, DICE_EXTRA, &v) || v < 1)
			return fe_usagef(&command, "--island takes 1, 2 or 3, not '%s'", arg);
		o->island = (int)v;
		break;
	case O_PLAYERS: o->players = arg; break;
	case O_SEED:
		if (fe_parse_u64(arg, DICE_MAXSEED, &o->seed))
			return fe_usagef(&command, "--seed takes a whole number from 0 to 2^53-1, not '%s'",
					 arg);
		o->seeded = 1;
		break;
	case O_MAP: o->map = arg; break;
	case O_EXTERNAL: o->external = 1; break;
	case O_CASTLES: o->castles = 1; break;
	case O_AS: o->as = arg; break;
	case O_TURNS:
	case O_MAX_TURNS:
		if (fe_parse_u64(arg, 100000, &v) || v < 1)
			return fe_usagef(&command, "--%s takes a number from 1 to 100000, not '%s'",
					 c == O_TURNS ? "turns" : "max-turns", arg);
		*(c == O_TURNS ? &o->turns : &o->max_turns) = v;
		break;
	case O_ALL: o->all = 1; break;
	case O_SVG: o->svg = 1; break;
	case O_JSON: o->json = 1; break;
	}
	return C_OK;
}

/* check_options: the options given against what sub takes and each other. */
static int check_options(const struct opts *o, const struct fe_sub *sub)
{
	for (const struct fe_opt *op = options; op->name; op++)
		if (op->id >= O_ISLAND && o->given[op->id] && !fe_sub_takes(&command, sub, op->id))
			return fe_usagef(&command, "--%s means nothing to '%s'", op->name, sub->name);
	if (o->inplace && !fe_sub_takes(&command, sub, 'i'))
		return fe_usagef(&command, "-i is for move and auto, not '%s'", sub->name);
	if (o->all && o->given[O_TURNS])
		return fe_usagef(&command, "--turns and --all exclude each other");
	if (o->given[O_MAX_TURNS] && !o->all)
		return fe_usagef(&command, "--max-turns bounds auto --all: give --all too");
	if (o->external && o->seeded)
		return fe_usagef(&command, "--seed means nothing with --external");
	return C_OK;
}

int main(int argc, char **argv)
{
	struct opts o;
	struct cerr e = { 0, "" };
	struct dgame g;
	const struct fe_sub *sub;
	int c, rc = C_OK;

	memset(&o, 0, sizeof o);
	o.max_turns = MAX_TURNS;
	dice_game_init(&g);
	o.g = &g;
	while ((c = fe_next_option(&command, argc, argv, &rc)) != -1)
		if (c == FE_STOP || (rc = set_option(&o, c, optarg)))
			goto out;
	if (optind >= argc) {
		char names[160] = "";
		size_t n = 0;
		for (const struct fe_sub *s = command.subs; s->name && n < sizeof names; s++)
			n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", n ? ", " : "", s->name);
		rc = fe_usagef(&command, "name a subcommand: %s", names);
		goto out;
	}
	if (!(sub = fe_sub_find(&command, argv[optind]))) {
		rc = fe_usagef(&command, "unknown subcommand '%s'", argv[optind]);
		goto out;
	}
	if ((rc = check_options(&o, sub)))
		goto out;
	rc = sub->run(&o, argc - optind - 1, argv + optind + 1, &e);
	if (rc && !o.reported) {
		fe_report(&e);
		goto out;
	}
	if (rc == C_USAGE && o.reported)
		goto out;
	if (fe_close_stdout(&e) != C_OK && !rc)
		rc = fe_report(&e);
out:
	dice_game_free(&g);
	return rc;
}
