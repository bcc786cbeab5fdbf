/* fe_opt.c: option and subcommand tables: option parsing over them, and the hidden --complete. */
#include <getopt.h>
#include <string.h>

#include "fe.h"

#define MAXOPTS 48

const struct fe_sub *fe_sub_find(const struct fe_cmd *c, const char *name)
{
	for (const struct fe_sub *s = c->subs; s && s->name; s++)
		if (strcmp(s->name, name) == 0)
			return s;
	return NULL;
}

/* bad_option: getopt_long's ':' (a missing value) or '?' (an unknown option) as a usage error. */
static int bad_option(int opt, int argc, char **argv, const struct fe_cmd *c)
{
	int json = fe_json_errors(c, argc, argv);
	if (opt == ':')
		return fe_usagef_as(c, json, "option '%s' needs a value", argv[optind - 1]);
	return fe_usagef_as(c, json, "unknown option '%s'", argv[optind - 1]);
}

int fe_json_errors(const struct fe_cmd *c, int argc, char **argv)
{
	const struct fe_opt *errors = NULL;
	for (const struct fe_opt *o = c->opts; o->name; o++)
		if (strcmp(o->name, "errors") == 0)
			errors = o;
	if (!errors)
		return 0;
	for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		const char *w = argv[i], *eq = strchr(w, '=');
		size_t n = eq ? (size_t)(eq - w) : strlen(w);
		/* --errors, or a prefix of it that getopt_long takes for it: --err */
		if (strncmp(w, "--", 2) != 0 || n < 3 || strncmp(w + 2, "errors", n - 2) != 0)
			continue;
		const char *value = eq ? eq + 1 : i + 1 < argc ? argv[i + 1] : "";
		return strcmp(value, "json") == 0;
	}
	return 0;
}

static int complete(const struct fe_cmd *c, int argc, char **argv, int *status);
static const struct fe_opt *walk(const struct fe_cmd *c, int n, char **w, const struct fe_sub **sub);

int fe_next_option(const struct fe_cmd *c, int argc, char **argv, int *status)
{
	struct option lo[MAXOPTS + 1];
	char so[3 * MAXOPTS + 2];
	size_t n = 0, k = 0;
	int opt;

	*status = 0;
	/* The hidden --complete comes first on the command line, before any option is read. */
	if (optind <= 1 && complete(c, argc, argv, status))
		return FE_STOP;
	so[k++] = ':';
	for (const struct fe_opt *o = c->opts; o->name && n < MAXOPTS; o++, n++) {
		lo[n].name = o->name;
		lo[n].has_arg = o->arg == FE_NO_ARG ? no_argument
				: o->arg == FE_ARG_NUMBER ? optional_argument : required_argument;
		lo[n].flag = NULL;
		lo[n].val = o->id;
		if (fe_opt_letter(o)) {
			so[k++] = (char)o->id;
			if (o->arg != FE_NO_ARG)
				so[k++] = ':';
			if (o->arg == FE_ARG_NUMBER)
				so[k++] = ':';
		}
	}
	so[k] = '\0';
	memset(&lo[n], 0, sizeof lo[n]);
	opterr = 0;
	opt = getopt_long(argc, argv, so, lo, NULL);
	if (opt == 'h' || opt == 'V') {
		/* "CMD SUB --help": the subcommand's help. */
		const struct fe_sub *sub = NULL;
		if (opt == 'h')
			walk(c, argc - 1, argv + 1, &sub);
		*status = opt == 'h' ? fe_help(c, sub) : fe_version();
		return FE_STOP;
	}
	if (opt == ':' || opt == '?') {
		*status = bad_option(opt, argc, argv, c);
		return FE_STOP;
	}
	/* An optional number given as the next word ("--auto 5") is taken as the value. */
	for (const struct fe_opt *o = c->opts; opt > 0 && o->name; o++)
		if (o->id == opt && o->arg == FE_ARG_NUMBER && !optarg && optind < argc &&
		    argv[optind][0] && strspn(argv[optind], "0123456789") == strlen(argv[optind]))
			optarg = argv[optind++];
	return opt;
}

/* The option a word names ("--seed", "--seed=4", "-i"), or NULL; *inline_value when it carries its value. */
static const struct fe_opt *word_option(const struct fe_cmd *c, const char *w, int *inline_value)
{
	*inline_value = 0;
	if (w[0] != '-' || !w[1])
		return NULL;
	for (const struct fe_opt *o = c->opts; o->name; o++) {
		size_t n = strlen(o->name);
		if (w[1] == '-' && strncmp(w + 2, o->name, n) == 0 && (!w[2 + n] || w[2 + n] == '=')) {
			*inline_value = w[2 + n] == '=';
			return o;
		}
		if (w[1] != '-' && fe_opt_letter(o) && w[1] == o->id) {
			*inline_value = w[2] != '\0';
			return o;
		}
	}
	return NULL;
}

void fe_candidate(const char *word, const char *prefix)
{
	if (strncmp(word, prefix, strlen(prefix)) == 0)
		printf("%s\n", word);
}

/*
 * list_candidates: for a comma-separated list being typed ("red,bl"), the
 * list with its last element completed, leaving out values already given.
 */
static void list_candidates(const char *const *values, const char *cur)
{
	const char *last = strrchr(cur, ',');
	size_t done = last ? (size_t)(last - cur) + 1 : 0;
	char word[256];

	for (const char *const *v = values; v && *v; v++) {
		size_t n = strlen(*v);
		int given = 0;
		for (const char *p = cur; p < cur + done; p += strcspn(p, ",") + 1)
			if (strncmp(p, *v, n) == 0 && p[n] == ',')
				given = 1;
		if (!given && done + n < sizeof word) {
			memcpy(word, cur, done);
			memcpy(word + done, *v, n + 1);
			fe_candidate(word, cur);
		}
	}
}

static void operands(enum fe_operands kind)
{
	if (kind == FE_OPERANDS_FILES)
		puts("@file");
	else if (kind == FE_OPERANDS_WORDS)
		puts("@words");
}

/*
 * walk: goes through the n words w of a command line (the program's name
 * left out): sets *sub to the first subcommand its operands name (left as
 * it is when they name none), and returns the option whose value is the
 * word after them, or NULL.
 */
static const struct fe_opt *walk(const struct fe_cmd *c, int n, char **w, const struct fe_sub **sub)
{
	int inl;

	for (int i = 0; i < n; i++) {
		const struct fe_opt *o = word_option(c, w[i], &inl);
		if (o && o->arg != FE_NO_ARG && o->arg != FE_ARG_NUMBER && !inl) {
			if (i + 1 == n)
				return o;
			i++;
		} else if (!o && strcmp(w[i], "--") != 0 && w[i][0] != '-' && c->subs && !*sub) {
			*sub = fe_sub_find(c, w[i]);
		}
	}
	return NULL;
}

static int complete(const struct fe_cmd *c, int argc, char **argv, int *status)
{
	const struct fe_sub *sub = NULL;
	const struct fe_opt *want;
	const char *cur;
	int nw;
	char **w;

	if (argc < 2 || (strcmp(argv[1], "--complete") != 0 && strcmp(argv[1], "--complete-describe") != 0))
		return 0;
	/* --complete-describe: the same, each option with what it does ("--seed:seed the generator"). */
	int describe = argv[1][10] != '\0';
	w = argv + 2;
	nw = argc - 2;
	cur = nw ? w[nw - 1] : "";
	/* the words before cur: the subcommand, and the option cur is the value of */
	want = walk(c, nw - 1, w, &sub);
	if (want && want->arg == FE_ARG_LIST) {
		list_candidates(want->values, cur);
	} else if (want) {
		/* the word being completed is want's value */
		for (const char *const *v = want->values; v && *v; v++)
			fe_candidate(*v, cur);
		if (want->arg == FE_ARG_FILE)
			puts("@file");
		else if (!want->values && c->values)
			c->values(want->id, cur);
	} else if (cur[0] == '-') {
		char name[64];
		for (const struct fe_opt *o = c->opts; o->name; o++)
			if (o->help && (!sub || fe_sub_takes(c, sub, o->id))) {
				snprintf(name, sizeof name, "--%s", o->name);
				if (describe && strncmp(name, cur, strlen(cur)) == 0)
					printf("%s:%s\n", name, o->help);
				else if (!describe)
					fe_candidate(name, cur);
			}
	} else if (c->subs && !sub) {
		for (const struct fe_sub *s = c->subs; s->name; s++)
			fe_candidate(s->name, cur);
	} else if (c->words && (sub ? sub->operands : c->operands) == FE_OPERANDS_WORDS) {
		c->words(nw - 1, w, cur);
	} else {
		operands(sub ? sub->operands : c->operands);
	}
	*status = fflush(stdout) == 0 ? C_OK : C_SYSTEM;
	return 1;
}
