/* render_html.c: a whole game as one HTML page: the board once, each position's pieces and panel as shared lines. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "model/names.h"
#include "render/render_html.h"
#include "render/render_svg.h"
#include "doc/replay.h"
#include "doc/scorecard.h"
#include "model/state.h"
#include "render/timeline_svg.h"
#include "model/view.h"

/*
 * The lines of SVG met so far, each kept once: frag[i] is line i, and a
 * hash table of indices finds a line's number.  Positions are lists of
 * line numbers (pos, with each position's list ending at end[k]).
 */
struct lines {
	char **frag;
	size_t nfrag, capfrag;
	uint32_t *slot;		/* index + 1, or 0 when free */
	size_t nslot;
	uint32_t *pos;
	size_t npos, cappos;
	size_t *end;
	size_t nend, capend;
	int failed;
};

static uint64_t hash(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211u;
	return h;
}

static int rehash(struct lines *l)
{
	size_t n = l->nslot ? 2 * l->nslot : 1024;
	uint32_t *slot = calloc(n, sizeof *slot);
	if (!slot)
		return -1;
	for (size_t i = 0; i < l->nfrag; i++) {
		size_t k = hash(l->frag[i], strlen(l->frag[i])) & (n - 1);
		while (slot[k])
			k = (k + 1) & (n - 1);
		slot[k] = (uint32_t)i + 1;
	}
	free(l->slot);
	l->slot = slot;
	l->nslot = n;
	return 0;
}

/* line_number: the number of line s[0..n), added when new; -1 when memory runs out. */
static long line_number(struct lines *l, const char *s, size_t n)
{
	if (2 * (l->nfrag + 1) > l->nslot && rehash(l))
		return -1;
	size_t k = hash(s, n) & (l->nslot - 1);
	for (; l->slot[k]; k = (k + 1) & (l->nslot - 1)) {
		const char *f = l->frag[l->slot[k] - 1];
		if (strlen(f) == n && !memcmp(f, s, n))
			return (long)l->slot[k] - 1;
	}
	char **frag = buf_grow_array(l->frag, &l->capfrag, l->nfrag + 1, sizeof *frag);
	char *copy = malloc(n + 1);
	if (!frag || !copy) {
		free(copy);
		return -1;
	}
	l->frag = frag;
	memcpy(copy, s, n);
	copy[n] = '\0';
	l->frag[l->nfrag] = copy;
	l->slot[k] = (uint32_t)++l->nfrag;
	return (long)l->nfrag - 1;
}

/* add_position: the pieces of one position, line by line, as a list of line numbers. */
static int add_position(struct lines *l, const char *pieces)
{
	for (const char *s = pieces; *s;) {
		const char *nl = strchr(s, '\n');
		size_t n = nl ? (size_t)(nl - s) : strlen(s);
		long k = line_number(l, s, n);
		uint32_t *pos = buf_grow_array(l->pos, &l->cappos, l->npos + 1, sizeof *pos);
		if (k < 0 || !pos)
			return -1;
		l->pos = pos;
		l->pos[l->npos++] = (uint32_t)k;
		s += n + (nl != NULL);
	}
	size_t *end = buf_grow_array(l->end, &l->capend, l->nend + 1, sizeof *end);
	if (!end)
		return -1;
	l->end = end;
	l->end[l->nend++] = l->npos;
	return 0;
}

static void lines_free(struct lines *l)
{
	for (size_t i = 0; i < l->nfrag; i++)
		free(l->frag[i]);
	free(l->frag);
	free(l->slot);
	free(l->pos);
	free(l->end);
}

/* js_string: s as a JavaScript string literal that cannot end the script element. */
static void js_string(struct buf *b, const char *s)
{
	buf_addc(b, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			buf_printf(b, "\\%c", c);
		else if (c == '<' && s[1] == '/')
			buf_adds(b, "<\\"); /* the '/' follows */
		else if (c < 0x20)
			buf_printf(b, "\\u%04x", c);
		else
			buf_addc(b, (char)c);
	}
	buf_addc(b, '"');
}

static const char style[] =
	"body{margin:0;padding:8px 12px;background:#fbf8ef;color:#222;font-family:sans-serif}\n"
	"#controls{position:sticky;top:0;background:#fbf8ef;padding:6px 0;display:flex;gap:8px;"
	"align-items:center;flex-wrap:wrap}\n"
	"#slider{flex:1;min-width:200px}\n"
	"#num{font-weight:bold;white-space:nowrap}\n"
	"#move{font-family:monospace;font-size:15px;white-space:pre}\n"
	"#live text{white-space:pre}\n"
	"svg{max-width:100%;height:auto;display:block}\n"
	"h2{font-size:16px;margin:12px 0 4px}\n"
	"#dice{font-size:22px;white-space:nowrap}\n"
	"#live g.last{filter:drop-shadow(0 0 3px #ff0) drop-shadow(0 0 3px #ff0) drop-shadow(0 0 6px #f60)}\n"
	"#live tspan.last{fill:#c40;font-weight:bold}\n";

/*
 * The script: P holds each position as a difference from the one before
 * (a line number, or -(i + 1) then n: the n lines of the position before
 * from its line i); F's tspan lines come as [head, text].  What the last
 * move drew anew on the board, and its line in the panel, are marked
 * "last"; the address's hash names the move shown.
 */
static const char script[] =
	"(function () {\n"
	"var live = document.getElementById('live'), slider = document.getElementById('slider');\n"
	"var num = document.getElementById('num'), move = document.getElementById('move');\n"
	"var cursor = document.getElementById('cursor'), dice = document.getElementById('dice');\n"
	"var last = P.length - 1, at = 0, Q = [], k, j;\n"
	"F = F.map(function (f) { return typeof f === 'string' ? f : H[f[0]] + f[1] + '</tspan>'; });\n"
	"for (k = 0; k <= last; k++) {\n"
	"\tvar q = [], d = P[k];\n"
	"\tfor (j = 0; j < d.length; j++)\n"
	"\t\tif (d[j] >= 0)\n"
	"\t\t\tq.push(d[j]);\n"
	"\t\telse\n"
	"\t\t\tq = q.concat(Q[k - 1].slice(-d[j] - 1, -d[j] - 1 + d[++j]));\n"
	"\tQ.push(q);\n"
	"}\n"
	"var FACE = ['', '\\u2680', '\\u2681', '\\u2682', '\\u2683', '\\u2684', '\\u2685'];\n"
	"function show(n) {\n"
	"\tat = Math.max(0, Math.min(last, n));\n"
	"\tslider.value = at;\n"
	"\tvar before = at ? Q[at - 1] : [];\n"
	"\tlive.innerHTML = Q[at].map(function (i) {\n"
	"\t\tif (at && before.indexOf(i) < 0 && /^<g (class=\"(road|settlement|city)|id=\"robber\")/.test(F[i]))\n"
	"\t\t\treturn F[i].replace(/^<g (class=\"[^\"]*)?/, function (m, c) { return c ? m + ' last' : '<g class=\"last\" '; });\n"
	"\t\treturn F[i];\n"
	"\t}).join('\\n');\n"
	"\tvar spans = live.querySelectorAll('#panel tspan');\n"
	"\tfor (j = 0; j < spans.length; j++)\n"
	"\t\tif (at && spans[j].textContent.replace(/^ +/, '').indexOf(at + '. ') === 0)\n"
	"\t\t\tspans[j].setAttribute('class', 'last');\n"
	"\tnum.textContent = 'move ' + at + ' of ' + last;\n"
	"\tmove.textContent = at ? M[at - 1] : '(the start)';\n"
	"\tvar r = D[at];\n"
	"\tdice.textContent = r ? FACE[Math.floor(r / 10)] + FACE[r % 10] + ' ' + (Math.floor(r / 10) + r % 10) : '';\n"
	"\tdice.title = r ? 'the last roll: ' + Math.floor(r / 10) + ' and ' + r % 10 : 'no roll yet';\n"
	"\tcursor.setAttribute('x1', X[at]);\n"
	"\tcursor.setAttribute('x2', X[at]);\n"
	"\tdocument.body.setAttribute('data-move', at);\n"
	"\tif (location.hash !== '#move-' + at)\n"
	"\t\thistory.replaceState(null, '', '#move-' + at);\n"
	"}\n"
	"function hashed() {\n"
	"\tvar m = /^#move-(\\d+)$/.exec(location.hash);\n"
	"\treturn m ? +m[1] : -1;\n"
	"}\n"
	"slider.addEventListener('input', function () { show(+slider.value); });\n"
	"document.getElementById('first').onclick = function () { show(0); };\n"
	"document.getElementById('prev').onclick = function () { show(at - 1); };\n"
	"document.getElementById('next').onclick = function () { show(at + 1); };\n"
	"document.getElementById('last').onclick = function () { show(last); };\n"
	"window.addEventListener('hashchange', function () { if (hashed() >= 0) show(hashed()); });\n"
	"document.addEventListener('keydown', function (ev) {\n"
	"\tvar to = { ArrowLeft: at - 1, ArrowRight: at + 1, PageUp: at - 10, PageDown: at + 10,"
	" Home: 0, End: last }[ev.key];\n"
	"\tif (to === undefined || ev.altKey || ev.ctrlKey || ev.metaKey)\n"
	"\t\treturn;\n"
	"\tev.preventDefault();\n"
	"\tshow(to);\n"
	"});\n"
	"show(hashed() >= 0 ? hashed() : FIRST);\n"
	"})();\n";

/*
 * tspan_head: when line f is one tspan of text, the length of its head
 * (up to its '>'), else 0: the panel's many such lines share a few heads.
 */
static size_t tspan_head(const char *f)
{
	static const char open[] = "<tspan ", close[] = "</tspan>";
	size_t n = strlen(f), h;
	const char *gt = strchr(f, '>');

	if (strncmp(f, open, sizeof open - 1) || !gt || n < sizeof close - 1 ||
	    strcmp(f + n - (sizeof close - 1), close))
		return 0;
	h = (size_t)(gt - f) + 1;
	if (h + sizeof close - 1 > n || memchr(gt + 1, '<', n - h - (sizeof close - 1)))
		return 0;
	return h;
}

/*
 * fragments: F, each line once, and H, the tspan heads; a tspan line is
 * written [head, text] and the page's script puts it together again.
 */
static void fragments(struct buf *b, const struct lines *l)
{
	const char **head = calloc(l->nfrag + 1, sizeof *head);
	size_t nhead = 0;

	buf_adds(b, "var F = [\n");
	for (size_t i = 0; i < l->nfrag; i++) {
		const char *f = l->frag[i];
		size_t h = head ? tspan_head(f) : 0, k;
		if (!h) {
			js_string(b, f);
			buf_adds(b, ",\n");
			continue;
		}
		for (k = 0; k < nhead; k++)
			if (!strncmp(head[k], f, h) && tspan_head(head[k]) == h)
				break;
		if (k == nhead)
			head[nhead++] = f;
		char *text = strndup(f + h, strlen(f) - h - (sizeof "</tspan>" - 1));
		if (!text) {
			b->failed = 1;
			break;
		}
		buf_printf(b, "[%zu,", k);
		js_string(b, text);
		buf_adds(b, "],\n");
		free(text);
	}
	buf_adds(b, "];\nvar H = [\n");
	for (size_t k = 0; k < nhead; k++) {
		char *h = strndup(head[k], tspan_head(head[k]));
		if (!h) {
			b->failed = 1;
			break;
		}
		js_string(b, h);
		buf_adds(b, ",\n");
		free(h);
	}
	buf_adds(b, "];\n");
	if (!head)
		b->failed = 1;
	free(head);
}

/*
 * positions: P, the first position whole and each other as a difference
 * from the one before: a line number, or -(i + 1) then n for the n lines
 * of the position before from its line i (the longest such run, when it
 * has two lines or more).
 */
static void positions(struct buf *b, const struct lines *l)
{
	buf_adds(b, "var P = [\n");
	for (size_t k = 0; k < l->nend; k++) {
		const uint32_t *a = k ? l->pos + (k > 1 ? l->end[k - 2] : 0) : NULL;
		size_t na = k ? l->end[k - 1] - (k > 1 ? l->end[k - 2] : 0) : 0;
		const uint32_t *p = l->pos + (k ? l->end[k - 1] : 0);
		size_t np = l->end[k] - (k ? l->end[k - 1] : 0);
		const char *sep = "";

		buf_addc(b, '[');
		for (size_t j = 0; j < np;) {
			size_t best = 0, at = 0;
			for (size_t i = 0; i < na; i++) {
				size_t t = 0;
				while (i + t < na && j + t < np && a[i + t] == p[j + t])
					t++;
				if (t > best) {
					best = t;
					at = i;
				}
			}
			if (best >= 2) {
				buf_printf(b, "%s-%zu,%zu", sep, at + 1, best);
				j += best;
			} else {
				buf_printf(b, "%s%u", sep, (unsigned)p[j]);
				j++;
			}
			sep = ",";
		}
		buf_adds(b, "],\n");
	}
	buf_adds(b, "];\n");
}

/* page: the HTML around the parts. */
static void page(struct buf *b, const struct game *g, int seat, const struct svg_split *board,
		 double height, const struct lines *l, char *const *moves, const char *chart,
		 const struct timeline *t, const int *turns, const int *dice, long first)
{
	size_t nmoves = l->nend - 1;
	buf_adds(b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
	buf_adds(b, "<title>Catan: a replay of ");
	buf_printf(b, "%zu move%s", nmoves, nmoves == 1 ? "" : "s");
	if (seat != NOBODY)
		buf_printf(b, " as %s sees it", seat_name(g, seat));
	buf_adds(b, "</title>\n<style>\n");
	buf_adds(b, style);
	buf_adds(b, "</style>\n</head>\n<body>\n<div id=\"controls\">\n"
		  "<button id=\"first\" title=\"the start (Home)\">|&lt;</button>\n"
		  "<button id=\"prev\" title=\"the move before (left arrow)\">&lt; previous</button>\n");
	buf_printf(b, "<input id=\"slider\" type=\"range\" min=\"0\" max=\"%zu\" value=\"%ld\" "
		   "aria-label=\"move\">\n", nmoves, first);
	buf_adds(b, "<button id=\"next\" title=\"the next move (right arrow)\">next &gt;</button>\n"
		  "<button id=\"last\" title=\"the last move (End)\">&gt;|</button>\n"
		  "<span id=\"num\"></span> <span id=\"dice\"></span> <span id=\"move\"></span>\n"
		  "</div>\n");
	buf_printf(b, "<svg id=\"board\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n",
		   board->width, height, board->width, height);
	buf_adds(b, board->board);
	buf_adds(b, "<g id=\"live\"></g>\n</svg>\n");
	buf_adds(b, "<h2>Public victory points after every turn</h2>\n<div id=\"chart\">\n");
	buf_adds(b, chart);
	buf_adds(b, "</div>\n<script>\n");
	fragments(b, l);
	positions(b, l);
	buf_adds(b, "var D = [");
	for (size_t i = 0; i <= nmoves; i++)
		buf_printf(b, "%s%d", i ? "," : "", dice[i]);
	buf_adds(b, "];\nvar M = [\n");
	for (size_t i = 0; i < nmoves; i++) {
		js_string(b, moves[i]);
		buf_adds(b, ",\n");
	}
	buf_adds(b, "];\nvar X = [");
	for (size_t i = 0; i <= nmoves; i++)
		buf_printf(b, "%s%.1f", i ? "," : "", timeline_svg_x(t, turns[i]));
	buf_printf(b, "];\nvar FIRST = %ld;\n", first);
	buf_adds(b, script);
	buf_adds(b, "</script>\n</body>\n</html>\n");
}

/*
 * chart_svg: the points chart of t, with no namespace (the page's HTML
 * gives it) and a cursor at the turn of the position the page opens at.
 */
static int chart_svg(const struct game *g, const struct timeline *t, int turn, char **out,
		     struct cerr *e)
{
	static const char ns[] = " xmlns=\"http://www.w3.org/2000/svg\"";
	char cursor[160], *chart, *p;
	size_t len;
	struct buf b;
	int rc;

	*out = NULL;
	if ((rc = timeline_svg(g, t, &chart, &len, e)) != C_OK)
		return rc;
	if ((p = strstr(chart, ns)))
		memmove(p, p + sizeof ns - 1, strlen(p + sizeof ns - 1) + 1);
	timeline_svg_cursor(t, turn, cursor, sizeof cursor);
	p = strstr(chart, "</svg>");
	buf_init(&b);
	buf_add(&b, chart, p ? (size_t)(p - chart) : strlen(chart));
	buf_adds(&b, cursor);
	buf_adds(&b, "\n</svg>\n");
	free(chart);
	return buf_finish(&b, out, &len, e);
}

/* roll_of: the dice of move text m as 10 * first + second when it is a roll, else before. */
static int roll_of(const char *m, int before)
{
	const char *sp = strchr(m, ' ');
	int a, b, n = 0;

	if (sp && sscanf(sp, " roll %d %d%n", &a, &b, &n) == 2 && !sp[n] &&
	    a >= 1 && a <= 6 && b >= 1 && b <= 6)
		return 10 * a + b;
	return before;
}

int render_html(const struct game *g, int seat, long first, const struct render_opts *o,
		char **out, size_t *len, struct cerr *e)
{
	struct lines l = { 0 };
	struct timeline t = { 0 };
	struct replay_result res;
	int *turns = NULL, *dice = NULL;
	struct svg_split s0 = { 0 };
	struct replay r;
	struct buf b;
	char **moves = NULL, *chart = NULL;
	double height = 0;
	size_t n = g->log.len;
	int rc;

	*out = NULL;
	*len = 0;
	if (g->view != NOBODY || !g->has_start)
		return cerr_set(e, C_USAGE, "--html needs the game from its start: a view has none "
				"(give the full game and --view COLOUR)");
	if ((rc = timeline_make(g, &t, &res, e)) != C_OK) {
		if (rc == C_ILLEGAL && res.index)
			cerr_prefix(e, "move %zu '%s'", res.index, res.move);
		timeline_free(&t);
		return rc;
	}
	if ((rc = replay_begin(&r, g, e)) != C_OK) {
		timeline_free(&t);
		return rc;
	}
	moves = calloc(n + 1, sizeof *moves);
	turns = calloc(n + 1, sizeof *turns);
	dice = calloc(n + 1, sizeof *dice);
	if (!moves || !turns || !dice) {
		rc = cerr_set(e, C_SYSTEM, "out of memory");
		goto out;
	}
	for (size_t i = 0;; i++) {
		struct game snap = r.g, vw;
		struct svg_split s;
		const struct game *shown = &snap;

		/* The position after move i, with the log up to it (borrowed, never freed here). */
		snap.has_pos = 1;
		snap.log.ent = g->log.ent;
		snap.log.len = snap.log.cap = i;
		if (seat != NOBODY) {
			if ((rc = game_view(&snap, seat, &vw, e)) != C_OK)
				goto out;
			shown = &vw;
		}
		rc = render_svg_split(shown, o, &s, e);
		if (rc == C_OK && i > 0 && !(moves[i - 1] = strdup(shown->log.ent[i - 1].text)))
			rc = cerr_set(e, C_SYSTEM, "out of memory");
		if (rc == C_OK && add_position(&l, s.pieces))
			rc = cerr_set(e, C_SYSTEM, "out of memory");
		if (seat != NOBODY)
			game_free(&vw);
		if (rc != C_OK) {
			svg_split_free(&s);
			goto out;
		}
		height = s.height > height ? s.height : height;
		turns[i] = r.g.pos.turn;
		if (i > 0)
			dice[i] = roll_of(g->log.ent[i - 1].text, dice[i - 1]);
		if (i == 0)
			s0 = s;
		else
			svg_split_free(&s);
		if (i == n)
			break;
		if ((rc = replay_step(&r, e)) != C_OK) {
			if (rc == C_ILLEGAL)
				cerr_prefix(e, "move %zu '%s'", i + 1, g->log.ent[i].text);
			goto out;
		}
	}
	if (first < 0 || (size_t)first > n)
		first = (long)n;
	if ((rc = chart_svg(g, &t, turns[first], &chart, e)) != C_OK)
		goto out;
	buf_init(&b);
	page(&b, g, seat, &s0, height, &l, moves, chart, &t, turns, dice, first);

	rc = buf_finish(&b, out, len, e);
out:
	replay_end(&r);
	svg_split_free(&s0);
	lines_free(&l);
	if (moves)
		for (size_t i = 0; i < n; i++)
			free(moves[i]);
	free(moves);
	free(turns);
	free(dice);
	free(chart);
	timeline_free(&t);
	return rc;
}
