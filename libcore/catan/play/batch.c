/* batch.c: moves applied to a game one at a time, a refusal named by the move's number and text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play/batch.h"
#include "model/move.h"
#include "model/names.h"
#include "rules/rules.h"
#include "model/state.h"

char *batch_line_move(char *line)
{
	size_t n = strlen(line);
	while (n && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
		line[--n] = '\0';
	char *s = line + strspn(line, " \t");
	return *s && *s != '#' ? s : NULL;
}

void batch_refusal_free(struct batch_refusal *r)
{
	free(r->text);
	memset(r, 0, sizeof *r);
}

void batch_name_move(struct cerr *e, size_t n, const char *text, const char *canonical,
		     struct batch_refusal *r)
{
	if (r) {
		batch_refusal_free(r);
		r->n = n;
		r->text = strdup(text);
		r->parsed = canonical != NULL;
		snprintf(r->canonical, sizeof r->canonical, "%s", canonical ? canonical : "");
		snprintf(r->reason, sizeof r->reason, "%s", e->msg);
	}
	cerr_prefix(e, "move %zu '%s'", n, text);
}

int batch_parse_move(const struct game *g, const char *text, int json, struct move *m,
		     struct cerr *e)
{
	if (!json)
		return move_parse(g, text, m, e);
	struct jv_error jerr;
	struct jv_doc d;
	if (jv_parse(text, strlen(text), &d, &jerr))
		return jv_refuse_in_line(&jerr, "move", C_ILLEGAL, e);
	int rc = move_from_json(g, d.root, m, e);
	jv_free(&d);
	return rc;
}

int batch_apply_move(struct game *g, const char *text, int json, int as_seat, size_t n,
		     struct batch_refusal *r, struct cerr *e)
{
	struct move m;
	int rc = batch_parse_move(g, text, json, &m, e), parsed = rc == C_OK;
	if (rc == C_OK && as_seat != NOBODY) {
		int owner = rules_owner(g, &m);
		if (owner != as_seat)
			rc = cerr_set(e, C_ILLEGAL, "the move is %s's to make, not %s's",
				      owner >= 0 ? seat_name(g, owner) : "nobody",
				      seat_name(g, as_seat));
	}
	if (rc == C_OK)
		rc = rules_apply(g, &m, 0, e);
	if (rc != C_OK) {
		/* A refused move left g as it was: its canonical text is the one it had when read. */
		char canonical[sizeof r->canonical];
		if (parsed)
			move_format(g, &m, canonical, sizeof canonical);
		batch_name_move(e, n, text, parsed ? canonical : NULL, r);
	}
	return rc;
}
