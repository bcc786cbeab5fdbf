/* autoplay.h: automatic players: who moves next, the random and greedy policies, playing on. */
#ifndef CATAN_AUTOPLAY_H
#define CATAN_AUTOPLAY_H

#include "err.h"
#include "model/move.h"
#include "model/types.h"

/*
 * An automatic player chooses among the moves movegen_legal lists for it
 * (never domestic offers).  A random choice is drawn from a generator
 * seeded from the game's own (g->pos.rng) and the number of moves made
 * (the log's length), which leaves g->pos.rng to the outcomes: so a game
 * played automatically is reproducible from its state, playing N moves in
 * one call gives the same game as N calls of one move, and the log replays
 * to the same position (catan-validate).
 *
 * random: uniform over the player's legal moves, except that a player
 *   makes no maritime trade once 3 trades (maritime trades and offers)
 *   have been made in the turn (AUTO_TRADES_PER_TURN): without a cap,
 *   random players trade back and forth and games take much longer.
 * greedy: the first that applies of: a move that wins at once; a city (on
 *   the settlement with the best production); a settlement (the best
 *   intersection); buying a development card; a road, when no settlement
 *   can be placed yet (towards the best free intersection); playing a
 *   development card that helps (a knight when the robber blocks one of the
 *   player's hexes, year of plenty for the cards a build lacks, monopoly of
 *   the resource opponents hold most of, at least 3, road building when a
 *   road is wanted); a maritime trade that lets a build be completed this
 *   turn (same cap); the end of the turn.  Set-up: the intersection with
 *   the best production (the sum of the dice chances of its hexes), the
 *   road towards the best free intersection two paths away.  The robber:
 *   the hex that costs opponents most (their production there, weighted by
 *   their score) and the player least, robbing the leader.  A discard keeps
 *   the cards of the build aimed at and otherwise the most even hand.  An
 *   offer is accepted when it brings that build closer, else rejected.
 *   Ties go to the move listed first.
 * search: Monte Carlo search from what the seat may see, with greedy
 *   play-outs (search.h, whose search_use a players' set needs), by
 *   budget[seat] play-outs a decision (0: the default), seeded from autoplay_public_seed and the
 *   number of moves made: it never reads a hidden card or the game's
 *   generator, in any game.
 * best: the strongest (best.h, whose best_use a players' set needs): a
 *   search from what the seat may see whose play-outs stop early and are
 *   scored by a learned value (value.h), seeded as search is.
 */
enum policy { POL_NONE, POL_RANDOM, POL_GREEDY, POL_SEARCH, POL_BEST, NPOLICY };
extern const char *const policy_names[NPOLICY];	/* "none", "random", "greedy", "search", "best" */

#define AUTO_TRADES_PER_TURN 3

/*
 * The trades of the turn under way, for the best player (best.h): the
 * offers made in it, each as it was made (to, give, get: the first
 * AUTO_OFFERS_KEPT), and the maritime trades.  autoplay_init reads them
 * from the log; autoplay_run adds the moves it makes.
 */
#define AUTO_OFFERS_KEPT 8
struct turn_trades {
	int offers, maritime;
	struct move offer[AUTO_OFFERS_KEPT];
};

/* Why autoplay_run stopped. */
enum auto_stop {
	AUTO_COUNT,		/* the number of moves asked for was made */
	AUTO_OVER,		/* the game is over */
	AUTO_TURN_LIMIT,	/* the turn limit was passed */
	AUTO_WAIT,		/* the player to move is not automatic (POL_NONE) */
	AUTO_OUTCOME,		/* the move chosen needs an outcome from outside (autoplay_needs_outcome) */
};

struct autoplay {
	uint8_t policy[MAXPLAYERS];	/* enum policy by seat */
	int budget[MAXPLAYERS];	/* POL_SEARCH, POL_BEST: play-outs a decision; 0 for the default */
	/*
	 * POL_SEARCH's chooser: search_choose, set by search_use (search.h).
	 * The search plays its play-outs with greedy players of this module,
	 * so this module does not call it by name.  NULL: a seat on
	 * POL_SEARCH is refused (C_SYSTEM).
	 */
	int (*search)(const struct game *g, int seat, int budget, uint64_t seed, int trades, struct move *m,
		      unsigned long *playouts, struct cerr *e);
	/* POL_BEST's chooser: best_choose, set by best_use (best.h), for the same reason. */
	int (*best)(const struct game *g, int seat, int budget, uint64_t seed, const struct turn_trades *tt,
		    struct move *m, unsigned long *playouts, struct cerr *e);
	int turn_limit;		/* stop once position.turn exceeds it; 0: no limit */
	unsigned long playouts;	/* play-outs the search and best seats made (benchmarks read it) */
	/* Private: trades made in the current turn, moves made in the game, a move buffer. */
	int turn, trades;
	struct turn_trades tt;
	unsigned long moves;
	struct move *buf;
	int cap;
};

/*
 * autoplay_init: a players' set for g with every seat on policy pol and no
 * turn limit; counts the trades already made this turn from g's log.
 * C_OK or C_SYSTEM when memory runs out.  Free with autoplay_free.
 */
int autoplay_init(struct autoplay *a, const struct game *g, int pol, struct cerr *e);
void autoplay_free(struct autoplay *a);

/*
 * autoplay_actor: the seat that moves next in automatic play, among those
 * game_status waits for: while an offer is open, the first player after
 * the offerer who may still answer it; else the first in seat order (the
 * first owing a discard, or the one seat waited for).  It reads only what
 * every player sees, so a view has the same actor as its game.  NOBODY
 * when the game is over, or is a record.
 */
int autoplay_actor(const struct game *g);

/*
 * autoplay_choose: the move the actor's policy makes, without outcomes
 * (in an internal game rules_apply draws them; in an external one the
 * caller adds them: autoplay_needs_outcome); g is not changed.  In a game
 * with external outcomes and on a view (the actor must be the viewer) the
 * player chooses from what its seat knows (game_seen, view.h) among the
 * moves listed with MG_NO_OUTCOMES, and a random choice is seeded from
 * autoplay_public_seed: the full game and the actor's view then give the
 * same move, and hidden cards never change it.  On a view the viewer who
 * owes a discard makes it, whoever else owes one too (discards are made in
 * any order).  In an internal game the
 * player reads the full position, as always.  C_OK; C_ILLEGAL when nobody
 * can move (game over: "nobody can move: the game is over"), the actor is
 * not the viewer ("blue is to move, and this is red's view") or is not
 * automatic ("blue is to move and does not play automatically");
 * C_SYSTEM when memory runs out.
 */
int autoplay_choose(struct autoplay *a, const struct game *g, struct move *m, struct cerr *e);



/*
 * autoplay_run: makes automatic moves (rules_apply with flags) until
 * max_moves are made (max_moves < 0: no count), the game is over, the
 * turn limit is passed, a non-automatic player must move, or (external
 * outcomes) the move chosen needs an outcome, which is then not made
 * (AUTO_OUTCOME).  *made gets the number of moves made and *why the
 * reason (either may be NULL).  C_OK, or the status of a failing
 * rules_apply (C_SYSTEM) with e filled.
 */
int autoplay_run(struct autoplay *a, struct game *g, long max_moves, int flags, long *made,
		 int *why, struct cerr *e);

/* Who plays automatically and how, by colour (as a command line gives it, before seats are known). */
struct autoplay_opts {
	uint8_t policy[NCOLOUR];	/* enum policy by colour */
	int budget[NCOLOUR];		/* POL_SEARCH, POL_BEST: play-outs a decision; 0 for the default */
	unsigned bots;			/* colours that play automatically, a bit each */
};

/* autoplay_opts_default: every colour automatic, by the random policy. */
void autoplay_opts_default(struct autoplay_opts *o);
/*
 * autoplay_policy_parse: one policy's name, "random", "greedy", "search",
 * "search:N", "best" or "best:N", into *policy and *budget (N, or 0 for
 * the default).
 * C_OK, or C_USAGE with autoplay_opts_policy's messages.
 */
int autoplay_policy_parse(const char *name, int *policy, int *budget, struct cerr *e);
/*
 * autoplay_opts_policy: "random", "greedy", "search", "search:N" (N
 * play-outs a decision, 1 to SEARCH_BUDGET_MAX), "best" or "best:N" (1 to
 * BEST_BUDGET_MAX), or a comma list of those and COLOUR=POLICY
 * ("red=search:400,blue=random"); autoplay_opts_bots: a comma list of the
 * colours that play automatically (the others then do not).  C_OK, or
 * C_USAGE with a message ("unknown colour 'pink'", "unknown policy 'x'
 * (random, greedy, search[:N] or best[:N])", "search:0: the budget is a
 * number of play-outs, 1 to 1000000", "'...' is too long").
 */
int autoplay_opts_policy(struct autoplay_opts *o, const char *arg, struct cerr *e);
int autoplay_opts_bots(struct autoplay_opts *o, const char *arg, struct cerr *e);
/*
 * autoplay_play: n automatic moves (n < 0: until the game is over) by o's
 * players and policies, stopping past turn_limit (0: no limit) or when a
 * player who is not automatic must move; *why (when not NULL) gets the
 * reason, an enum auto_stop.  C_OK, or autoplay_run's failure with
 * "automatic play: " in front of its message.
 */
int autoplay_play(struct game *g, const struct autoplay_opts *o, long n, int turn_limit, int *why,
		  struct cerr *e);
/*
 * autoplay_pick: the move o's players would make next in g (a full game
 * or a view), as autoplay_choose; g is not changed.  C_OK, or
 * autoplay_choose's failure.
 */
int autoplay_pick(const struct game *g, const struct autoplay_opts *o, struct move *m, struct cerr *e);

#endif
