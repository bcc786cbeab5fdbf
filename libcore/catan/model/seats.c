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

int turn_building_phase(const struct game *g)
{
	return rs_has_building_phase(g->rs) && !g->rules.paired_players;
}

int settler_two(const struct game *g, int seat)
{
	return turn_next(g, turn_next(g, turn_next(g, seat)));
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

/* May seat answer p's open offer: one of the other players it is made to, who has not declined it. */
static int offer_answerer(const struct game *g, const struct position *p, int seat)
{
	const struct offer *o = &p->offer;
	return o->active && seat != p->current && seat_moves(g, seat) && (o->to == NOBODY || o->to == seat) &&
	       !(o->rejected & (1u << seat));
}

/*
 * sole_debt: what the seat that p's phase waits for alone owes, that seat
 * in *mover; *mover NOBODY where the phase waits for several seats (the
 * discards, an open offer's answers beside the turn) or for none (the
 * game over).
 */
static struct owed sole_debt(const struct game *g, const struct position *p, int *mover)
{
	*mover = p->current;
	switch (p->phase) {
	case PH_SETUP_SETTLEMENT:
		return (struct owed){ OWE_SETUP, 0, PC_SETTLEMENT };
	case PH_SETUP_ROAD:
		return (struct owed){ OWE_SETUP, 0, PC_ROAD };
	case PH_ROLL:
		return (struct owed){ OWE_ROLL, 0, 0 };
	case PH_MAIN:
		if (p->offer.active)
			*mover = NOBODY;
		return (struct owed){ p->paired ? OWE_PAIRED : OWE_TURN, 0, 0 };
	case PH_ROBBER:
		*mover = robber_mover(g, p);
		return (struct owed){ OWE_ROBBER, 0, 0 };
	case PH_INTERRUPT:
		*mover = p->answer;
		return (struct owed){ OWE_INTERRUPT, 0, 0 };
	case PH_STEAL:
		*mover = p->robber_seat;
		return (struct owed){ OWE_STEAL, 0, 0 };
	case PH_NEUTRAL:
		return (struct owed){ OWE_NEUTRAL, p->neutral_owed, p->neutral_piece };
	case PH_GIVE:
		return (struct owed){ OWE_GIVE, p->give_owed, 0 };
	case PH_BUILDING:
		return (struct owed){ OWE_BUILDING, 0, 0 };
	}
	*mover = NOBODY;	/* PH_DISCARD, PH_OVER */
	return (struct owed){ 0 };
}

/* owes_of: what seat owes in p, given sole_debt's answer (o, mover). */
static struct owed owes_of(const struct game *g, const struct position *p, int seat, struct owed o, int mover)
{
	if (mover != NOBODY)
		return seat == mover ? o : (struct owed){ 0 };
	if (p->phase == PH_DISCARD && p->pl[seat].discard)
		return (struct owed){ OWE_DISCARD, p->pl[seat].discard, 0 };
	if (p->phase == PH_MAIN && seat == p->current)
		return o;
	if (p->phase == PH_MAIN && offer_answerer(g, p, seat))
		return (struct owed){ OWE_OFFER, 0, 0 };
	return (struct owed){ 0 };
}

struct owed seat_owes(const struct game *g, const struct position *p, int seat)
{
	int mover;
	struct owed o = sole_debt(g, p, &mover);
	return owes_of(g, p, seat, o, mover);
}

void game_status(const struct game *g, const struct position *p, struct status *st)
{
	int mover;
	struct owed o = sole_debt(g, p, &mover);

	memset(st, 0, sizeof *st);
	st->phase = p->phase;
	st->current = p->current;
	st->turn = p->turn;
	st->winner = (int8_t)(p->phase == PH_OVER ? game_winner(g, p) : NOBODY);
	if (mover != NOBODY) {	/* the usual case: one seat */
		st->owes[mover] = o;
		st->waiting[st->nwaiting++] = (int8_t)mover;
		return;
	}
	for (int s = 0; s < g->nplayers; s++)
		if ((st->owes[s] = owes_of(g, p, s, o, mover)).what != OWE_NOTHING)
			st->waiting[st->nwaiting++] = (int8_t)s;
}

int seat_may_see(const struct game *g, const struct position *p, int viewer, int seat, enum hidden what)
{
	if (viewer == NOBODY || viewer == seat || (what == HID_HAND && g->rules.open_hands))
		return 1;
	return what == HID_POINTS && p->phase == PH_OVER && game_winner(g, p) == seat;
}

extern inline int game_winner(const struct game *g, const struct position *p);
