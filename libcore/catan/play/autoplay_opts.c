/* autoplay_opts.c: who plays automatically and by which policy, as the command line says it by colour. */
#include <stdlib.h>
#include <string.h>

#include "play/autoplay.h"
#include "play/best.h"
#include "model/names.h"
#include "play/search.h"
#include "model/state.h"

void autoplay_opts_default(struct autoplay_opts *o)
{
	for (int c = 0; c < NCOLOUR; c++) {
		o->policy[c] = POL_RANDOM;
		o->budget[c] = 0;
	}
	o->bots = (1u << NCOLOUR) - 1;
}

/* copy_list: arg into buf (n bytes) for cutting at commas; C_USAGE when it does not fit. */
static int copy_list(char *buf, size_t n, const char *arg, struct cerr *e)
{
	if (strlen(arg) >= n)
		return cerr_set(e, C_USAGE, "'%s' is too long", arg);
	strcpy(buf, arg);
	return C_OK;
}

int autoplay_policy_parse(const char *name, int *policy, int *budget, struct cerr *e)
{
	size_t len = strcspn(name, ":");
	*budget = 0;
	if (name[len] == ':') {
		const char *digits = name + len + 1;
		char *end = NULL;
		long n = *digits >= '0' && *digits <= '9' ? strtol(digits, &end, 10) : 0;
		int search = len == 6 && strncmp(name, "search", 6) == 0, best = len == 4 && strncmp(name, "best", 4) == 0;
		long most = search ? SEARCH_BUDGET_MAX : BEST_BUDGET_MAX;
		if (!search && !best)
			return cerr_set(e, C_USAGE, "unknown policy '%s' (random, greedy, search[:N] or best[:N])", name);
		if (n < 1 || n > most || *end)
			return cerr_set(e, C_USAGE, "%s: the budget is a number of play-outs, 1 to %ld", name, most);
		*budget = (int)n;
	}
	for (int k = POL_RANDOM; k < NPOLICY; k++)
		if (strlen(policy_names[k]) == len && strncmp(name, policy_names[k], len) == 0) {
			*policy = k;
			return C_OK;
		}
	return cerr_set(e, C_USAGE, "unknown policy '%s' (random, greedy, search[:N] or best[:N])", name);
}

int autoplay_opts_policy(struct autoplay_opts *o, const char *arg, struct cerr *e)
{
	char buf[128], *save = NULL;
	if (copy_list(buf, sizeof buf, arg, e))
		return C_USAGE;
	for (char *it = strtok_r(buf, ",", &save); it; it = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(it, '=');
		const char *name = eq ? eq + 1 : it;
		int c = NOBODY, pol = -1, budget = 0;
		if (eq) {
			*eq = '\0';
			if ((c = colour_parse(it)) < 0)
				return cerr_set(e, C_USAGE, "unknown colour '%s'", it);
		}
		if (autoplay_policy_parse(name, &pol, &budget, e))
			return C_USAGE;
		for (int k = 0; k < NCOLOUR; k++)
			if (c == NOBODY || c == k) {
				o->policy[k] = (uint8_t)pol;
				o->budget[k] = budget;
			}
	}
	return C_OK;
}

int autoplay_opts_bots(struct autoplay_opts *o, const char *arg, struct cerr *e)
{
	char buf[128], *save = NULL;
	if (copy_list(buf, sizeof buf, arg, e))
		return C_USAGE;
	o->bots = 0;
	for (char *it = strtok_r(buf, ",", &save); it; it = strtok_r(NULL, ",", &save)) {
		int c = colour_parse(it);
		if (c < 0)
			return cerr_set(e, C_USAGE, "unknown colour '%s'", it);
		o->bots |= 1u << c;
	}
	return C_OK;
}

/* opts_init: a players' set for g from o, by colour. */
static int opts_init(struct autoplay *ap, const struct game *g, const struct autoplay_opts *o,
		     struct cerr *e)
{
	int rc = autoplay_init(ap, g, POL_RANDOM, e);
	search_use(ap);
	best_use(ap);
	for (int s = 0; rc == C_OK && s < g->nplayers; s++) {
		ap->policy[s] = o->bots & (1u << g->colour[s]) ? o->policy[g->colour[s]] : POL_NONE;
		ap->budget[s] = o->budget[g->colour[s]];
	}
	return rc;
}

int autoplay_play(struct game *g, const struct autoplay_opts *o, long n, int turn_limit, int *why,
		  struct cerr *e)
{
	struct autoplay ap;
	int rc = opts_init(&ap, g, o, e);
	if (rc == C_OK) {
		ap.turn_limit = turn_limit;
		rc = autoplay_run(&ap, g, n, 0, NULL, why, e);
		if (rc)
			cerr_prefix(e, "automatic play");
	}
	autoplay_free(&ap);
	return rc;
}

int autoplay_pick(const struct game *g, const struct autoplay_opts *o, struct move *m, struct cerr *e)
{
	struct autoplay ap;
	int rc = opts_init(&ap, g, o, e);
	if (rc == C_OK)
		rc = autoplay_choose(&ap, g, m, e);
	autoplay_free(&ap);
	return rc;
}
