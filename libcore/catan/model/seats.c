/* seats.c: who moves when: the seats that play, the order of turns and set-up, the robber's mover and its answers, whom the game waits for, who may see what. */
#include <string.h>

#include "model/score.h"
#include "model/seats.h"

int seat_moves(const struct game *g, int seat)
{
	return seat >= 0 && seat < g->nplayers && g->role[seat] == SEAT_PLAYER;
}

int seat_opponent(const struct game *g, int seat)
{
	int found = NOBODY;
	for (int s = 0; s < g->nplayers; s++)
		if (s != seat && seat_moves(g, s)) {
			if (found != NOBODY)
				return NOBODY;
			found = s;
		}
	return found;
}

int turn_movers(const struct game *g)
{
	int n = 0;
	for (int s = 0; s < g->nplayers; s++)
		n += seat_moves(g, s);
	return n;
}

int turn_setup_steps(const struct game *g)
{
	return g->rs->setup_rounds * turn_movers(g);
}

int turn_setup_seat(const struct game *g, int k)
{
	int n = turn_movers(g);
	if (n == 0)
		return NOBODY;
	int round = k / n, i = k % n, want = round % 2 == 0 ? i : n - 1 - i;
	for (int s = 0; s < g->nplayers; s++)
		if (seat_moves(g, s) && want-- == 0)
			return s;
	return NOBODY;
}

int turn_next(const struct game *g, int seat)
{
	int s = seat;
	do	/* (s + 1) % nplayers, without dividing for a seat of the game */
		s = s + 1 < g->nplayers ? s + 1 : (s + 1) % g->nplayers;
	while (!seat_moves(g, s) && s != seat);
	return s;
}

int early_seven(const struct game *g, const struct position *p)
{
	return g->rules.reroll_sevens && p->turn <= 2 * turn_movers(g);
}

int robber_mover(const struct game *g, const struct position *p)
{
	return g->rules.knight_interrupt ? p->robber_seat : p->current;
}

/* The seat holds development cards it may play now, as everyone can count them. */
static int may_answer(const struct game *g, const struct position *p, int seat)
{
	int held = 0;
	for (int d = 0; d < NDEV; d++)
		held += p->pl[seat].dev[d];
	return seat_moves(g, seat) && held > 0 && !(seat == p->current && p->dev_played);
}

int interrupt_next(const struct game *g, const struct position *p, int after)
{
	for (int s = (after + 1) % g->nplayers; s != p->robber_seat; s = (s + 1) % g->nplayers)
		if (may_answer(g, p, s))
			return s;
	return NOBODY;
}

int may_interrupt(const struct position *p, int seat)
{
	return p->pl[seat].dev[DEV_KNIGHT] > 0 && !(seat == p->current && p->dev_played);
}

/* owe: st waits for seat, which owes what (count, piece as struct owed says); seats come in seat order. */
static void owe(struct status *st, int seat, int what, int count, int piece)
{
	st->waiting[st->nwaiting++] = (int8_t)seat;
	st->owes[seat] = (struct owed){ (uint8_t)what, (uint8_t)count, (uint8_t)piece };
}

/* May seat answer p's open offer: one of the other players it is made to, who has not declined it. */
static int offer_answerer(const struct game *g, const struct position *p, int seat)
{
	const struct offer *o = &p->offer;
	return o->active && seat != p->current && seat_moves(g, seat) && (o->to == NOBODY || o->to == seat) &&
	       !(o->rejected & (1u << seat));
}

void game_status(const struct game *g, const struct position *p, struct status *st)
{
	int cur = p->current;

	memset(st, 0, sizeof *st);
	st->phase = p->phase;
	st->current = (int8_t)cur;
	st->turn = p->turn;
	st->winner = (int8_t)(p->phase == PH_OVER ? game_winner(g, p) : NOBODY);
	switch (p->phase) {
	case PH_SETUP_SETTLEMENT:
	case PH_SETUP_ROAD:
		owe(st, cur, OWE_SETUP, 0, p->phase == PH_SETUP_ROAD ? PC_ROAD : PC_SETTLEMENT);
		break;
	case PH_ROLL:
		owe(st, cur, OWE_ROLL, 0, 0);
		break;
	case PH_MAIN:
		for (int s = 0; s < g->nplayers; s++)
			if (s == cur)
				owe(st, s, OWE_TURN, 0, 0);
			else if (offer_answerer(g, p, s))
				owe(st, s, OWE_OFFER, 0, 0);
		break;
	case PH_DISCARD:
		for (int s = 0; s < g->nplayers; s++)
			if (p->pl[s].discard)
				owe(st, s, OWE_DISCARD, p->pl[s].discard, 0);
		break;
	case PH_ROBBER:
		owe(st, robber_mover(g, p), OWE_ROBBER, 0, 0);
		break;
	case PH_INTERRUPT:
		owe(st, p->answer, OWE_INTERRUPT, 0, 0);
		break;
	case PH_STEAL:
		owe(st, p->robber_seat, OWE_STEAL, 0, 0);
		break;
	case PH_NEUTRAL:
		owe(st, cur, OWE_NEUTRAL, p->neutral_owed, p->neutral_piece);
		break;
	case PH_GIVE:
		owe(st, cur, OWE_GIVE, p->give_owed, 0);
		break;
	case PH_BUILDING:
		owe(st, cur, OWE_BUILDING, 0, 0);
		break;
	}
}

int seat_may_see(const struct game *g, const struct position *p, int viewer, int seat, enum hidden what)
{
	if (viewer == NOBODY || viewer == seat || (what == HID_HAND && g->rules.open_hands))
		return 1;
	return what == HID_POINTS && p->phase == PH_OVER && game_winner(g, p) == seat;
}

extern inline int game_winner(const struct game *g, const struct position *p);
