/* fuzz_import_catan: the reader of the .catan transcription, with import_check.h's promises. */
#include "import_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	import_check(IMPORT_CATAN, data, size);
	return 0;
}
