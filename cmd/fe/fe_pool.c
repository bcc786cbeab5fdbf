/* fe_pool.c: work on many inputs at once with the results taken in input order, and a progress line. */
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "fe.h"

#define MAXTHREADS 256

struct pool {
	size_t n, next;
	unsigned char *finished;
	void (*work)(void *ctx, size_t i);
	void *ctx;
	pthread_mutex_t mu;
	pthread_cond_t cv;
};

static void *worker(void *arg)
{
	struct pool *p = arg;
	for (;;) {
		pthread_mutex_lock(&p->mu);
		size_t i = p->next++;
		pthread_mutex_unlock(&p->mu);
		if (i >= p->n)
			return NULL;
		p->work(p->ctx, i);
		pthread_mutex_lock(&p->mu);
		p->finished[i] = 1;
		pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
	}
}

int fe_pool_run(size_t n, int nthreads, void (*work)(void *ctx, size_t i),
		void (*done)(void *ctx, size_t i), void *ctx)
{
	struct pool p = { .n = n, .work = work, .ctx = ctx, .mu = PTHREAD_MUTEX_INITIALIZER,
			  .cv = PTHREAD_COND_INITIALIZER };
	pthread_t tid[MAXTHREADS];
	int started = 0;

	if ((size_t)nthreads > n)
		nthreads = (int)n;
	if (nthreads > MAXTHREADS)
		nthreads = MAXTHREADS;
	if (nthreads > 1 && !(p.finished = calloc(n, 1)))
		return C_SYSTEM;
	for (; nthreads > 1 && started < nthreads; started++)
		if (pthread_create(&tid[started], NULL, worker, &p) != 0)
			break;
	for (size_t i = 0; i < n; i++) {
		if (started == 0) {
			work(ctx, i);
		} else {
			pthread_mutex_lock(&p.mu);
			while (!p.finished[i])
				pthread_cond_wait(&p.cv, &p.mu);
			pthread_mutex_unlock(&p.mu);
		}
		done(ctx, i);
	}
	for (int t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
	free(p.finished);
	return C_OK;
}

static double seconds_since(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

void fe_progress_start(struct fe_progress *pr, int on)
{
	pr->on = on;
	clock_gettime(CLOCK_MONOTONIC, &pr->t0);
	pr->last = pr->t0;
}

double fe_progress_seconds(const struct fe_progress *pr)
{
	double s = seconds_since(&pr->t0);
	return s > 0 ? s : 1e-9;
}

void fe_progress_show(struct fe_progress *pr, int force, const char *fmt, ...)
{
	va_list ap;
	if (!pr->on || (!force && seconds_since(&pr->last) < 0.1))
		return;
	clock_gettime(CLOCK_MONOTONIC, &pr->last);
	fputs("\r\033[K", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fflush(stderr);
}

const char *fe_progress_left(const struct fe_progress *pr, double done, double total, char *buf, size_t n)
{
	double left = done > 0 && total > done ? fe_progress_seconds(pr) * (total - done) / done : 0;
	if (left < 60)
		snprintf(buf, n, "%.0f s left", left);
	else if (left < 3600)
		snprintf(buf, n, "%.0f min %02.0f s left", floor(left / 60), fmod(left, 60));
	else
		snprintf(buf, n, "%.0f h %02.0f min left", floor(left / 3600), floor(fmod(left, 3600) / 60));
	return buf;
}

void fe_progress_clear(const struct fe_progress *pr)
{
	if (pr->on) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
}
