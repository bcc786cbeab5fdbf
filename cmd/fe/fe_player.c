/* fe_player.c: a program that plays a seat: spawned with a socket for its stdin and stdout, every wait bounded. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fe_player.h"

extern char **environ;

/* Whether the program's end is seen writing to it or reading from it is a race: one message for both. */
#define EXIT_DETAIL "the program ended, or closed its input or output"

/* How long a program told the game is over has to exit before it is killed. */
#define GRACE_MS 500

static int failed(char *why, char *detail, const char *w, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int failed(char *why, char *detail, const char *w, const char *fmt, ...)
{
	va_list ap;
	snprintf(why, MATCH_WHY, "%s", w);
	va_start(ap, fmt);
	vsnprintf(detail, MATCH_DETAIL, fmt, ap);
	va_end(ap);
	return -1;
}

static long long now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

int fe_player_start(struct fe_player *p, char why[MATCH_WHY], char detail[MATCH_DETAIL])
{
	int sv[2], rc;
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	char *argv[] = { "sh", "-c", (char *)p->cmd, NULL };
	sigset_t def;

	p->pid = 0;
	p->fd = -1;
	p->have = 0;
	/* Close-on-exec: a program started by another thread must not hold this one's socket. */
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
		return failed(why, detail, "start", "cannot make a socket: %s", strerror(errno));
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, sv[1], 0);
	posix_spawn_file_actions_adddup2(&fa, sv[1], 1);
	posix_spawnattr_init(&at);
	sigemptyset(&def);
	sigaddset(&def, SIGPIPE);
	posix_spawnattr_setsigdefault(&at, &def);
	posix_spawnattr_setpgroup(&at, 0);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF);
	rc = posix_spawn(&p->pid, "/bin/sh", &fa, &at, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	close(sv[1]);
	if (rc) {
		close(sv[0]);
		p->pid = 0;
		return failed(why, detail, "start", "cannot start /bin/sh: %s", strerror(rc));
	}
	p->fd = sv[0];
	return 0;
}

int fe_player_send(struct fe_player *p, const char *text, size_t len, int ms, char why[MATCH_WHY],
		   char detail[MATCH_DETAIL])
{
	long long end = now_ms() + ms;
	while (len > 0) {
		struct pollfd pf = { .fd = p->fd, .events = POLLOUT };
		long long left = end - now_ms();
		if (left < 0 || poll(&pf, 1, (int)left) == 0)
			return failed(why, detail, "timeout", "%s", "the program did not read its input in time");
		ssize_t k = send(p->fd, text, len, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (k < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (k < 0)
			return failed(why, detail, "exit", "%s", EXIT_DETAIL);
		text += k;
		len -= (size_t)k;
	}
	return 0;
}

int fe_player_recv(struct fe_player *p, char *line, size_t n, int ms, char why[MATCH_WHY],
		   char detail[MATCH_DETAIL])
{
	long long end = now_ms() + ms;
	for (;;) {
		char *nl = memchr(p->buf, '\n', p->have);
		/* A NUL would cut the line short as a C string: refused at once, not taken for what precedes it. */
		char *nul = memchr(p->buf, '\0', nl ? (size_t)(nl - p->buf) : p->have);
		if (nul)
			return failed(why, detail, "nul", "%s", "an answer with a NUL byte");
		if (nl) {
			size_t k = (size_t)(nl - p->buf);
			if (k >= n)
				return failed(why, detail, "long", "%s", "an answer longer than a move can be");
			memcpy(line, p->buf, k);
			line[k] = '\0';
			memmove(p->buf, nl + 1, p->have - k - 1);
			p->have -= k + 1;
			return 0;
		}
		if (p->have >= n || p->have == sizeof p->buf)
			return failed(why, detail, "long", "%s", "an answer longer than a move can be");
		struct pollfd pf = { .fd = p->fd, .events = POLLIN };
		long long left = end - now_ms();
		if (left < 0 || poll(&pf, 1, (int)left) == 0)
			return failed(why, detail, "timeout", "%s", "no answer in the time for a move");
		ssize_t k = recv(p->fd, p->buf + p->have, sizeof p->buf - p->have, MSG_DONTWAIT);
		if (k < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (k <= 0)
			return failed(why, detail, "exit", "%s", EXIT_DETAIL);
		p->have += (size_t)k;
	}
}

void fe_player_stop(struct fe_player *p)
{
	siginfo_t si;
	if (p->fd >= 0) {
		shutdown(p->fd, SHUT_WR);
		close(p->fd);
		p->fd = -1;
	}
	if (p->pid <= 0)
		return;
	/* Waited for without reaping, so that its process group cannot be another's when it is killed. */
	long long end = now_ms() + GRACE_MS;
	for (;;) {
		memset(&si, 0, sizeof si);
		if (waitid(P_PID, (id_t)p->pid, &si, WEXITED | WNOHANG | WNOWAIT) != 0 || si.si_pid != 0 ||
		    now_ms() >= end)
			break;
		struct timespec t = { 0, 5 * 1000000 };
		nanosleep(&t, NULL);
	}
	kill(-p->pid, SIGKILL);
	while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
		;
	p->pid = 0;
}
