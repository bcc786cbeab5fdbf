/* catan-import: a record or a saved game of another system (catanatron, .catan, JSettlers2) as our game document. */
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "import/import.h"
#include "model/state.h"
#include "doc/state_json.h"

const char fe_progname[] = "catan-import";

enum { O_FORMAT = 'f', O_COMPACT = 'c' };

static const struct fe_opt options[] = {
	{ "format", O_FORMAT, FE_ARG, import_format_names, .help = "the record's format", .value_name = "FORMAT",
	  .text = "the record's format: catanatron (its JSON export), catan (a .catan transcription), jsettlers "
		  "(a JSettlers2 .soclog event log, classic board) or jsettlers-save (a JSettlers2 saved game, "
		  "*.game.json)" },
	{ "compact", O_COMPACT, FE_NO_ARG, NULL, .help = "write the document on one line" },
	FE_OPT_END,
};

static const char *const usage[] = { "[-f FORMAT] [-c] [FILE]", NULL };

static const struct fe_cmd command = {
	.opts = options, .operands = FE_OPERANDS_FILES, .usage = usage,
	.description = "Reads a game recorded by another system from FILE or standard input and writes it as a "
		"record (catan-state(5)): the source's board and seats, a start in the set-up, and its log as our "
		"moves with the outcomes the source gives; a saved game becomes a game set up at its position, "
		"with no moves.  Check it with catan-validate(1).  The format is found from the content unless "
		"given.",
	.epilogue = "Exit status: 0 imported, 1 a board or rules we do not play, 2 usage, 3 a record that cannot "
		"be read (FILE:LINE or FILE: JSON path, field and reason), 4 system error.",
};

/*
 * not_foreign: the refusal of an input whose format is not found: empty,
 * already one of our games (nothing to import: the other commands read it
 * as it is), a file of another kind that holds no game (import_what_else),
 * or of no known format.  C_INPUT with the message in e.
 */
static int not_foreign(const char *buf, size_t len, const char *name, struct cerr *e)
{
	struct game ours;
	struct cerr ignored = { 0 };
	int rc;

	if (strspn(buf, " \t\r\n") == len)
		return cerr_set(e, C_INPUT, "%s: empty", name);
	rc = game_read(buf, len, &ours, &ignored);
	game_free(&ours);
	if (rc == C_OK)
		return cerr_set(e, C_INPUT, "%s: already a game of ours (%s): nothing to import; catan-validate and "
				"the other commands read it as it is", name, STATE_FORMAT);
	const char *other = import_what_else(buf, len);
	if (other)
		return cerr_set(e, C_INPUT, "%s: %s: nothing to import", name, other);
	return cerr_set(e, C_INPUT, "%s: not a record of a known format: give --format", name);
}

int main(int argc, char **argv)
{
	struct cerr e = { 0 };
	struct game g;
	int fmt = -1, flags = 0, opt, rc;
	const char *path = "-", *name, *extra;
	char *buf = NULL, *out = NULL;
	size_t len, outlen;

	while ((opt = fe_next_option(&command, argc, argv, &rc)) != -1) {
		switch (opt) {
		case FE_STOP:
			return rc;
		case O_FORMAT:
			if ((fmt = import_format_parse(optarg)) < 0)
				return fe_usagef(&command, "--format: unknown format '%s' (catanatron, catan, "
						 "jsettlers, jsettlers-save)", optarg);
			break;
		case O_COMPACT:
			flags |= SJ_COMPACT;
			break;
		}
	}
	if ((extra = fe_operand(argc, argv, &path)))
		return fe_usagef(&command, "unexpected argument '%s': give one record", extra);

	game_init(&g);
	if ((rc = fe_read_input(path, &buf, &len, &name, &e)))
		goto out;
	if (fmt < 0 && (fmt = import_detect(buf, len)) < 0) {
		rc = not_foreign(buf, len, name, &e);
		goto out;
	}
	if ((rc = import_read(fmt, buf, len, name, &g, &e)) ||
	    (rc = game_write(&g, flags, &out, &outlen, &e)))
		goto out;
	rc = fe_output(out, outlen, &e);
out:
	if (rc)
		fe_report(&e);
	game_free(&g);
	free(buf);
	free(out);
	return rc;
}
