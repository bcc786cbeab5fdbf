/* import_catan.c: the .catan transcription (catanlog): a header with the board, then one public action a line. */
#include "import_int.h"

int import_catan(const char *buf, size_t len, const char *name, struct game *g, struct cerr *e)
{
	return cerr_set(e, C_INPUT, "%s:1: the .catan format is not read yet", name);
}
