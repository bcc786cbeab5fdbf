/* fe.c: messages, whole-input reading, checked output, and bytes from the system's random source. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "fe.h"
#include "jw.h"
#include "version.h"

void fe_verror(const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: ", fe_progname);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void fe_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fe_verror(fmt, ap);
	va_end(ap);
}

int fe_report(const struct cerr *e)
{
	fe_error("%s", e->msg);
	return e->code;
}

int fe_error_json(int status, const char *message, const struct fe_refused *mv)
{
	struct jw w;
	char *out;
	size_t len;

	jw_init(&w, 1);
	jw_obj(&w, JW_BLOCK);
	jw_key_int(&w, "status", status);
	jw_key(&w, "move");
	if (mv)
		jw_int(&w, (long long)mv->n);
	else
		jw_null(&w);
	jw_key(&w, "text");
	if (mv && mv->text)
		jw_str(&w, mv->text);
	else
		jw_null(&w);
	jw_key(&w, "canonical");
	if (mv && mv->canonical)
		jw_str(&w, mv->canonical);
	else
		jw_null(&w);
	jw_key_int(&w, "stood", mv ? (long long)mv->stood : 0);
	jw_key_str(&w, "message", message);
	jw_end_obj(&w);
	if (jw_finish(&w, &out, &len) == 0) {
		fwrite(out, 1, len, stderr);
		free(out);
	} else {
		/* Out of memory: the line without the message, which alone may be long. */
		fprintf(stderr, "{\"status\":%d,\"move\":null,\"text\":null,\"canonical\":null,\"stood\":0,"
			"\"message\":\"out of memory\"}\n", status);
	}
	return status;
}

int fe_read_stream(FILE *f, const char *name, char **buf, size_t *len, struct cerr *e)
{
	size_t cap = 65536, n = 0;
	char *b = malloc(cap);

	*buf = NULL;
	*len = 0;
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
	*buf = NULL;
	*len = 0;
	if (strcmp(path, "-") == 0)
		return fe_read_stream(stdin, "stdin", buf, len, e);
	FILE *f = fopen(path, "rb");
	struct stat st;
	if (!f)
		return cerr_set(e, C_SYSTEM, "%s: cannot open: %s", path, strerror(errno));
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		return cerr_set(e, C_SYSTEM, "%s: a folder, not a file: give the files in it, as in '%s/*.json'",
				path, path);
	}
	int rc = fe_read_stream(f, path, buf, len, e);
	fclose(f);
	return rc;
}

int fe_read_stdin(const char *how, char **buf, size_t *len, struct cerr *e)
{
	/* Nobody types a game by hand: a terminal means a file or a pipe was forgotten. */
	if (isatty(STDIN_FILENO))
		return cerr_set(e, C_USAGE, "no game given: %s (standard input is a terminal; see --help)", how);
	return fe_read_stream(stdin, "stdin", buf, len, e);
}

int fe_read_input(const char *path, char **buf, size_t *len, const char **name, struct cerr *e)
{
	if (!path || strcmp(path, "-") == 0) {
		*name = "stdin";
		return fe_read_stdin("name a FILE or pipe a game in", buf, len, e);
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

int fe_flush_stdout(struct cerr *e)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		return cerr_set(e, C_SYSTEM, "write error: %s", strerror(errno));
	return C_OK;
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


int fe_version(void)
{
	struct cerr e = { 0 };
	printf("%s (catan-tools) %s\n", fe_progname, CATAN_VERSION);
	return fe_close_stdout(&e) ? fe_report(&e) : C_OK;
}

int fe_parse_long(const char *s, long min, long max, long *out)
{
	unsigned long long v;
	int neg = s[0] == '-';
	if (fe_parse_u64(s + neg, (unsigned long long)LONG_MAX, &v) != 0)
		return -1;
	long x = neg ? -(long)v : (long)v;
	if (x < min || x > max)
		return -1;
	*out = x;
	return 0;
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

int fe_random_bytes(void *buf, size_t n, struct cerr *e)
{
	if (sodium_init() < 0)
		return cerr_set(e, C_SYSTEM, "cannot start the system's random source");
	randombytes_buf(buf, n);
	return C_OK;
}
