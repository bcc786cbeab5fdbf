/* parse-only: reads and parses game files, nothing more: the floor that catan-validate is measured against. */
#include <stdio.h>
#include <stdlib.h>

#include <jansson.h>

#include "model/state.h"
#include "doc/state_json.h"

/*
 * parse-only json FILE...   read each file and parse it with jansson (the floor)
 * parse-only read FILE...   read each file into a game with game_read (parse and convert)
 * Prints nothing on success; exits 1 at the first file that fails.
 */
int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: parse-only json|read FILE...\n");
		return 2;
	}
	int structs = argv[1][0] == 'r';
	for (int i = 2; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		if (!f) {
			perror(argv[i]);
			return 1;
		}
		char *buf = NULL;
		size_t cap = 0, len = 0, got;
		do {
			if (len + 65536 > cap) {
				cap = (cap + 65536) * 2;
				char *nb = realloc(buf, cap);
				if (!nb)
					return 1;
				buf = nb;
			}
			got = fread(buf + len, 1, cap - len, f);
			len += got;
		} while (got > 0);
		fclose(f);
		int ok;
		if (structs) {
			struct game g;
			struct cerr e;
			ok = game_read(buf, len, &g, &e) == C_OK;
			game_free(&g);
		} else {
			json_error_t err;
			json_t *j = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &err);
			ok = j != NULL;
			json_decref(j);
		}
		free(buf);
		if (!ok) {
			fprintf(stderr, "parse-only: %s does not parse\n", argv[i]);
			return 1;
		}
	}
	return 0;
}
