#!/usr/bin/env bash
# Installs coturn (Debian package) when its turnserver is missing, for the online tests that
# relay through a real TURN server on loopback (internal/turntest). Only the binary is used:
# the tests start it themselves with a generated config; no system service is needed.
# Where it cannot be installed this fails, as the tests would: they are never skipped.
set -euo pipefail
if command -v turnserver >/dev/null 2>&1; then
	exit 0
fi
echo "test: turnserver not found: installing Debian's coturn"
"$(dirname "$0")/apt-install.sh" "the TURN tests" coturn
