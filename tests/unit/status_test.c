/* status_test: whom the game waits for (game_status) against the legal moves, on positions of every rule set. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play/autoplay.h"
#include "rules/movegen.h"
#include "model/names.h"
#include "rng.h"
#include "rules/rules.h"
#include "model/seats.h"
#include "model/state.h"
#include "unit.h"
#include "model/view.h"

#define MAXLIST 4096

static int diags;

/* The kinds of position the test must have met, beyond the phases: counted by check(). */
enum { MET_KNIGHT_ANSWER, MET_OFFER, MET_SEVERAL_DISCARDS, MET_SEVEN_ROBBER, MET_PAIRED_ROBBER, NMET };
static const char *const met_names[NMET] = { "a robber moved by a knight played in answer",
					      "an open offer with its answerers",
					      "discards owed by several seats", "a robber after a seven",
					      "a knight's robber in Settler 2's part (paired_players)" };

struct tally {
	long positions, phases[NPHASE], owing[NOWING], met[NMET];
	int bad;
};

/* hide_all: g with every hidden thing wiped: hands, development cards, the deck and the generator. */
static void hide_all(struct game *g)
{
	struct position *p = &g->pos;
	for (int s = 0; s < g->nplayers; s++) {
		memset(p->pl[s].hand, 0, sizeof p->pl[s].hand);
		memset(p->pl[s].dev, 0, sizeof p->pl[s].dev);
		memset(p->pl[s].dev_new, 0, sizeof p->pl[s].dev_new);
	}
	memset(p->deck, 0, sizeof p->deck);
	memset(p->deck_count, 0, sizeof p->deck_count);
	memset(p->rng, 0, sizeof p->rng);
}

/* bad: one fault, described (the first few). */
static void bad(struct tally *t, const struct game *g, const char *what, int seat)
{
	if (diags++ < 20)
		printf("# %s: phase %s, turn %d, seat %s, log %zu\n", what, phase_names[g->pos.phase], g->pos.turn,
		       seat_name(g, seat), g->log.len);
	t->bad++;
}

/*
 * check: in g, the seats game_status waits for are exactly those with a
 * legal move, in seat order, each owing what seat_owes says; the winner is
 * named when the game is over; automatic play moves one of them; every
 * seat's view, and the game with its hidden cards wiped, have the same
 * status.
 */
static void check(struct tally *t, const struct game *g)
{
	const struct position *p = &g->pos;
	struct status st, other;
	struct cerr e;

	game_status(g, p, &st);
	t->positions++;
	t->phases[p->phase]++;
	int k = 0, prev = -1;
	for (int s = 0; s < g->nplayers; s++) {
		int n = movegen_legal(g, s, 0, NULL, 0);
		struct owed o = seat_owes(g, p, s);
		if (memcmp(&o, &st.owes[s], sizeof o) != 0)
			bad(t, g, "the gate's answer for one seat (seat_owes) is not game_status's", s);
		if ((n > 0) != (st.owes[s].what != OWE_NOTHING))
			bad(t, g, n > 0 ? "a seat with legal moves is not waited for" : "a seat waited for has no move", s);
		if (st.owes[s].what == OWE_NOTHING)
			continue;
		t->owing[st.owes[s].what]++;
		if (k >= st.nwaiting || st.waiting[k] != s || s <= prev)
			bad(t, g, "the seats waited for are not those owing, in seat order", s);
		prev = s;
		k++;
	}
	if (k != st.nwaiting)
		bad(t, g, "more seats waited for than owe", NOBODY);
	if (st.phase != p->phase || st.current != p->current || st.turn != p->turn ||
	    st.winner != (p->phase == PH_OVER ? p->current : NOBODY))
		bad(t, g, "the phase, the player, the turn or the winner", p->current);
	int actor = autoplay_actor(g);
	if (st.nwaiting ? actor < 0 || st.owes[actor].what == OWE_NOTHING : actor != NOBODY)
		bad(t, g, "automatic play moves a seat not waited for", actor);
	/* What owing says against the moves themselves. */
	if (p->phase == PH_ROBBER && st.nwaiting == 1 && st.waiting[0] != p->current)
		t->met[MET_KNIGHT_ANSWER]++;
	if (p->phase == PH_ROBBER && p->seven)
		t->met[MET_SEVEN_ROBBER]++;
	if (p->phase == PH_MAIN && st.nwaiting > 1)
		t->met[MET_OFFER]++;
	if (p->phase == PH_DISCARD && st.nwaiting > 1)
		t->met[MET_SEVERAL_DISCARDS]++;
	if (p->phase == PH_ROBBER && p->paired)
		t->met[MET_PAIRED_ROBBER]++;
	/* Settler 2's part (paired_players): the seat three on from the turn's player, alone. */
	if (p->paired && (p->current != settler_two(g, p->turn_of) || p->current == p->turn_of ||
			  (p->phase == PH_MAIN && (st.nwaiting != 1 || st.owes[p->current].what != OWE_PAIRED))))
		bad(t, g, "Settler 2's part names another seat, or waits for more than Settler 2", p->current);
	if ((p->paired && p->phase == PH_MAIN) != (st.owes[p->current].what == OWE_PAIRED))
		bad(t, g, "a seat owes Settler 2's part outside its main phase", p->current);

	struct game wiped = *g;
	hide_all(&wiped);
	game_status(&wiped, &wiped.pos, &other);
	if (memcmp(&st, &other, sizeof st) != 0)
		bad(t, g, "the status depends on hidden cards", NOBODY);
	for (int s = 0; s < g->nplayers; s++) {
		struct game v;
		if (!seat_moves(g, s) || t->positions % 5 != 0)
			continue;
		if (game_view(g, s, &v, &e) != C_OK) {
			bad(t, g, "no view", s);
			continue;
		}
		game_status(&v, &v.pos, &other);
		if (memcmp(&st, &other, sizeof st) != 0)
			bad(t, g, "a view's status differs from its game's", s);
		game_free(&v);
	}
}

/* setup_game: the rule set and options of game k (of every kind in turn): into o. */
static void setup_game(int k, struct newgame *o)
{
	memset(o, 0, sizeof *o);
	rules_default(&o->rules);
	o->seed = (uint64_t)(7000 + k);
	switch (k % 6) {
	case 0:
	case 1:		/* the base game, three or four players */
		o->nplayers = 3 + k % 2;
		o->beginner = k % 4 == 1;
		break;
	case 2:		/* Catan for Two */
		o->nplayers = 2;
		o->rules.variant = VAR_TWO;
		break;
	case 3:
	case 4:		/* five and six players, with the Special Building Phase or paired players */
		o->nplayers = 5 + k % 2;
		o->rules.variant = VAR_SIX;
		o->rules.paired_players = k % 12 == 3 || k % 12 == 4;
		break;
	case 5:		/* two players by the ordinary rules */
		o->nplayers = 2;
		break;
	}
	for (int s = 0; s < o->nplayers; s++)
		o->colour[s] = (uint8_t)(o->rules.variant == VAR_SIX ? s : (s + k) % 4);
	/* Every rules option, in changing sets. */
	o->rules.knight_interrupt = k % 2 == 0 || k % 7 == 3;
	o->rules.open_hands = k % 7 == 1;
	o->rules.dev_after_roll = k % 5 == 2;
	o->rules.reroll_sevens = k % 4 == 1;
	o->rules.keep_settlement = k % 3 == 1;
	o->rules.friendly_robber = k % 5 == 3;
	o->rules.road_tie = (uint8_t)(k % 2 ? TIE_ASIDE : TIE_KEEP);
	o->rules.vp_played = k % 4 == 2;
	o->rules.ignore_seven = k % 7 == 5;
	o->rules.trade_build = (uint8_t)(k % 5 == 1 ? TRADE_STRICT : TRADE_COMBINED);
	o->rules.outcomes = (uint8_t)(k % 9 == 4 ? OUT_EXTERNAL : OUT_INTERNAL);
	o->rules.points_to_win = (uint8_t)(k % 3 ? 10 : 6);
	o->rules.discard_limit = (uint8_t)(k % 4 == 3 ? 5 : 7);
}

/*
 * random_move: one legal move of any seat, drawn: builds and purchases
 * first more often than not (so that games end), an offer now and then,
 * and an answer to the robber's knight often, where one may be played.
 */
static const struct move *random_move(const struct game *g, uint64_t rng[4], struct move *list)
{
	int n = movegen_legal(g, NOBODY, MG_OFFERS, list, MAXLIST), builds = 0, offers = 0, knights = 0;
	if (n <= 0)
		return NULL;
	if (n > MAXLIST)
		n = MAXLIST;
	for (int i = 0; i < n; i++) {
		builds += list[i].verb == MV_BUILD || list[i].verb == MV_BUY;
		offers += list[i].verb == MV_OFFER;
		knights += g->pos.phase == PH_INTERRUPT && list[i].verb == MV_PLAY;
	}
	uint32_t roll = rng_below(rng, 100);
	int want = knights && roll < 70 ? MV_PLAY : roll < 60 && builds ? MV_BUILD : roll < 66 && offers ? MV_OFFER : -1;
	int pool = want == MV_PLAY ? knights : want == MV_BUILD ? builds : want == MV_OFFER ? offers : n - offers;
	if (pool == 0)
		pool = n, want = -2;
	int pick = (int)rng_below(rng, (uint32_t)pool);
	for (int i = 0; i < n; i++) {
		int v = list[i].verb, is = want == -2 || (want == MV_PLAY ? v == MV_PLAY
						: want == MV_BUILD ? v == MV_BUILD || v == MV_BUY
						: want == MV_OFFER ? v == MV_OFFER : v != MV_OFFER);
		if (is && pick-- == 0)
			return &list[i];
	}
	return &list[0];
}

/* play_games: games played to the end (or 3000 moves), every position checked; random or greedy. */
static void play_games(struct unit *u, struct tally *t, int games, int greedy)
{
	static struct move list[MAXLIST];
	uint64_t rng[4];

	rng_seed(rng, greedy ? 46 : 64);
	for (int k = 0; k < games; k++) {
		struct newgame o;
		struct game g;
		struct autoplay a;
		struct cerr e;
		setup_game(k, &o);
		if (game_new(&g, &o, &e) != C_OK) {
			CHECK(u, 0, "game %d: game_new: %s", k, e.msg);
			continue;
		}
		if (autoplay_init(&a, &g, POL_GREEDY, &e) != C_OK) {
			CHECK(u, 0, "autoplay_init: %s", e.msg);
			game_free(&g);
			continue;
		}
		for (int moves = 0; moves < 3000; moves++) {
			check(t, &g);
			if (g.pos.phase == PH_OVER)
				break;
			int rc;
			/* The greedy players with external outcomes stop before a move that needs one. */
			if (greedy && g.rules.outcomes == OUT_INTERNAL) {
				rc = autoplay_run(&a, &g, 1, RULES_NO_LOG, NULL, NULL, &e);
			} else {
				const struct move *m = random_move(&g, rng, list);
				rc = m ? rules_apply(&g, m, RULES_NO_LOG, &e) : cerr_set(&e, C_ILLEGAL, "no move");
			}
			if (rc != C_OK) {
				CHECK(u, 0, "game %d (%s): move %d: %s", k, greedy ? "greedy" : "random", moves, e.msg);
				break;
			}
		}
		autoplay_free(&a);
		game_free(&g);
	}
}

int main(int argc, char **argv)
{
	struct unit u = { 0, 0 };
	struct tally t = { 0 };
	int games = argc > 1 ? atoi(argv[1]) : 24;

	play_games(&u, &t, games, 0);
	play_games(&u, &t, games / 2, 1);
	printf("# %ld positions:", t.positions);
	for (int ph = 0; ph < NPHASE; ph++)
		printf(" %s %ld", phase_names[ph], t.phases[ph]);
	printf("\n");
	CHECK(&u, t.bad == 0, "%d faults in %ld positions", t.bad, t.positions);
	CHECK(&u, t.positions >= 10000, "only %ld positions", t.positions);
	for (int ph = 0; ph < NPHASE; ph++)
		CHECK(&u, t.phases[ph] > 0, "no position in phase %s", phase_names[ph]);
	for (int w = OWE_NOTHING + 1; w < NOWING; w++)
		CHECK(&u, t.owing[w] > 0, "no seat owed kind %d", w);
	for (int m = 0; m < NMET; m++)
		CHECK(&u, t.met[m] > 0, "no position with %s", met_names[m]);
	printf("%d checks, %d failed\n", u.run, u.failed);
	return u.failed != 0;
}
