/*
 * fe_inplace.c: in-place editing of a game file, safe against a second
 * writer, a crash and a symbolic link.  The file is locked (flock) from the
 * read to the rename; the new text is written into an unnamed file in the
 * same folder (O_TMPFILE), given the old file's mode and owner, synced,
 * linked under a fixed hidden name and renamed over the file.  A crash
 * leaves at most that one hidden file, which the next writer (holding the
 * lock, so sure it is abandoned) removes.
 */
#define _GNU_SOURCE	/* O_TMPFILE, linkat through /proc/self/fd */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fe.h"

int fe_lock_open(const char *path, struct fe_locked *lk, struct cerr *e)
{
	lk->fd = -1;
	lk->buf = NULL;
	lk->len = 0;
	/* Through a symbolic link the file it points to is edited, so that every name sees one game. */
	if (!(lk->path = realpath(path, NULL)))
		return cerr_set(e, C_SYSTEM, "%s: cannot open: %s", path, strerror(errno));
	for (;;) {
		struct stat a, b;
		int fd = open(lk->path, O_RDWR);
		if (fd < 0)
			break;
		if (flock(fd, LOCK_EX) != 0) {
			int err = errno;
			close(fd);
			errno = err;
			break;
		}
		/* Another writer may have renamed a new file over the path while we
		 * waited; then our descriptor holds the old file: start again. */
		if (fstat(fd, &a) != 0 || stat(lk->path, &b) != 0 || a.st_ino != b.st_ino ||
		    a.st_dev != b.st_dev) {
			close(fd);
			continue;
		}
		FILE *f = fdopen(dup(fd), "rb");
		if (!f) {
			int err = errno;
			close(fd);
			errno = err;
			break;
		}
		int rc = fe_read_stream(f, path, &lk->buf, &lk->len, e);
		fclose(f);
		if (rc != C_OK) {
			close(fd);
			fe_unlock(lk);
			return rc;
		}
		lk->fd = fd;
		return C_OK;
	}
	int err = errno;
	fe_unlock(lk);
	return cerr_set(e, C_SYSTEM, "%s: cannot open: %s", path, strerror(err));
}

/*
 * The paths fe_replace works with, from the file's own path (absolute, as
 * realpath gives it): its folder with the final slash, its name, and the
 * hidden name the new file takes just before the rename, FOLDER/.NAME.new
 */
struct names {
	char dir[PATH_MAX], hidden[PATH_MAX + 8];
	const char *base;
};

static int names_of(const char *path, struct names *n)
{
	const char *slash = strrchr(path, '/');
	if (!slash || (size_t)(slash - path) + 1 >= sizeof n->dir)
		return -1;
	snprintf(n->dir, sizeof n->dir, "%.*s", (int)(slash - path) + 1, path);
	n->base = slash + 1;
	snprintf(n->hidden, sizeof n->hidden, "%s.%s.new", n->dir, n->base);
	return 0;
}

/*
 * remove_stale: what a writer killed under the lock left: the hidden new
 * file, and the temporary files "NAME.tmpXXXXXX" of earlier versions.  The
 * caller holds the lock, so nobody is writing them.
 */
static void remove_stale(const struct names *n)
{
	size_t len = strlen(n->base);
	char old[PATH_MAX * 2];
	struct dirent *de;
	DIR *d;

	unlink(n->hidden);
	if (!(d = opendir(n->dir)))
		return;
	while ((de = readdir(d)))
		if (strncmp(de->d_name, n->base, len) == 0 && strncmp(de->d_name + len, ".tmp", 4) == 0 &&
		    strlen(de->d_name + len) == 10) {
			snprintf(old, sizeof old, "%s%s", n->dir, de->d_name);
			unlink(old);
		}
	closedir(d);
}

/* open_unnamed: a file in the folder with no name yet, or (where the system has none) the hidden name. */
static int open_unnamed(const struct names *n, int *named)
{
	*named = 0;
	int fd = open(n->dir, O_TMPFILE | O_WRONLY, 0600);
	if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL))
		return fd;
	*named = 1;
	return open(n->hidden, O_WRONLY | O_CREAT | O_EXCL, 0600);
}

static int write_all(int fd, const char *data, size_t len)
{
	for (size_t off = 0; off < len;) {
		ssize_t w = write(fd, data + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		off += (size_t)w;
	}
	return 0;
}

int fe_replace(const struct fe_locked *lk, const char *data, size_t len, struct cerr *e)
{
	int owner = 0;		/* the failure is keeping the owner */
	struct names n;
	struct stat st;
	int fd = -1, named = 0, linked = 0, err;

	if (names_of(lk->path, &n) != 0)
		return cerr_set(e, C_SYSTEM, "%s: cannot write: the path is too long", lk->path);
	remove_stale(&n);
	if (fstat(lk->fd, &st) != 0 || (fd = open_unnamed(&n, &named)) < 0)
		goto fail;
	linked = named;
	if (write_all(fd, data, len) != 0 || fchmod(fd, st.st_mode & 07777) != 0)
		goto fail;
	if ((st.st_uid != geteuid() || st.st_gid != getegid()) && fchown(fd, st.st_uid, st.st_gid) != 0) {
		owner = 1;
		goto fail;
	}
	if (fsync(fd) != 0)
		goto fail;
	if (!named) {
		char proc[64];
		snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
		if (linkat(AT_FDCWD, proc, AT_FDCWD, n.hidden, AT_SYMLINK_FOLLOW) != 0)
			goto fail;
		linked = 1;
	}
	if (close(fd) != 0) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (rename(n.hidden, lk->path) != 0)
		goto fail;
	return C_OK;
fail:
	err = errno;
	if (fd >= 0)
		close(fd);
	if (linked)
		unlink(n.hidden);
	if (owner)
		return cerr_set(e, C_SYSTEM, "%s: cannot keep its owner (%s): the file is left as it was",
				lk->path, strerror(err));
	return cerr_set(e, C_SYSTEM, "%s: cannot write: %s", lk->path, strerror(err));
}

void fe_unlock(struct fe_locked *lk)
{
	if (lk->fd >= 0)
		close(lk->fd);
	lk->fd = -1;
	free(lk->buf);
	lk->buf = NULL;
	free(lk->path);
	lk->path = NULL;
}
