/* unit.h: a minimal TAP-style checker for the C-level tests of libcore. */
#ifndef CATAN_UNIT_H
#define CATAN_UNIT_H

#include <stdio.h>

/* The running counts live in the test program's main and are passed down. */
struct unit {
	int run, failed;
};

/* CHECK: records one check; prints "not ok" with the expression and place when it fails. */
#define CHECK(u, cond, ...)                                                                   \
	do {                                                                                  \
		(u)->run++;                                                                   \
		if (!(cond)) {                                                                \
			(u)->failed++;                                                        \
			printf("not ok %d - %s:%d: %s: ", (u)->run, __FILE__, __LINE__, #cond); \
			printf(__VA_ARGS__);                                                  \
			printf("\n");                                                         \
		}                                                                             \
	} while (0)

#endif
