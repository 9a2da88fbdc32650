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
if [ "$(id -u)" -eq 0 ]; then
	sudo=()
elif command -v sudo >/dev/null 2>&1; then
	sudo=(sudo)
else
	echo "test: need root or sudo to apt-get install coturn, which the TURN tests need (or install it yourself: apt-get install coturn)" >&2
	exit 1
fi
if ! { "${sudo[@]}" apt-get update -q && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends coturn; }; then
	echo "test: coturn could not be installed, and the TURN tests need it (apt-get install coturn)" >&2
	exit 1
fi
