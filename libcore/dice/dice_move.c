/* dice_move.c: parsing and printing moves, applying moves given as text, and listing the legal ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "dice_move.h"

#define MAXWORDS 80

static int split(char *s, char **w, int max)
{
	int n = 0;
	char *save = NULL;
	for (char *t = strtok_r(s, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save)) {
		if (n == max)
			return -1;
		w[n++] = t;
	}
	return n;
}

static int is(const char *w, const char *word)
{
	return w && strcasecmp(w, word) == 0;
}

/* die: a die number 1..6 to 0-based. */
static int die(const char *w, int *d, struct cerr *e)
{
	int v = 0;
	if (!w || !*w || strlen(w) > 3)
		return cerr_set(e, C_ILLEGAL, "expected a die number, found '%s'", w ? w : "");
	for (const char *p = w; *p; p++) {
		if (*p < '0' || *p > '9')
			return cerr_set(e, C_ILLEGAL, "expected a die number, found '%s'", w);
		v = v * 10 + (*p - '0');
	}
	if (v < 1 || v > DICE_NDICE)
		return cerr_set(e, C_ILLEGAL, "there is no die %d: dice are numbered 1 to %d", v, DICE_NDICE);
	*d = v - 1;
	return C_OK;
}

static int face(const char *w, int resource, int *f, struct cerr *e)
{
	*f = w ? dice_face_parse(w) : -1;
	if (*f < 0)
		return cerr_set(e, C_ILLEGAL, "expected %s, found '%s'",
				resource ? "a resource" : "a face", w ? w : "");
	if (resource && *f == DF_GOLD)
		return cerr_set(e, C_ILLEGAL, "gold is no resource: name ore, grain, wool, lumber or brick");
	return C_OK;
}

static int site(const struct dmap *map, const char *w, int *i, struct cerr *e)
{
	*i = dice_map_find(map, w);
	if (*i < 0)
		return cerr_set(e, C_ILLEGAL, "there is no site %s on this sheet", w);
	return C_OK;
}

/* faces: words w[0..n) as faces into m. */
static int faces(char **w, int n, struct dmove *m, struct cerr *e)
{
	int f, rc;
	if (n > DICE_NDICE)
		return cerr_set(e, C_ILLEGAL, "%d faces for at most %d dice", n, DICE_NDICE);
	for (int i = 0; i < n; i++) {
		if ((rc = face(w[i], 0, &f, e)))
			return rc;
		m->faces[i] = (uint8_t)f;
	}
	m->nfaces = (uint8_t)n;
	return C_OK;
}

/* parse_kept: "keep FACE... [to FACE...]", the words after keep in w[0..n) and from "to" on in
 * rest[0..nrest); the dice kept are those that show the faces when the move is applied. */
static int parse_kept(char **w, int n, char **rest, int nrest, struct dmove *m, struct cerr *e)
{
	int f, rc;
	for (int i = 0; i < n; i++) {
		if ((f = dice_face_parse(w[i])) < 0)
			return cerr_set(e, C_ILLEGAL, "name the dice to keep by their numbers or by their "
						      "faces, not both: found '%s'", w[i]);
		m->kept[i] = (uint8_t)f;
	}
	m->nkept = (uint8_t)n;
	if (nrest && (rc = faces(rest + 1, nrest - 1, m, e)))
		return rc;
	return C_OK;
}

/* parse_reroll: "reroll DIE... [to FACE...]", "reroll all [to FACE...]", "keep DIE... [to FACE...]"
 * or "keep FACE... [to FACE...]"; the last three name the dice kept (none for all), and the faces
 * after "to" go to the other dice in die order. */
static int parse_reroll(char **w, int nw, struct dmove *m, struct cerr *e)
{
	int to = nw, nd, rc, order[DICE_NDICE];
	for (int i = 1; i < nw; i++)
		if (is(w[i], "to"))
			to = i;
	nd = to - 1;
	m->keep = (uint8_t)is(w[0], "keep");
	if (!m->keep && nd == 1 && is(w[1], "all")) {
		m->keep = 1;
		nd = 0;
	} else if (nd < 1) {
		return cerr_set(e, C_ILLEGAL, m->keep ? "name the dice to keep: keep 1 3 5 (or reroll all)"
						      : "name the dice to roll again: reroll 1 3 5");
	}
	if (nd > DICE_NDICE)
		return cerr_set(e, C_ILLEGAL, "%d dice named; there are %d", nd, DICE_NDICE);
	if (m->keep && nd && dice_face_parse(w[1]) >= 0)	/* keep FACE...: the dice are found later */
		return parse_kept(w + 1, nd, w + to, nw - to, m, e);
	for (int i = 0; i < nd; i++) {
		if (m->keep && dice_face_parse(w[1 + i]) >= 0)
			return cerr_set(e, C_ILLEGAL, "name the dice to keep by their numbers or by their "
						      "faces, not both: found '%s'", w[1 + i]);
		if ((rc = die(w[1 + i], &order[i], e)))
			return rc;
		if (m->mask & (1u << order[i]))
			return cerr_set(e, C_ILLEGAL, "die %d named twice", order[i] + 1);
		m->mask |= (uint8_t)(1u << order[i]);
	}
	if (to == nw)
		return C_OK;
	struct dmove given = *m;
	if ((rc = faces(w + to + 1, nw - to - 1, &given, e)))
		return rc;
	if (m->keep) {	/* how many dice roll is known when the move is applied */
		*m = given;
		return C_OK;
	}
	if (given.nfaces != nd)
		return cerr_set(e, C_ILLEGAL, "%d %s named, %d face%s given", nd, nd == 1 ? "die" : "dice",
				given.nfaces, given.nfaces == 1 ? "" : "s");
	/* Faces follow the dice as named; the move keeps them in die order. */
	for (int d = 0, k = 0; d < DICE_NDICE; d++)
		for (int i = 0; i < nd; i++)
			if (order[i] == d)
				m->faces[k++] = given.faces[i];
	m->nfaces = given.nfaces;
	return C_OK;
}

int dice_parse(const struct dmap *map, const char *text, struct dmove *out, int max, int *n,
	       struct cerr *e)
{
	char buf[512], *w[MAXWORDS];
	int nw, rc = C_OK, x;
	struct dmove m;

	*n = 0;
	if (strlen(text) >= sizeof buf)
		return cerr_set(e, C_ILLEGAL, "move too long");
	strcpy(buf, text);
	nw = split(buf, w, MAXWORDS);
	if (nw < 0)
		return cerr_set(e, C_ILLEGAL, "move too long");
	if (nw == 0)
		return cerr_set(e, C_ILLEGAL, "empty move");
	memset(&m, 0, sizeof m);
	m.site = m.die = m.die2 = m.res = -1;
	if (is(w[0], "roll")) {
		m.type = DM_ROLL;
		rc = faces(w + 1, nw - 1, &m, e);
	} else if (is(w[0], "reroll") || is(w[0], "keep")) {
		m.type = DM_REROLL;
		rc = parse_reroll(w, nw, &m, e);
	} else if (is(w[0], "joker")) {
		m.type = DM_JOKER;
		if (nw < 5 || nw > 6 || !is(w[2], "on") || !is(w[3], "die"))
			return cerr_set(e, C_ILLEGAL, "expected 'joker ID on die N [RESOURCE]'");
		if ((rc = site(map, w[1], &x, e)))
			return rc;
		m.site = (int8_t)x;
		if ((rc = die(w[4], &x, e)))
			return rc;
		m.die = (int8_t)x;
		if (nw == 6 && !(rc = face(w[5], 1, &x, e)))
			m.res = (int8_t)x;
	} else if (is(w[0], "gold")) {
		m.type = DM_GOLD;
		if (nw != 7 || !is(w[1], "on") || !is(w[2], "dice") || !is(w[5], "to"))
			return cerr_set(e, C_ILLEGAL, "expected 'gold on dice N N to RESOURCE'");
		if ((rc = die(w[3], &x, e)))
			return rc;
		m.die = (int8_t)x;
		if ((rc = die(w[4], &x, e)))
			return rc;
		m.die2 = (int8_t)x;
		if (!(rc = face(w[6], 1, &x, e)))
			m.res = (int8_t)x;
	} else if (is(w[0], "build")) {
		if (nw < 2)
			return cerr_set(e, C_ILLEGAL, "name what to build: build R0 S3");
		if (nw - 1 > max)
			return cerr_set(e, C_ILLEGAL, "too many sites in one build");
		for (int i = 1; i < nw; i++) {
			if ((rc = site(map, w[i], &x, e)))
				return rc;
			out[i - 1] = m;
			out[i - 1].type = DM_BUILD;
			out[i - 1].site = (int8_t)x;
		}
		*n = nw - 1;
		return C_OK;
	} else if (is(w[0], "start")) {
		m.type = DM_START;
		if (nw != 2)
			return cerr_set(e, C_ILLEGAL, "expected 'start ROAD'");
		if ((rc = site(map, w[1], &x, e)))
			return rc;
		m.site = (int8_t)x;
	} else if (is(w[0], "end")) {
		m.type = DM_END;
		if (nw > 1)
			return cerr_set(e, C_ILLEGAL, "'end' takes nothing after it");
	} else {
		return cerr_set(e, C_ILLEGAL, "unknown move '%s' (roll, reroll, keep, joker, gold, build, end, start)", w[0]);
	}
	if (rc)
		return rc;
	out[0] = m;
	*n = 1;
	return C_OK;
}

char *dice_format(const struct dmap *map, const struct dmove *m, char *buf, size_t size)
{
	size_t len = 0;
#define PUT(...) (len += (size_t)snprintf(buf + len, len < size ? size - len : 0, __VA_ARGS__))
	buf[0] = '\0';
	switch (m->type) {
	case DM_ROLL:
		PUT("roll");
		for (int i = 0; i < m->nfaces; i++)
			PUT(" %s", dice_face_names[m->faces[i]]);
		break;
	case DM_REROLL:
		PUT("%s", !m->keep ? "reroll" : m->mask || m->nkept ? "keep" : "reroll all");
		for (int i = 0; i < m->nkept; i++)
			PUT(" %s", dice_face_names[m->kept[i]]);
		for (int d = 0; d < 8; d++)
			if (m->mask & (1u << d))
				PUT(" %d", d + 1);
		if (m->nfaces)
			PUT(" to");
		for (int i = 0; i < m->nfaces; i++)
			PUT(" %s", dice_face_names[m->faces[i]]);
		break;
	case DM_JOKER:
		PUT("joker %s on die %d", map->s[m->site].id, m->die + 1);
		if (m->res >= 0)
			PUT(" %s", dice_face_names[m->res]);
		break;
	case DM_GOLD:
		PUT("gold on dice %d %d to %s", m->die + 1, m->die2 + 1, dice_face_names[m->res]);
		break;
	case DM_BUILD:
		PUT("build %s", map->s[m->site].id);
		break;
	case DM_START:
		PUT("start %s", map->s[m->site].id);
		break;
	default:
		PUT("end");
		break;
	}
#undef PUT
	return buf;
}

int dice_play(struct dgame *g, const char *text, int flags, const char *as, struct cerr *e)
{
	struct dmove mv[DICE_MAXMOVES];
	char piece[512];
	const char *p = text;
	int any = 0;

	while (*p) {
		size_t n = strcspn(p, ";\n");
		const char *next = p[n] ? p + n + 1 : p + n;
		while (n && (*p == ' ' || *p == '\t' || *p == '\r'))
			p++, n--;
		while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
			n--;
		if (n) {
			int k, rc;
			snprintf(piece, sizeof piece, "%.*s", (int)(n < 500 ? n : 500), p);
			rc = n >= 500 ? cerr_set(e, C_ILLEGAL, "move too long")
				      : dice_parse(&g->map, piece, mv, DICE_MAXMOVES, &k, e);
			for (int i = 0; !rc && i < k; i++) {
				const char *who = g->p[dice_seat(g)].name;
				if (as && !g->over && strcmp(as, who) != 0)
					rc = cerr_set(e, C_ILLEGAL, "it is %s's turn, not %s's", who, as);
				else
					rc = dice_apply(g, &mv[i], flags, e);
			}
			if (rc) {
				cerr_prefix(e, "move '%s'", piece);
				return rc;
			}
			any = 1;
		}
		p = next;
	}
	if (!any)
		return cerr_set(e, C_USAGE, "no move given");
	return C_OK;
}

/* ---- listing ---- */

static void list_faces(struct buf *b, int n)
{
	for (int i = 0; i < n; i++)
		buf_printf(b, " FACE");
}

int dice_list(const struct dgame *g, int all, char **out, size_t *len, struct cerr *e)
{
	struct buf b;
	int seat = dice_seat(g);
	const struct dmap *m = &g->map;
	uint8_t have[DF_N], cost[DF_N];
	unsigned nmasks = (1u << g->ndice) - 1;

	buf_init(&b);
	if (g->over)
		return buf_finish(&b, out, len, e);
	if (dice_setup(g)) {
		struct cerr ignored;
		for (int i = 0; i < m->nsites; i++)
			if (m->s[i].kind == DK_ROAD && dice_check_start(g, i, &ignored) == C_OK)
				buf_printf(&b, "start %s\n", m->s[i].id);
		return buf_finish(&b, out, len, e);
	}
	if (!g->rolls) {
		buf_printf(&b, "roll");
		if (g->external)
			list_faces(&b, g->ndice);
		buf_printf(&b, "\n");
		return buf_finish(&b, out, len, e);
	}
	if (!g->locked && g->rolls < 3 && !all)
		buf_printf(&b, "reroll DIE...%s (%u choices; list --all shows each)\n",
			   g->external ? " to FACE..." : "", nmasks);
	if (!g->locked && g->rolls < 3 && all)
		for (unsigned mask = 1; mask <= nmasks; mask++) {
			int n = 0;
			buf_printf(&b, "reroll");
			for (int d = 0; d < g->ndice; d++)
				if (mask & (1u << d)) {
					buf_printf(&b, " %d", d + 1);
					n++;
				}
			if (g->external) {
				buf_printf(&b, " to");
				list_faces(&b, n);
			}
			buf_printf(&b, "\n");
		}
	for (int i = 0; i < m->nsites; i++) {
		if (!dice_joker_usable(g, seat, i))
			continue;
		for (int d = 0; d < g->ndice; d++) {
			if (g->used & (1u << d))
				continue;
			if (m->s[i].joker != DJ_ANY) {
				if (g->dice[d] != m->s[i].joker)
					buf_printf(&b, "joker %s on die %d\n", m->s[i].id, d + 1);
				continue;
			}
			for (int f = 0; f < DF_NRES; f++)
				if (g->dice[d] != f)
					buf_printf(&b, "joker %s on die %d %s\n", m->s[i].id, d + 1,
						    dice_face_names[f]);
		}
	}
	for (int a = 0; a < g->ndice; a++)
		for (int c = a + 1; c < g->ndice; c++) {
			if (((g->used >> a) & 1) || ((g->used >> c) & 1) || g->dice[a] != DF_GOLD ||
			    g->dice[c] != DF_GOLD)
				continue;
			for (int f = 0; f < DF_NRES; f++)
				buf_printf(&b, "gold on dice %d %d to %s\n", a + 1, c + 1, dice_face_names[f]);
		}
	dice_free_counts(g, have);
	for (int i = 0; i < m->nsites; i++) {
		if (!(g->p[seat].front & ((uint64_t)1 << i)))
			continue;
		dice_site_cost(&m->s[i], cost);
		int ok = 1, alike = 0;
		for (int f = 0; f < DF_N; f++)
			alike |= have[f] == DICE_NDICE;
		if (m->s[i].kind == DK_CASTLE)	/* six dice of any one face */
			ok = alike;
		for (int f = 0; f < DF_N; f++)
			ok &= cost[f] <= have[f];
		if (ok)
			buf_printf(&b, "build %s\n", m->s[i].id);
	}
	buf_printf(&b, "end\n");
	return buf_finish(&b, out, len, e);
}
