/* state.h: creating a game, and the helpers and checks every module uses on positions. */
#ifndef CATAN_STATE_H
#define CATAN_STATE_H

#include "model/board.h"
#include "err.h"
#include "model/ruleset.h"
#include "rng.h"
#include "model/types.h"

/* Options of a new game (catan-newboard). */
struct newgame {
	int nplayers;
	uint8_t colour[MAXPLAYERS];	/* seat order */
	int beginner;		/* 1: beginner board and pieces; 0: random board, set-up phase */
	uint64_t seed;		/* 0 .. 2^63-1 */
	/*
	 * A refereed game: the hidden outcomes (the deck's order, dice, steals)
	 * come from the stream keyed by secret (rng.h), the board alone from
	 * the seed.  0: everything from the seed, reproducible.
	 */
	int has_secret;
	uint8_t secret[32];
	enum numbers_mode numbers;
	enum harbours_mode harbours;	/* a random board's harbour kinds (board_random) */
	struct rules rules;
	/* Catan for Two: the neutral starting settlements, numbered from 1; 0 for the rule set's default. */
	int neutral[2];
};

/* rules_default: the base game, its points to win and discard limit, combined trade/build, internal outcomes. */
void rules_default(struct rules *r);

/*
 * newgame_settle: the one place that decides a new game's players and
 * rule set from what a command named, and checks that they make a game.
 * named says what was named: NG_COLOURS, the colours in o (seat order);
 * NG_VARIANT, o's rule set (otherwise the base game's default stands);
 * NG_COUNT, the number of players in players (a match's, each a policy
 * or a program; players is ignored without it).  What is not named is
 * decided:
 *  - players that the rule set cannot seat, with none named, choose the
 *    first rule set that seats them (five or six: variant=five_six);
 *  - no colours named: the rule set's first colours, as many as players,
 *    or as the base game's most (fewer if the rule set seats fewer).
 * Then o is checked as game_new checks it: the number within the rule
 * set's range, each colour one it plays and given once, a beginner board
 * it has, neutral settlements only where there are neutral seats.  C_OK
 * with o settled, or C_USAGE saying what does not agree.
 */
enum newgame_named { NG_COLOURS = 1, NG_VARIANT = 2, NG_COUNT = 4 };
int newgame_settle(struct newgame *o, unsigned named, int players, struct cerr *e);
/*
 * newgame_variant: the rule set n players play: variant when named says
 * NG_VARIANT or when it seats n, else the first rule set that seats them
 * (newgame_settle's choice; a position's players choose the same way).
 */
int newgame_variant(int variant, unsigned named, int n);

/*
 * game_new: a new game from the options.  The generator is seeded from
 * o->seed; a random board draws its terrains, harbours and tokens, then
 * the deck is shuffled; the state after that is the game's start.  The
 * beginner start has its pieces placed, each second settlement's
 * resources paid, and the first seat to roll.  In a rule set with
 * neutral seats, the colours not chosen take them (after the players, in
 * colour order), each with its starting settlement, and the players
 * start with their trade cards (the beginner board's layout is used, but
 * the players place their pieces in the set-up).  Returns C_OK, or
 * C_USAGE for options that do not make a game (e.g. a repeated colour).
 * Free with game_free.
 */
int game_new(struct game *g, const struct newgame *o, struct cerr *e);

/* game_luck: where position p of game g draws its hidden outcomes (rng.h). */
struct luck game_luck(const struct game *g, struct position *p);

/* game_init: an empty game document of the base game (no players, no positions). */
void game_init(struct game *g);
/* game_free: frees what g owns (the log); g may be reused after game_init. */
void game_free(struct game *g);
/* game_copy: a deep copy of src into dst (dst uninitialised); C_SYSTEM on memory failure. */
int game_copy(struct game *dst, const struct game *src, struct cerr *e);

/*
 * movelog_push: appends a copy of text (parsed when asked: movelog_move);
 * movelog_push_move: appends a copy of text, the canonical text of m, with
 * m itself.  C_SYSTEM when memory runs out.
 */
int movelog_push(struct movelog *log, const char *text, struct cerr *e);
/*
 * movelog_push_span: movelog_push of the n bytes at text (no NUL among
 * them); plain 1 when the caller knows they are printable ASCII without a
 * quote or a backslash (logent.plain), 0 to have them looked at.
 */
int movelog_push_span(struct movelog *log, const char *text, size_t n, int plain, struct cerr *e);
int movelog_push_move(struct movelog *log, const char *text, const struct move *m, struct cerr *e);
void movelog_free(struct movelog *log);
/* movelog_set_text: entry i's text becomes a copy of text; its parsed move, if it has one, stays. */
int movelog_set_text(struct movelog *log, size_t i, const char *text, struct cerr *e);
/* movelog_pop: the last entry goes. */
void movelog_pop(struct movelog *log);

/* pos_empty: an empty board for n players of rs: bank full, deck in order, nothing placed, robber on the desert. */
void pos_empty(const struct ruleset *rs, const struct board *b, struct position *p, int nplayers);
/*
 * longest_road: the length of seat's longest trail of roads (no path used
 * twice), not passing through an intersection that holds another
 * player's building (a trail may end there).  0 when seat has no road.
 * A position keeps every seat's in road_len.
 */
int longest_road(const struct geometry *geo, const struct position *p, int seat);
/*
 * pos_road_added: seat's longest road once its road on edge is placed
 * (edge_owner set), from p->road_len[seat], its length before: a search of
 * the trails through the new road only, where it can be cheaper.
 */
int pos_road_added(const struct geometry *geo, const struct position *p, int seat, int edge);
/*
 * pos_roads_cut: after a settlement was placed on node, the seats whose road
 * passed through it (two of their paths meet there): their road_len is
 * computed again; returns them as a mask of seats.
 */
unsigned pos_roads_cut(const struct geometry *geo, struct position *p, int nplayers, int node);
/*
 * pos_count_pieces: recomputes every player's supply (roads, settlements,
 * cities) of rs, and road_len, harbours (the harbours' kinds from b),
 * road_ends, occupied and hex_yield, from the pieces on the board.
 */
void pos_count_pieces(const struct ruleset *rs, const struct board *b, struct position *p, int nplayers);
/*
 * pos_roads_reached: marks in reached[] (MAX_EDGE entries) the roads of
 * seat joined to one of its settlements or cities by its own roads, not
 * through another player's building.  A road left unmarked stands alone.
 */
void pos_roads_reached(const struct geometry *geo, const struct position *p, int seat,
		       uint8_t reached[MAX_EDGE]);
/*
 * pos_setup_check: a start set up by hand or imported (game.set_up) is a
 * position a game can reach: the roll or main phase of turn 1 or later,
 * rolled in the main phase only, or a game over, or the building phase of
 * a rule set that has it; no discards owed and no offer open; cards bought
 * (dev_new) by the player to move and a piece built only after the roll
 * or in the building phase; every road joined to its owner's buildings;
 * nobody with the points that win on their own turn (in the building
 * phase, the turn it follows) unless the game is over.  C_OK, or
 * C_ILLEGAL with a path relative to the position.
 */
int pos_setup_check(const struct game *g, const struct position *p, struct cerr *e);
/* pos_setup_step: how many set-up placements (settlement + road) of the players of g are complete. */
int pos_setup_step(const struct game *g, const struct position *p);
/*
 * pos_place_settlement / pos_place_road: put a piece on the board for seat
 * (no rule checks); a settlement at a harbour of g's board adds its kind
 * to p->harbours[seat]; both keep p->road_ends, a settlement p->hex_yield.
 */
void pos_place_settlement(const struct game *g, struct position *p, int seat, int node);
void pos_place_road(const struct geometry *geo, struct position *p, int seat, int edge);
/*
 * pos_place_city: seat's settlement on node becomes a city (no rule
 * checks), the supply and p->hex_yield kept.
 */
void pos_place_city(const struct geometry *geo, struct position *p, int seat, int node);
/* pos_hex_builders: the seats with a building on hex, a byte of 1 each (seat s's at bit 8s), from hex_yield. */
static inline uint64_t pos_hex_builders(const struct position *p, int hex)
{
	_Static_assert(MAXPLAYERS <= 6, "a byte per seat in the low 48 bits");
	/*
	 * Bit 7 of each byte that is not 0, then seat s's at bit 8s: a hex
	 * pays a seat at most 12 (a city on each corner), and 12 plus 0x7f
	 * never carries.
	 */
	return (p->hex_yield[hex] + 0x7f7f7f7f7f7f) >> 7 & 0x010101010101;
}

/* pos_hex_seats: the seats (a bitmask) with a building on hex, from what it pays them (hex_yield). */
static inline unsigned pos_hex_seats(const struct position *p, int hex)
{
	uint64_t nz = pos_hex_builders(p, hex);
	/*
	 * The six bits gathered at bits 35 to 40: bit 8s shifted by 35 - 7s
	 * lands at 35 + s, and the other shifted copies of the product fall
	 * outside those bits without carrying into them.
	 */
	return (unsigned)((nz * 0x810204081) >> 35 & 0x3f);
}
/* pos_find_yields: recomputes p->hex_yield of the nplayers seats from the buildings on the board. */
void pos_find_yields(const struct geometry *geo, struct position *p, int nplayers);
/* pos_find_road_ends: recomputes p->road_ends of the nplayers seats (0 for the others) and p->occupied from the pieces on the board. */
void pos_find_road_ends(const struct geometry *geo, struct position *p, int nplayers);
/* pos_pay_start: gives seat one card per producing hex around node, from the bank. */
void pos_pay_start(const struct geometry *geo,
		   struct position *p, const struct board *b, int seat, int node);
/*
 * pos_trade_gain: gives seat the trade cards a settlement on node earns
 * (Catan for Two: next to the desert, on the coast), within the supply
 * and the most a player holds.
 */
void pos_trade_gain(const struct game *g, struct position *p, int seat, int node);
/* pos_node_open: 1 when node and the intersections one path away hold no building (the distance rule). */
int pos_node_open(const struct geometry *geo, const struct position *p, int node);
/*
 * pos_start_two: the start of a game with neutral seats (Catan for Two):
 * each neutral seat's settlement on node[i] (the i-th neutral seat), the
 * players' trade cards dealt.  -1 when a node is off the board or breaks
 * the distance rule.
 */
int pos_start_two(const struct game *g, struct position *p, const int node[2]);
/* pos_hand_size: the number of resource cards seat holds. */
int pos_hand_size(const struct position *p, int seat);
/* pos_deck_counts: recomputes deck_count[] from deck[] (when the order is known). */
void pos_deck_counts(struct position *p);

/* game_seat_of: the seat playing colour, or NOBODY. */
int game_seat_of(const struct game *g, int colour);

/*
 * game_name_set: seat's name, as a record gives it (g->name): 1 to
 * NAME_BYTES bytes of UTF-8 (the caller's JSON reader or its own checks
 * that), with no control character; blanks around it are dropped.  C_OK,
 * or C_INPUT with the reason in e.  A name given twice is not refused: two
 * people may share one.
 */
int game_name_set(struct game *g, int seat, const char *name, size_t len, struct cerr *e);

/*
 * pos_check: the invariants of a position of a full (non-view) game:
 * the rule set's bank of each resource across bank and hands (when hands
 * are known), piece limits, no two buildings on one intersection or
 * adjacent ones outside the rules' reach, the deck plus hands plus played
 * cards making the rule set's deck.  Returns C_OK or C_INPUT with a message naming the field, relative
 * to the position ("bank.ore", "players.red.roads").
 */
int pos_check(const struct game *g, const struct position *p, struct cerr *e);
/*
 * pos_check_mode: pos_check's invariants, the one definition of them.
 * POS_CHECK_FULL tests them all (pos_check).  POS_CHECK_FAST leaves out
 * the distance rule, which only a building placed can break (buildings
 * are never taken away): for a position reached from a checked one by a
 * move that placed none.  A message is formatted only for the first
 * invariant that fails, so a replay checks every position it reaches.
 */
enum pos_check_mode { POS_CHECK_FULL, POS_CHECK_FAST };
int pos_check_mode(const struct game *g, const struct position *p, enum pos_check_mode mode,
		   struct cerr *e);

/*
 * pos_award_check: the awards against the board and the knights, by the
 * rules that hold however the position was reached: a holder of the
 * longest road (largest army) has the threshold (5 roads, 3 knights) and
 * nobody has more; a seat alone with the most, at the threshold, holds
 * the award.  p->road_len must be computed (pos_count_pieces).  C_OK, or
 * C_INPUT with a message whose path is relative to the position
 * ("awards.longest_road: red holds the longest road with a road of 1,
 * fewer than 5").
 */
int pos_award_check(const struct game *g, const struct position *p, struct cerr *e);

/* The base game's development deck by kind (code that has a game reads g->rs->deck). */
#define deck_composition (ruleset_base.deck)

#endif
