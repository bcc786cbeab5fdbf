/* catan-validate: checks game states and records: the start, every logged move, the stored position. */
#include <dirent.h>
#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fe.h"
#include "doc/verdict.h"

const char fe_progname[] = "catan-validate";

/* The files to check, what was found in each, and the running totals. */
struct run {
	char **paths;		/* "-" for standard input */
	char **owned;		/* the paths made here, from folders' names: nowned of them */
	size_t nowned;
	struct verdict *v;
	double *secs;		/* each file's time */
	enum verdict_format fmt;
	int quiet, rc;		/* rc: C_SYSTEM once output failed */
	size_t nfiles, files, failed, moves;
	struct verdict_totals t;
	int worst;
	struct buf held;	/* JUnit's test cases, written after the totals */
	struct fe_progress pr;
	struct cerr e;
};

/* emit: writes out's text on stdout (emptying out); C_SYSTEM in r once output fails. */
static void emit(struct run *r, struct buf *out)
{
	char *text;
	size_t len;
	if (buf_finish(out, &text, &len, &r->e) != C_OK) {
		r->rc = C_SYSTEM;
		return;
	}
	if (r->rc == C_OK && len && (fe_write_stdout(text, len, &r->e) != C_OK || fe_flush_stdout(&r->e) != C_OK))
		r->rc = C_SYSTEM;
	free(text);
}

/* progress: the line on a terminal: files done and failed, and the rates so far. */
static void progress(struct run *r, int force)
{
	double t = fe_progress_seconds(&r->pr);
	fe_progress_show(&r->pr, force, "%zu/%zu files, %zu failed, %.0f files/s, %.0f moves/s", r->files,
			 r->nfiles, r->failed, (double)r->files / t, (double)r->moves / t);
}

/* check: reads, parses and replays file i (in a worker thread). */
static void check(void *ctx, size_t i)
{
	struct run *r = ctx;
	struct cerr e = { 0 };
	char *buf = NULL;
	size_t len;

	const char *name;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (fe_read_input(r->paths[i], &buf, &len, &name, &e) == C_OK) {
		verdict_check(buf, len, &r->v[i]);
	} else {
		/* The report names the input itself: the message says it once. */
		size_t n = strlen(name);
		if (strncmp(e.msg, name, n) == 0 && strncmp(e.msg + n, ": ", 2) == 0)
			memmove(e.msg, e.msg + n + 2, strlen(e.msg + n + 2) + 1);
		verdict_failed(&r->v[i], &e);
	}
	free(buf);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	r->secs[i] = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
}

/* report: file i's line and the progress line, in input order. */
static void report(void *ctx, size_t i)
{
	struct run *r = ctx;
	struct verdict *v = &r->v[i];

	r->files++;
	r->moves += v->moves;
	r->failed += v->status != C_OK;
	r->t.failed += v->status == C_ILLEGAL;
	r->t.errors += v->status != C_OK && v->status != C_ILLEGAL;
	r->worst = v->status > r->worst ? v->status : r->worst;
	/* Quiet leaves out the files that pass where the form allows it: TAP and JUnit count every file. */
	int quiet = r->quiet && (r->fmt == VERDICT_TEXT || r->fmt == VERDICT_JSON);
	if ((!quiet || v->status != C_OK) && r->rc == C_OK) {
		struct buf out = { 0 };
		const char *name = strcmp(r->paths[i], "-") == 0 ? NULL : r->paths[i];
		verdict_report(v, name, r->fmt, i + 1, r->secs[i], r->fmt == VERDICT_JUNIT ? &r->held : &out);
		if (out.len) {
			fe_progress_clear(&r->pr);
			emit(r, &out);
		}
		buf_free(&out);
	}
	verdict_free(v);
	progress(r, 0);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* own: keeps path (malloc'd, or NULL when memory ran out) in r's list; C_OK or C_SYSTEM. */
static int own(struct run *r, char *path, struct cerr *e)
{
	char **more = path ? realloc(r->owned, (r->nowned + 1) * sizeof *more) : NULL;
	if (!more) {
		free(path);
		return cerr_set(e, C_SYSTEM, "out of memory");
	}
	r->owned = more;
	r->owned[r->nowned++] = path;
	return C_OK;
}

/*
 * folder_files: the *.json files of folder dir (not hidden ones, nor folders;
 * not those of its subfolders), as paths dir/NAME in byte order of their names,
 * appended to r->owned.  C_OK; C_USAGE when there is none, C_SYSTEM when the
 * folder cannot be read or memory runs out.
 */
static int folder_files(struct run *r, const char *dir, struct cerr *e)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t first = r->nowned, dlen = strlen(dir);
	int rc = C_OK;
	const char *sep = dlen && dir[dlen - 1] == '/' ? "" : "/";

	if (!d)
		return cerr_set(e, C_SYSTEM, "%s: cannot read the folder: %s", dir, strerror(errno));
	errno = 0;
	while (rc == C_OK && (de = readdir(d))) {
		size_t n = strlen(de->d_name);
		struct stat st;
		if (de->d_name[0] == '.' || n <= 5 || strcmp(de->d_name + n - 5, ".json") != 0)
			continue;
		char *path = malloc(dlen + n + 2);
		if (path)
			sprintf(path, "%s%s%s", dir, sep, de->d_name);
		/* A file that cannot be looked at is kept: reading it says why. */
		if (path && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
			free(path);
			continue;
		}
		rc = own(r, path, e);
		errno = 0;
	}
	if (rc == C_OK && errno)
		rc = cerr_set(e, C_SYSTEM, "%s: cannot read the folder: %s", dir, strerror(errno));
	closedir(d);
	if (rc == C_OK && r->nowned == first)
		rc = cerr_set(e, C_USAGE, "'%s': a folder with no *.json file in it", dir);
	if (rc == C_OK)
		qsort(r->owned + first, r->nowned - first, sizeof *r->owned, by_name);
	return rc;
}

/* operands: the files to check: each of args as given, or for a folder its *.json files. */
static int operands(struct run *r, int n, char **args, struct cerr *e)
{
	int rc = C_OK;
	for (int i = 0; i < n && rc == C_OK; i++) {
		struct stat st;
		if (strcmp(args[i], "-") != 0 && stat(args[i], &st) == 0 && S_ISDIR(st.st_mode))
			rc = folder_files(r, args[i], e);
		else
			rc = own(r, strdup(args[i]), e);
	}
	r->paths = r->owned;
	r->nfiles = r->nowned;
	return rc;
}

enum { O_JOBS = 'j', O_QUIET = 'q', O_JSON = 256, O_FORMAT };

static const struct fe_opt options[] = {
	{ "jobs", O_JOBS, FE_ARG, NULL, .help = "check N files at once", .value_name = "N",
	  .text = "check N files at once (default: the number of processors)" },
	{ "quiet", O_QUIET, FE_NO_ARG, NULL, .help = "print only the failures",
	  .text = "print only the failures (and no progress line)" },
	{ "format", O_FORMAT, FE_ARG, verdict_format_names, .help = "the report's form", .value_name = "FORM",
	  .text = "the report's form: text (one line per file), json (one object per file: file, ok, status, "
		  "moves_checked, error), junit (JUnit XML), github (GitHub Actions annotations of the failures), "
		  "tap (TAP version 14)" },
	{ "json", O_JSON, FE_NO_ARG, NULL, .help = "the same as --format json" },
	FE_OPT_END,
};

static const char *const usage[] = { "[-j N] [-q] [--format FORM] [FILE...]", NULL };

static const struct fe_cmd command = {
	.opts = options, .operands = FE_OPERANDS_FILES, .usage = usage,
	.description = "Checks each game (catan-state(5)), or standard input when no FILE is given: the document, "
		"its start, every move of its log replayed through the rules, and the stored position against the "
		"replay.  One line per file; the first fault of each.  A FILE that is a folder stands for its "
		"*.json files, in the order of their names (not those of its subfolders).",
	.epilogue = "Exit status: 0 all pass, 1 a game is illegal, 2 a folder holds no *.json file, 3 a file is "
		"not a game, 4 a file cannot be read; when files differ, the highest.",
};

int main(int argc, char **argv)
{
	static char *stdin_only[] = { "-" };
	struct run r = { .paths = stdin_only, .nfiles = 1 };
	int opt, rc;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	int jobs = cores < 1 ? 1 : cores > 256 ? 256 : (int)cores;
	unsigned long long v;

#ifdef M_TOP_PAD
	/*
	 * The heap keeps a megabyte past what is in use: without it, the C
	 * library gives back the memory each file freed and the next file
	 * faults it in again (1,382 page faults for 200 games of 640 moves,
	 * a tenth of the time; 96 with it).
	 */
	mallopt(M_TOP_PAD, 1 << 20);
#endif
	while ((opt = fe_next_option(&command, argc, argv, &rc)) != -1) {
		switch (opt) {
		case FE_STOP:
			return rc;
		case O_JOBS:
			if (fe_parse_u64(optarg, 256, &v) || v < 1)
				return fe_usagef(&command, "--jobs: '%s' is not a number from 1 to 256",
						 optarg);
			jobs = (int)v;
			break;
		case O_QUIET:
			r.quiet = 1;
			break;
		case O_JSON:
			r.fmt = VERDICT_JSON;
			break;
		case O_FORMAT:
			for (v = 0; verdict_format_names[v] && strcmp(verdict_format_names[v], optarg) != 0; v++)
				;
			if (!verdict_format_names[v])
				return fe_usagef(&command, "--format: '%s' is not text, json, junit, github or tap",
						 optarg);
			r.fmt = (enum verdict_format)v;
			break;
		}
	}

	if (optind < argc && (rc = operands(&r, argc - optind, argv + optind, &r.e))) {
		if (rc == C_USAGE)
			fe_usagef(&command, "%s", r.e.msg);
		else
			fe_report(&r.e);
		goto out;
	}
	fe_progress_start(&r.pr, !r.quiet && isatty(STDERR_FILENO));
	char stamp[32], host[256] = "";
	time_t now = time(NULL);
	struct tm tm;
	strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", gmtime_r(&now, &tm));
	if (gethostname(host, sizeof host) != 0)
		host[0] = '\0';
	host[sizeof host - 1] = '\0';
	r.t = (struct verdict_totals){ .files = r.nfiles, .timestamp = stamp, .hostname = host };
	struct buf out = { 0 };
	if (r.fmt != VERDICT_JUNIT) {
		verdict_head(r.fmt, &r.t, &out);
		emit(&r, &out);
	}
	if (!(r.v = calloc(r.nfiles, sizeof *r.v)) || !(r.secs = calloc(r.nfiles, sizeof *r.secs)) ||
	    fe_pool_run(r.nfiles, jobs, check, report, &r) != C_OK)
		r.rc = cerr_set(&r.e, C_SYSTEM, "out of memory");
	/* The last progress line stays as the summary. */
	progress(&r, 1);
	if (r.pr.on)
		fputc('\n', stderr);
	r.t.files = r.files;
	r.t.moves = r.moves;
	r.t.seconds = fe_progress_seconds(&r.pr);
	if (r.rc == C_OK && r.files == r.nfiles) {
		if (r.fmt == VERDICT_JUNIT) {
			verdict_head(r.fmt, &r.t, &out);
			buf_add(&out, r.held.p ? r.held.p : "", r.held.len);
			if (r.held.failed)
				out.failed = 1;
		}
		verdict_tail(r.fmt, &r.t, &out);
		emit(&r, &out);
	}
	buf_free(&out);
	buf_free(&r.held);
	if (r.rc == C_OK && fe_close_stdout(&r.e) != C_OK)
		r.rc = C_SYSTEM;
	if (r.rc != C_OK)
		fe_report(&r.e);
	rc = r.rc != C_OK ? r.rc : r.worst;
out:
	for (size_t i = 0; i < r.nowned; i++)
		free(r.owned[i]);
	free(r.owned);
	free(r.v);
	free(r.secs);
	return rc;
}
