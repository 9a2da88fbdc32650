#!/usr/bin/env bash
# Installs PostgreSQL (Debian package) when its initdb is missing, for the tests of the
# PostgreSQL mailbox store, which run a throwaway cluster on loopback (internal/pgtest). Only
# the programs are used: the tests initdb and start their own cluster in a temporary
# directory; the system's cluster and service are not needed. Where it cannot be installed
# this fails, as the tests would: they are never skipped.
set -euo pipefail
have() { command -v initdb >/dev/null 2>&1 || compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; }
if have; then
	exit 0
fi
echo "test: PostgreSQL's initdb not found: installing Debian's postgresql"
"$(dirname "$0")/apt-install.sh" "the PostgreSQL store's tests" postgresql
if ! have; then
	echo "test: postgresql was installed but no initdb is under /usr/lib/postgresql/*/bin or on PATH" >&2
	exit 1
fi
