/* present.h: the game a document stands for now: a state or a view as it is, a record replayed to its last position, and one player's view of either. */
#ifndef CATAN_PRESENT_H
#define CATAN_PRESENT_H

#include "err.h"
#include "doc/replay.h"
#include "model/types.h"

/*
 * The game to show or score: either the document itself (borrowed) or a
 * game rebuilt from it (owned).  Read it through present_game; free it
 * with present_free.
 */
struct present {
	const struct game *game;	/* what to show: the document, or &own */
	struct game own;		/* the replayed or viewed game, when owned */
	int owned;
};

/*
 * present_now: the game as it stands after its last move.  A state or a
 * view is taken as it is (borrowed: g must outlive pr); a record (no
 * current position) is replayed from its start with game_replay, and the
 * replayed game, its log empty, is owned by pr.  A record that leaves an
 * outcome unnamed (view_unnamed) stands for what the public saw: the
 * public's view of its last position (view SPECTATOR: game_spectator's,
 * with its log), where a card bought unseen counts in its buyer's
 * development cards and not in the deck.  Returns C_OK; a failed
 * replay returns what game_replay returns, with res filled and e's message
 * naming the move (present_blame).  pr needs present_free in every case.
 */
int present_now(const struct game *g, struct present *pr, struct replay_result *res,
		struct cerr *e);

/*
 * present_view: what seat may see of g as it stands after its last move:
 * game_view of the state, or present_at_view of the record at its last
 * move, never the empty position a record holds.  A view of seat itself
 * is taken as it is (borrowed).  Returns C_OK; C_ILLEGAL when g is
 * another's view ("this is red's view: it cannot show what blue may see",
 * "this is the public's view: ...") or as present_at_view; C_USAGE for a
 * seat not in the game; C_SYSTEM when memory runs out.  pr needs
 * present_free in every case.
 */
int present_view(const struct game *g, int seat, struct present *pr, struct replay_result *res,
		 struct cerr *e);

/*
 * present_at_view: what seat (a player) saw of g, a state or a record,
 * after its first n logged moves (n < 0: all but the last -n): game_view
 * of the position game_replay reaches, with the log up to that move
 * redacted.  Outcomes the record leaves unnamed that seat did not see
 * either (another's card bought, a card stolen between two others, a
 * forced trade seat was not in) are as a view shows them: counts, a card
 * bought unseen counted in its buyer's development cards.  Returns C_OK;
 * C_ILLEGAL when a move before n does not name an outcome seat saw
 * (view_record_names' message) or the log does not replay (res filled,
 * the move named); C_USAGE as present_at; C_SYSTEM when memory runs out.
 * pr needs present_free in every case.
 */
int present_at_view(const struct game *g, long n, int seat, struct present *pr,
		    struct replay_result *res, struct cerr *e);

/*
 * present_at: the game after its first n logged moves (n < 0: all but the
 * last -n; 0 is the start), rebuilt from the start with the log up to that
 * move, so that a state or a record can be looked at move by move; past a
 * move whose outcome the record does not name, the public's view of it
 * (as present_now's).  The game is owned by pr.  C_OK; C_USAGE for an n beyond the log ("the game
 * has 12 moves") or a game without its start (a view); a replay failure
 * before move n as present_now reports it (res filled, the move named);
 * C_SYSTEM when memory runs out.  pr needs present_free in every case.
 */
int present_at(const struct game *g, long n, struct present *pr, struct replay_result *res,
	       struct cerr *e);

/* present_free: frees what pr owns; pr may then be filled again. */
void present_free(struct present *pr);

/*
 * present_blame: after a failed replay, names the failing move in front of
 * e's message ("move 3 'red build road 1-2': ...") when a move failed.
 * Returns e->code.
 */
int present_blame(const struct replay_result *res, struct cerr *e);

#endif
