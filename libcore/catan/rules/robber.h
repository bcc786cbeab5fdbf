/* robber.h: whom the robber lets a player rob, and where the friendly robber may not go. */
#ifndef CATAN_RULES_ROBBER_H
#define CATAN_RULES_ROBBER_H

#include "model/geom.h"
#include "model/types.h"

/* robber_victims: the seats (a bitmask) that a robber on hex lets seat rob. */
unsigned robber_victims(const struct geometry *geo,
			const struct position *p, int nplayers, int seat, int hex);
/*
 * robber_robbable: the seats (a bitmask) seat may rob wherever they build:
 * the others holding cards (robber_victims: those of them with a building
 * on the hex).
 */
unsigned robber_robbable(const struct position *p, int nplayers, int seat);
/*
 * robber_keeps_off: with the friendly robber (rules option), the player
 * whose 2 public points or fewer keep the robber off hex (a building of
 * theirs touches it), or NOBODY when the robber may go there (always
 * without the option, and when every other hex is kept off).
 */
int robber_keeps_off(const struct game *g, const struct position *p, int hex);

#endif
