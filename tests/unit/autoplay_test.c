/* autoplay_test: unit tests of the automatic players' internals (autoplay.c is compiled in whole). */
#include <stdio.h>
#include <string.h>

/* The file itself, so its static helpers can be called; its objects then come from here, not libcore.a. */
#include "../../libcore/catan/play/autoplay.c"

#include "unit.h"

/* choice_below among zero moves answers 0 instead of dividing by zero. */
static void choice_among_none(struct unit *u)
{
	struct autoplay a;
	struct game g;
	volatile uint32_t none = 0; /* not a constant the compiler may fold the division by */

	memset(&a, 0, sizeof a);
	game_init(&g);
	CHECK(u, choice_below(&a, &g, 0, none) == 0, "a draw among none");
	CHECK(u, choice_below(&a, &g, 0, 1) == 0, "a draw among one");
	a.moves = 12345;
	CHECK(u, choice_below(&a, &g, 0, 7) < 7, "a draw among seven");
	/* A view, and a game whose outcomes are external, draw from what every player sees. */
	g.rules.outcomes = OUT_EXTERNAL;
	CHECK(u, choice_below(&a, &g, chooses_in_public(&g), none) == 0, "a draw among none, external outcomes");
	CHECK(u, choice_below(&a, &g, chooses_in_public(&g), 7) < 7, "a draw among seven, external outcomes");
	game_free(&g);
}

int main(void)
{
	struct unit u = { 0, 0 };
	choice_among_none(&u);
	printf("autoplay_test: %d passed, %d failed\n", u.run - u.failed, u.failed);
	return u.failed != 0;
}
