/* fuzz.h: what every fuzz target shares: the libFuzzer entry point and a check that stops the run. */
#ifndef CATAN_FUZZ_H
#define CATAN_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* FUZZ_CHECK: a property the target promises; a failure is a finding, saved by libFuzzer as a crash. */
#define FUZZ_CHECK(cond, what)                                                              \
	do {                                                                                \
		if (!(cond)) {                                                              \
			fprintf(stderr, "%s:%d: broken promise: %s\n", __FILE__, __LINE__, what); \
			abort();                                                            \
		}                                                                           \
	} while (0)

/* fuzz_text: data as a NUL-terminated string in a malloc'd copy (NULL when memory runs out). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (s) {
		for (size_t i = 0; i < size; i++)
			s[i] = (char)data[i];
		s[size] = '\0';
	}
	return s;
}

#endif
