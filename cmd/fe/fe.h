/* fe.h: front-end helpers shared by the commands: messages, reading input, writing output safely. */
#ifndef CATAN_FE_H
#define CATAN_FE_H

#include <getopt.h>	/* optarg, optind: fe_next_option sets them */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#include "err.h"

/* Each command defines its name once: const char fe_progname[] = "catan-move"; */
extern const char fe_progname[];

/* fe_error: prints "progname: message" on stderr; fe_verror: the same from a va_list. */
void fe_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fe_verror(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));
/* fe_report: prints e's message with the program's prefix; returns e->code. */
int fe_report(const struct cerr *e);

/*
 * fe_random_bytes: n bytes from the system's random source (libsodium's
 * randombytes, getrandom(2) on Linux): a refereed game's secret key, a
 * seed nobody chose.  C_OK, or C_SYSTEM when the source cannot start.
 */
int fe_random_bytes(void *buf, size_t n, struct cerr *e);

/*
 * fe_read_stream, fe_read_path: the whole input into a NUL-terminated
 * malloc'd buffer (*buf, *len).  Input larger than FE_MAX_INPUT is refused
 * (C_INPUT); I/O errors give C_SYSTEM, a folder too.  path "-" means stdin.
 * Every message starts with the input's name ("game.json: cannot open: No
 * such file or directory").
 */
#define FE_MAX_INPUT ((size_t)256 << 20)
int fe_read_stream(FILE *f, const char *name, char **buf, size_t *len, struct cerr *e);
int fe_read_path(const char *path, char **buf, size_t *len, struct cerr *e);
/*
 * fe_read_input: the one way a command reads a game: path names a file, and
 * NULL or "-" means stdin.  *name is set to what messages call the input
 * (the path, or "stdin").  Same limit and messages as fe_read_path; when
 * stdin is a terminal, C_USAGE at once ("no game given: name a FILE or pipe
 * a game in ...") instead of waiting for a game to be typed.
 */
int fe_read_input(const char *path, char **buf, size_t *len, const char **name, struct cerr *e);
/*
 * fe_read_stdin: standard input, as fe_read_input reads it, for a command
 * that names no FILE: how says how a game is given to it instead ("pipe a
 * game in, or edit a file with -i FILE"), in the message for a terminal.
 */
int fe_read_stdin(const char *how, char **buf, size_t *len, struct cerr *e);

/* fe_write_stdout: writes len bytes to stdout; C_SYSTEM with a message on failure. */
int fe_write_stdout(const char *data, size_t len, struct cerr *e);
/* fe_flush_stdout: flushes stdout; C_SYSTEM with a message when what was written could not be. */
int fe_flush_stdout(struct cerr *e);
/* fe_close_stdout: flushes and closes stdout, so that a full disk or closed pipe is an error. */
int fe_close_stdout(struct cerr *e);
/* fe_output: a command's whole output: fe_write_stdout, then fe_close_stdout. */
int fe_output(const char *data, size_t len, struct cerr *e);

/*
 * In-place editing of a game file, safe against a second writer, a crash
 * and a link (fe_inplace.c): fe_lock_open follows symbolic links to the
 * file itself (lk->path), opens it and takes an exclusive lock, re-opening
 * if the file was replaced while it waited, and reads it whole.
 * fe_replace writes data to a new file in the same folder (unnamed until
 * the end where the system allows), with the old file's mode and owner,
 * syncs it and renames it over the file; it first removes what a writer
 * killed under the lock left behind.  It refuses (C_SYSTEM, the file as it
 * was) when the owner cannot be kept.  fe_unlock closes the lock and frees
 * lk.  The lock is held from the read to the rename.
 */
struct fe_locked {
	int fd;
	char *buf;
	size_t len;
	char *path;	/* the file edited: the path with its links followed */
};
int fe_lock_open(const char *path, struct fe_locked *lk, struct cerr *e);
int fe_replace(const struct fe_locked *lk, const char *data, size_t len, struct cerr *e);
void fe_unlock(struct fe_locked *lk);

/*
 * The usual answers of a command line:
 * fe_help prints the help of the command c, or of its subcommand sub (not
 * NULL), on stdout and returns the exit status (0, or C_SYSTEM when stdout
 * fails); fe_version prints "NAME (catan-tools) VERSION" likewise;
 * fe_usagef prints "NAME: message" (a printf format the compiler checks)
 * and the pointer to --help on stderr, two lines, and returns C_USAGE.  fe_next_option calls them for --help, --version and bad options.
 */
struct fe_cmd;
struct fe_sub;
int fe_help(const struct fe_cmd *c, const struct fe_sub *sub);
int fe_version(void);
int fe_usagef(const struct fe_cmd *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/*
 * Errors for programs (catan-move --errors json): every message a failure
 * prints on stderr is then one JSON line instead of the English one.
 * fe_json_errors: 1 when argv (before "--") gives c's option "errors" the
 * value "json" ("--errors json", "--errors=json"), read before the
 * options are parsed so that every usage error is told that way too.
 * fe_error_json: the line for a failure with exit status `status`:
 *   {"status":1,"move":2,"text":"red buidl road 3-4","canonical":null,
 *    "stood":1,"message":"..."}
 * move, text and canonical are null and stood 0 unless mv names the move
 * refused (canonical null when its text was not read as a move); returns
 * status.  fe_usagef_as: fe_usagef, or with json its message as such a
 * line (the usage lines left out).
 */
struct fe_refused {
	size_t n;		/* the move's number, from 1 */
	const char *text;	/* as given (NULL: null) */
	const char *canonical;	/* NULL when it was not read as a move */
	size_t stood;		/* moves before it that stood (written) */
};
int fe_json_errors(const struct fe_cmd *c, int argc, char **argv);
int fe_error_json(int status, const char *message, const struct fe_refused *mv);
int fe_usagef_as(const struct fe_cmd *c, int json, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* fe_usage: the usage lines of c, or of its subcommand sub (not NULL), on f: "usage: NAME ...". */
void fe_usage(FILE *f, const struct fe_cmd *c, const struct fe_sub *sub);

/*
 * Option and subcommand tables.  A command describes its options once, in a
 * table of struct fe_opt ended by an entry with a NULL name; parsing, the
 * hidden --complete and --help all read it.
 * id is what fe_next_option returns for the option: its short letter when
 * it has one (a letter below 128, given as -X too), else a code from 256 up.
 * By convention 'h' is --help and 'V' is --version.
 */
enum fe_arg {
	FE_NO_ARG,	/* a switch */
	FE_ARG,		/* takes a value: one of values when values is not NULL */
	FE_ARG_FILE,	/* takes a file name */
	FE_ARG_LIST,	/* takes a comma-separated list of values (each one of values, once) */
	FE_ARG_NUMBER,	/* may take a number: "--auto=5", or "--auto 5" when the next word is digits */
};
/*
 * An entry is written with its first four fields in order and the others
 * by name:
 *	{ "at", O_AT, FE_ARG, NULL, .help = "the points after move N", .value_name = "N",
 *	  .text = "the points after move N of the log (0: the start; -1: before the last move)" },
 * --help shows it as "  -X, --name VALUE_NAME  text", the short letter
 * when id is one, and text wrapped to 80 columns.
 */
struct fe_opt {
	const char *name;		/* the long name, without the dashes */
	int id;
	enum fe_arg arg;
	const char *const *values;	/* the fixed values (NULL-terminated), or NULL */
	const char *help;		/* what it does, in a few words; NULL: an alias completion and --help leave out */
	const char *value_name;		/* its value as --help names it ("N", "FILE"); NULL for a switch */
	const char *text;		/* what --help says of it, when more than help */
	const char *group;		/* a heading --help prints before it, for the options from it on */
};

/* What a subcommand's (or a plain command's) operands are, for completion. */
enum fe_operands {
	FE_OPERANDS_NONE,
	FE_OPERANDS_FILES,	/* file names: completion prints "@file" */
	FE_OPERANDS_WORDS,	/* words of the command's own grammar: completion prints "@words" */
};

/*
 * A subcommand: its name, its usage line (what follows the program's name),
 * what it does (one paragraph, for --help), the ids of the options it takes
 * (0-terminated; the command's common options come on top), its operands
 * and its handler, called with the command's context and the operands.
 */
struct fe_sub {
	const char *name;
	const char *usage;
	const char *help;
	const int *opts;
	enum fe_operands operands;
	int (*run)(void *ctx, int argc, char **argv, struct cerr *e);
};

struct fe_cmd {
	const struct fe_opt *opts;	/* every option */
	const int *common;		/* ids every subcommand takes (0-terminated) */
	const struct fe_sub *subs;	/* NULL-name ended; NULL for a command without subcommands */
	enum fe_operands operands;	/* without subcommands: the operands */
	/*
	 * What --help prints around the options, and usage errors the usage
	 * lines of: usage (NULL-terminated; each what follows the program's
	 * name; NULL: the subcommands' usage lines), the description and an
	 * epilogue (NULL for none) after the options.  Texts are wrapped to
	 * 80 columns; a newline in them starts a line, two a paragraph.
	 */
	const char *const *usage;
	const char *description;
	const char *epilogue;
	/*
	 * For completion of an option whose values are known only at run time
	 * (values NULL, not a file): prints the candidates for cur with
	 * fe_candidate.  NULL when no option needs it.
	 */
	void (*values)(int id, const char *cur);
	/*
	 * For completion of the operands when they are FE_OPERANDS_WORDS: prints
	 * the candidates for cur (the operand being typed) itself, given the nw
	 * words w before it (options and their values included, as typed); NULL:
	 * "@words" is printed for the shell to complete them.
	 */
	void (*words)(int nw, char **w, const char *cur);
};

/* FE_OPT_END: the last entries of every option table: --help, --version and the end. */
#define FE_OPT_END \
	{ "help", 'h', FE_NO_ARG, NULL, .help = "show this help" }, \
	{ "version", 'V', FE_NO_ARG, NULL, .help = "show the version" }, { NULL, 0, FE_NO_ARG, NULL, .help = NULL }

/*
 * fe_next_option: getopt_long over c's option table.  Returns the next
 * option's id (optarg holds its value) or -1 when the options are done
 * (optind is then the first operand; options may follow operands, as with
 * getopt_long).  It answers --help (after a subcommand's name: that
 * subcommand's help) and --version itself, and reports an
 * unknown option ("unknown option '--x'") or a missing value ("option '--seed'
 * needs a value") as usage errors: then it returns FE_STOP with *status the
 * exit status.
 *
 * The hidden "--complete WORD..." (as git's and rbenv's), given as the first
 * argument, is answered on the first call, which then returns FE_STOP: the
 * words after it are a partial command line (the program's name left out;
 * the last word the one being completed, maybe empty) and the candidate
 * words are printed one a line: options (every option before a subcommand,
 * the subcommand's after it; aliases, whose help is NULL, and --complete
 * never), an option's fixed values (a list option's: the list with its last
 * element completed), values from c->values, subcommand names, or "@file" /
 * "@words" when the shell is to complete file names or the command's own
 * operand words.  Only candidates that begin with the last word are printed.
 */
#define FE_STOP (-2)
int fe_next_option(const struct fe_cmd *c, int argc, char **argv, int *status);

/* fe_opt_letter: 1 when the option o has a short letter (-X): its id is a letter below 128. */
int fe_opt_letter(const struct fe_opt *o);

/* fe_sub_find: the subcommand called name, or NULL. */
const struct fe_sub *fe_sub_find(const struct fe_cmd *c, const char *name);
/* fe_sub_takes: 1 when sub takes the option id (its own or a common one). */
int fe_sub_takes(const struct fe_cmd *c, const struct fe_sub *sub, int id);

/* fe_candidate: prints word on a line of its own when it begins with prefix (for fe_cmd.values). */
void fe_candidate(const char *word, const char *prefix);

/*
 * fe_colour_wanted: --color WHEN ("auto", "always", "never") against the
 * terminal, NO_COLOR and TERM=dumb ("always" overrides them).  1 for colour.
 */
int fe_colour_wanted(const char *when);
/*
 * fe_write_png: the SVG picture (len bytes) as a PNG in file ("-": standard output), drawn by
 * rsvg-convert (librsvg2-bin).  C_SYSTEM with a message when rsvg-convert is
 * missing, cannot start, or fails.
 */
int fe_write_png(const char *svg, size_t len, const char *file, struct cerr *e);
/*
 * fe_png_target: whether a picture may be written to file ("-": standard
 * output): not over the game being drawn (input, or stdin when input is
 * NULL or "-"), nor over an existing file that is not a PNG picture, unless
 * force.  C_OK, or C_USAGE saying why.
 */
int fe_png_target(const char *file, const char *input, int force, struct cerr *e);

/*
 * fe_pool_run: calls work(ctx, i) for every i below n on up to nthreads
 * threads (one: in the calling thread) and done(ctx, i) in the calling
 * thread for each i in order, as soon as work(ctx, i) has returned, so that
 * results come out in the order of the inputs.  work must touch only what
 * belongs to i.  C_SYSTEM when memory runs out before anything ran.
 */
int fe_pool_run(size_t n, int nthreads, void (*work)(void *ctx, size_t i),
		void (*done)(void *ctx, size_t i), void *ctx);

/*
 * A progress line on stderr for a terminal: fe_progress_start (on 0: every
 * call does nothing), fe_progress_show rewrites the line at most ten times a
 * second (or now, with force), fe_progress_clear blanks it before ordinary
 * output, fe_progress_seconds is the time since the start (never 0).
 * fe_progress_left: the time left at the pace so far, done of total
 * made ("12 s left", "3 min 05 s left", "2 h 10 min left"), in buf (n
 * bytes), which it returns.
 */
struct fe_progress {
	int on;
	struct timespec t0, last;
};
void fe_progress_start(struct fe_progress *pr, int on);
void fe_progress_show(struct fe_progress *pr, int force, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void fe_progress_clear(const struct fe_progress *pr);
double fe_progress_seconds(const struct fe_progress *pr);
const char *fe_progress_left(const struct fe_progress *pr, double done, double total, char *buf, size_t n);

/* fe_parse_long: a whole decimal string, maybe with a leading '-', to a number in [min, max]; 0 or -1. */
int fe_parse_long(const char *s, long min, long max, long *out);
/* fe_parse_u64: a whole decimal string to a number in [0, max]; 0 on success, -1 otherwise. */
int fe_parse_u64(const char *s, unsigned long long max, unsigned long long *out);

/*
 * fe_operand: the one FILE operand after the options (getopt's optind):
 * sets *path to it and steps over it when there is one (*path is left as
 * it is otherwise).  Returns the first argument left over after it, or
 * NULL when there is none.
 */
const char *fe_operand(int argc, char **argv, const char **path);

/*
 * fe_dice_args_text: dicegame-sheet's command-line words as move text
 * (malloc'd; NULL when out of memory).  An argument whose first word starts
 * a move (roll, reroll, keep, joker, build, end; gold when "on" follows)
 * begins a new move; any other argument continues the move before it, so
 * both "build R0 S3" and build R0 S3 as three words are one move.
 */
char *fe_dice_args_text(int argc, char *const *argv);

#endif
