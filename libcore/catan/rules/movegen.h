/* movegen.h: every legal move of a position, each choice in full, for listings, bots and play-outs. */
#ifndef CATAN_MOVEGEN_H
#define CATAN_MOVEGEN_H

#include "model/move.h"
#include "model/types.h"

/*
 * What the listing holds (catan-move(1), LISTING):
 * - every player who may move now: the player whose turn it is, each player
 *   owing a discard, each player who may answer the open offer;
 * - set-up placements, the roll, every discard choice (each way of giving
 *   exactly the cards owed), every robber hex with each player that may be
 *   robbed there, every build, the purchase of a card, every maritime trade
 *   at the player's best rate (every rate the player may use with
 *   MG_ALL_RATES), every play of a development card (knight; road
 *   building with each pair of paths and with each path alone, the
 *   player's choice; year of plenty with each pair of resources the bank can
 *   pay; monopoly of each resource), cancel, accept and reject, the end;
 * - road building's two paths once per pair: in increasing order of path
 *   number, or in the only order that is legal (both orders give the same
 *   position);
 * - outcomes only in games whose outcomes are external, where a move is not
 *   legal without them: each roll of the two dice (36), each kind of card
 *   left in the deck for a purchase, each resource the victim holds for a
 *   steal (not with MG_NO_OUTCOMES);
 * - domestic offers (an unbounded family) only with MG_OFFERS, and then
 *   only one card for one card: each resource the player holds for each
 *   other resource, to each other player and to all.
 * No move is listed twice; a view, a record and a finished game have none.
 */
enum {
	MG_OFFERS = 1,		/* add the one-for-one domestic offers */
	MG_ALL_RATES = 2,	/* maritime trades at every rate allowed, not only the best */
	/*
	 * Moves without their outcomes, even where outcomes are external: a
	 * roll once, a purchase once, a steal once per victim, a forced trade
	 * once (the listing of an internal game).  What an automatic player
	 * chooses from: it decides before anyone knows the outcome.
	 */
	MG_NO_OUTCOMES = 4,
};

/*
 * movegen_legal: the legal moves of g's current position into
 * out[0 .. max-1] (out may be NULL when max is 0), only seat's when seat is
 * not NOBODY.  Returns how many there are, which may exceed max: only max
 * are stored, so a caller may count first and then allocate.  Never fails.
 */
int movegen_legal(const struct game *g, int seat, int flags, struct move *out, int max);

/*
 * movegen_roll_only: 1 when seat's only legal move in g is a roll without
 * its dice (no card to play before it, outcomes internal or MG_NO_OUTCOMES
 * in flags, not a view, no trade cards), written into *m: found without
 * the listing.  0 otherwise, which does not say there are other moves.
 */
int movegen_roll_only(const struct game *g, int seat, int flags, struct move *m);

/*
 * movegen_gives: when g's position asks seat for cards (a discard after a
 * seven, the cards given for a forced trade) and is not a view, the number
 * of seat's legal moves (all of them ways of giving the cards owed: the
 * count movegen_legal gives for seat), found without listing them, and in
 * *gv what movegen_gives_move needs; -1 in any other position.
 *
 * movegen_gives_move: the move at index k (0 <= k < that number) of seat's
 * listing into *m.
 */
#define MG_GIVE_MOST (NRES * MAX_BANK_EACH)	/* the most cards a hand holds */
struct mg_gives {
	int seat, verb, left;
	uint8_t hand[NRES];
	int ways[NRES][MG_GIVE_MOST + 1];	/* [r][j]: the ways resources r.. give j cards (r >= 1) */
};
int movegen_gives(const struct game *g, int seat, struct mg_gives *gv);
void movegen_gives_move(const struct mg_gives *gv, int k, struct move *m);

/*
 * movegen_robber: when the robber is to be moved in g (not a view, and
 * with flags MG_NO_OUTCOMES when the outcomes are external), the number of
 * seat's legal moves (as movegen_legal counts them, for seat or NOBODY),
 * found without listing them, and in *rb what movegen_robber_move needs;
 * -1 in any other position.
 *
 * movegen_robber_move: the move at index k (0 <= k < that number) of the
 * listing into *m; g unchanged since movegen_robber.
 */
struct mg_robber {
	int seat;		/* who moves the robber */
	unsigned robbable;	/* the seats that may be robbed */
	int nhex;
	uint8_t moves[MAX_HEX];	/* each hex's moves: 0 where the robber may not go */
};
int movegen_robber(const struct game *g, int seat, int flags, struct mg_robber *rb);
void movegen_robber_move(const struct game *g, const struct mg_robber *rb, int k, struct move *m);

/*
 * movegen_list: the legal moves (as movegen_legal) written one a line, in
 * canonical text or, with json, as compact JSON objects, into a malloc'd
 * *out of *len bytes (the caller frees).  C_OK or C_SYSTEM.
 */
int movegen_list(const struct game *g, int seat, int flags, int json, char **out, size_t *len,
		 struct cerr *e);

/*
 * movegen_complete: the words that may come next in a move whose first n
 * words are w, taken from the legal moves of g (as movegen_list gives them,
 * domestic offers one for one): each distinct next word of a legal move
 * that begins with those words, handed to add with ctx in the list's order.
 */
void movegen_complete(const struct game *g, char *const *w, int n,
		      void (*add)(const char *word, void *ctx), void *ctx);

#endif
