/*
 * import_catan.c: the .catan transcription of a table game (catanlog, by
 * catan-spectator): a header with the board, then one public action a line.
 * Tiles are numbered from the north-west corner counter-clockwise,
 * spiralling inwards; intersections and paths are "(TILE DIRECTION)".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/import_int.h"
#include "model/move.h"
#include "model/names.h"
#include "doc/replay.h"
#include "model/ruleset.h"
#include "model/state.h"

#define CL_TILES 19
#define CL_PORTS 9

static const char *const cl_resources[NRES + 1] = { "brick", "wood", "sheep", "wheat", "ore", NULL };
static const char *const cl_terrains[NTERRAIN + 1] = { "brick", "wood", "sheep", "wheat", "ore", "desert",
						       NULL };
static const char *const cl_corners[NCORNER + 1] = { "N", "NE", "SE", "S", "SW", "NW", NULL };
static const char *const cl_sides[NSIDE + 1] = { "NE", "E", "SE", "SW", "W", "NW", NULL };

struct cl {
	const char *name;	/* the input, for messages */
	int line;
	struct cerr *e;
	const struct geometry *geo;
	int rot;		/* the rotation (sixths of a turn, clockwise) that puts the harbours on ours */
	int8_t hex[CL_TILES];	/* tile number - 1 -> our hex, under rot */
	int nplayers;
	uint8_t colour[MAXPLAYERS];
	char word[MAXPLAYERS][16];	/* each seat's colour as the record writes it */
	char player[MAXPLAYERS][32];	/* each seat's player's name */
	int current;		/* the seat that rolled last, NOBODY in the set-up */
	int terrain_line, numbers_line, ports_line;	/* where the header gave them */
	struct game *g;
};

/* fail: the transcription cannot be read at the current line (status 3). */
#define fail(c, field, ...) imp_fail((c)->e, C_INPUT, (c)->name, (c)->line, (field), __VA_ARGS__)

static int lookup(const char *const *words, const char *s, size_t n)
{
	for (int i = 0; words[i]; i++)
		if (strlen(words[i]) == n && strncmp(words[i], s, n) == 0)
			return i;
	return -1;
}

/*
 * spiral: the axial coordinates of tiles 1..19 with the board turned rot
 * sixths clockwise: each ring from its north-west corner, counter-clockwise
 * (south-west first), then the next ring in, then the centre.
 */
static void spiral(int rot, int q[CL_TILES], int r[CL_TILES])
{
	int t = 0;
	for (int ring = 2; ring >= 1; ring--) {
		int x = 0, y = 0;
		for (int k = 0; k < ring; k++)
			imp_axial_step((SIDE_NW + rot) % NSIDE, &x, &y);
		for (int s = 0; s < NSIDE; s++)
			for (int k = 0; k < ring; k++) {
				q[t] = x;
				r[t++] = y;
				imp_axial_step((SIDE_SW - s + rot + NSIDE) % NSIDE, &x, &y);
			}
	}
	q[t] = r[t] = 0;
}

/* place: "(T DIR)" at s: the tile's axial coordinates and the direction's index in dirs, rotated. */
static int place(struct cl *c, const char *s, const char *const *dirs, int *q, int *r, int *dir, const char **end)
{
	int qs[CL_TILES], rs[CL_TILES], t, n = 0;
	char d[4];
	if (sscanf(s, "(%d %3[NESW])%n", &t, d, &n) != 2 || n == 0 || t < 1 || t > CL_TILES ||
	    (*dir = lookup(dirs, d, strlen(d))) < 0)
		return fail(c, "place", "expected (TILE DIRECTION) with a tile 1 to 19, found '%.20s'", s);
	spiral(c->rot, qs, rs);
	*q = qs[t - 1];
	*r = rs[t - 1];
	*dir = (*dir + c->rot) % NSIDE;
	*end = s + n;
	return C_OK;
}

static int seat_of(struct cl *c, const char *s, size_t n)
{
	for (int i = 0; i < c->nplayers; i++)
		if (strlen(c->word[i]) == n && strncmp(c->word[i], s, n) == 0)
			return i;
	return -1;
}

/* header: the lines before "...CATAN!": players, terrain, numbers, ports. */
static int header_line(struct cl *c, char *l, char terrain[CL_TILES][8], int numbers[CL_TILES],
		       char ports[CL_PORTS][32], int *nports)
{
	char w[32], col[16];
	int seat, n = 0;
	if (strncmp(l, "name: ", 6) == 0) {
		if (sscanf(l, "name: %31[^,], color: %15[a-z], seat: %d%n", w, col, &seat, &n) != 3 || l[n])
			return fail(c, "name", "expected 'name: NAME, color: COLOUR, seat: N'");
		if (seat < 1 || seat > ruleset_base.max_players || c->word[seat - 1][0])
			return fail(c, "seat", "seat %d is not a free seat from 1 to %d", seat,
				    ruleset_base.max_players);
		strcpy(c->word[seat - 1], col);
		strcpy(c->player[seat - 1], w);
		c->nplayers = c->nplayers > seat ? c->nplayers : seat;
	} else if (strncmp(l, "terrain: ", 9) == 0 || strncmp(l, "numbers: ", 9) == 0) {
		int terr = l[0] == 't', k = 0;
		*(terr ? &c->terrain_line : &c->numbers_line) = c->line;
		for (char *s = strtok(l + 9, " "); s; s = strtok(NULL, " "), k++) {
			if (k == CL_TILES)
				return fail(c, terr ? "terrain" : "numbers", "more than %d tiles", CL_TILES);
			if (terr)
				snprintf(terrain[k], 8, "%s", s);
			else
				numbers[k] = strcmp(s, "None") == 0 ? 0 : atoi(s);
		}
		if (k != CL_TILES)
			return fail(c, terr ? "terrain" : "numbers", "%d tiles, not %d", k, CL_TILES);
	} else if (strncmp(l, "ports: ", 7) == 0) {
		c->ports_line = c->line;
		for (char *s = strtok(l + 7, " "); s; s = strtok(NULL, " ")) {
			char *t = strtok(NULL, " ");
			if (*nports == CL_PORTS || !t)
				return fail(c, "ports", "expected %d ports 'KIND(TILE SIDE)'", CL_PORTS);
			snprintf(ports[(*nports)++], 32, "%s %s", s, t);
		}
	}
	return C_OK;
}

/* board: the tiles and the harbours, the board turned so that the harbours stand where ours do. */
static int board(struct cl *c, char terrain[CL_TILES][8], int numbers[CL_TILES], char ports[CL_PORTS][32],
		 int nports, struct board *b)
{
	int q[CL_TILES], r[CL_TILES], kind[CL_PORTS], tile[CL_PORTS], side[CL_PORTS], at = c->line;
	c->line = c->ports_line;
	if (nports != CL_PORTS)
		return fail(c, "ports", "%d ports, not %d", nports, CL_PORTS);
	for (int p = 0; p < nports; p++) {
		char k[8], d[4];
		int n = 0;
		if (sscanf(ports[p], "%7[a-z0-9:](%d %3[NESW])%n", k, &tile[p], d, &n) != 3 || ports[p][n] ||
		    tile[p] < 1 || tile[p] > CL_TILES || (side[p] = lookup(cl_sides, d, strlen(d))) < 0)
			return fail(c, "ports", "expected KIND(TILE SIDE), found '%s'", ports[p]);
		kind[p] = strcmp(k, "3:1") == 0 ? HB_GENERIC : lookup(cl_resources, k, strlen(k));
		if (kind[p] < 0)
			return fail(c, "ports", "unknown harbour '%s'", k);
	}
	for (c->rot = 0; c->rot < NSIDE; c->rot++) {
		uint8_t seen[MAX_HARBOUR] = { 0 };
		int ok = 1;
		spiral(c->rot, q, r);
		for (int p = 0; p < nports && ok; p++) {
			int t = tile[p] - 1;
			int slot = imp_harbour_slot(c->geo, imp_side(c->geo, q[t], r[t], (side[p] + c->rot) % NSIDE));
			ok = slot >= 0 && !seen[slot]++;
			if (ok)
				b->harbour[slot] = (uint8_t)kind[p];
		}
		if (ok)
			break;
	}
	if (c->rot == NSIDE)
		return cerr_set(c->e, C_ILLEGAL, "%.200s:%d: ports: harbours where our board has none, however it is turned",
				c->name, c->line);
	for (int t = 0; t < CL_TILES; t++) {
		int h = imp_hex_at(c->geo, q[t], r[t]), ter = lookup(cl_terrains, terrain[t], strlen(terrain[t]));
		c->line = c->terrain_line;
		if (ter < 0)
			return fail(c, "terrain", "unknown terrain '%s' of tile %d", terrain[t], t + 1);
		c->line = c->numbers_line;
		if ((ter == T_DESERT) != (numbers[t] == 0) || (numbers[t] && (numbers[t] < 2 || numbers[t] > 12 ||
									    numbers[t] == 7)))
			return fail(c, "numbers", "tile %d: %s with number %d", t + 1, terrain[t], numbers[t]);
		b->terrain[h] = (uint8_t)ter;
		b->token[h] = (uint8_t)numbers[t];
		c->hex[t] = (int8_t)h;
	}
	c->line = at;
	return C_OK;
}

/* cards: "[N RES, N RES]" at s into counts; *end after it. */
static int cards(struct cl *c, const char *s, uint8_t n[NRES], const char **end)
{
	if (*s++ != '[')
		return fail(c, "cards", "expected [N RESOURCE, ...]");
	for (;;) {
		int k, len = 0, res;
		char w[8];
		if (sscanf(s, "%d %7[a-z]%n", &k, w, &len) != 2 || k < 1 || k > ruleset_base.bank_each ||
		    (res = lookup(cl_resources, w, strlen(w))) < 0)
			return fail(c, "cards", "expected N RESOURCE, found '%.20s'", s);
		n[res] = (uint8_t)(n[res] + k);
		s += len;
		if (*s == ']')
			break;
		if (strncmp(s, ", ", 2) != 0)
			return fail(c, "cards", "expected ', ' or ']'");
		s += 2;
	}
	*end = s + 1;
	return C_OK;
}

static int push(struct cl *c, struct move *m)
{
	return imp_push(c->g, m, c->e);
}

/*
 * discards: after a seven, the discards the transcription leaves out,
 * unnamed ("blue discard"), one for each player the rules make discard:
 * hand sizes are public, so the record so far says who, in every hand
 * consistent with it.  When the record so far does not replay (a slip of
 * the transcriber's before), none are written: catan-validate names the
 * slip.
 */
static int discards(struct cl *c)
{
	struct replay_result res;
	struct game end;
	struct cerr ignored = { 0 };
	int rc = C_OK;

	game_init(&end);
	if (game_replay(c->g, &res, &end, &ignored) != C_OK)
		return C_OK;
	for (int k = 0; k < c->nplayers && rc == C_OK; k++) {
		int s = (end.pos.current + k) % c->nplayers;
		struct move m;
		move_init(&m);
		m.verb = MV_DISCARD;
		m.seat = (int8_t)s;
		if (end.pos.pl[s].discard)
			rc = push(c, &m);
	}
	game_free(&end);
	return rc;
}

/* robber: "moves robber to T, steals from COLOUR|nobody" at s, by seat. */
static int robber(struct cl *c, int seat, const char *s)
{
	struct move m;
	char who[16];
	int t, n = 0;
	move_init(&m);
	m.seat = (int8_t)seat;
	m.verb = MV_ROBBER;
	if (sscanf(s, "moves robber to %d, steals from %15[a-z]%n", &t, who, &n) != 2 || s[n] || t < 1 ||
	    t > CL_TILES)
		return fail(c, "robber", "expected 'moves robber to TILE, steals from COLOUR'");
	m.hex = c->hex[t - 1];
	if (strcmp(who, "nobody") != 0 && (m.victim = (int8_t)seat_of(c, who, strlen(who))) < 0)
		return fail(c, "robber", "'%s' does not play in this game", who);
	return push(c, &m);
}

/* action: one line after the header. */
static int action(struct cl *c, const char *l)
{
	struct move m;
	const char *sp = strchr(l, ' '), *end;
	int seat, q = 0, r = 0, d = 0, n = 0, x;
	char w1[16], w2[16];

	if (!sp || (seat = seat_of(c, l, (size_t)(sp - l))) < 0)
		return fail(c, "player", "'%.*s' does not play in this game", sp ? (int)(sp - l) : 16, l);
	const char *s = sp + 1;
	move_init(&m);
	m.seat = (int8_t)seat;
	if (sscanf(s, "buys %15[a-z], builds at %n", w1, &n) == 1 && n) {
		static const char *const pieces[] = { "road", "settlement", "city", NULL };
		int piece = lookup(pieces, w1, strlen(w1)), rc;
		if (piece < 0)
			return fail(c, "piece", "unknown piece '%s'", w1);
		if ((rc = place(c, s + n, piece == PC_ROAD ? cl_sides : cl_corners, &q, &r, &d, &end)))
			return rc;
		m.verb = MV_BUILD;
		m.piece = (uint8_t)piece;
		if (piece == PC_ROAD) {
			m.npath = 1;
			m.path[0] = (int8_t)imp_side(c->geo, q, r, d);
		} else {
			m.node = (int8_t)imp_corner(c->geo, q, r, d);
		}
		if (piece == PC_ROAD ? m.path[0] < 0 : m.node < 0)
			return fail(c, "place", "not a place on the board");
		return push(c, &m);
	}
	if (strcmp(s, "buys dev card") == 0) {
		m.verb = MV_BUY;
		return push(c, &m);
	}
	if (sscanf(s, "rolls %d%n", &x, &n) == 1 && x >= 2 && x <= 12) {
		/* The record keeps the total only: the dice are written with the lowest first die that makes it. */
		m.verb = MV_ROLL;
		m.dice[0] = (uint8_t)(x > 7 ? x - 6 : 1);
		m.dice[1] = (uint8_t)(x - m.dice[0]);
		c->current = seat;
		int rc = push(c, &m);
		return rc || x != 7 ? rc : discards(c);
	}
	if (strncmp(s, "ends turn", 9) == 0) {
		/* The set-up's placements end turns of the transcription; ours end by themselves. */
		if (c->current == NOBODY)
			return C_OK;
		m.verb = MV_END;
		return push(c, &m);
	}
	if (strncmp(s, "moves robber", 12) == 0)
		return robber(c, seat, s);
	if (strcmp(s, "plays knight") == 0 || strncmp(s, "plays dev card: knight, ", 24) == 0) {
		int rc;
		m.verb = MV_PLAY;
		m.card = DEV_KNIGHT;
		if ((rc = push(c, &m)))
			return rc;
		return s[12] ? robber(c, seat, s + 24) : C_OK;
	}
	if (strcmp(s, "plays victory point") == 0 || strcmp(s, "wins") == 0)
		return C_OK;	/* victory point cards count held; the win is the replay's to find */
	if (sscanf(s, "plays monopoly on %15[a-z]%n", w1, &n) == 1 ||
	    sscanf(s, "plays dev card: monopoly on %15[a-z]%n", w1, &n) == 1) {
		m.verb = MV_PLAY;
		m.card = DEV_MONOPOLY;
		if (s[n] || (m.res = (int8_t)lookup(cl_resources, w1, strlen(w1))) < 0)
			return fail(c, "monopoly", "unknown resource '%s'", w1);
		return push(c, &m);
	}
	if (sscanf(s, "plays dev card: year of plenty, takes %15[a-z] and %15[a-z]%n", w1, w2, &n) == 2 ||
	    sscanf(s, "plays year of plenty, takes %15[a-z] and %15[a-z]%n", w1, w2, &n) == 2) {
		int a = lookup(cl_resources, w1, strlen(w1)), b = lookup(cl_resources, w2, strlen(w2));
		if (s[n] || a < 0 || b < 0)
			return fail(c, "year of plenty", "expected two resources");
		m.verb = MV_PLAY;
		m.card = DEV_YEAR_OF_PLENTY;
		m.get[a]++;
		m.get[b]++;
		return push(c, &m);
	}
	if (strncmp(s, "trades ", 7) == 0) {
		int rc;
		uint8_t give[NRES] = { 0 }, get[NRES] = { 0 };
		if ((rc = cards(c, s + 7, give, &end)))
			return rc;
		if (sscanf(end, " to port %7[a-z0-9:] for %n", w1, &n) == 1) {
			if ((rc = cards(c, end + n, get, &end)))
				return rc;
			m.verb = MV_TRADE;
			memcpy(m.give, give, sizeof give);
			memcpy(m.get, get, sizeof get);
			return push(c, &m);
		}
		if (sscanf(end, " to player %15[a-z] for %n", w1, &n) != 1 || (x = seat_of(c, w1, strlen(w1))) < 0)
			return fail(c, "trade", "expected 'to port KIND for [...]' or 'to player COLOUR for [...]'");
		if ((rc = cards(c, end + n, get, &end)))
			return rc;
		/* Our domestic trade is offered by the player whose turn it is, and accepted. */
		int offerer = x == c->current ? x : seat, taker = offerer == seat ? x : seat;
		m.seat = (int8_t)offerer;
		m.verb = MV_OFFER;
		m.to = (int8_t)taker;
		memcpy(m.give, offerer == seat ? give : get, sizeof give);
		memcpy(m.get, offerer == seat ? get : give, sizeof get);
		if ((rc = push(c, &m)))
			return rc;
		move_init(&m);
		m.seat = (int8_t)taker;
		m.verb = MV_ACCEPT;
		return push(c, &m);
	}
	return fail(c, "action", "not an action of the format: '%.60s'", s);
}

int import_catan(const char *buf, size_t len, const char *name, struct game *g, struct cerr *e)
{
	struct cl c = { .name = name, .e = e, .geo = g->rs->geom, .current = NOBODY, .g = g };
	char terrain[CL_TILES][8] = { { 0 } }, ports[CL_PORTS][32];
	int numbers[CL_TILES] = { 0 }, nports = 0, in_header = 1, rc = C_OK;
	struct board b = { 0 };
	char *l = malloc(len + 1);

	if (!l)
		return cerr_set(e, C_SYSTEM, "out of memory");
	for (size_t i = 0; i < len && rc == C_OK;) {
		size_t j = i, k = 0;
		while (j < len && buf[j] != '\n')
			j++;
		memcpy(l, buf + i, j - i);
		k = j - i;
		l[k] = '\0';
		while (k && strchr(" \t\r", l[k - 1]))
			l[--k] = '\0';
		int nul = strlen(l) != k;
		/* "...DEUCES!" and the like are the transcriber's cheers. */
		char *dots = strstr(l, " ...");
		if (dots)
			*dots = '\0';
		c.line++;
		i = j + 1;
		if (nul) {
			rc = fail(&c, "line", "a NUL byte");
		} else if (c.line == 1) {
			if (strncmp(l, "catanlog ", 9) != 0)
				rc = fail(&c, "version", "expected 'catanlog VERSION'");
		} else if (in_header && strcmp(l, "...CATAN!") == 0) {
			in_header = 0;
			for (int s = 0; s < c.nplayers && rc == C_OK; s++)
				if (!c.word[s][0])
					rc = fail(&c, "seat", "no player in seat %d", s + 1);
			/* A colour we do not have (green) takes the first of ours that nobody plays. */
			for (int s = 0; s < c.nplayers && rc == C_OK; s++) {
				int col = colour_parse_in(&ruleset_base, c.word[s]);
				for (int t = 0; t < c.nplayers && col >= 0; t++)
					if (t != s && (t < s ? c.colour[t] == col :
						       colour_parse_in(&ruleset_base, c.word[t]) == col))
						col = -1;
				for (int k2 = 0; col < 0 && k2 < ruleset_base.colours; k2++) {
					col = k2;
					for (int t = 0; t < c.nplayers; t++)
						if ((t < s && c.colour[t] == k2) ||
						    (t > s && colour_parse_in(&ruleset_base, c.word[t]) == k2))
							col = -1;
				}
				c.colour[s] = (uint8_t)col;
			}
			if (rc == C_OK && c.nplayers < 2)
				rc = fail(&c, "players", "%d players, not 2 to 4", c.nplayers);
			if (rc == C_OK && (rc = board(&c, terrain, numbers, ports, nports, &b)) == C_OK)
				imp_begin(g, VAR_BASE, c.nplayers, c.colour, &b);
			for (int s = 0; s < c.nplayers && rc == C_OK; s++)
				imp_name(g, s, c.player[s]);
		} else if (in_header) {
			rc = header_line(&c, l, terrain, numbers, ports, &nports);
		} else if (l[0]) {
			rc = action(&c, l);
		}
	}
	if (rc == C_OK && in_header)
		rc = fail(&c, "header", "no '...CATAN!' line: the header does not end");
	free(l);
	return rc;
}
