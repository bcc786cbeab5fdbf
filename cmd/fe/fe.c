/* fe.c: messages, whole-input reading, checked output and locked atomic replacement of files. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fe.h"
#include "version.h"

static void verror(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

static void verror(const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: ", fe_progname);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void fe_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verror(fmt, ap);
	va_end(ap);
}

int fe_report(const struct cerr *e)
{
	fe_error("%s", e->msg);
	return e->code;
}

int fe_read_stream(FILE *f, const char *name, char **buf, size_t *len, struct cerr *e)
{
	size_t cap = 65536, n = 0;
	char *b = malloc(cap);

	if (!b)
		return cerr_set(e, C_SYSTEM, "out of memory");
	for (;;) {
		if (n + 1 >= cap) {
			if (cap >= FE_MAX_INPUT) {
				free(b);
				return cerr_set(e, C_INPUT, "%s: input larger than %zu MiB", name,
						FE_MAX_INPUT >> 20);
			}
			char *nb = realloc(b, cap * 2);
			if (!nb) {
				free(b);
				return cerr_set(e, C_SYSTEM, "out of memory");
			}
			b = nb;
			cap *= 2;
		}
		size_t got = fread(b + n, 1, cap - 1 - n, f);
		n += got;
		if (got == 0) {
			if (ferror(f)) {
				int err = errno;
				free(b);
				return cerr_set(e, C_SYSTEM, "%s: read error: %s", name, strerror(err));
			}
			break;
		}
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return C_OK;
}

int fe_read_path(const char *path, char **buf, size_t *len, struct cerr *e)
{
	if (strcmp(path, "-") == 0)
		return fe_read_stream(stdin, "stdin", buf, len, e);
	FILE *f = fopen(path, "rb");
	if (!f)
		return cerr_set(e, C_SYSTEM, "cannot open '%s': %s", path, strerror(errno));
	int rc = fe_read_stream(f, path, buf, len, e);
	fclose(f);
	return rc;
}

int fe_read_input(const char *path, char **buf, size_t *len, const char **name, struct cerr *e)
{
	if (!path || strcmp(path, "-") == 0) {
		*name = "stdin";
		return fe_read_stream(stdin, "stdin", buf, len, e);
	}
	*name = path;
	return fe_read_path(path, buf, len, e);
}

int fe_write_stdout(const char *data, size_t len, struct cerr *e)
{
	if (len && fwrite(data, 1, len, stdout) != len)
		return cerr_set(e, C_SYSTEM, "write error: %s", strerror(errno));
	return C_OK;
}

int fe_output(const char *data, size_t len, struct cerr *e)
{
	int rc = fe_write_stdout(data, len, e);
	return rc == C_OK ? fe_close_stdout(e) : rc;
}

int fe_close_stdout(struct cerr *e)
{
	int bad = fflush(stdout) != 0 || ferror(stdout);
	int err = errno;
	if (fclose(stdout) != 0 && !bad) {
		bad = 1;
		err = errno;
	}
	if (bad)
		return cerr_set(e, C_SYSTEM, "write error: %s", strerror(err));
	return C_OK;
}

int fe_lock_open(const char *path, struct fe_locked *lk, struct cerr *e)
{
	lk->fd = -1;
	lk->buf = NULL;
	lk->len = 0;
	for (;;) {
		struct stat a, b;
		int fd = open(path, O_RDWR);
		if (fd < 0)
			return cerr_set(e, C_SYSTEM, "cannot open '%s': %s", path, strerror(errno));
		if (flock(fd, LOCK_EX) != 0) {
			int err = errno;
			close(fd);
			return cerr_set(e, C_SYSTEM, "cannot lock '%s': %s", path, strerror(err));
		}
		/* Another writer may have renamed a new file over path while we
		 * waited; then our descriptor holds the old file: start again. */
		if (fstat(fd, &a) != 0 || stat(path, &b) != 0 || a.st_ino != b.st_ino ||
		    a.st_dev != b.st_dev) {
			close(fd);
			continue;
		}
		FILE *f = fdopen(dup(fd), "rb");
		if (!f) {
			int err = errno;
			close(fd);
			return cerr_set(e, C_SYSTEM, "cannot read '%s': %s", path, strerror(err));
		}
		int rc = fe_read_stream(f, path, &lk->buf, &lk->len, e);
		fclose(f);
		if (rc != C_OK) {
			close(fd);
			return rc;
		}
		lk->fd = fd;
		return C_OK;
	}
}

int fe_replace(const char *path, const char *data, size_t len, struct cerr *e)
{
	size_t n = strlen(path);
	char *tmp = malloc(n + 16);
	struct stat st;
	int fd, err;

	if (!tmp)
		return cerr_set(e, C_SYSTEM, "out of memory");
	memcpy(tmp, path, n);
	memcpy(tmp + n, ".tmpXXXXXX", 11);
	fd = mkstemp(tmp);
	if (fd < 0) {
		err = errno;
		free(tmp);
		return cerr_set(e, C_SYSTEM, "cannot create a temporary file beside '%s': %s", path,
				strerror(err));
	}
	if (stat(path, &st) == 0)
		fchmod(fd, st.st_mode & 07777);
	size_t off = 0;
	while (off < len) {
		ssize_t w = write(fd, data + off, len - off);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			goto fail;
		}
		off += (size_t)w;
	}
	if (fsync(fd) != 0)
		goto fail;
	if (close(fd) != 0) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (rename(tmp, path) != 0)
		goto fail;
	free(tmp);
	return C_OK;
fail:
	err = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	free(tmp);
	return cerr_set(e, C_SYSTEM, "cannot write '%s': %s", path, strerror(err));
}

void fe_unlock(struct fe_locked *lk)
{
	if (lk->fd >= 0)
		close(lk->fd);
	lk->fd = -1;
	free(lk->buf);
	lk->buf = NULL;
}

int fe_help(const char *usage_text)
{
	struct cerr e = { 0 };
	fputs(usage_text, stdout);
	return fe_close_stdout(&e) ? fe_report(&e) : C_OK;
}

int fe_version(void)
{
	struct cerr e = { 0 };
	printf("%s (catan-tools) %s\n", fe_progname, CATAN_VERSION);
	return fe_close_stdout(&e) ? fe_report(&e) : C_OK;
}

static int usage_tail(const char *usage_short)
{
	fputs(usage_short, stderr);
	fprintf(stderr, "Try '%s --help' for more information.\n", fe_progname);
	return C_USAGE;
}

int fe_usagef(const char *usage_short, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verror(fmt, ap);
	va_end(ap);
	return usage_tail(usage_short);
}

int fe_parse_u64(const char *s, unsigned long long max, unsigned long long *out)
{
	unsigned long long v = 0;
	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		unsigned d = (unsigned)(*s - '0');
		if (d > max)
			return -1;
		if (v > (max - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}

const char *fe_operand(int argc, char **argv, const char **path)
{
	if (optind < argc)
		*path = argv[optind++];
	return optind < argc ? argv[optind] : NULL;
}
