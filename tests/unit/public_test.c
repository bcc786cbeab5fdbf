/*
 * public_test: records that did not see everything, checked by the search
 * (game_replay and game_replay_limits) and by the enumeration of every
 * position alone, today's replay before the search: wherever the
 * enumeration finishes, the same verdict, move and message.
 */
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "model/move.h"
#include "model/names.h"
#include "model/state.h"
#include "model/view.h"
#include "doc/present.h"
#include "doc/replay.h"
#include "doc/state_json.h"
#include "play/autoplay.h"
#include "rng.h"
#include "unit.h"

const char fe_progname[] = "public_test";

/* The rule sets the games are played in. */
struct setting {
	const char *name;
	int nplayers, variant, knight_interrupt;
};
static const struct setting settings[] = {
	{ "base, 4 players", 4, VAR_BASE, 0 },
	{ "base, 3 players", 3, VAR_BASE, 0 },
	{ "Catan for Two", 2, VAR_TWO, 0 },
	{ "five and six, 5 players", 5, VAR_SIX, 0 },
	{ "five and six, 6 players", 6, VAR_SIX, 0 },
	{ "base, 4 players, knight_interrupt", 4, VAR_BASE, 1 },
};
#define NSETTING (int)(sizeof settings / sizeof settings[0])

/* How a record hides what the public did not see. */
enum hiding { HIDE_STEALS_BUYS, HIDE_DISCARDS, HIDE_VIEW, NHIDING };
static const char *const hiding_names[NHIDING] = { "steals and buys unnamed", "discards unnamed too",
						   "a seat's view" };

/* The ways an illegal move is planted (or a stored position changed); PLANT_NONE: the record as it is. */
enum plant { PLANT_NONE, PLANT_DROP, PLANT_TWICE, PLANT_EARLY, PLANT_DISCARD, PLANT_STEAL, PLANT_POSITION,
	     NPLANT };
static const char *const plant_names[NPLANT] = { "as it is", "a move dropped", "a move made twice",
						 "a later move made early", "a discard named",
						 "a steal named", "the stored position changed" };

/* The outcomes the searches of the generated records may try: their time stays short. */
#define TEST_TRIES 8000000UL

/* hide_move: move m as a record hiding what how hides has it: without the outcomes the public did not see. */
static void hide_move(struct move *m, int how)
{
	if (m->verb == MV_BUY)
		m->card = -1;
	if ((m->verb == MV_ROBBER || m->verb == MV_STEAL) && m->victim >= 0)
		m->res = -1;
	if (m->verb == MV_ACTION && m->action == ACT_FORCE_TRADE)
		memset(m->get, 0, sizeof m->get);
	if (m->verb == MV_DISCARD && how == HIDE_DISCARDS)
		memset(m->give, 0, sizeof m->give);
}

/* set_text: log line i of g becomes text, unparsed, as a document read with it holds it. */
static int set_text(struct game *g, size_t i, const char *text, struct cerr *e)
{
	if (movelog_set_text(&g->log, i, text, e) != C_OK)
		return C_SYSTEM;
	g->log.ent[i].parsed = 0;
	return C_OK;
}

/*
 * hidden: the record of g as the public saw it, in out (free it with
 * game_free): seat's view, or g with external outcomes, the deck's order
 * unknown and the lines hidden as how says, with its stored position when
 * keep (the generator then as the replay leaves it) and else none.  g is
 * a whole game, or a record whose every line names its outcome.
 */
static int hidden(const struct game *g, int how, int seat, int keep, struct game *out, struct cerr *e)
{
	char text[256];
	struct move m;

	if (how == HIDE_VIEW) {
		struct present pr;
		struct replay_result res;
		int rc = present_view(g, seat, &pr, &res, e);
		if (rc == C_OK)
			rc = game_copy(out, pr.game, e);
		else
			game_init(out);
		present_free(&pr);
		return rc;
	}
	if (game_copy(out, g, e) != C_OK)
		return C_SYSTEM;
	out->rules.outcomes = OUT_EXTERNAL;
	out->start.deck_known = out->pos.deck_known = 0;
	memset(out->start.deck, 0, sizeof out->start.deck);
	memset(out->pos.deck, 0, sizeof out->pos.deck);
	memcpy(out->pos.rng, out->start.rng, sizeof out->pos.rng);
	out->has_pos = keep && g->has_pos;
	for (size_t i = 0; i < out->log.len; i++) {
		if (movelog_move(g, i, &m, e) != C_OK)
			return C_ILLEGAL;
		hide_move(&m, how);
		move_format(out, &m, text, sizeof text);
		if (set_text(out, i, text, e) != C_OK)
			return C_SYSTEM;
	}
	return C_OK;
}

/* relog: g's log with line k dropped (text NULL) or text put before line k. */
static int relog(struct game *g, size_t k, const char *text, struct cerr *e)
{
	struct movelog log = { 0 };
	int rc = C_OK;
	for (size_t i = 0; i <= g->log.len && rc == C_OK; i++) {
		if (i == k && text)
			rc = movelog_push(&log, text, e);
		if (i < g->log.len && !(i == k && !text) && rc == C_OK)
			rc = movelog_push(&log, g->log.ent[i].text, e);
	}
	movelog_free(&g->log);
	g->log = log;
	return rc;
}

/*
 * name_outcome: the first line of h from line k on that leaves unnamed what
 * kind names, named from x; for a discard, the first that did not give all
 * its cards of the kind drawn, named as all of that kind (where steals hid
 * the discarder's hand, the positions refuse it each in its own words).
 */
static int name_outcome(const struct game *g, struct game *h, int kind, size_t k, uint64_t *x,
			struct cerr *e)
{
	char text[256];
	struct move m, full;
	for (size_t i = k; i < h->log.len; i++) {
		if (movelog_move(h, i, &m, e) != C_OK || movelog_move(g, i, &full, e) != C_OK)
			return -1;
		int r = (int)(splitmix64(x) % NRES), total = 0;
		for (int c = 0; c < NRES; c++)
			total += full.give[c];
		if (kind == PLANT_DISCARD && m.verb == MV_DISCARD && full.give[r] != total) {
			memset(m.give, 0, sizeof m.give);
			m.give[r] = (uint8_t)total;
		} else if (kind == PLANT_STEAL && (m.verb == MV_ROBBER || m.verb == MV_STEAL) && m.victim >= 0 &&
			 m.res < 0)
			m.res = (int8_t)r;
		else
			continue;
		move_format(h, &m, text, sizeof text);
		return set_text(h, i, text, e) == C_OK ? 1 : -1;
	}
	return 0;
}

/*
 * plant: what kind does to record h of game g, at a line drawn from x:
 * 1 when done, 0 when h has no place for it, -1 on failure.  A discard is
 * named as all its cards of one kind, a steal that h does not name as one
 * kind, either drawn.
 */
static int plant(const struct game *g, struct game *h, int kind, uint64_t *x, struct cerr *e)
{
	size_t n = h->log.len, k = n ? splitmix64(x) % n : 0, j;
	char text[256];

	if (n < 2)
		return 0;
	switch (kind) {
	case PLANT_DROP:
		return relog(h, k, NULL, e) == C_OK ? 1 : -1;
	case PLANT_TWICE:
		snprintf(text, sizeof text, "%s", h->log.ent[k].text);
		return relog(h, k, text, e) == C_OK ? 1 : -1;
	case PLANT_EARLY:
		if ((j = k + 1 + splitmix64(x) % 8) >= n)
			return 0;
		snprintf(text, sizeof text, "%s", h->log.ent[j].text);
		return relog(h, j, NULL, e) == C_OK && relog(h, k, text, e) == C_OK ? 1 : -1;
	case PLANT_DISCARD:
	case PLANT_STEAL:
		return name_outcome(g, h, kind, k, x, e);
	case PLANT_POSITION:
		/* A card of one hand given back to the bank; in a view, one card more in another's hand. */
		if (!h->has_pos)
			return 0;
		if (h->view != NOBODY) {
			h->view_hand[(h->view + 1) % h->nplayers]++;
			return 1;
		}
		for (int s = 0; s < h->nplayers; s++)
			for (int r = 0; r < NRES; r++)
				if (h->pos.pl[s].hand[r]) {
					h->pos.pl[s].hand[r]--;
					h->pos.bank[r]++;
					return 1;
				}
		return 0;
	}
	return 0;
}

/*
 * reread: h written as a document and read back as catan-validate reads it
 * (a view's position, for one, is what its text says).  C_OK, or the
 * reader's status with e filled.
 */
static int reread(struct game *h, struct cerr *e)
{
	char *text = NULL;
	size_t len;
	struct game back;
	int rc = game_write(h, SJ_COMPACT, &text, &len, e);
	if (rc == C_OK)
		rc = game_read_flags(text, len, GR_LOG_AS_READ, &back, e);
	free(text);
	if (rc != C_OK)
		return rc;
	game_free(h);
	*h = back;
	return C_OK;
}

/* One verdict of a replay. */
struct judged {
	int rc;
	size_t index, checked;
	char msg[sizeof ((struct cerr *)0)->msg];
};

/* judge: h replayed with the limits lim, or NULL for game_replay's. */
static void judge(const struct game *h, const struct replay_limits *lim, struct judged *j)
{
	struct replay_result res;
	struct cerr e = { 0 };
	j->rc = lim ? game_replay_limits(h, lim, &res, NULL, &e) : game_replay(h, &res, NULL, &e);
	j->index = res.index;
	j->checked = res.checked;
	snprintf(j->msg, sizeof j->msg, "%s", j->rc == C_OK ? "" : e.msg);
}

static int same(const struct judged *a, const struct judged *b)
{
	return a->rc == b->rc && a->index == b->index && a->checked == b->checked &&
	       strcmp(a->msg, b->msg) == 0;
}

/* Whether j is a replay that gave up: the enumeration at its breadth, or the search at its limit. */
static int gave_up(const struct judged *j)
{
	return j->rc == C_SYSTEM && strstr(j->msg, "too many to follow");
}

/* What the records gave. */
struct tally {
	long records, refused, beyond, beyond_refused, given_up, by[NHIDING];
};

#define SAY(j) (j)->rc, (j)->index, (j)->checked, (j)->msg

/*
 * compare: record h judged by the enumeration alone (today's replay, up
 * to REPLAY_WORLDS_MAX) and by game_replay; with tries not 0, by
 * game_replay's breadth and search limited to tries outcomes and by the
 * search from the first unseen outcome with the same limit.  Game_replay decides (when it gives
 * up, it is counted); the replays that finish agree, and with the
 * enumeration wherever it finishes.  *out gets game_replay's verdict.
 */
static void compare(struct unit *u, const struct game *h, unsigned long tries, const char *name,
		    struct tally *t, struct judged *out)
{
	const struct replay_limits alone = { REPLAY_WORLDS_MAX, 0 }, limited = { REPLAY_BREADTH, tries };
	const struct replay_limits deep = { 0, tries };
	struct judged all, dflt, search;
	judge(h, &alone, &all);
	judge(h, tries ? &limited : NULL, &dflt);
	int beyond = gave_up(&all);
	t->records++;
	t->refused += dflt.rc != C_OK;
	t->beyond += beyond;
	t->beyond_refused += beyond && dflt.rc != C_OK;
	t->given_up += gave_up(&dflt);
	CHECK(u, dflt.rc == C_OK || dflt.rc == C_ILLEGAL || gave_up(&dflt), "%s: game_replay gives %d "
	      "at move %zu (%zu checked): %s", name, SAY(&dflt));
	CHECK(u, beyond || same(&dflt, &all), "%s: game_replay %d at move %zu (%zu checked) '%s'; the "
	      "enumeration %d at move %zu (%zu checked) '%s'", name, SAY(&dflt), SAY(&all));
	if (tries && beyond) {
		/* Limited to a few outcomes, the search gives up where the enumeration did not finish:
		 * status 4, naming the farthest move. */
		const struct replay_limits few = { REPLAY_BREADTH, 50 };
		judge(h, &few, &search);
		CHECK(u, search.rc == C_SYSTEM && search.index == search.checked + 1 &&
		      strcmp(search.msg, "50 outcomes of the unseen moves tried, none leading past this move and "
			     "not all ruled out: too many to follow") == 0,
		      "%s: the search limited to 50 outcomes %d at move %zu (%zu checked) '%s'", name, SAY(&search));
	}
	if (tries) {
		judge(h, &deep, &search);
		CHECK(u, gave_up(&search) || gave_up(&dflt) || same(&dflt, &search), "%s: game_replay "
		      "%d at move %zu (%zu checked) '%s'; the search from the first unseen outcome %d at "
		      "move %zu (%zu checked) '%s'", name, SAY(&dflt), SAY(&search));
	}
	*out = dflt;
}

/*
 * same_view: whether a, read from a record, shows what b, made from the
 * whole game g, shows: the same viewer, counts of every hidden hand and
 * development card, deck, and otherwise the same position.  When the
 * record leaves the discards unnamed (open), the bank's counts may be any
 * that agree with it, and only its total is compared.  Where they differ,
 * the first difference in diff.
 */
static int same_view(const struct game *g, const struct game *a, const struct game *b, int open,
		     char *diff, size_t n)
{
	struct position pa = a->pos;
	struct pos_diff d;
	int ta = 0, tb = 0;
	if (a->view != b->view)
		return snprintf(diff, n, "viewer %d, not %d", a->view, b->view), 0;
	for (int s = 0; s < g->nplayers; s++)
		if (a->view_hand[s] != b->view_hand[s] || a->view_dev[s] != b->view_dev[s])
			return snprintf(diff, n, "%s: %d cards and %d development cards, not %d and %d",
					seat_name(g, s), a->view_hand[s], a->view_dev[s], b->view_hand[s],
					b->view_dev[s]), 0;
	for (int r = 0; r < NRES; r++) {
		ta += pa.bank[r];
		tb += b->pos.bank[r];
	}
	if (open && ta == tb)
		memcpy(pa.bank, b->pos.bank, sizeof pa.bank);
	if (pos_diff(g, &b->pos, &pa, DIFF_NO_DECK | DIFF_NO_RNG, &d))
		return snprintf(diff, n, "position.%.60s: %.200s, not %.200s", d.path, d.vb, d.va), 0;
	if (pa.deck_len != b->pos.deck_len)
		return snprintf(diff, n, "deck: %d cards, not %d", pa.deck_len, b->pos.deck_len), 0;
	return 1;
}

/*
 * views: record h, g's record hidden as how says (steals and buys unnamed,
 * or the discards too), read as the public saw it and as each seat saw
 * it, against the views of the whole game g: the public's view of its last
 * position is what someone at none of the seats sees of g; a seat's view
 * is refused at the first outcome the seat saw that h does not name, and
 * else is the seat's view of g.  Never a card the viewer did not see.
 */
static void views(struct unit *u, const struct game *g, const struct game *h, int how, const char *name)
{
	struct present pr;
	struct replay_result res;
	struct game truth;
	struct cerr e = { 0 };
	char diff[600];
	const char *what;
	int open = how == HIDE_DISCARDS;

	/*
	 * A game won with victory point cards bought unseen: the record does
	 * not say they were shown, and its public's view goes on (docs/decisions.md).
	 */
	const struct player *w = &g->pos.pl[g->pos.current];
	if (g->pos.phase == PH_OVER && w->dev[DEV_VICTORY_POINT] + w->dev_new[DEV_VICTORY_POINT] > 0)
		return;
	int rc = present_now(h, &pr, &res, &e);
	if (rc == C_OK && game_spectator(g, &truth, &e) == C_OK) {
		CHECK(u, same_view(g, pr.game, &truth, open, diff, sizeof diff), "%s: the public's view: %s",
		      name, diff);
		game_free(&truth);
	} else {
		CHECK(u, 0, "%s: the public's view: %s", name, e.msg);
	}
	present_free(&pr);
	for (int seat = 0; seat < g->nplayers; seat++) {
		if (g->role[seat] != SEAT_PLAYER)
			continue;
		size_t k = view_unnamed(h, h->log.len, seat, &what);
		rc = present_view(h, seat, &pr, &res, &e);
		if (k) {
			char want[300];
			snprintf(want, sizeof want, "move %zu '%s' does not name %s, which %s's view shows", k,
				 h->log.ent[k - 1].text, what, seat_name(g, seat));
			CHECK(u, rc == C_ILLEGAL && strcmp(e.msg, want) == 0, "%s: %s's view: %d '%s'", name,
			      seat_name(g, seat), rc, rc ? e.msg : "");
		} else if (rc == C_OK && game_view(g, seat, &truth, &e) == C_OK) {
			CHECK(u, same_view(g, pr.game, &truth, open, diff, sizeof diff), "%s: %s's view: %s", name,
			      seat_name(g, seat), diff);
			game_free(&truth);
		} else {
			CHECK(u, 0, "%s: %s's view: %s", name, seat_name(g, seat), e.msg);
		}
		present_free(&pr);
	}
}

/* play: a whole game of o by policy pol, at most turns turns, into g (internal outcomes, the log kept). */
static int play(const struct newgame *o, int pol, int turns, struct game *g, struct cerr *e)
{
	struct autoplay a;
	if (game_new(g, o, e) != C_OK)
		return C_SYSTEM;
	if (autoplay_init(&a, g, pol, e) != C_OK)
		return C_SYSTEM;
	a.turn_limit = turns;
	int rc = autoplay_run(&a, g, -1, 0, NULL, NULL, e);
	autoplay_free(&a);
	return rc;
}

/*
 * generated: games of each rule set by random and greedy players in turn;
 * each game's record hidden in each way (a view: of each seat in turn),
 * as it is and with each kind of plant.
 */
static void generated(struct unit *u, int games, int every, struct tally *t)
{
	static const uint8_t colours[MAXPLAYERS] = { COL_RED, COL_BLUE, COL_WHITE, COL_ORANGE, COL_GREEN,
							COL_BROWN };
	uint64_t x = 42;
	struct judged j = { 0 };
	long made = 0;

	for (int k = 0; k < games; k++)
		for (int si = 0; si < NSETTING; si++) {
			const struct setting *st = &settings[si];
			struct newgame o = { .nplayers = st->nplayers, .seed = 7000 + (uint64_t)(k * NSETTING + si) };
			struct game g;
			struct cerr e = { 0 };
			int pol = (k + si) % 2 ? POL_GREEDY : POL_RANDOM;
			memcpy(o.colour, colours, sizeof o.colour);
			rules_default(&o.rules);
			o.rules.variant = (uint8_t)st->variant;
			o.rules.knight_interrupt = (uint8_t)st->knight_interrupt;
			if (play(&o, pol, pol == POL_RANDOM ? 60 : 150, &g, &e) != C_OK) {
				CHECK(u, 0, "%s, seed %d: %s", st->name, (int)o.seed, e.msg);
				game_free(&g);
				continue;
			}
			for (int how = 0; how < NHIDING; how++)
				for (int kind = 0; kind < NPLANT; kind++) {
					struct game h;
					char name[300];
					int seat = (k + kind) % st->nplayers, done;
					if (hidden(&g, how, seat, kind % 2 || kind == PLANT_POSITION, &h, &e) != C_OK) {
						CHECK(u, 0, "%s: hiding: %s", st->name, e.msg);
						game_free(&h);
						continue;
					}
					done = kind == PLANT_NONE ? 1 : plant(&g, &h, kind, &x, &e);
					CHECK(u, done >= 0, "%s: planting: %s", st->name, e.msg);
					if (done > 0 && reread(&h, &e) != C_OK) {
						CHECK(u, 0, "%s: the record does not read back: %s", st->name, e.msg);
						done = 0;
					}
					snprintf(name, sizeof name, "%s, %s, seed %d, %s%s%s, %s", st->name,
						 policy_names[pol], (int)o.seed, hiding_names[how],
						 how == HIDE_VIEW ? " of " : "",
						 how == HIDE_VIEW ? seat_name(&g, seat) : "", plant_names[kind]);
					int judged = done > 0 && made++ % every == 0;
					if (judged) {
						compare(u, &h, TEST_TRIES, name, t, &j);
						t->by[how]++;
					}
					if (judged && kind == PLANT_NONE && how != HIDE_VIEW && j.rc == C_OK)
						views(u, &g, &h, how, name);
					game_free(&h);
				}
			game_free(&g);
		}
}

/*
 * records: each file a record whose every line names its outcome (or one
 * that does not: then as it is only), judged as it is and hidden in each
 * way (a view: of each player); a hidden record is refused no sooner than
 * the whole one, and passes when it does.
 */
static void records(struct unit *u, char **files, int n, struct tally *t)
{
	for (int i = 0; i < n; i++) {
		struct game g;
		struct cerr e = { 0 };
		struct judged whole, j;
		char *buf = NULL, name[600];
		size_t len;
		int rc = fe_read_path(files[i], &buf, &len, &e);
		if (rc == C_OK)
			rc = game_read_flags(buf, len, GR_LOG_AS_READ, &g, &e);
		free(buf);
		if (rc != C_OK) {
			CHECK(u, 0, "%s: %s", files[i], e.msg);
			continue;
		}
		compare(u, &g, 0, files[i], t, &whole);
		for (int how = 0; how < NHIDING && g.view == NOBODY; how++)
			for (int seat = 0; seat < (how == HIDE_VIEW ? g.nplayers : 1); seat++) {
				struct game h;
				if (how == HIDE_VIEW && (whole.rc != C_OK || g.role[seat] != SEAT_PLAYER))
					continue;
				if (hidden(&g, how, seat, 0, &h, &e) != C_OK) {
					game_free(&h);
					break;	/* a line that does not name its outcome, or no move */
				}
				if (reread(&h, &e) != C_OK) {
					CHECK(u, 0, "%s: the record does not read back: %s", files[i], e.msg);
					game_free(&h);
					continue;
				}
				snprintf(name, sizeof name, "%s, %s%s%s", files[i], hiding_names[how],
					 how == HIDE_VIEW ? " of " : "", how == HIDE_VIEW ? seat_name(&g, seat) : "");
				compare(u, &h, 0, name, t, &j);
				t->by[how]++;
				CHECK(u, whole.rc == C_OK ? j.rc == C_OK : j.rc != C_OK && j.index >= whole.index,
				      "%s: %d at move %zu (%s), the whole record %d at move %zu", name, j.rc, j.index,
				      j.msg, whole.rc, whole.index);
				game_free(&h);
			}
		game_free(&g);
	}
}

/*
 * public_test [GAMES [EVERY]]: GAMES games of each rule set (default 1), their
 * records hidden and planted, one record in EVERY judged (default 1: all;
 * the sanitizer build's run judges one in 2).  public_test --records
 * FILE...: those records, as they are and hidden.
 */
int main(int argc, char **argv)
{
	struct unit u = { 0 };
	struct tally t = { 0 };

	if (argc > 1 && strcmp(argv[1], "--records") == 0)
		records(&u, argv + 2, argc - 2, &t);
	else
		generated(&u, argc > 1 ? atoi(argv[1]) : 1, argc > 2 && atoi(argv[2]) > 1 ? atoi(argv[2]) : 1, &t);
	printf("# %ld records (%ld with steals and buys unnamed, %ld with the discards too, %ld views), "
	       "%ld refused; %ld beyond the enumeration's %d positions, %ld of them refused; %ld given up\n",
	       t.records, t.by[0], t.by[1], t.by[2], t.refused, t.beyond, REPLAY_WORLDS_MAX, t.beyond_refused,
	       t.given_up);
	printf("%d checks, %d failed\n", u.run, u.failed);
	return u.failed != 0;
}
