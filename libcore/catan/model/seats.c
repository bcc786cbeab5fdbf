/* seats.c: who moves when: the seats that play, the order of turns and set-up, the robber's mover and its answers, who may see what. */
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

int seat_may_see(const struct game *g, const struct position *p, int viewer, int seat, enum hidden what)
{
	if (viewer == NOBODY || viewer == seat || (what == HID_HAND && g->rules.open_hands))
		return 1;
	return what == HID_POINTS && p->phase == PH_OVER && game_winner(g, p) == seat;
}

extern inline int game_winner(const struct game *g, const struct position *p);
