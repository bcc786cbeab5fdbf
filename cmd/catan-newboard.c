/* catan-newboard: writes a new game: the beginner board or a random board from a seed. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "names.h"
#include "state.h"
#include "state_json.h"

const char fe_progname[] = "catan-newboard";

static const char usage_text[] =
	"usage: catan-newboard [--beginner | --seed N] [--players COLOURS] [--numbers MODE]\n"
	"                      [--rules KEY=VALUE]... [-c]\n"
	"\n"
	"Writes a new Catan game as JSON (catan-state(5)) on standard output.\n"
	"\n"
	"  -b, --beginner         the beginner board with its starting pieces and resources\n"
	"  -s, --seed N           seed the generator (0 to 9223372036854775807); default: random\n"
	"  -p, --players COLOURS  seat order, 2 to 4 of red,blue,white,orange (default: all four)\n"
	"  -n, --numbers MODE     number tokens on a random board: spiral (default) or random\n"
	"  -r, --rules KEY=VALUE  a rules option; keys: points_to_win (10), discard_limit (7),\n"
	"                         trade_build (combined|strict), outcomes (internal|external)\n"
	"  -c, --compact          compact JSON on one line\n"
	"  -h, --help             show this help\n"
	"  -V, --version          show the version\n";

static const char usage_short[] =
	"usage: catan-newboard [--beginner | --seed N] [--players COLOURS] [--numbers MODE]\n"
	"                      [--rules KEY=VALUE]... [-c]\n";

static int usage_error(const char *fmt, const char *arg)
{
	return fe_usage_error(usage_short, fmt, arg);
}

static int parse_players(const char *arg, struct newgame *o)
{
	char buf[64];
	char *save = NULL;
	if (strlen(arg) >= sizeof buf)
		return usage_error("--players: '%s' is too long", arg);
	strcpy(buf, arg);
	o->nplayers = 0;
	for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int c = colour_parse(tok);
		if (c < 0)
			return usage_error("--players: unknown colour '%s' (red, blue, white, orange)",
					   tok);
		if (o->nplayers == ruleset_base.max_players)
			return fe_usagef(usage_short, "--players: '%s' names more than %d players", arg,
					   ruleset_base.max_players);
		for (int i = 0; i < o->nplayers; i++)
			if (o->colour[i] == c)
				return usage_error("--players: colour '%s' given twice", tok);
		o->colour[o->nplayers++] = (uint8_t)c;
	}
	if (o->nplayers < ruleset_base.min_players)
		return fe_usagef(usage_short, "--players: '%s' names fewer than %d players", arg,
				   ruleset_base.min_players);
	return C_OK;
}

static int parse_rule(const char *arg, struct rules *r)
{
	char key[32];
	const char *eq = strchr(arg, '=');

	if (!eq || (size_t)(eq - arg) >= sizeof key)
		return usage_error("--rules: expected KEY=VALUE, not '%s'", arg);
	memcpy(key, arg, (size_t)(eq - arg));
	key[eq - arg] = '\0';
	for (char *k = key; *k; k++)
		if (*k == '-')
			*k = '_';
	struct cerr e = { 0 };
	if (rules_set(r, key, eq + 1, &e) != C_OK)
		return usage_error("--rules: %s", e.msg);
	return C_OK;
}

/* A seed from the system's entropy, kept to 63 bits so that JSON holds it exactly. */
static int random_seed(uint64_t *seed, struct cerr *e)
{
	FILE *f = fopen("/dev/urandom", "rb");
	uint64_t v = 0;
	if (!f || fread(&v, sizeof v, 1, f) != 1) {
		if (f)
			fclose(f);
		return cerr_set(e, C_SYSTEM, "cannot read /dev/urandom for a seed");
	}
	fclose(f);
	*seed = v >> 1;
	return C_OK;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "beginner", no_argument, NULL, 'b' },
		{ "seed", required_argument, NULL, 's' },
		{ "players", required_argument, NULL, 'p' },
		{ "numbers", required_argument, NULL, 'n' },
		{ "rules", required_argument, NULL, 'r' },
		{ "compact", no_argument, NULL, 'c' },
		FE_OPTIONS_END,
	};
	struct newgame o = { .nplayers = 4, .colour = { COL_RED, COL_BLUE, COL_WHITE, COL_ORANGE } };
	struct cerr e = { 0 };
	struct game g;
	int have_seed = 0, have_numbers = 0, flags = 0, opt, rc;
	unsigned long long v;
	char *out = NULL;
	size_t len;

	rules_default(&o.rules);
	game_init(&g);
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":bs:p:n:r:chV", longopts, NULL)) != -1) {
		switch (opt) {
		case 'b':
			o.beginner = 1;
			break;
		case 's':
			if (fe_parse_u64(optarg, INT64_MAX, &v))
				return usage_error("--seed: '%s' is not a number from 0 to "
						   "9223372036854775807", optarg);
			o.seed = v;
			have_seed = 1;
			break;
		case 'p':
			if ((rc = parse_players(optarg, &o)))
				return rc;
			break;
		case 'n':
			if (strcmp(optarg, "spiral") == 0)
				o.numbers = NUMBERS_SPIRAL;
			else if (strcmp(optarg, "random") == 0)
				o.numbers = NUMBERS_RANDOM;
			else
				return usage_error("--numbers: expected spiral or random, not '%s'",
						   optarg);
			have_numbers = 1;
			break;
		case 'r':
			if ((rc = parse_rule(optarg, &o.rules)))
				return rc;
			break;
		case 'c':
			flags |= SJ_COMPACT;
			break;
		default:
			return fe_other_option(opt, argv, optind, usage_text, usage_short);
		}
	}
	if (optind < argc)
		return usage_error("unexpected argument '%s'", argv[optind]);
	if (o.beginner && have_numbers)
		return usage_error("%s", "--numbers applies to random boards, not --beginner");
	if (!have_seed && (rc = random_seed(&o.seed, &e)))
		return fe_report(&e);

	if ((rc = game_new(&g, &o, &e)) == C_OK && (rc = game_write(&g, flags, &out, &len, &e)) == C_OK &&
	    (rc = fe_write_stdout(out, len, &e)) == C_OK)
		rc = fe_close_stdout(&e);
	if (rc)
		fe_report(&e);
	free(out);
	game_free(&g);
	return rc;
}
