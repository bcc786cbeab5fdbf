/* movelist.c: the legal moves written out, one a line, as text or as JSON objects. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "model/move.h"
#include "rules/movegen.h"
#include "buf.h"

void movegen_complete(const struct game *g, char *const *w, int n,
		      void (*add)(const char *word, void *ctx), void *ctx)
{
	int nm = movegen_legal(g, NOBODY, MG_OFFERS, NULL, 0);
	struct move *ms = malloc(((size_t)nm + 1) * sizeof *ms);
	char seen[4096] = " ", text[160];

	if (!ms)
		return;
	movegen_legal(g, NOBODY, MG_OFFERS, ms, nm);
	for (int i = 0; i < nm; i++) {
		char *save = NULL, *t;
		int k = 0, match = 1;
		move_format(g, &ms[i], text, sizeof text);
		for (t = strtok_r(text, " ", &save); t && k < n; t = strtok_r(NULL, " ", &save), k++)
			match &= strcmp(t, w[k]) == 0;
		if (!match || k < n || !t)
			continue;
		/* Each next word once: seen holds " word word ... ". */
		size_t len = strlen(seen), tl = strlen(t);
		char pat[64];
		snprintf(pat, sizeof pat, " %s ", t);
		if (strstr(seen, pat) || len + tl + 2 > sizeof seen)
			continue;
		memcpy(seen + len, t, tl);
		memcpy(seen + len + tl, " ", 2);
		add(t, ctx);
	}
	free(ms);
}

int movegen_list(const struct game *g, int seat, int flags, int json, char **out, size_t *len,
		 struct cerr *e)
{
	int n = movegen_legal(g, seat, flags, NULL, 0);
	struct move *ms = malloc(((size_t)n + 1) * sizeof *ms);
	struct buf b;
	char text[160];

	if (!ms)
		return cerr_set(e, C_SYSTEM, "out of memory");
	buf_init(&b);
	movegen_legal(g, seat, flags, ms, n);
	for (int i = 0; i < n && !b.failed; i++) {
		if (!json) {
			move_format(g, &ms[i], text, sizeof text);
			buf_adds(&b, text);
			buf_add(&b, "\n", 1);
			continue;
		}
		char *s = move_json_text(g, &ms[i]);
		if (s) {
			buf_adds(&b, s);
			buf_add(&b, "\n", 1);
		} else {
			b.failed = 1;
		}
		free(s);
	}
	free(ms);
	return buf_finish(&b, out, len, e);
}
