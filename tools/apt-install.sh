#!/usr/bin/env bash
# Installs Debian packages for the tests, as root or through sudo, and fails saying what
# needs them when it cannot: tools/apt-install.sh WHAT-NEEDS-THEM PACKAGE... (the callers
# first check whether what they need is there already).
set -euo pipefail
why=$1
shift
if [ "$(id -u)" -eq 0 ]; then
	sudo=()
elif command -v sudo >/dev/null 2>&1; then
	sudo=(sudo)
else
	echo "test: need root or sudo to apt-get install $*, which $why need (or install it yourself: apt-get install $*)" >&2
	exit 1
fi
if ! { "${sudo[@]}" apt-get update -q && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"; }; then
	echo "test: $* could not be installed, and $why need it (apt-get install $*)" >&2
	exit 1
fi
