/* fe.h: front-end helpers shared by the commands: messages, reading input, writing output safely. */
#ifndef CATAN_FE_H
#define CATAN_FE_H

#include <stddef.h>
#include <stdio.h>

#include "err.h"

/* Each command defines its name once: const char fe_progname[] = "catan-move"; */
extern const char fe_progname[];

/* fe_error: prints "progname: message" on stderr. */
void fe_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* fe_report: prints e's message with the program's prefix; returns e->code. */
int fe_report(const struct cerr *e);

/*
 * fe_read_stream, fe_read_path: the whole input into a NUL-terminated
 * malloc'd buffer (*buf, *len).  Input larger than FE_MAX_INPUT is refused
 * (C_INPUT); I/O errors give C_SYSTEM.  path "-" means stdin.
 */
#define FE_MAX_INPUT ((size_t)256 << 20)
int fe_read_stream(FILE *f, const char *name, char **buf, size_t *len, struct cerr *e);
int fe_read_path(const char *path, char **buf, size_t *len, struct cerr *e);

/* fe_write_stdout: writes len bytes to stdout; C_SYSTEM with a message on failure. */
int fe_write_stdout(const char *data, size_t len, struct cerr *e);
/* fe_close_stdout: flushes and closes stdout, so that a full disk or closed pipe is an error. */
int fe_close_stdout(struct cerr *e);

/*
 * In-place editing of a game file, safe against a second writer:
 * fe_lock_open opens path and takes an exclusive lock, re-opening if the
 * file was replaced while we waited, and reads it whole.  fe_replace
 * writes data to a temporary file in the same folder, fsyncs it and
 * renames it over path, keeping the file's mode.  fe_unlock closes the
 * lock descriptor.  The lock is held from read to rename.
 */
struct fe_locked {
	int fd;
	char *buf;
	size_t len;
};
int fe_lock_open(const char *path, struct fe_locked *lk, struct cerr *e);
int fe_replace(const char *path, const char *data, size_t len, struct cerr *e);
void fe_unlock(struct fe_locked *lk);

/*
 * The usual answers of a command's option loop:
 * fe_help prints the usage text on stdout and returns the exit status (0, or
 * C_SYSTEM when stdout fails); fe_version prints "NAME (catan-tools) VERSION"
 * likewise; fe_usage_error prints "NAME: message" (fmt with one string),
 * the short usage and the pointer to --help on stderr and returns C_USAGE;
 * fe_bad_option does the same for getopt_long's ':' (missing value) and
 * '?' (unknown option) results, the option being argv[optind - 1].
 */
int fe_help(const char *usage_text);
int fe_version(void);
int fe_usage_error(const char *usage_short, const char *fmt, const char *arg);
int fe_bad_option(int opt, char **argv, int optind_now, const char *usage_short);

/* fe_parse_u64: a whole decimal string to a number in [0, max]; 0 on success, -1 otherwise. */
int fe_parse_u64(const char *s, unsigned long long max, unsigned long long *out);

/*
 * FE_OPTIONS_END: the last entries of a program's getopt_long table:
 * --help ('h'), --version ('V') and the terminating zero entry.
 */
#define FE_OPTIONS_END \
	{ "help", no_argument, NULL, 'h' }, { "version", no_argument, NULL, 'V' }, { NULL, 0, NULL, 0 }

/*
 * fe_other_option: the end of a program's option switch: 'h' prints
 * usage_text (fe_help), 'V' the version (fe_version), anything else is a
 * bad option (fe_bad_option with usage_short).  Returns the exit status.
 */
int fe_other_option(int opt, char **argv, int optind_now, const char *usage_text,
		    const char *usage_short);

/*
 * fe_operand: the one FILE operand after the options (getopt's optind):
 * sets *path to it and steps over it when there is one (*path is left as
 * it is otherwise).  Returns the first argument left over after it, or
 * NULL when there is none.
 */
const char *fe_operand(int argc, char **argv, const char **path);

#endif
