# Brass: Birmingham in the browser. GNU make.
#   make build   wasm client (web/app.wasm), the bots' worker wasm (web/bot.wasm), their data
#                packed for compression (tools/wasmpack), precompressed .br/.gz
#   make run     build, then serve http://localhost:8000 (PORT overrides)
#   make test    format, vet, native tests, engine tests under wasm, build, browser tests
#   make measure the speed figures of docs/figures.md (e2e/measure.js; RUNS=5 runs per median)
#   make soak-online  the online protocol's simulator over many seeds (docs/online.md)
#   make mailbox-crash  the mailbox's crash loop: its server killed -9 mid-append CRASH_KILLS times
#   make mailbox-load   the mailbox's load figures on loopback (tools/mailboxload; LOAD_FLAGS)

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := build

GO ?= go
# Brotli quality for web/app.wasm.br: 11 is the smallest (about 40 s on two
# cores); `make run BROTLI_QUALITY=9` takes about 2 s for a 16 % bigger file.
BROTLI_QUALITY ?= 11
SERVER_BIN := bin/brass
# The client is compiled without inlining except in the Go runtime, the engine
# and syscall/js (every DOM call): inlined code compresses worse than calls, and
# this made app.wasm.br 1.97 MB instead of 2.08 MB with no change in start-up,
# game-open or click times beyond the machine's noise (docs/figures.md). The
# bots' worker keeps full inlining: it is where the engine's speed matters.
APP_GCFLAGS := -gcflags=all=-l -gcflags=runtime= -gcflags=internal/runtime/...= \
	-gcflags=brass/engine= -gcflags=syscall/js=

.PHONY: build server run test fmt-check vet test-deps test-go test-wasm e2e measure soak-online mailbox-crash mailbox-load clean

build:
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' $(APP_GCFLAGS) -o web/app.wasm .
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o web/bot.wasm ./app/botworker
	$(GO) run ./tools/wasmpack web/app.wasm web/bot.wasm
	$(GO) run ./tools/compress -quality $(BROTLI_QUALITY) web/app.wasm
	$(GO) run ./tools/compress -quality $(BROTLI_QUALITY) web/bot.wasm

server:
	$(GO) build -trimpath -o $(SERVER_BIN) .

run: build server
	./$(SERVER_BIN)

test: fmt-check vet test-deps test-go test-wasm build e2e

fmt-check:
	@files="$$(find . -name '*.go' -not -path './e2e/node_modules/*' -not -path './.git/*' -print0 | xargs -0 gofmt -l)"; \
	if [ -n "$$files" ]; then echo "gofmt: these files need formatting:"; echo "$$files"; exit 1; fi; \
	echo "gofmt: ok"

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./...

# coturn's turnserver, for the online tests over a real TURN relay; PostgreSQL, for the
# PostgreSQL mailbox store's tests on a throwaway cluster.
test-deps:
	tools/ensure-coturn.sh
	tools/ensure-postgres.sh

test-go:
	$(GO) test ./...

# The engine's tests again, compiled to wasm and run under Node
# (go_js_wasm_exec from the Go distribution).
test-wasm:
	PATH="$$($(GO) env GOROOT)/lib/wasm:$$PATH" GOOS=js GOARCH=wasm $(GO) test ./engine/...

e2e:
	e2e/run.sh

# Speed figures in headless Chromium on loopback (first load, game screen, click to
# paint over played rounds, bots, online latency, wasm sizes): medians of RUNS runs,
# each line saying how it was taken. Best on a quiet machine (it prints the load average).
RUNS ?= 5
measure: build
	e2e/run.sh measure --runs $(RUNS)

# The online protocol's deterministic simulator (app/online): SIM_SEEDS games of each of its
# thirteen scenarios (100,100 games), in parallel over the cores (make test runs their first
# seeds and the seeds soaks failed on, 50 games). A failure names its seed and the command that replays it.
SIM_SEEDS ?= 7700
SIM_FIRST ?= 1
soak-online:
	$(GO) test ./app/online -run 'TestSimulation$$' -sim-seeds $(SIM_SEEDS) -sim-first $(SIM_FIRST) -timeout 0 -v | grep -v -e '^=== ' -e '--- PASS'

# The mailbox's crash loop (mailbox/crash_test.go): its server, a separate process over SQLite
# and then over PostgreSQL, killed with SIGKILL CRASH_KILLS times in the middle of appends while
# clients retry; no acknowledged message lost or doubled, the log the same on every read
# (make test runs it with 8 kills).
CRASH_KILLS ?= 100
mailbox-crash: test-deps
	$(GO) test ./mailbox -run 'TestCrashLoop' -crash-kills $(CRASH_KILLS) -count 1 -timeout 0 -v

# The mailbox's load figures (tools/mailboxload): stored games, connected devices appending,
# append-to-delivery latency, catch-up, two instances on one PostgreSQL; each line says how it
# was taken. LOAD_FLAGS, e.g. '-store postgres' or '-games 1000 -duration 20s'.
LOAD_FLAGS ?=
mailbox-load: test-deps
	$(GO) run ./tools/mailboxload $(LOAD_FLAGS)

clean:
	rm -rf bin web/app.wasm web/app.wasm.br web/app.wasm.gz web/bot.wasm web/bot.wasm.br web/bot.wasm.gz web/*.settings
