/* replay.c: a game checked whole: its start, its log replayed through the rules, its stored position compared. */
#include <inttypes.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/board.h"
#include "model/geom.h"
#include "model/move.h"
#include "model/names.h"
#include "model/ruleset.h"
#include "model/score.h"
#include "model/seats.h"
#include "model/view.h"
#include "doc/replay.h"
#include "rules/rules.h"
#include "model/state.h"

/* ---- the first difference between two positions ---- */

/* Writing the two values of a differing field; always returns 1 (they differ). */
static int differ(struct pos_diff *d, const char *path, const char *va, const char *vb)
{
	snprintf(d->path, sizeof d->path, "%s", path);
	snprintf(d->va, sizeof d->va, "%s", va);
	snprintf(d->vb, sizeof d->vb, "%s", vb);
	return 1;
}

static int differ_int(struct pos_diff *d, const char *path, long a, long b)
{
	char va[24], vb[24];
	snprintf(va, sizeof va, "%ld", a);
	snprintf(vb, sizeof vb, "%ld", b);
	return differ(d, path, va, vb);
}

static const char *bool_text(int v)
{
	return v ? "true" : "false";
}

/* A seat as the document writes it: "\"red\"" or null. */
static void seat_text(const struct game *g, int seat, char *buf, size_t n)
{
	if (seat < 0 || seat >= g->nplayers)
		snprintf(buf, n, "null");
	else
		snprintf(buf, n, "\"%s\"", seat_name(g, seat));
}

static int differ_seat(struct pos_diff *d, const struct game *g, const char *path, int a, int b)
{
	char va[16], vb[16];
	seat_text(g, a, va, sizeof va);
	seat_text(g, b, vb, sizeof vb);
	return differ(d, path, va, vb);
}

/* Counts keyed by names, compared in key order: "prefix.name". */
static int diff_counts(struct pos_diff *d, const char *prefix, const char *const *names, int n,
		       const uint8_t *a, const uint8_t *b)
{
	char path[64];
	for (int i = 0; i < n; i++)
		if (a[i] != b[i]) {
			snprintf(path, sizeof path, "%.40s.%.20s", prefix, names[i]);	/* both far shorter */
			return differ_int(d, path, a[i], b[i]);
		}
	return 0;
}

/* The buildings of one kind (or the roads, kind -1) of seat, as the document lists them. */
static void pieces_text(const struct geometry *geo,
			const struct position *p, int seat, int kind, char *buf, size_t n)
{
	size_t len = 0;
	char name[8];
	int k;

	buf[0] = '[';
	buf[1] = '\0';
	len = 1;
	if (kind < 0) {
		for (int ed = 0; ed < geo->nedge && len < n; ed++)
			if (p->edge_owner[ed] == seat) {
				k = snprintf(buf + len, n - len, "%s\"%s\"", len > 1 ? ", " : "",
					     edge_name(geo, ed, name));
				len += k > 0 ? (size_t)k : 0;
			}
	} else {
		for (int nd = 0; nd < geo->nnode && len < n; nd++)
			if (p->node_owner[nd] == seat && p->node_kind[nd] == kind) {
				k = snprintf(buf + len, n - len, "%s%d", len > 1 ? ", " : "", nd + 1);
				len += k > 0 ? (size_t)k : 0;
			}
	}
	if (len < n)
		snprintf(buf + len, n - len, "]");
}

/* Whether seat's pieces of kind (-1: roads) stand on the same places in a and b. */
static int same_pieces(const struct geometry *geo,
		       const struct position *a, const struct position *b, int seat, int kind)
{
	if (kind < 0) {
		for (int ed = 0; ed < geo->nedge; ed++)
			if ((a->edge_owner[ed] == seat) != (b->edge_owner[ed] == seat))
				return 0;
		return 1;
	}
	for (int n = 0; n < geo->nnode; n++)
		if ((a->node_owner[n] == seat && a->node_kind[n] == kind) !=
		    (b->node_owner[n] == seat && b->node_kind[n] == kind))
			return 0;
	return 1;
}

static int diff_offer(struct pos_diff *d, const struct game *g, const struct offer *a,
		      const struct offer *b)
{
	if (!a->active || !b->active) {
		if (a->active != b->active)
			return differ(d, "offer", a->active ? "an open offer" : "null",
				      b->active ? "an open offer" : "null");
		return 0;
	}
	if (a->to != b->to) {
		char va[16] = "\"all\"", vb[16] = "\"all\"";
		if (a->to != NOBODY)
			seat_text(g, a->to, va, sizeof va);
		if (b->to != NOBODY)
			seat_text(g, b->to, vb, sizeof vb);
		return differ(d, "offer.to", va, vb);
	}
	if (diff_counts(d, "offer.give", resource_names, NRES, a->give, b->give) ||
	    diff_counts(d, "offer.get", resource_names, NRES, a->get, b->get))
		return 1;
	if (a->rejected != b->rejected) {
		char va[64] = "[", vb[64] = "[";
		for (int s = 0; s < g->nplayers; s++) {
			if (a->rejected & (1u << s))
				snprintf(va + strlen(va), sizeof va - strlen(va), "%s\"%s\"",
					 va[1] ? ", " : "", seat_name(g, s));
			if (b->rejected & (1u << s))
				snprintf(vb + strlen(vb), sizeof vb - strlen(vb), "%s\"%s\"",
					 vb[1] ? ", " : "", seat_name(g, s));
		}
		strcat(va, "]");
		strcat(vb, "]");
		return differ(d, "offer.rejected", va, vb);
	}
	return 0;
}

static int diff_deck(struct pos_diff *d, const struct position *a, const struct position *b)
{
	char path[32];
	if (a->deck_known != b->deck_known)
		return differ(d, "deck", a->deck_known ? "an array of cards" : "an object of counts",
			      b->deck_known ? "an array of cards" : "an object of counts");
	if (!a->deck_known)
		return diff_counts(d, "deck", dev_names, NDEV, a->deck_count, b->deck_count);
	if (a->deck_len != b->deck_len) {
		char va[24], vb[24];
		snprintf(va, sizeof va, "%d cards", a->deck_len);
		snprintf(vb, sizeof vb, "%d cards", b->deck_len);
		return differ(d, "deck", va, vb);
	}
	for (int i = 0; i < a->deck_len; i++)
		if (a->deck[i] != b->deck[i]) {
			char va[32], vb[32];
			snprintf(path, sizeof path, "deck[%d]", i);
			snprintf(va, sizeof va, "\"%s\"", dev_names[a->deck[i]]);
			snprintf(vb, sizeof vb, "\"%s\"", dev_names[b->deck[i]]);
			return differ(d, path, va, vb);
		}
	return 0;
}

/* Catan for Two's members of a position, in the document's order. */
static int diff_two(struct pos_diff *d, const struct position *a, const struct position *b)
{
	char va[32], vb[32];
	if (a->nrolls != b->nrolls || memcmp(a->roll_sum, b->roll_sum, a->nrolls)) {
		snprintf(va, sizeof va, a->nrolls == 2 ? "[%d, %d]" : a->nrolls ? "[%d]" : "[]", a->roll_sum[0], a->roll_sum[1]);
		snprintf(vb, sizeof vb, b->nrolls == 2 ? "[%d, %d]" : b->nrolls ? "[%d]" : "[]", b->roll_sum[0], b->roll_sum[1]);
		return differ(d, "rolls", va, vb);
	}
	if (a->knight_returned != b->knight_returned)
		return differ(d, "knight_returned", bool_text(a->knight_returned), bool_text(b->knight_returned));
	if (a->trade_supply != b->trade_supply)
		return differ_int(d, "trade_supply", a->trade_supply, b->trade_supply);
	if (a->neutral_owed != b->neutral_owed || (a->neutral_owed && a->neutral_piece != b->neutral_piece)) {
		snprintf(va, sizeof va, "%d %s", a->neutral_owed, a->neutral_piece == PC_ROAD ? "road" : "settlement");
		snprintf(vb, sizeof vb, "%d %s", b->neutral_owed, b->neutral_piece == PC_ROAD ? "road" : "settlement");
		return differ(d, "neutral_owed", va, vb);
	}
	if (a->give_owed != b->give_owed)
		return differ_int(d, "give_owed", a->give_owed, b->give_owed);
	return 0;
}

static int diff_player(struct pos_diff *d, const struct game *g, const struct position *a,
		       const struct position *b, int s)
{
	const struct geometry *geo = g->rs->geom;
	static const char *const lists[3] = { "roads", "settlements", "cities" };
	static const int kinds[3] = { -1, B_SETTLEMENT, B_CITY };
	const struct player *pa = &a->pl[s], *pb = &b->pl[s];
	char path[64];
	const char *c = seat_name(g, s);

	/* The cards, in the document's order: hand, dev, dev_new, played; a path is written only for a difference. */
	static const char *const cards[4] = { "hand", "dev", "dev_new", "played" };
	const uint8_t *ca[4] = { pa->hand, pa->dev, pa->dev_new, pa->played };
	const uint8_t *cb[4] = { pb->hand, pb->dev, pb->dev_new, pb->played };
	for (int i = 0; i < 4; i++) {
		int n = i ? NDEV : NRES;
		if (memcmp(ca[i], cb[i], (size_t)n) == 0)
			continue;
		snprintf(path, sizeof path, "players.%s.%s", c, cards[i]);
		return diff_counts(d, path, i ? dev_names : resource_names, n, ca[i], cb[i]);
	}
	if (pa->discard != pb->discard) {
		snprintf(path, sizeof path, "players.%s.discard", c);
		return differ_int(d, path, pa->discard, pb->discard);
	}
	if (pa->trade != pb->trade) {
		snprintf(path, sizeof path, "players.%s.trade_cards", c);
		return differ_int(d, path, pa->trade, pb->trade);
	}
	if (pa->returned != pb->returned) {
		snprintf(path, sizeof path, "players.%s.knights_returned", c);
		return differ_int(d, path, pa->returned, pb->returned);
	}
	/* The document's order: settlements, cities, roads. */
	for (int i = 1; i <= 3; i++) {
		int k = i % 3;
		if (!same_pieces(geo, a, b, s, kinds[k])) {
			char va[200], vb[200];
			pieces_text(geo, a, s, kinds[k], va, sizeof va);
			pieces_text(geo, b, s, kinds[k], vb, sizeof vb);
			snprintf(path, sizeof path, "players.%s.%s", c, lists[k]);
			return differ(d, path, va, vb);
		}
	}
	return 0;
}

int pos_diff(const struct game *g, const struct position *a, const struct position *b, int flags,
	     struct pos_diff *d)
{
	char va[32], vb[32];

	if (a->phase != b->phase) {
		snprintf(va, sizeof va, "\"%s\"", phase_names[a->phase]);
		snprintf(vb, sizeof vb, "\"%s\"", phase_names[b->phase]);
		return differ(d, "phase", va, vb);
	}
	if (a->turn != b->turn)
		return differ_int(d, "turn", a->turn, b->turn);
	if (a->current != b->current)
		return differ_seat(d, g, "current", a->current, b->current);
	if (a->rolled != b->rolled)
		return differ(d, "rolled", bool_text(a->rolled), bool_text(b->rolled));
	if (a->dev_played != b->dev_played)
		return differ(d, "dev_played", bool_text(a->dev_played), bool_text(b->dev_played));
	if (a->built != b->built)
		return differ(d, "built", bool_text(a->built), bool_text(b->built));
	if (rs_has_turn_extras(g->rs) && diff_two(d, a, b))
		return 1;
	if (a->seven != b->seven)
		return differ(d, "seven", bool_text(a->seven), bool_text(b->seven));
	/* Who moves the robber and who answers it are the document's only in the phases that
	 * hold them (state_json_read.c's read_interrupt): a game won by a knight ends with them set. */
	int robbing = a->phase == PH_ROBBER || a->phase == PH_INTERRUPT || a->phase == PH_STEAL;
	if (g->rules.knight_interrupt && robbing && a->robber_seat != b->robber_seat)
		return differ_seat(d, g, "robber_by", a->robber_seat, b->robber_seat);
	if (a->phase == PH_INTERRUPT && a->answer != b->answer)
		return differ_seat(d, g, "answering", a->answer, b->answer);
	if (a->phase == PH_BUILDING && a->turn_of != b->turn_of)
		return differ_seat(d, g, "building_after", a->turn_of, b->turn_of);
	if (a->paired != b->paired || (a->paired && a->turn_of != b->turn_of))
		return differ_seat(d, g, "paired_after", a->paired ? a->turn_of : NOBODY,
				   b->paired ? b->turn_of : NOBODY);
	if (a->robber != b->robber)
		return differ_int(d, "robber", a->robber + 1, b->robber + 1);
	if (diff_counts(d, "bank", resource_names, NRES, a->bank, b->bank))
		return 1;
	if (!(flags & DIFF_NO_DECK) && diff_deck(d, a, b))
		return 1;
	if (a->longest_road != b->longest_road)
		return differ_seat(d, g, "awards.longest_road", a->longest_road, b->longest_road);
	if (a->largest_army != b->largest_army)
		return differ_seat(d, g, "awards.largest_army", a->largest_army, b->largest_army);
	if (diff_offer(d, g, &a->offer, &b->offer))
		return 1;
	for (int s = 0; s < g->nplayers; s++)
		if (diff_player(d, g, a, b, s))
			return 1;
	if (!(flags & DIFF_NO_RNG) && g->has_secret && a->rng[0] != b->rng[0])
		return differ_int(d, "draws", (long)a->rng[0], (long)b->rng[0]);
	for (int i = 0; !(flags & DIFF_NO_RNG) && !g->has_secret && i < 4; i++)
		if (a->rng[i] != b->rng[i]) {
			char path[24];
			snprintf(path, sizeof path, "rng[%d]", i);
			snprintf(va, sizeof va, "\"%016" PRIx64 "\"", a->rng[i]);
			snprintf(vb, sizeof vb, "\"%016" PRIx64 "\"", b->rng[i]);
			return differ(d, path, va, vb);
		}
	return 0;
}

/* ---- a legal start ---- */

/* The board against its rule set's composition: terrain counts, number tokens, harbour kinds. */
static int board_check(const struct ruleset *rs, const struct board *b, struct cerr *e)
{
	const struct geometry *geo = rs->geom;
	int terr[NTERRAIN] = { 0 }, tok[MAX_TOKEN + 1] = { 0 }, harb[NHARBOURKIND] = { 0 };
	int want_tok[MAX_TOKEN + 1] = { 0 }, want_harb[NHARBOURKIND] = { 0 };

	for (int i = 0; i < rs->ntoken; i++)
		want_tok[rs->tokens[i]]++;
	for (int i = 0; i < geo->nharbour; i++)
		want_harb[rs->harbours[i]]++;
	for (int h = 0; h < geo->nhex; h++) {
		terr[b->terrain[h]]++;
		if (b->terrain[h] != T_DESERT && b->token[h] == 0)
			return cerr_set(e, C_ILLEGAL, "board.hexes[%d].token (hex #%d): a %s hex needs "
				       "a number token", h, h + 1, terrain_names[b->terrain[h]]);
		tok[b->token[h] <= MAX_TOKEN ? b->token[h] : 0]++;
	}
	for (int t = 0; t < NTERRAIN; t++)
		if (terr[t] != rs->terrains[t])
			return cerr_set(e, C_ILLEGAL, "board.hexes: %d %s hexes, not %d", terr[t],
					terrain_names[t], rs->terrains[t]);
	for (int v = 1; v <= MAX_TOKEN; v++)
		if (tok[v] != want_tok[v])
			return cerr_set(e, C_ILLEGAL, "board.hexes: %d tokens of %d, not %d", tok[v], v,
					want_tok[v]);
	for (int i = 0; i < geo->nharbour; i++)
		harb[b->harbour[i]]++;
	for (int k = 0; k < NHARBOURKIND; k++)
		if (harb[k] != want_harb[k])
			return cerr_set(e, C_ILLEGAL, "board.harbours: %d %s harbours, not %d", harb[k],
					harbour_name(k), want_harb[k]);
	return C_OK;
}

/* The beginner position for g's colours, as catan-newboard --beginner writes it. */
static int beginner_start(const struct game *g, struct position *p, struct cerr *e)
{
	struct newgame o = { .nplayers = turn_movers(g), .beginner = 1, .rules = g->rules };
	struct game b;

	memcpy(o.colour, g->colour, sizeof o.colour);
	int rc = game_new(&b, &o, e);
	if (rc == C_OK)
		*p = b.start;
	game_free(&b);
	return rc;
}

int start_check(const struct game *g, struct cerr *e)
{
	const struct geometry *geo = g->rs->geom;
	const struct position *p = &g->start;
	struct position want;
	struct pos_diff d;
	const char *what;
	int rc;

	if (!g->has_start)
		return cerr_set(e, C_ILLEGAL, "start: the document has no start to replay from");
	if ((rc = board_check(g->rs, &g->board, e)))
		return rc;
	if (pos_check(g, p, e)) {
		cerr_prefix(e, "start");
		e->code = C_ILLEGAL;
		return C_ILLEGAL;
	}
	/* A position set up by hand: consistent in itself (the reader checked the totals and the awards). */
	if (g->set_up) {
		char msg[sizeof e->msg];
		if (pos_setup_check(g, p, e) == C_OK)
			return C_OK;
		memcpy(msg, e->msg, sizeof msg);
		return cerr_set(e, C_ILLEGAL, "start.%.400s", msg);
	}
	for (int c = 0; c < NDEV; c++)
		if (p->deck_count[c] != g->rs->deck[c])
			return cerr_set(e, C_ILLEGAL, "start.deck: %d %s cards, not %d",
					p->deck_count[c], dev_names[c], g->rs->deck[c]);
	if (p->phase == PH_SETUP_SETTLEMENT || p->phase == PH_SETUP_ROAD) {
		pos_empty(g->rs, &g->board, &want, g->nplayers);
		what = "a set-up start";
		if (rs_has_neutrals(g->rs)) {
			/* The neutral settlements may stand where the game chose; nothing else may. */
			int node[2] = { -1, -1 }, i = 0;
			for (int s = 0; s < g->nplayers; s++)
				if (g->role[s] == SEAT_NEUTRAL) {
					for (int n = 0; n < geo->nnode; n++)
						if (p->node_owner[n] == s) {
							node[i] = n;
							break;
						}
					i++;
				}
			if (pos_start_two(g, &want, node) != 0)
				return cerr_set(e, C_ILLEGAL, "start: each neutral seat starts with one "
					       "settlement, apart from the other");
			pos_count_pieces(g->rs, &g->board, &want, g->nplayers);
		}
	} else {
		struct board bb;
		board_beginner(&bb);
		if (memcmp(&bb, &g->board, sizeof bb) != 0)
			return cerr_set(e, C_ILLEGAL, "start.phase: a game that does not start with the "
				       "set-up starts from the beginner board and position");
		if ((rc = beginner_start(g, &want, e)))
			return rc == C_USAGE ? C_ILLEGAL : rc;
		what = "the beginner start";
	}
	if (pos_diff(g, p, &want, DIFF_NO_DECK | DIFF_NO_RNG, &d))
		return cerr_set(e, C_ILLEGAL, "start.%s: %s, not %s as in %s", d.path, d.va, d.vb,
				what);
	return C_OK;
}

/* ---- replaying the log ---- */

/* A replay of src from its start; a view's is followed by game_replay as a record of what its player saw. */
static int replay_from_start(struct replay *r, const struct game *src, struct cerr *e)
{
	if (src->view != NOBODY && !src->has_start)
		return cerr_set(e, C_ILLEGAL, "this is %s's view of a game set up by hand, which has "
			       "no start to replay: use the full game",
			       seat_name(src, src->view));
	if (!src->has_start)
		return cerr_set(e, C_ILLEGAL, "the document has no start to replay from");
	r->src = src;
	r->g = *src;
	/* A view's log names only what its player saw: the rest is followed as unseen outcomes. */
	if (src->view != NOBODY) {
		r->g.view = NOBODY;
		r->g.rules.outcomes = OUT_EXTERNAL;
	}
	memset(&r->g.log, 0, sizeof r->g.log);
	r->g.pos = src->start;
	r->g.has_pos = 1;
	r->done = 0;
	return C_OK;
}

int replay_begin(struct replay *r, const struct game *src, struct cerr *e)
{
	if (src->view != NOBODY)
		return cerr_set(e, C_ILLEGAL, "this is %s's view of a game, which does not show every "
			       "card played out: use the full game", seat_name(src, src->view));
	return replay_from_start(r, src, e);
}

int replay_step(struct replay *r, struct cerr *e)
{
	struct move m;
	int8_t owners[MAX_NODE];
	memcpy(owners, r->g.pos.node_owner, sizeof owners);
	/* The line, parsed once: by the reader, which brought it to its canonical text, or now. */
	int rc = movelog_move(r->src, r->done, &m, e);
	/*
	 * A refusal ends the replay, except where a record did not see an outcome
	 * (external outcomes): game_replay then follows it from the position before.
	 */
	int scratch = r->g.rules.outcomes == OUT_EXTERNAL ? 0 : RULES_SCRATCH;
	if (rc == C_OK)
		rc = rules_apply(&r->g, &m, RULES_REPLAY | RULES_NO_LOG | scratch, e);
	if (rc != C_OK)
		return rc;
	int placed = memcmp(owners, r->g.pos.node_owner, sizeof owners) != 0;
	if (pos_check_mode(&r->g, &r->g.pos, placed ? POS_CHECK_FULL : POS_CHECK_FAST, e) != C_OK) {
		cerr_prefix(e, "the position breaks an invariant");
		e->code = C_ILLEGAL;
		return C_ILLEGAL;
	}
	r->done++;
	return C_OK;
}

void replay_end(struct replay *r)
{
	game_free(&r->g);
}

/* ---- a record that did not see everything: the positions consistent with it ---- */

/*
 * What a logged move leaves unseen in a game with external outcomes: the
 * card bought, the card stolen, the cards a forced trade takes, the cards
 * discarded.  The replay then follows every position the move may have
 * led to.
 */
enum unseen { UNSEEN_NONE, UNSEEN_CARD, UNSEEN_STEAL, UNSEEN_TAKE, UNSEEN_DISCARD };

static int move_unseen(const struct game *g, const struct move *m)
{
	if (g->rules.outcomes != OUT_EXTERNAL)
		return UNSEEN_NONE;
	if (m->verb == MV_BUY && m->card < 0)
		return UNSEEN_CARD;
	if ((m->verb == MV_ROBBER || m->verb == MV_STEAL) && m->victim >= 0 && m->res < 0)
		return UNSEEN_STEAL;
	if (m->verb == MV_ACTION && m->action == ACT_FORCE_TRADE &&
	    !(m->get[0] | m->get[1] | m->get[2] | m->get[3] | m->get[4]))
		return UNSEEN_TAKE;
	if (m->verb == MV_DISCARD && !(m->give[0] | m->give[1] | m->give[2] | m->give[3] | m->give[4]))
		return UNSEEN_DISCARD;
	return UNSEEN_NONE;
}

/*
 * A position consistent with the record, and the development cards bought
 * unseen that each seat still holds: their kinds are decided only when
 * one is played (the deck's counts still include them), since any kind
 * left in the deck may have been drawn.  Cards bought this turn apart.
 */
struct world {
	struct position p;
	uint8_t unseen[MAXPLAYERS], unseen_new[MAXPLAYERS];
};

struct worlds {
	struct world *w;	/* sorted, no two alike */
	size_t n, cap;
};

static int worlds_push(struct worlds *ws, const struct world *x)
{
	if (ws->n == ws->cap) {
		size_t cap = ws->cap ? 2 * ws->cap : 16;
		struct world *w = realloc(ws->w, cap * sizeof *w);
		if (!w)
			return C_SYSTEM;
		ws->w = w;
		ws->cap = cap;
	}
	memcpy(&ws->w[ws->n++], x, sizeof *x);
	return C_OK;
}

/* A world's bytes, without the padding at the end: what makes two worlds alike. */
#define WORLD_BYTES (offsetof(struct world, unseen_new) + MAXPLAYERS)

static int world_order(const void *a, const void *b)
{
	return memcmp(a, b, WORLD_BYTES);
}

/* Sorts the worlds and keeps one of each. */
static void worlds_unique(struct worlds *ws)
{
	if (ws->n < 2)
		return;
	qsort(ws->w, ws->n, sizeof *ws->w, world_order);
	size_t k = 1;
	for (size_t i = 1; i < ws->n; i++)
		if (world_order(&ws->w[i], &ws->w[k - 1]) != 0)
			memcpy(&ws->w[k++], &ws->w[i], sizeof *ws->w);
	ws->n = k;
}

/* Whether a card bought unseen keeps its kind open (see struct world): not when the deck's order is known, nor when holding a card decides who answers the robber (knight_interrupt). */
static int defer_cards(const struct game *g, const struct position *p)
{
	return !p->deck_known && !g->rules.knight_interrupt;
}

/* A growing list of moves: the outcomes of one move in one position. */
struct moves {
	struct move *m;
	size_t n, cap;
};

static int moves_push(struct moves *l, const struct move *m)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 64;
		struct move *x = realloc(l->m, cap * sizeof *x);
		if (!x)
			return C_SYSTEM;
		l->m = x;
		l->cap = cap;
	}
	l->m[l->n++] = *m;
	return C_OK;
}

/* discards: into l, m with each way of giving left more cards from hand, resources from r on. */
static int discards(struct moves *l, struct move *m, const uint8_t hand[NRES], int r, int left)
{
	if (left == 0)
		return moves_push(l, m);
	if (r == NRES)
		return C_OK;
	int most = hand[r] < left ? hand[r] : left;
	for (int k = most; k >= 0; k--) {
		m->give[r] = (uint8_t)k;
		if (discards(l, m, hand, r + 1, left - k))
			return C_SYSTEM;
	}
	m->give[r] = 0;
	return C_OK;
}

/*
 * The moves m may have been in position p, into l (emptied first): m
 * itself, or m with each outcome p allows.  C_OK, or C_SYSTEM.
 */
static int outcomes(const struct game *g, const struct position *p, const struct move *m,
		    struct moves *l)
{
	struct move out[NRES * NRES + NDEV];
	int n = 0;
	l->n = 0;
	switch (move_unseen(g, m)) {
	case UNSEEN_NONE:
		out[n++] = *m;
		break;
	case UNSEEN_CARD:
		if (defer_cards(g, p)) {
			out[n++] = *m;	/* a kind is chosen and then put back: see worlds_apply */
			break;
		}
		for (int d = 0; d < NDEV; d++)
			if (p->deck_known ? p->deck_len && p->deck[0] == d : p->deck_count[d] > 0) {
				out[n] = *m;
				out[n++].card = (int8_t)d;
			}
		break;
	case UNSEEN_STEAL:
		for (int r = 0; r < NRES; r++)
			if (p->pl[m->victim].hand[r]) {
				out[n] = *m;
				out[n++].res = (int8_t)r;
			}
		break;
	case UNSEEN_TAKE: {
		int o = seat_opponent(g, m->seat), held = pos_hand_size(p, o);
		const uint8_t *h = p->pl[o].hand;
		for (int a = 0; a < NRES; a++)
			for (int b = held >= 2 ? a : NRES - 1; b < NRES; b++) {
				if (!h[a] || (held >= 2 && (a == b ? h[a] < 2 : !h[b])))
					continue;
				out[n] = *m;
				out[n].get[a]++;
				if (held >= 2)
					out[n].get[b]++;
				n++;
				if (held < 2)
					break;
			}
		break;
	}
	case UNSEEN_DISCARD: {
		struct move d = *m;
		if (discards(l, &d, p->pl[m->seat].hand, 0, p->pl[m->seat].discard))
			return C_SYSTEM;
		if (l->n && p->pl[m->seat].discard)
			return C_OK;
		l->n = 0;
		break;
	}
	}
	if (n == 0) {
		/* Nothing to take: the rules say why, with some outcome named. */
		out[n] = *m;
		out[n].card = out[n].card < 0 && m->verb == MV_BUY ? 0 : out[n].card;
		out[n].res = out[n].res < 0 && m->verb != MV_BUY && m->verb != MV_ACTION ? 0 : out[n].res;
		if (m->verb == MV_ACTION)
			out[n].get[0] = 1;
		n++;
	}
	for (int i = 0; i < n; i++)
		if (moves_push(l, &out[i]))
			return C_SYSTEM;
	return C_OK;
}

/*
 * worlds_apply: move m (its outcome filled in) in world x, into r->g.pos
 * and *out (which may be x; left as it was when the move is refused).  A card bought unseen is taken as the first kind left and
 * then put back into the deck's counts, held as unseen; a card played
 * that the seat is not known to hold becomes one of its unseen cards
 * bought before this turn, when the deck's counts leave one of its kind.
 */
static int worlds_apply(struct replay *r, const struct world *x, const struct move *m, int unseen,
			struct world *out, struct cerr *e)
{
	struct move mm = *m;
	struct position *p = &r->g.pos;
	uint8_t old[MAXPLAYERS], now[MAXPLAYERS];	/* x's unseen and unseen_new, as they become */
	int seat = m->seat, defer = defer_cards(&r->g, &x->p);

	*p = x->p;
	memcpy(old, x->unseen, sizeof old);
	memcpy(now, x->unseen_new, sizeof now);
	if (defer && m->verb == MV_BUY && unseen == UNSEEN_CARD)
		for (mm.card = 0; mm.card < NDEV - 1 && !p->deck_count[mm.card]; mm.card++)
			;
	if (defer && m->verb == MV_PLAY && m->card >= 0 && m->card < NDEV && !p->pl[seat].dev[m->card] &&
	    !p->pl[seat].dev_new[m->card] && p->deck_count[m->card]) {
		if (old[seat]) {
			old[seat]--;
			p->pl[seat].dev[m->card]++;
			p->deck_count[m->card]--;
		} else if (now[seat]) {
			/* Only a card bought this turn can be it: the rules refuse it as such. */
			p->pl[seat].dev_new[m->card]++;
			p->deck_count[m->card]--;
		}
	}
	int rc = rules_apply(&r->g, &mm, RULES_REPLAY | RULES_NO_LOG, e);
	/* As replay_step: the distance rule is checked when a building was placed. */
	int placed = memcmp(x->p.node_owner, p->node_owner, sizeof p->node_owner) != 0;
	if (rc == C_OK && pos_check_mode(&r->g, p, placed ? POS_CHECK_FULL : POS_CHECK_FAST, e) != C_OK) {
		cerr_prefix(e, "the position breaks an invariant");
		rc = e->code = C_ILLEGAL;
	}
	if (rc != C_OK)
		return rc;
	if (defer && m->verb == MV_BUY && unseen == UNSEEN_CARD) {
		p->pl[seat].dev_new[mm.card]--;
		p->deck_count[mm.card]++;
		now[seat]++;
	}
	if (p->turn != x->p.turn)
		for (int s = 0; s < MAXPLAYERS; s++) {
			old[s] = (uint8_t)(old[s] + now[s]);
			now[s] = 0;
		}
	out->p = *p;
	memcpy(out->unseen, old, sizeof old);
	memcpy(out->unseen_new, now, sizeof now);
	return C_OK;
}

/*
 * move_refusal: a move refused in every world: the rules' message when
 * every refusal was common's, else a note with the number of worlds
 * (count, in words) and first's.
 */
static int move_refusal(struct cerr *e, int alike, const struct cerr *common, const char *count,
			const struct cerr *first)
{
	if (alike)
		return cerr_set(e, C_ILLEGAL, "%s", common->msg);
	return cerr_set(e, C_ILLEGAL, "no hands consistent with the record allow it (%s "
			"positions; in the first: %.300s)", count, first->msg);
}

/* end_refusal: no world at the end is the stored position: the first one's difference d; alone: when there is one world. */
static int end_refusal(struct cerr *e, const char *count, int alone, const struct pos_diff *d)
{
	if (alone)
		return cerr_set(e, C_ILLEGAL, "position.%s: stored %s, replay gives %s", d->path,
				d->va, d->vb);
	return cerr_set(e, C_ILLEGAL, "position: none of the %s positions consistent with the "
			"record is the stored one (position.%s: stored %s, the first gives %s)", count,
			d->path, d->va, d->vb);
}

/* What worlds_step returns when the move leads to more than its breadth of worlds. */
enum { TOO_MANY = -1 };

/*
 * One logged move replayed in every world: the worlds it leads to replace
 * them.  When it is legal in none, C_ILLEGAL with the rules' message (the
 * same in every world), or the first world's behind a note that no
 * position consistent with the record allows it.  TOO_MANY (ws unchanged)
 * when more than breadth worlds follow it.
 */
static int worlds_step(struct replay *r, struct worlds *ws, struct worlds *next, size_t breadth,
		       struct cerr *e)
{
	struct move m;
	struct moves each = { 0 };
	struct cerr first = { 0 }, why;
	struct world y;
	int failures = 0, alike = 1, rc;

	if ((rc = movelog_move(r->src, r->done, &m, e)))
		return rc;
	int unseen = move_unseen(&r->g, &m);
	next->n = 0;
	for (size_t i = 0; i < ws->n && rc == C_OK; i++) {
		if (outcomes(&r->g, &ws->w[i].p, &m, &each)) {
			rc = cerr_set(e, C_SYSTEM, "out of memory");
			break;
		}
		for (size_t j = 0; j < each.n && rc == C_OK; j++) {
			int ok = worlds_apply(r, &ws->w[i], &each.m[j], unseen, &y, &why);
			if (ok == C_SYSTEM) {
				rc = cerr_set(e, C_SYSTEM, "%s", why.msg);
			} else if (ok == C_OK) {
				if (worlds_push(next, &y))
					rc = cerr_set(e, C_SYSTEM, "out of memory");
				/* Memory stays bounded: alike worlds are merged as they come. */
				else if (next->n >= 2 * breadth) {
					worlds_unique(next);
					if (next->n > breadth)
						rc = TOO_MANY;
				}
			} else if (failures++ == 0) {
				first = why;
			} else if (strcmp(first.msg, why.msg) != 0) {
				alike = 0;
			}
		}
	}
	free(each.m);
	if (rc)
		return rc;
	worlds_unique(next);
	if (next->n == 0) {
		char count[24];
		snprintf(count, sizeof count, "%zu", ws->n);
		return move_refusal(e, alike, &first, count, &first);
	}
	if (next->n > breadth)
		return TOO_MANY;
	struct worlds t = *ws;
	*ws = *next;
	*next = t;
	r->done++;
	return C_OK;
}

/*
 * A world's position as the document stores it: itself, or, for a view,
 * as the viewer sees it, the unseen cards counted.  When a view shows the
 * game won and the world does not, the winner's unseen cards may be the
 * victory point cards that won it.
 */
static void world_as_stored(const struct game *g, const struct world *x, struct position *p,
			    uint8_t hand[MAXPLAYERS], uint8_t dev[MAXPLAYERS])
{
	*p = x->p;
	if (g->view == NOBODY)
		return;
	int s = p->current, old = x->unseen[s], unseen = old + x->unseen_new[s];
	const struct player *stored = &g->pos.pl[s];
	struct player *pl = &p->pl[s];
	int k = stored->dev[DEV_VICTORY_POINT] + stored->dev_new[DEV_VICTORY_POINT] -
		pl->dev[DEV_VICTORY_POINT] - pl->dev_new[DEV_VICTORY_POINT];
	/* The winner's victory point cards, shown: as many of the unseen ones as the view shows more. */
	if (g->pos.phase == PH_OVER && s != g->view && k > 0 && k <= unseen &&
	    k <= p->deck_count[DEV_VICTORY_POINT]) {
		int from_old = k < old ? k : old;
		pl->dev[DEV_VICTORY_POINT] = (uint8_t)(pl->dev[DEV_VICTORY_POINT] + from_old);
		pl->dev_new[DEV_VICTORY_POINT] = (uint8_t)(pl->dev_new[DEV_VICTORY_POINT] + k - from_old);
		p->deck_count[DEV_VICTORY_POINT] = (uint8_t)(p->deck_count[DEV_VICTORY_POINT] - k);
		unseen -= k;
		if (p->phase != PH_OVER && score_total(g, p, s) >= g->rules.points_to_win) {
			p->phase = PH_OVER;
			p->neutral_owed = p->give_owed = 0;
		}
	}
	view_redact(g, g->view, p, hand, dev);
	/* A view shows a winner's victory point cards as one count. */
	if (s != g->view) {
		pl->dev[DEV_VICTORY_POINT] = (uint8_t)(pl->dev[DEV_VICTORY_POINT] + pl->dev_new[DEV_VICTORY_POINT]);
		pl->dev_new[DEV_VICTORY_POINT] = 0;
	}
	for (int i = 0; i < g->nplayers && i < MAXPLAYERS; i++)	/* MAXPLAYERS: -O3 cannot tell */
		dev[i] = (uint8_t)(dev[i] + (i == s ? unseen : x->unseen[i] + x->unseen_new[i]));
}

/* The first difference between the stored position and a world's; 0 when there is none. */
static int world_diff(const struct game *g, const struct world *x, struct pos_diff *d)
{
	struct position p;
	uint8_t hand[MAXPLAYERS], dev[MAXPLAYERS];
	world_as_stored(g, x, &p, hand, dev);
	if (g->view == NOBODY)
		return pos_diff(g, &g->pos, &p, 0, d);
	if (pos_diff(g, &g->pos, &p, DIFF_NO_DECK | DIFF_NO_RNG, d))
		return 1;
	if (g->pos.deck_len != p.deck_len)
		return differ_int(d, "deck", g->pos.deck_len, p.deck_len);
	for (int s = 0; s < g->nplayers; s++) {
		char path[64];
		if (g->role[s] != SEAT_PLAYER || s == g->view)
			continue;
		if (!seat_may_see(g, &g->pos, g->view, s, HID_HAND) && g->view_hand[s] != hand[s]) {
			snprintf(path, sizeof path, "players.%s.hand", seat_name(g, s));
			return differ_int(d, path, g->view_hand[s], hand[s]);
		}
		if (g->view_dev[s] != dev[s]) {
			snprintf(path, sizeof path, "players.%s.dev", seat_name(g, s));
			return differ_int(d, path, g->view_dev[s], dev[s]);
		}
	}
	return 0;
}

/* The stored position against the worlds: one of them must be it; else the first difference from the first. */
static int worlds_end(const struct game *g, const struct worlds *ws, struct cerr *e)
{
	struct pos_diff d, first;
	for (size_t i = 0; i < ws->n; i++) {
		if (!world_diff(g, &ws->w[i], &d))
			return C_OK;
		if (i == 0)
			first = d;
	}
	char count[24];
	snprintf(count, sizeof count, "%zu", ws->n);
	return end_refusal(e, count, ws->n == 1, &first);
}

/* ---- beyond the breadth: one path of outcomes at a time ---- */

/*
 * A world's digest, 128 bits of its bytes and of the number of moves
 * behind it, for the search's tables: equal worlds have equal digests, and
 * two that differ share one with a chance of about 2^-128.  Never {0, 0},
 * which marks an empty slot.
 */
struct digest {
	uint64_t a, b;
};

static uint64_t digest_mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static struct digest world_digest(const struct world *x, size_t d)
{
	/* The bytes world_order compares. */
	const unsigned char *p = (const unsigned char *)x;
	size_t len = WORLD_BYTES, i = 0;
	uint64_t a = 0x243f6a8885a308d3ULL ^ d, b = 0x13198a2e03707344ULL + d, w;
	for (; i + 8 <= len; i += 8) {
		memcpy(&w, p + i, 8);
		a = (a ^ w) * 0x9e3779b97f4a7c15ULL;
		a ^= a >> 32;
		b = (b + w) * 0xc2b2ae3d27d4eb4fULL;
		b = (b << 29 | b >> 35) ^ w;
	}
	w = 0;
	memcpy(&w, p + i, len - i);
	struct digest h = { digest_mix(a ^ w ^ len), digest_mix(b + w) ^ a };
	h.a |= !(h.a | h.b);
	return h;
}

/*
 * The worlds known to lead nowhere, by digest: a position with no
 * continuation through the rest of the log has none whatever path led to
 * it.  The table has a fixed size and forgets (a full bucket's slot is
 * overwritten): a forgotten world costs only its work done again.
 */
#define DEAD_SLOTS (1u << 20)	/* 16 MB */
#define DEAD_BUCKET 4

static int dead_has(const struct digest *t, struct digest h)
{
	size_t b = (size_t)h.a & (DEAD_SLOTS - DEAD_BUCKET);
	for (size_t i = b; i < b + DEAD_BUCKET; i++)
		if (t[i].a == h.a && t[i].b == h.b)
			return 1;
	return 0;
}

static void dead_add(struct digest *t, struct digest h)
{
	size_t b = (size_t)h.a & (DEAD_SLOTS - DEAD_BUCKET);
	for (size_t i = b; i < b + DEAD_BUCKET; i++)
		if (!(t[i].a | t[i].b)) {
			t[i] = h;
			return;
		}
	t[b + (h.b & (DEAD_BUCKET - 1))] = h;
}

/*
 * A choice point of the search: world x after d moves, the outcomes move
 * d + 1 may have had in it, and the next of them to try.
 */
struct frame {
	struct world x;
	size_t d;
	struct moves out;	/* its buffer kept for the next frame at this depth */
	size_t next;
	size_t first;		/* where outcomes() put out's first (see order) */
	struct digest h;	/* x's, after d moves */
	int unseen;		/* what move d + 1 left unseen (move_unseen) */
	struct cerr why;	/* the refusal of outcomes()'s first, when it was refused */
};

/*
 * The depth-first search: the frames of the path followed; the dead
 * worlds; and what a refusal's message needs, of the worlds after the most
 * moves any path reached (the farthest): how many they are (up to
 * REPLAY_WORLDS_MAX, by digest), the least of them in world_order (the
 * first of the breadth-first enumeration's sorted worlds) with its first
 * refusal or its difference from the stored position, and whether every
 * refusal there is the same.
 */
struct search {
	struct replay *r;
	struct frame *f;
	size_t depth, cap;
	struct move *log;		/* the log's moves, parsed once each: */
	uint8_t *parsed;		/* 1 for those parsed */
	struct moves one;		/* the outcomes of a move outside the frames */
	struct keyed *keys;		/* order's, as large as the most outcomes */
	struct digest *dead;		/* DEAD_SLOTS */
	size_t far;			/* the farthest: moves behind */
	struct digest *seen;		/* SEEN_SLOTS: the farthest worlds' digests */
	uint32_t *used;			/* seen's slots in use, to empty it */
	size_t nseen;
	struct world pending;		/* the one farthest world not counted yet */
	int has_pending;
	int more;			/* more than REPLAY_WORLDS_MAX farthest worlds */
	int have_least;
	struct world least;
	struct cerr least_why;		/* its first refusal */
	struct pos_diff least_diff;	/* at the end: its difference from the stored position */
	struct cerr common;		/* the first refusal of a farthest world */
	size_t refusals;
	int alike;			/* every refusal there is common's */
	struct world found;		/* a world the whole log leads to */
	unsigned long tries, limit;	/* outcomes tried, and the most that may be */
};

#define SEEN_SLOTS (2 * REPLAY_WORLDS_MAX)

/* seen_add: world x, after the farthest moves, is counted (once). */
static void seen_add(struct search *s, const struct world *x)
{
	struct digest h = world_digest(x, s->far);
	size_t i = (size_t)h.a & (SEEN_SLOTS - 1);
	while (s->seen[i].a | s->seen[i].b) {
		if (s->seen[i].a == h.a && s->seen[i].b == h.b)
			return;
		i = (i + 1) & (SEEN_SLOTS - 1);
	}
	if (s->nseen == REPLAY_WORLDS_MAX) {
		s->more = 1;
		return;
	}
	s->seen[i] = h;
	s->used[s->nseen++] = (uint32_t)i;
}

/*
 * search_reach: world x after d moves is reached; the farthest worlds are
 * counted.  A path that goes farther than any before is not counted until
 * another world reaches as far: most paths go on.
 */
static void search_reach(struct search *s, const struct world *x, size_t d)
{
	if (d < s->far)
		return;
	if (d > s->far) {
		for (size_t i = 0; i < s->nseen; i++)
			s->seen[s->used[i]] = (struct digest){ 0, 0 };
		s->far = d;
		s->nseen = 0;
		s->more = s->have_least = 0;
		s->refusals = 0;
		s->alike = 1;
		s->pending = *x;
		s->has_pending = 1;
		return;
	}
	if (s->more)
		return;
	if (s->has_pending) {
		s->has_pending = 0;
		seen_add(s, &s->pending);
	}
	seen_add(s, x);
}

/* search_refused: an outcome of move d + 1 refused in a world after d moves, with why. */
static void search_refused(struct search *s, size_t d, const struct cerr *why)
{
	if (d != s->far)
		return;
	if (s->refusals++ == 0)
		s->common = *why;
	else if (strcmp(s->common.msg, why->msg) != 0)
		s->alike = 0;
}

/* search_least: x, after the farthest moves, leads nowhere: its first refusal (or difference) is the message's if it is the least. */
static void search_least(struct search *s, const struct world *x, const struct cerr *why,
			 const struct pos_diff *diff)
{
	if (s->have_least && world_order(x, &s->least) >= 0)
		return;
	s->have_least = 1;
	s->least = *x;
	if (why)
		s->least_why = *why;
	if (diff)
		s->least_diff = *diff;
}

/* Whether world x at the end of the log is the stored position (any, when there is none). */
static int search_ends(struct search *s, const struct world *x)
{
	const struct game *g = s->r->src;
	struct pos_diff d;
	if (!g->has_pos || !world_diff(g, x, &d))
		return 1;
	search_least(s, x, NULL, &d);
	return 0;
}

static struct frame *search_push(struct search *s)
{
	if (s->depth == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 64;
		struct frame *f = realloc(s->f, cap * sizeof *f);
		if (!f)
			return NULL;
		memset(f + s->cap, 0, (cap - s->cap) * sizeof *f);
		s->f = f;
		s->cap = cap;
	}
	return &s->f[s->depth++];
}

/* search_line: move i of the log, parsed once; NULL for a line that is no move (e says why). */
static const struct move *search_line(struct search *s, size_t i, struct cerr *e)
{
	if (!s->parsed[i]) {
		if (movelog_move(s->r->src, i, &s->log[i], e) != C_OK)
			return NULL;
		s->parsed[i] = 1;
	}
	return &s->log[i];
}

/* An outcome with the key it is tried by. */
struct keyed {
	long key;
	size_t i;
	struct move m;
};

static int keyed_order(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* How far ahead order reads the log for what a seat will spend. */
#define ORDER_AHEAD 60

/*
 * spends: what seat pays out in the ORDER_AHEAD moves of src's log after
 * move d + 1 (builds, cards bought, trades, offers, discards named, cards
 * given), into want, and the development cards it plays, into plays.
 */
static void spends(struct search *s, size_t d, int seat, int want[NRES], int plays[NDEV])
{
	const struct game *src = s->r->src;
	const struct ruleset *rs = src->rs;
	const struct move *m;
	struct cerr ignored;
	memset(want, 0, NRES * sizeof *want);
	memset(plays, 0, NDEV * sizeof *plays);
	for (size_t i = d + 1; i < src->log.len && i <= d + ORDER_AHEAD; i++) {
		if (!(m = search_line(s, i, &ignored)) || m->seat != seat)
			continue;
		const uint8_t *pay = m->give;
		if (m->verb == MV_BUILD && m->piece < NPIECE)
			pay = rs->cost[m->piece == PC_ROAD ? BUY_ROAD : m->piece == PC_CITY ? BUY_CITY : BUY_SETTLEMENT];
		else if (m->verb == MV_BUY)
			pay = rs->cost[BUY_DEV];
		else if (m->verb == MV_PLAY && m->card >= 0 && m->card < NDEV)
			plays[m->card]++;
		for (int r = 0; r < NRES; r++)
			want[r] += pay[r];
	}
}

/* short_of: the cards hand lacks of want, when hand is changed by add (each count at least 0). */
static long short_of(const int want[NRES], const uint8_t hand[NRES], const int add[NRES])
{
	long n = 0;
	for (int r = 0; r < NRES; r++) {
		int h = hand[r] + add[r];
		n += want[r] > h ? want[r] - h : 0;
	}
	return n;
}

/*
 * order: frame f's outcomes, likeliest first, so that a path through the
 * log is found with fewer returns: the log says what each seat spends in
 * the moves that follow, and an outcome that leaves the seats it touches
 * shortest of that comes last; among the rest, a card stolen or taken of
 * the kinds the victim holds most, a discard that leaves the most even
 * hand, a card bought of a kind its buyer plays soon, else of the kinds
 * the deck holds most.  Which is tried first changes nothing but the time
 * and the position found; f->first keeps where the outcome listed first
 * went, whose refusal the messages give.  C_OK, or C_SYSTEM.
 */
static int order(struct search *s, struct frame *f)
{
	const struct game *g = &s->r->g;
	const struct position *p = &f->x.p;
	const struct move *m0 = &f->out.m[0];
	int seat = m0->seat, other = NOBODY;
	int want[NRES], plays[NDEV], other_want[NRES], other_plays[NDEV];
	struct keyed *k = realloc(s->keys, f->out.n * sizeof *k);
	if (!k)
		return C_SYSTEM;
	s->keys = k;
	if (f->unseen == UNSEEN_STEAL)
		other = m0->victim;
	else if (f->unseen == UNSEEN_TAKE)
		other = seat_opponent(g, seat);
	spends(s, f->d, seat, want, plays);
	if (other != NOBODY)
		spends(s, f->d, other, other_want, other_plays);
	for (size_t i = 0; i < f->out.n; i++) {
		const struct move *m = &f->out.m[i];
		int gain[NRES] = { 0 }, loss[NRES] = { 0 };
		long evenness = 0, shortfall = 0;
		for (int r = 0; r < NRES; r++) {
			int got = f->unseen == UNSEEN_STEAL ? m->res == r : m->get[r];
			gain[r] = got - (f->unseen == UNSEEN_DISCARD ? m->give[r] : 0);
			loss[r] = -got;
			int left = p->pl[seat].hand[r] + gain[r];
			evenness += (long)left * left;
			if (other != NOBODY)
				evenness -= (long)got * p->pl[other].hand[r];
		}
		shortfall = short_of(want, p->pl[seat].hand, gain);
		if (other != NOBODY)
			shortfall += short_of(other_want, p->pl[other].hand, loss);
		if (f->unseen == UNSEEN_CARD && m->card >= 0) {
			shortfall = !plays[m->card];
			evenness = -p->deck_count[m->card];
		}
		k[i] = (struct keyed){ shortfall * 100000 + evenness, i, *m };
	}
	qsort(k, f->out.n, sizeof *k, keyed_order);
	for (size_t i = 0; i < f->out.n; i++) {
		f->out.m[i] = k[i].m;
		if (k[i].i == 0)
			f->first = i;
	}
	return C_OK;
}

/* What search_from returns when no path from its world goes through the whole log, or it tried as many outcomes as it may. */
enum { NOWHERE = -1, TOO_LONG = -2 };

/* search_apply: worlds_apply of outcome m in x, counted against the search's limit. */
static int search_apply(struct search *s, const struct world *x, const struct move *m, int unseen,
			struct world *y, struct cerr *why)
{
	if (s->tries++ == s->limit)
		return TOO_LONG;
	return worlds_apply(s->r, x, m, unseen, y, why);
}

/*
 * search_from: depth first from world x after d moves: each outcome of
 * each unseen move in turn, back to the last choice with an outcome left
 * when a move is refused.  C_OK with s->found when a path goes through
 * the whole log (and ends in the stored position); NOWHERE when none
 * does; TOO_LONG when it has tried as many outcomes as it may;
 * C_ILLEGAL for a line that is no move (the first path to reach it stops
 * there, as the breadth-first replay does); C_SYSTEM.
 */
static int search_from(struct search *s, const struct world *x, size_t d, struct cerr *e)
{
	struct replay *r = s->r;
	const size_t n = r->src->log.len, base = s->depth;
	struct world cur = *x;
	struct frame *f;
	struct cerr why;
	struct move m;
	int unseen, rc;

	for (;;) {
		search_reach(s, &cur, d);
		if (d == n) {
			if (search_ends(s, &cur)) {
				s->found = cur;
				return C_OK;
			}
			goto back;
		}
		const struct move *line = search_line(s, d, e);
		if (!line) {
			r->done = d;
			return e->code;
		}
		m = *line;
		unseen = move_unseen(&r->g, &m);
		if (outcomes(&r->g, &cur.p, &m, &s->one))
			return cerr_set(e, C_SYSTEM, "out of memory");
		if (s->one.n == 1) {
			/* No choice: no frame. */
			rc = search_apply(s, &cur, &s->one.m[0], unseen, &cur, &why);
			if (rc == C_OK) {
				d++;
				continue;
			}
			if (rc == C_SYSTEM || rc == TOO_LONG)
				return rc == TOO_LONG ? rc : cerr_set(e, C_SYSTEM, "%s", why.msg);
			search_refused(s, d, &why);
			if (d == s->far)
				search_least(s, &cur, &why, NULL);
			goto back;
		}
		struct digest h = world_digest(&cur, d);
		if (dead_has(s->dead, h))
			goto back;
		if (!(f = search_push(s)))
			return cerr_set(e, C_SYSTEM, "out of memory");
		f->x = cur;
		f->d = d;
		f->h = h;
		f->next = 0;
		f->unseen = unseen;
		struct moves t = f->out;
		f->out = s->one;
		s->one = t;
		if (order(s, f))
			return cerr_set(e, C_SYSTEM, "out of memory");
next:
		f = &s->f[s->depth - 1];
		rc = NOWHERE;
		while (f->next < f->out.n) {
			rc = search_apply(s, &f->x, &f->out.m[f->next++], f->unseen, &cur, &why);
			if (rc == C_OK) {
				d = f->d + 1;
				break;
			}
			if (rc == C_SYSTEM || rc == TOO_LONG)
				return rc == TOO_LONG ? rc : cerr_set(e, C_SYSTEM, "%s", why.msg);
			if (f->next - 1 == f->first)
				f->why = why;
			search_refused(s, f->d, &why);
		}
		if (rc == C_OK)
			continue;
		/* Every outcome refused or led nowhere; after the farthest moves, every one was refused. */
		if (f->d == s->far)
			search_least(s, &f->x, &f->why, NULL);
		dead_add(s->dead, f->h);
		s->depth--;
back:
		if (s->depth == base)
			return NOWHERE;
		goto next;
	}
}

/*
 * worlds_search: the rest of the log from the worlds ws after r->done
 * moves, depth first from each in turn, trying at most limit outcomes.
 * C_OK with r->g.pos the world found (*found: the world whole) and r->done the log's length; else
 * r->done is where the farthest path stopped (the log's length when every
 * path went through it but none ends in the stored position) and e says
 * why: in the words of worlds_step and worlds_end, with "more than
 * REPLAY_WORLDS_MAX" positions where there are more than it counts; or,
 * past the limit, C_SYSTEM.
 */
static int worlds_search(struct replay *r, const struct worlds *ws, unsigned long limit,
			 struct world *found, struct cerr *e)
{
	struct search s = { .r = r, .far = r->done, .alike = 1, .limit = limit };
	const size_t n = r->src->log.len;
	char count[32];
	int rc = NOWHERE;

	s.dead = calloc(DEAD_SLOTS, sizeof *s.dead);
	s.seen = calloc(SEEN_SLOTS, sizeof *s.seen);
	s.used = malloc(REPLAY_WORLDS_MAX * sizeof *s.used);
	s.log = malloc(n * sizeof *s.log);
	s.parsed = calloc(n, 1);
	if (!s.dead || !s.seen || !s.used || !s.log || !s.parsed)
		rc = cerr_set(e, C_SYSTEM, "out of memory");
	for (size_t i = 0; i < ws->n && rc == NOWHERE; i++)
		rc = search_from(&s, &ws->w[i], r->done, e);
	size_t counted = s.nseen + (size_t)s.has_pending;
	if (s.more)
		snprintf(count, sizeof count, "more than %d", REPLAY_WORLDS_MAX);
	else
		snprintf(count, sizeof count, "%zu", counted);
	if (rc == C_OK) {
		r->g.pos = s.found.p;
		*found = s.found;
		r->done = n;
	} else if (rc == NOWHERE) {
		r->done = s.far;
		if (s.far == n)
			rc = end_refusal(e, count, counted == 1 && !s.more, &s.least_diff);
		else
			rc = move_refusal(e, s.alike, &s.common, count, &s.least_why);
	} else if (rc == TOO_LONG) {
		r->done = s.far;
		rc = cerr_set(e, C_SYSTEM, "%s%lu outcomes of the unseen moves tried, none leading "
			      "%s and not all ruled out: too many to follow", s.far == n ? "position: " : "",
			      limit, s.far == n ? "to the stored one" : "past this move");
	}
	for (size_t i = 0; i < s.cap; i++)
		free(s.f[i].out.m);
	free(s.f);
	free(s.one.m);
	free(s.keys);
	free(s.dead);
	free(s.seen);
	free(s.used);
	free(s.log);
	free(s.parsed);
	return rc;
}

int game_replay(const struct game *g, struct replay_result *res, struct game *end,
		struct cerr *e)
{
	static const struct replay_limits lim = { REPLAY_BREADTH, REPLAY_TRIES_MAX };
	return game_replay_limits(g, &lim, res, end, e);
}

int game_replay_limits(const struct game *g, const struct replay_limits *lim,
		       struct replay_result *res, struct game *end, struct cerr *e)
{
	struct replay r;
	struct worlds ws = { 0 }, next = { 0 };
	struct world found = { 0 };
	struct pos_diff d;
	struct move m;
	int rc, searched = 0;

	memset(res, 0, sizeof *res);
	if ((rc = replay_from_start(&r, g, e)))
		return rc;
	if ((rc = start_check(g, e)))
		goto out;
	while (r.done < g->log.len && !searched) {
		if (ws.n) {
			rc = worlds_step(&r, &ws, &next, lim->breadth, e);
		} else {
			rc = replay_step(&r, e);
			/* A move whose outcome the record did not see: every outcome from here on. */
			if (rc == C_ILLEGAL && movelog_move(g, r.done, &m, e) == C_OK &&
			    move_unseen(&r.g, &m) != UNSEEN_NONE) {
				struct world x = { .p = r.g.pos };
				if (worlds_push(&ws, &x)) {
					rc = cerr_set(e, C_SYSTEM, "out of memory");
					goto out;
				}
				rc = lim->breadth ? worlds_step(&r, &ws, &next, lim->breadth, e) : TOO_MANY;
			}
		}
		/* More positions than to follow at once: one path at a time through the rest of the log. */
		if (rc == TOO_MANY && lim->tries) {
			rc = worlds_search(&r, &ws, lim->tries, &found, e);
			searched = 1;
		} else if (rc == TOO_MANY) {
			rc = cerr_set(e, C_SYSTEM, "more than %zu positions are consistent with the "
				      "record after this move: too many to follow", lim->breadth);
		}
		if (rc) {
			res->checked = r.done;
			if ((rc == C_ILLEGAL || rc == C_SYSTEM) && r.done < g->log.len) {
				res->index = r.done + 1;
				res->move = g->log.ent[r.done].text;
			}
			goto out;
		}
		res->checked = r.done;
	}
	if (!ws.n && g->view != NOBODY) {
		struct world x = { .p = r.g.pos };
		if (worlds_push(&ws, &x)) {
			rc = cerr_set(e, C_SYSTEM, "out of memory");
			goto out;
		}
	}
	if (ws.n && !searched) {
		if (g->has_pos && (rc = worlds_end(g, &ws, e)))
			goto out;
		r.g.pos = ws.w[0].p;
		found = ws.w[0];
	} else if (!ws.n && g->has_pos && pos_diff(g, &g->pos, &r.g.pos, 0, &d)) {
		rc = end_refusal(e, "1", 1, &d);
		goto out;
	}
	free(ws.w);
	free(next.w);
	for (int s = 0; s < MAXPLAYERS; s++)
		res->unseen[s] = (uint8_t)(found.unseen[s] + found.unseen_new[s]);
	if (end) {
		*end = r.g;
		return C_OK;
	}
	replay_end(&r);
	return C_OK;
out:
	free(ws.w);
	free(next.w);
	replay_end(&r);
	return rc;
}
