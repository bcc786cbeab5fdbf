/* spell.c: the nearest known word to a mistyped one, for "did you mean ...?" in messages. */
#include <string.h>

#include "spell.h"

/* spell_distance: the edits from a to b, as above, for words of up to 24 letters (longer: 24). */
static int spell_distance(const char *a, const char *b)
{
	enum { MAX = 24 };
	int d[MAX + 1][MAX + 1];
	size_t la = strlen(a), lb = strlen(b);
	if (la > MAX || lb > MAX)
		return MAX;
	for (size_t i = 0; i <= la; i++)
		for (size_t j = 0; j <= lb; j++) {
			if (i == 0 || j == 0) {
				d[i][j] = (int)(i + j);
				continue;
			}
			int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			best = d[i - 1][j] + 1 < best ? d[i - 1][j] + 1 : best;
			best = d[i][j - 1] + 1 < best ? d[i][j - 1] + 1 : best;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[la][lb];
}

void spell_start(struct spell *s, const char *word)
{
	s->word = word;
	s->best = NULL;
	s->dist = strlen(word) <= 4 ? 2 : 3;	/* near: below this */
}

void spell_offer(struct spell *s, const char *cand)
{
	size_t n = strlen(s->word);
	/* A known word begun and left off is as near as one edit. */
	int dist = n >= 3 && n < strlen(cand) && strncmp(cand, s->word, n) == 0 ? 1 : spell_distance(s->word, cand);
	if (dist < s->dist) {
		s->dist = dist;
		s->best = cand;
	}
}
