/* movegen_test: the legal-move listing checked both ways against the rules engine, by brute force. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play/autoplay.h"
#include "play/best.h"
#include "rules/movegen.h"
#include "model/names.h"
#include "rules/harbour.h"
#include "doc/replay.h"
#include "rng.h"
#include "rules/rules.h"
#include "play/search.h"
#include "model/seats.h"
#include "model/state.h"
#include "doc/state_json.h"
#include "unit.h"
#include "model/view.h"


/*
 * For each position: every listed move, formatted and parsed back as text
 * and as JSON, is accepted by rules_apply; no move is listed twice; the
 * per-seat listings partition the whole; and every well-formed move of
 * every kind that rules_apply accepts is listed.  "Every well-formed move"
 * is, for each seat: every road, settlement and city; the roll without and
 * with each of the 36 dice; every discard of 0 .. held+1 of each resource;
 * every hex with no victim or any seat, with no card or any card; accept,
 * reject, cancel, end; every maritime trade of 1..19 of one resource for
 * another; a purchase naming no card or any card; every card played with
 * every resource or pair of resources, road building with every path and,
 * when the seat holds the card, every ordered pair of paths; every
 * one-for-one offer to every seat and to all (checked against the listing
 * with MG_OFFERS).  The two orders of road building's paths give the same
 * position and count as one move.
 */

#define MAXLIST 200000

static int diags;

static void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void diag(const char *fmt, ...)
{
	if (diags++ < 30) {
		va_list ap;
		va_start(ap, fmt);
		printf("# ");
		vprintf(fmt, ap);
		printf("\n");
		va_end(ap);
	}
}

/* The text of m with road building's paths in increasing order: one name per position reached. */
static void norm_text(const struct game *g, const struct move *m, char *buf, size_t n)
{
	struct move t = *m;
	if (t.verb == MV_PLAY && t.npath == 2 && t.path[1] < t.path[0]) {
		int8_t x = t.path[0];
		t.path[0] = t.path[1];
		t.path[1] = x;
	}
	move_format(g, &t, buf, n);
}

/* Applies m to a scratch copy of g: 1 when the rules accept it. */
static int accepted(const struct game *g, const struct move *m)
{
	struct game t = *g;
	struct cerr e;
	return rules_apply(&t, m, RULES_NO_LOG, &e) == C_OK;
}

/* A sorted set of move texts. */
struct set {
	char (*s)[64];
	int n;
};

static int cmp_text(const void *a, const void *b)
{
	return strcmp(a, b);
}

static int set_has(const struct set *st, const char *t)
{
	return bsearch(t, st->s, (size_t)st->n, sizeof *st->s, cmp_text) != NULL;
}

struct ctx {
	struct unit *u;
	const struct game *g;
	struct set listed, offers, legal;	/* legal: the accepted candidates */
	struct set rates;	/* the trades at a worse rate than the best, listed with MG_ALL_RATES */
	long tried, skipped;
	int bad;
	/*
	 * The hidden-values test: twin is g with every value hidden from seat
	 * `sender` drawn again; each candidate of sender's must have the same
	 * fate in both (accepted, or refused with the same status and message).
	 */
	const struct game *twin;
	int sender;
	long compared;
};

static int brute_collect;	/* only collect the accepted candidates (--brute) */

/* worse_rate: m is a maritime trade at a rate that is not the player's best (listed with MG_ALL_RATES). */
static int worse_rate(const struct game *g, const struct move *m)
{
	if (m->verb != MV_TRADE)
		return 0;
	for (int r = 0; r < NRES; r++)
		if (m->give[r] && m->give[r] != harbour_rate(g, &g->pos, m->seat, r))
			return 1;
	return 0;
}

/*
 * One candidate: if the rules accept it, it must be in the listing (or the
 * offers' listing); a trade at a worse rate than the best, in the listing
 * with every rate, and it is not counted among the moves --list gives.
 */
static void same_fate(struct ctx *c, const struct move *m)
{
	struct game a = *c->g, b = *c->twin;
	struct cerr ea = { 0 }, eb = { 0 };
	char t[64];

	if (m->seat != c->sender)
		return;
	c->compared++;
	int ra = rules_apply(&a, m, RULES_NO_LOG, &ea), rb = rules_apply(&b, m, RULES_NO_LOG, &eb);
	if (ra == rb && (ra == C_OK || strcmp(ea.msg, eb.msg) == 0))
		return;
	move_format(c->g, m, t, sizeof t);
	diag("'%s' depends on values hidden from its sender: %s", t, ra == C_OK ? "accepted" : ea.msg);
	diag("  and with them drawn again: %s", rb == C_OK ? "accepted" : eb.msg);
	c->bad++;
}

static void candidate(struct ctx *c, const struct move *m)
{
	char t[64];
	if (c->twin) {
		same_fate(c, m);
		return;
	}
	c->tried++;
	if (!accepted(c->g, m))
		return;
	norm_text(c->g, m, t, sizeof t);
	if (worse_rate(c->g, m)) {
		if (!brute_collect && !set_has(&c->rates, t)) {
			diag("legal trade '%s' is not listed with every rate", t);
			c->bad++;
		}
		return;
	}
	if (c->legal.n < MAXLIST)
		strcpy(c->legal.s[c->legal.n++], t);
	if (brute_collect)
		return;
	const struct set *st = m->verb == MV_OFFER ? &c->offers : &c->listed;
	if (!set_has(st, t)) {
		diag("legal move '%s' is not listed", t);
		c->bad++;
	}
}

static struct move *blank(struct move *m, int seat, int verb)
{
	move_init(m);
	m->seat = (int8_t)seat;
	m->verb = (uint8_t)verb;
	return m;
}

static void discards(struct ctx *c, int s, int verb)
{
	const uint8_t *h = c->g->pos.pl[s].hand;
	int owed = verb == MV_GIVE ? (s == c->g->pos.current ? c->g->pos.give_owed : 0)
				   : c->g->pos.pl[s].discard;
	int top[NRES];
	long product = 1;
	struct move m;

	for (int r = 0; r < NRES; r++) {
		top[r] = h[r] + 1 > 19 ? 19 : h[r] + 1;
		product *= top[r] + 1;
	}
	if (!owed) {
		/* Nothing owed: one discard stands for all. */
		blank(&m, s, verb);
		m.give[RES_ORE] = 1;
		candidate(c, &m);
		return;
	}
	if (product > 400000) {
		c->skipped++;
		return;
	}
	uint8_t v[NRES] = { 0 };
	for (;;) {
		int r = 0;
		while (r < NRES && v[r] == top[r])
			v[r++] = 0;
		if (r == NRES)
			break;
		v[r]++;
		blank(&m, s, verb);
		memcpy(m.give, v, NRES);
		candidate(c, &m);
	}
}

/* Catan for Two's moves: neutral pieces anywhere, the actions with any cards taken, knights given back. */
static void two_candidates(struct ctx *c, int s)
{
	const struct game *g = c->g;
	const struct geometry *geo = g->rs->geom;
	struct move m;

	for (int n = 0; n < g->nplayers; n++) {
		for (int ed = 0; ed < geo->nedge; ed++) {
			blank(&m, s, MV_NEUTRAL);
			m.to = (int8_t)n;
			m.piece = PC_ROAD;
			m.npath = 1;
			m.path[0] = (int8_t)ed;
			candidate(c, &m);
		}
		for (int nd = 0; nd < geo->nnode; nd++)
			for (int pc = PC_SETTLEMENT; pc <= PC_CITY; pc++) {
				blank(&m, s, MV_NEUTRAL);
				m.to = (int8_t)n;
				m.piece = (uint8_t)pc;
				m.node = (int8_t)nd;
				candidate(c, &m);
			}
	}
	for (int a = 0; a < NACTION; a++) {
		blank(&m, s, MV_ACTION)->action = (int8_t)a;
		candidate(c, &m);
		for (int x = 0; x < NRES; x++)
			for (int y = -1; y < NRES; y++) {
				blank(&m, s, MV_ACTION)->action = (int8_t)a;
				m.get[x]++;
				if (y >= 0)
					m.get[y]++;
				candidate(c, &m);
			}
	}
	for (int d = 0; d < NDEV; d++)
		blank(&m, s, MV_RETURN)->card = (int8_t)d, candidate(c, &m);
}

static void brute(struct ctx *c)
{
	const struct game *g = c->g;
	const struct geometry *geo = g->rs->geom;
	const struct position *p = &g->pos;
	struct move m;

	for (int s = 0; s < g->nplayers; s++) {
		for (int ed = 0; ed < geo->nedge; ed++) {
			blank(&m, s, MV_BUILD);
			m.piece = PC_ROAD;
			m.npath = 1;
			m.path[0] = (int8_t)ed;
			candidate(c, &m);
			blank(&m, s, MV_PLAY);
			m.card = DEV_ROAD_BUILDING;
			m.npath = 1;
			m.path[0] = (int8_t)ed;
			candidate(c, &m);
			if (!p->pl[s].dev[DEV_ROAD_BUILDING])
				continue;
			for (int ed2 = 0; ed2 < geo->nedge; ed2++) {
				if (ed2 == ed)
					continue;
				m.npath = 2;
				m.path[1] = (int8_t)ed2;
				candidate(c, &m);
			}
		}
		for (int nd = 0; nd < geo->nnode; nd++)
			for (int pc = PC_SETTLEMENT; pc <= PC_CITY; pc++) {
				blank(&m, s, MV_BUILD);
				m.piece = (uint8_t)pc;
				m.node = (int8_t)nd;
				candidate(c, &m);
			}
		candidate(c, blank(&m, s, MV_ROLL));
		for (int a = 1; a <= 6; a++)
			for (int b = 1; b <= 6; b++) {
				blank(&m, s, MV_ROLL);
				m.dice[0] = (uint8_t)a;
				m.dice[1] = (uint8_t)b;
				candidate(c, &m);
			}
		discards(c, s, MV_DISCARD);
		discards(c, s, MV_GIVE);
		two_candidates(c, s);
		for (int h = 0; h < geo->nhex; h++)
			for (int v = NOBODY; v < g->nplayers; v++)
				for (int r = -1; r < (v == NOBODY ? 0 : NRES); r++) {
					blank(&m, s, MV_ROBBER);
					m.hex = (int8_t)h;
					m.victim = (int8_t)v;
					m.res = (int8_t)r;
					candidate(c, &m);
				}
		for (int v = 0; v < g->nplayers; v++)
			for (int r = -1; r < NRES; r++) {
				blank(&m, s, MV_STEAL);
				m.victim = (int8_t)v;
				m.res = (int8_t)r;
				candidate(c, &m);
			}
		candidate(c, blank(&m, s, MV_PASS));
		candidate(c, blank(&m, s, MV_ACCEPT));
		candidate(c, blank(&m, s, MV_REJECT));
		candidate(c, blank(&m, s, MV_CANCEL));
		candidate(c, blank(&m, s, MV_END));
		for (int a = 0; a < NRES; a++)
			for (int x = 0; x < NRES; x++) {
				for (int k = 1; k <= 19; k++) {
					blank(&m, s, MV_TRADE);
					m.give[a] = (uint8_t)k;
					m.get[x] = 1;
					candidate(c, &m);
				}
				blank(&m, s, MV_PLAY);
				m.card = DEV_YEAR_OF_PLENTY;
				m.get[a]++;
				m.get[x]++;
				candidate(c, &m);
				for (int to = NOBODY; to < g->nplayers; to++) {
					blank(&m, s, MV_OFFER);
					m.to = (int8_t)to;
					m.give[a] = 1;
					m.get[x] = 1;
					if (a != x)
						candidate(c, &m);
				}
			}
		for (int d = -1; d < NDEV; d++)
			blank(&m, s, MV_BUY)->card = (int8_t)d, candidate(c, &m);
		for (int d = 0; d < NDEV; d++)
			if (d != DEV_ROAD_BUILDING && d != DEV_YEAR_OF_PLENTY && d != DEV_MONOPOLY)
				blank(&m, s, MV_PLAY)->card = (int8_t)d, candidate(c, &m);
		for (int r = 0; r < NRES; r++) {
			blank(&m, s, MV_PLAY);
			m.card = DEV_MONOPOLY;
			m.res = (int8_t)r;
			candidate(c, &m);
		}
	}
}

/* The listing as a sorted set of normalised texts; duplicates and refused moves are faults. */
static void listed_set(struct ctx *c, const struct move *ms, int n, struct set *st, int only_offers)
{
	st->n = 0;
	for (int i = 0; i < n; i++) {
		if (only_offers != (ms[i].verb == MV_OFFER))
			continue;
		norm_text(c->g, &ms[i], st->s[st->n++], sizeof *st->s);
	}
	qsort(st->s, (size_t)st->n, sizeof *st->s, cmp_text);
	for (int i = 1; i < st->n; i++)
		if (strcmp(st->s[i - 1], st->s[i]) == 0) {
			diag("'%s' is listed twice%s", st->s[i], "");
			c->bad++;
		}
}

/* Each listed move goes through the text and JSON forms and is accepted. */
static void listed_accepted(struct ctx *c, const struct move *ms, int n)
{
	char t[160];
	struct cerr e;
	for (int i = 0; i < n; i++) {
		struct move back, jb;
		move_format(c->g, &ms[i], t, sizeof t);
		char *j = move_json_text(c->g, &ms[i]);
		struct jv_doc jd = { 0 };
		struct jv_error je;
		int ok = move_parse(c->g, t, &back, &e) == C_OK && accepted(c->g, &back) &&
			 j && jv_parse(j, strlen(j), &jd, &je) == 0 && move_from_json(c->g, jd.root, &jb, &e) == C_OK &&
			 accepted(c->g, &jb) && memcmp(&back, &jb, sizeof back) == 0;
		jv_free(&jd);
		free(j);
		if (!ok) {
			diag("listed move '%s' is refused: %s", t, e.msg);
			c->bad++;
		}
	}
}

static struct move list[MAXLIST], list2[MAXLIST];

/* Coverage: how many positions listed each kind of move that is easy to miss. */
enum { K_RB_SINGLE, K_RB_PAIR, K_RB_REVERSE, K_YOP, K_MONOPOLY, K_KNIGHT, K_DISCARD2, K_STEAL,
       K_STEAL_CARD, K_ROLL_DICE, K_BUY_CARD, K_ACCEPT, K_REJECT, K_CANCEL, K_TRADE2, K_TRADE3,
       K_CITY, K_OVER, K_NEUTRAL_ROAD, K_NEUTRAL_SETTLEMENT, K_FORCE, K_FORCE_CARDS, K_DESERT,
       K_RETURN, K_GIVE, K_SECOND_ROLL, K_WORSE_RATE, K_VP_PLAYED, K_STAY, K_PASS, K_KNIGHT_ANSWER, K_STEAL_AFTER, K_STEAL_AFTER_CARD,
       K_GIVES_ONE, K_ROBBER_ONE, NKIND };
static const char *const kind_names[NKIND] = {
	"road building with one path", "road building with two paths",
	"road building in decreasing order", "year of plenty", "monopoly", "knight",
	"discards by two players", "a steal", "a steal with its card", "a roll with its dice",
	"a purchase with its card", "accept", "reject", "cancel", "a 2:1 trade", "a 3:1 trade",
	"a city", "a finished game", "a neutral road", "a neutral settlement", "a forced trade",
	"a forced trade with its cards", "the robber to the desert", "a knight given back",
	"a forced trade's cards given", "a second roll with its dice", "a trade at a worse rate",
	"a victory point card played", "a robber left in place after a seven",
	"a pass after a robber moved", "a knight answering a robber moved", "a steal after the answers",
	"a steal after the answers with its card", "cards given, of several ways, built one at a time",
	"the robber's moves built one at a time",
};
static long covered[NKIND];

static void coverage(const struct game *g, const struct move *ms, int n)
{
	int seen[NKIND] = { 0 }, discarders = 0;
	for (int i = 0; i < n; i++) {
		const struct move *m = &ms[i];
		int give = m->give[0] + m->give[1] + m->give[2] + m->give[3] + m->give[4];
		if (m->verb == MV_PLAY && m->card == DEV_ROAD_BUILDING)
			seen[m->npath == 1 ? K_RB_SINGLE : m->path[0] > m->path[1] ? K_RB_REVERSE : K_RB_PAIR] = 1;
		seen[K_YOP] |= m->verb == MV_PLAY && m->card == DEV_YEAR_OF_PLENTY;
		seen[K_MONOPOLY] |= m->verb == MV_PLAY && m->card == DEV_MONOPOLY;
		seen[K_KNIGHT] |= m->verb == MV_PLAY && m->card == DEV_KNIGHT;
		seen[K_STEAL] |= m->verb == MV_ROBBER && m->victim != NOBODY;
		seen[K_STEAL_CARD] |= m->verb == MV_ROBBER && m->res >= 0;
		seen[K_ROLL_DICE] |= m->verb == MV_ROLL && m->dice[0];
		seen[K_BUY_CARD] |= m->verb == MV_BUY && m->card >= 0;
		seen[K_ACCEPT] |= m->verb == MV_ACCEPT;
		seen[K_REJECT] |= m->verb == MV_REJECT;
		seen[K_CANCEL] |= m->verb == MV_CANCEL;
		seen[K_TRADE2] |= m->verb == MV_TRADE && give == 2;
		seen[K_TRADE3] |= m->verb == MV_TRADE && give == 3;
		seen[K_CITY] |= m->verb == MV_BUILD && m->piece == PC_CITY;
		discarders |= m->verb == MV_DISCARD ? 1 << m->seat : 0;
		seen[K_NEUTRAL_ROAD] |= m->verb == MV_NEUTRAL && m->piece == PC_ROAD;
		seen[K_NEUTRAL_SETTLEMENT] |= m->verb == MV_NEUTRAL && m->piece == PC_SETTLEMENT;
		seen[K_FORCE] |= m->verb == MV_ACTION && m->action == ACT_FORCE_TRADE;
		seen[K_FORCE_CARDS] |= m->verb == MV_ACTION && m->action == ACT_FORCE_TRADE && m->get[0] + m->get[1] + m->get[2] + m->get[3] + m->get[4];
		seen[K_DESERT] |= m->verb == MV_ACTION && m->action == ACT_ROBBER;
		seen[K_RETURN] |= m->verb == MV_RETURN;
		seen[K_GIVE] |= m->verb == MV_GIVE;
		seen[K_VP_PLAYED] |= m->verb == MV_PLAY && m->card == DEV_VICTORY_POINT;
		seen[K_STAY] |= m->verb == MV_ROBBER && m->hex == g->pos.robber;
		seen[K_PASS] |= m->verb == MV_PASS;
		seen[K_KNIGHT_ANSWER] |= m->verb == MV_PLAY && g->pos.phase == PH_INTERRUPT;
		seen[K_STEAL_AFTER] |= m->verb == MV_STEAL;
		seen[K_STEAL_AFTER_CARD] |= m->verb == MV_STEAL && m->res >= 0;
		seen[K_SECOND_ROLL] |= m->verb == MV_ROLL && m->dice[0] && g->pos.nrolls == 1;
	}
	seen[K_DISCARD2] = __builtin_popcount((unsigned)discarders) >= 2;
	seen[K_OVER] = g->pos.phase == PH_OVER;
	for (int k = 0; k < NKIND; k++)
		covered[k] += seen[k];
}

/* All the checks on one position; returns the number of faults. */
static int check_position(struct unit *u, const struct game *g, long *tried, long *skipped)
{
	static char (*texts)[64], (*otexts)[64], (*ltexts)[64], (*rtexts)[64];
	struct ctx c = { .u = u, .g = g };

	if (!texts && (!(texts = malloc(MAXLIST * sizeof *texts)) ||
		       !(otexts = malloc(MAXLIST * sizeof *otexts)) ||
		       !(ltexts = malloc(MAXLIST * sizeof *ltexts)) ||
		       !(rtexts = malloc(MAXLIST * sizeof *rtexts))))
		exit(4);
	c.listed.s = texts;
	c.offers.s = otexts;
	c.legal.s = ltexts;
	c.rates.s = rtexts;
	int n = movegen_legal(g, NOBODY, 0, list, MAXLIST);
	int no = movegen_legal(g, NOBODY, MG_OFFERS, list2, MAXLIST);
	if (n > MAXLIST || no > MAXLIST) {
		c.skipped++;
		*skipped += 1;
		return 0;
	}
	if (movegen_legal(g, NOBODY, 0, NULL, 0) != n) {
		diag("the count without a buffer differs%s%s", "", "");
		c.bad++;
	}
	/* The per-seat listings are the whole's moves of that seat, in the same order. */
	int k = 0;
	for (int s = 0; s < g->nplayers; s++) {
		int ns = movegen_legal(g, s, 0, list2, MAXLIST), i = 0, same = 1;
		for (int at = 0; at < n; at++)
			if (list[at].seat == s)
				same &= i < ns && memcmp(&list[at], &list2[i++], sizeof list2[0]) == 0;
		if (!same || i != ns) {
			diag("seat %s's listing is not the whole's%s", seat_name(g, s), "");
			c.bad++;
		}
		/* A discard or the cards given, counted and built one at a time: the listing's. */
		struct mg_gives gv;
		int ng = movegen_gives(g, s, &gv);
		same = ng < 0 || ng == ns;
		for (int at = 0; same && at < ng; at++) {
			struct move one;
			movegen_gives_move(&gv, at, &one);
			same = memcmp(&one, &list2[at], sizeof one) == 0;
		}
		if (!same) {
			diag("seat %s's gives, one at a time, are not its listing%s", seat_name(g, s), "");
			c.bad++;
		}
		covered[K_GIVES_ONE] += ng > 1;
		/* A roll found alone is the whole listing. */
		struct move roll;
		if (movegen_roll_only(g, s, 0, &roll) && (ns != 1 || memcmp(&roll, &list2[0], sizeof roll) != 0)) {
			diag("seat %s's roll, found alone, is not its listing%s", seat_name(g, s), "");
			c.bad++;
		}
		/* The robber's moves, counted and built one at a time: the listing's. */
		struct mg_robber rb;
		int nr = movegen_robber(g, s, 0, &rb);
		same = nr < 0 || nr == ns;
		for (int at = 0; same && at < nr; at++) {
			struct move one;
			movegen_robber_move(g, &rb, at, &one);
			same = memcmp(&one, &list2[at], sizeof one) == 0;
		}
		if (!same) {
			diag("seat %s's robber moves, one at a time, are not its listing%s", seat_name(g, s), "");
			c.bad++;
		}
		covered[K_ROBBER_ONE] += nr > 1 && !(g->rules.outcomes == OUT_EXTERNAL);
		k += ns;
	}
	if (k != n) {
		diag("the seats' listings do not add up%s%s", "", "");
		c.bad++;
	}
	coverage(g, list, n);
	listed_accepted(&c, list, n);
	listed_set(&c, list, n, &c.listed, 0);
	no = movegen_legal(g, NOBODY, MG_OFFERS, list2, MAXLIST);
	listed_accepted(&c, list2, no);
	listed_set(&c, list2, no, &c.offers, 1);
	if (no - c.offers.n != n) {
		diag("the listing with offers adds more than offers%s%s", "", "");
		c.bad++;
	}
	/* Every rate: the listing's moves and the trades at worse rates, all accepted. */
	int nr = movegen_legal(g, NOBODY, MG_ALL_RATES, list2, MAXLIST);
	listed_accepted(&c, list2, nr);
	c.rates.n = 0;
	for (int i = 0; i < nr; i++)
		if (worse_rate(g, &list2[i]))
			norm_text(g, &list2[i], c.rates.s[c.rates.n++], sizeof *c.rates.s);
	qsort(c.rates.s, (size_t)c.rates.n, sizeof *c.rates.s, cmp_text);
	if (nr - c.rates.n != n) {
		diag("the listing with every rate adds more than worse rates%s%s", "", "");
		c.bad++;
	}
	covered[K_WORSE_RATE] += c.rates.n > 0;
	brute(&c);
	/* Distinct accepted moves: road building's two orders are one. */
	qsort(c.legal.s, (size_t)c.legal.n, sizeof *c.legal.s, cmp_text);
	int distinct = 0;
	for (int i = 0; i < c.legal.n; i++)
		distinct += i == 0 || strcmp(c.legal.s[i - 1], c.legal.s[i]) != 0;
	if (distinct != n + c.offers.n && !c.skipped) {
		char a[32], b[32];
		snprintf(a, sizeof a, "%d", distinct);
		snprintf(b, sizeof b, "%d", n + c.offers.n);
		diag("%s legal candidates, %s listed", a, b);
		c.bad++;
	}
	*tried += c.tried;
	*skipped += c.skipped;
	return c.bad;
}

/* A move for the random games: builds often, an offer now and then, otherwise uniform. */
static const struct move *pick(const struct game *g, uint64_t rng[4], int *n)
{
	*n = movegen_legal(g, NOBODY, MG_OFFERS, list, MAXLIST);
	if (*n > MAXLIST)
		*n = MAXLIST;
	int builds = 0, offers = 0;
	if (*n == 0)
		return NULL;
	for (int i = 0; i < *n; i++) {
		builds += list[i].verb == MV_BUILD || list[i].verb == MV_BUY;
		offers += list[i].verb == MV_OFFER;
	}
	uint32_t roll = rng_below(rng, 100);
	int want = roll < 60 && builds ? MV_BUILD : roll < 65 && offers ? MV_OFFER : -1;
	if (want < 0 && offers == *n)
		want = MV_OFFER;
	if (want < 0) {
		/* Uniform over the moves other than offers. */
		int k = (int)rng_below(rng, (uint32_t)(*n - offers));
		for (int i = 0; i < *n; i++)
			if (list[i].verb != MV_OFFER && k-- == 0)
				return &list[i];
	}
	int k = (int)rng_below(rng, (uint32_t)(want == MV_BUILD ? builds : offers));
	for (int i = 0; i < *n; i++) {
		int is = want == MV_BUILD ? list[i].verb == MV_BUILD || list[i].verb == MV_BUY
					  : list[i].verb == MV_OFFER;
		if (is && k-- == 0)
			return &list[i];
	}
	return &list[0];
}

/*
 * A variant of g where the player whose turn it is also holds one of each
 * development card, taken from the deck, playable this turn: so that the
 * plays are listed in many more positions than random games reach.
 */
static void with_cards(struct game *g)
{
	struct position *p = &g->pos;
	struct player *pl = &p->pl[p->current];
	for (int d = 0; d < DEV_VICTORY_POINT; d++) {
		for (int i = 0; i < p->deck_len; i++) {
			if (p->deck[i] != d)
				continue;
			memmove(p->deck + i, p->deck + i + 1, (size_t)(p->deck_len - i - 1));
			p->deck[--p->deck_len] = 0;
			p->deck_count[d]--;
			pl->dev[d]++;
			break;
		}
	}
	p->dev_played = 0;
}

static void test_random_positions(struct unit *u, int games)
{
	uint64_t rng[4];
	long positions = 0, tried = 0, skipped = 0, phases[NPHASE] = { 0 };
	int bad = 0;

	rng_seed(rng, 2024);
	for (int k = 0; k < games; k++) {
		struct game g;
		struct cerr e;
		struct newgame o = { .nplayers = 2 + k % 3, .beginner = k % 4 == 3, .seed = (uint64_t)k };
		for (int s = 0; s < o.nplayers; s++)
			o.colour[s] = (uint8_t)((s + k) % 4);
		rules_default(&o.rules);
		if (k % 3 == 0) {	/* Catan for Two */
			o.nplayers = 2;
			o.rules.variant = VAR_TWO;
		} else if (k % 5 == 4) {	/* the thirty-hex board, with its building phase */
			o.nplayers = 3 + k % 2;
			o.beginner = 0;
			o.rules.variant = VAR_SIX;
			for (int s = 0; s < o.nplayers; s++)
				o.colour[s] = (uint8_t)((s + k) % 4);
			if (k % 15 == 14) {	/* five players, paired instead of the building phase */
				o.nplayers = 5;
				o.rules.paired_players = 1;
				for (int s = 0; s < o.nplayers; s++)
					o.colour[s] = (uint8_t)s;
			}
		}
		/* The rules options in changing sets. */
		o.rules.open_hands = k % 7 == 1;
		o.rules.dev_after_roll = k % 5 == 2;
		o.rules.reroll_sevens = k % 4 == 1;
		o.rules.keep_settlement = k % 3 == 1;
		o.rules.friendly_robber = k % 6 == 4 || k % 6 == 3;
		o.rules.road_tie = (uint8_t)(k % 2 ? TIE_ASIDE : TIE_KEEP);
		o.rules.vp_played = k % 4 == 2;
		o.rules.ignore_seven = k % 7 == 3 || k % 7 == 5;
		o.rules.knight_interrupt = k % 4 == 3 || k % 8 == 2;
		o.rules.trade_build = (uint8_t)(k % 5 == 1 ? TRADE_STRICT : TRADE_COMBINED);
		o.rules.outcomes = (uint8_t)(k % 3 == 2 || k % 9 == 3 ? OUT_EXTERNAL : OUT_INTERNAL);
		o.rules.points_to_win = (uint8_t)(k % 2 ? 10 : 6);
		if (game_new(&g, &o, &e) != C_OK) {
			CHECK(u, 0, "game_new: %s", e.msg);
			continue;
		}
		for (int moves = 0; moves < 3000; moves++) {
			if (moves % (k == 0 && moves < 600 ? 1 : 25) == 0 || g.pos.phase == PH_DISCARD ||
			    g.pos.phase == PH_NEUTRAL || g.pos.phase == PH_GIVE ||
			    g.pos.phase == PH_INTERRUPT || g.pos.phase == PH_STEAL ||
			    g.pos.phase == PH_OVER ||
			    (g.pos.offer.active && moves % 10 == 0)) {
				bad += check_position(u, &g, &tried, &skipped);
				positions++;
				phases[g.pos.phase]++;
				if (g.pos.phase == PH_ROLL || g.pos.phase == PH_MAIN) {
					struct game v = g;
					with_cards(&v);
					bad += check_position(u, &v, &tried, &skipped);
					positions++;
				}
			}
			if (g.pos.phase == PH_OVER)
				break;
			int n;
			const struct move *m = pick(&g, rng, &n);
			if (!m || rules_apply(&g, m, RULES_NO_LOG, &e) != C_OK) {
				CHECK(u, 0, "game %d: no move to play or a listed move refused", k);
				break;
			}
		}
		game_free(&g);
	}
	printf("# %ld positions (set-up %ld, roll %ld, discard %ld, robber %ld, main %ld, over %ld), "
	       "%ld candidate moves tried, %ld brute-force discards skipped\n",
	       positions, phases[PH_SETUP_SETTLEMENT] + phases[PH_SETUP_ROAD], phases[PH_ROLL],
	       phases[PH_DISCARD], phases[PH_ROBBER], phases[PH_MAIN], phases[PH_OVER], tried, skipped);
	CHECK(u, bad == 0, "%d faults in the listings of %ld positions of %d random games", bad,
	      positions, games);
	for (int ph = 0; ph < NPHASE; ph++)
		CHECK(u, phases[ph] > 0, "no position in phase %s was checked", phase_names[ph]);
	printf("# positions listing:");
	for (int k = 0; k < NKIND; k++)
		printf("%s %s %ld", k ? "," : "", kind_names[k], covered[k]);
	printf("\n");
	for (int k = 0; k < NKIND; k++)
		CHECK(u, covered[k] > 0, "no position listed %s", kind_names[k]);
}

/* Automatic play keeps to the listing and ends games; N moves at once equal N steps. */
static void test_autoplay(struct unit *u)
{
	for (int pol = POL_RANDOM; pol < NPOLICY; pol++) {
		/* The search and best players (play-outs of greedy games) on a few games, with a small budget. */
		int ended = 0, games = pol >= POL_SEARCH ? 2 : 20;
		long moves = 0;
		for (int k = 0; k < games; k++) {
			struct game g, h;
			struct autoplay a, b;
			struct cerr e;
			struct newgame o = { .nplayers = 3 + k % 2, .seed = (uint64_t)(100 + k) };
			long made = 0;
			int why = -1;
			for (int s = 0; s < o.nplayers; s++)
				o.colour[s] = (uint8_t)s;
			rules_default(&o.rules);
			if (game_new(&g, &o, &e) || game_copy(&h, &g, &e) ||
			    autoplay_init(&a, &g, pol, &e) || autoplay_init(&b, &h, pol, &e)) {
				CHECK(u, 0, "set-up: %s", e.msg);
				return;
			}
			a.turn_limit = b.turn_limit = 1000;
			search_use(&a);
			best_use(&a);
			for (int s = 0; s < MAXPLAYERS; s++)
				a.budget[s] = b.budget[s] = 4;
			int rc = autoplay_run(&a, &g, -1, RULES_NO_LOG, &made, &why, &e);
			CHECK(u, rc == C_OK, "policy %s game %d: %s", policy_names[pol], k, e.msg);
			ended += why == AUTO_OVER;
			moves += made;
			/* The same game one move per call, with a fresh players' set each time. */
			for (long i = 0; i < made && rc == C_OK; i++) {
				autoplay_free(&b);
				if ((rc = autoplay_init(&b, &h, pol, &e)) == C_OK) {
					search_use(&b);
					best_use(&b);
					for (int s = 0; s < MAXPLAYERS; s++)
						b.budget[s] = 4;
					rc = autoplay_run(&b, &h, 1, 0, NULL, NULL, &e);
				}
			}
			CHECK(u, rc == C_OK && memcmp(&g.pos, &h.pos, sizeof g.pos) == 0,
			      "policy %s game %d: one move per call reaches the same position",
			      policy_names[pol], k);
			/* The automatic choices leave the generator to the outcomes: the log replays. */
			struct replay_result res;
			rc = game_replay(&h, &res, NULL, &e);
			CHECK(u, rc == C_OK, "policy %s game %d: the log replays: move %zu: %s",
			      policy_names[pol], k, res.index, e.msg);
			autoplay_free(&a);
			autoplay_free(&b);
			game_free(&g);
			game_free(&h);
		}
		printf("# policy %s: %d of %d games ended, %.1f moves per game\n", policy_names[pol],
		       ended, games, (double)moves / games);
		CHECK(u, ended == games, "policy %s: every game ends within 1000 turns (%d of %d)",
		      policy_names[pol], ended, games);
	}
}

/*
 * brute_count: the number of distinct well-formed moves the rules accept in
 * the game of a state file, found without the listing: all, and the
 * one-for-one offers among them.  For the perft fixtures.
 */
static int brute_count(const char *path)
{
	static char (*ltexts)[64];
	struct game g;
	struct cerr e;
	char *buf;
	long len;
	FILE *f = fopen(path, "rb");

	if (!f || fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) ||
	    !(buf = malloc((size_t)len + 1)) || fread(buf, 1, (size_t)len, f) != (size_t)len) {
		fprintf(stderr, "movegen_test: cannot read '%s'\n", path);
		return 4;
	}
	fclose(f);
	if (game_read(buf, (size_t)len, &g, &e)) {
		fprintf(stderr, "movegen_test: %s: %s\n", path, e.msg);
		return 3;
	}
	free(buf);
	if (!ltexts && !(ltexts = malloc(MAXLIST * sizeof *ltexts)))
		return 4;
	/* Every candidate counts as listed here: only the accepted ones are collected. */
	struct ctx c = { .g = &g, .legal = { ltexts, 0 } };
	c.listed.n = c.offers.n = 0;
	brute_collect = 1;
	brute(&c);
	brute_collect = 0;
	qsort(c.legal.s, (size_t)c.legal.n, sizeof *c.legal.s, cmp_text);
	int all = 0, offers = 0;
	for (int i = 0; i < c.legal.n; i++)
		if (i == 0 || strcmp(c.legal.s[i - 1], c.legal.s[i]) != 0) {
			all++;
			offers += strstr(c.legal.s[i], " offer ") != NULL;
		}
	game_free(&g);
	if (c.skipped) {
		fprintf(stderr, "movegen_test: %s: a discard too large to brute-force\n", path);
		return 1;
	}
	printf("%d %d\n", all - offers, all);
	return 0;
}

/* varied: the set-up of random game k: 2 to 4 players, a third of them Catan for Two, options changing. */
static struct newgame varied(int k, uint64_t seed)
{
	struct newgame o = { .nplayers = 2 + k % 3, .seed = seed + (uint64_t)k };
	for (int s = 0; s < o.nplayers; s++)
		o.colour[s] = (uint8_t)((s + k) % 4);
	rules_default(&o.rules);
	if (k % 3 == 0) {
		o.nplayers = 2;
		o.rules.variant = VAR_TWO;
	}
	o.rules.knight_interrupt = k % 2 == 1;
	o.rules.open_hands = k % 5 == 4;
	return o;
}

/* begin: g is the new game o; 0 (with a failed check) when it cannot be made. */
static int begin(struct unit *u, struct game *g, const struct newgame *o)
{
	struct cerr e;
	if (game_new(g, o, &e) == C_OK)
		return 1;
	CHECK(u, 0, "game_new: %s", e.msg);
	return 0;
}

/* step: one move of game k chosen by pick() played; 0 (with a failed check) when none can be. */
static int step(struct unit *u, struct game *g, uint64_t rng[4], int k)
{
	struct cerr e;
	int n;
	const struct move *m = pick(g, rng, &n);
	if (m && rules_apply(g, m, RULES_NO_LOG, &e) == C_OK)
		return 1;
	CHECK(u, 0, "game %d: no move to play or a listed move refused", k);
	return 0;
}

/*
 * conceal: g with every value hidden from seat drawn again, as another game
 * the seat's view agrees with: the other players' resource cards dealt
 * again from their pooled cards (each keeps their count; with open_hands
 * they stay), the other players' development cards and the deck dealt
 * again from their pooled cards (each keeps their counts of cards held and
 * bought this turn), and a new generator state.
 */
static void conceal(struct game *g, int seat, uint64_t rng[4])
{
	struct position *p = &g->pos;
	uint8_t pool[256];
	int n = 0;

	if (!g->rules.open_hands) {
		/* An open offer shows that its maker holds the cards it gives: those stay. */
		uint8_t kept[MAXPLAYERS][NRES] = { { 0 } };
		if (p->offer.active)
			memcpy(kept[p->current], p->offer.give, NRES);
		for (int s = 0; s < g->nplayers; s++)
			for (int r = 0; s != seat && r < NRES; r++)
				for (int k = kept[s][r]; k < p->pl[s].hand[r]; k++)
					pool[n++] = (uint8_t)r;
		rng_shuffle(rng, pool, n);
		n = 0;
		for (int s = 0; s < g->nplayers; s++) {
			if (s == seat)
				continue;
			int deal = pos_hand_size(p, s);
			for (int r = 0; r < NRES; r++)
				deal -= kept[s][r];
			memcpy(p->pl[s].hand, kept[s], NRES);
			for (int k = 0; k < deal; k++)
				p->pl[s].hand[pool[n++]]++;
		}
	}
	n = 0;
	for (int i = 0; i < p->deck_len; i++)
		pool[n++] = p->deck[i];
	for (int s = 0; s < g->nplayers; s++)
		for (int d = 0; s != seat && d < NDEV; d++)
			for (int k = 0; k < p->pl[s].dev[d] + p->pl[s].dev_new[d]; k++)
				pool[n++] = (uint8_t)d;
	rng_shuffle(rng, pool, n);
	n = 0;
	for (int i = 0; i < p->deck_len; i++)
		p->deck[i] = pool[n++];
	for (int s = 0; s < g->nplayers; s++) {
		if (s == seat)
			continue;
		int held = 0, fresh = 0;
		for (int d = 0; d < NDEV; d++) {
			held += p->pl[s].dev[d];
			fresh += p->pl[s].dev_new[d];
		}
		memset(p->pl[s].dev, 0, NDEV);
		memset(p->pl[s].dev_new, 0, NDEV);
		for (int k = 0; k < held; k++)
			p->pl[s].dev[pool[n++]]++;
		for (int k = 0; k < fresh; k++)
			p->pl[s].dev_new[pool[n++]]++;
	}
	pos_deck_counts(p);
	for (int i = 0; i < 4; i++)
		p->rng[i] = rng_next(rng);
}

/*
 * A refusal teaches nothing: over positions of random games (internal
 * outcomes, both rule sets, changing rules options), every well-formed move
 * of each player has the same fate, accepted or refused with the same
 * message, in the game and in games where everything hidden from that
 * player is drawn again.  (With external outcomes the moves carry the
 * outcomes, as the people at the table saw them: nothing is hidden there.)
 */
static void test_hidden_values(struct unit *u, int games)
{
	uint64_t rng[4];
	long positions = 0, compared = 0;
	int bad = 0;

	rng_seed(rng, 77);
	for (int k = 0; k < games; k++) {
		struct game g;
		struct newgame o = varied(k, 500);
		o.rules.vp_played = k % 4 == 2;
		o.rules.ignore_seven = k % 3 == 1;
		o.rules.trade_build = (uint8_t)(k % 4 == 3 ? TRADE_STRICT : TRADE_COMBINED);
		if (!begin(u, &g, &o))
			continue;
		for (int moves = 0; moves < 3000 && g.pos.phase != PH_OVER; moves++) {
			if (moves % 50 == 0 || g.pos.phase == PH_DISCARD || g.pos.phase == PH_INTERRUPT ||
			    g.pos.phase == PH_STEAL || (g.pos.offer.active && moves % 8 == 0)) {
				for (int s = 0; s < g.nplayers; s++) {
					if (!seat_moves(&g, s))
						continue;
					struct game t = g;
					conceal(&t, s, rng);
					struct ctx c = { .u = u, .g = &g, .twin = &t, .sender = s };
					brute(&c);
					compared += c.compared;
					bad += c.bad;
				}
				positions++;
			}
			if (!step(u, &g, rng, k))
				break;
		}
		game_free(&g);
	}
	printf("# hidden values: %ld positions, %ld moves compared\n", positions, compared);
	CHECK(u, bad == 0, "%d moves whose fate depends on values hidden from their sender", bad);
}

/*
 * A player works from their view alone: over positions of random games, a
 * player's view lists exactly that player's moves of the full game, in the
 * same order (with external outcomes, the moves with the outcomes the
 * viewer cannot know, a card stolen or bought, once without it).
 */
static void test_view_listing(struct unit *u, int games)
{
	uint64_t rng[4];
	long positions = 0, moves_seen = 0;
	int bad = 0;

	rng_seed(rng, 99);
	for (int k = 0; k < games; k++) {
		struct game g;
		struct cerr e;
		struct newgame o = varied(k, 900);
		o.beginner = k % 5 == 1;
		o.rules.outcomes = (uint8_t)(k % 5 == 3 ? OUT_EXTERNAL : OUT_INTERNAL);
		if (!begin(u, &g, &o))
			continue;
		for (int moves = 0; moves < 3000 && g.pos.phase != PH_OVER; moves++) {
			for (int s = 0; s < g.nplayers && moves % 7 == 0; s++) {
				struct game v;
				if (!seat_moves(&g, s) || game_view(&g, s, &v, &e) != C_OK)
					continue;
				int nf = movegen_legal(&g, s, MG_OFFERS, list, MAXLIST);
				int nv = movegen_legal(&v, s, MG_OFFERS, list2, MAXLIST);
				int i = 0, j = 0;
				while (i < nf && j < nv) {
					struct move a = list[i++];
					int force = a.verb == MV_ACTION && a.action == ACT_FORCE_TRADE;
					if (o.rules.outcomes == OUT_EXTERNAL &&
					    (a.verb == MV_BUY || force ||
					     ((a.verb == MV_ROBBER || a.verb == MV_STEAL) && a.res >= 0))) {
						/* the full listing's moves differing only in the outcome stand as one */
						a.card = -1;
						a.res = -1;
						memset(a.get, 0, sizeof a.get);
						while (i < nf && list[i].verb == a.verb && list[i].hex == a.hex &&
						       list[i].victim == a.victim && list[i].action == a.action)
							i++;
					}
					if (memcmp(&a, &list2[j], sizeof a) != 0) {
						char ta[64], tb[64];
						move_format(&g, &a, ta, sizeof ta);
						move_format(&g, &list2[j], tb, sizeof tb);
						diag("the full game lists '%s', the view '%s'", ta, tb);
						bad++;
					}
					j++;
				}
				bad += i != nf || j != nv;
				moves_seen += nv;
				positions++;
				game_free(&v);
			}
			if (!step(u, &g, rng, k))
				break;
		}
		game_free(&g);
	}
	printf("# views: %ld positions and viewers, %ld moves listed\n", positions, moves_seen);
	CHECK(u, bad == 0, "%d differences between a view's listing and its viewer's moves", bad);
}

/*
 * movegen_test [GAMES]: the random positions of GAMES games (default 24) and automatic play.
 * movegen_test --brute FILE: "N M": the moves the rules accept without and with the offers.
 */
int main(int argc, char **argv)
{
	struct unit u = { 0 };

	if (argc == 3 && strcmp(argv[1], "--brute") == 0)
		return brute_count(argv[2]);
	test_random_positions(&u, argc > 1 ? atoi(argv[1]) : 24);
	test_autoplay(&u);
	test_hidden_values(&u, argc > 2 ? atoi(argv[2]) : 12);
	test_view_listing(&u, argc > 2 ? atoi(argv[2]) : 12);
	printf("%d checks, %d failed\n", u.run, u.failed);
	return u.failed != 0;
}
