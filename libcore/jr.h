/* jr.h: the one strict JSON reader of the library: JSON paths in its messages, formatted only on failure. */
#ifndef CATAN_JR_H
#define CATAN_JR_H

#include <stddef.h>

#include "jv.h"

#include "err.h"

/*
 * A reading context.  While a reader descends into a document it pushes
 * each member's key and each element's index (a pointer and a number
 * stored, nothing formatted); only a failure formats the path, as in
 * "players[0].built[2]: no site Q3 on this map".  The keys pushed must
 * live as long as the reading does (string literals, or keys of the
 * document being read).  Paths deeper than JR_MAXDEPTH keep their first
 * JR_MAXDEPTH steps and end in "..." in messages.  Every jv_t * given to
 * these functions is borrowed; none is kept.
 */
#define JR_MAXDEPTH 24

struct jr_step {
	const char *key;	/* a member's key, or NULL for an element */
	size_t index;		/* the element's index */
};

struct jr {
	struct cerr *e;
	int code;		/* the status of a failure: C_INPUT unless the caller sets another */
	const char *prefix;	/* where the document being read stands, or "" */
	int depth;
	struct jr_step step[JR_MAXDEPTH];
	/*
	 * A number people know the current element by, added to messages
	 * after the path as " (LABEL #NUMBER)": for example a hex read as
	 * board.hexes[4] is hex #5.  NULL label: none.
	 */
	const char *label;
	int number;
};

/* jr_init: an empty context whose paths start at prefix ("" or NULL for the top). */
void jr_init(struct jr *r, const char *prefix, struct cerr *e);
/* jr_key, jr_index: descend into a member or an element; return the depth for jr_pop. */
int jr_key(struct jr *r, const char *key);
int jr_index(struct jr *r, size_t i);
/* jr_pop: back to a depth jr_key or jr_index returned. */
void jr_pop(struct jr *r, int saved);
/* jr_path: the current path ("" at the top) into buf of n bytes, always NUL-terminated; returns buf. */
char *jr_path(const struct jr *r, char *buf, size_t n);
/* jr_fail: r->code (C_INPUT) with "PATH: message" (just the message at the top) in r->e; returns r->code. */
int jr_fail(struct jr *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* jr_fail_at: jr_fail one step further down, at member key ("PATH.key: message"). */
int jr_fail_at(struct jr *r, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* jr_type: "an object", "an array", "a string", "an integer", "a number", "a boolean", "null". */
const char *jr_type(const jv_t *v);

/*
 * jr_document: before a whole document is parsed, a look at its first
 * character: a document that is an array is refused at once ("expected an
 * object, found an array"), without building what may be millions of
 * values only to refuse them, and a text of blanks alone (an empty file)
 * as "empty", which the parser would call a JSON fault at its end.  C_OK
 * when the parse should go on.
 */
int jr_document(struct jr *r, const char *text, size_t len);
/*
 * jr_load: a whole document parsed with its memory bounded by its shape,
 * so that a large file of the wrong shape is refused before it takes
 * memory.  An array is refused (jr_document).  When list is not NULL, its
 * key's member, if an array, may hold only strings, which are left in the
 * text for the reader (jv_read_list, jv_parse_list: list says where):
 * "log[3]: expected a move as a string, found an integer" (item "a
 * move"); every other member may hold at most max_values values and keys:
 * "board: more than 65536 values and keys, more than a game document
 * holds" (holds "a game document").  A document the parser of its own
 * reads in full is read in one pass; any other is looked at first
 * (jv_shape_check), then parsed.  The root (free d with jv_free), or NULL
 * with *rc set (C_INPUT with the message in r, or jv_refuse's).
 */
struct jr_limits {
	struct jv_list *list;	/* NULL: no member is a list of strings */
	size_t max_values;
	const char *holds;	/* the document, as its refusal names it */
	const char *item;	/* an element of the list, as its refusal names it */
};
jv_t *jr_load(struct jr *r, const char *text, size_t len, const struct jr_limits *lim, struct jv_doc *d, int *rc);
/* jr_object: v is an object whose keys are all in allowed (NULL-terminated): "unknown key 'k'". */
int jr_object(struct jr *r, jv_t *v, const char *const *allowed);
/* jr_member: obj's member key, or NULL; when required and missing, fails ("missing key 'k'") and sets *rc. */
jv_t *jr_member(struct jr *r, jv_t *obj, const char *key, int required, int *rc);
/*
 * Required members of obj, each checked with the member's path in messages:
 * jr_int: an integer in [min, max] ("expected an integer from 1 to 6, found a string",
 * "expected an integer from 1 to 6, found 9"); jr_bool: a boolean;
 * jr_str: a string of 1..max bytes without NUL (*out borrowed from obj);
 * jr_array: an array of at most max elements.
 */
int jr_int(struct jr *r, jv_t *obj, const char *key, long long min, long long max, long long *out);
int jr_bool(struct jr *r, jv_t *obj, const char *key, int *out);
int jr_str(struct jr *r, jv_t *obj, const char *key, size_t max, const char **out);
int jr_array(struct jr *r, jv_t *obj, const char *key, size_t max, jv_t **out);
/*
 * jr_diff: the first place, in a's order, where documents a and b differ: r's
 * path is left there (jr_path; "" when the roots differ), and 1 returned; 0
 * when they are equal (r's path as it was).  A member missing from b, a
 * longer array or one more member in b, another type or another value all
 * differ.  The one diff of documents: a dice sheet against its replay.
 */
int jr_diff(struct jr *r, const jv_t *a, const jv_t *b);

#endif
