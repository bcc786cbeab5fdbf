/* types.h: the constants, enums and structs of a Catan game that every module shares. */
#ifndef CATAN_TYPES_H
#define CATAN_TYPES_H

#include <stddef.h>
#include <stdint.h>

#include "model/bitset.h"
#include "buf.h"
#include "geom_tab.h"

/*
 * Internally every index is 0-based: hex 0..18, intersection ("node")
 * 0..53, path ("edge") 0..71 on the base board, seat 0..5.  People see hexes and
 * intersections numbered from 1 and paths named "a-b" (names.h converts).
 *
 * Fixed-size arrays are sized by the largest board of any rule set (the
 * MAX_ macros) and by the largest rule set's numbers; loops run over the
 * game's own board (g->rs->geom, geom.h) and a game's own numbers are in
 * its rule set (ruleset.h).
 */
#define MAX_HEX GEOM_MAX_NHEX
#define MAX_NODE GEOM_MAX_NNODE
#define MAX_EDGE GEOM_MAX_NEDGE
#define MAX_COAST GEOM_MAX_NCOAST
#define MAX_HARBOUR GEOM_MAX_NHARBOUR
#define MAX_TOKEN 12	/* the largest number token */
#define MAXPLAYERS 6	/* seats of the largest rule set, neutral ones included */
#define NAME_BYTES 32	/* a player's name at most, in bytes of UTF-8 (game_name_set) */
#define NRES 5
#define NDEV 5
#define MAX_DECK 34	/* the largest development deck */
#define MAX_BANK_EACH 24	/* the largest bank of one resource: bounds counts of cards */
#define NDICE 2	/* the dice of a production roll: a roll move names each (struct move's dice) */
#define NOBODY (-1)
#define SPECTATOR (-2)	/* a viewer at none of the seats: the public (struct game's view) */
#define MAX_TURN 65535	/* the last turn a game may reach: position.turn is 16 bits */

/* Resources; terrain t < T_DESERT produces resource t. */
enum resource { RES_BRICK, RES_LUMBER, RES_WOOL, RES_GRAIN, RES_ORE };
enum terrain { T_HILLS, T_FOREST, T_PASTURE, T_FIELDS, T_MOUNTAINS, T_DESERT, NTERRAIN };
/* Harbour kinds: a 2:1 harbour's kind is its resource; HB_GENERIC is 3:1. */
enum harbour { HB_GENERIC = NRES, NHARBOURKIND };
enum dev { DEV_KNIGHT, DEV_ROAD_BUILDING, DEV_YEAR_OF_PLENTY, DEV_MONOPOLY, DEV_VICTORY_POINT };
/* The colours, the base game's four first: a rule set plays the first few (struct ruleset's colours). */
enum colour { COL_RED, COL_BLUE, COL_WHITE, COL_ORANGE, COL_GREEN, COL_BROWN, NCOLOUR };

/*
 * Where the game stands.  Set-up: PH_SETUP_SETTLEMENT then PH_SETUP_ROAD for
 * each seat in snake order.  A turn: PH_ROLL (a development card may be
 * played first), then PH_MAIN; a seven goes through PH_DISCARD (while any
 * player owes cards) and PH_ROBBER; a knight goes to PH_ROBBER and back.
 * Catan for Two adds PH_NEUTRAL (the free neutral pieces owed after a
 * build) and PH_GIVE (the two cards given after a forced trade); both go
 * back to PH_ROLL or PH_MAIN.  With the rules option knight_interrupt (001's
 * variant 8) a robber moved opens PH_INTERRUPT, in which the other players
 * answer in seat order (pass, or play a knight and move it themselves:
 * PH_ROBBER again), and the last to move it then steals in PH_STEAL.  The
 * 5-6 player extension adds PH_BUILDING after each turn (the Special
 * Building Phase): each other player in turn, from the left of the player
 * whose turn ended (position.turn_of), builds and buys or passes ("end"),
 * then the next turn begins.  With the rules option paired_players there is
 * no such phase: after the player whose turn it is ends it ("end"),
 * Settler 2, the player three seats on (settler_two, seats.h), plays a part
 * of the same turn in PH_MAIN (position.paired, turn_of: Settler 1),
 * trading with the bank alone, and their "end" begins the next turn.
 */
enum phase {
	PH_SETUP_SETTLEMENT,
	PH_SETUP_ROAD,
	PH_ROLL,
	PH_DISCARD,
	PH_ROBBER,
	PH_MAIN,
	PH_NEUTRAL,
	PH_GIVE,
	PH_INTERRUPT,
	PH_STEAL,
	PH_BUILDING,
	PH_OVER,
	NPHASE
};

enum trade_mode { TRADE_COMBINED, TRADE_STRICT };
enum outcomes { OUT_INTERNAL, OUT_EXTERNAL };
/* The rule set a game plays (ruleset.h): the base game, or Catan for Two. */
enum variant { VAR_BASE, VAR_TWO, VAR_SIX, NVARIANT };

/* The longest road after a break, when several tie: 000's almanac (the holder keeps it) or 002's FAQ. */
enum road_tie { TIE_KEEP, TIE_ASIDE };

struct rules {
	uint8_t variant;	/* enum variant */
	uint8_t points_to_win;	/* 3..20, default 10 */
	uint8_t discard_limit;	/* a seven costs half the hand above this; default 7 */
	uint8_t trade_build;	/* enum trade_mode */
	uint8_t outcomes;	/* enum outcomes */
	/* The 1996 variants (001) and the editions' differences: 0 off (the default), 1 on. */
	uint8_t open_hands;	/* every view shows every hand */
	uint8_t dev_after_roll;	/* development cards only after the roll */
	uint8_t reroll_sevens;	/* a seven in the first two rounds is rolled again */
	uint8_t keep_settlement;	/* a player's last settlement may not become a city */
	uint8_t friendly_robber;	/* no robber next to a player with 2 public points or fewer */
	uint8_t road_tie;	/* enum road_tie */
	uint8_t vp_played;	/* victory point cards are played like the others, and count once played */
	uint8_t ignore_seven;	/* the roller of a seven may leave the robber where it is */
	uint8_t knight_interrupt;	/* a knight may answer any robber moved; the steal waits for the answers */
	uint8_t paired_players;	/* 5-6 players: a second player's part of each turn, no building phase */
};

/* The immutable board: what each hex is, its token, each harbour's kind. */
struct board {
	uint8_t terrain[MAX_HEX];	/* enum terrain */
	uint8_t token[MAX_HEX];	/* 2..12 without 7; 0 on the desert */
	uint8_t harbour[MAX_HARBOUR];	/* enum resource or HB_GENERIC, slot order 0,3,7,... */
	/*
	 * Derived from terrain and token by board_index wherever a board is made
	 * or read (not in the document): the hexes that produce, by token.
	 * by_token[token_first[t] .. token_first[t + 1]) are the hexes of token
	 * t, in increasing order.
	 */
	uint8_t by_token[MAX_HEX];
	uint8_t token_first[MAX_TOKEN + 2];
};

struct player {
	uint8_t hand[NRES];
	uint8_t dev[NDEV];	/* held since before this turn: playable */
	uint8_t dev_new[NDEV];	/* bought this turn: not playable yet */
	uint8_t played[NDEV];	/* played face up (knights count for the army) */
	uint8_t discard;	/* cards still owed after a seven */
	uint8_t trade;		/* Catan for Two: trade cards held */
	uint8_t returned;	/* Catan for Two: knights given back for trade cards (out of the game) */
	/* Pieces in the supply: derived from the board when a state is read. */
	uint8_t roads, settlements, cities;
};

/* A domestic trade offer by the player whose turn it is. */
struct offer {
	int8_t active;		/* 0: no offer open */
	int8_t to;		/* the seat it is made to, or NOBODY for everyone */
	uint8_t give[NRES];	/* what the offerer gives */
	uint8_t get[NRES];	/* what the offerer asks for */
	uint8_t rejected;	/* one bit per seat that declined */
};

enum building { B_NONE, B_SETTLEMENT, B_CITY };

/* One position of the game: everything that changes while it is played. */
struct position {
	uint8_t phase;		/* enum phase */
	int8_t current;		/* seat whose turn (or set-up placement) it is */
	uint16_t turn;		/* 0 during set-up, then 1, 2, ... at each new turn */
	uint8_t rolled;		/* the dice were rolled this turn */
	uint8_t dev_played;	/* a knight or progress card was played this turn */
	uint8_t built;		/* something was built this turn (strict phases) */
	int8_t turn_of;		/* PH_BUILDING, paired: the seat whose turn the phase or part follows */
	uint8_t paired;		/* paired_players: 1 in Settler 2's part of the turn (current: Settler 2) */
	uint8_t nrolls;		/* production rolls made this turn (rolled: all of them) */
	uint8_t roll_sum[2];	/* their totals, in order */
	uint8_t knight_returned;	/* Catan for Two: a knight was given back this turn */
	uint8_t trade_supply;	/* Catan for Two: trade cards in the supply */
	uint8_t neutral_owed;	/* PH_NEUTRAL: free neutral pieces still to place */
	uint8_t neutral_piece;	/* PH_NEUTRAL: enum piece owed (PC_ROAD or PC_SETTLEMENT) */
	uint8_t give_owed;	/* PH_GIVE: cards the forced trade's taker still gives */
	uint8_t seven;		/* the robber is owed for a seven (not a knight): it may stay (ignore_seven) */
	/*
	 * knight_interrupt: the seat that moves the robber (PH_ROBBER), last
	 * moved it (PH_INTERRUPT) or steals (PH_STEAL); and in PH_INTERRUPT the
	 * seat that answers now.  0 in every other phase and without the option.
	 */
	uint8_t robber_seat;
	uint8_t answer;
	uint8_t robber;		/* hex */
	int8_t longest_road;	/* seat holding the award, or NOBODY */
	/*
	 * Derived, not stored in a document: each seat's longest road
	 * (longest_road), kept up to date as roads and settlements are placed
	 * (pos_count_pieces computes them all, the rules only the seats a
	 * piece changes), so the award is decided without searching.
	 */
	uint8_t road_len[MAXPLAYERS];
	/*
	 * Derived too: the harbour kinds where each seat has a settlement or
	 * city (bit k for enum harbour k), for the maritime rates, kept as
	 * settlements are placed (pos_place_settlement; pos_count_pieces
	 * computes them all).
	 */
	uint8_t harbours[MAXPLAYERS];
	int8_t largest_army;
	uint8_t bank[NRES];
	uint8_t deck_known;	/* 1: deck[] holds the order; 0: only deck_count[] */
	uint8_t deck_len;
	uint8_t deck[MAX_DECK];	/* top card first */
	uint8_t deck_count[NDEV];	/* cards of each kind left (kept in step with deck[]) */
	int8_t node_owner[MAX_NODE];	/* seat or NOBODY */
	uint8_t node_kind[MAX_NODE];	/* enum building */
	int8_t edge_owner[MAX_EDGE];
	struct offer offer;
	struct player pl[MAXPLAYERS];
	/*
	 * The luck (rng.h): xoshiro256** state; in a game with a secret
	 * (struct game's has_secret), rng[0] counts the words drawn from the
	 * keyed stream and the others are 0.
	 */
	uint64_t rng[4];
	/*
	 * Derived too: for each seat, the intersections where a road of its
	 * may start (bit n): its own settlements and cities, and the ends of
	 * its roads where no other seat has built; kept as roads and
	 * settlements are placed (pos_place_road, pos_place_settlement;
	 * pos_find_road_ends, which pos_count_pieces calls, computes them all).
	 */
	struct bitset road_ends[MAXPLAYERS];
	/*
	 * Derived too: the intersections with a building of any seat (bit
	 * n), so the distance rule is one test (pos_node_open); kept by
	 * pos_place_settlement, computed by pos_find_road_ends.
	 */
	struct bitset occupied;
	/*
	 * Derived too: what each hex pays when its number is rolled, a byte
	 * per seat (seat s at bits 8s..8s+7: 1 per settlement, 2 per city on
	 * the hex, neutral seats' too), so production visits no
	 * intersection; kept as settlements and cities are placed
	 * (pos_place_settlement, pos_place_city; pos_find_yields, which
	 * pos_count_pieces calls, computes them all).
	 */
	uint64_t hex_yield[MAX_HEX];
};

/* A move in its C form; move.h gives its text and JSON forms. */
enum move_verb {
	MV_BUILD, MV_ROLL, MV_DISCARD, MV_ROBBER, MV_OFFER, MV_ACCEPT, MV_REJECT,
	MV_CANCEL, MV_TRADE, MV_BUY, MV_PLAY, MV_END,
	/* Catan for Two */
	MV_NEUTRAL, MV_ACTION, MV_GIVE, MV_RETURN,
	/* knight_interrupt: an answer to a robber moved, and the steal after the answers */
	MV_PASS, MV_STEAL, NVERB
};
/* The actions a trade card pays for (Catan for Two). */
enum action { ACT_FORCE_TRADE, ACT_ROBBER, NACTION };
enum piece { PC_ROAD, PC_SETTLEMENT, PC_CITY, NPIECE };

/* Fields not used by a verb are 0, or -1 for the int8_t ones marked so. */
struct move {
	int8_t seat;		/* who makes the move */
	uint8_t verb;		/* enum move_verb */
	uint8_t piece;		/* MV_BUILD: enum piece */
	int8_t card;		/* MV_PLAY: the card; MV_BUY: the card drawn, -1 when not given */
	int8_t node;		/* MV_BUILD settlement or city; else -1 */
	int8_t hex;		/* MV_ROBBER; else -1 */
	int8_t victim;		/* MV_ROBBER, MV_STEAL: the seat robbed, or NOBODY */
	int8_t to;		/* MV_OFFER: the seat offered to, or NOBODY for all; MV_NEUTRAL: the neutral seat */
	int8_t action;		/* MV_ACTION: enum action; else -1 */
	int8_t res;		/* MV_ROBBER, MV_STEAL: the card stolen (-1 not given); MV_PLAY monopoly */
	uint8_t npath;		/* paths given: 1 for a road, 1 or 2 for road building */
	int8_t path[2];
	uint8_t dice[NDICE];	/* MV_ROLL: 0 0 when not given */
	uint8_t give[NRES];	/* discard, offer, trade, give: cards given */
	uint8_t get[NRES];	/* offer: asked for; trade: the card received; year of plenty and
				   a forced trade: taken (a forced trade: all 0 when not given) */
};

/*
 * The log: the moves made, each with its canonical text (outcome included)
 * and, when the engine made it in this process, its parsed form (entries
 * read from a document are parsed when asked: movelog_move).  Owned texts.
 */
struct logent {
	char *text;
	struct move move;	/* valid when parsed */
	uint8_t parsed;
	uint8_t plain;		/* text is printable ASCII without a quote or a backslash: written as it is */
	uint16_t len;		/* strlen(text) when plain */
};
struct movelog {
	struct logent *ent;
	size_t len, cap;
	struct arena texts;	/* the entries' texts, freed with the log */
};

/*
 * A whole game document.  A record has no current position (has_pos 0).
 * A view is what one seat may see: hidden values are absent and the
 * counts that stand for them are in view_* fields.
 */
struct ruleset;

/* A seat is a player who moves, or a neutral one that owns pieces but never moves. */
enum seat_role { SEAT_PLAYER, SEAT_NEUTRAL };

struct game {
	const struct ruleset *rs;	/* the rule set: the game's numbers (ruleset.h) */
	struct rules rules;
	struct board board;
	int nplayers;		/* seats, neutral ones included */
	uint8_t colour[MAXPLAYERS];	/* enum colour by seat */
	uint8_t role[MAXPLAYERS];	/* enum seat_role by seat (the base game: all players) */
	/*
	 * The name by which a player is known at the table or on a server (a
	 * record's "names"), "" when none: public, in every view.
	 */
	char name[MAXPLAYERS][NAME_BYTES + 1];
	int64_t seed;		/* -1 when none is recorded */
	/*
	 * A refereed game's secret: the key of its luck (rng.h), drawn from the
	 * system's random source; held only by the full state, never by a view.
	 */
	uint8_t has_secret;
	uint8_t secret[32];	/* LUCK_KEY_BYTES (rng.h) */
	int has_start, has_pos;
	/*
	 * The start is a position set up by hand (catan-newboard --position,
	 * "setup": "position" in the document), checked for consistency
	 * instead of being compared with a fresh game.
	 */
	uint8_t set_up;
	struct position start;
	struct position pos;
	struct movelog log;
	int view;		/* NOBODY for a full state, SPECTATOR for the public's view, else the viewer's seat */
	/* In a view, counts of hidden things: per seat hand and development cards. */
	uint8_t view_hand[MAXPLAYERS], view_dev[MAXPLAYERS];
};

#endif
