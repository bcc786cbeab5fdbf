/* catan-move: applies moves to a game (all or nothing, or up to a refusal), on stdin/stdout or in place. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play/autoplay.h"
#include "play/batch.h"
#include "fe.h"
#include "fe_game.h"
#include "model/move.h"
#include "rules/movegen.h"
#include "model/names.h"
#include "doc/present.h"
#include "rules/rules.h"
#include "model/seats.h"
#include "model/state.h"
#include "model/view.h"
#include "doc/state_json.h"
#include "doc/status.h"

const char fe_progname[] = "catan-move";

enum {
	O_IN_PLACE = 'i', O_FILE = 'f', O_JSON = 'j', O_AS = 'a', O_VIEW = 'v', O_COMPACT = 'c',
	O_LIST = 'l', O_COUNT = 'n', O_UNTIL_END = 'u', O_POLICY = 'p', O_BOTS = 'b',
	O_TURN_LIMIT = 't', O_KEEP = 'k', O_OFFERS = 256, O_AUTO, O_AT, O_ALL_RATES, O_CHOOSE, O_STATUS,
	O_ERRORS,
};

static const char *const policy_words[] = { "random", "greedy", "search", "best", NULL };
static const char *const error_words[] = { "text", "json", NULL };

static const struct fe_opt options[] = {
	{ "in-place", O_IN_PLACE, FE_ARG_FILE, NULL, .help = "read FILE and replace it", .value_name = "FILE",
	  .text = "read FILE and replace it (locked, atomic); write nothing on stdout unless --view is given" },
	{ "file", O_FILE, FE_ARG_FILE, NULL, .help = "moves one per line", .value_name = "FILE",
	  .text = "moves one per line ('-': stdin, with -i); # comments and blank lines are skipped; applied "
		  "before the MOVE arguments; a line longer than 4096 bytes is refused as a move" },
	{ "keep", O_KEEP, FE_NO_ARG, NULL, .help = "keep the moves before a refused one",
	  .text = "keep the moves before a refused one (exit 1 all the same)" },
	{ "json", O_JSON, FE_NO_ARG, NULL, .help = "each move is a JSON object",
	  .text = "each move is a JSON object (one per argument or line)" },
	{ "as", O_AS, FE_ARG, colour_words, .help = "refuse any move that is not COLOUR's", .value_name = "COLOUR",
	  .text = "refuse any move that is not COLOUR's to make" },
	{ "view", O_VIEW, FE_ARG, colour_words, .help = "write COLOUR's view", .value_name = "COLOUR",
	  .text = "write COLOUR's view instead of the full game" },
	{ "compact", O_COMPACT, FE_NO_ARG, NULL, .help = "compact JSON on one line" },
	{ "errors", O_ERRORS, FE_ARG, error_words, .help = "text or json: how failures are told",
	  .value_name = "FORMAT", .text = "text (default) or json: with json every failure is told on standard error "
		  "as one JSON line for programs (status, move, text, canonical, stood, message), a refused move's "
		  "and a usage error's alike" },
	{ "list", O_LIST, FE_NO_ARG, NULL, .help = "every legal move", .group = "Legal moves (the game is not changed):",
	  .text = "every legal move of every player who may move, one per line (JSON objects with --json; only "
		  "COLOUR's with --as)" },
	{ "count", O_COUNT, FE_NO_ARG, NULL, .help = "the number of legal moves",
	  .text = "only the number of legal moves" },
	{ "status", O_STATUS, FE_NO_ARG, NULL, .help = "whom the game waits for, as one JSON line",
	  .text = "whom the game waits for, as one JSON line: the phase, the player whose turn it is, the turn, "
		  "the colours waited for and what each owes, the winner; of a game or of a view" },
	{ "offers", O_OFFERS, FE_NO_ARG, NULL, .help = "add one-for-one domestic offers",
	  .text = "add the one-for-one domestic offers (others are not listed)" },
	{ "all-rates", O_ALL_RATES, FE_NO_ARG, NULL, .help = "maritime trades at every rate allowed",
	  .text = "maritime trades at every rate allowed, not only the best" },
	{ "at", O_AT, FE_ARG, NULL, .help = "list at the position after move N", .value_name = "N",
	  .text = "at the position after move N of the log (0: the start; -1: before the last move), of a game "
		  "or a record" },
	{ "auto", O_AUTO, FE_ARG_NUMBER, NULL, .help = "make N automatic moves", .value_name = "N",
	  .text = "make N automatic moves (default 1)",
	  .group = "Automatic players (after the MOVEs; the same game always gives the same moves; with external "
		   "outcomes, automatic play stops before a move that needs one):" },
	{ "until-end", O_UNTIL_END, FE_NO_ARG, NULL, .help = "play automatically to the end",
	  .text = "play automatically until the game is over" },
	{ "policy", O_POLICY, FE_ARG, policy_words, .help = "random, greedy, search[:N] or best[:N], or per colour",
	  .value_name = "POLICY", .text = "random (default), greedy, search[:N] (N play-outs a decision, "
		  "default 200), best[:N] (the strongest; default 1000), or per colour: red=best,blue=random" },
	{ "bots", O_BOTS, FE_ARG_LIST, colour_words, .help = "only these colours play automatically",
	  .value_name = "COLOURS", .text = "only these colours play automatically; stop when another must move" },
	{ "turn-limit", O_TURN_LIMIT, FE_ARG, NULL, .help = "stop once the game passes turn N", .value_name = "N",
	  .text = "stop automatic play once the game passes turn N, saying so on standard error (status 0; "
		  "default 1000; 0: no limit)" },
	{ "choose", O_CHOOSE, FE_NO_ARG, NULL, .help = "print the automatic player's next move",
	  .text = "print the move the automatic player would make next, without its outcome (JSON with --json); "
		  "the game is not changed; a view may be read when it is the viewer's move" },
	FE_OPT_END,
};

/* The candidates of complete_move: the move typed so far (stem) with each word that may follow. */
struct move_words {
	const char *stem, *last;
};

static void move_word(const char *word, void *ctx)
{
	const struct move_words *mw = ctx;
	if (strncmp(word, mw->last, strlen(mw->last)) == 0)
		printf("%s%s\n", mw->stem, word);
}

/* in_place_file: the FILE of -i FILE, -iFILE or --in-place[=]FILE among the words w, or NULL. */
static const char *in_place_file(int nw, char **w)
{
	for (int i = 0; i < nw; i++) {
		if ((strcmp(w[i], "-i") == 0 || strcmp(w[i], "--in-place") == 0) && i + 1 < nw)
			return w[i + 1];
		if (strncmp(w[i], "--in-place=", 11) == 0)
			return w[i] + 11;
		if (strncmp(w[i], "-i", 2) == 0 && w[i][2])
			return w[i] + 2;
	}
	return NULL;
}

/*
 * complete_move: a move is one shell word ("'red build r", "'or"): its
 * quotes are passed over, its complete words read, and each candidate for
 * its last word printed as the whole word with that candidate in place
 * (after the opening quote, when the last word is the first): from
 * the legal moves of the game named with -i when it can be read, else from
 * the grammar.
 */
static void complete_move(int nw, char **words, const char *cur)
{
	char text[256], *w[32], *save = NULL;
	int n = 0;
	size_t k = 0;

	for (const char *c = cur; *c && k + 1 < sizeof text; c++)
		if (*c != '\'' && *c != '"')
			text[k++] = (char)tolower((unsigned char)*c);
	text[k] = '\0';
	size_t cut = strlen(cur);
	while (cut && cur[cut - 1] != ' ')
		cut--;
	/* The quote that opens the move is no letter of its first word: it stays in the stem. */
	while (cur[cut] == '\'' || cur[cut] == '"')
		cut++;
	struct move_words mw = { "", cur + cut };
	char stem[256];
	snprintf(stem, sizeof stem, "%.*s", (int)cut, cur);
	mw.stem = stem;
	int complete = k == 0 || text[k - 1] == ' ';
	for (char *t = strtok_r(text, " ", &save); t && n < 32; t = strtok_r(NULL, " ", &save))
		w[n++] = t;
	if (!complete && n > 0)
		n--;
	const char *file = in_place_file(nw, words);
	struct game g;
	struct cerr e = { 0 };
	char *buf = NULL;
	size_t len;
	game_init(&g);
	if (file && fe_read_path(file, &buf, &len, &e) == C_OK && game_read(buf, len, &g, &e) == C_OK &&
	    g.has_pos)
		movegen_complete(&g, w, n, move_word, &mw);
	else
		move_complete(NULL, w, n, move_word, &mw);
	game_free(&g);
	free(buf);
}

/* choose_move: prints the move o's automatic player makes next in g, as text or compact JSON. */
static int choose_move(const struct game *g, const struct autoplay_opts *o, int json, struct cerr *e)
{
	struct move m;
	char text[512];
	int rc = autoplay_pick(g, o, &m, e);
	if (rc)
		return rc;
	if (json) {
		char *s = move_json_text(g, &m);
		if (!s)
			return cerr_set(e, C_SYSTEM, "out of memory");
		printf("%s\n", s);
		free(s);
	} else {
		move_format(g, &m, text, sizeof text);
		printf("%s\n", text);
	}
	return fe_close_stdout(e);
}

static const char *const usage[] = {
	"[-i FILE] [-f FILE] [--keep] [--json] [--as COLOUR] [--view COLOUR] [-c] [--errors FORMAT] [MOVE...]",
	"[-i FILE] [--as COLOUR] (--list [--json] | --count) [--offers] [--all-rates] [--at N]",
	"[-i FILE] --status [--at N] [--errors FORMAT]",
	"[-i FILE] [-f FILE] (--auto [N] | --until-end) [--policy POLICY] [--bots COLOURS] [--turn-limit N] "
	"[--view COLOUR] [-c] [MOVE...]",
	"[-i FILE] --choose [--json] [--policy POLICY] [--bots COLOURS]",
	NULL,
};

static const struct fe_cmd command = {
	.opts = options, .operands = FE_OPERANDS_WORDS, .words = complete_move, .usage = usage,
	.description = "Reads a game (catan-state(5)) on standard input, applies the moves in order and writes "
		"the new game.  If a move is refused nothing is written (exit 1), but in a game with a secret key "
		"(a refereed game: luck once drawn stands) or with --keep the moves before it stand and are "
		"written, with exit 1 and the refused move named: "
		"\"catan-move: move N 'MOVE': reason\" (moves 1 to N-1 stood).",
	.epilogue = "Moves (see catan-move(1)): 'red build road 12-17', 'red roll',\n"
		"'blue discard ore 2', 'red robber 10 steal blue',\n"
		"'red offer blue ore 1 for brick 1', 'blue accept', 'red trade ore 4 for grain',\n"
		"'red buy', 'red play knight', 'red end', ...",
};

/* A usage error, told as --errors asks (the usage lines, or a JSON line). */
#define USAGE(o, ...) fe_usagef_as(&command, (o)->json_errors, __VA_ARGS__)

/* What the command line asks. */
struct opts {
	const char *in_place, *moves_file, *as_name, *view_name;
	int nmoves;	/* the MOVE operands */
	int json, keep, flags, list, count, choose, status, mgflags, have_at;
	int json_errors;	/* --errors json: failures told as JSON lines */
	int autoplay;	/* 1 --auto N, 2 --until-end */
	int turn_limit;
	long auto_n, at_n;
	struct autoplay_opts ao;
};

/* read_options: the options into o; -1 to go on, else the status to exit with (--help, a usage error). */
static int read_options(int argc, char **argv, struct opts *o)
{
	struct cerr e = { 0 };
	unsigned long long num;
	int opt, rc;

	memset(o, 0, sizeof *o);
	o->json_errors = fe_json_errors(&command, argc, argv);
	o->turn_limit = 1000;
	o->auto_n = 1;
	autoplay_opts_default(&o->ao);
	while ((opt = fe_next_option(&command, argc, argv, &rc)) != -1) {
		switch (opt) {
		case FE_STOP:
			return rc;
		case O_IN_PLACE:
			o->in_place = optarg;
			break;
		case O_FILE:
			o->moves_file = optarg;
			break;
		case O_JSON:
			o->json = 1;
			break;
		case O_KEEP:
			o->keep = 1;
			break;
		case O_AS:
			o->as_name = optarg;
			break;
		case O_VIEW:
			o->view_name = optarg;
			break;
		case O_COMPACT:
			o->flags |= SJ_COMPACT;
			break;
		case O_LIST:
			o->list = 1;
			break;
		case O_COUNT:
			o->count = 1;
			break;
		case O_AT:
			if ((rc = fe_at(&command, o->json_errors, optarg, &o->at_n)))
				return rc;
			o->have_at = 1;
			break;
		case O_STATUS:
			o->status = 1;
			break;
		case O_ERRORS:	/* read before the options (fe_json_errors): only checked here */
			if (strcmp(optarg, "text") != 0 && strcmp(optarg, "json") != 0)
				return USAGE(o, "--errors: expected text or json, not '%s'", optarg);
			break;
		case O_OFFERS:
			o->mgflags |= MG_OFFERS;
			break;
		case O_ALL_RATES:
			o->mgflags |= MG_ALL_RATES;
			break;
		case O_AUTO:
			if (o->autoplay == 2)
				return USAGE(o, "--auto N and --until-end do not go together");
			o->autoplay = 1;
			if (optarg && (fe_parse_u64(optarg, 1000000000, &num) || num == 0))
				return USAGE(o, "--auto: '%s' is not a number of moves (1 or more)", optarg);
			o->auto_n = optarg ? (long)num : 1;
			break;
		case O_UNTIL_END:
			if (o->autoplay == 1)
				return USAGE(o, "--auto N and --until-end do not go together");
			o->autoplay = 2;
			break;
		case O_POLICY:
			if (autoplay_opts_policy(&o->ao, optarg, &e))
				return USAGE(o, "--policy: %s", e.msg);
			break;
		case O_BOTS:
			if (autoplay_opts_bots(&o->ao, optarg, &e))
				return USAGE(o, "--bots: %s", e.msg);
			break;
		case O_CHOOSE:
			o->choose = 1;
			break;
		case O_TURN_LIMIT:
			if (fe_parse_u64(optarg, MAX_TURN, &num))
				return USAGE(o, "--turn-limit: '%s' is not a turn number (0 to %d)", optarg,
					     MAX_TURN);
			o->turn_limit = (int)num;
			break;
		}
	}
	return -1;
}

/* check_options: the options that do not go together (nmoves: the MOVE operands); C_OK or C_USAGE, told. */
static int check_options(const struct opts *o, int nmoves)
{
	if (o->as_name && colour_parse(o->as_name) < 0)
		return USAGE(o, "--as: unknown colour '%s'", o->as_name);
	if (o->view_name && colour_parse(o->view_name) < 0)
		return USAGE(o, "--view: unknown colour '%s'", o->view_name);
	if (o->moves_file && strcmp(o->moves_file, "-") == 0 && !o->in_place)
		return USAGE(o, "-f -: standard input holds the game unless -i FILE is given");
	if (o->choose && (nmoves || o->moves_file || o->autoplay || o->list || o->count || o->view_name ||
			  o->keep || o->as_name || o->have_at || o->mgflags))
		return USAGE(o, "--choose takes no moves and goes only with --json, --policy and --bots");
	if (o->status && (nmoves || o->moves_file || o->autoplay || o->list || o->count || o->choose ||
			  o->view_name || o->keep || o->as_name || o->mgflags || o->json || o->flags))
		return USAGE(o, "--status takes no moves and goes only with -i, --at and --errors");
	if (o->list && o->count)
		return USAGE(o, "--list and --count do not go together");
	if ((o->list || o->count) && (nmoves || o->moves_file || o->autoplay || o->view_name || o->keep))
		return USAGE(o, "--list and --count take no moves, --keep, --auto or --view");
	if (o->have_at && !o->list && !o->count && !o->status)
		return USAGE(o, "--at goes with --list, --count or --status: moves are made at the end");
	if ((o->mgflags & MG_OFFERS) && !o->list && !o->count)
		return USAGE(o, "--offers goes with --list or --count");
	if ((o->mgflags & MG_ALL_RATES) && !o->list && !o->count)
		return USAGE(o, "--all-rates goes with --list or --count");
	if (o->autoplay && o->as_name)
		return USAGE(o, "--as does not go with automatic play");
	return C_OK;
}

/*
 * rebuild: record or state g after its first n moves, into at.  Past an
 * outcome the record does not name the game is a view: the public's, or
 * the observer's, whose moves are listed (--as) or chosen (the seat
 * waited for), or who is shown (--view); moves cannot be made on it.
 */
static int rebuild(const struct opts *o, const struct game *g, long n, struct present *at, int *told,
		   struct cerr *e)
{
	struct replay_result res;
	struct status st;
	const char *what;
	size_t k = n < 0 ? g->log.len - (size_t)-n : (size_t)n;
	int rc, seat = NOBODY, answers = o->list || o->count || o->status || o->choose;

	if (n < -(long)g->log.len || n > (long)g->log.len || !(k = view_unnamed(g, k, NOBODY, &what)))
		return present_at(g, n, at, &res, e);
	*told = 1;	/* a refusal here says why itself */
	/* --view goes with moves or with nothing (check_options). */
	if (!answers && (!o->view_name || o->nmoves || o->moves_file || o->autoplay))
		return cerr_set(e, C_ILLEGAL, "move %zu '%s' does not name %s: moves need the full game",
				k, g->log.ent[k - 1].text, what);
	if (o->view_name)
		seat = game_seat_of(g, colour_parse(o->view_name));
	else if (o->as_name)
		seat = game_seat_of(g, colour_parse(o->as_name));
	if (seat == NOBODY && o->choose) {
		/* The automatic player chooses from what the seat waited for saw. */
		if ((rc = present_at(g, n, at, &res, e)))
			return rc;
		game_status(at->game, &at->game->pos, &st);
		present_free(at);
		if (st.nwaiting != 1)
			return cerr_set(e, C_ILLEGAL, "move %zu '%s' does not name %s: the public's view is "
					"no player's, and %s", k, g->log.ent[k - 1].text, what,
					st.nwaiting ? "more than one player is waited for" : "nobody can move");
		seat = st.waiting[0];
	}
	if (seat == NOBODY && (o->list || o->count))
		return cerr_set(e, C_ILLEGAL, "move %zu '%s' does not name %s: the public sees no hand, "
				"so lists no moves: give --as COLOUR", k, g->log.ent[k - 1].text, what);
	if (seat == NOBODY || !seat_moves(g, seat))
		return present_at(g, n, at, &res, e);
	return present_at_view(g, n, seat, at, &res, e);
}

/*
 * read_game: the game into g, from -i's file (locked in lk, its text in lk's
 * buffer) or stdin (its text in *in), and with --at the game rebuilt up to
 * that move, a record rebuilt up to its last (at holds what it took).  A
 * view is read only to be listed.
 */
static int read_game(const struct opts *o, struct fe_locked *lk, char **in, struct game *g,
		     struct present *at, struct cerr *e)
{
	size_t inlen;
	int rc;

	if (o->in_place) {
		if ((rc = fe_lock_open(o->in_place, lk, e)))
			return rc;
		if ((rc = game_read(lk->buf, lk->len, g, e)))
			cerr_prefix(e, "%s", o->in_place);
	} else {
		if ((rc = fe_read_stdin("pipe a game in, or edit a file with -i FILE", in, &inlen, e)))
			return rc;
		if ((rc = game_read(*in, inlen, g, e)))
			cerr_prefix(e, "stdin");
	}
	if (rc)
		return rc;
	/* A view is listed, asked, or written as it is: its own --view. */
	int alone = o->view_name && !o->nmoves && !o->moves_file && !o->autoplay;
	int seat = alone ? game_seat_of(g, colour_parse(o->view_name)) : NOBODY;
	if (g->view != NOBODY && seat != NOBODY && seat != g->view)	/* not playing: find_seats says so */
		return cerr_set(e, C_ILLEGAL, "this is %s's view: it cannot show what %s may see",
				seat_name(g, g->view), o->view_name);
	if (g->view != NOBODY && !alone && !o->list && !o->count && !o->choose && !o->status)
		return cerr_set(e, C_ILLEGAL, "this is %s's view of a game, which cannot be played on: "
				"moves need the full game", seat_name(g, g->view));
	/*
	 * The legal moves of an earlier position, or a record's current one (a
	 * record has none stored: a bot at a table refereed elsewhere gets the
	 * table's record): the game rebuilt up to move N, or to its last.
	 */
	if (o->have_at || !g->has_pos) {
		long n = o->have_at ? o->at_n : (long)g->log.len;
		int told = 0;
		if ((rc = rebuild(o, g, n, at, &told, e))) {
			const char *name = o->in_place ? o->in_place : "stdin";
			if (told && rc == C_ILLEGAL)
				cerr_prefix(e, "%s", name);
			else if (!o->have_at && rc == C_ILLEGAL)
				cerr_prefix(e, "%s: the record does not replay", name);
			return rc;
		}
		game_free(g);
		if ((rc = game_copy(g, at->game, e)))
			return rc;
	}
	return C_OK;
}

/* find_seats: --as's and --view's seats in g (NOBODY when not given); C_OK or C_USAGE, told. */
static int find_seats(const struct opts *o, const struct game *g, int *as_seat, int *view_seat)
{
	const char *as = o->as_name, *view = o->view_name;
	if (as && (*as_seat = game_seat_of(g, colour_parse(as))) == NOBODY)
		return USAGE(o, "--as: '%s' does not play in this game", as);
	if (as && !seat_moves(g, *as_seat))
		return USAGE(o, "--as: %s is a neutral seat and never moves", as);
	if (as && g->view >= 0 && *as_seat != g->view)
		return USAGE(o, "--as: this is %s's view: it lists only %s's moves", seat_name(g, g->view),
			     seat_name(g, g->view));
	if (view && (*view_seat = game_seat_of(g, colour_parse(view))) == NOBODY)
		return USAGE(o, "--view: '%s' does not play in this game", view);
	return C_OK;
}

/* answer: --count, --choose, --status or --list: what the game offers, on stdout; the game is not written. */
static int answer(const struct opts *o, const struct game *g, int as_seat, struct cerr *e)
{
	char *out = NULL;
	size_t outlen;
	int rc;

	if (o->count) {
		printf("%d\n", movegen_legal(g, as_seat, o->mgflags, NULL, 0));
		return fe_close_stdout(e);
	}
	if (o->status) {
		if ((rc = status_write(g, &out, &outlen, e)) == C_OK)
			rc = fe_output(out, outlen, e);
		free(out);
		return rc;
	}
	if (o->choose) {
		if ((rc = choose_move(g, &o->ao, o->json, e)))
			cerr_prefix(e, "--choose");
		return rc;
	}
	if ((rc = movegen_list(g, as_seat, o->mgflags, o->json, &out, &outlen, e)) == C_OK)
		rc = fe_output(out, outlen, e);
	free(out);
	return rc;
}

/*
 * On a terminal (standard error), a person is told in a line what each move
 * drew (the dice, a card bought, a card stolen: the move as the log has it,
 * as the view written shows it with --view) and why automatic play stopped
 * short of the moves asked; in a pipe nothing, as programs read the game.
 */
static int drew(const char *text)
{
	const char *verb = strchr(text, ' ');
	return verb && (strncmp(verb, " roll ", 6) == 0 || strncmp(verb, " buy", 4) == 0 ||
			strstr(verb, " steal ") != NULL);
}

/* owed_words: what a seat owes, as words after its colour ("to roll the dice"). */
static void owed_words(const struct owed *o, char *out, size_t size)
{
	static const char *const words[NOWING] = {
		[OWE_NOTHING] = "nothing", [OWE_SETUP] = "to place a", [OWE_ROLL] = "to roll the dice",
		[OWE_TURN] = "to play its turn", [OWE_DISCARD] = "to discard", [OWE_ROBBER] = "to move the robber",
		[OWE_INTERRUPT] = "to answer the robber", [OWE_STEAL] = "to steal", [OWE_OFFER] = "to answer the offer",
		[OWE_NEUTRAL] = "to place a free neutral", [OWE_GIVE] = "to give",
		[OWE_BUILDING] = "to build in the building phase",
		[OWE_PAIRED] = "to play its part of the turn (paired players)",
	};
	const char *piece = o->piece == PC_ROAD ? " road" : " settlement";
	if (o->what == OWE_SETUP || o->what == OWE_NEUTRAL)
		snprintf(out, size, "%s%s", words[o->what], piece);
	else if (o->what == OWE_DISCARD || o->what == OWE_GIVE)
		snprintf(out, size, "%s %d cards", words[o->what], o->count);
	else
		snprintf(out, size, "%s", words[o->what]);
}

/* why_stopped: the line that says why automatic play stopped (why, an enum auto_stop), or nothing. */
static void why_stopped(const struct opts *o, const struct game *g, int why)
{
	struct status st;
	struct move m;
	struct cerr e = { 0 };
	char text[512], owed[64];

	game_status(g, &g->pos, &st);
	if (why == AUTO_OVER) {
		fe_error("the game is over: %s won on turn %d", seat_name(g, st.winner), st.turn);
	} else if (why == AUTO_OUTCOME && autoplay_pick(g, &o->ao, &m, &e) == C_OK) {
		move_format(g, &m, text, sizeof text);
		fe_error("stopped before '%s': its outcome comes from the table (outcomes=external); "
			 "give it in the move", text);
	} else if (why == AUTO_WAIT && st.nwaiting) {
		owed_words(&st.owes[st.waiting[0]], owed, sizeof owed);
		fe_error("stopped: %s is %s and does not play automatically", seat_name(g, st.waiting[0]), owed);
	}
}

/* narrate: on a terminal, the lines of the moves of log (from entry from) that drew, and why play stopped. */
static void narrate(const struct opts *o, const struct game *shown, const struct game *g, size_t from, int why)
{
	if (o->json_errors || !isatty(STDERR_FILENO))
		return;
	for (size_t i = from; i < shown->log.len; i++) {
		const char *text = shown->log.ent[i].text, *roll = strstr(text, " roll ");
		int sum = 0;
		for (const char *d = roll; d && *d; d++)	/* a roll's dice, and their sum after them */
			sum += *d >= '0' && *d <= '9' ? *d - '0' : 0;
		if (roll && sum)
			fe_error("%s (%d)", text, sum);
		else if (drew(text))
			fe_error("%s", text);
	}
	if (o->autoplay)
		why_stopped(o, g, why);
}

/*
 * play: the moves of mv, then the automatic players, applied to g; then the
 * view asked for on stdout, and the game on stdout or into -i's file.  A
 * refused move is told in e and, apart, in r (mv->refusal), with in
 * *stood the moves before it that stood; r holds no refusal when the
 * failure told is another.
 */
static int play(const struct opts *o, struct game *g, struct fe_moves *mv, struct fe_locked *lk, int as_seat,
		int view_seat, size_t *stood, struct cerr *e)
{
	struct batch_refusal *r = mv->refusal;
	struct cerr refusal = { 0 };
	struct batch_refusal kept = { 0 };
	struct game view;
	char *out = NULL, *vout = NULL;
	const char *text;
	size_t outlen, voutlen, from = g->log.len;
	int rc, refused = 0, have_view = 0, why = AUTO_COUNT;

	while ((rc = fe_moves_next(mv, &text, e)) == C_OK && text)
		if ((rc = batch_apply_move(g, text, o->json, as_seat, mv->n, r, e)))
			break;
	/*
	 * A refusal drops the moves before it, unless asked to keep them or the
	 * game is refereed: there luck once drawn stands (a roll, a card bought,
	 * a steal), or a sender could draw again by adding a move that fails.
	 */
	if (rc == C_ILLEGAL && mv->n > 1 && (o->keep || g->has_secret)) {
		refusal = *e;
		kept = *r;
		r->text = NULL;
		refused = 1;
	} else if (rc) {
		return rc;
	}
	batch_refusal_free(r);	/* until the refusal is told, below */
	if (o->autoplay && !refused &&
	    (rc = autoplay_play(g, &o->ao, o->autoplay == 2 ? -1 : o->auto_n, o->turn_limit, &why, e)))
		return rc;

	/*
	 * What goes to standard output is written and flushed before the game
	 * file is replaced: status 4 then always means the file is as it was.
	 */
	if (view_seat != NOBODY && g->view == view_seat) {
		/* A record that does not name every outcome is read as the view already (rebuild). */
		if ((rc = game_write(g, o->flags, &vout, &voutlen, e)) ||
		    (rc = fe_write_stdout(vout, voutlen, e)) || (rc = fe_flush_stdout(e)))
			goto out;
	} else if (view_seat != NOBODY) {
		if ((rc = game_view(g, view_seat, &view, e)))
			goto out;
		have_view = 1;
		if ((rc = game_write(&view, o->flags, &vout, &voutlen, e)) ||
		    (rc = fe_write_stdout(vout, voutlen, e)) || (rc = fe_flush_stdout(e)))
			goto out;
	}
	if (o->in_place) {
		if ((rc = game_write(g, o->flags, &out, &outlen, e)) || (rc = fe_replace(lk, out, outlen, e)))
			goto out;
	} else if (view_seat == NOBODY) {
		if ((rc = game_write(g, o->flags, &out, &outlen, e)) || (rc = fe_write_stdout(out, outlen, e)))
			goto out;
	}
	rc = fe_close_stdout(e);
	if (rc == C_OK)
		narrate(o, have_view ? &view : g, g, from, why);
	/* Stopping at the limit is what was asked (status 0), but a game cut short is said to be. */
	if (rc == C_OK && why == AUTO_TURN_LIMIT) {
		char msg[128];
		snprintf(msg, sizeof msg, "stopped at turn %d, past the turn limit %d: the game is not over",
			 g->pos.turn, o->turn_limit);
		if (o->json_errors)
			fe_error_json(C_OK, msg, NULL);
		else
			fe_error("%s", msg);
	}
	/* The moves that stood are written: now the refusal is told. */
	if (rc == C_OK && refused) {
		*e = refusal;
		*r = kept;
		kept.text = NULL;
		*stood = mv->n - 1;
		rc = e->code;
	}
out:
	if (have_view)
		game_free(&view);
	batch_refusal_free(&kept);
	free(out);
	free(vout);
	return rc;
}

/* report: e's failure on stderr, in English or (--errors json) as a JSON line, with the move refused in r. */
static int report(const struct opts *o, const struct cerr *e, const struct batch_refusal *r, size_t stood)
{
	if (!o->json_errors)
		return fe_report(e);
	if (!r->n)
		return fe_error_json(e->code, e->msg, NULL);
	struct fe_refused mv = { r->n, r->text, r->parsed ? r->canonical : NULL, stood };
	return fe_error_json(e->code, r->reason, &mv);
}

int main(int argc, char **argv)
{
	struct opts o;
	struct fe_locked lk = { .fd = -1 };
	struct fe_moves mv = { 0 };
	struct present at = { 0 };
	struct cerr e = { 0 };
	struct batch_refusal refusal = { 0 };
	struct game g;
	char *in = NULL;
	size_t stood = 0;
	int rc, as_seat = NOBODY, view_seat = NOBODY;

	if ((rc = read_options(argc, argv, &o)) >= 0)
		return rc;
	if ((rc = check_options(&o, argc - optind)))
		return rc;
	o.nmoves = argc - optind;
	game_init(&g);
	/* The moves first: a moves file that cannot be opened, or a pipe still being written, must
	 * not keep a game locked. */
	if ((rc = fe_moves_open(&mv, o.moves_file, argc - optind, argv + optind, &e)) ||
	    (rc = read_game(&o, &lk, &in, &g, &at, &e)))
		report(&o, &e, &refusal, 0);
	else if ((rc = find_seats(&o, &g, &as_seat, &view_seat)) == C_OK) {
		mv.refusal = &refusal;
		rc = o.list || o.count || o.choose || o.status
			     ? answer(&o, &g, as_seat, &e)
			     : play(&o, &g, &mv, &lk, as_seat, view_seat, &stood, &e);
		if (rc)
			report(&o, &e, &refusal, stood);
	}
	batch_refusal_free(&refusal);
	fe_unlock(&lk);
	game_free(&g);
	free(in);
	fe_moves_close(&mv);
	present_free(&at);
	return rc;
}
