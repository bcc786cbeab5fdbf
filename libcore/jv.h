/* jv.h: a JSON document read into one arena of memory: what the library's readers walk. */
#ifndef CATAN_JV_H
#define CATAN_JV_H

#include <stddef.h>

#include "buf.h"
#include "err.h"

/*
 * A document is parsed once into values that are only read, never
 * changed, and are freed all at once with the document.  The grammar and
 * every refusal are jansson's with JSON_REJECT_DUPLICATES: a document
 * jansson refuses is refused with jansson's own line, column and text, and
 * a document it reads gives the same values in the same order.  The
 * common documents are read by a parser of their own that builds the
 * values in place (no tree of separately allocated nodes, no hash tables,
 * nothing freed one by one); whatever that parser does not take on
 * (real numbers, objects of many members, anything it would refuse) goes
 * through jansson, whose tree is then copied into the arena.
 *
 * The accessors mirror jansson's: a value of the wrong type answers NULL,
 * 0 or false, so a reader asks the type only where it gives a message.
 */
enum jv_type { JV_OBJECT, JV_ARRAY, JV_STRING, JV_INTEGER, JV_REAL, JV_TRUE, JV_FALSE, JV_NULL };

typedef struct jv jv_t;
struct jv_member;

struct jv {
	enum jv_type type;
	size_t n;			/* a string's length; an array's elements; an object's members */
	union {
		long long i;
		double d;
		const char *s;		/* NUL-terminated */
		jv_t *a;
		struct jv_member *o;
	} u;
};

struct jv_member {
	const char *key;
	jv_t v;
};

/* A parsed document: root and the memory it lives in. */
struct jv_doc {
	jv_t *root;
	struct arena mem;
};

/* Why a document was not read: jansson's position and text (as long as jansson's), or out of memory. */
#define JV_ERROR_TEXT 160
struct jv_error {
	int oom;
	int line, column;
	char text[JV_ERROR_TEXT];
};

/*
 * jv_parse: the document text[0..len) into d (jv_free frees it).  0 on
 * success; -1 with *err (d empty) when it is no JSON document or memory
 * runs out.
 */
int jv_parse(const char *text, size_t len, struct jv_doc *d, struct jv_error *err);
/*
 * jv_shape_check: a first look at a document's text that builds nothing
 * and allocates nothing, so that a large text of the wrong shape is refused
 * before jv_parse spends memory on it.  The root object's member named
 * s->list (when not NULL), if it is an array, may hold only strings; every
 * other member may hold at most s->max_values values and keys, all counted
 * together.  Returns JV_SHAPE_NOT_STRING with s->index and s->found, the
 * first element of the list that is no string and its type, or
 * JV_SHAPE_TOO_MANY with s->key, the member (its first 63 bytes as written)
 * where the count ran over; else JV_SHAPE_OK, also for a text that is no
 * JSON or whose root is no object, which jv_parse then refuses or reads.
 */
enum { JV_SHAPE_OK, JV_SHAPE_NOT_STRING, JV_SHAPE_TOO_MANY };
struct jv_shape {
	const char *list;
	size_t max_values;
	size_t index;
	enum jv_type found;
	char key[64];
};
int jv_shape_check(const char *text, size_t len, struct jv_shape *s);
/* jv_utf8_len: the length of the valid UTF-8 sequence at s (before end) as jansson checks it, or 0. */
size_t jv_utf8_len(const unsigned char *s, const unsigned char *end);
/*
 * jv_locate: where element index (from 0) of the array that is the root
 * object's member key begins in text, as a byte offset (*offset): 0, or -1
 * when the text has no such element.  Allocates nothing.
 */
int jv_locate(const char *text, size_t len, const char *key, size_t index, size_t *offset);
/*
 * jv_parse_list: jv_parse for a document whose root object's member l->key
 * may be a long array of strings that the caller reads from the text
 * itself (jv_list_next), so that its strings are never built as values.
 * When that member is such an array (every element a string that jv_parse
 * reads), it is parsed as an empty array and l->whole is set, with l->at
 * its opening bracket's offset in text and l->n its elements; else l->whole
 * is 0 and the document is parsed as jv_parse does.  Either way a refusal
 * is jansson's, with its line, column and text, and jansson never builds
 * the strings of the list (a copy of the text, with them written over as
 * spaces, is parsed): the memory is the text's size twice, and the rest of
 * the document's values.
 */
struct jv_list {
	const char *key;
	int whole;
	int plain;	/* jv_read_list: whole, and no string of the list has an escape */
	size_t at, n;
};
int jv_parse_list(const char *text, size_t len, struct jv_list *l, struct jv_doc *d, struct jv_error *err);
/*
 * jv_read_list: jv_shape_check (s->list the list's key) and jv_parse_list
 * at once, in one pass over the text and without its copy, for a document
 * those two would read without jansson: 0 with the document in d and l set
 * as jv_parse_list sets it (l->plain too), when the text is an object that
 * the parser of its own reads in full, its member l->key (not given
 * twice), if it is an array, holds only strings, and the rest
 * holds at most max_values values and keys as jv_shape_check counts them.
 * -1 for any other text, nothing kept: jv_shape_check and jv_parse_list
 * then give the answer.
 */
int jv_read_list(const char *text, size_t len, struct jv_list *l, size_t max_values, struct jv_doc *d);
/*
 * jv_list_span: the next string of a plain list (jv_read_list), as it lies
 * in text, which is its value: *s and its length *n, and *pos moved past it
 * (start with l->at).  1.  Call it at most l->n times: it looks for the
 * next quote, which past the list's end is none of the list's.
 */
int jv_list_span(const char *text, size_t len, size_t *pos, const char **s, size_t *n);
/*
 * jv_list_next: the string of a list (jv_parse_list, whole) that follows
 * offset *pos in text (start with l->at), decoded into buf of size bytes
 * (NUL-terminated, cut to fit) with its whole length in *n; *pos is moved
 * past it.  1; 0 when the list has no more; -1 when memory runs out.
 */
int jv_list_next(const char *text, size_t len, size_t *pos, char *buf, size_t size, size_t *n);
/*
 * jv_refuse: why a document was not read, into e, in the one wording every
 * reader of a document uses: C_INPUT "not a JSON document: line L, column
 * C: jansson's text", or C_SYSTEM "out of memory".  Returns the status.
 */
int jv_refuse(const struct jv_error *err, struct cerr *e);
/*
 * jv_refuse_in_line: the same for a value that is one line of a file or an
 * argument (a move, a game's line of results): code (C_INPUT, or C_ILLEGAL
 * for a move) with "not a JSON WHAT: column C: jansson's text", its line
 * told by the caller; C_SYSTEM "out of memory".  Returns the status.
 */
int jv_refuse_in_line(const struct jv_error *err, const char *what, int code, struct cerr *e);
/* jv_free: frees the document's values; d is left empty. */
void jv_free(struct jv_doc *d);

static inline enum jv_type jv_typeof(const jv_t *v) { return v->type; }
static inline int jv_is_object(const jv_t *v) { return v && v->type == JV_OBJECT; }
static inline int jv_is_array(const jv_t *v) { return v && v->type == JV_ARRAY; }
static inline int jv_is_string(const jv_t *v) { return v && v->type == JV_STRING; }
static inline int jv_is_integer(const jv_t *v) { return v && v->type == JV_INTEGER; }
static inline int jv_is_real(const jv_t *v) { return v && v->type == JV_REAL; }
static inline int jv_is_true(const jv_t *v) { return v && v->type == JV_TRUE; }
static inline int jv_is_false(const jv_t *v) { return v && v->type == JV_FALSE; }
static inline int jv_is_boolean(const jv_t *v) { return v && (v->type == JV_TRUE || v->type == JV_FALSE); }
static inline int jv_is_null(const jv_t *v) { return v && v->type == JV_NULL; }

/* jv_string_value: the string's text, or NULL for another type; jv_string_length its length. */
static inline const char *jv_string_value(const jv_t *v) { return jv_is_string(v) ? v->u.s : NULL; }
static inline size_t jv_string_length(const jv_t *v) { return jv_is_string(v) ? v->n : 0; }
/* jv_integer_value: the integer, or 0 for another type. */
static inline long long jv_integer_value(const jv_t *v) { return jv_is_integer(v) ? v->u.i : 0; }
/* jv_array_size, jv_object_size: the elements or members, or 0 for another type. */
static inline size_t jv_array_size(const jv_t *v) { return jv_is_array(v) ? v->n : 0; }
static inline size_t jv_object_size(const jv_t *v) { return jv_is_object(v) ? v->n : 0; }
/* jv_array_get: element i, or NULL past the end or for another type. */
static inline jv_t *jv_array_get(const jv_t *v, size_t i) { return jv_is_array(v) && i < v->n ? &v->u.a[i] : NULL; }
/* jv_object_get: the member named key, or NULL when there is none or v is no object. */
jv_t *jv_object_get(const jv_t *v, const char *key);

/*
 * jv_object_foreach(obj, key, value): each member of obj in the document's
 * order, key a const char * and value a jv_t *; nothing when obj is no object.
 */
#define JV_CAT_(a, b) a##b
#define JV_CAT(a, b) JV_CAT_(a, b)
#define jv_object_foreach(obj_, key_, value_)                                                    \
	for (size_t JV_CAT(jv_i_, __LINE__) = 0;                                                 \
	     jv_is_object(obj_) && JV_CAT(jv_i_, __LINE__) < (obj_)->n &&                        \
	     ((key_) = (obj_)->u.o[JV_CAT(jv_i_, __LINE__)].key,                                 \
	     ((value_) = &(obj_)->u.o[JV_CAT(jv_i_, __LINE__)].v) != NULL);                      \
	     JV_CAT(jv_i_, __LINE__)++)

#endif
