/* fe_game.c: front-end helpers of the board game's commands. */
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "fe_game.h"
#include "doc/state_json.h"

int fe_load_game(const char *path, struct game *g, struct cerr *e)
{
	const char *name;
	char *buf = NULL;
	size_t len;
	int rc = fe_read_input(path, &buf, &len, &name, e);

	if (rc == C_OK && (rc = game_read(buf, len, g, e)) != C_OK)
		cerr_prefix(e, "%s", name);
	free(buf);
	return rc;
}

int fe_at(const struct fe_cmd *cmd, int json, const char *arg, long *n)
{
	if (fe_parse_long(arg, -1000000000L, 1000000000L, n))
		return fe_usagef_as(cmd, json, "--at: '%s' is not a move number", arg);
	return C_OK;
}
