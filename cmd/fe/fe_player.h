/* fe_player.h: a program that plays a seat (catan-player(5)), run as a child process with timeouts. */
#ifndef CATAN_FE_PLAYER_H
#define CATAN_FE_PLAYER_H

#include <stddef.h>
#include <sys/types.h>

#include "play/match.h"

/*
 * A program run by "/bin/sh -c COMMAND" in a process group of its own,
 * its standard input and output one socket to this process (its standard
 * error is ours).  Every call waits at most ms milliseconds: none can hang
 * on a program that is silent, stops reading, or dies.  On failure a call
 * returns -1 with why ("start", "exit", "timeout", "long", "nul": a NUL
 * byte in the line) and a detail
 * for the record; the program must then be stopped.
 *
 * fe_player_start: starts p->cmd.  fe_player_send: writes len bytes.
 * fe_player_recv: one line, without its newline, into line (n bytes).
 * fe_player_stop: closes the program's input, gives it a moment to exit,
 * then kills its process group, and reaps it; a stopped or never started
 * player may be stopped again.
 */
#define FE_PLAYER_BUF 8192
struct fe_player {
	const char *cmd;	/* borrowed */
	pid_t pid;		/* 0: not running */
	int fd;
	size_t have;		/* bytes read but not yet returned */
	char buf[FE_PLAYER_BUF];
};
int fe_player_start(struct fe_player *p, char why[MATCH_WHY], char detail[MATCH_DETAIL]);
int fe_player_send(struct fe_player *p, const char *text, size_t len, int ms, char why[MATCH_WHY],
		   char detail[MATCH_DETAIL]);
int fe_player_recv(struct fe_player *p, char *line, size_t n, int ms, char why[MATCH_WHY],
		   char detail[MATCH_DETAIL]);
void fe_player_stop(struct fe_player *p);

#endif
