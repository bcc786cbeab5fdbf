/* rules.c: the engine's entry point: the gate every move passes (whose move it is: game_status), all-or-nothing application, the log, victory. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model/geom.h"
#include "model/names.h"
#include "rules/rules.h"
#include "rules/rules_int.h"
#include "model/seats.h"
#include "model/state.h"
#include "rules/neutral.h"
#include "rules/refusal.h"

int rules_owner(const struct game *g, const struct move *m)
{
	return m->seat >= 0 && m->seat < g->nplayers ? m->seat : NOBODY;
}

#define VERB(v) (1u << (v))
/*
 * The verbs each debt lets its seat make (seat_owes says what a seat
 * owes); owed_move narrows them by set-up's piece, the interrupt's knight
 * and dev_after_roll, and refuse() below says why a move outside them is
 * refused.
 */
static const uint32_t owed_verbs[NOWING] = {
	[OWE_SETUP] = VERB(MV_BUILD),
	[OWE_ROLL] = VERB(MV_ROLL) | VERB(MV_PLAY) | VERB(MV_ACTION) | VERB(MV_RETURN),
	[OWE_TURN] = VERB(MV_PLAY) | VERB(MV_ACTION) | VERB(MV_RETURN) | VERB(MV_BUILD) | VERB(MV_BUY) |
		     VERB(MV_TRADE) | VERB(MV_OFFER) | VERB(MV_CANCEL) | VERB(MV_END),
	[OWE_DISCARD] = VERB(MV_DISCARD),
	[OWE_ROBBER] = VERB(MV_ROBBER),
	[OWE_INTERRUPT] = VERB(MV_PASS) | VERB(MV_PLAY),
	[OWE_STEAL] = VERB(MV_STEAL),
	[OWE_OFFER] = VERB(MV_ACCEPT) | VERB(MV_REJECT),
	[OWE_NEUTRAL] = VERB(MV_NEUTRAL),
	[OWE_GIVE] = VERB(MV_GIVE),
	[OWE_BUILDING] = VERB(MV_BUILD) | VERB(MV_BUY) | VERB(MV_END),
	[OWE_PAIRED] = VERB(MV_PLAY) | VERB(MV_BUILD) | VERB(MV_BUY) | VERB(MV_TRADE) | VERB(MV_END),
};

/* The move is one its seat owes now (o: what the seat owes). */
static int owed_move(const struct game *g, const struct owed *o, const struct move *m)
{
	if (!(owed_verbs[o->what] & VERB(m->verb)))
		return 0;
	switch (o->what) {
	case OWE_SETUP:
		return m->piece == o->piece;
	case OWE_INTERRUPT:
		return m->verb != MV_PLAY || m->card == DEV_KNIGHT;
	case OWE_ROLL:
		return m->verb != MV_PLAY || !g->rules.dev_after_roll;
	}
	return 1;
}

/* The seats owing discards and how many cards each (st: game_status), for a refusal's message. */
static int waiting_discards(const struct game *g, const struct status *st, struct cerr *e)
{
	char who[128] = "";
	size_t len = 0;
	for (int i = 0; i < st->nwaiting; i++) {
		int s = st->waiting[i];
		int k = snprintf(who + len, sizeof who - len, "%s%s owes %d", len ? ", " : "", seat_name(g, s),
				 st->owes[s].count);
		if (k > 0 && (size_t)k < sizeof who - len)
			len += (size_t)k;
	}
	return illegal(e, "the discards after the seven come first: %s", who);
}

/* refuse_building: the Special Building Phase's refusals (the player to build builds, buys or passes). */
static int refuse_building(struct rctx *c)
{
	const struct game *g = c->g;
	int me = c->m->seat, cur = c->p->current;

	if (me != cur)
		return illegal(c->e, "the special building phase after %s's turn: %s builds or passes first",
			       seat_name(g, c->p->turn_of), seat_name(g, cur));
	switch (c->m->verb) {
	case MV_PLAY:
		return illegal(c->e, "no development card is played in the special building phase");
	case MV_TRADE:
	case MV_OFFER:
	case MV_CANCEL:
		return illegal(c->e, "no trade is made in the special building phase");
	}
	return illegal(c->e, "in the special building phase %s may only build, buy a development card or "
		       "pass ('end')", seat_name(g, me));
}

/*
 * refuse_paired: the refusals of Settler 2's part of a turn (paired_players):
 * the seat three on from the player whose turn it is trades with the bank,
 * builds, buys, plays a card or ends the part, and nobody else moves.
 */
static int refuse_paired(struct rctx *c)
{
	const struct game *g = c->g;
	int me = c->m->seat, cur = c->p->current, first = c->p->turn_of;

	if (me != cur)
		return illegal(c->e, "%s's part of %s's turn (paired players): %s trades with the bank, "
			       "builds or ends it first", seat_name(g, cur), seat_name(g, first), seat_name(g, cur));
	switch (c->m->verb) {
	case MV_OFFER:
	case MV_CANCEL:
		return illegal(c->e, "in %s's turn %s trades with the bank alone, not with other players "
			       "(paired players)", seat_name(g, first), seat_name(g, me));
	case MV_ROLL:
		return illegal(c->e, "%s rolled the dice for this turn", seat_name(g, first));
	}
	return illegal(c->e, "in %s's part of %s's turn %s may trade with the bank, build, buy or play "
		       "a development card, or end it (paired players)", seat_name(g, me), seat_name(g, first),
		       seat_name(g, me));
}

/*
 * refuse_partner: with paired_players, the refusal of a move by Settler 2
 * in the first part of a turn (C_OK for any other seat): their
 * part follows when the player whose turn it is has traded, built and
 * ended it.
 */
static int refuse_partner(struct rctx *c)
{
	const struct game *g = c->g;
	int me = c->m->seat, cur = c->p->current;

	if (!g->rules.paired_players || me != settler_two(g, cur))
		return C_OK;
	if (c->m->verb == MV_PLAY && c->m->card == DEV_KNIGHT && c->p->phase == PH_ROLL)
		return illegal(c->e, "only %s plays a knight before the roll; %s's part follows when %s ends "
			       "(paired players)", seat_name(g, cur), seat_name(g, me), seat_name(g, cur));
	return illegal(c->e, "it is %s's turn: %s's part follows when %s ends (paired players)",
		       seat_name(g, cur), seat_name(g, me), seat_name(g, cur));
}

/* refuse_turn: the refusals of a turn (PH_ROLL, PH_MAIN); C_OK for an answer that rules_answer refuses. */
static int refuse_turn(struct rctx *c)
{
	const struct game *g = c->g;
	const struct position *p = c->p;
	int me = c->m->seat, cur = p->current;

	if (p->paired)
		return refuse_paired(c);
	if (c->m->verb == MV_ACCEPT || c->m->verb == MV_REJECT)
		return me == cur ? illegal(c->e, "only the other players answer an offer") : C_OK;
	if (me != cur && refuse_partner(c))
		return C_ILLEGAL;
	if (me != cur)
		return illegal(c->e, "it is %s's turn, not %s's", seat_name(g, cur), seat_name(g, me));
	switch (c->m->verb) {
	case MV_ROLL:
		return illegal(c->e, "the dice were already rolled this turn");
	case MV_PLAY:
		return illegal(c->e, "development cards are played after the roll (dev_after_roll)");
	case MV_DISCARD:
		return illegal(c->e, "nobody owes cards: discards follow a roll of seven");
	case MV_ROBBER:
		return illegal(c->e, "the robber moves only after a seven or a knight");
	case MV_NEUTRAL:
		return illegal(c->e, "no neutral piece is owed: one comes with each road or settlement built");
	case MV_GIVE:
		return illegal(c->e, "no cards are owed: a forced trade's cards are given after it");
	case MV_PASS:
		return illegal(c->e, "nothing to answer: a pass answers a robber moved");
	case MV_STEAL:
		return illegal(c->e, "a steal follows the robber moved and the other players' answers");
	}
	if (p->nrolls > 0)
		return illegal(c->e, "the second production roll comes first");
	return illegal(c->e, "the dice must be rolled first");
}

/*
 * refuse: why a move that its seat does not owe now (game_status) is
 * refused, naming who is waited for; C_OK where the move's family says
 * why more precisely (a discard by a seat that owes none, an answer to no
 * offer of the seat's).
 */
static int refuse(struct rctx *c, const struct status *st)
{
	const struct game *g = c->g;
	const struct position *p = c->p;
	const struct move *m = c->m;
	int me = m->seat, cur = p->current, mover = st->nwaiting ? st->waiting[0] : NOBODY;

	switch (p->phase) {
	case PH_SETUP_SETTLEMENT:
	case PH_SETUP_ROAD: {
		const char *what = p->phase == PH_SETUP_SETTLEMENT ? "settlement" : "road";
		if (me != cur)
			return illegal(c->e, "set-up: it is %s's turn to place a %s", seat_name(g, cur), what);
		return illegal(c->e, "set-up: %s must place a %s now", seat_name(g, cur), what);
	}
	case PH_DISCARD:
		return m->verb == MV_DISCARD ? C_OK : waiting_discards(g, st, c->e);
	case PH_ROBBER:
		return illegal(c->e, "%s must move the robber first", seat_name(g, mover));
	case PH_INTERRUPT:
		if (me != mover)
			return illegal(c->e, "%s answers the robber first: pass or play a knight",
				       seat_name(g, mover));
		return illegal(c->e, "%s may only pass or play a knight now", seat_name(g, me));
	case PH_STEAL:
		return illegal(c->e, "%s steals first: '%s steal COLOUR'", seat_name(g, mover), seat_name(g, mover));
	case PH_NEUTRAL:
		return illegal(c->e, "%s must place the free neutral %s first", seat_name(g, cur),
			       neutral_owed_name(g, p));
	case PH_GIVE:
		return illegal(c->e, "%s must give %d cards for the forced trade first", seat_name(g, cur),
			       p->give_owed);
	case PH_BUILDING:
		return refuse_building(c);
	}
	return refuse_turn(c);
}

/*
 * The checks every move passes before its family sees it: the seat and
 * the verb, the game not over, and the move one its seat owes now
 * (seat_owes, game_status's answer for that seat); a refusal names whom
 * the game waits for.
 */
static int gate(struct rctx *c)
{
	const struct game *g = c->g;
	const struct position *p = c->p;
	const struct move *m = c->m;
	int me = m->seat;

	if (me < 0 || me >= g->nplayers)
		return illegal(c->e, "no such player in this game");
	if (m->verb >= NVERB)
		return illegal(c->e, "unknown verb");
	if (g->role[me] != SEAT_PLAYER)
		return illegal(c->e, "%s is a neutral seat and never moves", seat_name(g, me));
	const char *needs = move_verb_needs(g, m->verb);
	if (needs)
		return illegal(c->e, "'%s' belongs to %s", move_verb_name(m->verb), needs);
	if (p->phase == PH_OVER) {
		int w = game_winner(g, p);
		return illegal(c->e, "the game is over: %s won with %d points", seat_name(g, w),
			       score_total(g, p, w));
	}
	struct owed o = seat_owes(g, p, me);
	if (owed_move(g, &o, m))
		return C_OK;
	struct status st;
	game_status(g, p, &st);
	return refuse(c, &st);
}

static int dispatch(struct rctx *c)
{
	const struct move *m = c->m;

	switch (m->verb) {
	case MV_BUILD:
		if (c->p->phase == PH_SETUP_SETTLEMENT)
			return rules_setup_settlement(c);
		if (c->p->phase == PH_SETUP_ROAD)
			return rules_setup_road(c);
		return rules_build(c);
	case MV_ROLL:
		return rules_roll(c);
	case MV_DISCARD:
		return rules_discard(c);
	case MV_ROBBER:
		return rules_robber(c);
	case MV_OFFER:
		return rules_offer(c);
	case MV_ACCEPT:
	case MV_REJECT:
		return rules_answer(c);
	case MV_CANCEL:
		return rules_cancel(c);
	case MV_TRADE:
		return rules_trade(c);
	case MV_BUY:
		return rules_buy(c);
	case MV_PLAY:
		return rules_play(c);
	case MV_END:
		return rules_end(c);
	case MV_NEUTRAL:
		return rules_neutral(c);
	case MV_ACTION:
		return rules_action(c);
	case MV_GIVE:
		return rules_give(c);
	case MV_RETURN:
		return rules_return(c);
	case MV_PASS:
		return rules_pass(c);
	case MV_STEAL:
		return rules_steal(c);
	}
	return illegal(c->e, "unknown verb");
}

/*
 * The verbs that change no one's points, nor the player whose turn it is,
 * nor the phase from the set-up: after them game_winner answers as before.
 */
#define SAME_WINNER ((1u << MV_ROLL) | (1u << MV_DISCARD) | (1u << MV_ROBBER) | (1u << MV_OFFER) | \
		     (1u << MV_ACCEPT) | (1u << MV_REJECT) | (1u << MV_CANCEL) | (1u << MV_TRADE) | \
		     (1u << MV_PASS) | (1u << MV_STEAL))

/* What follows every move applied to p: an offer withdrawn, the game won (see RULES_NO_WINNER for flags). */
static void after_move(const struct game *g, struct position *p, const struct move *mv, int flags)
{
	/*
	 * An open offer stands until its maker does anything else, so the
	 * cards it promises are still there when it is accepted: an answer
	 * never depends on the maker's hidden hand.
	 */
	if (p->offer.active && mv->seat == p->current && mv->verb != MV_OFFER) {
		memset(&p->offer, 0, sizeof p->offer);
		p->offer.to = NOBODY;
	}
	/* The player whose turn it is wins as soon as they have the points. */
	if ((flags & RULES_NO_WINNER) && (SAME_WINNER >> mv->verb & 1))
		return;
	if (game_winner(g, p) != NOBODY) {
		p->phase = PH_OVER;
		p->neutral_owed = p->give_owed = 0;
	}
}

/* The move m with its outcome, mv, joins the log unless flags say RULES_NO_LOG. */
static int log_move(struct game *g, const struct move *mv, int flags, struct cerr *e)
{
	char line[160];
	if (flags & RULES_NO_LOG)
		return C_OK;
	move_format(g, mv, line, sizeof line);
	return movelog_push_move(&g->log, line, mv, e) != C_OK ? C_SYSTEM : C_OK;
}

/* A listed move refused: movegen and the rules disagree, which is the engine's fault (C_SYSTEM). */
static int listed_refused(struct cerr *e)
{
	char why[sizeof e->msg];
	snprintf(why, sizeof why, "%s", e ? e->msg : "");
	return cerr_set(e, C_SYSTEM, "a listed move was refused: %s", why);
}

/* rules_apply for a move movegen_legal listed (RULES_LISTED): in place, its family's checks only. */
static int apply_listed(struct game *g, const struct move *m, int flags, struct cerr *e)
{
	struct move mv = *m;
	struct rctx c = { g, &g->pos, &mv, (flags & RULES_REPLAY) != 0, e };

	if (dispatch(&c) != C_OK)
		return listed_refused(e);
	after_move(g, &g->pos, &mv, flags);
	return log_move(g, &mv, flags, e);
}

/*
 * rules_apply for any other move: every check, on a working copy of the
 * position, or with RULES_SCRATCH on the position itself.  Kept out of
 * line, so that the listed moves' path (the play-outs') does not pay for
 * its frame.
 */
__attribute__((noinline)) static int apply_checked(struct game *g, const struct move *m, int flags,
						   struct cerr *e)
{
	struct position work, *p = (flags & RULES_SCRATCH) ? &g->pos : &work;
	struct move mv = *m;
	struct rctx c = { g, p, &mv, (flags & RULES_REPLAY) != 0, e };

	if (move_check(g, m, e) != C_OK)
		return C_ILLEGAL;
	if (p == &work)
		work = g->pos;
	int rc = gate(&c);
	if (rc == C_OK)
		rc = dispatch(&c);
	if (rc != C_OK)
		return rc;
	after_move(g, p, &mv, flags);
	if (log_move(g, &mv, flags, e) != C_OK)
		return C_SYSTEM;
	if (p == &work)
		g->pos = work;
	return C_OK;
}

#ifdef CATAN_CHECKED
/*
 * rules_apply in a checked build (the sanitizer and fuzz builds): the
 * caller's promises are checked, not trusted.  A listed move passes every
 * check on a working copy, and the win is looked for after every move;
 * a listed move refused, a win before a move said to follow none, or a
 * win after a move said to leave it as it was, is the engine's fault:
 * C_SYSTEM, the position unchanged in the first two cases.
 */
static int apply_promised(struct game *g, const struct move *m, int flags, struct cerr *e)
{
	if ((flags & RULES_NO_WINNER) && game_winner(g, &g->pos) != NOBODY)
		return cerr_set(e, C_SYSTEM, "a move promised to follow no win, after %s's",
				seat_name(g, game_winner(g, &g->pos)));
	int rc = apply_checked(g, m, flags & ~(RULES_LISTED | RULES_NO_WINNER), e);
	if (rc != C_OK && (flags & RULES_LISTED))
		return listed_refused(e);
	if (rc == C_OK && (flags & RULES_NO_WINNER) && (SAME_WINNER >> m->verb & 1) &&
	    g->pos.phase == PH_OVER)
		return cerr_set(e, C_SYSTEM, "a move said to leave the winner as it was won the game");
	return rc;
}
#endif

int rules_apply(struct game *g, const struct move *m, int flags, struct cerr *e)
{
	if (g->view != NOBODY)
		return cerr_set(e, C_ILLEGAL, "a player's view cannot be played on: use the full state");
	if (!g->has_pos)
		return cerr_set(e, C_INPUT, "the game has no current position");
#ifdef CATAN_CHECKED
	if (flags & (RULES_LISTED | RULES_NO_WINNER))
		return apply_promised(g, m, flags, e);
#endif
	if (flags & RULES_LISTED)
		return apply_listed(g, m, flags, e);
	return apply_checked(g, m, flags, e);
}

int rules_apply_text(struct game *g, const char *text, int flags, struct cerr *e)
{
	struct move m;
	int rc = move_parse(g, text, &m, e);
	return rc != C_OK ? rc : rules_apply(g, &m, flags, e);
}
