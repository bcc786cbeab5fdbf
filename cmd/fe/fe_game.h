/* fe_game.h: front-end helpers of the board game's commands. */
#ifndef CATAN_FE_GAME_H
#define CATAN_FE_GAME_H

#include <stdio.h>

#include "err.h"
#include "model/types.h"

/*
 * fe_load_game: reads the game document at path ("-" or NULL: stdin) into g
 * (initialised by the caller; game_free it either way).  A document that is
 * not a game fails with its message prefixed by the input's name ("stdin"
 * or the path); the input's own read errors are fe_read_input's.
 */
int fe_load_game(const char *path, struct game *g, struct cerr *e);

/*
 * The moves of a call, in order: the lines of a moves file (one a line;
 * blank lines and # comments skipped, as batch_line_move cuts them), then
 * the MOVE arguments.  A move line is FE_MOVE_MAX bytes at most.
 *
 * fe_moves_open: path names the moves file ("-": stdin; NULL: none);
 * argv[0..argc) are the arguments, borrowed.  A file is opened and read a
 * line at a time by fe_moves_next; a pipe or a terminal is read now, whole
 * (FE_MAX_INPUT at most, C_INPUT beyond), so that nothing waits on it once
 * the game is locked.  C_SYSTEM when it cannot be opened or read.
 * fe_moves_next: the next move's text in *text (borrowed until the next
 * call), NULL after the last one; mv->n is its number, from 1.  A line
 * longer than FE_MOVE_MAX bytes, or holding a NUL byte, is refused as move
 * n (C_ILLEGAL, in batch_name_move's form) and nothing past it is read;
 * read errors are C_SYSTEM.  fe_moves_close frees what mv holds.
 */
#define FE_MOVE_MAX 4096
struct batch_refusal;
struct fe_moves {
	FILE *f;		/* the moves file, or NULL when done with it */
	const char *name;	/* what messages call it */
	char *buf;		/* a pipe's moves, read at once; f reads them */
	int own;		/* f is ours to close */
	char **argv;
	int argc, next;
	size_t n;		/* moves given so far */
	struct batch_refusal *refusal;	/* NULL, or where a line refused is recorded (batch_name_move) */
	char line[FE_MOVE_MAX + 1];
};
int fe_moves_open(struct fe_moves *mv, const char *path, int argc, char **argv, struct cerr *e);
int fe_moves_next(struct fe_moves *mv, const char **text, struct cerr *e);
void fe_moves_close(struct fe_moves *mv);

/*
 * fe_at: the value of --at (a move number, negative from the end) into *n.
 * C_OK, or C_USAGE reported with cmd's usage ("--at: 'x' is not a move
 * number"), or with json as a JSON line (fe_usagef_as).
 */
struct fe_cmd;
int fe_at(const struct fe_cmd *cmd, int json, const char *arg, long *n);

struct newgame;
struct rules;
/*
 * The options of a new game, as catan-newboard(1) takes them, for every
 * command that makes games (catan-newboard, catan-match): each parses its
 * option's value into o (or r) and returns C_OK, or reports a usage error
 * with cmd's usage ("--players: unknown colour 'pink' ...") and returns
 * C_USAGE.  fe_newgame_players: --players COLOURS (seat order; NG_COLOURS
 * added to *named); fe_newgame_rule: --rules KEY=VALUE (NG_VARIANT added
 * to *named for variant=); fe_newgame_neutral: --neutral A,B;
 * fe_newgame_numbers: --numbers spiral|random (fe_numbers_words);
 * fe_newgame_harbours: --harbours shuffled|fixed (fe_harbours_words).
 * fe_rule_values: the completions of --rules for cur (fe_cmd.values).
 * fe_newgame_settle: newgame_settle (model/state.h) of what the options
 * named, its refusal reported as a usage error with cmd's usage.
 */
int fe_newgame_players(const struct fe_cmd *cmd, const char *arg, struct newgame *o, unsigned *named);
int fe_newgame_rule(const struct fe_cmd *cmd, const char *arg, struct rules *r, unsigned *named);
int fe_newgame_settle(const struct fe_cmd *cmd, struct newgame *o, unsigned named, int players);
int fe_newgame_neutral(const struct fe_cmd *cmd, const char *arg, struct newgame *o);
int fe_newgame_numbers(const struct fe_cmd *cmd, const char *arg, struct newgame *o);
extern const char *const fe_numbers_words[];
int fe_newgame_harbours(const struct fe_cmd *cmd, const char *arg, struct newgame *o);
extern const char *const fe_harbours_words[];
void fe_rule_values(const char *cur);

#endif
