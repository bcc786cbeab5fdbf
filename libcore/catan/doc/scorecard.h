/* scorecard.h: victory points explained: each player's breakdown, and the public points turn by turn. */
#ifndef CATAN_SCORECARD_H
#define CATAN_SCORECARD_H

#include <stddef.h>

#include "err.h"
#include "doc/replay.h"
#include "model/types.h"

/* One player's points and where they come from. */
struct score_line {
	int settlements, cities;
	int road;		/* length of the longest road (longest_road) */
	int knights;		/* knights played */
	int longest_road, largest_army;	/* 1 when the award is held */
	int vp_cards;		/* victory point cards held, or -1 when hidden (in a view) */
	int points;		/* the total: public points plus the known victory point cards */
};

struct scorecard {
	int nplayers;
	int public_only;	/* 1 on a view: others' victory point cards are not counted */
	int winner;		/* the seat that won, or NOBODY while the game goes on */
	struct score_line pl[MAXPLAYERS];
};

/*
 * scorecard_make: the scores of position p of game g (a full game or a
 * view).  In a view only the viewer's victory point cards are known, and
 * the winner's once the game is over; the others count their public
 * points only.  The winner is the player whose turn it is when the game
 * is over.
 */
void scorecard_make(const struct game *g, const struct position *p, struct scorecard *sc);

/* Each player's public points when a turn ends. */
struct timeline_row {
	int turn;		/* the turn that ended; 0 is the set-up (or the start) */
	int moves;		/* how many of the log's moves were played by then */
	uint8_t points[MAXPLAYERS];
};

struct timeline {
	struct timeline_row *row;	/* owned; free with timeline_free */
	size_t len, cap;
};

/*
 * timeline_make: replays g's log from its start (as game_replay does,
 * without comparing a stored position) and records every player's public
 * points (score_public) when each turn ends: a row for turn 0 when the
 * first turn begins (at once for a beginner start, after the set-up
 * otherwise), then one each time a move ends a turn (the turn's number
 * changes: after its "end", or after the building phase that follows it),
 * then one for the turn under way when the log stops inside it.  When the game is over the last row counts
 * the winner's victory point cards, which are then shown.
 * Returns C_OK; C_ILLEGAL for a view or a record that does not replay, with
 * res->index and res->move set as game_replay sets them, or one that
 * leaves an outcome unnamed ("move 8 'red buy' does not name the card
 * bought: the points turn by turn need every outcome"); C_SYSTEM when
 * memory runs out.  Free t with timeline_free in every case.
 */
int timeline_make(const struct game *g, struct timeline *t, struct replay_result *res,
		  struct cerr *e);
void timeline_free(struct timeline *t);

/*
 * The scores written out, each into a malloc'd text (*out, *len; the caller
 * frees) ending in a newline; C_SYSTEM when memory runs out.
 * scorecard_text: a table, a line per player (settlements, cities, road,
 * knights, awards, victory point cards or "?" where hidden, points), then
 * whose view it is when totals are public, and the winner or the points
 * that win.  scorecard_json: the same as a JSON object (view, totals,
 * points_to_win, players, winner).  timeline_csv: a header "turn,COLOUR..."
 * and a row per turn.  timeline_json: {"players": [...], "turns":
 * [{"turn": N, "points": [...]}...]}.
 */
int scorecard_text(const struct game *g, const struct scorecard *sc, char **out, size_t *len,
		   struct cerr *e);
int scorecard_json(const struct game *g, const struct scorecard *sc, char **out, size_t *len,
		   struct cerr *e);
int timeline_csv(const struct game *g, const struct timeline *t, char **out, size_t *len,
		 struct cerr *e);
int timeline_json(const struct game *g, const struct timeline *t, char **out, size_t *len,
		  struct cerr *e);

#endif
