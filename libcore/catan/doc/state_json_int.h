/*
 * state_json_int.h: what the reader of catan-state/1 documents shares with
 * the reader of a position set up by hand (state_json_read.c,
 * state_json_setup.c); private to them.
 */
#ifndef CATAN_STATE_JSON_INT_H
#define CATAN_STATE_JSON_INT_H

#include <stddef.h>
#include <stdint.h>

#include "jr.h"
#include "jv.h"
#include "model/types.h"

/* The reader's context: where in the document we are (for messages), and the game read so far. */
struct rd {
	struct jr j;
	const struct game *g;
	int set_up;	/* a position set up by hand: the distance rule is checked as each building is read */
	int view_start;	/* the start of a view: shown whole, but with no generator and the deck as counts */
	int log_as_read;	/* GR_LOG_AS_READ: every log line kept as written */
};

/*
 * Each reads a member or a value of the document at r's path, names the
 * path of a fault in r's message and returns C_INPUT (C_SYSTEM when memory
 * runs out), C_OK otherwise.
 *
 * sj_int_member: a required integer member in [min, max] (jr_int, as every reader).
 * sj_name_member: a required member that is a name parse reads (a colour,
 * a phase), what saying what it must be; *out -1 on a refusal.
 * sj_counts_member: a required object of counts keyed by names[0..n-1], each
 * 0 to max; missing keys are 0.
 * sj_read_seat: a colour that plays in this game; sj_read_seat_or_null: a
 * member that is such a colour, or null for nobody (NOBODY).
 * sj_read_nodes: the member key, a list of at most max intersection
 * numbers, each placed as kind (a settlement or a city) for seat in p.
 * sj_read_roads: the member "roads" of a player, each path placed for seat in p.
 * sj_read_rolls: the value v, the totals of the turn's rolls so far (at
 * most the rule set's rolls a turn, a second differing from the first),
 * into p's nrolls and roll_sum.
 */
int sj_int_member(struct rd *r, jv_t *obj, const char *key, long long min, long long max, long long *out);
int sj_name_member(struct rd *r, jv_t *obj, const char *key, int (*parse)(const char *), const char *what,
		   int *out);
int sj_counts_member(struct rd *r, jv_t *obj, const char *key, const char *const *names, int n, int max,
		     uint8_t *out);
int sj_read_seat(struct rd *r, jv_t *v, int *seat);
int sj_read_seat_or_null(struct rd *r, jv_t *obj, const char *key, int8_t *out);
/* sj_read_current: the member "current"'s value v, a seat that plays and is no neutral one. */
int sj_read_current(struct rd *r, jv_t *v, int *seat);
int sj_read_nodes(struct rd *r, jv_t *obj, const char *key, struct position *p, int seat, int kind, int max);
int sj_read_roads(struct rd *r, jv_t *obj, const struct game *g, struct position *p, int seat);
int sj_read_rolls(struct rd *r, jv_t *v, const struct game *g, struct position *p);
/*
 * sj_load_document: the document read with jr_load's bounds (a game's
 * values and keys outside its log); with l, its log's strings left in buf
 * for the reader.  The root, or NULL with *rc and the message set.
 */
jv_t *sj_load_document(struct rd *r, const char *buf, size_t len, struct jv_list *l, struct jv_doc *d, int *rc);

#endif
