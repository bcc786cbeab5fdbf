/* palette.c: the players' SVG colours, one table for every picture. */
#include "render/palette.h"
#include "model/types.h"

/*
 * Green and brown are told apart from the four and from the terrains: a
 * green lighter than the forest hexes and far in hue from the blue; a
 * brown dark and greyish, far from the orange's brightness and from the
 * red and the hills.
 */
static const char *const fill[NCOLOUR] = { "#d32f2f", "#1e63c6", "#fafafa", "#f57c00", "#43a047", "#6d4c41" };
static const char *const ink[NCOLOUR] = { "#c62828", "#1e63c6", "#707070", "#e65100", "#2e7d32", "#5d4037" };
/* White on the dark fills, black on the white and the orange. */
static const char *const on_fill[NCOLOUR] = { "#fff", "#fff", "#111", "#111", "#fff", "#fff" };

const char *palette_fill(int c)
{
	return fill[c];
}

const char *palette_ink(int c)
{
	return ink[c];
}

const char *palette_on_fill(int c)
{
	return on_fill[c];
}
