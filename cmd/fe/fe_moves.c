/* fe_moves.c: the moves of a call: a moves file read a line at a time, then the MOVE arguments. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "play/batch.h"
#include "fe.h"
#include "fe_game.h"

/* The most of a pipe's moves kept in memory: more go to a temporary file. */
#define SPOOL_MEMORY ((size_t)1 << 20)

/*
 * spool: what a pipe or a terminal holds, read at once up to its end or
 * the first line no move can be (too long, or holding a NUL byte: nothing
 * after it is applied), FE_MAX_INPUT at most (C_INPUT beyond).  mv->f then
 * reads it: from memory (mv->buf), or from a temporary file when it is
 * longer than SPOOL_MEMORY, so that memory stays small.
 */
static int spool(struct fe_moves *mv, FILE *f, struct cerr *e)
{
	size_t n = 0, total = 0, run = 0;
	FILE *tmp = NULL;
	int stop = 0, err;

	if (!(mv->buf = malloc(SPOOL_MEMORY)))
		return cerr_set(e, C_SYSTEM, "out of memory");
	while (!stop) {
		if (n == SPOOL_MEMORY) {
			if ((!tmp && !(tmp = tmpfile())) || fwrite(mv->buf, 1, n, tmp) != n)
				goto fail;
			n = 0;
		}
		size_t got = fread(mv->buf + n, 1, SPOOL_MEMORY - n, f);
		if (got == 0 && ferror(f)) {
			err = errno;
			if (tmp)
				fclose(tmp);
			return cerr_set(e, C_SYSTEM, "%s: read error: %s", mv->name, strerror(err));
		}
		if (got == 0)
			break;
		for (size_t i = n; i < n + got && !stop; i++) {
			if (mv->buf[i] == '\n')
				run = 0;
			else if (mv->buf[i] == '\0' || ++run > FE_MOVE_MAX)
				stop = 1;
		}
		n += got;
		if ((total += got) > FE_MAX_INPUT) {
			if (tmp)
				fclose(tmp);
			return cerr_set(e, C_INPUT, "%s: more than %zu MiB of moves", mv->name, FE_MAX_INPUT >> 20);
		}
	}
	if (tmp) {
		if (fwrite(mv->buf, 1, n, tmp) != n || fflush(tmp) != 0 || fseek(tmp, 0, SEEK_SET) != 0)
			goto fail;
		mv->f = tmp;
	} else if (n && !(mv->f = fmemopen(mv->buf, n, "r"))) {
		return cerr_set(e, C_SYSTEM, "%s: %s", mv->name, strerror(errno));
	}
	mv->own = 1;
	return C_OK;
fail:
	err = errno;
	if (tmp)
		fclose(tmp);
	return cerr_set(e, C_SYSTEM, "%s: cannot keep the moves in a temporary file: %s", mv->name,
			strerror(err));
}

int fe_moves_open(struct fe_moves *mv, const char *path, int argc, char **argv, struct cerr *e)
{
	struct stat st;
	int rc;

	memset(mv, 0, sizeof *mv);
	mv->argc = argc;
	mv->argv = argv;
	if (!path)
		return C_OK;
	int std = strcmp(path, "-") == 0;
	mv->name = std ? "stdin" : path;
	FILE *f = std ? stdin : fopen(path, "rb");
	if (!f)
		return cerr_set(e, C_SYSTEM, "%s: cannot open: %s", path, strerror(errno));
	if (fstat(fileno(f), &st) != 0) {
		rc = cerr_set(e, C_SYSTEM, "%s: cannot open: %s", mv->name, strerror(errno));
	} else if (S_ISDIR(st.st_mode)) {
		rc = cerr_set(e, C_SYSTEM, "%s: a folder, not a moves file", path);
	} else if (S_ISREG(st.st_mode)) {
		/* A file cannot keep us waiting: it is read as the moves are applied. */
		mv->f = f;
		mv->own = !std;
		return C_OK;
	} else {
		rc = spool(mv, f, e);
	}
	if (!std)
		fclose(f);
	return rc;
}

/* The kinds of line read_line finds. */
enum { LINE_END, LINE_OK, LINE_LONG, LINE_NUL, LINE_ERROR };

/* read_line: the next line of mv->f, without its newline, into mv->line (not read past FE_MOVE_MAX bytes). */
static int read_line(struct fe_moves *mv)
{
	size_t n = 0;
	int c;

	while ((c = getc_unlocked(mv->f)) != EOF && c != '\n') {
		if (n == FE_MOVE_MAX) {
			mv->line[n] = '\0';
			return LINE_LONG;
		}
		mv->line[n++] = (char)c;
	}
	mv->line[n] = '\0';
	if (c == EOF && ferror(mv->f))
		return LINE_ERROR;
	if (c == EOF && n == 0)
		return LINE_END;
	return strlen(mv->line) != n ? LINE_NUL : LINE_OK;
}

int fe_moves_next(struct fe_moves *mv, const char **text, struct cerr *e)
{
	*text = NULL;
	while (mv->f) {
		int kind = read_line(mv);
		if (kind == LINE_END) {
			fe_moves_close(mv);
			break;
		}
		if (kind == LINE_ERROR)
			return cerr_set(e, C_SYSTEM, "%s: read error: %s", mv->name, strerror(errno));
		if (kind != LINE_OK) {
			/* Not a move whatever it holds: named as the next move, its start quoted. */
			char head[48];
			size_t n = strnlen(mv->line, 40);
			snprintf(head, sizeof head, "%.*s%s", (int)n, mv->line, kind == LINE_LONG ? "..." : "");
			if (kind == LINE_LONG)
				cerr_set(e, C_ILLEGAL, "the line is longer than %d bytes, which no move is",
					 FE_MOVE_MAX);
			else
				cerr_set(e, C_ILLEGAL, "the line holds a NUL byte, which no move has");
			batch_name_move(e, ++mv->n, head, NULL, mv->refusal);
			return C_ILLEGAL;
		}
		if ((*text = batch_line_move(mv->line))) {
			mv->n++;
			return C_OK;
		}
	}
	if (mv->next < mv->argc) {
		*text = mv->argv[mv->next++];
		mv->n++;
	}
	return C_OK;
}

void fe_moves_close(struct fe_moves *mv)
{
	if (mv->f && mv->own)
		fclose(mv->f);
	mv->f = NULL;
	free(mv->buf);
	mv->buf = NULL;
}
