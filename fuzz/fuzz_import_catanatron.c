/* fuzz_import_catanatron: the reader of catanatron's JSON export, with import_check.h's promises. */
#include "import_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	import_check(IMPORT_CATANATRON, data, size);
	return 0;
}
