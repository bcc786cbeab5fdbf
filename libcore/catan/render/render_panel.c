/* render_panel.c: the game in words beside the board (players, turn, pending things, last moves). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/move.h"
#include "model/names.h"
#include "rules/neutral.h"
#include "render/render_panel.h"
#include "rules/rules.h"
#include "model/seats.h"
#include "model/state.h"

const char render_letter[NCOLOUR] = { 'r', 'b', 'w', 'o', 'g', 'n' };

void render_opts_default(struct render_opts *o)
{
	o->labels = 0;
	o->colour = 0;
	o->nlog = 8;
	o->screen = 0;
	o->width = 0;
	o->board_only = 0;
	o->large = 0;
	o->since = NULL;
}

int render_pips(const struct ruleset *rs, int token)
{
	return token == rs->robber_roll ? 0 : rs_roll_ways(rs, token);
}

const struct position *render_position(const struct game *g)
{
	return g->has_pos ? &g->pos : &g->start;
}

/* ---- the panel ---- */

/*
 * add: one logical line, wrapped at blanks to pn->width; continuation
 * lines are indented by indent + 2.
 */
static void add(struct panel *pn, int seat, int kind, int indent, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static void add(struct panel *pn, int seat, int kind, int indent, const char *fmt, ...)
{
	char text[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);

	const char *s = text;
	int first = 1;
	while (*s && pn->n < PANEL_MAXLINES) {
		struct panel_line *l = &pn->line[pn->n++];
		int pad = indent + (first ? 0 : 2);
		int room = pn->width - pad;
		size_t n = strlen(s);
		if (n > (size_t)room) {
			n = (size_t)room;
			while (n > 0 && s[n] != ' ')
				n--;
			if (n == 0)
				n = (size_t)room;
		}
		l->seat = (int8_t)seat;
		l->kind = (uint8_t)kind;
		snprintf(l->text, sizeof l->text, "%*s%.*s", pad, "", (int)n, s);
		s += n;
		while (*s == ' ')
			s++;
		first = 0;
	}
}

/* counts: "brick 1, ore 2" for the nonzero entries of v (n of them), or "none". */
static void counts(char *buf, size_t size, const uint8_t *v, const char *const *names, int n,
		   const char *suffix)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		if (!v[i])
			continue;
		int w = snprintf(buf + len, size - len, "%s%s %d%s", len ? ", " : "", names[i], v[i],
				 suffix);
		if (w < 0 || (size_t)w >= size - len)
			break;
		len += (size_t)w;
	}
	if (!len)
		snprintf(buf, size, "none");
}

static int sum(const uint8_t *v, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}

/* The first line: where the game stands. */
static void title(const struct game *g, const struct position *p, struct panel *pn)
{
	const char *who = seat_name(g, p->current);
	int cur = p->current;

	if (!g->has_pos) {
		add(pn, NOBODY, PK_TITLE, 0, "A record: its starting position (the moves are in the log)");
		return;
	}
	switch (p->phase) {
	case PH_SETUP_SETTLEMENT:
	case PH_SETUP_ROAD:
		add(pn, cur, PK_TITLE, 0, "Set-up, placement %d of %d: %s places a %s",
		    pos_setup_step(g, p) + 1, turn_setup_steps(g), who,
		    p->phase == PH_SETUP_ROAD ? "road" : "settlement");
		break;
	case PH_ROLL:
		if (p->nrolls > 0)
			add(pn, cur, PK_TITLE, 0, "Turn %d: %s to roll the second time (the first made %d)",
			    p->turn, who, p->roll_sum[0]);
		else
			add(pn, cur, PK_TITLE, 0, "Turn %d: %s to roll the dice", p->turn, who);
		break;
	case PH_NEUTRAL:
		add(pn, cur, PK_TITLE, 0, "Turn %d: %s places a free neutral %s%s", p->turn, who,
		    neutral_owed_name(g, p),
		    p->neutral_owed > 1 ? " (two are owed)" : "");
		break;
	case PH_BUILDING:
		add(pn, cur, PK_TITLE, 0, "Turn %d: special building phase after %s's turn: %s builds or passes",
		    p->turn, seat_name(g, p->turn_of), who);
		break;
	case PH_GIVE:
		add(pn, cur, PK_TITLE, 0, "Turn %d: %s gives %s %d cards for the forced trade", p->turn, who,
		    seat_name(g, seat_opponent(g, cur)), p->give_owed);
		break;
	case PH_DISCARD:
		add(pn, cur, PK_TITLE, 0, "Turn %d: %s rolled a seven; discards are owed", p->turn, who);
		break;
	case PH_ROBBER:
		add(pn, robber_mover(g, p), PK_TITLE, 0, "Turn %d: %s moves the robber", p->turn,
		    seat_name(g, robber_mover(g, p)));
		break;
	case PH_INTERRUPT:
		add(pn, p->answer, PK_TITLE, 0, "Turn %d: %s moved the robber to hex %d; %s passes or plays "
		    "a knight", p->turn, seat_name(g, p->robber_seat), p->robber + 1, seat_name(g, p->answer));
		break;
	case PH_STEAL:
		add(pn, p->robber_seat, PK_TITLE, 0, "Turn %d: %s steals from a player on hex %d", p->turn,
		    seat_name(g, p->robber_seat), p->robber + 1);
		break;
	case PH_MAIN:
		if (p->paired)
			add(pn, cur, PK_TITLE, 0, "Turn %d: %s plays a part of %s's turn (paired players)",
			    p->turn, who, seat_name(g, p->turn_of));
		else
			add(pn, cur, PK_TITLE, 0, "Turn %d: %s to trade, build, buy, play or end the turn",
			    p->turn, who);
		break;
	default:
		/* A view holds the winner's victory point cards: they are shown at the end. */
		add(pn, cur, PK_TITLE, 0, "Turn %d: game over: %s has won with %d points", p->turn,
		    who, score_total(g, p, cur));
		break;
	}
}

/* What the game waits for besides the current player: discards, the robber, an offer. */
static void pending(const struct game *g, const struct position *p, struct panel *pn)
{
	char line[512], give[128], get[128];
	size_t len = 0;

	if (p->phase == PH_DISCARD) {
		for (int s = 0; s < g->nplayers; s++)
			if (p->pl[s].discard)
				len += (size_t)snprintf(line + len, sizeof line - len, "%s%s owes %d card%s",
							len ? ", " : "", seat_name(g, s), p->pl[s].discard,
							p->pl[s].discard == 1 ? "" : "s");
		add(pn, NOBODY, PK_TEXT, 0, "Pending: %s; then %s moves the robber", line,
		    seat_name(g, p->current));
	} else if (p->phase == PH_ROBBER) {
		add(pn, robber_mover(g, p), PK_TEXT, 0, "Pending: %s moves the robber from hex %d%s",
		    seat_name(g, robber_mover(g, p)), p->robber + 1, p->seven ? " (or leaves it there)" : "");
	}
	if (p->offer.active) {
		counts(give, sizeof give, p->offer.give, resource_names, NRES, "");
		counts(get, sizeof get, p->offer.get, resource_names, NRES, "");
		len = 0;
		line[0] = '\0';
		for (int s = 0; s < g->nplayers; s++)
			if (p->offer.rejected & (1u << s))
				len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", len ? ", " : "",
							seat_name(g, s));
		add(pn, p->current, PK_TEXT, 0, "Open offer: %s gives %s for %s, to %s%s%s%s",
		    seat_name(g, p->current), give, get, p->offer.to == NOBODY ? "all" : seat_name(g, p->offer.to),
		    len ? " (declined by " : "", line, len ? ")" : "");
	}
}

static void player(const struct game *g, const struct position *p, int s, struct panel *pn)
{
	const struct geometry *geo = g->rs->geom;
	const struct player *pl = &p->pl[s];
	int full = g->view == NOBODY || g->view == s;
	char buf[256], nw[256];
	int road = longest_road(geo, p, s);
	int pub = score_public(g, p, s), tot = score_total(g, p, s);
	int c = g->colour[s];

	if (!seat_moves(g, s)) {
		add(pn, s, PK_PLAYER, 0, "%s (%c/%c): neutral, %d point%s%s", colour_names[c], render_letter[c],
		    render_letter[c] - 'a' + 'A', pub, pub == 1 ? "" : "s",
		    p->longest_road == s ? ", longest road" : "");
		add(pn, s, PK_TEXT, 2, "longest road %d; left: %d roads, %d settlements", road, pl->roads,
		    pl->settlements);
		return;
	}
	char pts[64];
	/* In a view another player's total is known only when their victory point cards are shown. */
	if (!full && tot == pub)
		snprintf(pts, sizeof pts, "%d points shown", pub);
	else if (tot != pub)
		snprintf(pts, sizeof pts, "%d points (%d shown)", tot, pub);
	else
		snprintf(pts, sizeof pts, "%d point%s", tot, tot == 1 ? "" : "s");
	/* The player's name, when the record knows it: "red (r/R) ann: 3 points". */
	add(pn, s, PK_PLAYER, 0, "%s (%c/%c)%s%s: %s%s%s%s", colour_names[c], render_letter[c],
	    render_letter[c] - 'a' + 'A', g->name[s][0] ? " " : "", g->name[s], pts, p->longest_road == s ? ", longest road" : "",
	    p->largest_army == s ? ", largest army" : "",
	    g->has_pos && p->current == s ? (p->phase == PH_OVER ? "  * winner *" : "  <- to move")
					  : "");

	int see_hand = seat_may_see(g, p, g->view, s, HID_HAND);
	int nhand = see_hand ? sum(pl->hand, NRES) : g->view_hand[s];
	if (see_hand) {
		counts(buf, sizeof buf, pl->hand, resource_names, NRES, "");
		add(pn, s, PK_TEXT, 2, "cards: %d%s%s%s", nhand, nhand ? " (" : "", nhand ? buf : "",
		    nhand ? ")" : "");
	} else {
		add(pn, s, PK_TEXT, 2, "cards: %d", nhand);
	}
	if (pl->discard)
		add(pn, s, PK_TEXT, 2, "owes %d card%s to the bank (a seven)", pl->discard,
		    pl->discard == 1 ? "" : "s");
	if (rs_has_trade_cards(g->rs) && pl->returned)
		add(pn, s, PK_TEXT, 2, "trade cards: %d; knights given back: %d", pl->trade, pl->returned);
	else if (rs_has_trade_cards(g->rs))
		add(pn, s, PK_TEXT, 2, "trade cards: %d", pl->trade);

	int ndev = full ? sum(pl->dev, NDEV) + sum(pl->dev_new, NDEV) : g->view_dev[s];
	if (full && ndev) {
		counts(buf, sizeof buf, pl->dev, dev_names, NDEV, "");
		counts(nw, sizeof nw, pl->dev_new, dev_names, NDEV, " new");
		add(pn, s, PK_TEXT, 2, "development cards: %d (%s%s%s)", ndev,
		    sum(pl->dev, NDEV) ? buf : "", sum(pl->dev, NDEV) && sum(pl->dev_new, NDEV) ? ", " : "",
		    sum(pl->dev_new, NDEV) ? nw : "");
	} else if (tot != pub) {
		add(pn, s, PK_TEXT, 2, "development cards: %d (victory-point %d revealed)", ndev,
		    pl->dev[DEV_VICTORY_POINT] + pl->dev_new[DEV_VICTORY_POINT]);
	} else {
		add(pn, s, PK_TEXT, 2, "development cards: %d", ndev);
	}
	if (sum(pl->played, NDEV)) {
		counts(buf, sizeof buf, pl->played, dev_names, NDEV, "");
		add(pn, s, PK_TEXT, 2, "played: %s", buf);
	}
	add(pn, s, PK_TEXT, 2, "knights %d, longest road %d; left: %d roads, %d settlements, %d cities",
	    pl->played[DEV_KNIGHT], road, pl->roads, pl->settlements, pl->cities);
}

void panel_build(const struct game *g, const struct render_opts *o, struct panel *pn)
{
	const struct position *p = render_position(g);
	char buf[256];

	pn->n = 0;
	pn->width = o->width <= 0 || o->width >= PANEL_WIDTH ? PANEL_WIDTH :
		    o->width > PANEL_MIN_WIDTH ? o->width : PANEL_MIN_WIDTH;
	title(g, p, pn);
	if (g->view == SPECTATOR)
		add(pn, NOBODY, PK_TEXT, 0, "What the public saw: hands and development cards are counts");
	else if (g->view != NOBODY)
		add(pn, g->view, PK_TEXT, 0, "What %s may see: other hands and development cards are counts",
		    seat_name(g, g->view));
	pending(g, p, pn);
	counts(buf, sizeof buf, p->bank, resource_names, NRES, "");
	add(pn, NOBODY, PK_TEXT, 0, "Robber on hex %d (%s); development cards left: %d", p->robber + 1,
	    terrain_names[g->board.terrain[p->robber]], p->deck_len);
	add(pn, NOBODY, PK_TEXT, 0, "Bank: %s", buf);
	struct rules def;
	rules_default(&def);
	if (rules_text(&g->rules, &def, buf, sizeof buf)[0])
		add(pn, NOBODY, PK_TEXT, 0, "Rules: %s", buf);
	if (rs_has_trade_cards(g->rs))
		add(pn, NOBODY, PK_TEXT, 0, "Trade cards in the supply: %d%s", p->trade_supply,
		    p->knight_returned ? "; a knight was given back this turn" : "");
	for (int s = 0; s < g->nplayers; s++)
		player(g, p, s, pn);
	if (o->nlog > 0 && g->log.len > 0) {
		size_t nlog = o->nlog < PANEL_MAXLOG ? (size_t)o->nlog : PANEL_MAXLOG;
		size_t from = g->log.len > nlog ? g->log.len - nlog : 0;
		add(pn, NOBODY, PK_HEAD, 0, "Last moves (%zu in all):", g->log.len);
		for (size_t i = from; i < g->log.len; i++) {
			struct move m;
			struct cerr ignored = { 0 };
			int seat = movelog_move(g, i, &m, &ignored) == C_OK ? m.seat : NOBODY;
			add(pn, seat, PK_LOG, 2, "%4zu. %s", i + 1, g->log.ent[i].text);
		}
	}
}

/* One line a player: points, cards, awards; then the hand and cards that the document shows. */
static void player_screen(const struct game *g, const struct position *p, int s, struct panel *pn)
{
	const struct player *pl = &p->pl[s];
	int full = g->view == NOBODY || g->view == s;
	int pub = score_public(g, p, s), tot = score_total(g, p, s);
	int see_hand = seat_may_see(g, p, g->view, s, HID_HAND);
	int nhand = see_hand ? sum(pl->hand, NRES) : g->view_hand[s];
	int ndev = full ? sum(pl->dev, NDEV) + sum(pl->dev_new, NDEV) : g->view_dev[s];
	char buf[256], nw[256];

	if (!seat_moves(g, s)) {
		add(pn, s, PK_PLAYER, 0, "%c %s: neutral, %d point%s%s", render_letter[g->colour[s]],
		    seat_name(g, s), pub, pub == 1 ? "" : "s", p->longest_road == s ? ", road" : "");
		return;
	}
	add(pn, s, PK_PLAYER, 0, "%c %s%s %d pt%s, %d card%s, %d dev%s%s", render_letter[g->colour[s]],
	    seat_name(g, s), g->has_pos && p->current == s ? "*" : ":", tot, tot == 1 ? "" : "s", nhand,
	    nhand == 1 ? "" : "s", ndev, p->longest_road == s ? ", road" : "",
	    p->largest_army == s ? ", army" : "");
	if (see_hand && nhand) {
		counts(buf, sizeof buf, pl->hand, resource_names, NRES, "");
		add(pn, s, PK_TEXT, 2, "%s", buf);
	}
	if (full && ndev) {
		counts(buf, sizeof buf, pl->dev, dev_names, NDEV, "");
		counts(nw, sizeof nw, pl->dev_new, dev_names, NDEV, " new");
		add(pn, s, PK_TEXT, 2, "%s%s%s", sum(pl->dev, NDEV) ? buf : "",
		    sum(pl->dev, NDEV) && sum(pl->dev_new, NDEV) ? ", " : "", sum(pl->dev_new, NDEV) ? nw : "");
	}
}

/* last_player: the first line of the last player's block in pn (-1 for none). */
static int last_player(const struct panel *pn)
{
	int last = -1;
	for (int i = 0; i < pn->n; i++)
		if (pn->line[i].kind == PK_PLAYER &&
		    (i == 0 || pn->line[i - 1].kind != PK_PLAYER || pn->line[i - 1].seat != pn->line[i].seat))
			last = i;
	return last;
}

/* drop_cards: the lines of the players' cards under their line, but seats keep and keep2's. */
static void drop_cards(struct panel *pn, int keep, int keep2)
{
	int k = 0, players = 0;
	for (int i = 0; i < pn->n; i++) {
		const struct panel_line *l = &pn->line[i];
		players |= l->kind == PK_PLAYER;
		if (players && l->kind == PK_TEXT && l->seat >= 0 && l->seat != keep && l->seat != keep2)
			continue;
		pn->line[k++] = *l;
	}
	pn->n = k;
}

void panel_build_screen(const struct game *g, int width, int rows, struct panel *pn)
{
	const struct position *p = render_position(g);
	char buf[256];

	pn->n = 0;
	pn->width = width < PANEL_WIDTH ? width : PANEL_WIDTH;
	if (pn->width < PANEL_MIN_WIDTH)
		return;
	title(g, p, pn);
	pending(g, p, pn);
	counts(buf, sizeof buf, p->bank, resource_names, NRES, "");
	add(pn, NOBODY, PK_TEXT, 0, "Bank: %s; %d dev", buf, p->deck_len);
	for (int s = 0; s < g->nplayers; s++)
		player_screen(g, p, s, pn);
	/*
	 * Every player's line first (six players on a narrow panel): when the
	 * last one would not show, the others' cards go, then the player to
	 * move's, then the viewer's.
	 */
	int current = g->has_pos ? p->current : NOBODY;
	if (last_player(pn) >= rows)
		drop_cards(pn, g->view, current);
	if (last_player(pn) >= rows)
		drop_cards(pn, g->view, NOBODY);
	if (last_player(pn) >= rows)
		drop_cards(pn, NOBODY, NOBODY);
	/* The last moves, newest last, as many as there is room for: each may take two lines. */
	if (g->log.len == 0 || pn->n + 2 > rows)
		return;
	add(pn, NOBODY, PK_HEAD, 0, "Last moves:");
	int head = pn->n;
	for (size_t i = g->log.len; i-- > 0 && pn->n < rows;) {
		struct move m;
		struct cerr ignored = { 0 };
		int seat = movelog_move(g, i, &m, &ignored) == C_OK ? m.seat : NOBODY;
		int before = pn->n;
		add(pn, seat, PK_LOG, 1, "%zu %s", i + 1, g->log.ent[i].text);
		if (pn->n > rows) {
			pn->n = before;
			break;
		}
		/* Move the new lines in front of the ones already listed, newer ones. */
		struct panel_line tmp[4];
		int k = pn->n - before;
		if (k > 4) {
			pn->n = before;
			continue;
		}
		memcpy(tmp, &pn->line[before], (size_t)k * sizeof tmp[0]);
		memmove(&pn->line[head + k], &pn->line[head], (size_t)(before - head) * sizeof tmp[0]);
		memcpy(&pn->line[head], tmp, (size_t)k * sizeof tmp[0]);
	}
	if (pn->n == head)
		pn->n--;
}
