/* render_panel.h: what the text and SVG renderers share: options and the side panel. */
#ifndef CATAN_RENDER_PANEL_H
#define CATAN_RENDER_PANEL_H

#include <stddef.h>

#include "buf.h"
#include "err.h"
#include "model/types.h"

/* How to draw a game; render_opts_default gives the plain compact picture. */
struct render_opts {
	int labels;		/* 1: intersection numbers and path names on the board */
	int colour;		/* text: 1 for ANSI colour escapes */
	int nlog;		/* how many of the last log lines to list (0: none; at most PANEL_MAXLOG) */
	int screen;		/* text: the terminal layout of 80 by 24 (render_text.h) */
	int width;		/* text: the columns the board and the panel may take (render_text.h; 0: no limit) */
	int board_only;		/* 1: the board alone, without the panel */
	int large;		/* SVG: large print, the board alone (render_svg.h) */
	/* text: an earlier position of the same board; what differs from it is drawn bold and underlined */
	const struct position *since;
};

void render_opts_default(struct render_opts *o);

/*
 * The side panel: the game in words, one line each, at most PANEL_WIDTH
 * characters, or the options' width when it is less (but at least
 * PANEL_MIN_WIDTH; long lines are wrapped): whose turn and what is pending,
 * one block per player, the last moves.  Each line knows the seat it is
 * about (NOBODY when none) and its kind, so that each renderer can
 * colour it.  Only what the document holds is shown: in a view, other
 * players' hands and development cards are counts.
 */
#define PANEL_WIDTH 78
#define PANEL_MAXLOG 150	/* log lines listed at most, whatever nlog asks */
#define PANEL_MAXLINES (64 + 2 * PANEL_MAXLOG)

enum panel_kind { PK_TITLE, PK_TEXT, PK_PLAYER, PK_HEAD, PK_LOG };

struct panel_line {
	int8_t seat;
	uint8_t kind;		/* enum panel_kind */
	char text[PANEL_WIDTH + 2];
};

struct panel {
	int n;
	int width;		/* the lines' width: PANEL_WIDTH, or less in the screen layout */
	struct panel_line line[PANEL_MAXLINES];
};

/* panel_build: the panel of g (a state, a view or a record) into *pn. */
void panel_build(const struct game *g, const struct render_opts *o, struct panel *pn);

/*
 * panel_build_screen: the short panel of the screen layout, lines of
 * at most width characters (up to PANEL_WIDTH): where the game stands,
 * the bank, a line or two a player, then as many of the last moves as
 * leave the panel at most rows lines.  When the last player's line would
 * fall below rows (six players), the cards under the players' lines go:
 * the others' first, then the player to move's, then the viewer's.
 * Narrower than PANEL_MIN_WIDTH, it is left empty.
 */
#define PANEL_MIN_WIDTH 16
void panel_build_screen(const struct game *g, int width, int rows, struct panel *pn);

/* render_position: the position a picture shows: the current one, or a record's start. */
const struct position *render_position(const struct game *g);

/*
 * Player letters: r b w o g n for settlements and roads, upper case for
 * cities (brown is n, the letter of its name that no other colour takes).
 */
extern const char render_letter[NCOLOUR];

/* render_pips: how many dots a number token of rule set rs carries (2 and 12: 1; 6 and 8: 5). */
int render_pips(const struct ruleset *rs, int token);

#endif
