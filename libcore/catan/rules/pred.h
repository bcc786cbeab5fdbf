/*
 * pred.h: the helpers under the rule families: refusals and outcomes,
 * hands and the bank, where pieces may go, the robber's victims, harbour
 * rates and Catan for Two's neutral pieces.  The rule families (rules_*.c),
 * the legal-move generator and the automatic players include it; it calls
 * nothing above it.  Who moves when is in seats.h.
 */
#ifndef CATAN_PRED_H
#define CATAN_PRED_H

#include <stddef.h>
#include <stdint.h>

#include "err.h"
#include "rng.h"
#include "model/ruleset.h"
#include "model/score.h"
#include "model/types.h"

/* illegal: a refusal: C_ILLEGAL with the message. */
int illegal(struct cerr *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * outcome_source: how the outcome of a move (replay 1 when re-applied from a log)
 * is obtained: returns 1 when it is taken from the move (external
 * outcomes), 0 when it is drawn from the generator (internal; on replay
 * the given one is then compared), or -1 with e filled when the move
 * wrongly gives (given 1) or omits (given 0) it.  what names the outcome
 * in messages ("the dice").
 */
int outcome_source(const struct game *g, int replay, int given, const char *what, struct cerr *e);

/* hand_covers: 1 when seat holds at least the cards in want. */
int hand_covers(const struct position *p, int seat, const uint8_t want[NRES]);
/* cards_text: "1 brick and 1 lumber" style text of counts into buf (n bytes); returns buf. */
char *cards_text(const uint8_t c[NRES], char *buf, size_t n);
/* hand_draw: a card drawn at random from hand (which holds one at least), by its resource. */
int hand_draw(struct luck l, const uint8_t hand[NRES]);
/* pay_bank: seat pays the counts to the bank (the caller checked the hand). */
void pay_bank(struct position *p, int seat, const uint8_t c[NRES]);

/*
 * road_place_check: whether seat may put a road on edge in the position
 * (the path is free and touches seat's building, or seat's road at an
 * intersection free of other players' buildings).  Pieces and cost are
 * not checked.  C_OK or C_ILLEGAL with the message.
 */
int road_place_check(const struct geometry *geo,
		     const struct position *p, int seat, int edge, struct cerr *e);
/* node_free_check: the intersection is empty and has no building one path away (distance rule). */
int node_free_check(const struct geometry *geo, const struct position *p, int node, struct cerr *e);
/* node_touches_road: 1 when one of seat's roads ends at node. */
int node_touches_road(const struct geometry *geo, const struct position *p, int seat, int node);
/* robber_victims: the seats (a bitmask) that a robber on hex lets seat rob. */
unsigned robber_victims(const struct geometry *geo,
			const struct position *p, int nplayers, int seat, int hex);
/*
 * robber_robbable: the seats (a bitmask) seat may rob wherever they build:
 * the others holding cards (robber_victims: those of them with a building
 * on the hex).
 */
unsigned robber_robbable(const struct position *p, int nplayers, int seat);
/* harbour_rate: the number of res seat gives for one card in a maritime trade at its best rate (2, 3 or 4). */
int harbour_rate(const struct game *g, const struct position *p, int seat, int res);
/*
 * harbour_kinds: the harbour kinds (bit k for enum harbour k) where seat has
 * a settlement or city, as p keeps them (harbours); harbour_kinds_rate:
 * harbour_rate from those kinds; harbour_rates: that rate for every
 * resource at once, a byte each as hand.h lays counts out.
 */
unsigned harbour_kinds(const struct game *g, const struct position *p, int seat);
int harbour_kinds_rate(const struct game *g, unsigned kinds, int res);
uint64_t harbour_rates(const struct game *g, unsigned kinds);
/*
 * trade_rates: every rate seat may trade res at (000: 4:1 always, 3:1 with a
 * generic harbour, 2:1 with res's harbour) into rates, best first; returns
 * how many (1 to 3).
 */
int trade_rates(const struct game *g, const struct position *p, int seat, int res, int rates[3]);

/* neutral_settlement_spot: 1 when neutral seat n could take a settlement somewhere (Catan for Two). */
int neutral_settlement_spot(const struct geometry *geo, const struct position *p, int n);
/*
 * neutral_piece_can: the free piece neutral seat n can take when piece is owed (Catan for Two):
 * a settlement (PC_SETTLEMENT) when one is owed and n has a spot for it, else a road (PC_ROAD)
 * when n has one left and a path for it, else -1.
 */
int neutral_piece_can(const struct geometry *geo, const struct position *p, int n, int piece);
/*
 * neutral_owed_name: what the free neutral piece owed in p can be, over both neutral seats:
 * "settlement", "road", or "settlement or road" (a settlement owed, and a seat with no spot
 * for one takes a road).
 */
const char *neutral_owed_name(const struct game *g, const struct position *p);
/* two_action_cost: the trade cards seat pays for an action (Catan for Two): more when ahead in public points. */
int two_action_cost(const struct game *g, const struct position *p, int seat);

/*
 * robber_keeps_off: with the friendly robber (rules option), the player
 * whose 2 public points or fewer keep the robber off hex (a building of
 * theirs touches it), or NOBODY when the robber may go there (always
 * without the option, and when every other hex is kept off).
 */
int robber_keeps_off(const struct game *g, const struct position *p, int hex);

#endif
