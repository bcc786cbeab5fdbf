/* value.h: a learned value of a position: each player's chance to win, from features of its own. */
#ifndef CATAN_VALUE_H
#define CATAN_VALUE_H

#include "model/types.h"

/*
 * Each player who moves is described by VALUE_NF numbers (value_features:
 * points to go, production by resource, harbours, hand, development cards,
 * awards, the places it can still settle, its distance from the turn) and
 * scored by a small network, the same for every player:
 *
 *     score = out . relu(w1 f + b1) + lin . f
 *
 * and the chances to win are the scores' softmax over the players who
 * move (neutral seats have none).  So one network plays any number of
 * players.  A rule set family has its network (enum value_family): the
 * base game, Catan for Two, five and six players.  The weights are data,
 * in value_weights.c, written by `make train` (bench/train.c), whose
 * header names the command and the seeds that made them.
 *
 * The network is fitted to the winners of self-play games at the start of
 * a turn (PH_ROLL before the first roll): that is where its answer means
 * most, and where the best player (best.h) asks it.
 */
#define VALUE_NF 64
#define VALUE_NH 32

enum value_family { VALUE_BASE, VALUE_TWO, VALUE_SIX, NVALUE_FAMILY };

struct value_net {
	float w1[VALUE_NH][VALUE_NF];
	float b1[VALUE_NH];
	float out[VALUE_NH];
	float lin[VALUE_NF];
};

/* The fitted networks, by enum value_family (value_weights.c). */
extern const struct value_net value_nets[NVALUE_FAMILY];

/* value_family: the network family of g's rule set. */
int value_family(const struct game *g);

/*
 * value_features: the VALUE_NF features of seat (a player who moves) in
 * position p of g (a full position: hands and development cards as they
 * are), into f.
 */
void value_features(const struct game *g, const struct position *p, int seat, float f[VALUE_NF]);

/* value_score: net's score of one player's features. */
float value_score(const struct value_net *net, const float f[VALUE_NF]);

/*
 * value_chances: into win[s], each seat's chance to win from position p
 * of g by the network of g's family: 0 for a neutral seat, and for a game
 * that is over 1 for the winner; the chances add up to 1.
 */
void value_chances(const struct game *g, const struct position *p, double win[MAXPLAYERS]);

#endif
