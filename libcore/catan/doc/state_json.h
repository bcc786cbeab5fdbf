/* state_json.h: reading and writing the game document, format catan-state/1 (catan-state(5)). */
#ifndef CATAN_STATE_JSON_H
#define CATAN_STATE_JSON_H

#include <stddef.h>

#include "err.h"
#include "jw.h"
#include "model/types.h"

struct newgame;

#define STATE_FORMAT "catan-state/1"

enum { SJ_COMPACT = 1 };

/*
 * game_read: parses a whole document (buf of len bytes) into g (which it
 * initialises; free with game_free even on failure).  Strict: unknown keys,
 * wrong types and impossible values give C_INPUT with the JSON path first in
 * the message ("position.players.red.hand.ore: ..."); bad JSON gives C_INPUT
 * with the line and column.  Memory failure gives C_SYSTEM.  A view
 * ("view" present) reads into g->view and the view_* counts.
 */
int game_read(const char *buf, size_t len, struct game *g, struct cerr *e);

/*
 * game_read_flags: game_read, and with GR_LOG_AS_READ every line of the
 * log is kept as it is written, none parsed nor brought to its canonical
 * text (movelog_move parses a line when asked): for a reader that replays
 * every move and writes none (validation), which then parses each once.
 */
enum { GR_LOG_AS_READ = 1 };
int game_read_flags(const char *buf, size_t len, int flags, struct game *g, struct cerr *e);

/*
 * game_set_up: a game from a short document naming a position
 * (catan-newboard(1), POSITIONS): the players (their order is the seat
 * order) with their buildings, roads, hands, cards held and knights
 * played, whose turn, the phase (roll or main, or building with five and
 * six players), the turn and the robber; in Catan for Two the trade
 * cards, the knights given back, the neutral seats' pieces and the turn's
 * rolls.  The rule set is o's when flags has SU_VARIANT, else the first
 * that seats the players (newgame_variant); the board is the beginner
 * board where that rule set has one with SU_BEGINNER_IF_ANY, else as o
 * says.  The board and the luck are game_new's from o (its players
 * ignored); the bank, the deck (what is left, in the order the luck
 * shuffled), the trade cards' supply, the pieces left and the awards are
 * computed.  The start and the position are the same, marked set_up.
 * C_INPUT with the JSON path for a document that cannot be read or a
 * position that cannot happen; C_USAGE from game_new; C_SYSTEM.  Free g
 * with game_free even on failure.
 */
enum { SU_VARIANT = 1, SU_BEGINNER_IF_ANY = 2 };
int game_set_up(const char *buf, size_t len, const struct newgame *o, unsigned flags, struct game *g,
		struct cerr *e);

/*
 * sj_write_seat: the member key with seat's colour, or null for NOBODY;
 * sj_write_rules: the "rules" member, every option with its value.  For
 * the documents written beside the game (catan-score's).
 */
void sj_write_seat(struct jw *w, const struct game *g, const char *key, int seat);
void sj_write_rules(struct jw *w, const struct rules *ru);
/*
 * game_write: the canonical text of g (fixed key order; pretty unless
 * flags has SJ_COMPACT), ending in a newline, in a malloc'd buffer that the
 * caller frees.  A view (g->view != NOBODY) is written without the start,
 * the generator and hidden cards.  Returns C_OK or C_SYSTEM.
 */
int game_write(const struct game *g, int flags, char **out, size_t *len, struct cerr *e);

#endif
