/*
 * import_jsettlers.c: JSettlers2's game event logs (.soclog) of the classic
 * four-player board and of the board of five and six: the board from
 * SOCBoardLayout (SOCBoardLayout2 in encoding 2), the seats, and the
 * messages every member of the game saw (audience "all"), with the robbed
 * card, the card bought and the cards discarded where the log shows them,
 * and the Special Building Phase's steps.  Coordinates are JSettlers'
 * board encodings v1 and v2 (docs/sources.md), placed by our geometry.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/import_int.h"
#include "model/move.h"
#include "model/names.h"
#include "model/ruleset.h"

struct js {
	const char *name;
	int line;
	struct cerr *e;
	const struct geometry *geo;
	struct game *g;
	int six, nseats;	/* the board of five and six (game options, or its layout); its seats, 6 or 4 */
	int robber_hex;		/* where the layout puts the robber (the board of five and six), or -1 */
	/*
	 * The Special Building Phase after a turn (five and six): bp_after,
	 * our seat whose turn ended; bp_seat, the seat whose step is next to
	 * end (each other seat in turn, a step a pass unless it builds).
	 */
	int bp, bp_after, bp_seat;
	int seated[JS_SEATS];	/* JSettlers seat -> 1 when someone sits there */
	char nickname[JS_SEATS][NAME_BYTES + 1];	/* JSettlers seat -> its player's name, or "" */
	int order[JS_SEATS], nplayers;	/* our seat -> JSettlers seat */
	int have_board, started;
	int turn, rolled;	/* the JSettlers seat whose turn it is; its roll was made */
	int drawn[JS_SEATS];	/* the card each JSettlers seat drew last, as ours, or -1 */
	struct board board;
	struct move robber;	/* a robber move waiting for its robbery's result */
	int robber_pending;
	struct move roads;	/* road building played, waiting for its free roads */
	int roads_pending, roads_line;
	int discarded[JS_SEATS];	/* the JSettlers seat's discard since the last roll was written */
	int offer[JS_SEATS][2][NRES];	/* each JSettlers seat's last offer: what it gives, what it asks */
};

/* fail: the log is refused at the current line with code. */
#define fail(c, code, field, ...) imp_fail((c)->e, (code), (c)->name, (c)->line, (field), __VA_ARGS__)

/* field: the value of key in the fields "k=v|k=v" into out (n bytes); NULL when absent. */
static const char *field(const char *fields, const char *key, char *out, size_t n)
{
	return js_value(fields, '|', key, out, n);
}

/* number: key's value as an integer (decimal, or hexadecimal with base 16) into *v. */
static int number(struct js *c, const char *fields, const char *key, int base, long *v)
{
	char buf[32], *end;
	*v = 0;
	if (!field(fields, key, buf, sizeof buf))
		return fail(c, C_INPUT, key, "missing");
	*v = strtol(buf, &end, base);
	if (end == buf || *end)
		return fail(c, C_INPUT, key, "'%s' is not a number", buf);
	return C_OK;
}

/* board_name: the board of the game, for messages. */
static const char *board_name(const struct js *c)
{
	return c->six ? "the board of five and six" : "the classic board";
}

/* layout: "{ a b c ... }" of key, n integers in base (10, or 16 for SOCBoardLayout2's PL). */
static int layout(struct js *c, const char *fields, const char *key, int n, int base, int *v)
{
	char buf[512];
	if (!field(fields, key, buf, sizeof buf) || buf[0] != '{')
		return fail(c, C_INPUT, key, "expected { N N ... }");
	char *s = buf + 1, *end;
	for (int i = 0; i < n; i++) {
		v[i] = (int)strtol(s, &end, base);
		if (end == s)
			return fail(c, C_INPUT, key, "expected %d numbers (%s)", n, board_name(c));
		s = end;
	}
	while (*s == ' ')
		s++;
	if (strcmp(s, "}") != 0)
		return fail(c, C_INPUT, key, "more than %d numbers: not %s", n, board_name(c));
	return C_OK;
}

/* board_layout: SOCBoardLayout: terrains, numbers and harbours of the 37 hexes in reading order. */
static int board_layout(struct js *c, const char *fields)
{
	int hexes[JS_LAYOUT], nums[JS_LAYOUT], rc;
	struct js_fault f;
	if ((rc = layout(c, fields, "hexLayout", JS_LAYOUT, 10, hexes)) ||
	    (rc = layout(c, fields, "numberLayout", JS_LAYOUT, 10, nums)))
		return rc;
	if ((rc = js_layout(c->geo, hexes, nums, &c->board, &f))) {
		if (f.index < 0 || rc == C_ILLEGAL)
			return fail(c, rc, f.field, "%s", f.msg);
		return fail(c, rc, f.field, "hex %d: %s", f.index, f.msg);
	}
	c->have_board = 1;
	return C_OK;
}

/*
 * board_layout6: SOCBoardLayout2 in encoding 2, the board of five and six:
 * HL and NL (in decimal), PL (the harbours' kinds, in hexadecimal), RH
 * (the robber's hex, in decimal).
 */
static int board_layout6(struct js *c, const char *fields)
{
	int hexes[JS_LAYOUT], nums[JS_LAYOUT], ports[JS_PORTS6], rc;
	long rh;
	struct js_fault f;
	c->six = 1;
	c->nseats = JS_SEATS;
	c->geo = ruleset_six.geom;
	if ((rc = layout(c, fields, "HL", JS_LAYOUT, 10, hexes)) || (rc = layout(c, fields, "NL", JS_LAYOUT, 10, nums)) ||
	    (rc = layout(c, fields, "PL", JS_PORTS6, 16, ports)) || (rc = number(c, fields, "RH", 10, &rh)))
		return rc;
	if ((rc = js_layout6(c->geo, hexes, nums, ports, &c->board, &f)))
		return fail(c, rc, f.field, "%s %d: %s", f.field[0] == 'P' ? "harbour" : "place", f.index, f.msg);
	if ((c->robber_hex = js_hex(c->geo, rh)) < 0)
		return fail(c, C_INPUT, "RH", "0x%lx is no land hex of %s", rh, board_name(c));
	c->have_board = 1;
	return C_OK;
}

/* seat: a JSettlers seat number as ours (-1 when nobody plays it). */
static int seat(struct js *c, long pn)
{
	for (int s = 0; s < c->nplayers; s++)
		if (c->order[s] == pn)
			return s;
	return -1;
}

/* who: m's player is JSettlers seat pn, who must play in the game. */
static int who(struct js *c, long pn, struct move *m)
{
	int s = pn >= 0 && pn < c->nseats ? seat(c, pn) : -1;
	if (s < 0)
		return fail(c, C_INPUT, "playerNumber", "nobody plays in seat %ld", pn);
	m->seat = (int8_t)s;
	return C_OK;
}

static int push(struct js *c, struct move *m)
{
	return imp_push(c->g, m, c->e);
}

/* flush: the robber move waiting for a robbery result, or road building for its roads, as it stands. */
static int flush(struct js *c)
{
	if (c->roads_pending) {
		c->roads_pending = 0;
		if (c->roads.npath == 0)
			return imp_fail(c->e, C_INPUT, c->name, c->roads_line, "SOCDevCardAction",
					"road building played, and no road placed after it");
		return push(c, &c->roads);
	}
	if (!c->robber_pending)
		return C_OK;
	c->robber_pending = 0;
	return push(c, &c->robber);
}

/*
 * cards: the resource set of key in the fields f ("KEY=clay=N|ore=N|sheep=N|
 * wheat=N|wood=N[|unknown=N]") into out, as ours, and the unknown cards
 * into *unknown (may be NULL: then none may be unknown).
 */
static int cards(struct js *c, const char *f, const char *key, uint8_t out[NRES], long *unknown)
{
	static const char *const names[6] = { "clay", "ore", "sheep", "wheat", "wood", "unknown" };
	char at[24];
	size_t k = strlen(key);
	const char *s = f;
	snprintf(at, sizeof at, "|%s=", key);
	if (strncmp(f, at + 1, k + 1) != 0 && !(s = strstr(f, at)))
		return fail(c, C_INPUT, key, "missing");
	s += s == f ? k + 1 : k + 2;
	memset(out, 0, NRES);
	if (unknown)
		*unknown = 0;
	for (int i = 0; i < 6; i++) {
		size_t n = strlen(names[i]);
		char *end;
		if (i == 5 && strncmp(s, names[i], n) != 0)
			break;
		if (strncmp(s, names[i], n) != 0 || s[n] != '=')
			return fail(c, C_INPUT, key, "expected clay=N|ore=N|sheep=N|wheat=N|wood=N");
		long v = strtol(s + n + 1, &end, 10);
		int most = c->six ? ruleset_six.bank_each : ruleset_base.bank_each;
		if (end == s + n + 1 || v < 0 || v > most || (i == 5 && v && !unknown))
			return fail(c, C_INPUT, key, "%s: a count from 0 to %d%s", names[i], most,
				    i == 5 ? ", and no card unknown" : "");
		if (i < 5)
			out[js_res[i + 1]] = (uint8_t)v;
		else if (unknown)
			*unknown = v;
		s = *end == '|' ? end + 1 : end;
	}
	return C_OK;
}

/* start: SOCStartGame: the seats in playing order from the first to place, and the record begins. */
static int start(struct js *c, long first)
{
	uint8_t colour[JS_SEATS];
	const struct ruleset *rs = c->six ? &ruleset_six : &ruleset_base;
	if (!c->have_board)
		return fail(c, C_INPUT, "SOCStartGame", "no SOCBoardLayout before the game starts");
	c->nplayers = js_seats(c->seated, c->nseats, (int)first, c->order, colour);
	if (c->nplayers < rs->min_players)
		return fail(c, C_INPUT, "SOCSitDown", "%d players, not %d to %d", c->nplayers, rs->min_players,
			    rs->max_players);
	imp_begin(c->g, c->six ? VAR_SIX : VAR_BASE, c->nplayers, colour, &c->board);
	if (c->robber_hex >= 0)
		c->g->start.robber = (uint8_t)c->robber_hex;
	c->started = 1;
	for (int s = 0; s < c->nplayers; s++)
		imp_name(c->g, s, c->nickname[c->order[s]]);
	return C_OK;
}

/*
 * accept: SOCAcceptOffer: a trade between two players, one of them the
 * player whose turn it is: as ours, that player's offer of the cards
 * exchanged and the other's acceptance.
 */
static int accept(struct js *c, const char *f)
{
	uint8_t to_acc[NRES], to_off[NRES];
	long acc, off;
	struct move m;
	int rc;
	if ((rc = number(c, f, "accepting", 10, &acc)) || (rc = number(c, f, "offering", 10, &off)) ||
	    (rc = flush(c)))
		return rc;
	if (acc < 0 || acc >= c->nseats || off < 0 || off >= c->nseats)
		return fail(c, C_INPUT, "offering", "seats %ld and %ld: not two seats of a %s game", off, acc,
			    c->six ? "six-player" : "four-player");
	if (strstr(f, "|toAccepting=")) {
		if ((rc = cards(c, f, "toAccepting", to_acc, NULL)) || (rc = cards(c, f, "toOffering", to_off, NULL)))
			return rc;
	} else {
		/* An older log names no cards: those of the offering seat's last offer. */
		for (int k = 0; k < NRES; k++) {
			to_acc[k] = (uint8_t)c->offer[off][0][k];
			to_off[k] = (uint8_t)c->offer[off][1][k];
		}
	}
	if (acc != c->turn && off != c->turn)
		return fail(c, C_INPUT, "SOCAcceptOffer", "a trade between seats %ld and %ld, neither of them "
			    "the seat whose turn it is", off, acc);
	/* Our domestic trade is offered by the player whose turn it is, and accepted. */
	long other = off == c->turn ? acc : off;
	move_init(&m);
	if ((rc = who(c, c->turn, &m)))
		return rc;
	m.verb = MV_OFFER;
	memcpy(m.give, off == c->turn ? to_acc : to_off, NRES);
	memcpy(m.get, off == c->turn ? to_off : to_acc, NRES);
	m.to = (int8_t)seat(c, other);
	if (m.to < 0)
		return fail(c, C_INPUT, "SOCAcceptOffer", "nobody plays in seat %ld", other);
	if ((rc = push(c, &m)))
		return rc;
	move_init(&m);
	if ((rc = who(c, other, &m)))
		return rc;
	m.verb = MV_ACCEPT;
	return push(c, &m);
}

/*
 * The messages every member of the game saw, one handler each: its name,
 * when it counts (below), and what it writes.  Each gets the message's
 * name and its fields.
 */

/* SOCNewGame, SOCNewGameWithOptions: the game's options, which must be ones we play (and say the board). */
static int on_new_game(struct js *c, const char *msg, const char *f)
{
	char opts[256], why[96];
	int rc, six = 0;
	if (field(f, "param2", opts, sizeof opts) && (rc = js_options(opts, &six, why, sizeof why)))
		return fail(c, rc, "game options", "%s", why);
	if (six && !c->started) {
		c->six = 1;
		c->nseats = JS_SEATS;
		c->geo = ruleset_six.geom;
	}
	return C_OK;
}

/*
 * SOCBoardLayout2: in encoding 2 the board of five and six, before the
 * game starts; the sea board or a larger one (3): a board we do not play.
 */
static int on_large_board(struct js *c, const char *msg, const char *f)
{
	char bef[8];
	if (field(f, "bef", bef, sizeof bef) && strcmp(bef, "2") == 0)
		return c->started ? C_OK : board_layout6(c, f);
	return fail(c, C_ILLEGAL, msg, "the sea board or a larger one: not a board we play");
}

static int on_sea(struct js *c, const char *msg, const char *f)
{
	return fail(c, C_ILLEGAL, msg, "a message of the sea board or a scenario: not a game we play");
}

/*
 * SOCDiscard, everyone else's copy, which gives only how many.  The
 * player's own, which names the cards, comes first in a server's log
 * (private); without it (a client's log of another player) the discard is
 * written unnamed.
 */
static int on_discard(struct js *c, const char *msg, const char *f)
{
	struct move d;
	long v;
	int rc;
	move_init(&d);
	if ((rc = number(c, f, "playerNum", 10, &v)))
		return rc;
	if (v < 0 || v >= c->nseats)
		return fail(c, C_INPUT, msg, "seat %ld is not a seat", v);
	if (c->discarded[v])
		return C_OK;
	if ((rc = flush(c)) || (rc = who(c, v, &d)))
		return rc;
	d.verb = MV_DISCARD;
	c->discarded[v] = 1;
	return push(c, &d);
}

/* SOCBoardLayout: the classic board, before the game starts (a later copy changes nothing). */
static int on_board_layout(struct js *c, const char *msg, const char *f)
{
	if (c->six)
		return fail(c, C_INPUT, msg, "the classic board's layout in a game of the board of five and six");
	return c->started ? C_OK : board_layout(c, f);
}

/* SOCSitDown: a seat taken, before the game starts. */
static int on_sit_down(struct js *c, const char *msg, const char *f)
{
	long v;
	int rc;
	if ((rc = number(c, f, "playerNumber", 10, &v)))
		return rc;
	if (v < 0 || v >= c->nseats)
		return fail(c, C_INPUT, "playerNumber", "%ld is no seat of a %s game", v,
			    c->six ? "six-player" : "four-player");
	if (!c->started) {
		c->seated[v] = 1;
		if (!field(f, "nickname", c->nickname[v], sizeof c->nickname[v]))
			c->nickname[v][0] = '\0';
	}
	return C_OK;
}

/* end: seat's "end" (ours), which ends its turn or its step of the building phase. */
static int end(struct js *c, int seat)
{
	struct move m;
	move_init(&m);
	m.verb = MV_END;
	m.seat = (int8_t)seat;
	return push(c, &m);
}

/*
 * building: the Special Building Phase's steps up to seat to (ours): each
 * seat before it passes ("end"), as JSettlers visits only the players who
 * asked to build and we visit every other player in turn.  At the phase's
 * end, to is the seat whose turn it followed, and every seat left passes.
 */
static int building(struct js *c, int to)
{
	int rc;
	for (int i = 0; c->bp_seat != to; i++) {
		if (i >= c->nplayers)
			return fail(c, C_INPUT, "SOCTurn", "the building phase never reaches the seat it names");
		if ((rc = end(c, c->bp_seat)))
			return rc;
		c->bp_seat = (c->bp_seat + 1) % c->nplayers;
	}
	return C_OK;
}

/*
 * SOCTurn: the first starts the game; a new turn (game state 15, or 1000
 * when a player wins as the turn starts) ends the one before, once the
 * game has rolls.  On the board of five and six the building phase follows
 * every turn: a builder's step begins with game state 100, and the steps
 * of the seats it passes over, and all those left before the next turn,
 * are passes.
 */
static int on_turn(struct js *c, const char *msg, const char *f)
{
	long v, w;
	int rc;
	if ((rc = number(c, f, "playerNumber", 10, &v)) || (rc = number(c, f, "gameState", 10, &w)))
		return rc;
	if (v < 0 || v >= c->nseats)
		return fail(c, C_INPUT, "playerNumber", "%ld is no seat of a %s game", v,
			    c->six ? "six-player" : "four-player");
	if (!c->started && (rc = start(c, v)))
		return rc;
	if ((rc = flush(c)))
		return rc;
	int ended = c->turn, next = w == 15 || (c->six && w == 1000), step = c->six && w == 100;
	c->turn = (int)v;
	if (c->rolled && (next || step)) {
		c->rolled = 0;
		int s = seat(c, ended);
		if (s < 0)
			return fail(c, C_INPUT, "playerNumber", "nobody plays in seat %d", ended);
		if ((rc = end(c, s)))
			return rc;
		if (c->six) {
			c->bp = 1;
			c->bp_after = s;
			c->bp_seat = (s + 1) % c->nplayers;
		}
	}
	if (!c->bp || !(next || step))
		return C_OK;
	int to = step ? seat(c, v) : c->bp_after;
	if (step && (to < 0 || to == c->bp_after))
		return fail(c, C_INPUT, "playerNumber", "seat %ld does not build in the building phase after "
			    "seat %d's turn", v, c->order[c->bp_after]);
	if ((rc = building(c, to)))
		return rc;
	c->bp = step;
	return C_OK;
}

/* SOCPutPiece: a piece built; a road of road building's player, while the card waits for its two: one of its paths. */
static int on_put_piece(struct js *c, const char *msg, const char *f)
{
	struct move m;
	long pn, type, coord;
	int rc;
	if ((rc = number(c, f, "playerNumber", 10, &pn)) || (rc = number(c, f, "pieceType", 10, &type)) ||
	    (rc = number(c, f, "coord", 16, &coord)))
		return rc;
	if (c->roads_pending && type == 0 && c->roads.seat == seat(c, pn)) {
		int e = js_edge(c->geo, coord);
		if (e < 0)
			return fail(c, C_INPUT, "coord", "0x%lx is no path of %s", coord, board_name(c));
		c->roads.path[c->roads.npath++] = (int8_t)e;
		return c->roads.npath == 2 ? flush(c) : C_OK;
	}
	if ((rc = flush(c)))
		return rc;
	move_init(&m);
	if ((rc = who(c, pn, &m)))
		return rc;
	m.verb = MV_BUILD;
	if (type == 0) {
		m.piece = PC_ROAD;
		m.npath = 1;
		m.path[0] = (int8_t)js_edge(c->geo, coord);
	} else if (type == 1 || type == 2) {
		m.piece = type == 1 ? PC_SETTLEMENT : PC_CITY;
		m.node = (int8_t)js_node(c->geo, coord);
	} else {
		return fail(c, C_ILLEGAL, "pieceType", "%ld is no piece of %s", type, board_name(c));
	}
	if (type == 0 ? m.path[0] < 0 : m.node < 0)
		return fail(c, C_INPUT, "coord", "0x%lx is no place of %s", coord, board_name(c));
	return push(c, &m);
}

/* SOCDiceResult: the roll, of which the log gives the total only: the lowest first die that makes it (as for .catan). */
static int on_dice_result(struct js *c, const char *msg, const char *f)
{
	struct move m;
	long v;
	int rc;
	if ((rc = number(c, f, "param", 10, &v)) || (rc = flush(c)))
		return rc;
	if (v < 2 || v > 12)
		return fail(c, C_INPUT, "param", "%ld is no roll of two dice", v);
	move_init(&m);
	if ((rc = who(c, c->turn, &m)))
		return rc;
	m.verb = MV_ROLL;
	memset(c->discarded, 0, sizeof c->discarded);
	m.dice[0] = (uint8_t)(v > 7 ? v - 6 : 1);
	m.dice[1] = (uint8_t)(v - m.dice[0]);
	c->rolled = 1;
	return push(c, &m);
}

/* SOCMoveRobber: the robber moved, written with its robbery's result when that comes (private). */
static int on_move_robber(struct js *c, const char *msg, const char *f)
{
	long pn, coord;
	int h, rc;
	if ((rc = number(c, f, "playerNumber", 10, &pn)) || (rc = number(c, f, "coord", 16, &coord)) ||
	    (rc = flush(c)))
		return rc;
	if ((h = js_hex(c->geo, coord)) < 0)
		return fail(c, C_INPUT, "coord", "0x%lx is no land hex of %s", coord, board_name(c));
	move_init(&c->robber);
	if ((rc = who(c, pn, &c->robber)))
		return rc;
	c->robber.verb = MV_ROBBER;
	c->robber.hex = (int8_t)h;
	c->robber_pending = 1;
	return C_OK;
}

/* SOCBankTrade: a maritime trade. */
static int on_bank_trade(struct js *c, const char *msg, const char *f)
{
	struct move m;
	long v;
	int rc;
	move_init(&m);
	if ((rc = cards(c, f, "give", m.give, NULL)) || (rc = cards(c, f, "get", m.get, NULL)) ||
	    (rc = number(c, f, "pn", 10, &v)) || (rc = flush(c)) || (rc = who(c, v, &m)))
		return rc;
	m.verb = MV_TRADE;
	return push(c, &m);
}

/* SOCSimpleAction: action type 1, a development card bought, named when the log saw it drawn; 3, monopoly's take. */
static int on_simple_action(struct js *c, const char *msg, const char *f)
{
	struct move m;
	long v, w;
	int rc;
	if ((rc = number(c, f, "actType", 10, &w)) || (w != 1 && w != 3))
		return rc;
	if ((rc = number(c, f, "pn", 10, &v)) || (rc = flush(c)))
		return rc;
	move_init(&m);
	if ((rc = who(c, v, &m)))
		return rc;
	if (w == 3) {
		long r;
		if ((rc = number(c, f, "v2", 10, &r)))
			return rc;
		if (r < 1 || r > 5)
			return fail(c, C_INPUT, "v2", "%ld is no resource", r);
		m.verb = MV_PLAY;
		m.card = DEV_MONOPOLY;
		m.res = (int8_t)js_res[r];
		return push(c, &m);
	}
	m.verb = MV_BUY;
	m.card = (int8_t)c->drawn[v];
	c->drawn[v] = -1;
	return push(c, &m);
}

/*
 * SOCDevCardAction: a card played: a knight at once (the robber follows);
 * road building waits for its roads; year of plenty and monopoly are
 * written when their choice is (SOCPickResources, SOCSimpleAction).
 */
static int on_dev_card_action(struct js *c, const char *msg, const char *f)
{
	struct move m;
	char act[16];
	long v, w;
	int rc;
	if (!field(f, "actionType", act, sizeof act) || strcmp(act, "PLAY") != 0)
		return C_OK;
	if ((rc = number(c, f, "playerNum", 10, &v)) || (rc = number(c, f, "cardType", 10, &w)) || (rc = flush(c)))
		return rc;
	if (w != 1 && w != 2 && w != 3 && w != 9)
		return fail(c, C_INPUT, "cardType", "%ld is no card that is played", w);
	move_init(&m);
	if ((rc = who(c, v, &m)))
		return rc;
	m.verb = MV_PLAY;
	m.card = js_card[w];
	if (w == 9)
		return push(c, &m);
	if (w == 1) {
		c->roads = m;
		c->roads_pending = 1;
		c->roads_line = c->line;
	}
	return C_OK;
}

/* SOCPickResources: a year of plenty's two cards. */
static int on_pick_resources(struct js *c, const char *msg, const char *f)
{
	struct move m;
	long v, reason;
	int rc;
	move_init(&m);
	if ((rc = number(c, f, "pn", 10, &v)) || (rc = number(c, f, "reason", 10, &reason)))
		return rc;
	if (reason != 2)
		return fail(c, C_INPUT, "reason", "%ld: resources picked for another reason than a year of plenty (2)",
			    reason);
	if ((rc = cards(c, f, "resources", m.get, NULL)) || (rc = flush(c)) || (rc = who(c, v, &m)))
		return rc;
	m.verb = MV_PLAY;
	m.card = DEV_YEAR_OF_PLENTY;
	return push(c, &m);
}

/* SOCGameState: back to the main phase (20), road building has the roads it will get. */
static int on_game_state(struct js *c, const char *msg, const char *f)
{
	long v;
	int rc;
	if ((rc = number(c, f, "state", 10, &v)))
		return rc;
	return v == 20 && c->roads_pending ? flush(c) : C_OK;
}

/* SOCMakeOffer: an offer changes nothing until it is accepted: kept for an acceptance that names no cards. */
static int on_make_offer(struct js *c, const char *msg, const char *f)
{
	uint8_t give[NRES], get[NRES];
	long v;
	int rc;
	if ((rc = number(c, f, "from", 10, &v)) || (rc = cards(c, f, "give", give, NULL)) ||
	    (rc = cards(c, f, "get", get, NULL)))
		return rc;
	if (v < 0 || v >= c->nseats)
		return fail(c, C_INPUT, "from", "%ld is no seat of a %s game", v, c->six ? "six-player" : "four-player");
	for (int k = 0; k < NRES; k++) {
		c->offer[v][0][k] = give[k];
		c->offer[v][1][k] = get[k];
	}
	return C_OK;
}

static int on_accept_offer(struct js *c, const char *msg, const char *f)
{
	return accept(c, f);
}

/*
 * When a message counts: by default only in the copy every member saw
 * (audience "all") once the game has started (SOCTurn).  ANY_AUDIENCE:
 * whoever's copy it is; OTHERS_TOO: also "!N", everyone's but seat N's;
 * BEFORE_START: before the game starts too.
 */
enum { ANY_AUDIENCE = 1, OTHERS_TOO = 2, BEFORE_START = 4 };

static const struct handler {
	const char *name;
	unsigned when;
	int (*fn)(struct js *c, const char *msg, const char *f);
} handlers[] = {
	{ "SOCNewGameWithOptions", ANY_AUDIENCE | BEFORE_START, on_new_game },
	{ "SOCNewGame", ANY_AUDIENCE | BEFORE_START, on_new_game },
	{ "SOCBoardLayout2", ANY_AUDIENCE | BEFORE_START, on_large_board },
	{ "SOCDiscard", OTHERS_TOO, on_discard },
	{ "SOCBoardLayout", BEFORE_START, on_board_layout },
	{ "SOCSitDown", BEFORE_START, on_sit_down },
	{ "SOCTurn", BEFORE_START, on_turn },
	{ "SOCPutPiece", 0, on_put_piece },
	{ "SOCDiceResult", 0, on_dice_result },
	{ "SOCMoveRobber", 0, on_move_robber },
	{ "SOCBankTrade", 0, on_bank_trade },
	{ "SOCSimpleAction", 0, on_simple_action },
	{ "SOCDevCardAction", 0, on_dev_card_action },
	{ "SOCPickResources", 0, on_pick_resources },
	{ "SOCGameState", 0, on_game_state },
	{ "SOCMakeOffer", 0, on_make_offer },
	{ "SOCAcceptOffer", 0, on_accept_offer },
	/* What changes a game only on the sea board or in a scenario. */
	{ "SOCMovePiece", 0, on_sea },
	{ "SOCRevealFogHex", 0, on_sea },
	{ "SOCInventoryItemAction", 0, on_sea },
	{ "SOCSetSpecialItem", 0, on_sea },
	{ NULL, 0, NULL },
};

/* message: one message of the log: its audience, name and fields, to its handler when it counts. */
static int message(struct js *c, const char *aud, const char *msg, const char *f)
{
	for (const struct handler *h = handlers; h->name; h++) {
		if (strcmp(msg, h->name) != 0)
			continue;
		int heard = strcmp(aud, "all") == 0 || (h->when & ANY_AUDIENCE) ||
			    ((h->when & OTHERS_TOO) && aud[0] == '!');
		if (!heard || (!c->started && !(h->when & BEFORE_START)))
			return C_OK;
		return h->fn(c, msg, f);
	}
	return C_OK;
}

/* private: what one player's copy says: the card robbed or drawn, when the log shows it. */
static int private(struct js *c, const char *msg, const char *f)
{
	long v, w;
	int rc;
	if (strcmp(msg, "SOCRobberyResult") == 0 && c->robber_pending) {
		if ((rc = number(c, f, "victim", 10, &v)) || (rc = number(c, f, "resType", 10, &w)))
			return rc;
		c->robber.victim = (int8_t)(v >= 0 && v < c->nseats ? seat(c, v) : NOBODY);
		if (w >= 1 && w <= 5)
			c->robber.res = (int8_t)js_res[w];
		return C_OK;
	}
	if (strcmp(msg, "SOCDiscard") == 0) {
		/* The player's own copy names the cards discarded. */
		struct move m;
		long unknown;
		move_init(&m);
		if ((rc = number(c, f, "playerNum", 10, &v)) || (rc = cards(c, f, "resources", m.give, &unknown)))
			return rc;
		if (unknown || v < 0 || v >= c->nseats || c->discarded[v])
			return C_OK;
		if ((rc = flush(c)) || (rc = who(c, v, &m)))
			return rc;
		m.verb = MV_DISCARD;
		c->discarded[v] = 1;
		return push(c, &m);
	}
	if (strcmp(msg, "SOCDevCardAction") == 0) {
		/* JSettlers' cards: 1 road building, 2 year of plenty, 3 monopoly, 4 to 8 victory points, 9 knight. */
		char act[16];
		if (!field(f, "actionType", act, sizeof act) || strcmp(act, "DRAW") != 0)
			return C_OK;
		if ((rc = number(c, f, "playerNum", 10, &v)) || (rc = number(c, f, "cardType", 10, &w)))
			return rc;
		if (v >= 0 && v < c->nseats && w >= 0 && w <= 9)
			c->drawn[v] = js_card[w];
	}
	return C_OK;
}

int import_jsettlers(const char *buf, size_t len, const char *name, struct game *g, struct cerr *e)
{
	struct js c = { .name = name, .e = e, .geo = g->rs->geom, .g = g, .turn = -1, .nseats = JS_SEATS_CLASSIC,
			.robber_hex = -1 };
	char *l = malloc(len + 1);
	int rc = C_OK;

	if (!l)
		return cerr_set(e, C_SYSTEM, "out of memory");
	for (int s = 0; s < JS_SEATS; s++)
		c.drawn[s] = -1;
	for (size_t i = 0; i < len && rc == C_OK;) {
		size_t j = i;
		while (j < len && buf[j] != '\n')
			j++;
		size_t n = j - i;
		memcpy(l, buf + i, n);
		l[n] = '\0';
		if (n && l[n - 1] == '\r')
			l[--n] = '\0';
		c.line++;
		i = j + 1;
		if (strlen(l) != n) {
			rc = fail(&c, C_INPUT, "line", "a NUL byte");
			break;
		}
		if (c.line == 1) {
			if (strncmp(l, "SOC game event log: ", 20) != 0)
				rc = fail(&c, C_INPUT, "header", "expected 'SOC game event log: ...'");
			continue;
		}
		if (!l[0] || l[0] == '#')
			continue;
		/* [elapsed:]audience:SOCMessageName:fields; the elapsed time has colons of its own. */
		char *m = strstr(l, ":SOC");
		if (!m) {
			rc = fail(&c, C_INPUT, "message", "expected [ELAPSED:]AUDIENCE:SOCMessage:FIELDS");
			break;
		}
		*m = '\0';
		char *aud = strrchr(l, ':') ? strrchr(l, ':') + 1 : l, *msg = m + 1, *f = strchr(msg, ':');
		if (f)
			*f++ = '\0';
		else
			f = msg + strlen(msg);
		if (aud[0] == 'p' && aud[1] >= '0' && aud[1] <= '9')
			rc = c.started ? private(&c, msg, f) : C_OK;
		else
			rc = message(&c, aud, msg, f);
	}
	if (rc == C_OK && !c.started)
		rc = fail(&c, C_INPUT, "SOCStartGame", "the game never starts: no SOCTurn after the board");
	if (rc == C_OK)
		rc = flush(&c);
	free(l);
	return rc;
}
