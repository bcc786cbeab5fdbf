/* fe_out.c: output beyond JSON: whether to colour a terminal, and PNG pictures through rsvg-convert. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fe.h"

int fe_colour_wanted(const char *when)
{
	if (strcmp(when, "always") == 0)
		return 1;
	if (strcmp(when, "never") == 0)
		return 0;
	const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
	return isatty(STDOUT_FILENO) && !(nc && *nc) && !(term && strcmp(term, "dumb") == 0);
}

/* in_path: 1 when an executable named prog is found in $PATH. */
static int in_path(const char *prog)
{
	const char *path = getenv("PATH");
	char buf[4096];
	while (path && *path) {
		size_t n = strcspn(path, ":");
		if (n && n + strlen(prog) + 2 < sizeof buf) {
			snprintf(buf, sizeof buf, "%.*s/%s", (int)n, path, prog);
			if (access(buf, X_OK) == 0)
				return 1;
		}
		path += n + (path[n] == ':');
	}
	return 0;
}

int fe_png_target(const char *file, const char *input, int force, struct cerr *e)
{
	static const unsigned char magic[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	struct stat out, in;
	unsigned char head[8];

	if (strcmp(file, "-") == 0 || stat(file, &out) != 0 || force)
		return C_OK;
	int same = (input && strcmp(input, "-") != 0 && stat(input, &in) == 0) ||
		   ((!input || strcmp(input, "-") == 0) && fstat(STDIN_FILENO, &in) == 0);
	if (same && in.st_dev == out.st_dev && in.st_ino == out.st_ino)
		return cerr_set(e, C_USAGE, "--png: '%s' is the game being drawn: the picture would replace it",
				file);
	FILE *f = fopen(file, "rb");
	size_t n = f ? fread(head, 1, sizeof head, f) : 0;
	if (f)
		fclose(f);
	if (n != sizeof head || memcmp(head, magic, sizeof magic) != 0)
		return cerr_set(e, C_USAGE, "--png: '%s' exists and is not a PNG picture (--force replaces it)",
				file);
	return C_OK;
}

int fe_write_png(const char *svg, size_t len, const char *file, struct cerr *e)
{
	int fd[2], status;
	pid_t pid;

	if (!in_path("rsvg-convert"))
		return cerr_set(e, C_SYSTEM, "--png needs rsvg-convert, which is not installed "
			       "(Debian package librsvg2-bin; or use --svg)");
	if (pipe(fd) < 0 || (pid = fork()) < 0)
		return cerr_set(e, C_SYSTEM, "cannot start rsvg-convert: %s", strerror(errno));
	if (pid == 0) {
		dup2(fd[0], STDIN_FILENO);
		close(fd[0]);
		close(fd[1]);
		if (strcmp(file, "-") == 0)
			execlp("rsvg-convert", "rsvg-convert", "-f", "png", (char *)NULL);
		else
			execlp("rsvg-convert", "rsvg-convert", "-f", "png", "-o", file, (char *)NULL);
		_exit(127);
	}
	close(fd[0]);
	signal(SIGPIPE, SIG_IGN);
	int failed = 0;
	for (size_t off = 0; off < len && !failed;) {
		ssize_t w = write(fd[1], svg + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			failed = 1;
		else
			off += (size_t)w;
	}
	close(fd[1]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return cerr_set(e, C_SYSTEM, "rsvg-convert: %s", strerror(errno));
	if (failed || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return cerr_set(e, C_SYSTEM, "rsvg-convert could not write '%s'", file);
	return C_OK;
}
