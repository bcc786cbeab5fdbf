/* ruleset.c: the rule sets' tables; the base game is the first. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/ruleset.h"
#include "spell.h"

/*
 * The numbers every rule set shares: the pieces, the costs, the dice, the
 * points and awards, the maritime rates.  A rule set that differs in one
 * of them spells its table out.
 */
#define COMMON_NUMBERS \
	.roads = 15, .settlements = 5, .cities = 4, \
	.cost = { \
		[BUY_ROAD] = { [RES_BRICK] = 1, [RES_LUMBER] = 1 }, \
		[BUY_SETTLEMENT] = { [RES_BRICK] = 1, [RES_LUMBER] = 1, [RES_WOOL] = 1, [RES_GRAIN] = 1 }, \
		[BUY_CITY] = { [RES_GRAIN] = 2, [RES_ORE] = 3 }, \
		[BUY_DEV] = { [RES_WOOL] = 1, [RES_GRAIN] = 1, [RES_ORE] = 1 }, \
	}, \
	.setup_rounds = 2, \
	.dice_sides = 6, \
	.robber_roll = 7, \
	.settlement_points = 1, .city_points = 2, \
	.road_award_min = 5, .army_award_min = 3, .award_points = 2, \
	.points_to_win = 10, .discard_limit = 7, \
	.bank_rate = 4, .generic_rate = 3, .harbour_rate = 2, \
	.friendly_points = 2

/*
 * The numbers of the base game and Catan for Two: the nineteen-hex
 * board's composition, the deck and the bank.
 */
#define BASE_NUMBERS \
	.geom = &geometry_base, \
	.terrains = { [T_HILLS] = 3, [T_FOREST] = 4, [T_PASTURE] = 4, [T_FIELDS] = 4, \
		      [T_MOUNTAINS] = 3, [T_DESERT] = 1 }, \
	.ntoken = 18, \
	.tokens = { 5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11 }, \
	.harbours = { HB_GENERIC, HB_GENERIC, HB_GENERIC, HB_GENERIC, \
		      RES_BRICK, RES_LUMBER, RES_WOOL, RES_GRAIN, RES_ORE }, \
	.deck = { [DEV_KNIGHT] = 14, [DEV_ROAD_BUILDING] = 2, [DEV_YEAR_OF_PLENTY] = 2, \
		  [DEV_MONOPOLY] = 2, [DEV_VICTORY_POINT] = 5 }, \
	.deck_size = 25, \
	.bank_each = 19, \
	.beginner = 1, \
	COMMON_NUMBERS

const struct ruleset ruleset_base = {
	.name = "base",
	BASE_NUMBERS,
	.min_players = 2, .max_players = 4,
	.colours = 4,
	.neutral_seats = 0,
	.rolls_per_turn = 1,
	.neutral_start = { -1, -1 },
};

/* The base game's numbers with the two-player rules of 000 on top. */
const struct ruleset ruleset_two = {
	.name = "two",
	BASE_NUMBERS,
	.min_players = 2, .max_players = 2,
	.colours = 4,
	.neutral_seats = 2,
	.rolls_per_turn = 2,
	/* Straight above and below the centre, two hexes out: where the printed figure marks them. */
	.neutral_start = { 13, 40 },
	.neutral_builds = 1,
	.trade_cards = 14, .trade_start = 4, .trade_max = 7,
	.trade_desert = 2, .trade_coast = 1,
	.action_cost = 1, .action_cost_ahead = 2,
	.knight_trade = 2,
	.force_trade = 2,
};

/*
 * The 5-6 player extension (five-six data): the thirty-hex board with two
 * deserts, 28 tokens, eleven harbours (their kinds in this order when they
 * are not shuffled), 34 cards, 24 of each resource, green and brown beside
 * the four colours, and the Special Building Phase after every turn.  Five
 * or six play it, or three or four on its board.
 */
const struct ruleset ruleset_six = {
	.name = "five_six",
	.geom = &geometry_six,
	.terrains = { [T_HILLS] = 5, [T_FOREST] = 6, [T_PASTURE] = 6, [T_FIELDS] = 6,
		      [T_MOUNTAINS] = 5, [T_DESERT] = 2 },
	.ntoken = 28,
	.tokens = { 2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4, 8, 10, 11, 12, 10, 5, 4, 9, 5, 9,
		    12, 3, 2, 6 },
	.harbours = { HB_GENERIC, RES_WOOL, RES_WOOL, RES_GRAIN, RES_LUMBER, HB_GENERIC, RES_BRICK,
		      RES_ORE, HB_GENERIC, HB_GENERIC, HB_GENERIC },
	.deck = { [DEV_KNIGHT] = 20, [DEV_ROAD_BUILDING] = 3, [DEV_YEAR_OF_PLENTY] = 3,
		  [DEV_MONOPOLY] = 3, [DEV_VICTORY_POINT] = 5 },
	.deck_size = 34,
	.bank_each = 24,
	COMMON_NUMBERS,
	.min_players = 3, .max_players = 6,
	.colours = 6,
	.neutral_seats = 0,
	.rolls_per_turn = 1,
	.building_phase = 1,
	.neutral_start = { -1, -1 },
};

const struct ruleset *ruleset_of(int variant)
{
	return variant == VAR_TWO ? &ruleset_two : variant == VAR_SIX ? &ruleset_six : &ruleset_base;
}

/* most: the largest of one uint8_t member (at offset field) of every rule set's table. */
static int most(size_t field)
{
	int n = 0;
	for (int v = 0; v < NVARIANT; v++) {
		int k = ((const uint8_t *)ruleset_of(v))[field];
		n = k > n ? k : n;
	}
	return n;
}

int rulesets_max_players(void)
{
	return most(offsetof(struct ruleset, max_players));
}

int rulesets_colours(void)
{
	return most(offsetof(struct ruleset, colours));
}

static const char *const variant_words[] = { [VAR_BASE] = "base", [VAR_TWO] = "two", [VAR_SIX] = "five_six",
					       NULL };
static const char *const trade_words[] = { [TRADE_COMBINED] = "combined", [TRADE_STRICT] = "strict", NULL };
static const char *const onoff_words[] = { "off", "on", NULL };
static const char *const vp_words[] = { "held", "played", NULL };
static const char *const tie_words[] = { [TIE_KEEP] = "keep", [TIE_ASIDE] = "aside", NULL };
static const char *const outcome_words[] = { [OUT_INTERNAL] = "internal", [OUT_EXTERNAL] = "external", NULL };

/*
 * The table reads and writes struct rules as bytes at each option's offset
 * (rules_option_value, rules_option_store): every field is one byte and one
 * option, so the struct's size is the options' count.
 */
_Static_assert(sizeof(struct rules) == NRULES_OPTION, "struct rules: one uint8_t per rules option");

/* In the order of the state file's "rules" object. */
const struct rules_option rules_options[NRULES_OPTION + 1] = {
	{ "variant", 0, 0, variant_words, offsetof(struct rules, variant), 1 },
	{ "points_to_win", 3, 20, NULL, offsetof(struct rules, points_to_win), 0 },
	{ "discard_limit", 2, 40, NULL, offsetof(struct rules, discard_limit), 0 },
	{ "trade_build", 0, 0, trade_words, offsetof(struct rules, trade_build), 0 },
	{ "outcomes", 0, 0, outcome_words, offsetof(struct rules, outcomes), 0 },
	{ "open_hands", 0, 0, onoff_words, offsetof(struct rules, open_hands), 1 },
	{ "dev_after_roll", 0, 0, onoff_words, offsetof(struct rules, dev_after_roll), 1 },
	{ "reroll_sevens", 0, 0, onoff_words, offsetof(struct rules, reroll_sevens), 1 },
	{ "keep_settlement", 0, 0, onoff_words, offsetof(struct rules, keep_settlement), 1 },
	{ "friendly_robber", 0, 0, onoff_words, offsetof(struct rules, friendly_robber), 1 },
	{ "road_tie", 0, 0, tie_words, offsetof(struct rules, road_tie), 1 },
	{ "vp_cards", 0, 0, vp_words, offsetof(struct rules, vp_played), 1 },
	{ "ignore_seven", 0, 0, onoff_words, offsetof(struct rules, ignore_seven), 1 },
	{ "knight_interrupt", 0, 0, onoff_words, offsetof(struct rules, knight_interrupt), 1 },
	{ "paired_players", 0, 0, onoff_words, offsetof(struct rules, paired_players), RO_WHEN_SET },
	{ NULL, 0, 0, NULL, 0, 0 },
};

/* rules_option_find: the option named key, or NULL. */
static const struct rules_option *rules_option_find(const char *key)
{
	for (const struct rules_option *o = rules_options; o->key; o++)
		if (strcmp(o->key, key) == 0)
			return o;
	return NULL;
}

int rules_option_value(const struct rules *r, const struct rules_option *o)
{
	return ((const uint8_t *)r)[o->field];
}

int rules_option_word(const struct rules_option *o, const char *word)
{
	for (int i = 0; o->words && o->words[i]; i++)
		if (strcmp(o->words[i], word) == 0)
			return i;
	return -1;
}

void rules_option_store(struct rules *r, const struct rules_option *o, int v)
{
	((uint8_t *)r)[o->field] = (uint8_t)v;
}

/* A decimal number of at most max, digits only; -1 otherwise. */
static long number(const char *s, int max)
{
	size_t digits = strspn(s, "0123456789");
	if (digits == 0 || s[digits] != '\0')
		return -1;
	unsigned long v = strtoul(s, NULL, 10);	/* saturates on overflow */
	return v > (unsigned long)max ? -1 : (long)v;
}

void words_list(const char *const *w, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; w[i] && len < n; i++) {
		const char *sep = i == 0 ? "" : w[i + 1] ? ", " : " or ";
		int k = snprintf(buf + len, n - len, "%s%s", sep, w[i]);
		len += k > 0 ? (size_t)k : 0;
	}
}

/* unknown_key: "unknown key 'K': did you mean 'points_to_win'? (keys: ...)", the question when one is near. */
static int unknown_key(const char *key, struct cerr *e)
{
	char list[256] = "", guess[48] = "";
	size_t len = 0;
	struct spell sp;
	spell_start(&sp, key);
	for (const struct rules_option *o = rules_options; o->key; o++) {
		int k = snprintf(list + len, sizeof list - len, "%s%s", o == rules_options ? "" : ", ", o->key);
		len += k > 0 && (size_t)k < sizeof list - len ? (size_t)k : 0;
		spell_offer(&sp, o->key);
	}
	if (sp.best)
		snprintf(guess, sizeof guess, ": did you mean '%s'?", sp.best);
	return cerr_set(e, C_USAGE, "unknown key '%s'%s (keys: %s)", key, guess, list);
}

int rules_set(struct rules *r, const char *key, const char *value, struct cerr *e)
{
	const struct rules_option *o = rules_option_find(key);
	long v;

	if (!o)
		return unknown_key(key, e);
	if (!o->words) {
		v = number(value, o->max);
		if (v < o->min)
			return cerr_set(e, C_USAGE, "%s must be %d to %d, not '%s'", key, o->min, o->max,
					value);
	} else if ((v = rules_option_word(o, value)) < 0) {
		char list[128];
		words_list(o->words, list, sizeof list);
		return cerr_set(e, C_USAGE, "%s is %s, not '%s'", key, list, value);
	}
	rules_option_store(r, o, (int)v);
	return C_OK;
}

char *rules_text(const struct rules *r, const struct rules *def, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = '\0';
	for (const struct rules_option *o = rules_options; o->key && len < n; o++) {
		int v = rules_option_value(r, o);
		if (v == rules_option_value(def, o))
			continue;
		int k = o->words ? snprintf(buf + len, n - len, "%s%s=%s", len ? ", " : "", o->key, o->words[v])
				 : snprintf(buf + len, n - len, "%s%s=%d", len ? ", " : "", o->key, v);
		len += k > 0 ? (size_t)k : 0;
	}
	return buf;
}
