#!/bin/sh
# catan-referee: a play-by-email referee (catan-referee(1), docs/pbem.md).  The referee is
# written in Python, for its email package, and installed in LIBEXECDIR/catan-tools beside
# BINDIR; it runs the catan-move and catan-render of this BINDIR, whatever PATH holds.
self=$(readlink -f "$0" 2>/dev/null) || self=$0
prog=${self%/*}/../libexec/catan-tools/catan-referee
if [ ! -x "$prog" ]; then
	echo "catan-referee: cannot find $prog" >&2
	exit 75
fi
CATAN_TOOLS_VERSION=@VERSION@ exec "$prog" "$@"
