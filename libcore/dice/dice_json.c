/* dice_json.c: reading and writing dicegame-sheet/1 documents, and replaying their logs. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "dice_json.h"
#include "rng.h"
#include "dice_move.h"
#include "jr.h"
#include "jw.h"

#define BIT(i) ((uint64_t)1 << (i))
#define FORMAT "dicegame-sheet/1"

/* ---- writing ---- */

static void write_sites(struct jw *w, const struct dmap *m, uint64_t set)
{
	jw_arr(w, JW_INLINE);
	for (int i = 0; i < m->nsites; i++)
		if ((set & BIT(i)) && m->s[i].kind != DK_START)
			jw_str(w, m->s[i].id);
	jw_end_arr(w);
}

static void write_award(struct jw *w, const struct dgame *g, int holder, unsigned lost)
{
	jw_obj(w, JW_INLINE);
	jw_key(w, "holder");
	if (holder >= 0)
		jw_str(w, g->p[holder].name);
	else
		jw_null(w);
	jw_key(w, "lost");
	jw_arr(w, JW_INLINE);
	for (int i = 0; i < g->nplayers; i++)
		if (lost & (1u << i))
			jw_str(w, g->p[i].name);
	jw_end_arr(w);
	jw_end_obj(w);
}

static void write_turn(struct jw *w, const struct dgame *g)
{
	if (g->over) {
		jw_null(w);
		return;
	}
	if (dice_setup(g)) {	/* the Extra: who chooses a start road next */
		jw_obj(w, JW_BLOCK);
		jw_key_str(w, "start_road", g->p[g->starts].name);
		jw_end_obj(w);
		return;
	}
	jw_obj(w, JW_BLOCK);
	jw_key_int(w, "number", g->number);
	jw_key_str(w, "player", g->p[dice_seat(g)].name);
	jw_key_int(w, "dice_count", g->ndice);
	jw_key_int(w, "rolls", g->rolls);
	jw_key_bool(w, "locked", g->locked);
	jw_key(w, "dice");
	jw_arr(w, JW_INLINE);
	for (int d = 0; g->rolls && d < g->ndice; d++)
		jw_str(w, dice_face_names[g->dice[d]]);
	jw_end_arr(w);
	jw_key(w, "used");
	jw_arr(w, JW_INLINE);
	for (int d = 0; d < g->ndice; d++)
		if (g->used & (1u << d))
			jw_int(w, d + 1);
	jw_end_arr(w);
	jw_key(w, "built");
	write_sites(w, &g->map, g->turn_built);
	jw_end_obj(w);
}

static void write_state(struct jw *w, const struct dgame *g)
{
	char buf[96];
	jw_obj(w, JW_BLOCK);
	jw_key_str(w, "format", FORMAT);
	if (g->view) {
		jw_key_bool(w, "view", 1);
	}
	jw_key(w, "map");
	if (g->map.builtin)
		jw_str(w, g->map.name);
	else
		dice_map_write(w, &g->map);
	if (g->map.island == DICE_EXTRA)
		jw_key_bool(w, "castles", g->castles);
	jw_key_str(w, "outcomes", g->external ? "external" : "internal");
	if (!g->external && !g->view && g->has_secret) {
		char hex[2 * LUCK_KEY_BYTES + 1];
		luck_key_text(g->secret, hex);
		jw_key_str(w, "secret", hex);
		jw_key_int(w, "draws", (long long)g->rng[0]);
	} else if (!g->external && !g->view) {
		jw_key_int(w, "seed", (long long)g->seed);
		jw_key(w, "rng");
		jw_arr(w, JW_INLINE);
		for (int i = 0; i < 4; i++) {
			snprintf(buf, sizeof buf, "%016" PRIx64, g->rng[i]);
			jw_str(w, buf);
		}
		jw_end_arr(w);
	}
	jw_key(w, "players");
	jw_arr(w, JW_BLOCK);
	for (int i = 0; i < g->nplayers; i++) {
		const struct dplayer *p = &g->p[i];
		jw_obj(w, JW_BLOCK);
		jw_key_str(w, "name", p->name);
		if (g->map.island == DICE_EXTRA) {
			jw_key(w, "start");
			if (p->start >= 0)
				jw_str(w, g->map.s[p->start].id);
			else
				jw_null(w);
		}
		jw_key(w, "built");
		write_sites(w, &g->map, p->start >= 0 ? p->built & ~BIT(p->start) : p->built);
		jw_key(w, "jokers");
		write_sites(w, &g->map, p->jokers);
		if (g->map.island == 1) {
			jw_key(w, "track");
			jw_arr(w, JW_INLINE);
			for (int t = 0; t < p->ntrack; t++)
				if (p->track[t] == DICE_X)
					jw_str(w, "X");
				else
					jw_int(w, p->track[t]);
			jw_end_arr(w);
		}
		jw_end_obj(w);
	}
	jw_end_arr(w);
	if (g->map.island != 1) {
		jw_key(w, "awards");
		jw_obj(w, JW_BLOCK);
		jw_key(w, "longest_road");
		write_award(w, g, g->road_holder, g->road_lost);
		jw_key(w, "largest_army");
		write_award(w, g, g->army_holder, g->army_lost);
		jw_end_obj(w);
	}
	jw_key(w, "turn");
	write_turn(w, g);
	jw_key(w, "log");
	jw_arr(w, JW_BLOCK);
	for (size_t i = 0; i < g->nlog; i++)
		jw_str(w, dice_format(&g->map, &g->log[i], buf, sizeof buf));
	jw_end_arr(w);
	jw_end_obj(w);
}

static int finish(struct jw *w, char **out, size_t *len, struct cerr *e)
{
	if (jw_finish(w, out, len) != 0) {
		jw_free(w);
		return cerr_set(e, C_SYSTEM, "out of memory");
	}
	return C_OK;
}

int dice_state_write(const struct dgame *g, int compact, char **out, size_t *len, struct cerr *e)
{
	struct jw w;
	jw_init(&w, compact);
	write_state(&w, g);
	return finish(&w, out, len, e);
}

int dice_map_dump(const struct dmap *map, int compact, char **out, size_t *len, struct cerr *e)
{
	struct jw w;
	jw_init(&w, compact);
	dice_map_write(&w, map);
	return finish(&w, out, len, e);
}

/* ---- reading ---- */

static int seat_of(const struct dgame *g, const char *name)
{
	for (int i = 0; i < g->nplayers; i++)
		if (strcmp(g->p[i].name, name) == 0)
			return i;
	return -1;
}

/* read_sites: an array of site ids into a set; ok filters the sites allowed here. */
static int read_sites(struct jr *r, const struct dgame *g, jv_t *obj, const char *key,
		      int (*ok)(const struct dsite *), const char *what, uint64_t *set)
{
	jv_t *a;
	int rc;
	if ((rc = jr_array(r, obj, key, DICE_MAXSITES, &a)))
		return rc;
	int s0 = jr_key(r, key);
	*set = 0;
	for (size_t i = 0; i < jv_array_size(a); i++) {
		jv_t *v = jv_array_get(a, i);
		int s1 = jr_index(r, i);
		if (!jv_is_string(v))
			return jr_fail(r, "expected a site id, found %s", jr_type(v));
		int k = dice_map_find(&g->map, jv_string_value(v));
		if (k < 0)
			return jr_fail(r, "there is no site %s on this sheet", jv_string_value(v));
		if (!ok(&g->map.s[k]))
			return jr_fail(r, "%s is not %s", g->map.s[k].id, what);
		if (*set & BIT(k))
			return jr_fail(r, "%s is named twice", g->map.s[k].id);
		*set |= BIT(k);
		jr_pop(r, s1);
	}
	jr_pop(r, s0);
	return C_OK;
}

static int buildable_kind(const struct dsite *s)
{
	return s->kind != DK_START && s->kind != DK_DESERT;
}

static int has_joker(const struct dsite *s)
{
	return s->joker != DJ_NONE;
}

static int read_track(struct jr *r, jv_t *obj, struct dplayer *p)
{
	jv_t *a;
	int rc;
	if ((rc = jr_array(r, obj, "track", DICE_TURNS, &a)))
		return rc;
	int s0 = jr_key(r, "track");
	for (size_t t = 0; t < jv_array_size(a); t++) {
		jv_t *v = jv_array_get(a, t);
		int s1 = jr_index(r, t);
		if (jv_is_string(v) && strcmp(jv_string_value(v), "X") == 0)
			p->track[t] = DICE_X;
		else if (jv_is_integer(v) && jv_integer_value(v) >= 0 && jv_integer_value(v) <= 999)
			p->track[t] = (int16_t)jv_integer_value(v);
		else
			return jr_fail(r, "expected \"X\" or points from 0 to 999");
		jr_pop(r, s1);
	}
	p->ntrack = (uint8_t)jv_array_size(a);
	jr_pop(r, s0);
	return C_OK;
}

/* read_start: the Extra's start road of player i (null until chosen; chosen in seat order). */
static int read_start(struct jr *r, struct dgame *g, jv_t *v, int i)
{
	struct dplayer *p = &g->p[i];
	jv_t *k;
	int rc;
	if (!(k = jr_member(r, v, "start", 1, &rc)))
		return rc;
	int s0 = jr_key(r, "start");
	if (jv_is_null(k)) {
		jr_pop(r, s0);
		return p->built ? jr_fail_at(r, "built", "%s builds nothing before choosing a start road", p->name)
				: C_OK;
	}
	if (!jv_is_string(k))
		return jr_fail(r, "expected null or a coastal road, found %s", jr_type(k));
	int x = dice_map_find(&g->map, jv_string_value(k));
	if (x < 0 || g->map.s[x].kind != DK_ROAD || !g->map.s[x].coast)
		return jr_fail(r, "'%s' is not a coastal road", jv_string_value(k));
	if (g->starts != i)
		return jr_fail(r, "%s chooses a start road after %s, who has none", p->name, g->p[g->starts].name);
	if (p->built & BIT(x))
		return jr_fail_at(r, "built", "%s is the start road, named in start", g->map.s[x].id);
	p->start = (int8_t)x;
	p->built |= BIT(x);
	g->starts++;
	jr_pop(r, s0);
	return C_OK;
}

static int read_players(struct jr *r, struct dgame *g, jv_t *root)
{
	static const char *const keys1[] = { "name", "built", "jokers", "track", NULL };
	static const char *const keys2[] = { "name", "built", "jokers", NULL };
	static const char *const keys3[] = { "name", "start", "built", "jokers", NULL };
	jv_t *a;
	int rc;
	if ((rc = jr_array(r, root, "players", DICE_MAXPLAYERS, &a)))
		return rc;
	int s0 = jr_key(r, "players");
	if (jv_array_size(a) == 0)
		return jr_fail(r, "expected 1 to %d players", DICE_MAXPLAYERS);
	if (g->map.island == DICE_EXTRA && jv_array_size(a) < 2)
		return jr_fail(r, "the Extra is for 2 to %d players, not %zu", DICE_MAXPLAYERS, jv_array_size(a));
	g->nplayers = (uint8_t)jv_array_size(a);
	for (size_t i = 0; i < g->nplayers; i++) {
		jv_t *v = jv_array_get(a, i);
		struct dplayer *p = &g->p[i];
		const char *name;
		int s1 = jr_index(r, i);
		if ((rc = jr_object(r, v, g->map.island == 1 ? keys1 : g->map.island == 2 ? keys2 : keys3)) ||
		    (rc = jr_str(r, v, "name", DICE_NAMELEN - 1, &name)))
			return rc;
		int s2 = jr_key(r, "name");
		if (!dice_name_ok(name))
			return jr_fail(r, "'%s' is no name: 1 to 16 letters, digits, '-' or '_'", name);
		if (seat_of(g, name) >= 0)
			return jr_fail(r, "player '%s' appears twice", name);
		jr_pop(r, s2);
		snprintf(p->name, sizeof p->name, "%s", name);
		if ((rc = read_sites(r, g, v, "built", buildable_kind, "a building site", &p->built)) ||
		    (rc = read_sites(r, g, v, "jokers", has_joker, "a joker", &p->jokers)))
			return rc;
		p->start = -1;
		if (g->map.island == DICE_EXTRA && (rc = read_start(r, g, v, (int)i)))
			return rc;
		if (g->map.start >= 0)
			p->built |= BIT(g->map.start);
		if (g->map.island == 1 && (rc = read_track(r, v, p)))
			return rc;
		jr_pop(r, s1);
	}
	jr_pop(r, s0);
	return C_OK;
}

static int read_award(struct jr *r, struct dgame *g, jv_t *obj, const char *key, int8_t *holder,
		      uint8_t *lost)
{
	static const char *const keys[] = { "holder", "lost", NULL };
	jv_t *v, *h, *a;
	int rc;
	if (!(v = jr_member(r, obj, key, 1, &rc)))
		return rc;
	int s0 = jr_key(r, key);
	if ((rc = jr_object(r, v, keys)) || !(h = jr_member(r, v, "holder", 1, &rc)) ||
	    (rc = jr_array(r, v, "lost", DICE_MAXPLAYERS, &a)))
		return rc;
	int s1 = jr_key(r, "holder");
	*holder = -1;
	if (!jv_is_null(h)) {
		if (!jv_is_string(h) || (*holder = (int8_t)seat_of(g, jv_string_value(h))) < 0)
			return jr_fail(r, "expected null or a player's name");
	}
	jr_pop(r, s1);
	s1 = jr_key(r, "lost");
	*lost = 0;
	for (size_t i = 0; i < jv_array_size(a); i++) {
		jv_t *n = jv_array_get(a, i);
		int s = jv_is_string(n) ? seat_of(g, jv_string_value(n)) : -1;
		int s2 = jr_index(r, i);
		if (s < 0)
			return jr_fail(r, "expected a player's name");
		if (*lost & (1u << s))
			return jr_fail(r, "'%s' is named twice", g->p[s].name);
		*lost |= (uint8_t)(1u << s);
		jr_pop(r, s2);
	}
	jr_pop(r, s1);
	jr_pop(r, s0);
	return C_OK;
}

/* turns_done: how many turns seat has finished before turn number. */
static int turns_done(const struct dgame *g, int seat, uint32_t number)
{
	uint32_t past = number - 1;
	return (int)(past / g->nplayers + (past % g->nplayers > (uint32_t)seat));
}

static int read_turn(struct jr *r, struct dgame *g, jv_t *root)
{
	static const char *const keys[] = { "number", "player", "dice_count", "rolls", "locked",
					    "dice", "used", "built", NULL };
	jv_t *t, *a;
	long long x;
	const char *name;
	int rc, b;

	if (!(t = jr_member(r, root, "turn", 1, &rc)))
		return rc;
	int s0 = jr_key(r, "turn");
	if (jv_is_null(t)) {
		g->over = 1;
		jr_pop(r, s0);
		return C_OK;
	}
	g->number = 1;
	g->ndice = (uint8_t)dice_turn_dice(g, 1);
	if (dice_setup(g)) {
		static const char *const skeys[] = { "start_road", NULL };
		if ((rc = jr_object(r, t, skeys)) || (rc = jr_str(r, t, "start_road", DICE_NAMELEN, &name)))
			return rc;
		if (strcmp(name, g->p[g->starts].name) != 0)
			return jr_fail_at(r, "start_road", "%s chooses the next start road, not '%s'",
					  g->p[g->starts].name, name);
		jr_pop(r, s0);
		return C_OK;
	}
	if ((rc = jr_object(r, t, keys)))
		return rc;
	long long maxturn = g->map.island == 1 ? (long long)DICE_TURNS * g->nplayers : 100000;
	if ((rc = jr_int(r, t, "number", 1, maxturn, &x)))
		return rc;
	g->number = (uint32_t)x;
	if ((rc = jr_str(r, t, "player", DICE_NAMELEN, &name)))
		return rc;
	if (strcmp(name, g->p[dice_seat(g)].name) != 0) {
		jr_key(r, "player");
		return jr_fail(r, "turn %u is %s's, not '%s'", g->number, g->p[dice_seat(g)].name, name);
	}
	g->ndice = (uint8_t)dice_turn_dice(g, g->number);
	if ((rc = jr_int(r, t, "dice_count", g->ndice, g->ndice, &x)) ||
	    (rc = jr_int(r, t, "rolls", 0, 3, &x)))
		return rc;
	g->rolls = (uint8_t)x;
	if ((rc = jr_bool(r, t, "locked", &b)))
		return rc;
	g->locked = (uint8_t)b;
	if ((rc = jr_array(r, t, "dice", DICE_NDICE, &a)))
		return rc;
	int s1 = jr_key(r, "dice");
	if (jv_array_size(a) != (g->rolls ? g->ndice : 0))
		return jr_fail(r, "expected %d faces", g->rolls ? g->ndice : 0);
	for (size_t d = 0; d < jv_array_size(a); d++) {
		jv_t *v = jv_array_get(a, d);
		int f = jv_is_string(v) ? dice_face_parse(jv_string_value(v)) : -1;
		int s2 = jr_index(r, d);
		if (f < 0 || strcmp(jv_string_value(v), dice_face_names[f]) != 0)
			return jr_fail(r, "expected ore, grain, wool, lumber, brick or gold");
		g->dice[d] = (uint8_t)f;
		jr_pop(r, s2);
	}
	jr_pop(r, s1);
	if ((rc = jr_array(r, t, "used", DICE_NDICE, &a)))
		return rc;
	s1 = jr_key(r, "used");
	for (size_t d = 0; d < jv_array_size(a); d++) {
		jv_t *v = jv_array_get(a, d);
		int s2 = jr_index(r, d);
		if (!jv_is_integer(v) || jv_integer_value(v) < 1 || jv_integer_value(v) > g->ndice)
			return jr_fail(r, "expected a die number from 1 to %d", g->ndice);
		unsigned bit = 1u << (jv_integer_value(v) - 1);
		if (g->used & bit)
			return jr_fail(r, "die %d is named twice", (int)jv_integer_value(v));
		g->used |= (uint8_t)bit;
		jr_pop(r, s2);
	}
	jr_pop(r, s1);
	if ((rc = read_sites(r, g, t, "built", buildable_kind, "a building site", &g->turn_built)))
		return rc;
	if (g->turn_built & ~g->p[dice_seat(g)].built) {
		s1 = jr_key(r, "built");
		return jr_fail(r, "a site built this turn is not on %s's sheet", g->p[dice_seat(g)].name);
	}
	if (!g->rolls && (g->locked || g->used || g->turn_built))
		return jr_fail(r, "nothing can be locked, spent or built before the first roll");
	jr_pop(r, s0);
	return C_OK;
}

/* read_entry: log entry i, text, into g's log. */
static int read_entry(struct jr *r, struct dgame *g, size_t i, const char *text)
{
	struct dmove m[2];
	int n, s1 = jr_index(r, i);
	if (dice_parse(&g->map, text, m, 2, &n, r->e) != C_OK) {
		char msg[sizeof r->e->msg];
		snprintf(msg, sizeof msg, "%s", r->e->msg);
		return jr_fail(r, "'%s': %s", text, msg);
	}
	if (n != 1)
		return jr_fail(r, "'%s': one move an entry", text);
	if (m[0].type == DM_REROLL && m[0].keep)
		return jr_fail(r, "'%s': the log names the dice rolled again: reroll DIE... to FACE...", text);
	if ((m[0].type == DM_ROLL || m[0].type == DM_REROLL) && !m[0].nfaces)
		return jr_fail(r, "'%s': the log records the faces rolled", text);
	g->log[i] = m[0];
	jr_pop(r, s1);
	return C_OK;
}

/*
 * read_log: the log, from the document's value, or, when the reader left
 * its strings in the text (l->whole), from text itself, one at a time.
 */
#define LOG_MAX ((size_t)1 << 24)
static int read_log(struct jr *r, struct dgame *g, jv_t *root, const struct jv_list *l, const char *text,
		    size_t len)
{
	jv_t *a = NULL;
	int rc;
	if (!l->whole && (rc = jr_array(r, root, "log", LOG_MAX, &a)))
		return rc;
	int s0 = jr_key(r, "log");
	size_t cnt = l->whole ? l->n : jv_array_size(a), pos = l->at, n;
	if (cnt > LOG_MAX)
		return jr_fail(r, "expected at most %zu elements, found %zu", LOG_MAX, cnt);
	if (cnt > g->caplog) {
		struct dmove *nl = realloc(g->log, (cnt ? cnt : 1) * sizeof *nl);
		if (!nl)
			return cerr_set(r->e, C_SYSTEM, "out of memory");
		g->log = nl;
		g->caplog = cnt ? cnt : 1;
	}
	for (size_t i = 0; i < cnt; i++) {
		char move[256];
		const char *t = move;
		if (!l->whole) {
			t = jv_string_value(jv_array_get(a, i));
			n = jv_string_length(jv_array_get(a, i));
		} else if (jv_list_next(text, len, &pos, move, sizeof move, &n) < 0) {
			return cerr_set(r->e, C_SYSTEM, "out of memory");
		}
		/* A move is short and holds no NUL: a longer text would be read cut short. */
		if (n >= sizeof move || strlen(t) != n) {
			jr_index(r, i);
			return jr_fail(r, "not a move: %zu bytes, or a NUL among them", n);
		}
		if ((rc = read_entry(r, g, i, t)))
			return rc;
	}
	g->nlog = cnt;
	jr_pop(r, s0);
	return C_OK;
}

static int read_hex64(const char *s, uint64_t *out)
{
	uint64_t v = 0;
	if (strlen(s) != 16)
		return -1;
	for (; *s; s++) {
		int d = *s >= '0' && *s <= '9' ? *s - '0' : *s >= 'a' && *s <= 'f' ? *s - 'a' + 10 : -1;
		if (d < 0)
			return -1;
		v = v << 4 | (uint64_t)d;
	}
	*out = v;
	return 0;
}

static int read_outcomes(struct jr *r, struct dgame *g, jv_t *root)
{
	const char *s;
	jv_t *a;
	long long x;
	int rc;
	if ((rc = jr_str(r, root, "outcomes", 16, &s)))
		return rc;
	if (strcmp(s, "internal") && strcmp(s, "external")) {
		jr_key(r, "outcomes");
		return jr_fail(r, "expected internal or external, found '%s'", s);
	}
	g->external = strcmp(s, "external") == 0;
	if (g->external && g->view)
		return jr_fail_at(r, "view", "a sheet with external outcomes has no generator to leave out");
	if (g->external || g->view) {
		if (jv_object_get(root, "seed") || jv_object_get(root, "rng") ||
		    jv_object_get(root, "secret") || jv_object_get(root, "draws"))
			return jr_fail(r, g->view ? "'seed', 'rng', 'secret' and 'draws' are left out of a view"
						  : "'seed', 'rng', 'secret' and 'draws' belong to sheets with "
						    "internal outcomes");
		return C_OK;
	}
	if (jv_object_get(root, "secret")) {
		/* A refereed sheet: the dice come from the keyed stream, at the word counted in draws. */
		if (jv_object_get(root, "seed") || jv_object_get(root, "rng"))
			return jr_fail(r, "a sheet with a secret has no 'seed' or 'rng'");
		if ((rc = jr_str(r, root, "secret", 2 * LUCK_KEY_BYTES, &s)))
			return rc;
		if (luck_key_parse(s, g->secret)) {
			jr_key(r, "secret");
			return jr_fail(r, "expected %d lower-case hexadecimal digits", 2 * LUCK_KEY_BYTES);
		}
		if ((rc = jr_int(r, root, "draws", 0, INT64_MAX, &x)))
			return rc;
		g->has_secret = 1;
		g->rng[0] = (uint64_t)x;
		return C_OK;
	}
	if ((rc = jr_int(r, root, "seed", 0, (long long)DICE_MAXSEED, &x)))
		return rc;
	g->seed = (uint64_t)x;
	if ((rc = jr_array(r, root, "rng", 4, &a)))
		return rc;
	int s0 = jr_key(r, "rng");
	if (jv_array_size(a) != 4)
		return jr_fail(r, "expected 4 words of 16 hex digits");
	for (size_t i = 0; i < 4; i++) {
		jv_t *v = jv_array_get(a, i);
		int s1 = jr_index(r, i);
		if (!jv_is_string(v) || read_hex64(jv_string_value(v), &g->rng[i]))
			return jr_fail(r, "expected 16 lower-case hex digits");
		jr_pop(r, s1);
	}
	if (!(g->rng[0] | g->rng[1] | g->rng[2] | g->rng[3]))
		return jr_fail(r, "the generator's state cannot be all zero");
	jr_pop(r, s0);
	return C_OK;
}

/* consistent: what the position itself must satisfy, whatever the log says. */
static int consistent(struct jr *r, const struct dgame *g)
{
	for (int i = 0; i < g->nplayers; i++) {
		const struct dplayer *p = &g->p[i];
		int want = g->map.island != 1 ? p->ntrack
			   : g->over	      ? DICE_TURNS
					      : turns_done(g, i, g->number);
		if (p->ntrack != want)
			return jr_fail(r, "players[%d].track: %s has %d turns scored; the turn count says %d",
					i, p->name, p->ntrack, want);
		for (int k = 0; k < g->map.nsites; k++)
			if ((p->jokers & BIT(k)) && !((p->built & BIT(k)) || g->map.s[k].kind == DK_DESERT))
				return jr_fail(r, "players[%d].jokers: joker %s is used but %s is not built",
						i, g->map.s[k].id, g->map.s[k].id);
	}
	if (g->map.island == DICE_EXTRA) {
		uint64_t seen = 0;
		int won = 0, stuck = 1;
		for (int i = 0; i < g->nplayers; i++) {
			uint64_t twice = g->p[i].built & seen;
			if (twice) {
				int k = __builtin_ctzll(twice);
				return jr_fail(r, "players[%d].built: %s is %s's", i, g->map.s[k].id,
						g->p[dice_owner(g, k)].name);
			}
			seen |= g->p[i].built;
			won |= dice_vp(g, i) >= DICE_WIN_VP;
			stuck &= !g->p[i].front;
		}
		if (dice_setup(g) && g->over)
			return jr_fail(r, "turn: the start roads are not all chosen, so the game goes on");
		if (won && !g->over)
			return jr_fail(r, "turn: a player has %d victory points, so the game is over", DICE_WIN_VP);
		if (!won && !stuck && g->over)
			return jr_fail(r, "turn: the game is over but nobody has %d victory points and sites are "
					"left to build", DICE_WIN_VP);
	}
	if (g->map.island == 2) {
		int won = 0;
		for (int i = 0; i < g->nplayers; i++)
			won |= dice_vp(g, i) >= DICE_WIN_VP;
		if (won && !g->over)
			return jr_fail(r, "turn: a player has %d victory points, so the game is over",
					DICE_WIN_VP);
		if (!won && g->over)
			return jr_fail(r, "turn: the game is over but nobody has %d victory points",
					DICE_WIN_VP);
	}
	return C_OK;
}

static int read_root(struct jr *r, struct dgame *g, jv_t *root, const struct jv_list *l, const char *text, size_t len)
{
	static const char *const keys[] = { "format", "view", "map", "castles", "outcomes", "seed", "rng", "secret",
					    "draws", "players", "awards", "turn", "log", NULL };
	const char *s;
	jv_t *m;
	int rc;

	if ((rc = jr_object(r, root, keys)) || (rc = jr_str(r, root, "format", 64, &s)))
		return rc;
	if (strcmp(s, FORMAT) != 0) {
		jr_key(r, "format");
		return jr_fail(r, "unknown format '%s' (expected " FORMAT ")", s);
	}
	if (jv_object_get(root, "view")) {
		int view;
		if ((rc = jr_bool(r, root, "view", &view)))
			return rc;
		g->view = (uint8_t)view;
	}
	if (!(m = jr_member(r, root, "map", 1, &rc)))
		return rc;
	if (jv_is_string(m)) {
		int sv = jr_key(r, "map");
		if (dice_map_builtin_name(jv_string_value(m), &g->map, r->e))
			return jr_fail(r, "no built-in map '%s' (island-one, island-two, extra)",
					jv_string_value(m));
		jr_pop(r, sv);
	} else if ((rc = dice_map_from_json(&g->map, m, "map", r->e))) {
		return rc;
	}
	if (g->map.island == DICE_EXTRA) {
		int c;
		if ((rc = jr_bool(r, root, "castles", &c)))
			return rc;
		g->castles = (uint8_t)c;
	} else if (jv_object_get(root, "castles")) {
		return jr_fail(r, "unknown key 'castles' (castles are an option of the Extra)");
	}
	if ((rc = read_outcomes(r, g, root)) || (rc = read_players(r, g, root)))
		return rc;
	dice_fronts(g);
	jv_t *aw = jv_object_get(root, "awards");
	if (g->map.island == 1 && aw)
		return jr_fail(r, "unknown key 'awards' (Island Two sheets have awards)");
	if (g->map.island != 1) {
		if (!(aw = jr_member(r, root, "awards", 1, &rc)))
			return rc;
		static const char *const akeys[] = { "longest_road", "largest_army", NULL };
		int sv = jr_key(r, "awards");
		if ((rc = jr_object(r, aw, akeys)) ||
		    (rc = read_award(r, g, aw, "longest_road", &g->road_holder, &g->road_lost)) ||
		    (rc = read_award(r, g, aw, "largest_army", &g->army_holder, &g->army_lost)))
			return rc;
		jr_pop(r, sv);
	}
	if ((rc = read_turn(r, g, root)) || (rc = read_log(r, g, root, l, text, len)))
		return rc;
	return consistent(r, g);
}

/*
 * The values and keys a sheet may hold outside its log: a map of its own
 * holds about 2,000, so this bounds the memory of reading the rest of a
 * sheet by a small constant whatever the file's size, as for the board game.
 */
#define SHEET_MAX_VALUES 65536

int dice_state_read(struct dgame *g, const char *text, size_t len, struct cerr *e)
{
	struct jv_list l = { .key = "log" };
	const struct jr_limits lim = { &l, SHEET_MAX_VALUES, "a sheet", "a move" };
	struct jv_doc d;
	struct jr r;
	struct dmove *log = g->log;
	size_t cap = g->caplog;
	int rc;

	jr_init(&r, "", e);
	if (!jr_load(&r, text, len, &lim, &d, &rc))
		return rc;
	dice_game_init(g);
	g->log = log;
	g->caplog = cap;
	jr_init(&r, "", e);
	rc = read_root(&r, g, d.root, &l, text, len);
	jv_free(&d);
	return rc;
}

/* ---- replaying ---- */

static int compare(const struct dgame *want, const struct dgame *got, struct cerr *e)
{
	char *a = NULL, *b = NULL;
	size_t la, lb;
	int rc;
	if ((rc = dice_state_write(want, 1, &a, &la, e)) || (rc = dice_state_write(got, 1, &b, &lb, e)))
		goto out;
	if (la == lb && memcmp(a, b, la) == 0)
		goto out;
	struct jv_doc da, db;
	struct jv_error je;
	struct jr r;
	int pa = jv_parse(a, la, &da, &je) == 0, pb = jv_parse(b, lb, &db, &je) == 0;
	jr_init(&r, "", e);
	if (pa && pb)
		jr_diff(&r, da.root, db.root);
	char path[320];
	jr_path(&r, path, sizeof path);
	rc = cerr_set(e, C_ILLEGAL, "the log replayed does not give this sheet: %s differs",
		      path[0] ? path : "the document");
	if (pa)
		jv_free(&da);
	if (pb)
		jv_free(&db);
out:
	free(a);
	free(b);
	return rc;
}

int dice_validate(const struct dgame *g, struct cerr *e)
{
	struct dgame r;
	const char *names[DICE_MAXPLAYERS];
	char text[96];
	int rc;

	dice_game_init(&r);
	for (int i = 0; i < g->nplayers; i++)
		names[i] = g->p[i].name;
	/* A view has no generator: its log is replayed with the outcomes it records. */
	if ((rc = dice_game_start(&r, &g->map, g->nplayers, names, g->external || g->view, g->seed, e)))
		goto out;
	if (g->has_secret)
		dice_game_secret(&r, g->secret);
	r.castles = g->castles;
	for (size_t i = 0; i < g->nlog; i++) {
		struct dmove m = g->log[i];
		if ((rc = dice_apply(&r, &m, DICE_REPLAY, e))) {
			cerr_prefix(e, "log[%zu] '%s'", i, dice_format(&g->map, &g->log[i], text, sizeof text));
			goto out;
		}
	}
	if (g->view) {
		r.external = 0;
		r.view = 1;
	}
	rc = compare(g, &r, e);
out:
	dice_game_free(&r);
	return rc;
}
