/* match_stats.c: a game's line and a match's table: win rates with Wilson intervals, and an Elo difference. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "play/match.h"
#include "model/names.h"

/* utf8_len: the length of the well-formed UTF-8 sequence at s, or 0 (RFC 3629: no overlong forms, no surrogates). */
static int utf8_len(const unsigned char *s)
{
	int n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 && s[0] <= 0xef ? 3 : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : 0;
	if (n == 0)
		return 0;
	for (int i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if ((n == 3 && s[0] == 0xe0 && s[1] < 0xa0) || (n == 3 && s[0] == 0xed && s[1] >= 0xa0) ||
	    (n == 4 && s[0] == 0xf0 && s[1] < 0x90) || (n == 4 && s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return n;
}

/*
 * line_string: s as a JSON string.  A program's answer quoted in a fault's
 * detail may hold any bytes: a byte that is not part of well-formed UTF-8
 * becomes U+FFFD, so that the line is always JSON.
 */
static void line_string(struct buf *b, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	buf_addc(b, '"');
	while (*s) {
		int n = *s < 0x80 ? 1 : utf8_len(s);
		if (*s == '"' || *s == '\\')
			buf_printf(b, "\\%c", *s);
		else if (*s < 0x20 || *s == 0x7f)
			buf_printf(b, "\\u%04x", *s);
		else if (n == 0)
			buf_adds(b, "\\ufffd");
		else
			buf_add(b, (const char *)s, (size_t)n);
		s += n ? n : 1;
	}
	buf_addc(b, '"');
}

const char *const match_end_names[] = { "won", "turn limit", "forfeit", NULL };

void match_line(const struct match_opts *o, const struct match_result *r, struct buf *b)
{
	buf_printf(b, "{\"seed\":%llu,\"seats\":[", (unsigned long long)r->seed);
	for (int s = 0; s < r->nseats; s++)
		buf_printf(b, "%s\"%s\"", s ? "," : "", colour_names[r->colour[s]]);
	buf_adds(b, "],\"players\":[");
	for (int s = 0; s < r->nseats; s++) {
		if (s)
			buf_addc(b, ',');
		line_string(b, o->player[r->player[s]].name);
	}
	buf_adds(b, "],\"winner\":");
	if (r->winner == NOBODY)
		buf_adds(b, "null");
	else
		buf_printf(b, "\"%s\"", colour_names[r->colour[r->winner]]);
	buf_adds(b, ",\"points\":[");
	for (int s = 0; s < r->nseats; s++)
		buf_printf(b, "%s%d", s ? "," : "", r->points[s]);
	buf_printf(b, "],\"turns\":%d,\"moves\":%ld,\"end\":\"%s\",\"forfeits\":[", r->turns, r->moves,
		   match_end_names[r->end]);
	for (int k = 0; k < r->nfault; k++) {
		const struct match_fault *f = &r->fault[k];
		buf_printf(b, "%s{\"seat\":\"%s\",\"move\":%ld,\"why\":\"%s\",\"detail\":", k ? "," : "",
			   colour_names[r->colour[f->seat]], f->move, f->why);
		line_string(b, f->detail);
		buf_printf(b, ",\"then\":\"%s\"}", f->then == POL_NONE ? "forfeit" : policy_names[f->then]);
	}
	buf_adds(b, "]}\n");
}

void match_stats_add(struct match_stats *s, const struct match_result *r)
{
	s->games++;
	s->ended += r->winner != NOBODY;
	s->turns += r->turns;
	for (int k = 0; k < r->nseats; k++) {
		int p = r->player[k];
		s->points[p] += r->points[k];
		s->won[p] += r->winner == k;
		s->score[p] += r->winner == NOBODY ? 1.0 / r->nseats : r->winner == k;
	}
	int failed[MAXPLAYERS] = { 0 };
	for (int k = 0; k < r->nfault; k++) {
		int p = r->player[r->fault[k].seat];
		s->faults[p]++;
		s->failed[p] += !failed[p];
		failed[p] = 1;
	}
}

/* match_wilson: the 95% Wilson score interval of k successes in n trials (n > 0) into lo, hi. */
static void match_wilson(double k, double n, double *lo, double *hi)
{
	const double z = 1.959963984540054;
	double p = k / n, z2 = z * z / n;
	double mid = (p + z2 / 2) / (1 + z2);
	double half = z * sqrt(p * (1 - p) / n + z2 / (4 * n)) / (1 + z2);
	*lo = mid - half < 0 ? 0 : mid - half;
	*hi = mid + half > 1 ? 1 : mid + half;
}

/*
 * match_elo: the Elo difference of a side that scores p (0..1) of the wins
 * when it holds k of the n seats (k = 1, n = 2 for two players): each
 * seat's strength ratio a/b solves p = k a / (k a + (n - k) b), and the
 * difference is 400 log10(a/b).  +-INFINITY at p 1 and 0.
 */
static double match_elo(double p, int k, int n)
{
	/* At the ends (an interval's bound may come within rounding of them) the difference is unbounded. */
	if (p <= 1e-9)
		return -INFINITY;
	if (p >= 1 - 1e-9)
		return INFINITY;
	return 400 * log10(p * (n - k) / (k * (1 - p)));
}

/* elo_text: an Elo figure, "+58", "-inf". */
static void elo_text(struct buf *b, double x)
{
	if (isinf(x))
		buf_adds(b, x > 0 ? "+inf" : "-inf");
	else
		buf_printf(b, "%+.0f", x);
}

/* named_before: a player before p has p's name (p is not the first of its row). */
static int named_before(const struct match_opts *o, int p)
{
	for (int q = 0; q < p; q++)
		if (strcmp(o->player[q].name, o->player[p].name) == 0)
			return 1;
	return 0;
}

int match_player_row(const struct match_opts *o, int p, int *seats)
{
	int row = -1;
	for (int q = 0; q < o->nplayers; q++) {
		row += !named_before(o, q);
		if (strcmp(o->player[q].name, o->player[p].name) == 0)
			break;
	}
	if (seats) {
		*seats = 0;
		for (int q = 0; q < o->nplayers; q++)
			*seats += strcmp(o->player[q].name, o->player[p].name) == 0;
	}
	return row;
}

/*
 * The table fits in 80 columns: a name longer than NAME_COLUMNS keeps its
 * start and its end (a program's command differs most at its end: the
 * script's name), and is written whole under the table.
 */
#define NAME_COLUMNS 16
#define NAME_HEAD 5

/* player_label: player p's name, with "xK" for K seats, cut to NAME_COLUMNS; 1 when cut. */
static int player_label(const struct match_opts *o, int p, char label[NAME_COLUMNS + 1])
{
	char whole[MATCH_LABEL];
	int k;
	match_player_row(o, p, &k);
	int n = k > 1 ? snprintf(whole, sizeof whole, "%s x%d", o->player[p].name, k)
		      : snprintf(whole, sizeof whole, "%s", o->player[p].name);
	size_t len = n < 0 ? 0 : strlen(whole);
	if (len <= NAME_COLUMNS) {
		memcpy(label, whole, len + 1);
		return 0;
	}
	memcpy(label, whole, NAME_HEAD);
	memcpy(label + NAME_HEAD, "...", 3);
	memcpy(label + NAME_HEAD + 3, whole + len - (NAME_COLUMNS - NAME_HEAD - 3), NAME_COLUMNS - NAME_HEAD - 3 + 1);
	return 1;
}

/* elo_line: with two distinct players (by name), the first's Elo difference against the second. */
static void elo_line(const struct match_opts *o, const struct match_stats *s, struct buf *b)
{
	double n = s->games > 0 ? (double)s->games : 1, lo, hi;
	const char *a = o->player[0].name, *other = NULL;
	int k = 0;
	for (int p = 0; p < o->nplayers; p++) {
		if (strcmp(o->player[p].name, a) == 0)
			k++;
		else if (!other)
			other = o->player[p].name;
		else if (strcmp(o->player[p].name, other) != 0)
			return;
	}
	if (!other || s->games == 0)
		return;
	double score = 0;
	for (int p = 0; p < o->nplayers; p++)
		if (strcmp(o->player[p].name, a) == 0)
			score += s->score[p];
	match_wilson(score, n, &lo, &hi);
	buf_printf(b, "elo %s - %s: ", a, other);
	elo_text(b, match_elo(score / n, k, o->nplayers));
	buf_adds(b, " (95% interval ");
	elo_text(b, match_elo(lo, k, o->nplayers));
	buf_adds(b, " to ");
	elo_text(b, match_elo(hi, k, o->nplayers));
	buf_printf(b, "; %s holds %d of %d seats)\n", a, k, o->nplayers);
}

void match_table(const struct match_opts *o, const struct match_stats *s, struct buf *b)
{
	double n = s->games > 0 ? (double)s->games : 1, lo, hi;
	char label[NAME_COLUMNS + 1];
	int w = 6, cut = 0;
	for (int p = 0; p < o->nplayers; p++) {
		player_label(o, p, label);
		if ((int)strlen(label) > w)
			w = (int)strlen(label);
	}
	buf_printf(b, "%-*s  %6s %6s %7s  %-15s %6s %6s %6s\n", w + 3, "player", "games", "wins", "rate",
		   "95% interval", "points", "turns", "faults");
	/* A row per player, its seats' counts added up: a name given twice is one player. */
	for (int p = 0; p < o->nplayers; p++) {
		int k, row = match_player_row(o, p, &k);
		long won = 0, faults = 0;
		double points = 0;
		if (named_before(o, p))
			continue;
		for (int q = p; q < o->nplayers; q++)
			if (strcmp(o->player[q].name, o->player[p].name) == 0) {
				won += s->won[q];
				faults += s->faults[q];
				points += s->points[q];
			}
		cut |= player_label(o, p, label);
		match_wilson((double)won, n, &lo, &hi);
		buf_printf(b, "%d  %-*s  %6ld %6ld %6.1f%%  %5.1f%% - %5.1f%% %6.2f %6.1f %6ld\n", row + 1, w, label,
			   s->games, won, 100.0 * (double)won / n, 100 * lo, 100 * hi, points / n / k, s->turns / n,
			   faults);
	}
	buf_printf(b, "%ld games, %ld won, %ld without a winner\n", s->games, s->ended, s->games - s->ended);
	for (int p = 0; cut && p < o->nplayers; p++)
		if (!named_before(o, p) && player_label(o, p, label))
			buf_printf(b, "player %d: %s\n", match_player_row(o, p, NULL) + 1, o->player[p].name);
	elo_line(o, s, b);
}
