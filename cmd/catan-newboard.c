/* catan-newboard: writes a new game: the beginner board or a random board from a seed. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "fe.h"
#include "fe_game.h"
#include "model/geom_json.h"
#include "model/names.h"
#include "model/ruleset.h"
#include "model/state.h"
#include "doc/state_json.h"

const char fe_progname[] = "catan-newboard";

enum { O_BEGINNER = 'b', O_SEED = 's', O_SECRET = 'S', O_PLAYERS = 'p', O_NUMBERS = 'n', O_HARBOURS = 'H', O_RULES = 'r', O_NEUTRAL = 'N',
       O_COMPACT = 'c', O_POSITION = 'P', O_GEOMETRY = 'g' };

static const struct fe_opt options[] = {
	{ "beginner", O_BEGINNER, FE_NO_ARG, NULL, .help = "the beginner board",
	  .text = "the beginner board with its starting pieces and resources" },
	{ "seed", O_SEED, FE_ARG, NULL, .help = "seed the generator", .value_name = "N",
	  .text = "seed the generator (0 to 9223372036854775807): the board and, without --secret, the dice and "
		  "cards too (a reproducible game: never referee it); default: a random seed and --secret" },
	{ "secret", O_SECRET, FE_NO_ARG, NULL, .help = "hidden outcomes from a secret key",
	  .text = "the dice, the deck and the steals come from a secret key kept in the game file, not from the "
		  "seed: a game to referee" },
	{ "players", O_PLAYERS, FE_ARG_LIST, colour_words, .help = "seat order", .value_name = "COLOURS",
	  .text = "seat order, 2 to 4 of red,blue,white,orange (default: all four; red,blue with variant=two)" },
	{ "numbers", O_NUMBERS, FE_ARG, fe_numbers_words, .help = "number tokens on a random board",
	  .value_name = "MODE", .text = "number tokens on a random board: spiral (default) or random" },
	{ "harbours", O_HARBOURS, FE_ARG, fe_harbours_words, .help = "harbour kinds on a random board",
	  .value_name = "MODE", .text = "harbour kinds on a random board: shuffled (default) or fixed (the rule "
		  "set's order; the terrains and tokens stay the same)" },
	{ "rules", O_RULES, FE_ARG, NULL, .help = "a rules option", .value_name = "KEY=VALUE",
	  .text = "a rules option (default first): variant (base|two|five_six), points_to_win (10), discard_limit (7), "
		  "trade_build (combined|strict), outcomes (internal|external), open_hands, dev_after_roll, "
		  "reroll_sevens, keep_settlement, friendly_robber (off|on), road_tie (keep|aside), "
		  "vp_cards (held|played), ignore_seven, knight_interrupt, paired_players (off|on; five or six "
		  "players: a second player's part of each turn instead of the building phase)" },
	{ "neutral", O_NEUTRAL, FE_ARG, NULL, .help = "the neutral settlements' intersections", .value_name = "A,B",
	  .text = "variant=two: the neutral settlements' intersections (14,41)" },
	{ "position", O_POSITION, FE_ARG_FILE, NULL, .help = "a game that starts at a position",
	  .value_name = "FILE", .text = "a game that starts at the position FILE names ('-': stdin): pieces, "
		  "hands, cards, whose turn (catan-newboard(1), POSITIONS), in any rule set; on the beginner board, "
		  "or a random one with --seed alone or where the rule set has none" },
	{ "geometry", O_GEOMETRY, FE_NO_ARG, NULL, .help = "the board's geometry",
	  .text = "the geometry of the board the game would be played on" },
	{ "compact", O_COMPACT, FE_NO_ARG, NULL, .help = "compact JSON on one line" },
	FE_OPT_END,
};

/* rule_values: completes --rules from the rule set's options: "KEY=" for numbers, "KEY=WORD" for words. */
static void rule_values(int id, const char *cur)
{
	fe_rule_values(cur);
}

static const char *const usage[] = {
	"[--beginner] [--seed N [--secret]] [--players COLOURS] [--numbers MODE] [--harbours MODE] "
	"[--rules KEY=VALUE]... [--neutral A,B] [-c]",
	"--position FILE [--beginner] [--seed N [--secret]] [--numbers MODE] [--harbours MODE] "
	"[--rules KEY=VALUE]... [-c]",
	"--geometry [--players COLOURS] [--rules KEY=VALUE]... [-c]",
	NULL,
};

static const struct fe_cmd command = {
	.opts = options, .operands = FE_OPERANDS_NONE, .values = rule_values, .usage = usage,
	.description = "Writes a new Catan game as JSON (catan-state(5)) on standard output; with --geometry, the "
		"board's fixed geometry instead (which intersections, paths and hexes touch, the coast and the "
		"harbours' places), for programs that play.",
};

/* set_up: the game that starts at the position the document at path names (flags: game_set_up's). */
static int set_up(const char *path, const struct newgame *o, unsigned flags, struct game *g, struct cerr *e)
{
	char *buf = NULL;
	size_t len;
	const char *name;
	int rc = fe_read_input(path, &buf, &len, &name, e);
	if (rc == C_OK) {
		game_free(g);
		if ((rc = game_set_up(buf, len, o, flags, g, e)) == C_INPUT)
			cerr_prefix(e, "%s", name);
	}
	free(buf);
	return rc;
}

/* What the command line asks: the new game, and what decides its defaults. */
struct opts {
	struct newgame ng;
	int have_seed, have_numbers, have_shuffled, flags, geometry;
	int implied_beginner;	/* a position without --seed: the beginner board, where its rule set has one */
	unsigned named;		/* what the options named of the game (newgame_settle) */
	const char *game_only;	/* an option that makes a game, not a geometry */
	const char *position;
};

/* read_options: the options into o; -1 to go on, else the status to exit with. */
static int read_options(int argc, char **argv, struct opts *o)
{
	unsigned long long v;
	int opt, rc;

	memset(o, 0, sizeof *o);
	rules_default(&o->ng.rules);
	while ((opt = fe_next_option(&command, argc, argv, &rc)) != -1) {
		switch (opt) {
		case FE_STOP:
			return rc;
		case O_BEGINNER:
			o->game_only = "--beginner";
			o->ng.beginner = 1;
			break;
		case O_SECRET:
			o->game_only = "--secret";
			o->ng.has_secret = 1;
			break;
		case O_SEED:
			o->game_only = "--seed";
			if (fe_parse_u64(optarg, INT64_MAX, &v))
				return fe_usagef(&command, "--seed: '%s' is not a number from 0 to %" PRId64,
						 optarg, INT64_MAX);
			o->ng.seed = v;
			o->have_seed = 1;
			break;
		case O_PLAYERS:
			if ((rc = fe_newgame_players(&command, optarg, &o->ng, &o->named)))
				return rc;
			break;
		case O_NEUTRAL:
			o->game_only = "--neutral";
			if ((rc = fe_newgame_neutral(&command, optarg, &o->ng)))
				return rc;
			break;
		case O_NUMBERS:
			o->game_only = "--numbers";
			if ((rc = fe_newgame_numbers(&command, optarg, &o->ng)))
				return rc;
			o->have_numbers = 1;
			break;
		case O_HARBOURS:
			o->game_only = "--harbours";
			if ((rc = fe_newgame_harbours(&command, optarg, &o->ng)))
				return rc;
			o->have_shuffled = o->ng.harbours == HARBOURS_SHUFFLED;
			break;
		case O_RULES:
			if ((rc = fe_newgame_rule(&command, optarg, &o->ng.rules, &o->named)))
				return rc;
			break;
		case O_COMPACT:
			o->flags |= SJ_COMPACT;
			break;
		case O_GEOMETRY:
			o->geometry = 1;
			break;
		case O_POSITION:
			o->game_only = "--position";
			o->position = optarg;
			break;
		}
	}
	if (optind < argc)
		return fe_usagef(&command, "unexpected argument '%s'", argv[optind]);
	return -1;
}

/* settle: the options checked against each other and the defaults they leave decided; C_OK or C_USAGE, told. */
static int settle(struct opts *o)
{
	struct newgame *ng = &o->ng;
	if (o->position && (o->named & NG_COLOURS))
		return fe_usagef(&command, "--players: with --position the document names the players");
	/*
	 * A position stands on the beginner board unless a seed alone asks for
	 * a random one, or its rule set (named, or chosen by the document's
	 * players) has none.
	 */
	if (o->position && !o->have_seed && !ng->beginner && ruleset_of(ng->rules.variant)->beginner)
		o->implied_beginner = ng->beginner = 1;
	if (ng->beginner && o->have_numbers)
		return fe_usagef(&command, "--numbers applies to random boards, not --beginner");
	/* The beginner board's harbours are fixed already: 'fixed' says so, 'shuffled' cannot be. */
	if (ng->beginner && o->have_shuffled)
		return fe_usagef(&command, "--harbours shuffled applies to random boards, not --beginner (its harbours are fixed)");
	if (o->geometry && o->game_only)
		return fe_usagef(&command, "--geometry: the board's geometry has no %s", o->game_only);
	/* The players and the rule set (five or six colours alone play the 5-6 player extension). */
	return fe_newgame_settle(&command, ng, o->named, 0);
}

/* make_game: the new game (or the board's geometry) written to stdout. */
static int make_game(struct opts *o, struct cerr *e)
{
	struct newgame *ng = &o->ng;
	struct game g;
	char *out = NULL;
	size_t len = 0;
	int rc;

	if (o->geometry) {
		if ((rc = geom_write(ruleset_of(ng->rules.variant)->geom, o->flags & SJ_COMPACT, &out, &len, e)) == C_OK)
			rc = fe_output(out, len, e);
		free(out);
		return rc;
	}
	/* No seed: the luck comes from a secret key drawn here, and so does the board. */
	if (!o->have_seed) {
		if ((rc = fe_random_bytes(&ng->seed, sizeof ng->seed, e)))
			return rc;
		ng->seed >>= 1;
		ng->has_secret = 1;
	}
	if (ng->has_secret && (rc = fe_random_bytes(ng->secret, sizeof ng->secret, e)))
		return rc;
	game_init(&g);
	if (o->position) {
		/* The document's players choose the rule set unless --rules variant named it. */
		unsigned flags = o->named & NG_VARIANT ? SU_VARIANT : 0;
		if (o->implied_beginner) {
			flags |= SU_BEGINNER_IF_ANY;
			ng->beginner = 0;
		}
		rc = set_up(o->position, ng, flags, &g, e);
	} else {
		rc = game_new(&g, ng, e);
	}
	if (rc == C_OK && (rc = game_write(&g, o->flags, &out, &len, e)) == C_OK)
		rc = fe_output(out, len, e);
	free(out);
	game_free(&g);
	return rc;
}

int main(int argc, char **argv)
{
	struct opts o;
	struct cerr e = { 0 };
	int rc;

	if ((rc = read_options(argc, argv, &o)) >= 0 || (rc = settle(&o)))
		return rc;
	if ((rc = make_game(&o, &e)))
		fe_report(&e);
	return rc;
}
