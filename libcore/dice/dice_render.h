/* dice_render.h: pictures of dice-game sheets: plain text for terminals and mail, SVG for browsers. */
#ifndef CATAN_DICE_RENDER_H
#define CATAN_DICE_RENDER_H

#include <stddef.h>

#include "dice_game.h"

/* dice_render_text: every player's sheet, the dice and the scores as text (malloc'd, caller frees). */
int dice_render_text(const struct dgame *g, char **out, size_t *len, struct cerr *e);
/* dice_render_svg: every player's sheet drawn like the printed one, as an SVG document (malloc'd). */
int dice_render_svg(const struct dgame *g, char **out, size_t *len, struct cerr *e);
/* dice_score_text, dice_score_json: the scores, winners once the game is over (malloc'd). */
int dice_score_text(const struct dgame *g, char **out, size_t *len, struct cerr *e);
int dice_score_json(const struct dgame *g, int compact, char **out, size_t *len, struct cerr *e);

#endif
