/* fe_newgame.c: the options of a new game as catan-newboard takes them, shared by the commands that make games. */
#include <stdio.h>
#include <string.h>

#include "fe.h"
#include "fe_game.h"
#include "model/names.h"
#include "model/ruleset.h"
#include "model/state.h"

int fe_newgame_players(const struct fe_cmd *cmd, const char *arg, struct newgame *o, unsigned *named)
{
	char buf[64];
	char *save = NULL;
	if (strlen(arg) >= sizeof buf)
		return fe_usagef(cmd, "--players: '%s' is too long", arg);
	strcpy(buf, arg);
	o->nplayers = 0;
	for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int c = colour_parse(tok);
		char list[64];
		if (c < 0)
			return fe_usagef(cmd, "--players: unknown colour '%s' (%s)", tok,
					 colour_list(rulesets_colours(), list, sizeof list));
		if (o->nplayers == rulesets_max_players())
			return fe_usagef(cmd, "--players: '%s' names more than %d players", arg,
					 rulesets_max_players());
		o->colour[o->nplayers++] = (uint8_t)c;
	}
	*named |= NG_COLOURS;
	return C_OK;
}

int fe_newgame_rule(const struct fe_cmd *cmd, const char *arg, struct rules *r, unsigned *named)
{
	char key[32];
	const char *eq = strchr(arg, '=');

	if (!eq || (size_t)(eq - arg) >= sizeof key)
		return fe_usagef(cmd, "--rules: expected KEY=VALUE, not '%s'", arg);
	memcpy(key, arg, (size_t)(eq - arg));
	key[eq - arg] = '\0';
	for (char *k = key; *k; k++)
		if (*k == '-')
			*k = '_';
	struct cerr e = { 0 };
	if (rules_set(r, key, eq + 1, &e) != C_OK)
		return fe_usagef(cmd, "--rules: %s", e.msg);
	if (strcmp(key, "variant") == 0)
		*named |= NG_VARIANT;
	return C_OK;
}

int fe_newgame_settle(const struct fe_cmd *cmd, struct newgame *o, unsigned named, int players)
{
	struct cerr e = { 0 };
	if (newgame_settle(o, named, players, &e) != C_OK)
		return fe_usagef(cmd, "%s", e.msg);
	return C_OK;
}

int fe_newgame_neutral(const struct fe_cmd *cmd, const char *arg, struct newgame *o)
{
	const struct geometry *geo = ruleset_two.geom;
	char a[8], b[8];
	const char *comma = strchr(arg, ',');
	int na, nb;

	if (!comma || (size_t)(comma - arg) >= sizeof a || strlen(comma + 1) >= sizeof b)
		return fe_usagef(cmd, "--neutral: expected two intersections A,B, not '%s'", arg);
	memcpy(a, arg, (size_t)(comma - arg));
	a[comma - arg] = '\0';
	strcpy(b, comma + 1);
	if ((na = node_parse(geo, a)) < 0 || (nb = node_parse(geo, b)) < 0)
		return fe_usagef(cmd, "--neutral: '%s' is not two intersections (1 to %d)", arg,
				 geo->nnode);
	o->neutral[0] = na + 1;
	o->neutral[1] = nb + 1;
	return C_OK;
}

const char *const fe_numbers_words[] = { "spiral", "random", NULL };
const char *const fe_harbours_words[] = { "shuffled", "fixed", NULL };

/* one_of: the index in words (two of them) of --option's value arg, or a usage error naming both. */
static int one_of(const struct fe_cmd *cmd, const char *option, const char *const words[], const char *arg,
		  int *index)
{
	for (int k = 0; words[k]; k++)
		if (strcmp(arg, words[k]) == 0) {
			*index = k;
			return C_OK;
		}
	return fe_usagef(cmd, "%s: expected %s or %s, not '%s'", option, words[0], words[1], arg);
}

int fe_newgame_numbers(const struct fe_cmd *cmd, const char *arg, struct newgame *o)
{
	int k = 0, rc = one_of(cmd, "--numbers", fe_numbers_words, arg, &k);
	if (rc == C_OK)
		o->numbers = k ? NUMBERS_RANDOM : NUMBERS_SPIRAL;
	return rc;
}

int fe_newgame_harbours(const struct fe_cmd *cmd, const char *arg, struct newgame *o)
{
	int k = 0, rc = one_of(cmd, "--harbours", fe_harbours_words, arg, &k);
	if (rc == C_OK)
		o->harbours = k ? HARBOURS_FIXED : HARBOURS_SHUFFLED;
	return rc;
}

void fe_rule_values(const char *cur)
{
	char word[64];
	for (const struct rules_option *o = rules_options; o->key; o++) {
		if (!o->words) {
			snprintf(word, sizeof word, "%s=", o->key);
			fe_candidate(word, cur);
		}
		for (const char *const *w = o->words; w && *w; w++) {
			snprintf(word, sizeof word, "%s=%s", o->key, *w);
			fe_candidate(word, cur);
		}
	}
}
