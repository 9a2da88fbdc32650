#!/usr/bin/env bash
# Installs PostgreSQL (Debian package) when its initdb is missing, for the tests of the
# PostgreSQL mailbox store, which run a throwaway cluster on loopback (internal/pgtest). Only
# the programs are used: the tests initdb and start their own cluster in a temporary
# directory; the system's cluster and service are not needed. Where it cannot be installed
# this fails, as the tests would: they are never skipped.
set -euo pipefail
if command -v initdb >/dev/null 2>&1 || compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
	exit 0
fi
echo "test: PostgreSQL's initdb not found: installing Debian's postgresql"
if [ "$(id -u)" -eq 0 ]; then
	sudo=()
elif command -v sudo >/dev/null 2>&1; then
	sudo=(sudo)
else
	echo "test: need root or sudo to apt-get install postgresql, which the PostgreSQL store's tests need (or install it yourself: apt-get install postgresql)" >&2
	exit 1
fi
if ! { "${sudo[@]}" apt-get update -q && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends postgresql; }; then
	echo "test: postgresql could not be installed, and the PostgreSQL store's tests need it (apt-get install postgresql)" >&2
	exit 1
fi
if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null && ! command -v initdb >/dev/null 2>&1; then
	echo "test: postgresql was installed but no initdb is under /usr/lib/postgresql/*/bin or on PATH" >&2
	exit 1
fi
