/* palette.h: the one set of SVG colours for the players, shared by the board and the score chart. */
#ifndef CATAN_PALETTE_H
#define CATAN_PALETTE_H

/*
 * palette_fill: the fill of player colour c (enum colour) in every SVG
 * picture: the board's pieces and the chart's lines.  An "#rrggbb" string
 * with static storage; c must be below NCOLOUR.
 */
const char *palette_fill(int c);

/*
 * palette_ink: text in colour c on a light ground: the same hue as
 * palette_fill, darker where the fill would not read (white is drawn
 * grey).  An "#rrggbb" string with static storage; c must be below NCOLOUR.
 */
const char *palette_ink(int c);

/*
 * palette_on_fill: text written on palette_fill(c): white or black,
 * whichever reads.  A "#rgb" string with static storage; c must be below
 * NCOLOUR.
 */
const char *palette_on_fill(int c);

#endif
