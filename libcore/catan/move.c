/* move.c: parsing and printing moves in their text and JSON forms. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "jr.h"
#include "move.h"
#include "names.h"
#include "state.h"

const char *const verb_names[NVERB] = { "build", "roll", "discard", "robber", "offer", "accept",
					"reject", "cancel", "trade", "buy", "play", "end" };
const char *const piece_names[NPIECE] = { "road", "settlement", "city" };

#define MAXTOK 24
#define MAXTEXT 320

void move_init(struct move *m)
{
	memset(m, 0, sizeof *m);
	m->seat = NOBODY;
	m->card = -1;
	m->node = -1;
	m->hex = -1;
	m->victim = NOBODY;
	m->to = NOBODY;
	m->res = -1;
	m->path[0] = m->path[1] = -1;
}

static int bad(struct cerr *e, const char *field)
{
	return cerr_set(e, C_ILLEGAL, "malformed move: %s out of range", field);
}

static int counts_ok(const uint8_t c[NRES])
{
	for (int r = 0; r < NRES; r++)
		if (c[r] > MAX_BANK_EACH)
			return 0;
	return 1;
}

int move_check(const struct game *g, const struct move *m, struct cerr *e)
{
	if (m->seat < 0 || m->seat >= g->nplayers)
		return bad(e, "player");
	if (m->verb >= NVERB)
		return bad(e, "verb");
	if (!counts_ok(m->give) || !counts_ok(m->get))
		return bad(e, "card count");
	switch (m->verb) {
	case MV_BUILD:
		if (m->piece >= NPIECE)
			return bad(e, "piece");
		if (m->piece == PC_ROAD ? m->npath != 1 || m->path[0] < 0 || m->path[0] >= NEDGE
					: m->node < 0 || m->node >= NNODE)
			return bad(e, m->piece == PC_ROAD ? "path" : "intersection");
		break;
	case MV_ROLL:
		if ((m->dice[0] == 0) != (m->dice[1] == 0) || m->dice[0] > 6 || m->dice[1] > 6)
			return bad(e, "dice");
		break;
	case MV_ROBBER:
		if (m->hex < 0 || m->hex >= NHEX)
			return bad(e, "hex");
		if (m->victim != NOBODY && (m->victim < 0 || m->victim >= g->nplayers))
			return bad(e, "player robbed");
		if (m->res >= NRES || (m->res >= 0 && m->victim == NOBODY))
			return bad(e, "card stolen");
		break;
	case MV_OFFER:
		if (m->to != NOBODY && (m->to < 0 || m->to >= g->nplayers))
			return bad(e, "player offered to");
		break;
	case MV_BUY:
		if (m->card >= NDEV)
			return bad(e, "card");
		break;
	case MV_PLAY:
		if (m->card < 0 || m->card >= NDEV)
			return bad(e, "card");
		if (m->card == DEV_ROAD_BUILDING &&
		    (m->npath < 1 || m->npath > 2 || m->path[0] < 0 || m->path[0] >= NEDGE ||
		     (m->npath == 2 && (m->path[1] < 0 || m->path[1] >= NEDGE || m->path[1] == m->path[0]))))
			return bad(e, "path");
		if (m->card == DEV_YEAR_OF_PLENTY &&
		    m->get[0] + m->get[1] + m->get[2] + m->get[3] + m->get[4] != 2)
			return bad(e, "resources");
		if (m->card == DEV_MONOPOLY && (m->res < 0 || m->res >= NRES))
			return bad(e, "resource");
		break;
	}
	return C_OK;
}

static int lookup(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

/* A seat of g from a colour word; C_ILLEGAL when the word is no colour or the colour is not playing. */
static int seat_word(const struct game *g, const char *w, int *seat, struct cerr *e)
{
	int c = colour_parse(w);
	if (c < 0)
		return cerr_set(e, C_ILLEGAL, "unknown colour '%s'", w);
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

static int count_word(const char *w, int *n, struct cerr *e)
{
	int v = 0;
	for (const char *s = w; *s; s++) {
		if (*s < '0' || *s > '9' || v > 100)
			return cerr_set(e, C_ILLEGAL, "'%s' is not a count of cards", w);
		v = v * 10 + (*s - '0');
	}
	if (!*w || v < 1 || v > MAX_BANK_EACH)
		return cerr_set(e, C_ILLEGAL, "'%s' is not a count of cards (1 to %d)", w, MAX_BANK_EACH);
	*n = v;
	return C_OK;
}

static int path_word(const char *w, int8_t *path, struct cerr *e)
{
	int ed = edge_parse(w);
	if (ed < 0)
		return cerr_set(e, C_ILLEGAL, "'%s' is not a path (two neighbouring intersections a-b)", w);
	*path = (int8_t)ed;
	return C_OK;
}

/* "RES N RES N ..." from tok[*i] up to a stop word or the end; at least one pair. */
static int counts_words(char **tok, int ntok, int *i, const char *stop, uint8_t out[NRES],
			const char *what, struct cerr *e)
{
	int any = 0;
	while (*i < ntok && !(stop && strcmp(tok[*i], stop) == 0)) {
		int r, n;
		if (res_word(tok[*i], &r, e))
			return C_ILLEGAL;
		if (*i + 1 >= ntok || (stop && strcmp(tok[*i + 1], stop) == 0))
			return cerr_set(e, C_ILLEGAL, "a count must follow '%s'", tok[*i]);
		if (count_word(tok[*i + 1], &n, e))
			return C_ILLEGAL;
		if (out[r])
			return cerr_set(e, C_ILLEGAL, "%s is listed twice", resource_names[r]);
		out[r] = (uint8_t)n;
		any = 1;
		*i += 2;
	}
	if (!any)
		return cerr_set(e, C_ILLEGAL, "%s needs at least one resource and count", what);
	return C_OK;
}

static int die_word(const char *w, uint8_t *d, struct cerr *e)
{
	if (w[0] < '1' || w[0] > '6' || w[1])
		return cerr_set(e, C_ILLEGAL, "'%s' is not a die (1 to 6)", w);
	*d = (uint8_t)(w[0] - '0');
	return C_OK;
}

static int need(int i, int ntok, const char *fmt, const char *arg, struct cerr *e)
{
	if (i < ntok)
		return C_OK;
	return cerr_set(e, C_ILLEGAL, fmt, arg);
}

static int parse_play(char **tok, int ntok, int *i, struct move *m, struct cerr *e)
{
	if (need(*i, ntok, "'play' needs a card: knight, road-building, year-of-plenty or monopoly",
		 NULL, e))
		return C_ILLEGAL;
	int d = dev_parse(tok[*i]);
	if (d < 0)
		return cerr_set(e, C_ILLEGAL, "unknown development card '%s'", tok[*i]);
	if (d == DEV_VICTORY_POINT)
		return cerr_set(e, C_ILLEGAL, "victory point cards are not played: they count while held");
	m->card = (int8_t)d;
	(*i)++;
	switch (d) {
	case DEV_ROAD_BUILDING:
		if (need(*i, ntok, "'%s' needs one or two paths", "road-building", e))
			return C_ILLEGAL;
		while (*i < ntok && m->npath < 2) {
			if (path_word(tok[*i], &m->path[m->npath], e))
				return C_ILLEGAL;
			m->npath++;
			(*i)++;
		}
		if (m->npath == 2 && m->path[0] == m->path[1])
			return cerr_set(e, C_ILLEGAL, "the two paths are the same");
		break;
	case DEV_YEAR_OF_PLENTY:
		for (int k = 0; k < 2; k++) {
			int r;
			if (need(*i, ntok, "'%s' needs two resources", "year-of-plenty", e) ||
			    res_word(tok[*i], &r, e))
				return C_ILLEGAL;
			m->get[r]++;
			(*i)++;
		}
		break;
	case DEV_MONOPOLY: {
		int r;
		if (need(*i, ntok, "'%s' needs a resource", "monopoly", e) || res_word(tok[*i], &r, e))
			return C_ILLEGAL;
		m->res = (int8_t)r;
		(*i)++;
		break;
	}
	}
	return C_OK;
}

static int parse_words(const struct game *g, char **tok, int ntok, struct move *m, struct cerr *e)
{
	int i = 2, s, r, n;

	if (ntok == 0)
		return cerr_set(e, C_ILLEGAL, "empty move");
	if (seat_word(g, tok[0], &s, e))
		return C_ILLEGAL;
	m->seat = (int8_t)s;
	if (ntok < 2)
		return cerr_set(e, C_ILLEGAL, "a verb must follow the colour");
	int v = lookup(verb_names, NVERB, tok[1]);
	if (v < 0)
		return cerr_set(e, C_ILLEGAL, "unknown verb '%s'", tok[1]);
	m->verb = (uint8_t)v;

	switch (v) {
	case MV_BUILD: {
		if (need(i, ntok, "'build' needs road, settlement or city", NULL, e))
			return C_ILLEGAL;
		int pc = lookup(piece_names, NPIECE, tok[i]);
		if (pc < 0)
			return cerr_set(e, C_ILLEGAL, "unknown piece '%s' (road, settlement or city)",
					tok[i]);
		m->piece = (uint8_t)pc;
		i++;
		if (pc == PC_ROAD) {
			if (need(i, ntok, "'build road' needs a path", NULL, e) ||
			    path_word(tok[i], &m->path[0], e))
				return C_ILLEGAL;
			m->npath = 1;
		} else {
			if (need(i, ntok, "'build %s' needs an intersection", tok[i - 1], e))
				return C_ILLEGAL;
			int nd = node_parse(tok[i]);
			if (nd < 0)
				return cerr_set(e, C_ILLEGAL, "'%s' is not an intersection (1 to %d)",
						tok[i], NNODE);
			m->node = (int8_t)nd;
		}
		i++;
		break;
	}
	case MV_ROLL:
		if (i < ntok) {
			if (need(i + 1, ntok, "'roll' takes two dice or none", NULL, e) ||
			    die_word(tok[i], &m->dice[0], e) || die_word(tok[i + 1], &m->dice[1], e))
				return C_ILLEGAL;
			i += 2;
		}
		break;
	case MV_DISCARD:
		if (counts_words(tok, ntok, &i, NULL, m->give, "'discard'", e))
			return C_ILLEGAL;
		break;
	case MV_ROBBER: {
		if (need(i, ntok, "'robber' needs a hex", NULL, e))
			return C_ILLEGAL;
		int h = hex_parse(tok[i]);
		if (h < 0)
			return cerr_set(e, C_ILLEGAL, "'%s' is not a hex (1 to %d)", tok[i], NHEX);
		m->hex = (int8_t)h;
		i++;
		if (i < ntok && strcmp(tok[i], "steal") == 0) {
			i++;
			if (need(i, ntok, "'steal' needs a colour", NULL, e) ||
			    seat_word(g, tok[i], &s, e))
				return C_ILLEGAL;
			m->victim = (int8_t)s;
			i++;
			if (i < ntok) {
				if (res_word(tok[i], &r, e))
					return C_ILLEGAL;
				m->res = (int8_t)r;
				i++;
			}
		}
		break;
	}
	case MV_OFFER:
		if (need(i, ntok, "'offer' needs a colour or 'all'", NULL, e))
			return C_ILLEGAL;
		if (strcmp(tok[i], "all") == 0)
			m->to = NOBODY;
		else if (seat_word(g, tok[i], &s, e))
			return C_ILLEGAL;
		else
			m->to = (int8_t)s;
		i++;
		if (counts_words(tok, ntok, &i, "for", m->give, "an offer", e))
			return C_ILLEGAL;
		if (i >= ntok)
			return cerr_set(e, C_ILLEGAL, "an offer needs 'for' and the cards asked for");
		i++;
		if (counts_words(tok, ntok, &i, NULL, m->get, "the side after 'for'", e))
			return C_ILLEGAL;
		break;
	case MV_TRADE:
		if (need(i, ntok, "'trade' needs a resource, a count, 'for' and a resource", NULL, e) ||
		    res_word(tok[i], &r, e))
			return C_ILLEGAL;
		if (need(i + 1, ntok, "a count must follow '%s'", tok[i], e) ||
		    count_word(tok[i + 1], &n, e))
			return C_ILLEGAL;
		m->give[r] = (uint8_t)n;
		i += 2;
		if (i >= ntok || strcmp(tok[i], "for") != 0)
			return cerr_set(e, C_ILLEGAL, "'for' must follow the cards given");
		i++;
		if (need(i, ntok, "a resource must follow '%s'", "for", e) || res_word(tok[i], &r, e))
			return C_ILLEGAL;
		m->get[r] = 1;
		i++;
		break;
	case MV_BUY:
		if (i < ntok) {
			int d = dev_parse(tok[i]);
			if (d < 0)
				return cerr_set(e, C_ILLEGAL, "unknown development card '%s'", tok[i]);
			m->card = (int8_t)d;
			i++;
		}
		break;
	case MV_PLAY:
		if (parse_play(tok, ntok, &i, m, e))
			return C_ILLEGAL;
		break;
	default:		/* accept, reject, cancel, end */
		break;
	}
	if (i < ntok)
		return cerr_set(e, C_ILLEGAL, "unexpected '%s' at the end of the move", tok[i]);
	return C_OK;
}

int move_parse(const struct game *g, const char *text, struct move *m, struct cerr *e)
{
	char buf[MAXTEXT], *tok[MAXTOK];
	int ntok = 0;
	size_t len = strlen(text);

	move_init(m);
	if (len >= sizeof buf)
		return cerr_set(e, C_ILLEGAL, "move text longer than %d characters", MAXTEXT - 1);
	for (size_t k = 0; k <= len; k++)
		buf[k] = (char)tolower((unsigned char)text[k]);
	for (char *s = buf;;) {
		while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
			*s++ = '\0';
		if (!*s)
			break;
		if (ntok == MAXTOK)
			return cerr_set(e, C_ILLEGAL, "too many words for a move");
		tok[ntok++] = s;
		while (*s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			s++;
	}
	if (parse_words(g, tok, ntok, m, e) != C_OK) {
		int keep = m->seat;
		move_init(m);
		m->seat = (int8_t)keep;
		return C_ILLEGAL;
	}
	return C_OK;
}

/* each: hands every name of names[0 .. n-1] to add. */
static void each(const char *const *names, int n, void (*add)(const char *, void *), void *ctx)
{
	for (int i = 0; i < n; i++)
		add(names[i], ctx);
}

static void colours(const struct game *g, void (*add)(const char *, void *), void *ctx)
{
	if (!g)
		each(colour_names, NCOLOUR, add, ctx);
	for (int s = 0; g && s < g->nplayers; s++)
		add(colour_names[g->colour[s]], ctx);
}

/*
 * counts_next: in a list "RES N RES N ..." of which k words are typed:
 * after a count, another resource (or, when stop is given, stop).
 */
static void counts_next(int k, const char *stop, void (*add)(const char *, void *), void *ctx)
{
	if (k % 2)
		return;
	if (k && stop)
		add(stop, ctx);
	each(resource_names, NRES, add, ctx);
}

void move_complete(const struct game *g, char *const *w, int n, void (*add)(const char *, void *),
		   void *ctx)
{
	int verb = n >= 2 ? lookup(verb_names, NVERB, w[1]) : -1, k = n - 2;
	int d = n >= 3 ? dev_parse(w[2]) : -1;

	if (n == 0)
		colours(g, add, ctx);
	else if (n == 1)
		each(verb_names, NVERB, add, ctx);
	else if (verb == MV_BUILD && k == 0)
		each(piece_names, NPIECE, add, ctx);
	else if (verb == MV_DISCARD)
		counts_next(k, NULL, add, ctx);
	else if (verb == MV_ROBBER && k == 1)
		add("steal", ctx);
	else if (verb == MV_ROBBER && k == 2 && strcmp(w[3], "steal") == 0)
		colours(g, add, ctx);
	else if (verb == MV_ROBBER && k == 3 && strcmp(w[3], "steal") == 0)
		each(resource_names, NRES, add, ctx);
	else if (verb == MV_OFFER && k == 0) {
		add("all", ctx);
		colours(g, add, ctx);
	} else if (verb == MV_OFFER) {
		int f = 3;
		while (f < n && strcmp(w[f], "for") != 0)
			f++;
		counts_next(f < n ? n - f - 1 : k - 1, f < n ? NULL : "for", add, ctx);
	} else if (verb == MV_TRADE && (k == 0 || k == 3))
		each(resource_names, NRES, add, ctx);
	else if (verb == MV_TRADE && k == 2)
		add("for", ctx);
	else if (verb == MV_BUY && k == 0)
		each(dev_names, NDEV, add, ctx);
	else if (verb == MV_PLAY && k == 0)
		each(dev_names, DEV_VICTORY_POINT, add, ctx);
	else if (verb == MV_PLAY && d == DEV_YEAR_OF_PLENTY && k <= 2)
		each(resource_names, NRES, add, ctx);
	else if (verb == MV_PLAY && d == DEV_MONOPOLY && k == 1)
		each(resource_names, NRES, add, ctx);
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

/* Appends to buf as snprintf would, keeping the total length in *len. */
static void put(char *buf, size_t n, size_t *len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void put(char *buf, size_t n, size_t *len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(*len < n ? buf + *len : NULL, *len < n ? n - *len : 0, fmt, ap);
	va_end(ap);
	if (k > 0)
		*len += (size_t)k;
}

static void put_counts(char *buf, size_t n, size_t *len, const uint8_t c[NRES])
{
	for (int r = 0; r < NRES; r++)
		if (c[r])
			put(buf, n, len, " %s %d", resource_names[r], c[r]);
}

static const char *seat_name(const struct game *g, int seat)
{
	return seat >= 0 && seat < g->nplayers ? colour_names[g->colour[seat]] : "nobody";
}

int move_format(const struct game *g, const struct move *m, char *buf, size_t n)
{
	size_t len = 0;
	char p0[8], p1[8];

	if (n)
		buf[0] = '\0';
	put(buf, n, &len, "%s %s", seat_name(g, m->seat),
	    m->verb < NVERB ? verb_names[m->verb] : "?");
	switch (m->verb) {
	case MV_BUILD:
		if (m->piece == PC_ROAD)
			put(buf, n, &len, " road %s", edge_name(m->path[0], p0));
		else
			put(buf, n, &len, " %s %d", piece_names[m->piece], m->node + 1);
		break;
	case MV_ROLL:
		if (m->dice[0])
			put(buf, n, &len, " %d %d", m->dice[0], m->dice[1]);
		break;
	case MV_DISCARD:
		put_counts(buf, n, &len, m->give);
		break;
	case MV_ROBBER:
		put(buf, n, &len, " %d", m->hex + 1);
		if (m->victim != NOBODY)
			put(buf, n, &len, " steal %s", seat_name(g, m->victim));
		if (m->victim != NOBODY && m->res >= 0)
			put(buf, n, &len, " %s", resource_names[m->res]);
		break;
	case MV_OFFER:
		put(buf, n, &len, " %s", m->to == NOBODY ? "all" : seat_name(g, m->to));
		put_counts(buf, n, &len, m->give);
		put(buf, n, &len, " for");
		put_counts(buf, n, &len, m->get);
		break;
	case MV_TRADE:
		put_counts(buf, n, &len, m->give);
		for (int r = 0; r < NRES; r++)
			if (m->get[r])
				put(buf, n, &len, " for %s", resource_names[r]);
		break;
	case MV_BUY:
		if (m->card >= 0)
			put(buf, n, &len, " %s", dev_names[m->card]);
		break;
	case MV_PLAY:
		put(buf, n, &len, " %s", m->card >= 0 ? dev_names[m->card] : "?");
		if (m->card == DEV_ROAD_BUILDING) {
			put(buf, n, &len, " %s", edge_name(m->path[0], p0));
			if (m->npath > 1)
				put(buf, n, &len, " %s", edge_name(m->path[1], p1));
		} else if (m->card == DEV_YEAR_OF_PLENTY) {
			for (int r = 0; r < NRES; r++)
				for (int k = 0; k < m->get[r]; k++)
					put(buf, n, &len, " %s", resource_names[r]);
		} else if (m->card == DEV_MONOPOLY && m->res >= 0) {
			put(buf, n, &len, " %s", resource_names[m->res]);
		}
		break;
	}
	return (int)len;
}

/* ---- JSON ---- */

/* jfail: a failure at member key of the move object: "move.KEY: what". */
static int jfail(struct jr *r, const char *key, const char *what)
{
	return jr_fail_at(r, key, "%s", what);
}

static const char *jstr(const json_t *j, const char *key)
{
	json_t *v = json_object_get(j, key);
	return json_is_string(v) ? json_string_value(v) : NULL;
}

static int json_counts(struct jr *r, const json_t *j, const char *key, uint8_t out[NRES], int need_one)
{
	json_t *o = json_object_get(j, key), *v;
	const char *k;
	int any = 0, rc = C_OK;

	if (!json_is_object(o))
		return jfail(r, key, "an object of resource counts is needed");
	int s = jr_key(r, key);
	json_object_foreach(o, k, v) {
		int res = resource_parse(k);
		if (res < 0)
			rc = jfail(r, k, "unknown resource");
		else if (!json_is_integer(v) || json_integer_value(v) < 0 ||
			 json_integer_value(v) > MAX_BANK_EACH)
			rc = jr_fail_at(r, k, "a count 0 to %d is needed", MAX_BANK_EACH);
		else if (out[res] && json_integer_value(v)) {
			rc = jfail(r, k, "listed twice");
		}
		if (rc)
			break;
		out[res] = (uint8_t)json_integer_value(v);
		any |= out[res] != 0;
	}
	jr_pop(r, s);
	if (rc == C_OK && need_one && !any)
		rc = jfail(r, key, "at least one card is needed");
	return rc;
}

static int json_seat(const struct game *g, struct jr *r, const json_t *j, const char *key, int *seat)
{
	const char *s = jstr(j, key);
	if (!s)
		return jfail(r, key, "a colour is needed");
	if (seat_word(g, s, seat, r->e))
		return jfail(r, key, r->e->msg);
	return C_OK;
}

static int json_res(struct jr *r, const json_t *v, const char *key, int *res)
{
	if (!json_is_string(v) || (*res = resource_parse(json_string_value(v))) < 0)
		return jfail(r, key, "a resource is needed");
	return C_OK;
}

static int json_path(struct jr *r, const json_t *v, const char *key, int8_t *path)
{
	int ed;
	if (!json_is_string(v) || (ed = edge_parse(json_string_value(v))) < 0)
		return jfail(r, key, "a path \"a-b\" is needed");
	*path = (int8_t)ed;
	return C_OK;
}

static int json_int(struct jr *r, const json_t *j, const char *key, int lo, int hi, int *out)
{
	json_t *v = json_object_get(j, key);
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
		return jr_fail_at(r, key, "an integer %d to %d is needed", lo, hi);
	*out = (int)json_integer_value(v);
	return C_OK;
}

/* The keys a verb allows besides player and move. */
static const char *const json_keys[NVERB] = {
	[MV_BUILD] = " piece path node ", [MV_ROLL] = " dice ", [MV_DISCARD] = " cards ",
	[MV_ROBBER] = " hex steal card ", [MV_OFFER] = " to give get ", [MV_ACCEPT] = " ",
	[MV_REJECT] = " ", [MV_CANCEL] = " ", [MV_TRADE] = " give get ", [MV_BUY] = " card ",
	[MV_PLAY] = " card paths resources resource ", [MV_END] = " ",
};


static int json_body(const struct game *g, struct jr *r, const json_t *j, struct move *m)
{
	json_t *v;
	const char *k, *s;
	int x, res;

	if (!json_is_object(j))
		return jr_fail(r, "an object is needed");
	if (json_seat(g, r, j, "player", &x))
		return C_ILLEGAL;
	m->seat = (int8_t)x;
	if (!(s = jstr(j, "move")))
		return jfail(r, "move", "a verb is needed");
	int verb = lookup(verb_names, NVERB, s);
	if (verb < 0)
		return jr_fail_at(r, "move", "unknown verb '%s'", s);
	m->verb = (uint8_t)verb;
	json_object_foreach((json_t *)j, k, v) {
		char pat[40];
		snprintf(pat, sizeof pat, " %s ", k);
		if (strcmp(k, "player") && strcmp(k, "move") && !strstr(json_keys[verb], pat))
			return jr_fail_at(r, k, "unknown key for '%s'", s);
	}
	switch (verb) {
	case MV_BUILD:
		if (!(s = jstr(j, "piece")) || (x = lookup(piece_names, NPIECE, s)) < 0)
			return jfail(r, "piece", "road, settlement or city is needed");
		m->piece = (uint8_t)x;
		if (x == PC_ROAD) {
			if (json_object_get(j, "node"))
				return jfail(r, "node", "a road takes a path, not a node");
			if (json_path(r, json_object_get(j, "path"), "path", &m->path[0]))
				return C_ILLEGAL;
			m->npath = 1;
		} else {
			if (json_object_get(j, "path"))
				return jfail(r, "path", "a settlement or city takes a node, not a path");
			if (json_int(r, j, "node", 1, NNODE, &x))
				return C_ILLEGAL;
			m->node = (int8_t)(x - 1);
		}
		break;
	case MV_ROLL:
		if ((v = json_object_get(j, "dice"))) {
			for (int d = 0; d < 2; d++) {
				json_t *dv = json_array_get(v, (size_t)d);
				if (!json_is_array(v) || json_array_size(v) != 2 || !json_is_integer(dv) ||
				    json_integer_value(dv) < 1 || json_integer_value(dv) > 6)
					return jfail(r, "dice", "two integers 1 to 6 are needed");
				m->dice[d] = (uint8_t)json_integer_value(dv);
			}
		}
		break;
	case MV_DISCARD:
		return json_counts(r, j, "cards", m->give, 1);
	case MV_ROBBER:
		if (json_int(r, j, "hex", 1, NHEX, &x))
			return C_ILLEGAL;
		m->hex = (int8_t)(x - 1);
		if (json_object_get(j, "steal")) {
			if (json_seat(g, r, j, "steal", &x))
				return C_ILLEGAL;
			m->victim = (int8_t)x;
		}
		if ((v = json_object_get(j, "card"))) {
			if (m->victim == NOBODY)
				return jfail(r, "card", "a card stolen needs \"steal\"");
			if (json_res(r, v, "card", &res))
				return C_ILLEGAL;
			m->res = (int8_t)res;
		}
		break;
	case MV_OFFER:
		if (!(s = jstr(j, "to")))
			return jfail(r, "to", "a colour or \"all\" is needed");
		if (strcmp(s, "all") == 0)
			m->to = NOBODY;
		else if (json_seat(g, r, j, "to", &x))
			return C_ILLEGAL;
		else
			m->to = (int8_t)x;
		if (json_counts(r, j, "give", m->give, 1) || json_counts(r, j, "get", m->get, 1))
			return C_ILLEGAL;
		break;
	case MV_TRADE: {
		if (json_counts(r, j, "give", m->give, 1))
			return C_ILLEGAL;
		int kinds = 0;
		for (res = 0; res < NRES; res++)
			kinds += m->give[res] != 0;
		if (kinds != 1)
			return jfail(r, "give", "one resource is given in a maritime trade");
		if (json_res(r, json_object_get(j, "get"), "get", &res))
			return C_ILLEGAL;
		m->get[res] = 1;
		break;
	}
	case MV_BUY:
		if ((v = json_object_get(j, "card"))) {
			if (!json_is_string(v) || (x = dev_parse(json_string_value(v))) < 0)
				return jfail(r, "card", "a development card is needed");
			m->card = (int8_t)x;
		}
		break;
	case MV_PLAY:
		if (!(s = jstr(j, "card")) || (x = dev_parse(s)) < 0 || x == DEV_VICTORY_POINT)
			return jfail(r, "card", "knight, road-building, year-of-plenty or monopoly is needed");
		m->card = (int8_t)x;
		if (x == DEV_ROAD_BUILDING) {
			v = json_object_get(j, "paths");
			if (!json_is_array(v) || json_array_size(v) < 1 || json_array_size(v) > 2)
				return jfail(r, "paths", "one or two paths are needed");
			for (size_t i = 0; i < json_array_size(v); i++)
				if (json_path(r, json_array_get(v, i), "paths", &m->path[i]))
					return C_ILLEGAL;
			m->npath = (uint8_t)json_array_size(v);
			if (m->npath == 2 && m->path[0] == m->path[1])
				return jfail(r, "paths", "the two paths are the same");
		} else if (x == DEV_YEAR_OF_PLENTY) {
			v = json_object_get(j, "resources");
			if (!json_is_array(v) || json_array_size(v) != 2)
				return jfail(r, "resources", "two resources are needed");
			for (size_t i = 0; i < 2; i++) {
				if (json_res(r, json_array_get(v, i), "resources", &res))
					return C_ILLEGAL;
				m->get[res]++;
			}
		} else if (x == DEV_MONOPOLY) {
			if (json_res(r, json_object_get(j, "resource"), "resource", &res))
				return C_ILLEGAL;
			m->res = (int8_t)res;
		}
		for (const char *const *key = (const char *const[]){ "paths", "resources", "resource",
								     NULL };
		     *key; key++)
			if (json_object_get(j, *key) &&
			    !((x == DEV_ROAD_BUILDING && strcmp(*key, "paths") == 0) ||
			      (x == DEV_YEAR_OF_PLENTY && strcmp(*key, "resources") == 0) ||
			      (x == DEV_MONOPOLY && strcmp(*key, "resource") == 0)))
				return jr_fail_at(r, *key, "unknown key for '%s'", dev_names[x]);
		break;
	}
	return C_OK;
}

int move_from_json(const struct game *g, const json_t *j, struct move *m, struct cerr *e)
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

static int set_counts(json_t *o, const char *key, const uint8_t c[NRES])
{
	json_t *cs = json_object();
	if (!cs)
		return -1;
	for (int r = 0; r < NRES; r++)
		if (c[r] && json_object_set_new(cs, resource_names[r], json_integer(c[r])))
			return json_decref(cs), -1;
	return json_object_set_new(o, key, cs);
}

static int set_str(json_t *o, const char *key, const char *s)
{
	return json_object_set_new(o, key, json_string(s));
}

json_t *move_to_json(const struct game *g, const struct move *m)
{
	json_t *o = json_object(), *a;
	char p[8];
	int bad = 0;

	if (!o)
		return NULL;
	bad |= set_str(o, "player", seat_name(g, m->seat));
	bad |= set_str(o, "move", m->verb < NVERB ? verb_names[m->verb] : "?");
	switch (m->verb) {
	case MV_BUILD:
		bad |= set_str(o, "piece", piece_names[m->piece]);
		if (m->piece == PC_ROAD)
			bad |= set_str(o, "path", edge_name(m->path[0], p));
		else
			bad |= json_object_set_new(o, "node", json_integer(m->node + 1));
		break;
	case MV_ROLL:
		if (m->dice[0])
			bad |= json_object_set_new(o, "dice", json_pack("[ii]", m->dice[0], m->dice[1]));
		break;
	case MV_DISCARD:
		bad |= set_counts(o, "cards", m->give);
		break;
	case MV_ROBBER:
		bad |= json_object_set_new(o, "hex", json_integer(m->hex + 1));
		if (m->victim != NOBODY)
			bad |= set_str(o, "steal", seat_name(g, m->victim));
		if (m->victim != NOBODY && m->res >= 0)
			bad |= set_str(o, "card", resource_names[m->res]);
		break;
	case MV_OFFER:
		bad |= set_str(o, "to", m->to == NOBODY ? "all" : seat_name(g, m->to));
		bad |= set_counts(o, "give", m->give);
		bad |= set_counts(o, "get", m->get);
		break;
	case MV_TRADE:
		bad |= set_counts(o, "give", m->give);
		for (int r = 0; r < NRES; r++)
			if (m->get[r])
				bad |= set_str(o, "get", resource_names[r]);
		break;
	case MV_BUY:
		if (m->card >= 0)
			bad |= set_str(o, "card", dev_names[m->card]);
		break;
	case MV_PLAY:
		bad |= set_str(o, "card", m->card >= 0 ? dev_names[m->card] : "?");
		if (m->card == DEV_ROAD_BUILDING) {
			a = json_array();
			for (int i = 0; a && i < m->npath; i++)
				bad |= json_array_append_new(a, json_string(edge_name(m->path[i], p)));
			bad |= json_object_set_new(o, "paths", a);
		} else if (m->card == DEV_YEAR_OF_PLENTY) {
			a = json_array();
			for (int r = 0; a && r < NRES; r++)
				for (int k = 0; k < m->get[r]; k++)
					bad |= json_array_append_new(a, json_string(resource_names[r]));
			bad |= json_object_set_new(o, "resources", a);
		} else if (m->card == DEV_MONOPOLY && m->res >= 0) {
			bad |= set_str(o, "resource", resource_names[m->res]);
		}
		break;
	}
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}
