/* match.h: games between players: one seed's game played to its end, its line, and a match's table. */
#ifndef CATAN_MATCH_H
#define CATAN_MATCH_H

#include <stddef.h>
#include <stdint.h>

#include "play/autoplay.h"
#include "buf.h"
#include "err.h"
#include "model/state.h"
#include "model/types.h"

/*
 * A player is a built-in policy (autoplay.h: random, greedy, search), played in
 * this process, or a program that speaks the player protocol
 * (catan-player(5)), reached through struct match_io.  Players are
 * numbered from 0 in the order given; game seed k seats them rotated by
 * k mod n (n players): seat s is played by player (s + k) mod n.  So each
 * player sits in each seat equally over any n consecutive seeds, and a
 * game is a function of its seed and the players alone.
 */
struct match_player {
	const char *name;	/* as given ("greedy", "exec:./bot"), borrowed */
	int policy;		/* enum policy; POL_NONE: a program (match_io) */
	int budget;		/* POL_SEARCH: play-outs a decision; 0 for the default */
};

struct match_opts {
	struct newgame ng;	/* the new game's options (seat colours, rules, ...); seed set per game */
	int nplayers;		/* the players: ng.nplayers, one a seat that moves */
	struct match_player player[MAXPLAYERS];
	int turn_limit;		/* a game past this turn ends without a winner; 0: no limit */
	/*
	 * A program that fails (match_fault) is replaced for the rest of the
	 * game by this policy; POL_NONE: its seat forfeits and the game ends.
	 */
	int fallback;
	int keep_log;		/* keep the log even with no program playing (for the game's document) */
};

/*
 * The transport to the programs, given by the caller (the library does no
 * I/O).  Each function gets ctx and the player's number; on failure it
 * returns -1 with a fault's reason in why ("timeout", "exit", "long",
 * "nul", "start") and a detail in detail (n bytes each).  start: the program is
 * started for a new game; send: text (whole lines) is written to it;
 * recv: one line (without its newline) is read within the move time, into
 * line of n bytes; stop: the program is told nothing more, and ended.
 */
#define MATCH_WHY 16
#define MATCH_DETAIL 160
struct match_io {
	void *ctx;
	int (*start)(void *ctx, int player, char why[MATCH_WHY], char detail[MATCH_DETAIL]);
	int (*send)(void *ctx, int player, const char *text, size_t len, char why[MATCH_WHY],
		    char detail[MATCH_DETAIL]);
	int (*recv)(void *ctx, int player, char *line, size_t n, char why[MATCH_WHY],
		    char detail[MATCH_DETAIL]);
	void (*stop)(void *ctx, int player);
};

/* How a game ended. */
enum match_end { MATCH_WON, MATCH_TURN_LIMIT, MATCH_FORFEIT };

/* A program's failure: which seat, at which move (the log's length then), why, and who played on. */
struct match_fault {
	int seat;
	long move;
	char why[MATCH_WHY];	/* start, exit, timeout, long, nul, illegal, stall */
	char detail[MATCH_DETAIL];
	int then;		/* the fallback policy, or POL_NONE: the seat forfeited */
};

struct match_result {
	uint64_t seed;
	int rotation;		/* seed mod nplayers */
	int nseats;		/* the seats that move (the players) */
	uint8_t colour[MAXPLAYERS];	/* by seat */
	int player[MAXPLAYERS];	/* by seat: the player's number */
	int winner;		/* a seat, or NOBODY */
	int points[MAXPLAYERS];	/* by seat: victory points at the end, hidden cards included */
	int turns;
	long moves;
	int end;		/* enum match_end */
	int nfault;
	struct match_fault fault[MAXPLAYERS];
};


/*
 * match_play: game seed of the match: a new game from o->ng with that seed,
 * played by the players rotated onto its seats until it is over, passes
 * the turn limit, or a seat forfeits.  g (uninitialised) gets the game
 * (with its log when o->keep_log or a program plays; game_free it even on
 * failure), r its result.  io is needed only when a program plays (NULL
 * otherwise).  C_OK; C_USAGE when o makes no game (game_new); C_SYSTEM
 * when memory runs out or the rules refuse a move a policy chose.
 */
int match_play(const struct match_opts *o, uint64_t seed, const struct match_io *io, struct game *g,
	       struct match_result *r, struct cerr *e);

/* match_end_names: the words of enum match_end in a line ("won", "turn limit", "forfeit"). */
extern const char *const match_end_names[];

/*
 * match_line: r as one compact JSON line (catan-match(1), OUTPUT), with
 * the players named from o, appended to b:
 * {"seed":1,"seats":["red","blue"],"players":["random","greedy"],
 *  "winner":"red","points":[10,4],"turns":57,"moves":402,"forfeits":[]}
 */
void match_line(const struct match_opts *o, const struct match_result *r, struct buf *b);

/*
 * A match's totals, by player: match_stats_add counts r in; match_table
 * writes the table (catan-match(1), TABLE) to b: per player its games,
 * wins, win rate with its 95% Wilson interval, mean points and turns,
 * faults; with exactly two distinct player names, the Elo difference of
 * the first against the second with its 95% interval.
 */
#define MATCH_LABEL 512	/* a player's name in the table, with its seats ("greedy x2") */
struct match_stats {
	long games, ended;
	long won[MAXPLAYERS], faults[MAXPLAYERS];
	long failed[MAXPLAYERS];	/* the games in which the player's program failed */
	double points[MAXPLAYERS], turns;
	/* The score of each player: 1 a win, 0 a loss; a game without a winner shares 1 out evenly. */
	double score[MAXPLAYERS];
};
void match_stats_add(struct match_stats *s, const struct match_result *r);
/*
 * match_player_row: the table's row (from 0) of player p: one row for
 * each distinct name, in the order they are first given; *seats (unless
 * NULL) gets the players of that name.
 */
int match_player_row(const struct match_opts *o, int p, int *seats);
void match_table(const struct match_opts *o, const struct match_stats *s, struct buf *b);

/*
 * A match's table from its lines (catan-match --tally): the lines of one
 * match, in any order, read one at a time.  The players are found from
 * the lines themselves: line k's players, by seat s, are players (s + k)
 * mod n, so the first line names them all and every other line must name
 * them alike.  match_tally_init: an empty tally.  match_read_line: the
 * line text[0..len) (JSON, as match_line writes it; no other keys) into r,
 * checked against what t holds (the players' number and names), which it
 * learns from the first line; it does not count the line.  C_OK; C_INPUT
 * with a message naming the key ("points: ...") for a line that is no
 * game's line of the match; C_SYSTEM.  match_tally_add: r counted in.
 */
#define MATCH_NAME 256
struct match_tally {
	struct match_opts o;	/* nplayers and the players' names (in names) */
	char names[MAXPLAYERS][MATCH_NAME];
	struct match_stats st;
};
void match_tally_init(struct match_tally *t);
int match_read_line(struct match_tally *t, const char *text, size_t len, struct match_result *r,
		    struct cerr *e);
void match_tally_add(struct match_tally *t, const struct match_result *r);


#endif
