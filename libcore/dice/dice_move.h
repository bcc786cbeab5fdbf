/* dice_move.h: the text form of dice-game moves: parsing, printing, applying text, listing legal moves. */
#ifndef CATAN_DICE_MOVE_H
#define CATAN_DICE_MOVE_H

#include <stddef.h>

#include "dice_game.h"

#define DICE_MAXMOVES 64	/* moves one text may hold after "build" is split per site */

/*
 * dice_parse: one move (no ';') into out[0..*n): "roll [FACE...]",
 * "reroll DIE... [to FACE...]", "reroll all [to FACE...]",
 * "keep DIE... [to FACE...]" (the last two a reroll whose keep flag says
 * that mask names the dice kept), "keep FACE... [to FACE...]" (kept names
 * the faces; dice_apply finds the dice that show them), "joker ID on die DIE [RESOURCE]",
 * "gold on dice DIE DIE to RESOURCE", "build ID...", "end".  Words are
 * matched ignoring case.  C_ILLEGAL when the text is no move (a malformed
 * move is refused as an illegal one is) or names a die or site the sheet
 * does not have.  The message has no subject.
 */
int dice_parse(const struct dmap *map, const char *text, struct dmove *out, int max, int *n,
	       struct cerr *e);

/* dice_format: m's canonical text (as the log stores it) into buf; returns buf. */
char *dice_format(const struct dmap *map, const struct dmove *m, char *buf, size_t size);

/*
 * dice_play: text holds moves separated by ';' or newlines; each is parsed
 * and applied in turn.  When as is not NULL, a move made when it is not that
 * player's turn is refused.  On failure e reads "move 'TEXT': reason" and g
 * holds the moves applied before the failing one (callers discard it).
 */
int dice_play(struct dgame *g, const char *text, int flags, const char *as, struct cerr *e);


/*
 * dice_list: the legal moves, one a line, into a malloc'd string (caller
 * frees).  Gold trades are listed once per pair of dice (smaller die
 * first); with external outcomes FACE stands where the faces go.  The
 * rerolls are one line each when all is 1; otherwise one line stands for
 * them, "reroll DIE... (N choices; list --all shows each)".
 */
int dice_list(const struct dgame *g, int all, char **out, size_t *len, struct cerr *e);

#endif
