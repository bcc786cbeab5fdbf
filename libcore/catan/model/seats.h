/*
 * seats.h: who moves when, the one place each question is answered: the
 * seats that play (neutral ones never move), the snake order of set-up,
 * the next turn, the robber's mover and the answers to it, the winner, and
 * who may see a seat's hidden cards.
 */
#ifndef CATAN_SEATS_H
#define CATAN_SEATS_H

#include "model/score.h"
#include "model/types.h"

/*
 * The robber with knight_interrupt (001's variant 8).  robber_mover: the
 * seat that moves the robber in PH_ROBBER (or steals in PH_STEAL): the
 * player whose turn it is, or with the option the one who played the
 * knight.  interrupt_next: the seat after `after` in seat order that
 * answers the robber moved by p->robber_seat, or NOBODY when the answers
 * are done: every other player but those known to hold no playable card
 * (none at all, or the player whose turn it is after their card of the
 * turn), so that a pass tells nothing about a hand.
 */
int robber_mover(const struct game *g, const struct position *p);
int interrupt_next(const struct game *g, const struct position *p, int after);
/* may_interrupt: 1 when seat may play a knight in PH_INTERRUPT (a playable knight, and its card of the turn left). */
int may_interrupt(const struct position *p, int seat);
/*
 * early_seven: with the rules option reroll_sevens, 1 while a 7 may not be
 * rolled yet (the first two rounds of play: a 7 then is rolled again).
 */
int early_seven(const struct game *g, const struct position *p);

/* seat_moves: 1 when seat is a player who moves (a neutral seat owns pieces but never moves). */
int seat_moves(const struct game *g, int seat);
/* seat_opponent: the other player of a two-player game (NOBODY when there are more). */
int seat_opponent(const struct game *g, int seat);
/* turn_movers: how many seats move (the players; neutral seats left out). */
int turn_movers(const struct game *g);
/* turn_setup_seat: the seat that places at set-up step k (0 .. rounds * movers - 1): snake order over the players. */
int turn_setup_seat(const struct game *g, int k);
/* turn_setup_steps: the number of set-up steps (a settlement and a road each). */
int turn_setup_steps(const struct game *g);
/* turn_next: the seat whose turn follows seat's turn in play (neutral seats are passed over). */
int turn_next(const struct game *g, int seat);
/*
 * game_winner: the seat that has won in p, or NOBODY: the player whose
 * turn it is, once play has begun, with the points to win (victory point
 * cards included); nobody in the Special Building Phase, which is no
 * one's own turn.  Over a finished game it names the winner.  Inline, as
 * the rules ask it after every move; pred.c holds the external definition.
 */
inline int game_winner(const struct game *g, const struct position *p)
{
	if (p->phase == PH_SETUP_SETTLEMENT || p->phase == PH_SETUP_ROAD || p->phase == PH_BUILDING)
		return NOBODY;
	return p->phase == PH_OVER || score_total(g, p, p->current) >= g->rules.points_to_win ? p->current
											   : NOBODY;
}
/* What a seat holds hidden: resource cards, development cards, victory point cards among them. */
enum hidden { HID_HAND, HID_DEV, HID_POINTS };
/*
 * seat_may_see: 1 when viewer (NOBODY: the full state) may see seat's
 * hidden cards of kind what in p: a seat sees its own; everyone sees the
 * victory point cards of the winner of a finished game.
 */
int seat_may_see(const struct game *g, const struct position *p, int viewer, int seat, enum hidden what);

#endif
