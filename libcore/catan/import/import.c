/* import.c: the importers' dispatch and format detection (import_int.c holds the helpers they share). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model/board.h"
#include "import/import.h"
#include "import/import_int.h"
#include "model/move.h"
#include "model/names.h"
#include "model/ruleset.h"
#include "model/state.h"

const char *const import_format_names[NIMPORT_FORMAT + 1] = { "catanatron", "catan", "jsettlers",
								     "jsettlers-save", NULL };

int import_format_parse(const char *s)
{
	for (int f = 0; f < NIMPORT_FORMAT; f++)
		if (strcmp(s, import_format_names[f]) == 0)
			return f;
	return -1;
}

/* contains: whether the len bytes at buf hold the string s. */
static int contains(const char *buf, size_t len, const char *s)
{
	size_t n = strlen(s);
	for (size_t i = 0; i + n <= len; i++)
		if (memcmp(buf + i, s, n) == 0)
			return 1;
	return 0;
}

int import_detect(const char *buf, size_t len)
{
	size_t i = 0;
	while (i < len && strchr(" \t\r\n", buf[i]))
		i++;
	/* catanatron's export starts with its tiles and holds its action records. */
	if (i < len && buf[i] == '{') {
		if (contains(buf + i, len - i, "\"action_records\""))
			return IMPORT_CATANATRON;
		if (contains(buf + i, len - i, "\"modelVersion\"") && contains(buf + i, len - i, "\"playerSeats\""))
			return IMPORT_JSETTLERS_SAVE;
		return -1;
	}
	static const char catanlog[] = "catanlog ";
	if (len - i >= sizeof catanlog - 1 && memcmp(buf + i, catanlog, sizeof catanlog - 1) == 0)
		return IMPORT_CATAN;
	static const char soclog[] = "SOC game event log: ";
	if (len - i >= sizeof soclog - 1 && memcmp(buf + i, soclog, sizeof soclog - 1) == 0)
		return IMPORT_JSETTLERS;
	return -1;
}

/* line_is: whether buf (len bytes) holds a line that is s, whole. */
static int line_is(const char *buf, size_t len, const char *s)
{
	size_t n = strlen(s);
	for (size_t i = 0; i + n <= len; i++)
		if ((i == 0 || buf[i - 1] == '\n') && memcmp(buf + i, s, n) == 0 &&
		    (i + n == len || buf[i + n] == '\n' || buf[i + n] == '\r'))
			return 1;
	return 0;
}

const char *import_what_else(const char *buf, size_t len)
{
	if (len >= 6 && memcmp(buf, "title ", 6) == 0 && line_is(buf, len, "map"))
		return "a Pioneers game file: a map and rules for its server, not a record of a game played";
	return NULL;
}

int import_read(int fmt, const char *buf, size_t len, const char *name, struct game *g,
		struct cerr *e)
{
	game_init(g);
	switch (fmt) {
	case IMPORT_CATANATRON:
		return import_catanatron(buf, len, name, g, e);
	case IMPORT_CATAN:
		return import_catan(buf, len, name, g, e);
	case IMPORT_JSETTLERS:
		return import_jsettlers(buf, len, name, g, e);
	case IMPORT_JSETTLERS_SAVE:
		return import_jsettlers_save(buf, len, name, g, e);
	}
	return cerr_set(e, C_USAGE, "unknown format");
}
