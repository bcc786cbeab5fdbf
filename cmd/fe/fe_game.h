/* fe_game.h: front-end helpers of the board game's commands. */
#ifndef CATAN_FE_GAME_H
#define CATAN_FE_GAME_H

#include "err.h"
#include "types.h"

/*
 * fe_load_game: reads the game document at path ("-" or NULL: stdin) into g
 * (initialised by the caller; game_free it either way).  A document that is
 * not a game fails with its message prefixed by the input's name ("stdin"
 * or the path); the input's own read errors are fe_read_input's.
 */
int fe_load_game(const char *path, struct game *g, struct cerr *e);

/*
 * fe_read_moves: the moves of a moves file (one a line; "-" is stdin), as
 * batch_lines cuts them, appended to mv.  C_ILLEGAL (as for any text that
 * is not a move) for a file holding a NUL byte; the read errors of
 * fe_read_path.
 */
int fe_read_moves(const char *path, struct movelog *mv, struct cerr *e);

/*
 * fe_at: the value of --at (a move number, negative from the end) into *n.
 * C_OK, or C_USAGE reported with the short usage ("--at: 'x' is not a move
 * number").
 */
int fe_at(const char *usage_short, const char *arg, long *n);

#endif
