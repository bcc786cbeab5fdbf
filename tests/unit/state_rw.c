/* state_rw: reads a game document on stdin and writes it back canonically (-c: compact). */
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "model/state.h"
#include "doc/state_json.h"

const char fe_progname[] = "state_rw";

int main(int argc, char **argv)
{
	struct cerr e = { 0 };
	struct game g;
	char *in = NULL, *out = NULL;
	size_t inlen, outlen;
	int rc;

	game_init(&g);
	if ((rc = fe_read_stream(stdin, "stdin", &in, &inlen, &e)) == C_OK &&
	    (rc = game_read(in, inlen, &g, &e)) == C_OK &&
	    (rc = game_write(&g, argc > 1 && strcmp(argv[1], "-c") == 0 ? SJ_COMPACT : 0, &out,
			     &outlen, &e)) == C_OK &&
	    (rc = fe_write_stdout(out, outlen, &e)) == C_OK)
		rc = fe_close_stdout(&e);
	if (rc)
		fe_report(&e);
	free(in);
	free(out);
	game_free(&g);
	return rc;
}
