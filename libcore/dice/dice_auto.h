/* dice_auto.h: the automatic player: a simple, documented policy for the dice game. */
#ifndef CATAN_DICE_AUTO_H
#define CATAN_DICE_AUTO_H

#include "dice_game.h"

/*
 * dice_auto_turn: plays the rest of the current turn for the player to move
 * and ends it, every move through dice_apply (so the log holds them).
 * The policy (dicegame-sheet(1) describes it): value a site by its map
 * points per die it costs; keep the dice for the best sites that fit in
 * the dice, reroll the others while rolls remain; then build the best
 * affordable site again and again, using jokers and gold trades only when
 * they complete a site.  C_ILLEGAL when the game is over or the sheet's
 * outcomes are external.
 */
int dice_auto_turn(struct dgame *g, struct cerr *e);

#endif
