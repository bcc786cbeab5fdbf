/* verdict.c: one game document read and replayed whole, the outcome copied out. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "jv.h"
#include "doc/replay.h"
#include "model/move.h"
#include "model/state.h"
#include "doc/state_json.h"
#include "jw.h"
#include "doc/verdict.h"

void verdict_failed(struct verdict *v, const struct cerr *e)
{
	memset(v, 0, sizeof *v);
	v->status = e->code;
	if (!(v->msg = strdup(e->msg)))
		v->status = C_SYSTEM;
}

/*
 * locate: where the fault stands in the document, when it has a place: the
 * failing move's entry, the log entry the reader refused, or the JSON fault
 * (whose line and column the reader's message gives).
 */
static void locate(const char *buf, size_t len, int rc, const struct replay_result *res, const char *msg,
		   struct verdict *v)
{
	size_t at, i;
	if (rc == C_INPUT && sscanf(msg, "not a JSON document: line %zu, column %zu", &v->line, &v->col) == 2)
		return;
	v->line = v->col = 0;
	if (res->index)
		i = res->index - 1;
	else if (rc != C_INPUT || sscanf(msg, "log[%zu]", &i) != 1)
		return;
	if (jv_locate(buf, len, "log", i, &at) != 0)
		return;
	v->line = v->col = 1;
	for (const char *c = buf; c < buf + at; c++) {
		if (*c == '\n') {
			v->line++;
			v->col = 1;
		} else {
			v->col++;
		}
	}
}

/* canonical: the failing line in a new string, in its canonical text when it is a move, as game_read keeps it. */
static char *canonical(const struct game *g, const char *text)
{
	struct move m;
	char canon[256];
	return strdup(move_rewrite(g, text, &m, canon, sizeof canon) ? canon : text);
}

void verdict_check(const char *buf, size_t len, struct verdict *v)
{
	struct cerr e = { 0 };
	struct replay_result res = { 0 };
	struct game g;

	memset(v, 0, sizeof *v);
	/* The replay parses each line once: the reader need not bring them to canonical form. */
	int rc = game_read_flags(buf, len, GR_LOG_AS_READ, &g, &e);
	if (rc == C_OK)
		rc = game_replay(&g, &res, NULL, &e);
	v->status = rc;
	v->moves = rc == C_OK ? g.log.len : res.checked;
	v->index = res.index;
	v->set_up = rc == C_OK && g.set_up;
	if (rc != C_OK)
		locate(buf, len, rc, &res, e.msg, v);
	if (rc != C_OK) {
		v->msg = strdup(e.msg);
		v->move = res.move ? canonical(&g, res.move) : NULL;
		if (!v->msg || (res.move && !v->move))
			v->status = C_SYSTEM;
	}
	game_free(&g);
}

void verdict_free(struct verdict *v)
{
	free(v->msg);
	free(v->move);
	v->msg = v->move = NULL;
}

/* line_of: the formatted text in a new malloc'd string, or NULL. */
static char *line_of(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *line_of(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *s = n < 0 ? NULL : malloc((size_t)n + 1);
	if (s) {
		va_start(ap, fmt);
		vsnprintf(s, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	return s;
}

/* text_line: the text form of verdict_line. */
static int text_line(const struct verdict *v, const char *name, char **out)
{
	if (v->status == C_OK)
		*out = line_of("%s: ok, %zu move%s%s\n", name, v->moves, v->moves == 1 ? "" : "s",
			       v->set_up ? " from a set-up position" : "");
	else if (v->index)
		*out = line_of("%s: move %zu '%s': %s\n", name, v->index, v->move, v->msg);
	else
		*out = line_of("%s: %s\n", name, v->msg ? v->msg : "out of memory");
	return *out ? C_OK : C_SYSTEM;
}

int verdict_line(const struct verdict *v, const char *name, int json, char **out)
{
	if (!json)
		return text_line(v, name, out);
	/* One line, ASCII alone: a file name need not be UTF-8 (its stray bytes become '?'). */
	struct jw w;
	size_t len;
	jw_init(&w, 1);
	w.ascii = 1;
	jw_obj(&w, JW_BLOCK);
	jw_key_str(&w, "file", name);
	jw_key_bool(&w, "ok", v->status == C_OK);
	jw_key_int(&w, "status", v->status);
	jw_key_int(&w, "moves_checked", (long long)v->moves);
	jw_key(&w, "error");
	if (v->status == C_OK) {
		jw_null(&w);
	} else {
		jw_obj(&w, JW_BLOCK);
		jw_key(&w, "index");
		if (v->index)
			jw_int(&w, (long long)v->index);
		else
			jw_null(&w);
		jw_key(&w, "move");
		if (v->move)
			jw_str(&w, v->move);
		else
			jw_null(&w);
		jw_key_str(&w, "message", v->msg ? v->msg : "out of memory");
		jw_end_obj(&w);
	}
	jw_end_obj(&w);
	*out = NULL;
	return jw_finish(&w, out, &len) ? C_SYSTEM : C_OK;
}
