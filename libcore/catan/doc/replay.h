/* replay.h: checking a whole game: a legal start, every logged move replayed, the stored position compared. */
#ifndef CATAN_REPLAY_H
#define CATAN_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "model/types.h"

/*
 * start_check: whether g->start is a legal start of a game: the board has
 * the pieces of the game (4 forest, 4 pasture, 4 fields, 3 hills,
 * 3 mountains, 1 desert; the 18 number tokens 2, 3, 3, 4, 4, 5, 5, 6, 6,
 * 8, 8, 9, 9, 10, 10, 11, 11, 12; four 3:1 harbours and one 2:1 harbour of
 * each resource), the deck holds the 25 development cards, the robber is
 * on the desert, and the position is either an empty set-up (phase
 * setup-settlement, turn 0, the first seat to place, nothing on the board,
 * no cards in hands) or exactly the beginner position for g's colours (on
 * the beginner board), or, when g->set_up, a position set up by hand that
 * is consistent (pos_setup_check).  The order of the deck and the generator
 * are free.
 * Returns C_OK, or C_ILLEGAL with a message that starts with the JSON path
 * of the first fault ("board.hexes: 5 forest hexes, not 4").
 */
int start_check(const struct game *g, struct cerr *e);

/*
 * A replay in progress: a working copy of the game rebuilt from the
 * start of src, one logged move at a time.  g.pos is the position after
 * the first `done` moves of src->log; g.log is kept empty.
 */
struct replay {
	const struct game *src;	/* borrowed; must outlive the replay */
	struct game g;
	size_t done;
};

/*
 * replay_begin: a replay of src from its start.  C_OK; C_ILLEGAL for a
 * view (its log does not name every card: game_replay follows it) or a
 * document without a start (nothing to replay from).
 * replay_end must be called after a C_OK, and only then.
 */
int replay_begin(struct replay *r, const struct game *src, struct cerr *e);

/*
 * replay_step: replays move done+1 of the log through rules_apply with
 * RULES_REPLAY, then checks the invariants of the position (pos_check).
 * Returns C_OK (done is then one more); C_ILLEGAL with the rule's message
 * (or "the position breaks an invariant: ..." with the field);
 * C_SYSTEM when memory runs out.  After a failure the replay can only be
 * ended.  Call only while done < src->log.len.
 */
int replay_step(struct replay *r, struct cerr *e);

/* replay_end: frees what the replay holds. */
void replay_end(struct replay *r);

/*
 * Where a record did not see everything: the positions game_replay
 * follows at once, move by move (REPLAY_BREADTH), before it searches the
 * rest of the log one path at a time; the most positions its messages
 * count; the most outcomes the search tries.
 */
#define REPLAY_BREADTH 64
#define REPLAY_WORLDS_MAX 16384
#define REPLAY_TRIES_MAX (1UL << 28)

/* What game_replay found: how far it got, and where it stopped. */
struct replay_result {
	size_t checked;		/* logged moves replayed and found legal */
	size_t index;		/* 1-based number of the failing move; 0 when no move failed */
	const char *move;	/* the failing move's log text (borrowed from g), or NULL */
	/*
	 * After a C_OK, the development cards bought unseen that each seat
	 * still holds in *end, their kinds open: in no hand of *end, and still
	 * in its deck's counts (its deck_len without them).
	 */
	uint8_t unseen[MAXPLAYERS];
};

/*
 * game_replay: the whole check of a document, in this order: the start
 * (start_check), each logged move (replay_step), then, when g has a
 * current position, that position against the replayed one, field by
 * field.  Returns C_OK; C_ILLEGAL with res->index and res->move set when a
 * move failed, and e holding the rule's message (without the move);
 * C_ILLEGAL with res->index 0 and a message that starts with the JSON path
 * of the fault when the start or the stored position is wrong
 * ("position.players.red.hand.ore: stored 3, replay gives 2"); C_SYSTEM
 * when memory runs out.  When end is not NULL and the result is C_OK, *end
 * receives the replayed game (its log empty; free it with game_free).
 *
 * Where the record did not see an outcome (a card bought or stolen, the
 * cards discarded or a forced trade's, not named in a game with external
 * outcomes; every such card in a player's view, whose log names only what
 * that player saw), the replay proves what the public information allows,
 * over every position consistent with what was seen: a move is refused
 * only when it is illegal in all of them (the rules' message when they
 * agree, else "no hands consistent with the record allow it (N positions;
 * in the first: ...)", the first in the order of their bytes), and the
 * stored position must be one of them (for a view: as its player sees
 * it).  A card bought unseen keeps its kind open until it is played.  Up
 * to REPLAY_BREADTH positions are followed at once, move by move, and
 * *end receives the first (res->unseen its cards bought unseen); beyond, the rest of the log is searched depth
 * first, one choice of the unseen outcomes at a time, back to the last
 * choice left when a move is refused, with the same verdict and message
 * (N reads "more than 16384" past REPLAY_WORLDS_MAX), and *end receives
 * the position of the first path found.  Memory stays bounded: a position
 * a choice on the path, and a table of positions known to lead nowhere
 * that forgets when full.  A search that tries REPLAY_TRIES_MAX outcomes
 * without an answer is C_SYSTEM ("N outcomes of the unseen moves tried,
 * none leading past this move and not all ruled out: too many to follow"),
 * naming the farthest move.
 */
int game_replay(const struct game *g, struct replay_result *res, struct game *end,
		struct cerr *e);

/*
 * game_replay_limits: game_replay with other limits: breadth positions
 * followed at once (0: the search from the first unseen outcome on), and
 * the outcomes the search may try (0: no search: more than breadth
 * positions is C_SYSTEM, "more than BREADTH positions are consistent with
 * the record after this move: too many to follow", naming the move).  For
 * tests: the enumeration alone, the search alone.
 */
struct replay_limits {
	size_t breadth;
	unsigned long tries;
};
int game_replay_limits(const struct game *g, const struct replay_limits *lim,
		       struct replay_result *res, struct game *end, struct cerr *e);

/*
 * pos_diff: the first field, in the document's key order, in which
 * positions a and b of game g differ, as a JSON path relative to the
 * position ("players.red.hand.ore") in path, and the two values in JSON
 * form in va and vb.  Flags leave fields out of the comparison.  Returns 1
 * when they differ, 0 when they are equal.
 */
enum { DIFF_NO_DECK = 1, DIFF_NO_RNG = 2 };
struct pos_diff {
	char path[64];
	char va[200], vb[200];
};
int pos_diff(const struct game *g, const struct position *a, const struct position *b, int flags,
	     struct pos_diff *d);

#endif
