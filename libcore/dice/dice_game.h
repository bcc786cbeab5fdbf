/* dice_game.h: a Catan Dice Game in C structs: players' sheets, the turn, the rules that apply moves. */
#ifndef CATAN_DICE_GAME_H
#define CATAN_DICE_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "dice_map.h"
#include "err.h"

#define DICE_NDICE 6
#define DICE_TURNS 15		/* Island One: turns each player plays */
#define DICE_WIN_VP 10		/* Island Two and the Extra: victory points that win at once */
#define DICE_ROAD_MIN 5		/* the Extra: the shortest road that holds Longest Road */
#define DICE_START_GAP 5	/* the Extra: unbuilt roads at least between two start roads */
#define DICE_MAXPLAYERS 4
#define DICE_NAMELEN 17		/* names: 1 to 16 letters, digits, '-' and '_' */
#define DICE_X (-2)		/* a scoring-track entry for a turn with nothing built */
#define DICE_MAXSEED ((1ULL << 53) - 1)	/* seeds stay exact in any JSON reader */

/* Moves.  A build names one site; "build R0 S3" is two moves.  The Extra begins with a start
 * road chosen by each player in turn ("start ID"). */
enum dmtype { DM_ROLL, DM_REROLL, DM_JOKER, DM_GOLD, DM_BUILD, DM_END, DM_START };

struct dmove {
	uint8_t type;
	uint8_t mask;		/* reroll: bit i for die i+1 (with keep: the dice kept) */
	uint8_t nfaces;		/* roll, reroll: the faces given or drawn, in die order; 0 = none given */
	uint8_t faces[DICE_NDICE];
	int8_t site;		/* joker, build, start: a site index */
	int8_t die, die2;	/* joker: die; gold: the die that turns, the die set aside (0-based) */
	int8_t res;		/* joker, gold: the resource face, or -1 when not named */
	uint8_t keep;		/* reroll as "keep DIE..." or "reroll all": mask names the dice kept;
				 * dice_apply turns it into the dice rolled, so the log never has it */
	uint8_t nkept;		/* reroll as "keep FACE...": the faces of the dice kept, which
				 * dice_apply finds among the dice (then mask names them) */
	uint8_t kept[DICE_NDICE];
};

struct dplayer {
	char name[DICE_NAMELEN];
	uint64_t built;		/* bit i: site i is built (the start road always is) */
	int8_t start;		/* the Extra: the start road chosen, or -1 */
	uint64_t jokers;	/* bit i: the joker of site i is used */
	uint64_t front;		/* derived: the sites the sheet allows next, dice_frontier of built */
	int16_t track[DICE_TURNS];	/* Island One: points a turn, or DICE_X */
	uint8_t ntrack;
};

struct dgame {
	struct dmap map;
	uint8_t external;	/* outcomes come with the moves (physical dice) */
	uint8_t view;		/* internal outcomes, but the generator (seed, rng) is left out */
	uint64_t seed;
	uint64_t rng[4];	/* xoshiro256**; with a secret, rng[0] counts the words drawn (rng.h) */
	uint8_t has_secret;	/* the dice come from the stream keyed by secret, not from the seed */
	uint8_t secret[32];
	uint8_t nplayers;
	struct dplayer p[DICE_MAXPLAYERS];
	/* The Extra: castles are played (an option of the game); how many start roads are chosen. */
	uint8_t castles;
	uint8_t starts;
	/* Island Two awards: holder seat or -1; seats that held the award and lost it. */
	int8_t road_holder, army_holder;
	uint8_t road_lost, army_lost;
	/* The turn. */
	uint8_t over;
	uint32_t number;	/* 1-based turn of the game; seat (number - 1) % nplayers plays */
	uint8_t ndice, rolls, locked;
	uint8_t dice[DICE_NDICE];
	uint8_t used;		/* bit i: die i+1 is spent by a build or set aside by a gold trade */
	uint64_t turn_built;
	/* Every move applied since the start, outcomes included. */
	struct dmove *log;
	size_t nlog, caplog;
};

/* dice_game_init: an empty game owning nothing. */
void dice_game_init(struct dgame *g);
/* dice_game_free: releases what g owns (its log); g stays usable as an empty game. */
void dice_game_free(struct dgame *g);

/*
 * dice_game_start: g (initialised) becomes a new game on map with the given
 * player names (1..4, each valid and distinct), outcomes external or from
 * the generator seeded with seed.  The log's memory is kept for reuse.
 * C_USAGE for bad names or counts.
 */
int dice_game_start(struct dgame *g, const struct dmap *map, int nplayers, const char *const *names,
		    int external, uint64_t seed, struct cerr *e);

/*
 * dice_game_secret: the dice of g (started with internal outcomes, nothing
 * drawn yet) come from the stream keyed by key (rng.h) instead of the seed:
 * a sheet refereed for players who must not predict the dice.
 */
void dice_game_secret(struct dgame *g, const uint8_t key[32]);

/* dice_name_ok: 1 when s is a valid player name. */
int dice_name_ok(const char *s);
/* dice_turn_dice: how many dice turn number rolls on g's island. */
int dice_turn_dice(const struct dgame *g, uint32_t number);
/* dice_seat: the seat whose turn it is (meaningful while !g->over). */
int dice_seat(const struct dgame *g);

/* Flags of dice_apply. */
enum {
	DICE_REPLAY = 1,	/* internal outcomes given in the move are checked against the generator */
};

/*
 * dice_apply: applies m for the player to move.  For internal outcomes the
 * faces are drawn and written into m (with DICE_REPLAY given faces must
 * equal the draws).  The move, outcomes included, goes on the log.  When the
 * rules refuse, g is unchanged and e holds the rule (C_ILLEGAL); C_SYSTEM
 * when the log cannot grow.
 */
int dice_apply(struct dgame *g, struct dmove *m, int flags, struct cerr *e);

/* dice_frontier: the sites the sheet allows for built set b, as a set. */
uint64_t dice_frontier(const struct dgame *g, uint64_t b);
/* dice_frontier_add: the frontier f of a built set once site t is added (b includes t). */
uint64_t dice_frontier_add(const struct dgame *g, uint64_t b, uint64_t f, int t);
/* dice_fronts: every player's front, again (on the Extra one player's building changes the others'). */
void dice_fronts(struct dgame *g);
/* dice_setup: 1 while the Extra's start roads are being chosen. */
int dice_setup(const struct dgame *g);
/* dice_start_gap: the fewest roads between roads a and b on the Extra's map (0 when they meet). */
int dice_start_gap(const struct dmap *m, int a, int b);
/* dice_check_start: C_OK when the player to choose may take road i as start road, else the rule. */
int dice_check_start(const struct dgame *g, int i, struct cerr *e);
/* dice_owner: the seat that built site i, or -1. */
int dice_owner(const struct dgame *g, int i);
/* dice_joker_usable: 1 when seat may use site i's joker now (built, not used). */
int dice_joker_usable(const struct dgame *g, int seat, int i);
/* dice_free_counts: the faces of the dice not spent, counted per face. */
void dice_free_counts(const struct dgame *g, uint8_t have[DF_N]);

/* dice_track_total: the sum of p's scoring track, X counting -2 (Island One). */
int dice_track_total(const struct dplayer *p);
/* dice_road_length: the longest continuous road in built (the start road counts; branches do not). */
int dice_road_length(const struct dmap *m, uint64_t built);
/* dice_road_of: seat's longest road; on the Extra other players' settlements and cities break it. */
int dice_road_of(const struct dgame *g, int seat);
/* dice_knights: how many knights built holds. */
int dice_knights(const struct dmap *m, uint64_t built);
/* dice_vp: seat's victory points on Island Two: settlements 1, cities 2, each award 2; on the
 * Extra: settlements 1, cities 2 (a city grows from a settlement), castles 2, Longest Road 1,
 * Largest Army 2. */
int dice_vp(const struct dgame *g, int seat);
/* dice_winners: the winners' seats as a bit mask (0 while the game goes on); on the Extra, when
 * nothing is left to build and nobody has 10 points, those with the most. */
unsigned dice_winners(const struct dgame *g);

#endif
