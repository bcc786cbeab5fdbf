/* palette.c: the players' SVG colours, one table for every picture. */
#include "palette.h"
#include "types.h"

static const char *const fill[NCOLOUR] = { "#d32f2f", "#1e63c6", "#fafafa", "#f57c00" };
static const char *const ink[NCOLOUR] = { "#c62828", "#1e63c6", "#707070", "#e65100" };

const char *palette_fill(int c)
{
	return fill[c];
}

const char *palette_ink(int c)
{
	return ink[c];
}
