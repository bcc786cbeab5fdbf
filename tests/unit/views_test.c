/*
 * views_test: every player's view of every position of whole games, in every
 * rule set and rules option, reads back and is listed, scored and drawn.
 */
#include <stdlib.h>
#include <string.h>

#include "play/autoplay.h"
#include "rules/movegen.h"
#include "render/render_panel.h"
#include "render/render_text.h"
#include "rules/rules.h"
#include "model/ruleset.h"
#include "doc/scorecard.h"
#include "model/seats.h"
#include "model/state.h"
#include "doc/state_json.h"
#include "model/view.h"
#include "unit.h"

/*
 * The rule sets and seatings a game is played in: with every choice of
 * options (every), or only with the defaults, knight_interrupt and every
 * option on (the views' costs are in the games' number).
 */
struct seating {
	const char *name;
	int nplayers, beginner, variant, every;
};
static const struct seating seatings[] = {
	{ "base, 4 players", 4, 0, VAR_BASE, 1 },
	{ "Catan for Two", 2, 0, VAR_TWO, 1 },
	{ "base, 3 players", 3, 0, VAR_BASE, 0 },
	{ "base, 4 players, beginner", 4, 1, VAR_BASE, 0 },
	{ "base, 2 players", 2, 0, VAR_BASE, 0 },
	{ "five and six, 5 players", 5, 0, VAR_SIX, 1 },
	{ "five and six, 6 players", 6, 0, VAR_SIX, 1 },
};
#define NSEATING (int)(sizeof seatings / sizeof seatings[0])

/*
 * A rules option set otherwise than by default (o); or, with o NULL, the
 * defaults (value 0) or every option on at once (value 1).
 */
struct choice {
	const struct rules_option *o;
	int value;
};

/*
 * choices: the defaults; each value of each option but the variant (the
 * seatings choose it) other than its default, the smallest of a number (the
 * most discards, the shortest game); every option on.  Returns how many (at
 * most max).
 */
static int choices(struct choice *out, int max)
{
	struct rules def;
	int n = 0;
	rules_default(&def);
	out[n++] = (struct choice){ NULL, 0 };
	for (const struct rules_option *o = rules_options; o->key; o++) {
		if (strcmp(o->key, "variant") == 0)
			continue;
		int lo = o->words ? 0 : o->min, hi = lo;
		for (int w = 0; o->words && o->words[w]; w++)
			hi = w;
		for (int v = lo; v <= hi && n < max - 1; v++)
			if (v != rules_option_value(&def, o))
				out[n++] = (struct choice){ o, v };
	}
	out[n++] = (struct choice){ NULL, 1 };
	return n;
}

/* choice_fits: c is played in rule set variant: paired_players belongs to the five-and-six game alone. */
static int choice_fits(const struct choice *c, int variant)
{
	return !c->o || strcmp(c->o->key, "paired_players") != 0 || rs_has_building_phase(ruleset_of(variant));
}

/*
 * choice_apply: c on r; "every option on" takes each option's last word
 * (outcomes stay internal; paired_players only where it belongs).
 */
static void choice_apply(const struct choice *c, struct rules *r)
{
	if (c->o) {
		rules_option_store(r, c->o, c->value);
		return;
	}
	for (const struct rules_option *o = rules_options; c->value && o->key; o++) {
		if (!o->words || strcmp(o->key, "variant") == 0 || strcmp(o->key, "outcomes") == 0 ||
		    !choice_fits(&(struct choice){ o, 1 }, r->variant))
			continue;
		int last = 0;
		while (o->words[last + 1])
			last++;
		rules_option_store(r, o, last);
	}
}

static const char *choice_name(const struct choice *c, char *buf, size_t n)
{
	if (c->o && c->o->words)
		snprintf(buf, n, "%s=%s", c->o->key, c->o->words[c->value]);
	else if (c->o)
		snprintf(buf, n, "%s=%d", c->o->key, c->value);
	else
		snprintf(buf, n, "%s", c->value ? "every option on" : "the defaults");
	return buf;
}

/* What one game's checks found. */
struct tally {
	long games, over, positions, views, listed;
	int bad;		/* faults in the game under way */
	char first[400];	/* its first fault, for the report */
};

static void fault(struct tally *t, const char *name, const char *a, const char *b, long move, int seat)
{
	if (t->bad++ == 0)
		snprintf(t->first, sizeof t->first, "%s, move %ld, seat %d: %.160s%.160s", name, move, seat, a,
			 b);
}

/* A listing's moves, in a buffer that grows to hold them all. */
struct listing {
	struct move *m;
	int cap;
};

/* list: the legal moves of seat in g (movegen_legal's flags) into l; how many, or -1 out of memory. */
static int list(const struct game *g, int seat, int flags, struct listing *l)
{
	int n;
	while ((n = movegen_legal(g, seat, flags, l->m, l->cap)) > l->cap) {
		struct move *m = realloc(l->m, (size_t)n * sizeof *m);
		if (!m)
			return -1;
		l->m = m;
		l->cap = n;
	}
	return n;
}

/* same_list: 1 when a and b list the same n moves and m moves. */
static int same_list(const struct listing *a, int n, const struct listing *b, int m)
{
	return n == m && (n <= 0 || memcmp(a->m, b->m, (size_t)n * sizeof *a->m) == 0);
}

static struct listing full_list, view_list, read_list;

/*
 * check_hidden: seat s's view v of g shows no other seat's cards that s may
 * not see (a winner's victory point cards aside) and nothing of the deck but
 * its length.
 */
static void check_hidden(const struct game *g, const struct game *v, int s, const char *name, long move,
			 struct tally *t)
{
	static const uint8_t zero[MAX_DECK];
	for (int o = 0; o < g->nplayers; o++) {
		const struct player *p = &v->pos.pl[o];
		int shown = 0;
		if (!seat_may_see(g, &g->pos, s, o, HID_HAND))
			for (int r = 0; r < NRES; r++)
				shown |= p->hand[r];
		if (!seat_may_see(g, &g->pos, s, o, HID_DEV))
			for (int d = 0; d < NDEV; d++)
				shown |= d == DEV_VICTORY_POINT ? 0 : p->dev[d] | p->dev_new[d];
		if (shown)
			fault(t, name, "the view shows another player's cards", "", move, s);
	}
	if (memcmp(v->pos.deck, zero, sizeof v->pos.deck) != 0 ||
	    memcmp(v->pos.deck_count, zero, sizeof v->pos.deck_count) != 0 || v->pos.deck_len != g->pos.deck_len)
		fault(t, name, "the view shows the deck", "", move, s);
}

/*
 * check_views: every player's view of g goes through the writer and the
 * reader, reads back to the same text, lists what the full game lists for
 * that player (and the moves of nobody else), is scored and drawn.
 */
static void check_views(const struct game *g, const char *name, long move, struct tally *t)
{
	for (int s = 0; s < g->nplayers; s++) {
		struct game v, r;
		struct cerr e = { 0 };
		char *text = NULL, *again = NULL, *pic = NULL;
		size_t len, len2, plen;
		if (!seat_moves(g, s))
			continue;
		if (game_view(g, s, &v, &e) != C_OK) {
			fault(t, name, "game_view: ", e.msg, move, s);
			continue;
		}
		check_hidden(g, &v, s, name, move, t);
		game_init(&r);
		if (game_write(&v, SJ_COMPACT, &text, &len, &e) != C_OK) {
			fault(t, name, "game_write: ", e.msg, move, s);
		} else if (game_read(text, len, &r, &e) != C_OK) {
			fault(t, name, "the view does not read back: ", e.msg, move, s);
		} else if (game_write(&r, SJ_COMPACT, &again, &len2, &e) != C_OK || len2 != len ||
			   memcmp(text, again, len) != 0) {
			fault(t, name, "the view read back is written otherwise", "", move, s);
		} else {
			/* --list and --count on the view: the viewer's moves, the same as the view held. */
			int nv = list(&v, NOBODY, MG_OFFERS, &view_list);
			int nr = list(&r, NOBODY, MG_OFFERS, &read_list);
			if (nr < 0 || !same_list(&view_list, nv, &read_list, nr))
				fault(t, name, "the view read back lists other moves", "", move, s);
			/* With internal outcomes, exactly the full game's moves of that player. */
			int nf = list(g, s, MG_OFFERS, &full_list);
			if (g->rules.outcomes == OUT_INTERNAL && !same_list(&full_list, nf, &read_list, nr))
				fault(t, name, "the view does not list its player's moves", "", move, s);
			for (int o = 0; o < g->nplayers; o++)
				if (o != s && movegen_legal(&r, o, MG_OFFERS, NULL, 0) != 0)
					fault(t, name, "the view lists another player's moves", "", move, s);
			t->listed += nr;
			char *list_text = NULL;
			size_t list_len;
			if (movegen_list(&r, NOBODY, MG_OFFERS, 0, &list_text, &list_len, &e) != C_OK)
				fault(t, name, "movegen_list: ", e.msg, move, s);
			free(list_text);
			/* catan-score and catan-render. */
			struct scorecard sc;
			struct render_opts ro;
			scorecard_make(&r, &r.pos, &sc);
			if (scorecard_text(&r, &sc, &pic, &plen, &e) != C_OK)
				fault(t, name, "scorecard_text: ", e.msg, move, s);
			free(pic);
			pic = NULL;
			render_opts_default(&ro);
			if (render_text(&r, &ro, &pic, &plen, &e) != C_OK)
				fault(t, name, "render_text: ", e.msg, move, s);
		}
		t->views++;
		free(pic);
		free(again);
		free(text);
		game_free(&r);
		game_free(&v);
	}
	t->positions++;
}

/*
 * play: a whole game of o (its log kept when logged), every move by an
 * automatic player of policy pol (with external outcomes, which the
 * automatic players refuse, a move drawn uniformly from the full listing,
 * outcome included), the views checked before the first move and after
 * each (after one in every, from the first, and after the last, when every
 * is more than 1).
 */
static void play(struct unit *u, const struct newgame *o, int pol, int logged, int every, const char *name,
		 struct tally *t)
{
	int flags = logged ? 0 : RULES_NO_LOG;
	struct game g;
	struct autoplay a;
	struct cerr e = { 0 };
	uint64_t rng[4];

	if (game_new(&g, o, &e) != C_OK) {
		CHECK(u, 0, "%s: game_new: %s", name, e.msg);
		return;
	}
	if (autoplay_init(&a, &g, pol, &e) != C_OK) {
		CHECK(u, 0, "%s: autoplay_init: %s", name, e.msg);
		game_free(&g);
		return;
	}
	a.turn_limit = 300;
	rng_seed(rng, o->seed);
	check_views(&g, name, 0, t);
	for (long move = 1; g.pos.phase != PH_OVER && g.pos.turn <= a.turn_limit; move++) {
		int rc, why = AUTO_COUNT;
		if (g.rules.outcomes == OUT_EXTERNAL) {
			int seat = autoplay_actor(&g);
			int n = seat == NOBODY ? 0 : list(&g, seat, 0, &full_list);
			if (n <= 0)
				break;
			rc = rules_apply(&g, &full_list.m[rng_below(rng, (uint32_t)n)], flags, &e);
		} else {
			rc = autoplay_run(&a, &g, 1, flags, NULL, &why, &e);
		}
		if (rc != C_OK) {
			CHECK(u, 0, "%s: move %ld: %s", name, move, e.msg);
			break;
		}
		if (why != AUTO_COUNT)
			break;
		if ((move - 1) % every == 0 || g.pos.phase == PH_OVER)
			check_views(&g, name, move, t);
	}
	t->games++;
	t->over += g.pos.phase == PH_OVER;
	autoplay_free(&a);
	game_free(&g);
}

/*
 * views_test [SEEDS [EVERY]]: for each seating and each choice of options it
 * is played with, SEEDS whole games (default 1), the policies and refereed
 * games (a secret key) taking turns over them, the log kept in one game of
 * four (the views' logs are read too, but every move's view of a long log
 * costs most).  The views are checked after every move, or with EVERY after
 * one move in EVERY and the last (the sanitizer build's run: the same games).
 */
int main(int argc, char **argv)
{
	static const uint8_t colours[MAXPLAYERS] = { COL_RED, COL_BLUE, COL_WHITE, COL_ORANGE, COL_GREEN,
							COL_BROWN };
	struct unit u = { 0 };
	struct tally t = { 0 };
	struct choice ch[64];
	int nch = choices(ch, 64), seeds = argc > 1 ? atoi(argv[1]) : 1, every = argc > 2 ? atoi(argv[2]) : 1;
	uint64_t k = 0;

	for (int sd = 0; sd < seeds; sd++)
		for (int si = 0; si < NSEATING; si++)
			for (int ci = 0; ci < nch; ci++) {
				const struct seating *st = &seatings[si];
				if (!st->every && ch[ci].o && strcmp(ch[ci].o->key, "knight_interrupt") != 0)
					continue;
				if (!choice_fits(&ch[ci], st->variant))
					continue;
				k++;
				struct newgame o = { .nplayers = st->nplayers, .beginner = st->beginner,
						     .seed = 1000 + k };
				int pol = (si + ci + sd) % 2 ? POL_GREEDY : POL_RANDOM;
				if (ch[ci].o && strcmp(ch[ci].o->key, "outcomes") == 0)
					pol = POL_RANDOM;	/* play() draws the moves */
				char name[200], opt[64];
				memcpy(o.colour, colours, sizeof o.colour);
				rules_default(&o.rules);
				o.rules.variant = (uint8_t)st->variant;
				/* Random players end a game of 10 points in hundreds of turns: theirs are of 5. */
				if (pol == POL_RANDOM)
					o.rules.points_to_win = 5;
				choice_apply(&ch[ci], &o.rules);
				o.has_secret = (si + ci / 2 + sd) % 2;
				for (int i = 0; i < 32; i++)
					o.secret[i] = (uint8_t)(k * 31 + (uint64_t)i);
				snprintf(name, sizeof name, "%s, %s, %s, seed %d%s", st->name,
					 choice_name(&ch[ci], opt, sizeof opt), policy_names[pol], (int)o.seed,
					 o.has_secret ? ", secret" : "");
				t.bad = 0;
				play(&u, &o, pol, k % 4 == 0, every > 1 ? every : 1, name, &t);
				CHECK(&u, t.bad == 0, "%d faults; the first: %s", t.bad, t.first);
			}
	printf("# %ld games (%ld to the end), %ld positions, %ld views read back, %ld moves listed\n",
	       t.games, t.over, t.positions, t.views, t.listed);
	free(full_list.m);
	free(view_list.m);
	free(read_list.m);
	printf("%d checks, %d failed\n", u.run, u.failed);
	return u.failed != 0;
}
