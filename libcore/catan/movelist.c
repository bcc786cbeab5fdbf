/* movelist.c: the legal moves written out, one a line, as text or as JSON objects. */
#include <stdlib.h>

#include <jansson.h>

#include "move.h"
#include "movegen.h"
#include "buf.h"

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
		json_t *j = move_to_json(g, &ms[i]);
		char *s = j ? json_dumps(j, JSON_COMPACT) : NULL;
		if (s) {
			buf_adds(&b, s);
			buf_add(&b, "\n", 1);
		} else {
			b.failed = 1;
		}
		free(s);
		json_decref(j);
	}
	free(ms);
	return buf_finish(&b, out, len, e);
}
