/* batch.c: moves applied to a game in order, all of them or the first refusal named. */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "batch.h"
#include "move.h"
#include "names.h"
#include "rules.h"
#include "state.h"

int batch_lines(struct movelog *mv, char *buf, struct cerr *e)
{
	int rc;
	for (char *line = buf; line && *line;) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		size_t n = strlen(line);
		while (n && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
			line[--n] = '\0';
		char *s = line + strspn(line, " \t");
		if (*s && *s != '#' && (rc = movelog_push(mv, s, e)))
			return rc;
		line = nl ? nl + 1 : NULL;
	}
	return C_OK;
}

/* parse_one: one move (text or JSON text) into *m. */
static int parse_one(const struct game *g, const char *text, int json, struct move *m,
		     struct cerr *e)
{
	if (!json)
		return move_parse(g, text, m, e);
	struct jv_error jerr;
	struct jv_doc d;
	if (jv_parse(text, strlen(text), &d, &jerr))
		return jerr.oom ? cerr_set(e, C_SYSTEM, "out of memory")
				: cerr_set(e, C_ILLEGAL, "not a JSON move: %s", jerr.text);
	int rc = move_from_json(g, d.root, m, e);
	jv_free(&d);
	return rc;
}

int batch_apply(struct game *g, const struct movelog *mv, int json, int as_seat, struct cerr *e)
{
	for (size_t i = 0; i < mv->len; i++) {
		struct move m;
		int rc = parse_one(g, mv->ent[i].text, json, &m, e);
		if (rc == C_OK && as_seat != NOBODY) {
			int owner = rules_owner(g, &m);
			if (owner != as_seat)
				rc = cerr_set(e, C_ILLEGAL, "the move is %s's to make, not %s's",
					      owner >= 0 ? colour_names[g->colour[owner]] : "nobody",
					      colour_names[g->colour[as_seat]]);
		}
		if (rc == C_OK)
			rc = rules_apply(g, &m, 0, e);
		if (rc != C_OK) {
			cerr_prefix(e, "move %zu '%s'", i + 1, mv->ent[i].text);
			return rc;
		}
	}
	return C_OK;
}
