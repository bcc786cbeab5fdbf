/*
 * fe_help.c: --help, the usage lines and usage errors, printed from a
 * command's option and subcommand tables (fe_opt.c parses options over the
 * same tables and calls down to this file; this file calls only fe.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fe.h"

/* The width of the screen --help fills, and the widest first column of its lists. */
#define WIDTH 80
#define MAX_COLUMN 30

static int in_list(const int *ids, int id)
{
	for (; ids && *ids; ids++)
		if (*ids == id)
			return 1;
	return 0;
}

int fe_sub_takes(const struct fe_cmd *c, const struct fe_sub *sub, int id)
{
	return in_list(c->common, id) || in_list(sub->opts, id);
}

int fe_opt_letter(const struct fe_opt *o)
{
	return o->id > ' ' && o->id < 128;
}

/*
 * word_len: the length of the word at s, up to a space or a newline; with
 * brackets, spaces inside [] and () belong to it.  A parenthesis of one
 * word after it ("(10)", "(off|on)") stays with it.
 */
static size_t word_len(const char *s, int brackets)
{
	int depth = 0;
	size_t n = 0;

	for (;;) {
		for (; s[n] && s[n] != '\n' && (s[n] != ' ' || depth > 0); n++)
			if (brackets)
				depth += (s[n] == '[' || s[n] == '(') - (s[n] == ']' || s[n] == ')');
		if (s[n] != ' ' || s[n + 1] != '(' || s[n + 1 + strcspn(s + n + 1, " )\n")] != ')')
			return n;
		n++;
	}
}

/*
 * wrap: prints text on f from column col, breaking lines between words
 * to stay within WIDTH and going on at column indent; a newline in text
 * starts a line at indent too (an empty line stays empty).  The spaces
 * between words are kept as written.  Ends the last line.
 */
static void wrap(FILE *f, const char *text, int col, int indent, int brackets)
{
	int fresh = 1;	/* no word on this line yet */
	const char *s = text;

	while (*s) {
		size_t gap = strspn(s, " "), n;
		s += gap;
		if (*s == '\n') {
			s++;
			fresh = 1;
			col = *s && *s != '\n' ? indent : 0;
			fprintf(f, "\n%*s", col, "");
			continue;
		}
		if (!*s)
			break;
		n = word_len(s, brackets);
		if (fresh) {
			gap = 0;
		} else if (col + (int)(gap + n) > WIDTH) {
			fprintf(f, "\n%*s", indent, "");
			col = indent;
			gap = 0;
		}
		col += fprintf(f, "%*s%.*s", (int)gap, "", (int)n, s);
		s += n;
		fresh = 0;
	}
	fputc('\n', f);
}

/* usage_line: one usage line, "usage: NAME line" (the first) or "       NAME line", wrapped under its start. */
static void usage_line(FILE *f, const char *line, int first)
{
	int col = fprintf(f, "%s%s ", first ? "usage: " : "       ", fe_progname);
	wrap(f, line, col, col, 1);
}

void fe_usage(FILE *f, const struct fe_cmd *c, const struct fe_sub *sub)
{
	if (sub)
		usage_line(f, sub->usage, 1);
	for (const char *const *u = c->usage; !sub && u && *u; u++)
		usage_line(f, *u, u == c->usage);
	for (const struct fe_sub *s = c->subs; !sub && !c->usage && s && s->name; s++)
		usage_line(f, s->usage, s == c->subs);
}

/* shown: whether --help (of sub, when not NULL) lists the option o: not an alias, and taken by sub. */
static int shown(const struct fe_cmd *c, const struct fe_sub *sub, const struct fe_opt *o)
{
	return o->help && (!sub || fe_sub_takes(c, sub, o->id));
}

/* label: how --help names the option o: "-j, --json", "    --at N", "    --auto [N]"; its length. */
static int label(char *buf, size_t size, const struct fe_opt *o)
{
	const char *v = o->value_name;
	int optional = v && o->arg == FE_ARG_NUMBER;
	char letter[4] = "   ";

	if (fe_opt_letter(o))
		snprintf(letter, sizeof letter, "-%c,", o->id);
	return snprintf(buf, size, "%s --%s%s%s%s%s", letter, o->name, v ? " " : "", optional ? "[" : "",
			v ? v : "", optional ? "]" : "");
}

/* widen: the column of a list's texts, made room for an entry named n characters long. */
static int widen(int col, size_t n)
{
	int want = 2 + (int)n + 2;
	return want > col && want <= MAX_COLUMN ? want : col;
}

/* entry: one line of a list, "  name" and text from column col (on the next line when name reaches it). */
static void entry(FILE *f, const char *name, const char *text, int col)
{
	int n = fprintf(f, "  %s", name);
	if (n + 2 > col) {
		fputc('\n', f);
		n = 0;
	}
	fprintf(f, "%*s", col - n, "");
	wrap(f, text, col, col, 0);
}

/*
 * options: the options --help lists (sub's, when not NULL), each with its
 * text, and a group's heading before its first; --help and --version stand
 * apart after a group.
 */
static void options(FILE *f, const struct fe_cmd *c, const struct fe_sub *sub)
{
	char name[128];
	int col = 0, any = 0, grouped = 0;

	for (const struct fe_opt *o = c->opts; o->name; o++)
		if (shown(c, sub, o))
			col = widen(col, (size_t)label(name, sizeof name, o));
	for (const struct fe_opt *o = c->opts; o->name; o++) {
		if (!shown(c, sub, o))
			continue;
		if (o->group) {
			if (any)
				fputc('\n', f);
			wrap(f, o->group, 0, 0, 0);
			grouped = 1;
		} else if (grouped && o->id == 'h') {
			fputc('\n', f);
			grouped = 0;
		}
		label(name, sizeof name, o);
		entry(f, name, o->text ? o->text : o->help, col);
		any = 1;
	}
}

/* subcommands: the list of c's subcommands, each with what it does, then the heading of the options. */
static void subcommands(FILE *f, const struct fe_cmd *c)
{
	int col = 0;

	for (const struct fe_sub *s = c->subs; s->name; s++)
		col = widen(col, strlen(s->name));
	fputs("subcommands:\n", f);
	for (const struct fe_sub *s = c->subs; s->name; s++)
		entry(f, s->name, s->help, col);
	fputs("\noptions:\n", f);
}

int fe_help(const struct fe_cmd *c, const struct fe_sub *sub)
{
	struct cerr e = { 0 };
	const char *about = sub ? sub->help : c->description;

	fe_usage(stdout, c, sub);
	fputc('\n', stdout);
	if (about) {
		wrap(stdout, about, 0, 0, 0);
		fputc('\n', stdout);
	}
	if (sub)
		fputs("options:\n", stdout);
	else if (c->subs)
		subcommands(stdout, c);
	options(stdout, c, sub);
	if (c->epilogue) {
		fputc('\n', stdout);
		wrap(stdout, c->epilogue, 0, 0, 0);
	}
	return fe_close_stdout(&e) ? fe_report(&e) : C_OK;
}

/*
 * usage_tail: after a usage error's one line, the pointer to --help alone, as
 * git and coreutils do: the usage lines would push the message off a small
 * screen, and --help has them.
 */
static int usage_tail(void)
{
	fprintf(stderr, "Try '%s --help' for more information.\n", fe_progname);
	return C_USAGE;
}

int fe_usagef(const struct fe_cmd *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fe_verror(fmt, ap);
	va_end(ap);
	return usage_tail();
}

int fe_usagef_as(const struct fe_cmd *c, int json, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (json) {
		char msg[sizeof ((struct cerr *)0)->msg];
		vsnprintf(msg, sizeof msg, fmt, ap);
		va_end(ap);
		return fe_error_json(C_USAGE, msg, NULL);
	}
	fe_verror(fmt, ap);
	va_end(ap);
	return usage_tail();
}
