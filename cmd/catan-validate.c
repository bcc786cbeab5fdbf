/* catan-validate: checks game states and records: the start, every logged move, the stored position. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "fe.h"
#include "names.h"
#include "verdict.h"

const char fe_progname[] = "catan-validate";

static const char usage_short[] = "usage: catan-validate [-j N] [-q] [--json] [FILE...]\n";

static const char usage_text[] =
	"usage: catan-validate [-j N] [-q] [--json] [FILE...]\n"
	"\n"
	"Checks each game (catan-state(5)), or standard input when no FILE is given: the\n"
	"document, its start, every move of its log replayed through the rules, and the\n"
	"stored position against the replay.  One line per file; the first fault of each.\n"
	"\n"
	"  -j, --jobs N   check N files at once (default: the number of processors)\n"
	"  -q, --quiet    print only the failures (and no progress line)\n"
	"      --json     one JSON object per file: file, ok, status, moves_checked, error\n"
	"  -h, --help     show this help\n"
	"  -V, --version  show the version\n"
	"\n"
	"Exit status: 0 all pass, 1 a game is illegal, 3 a file is not a game, 4 a file\n"
	"cannot be read; when files differ, the highest.\n";

/* One file to check and, once done, what was found. */
struct job {
	const char *path;	/* "-" for standard input */
	struct verdict v;	/* what was found */
	int done;
};

/* The work shared by the checking threads and the printing main thread. */
struct pool {
	struct job *jobs;
	size_t njobs, next;
	pthread_mutex_t mu;
	pthread_cond_t cv;
};

/* check: reads, parses and replays one file, filling j (everything but done). */
static void check(struct job *j)
{
	struct cerr e = { 0 };
	char *buf = NULL;
	size_t len;

	if (fe_read_path(j->path, &buf, &len, &e) == C_OK)
		verdict_check(buf, len, &j->v);
	else
		verdict_failed(&j->v, &e);
	free(buf);
}

static void *worker(void *arg)
{
	struct pool *p = arg;
	for (;;) {
		pthread_mutex_lock(&p->mu);
		size_t i = p->next++;
		pthread_mutex_unlock(&p->mu);
		if (i >= p->njobs)
			return NULL;
		check(&p->jobs[i]);
		pthread_mutex_lock(&p->mu);
		p->jobs[i].done = 1;
		pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
	}
}

static const char *display_name(const struct job *j)
{
	return strcmp(j->path, "-") == 0 ? "stdin" : j->path;
}

/* A JSON string of s; a file name need not be UTF-8, and then its bytes above 127 become '?'. */
static json_t *text_value(const char *s)
{
	json_t *v = json_string(s);
	char *t = v ? NULL : strdup(s);
	if (t) {
		for (char *c = t; *c; c++)
			if ((unsigned char)*c > 127)
				*c = '?';
		v = json_string(t);
		free(t);
	}
	return v;
}

/* report: one file's line (text or JSON) on stdout; C_SYSTEM when memory runs out. */
static int report(const struct job *j, int json, int quiet)
{
	if (quiet && j->v.status == C_OK)
		return C_OK;
	if (!json) {
		if (j->v.status == C_OK)
			printf("%s: ok, %zu move%s\n", display_name(j), j->v.moves,
			       j->v.moves == 1 ? "" : "s");
		else if (j->v.index)
			printf("%s: move %zu '%s': %s\n", display_name(j), j->v.index, j->v.move, j->v.msg);
		else
			printf("%s: %s\n", display_name(j), j->v.msg ? j->v.msg : "out of memory");
		return C_OK;
	}
	json_t *err = json_null();
	if (j->v.status != C_OK)
		err = json_pack("{s:o,s:o,s:o}", "index",
				j->v.index ? json_integer((json_int_t)j->v.index) : json_null(), "move",
				j->v.move ? json_string(j->v.move) : json_null(), "message",
				text_value(j->v.msg ? j->v.msg : "out of memory"));
	json_t *o = err ? json_pack("{s:o,s:b,s:i,s:I,s:o}", "file", text_value(display_name(j)),
				    "ok", j->v.status == C_OK, "status", j->v.status, "moves_checked",
				    (json_int_t)j->v.moves, "error", err)
			: NULL;
	char *text = o ? json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENSURE_ASCII) : NULL;
	json_decref(o);
	if (!text)
		return C_SYSTEM;
	puts(text);
	free(text);
	return C_OK;
}

/* The progress line on a terminal: files done and failed, and the rates so far. */
struct progress {
	int on;
	struct timespec t0, last;
	size_t files, failed, moves;
};

static double seconds_since(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

static void progress_show(struct progress *pr, size_t total, int force)
{
	if (!pr->on || (!force && seconds_since(&pr->last) < 0.1))
		return;
	clock_gettime(CLOCK_MONOTONIC, &pr->last);
	double s = seconds_since(&pr->t0);
	if (s <= 0)
		s = 1e-9;
	fprintf(stderr, "\r\033[K%zu/%zu files, %zu failed, %.0f files/s, %.0f moves/s", pr->files,
		total, pr->failed, (double)pr->files / s, (double)pr->moves / s);
	fflush(stderr);
}

static void progress_clear(const struct progress *pr)
{
	if (pr->on) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
}

/* run: checks every job with nthreads threads, printing in input order; returns the highest status. */
static int run(struct pool *p, int nthreads, int json, int quiet, struct progress *pr,
	       struct cerr *e)
{
	pthread_t tid[256];
	int started = 0, worst = C_OK, rc = C_OK;

	if ((size_t)nthreads > p->njobs)
		nthreads = (int)p->njobs;
	for (; nthreads > 1 && started < nthreads; started++)
		if (pthread_create(&tid[started], NULL, worker, p) != 0)
			break;
	for (size_t i = 0; i < p->njobs; i++) {
		struct job *j = &p->jobs[i];
		if (started == 0) {
			check(j);
		} else {
			pthread_mutex_lock(&p->mu);
			while (!j->done)
				pthread_cond_wait(&p->cv, &p->mu);
			pthread_mutex_unlock(&p->mu);
		}
		pr->files++;
		pr->moves += j->v.moves;
		pr->failed += j->v.status != C_OK;
		if (j->v.status > worst)
			worst = j->v.status;
		if (!quiet || j->v.status != C_OK) {
			progress_clear(pr);
			if (rc == C_OK && (rc = report(j, json, quiet)) != C_OK)
				cerr_set(e, C_SYSTEM, "out of memory");
			fflush(stdout);
		}
		progress_show(pr, p->njobs, 0);
		verdict_free(&j->v);
	}
	for (int t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
	/* The last progress line stays as the summary. */
	progress_show(pr, p->njobs, 1);
	if (pr->on)
		fputc('\n', stderr);
	return rc != C_OK ? rc : worst;
}

enum { O_JOBS = 'j', O_QUIET = 'q', O_JSON = 256 };

static const struct fe_opt options[] = {
	{ "jobs", O_JOBS, FE_ARG, NULL, "check N files at once" },
	{ "quiet", O_QUIET, FE_NO_ARG, NULL, "print only the failures" },
	{ "json", O_JSON, FE_NO_ARG, NULL, "one JSON object per file" },
	FE_OPT_END,
};

static const struct fe_cmd command = {
	.opts = options, .operands = FE_OPERANDS_FILES, .usage_short = usage_short, .usage_text = usage_text,
};

int main(int argc, char **argv)
{
	static char *stdin_only[] = { "-" };
	struct pool p = { .mu = PTHREAD_MUTEX_INITIALIZER, .cv = PTHREAD_COND_INITIALIZER };
	struct progress pr = { 0 };
	struct cerr e = { 0 };
	int json = 0, quiet = 0, opt, rc;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	int jobs = cores < 1 ? 1 : cores > 256 ? 256 : (int)cores;
	unsigned long long v;

	if (fe_complete(&command, argc, argv, &rc))
		return rc;
	while ((opt = fe_next_option(&command, argc, argv, &rc)) != -1) {
		switch (opt) {
		case FE_STOP:
			return rc;
		case O_JOBS:
			if (fe_parse_u64(optarg, 256, &v) || v < 1)
				return fe_usagef(usage_short, "--jobs: '%s' is not a number from 1 to 256",
						 optarg);
			jobs = (int)v;
			break;
		case O_QUIET:
			quiet = 1;
			break;
		case O_JSON:
			json = 1;
			break;
		}
	}

	char **paths = optind < argc ? argv + optind : stdin_only;
	p.njobs = optind < argc ? (size_t)(argc - optind) : 1;
	p.jobs = calloc(p.njobs, sizeof *p.jobs);
	if (!p.jobs) {
		rc = cerr_set(&e, C_SYSTEM, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < p.njobs; i++)
		p.jobs[i].path = paths[i];
	pr.on = !quiet && isatty(STDERR_FILENO);
	clock_gettime(CLOCK_MONOTONIC, &pr.t0);
	pr.last = pr.t0;
	rc = run(&p, jobs, json, quiet, &pr, &e);
	if (e.code == C_OK && fe_close_stdout(&e) != C_OK)
		rc = C_SYSTEM;
out:
	if (e.code != C_OK)
		fe_report(&e);
	free(p.jobs);
	return rc;
}
