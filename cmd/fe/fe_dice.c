/* fe_dice.c: dicegame-sheet's command-line words read as the moves they spell. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fe.h"

/* word_at: copies the n-th (0-based) blank-separated word of s into w; 0 if there is none. */
static int word_at(const char *s, int n, char *w, size_t size)
{
	for (int k = 0;; k++) {
		s += strspn(s, " \t\r\n");
		size_t len = strcspn(s, " \t\r\n;");
		if (!len)
			return 0;
		if (k == n) {
			snprintf(w, size, "%.*s", (int)len, s);
			return 1;
		}
		s += len;
	}
}

char *fe_dice_args_text(int argc, char *const *argv)
{
	static const char *const starts[] = { "roll", "reroll", "keep", "joker", "build", "end", "start" };
	size_t n = 1;
	for (int i = 0; i < argc; i++)
		n += strlen(argv[i]) + 2;
	char *text = malloc(n), *p = text;
	if (!text)
		return NULL;
	*p = '\0';
	for (int i = 0; i < argc; i++) {
		char w[16] = "", next[16] = "";
		int begins = 0;
		word_at(argv[i], 0, w, sizeof w);
		for (size_t k = 0; k < sizeof starts / sizeof starts[0]; k++)
			begins |= strcasecmp(w, starts[k]) == 0;
		if (strcasecmp(w, "gold") == 0 &&
		    (word_at(argv[i], 1, next, sizeof next) || (i + 1 < argc && word_at(argv[i + 1], 0, next, sizeof next))))
			begins = strcasecmp(next, "on") == 0;
		if (i)
			*p++ = begins ? ';' : ' ';
		size_t len = strlen(argv[i]);
		memcpy(p, argv[i], len);
		p += len;
		*p = '\0';
	}
	return text;
}
