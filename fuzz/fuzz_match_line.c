/*
 * fuzz_match_line: the lines of a match read back (catan-match --tally), one
 * a line of the input, into one tally.  Promises: a line is read or refused
 * with status 3 (1 never, 4 only without memory); a line read is written
 * again by match_line as a line that reads back to the same result, and is
 * counted; the table of what was counted is made.
 */
#include <string.h>

#include "fuzz.h"
#include "play/match.h"

static struct match_tally t;

/* same: the results of two readings agree in everything a line holds. */
static int same(const struct match_result *a, const struct match_result *b)
{
	if (a->seed != b->seed || a->nseats != b->nseats || a->winner != b->winner || a->turns != b->turns ||
	    a->moves != b->moves || a->end != b->end || a->nfault != b->nfault)
		return 0;
	for (int k = 0; k < a->nseats; k++)
		if (a->colour[k] != b->colour[k] || a->player[k] != b->player[k] || a->points[k] != b->points[k])
			return 0;
	for (int k = 0; k < a->nfault; k++)
		if (a->fault[k].seat != b->fault[k].seat || a->fault[k].move != b->fault[k].move ||
		    strcmp(a->fault[k].why, b->fault[k].why) != 0 || a->fault[k].then != b->fault[k].then)
			return 0;
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cerr e = { 0 };
	struct match_result r, back;
	char *text;

	if (size > 65536 || !(text = fuzz_text(data, size)))
		return 0;
	match_tally_init(&t);
	for (char *line = text, *next; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		int rc = match_read_line(&t, line, strlen(line), &r, &e);
		FUZZ_CHECK(rc == C_OK || rc == C_INPUT, e.msg);
		if (rc != C_OK)
			continue;
		struct buf b = { 0 };
		char *out = NULL;
		size_t len;
		match_line(&t.o, &r, &b);
		FUZZ_CHECK(buf_finish(&b, &out, &len, &e) == C_OK, e.msg);
		FUZZ_CHECK(match_read_line(&t, out, len, &back, &e) == C_OK, e.msg);
		FUZZ_CHECK(same(&r, &back), "a line written again reads back the same");
		free(out);
		match_tally_add(&t, &r);
	}
	struct buf b = { 0 };
	char *table = NULL;
	size_t len;
	if (t.st.games) {
		match_table(&t.o, &t.st, &b);
		FUZZ_CHECK(buf_finish(&b, &table, &len, &e) == C_OK, e.msg);
	}
	free(table);
	free(text);
	return 0;
}
