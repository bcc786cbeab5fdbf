/* fuzz_import_jsettlers_save: the reader of JSettlers2's saved games, with import_check.h's promises. */
#include "import_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	import_check(IMPORT_JSETTLERS_SAVE, data, size);
	return 0;
}
