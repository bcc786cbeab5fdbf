/* match_tally.c: a match's lines read back, for the table of a match played in pieces. */
#include <string.h>

#include "jv.h"
#include "play/match.h"
#include "model/names.h"
#include "model/ruleset.h"

void match_tally_init(struct match_tally *t)
{
	memset(t, 0, sizeof *t);
}

/* A string of at most n - 1 bytes and no NUL, or NULL. */
static const char *text_of(const jv_t *v, size_t n)
{
	const char *s = jv_string_value(v);
	return s && jv_string_length(v) < n && strlen(s) == jv_string_length(v) ? s : NULL;
}

/* word_index: the index of s among the NULL-ended words, or -1. */
static int word_index(const char *const *words, const char *s)
{
	for (int i = 0; s && words[i]; i++)
		if (strcmp(words[i], s) == 0)
			return i;
	return -1;
}

/* The reasons a program fails (catan-player(5), FAILURES): a fault's "why" is one of them. */
static const char *const whys[] = { "start", "exit", "timeout", "long", "nul", "illegal", "stall", NULL };

/* then_of: a fault's "then": a built-in policy, or POL_NONE for "forfeit"; -1 for neither. */
static int then_of(const char *s)
{
	for (int k = POL_RANDOM; s && k < NPOLICY; k++)
		if (strcmp(policy_names[k], s) == 0)
			return k;
	return s && strcmp(s, "forfeit") == 0 ? POL_NONE : -1;
}

/* seat_of: the seat of r with the colour named by v, or -1. */
static int seat_of(const struct match_result *r, const jv_t *v)
{
	const char *s = jv_string_value(v);
	int c = s ? colour_parse(s) : -1;
	for (int k = 0; c >= 0 && k < r->nseats; k++)
		if (r->colour[k] == c)
			return k;
	return -1;
}

/* read_fault: one of the forfeits into f. */
static int read_fault(const struct match_result *r, const jv_t *v, struct match_fault *f, struct cerr *e)
{
	const char *key, *s;
	jv_t *x;
	int have = 0;
	if (!jv_is_object(v))
		return cerr_set(e, C_INPUT, "is not an object");
	jv_object_foreach(v, key, x) {
		if (strcmp(key, "seat") == 0 && (f->seat = seat_of(r, x)) >= 0)
			have |= 1;
		else if (strcmp(key, "move") == 0 && jv_is_integer(x) && jv_integer_value(x) >= 0)
			f->move = (long)jv_integer_value(x), have |= 2;
		else if (strcmp(key, "why") == 0 && (s = text_of(x, MATCH_WHY)) && word_index(whys, s) >= 0)
			strcpy(f->why, s), have |= 4;
		else if (strcmp(key, "detail") == 0 && (s = text_of(x, MATCH_DETAIL)))
			strcpy(f->detail, s), have |= 8;
		else if (strcmp(key, "then") == 0 && (f->then = then_of(jv_string_value(x))) >= 0)
			have |= 16;
		else
			return cerr_set(e, C_INPUT, "%s: not a value it may have, or a key a fault has not", key);
	}
	return have == 31 ? C_OK : cerr_set(e, C_INPUT, "a fault has a seat, move, why, detail and then");
}

/* read_seats: seats and players (by seat) into r and, on the first line, the match's players. */
static int read_players(struct match_tally *t, const jv_t *seats, const jv_t *players, struct match_result *r,
			struct cerr *e)
{
	int n = (int)jv_array_size(seats);
	if (n < 2 || n > rulesets_max_players())
		return cerr_set(e, C_INPUT, "seats: 2 to %d colours", rulesets_max_players());
	if (t->o.nplayers && n != t->o.nplayers)
		return cerr_set(e, C_INPUT, "seats: %d, where the match's other lines have %d", n, t->o.nplayers);
	if ((int)jv_array_size(players) != n)
		return cerr_set(e, C_INPUT, "players: one a seat");
	r->nseats = n;
	r->rotation = (int)(r->seed % (uint64_t)n);
	for (int k = 0; k < n; k++) {
		const char *c = jv_string_value(jv_array_get(seats, (size_t)k));
		const char *name = text_of(jv_array_get(players, (size_t)k), MATCH_NAME);
		int col = c ? colour_parse(c) : -1;
		if (col < 0)
			return cerr_set(e, C_INPUT, "seats: '%s' is not a colour", c ? c : "(not a string)");
		for (int j = 0; j < k; j++)
			if (r->colour[j] == col)
				return cerr_set(e, C_INPUT, "seats: %s twice", c);
		if (!name)
			return cerr_set(e, C_INPUT, "players: a name is a string of at most %d bytes", MATCH_NAME - 1);
		r->colour[k] = (uint8_t)col;
		r->player[k] = (k + r->rotation) % n;
		if (!t->o.nplayers) {
			strcpy(t->names[r->player[k]], name);
			t->o.player[r->player[k]].name = t->names[r->player[k]];
		} else if (strcmp(t->names[r->player[k]], name) != 0) {
			return cerr_set(e, C_INPUT, "players: seat %d of seed %llu is player %d, '%.60s', not '%.60s'",
					k + 1, (unsigned long long)r->seed, r->player[k] + 1, t->names[r->player[k]], name);
		}
	}
	if (!t->o.nplayers)
		t->o.nplayers = t->o.ng.nplayers = n;
	return C_OK;
}

int match_read_line(struct match_tally *t, const char *text, size_t len, struct match_result *r,
		    struct cerr *e)
{
	static const char *const keys[] = { "seed", "seats", "players", "winner", "points", "turns",
					    "moves", "end", "forfeits", NULL };
	struct jv_doc d;
	struct jv_error je;
	const jv_t *v[9] = { 0 };
	const char *key;
	jv_t *x;
	int rc = C_OK;

	memset(r, 0, sizeof *r);
	while (len && (text[len - 1] == '\n' || text[len - 1] == '\r'))
		len--;	/* its end, not the next line's start, is where a cut line is told */
	if (jv_parse(text, len, &d, &je))
		return jv_refuse_in_line(&je, "line", C_INPUT, e);
	if (!jv_is_object(d.root))
		rc = cerr_set(e, C_INPUT, "a line is an object");
	jv_object_foreach(d.root, key, x) {
		int k = word_index(keys, key);
		if (k < 0) {
			rc = cerr_set(e, C_INPUT, "%.60s: not a key of a game's line", key);
			break;
		}
		v[k] = x;
	}
	for (int k = 0; rc == C_OK && keys[k]; k++)
		if (!v[k])
			rc = cerr_set(e, C_INPUT, "%s: missing", keys[k]);
	if (rc == C_OK && (!jv_is_integer(v[0]) || jv_integer_value(v[0]) < 0))
		rc = cerr_set(e, C_INPUT, "seed: a number from 0");
	if (rc == C_OK) {
		r->seed = (uint64_t)jv_integer_value(v[0]);
		rc = read_players(t, v[1], v[2], r, e);
	}
	if (rc == C_OK && !jv_is_null(v[3]) && (r->winner = seat_of(r, v[3])) < 0)
		rc = cerr_set(e, C_INPUT, "winner: null or the colour of a seat");
	if (rc == C_OK && jv_is_null(v[3]))
		r->winner = NOBODY;
	if (rc == C_OK && (int)jv_array_size(v[4]) != r->nseats)
		rc = cerr_set(e, C_INPUT, "points: one a seat");
	for (int k = 0; rc == C_OK && k < r->nseats; k++) {
		const jv_t *p = jv_array_get(v[4], (size_t)k);
		if (!jv_is_integer(p) || jv_integer_value(p) < 0 || jv_integer_value(p) > 99)
			rc = cerr_set(e, C_INPUT, "points: numbers from 0 to 99");
		else
			r->points[k] = (int)jv_integer_value(p);
	}
	if (rc == C_OK && (!jv_is_integer(v[5]) || jv_integer_value(v[5]) < 0 || jv_integer_value(v[5]) > MAX_TURN))
		rc = cerr_set(e, C_INPUT, "turns: a number from 0 to %d", MAX_TURN);
	if (rc == C_OK && (!jv_is_integer(v[6]) || jv_integer_value(v[6]) < 0 || jv_integer_value(v[6]) > 1L << 40))
		rc = cerr_set(e, C_INPUT, "moves: a number from 0");
	if (rc == C_OK && (r->end = word_index(match_end_names, jv_string_value(v[7]))) < 0)
		rc = cerr_set(e, C_INPUT, "end: won, turn limit or forfeit");
	if (rc == C_OK && (r->end == MATCH_WON) != (r->winner != NOBODY) && r->end != MATCH_FORFEIT)
		rc = cerr_set(e, C_INPUT, "end: a game won has a winner, a game at the turn limit none");
	if (rc == C_OK && (!jv_is_array(v[8]) || jv_array_size(v[8]) > (size_t)r->nseats))
		rc = cerr_set(e, C_INPUT, "forfeits: at most one a seat");
	for (size_t k = 0; rc == C_OK && k < jv_array_size(v[8]); k++) {
		if ((rc = read_fault(r, jv_array_get(v[8], k), &r->fault[k], e)))
			cerr_prefix(e, "forfeits[%zu]", k);
		r->nfault++;
	}
	if (rc == C_OK) {
		r->turns = (int)jv_integer_value(v[5]);
		r->moves = (long)jv_integer_value(v[6]);
	}
	jv_free(&d);
	return rc;
}

void match_tally_add(struct match_tally *t, const struct match_result *r)
{
	match_stats_add(&t->st, r);
}
