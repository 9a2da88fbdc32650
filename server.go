//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/netip"
	"os"
	ossignal "os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"brass/mailbox"
	"brass/push"
	"brass/signal"

	"github.com/andybalholm/brotli"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

const (
	defaultPort = "8000"

	// webDir is where go-app's default resource resolver (app.LocalDir(""))
	// looks for /web/... files: relative to the process's working
	// directory, so the server must be started from the repository root.
	webDir = "web"

	wasmURL = "/web/app.wasm"

	// botWasmURL is the bot-only wasm that the bots' Web Worker (web/botworker.js) runs.
	botWasmURL = "/web/bot.wasm"

	// signalURL is the WebSocket endpoint that introduces online players to each other.
	signalURL = "/signal"

	// earlyDialogsURL serves the start screen's dialogs for web/early.js (server_prerender.go).
	earlyDialogsURL = "/early-dialogs.html"
)

// serve runs the HTTP server until SIGINT or SIGTERM.
func serve() {
	log.SetFlags(0)
	log.SetPrefix("brass: ")

	wasm, err := loadWasm(filepath.Join(webDir, "app.wasm"))
	if err != nil {
		log.Fatalf("%v (build it first with `make build`, and start the server from the repository root)", err)
	}
	bots, err := loadWasm(filepath.Join(webDir, "bot.wasm"))
	if err != nil {
		log.Printf("%v: the bots cannot play (build it with `make build`)", err)
		bots = nil
	}

	sigCfg, mbOpts, pushOpts, err := parseServerOptions(os.Args[1:], os.Getenv)
	if err != nil {
		log.Fatal(err)
	}
	if mbOpts.backup != "" {
		backupStore(mbOpts)
		return
	}
	hub := signal.NewServer(sigCfg)
	defer hub.Close()

	var post *mailbox.Server
	var pushSvc *push.Service
	if mbOpts.on {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		st, where, err := openStore(ctx, mbOpts)
		cancel()
		if err != nil {
			log.Fatal(err)
		}
		defer st.Close()
		post = mailbox.NewServer(st, mbOpts.cfg)
		defer post.Close()
		log.Printf("mailbox at %s, in %s: %s", mailboxURL, where, describeMailbox(mbOpts.cfg))
		if pushOpts.on {
			if pushSvc, err = openPush(pushOpts, st); err != nil {
				log.Fatal(err)
			}
			defer pushSvc.Close()
			log.Printf("web push at %s (VAPID subject %s)", push.Prefix, pushOpts.subject)
		}
	}

	port := os.Getenv("PORT")
	if port == "" {
		port = defaultPort
	}
	// HOST is optional: empty listens on all interfaces; the browser tests
	// set 127.0.0.1.
	addr := net.JoinHostPort(os.Getenv("HOST"), port)

	version := offeredCatalogs().versioned(appVersion(wasm, bots))
	srv := &http.Server{
		Addr:              addr,
		Handler:           withPush(newMux(newAppHandler(version, len(wasm.raw)), wasm, bots, hub, post), pushSvc),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}

	ln, err := net.Listen("tcp", addr)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("serving on http://localhost:%s (listening on %s; version %s; wasm %d bytes, gzip %d, brotli %d)",
		port, ln.Addr(), version, len(wasm.raw), len(wasm.gz), len(wasm.br))
	log.Printf("signalling at %s; ICE servers handed out: %s", signalURL, describeICE(sigCfg))
	log.Printf("signalling limits: %s", describeLimits(sigCfg))

	ctx, stop := ossignal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()

	select {
	case err := <-errc:
		log.Fatal(err)
	case <-ctx.Done():
		hub.Close() // hijacked WebSockets are not closed by Shutdown
		if post != nil {
			post.Close()
		}
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(shutdownCtx); err != nil {
			log.Printf("shutdown: %v", err)
		}
		log.Print("stopped")
	}
}

// newMux routes /web/app.wasm and /web/bot.wasm to the precompressed wasm
// (bots may be nil when it was not built), /signal to the signalling server,
// /mailbox and /healthz to the mailbox (nil when it is off: /healthz then only
// says the server is up) and everything else to go-app.
func newMux(appHandler http.Handler, wasm, bots *wasmAsset, hub http.Handler, post *mailbox.Server) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle(wasmURL, wasm)
	if bots != nil {
		mux.Handle(botWasmURL, bots)
	}
	mux.Handle(signalURL, hub)
	if post != nil {
		mux.Handle(mailboxURL, post)
		mux.Handle(healthURL, post.Health())
	} else {
		mux.HandleFunc(healthURL, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"ok":true,"mailbox":false}`+"\n")
		})
	}
	mux.Handle(earlyDialogsURL, withPrerenderFix(earlyDialogs()))
	mux.Handle("/", withPrerenderFix(appHandler))
	return mux
}

// signalConfig reads the signalling options from flags, with environment
// variables as defaults:
//
//	-ice-servers / BRASS_ICE_SERVERS  JSON list of STUN/TURN servers handed to
//	                                  every player, as RTCPeerConnection takes
//	                                  them: [{"urls":["turn:host:3478"],
//	                                  "username":"u","credential":"p"}]
//	-turn-url / BRASS_TURN_URL        a coturn server in use-auth-secret mode
//	-turn-secret / BRASS_TURN_SECRET  its static-auth-secret: the server then
//	                                  mints a 12-hour credential per player
//	-origins / BRASS_ORIGINS          comma-separated hosts of other origins
//	                                  allowed to connect (the page's own host
//	                                  always is)
//	-trust-proxy / BRASS_TRUST_PROXY  count clients by X-Forwarded-For (behind a
//	                                  reverse proxy), read from the right
//	-trusted-proxies / BRASS_TRUSTED_PROXIES
//	                                  comma-separated CIDRs or addresses of
//	                                  those proxies (default 127.0.0.1,::1)
//	-conns-per-addr, -rooms-per-addr, -hosts-per-min, -joins-per-min
//	  (BRASS_CONNS_PER_ADDR, …)       per-address limits (see signal.Config)
//
// The default is no ICE server at all: players on one network (and on
// localhost) connect directly.
func signalConfig(args []string, getenv func(string) string) (signal.Config, error) {
	cfg, _, err := parseOptions(args, getenv)
	return cfg, err
}

// parseOptions reads the signalling's and the mailbox's options (parseServerOptions).
func parseOptions(args []string, getenv func(string) string) (signal.Config, mailboxOptions, error) {
	sig, mb, _, err := parseServerOptions(args, getenv)
	return sig, mb, err
}

// parseServerOptions reads every option of the server, the signalling's, the mailbox's and
// Web Push's, from one set of flags (environment variables give the defaults).
func parseServerOptions(args []string, getenv func(string) string) (signal.Config, mailboxOptions, pushOptions, error) {
	fs := flag.NewFlagSet("brass", flag.ContinueOnError)
	finishSignal := signalFlags(fs, getenv)
	finishMailbox := mailboxFlags(fs, getenv)
	finishPush := pushFlags(fs, getenv)
	if err := fs.Parse(args); err != nil {
		return signal.Config{}, mailboxOptions{}, pushOptions{}, err
	}
	sig, err := finishSignal()
	if err != nil {
		return sig, mailboxOptions{}, pushOptions{}, err
	}
	mb, err := finishMailbox(sig)
	if err != nil {
		return sig, mb, pushOptions{}, err
	}
	ps, err := finishPush(sig, mb)
	return sig, mb, ps, err
}

// signalFlags declares the signalling's flags; the function it returns reads them once
// parsed.
func signalFlags(fs *flag.FlagSet, getenv func(string) string) func() (signal.Config, error) {
	ice := fs.String("ice-servers", getenv("BRASS_ICE_SERVERS"), "JSON list of ICE (STUN/TURN) servers for the players")
	turnURL := fs.String("turn-url", getenv("BRASS_TURN_URL"), "TURN server URL (coturn, use-auth-secret mode)")
	turnSecret := fs.String("turn-secret", getenv("BRASS_TURN_SECRET"), "coturn's static-auth-secret, to mint credentials")
	origins := fs.String("origins", getenv("BRASS_ORIGINS"), "other origins (hosts) allowed to use the signalling endpoint")
	trust := fs.Bool("trust-proxy", getenv("BRASS_TRUST_PROXY") == "true", "take the client's address from X-Forwarded-For, read from the right")
	proxies := fs.String("trusted-proxies", orDefault(getenv("BRASS_TRUSTED_PROXIES"), "127.0.0.1,::1"), "comma-separated CIDRs of the reverse proxies trusted under -trust-proxy")
	d := signal.DefaultConfig()
	limits := intFlags{fs: fs, getenv: getenv}
	conns := limits.add("conns-per-addr", "BRASS_CONNS_PER_ADDR", d.MaxConnsPerAddr, "open connections per address")
	rooms := limits.add("rooms-per-addr", "BRASS_ROOMS_PER_ADDR", d.MaxRoomsPerAddr, "rooms one address keeps (an empty one counts until forgotten)")
	hosts := limits.add("hosts-per-min", "BRASS_HOSTS_PER_MIN", int(d.HostsPerMinute), "rooms one address may open per minute")
	joins := limits.add("joins-per-min", "BRASS_JOINS_PER_MIN", int(d.EntriesPerMinute), "requests for rooms (host, join, reopen) per minute per address")
	return func() (signal.Config, error) {
		if limits.err != nil {
			return signal.Config{}, limits.err
		}
		if err := limits.check(); err != nil {
			return signal.Config{}, err
		}
		cfg := signal.Config{
			MaxConnsPerAddr:  *conns,
			MaxRoomsPerAddr:  *rooms,
			HostsPerMinute:   float64(*hosts),
			EntriesPerMinute: float64(*joins),
			Logf:             log.Printf,
		}
		cfg.TrustForwardedFor = *trust
		for _, p := range strings.Split(*proxies, ",") {
			if p = strings.TrimSpace(p); p == "" {
				continue
			}
			prefix, err := parsePrefix(p)
			if err != nil {
				return cfg, fmt.Errorf("-trusted-proxies: %v", err)
			}
			cfg.TrustedProxies = append(cfg.TrustedProxies, prefix)
		}
		if cfg.TrustForwardedFor && len(cfg.TrustedProxies) == 0 {
			return cfg, fmt.Errorf("-trust-proxy needs -trusted-proxies")
		}
		if *ice != "" {
			if err := json.Unmarshal([]byte(*ice), &cfg.ICEServers); err != nil {
				return cfg, fmt.Errorf("-ice-servers: not a JSON list of ICE servers: %v", err)
			}
			for _, s := range cfg.ICEServers {
				if len(s.URLs) == 0 {
					return cfg, fmt.Errorf("-ice-servers: an ICE server without urls")
				}
			}
		}
		if (*turnURL == "") != (*turnSecret == "") {
			return cfg, fmt.Errorf("-turn-url and -turn-secret go together")
		}
		if *turnURL != "" {
			cfg.TURN = &signal.TURNSecret{URLs: strings.Split(*turnURL, ","), Secret: *turnSecret}
		}
		for _, o := range strings.Split(*origins, ",") {
			if o = strings.TrimSpace(o); o != "" {
				cfg.OriginPatterns = append(cfg.OriginPatterns, o)
			}
		}
		return cfg, nil
	}
}

// intFlags declares positive integer flags whose defaults come from the environment.
type intFlags struct {
	fs     *flag.FlagSet
	getenv func(string) string
	names  []string
	vals   []*int
	err    error
}

func (f *intFlags) add(name, env string, def int, usage string) *int {
	if v := f.getenv(env); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil && f.err == nil {
			f.err = fmt.Errorf("%s: %v", env, err)
		}
		def = n
	}
	p := f.fs.Int(name, def, usage)
	f.names, f.vals = append(f.names, name), append(f.vals, p)
	return p
}

// check refuses a limit below 1 (0 would silently mean the default).
func (f *intFlags) check() error {
	for i, p := range f.vals {
		if *p < 1 {
			return fmt.Errorf("-%s: must be at least 1", f.names[i])
		}
	}
	return nil
}

// parsePrefix reads a CIDR, or a single address as the prefix of just that address.
func parsePrefix(s string) (netip.Prefix, error) {
	if a, err := netip.ParseAddr(s); err == nil {
		return netip.PrefixFrom(a, a.BitLen()), nil
	}
	return netip.ParsePrefix(s)
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// describeLimits says which per-address limits hold and whom X-Forwarded-For is taken from.
func describeLimits(cfg signal.Config) string {
	out := fmt.Sprintf("per address %d connections, %d rooms kept, %g rooms opened and %g requests a minute",
		cfg.MaxConnsPerAddr, cfg.MaxRoomsPerAddr, cfg.HostsPerMinute, cfg.EntriesPerMinute)
	if !cfg.TrustForwardedFor {
		return out + "; X-Forwarded-For ignored"
	}
	var ps []string
	for _, p := range cfg.TrustedProxies {
		ps = append(ps, p.String())
	}
	return out + "; X-Forwarded-For read from the right, past the proxies " + strings.Join(ps, ", ")
}

// describeICE lists the ICE server URLs handed out, never a secret.
func describeICE(cfg signal.Config) string {
	var urls []string
	for _, s := range cfg.ICEServers {
		urls = append(urls, s.URLs...)
	}
	if cfg.TURN != nil {
		for _, u := range cfg.TURN.URLs {
			urls = append(urls, u+" (minted credentials)")
		}
	}
	if len(urls) == 0 {
		return "none (direct connections only: same network or localhost)"
	}
	return strings.Join(urls, ", ")
}

// newAppHandler configures go-app: page, manifest, service worker and the
// static files under web/ (served from the working directory).
func newAppHandler(version string, wasmBytes int) *app.Handler {
	return &app.Handler{
		Name:        "Brass: Birmingham and Lancashire",
		ShortName:   "Brass",
		Title:       "Brass",
		Description: "The board games Brass: Birmingham and Brass: Lancashire, played in the browser: hotseat, online with friends, or against bots.",
		Lang:        "en",
		Icon: app.Icon{
			Default:  "/web/icon-192.png",
			Large:    "/web/icon-512.png",
			SVG:      "/web/icon.svg",
			Maskable: "/web/icon-512.png",
		},
		// The loader is a small pill over the prerendered start screen (web/app.css).
		LoadingLabel:    "Loading the game… {progress}%",
		BackgroundColor: "#1e140d",
		ThemeColor:      "#2b1d14",
		Styles:          []string{"/web/app.css", "/web/online.css"},
		Scripts:         []string{"/web/anim.js defer"}, // the animation of moves
		// The wasm starts downloading as soon as the page's head is read, beside the
		// scripts that will ask for it (app.js fetches it the same way: same URL, CORS
		// mode, same-origin credentials, so the preloaded response is the one it gets).
		// web/early.js runs the prerendered start screen until the app starts: inlined, so it
		// works from the first paint, before any script has been fetched.
		RawHeaders: []string{
			`<link rel="preload" href="` + wasmURL + `" as="fetch" crossorigin="anonymous" fetchpriority="high">`,
			offeredCatalogs().script(),
			inlineScript(filepath.Join(webDir, "early_lang.js")),
			inlineScript(filepath.Join(webDir, "early.js")),
		},
		// The bots' worker and its wasm are cached too, so bots play offline.
		// The catalogs too, so a language can be chosen offline.
		CacheableResources: append([]string{
			earlyDialogsURL,
			"/web/icon.svg",
			"/web/botworker.js",
			botWasmURL,
		}, offeredCatalogs().urls...),
		// Our own worker (web/service-worker.js): it caches everything before it takes over.
		ServiceWorkerTemplate: serviceWorkerTemplate(filepath.Join(webDir, "service-worker.js")),
		// The service worker's cache name and every ETag derive from the
		// version, so a new build means a new worker and fresh caches.
		Version:           version,
		WasmContentLength: strconv.Itoa(wasmBytes),
	}
}

// serviceWorkerTemplate is the worker go-app serves as /app-worker.js, with its two
// placeholders. The file is part of the repository: its absence, or a template without
// the placeholders, is a broken build, and stops the server.
func serviceWorkerTemplate(path string) string {
	js, err := os.ReadFile(path)
	if err != nil {
		log.Fatalf("the service worker: %v", err)
	}
	for _, p := range []string{"{{.Version}}", "{{.ResourcesToCache}}"} {
		if !bytes.Contains(js, []byte(p)) {
			log.Fatalf("the service worker %s lacks %s", path, p)
		}
	}
	return string(js)
}

// inlineScript is a <script> element holding the file's JavaScript. The file is part of the
// repository: its absence or a "</script" inside it is a broken build, and stops the server.
func inlineScript(path string) string {
	js, err := os.ReadFile(path)
	if err != nil {
		log.Fatalf("the page's inline script: %v", err)
	}
	if bytes.Contains(bytes.ToLower(js), []byte("</script")) {
		log.Fatalf("the page's inline script %s contains </script", path)
	}
	return "<script>" + string(js) + "</script>"
}

// appVersion is the version of a build: a hash of its wasm files' hashes
// (the bots' may be missing).
func appVersion(assets ...*wasmAsset) string {
	h := sha256.New()
	for _, a := range assets {
		if a != nil {
			io.WriteString(h, a.version)
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:6])
}

// wasmAsset is a wasm file (the app's or the bots') held in memory with its
// precompressed variants.
type wasmAsset struct {
	raw, gz, br []byte
	version     string // short content hash of raw
	etag        string // quoted version
}

// loadWasm reads the wasm binary and its .gz and .br siblings. A compressed
// file that is missing, unreadable or does not decompress to exactly the
// raw bytes (stale, from an older build) is ignored with a log line, so the
// server never serves a body that disagrees with its ETag.
func loadWasm(path string) (*wasmAsset, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading wasm: %w", err)
	}
	sum := sha256.Sum256(raw)
	version := hex.EncodeToString(sum[:6])
	a := &wasmAsset{raw: raw, version: version, etag: `"` + version + `"`}

	decoders := []struct {
		ext string
		dst *[]byte
		dec func(io.Reader) (io.Reader, error)
	}{
		{".gz", &a.gz, func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }},
		{".br", &a.br, func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil }},
	}
	for _, d := range decoders {
		b, err := os.ReadFile(path + d.ext)
		if errors.Is(err, os.ErrNotExist) {
			log.Printf("%s%s not found: serving without it (run `make build`)", path, d.ext)
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("reading compressed wasm: %w", err)
		}
		if !decodesTo(b, raw, d.dec) {
			log.Printf("%s%s does not match %s (stale build?): ignoring it", path, d.ext, path)
			continue
		}
		*d.dst = b
	}
	return a, nil
}

// decodesTo reports whether decoding compressed yields exactly want.
func decodesTo(compressed, want []byte, dec func(io.Reader) (io.Reader, error)) bool {
	r, err := dec(bytes.NewReader(compressed))
	if err != nil {
		return false
	}
	got, err := io.ReadAll(io.LimitReader(r, int64(len(want))+1))
	return err == nil && bytes.Equal(got, want)
}

func (a *wasmAsset) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}

	h := w.Header()
	h.Set("Vary", "Accept-Encoding")
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", a.etag)
	if etagMatches(r.Header.Get("If-None-Match"), a.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}

	body, encoding := a.raw, ""
	switch chooseEncoding(r.Header.Get("Accept-Encoding"), a.br != nil, a.gz != nil) {
	case "br":
		body, encoding = a.br, "br"
	case "gzip":
		body, encoding = a.gz, "gzip"
	}
	if encoding != "" {
		h.Set("Content-Encoding", encoding)
	}
	h.Set("Content-Type", "application/wasm")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodGet {
		w.Write(body)
	}
}

// etagMatches implements If-None-Match's weak comparison: "*" or any listed
// tag equal to etag, ignoring a W/ prefix.
func etagMatches(ifNoneMatch, etag string) bool {
	for _, t := range strings.Split(ifNoneMatch, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}

// chooseEncoding picks "br", "gzip" or "" (identity) from an
// Accept-Encoding header, honouring q-values (q=0 refuses a coding, "*"
// stands for codings not listed). Brotli wins ties: it is the smaller.
func chooseEncoding(acceptEncoding string, haveBr, haveGzip bool) string {
	q := map[string]float64{}
	star := -1.0
	for _, part := range strings.Split(acceptEncoding, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		weight := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					weight = f
				}
			}
		}
		if name == "*" {
			star = weight
			continue
		}
		q[name] = weight
	}
	weightOf := func(coding string) float64 {
		if w, ok := q[coding]; ok {
			return w
		}
		if coding == "gzip" {
			if w, ok := q["x-gzip"]; ok {
				return w
			}
		}
		if star >= 0 {
			return star
		}
		return 0
	}

	best, bestQ := "", 0.0
	if haveBr && weightOf("br") > bestQ {
		best, bestQ = "br", weightOf("br")
	}
	if haveGzip && weightOf("gzip") > bestQ {
		best = "gzip"
	}
	return best
}
