/* percall.c: the wall time of whole program runs, several commands taking turns, for fair ratios. */
#include <fcntl.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double wall(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* One run of argv with stdin from path and stdout to /dev/null: its wall time, or -1. */
static double run(char **argv, const char *path)
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int status;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, path, O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	double t0 = wall();
	int ok = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ) == 0 &&
		 waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
	double t = wall() - t0;
	posix_spawn_file_actions_destroy(&fa);
	return ok ? t : -1;
}

/*
 * percall N FILE LABEL -- CMD [ARG...] [-- LABEL -- CMD [ARG...]]...: runs each
 * command N times, taking turns in a shuffled order each round (so that
 * the machine's drift, and what one run leaves to the next, fall on all
 * alike), stdin from FILE, and prints each one's median and lowest wall
 * time per run, and its median as a multiple of the first command's.
 */
int main(int argc, char **argv)
{
	char **cmd[16], *label[16];
	int ncmd = 0, n = argc > 2 ? atoi(argv[1]) : 0;

	for (int i = 3; i + 2 < argc && ncmd < 16;) {
		label[ncmd] = argv[i];
		cmd[ncmd++] = &argv[i + 2];
		int j = i + 2;
		while (j < argc && strcmp(argv[j], "--") != 0)
			j++;
		if (j < argc)
			argv[j] = NULL;
		i = j + 1;
	}
	if (n <= 0 || ncmd == 0) {
		fputs("usage: percall N FILE LABEL -- CMD [ARG...] [-- LABEL -- CMD [ARG...]]...\n", stderr);
		return 2;
	}
	double *t = malloc(sizeof *t * (size_t)(n * ncmd)), base = 0;
	/*
	 * Each round in an order of its own, shuffled: a run right after
	 * another program (the floor, dynamically linked) is slower by what
	 * that one left behind, about 0.05 ms here, so no command may always
	 * follow the same one (a rotation of one order would keep them in
	 * pairs).
	 */
	uint64_t seed = 0x9e3779b97f4a7c15u;
	int order[16];
	for (int c = 0; c < ncmd; c++)
		order[c] = c;
	for (int k = 0; k < n; k++) {
		for (int i = ncmd - 1; i > 0; i--) {
			seed = seed * 6364136223846793005u + 1442695040888963407u;
			int j = (int)((seed >> 33) % (uint64_t)(i + 1)), x = order[i];
			order[i] = order[j];
			order[j] = x;
		}
		for (int i = 0; i < ncmd; i++) {
			int c = order[i];
			if ((t[c * n + k] = run(cmd[c], argv[2])) < 0) {
				fprintf(stderr, "percall: '%s' failed\n", cmd[c][0]);
				return 1;
			}
		}
	}
	for (int c = 0; c < ncmd; c++) {
		qsort(t + c * n, (size_t)n, sizeof *t, cmp_double);
		double med = t[c * n + n / 2];
		if (c == 0)
			base = med;
		printf("%-28s median %7.3f ms  lowest %7.3f ms  %5.2fx\n", label[c], med * 1e3,
		       t[c * n] * 1e3, med / base);
	}
	free(t);
	return 0;
}
