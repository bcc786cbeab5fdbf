/*
 * move.c: the move grammar.  Each verb is one row of the table verbs[]:
 * its word, the JSON keys it takes, and its arguments' text form (read and
 * written), JSON form (read and written), completion and range check.
 * move_parse, move_format, move_from_json, move_write_json, move_complete and
 * move_check read the colour and the verb themselves and hand the rest to
 * the verb's row; a new verb is a new row.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "jr.h"
#include "model/move.h"
#include "swar.h"
#include "model/names.h"
#include "model/seats.h"
#include "spell.h"
#include "model/state.h"

#define MAXTOK 24
#define MAXTEXT 320

static const char *const piece_names[NPIECE] = { "road", "settlement", "city" };

const struct move move_blank = {
	.seat = NOBODY, .card = -1, .node = -1, .hex = -1, .victim = NOBODY, .to = NOBODY,
	.res = -1, .action = -1, .path = { -1, -1 },
};

void move_init(struct move *m)
{
	*m = move_blank;
}

static int lookup(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

/* ---- the words of the text form ---- */

/* The words of a move being read: tok[0 .. n-1], the next one tok[i]. */
struct words {
	char **tok;
	int n, i;
	int most;	/* the most cards of a resource a count may name: the game's bank of each */
};

/*
 * A seat of g from a colour word; C_ILLEGAL when the word is no colour ("did you mean" the
 * nearest colour that plays, as for a verb) or the colour is not playing.
 */
static int seat_word(const struct game *g, const char *w, int *seat, struct cerr *e)
{
	int c = colour_parse_in(g->rs, w);
	if (c < 0) {
		struct spell sp;
		spell_start(&sp, w);
		for (int k = 0; k < NCOLOUR; k++)
			if (game_seat_of(g, k) != NOBODY)
				spell_offer(&sp, colour_names[k]);
		if (sp.best)
			return cerr_set(e, C_ILLEGAL, "unknown colour '%s': did you mean '%s'?", w, sp.best);
		return cerr_set(e, C_ILLEGAL, "unknown colour '%s'", w);
	}
	*seat = game_seat_of(g, c);
	if (*seat == NOBODY)
		return cerr_set(e, C_ILLEGAL, "%s is not playing in this game", w);
	return C_OK;
}

static int res_word(const char *w, int *r, struct cerr *e)
{
	*r = resource_parse(w);
	if (*r < 0)
		return cerr_set(e, C_ILLEGAL, "unknown resource '%s'", w);
	return C_OK;
}

static int dev_word(const char *w, int8_t *card, struct cerr *e)
{
	int d = dev_parse(w);
	if (d < 0)
		return cerr_set(e, C_ILLEGAL, "unknown development card '%s'", w);
	*card = (int8_t)d;
	return C_OK;
}

static int count_word(const char *w, int most, int *n, struct cerr *e)
{
	int v = 0;
	for (const char *s = w; *s; s++) {
		if (*s < '0' || *s > '9' || v > 100)
			return cerr_set(e, C_ILLEGAL, "'%s' is not a count of cards", w);
		v = v * 10 + (*s - '0');
	}
	if (!*w || v < 1 || v > most)
		return cerr_set(e, C_ILLEGAL, "'%s' is not a count of cards (1 to %d)", w, most);
	*n = v;
	return C_OK;
}

static int path_word(const struct geometry *geo, const char *w, int8_t *path, struct cerr *e)
{
	int ed = edge_parse(geo, w);
	if (ed < 0)
		return cerr_set(e, C_ILLEGAL, "'%s' is not a path (two neighbouring intersections a-b)", w);
	*path = (int8_t)ed;
	return C_OK;
}

/* A die of g's dice: a number from 1 to their sides, without leading zeros. */
static int die_word(const struct game *g, const char *w, uint8_t *d, struct cerr *e)
{
	int sides = g->rs->dice_sides, v = 0;
	const char *s = w;
	for (; *s >= '0' && *s <= '9' && v <= sides; s++)
		v = v * 10 + (*s - '0');
	if (w[0] == '0' || *s || v < 1 || v > sides)
		return cerr_set(e, C_ILLEGAL, "'%s' is not a die (1 to %d)", w, sides);
	*d = (uint8_t)v;
	return C_OK;
}

/* need: C_ILLEGAL with the message when the word at i is missing. */
static int need(const struct words *w, int i, struct cerr *e, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int need(const struct words *w, int i, struct cerr *e, const char *fmt, ...)
{
	if (i < w->n)
		return C_OK;
	va_list ap;
	va_start(ap, fmt);
	cerr_vset(e, C_ILLEGAL, fmt, ap);
	va_end(ap);
	return C_ILLEGAL;
}

/* is: the word at i is word. */
static int is(const struct words *w, int i, const char *word)
{
	return i < w->n && strcmp(w->tok[i], word) == 0;
}

/* counts_words: "RES N RES N ..." from the next word up to stop (or the end); at least one pair. */
static int counts_words(struct words *w, const char *stop, uint8_t out[NRES], const char *what,
			struct cerr *e)
{
	int any = 0;
	while (w->i < w->n && !(stop && is(w, w->i, stop))) {
		int r = 0, n = 0;	/* set by res_word and count_word (-O3 cannot tell) */
		if (res_word(w->tok[w->i], &r, e))
			return C_ILLEGAL;
		if (w->i + 1 >= w->n || (stop && is(w, w->i + 1, stop)))
			return cerr_set(e, C_ILLEGAL, "a count must follow '%s'", w->tok[w->i]);
		if (count_word(w->tok[w->i + 1], w->most, &n, e))
			return C_ILLEGAL;
		if (out[r])
			return cerr_set(e, C_ILLEGAL, "%s is listed twice", resource_names[r]);
		out[r] = (uint8_t)n;
		any = 1;
		w->i += 2;
	}
	if (!any)
		return cerr_set(e, C_ILLEGAL, "%s needs at least one resource and count", what);
	return C_OK;
}

/* ---- writing the text form ---- */

/* The text being written: buf of n bytes, and the length the whole text has so far. */
struct out {
	char *buf;
	size_t n, len;
};

/* text: appends s as snprintf would, counting what does not fit (the buffer stays terminated). */
static void text(struct out *o, const char *s)
{
	size_t k = strlen(s);
	if (o->len < o->n) {
		size_t room = o->n - o->len - 1, c = k < room ? k : room;
		memcpy(o->buf + o->len, s, c);
		o->buf[o->len + c] = '\0';
	}
	o->len += k;
}

/* word: a blank, then s. */
static void word(struct out *o, const char *s)
{
	text(o, " ");
	text(o, s);
}

/* num: a blank, then n (0 .. 999) in decimal. */
static void num(struct out *o, int n)
{
	char d[5] = " ", *q = d + 1;
	if (n >= 100)
		*q++ = (char)('0' + n / 100);
	if (n >= 10)
		*q++ = (char)('0' + n / 10 % 10);
	*q++ = (char)('0' + n % 10);
	*q = '\0';
	text(o, d);
}

static void put_counts(struct out *o, const uint8_t c[NRES])
{
	for (int r = 0; r < NRES; r++)
		if (c[r])
			word(o, resource_names[r]), num(o, c[r]);
}

/* ---- the JSON form ---- */

/* jfail: a failure at member key of the move object: "move.KEY: what". */
static int jfail(struct jr *r, const char *key, const char *what)
{
	return jr_fail_at(r, key, "%s", what);
}

static const char *jstr(const jv_t *j, const char *key)
{
	jv_t *v = jv_object_get(j, key);
	return jv_is_string(v) ? jv_string_value(v) : NULL;
}

static int json_counts(const struct game *g, struct jr *r, const jv_t *j, const char *key, uint8_t out[NRES],
		       int need_one)
{
	jv_t *o = jv_object_get(j, key), *v;
	const char *k;
	int any = 0, rc = C_OK;

	if (!jv_is_object(o))
		return jfail(r, key, "an object of resource counts is needed");
	int s = jr_key(r, key);
	jv_object_foreach(o, k, v) {
		int res = resource_parse(k);
		if (res < 0)
			rc = jfail(r, k, "unknown resource");
		else if (!jv_is_integer(v) || jv_integer_value(v) < 0 ||
			 jv_integer_value(v) > g->rs->bank_each)
			rc = jr_fail_at(r, k, "a count 0 to %d is needed", g->rs->bank_each);
		else if (out[res] && jv_integer_value(v))
			rc = jfail(r, k, "listed twice");
		if (rc)
			break;
		out[res] = (uint8_t)jv_integer_value(v);
		any |= out[res] != 0;
	}
	jr_pop(r, s);
	if (rc == C_OK && need_one && !any)
		rc = jfail(r, key, "at least one card is needed");
	return rc;
}

static int json_seat(const struct game *g, struct jr *r, const jv_t *j, const char *key, int *seat)
{
	const char *s = jstr(j, key);
	if (!s)
		return jfail(r, key, "a colour is needed");
	if (seat_word(g, s, seat, r->e))
		return jfail(r, key, r->e->msg);
	return C_OK;
}

static int json_res(struct jr *r, const jv_t *v, const char *key, int *res)
{
	if (!jv_is_string(v) || (*res = resource_parse(jv_string_value(v))) < 0)
		return jfail(r, key, "a resource is needed");
	return C_OK;
}

static int json_path(const struct geometry *geo,
		     struct jr *r, const jv_t *v, const char *key, int8_t *path)
{
	int ed;
	if (!jv_is_string(v) || (ed = edge_parse(geo, jv_string_value(v))) < 0)
		return jfail(r, key, "a path \"a-b\" is needed");
	*path = (int8_t)ed;
	return C_OK;
}

static int json_int(struct jr *r, const jv_t *j, const char *key, int lo, int hi, int *out)
{
	jv_t *v = jv_object_get(j, key);
	if (!jv_is_integer(v) || jv_integer_value(v) < lo || jv_integer_value(v) > hi)
		return jr_fail_at(r, key, "an integer %d to %d is needed", lo, hi);
	*out = (int)jv_integer_value(v);
	return C_OK;
}

/* set_counts: the member key: the counts of c that are not 0, by resource. */
static void set_counts(struct jw *o, const char *key, const uint8_t c[NRES])
{
	jw_key(o, key);
	jw_obj(o, JW_INLINE);
	for (int r = 0; r < NRES; r++)
		if (c[r])
			jw_key_int(o, resource_names[r], c[r]);
	jw_end_obj(o);
}

/* set_names: the member key: a list of the names of the resources counted in c, each as often as counted. */
static void set_names(struct jw *o, const char *key, const uint8_t c[NRES])
{
	jw_key(o, key);
	jw_arr(o, JW_INLINE);
	for (int r = 0; r < NRES; r++)
		for (int k = 0; k < c[r]; k++)
			jw_str(o, resource_names[r]);
	jw_end_arr(o);
}

/* ---- completion ---- */

typedef void add_fn(const char *word, void *ctx);

/* each: hands every name of names[0 .. n-1] to add. */
static void each(const char *const *names, int n, add_fn *add, void *ctx)
{
	for (int i = 0; i < n; i++)
		add(names[i], ctx);
}

/* colours: the colours of g's seats of role (every colour some rule set plays without a game). */
static void colours(const struct game *g, int role, add_fn *add, void *ctx)
{
	if (!g)
		each(colour_names, rulesets_colours(), add, ctx);
	for (int s = 0; g && s < g->nplayers; s++)
		if (g->role[s] == role)
			add(seat_name(g, s), ctx);
}

/*
 * counts_next: in a list "RES N RES N ..." of which k words are typed:
 * after a count, another resource (or, when stop is given, stop).
 */
static void counts_next(int k, const char *stop, add_fn *add, void *ctx)
{
	if (k % 2)
		return;
	if (k && stop)
		add(stop, ctx);
	each(resource_names, NRES, add, ctx);
}

/* ---- checks of moves built by other code ---- */

static int bad(struct cerr *e, const char *field)
{
	return cerr_set(e, C_ILLEGAL, "malformed move: %s out of range", field);
}

/* ======== the verbs, each with its forms ======== */

/* build road PATH | build settlement NODE | build city NODE */

static int parse_build(const struct game *g, struct words *w, struct move *m, struct cerr *e)
{
	const struct geometry *geo = g->rs->geom;
	if (need(w, w->i, e, "'build' needs road, settlement or city"))
		return C_ILLEGAL;
	int pc = lookup(piece_names, NPIECE, w->tok[w->i]);
	if (pc < 0)
		return cerr_set(e, C_ILLEGAL, "unknown piece '%s' (road, settlement or city)", w->tok[w->i]);
	m->piece = (uint8_t)pc;
	w->i++;
	if (pc == PC_ROAD) {
		if (need(w, w->i, e, "'build road' needs a path") ||
		    path_word(geo, w->tok[w->i], &m->path[0], e))
			return C_ILLEGAL;
		m->npath = 1;
	} else {
		if (need(w, w->i, e, "'build %s' needs an intersection", w->tok[w->i - 1]))
			return C_ILLEGAL;
		int nd = node_parse(geo, w->tok[w->i]);
		if (nd < 0)
			return cerr_set(e, C_ILLEGAL, "'%s' is not an intersection (1 to %d)", w->tok[w->i],
					geo->nnode);
		m->node = (int8_t)nd;
	}
	w->i++;
	return C_OK;
}

static void format_build(const struct game *g, const struct move *m, struct out *o)
{
	const struct geometry *geo = g->rs->geom;
	char p[8];
	if (m->piece == PC_ROAD)
		word(o, "road"), word(o, edge_name(geo, m->path[0], p));
	else
		word(o, piece_names[m->piece]), num(o, m->node + 1);
}

static int read_build(const struct game *g, struct jr *r, const jv_t *j, struct move *m)
{
	const struct geometry *geo = g->rs->geom;
	const char *s;
	int x;
	if (!(s = jstr(j, "piece")) || (x = lookup(piece_names, NPIECE, s)) < 0)
		return jfail(r, "piece", "road, settlement or city is needed");
	m->piece = (uint8_t)x;
	if (x == PC_ROAD) {
		if (jv_object_get(j, "node"))
			return jfail(r, "node", "a road takes a path, not a node");
		if (json_path(geo, r, jv_object_get(j, "path"), "path", &m->path[0]))
			return C_ILLEGAL;
		m->npath = 1;
	} else {
		if (jv_object_get(j, "path"))
			return jfail(r, "path", "a settlement or city takes a node, not a path");
		if (json_int(r, j, "node", 1, geo->nnode, &x))
			return C_ILLEGAL;
		m->node = (int8_t)(x - 1);
	}
	return C_OK;
}

static void write_build(const struct game *g, const struct move *m, struct jw *o)
{
	const struct geometry *geo = g->rs->geom;
	char p[8];
	jw_key_str(o, "piece", piece_names[m->piece]);
	if (m->piece == PC_ROAD)
		jw_key_str(o, "path", edge_name(geo, m->path[0], p));
	else
		jw_key_int(o, "node", m->node + 1);
}

static void complete_build(const struct game *g, char *const *w, int k, add_fn *add, void *ctx)
{
	if (k == 0)
		each(piece_names, NPIECE, add, ctx);
}

static int check_build(const struct game *g, const struct move *m, struct cerr *e)
{
	const struct geometry *geo = g->rs->geom;
	if (m->piece >= NPIECE)
		return bad(e, "piece");
	if (m->piece == PC_ROAD ? m->npath != 1 || m->path[0] < 0 || m->path[0] >= geo->nedge
				: m->node < 0 || m->node >= geo->nnode)
		return bad(e, m->piece == PC_ROAD ? "path" : "intersection");
	return C_OK;
}

/* roll [D1 D2] */

static int parse_roll(const struct game *g, struct words *w, struct move *m, struct cerr *e)
{
	if (w->i < w->n) {
		if (need(w, w->i + 1, e, "'roll' takes two dice or none") ||
		    die_word(g, w->tok[w->i], &m->dice[0], e) ||
		    die_word(g, w->tok[w->i + 1], &m->dice[1], e))
			return C_ILLEGAL;
		w->i += 2;
	}
	return C_OK;
}

static void format_roll(const struct game *g, const struct move *m, struct out *o)
{
	if (m->dice[0])
		num(o, m->dice[0]), num(o, m->dice[1]);
}

static int read_roll(const struct game *g, struct jr *r, const jv_t *j, struct move *m)
{
	jv_t *v = jv_object_get(j, "dice");
	int sides = g->rs->dice_sides;
	_Static_assert(NDICE == 2, "the message says two");
	for (int d = 0; v && d < NDICE; d++) {
		jv_t *dv = jv_array_get(v, (size_t)d);
		if (!jv_is_array(v) || jv_array_size(v) != NDICE || !jv_is_integer(dv) ||
		    jv_integer_value(dv) < 1 || jv_integer_value(dv) > sides)
			return jr_fail_at(r, "dice", "two integers 1 to %d are needed", sides);
		m->dice[d] = (uint8_t)jv_integer_value(dv);
	}
	return C_OK;
}

static void write_roll(const struct game *g, const struct move *m, struct jw *o)
{
	if (!m->dice[0])
		return;
	jw_key(o, "dice");
	jw_arr(o, JW_INLINE);
	jw_int(o, m->dice[0]);
	jw_int(o, m->dice[1]);
	jw_end_arr(o);
}

static int check_roll(const struct game *g, const struct move *m, struct cerr *e)
{
	if ((m->dice[0] == 0) != (m->dice[1] == 0) || m->dice[0] > g->rs->dice_sides ||
	    m->dice[1] > g->rs->dice_sides)
		return bad(e, "dice");
	return C_OK;
}

/* discard RES N [RES N]... */

/*
 * discard [RES N]...: with no cards, a discard whose cards were not seen
 * (a record of what the public saw: the rules know how many are owed).
 */
static int parse_discard(const struct game *g, struct words *w, struct move *m, struct cerr *e)
{
	if (m->verb == MV_DISCARD && w->i == w->n)
		return C_OK;
	return counts_words(w, NULL, m->give, m->verb == MV_DISCARD ? "'discard'" : "'give'", e);
}

static void format_discard(const struct game *g, const struct move *m, struct out *o)
{
	put_counts(o, m->give);
}

static int read_discard(const struct game *g, struct jr *r, const jv_t *j, struct move *m)
{
	return json_counts(g, r, j, "cards", m->give, m->verb != MV_DISCARD);
}

static void write_discard(const struct game *g, const struct move *m, struct jw *o)
{
	set_counts(o, "cards", m->give);
}

static void complete_discard(const struct game *g, char *const *w, int k, add_fn *add, void *ctx)
{
	counts_next(k, NULL, add, ctx);
}

/* robber HEX [steal COLOUR [RES]] */

/* victim_words: "COLOUR [RES]", the player robbed and the card stolen when given. */
static int victim_words(const struct game *g, struct words *w, const char *verb, struct move *m,
			struct cerr *e)
{
	int s, r;
	if (need(w, w->i, e, "'%s' needs a colour", verb) || seat_word(g, w->tok[w->i], &s, e))
		return C_ILLEGAL;
	m->victim = (int8_t)s;
	w->i++;
	if (w->i < w->n) {
		if (res_word(w->tok[w->i], &r, e))
			return C_ILLEGAL;
		m->res = (int8_t)r;
		w->i++;
	}
	return C_OK;
}

static int parse_robber(const struct game *g, struct words *w, struct move *m, struct cerr *e)
{
	const struct geometry *geo = g->rs->geom;
	if (need(w, w->i, e, "'robber' needs a hex"))
		return C_ILLEGAL;
	int h = hex_parse(geo, w->tok[w->i]);
	if (h < 0)
		return cerr_set(e, C_ILLEGAL, "'%s' is not a hex (1 to %d)", w->tok[w->i], geo->nhex);
	m->hex = (int8_t)h;
	w->i++;
	if (!is(w, w->i, "steal"))
		return C_OK;
	w->i++;
	return victim_words(g, w, "steal", m, e);
}

static void format_victim(const struct game *g, const struct move *m, struct out *o)
{
	word(o, seat_name(g, m->victim));
	if (m->res >= 0)
		word(o, resource_names[m->res]);
}

static void format_robber(const struct game *g, const struct move *m, struct out *o)
{
	num(o, m->hex + 1);
	if (m->victim != NOBODY) {
		word(o, "steal");
		format_victim(g, m, o);
	}
}

/* read_victim: the member key naming the player robbed, then "card", the card stolen. */
static int read_victim(const struct game *g, struct jr *r, const jv_t *j, const char *key, struct move *m)
{
	jv_t *v;
	int x, res = -1;
	if (jv_object_get(j, key)) {
		if (json_seat(g, r, j, key, &x))
			return C_ILLEGAL;
		m->victim = (int8_t)x;
	}
	if ((v = jv_object_get(j, "card"))) {
		if (m->victim == NOBODY)
			return jr_fail_at(r, "card", "a card stolen needs \"%s\"", key);
		if (json_res(r, v, "card", &res))
			return C_ILLEGAL;
		m->res = (int8_t)res;
	}
	return C_OK;
}

static int read_robber(const struct game *g, struct jr *r, const jv_t *j, struct move *m)
{
	const struct geometry *geo = g->rs->geom;
	int x = 0;
	if (json_int(r, j, "hex", 1, geo->nhex, &x))
		return C_ILLEGAL;
	m->hex = (int8_t)(x - 1);
	return read_victim(g, r, j, "steal", m);
}

static void write_victim(const struct game *g, const struct move *m, const char *key, struct jw *o)
{
	if (m->victim != NOBODY)
		jw_key_str(o, key, seat_name(g, m->victim));
	if (m->victim != NOBODY && m->res >= 0)
		jw_key_str(o, "card", resource_names[m->res]);
}

static void write_robber(const struct game *g, const struct move *m, struct jw *o)
{
	jw_key_int(o, "hex", m->hex + 1);
	write_victim(g, m, "steal", o);
}

static void complete_robber(const struct game *g, char *const *w, int k, add_fn *add, void *ctx)
{
	if (k == 1)
		add("steal", ctx);
	else if (k == 2 && strcmp(w[1], "steal") == 0)
		colours(g, SEAT_PLAYER, add, ctx);
	else if (k == 3 && strcmp(w[1], "steal") == 0)
		each(resource_names, NRES, add, ctx);
}

static int check_victim(const struct game *g, const struct move *m, struct cerr *e)
{
	if (m->victim != NOBODY && (m->victim < 0 || m->victim >= g->nplayers))
		return bad(e, "player robbed");
	if (m->res >= NRES || (m->res >= 0 && m->victim == NOBODY))
		return bad(e, "card stolen");
	return C_OK;
}

static int check_robber(const struct game *g, const struct move *m, struct cerr *e)
{
	const struct geometry *geo = g->rs->geom;
	if (m->hex < 0 || m->hex >= geo->nhex)
		return bad(e, "hex");
	return check_victim(g, m, e);
}

/* steal COLOUR [RES] (knight_interrupt: the steal after the answers to the robber) */

static int parse_steal(const struct game *g, struct words *w, struct move *m, struct cerr *e)
{
	return victim_words(g, w, "steal", m, e);
}

static int read_steal(const struct game *g, struct jr *r, const jv_t *j, struct move *m)
{
	if (!jv_object_get(j, "from"))
		return jfail(r, "from", "the player robbed is needed");
	return read_victim(g, r, j, "from", m);
}

static void write_steal(const struct game *g, const struct move *m, struct jw *o)
{
	write_victim(g, m, "from", o);
}

static void complete_steal(const struct game *g, char *const *w, int k, add_fn *add, void *ctx)
{
	if (k == 0)
		colours(g, SEAT_PLAYER, add, ctx);
	else if (k == 1)
		each(resource_names, NRES, add, ctx);
}

static int check_steal(const struct game *g, const struct move *m, struct cerr *e)
{
	return m->victim == NOBODY ? bad(e, "player robbed") : check_victim(g, m, e);
}

/* offer COLOUR|all RES N ... for RES N ... */

/*
 * offer_to_whom: the refusal of an offer that names its cards at once
 * ("offer lumber for brick"), with the words of an offer to all of its
 * first resource for the one after "for" (or another), one of each.
 */
static int offer_to_whom(const struct words *w, struct cerr *e)
{
	int give = resource_parse(w->tok[w->i]), get = -1;
	for (int i = w->i + 1; i + 1 < w->n && get < 0; i++)
		if (is(w, i, "for"))
			get = resource_parse(w->tok[i + 1]);
	if (get < 0 || get == give)
		get = give == 0 ? 1 : 0;
	return cerr_set(e, C_ILLEGAL, "an offer names whom it is made to before its cards, a colour or 'all': "
			"'offer all %s 1 for %s 1'", resource_names[give], resource_names[get]);
}

static int parse_offer(const struct game *g, struct words *w, struct move *m, struct cerr *e)
{
	int s;
	if (need(w, w->i, e, "'offer' needs a colour or 'all'"))
		return C_ILLEGAL;
	if (is(w, w->i, "all"))
		m->to = NOBODY;
	else if (resource_parse(w->tok[w->i]) >= 0)
		return offer_to_whom(w, e);
	else if (seat_word(g, w->tok[w->i], &s, e))
		return C_ILLEGAL;
	else
		m->to = (int8_t)s;
	w->i++;
	if (counts_words(w, "for", m->give, "an offer", e))
		return C_ILLEGAL;
	if (w->i >= w->n)
		return cerr_set(e, C_ILLEGAL, "an offer needs 'for' and the cards asked for");
	w->i++;
	return counts_words(w, NULL, m->get, "the side after 'for'", e);
}

static void format_offer(const struct game *g, const struct move *m, struct out *o)
{
	word(o, m->to == NOBODY ? "all" : seat_name(g, m->to));
	put_counts(o, m->give);
	word(o, "for");
	put_counts(o, m->get);
}

static int read_offer(const struct game *g, struct jr *r, const jv_t *j, struct move *m)
{
	const char *s;
	int x;
	if (!(s = jstr(j, "to")))
		return jfail(r, "to", "a colour or \"all\" is needed");
	if (strcmp(s, "all") == 0)
		m->to = NOBODY;
	else if (json_seat(g, r, j, "to", &x))
		return C_ILLEGAL;
	else
		m->to = (int8_t)x;
	if (json_counts(g, r, j, "give", m->give, 1) || json_counts(g, r, j, "get", m->get, 1))
		return C_ILLEGAL;
	return C_OK;
}

static void write_offer(const struct game *g, const struct move *m, struct jw *o)
{
	jw_key_str(o, "to", m->to == NOBODY ? "all" : seat_name(g, m->to));
	set_counts(o, "give", m->give);
	set_counts(o, "get", m->get);
}

static void complete_offer(const struct game *g, char *const *w, int k, add_fn *add, void *ctx)
{
	if (k == 0) {
		add("all", ctx);
		colours(g, SEAT_PLAYER, add, ctx);
		return;
	}
	int f = 1;
	while (f < k && strcmp(w[f], "for") != 0)
		f++;
	counts_next(f < k ? k - f - 1 : k - 1, f < k ? NULL : "for", add, ctx);
}

static int check_offer(const struct game *g, const struct move *m, struct cerr *e)
{
	if (m->to != NOBODY && (m->to < 0 || m->to >= g->nplayers))
		return bad(e, "player offered to");
	return C_OK;
}

/* trade RES N for RES */

static int parse_trade(const struct game *g, struct words *w, struct move *m, struct cerr *e)
{
	int r = 0, n = 0;	/* set by res_word and count_word (-O3 cannot tell) */
	if (need(w, w->i, e, "'trade' needs a resource, a count, 'for' and a resource") ||
	    res_word(w->tok[w->i], &r, e))
		return C_ILLEGAL;
	if (need(w, w->i + 1, e, "a count must follow '%s'", w->tok[w->i]) ||
	    count_word(w->tok[w->i + 1], w->most, &n, e))
		return C_ILLEGAL;
	m->give[r] = (uint8_t)n;
	w->i += 2;
	if (!is(w, w->i, "for"))
		return cerr_set(e, C_ILLEGAL, "'for' must follow the cards given");
	w->i++;
	if (need(w, w->i, e, "a resource must follow '%s'", "for") || res_word(w->tok[w->i], &r, e))
		return C_ILLEGAL;
	m->get[r] = 1;
	w->i++;
	return C_OK;
}

static void format_trade(const struct game *g, const struct move *m, struct out *o)
{
	put_counts(o, m->give);
	for (int r = 0; r < NRES; r++)
		if (m->get[r])
			word(o, "for"), word(o, resource_names[r]);
}

static int read_trade(const struct game *g, struct jr *r, const jv_t *j, struct move *m)
{
	int res = -1, kinds = 0;
	if (json_counts(g, r, j, "give", m->give, 1))
		return C_ILLEGAL;
	for (res = 0; res < NRES; res++)
		kinds += m->give[res] != 0;
	if (kinds != 1)
		return jfail(r, "give", "one resource is given in a maritime trade");
	if (json_res(r, jv_object_get(j, "get"), "get", &res))
		return C_ILLEGAL;
	m->get[res] = 1;
	return C_OK;
}

static void write_trade(const struct game *g, const struct move *m, struct jw *o)
{
	int got = -1;
	set_counts(o, "give", m->give);
	for (int r = 0; r < NRES; r++)	/* a trade receives one card */
		if (m->get[r])
			got = r;
	if (got >= 0)
		jw_key_str(o, "get", resource_names[got]);
}

static void complete_trade(const struct game *g, char *const *w, int k, add_fn *add, void *ctx)
{
	if (k == 0 || k == 3)
		each(resource_names, NRES, add, ctx);
	else if (k == 2)
		add("for", ctx);
}

/* buy [CARD] */

static int parse_buy(const struct game *g, struct words *w, struct move *m, struct cerr *e)
{
	if (w->i < w->n) {
		if (dev_word(w->tok[w->i], &m->card, e))
			return C_ILLEGAL;
		w->i++;
	}
	return C_OK;
}

static void format_buy(const struct game *g, const struct move *m, struct out *o)
{
	if (m->card >= 0)
		word(o, dev_names[m->card]);
}

static int read_buy(const struct game *g, struct jr *r, const jv_t *j, struct move *m)
{
	jv_t *v = jv_object_get(j, "card");
	int x;
	if (v) {
		if (!jv_is_string(v) || (x = dev_parse(jv_string_value(v))) < 0)
			return jfail(r, "card", "a development card is needed");
		m->card = (int8_t)x;
	}
	return C_OK;
}

static void write_buy(const struct game *g, const struct move *m, struct jw *o)
{
	if (m->card >= 0)
		jw_key_str(o, "card", dev_names[m->card]);
}

static void complete_buy(const struct game *g, char *const *w, int k, add_fn *add, void *ctx)
{
	if (k == 0)
		each(dev_names, NDEV, add, ctx);
}

static int check_buy(const struct game *g, const struct move *m, struct cerr *e)
{
	return m->card >= NDEV ? bad(e, "card") : C_OK;
}

/* play knight | play road-building PATH [PATH] | play year-of-plenty RES RES | play monopoly RES */

static int parse_play(const struct game *g, struct words *w, struct move *m, struct cerr *e)
{
	const struct geometry *geo = g->rs->geom;
	if (need(w, w->i, e, "'play' needs a card: knight, road-building, year-of-plenty or monopoly"))
		return C_ILLEGAL;
	if (dev_word(w->tok[w->i], &m->card, e))
		return C_ILLEGAL;
	int d = m->card;
	if (d == DEV_VICTORY_POINT && !(g && g->rules.vp_played))
		return cerr_set(e, C_ILLEGAL, "victory point cards are not played: they count while held");
	w->i++;
	switch (d) {
	case DEV_ROAD_BUILDING:
		if (need(w, w->i, e, "'%s' needs one or two paths", "road-building"))
			return C_ILLEGAL;
		while (w->i < w->n && m->npath < 2) {
			if (path_word(geo, w->tok[w->i], &m->path[m->npath], e))
				return C_ILLEGAL;
			m->npath++;
			w->i++;
		}
		if (m->npath == 2 && m->path[0] == m->path[1])
			return cerr_set(e, C_ILLEGAL, "the two paths are the same");
		break;
	case DEV_YEAR_OF_PLENTY:
		for (int k = 0; k < 2; k++) {
			int r;
			if (need(w, w->i, e, "'%s' needs two resources", "year-of-plenty") ||
			    res_word(w->tok[w->i], &r, e))
				return C_ILLEGAL;
			m->get[r]++;
			w->i++;
		}
		break;
	case DEV_MONOPOLY: {
		int r;
		if (need(w, w->i, e, "'%s' needs a resource", "monopoly") || res_word(w->tok[w->i], &r, e))
			return C_ILLEGAL;
		m->res = (int8_t)r;
		w->i++;
		break;
	}
	}
	return C_OK;
}

static void format_play(const struct game *g, const struct move *m, struct out *o)
{
	const struct geometry *geo = g->rs->geom;
	char p0[8], p1[8];
	word(o, m->card >= 0 ? dev_names[m->card] : "?");
	if (m->card == DEV_ROAD_BUILDING) {
		word(o, edge_name(geo, m->path[0], p0));
		if (m->npath > 1)
			word(o, edge_name(geo, m->path[1], p1));
	} else if (m->card == DEV_YEAR_OF_PLENTY) {
		for (int r = 0; r < NRES; r++)
			for (int k = 0; k < m->get[r]; k++)
				word(o, resource_names[r]);
	} else if (m->card == DEV_MONOPOLY && m->res >= 0) {
		word(o, resource_names[m->res]);
	}
}

static int read_play(const struct game *g, struct jr *r, const jv_t *j, struct move *m)
{
	const struct geometry *geo = g->rs->geom;
	static const char *const args[NDEV] = { [DEV_ROAD_BUILDING] = "paths",
						[DEV_YEAR_OF_PLENTY] = "resources",
						[DEV_MONOPOLY] = "resource" };
	const char *s;
	jv_t *v;
	int x, res = -1;

	if (!(s = jstr(j, "card")) || (x = dev_parse(s)) < 0 ||
	    (x == DEV_VICTORY_POINT && !(g && g->rules.vp_played)))
		return jfail(r, "card", "knight, road-building, year-of-plenty or monopoly is needed");
	m->card = (int8_t)x;
	if (x == DEV_ROAD_BUILDING) {
		v = jv_object_get(j, "paths");
		if (!jv_is_array(v) || jv_array_size(v) < 1 || jv_array_size(v) > 2)
			return jfail(r, "paths", "one or two paths are needed");
		for (size_t i = 0; i < jv_array_size(v) && i < 2; i++)	/* 2: -O3 does not see the check above */
			if (json_path(geo, r, jv_array_get(v, i), "paths", &m->path[i]))
				return C_ILLEGAL;
		m->npath = (uint8_t)jv_array_size(v);
		if (m->npath == 2 && m->path[0] == m->path[1])
			return jfail(r, "paths", "the two paths are the same");
	} else if (x == DEV_YEAR_OF_PLENTY) {
		v = jv_object_get(j, "resources");
		if (!jv_is_array(v) || jv_array_size(v) != 2)
			return jfail(r, "resources", "two resources are needed");
		for (size_t i = 0; i < 2; i++) {
			if (json_res(r, jv_array_get(v, i), "resources", &res))
				return C_ILLEGAL;
			m->get[res]++;
		}
	} else if (x == DEV_MONOPOLY) {
		if (json_res(r, jv_object_get(j, "resource"), "resource", &res))
			return C_ILLEGAL;
		m->res = (int8_t)res;
	}
	/* The keys of the other cards' arguments are not this card's. */
	for (int d = 0; d < NDEV; d++)
		if (args[d] && d != x && jv_object_get(j, args[d]))
			return jr_fail_at(r, args[d], "unknown key for '%s'", dev_names[x]);
	return C_OK;
}

static void write_play(const struct game *g, const struct move *m, struct jw *o)
{
	const struct geometry *geo = g->rs->geom;
	char p[8];
	jw_key_str(o, "card", m->card >= 0 ? dev_names[m->card] : "?");
	if (m->card == DEV_ROAD_BUILDING) {
		jw_key(o, "paths");
		jw_arr(o, JW_INLINE);
		for (int i = 0; i < m->npath && i < 2; i++)
			jw_str(o, edge_name(geo, m->path[i], p));
		jw_end_arr(o);
	} else if (m->card == DEV_YEAR_OF_PLENTY) {
		set_names(o, "resources", m->get);
	} else if (m->card == DEV_MONOPOLY && m->res >= 0) {
		jw_key_str(o, "resource", resource_names[m->res]);
	}
}

static void complete_play(const struct game *g, char *const *w, int k, add_fn *add, void *ctx)
{
	int d = k >= 1 ? dev_parse(w[0]) : -1;
	if (k == 0)
		each(dev_names, g && g->rules.vp_played ? NDEV : DEV_VICTORY_POINT, add, ctx);
	else if ((d == DEV_YEAR_OF_PLENTY && k <= 2) || (d == DEV_MONOPOLY && k == 1))
		each(resource_names, NRES, add, ctx);
}

static int check_play(const struct game *g, const struct move *m, struct cerr *e)
{
	const struct geometry *geo = g->rs->geom;
	if (m->card < 0 || m->card >= NDEV)
		return bad(e, "card");
	if (m->card == DEV_ROAD_BUILDING &&
	    (m->npath < 1 || m->npath > 2 || m->path[0] < 0 || m->path[0] >= geo->nedge ||
	     (m->npath == 2 && (m->path[1] < 0 || m->path[1] >= geo->nedge || m->path[1] == m->path[0]))))
		return bad(e, "path");
	if (m->card == DEV_YEAR_OF_PLENTY && m->get[0] + m->get[1] + m->get[2] + m->get[3] + m->get[4] != 2)
		return bad(e, "resources");
	if (m->card == DEV_MONOPOLY && (m->res < 0 || m->res >= NRES))
		return bad(e, "resource");
	return C_OK;
}

/* neutral COLOUR road PATH | neutral COLOUR settlement NODE (Catan for Two) */

static int parse_neutral(const struct game *g, struct words *w, struct move *m, struct cerr *e)
{
	int s;
	if (need(w, w->i, e, "'neutral' needs the colour of a neutral seat") ||
	    seat_word(g, w->tok[w->i], &s, e))
		return C_ILLEGAL;
	m->to = (int8_t)s;
	w->i++;
	return parse_build(g, w, m, e);
}

static void format_neutral(const struct game *g, const struct move *m, struct out *o)
{
	word(o, seat_name(g, m->to));
	format_build(g, m, o);
}

static int read_neutral(const struct game *g, struct jr *r, const jv_t *j, struct move *m)
{
	int x;
	if (json_seat(g, r, j, "neutral", &x))
		return C_ILLEGAL;
	m->to = (int8_t)x;
	return read_build(g, r, j, m);
}

static void write_neutral(const struct game *g, const struct move *m, struct jw *o)
{
	jw_key_str(o, "neutral", seat_name(g, m->to));
	write_build(g, m, o);
}

static void complete_neutral(const struct game *g, char *const *w, int k, add_fn *add, void *ctx)
{
	if (k == 0)
		colours(g, SEAT_NEUTRAL, add, ctx);
	else if (k == 1)
		each(piece_names, PC_CITY, add, ctx);
}

static int check_neutral(const struct game *g, const struct move *m, struct cerr *e)
{
	if (m->to < 0 || m->to >= g->nplayers)
		return bad(e, "neutral seat");
	return check_build(g, m, e);
}

/* action force-trade [RES [RES]] | action robber (Catan for Two) */

static int parse_action(const struct game *g, struct words *w, struct move *m, struct cerr *e)
{
	if (need(w, w->i, e, "'action' needs force-trade or robber"))
		return C_ILLEGAL;
	int a = lookup(action_names, NACTION, w->tok[w->i]);
	if (a < 0)
		return cerr_set(e, C_ILLEGAL, "unknown action '%s' (force-trade or robber)", w->tok[w->i]);
	m->action = (int8_t)a;
	w->i++;
	for (int k = 0; a == ACT_FORCE_TRADE && k < 2 && w->i < w->n; k++) {
		int r;
		if (res_word(w->tok[w->i], &r, e))
			return C_ILLEGAL;
		m->get[r]++;
		w->i++;
	}
	return C_OK;
}

static void format_action(const struct game *g, const struct move *m, struct out *o)
{
	word(o, m->action >= 0 && m->action < NACTION ? action_names[m->action] : "?");
	for (int r = 0; r < NRES; r++)
		for (int k = 0; k < m->get[r]; k++)
			word(o, resource_names[r]);
}

static int read_action(const struct game *g, struct jr *r, const jv_t *j, struct move *m)
{
	const char *s;
	jv_t *v;
	int x, res = 0;
	if (!(s = jstr(j, "action")) || (x = lookup(action_names, NACTION, s)) < 0)
		return jfail(r, "action", "force-trade or robber is needed");
	m->action = (int8_t)x;
	if ((v = jv_object_get(j, "taken"))) {
		if (x != ACT_FORCE_TRADE)
			return jfail(r, "taken", "only a forced trade takes cards");
		if (!jv_is_array(v) || jv_array_size(v) < 1 || jv_array_size(v) > 2)
			return jfail(r, "taken", "one or two resources are needed");
		for (size_t i = 0; i < jv_array_size(v); i++) {
			if (json_res(r, jv_array_get(v, i), "taken", &res))
				return C_ILLEGAL;
			m->get[res]++;
		}
	}
	return C_OK;
}

static void write_action(const struct game *g, const struct move *m, struct jw *o)
{
	int taken = 0;
	jw_key_str(o, "action", action_names[m->action]);
	for (int r = 0; r < NRES; r++)
		taken += m->get[r];
	if (taken)
		set_names(o, "taken", m->get);
}

static void complete_action(const struct game *g, char *const *w, int k, add_fn *add, void *ctx)
{
	if (k == 0)
		each(action_names, NACTION, add, ctx);
	else if (k <= 2 && strcmp(w[0], action_names[ACT_FORCE_TRADE]) == 0)
		each(resource_names, NRES, add, ctx);
}

static int check_action(const struct game *g, const struct move *m, struct cerr *e)
{
	int taken = m->get[0] + m->get[1] + m->get[2] + m->get[3] + m->get[4];
	if (m->action < 0 || m->action >= NACTION)
		return bad(e, "action");
	if (taken > 2 || (taken && m->action != ACT_FORCE_TRADE))
		return bad(e, "cards taken");
	return C_OK;
}

/* return knight (Catan for Two) */

static int parse_return(const struct game *g, struct words *w, struct move *m, struct cerr *e)
{
	if (need(w, w->i, e, "'return' needs the card given back: knight"))
		return C_ILLEGAL;
	if (dev_word(w->tok[w->i], &m->card, e))
		return C_ILLEGAL;
	w->i++;
	return C_OK;
}

static void format_return(const struct game *g, const struct move *m, struct out *o)
{
	word(o, m->card >= 0 && m->card < NDEV ? dev_names[m->card] : "?");
}

static int read_return(const struct game *g, struct jr *r, const jv_t *j, struct move *m)
{
	const char *s;
	int x;
	if (!(s = jstr(j, "card")) || (x = dev_parse(s)) < 0)
		return jfail(r, "card", "a development card is needed: knight");
	m->card = (int8_t)x;
	return C_OK;
}

static void write_return(const struct game *g, const struct move *m, struct jw *o)
{
	jw_key_str(o, "card", dev_names[m->card]);
}

static void complete_return(const struct game *g, char *const *w, int k, add_fn *add, void *ctx)
{
	if (k == 0)
		add(dev_names[DEV_KNIGHT], ctx);
}

static int check_return(const struct game *g, const struct move *m, struct cerr *e)
{
	return m->card < 0 || m->card >= NDEV ? bad(e, "card") : C_OK;
}

/*
 * The table.  A verb without arguments (accept, reject, cancel, end) has
 * no functions; a NULL function is a form with nothing to do.
 */
/*
 * A verb of every game, of a rule set with free neutral pieces or with
 * trade cards (Catan for Two), or of games with the rules option
 * knight_interrupt.
 */
enum verb_needs { NEEDS_NONE, NEEDS_NEUTRAL_BUILDS, NEEDS_TRADE_CARDS, NEEDS_INTERRUPT };

static const struct verb {
	const char *name;
	const char *json_keys;	/* the keys it takes besides player and move, each between blanks */
	int (*parse)(const struct game *g, struct words *w, struct move *m, struct cerr *e);
	void (*format)(const struct game *g, const struct move *m, struct out *o);
	int (*read)(const struct game *g, struct jr *r, const jv_t *j, struct move *m);
	void (*write)(const struct game *g, const struct move *m, struct jw *o);
	/* the words that may follow the k words w[0 .. k-1] typed after the verb */
	void (*complete)(const struct game *g, char *const *w, int k, add_fn *add, void *ctx);
	int (*check)(const struct game *g, const struct move *m, struct cerr *e);
	int needs;		/* what the verb belongs to: enum verb_needs */
} verbs[NVERB] = {
	[MV_BUILD] = { "build", " piece path node ", parse_build, format_build, read_build, write_build,
		       complete_build, check_build, 0 },
	[MV_ROLL] = { "roll", " dice ", parse_roll, format_roll, read_roll, write_roll, NULL, check_roll, 0 },
	[MV_DISCARD] = { "discard", " cards ", parse_discard, format_discard, read_discard,
			 write_discard, complete_discard, NULL, 0 },
	[MV_ROBBER] = { "robber", " hex steal card ", parse_robber, format_robber, read_robber,
			write_robber, complete_robber, check_robber, 0 },
	[MV_OFFER] = { "offer", " to give get ", parse_offer, format_offer, read_offer, write_offer,
		       complete_offer, check_offer, 0 },
	[MV_ACCEPT] = { "accept", " ", NULL, NULL, NULL, NULL, NULL, NULL, 0 },
	[MV_REJECT] = { "reject", " ", NULL, NULL, NULL, NULL, NULL, NULL, 0 },
	[MV_CANCEL] = { "cancel", " ", NULL, NULL, NULL, NULL, NULL, NULL, 0 },
	[MV_TRADE] = { "trade", " give get ", parse_trade, format_trade, read_trade, write_trade,
		       complete_trade, NULL, 0 },
	[MV_BUY] = { "buy", " card ", parse_buy, format_buy, read_buy, write_buy, complete_buy, check_buy, 0 },
	[MV_PLAY] = { "play", " card paths resources resource ", parse_play, format_play, read_play,
		      write_play, complete_play, check_play, 0 },
	[MV_END] = { "end", " ", NULL, NULL, NULL, NULL, NULL, NULL, 0 },
	[MV_NEUTRAL] = { "neutral", " neutral piece path node ", parse_neutral, format_neutral,
			 read_neutral, write_neutral, complete_neutral, check_neutral, NEEDS_NEUTRAL_BUILDS },
	[MV_ACTION] = { "action", " action taken ", parse_action, format_action, read_action,
			write_action, complete_action, check_action, NEEDS_TRADE_CARDS },
	[MV_GIVE] = { "give", " cards ", parse_discard, format_discard, read_discard, write_discard,
		      complete_discard, NULL, NEEDS_TRADE_CARDS },
	[MV_RETURN] = { "return", " card ", parse_return, format_return, read_return, write_return,
			complete_return, check_return, NEEDS_TRADE_CARDS },
	[MV_PASS] = { "pass", " ", NULL, NULL, NULL, NULL, NULL, NULL, NEEDS_INTERRUPT },
	[MV_STEAL] = { "steal", " from card ", parse_steal, format_victim, read_steal, write_steal,
		       complete_steal, check_steal, NEEDS_INTERRUPT },
};

const char *move_verb_needs(const struct game *g, int verb)
{
	if (!g || verb < 0 || verb >= NVERB)
		return NULL;
	if ((verbs[verb].needs == NEEDS_NEUTRAL_BUILDS && !rs_has_neutral_builds(g->rs)) ||
	    (verbs[verb].needs == NEEDS_TRADE_CARDS && !rs_has_trade_cards(g->rs)))
		return "Catan for Two (variant=two)";
	if (verbs[verb].needs == NEEDS_INTERRUPT && !g->rules.knight_interrupt)
		return "games with the rules option knight_interrupt";
	return NULL;
}

/* verb_in_game: 1 when g has verb (any verb without a game). */
static int verb_in_game(const struct game *g, int verb)
{
	return move_verb_needs(g, verb) == NULL;
}

/* unknown_verb: "unknown verb 'W': did you mean 'V'? (verbs: ...)", the question only when one is near. */
static int unknown_verb(const struct game *g, const char *w, const char *prefix, struct cerr *e)
{
	char list[160] = "", guess[48] = "";
	size_t len = 0;
	struct spell sp;
	spell_start(&sp, w);
	for (int v = 0; v < NVERB; v++) {
		if (!verb_in_game(g, v))
			continue;
		int k = snprintf(list + len, sizeof list - len, "%s%s", v ? ", " : "", verbs[v].name);
		len += k > 0 && (size_t)k < sizeof list - len ? (size_t)k : 0;
		spell_offer(&sp, verbs[v].name);
	}
	if (sp.best)
		snprintf(guess, sizeof guess, ": did you mean '%s'?", sp.best);
	return cerr_set(e, C_ILLEGAL, "%sunknown verb '%s'%s (verbs: %s)", prefix, w, guess, list);
}

const char *move_verb_name(int verb)
{
	return verb >= 0 && verb < NVERB ? verbs[verb].name : "?";
}

/* verb_of: the verb called word, or -1. */
static int verb_of(const char *word)
{
	for (int v = 0; v < NVERB; v++)	/* the first letters before the call: most verbs differ there */
		if (verbs[v].name[0] == word[0] && strcmp(verbs[v].name, word) == 0)
			return v;
	return -1;
}

/* ======== what the rest of the library calls ======== */

static int counts_ok(const struct game *g, const uint8_t c[NRES])
{
	for (int r = 0; r < NRES; r++)
		if (c[r] > g->rs->bank_each)
			return 0;
	return 1;
}

int move_check(const struct game *g, const struct move *m, struct cerr *e)
{
	if (m->seat < 0 || m->seat >= g->nplayers)
		return bad(e, "player");
	if (m->verb >= NVERB)
		return bad(e, "verb");
	if (!counts_ok(g, m->give) || !counts_ok(g, m->get))
		return bad(e, "card count");
	return verbs[m->verb].check ? verbs[m->verb].check(g, m, e) : C_OK;
}

/*
 * no_colour: the refusal of a move that starts with its verb: a move starts
 * with its player's colour, shown on the move as given with the colour of
 * the first seat the game waits for ("as 'blue roll'"; game_status is
 * public), or the first seat's when it waits for none.
 */
static int no_colour(const struct game *g, const struct words *w, struct cerr *e)
{
	struct status st;
	char text[96] = "";
	size_t len = 0;
	int seat = 0;
	if (g->has_pos) {
		game_status(g, &g->pos, &st);
		seat = st.nwaiting ? st.waiting[0] : 0;
	}
	for (int i = 0; i < w->n && len < sizeof text; i++) {
		int k = snprintf(text + len, sizeof text - len, " %s", w->tok[i]);
		len += k > 0 ? (size_t)k : 0;
	}
	return cerr_set(e, C_ILLEGAL, "a move starts with its player's colour, as '%s%s'", seat_name(g, seat), text);
}

static int parse_words(const struct game *g, struct words *w, struct move *m, struct cerr *e)
{
	int s;

	if (w->n == 0)
		return cerr_set(e, C_ILLEGAL, "empty move");
	if (verb_of(w->tok[0]) >= 0)
		return no_colour(g, w, e);
	if (seat_word(g, w->tok[0], &s, e))
		return C_ILLEGAL;
	m->seat = (int8_t)s;
	if (w->n < 2)
		return cerr_set(e, C_ILLEGAL, "a verb must follow the colour");
	int v = verb_of(w->tok[1]);
	if (v < 0)
		return unknown_verb(g, w->tok[1], "", e);
	m->verb = (uint8_t)v;
	w->i = 2;
	if (verbs[v].parse && verbs[v].parse(g, w, m, e))
		return C_ILLEGAL;
	if (w->i < w->n)
		return cerr_set(e, C_ILLEGAL, "unexpected '%s' at the end of the move", w->tok[w->i]);
	return C_OK;
}

/*
 * words_slow: text (len bytes, len < MAXTEXT) lower-cased (ASCII letters)
 * into buf, its words cut at blanks (space, tab, newline, carriage return)
 * into w.  C_OK, or C_ILLEGAL for too many words.
 */
static int words_slow(const char *text, size_t len, char *buf, struct words *w, struct cerr *e)
{
	const uint64_t blank = 1ull << '\0' | 1ull << ' ' | 1ull << '\t' | 1ull << '\n' | 1ull << '\r';
	int in_word = 0;
	for (size_t k = 0; k <= len; k++) {
		unsigned c = (unsigned char)text[k];
		if (c <= ' ' && (blank >> c & 1)) {
			buf[k] = '\0';
			in_word = 0;
			continue;
		}
		if (!in_word) {
			if (w->n == MAXTOK)
				return cerr_set(e, C_ILLEGAL, "too many words for a move");
			w->tok[w->n++] = buf + k;
			in_word = 1;
		}
		buf[k] = (char)(c | (unsigned)(c - 'A' < 26u) << 5);
	}
	return C_OK;
}

/*
 * words_cut: words_slow eight bytes at a time, for a text whose only bytes
 * below '!' are spaces (any other leaves it to words_slow).  The words are
 * read from text itself (a word read back from buf just after its bytes
 * were stored there would wait for the stores), the last, short one byte
 * by byte, so that nothing past the text's end is read; buf has room for
 * len + 1 bytes rounded up to eight.
 */
static int words_cut(const char *text, size_t len, char *buf, struct words *w, struct cerr *e)
{
	size_t words = len / 8 + 1;
	uint64_t after_blank = 0x80;	/* the text's start counts as a blank before it */
	for (size_t i = 0; i < words; i++) {
		uint64_t x = 0;
		if (i + 1 < words)
			x = swar_load(text + 8 * i);
		else
			for (size_t k = 0; k < len % 8; k++)
				x |= (uint64_t)(unsigned char)text[8 * i + k] << (8 * k);
		uint64_t zero = swar_zero(x), blank = zero | swar_eq(x, ' ');
		if (swar_below(x, '!') & ~blank) {
			w->n = 0;
			return words_slow(text, len, buf, w, e);
		}
		uint64_t upper = swar_below(x, 'Z' + 1) & ~swar_below(x, 'A');
		x = (x | upper >> 2) & ~((blank >> 7) * 0xff);
		swar_store(buf + 8 * i, x);
		for (uint64_t starts = ~blank & SWAR_HIGHS & (blank << 8 | after_blank); starts;
		     starts &= starts - 1) {
			if (w->n == MAXTOK)
				return cerr_set(e, C_ILLEGAL, "too many words for a move");
			w->tok[w->n++] = buf + 8 * i + swar_first(starts);
		}
		after_blank = blank >> 56;
	}
	return C_OK;
}

int move_parse(const struct game *g, const char *text, struct move *m, struct cerr *e)
{
	char buf[MAXTEXT], *tok[MAXTOK];
	struct words w = { tok, 0, 0, g->rs->bank_each };

	_Static_assert(MAXTEXT % 8 == 0, "the words are cut eight bytes at a time");
	move_init(m);
	size_t len = strlen(text);
	if (len >= sizeof buf)
		return cerr_set(e, C_ILLEGAL, "move text longer than %d characters", MAXTEXT - 1);
	if (words_cut(text, len, buf, &w, e))
		return C_ILLEGAL;
	if (parse_words(g, &w, m, e) != C_OK) {
		int keep = m->seat;
		move_init(m);
		m->seat = (int8_t)keep;
		return C_ILLEGAL;
	}
	return C_OK;
}

/*
 * canon_number: the n bytes at s (n > 0) are a number as num() writes one
 * (1 to 999, no leading zero): its value, or -1.
 */
static int canon_number(const char *s, size_t n)
{
	int v = 0;
	if (n > 3 || s[0] == '0')
		return -1;
	for (size_t k = 0; k < n; k++) {
		if (s[k] < '0' || s[k] > '9')
			return -1;
		v = v * 10 + (s[k] - '0');
	}
	return v;
}

/*
 * Why the form is enough (move_text_canonical): move_parse lower-cases
 * the text and splits it at blanks, which leaves a text of lower-case
 * words and single blanks as it is; every word it reads is looked up
 * exactly (colours, verbs, pieces, cards, actions, "steal", "for",
 * "all"), except a resource, which has other spellings, a count, which may
 * have leading zeros, and a path, whose ends may come in either order;
 * and each verb's format writes back what its parse read, word for word
 * in the order read, except the resources of a list (counts, year of
 * plenty, a forced trade), which it writes in the order of
 * resource_names: the lists are the only places where a move names two
 * resources without "for" between them.
 */
_Static_assert(MAX_NODE < 100, "edge_name writes an intersection in two digits");

/* The bytes of a canonical text's words: a-z, 0-9 and '-'. */
static const unsigned char word_byte[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 00 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 10 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0,	/* 20 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0,	/* 30 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 40 */
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,	/* 50 */
	0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,	/* 60 */
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,	/* 70 */
};

int move_text_canonical(const char *text, size_t len)
{
	const unsigned char *p = (const unsigned char *)text, *end = p + len;
	int last = -1;	/* the resource last named since the start or "for" */

	for (int i = 0;; i++) {
		const char *s = (const char *)p;
		while (p < end && word_byte[*p])
			p++;
		size_t n = (size_t)((const char *)p - s);
		if (n == 0 || (p < end && *p != ' '))
			return 0;	/* another byte, an empty text, a blank at either end, two blanks */
		if (s[0] >= '0' && s[0] <= '9') {	/* a number, or a path "A-B" */
			const char *dash = memchr(s, '-', n);
			if (!dash ? canon_number(s, n) < 0
				  : (memchr(dash + 1, '-', (size_t)(s + n - dash - 1)) || dash + 1 == s + n ||
				     canon_number(s, (size_t)(dash - s)) < 0 ||
				     canon_number(dash + 1, (size_t)(s + n - dash - 1)) <=
					     canon_number(s, (size_t)(dash - s))))
				return 0;
		} else if (i >= 2) {	/* the colour and the verb are looked up exactly */
			int own, r = resource_spelling(s, n, &own);
			if (r >= 0 && (!own || r < last))
				return 0;
			if (r >= 0)
				last = r;
			else if (n == 3 && memcmp(s, "for", 3) == 0)
				last = -1;
		}
		if (p == end)
			return 1;
		p++;
	}
}

int move_rewrite(const struct game *g, const char *text, struct move *m, char *out, size_t n)
{
	struct cerr ignored = { 0 };
	if (move_text_canonical(text, strlen(text)) || move_parse(g, text, m, &ignored) != C_OK)
		return 0;
	move_format(g, m, out, n);
	return 1;
}

int move_format(const struct game *g, const struct move *m, char *buf, size_t n)
{
	struct out o = { buf, n, 0 };

	if (n)
		buf[0] = '\0';
	text(&o, seat_name(g, m->seat));
	word(&o, m->verb < NVERB ? verbs[m->verb].name : "?");
	if (m->verb < NVERB && verbs[m->verb].format)
		verbs[m->verb].format(g, m, &o);
	return (int)o.len;
}

static int json_body(const struct game *g, struct jr *r, const jv_t *j, struct move *m)
{
	jv_t *v;
	const char *k, *s;
	int x;

	if (!jv_is_object(j))
		return jr_fail(r, "an object is needed");
	if (json_seat(g, r, j, "player", &x))
		return C_ILLEGAL;
	m->seat = (int8_t)x;
	if (!(s = jstr(j, "move")))
		return jfail(r, "move", "a verb is needed");
	int verb = verb_of(s);
	if (verb < 0) {
		unknown_verb(g, s, "move.move: ", r->e);
		return C_ILLEGAL;
	}
	m->verb = (uint8_t)verb;
	jv_object_foreach((jv_t *)j, k, v) {
		char pat[40];
		snprintf(pat, sizeof pat, " %s ", k);
		if (strcmp(k, "player") && strcmp(k, "move") && !strstr(verbs[verb].json_keys, pat))
			return jr_fail_at(r, k, "unknown key for '%s'", s);
	}
	return verbs[verb].read ? verbs[verb].read(g, r, j, m) : C_OK;
}

int move_from_json(const struct game *g, const jv_t *j, struct move *m, struct cerr *e)
{
	struct jr r;
	jr_init(&r, "move", e);
	r.code = C_ILLEGAL;
	move_init(m);
	if (json_body(g, &r, j, m) != C_OK) {
		move_init(m);
		return C_ILLEGAL;
	}
	return C_OK;
}

void move_write_json(struct jw *o, const struct game *g, const struct move *m)
{
	jw_obj(o, JW_INLINE);
	jw_key_str(o, "player", seat_name(g, m->seat));
	jw_key_str(o, "move", m->verb < NVERB ? verbs[m->verb].name : "?");
	if (m->verb < NVERB && verbs[m->verb].write)
		verbs[m->verb].write(g, m, o);
	jw_end_obj(o);
}

char *move_json_text(const struct game *g, const struct move *m)
{
	struct jw w;
	char *out;
	size_t len;
	jw_init(&w, 1);
	move_write_json(&w, g, m);
	if (jw_finish(&w, &out, &len) != 0)
		return NULL;
	out[len - 1] = '\0';	/* one line, without jw_finish's newline */
	return out;
}

void move_complete(const struct game *g, char *const *w, int n, add_fn *add, void *ctx)
{
	int verb = n >= 2 ? verb_of(w[1]) : -1;

	if (n == 0) {
		colours(g, SEAT_PLAYER, add, ctx);
	} else if (n == 1) {
		for (int v = 0; v < NVERB; v++)
			if (verb_in_game(g, v))
				add(verbs[v].name, ctx);
	} else if (verb >= 0 && verbs[verb].complete) {
		verbs[verb].complete(g, w + 2, n - 2, add, ctx);
	}
}

int movelog_move(const struct game *g, size_t i, struct move *m, struct cerr *e)
{
	const struct logent *ent = &g->log.ent[i];
	if (ent->parsed) {
		*m = ent->move;
		return C_OK;
	}
	return move_parse(g, ent->text, m, e);
}
