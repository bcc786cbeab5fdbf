/* catan-import: a record or a saved game of another system (catanatron, .catan, JSettlers2) as our game document. */
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "import/import.h"
#include "model/names.h"
#include "model/seats.h"
#include "model/state.h"
#include "model/view.h"
#include "doc/present.h"
#include "doc/state_json.h"

const char fe_progname[] = "catan-import";

enum { O_FORMAT = 'f', O_COMPACT = 'c', O_PUBLIC = 256, O_AS };

static const struct fe_opt options[] = {
	{ "format", O_FORMAT, FE_ARG, import_format_names, .help = "the record's format", .value_name = "FORMAT",
	  .text = "the record's format: catanatron (its JSON export), catan (a .catan transcription), jsettlers "
		  "(a JSettlers2 .soclog event log, classic board) or jsettlers-save (a JSettlers2 saved game, "
		  "*.game.json)" },
	{ "public", O_PUBLIC, FE_NO_ARG, NULL, .help = "write the record as the public saw it",
	  .text = "write the record as someone at none of the seats saw it: the cards bought, stolen and "
		  "discarded unnamed" },
	{ "as", O_AS, FE_ARG, colour_words, .help = "write COLOUR's view", .value_name = "COLOUR",
	  .text = "write the game as COLOUR saw it: COLOUR's view at the record's last move" },
	{ "compact", O_COMPACT, FE_NO_ARG, NULL, .help = "write the document on one line" },
	FE_OPT_END,
};

static const char *const usage[] = { "[-f FORMAT] [--public | --as COLOUR] [-c] [FILE]", NULL };

static const struct fe_cmd command = {
	.opts = options, .operands = FE_OPERANDS_FILES, .usage = usage,
	.description = "Reads a game recorded by another system from FILE or standard input and writes it as a "
		"record (catan-state(5)): the source's board and seats, a start in the set-up, and its log as our "
		"moves with the outcomes the source gives; a saved game becomes a game set up at its position, "
		"with no moves.  Check it with catan-validate(1).  The format is found from the content unless "
		"given.",
	.epilogue = "Exit status: 0 imported, 1 a board or rules we do not play (with --as: a record whose log "
		"does not replay), 2 usage, 3 a record that cannot be read (FILE:LINE or FILE: JSON path, field "
		"and reason), 4 system error.",
};

/*
 * observed: what to write of imported game g: itself, the public's record
 * (public) or the view of the colour as names (NULL: neither), in *w
 * (borrowed from g, pr or pub; free pr and pub in every case).
 */
static int observed(const struct game *g, int public, const char *as, struct present *pr,
		    struct game *pub, const struct game **w, struct cerr *e)
{
	struct replay_result res;
	int seat, rc;
	*w = g;
	if (public) {
		if ((rc = game_public(g, pub, e)) != C_OK) {
			cerr_prefix(e, "--public");
			return rc;
		}
		*w = pub;
		return C_OK;
	}
	if (!as)
		return C_OK;
	if ((seat = game_seat_of(g, colour_parse(as))) == NOBODY || !seat_moves(g, seat))
		return cerr_set(e, C_USAGE, "--as: '%s' does not play in this game", as);
	if ((rc = present_view(g, seat, pr, &res, e)) != C_OK) {
		cerr_prefix(e, "--as");
		return rc;
	}
	*w = pr->game;
	return C_OK;
}

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
	struct game g, pub;
	struct present pr = { 0 };
	const struct game *w;
	int fmt = -1, flags = 0, public = 0, opt, rc;
	const char *path = "-", *name, *extra, *as = NULL;
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
		case O_PUBLIC:
			public = 1;
			break;
		case O_AS:
			if (colour_parse(optarg) < 0)
				return fe_usagef(&command, "--as: unknown colour '%s'", optarg);
			as = optarg;
			break;
		}
	}
	if (public && as)
		return fe_usagef(&command, "--public and --as: give one observer");
	if ((extra = fe_operand(argc, argv, &path)))
		return fe_usagef(&command, "unexpected argument '%s': give one record", extra);

	game_init(&g);
	game_init(&pub);
	if ((rc = fe_read_input(path, &buf, &len, &name, &e)))
		goto out;
	if (fmt < 0 && (fmt = import_detect(buf, len)) < 0) {
		rc = not_foreign(buf, len, name, &e);
		goto out;
	}
	if ((rc = import_read(fmt, buf, len, name, &g, &e)) ||
	    (rc = observed(&g, public, as, &pr, &pub, &w, &e)) ||
	    (rc = game_write(w, flags, &out, &outlen, &e)))
		goto out;
	rc = fe_output(out, outlen, &e);
out:
	if (rc)
		fe_report(&e);
	present_free(&pr);
	game_free(&pub);
	game_free(&g);
	free(buf);
	free(out);
	return rc;
}
