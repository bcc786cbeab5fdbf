/* catan-match: plays a match between players over a range of seeds, a JSON line a game and a table at the end. */
#include <errno.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "play/autoplay.h"
#include "err.h"
#include "fe.h"
#include "fe_game.h"
#include "fe_player.h"
#include "play/match.h"
#include "model/names.h"
#include "model/ruleset.h"
#include "model/state.h"
#include "doc/state_json.h"

const char fe_progname[] = "catan-match";

enum { O_SEEDS = 's', O_SHARD = 'k', O_JOBS = 'j', O_PLAYERS = 'p', O_NUMBERS = 'n', O_RULES = 'r',
       O_NEUTRAL = 'N', O_TURN_LIMIT = 't', O_MOVE_TIME = 'm', O_FALLBACK = 'f', O_GAMES = 'g',
       O_SUMMARY = 'S', O_QUIET = 'q', O_TALLY = 'T' };

static const char *const fallback_words[] = { "random", "greedy", "none", NULL };

static const struct fe_opt options[] = {
	{ "seeds", O_SEEDS, FE_ARG, NULL, .help = "the games' seeds, A to B", .value_name = "A-B",
	  .text = "the games' seeds, A to B (default 1-100; one number: one game)" },
	{ "shard", O_SHARD, FE_ARG, NULL, .help = "only the games i with i mod N = K-1", .value_name = "K/N",
	  .text = "only the games i (from 0 at A) with i mod N = K-1" },
	{ "jobs", O_JOBS, FE_ARG, NULL, .help = "play N games at once", .value_name = "N",
	  .text = "play N games at once; the lines still come in seed order" },
	{ "players", O_PLAYERS, FE_ARG_LIST, colour_words, .help = "the seats' colours", .value_name = "COLOURS",
	  .text = "the seats' colours (default: the first of red,blue,white,orange,green,brown)" },
	{ "numbers", O_NUMBERS, FE_ARG, fe_numbers_words, .help = "number tokens", .value_name = "MODE",
	  .text = "number tokens: spiral (default) or random" },
	{ "rules", O_RULES, FE_ARG, NULL, .help = "a rules option", .value_name = "KEY=VALUE",
	  .text = "a rules option, as catan-newboard's (variant=two: Catan for Two)" },
	{ "neutral", O_NEUTRAL, FE_ARG, NULL, .help = "the neutral settlements' intersections", .value_name = "A,B",
	  .text = "variant=two: the neutral settlements' intersections (14,41)" },
	{ "turn-limit", O_TURN_LIMIT, FE_ARG, NULL, .help = "a game past turn N ends without a winner",
	  .value_name = "N", .text = "a game past turn N ends without a winner (default 1000; 0: none)" },
	{ "move-time", O_MOVE_TIME, FE_ARG, NULL, .help = "a program's time for each answer", .value_name = "MS",
	  .text = "a program's time for each answer, in milliseconds (default 10000)" },
	{ "fallback", O_FALLBACK, FE_ARG, fallback_words, .help = "who plays a failed program's seat",
	  .value_name = "POLICY", .text = "who plays a failed program's seat: random (default), greedy, or none "
		  "(the seat forfeits and the game ends)" },
	{ "games", O_GAMES, FE_ARG_FILE, NULL, .help = "write each game's document to DIR", .value_name = "DIR",
	  .text = "write each game's document to DIR/SEED.json" },
	{ "summary", O_SUMMARY, FE_NO_ARG, NULL, .help = "write only the table",
	  .text = "write only the table, on standard output" },
	{ "quiet", O_QUIET, FE_NO_ARG, NULL, .help = "neither the table nor the progress line" },
	{ "tally", O_TALLY, FE_NO_ARG, NULL, .help = "the table of a match's lines",
	  .text = "play nothing: the table, on standard output, of the lines of a match in the FILEs (standard "
		  "input without one), in any order" },
	FE_OPT_END,
};

static void values(int id, const char *cur)
{
	if (id == O_RULES)
		fe_rule_values(cur);
}

/* The operands: the players' policies (a program's exec: is the user's to type); with --tally, files. */
static void player_words(int nw, char **w, const char *cur)
{
	for (int i = 0; i < nw; i++)
		if (strcmp(w[i], "--tally") == 0 || strcmp(w[i], "-T") == 0) {
			puts("@file");
			return;
		}
	for (int k = POL_RANDOM; k < NPOLICY; k++)
		fe_candidate(policy_names[k], cur);
	fe_candidate("exec:", cur);
}

static const char *const usage[] = {
	"[--seeds A-B] [--shard K/N] [-j N] [--players COLOURS] [--numbers MODE] [--rules KEY=VALUE]... "
	"[--neutral A,B] [--turn-limit N] [--move-time MS] [--fallback POLICY] [--games DIR] "
	"[--summary | --quiet] PLAYER...",
	"--tally [FILE...]",
	NULL,
};

static const struct fe_cmd command = {
	.opts = options, .operands = FE_OPERANDS_WORDS, .values = values, .words = player_words,
	.usage = usage,
	.description = "Plays one game for each seed between the PLAYERs (one a seat: 2 to 4; 2 with --rules "
		"variant=two; 5 or 6 play the 5-6 player extension), each a built-in "
		"policy (random, greedy, search[:N] or best[:N], N play-outs a decision) or a program that "
		"speaks the player protocol (exec:COMMAND, catan-player(5)), and writes one JSON line a game in "
		"seed order.  Game seed k seats player (s + k) mod n at seat s; its board and luck are those of "
		"catan-newboard's game of seed k.  A table per player goes to standard error at the end.",
};

/* Games are played a block at a time, so that memory stays the same however many there are. */
#define BLOCK 1024

/* One game's outcome, kept from its worker until it is written in order. */
struct slot {
	struct match_result r;
	char *line;
	size_t len;
	int rc;
	struct cerr e;
};

struct run {
	struct match_opts o;
	uint64_t first, last, shard, nshards;	/* seeds first..last; the games i with i % nshards == shard */
	int jobs, move_ms, summary, quiet;
	const char *games;
	uint64_t base;		/* the block's first game number */
	struct slot slot[BLOCK];
	struct match_stats st;
	struct match_fault first_fault[MAXPLAYERS];	/* by player: its program's first failure, if why[0] */
	uint64_t done, total;
	struct fe_progress pr;
	atomic_int stop;
	int rc;
	struct cerr e;
};

/* The programs of one game: the transport match_play calls. */
struct progs {
	const struct run *run;
	struct fe_player p[MAXPLAYERS];
};

static int io_start(void *ctx, int player, char *why, char *detail)
{
	struct progs *ps = ctx;
	return fe_player_start(&ps->p[player], why, detail);
}

static int io_send(void *ctx, int player, const char *text, size_t len, char *why, char *detail)
{
	struct progs *ps = ctx;
	return fe_player_send(&ps->p[player], text, len, ps->run->move_ms, why, detail);
}

static int io_recv(void *ctx, int player, char *line, size_t n, char *why, char *detail)
{
	struct progs *ps = ctx;
	return fe_player_recv(&ps->p[player], line, n, ps->run->move_ms, why, detail);
}

static void io_stop(void *ctx, int player)
{
	struct progs *ps = ctx;
	fe_player_stop(&ps->p[player]);
}

/* write_game: g's document to DIR/SEED.json. */
static int write_game(const char *dir, uint64_t seed, const struct game *g, struct cerr *e)
{
	char path[4096], *out = NULL;
	size_t len;
	int rc = game_write(g, 0, &out, &len, e);
	if (rc)
		return rc;
	snprintf(path, sizeof path, "%s/%" PRIu64 ".json", dir, seed);
	FILE *f = fopen(path, "w");
	if (!f || fwrite(out, 1, len, f) != len || fclose(f) != 0) {
		rc = cerr_set(e, C_SYSTEM, "%s: cannot write: %s", path, strerror(errno));
		if (f)
			fclose(f);
	}
	free(out);
	return rc;
}

/* work: game i of the block (the run's game base + i), played and made into its line. */
static void work(void *ctx, size_t i)
{
	struct run *run = ctx;
	struct slot *sl = &run->slot[i];
	uint64_t seed = run->first + (run->base + i) * run->nshards + run->shard;
	struct progs ps = { .run = run };
	struct match_io io = { &ps, io_start, io_send, io_recv, io_stop };
	struct buf b = { 0 };
	struct game g;

	sl->line = NULL;
	if (atomic_load(&run->stop)) {
		sl->rc = -1;
		return;
	}
	for (int p = 0; p < run->o.nplayers; p++) {
		ps.p[p].cmd = strncmp(run->o.player[p].name, "exec:", 5) == 0 ? run->o.player[p].name + 5 : NULL;
		ps.p[p].pid = 0;
		ps.p[p].fd = -1;
	}
	sl->rc = match_play(&run->o, seed, &io, &g, &sl->r, &sl->e);
	if (sl->rc == C_OK && run->games)
		sl->rc = write_game(run->games, seed, &g, &sl->e);
	game_free(&g);
	if (sl->rc == C_OK) {
		match_line(&run->o, &sl->r, &b);
		sl->rc = buf_finish(&b, &sl->line, &sl->len, &sl->e);
	}
	if (sl->rc)
		atomic_store(&run->stop, 1);
}

/* done: game i's line written and counted, in order; the first failure stops the run. */
static void done(void *ctx, size_t i)
{
	struct run *run = ctx;
	struct slot *sl = &run->slot[i];
	if (run->rc == C_OK && sl->rc > 0) {
		run->rc = sl->rc;
		run->e = sl->e;
		cerr_prefix(&run->e, "seed %" PRIu64, sl->r.seed);
	}
	if (run->rc == C_OK && sl->rc == C_OK) {
		match_stats_add(&run->st, &sl->r);
		for (int k = 0; k < sl->r.nfault; k++) {
			struct match_fault *f = &run->first_fault[sl->r.player[sl->r.fault[k].seat]];
			if (!f->why[0])
				*f = sl->r.fault[k];
		}
		if (!run->summary && fwrite(sl->line, 1, sl->len, stdout) != sl->len) {
			run->rc = cerr_set(&run->e, C_SYSTEM, "cannot write the output");
			atomic_store(&run->stop, 1);
		}
		run->done++;
		double t = fe_progress_seconds(&run->pr);
		char left[32];
		fe_progress_show(&run->pr, 0, "%" PRIu64 "/%" PRIu64 " games (%.0f%%), %.0f games/s, %s", run->done,
				 run->total, 100.0 * (double)run->done / (double)run->total, (double)run->done / t,
				 fe_progress_left(&run->pr, (double)run->done, (double)run->total, left, sizeof left));
	}
	free(sl->line);
	sl->line = NULL;
}

/* tally_file: the lines of f (called name) counted into t; C_INPUT naming the line that is no game's. */
static int tally_file(struct match_tally *t, FILE *f, const char *name, struct cerr *e)
{
	char *line = NULL;
	size_t cap = 0, n = 0;
	ssize_t len;
	struct match_result r;
	int rc = C_OK;

	while (rc == C_OK && (len = getline(&line, &cap, f)) >= 0) {
		n++;
		if (len == 0 || (len == 1 && line[0] == '\n'))
			continue;
		if ((rc = match_read_line(t, line, (size_t)len, &r, e)) == C_OK)
			match_tally_add(t, &r);
		else
			cerr_prefix(e, "%s: line %zu", name, n);
	}
	if (rc == C_OK && ferror(f))
		rc = cerr_set(e, C_SYSTEM, "%s: cannot read: %s", name, strerror(errno));
	free(line);
	return rc;
}

/* tally: the table of the lines in files[0..n) (stdin when n is 0), on stdout. */
static int tally(int n, char **files, struct cerr *e)
{
	struct match_tally *t = malloc(sizeof *t);
	struct buf b = { 0 };
	char *text = NULL;
	size_t len;
	int rc = C_OK;

	if (!t)
		return cerr_set(e, C_SYSTEM, "out of memory");
	match_tally_init(t);
	for (int i = 0; rc == C_OK && i < (n ? n : 1); i++) {
		const char *name = n && strcmp(files[i], "-") != 0 ? files[i] : NULL;
		FILE *f = name ? fopen(name, "r") : stdin;
		if (!f) {
			rc = cerr_set(e, C_SYSTEM, "%s: cannot open: %s", name, strerror(errno));
			break;
		}
		rc = tally_file(t, f, name ? name : "stdin", e);
		if (name)
			fclose(f);
	}
	if (rc == C_OK && t->st.games == 0)
		rc = cerr_set(e, C_INPUT, "no game's line to count");
	if (rc == C_OK) {
		match_table(&t->o, &t->st, &b);
		if ((rc = buf_finish(&b, &text, &len, e)) == C_OK)
			rc = fe_output(text, len, e);
	}
	free(text);
	free(t);
	return rc;
}

/* parse_range: "A-B" or "A" into *a, *b (A <= B, each 0 to INT64_MAX). */
static int parse_range(const char *arg, uint64_t *a, uint64_t *b)
{
	char lo[32];
	unsigned long long x, y;
	const char *dash = strchr(arg, '-');
	size_t n = dash ? (size_t)(dash - arg) : strlen(arg);
	if (n >= sizeof lo)
		return -1;
	memcpy(lo, arg, n);
	lo[n] = '\0';
	if (fe_parse_u64(lo, INT64_MAX, &x) || fe_parse_u64(dash ? dash + 1 : lo, INT64_MAX, &y) || y < x)
		return -1;
	*a = x;
	*b = y;
	return 0;
}

/* parse_shard: "K/N" with 1 <= K <= N. */
static int parse_shard(const char *arg, uint64_t *k, uint64_t *n)
{
	char buf[32];
	unsigned long long x, y;
	const char *slash = strchr(arg, '/');
	if (!slash || (size_t)(slash - arg) >= sizeof buf)
		return -1;
	memcpy(buf, arg, (size_t)(slash - arg));
	buf[slash - arg] = '\0';
	if (fe_parse_u64(buf, INT64_MAX, &x) || fe_parse_u64(slash + 1, INT64_MAX, &y) || x < 1 || x > y)
		return -1;
	*k = x - 1;
	*n = y;
	return 0;
}

/* parse_player: a policy's name or exec:COMMAND. */
static int parse_player(const char *arg, struct match_player *p)
{
	p->name = arg;
	if (strncmp(arg, "exec:", 5) == 0 && arg[5]) {
		p->policy = POL_NONE;
		return C_OK;
	}
	struct cerr e = { 0 };
	if (autoplay_policy_parse(arg, &p->policy, &p->budget, &e) == C_OK)
		return C_OK;
	if (strncmp(arg, "search:", 7) == 0 || strncmp(arg, "best:", 5) == 0)
		return fe_usagef(&command, "%s", e.msg);
	return fe_usagef(&command, "unknown player '%s' (random, greedy, search[:N], best[:N], or exec:COMMAND)", arg);
}

/* fallback_parse: --fallback's word into *policy; -1 for a word that names none. */
static int fallback_parse(const char *arg, int *policy)
{
	static const int policies[] = { POL_RANDOM, POL_GREEDY, POL_NONE };
	for (int k = 0; fallback_words[k]; k++)
		if (strcmp(arg, fallback_words[k]) == 0) {
			*policy = policies[k];
			return 0;
		}
	return -1;
}

/* What the options named beside the run: a tally instead of a match, and what newgame_settle is told. */
struct named {
	int tally, others;	/* --tally; the other options */
	unsigned game;		/* NG_COLOURS, NG_VARIANT */
};

/* run_option: one option of a match (opt, its value optarg) into run; C_OK, or C_USAGE told. */
static int run_option(struct run *run, int opt, struct named *nm)
{
	struct newgame *ng = &run->o.ng;
	unsigned long long v;

	switch (opt) {
	case O_SEEDS:
		if (parse_range(optarg, &run->first, &run->last))
			return fe_usagef(&command, "--seeds: '%s' is not a range A-B of seeds (0 to %" PRId64 ")",
					 optarg, INT64_MAX);
		return C_OK;
	case O_SHARD:
		if (parse_shard(optarg, &run->shard, &run->nshards))
			return fe_usagef(&command, "--shard: '%s' is not K/N with 1 <= K <= N", optarg);
		return C_OK;
	case O_JOBS:
		if (fe_parse_u64(optarg, 256, &v) || v == 0)
			return fe_usagef(&command, "--jobs: '%s' is not a number from 1 to 256", optarg);
		run->jobs = (int)v;
		return C_OK;
	case O_PLAYERS:
		return fe_newgame_players(&command, optarg, ng, &nm->game);
	case O_NUMBERS:
		return fe_newgame_numbers(&command, optarg, ng);
	case O_RULES:
		return fe_newgame_rule(&command, optarg, &ng->rules, &nm->game);
	case O_NEUTRAL:
		return fe_newgame_neutral(&command, optarg, ng);
	case O_TURN_LIMIT:
		if (fe_parse_u64(optarg, MAX_TURN, &v))
			return fe_usagef(&command, "--turn-limit: '%s' is not a turn number (0 to %d)", optarg,
					 MAX_TURN);
		run->o.turn_limit = (int)v;
		return C_OK;
	case O_MOVE_TIME:
		if (fe_parse_u64(optarg, 3600000, &v) || v == 0)
			return fe_usagef(&command, "--move-time: '%s' is not a number of milliseconds (1 to 3600000)",
					 optarg);
		run->move_ms = (int)v;
		return C_OK;
	case O_FALLBACK:
		if (fallback_parse(optarg, &run->o.fallback))
			return fe_usagef(&command, "--fallback: expected random, greedy or none, not '%s'", optarg);
		return C_OK;
	case O_GAMES:
		run->games = optarg;
		return C_OK;
	case O_SUMMARY:
		run->summary = 1;
		return C_OK;
	case O_QUIET:
		run->quiet = 1;
		return C_OK;
	}
	return C_OK;
}

/* read_options: the options into run and nm, with the defaults; -1 to go on, else the status to exit with. */
static int read_options(struct run *run, int argc, char **argv, struct named *nm)
{
	int opt, rc;

	run->first = 1;
	run->last = 100;
	run->nshards = 1;
	run->jobs = 1;
	run->move_ms = 10000;
	run->o.turn_limit = 1000;
	run->o.fallback = POL_RANDOM;
	rules_default(&run->o.ng.rules);
	while ((opt = fe_next_option(&command, argc, argv, &rc)) != -1) {
		if (opt == FE_STOP)
			return rc;
		nm->others += opt != O_TALLY;
		nm->tally |= opt == O_TALLY;
		if ((rc = run_option(run, opt, nm)))
			return rc;
	}
	return -1;
}

/* settle: the match's options checked against each other and its n players (argv) read; C_OK or C_USAGE, told. */
static int settle(struct run *run, int n, char **argv, const struct named *nm)
{
	struct newgame *ng = &run->o.ng;
	int rc;

	if (run->summary && run->quiet)
		return fe_usagef(&command, "--summary and --quiet do not go together");
	if ((rc = fe_newgame_settle(&command, ng, nm->game | NG_COUNT, n)))
		return rc;
	if (ng->rules.outcomes == OUT_EXTERNAL)
		return fe_usagef(&command, "--rules: a match draws its outcomes: outcomes=internal");
	run->o.nplayers = n;
	for (int p = 0; p < n; p++)
		if ((rc = parse_player(argv[p], &run->o.player[p])))
			return rc;
	run->o.keep_log = run->games != NULL;
	if (run->games) {
		struct stat st;
		if (stat(run->games, &st) != 0 || !S_ISDIR(st.st_mode))
			return fe_usagef(&command, "--games: '%s' is not a folder", run->games);
	}
	return C_OK;
}

/* play: the games of this shard, a block at a time, their lines written in order; the first failure stops them. */
static void play(struct run *run)
{
	/* The games of this shard: i = shard, shard + N, ... below the range's size. */
	uint64_t size = run->last - run->first + 1;
	run->total = size > run->shard ? (size - run->shard - 1) / run->nshards + 1 : 0;
	fe_progress_start(&run->pr, !run->quiet && !run->summary && isatty(STDERR_FILENO));
	for (run->base = 0; run->base < run->total && run->rc == C_OK; run->base += BLOCK) {
		uint64_t k = run->total - run->base < BLOCK ? run->total - run->base : BLOCK;
		if (fe_pool_run((size_t)k, run->jobs, work, done, run)) {
			run->rc = cerr_set(&run->e, C_SYSTEM, "out of memory");
			break;
		}
	}
	fe_progress_clear(&run->pr);
}

/* report: the table, on standard error (standard output with --summary; nowhere with --quiet). */
static int report(struct run *run)
{
	struct buf table = { 0 };
	char *text = NULL;
	size_t len;
	int rc = C_OK;

	if (run->quiet && !run->summary)
		return C_OK;
	match_table(&run->o, &run->st, &table);
	if ((rc = buf_finish(&table, &text, &len, &run->e)) == C_OK) {
		if (run->summary)
			rc = fe_write_stdout(text, len, &run->e);
		else
			fputs(text, stderr);
	}
	free(text);
	return rc;
}

/*
 * failed_all: each player whose program failed in every game, named on
 * standard error with its first failure (once for a name given twice);
 * C_ILLEGAL when there is one, so that a match a program never played
 * does not pass for one played.
 */
static int failed_all(const struct run *run)
{
	int rc = C_OK;
	for (int p = 0; p < run->o.nplayers; p++) {
		int again = 0;
		if (run->st.games == 0 || run->st.failed[p] < run->st.games)
			continue;
		for (int q = 0; q < p; q++)
			again |= strcmp(run->o.player[q].name, run->o.player[p].name) == 0 &&
				 run->st.failed[q] == run->st.games;
		if (again)
			continue;
		const struct match_fault *f = &run->first_fault[p];
		fe_error("player %d, %s, failed in every game (%ld of %ld); the first time: %s: %s",
			 match_player_row(&run->o, p, NULL) + 1,
			 run->o.player[p].name, run->st.failed[p], run->st.games, f->why, f->detail);
		rc = C_ILLEGAL;
	}
	return rc;
}

/* run_match: the command, with its state in run (zeroed). */
static int run_match(struct run *run, int argc, char **argv)
{
	struct named nm = { 0 };
	int rc;

	if ((rc = read_options(run, argc, argv, &nm)) >= 0)
		return rc;
	if (nm.tally && nm.others)
		return fe_usagef(&command, "--tally takes no other option");
	if (nm.tally) {
		if ((rc = tally(argc - optind, argv + optind, &run->e)))
			fe_report(&run->e);
		return rc;
	}
	if ((rc = settle(run, argc - optind, argv + optind, &nm)))
		return rc;
	play(run);
	if ((rc = run->rc) == C_OK)
		rc = report(run);
	if (rc == C_OK)
		rc = fe_close_stdout(&run->e);
	if (rc)
		fe_report(&run->e);
	else
		rc = failed_all(run);
	return rc;
}

int main(int argc, char **argv)
{
	/* Large (a block of results): on the heap, not the stack. */
	struct run *run = calloc(1, sizeof *run);
	if (!run) {
		fe_error("out of memory");
		return C_SYSTEM;
	}
	int rc = run_match(run, argc, argv);
	free(run);
	return rc;
}
