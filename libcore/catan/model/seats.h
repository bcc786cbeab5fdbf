/*
 * seats.h: who moves when, the one place each question is answered: the
 * seats that play (neutral ones never move), the snake order of set-up,
 * the next turn, the robber's mover and the answers to it, the winner,
 * whom the game waits for and what each of them owes (game_status), and
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
 * turn_building_phase: 1 when the Special Building Phase follows every
 * turn: the rule set has it (rs_has_building_phase) and the rules option
 * paired_players, which replaces it, is off.
 */
int turn_building_phase(const struct game *g);
/*
 * settler_two: with the rules option paired_players, the seat that plays
 * the second part of seat's turn (Settler 2): the player three seats on
 * in the order of turns, with five players as with six.
 */
int settler_two(const struct game *g, int seat);
/*
 * game_winner: the seat that has won in p, or NOBODY: the player whose
 * turn it is, once play has begun, with the points to win (victory point
 * cards included); nobody in the Special Building Phase, nor in Settler
 * 2's part of a turn (paired_players), which are no one's own turn.  Over a finished game it names the winner.  Inline, as
 * the rules ask it after every move; seats.c holds the external definition.
 */
inline int game_winner(const struct game *g, const struct position *p)
{
	if (p->phase == PH_SETUP_SETTLEMENT || p->phase == PH_SETUP_ROAD || p->phase == PH_BUILDING ||
	    p->paired)
		return NOBODY;
	return p->phase == PH_OVER || score_total(g, p, p->current) >= g->rules.points_to_win ? p->current
											   : NOBODY;
}
/*
 * What a seat the game waits for owes it: the moves it may make now.
 * OWE_ROLL and OWE_TURN are the turn itself, before the roll (a card may be
 * played first) and after it; OWE_OFFER an answer to the open offer
 * (accept or reject); OWE_INTERRUPT an answer to the robber moved
 * (knight_interrupt: pass or play a knight); OWE_NEUTRAL and OWE_GIVE are
 * Catan for Two's free neutral pieces and the cards given for a forced
 * trade; OWE_BUILDING a turn of the Special Building Phase; OWE_PAIRED
 * Settler 2's part of a turn (paired_players: trade with the bank, build,
 * buy, play a card, end).
 */
enum owing {
	OWE_NOTHING,
	OWE_SETUP,	/* a set-up placement: piece */
	OWE_ROLL,
	OWE_TURN,
	OWE_DISCARD,	/* count cards after a seven */
	OWE_ROBBER,	/* the robber moved, after a seven or a knight */
	OWE_INTERRUPT,
	OWE_STEAL,	/* the steal once the answers are in (knight_interrupt) */
	OWE_OFFER,
	OWE_NEUTRAL,	/* count free neutral pieces: piece (a road where no settlement fits) */
	OWE_GIVE,	/* count cards */
	OWE_BUILDING,
	OWE_PAIRED,
	NOWING
};
struct owed {
	uint8_t what;		/* enum owing */
	uint8_t count;		/* OWE_DISCARD, OWE_GIVE: cards; OWE_NEUTRAL: pieces; else 0 */
	uint8_t piece;		/* OWE_SETUP, OWE_NEUTRAL: enum piece; else 0 */
};
/*
 * Whom the game waits for, in one answer: the phase, the player whose turn
 * it is (or who places at set-up, or builds in the Special Building
 * Phase, or plays Settler 2's part of the turn), the turn number, the winner of a finished game (else NOBODY),
 * and the seats that owe a move, in seat order, each with what it owes.
 * A seat is waited for exactly when it has a legal move (movegen_legal).
 */
struct status {
	uint8_t phase;		/* enum phase */
	int8_t current, winner;
	uint16_t turn;
	uint8_t nwaiting;
	int8_t waiting[MAXPLAYERS];	/* the seats waited for, in seat order */
	struct owed owes[MAXPLAYERS];	/* by seat: OWE_NOTHING for a seat not waited for */
};
/*
 * game_status: st for position p of g.  It reads only what every player
 * sees (phases, counts owed, the offer, whose answer it is), so a view has
 * the status of its game.  A record without a position has none: callers
 * ask it of a game with has_pos.
 */
void game_status(const struct game *g, const struct position *p, struct status *st);
/*
 * seat_owes: game_status's answer for one seat, what it owes in p (what is
 * OWE_NOTHING when it is not waited for), without the others': the rules'
 * gate asks it of every move's seat.
 */
struct owed seat_owes(const struct game *g, const struct position *p, int seat);

/* What a seat holds hidden: resource cards, development cards, victory point cards among them. */
enum hidden { HID_HAND, HID_DEV, HID_POINTS };
/*
 * seat_may_see: 1 when viewer (NOBODY: the full state) may see seat's
 * hidden cards of kind what in p: a seat sees its own; everyone sees the
 * victory point cards of the winner of a finished game.
 */
int seat_may_see(const struct game *g, const struct position *p, int viewer, int seat, enum hidden what);

#endif
