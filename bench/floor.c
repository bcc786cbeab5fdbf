/* floor.c: the floor of a catan-move call: read a JSON document, parse it and write it with jansson. */
#include <stdio.h>
#include <stdlib.h>

#include <jansson.h>

/*
 * floor < game.json > out.json: what any program that takes a game and
 * gives one back must do at the least: read standard input, parse it into
 * jansson values, write it out again (indented by two, every value on its
 * own line: more lines than catan-move writes, which keeps short arrays and
 * objects on one line with libcore's jw writer), and free it.  No game logic.
 */
int main(void)
{
	size_t cap = 1 << 16, len = 0, n;
	char *buf = malloc(cap);
	json_error_t err;

	while (buf && (n = fread(buf + len, 1, cap - len, stdin)) > 0)
		if ((len += n) == cap && !(buf = realloc(buf, cap *= 2)))
			break;
	if (!buf)
		return 4;
	json_t *j = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &err);
	free(buf);
	if (!j) {
		fprintf(stderr, "floor: %s\n", err.text);
		return 3;
	}
	int rc = json_dumpf(j, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) || putchar('\n') == EOF;
	json_decref(j);
	return fclose(stdout) || rc ? 4 : 0;
}
