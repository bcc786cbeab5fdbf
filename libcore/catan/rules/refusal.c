/* refusal.c: how a rule says no: the refusal, and whether a move's outcome is given or drawn. */
#include <stdarg.h>
#include "rules/refusal.h"

int illegal(struct cerr *e, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	cerr_vset(e, C_ILLEGAL, fmt, ap);
	va_end(ap);
	return C_ILLEGAL;
}

int outcome_source(const struct game *g, int replay, int given, const char *what, struct cerr *e)
{
	if (g->rules.outcomes == OUT_EXTERNAL) {
		if (!given) {
			illegal(e, "%s must be given in the move: this game's outcomes are external",
				what);
			return -1;
		}
		return 1;
	}
	if (given && !replay) {
		illegal(e, "this game draws its outcomes: give the move without %s", what);
		return -1;
	}
	return 0;
}
