/* fuzz_import_jsettlers: the reader of JSettlers2's event logs, with import_check.h's promises. */
#include "import_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	import_check(IMPORT_JSETTLERS, data, size);
	return 0;
}
