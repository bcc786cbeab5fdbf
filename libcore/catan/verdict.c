/* verdict.c: one game document read and replayed whole, the outcome copied out. */
#include <stdlib.h>
#include <string.h>

#include "replay.h"
#include "state.h"
#include "state_json.h"
#include "verdict.h"

void verdict_failed(struct verdict *v, const struct cerr *e)
{
	memset(v, 0, sizeof *v);
	v->status = e->code;
	if (!(v->msg = strdup(e->msg)))
		v->status = C_SYSTEM;
}

void verdict_check(const char *buf, size_t len, struct verdict *v)
{
	struct cerr e = { 0 };
	struct replay_result res = { 0 };
	struct game g;

	memset(v, 0, sizeof *v);
	int rc = game_read(buf, len, &g, &e);
	if (rc == C_OK)
		rc = game_replay(&g, &res, NULL, &e);
	v->status = rc;
	v->moves = rc == C_OK ? g.log.len : res.checked;
	v->index = res.index;
	if (rc != C_OK) {
		v->msg = strdup(e.msg);
		v->move = res.move ? strdup(res.move) : NULL;
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
