#!/usr/bin/env bash
# Browser end-to-end tests: headless Debian Chromium driven by playwright-core
# (never a downloaded browser) against the real server on a loopback port.
#
# Installs what is missing: Debian's chromium (apt, as root or with sudo) and
# the npm packages pinned in e2e/package-lock.json (npm ci, only when
# node_modules is missing or the lockfile changed). Builds web/app.wasm if
# absent (make build) and the server binary bin/brass, starts the server,
# runs `node --test e2e/tests/`, and always stops the server.
#
# `e2e/run.sh measure [--runs N] [section…]` runs the speed measurements
# (e2e/measure.js, `make measure`) against the same server instead of the tests.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium}
export CHROMIUM_PATH

if [ ! -x "$CHROMIUM_PATH" ]; then
	echo "e2e: $CHROMIUM_PATH not found: installing Debian's chromium"
	if [ "$(id -u)" -eq 0 ]; then
		sudo=()
	elif command -v sudo >/dev/null 2>&1; then
		sudo=(sudo)
	else
		echo "e2e: need root or sudo to apt-get install chromium" >&2
		exit 1
	fi
	"${sudo[@]}" apt-get update -q
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
fi

lock_sum=$(cat e2e/package.json e2e/package-lock.json | sha256sum | cut -d' ' -f1)
stamp=e2e/node_modules/.brass-lock-sha256
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$lock_sum" ]; then
	echo "e2e: npm ci"
	(cd e2e && npm ci --no-audit --no-fund --loglevel=error)
	echo "$lock_sum" >"$stamp"
fi

if [ ! -f web/app.wasm ] || [ ! -f web/bot.wasm ]; then
	make build
fi
go build -trimpath -o bin/brass .

# A free loopback port in 18000-19999.
port=""
for _ in $(seq 1 50); do
	candidate=$((18000 + RANDOM % 2000))
	if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
		port=$candidate
		break
	fi
done
if [ -z "$port" ]; then
	echo "e2e: no free port found" >&2
	exit 1
fi

log=$(mktemp -t brass-e2e-server.XXXXXX.log)
# The servers of the run keep their mailboxes in a directory of their own, not ./data.
BRASS_DATA=$(mktemp -d -t brass-e2e-data.XXXXXX)
export BRASS_DATA
HOST=127.0.0.1 PORT=$port ./bin/brass >"$log" 2>&1 &
server_pid=$!
cleanup() {
	kill "$server_pid" 2>/dev/null || true
	wait "$server_pid" 2>/dev/null || true
	rm -rf "$log" "$BRASS_DATA"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

export BRASS_URL="http://127.0.0.1:$port"
for i in $(seq 1 100); do
	if curl -fsS -o /dev/null --max-time 2 "$BRASS_URL/" 2>/dev/null; then
		break
	fi
	if ! kill -0 "$server_pid" 2>/dev/null || [ "$i" -eq 100 ]; then
		echo "e2e: server did not come up on $BRASS_URL; its log:" >&2
		cat "$log" >&2
		exit 1
	fi
	sleep 0.1
done
echo "e2e: server up: $(cat "$log")"

status=0
if [ "${1:-}" = measure ]; then
	shift
	timeout --kill-after=10 1800 node e2e/measure.js "$@" || status=$?
	exit "$status"
fi
# One test file at a time (the load-time figures want a quiet machine); each
# test bounds its own waits, and the whole run is capped at 20 minutes (it takes
# about 12 on a quiet 2-core machine; a loaded one took over 15).
out=$(mktemp -t brass-e2e-out.XXXXXX.log)
set +e
timeout --kill-after=10 1200 node --test --test-reporter=spec --test-concurrency=1 --test-timeout=600000 e2e/tests/ 2>&1 | tee "$out"
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
	# The server's last lines (a line per room entered, left or refused), then the failures
	# again, so that the end of the output, which CI shows, says what failed and why.
	echo "e2e: failed (exit $status); the server log's last 40 of $(wc -l <"$log") lines:" >&2
	tail -n 40 "$log" >&2
	echo "e2e: the failures again:" >&2
	sed -n '/failing tests:/,$p' "$out" >&2
fi
rm -f "$out"
exit "$status"
