/*
 * ruleset.h: a rule set as data: the board it is played on, its pieces,
 * cards, bank, awards, points, seats and turn structure, one const table
 * per rule set.  The engine reads a game's numbers from its table
 * (struct game's rs); docs/adding-a-rule-set.md says how to add one.
 */
#ifndef CATAN_RULESET_H
#define CATAN_RULESET_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "model/geom.h"
#include "model/types.h"

/* What can be built or bought, the index into struct ruleset's cost. */
enum purchase { BUY_ROAD, BUY_SETTLEMENT, BUY_CITY, BUY_DEV, NPURCHASE };

struct ruleset {
	const char *name;
	const struct geometry *geom;
	/* The board's composition: terrain counts, tokens in spiral order (A, B, ...), harbour kinds. */
	uint8_t terrains[NTERRAIN];
	uint8_t ntoken;
	uint8_t tokens[MAX_HEX];
	uint8_t harbours[MAX_HARBOUR];	/* enum resource or HB_GENERIC, one per harbour */
	uint8_t deck[NDEV];	/* development cards of each kind */
	uint8_t deck_size;
	uint8_t bank_each;	/* resource cards of each kind */
	uint8_t roads, settlements, cities;	/* pieces per player */
	uint8_t cost[NPURCHASE][NRES];
	uint8_t setup_rounds;	/* set-up placements per player, in snake order */
	uint8_t beginner;	/* 1: the beginner board and its starting pieces (board.h) are its board's */
	uint8_t dice_sides;	/* the sides of each of the NDICE dice (types.h) */
	uint8_t robber_roll;	/* the total that moves the robber and makes hands discard */
	uint8_t settlement_points, city_points;
	uint8_t road_award_min, army_award_min, award_points;
	uint8_t points_to_win, discard_limit;	/* defaults of the rules options */
	uint8_t bank_rate, generic_rate, harbour_rate;	/* maritime trade: cards given for one */
	uint8_t friendly_points;	/* the friendly robber keeps off players with this many public points or fewer */
	uint8_t min_players, max_players;	/* seats who move */
	uint8_t colours;	/* the colours its seats take: the first this many of enum colour */
	uint8_t neutral_seats;	/* seats that own pieces but never move */
	uint8_t rolls_per_turn;	/* production rolls; a second must differ from the first in total */
	uint8_t building_phase;	/* 1: the Special Building Phase after every turn (PH_BUILDING) */
	/*
	 * Neutral seats (Catan for Two): the intersections of their starting
	 * settlements by default (0-based), and the free piece they get with
	 * each road or settlement a player builds.
	 */
	int8_t neutral_start[2];
	uint8_t neutral_builds;
	/* Trade cards (Catan for Two): the supply, each player's start and limit, the gains. */
	uint8_t trade_cards, trade_start, trade_max;
	uint8_t trade_desert, trade_coast;	/* for a settlement next to the desert, on the coast */
	uint8_t action_cost, action_cost_ahead;	/* an action's price; ahead: more public points */
	uint8_t knight_trade;	/* trade cards for a face-up knight given back, once a turn */
	uint8_t force_trade;	/* the cards a forced trade takes (as many as there are) and gives back */
};

/*
 * What a rule set has beyond the base game, each named so that a check
 * says which it is about (Catan for Two has them all).
 */
/* rs_has_neutrals: seats that own pieces but never move (g->role marks them). */
static inline int rs_has_neutrals(const struct ruleset *rs)
{
	return rs->neutral_seats > 0;
}
/* rs_has_neutral_builds: a free neutral piece with each road or settlement a player builds (PH_NEUTRAL). */
static inline int rs_has_neutral_builds(const struct ruleset *rs)
{
	return rs->neutral_builds > 0;
}
/*
 * rs_has_trade_cards: trade cards, the actions they pay for (a forced
 * trade and its cards given back in PH_GIVE, the robber to the desert)
 * and the knights given back for them.
 */
static inline int rs_has_trade_cards(const struct ruleset *rs)
{
	return rs->trade_cards > 0;
}
/* rs_has_second_roll: more than one production roll a turn, each differing from the first. */
static inline int rs_has_second_roll(const struct ruleset *rs)
{
	return rs->rolls_per_turn > 1;
}
/* rs_has_building_phase: the Special Building Phase after every turn (PH_BUILDING, types.h). */
static inline int rs_has_building_phase(const struct ruleset *rs)
{
	return rs->building_phase > 0;
}
/*
 * rs_has_turn_extras: the members of a position that the three above
 * need (the rolls, the trade supply and the knight given back, the
 * neutral pieces and the cards owed); a document writes them together,
 * in one place, for a rule set that has any of them.
 */
static inline int rs_has_turn_extras(const struct ruleset *rs)
{
	return rs_has_trade_cards(rs) || rs_has_second_roll(rs) || rs_has_neutral_builds(rs);
}

/* rs_roll_ways: of the dice_sides^NDICE rolls of the dice, how many total t; 0 for a total they never make. */
static inline int rs_roll_ways(const struct ruleset *rs, int t)
{
	_Static_assert(NDICE == 2, "two dice: the ways rise by one a total to the middle and fall again");
	int below = t - 1, above = 2 * rs->dice_sides + 1 - t;	/* ways if t were on either side */
	int w = below < above ? below : above;
	return w > 0 ? w : 0;
}
/* rs_token_red: a token printed red, the likeliest number besides the robber's roll (6 and 8). */
static inline int rs_token_red(const struct ruleset *rs, int t)
{
	return t != rs->robber_roll && rs_roll_ways(rs, t) == rs->dice_sides - 1;
}

/* The base game: three or four players (two allowed) on the nineteen-hex board. */
extern const struct ruleset ruleset_base;
/* Catan for Two (000): two players, two neutral seats, two rolls a turn, trade cards. */
extern const struct ruleset ruleset_two;
/* The 5-6 player extension: the thirty-hex board, its deck and bank. */
extern const struct ruleset ruleset_six;
/* ruleset_of: the rule set of a variant (enum variant). */
const struct ruleset *ruleset_of(int variant);
/*
 * rulesets_max_players: the most players of any rule set: what a reader
 * that knows no rule set yet accepts (a match's lines).
 */
int rulesets_max_players(void);
/* rulesets_colours: the most colours any rule set plays (the first this many of enum colour). */
int rulesets_colours(void);

/*
 * The rules options a game chooses (struct rules), each described once:
 * its key, and either its range (a number) or its words (NULL-terminated;
 * word i stores the value i).  catan-newboard's --rules and the state
 * reader's "rules" object both go through this table.
 */
struct rules_option {
	const char *key;
	int min, max;			/* a number's range */
	const char *const *words;	/* NULL for a number */
	size_t field;			/* offsetof its uint8_t in struct rules */
	int optional;			/* enum rules_presence */
};
/*
 * Whether an option is in every document: RO_ALWAYS; RO_OPTIONAL, absent
 * in older ones (the default then); RO_WHEN_SET, written only when set
 * otherwise than by default (an option of one rule set, so that every
 * other game's document stays as it was), the default when absent.
 */
enum rules_presence { RO_ALWAYS, RO_OPTIONAL, RO_WHEN_SET };
#define NRULES_OPTION 15
extern const struct rules_option rules_options[NRULES_OPTION + 1];	/* ends with a NULL key */

/* rules_option_word: the value of word for option o, or -1 when it is not one of o's words. */
int rules_option_word(const struct rules_option *o, const char *word);
/* rules_option_value: the value of option o in r. */
int rules_option_value(const struct rules *r, const struct rules_option *o);
/* words_list: "a, b or c" of a NULL-terminated list of words into buf (n bytes). */
void words_list(const char *const *w, char *buf, size_t n);
/* rules_option_store: sets option o of r to v (in range: the caller checked). */
void rules_option_store(struct rules *r, const struct rules_option *o, int v);
/* rules_text: "key=value, ..." of the options of r that differ from def, into buf (n bytes); "" when none. */
char *rules_text(const struct rules *r, const struct rules *def, char *buf, size_t n);
/*
 * rules_set: sets the option key of r from its text value (a number in
 * decimal digits, or one of the option's words).  Returns C_OK, or
 * C_USAGE with e filled ("unknown key 'points': did you mean
 * 'points_to_win'? (keys: variant, points_to_win, ...)", the question only
 * when a key is near (spell.h); "points_to_win must be 3 to 20, not '2'",
 * "trade_build is combined or strict, not 'x'"); r is unchanged then.
 */
int rules_set(struct rules *r, const char *key, const char *value, struct cerr *e);

#endif
