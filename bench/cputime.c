/* cputime: runs a command and prints the processor time it used (user + system, in ns), its wall time and its most memory. */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/*
 * cputime CMD [ARG...]: the command's output is its own; on standard error,
 * after it, one line "CPU-NS WALL-NS MAXRSS-KB" (the most memory the
 * command held at once, in kilobytes).  Processor time does not count the
 * time a busy machine spends running others, so it measures one program
 * against another better than the wall clock; with threads it is their sum.
 * Exits 1 when the command fails.
 */
int main(int argc, char **argv)
{
	struct timespec t0, t1;
	struct rusage ru;
	int status;

	if (argc < 2) {
		fprintf(stderr, "usage: cputime CMD [ARG...]\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid_t pid = fork();
	if (pid == 0) {
		execvp(argv[1], argv + 1);
		perror(argv[1]);
		_exit(127);
	}
	if (pid < 0 || wait4(pid, &status, 0, &ru) < 0) {
		perror("cputime");
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	long long cpu = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000LL +
			(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1000LL;
	long long wall = (t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
	fprintf(stderr, "%lld %lld %ld\n", cpu, wall, ru.ru_maxrss);
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
