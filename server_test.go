//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"brass/signal"

	"github.com/andybalholm/brotli"
)

func TestChooseEncoding(t *testing.T) {
	tests := []struct {
		accept         string
		haveBr, haveGz bool
		want           string
	}{
		{"gzip, deflate, br, zstd", true, true, "br"}, // Chromium
		{"gzip, deflate, br, zstd", false, true, "gzip"},
		{"gzip, deflate, br, zstd", false, false, ""},
		{"gzip, deflate", true, true, "gzip"},
		{"", true, true, ""},
		{"identity", true, true, ""},
		{"br;q=0, gzip", true, true, "gzip"},
		{"br;q=0.5, gzip;q=0.8", true, true, "gzip"},
		{"br;q=0.8, gzip;q=0.8", true, true, "br"},
		{"BR", true, true, "br"},
		{"*", true, true, "br"},
		{"*;q=0", true, true, ""},
		{"*, br;q=0", true, true, "gzip"},
		{"x-gzip", false, true, "gzip"},
		{"deflate;q=1, gzip ; q=0.3", true, true, "gzip"},
	}
	for _, tt := range tests {
		if got := chooseEncoding(tt.accept, tt.haveBr, tt.haveGz); got != tt.want {
			t.Errorf("chooseEncoding(%q, br=%v, gz=%v) = %q, want %q", tt.accept, tt.haveBr, tt.haveGz, got, tt.want)
		}
	}
}

func TestETagMatches(t *testing.T) {
	const etag = `"abc"`
	for _, inm := range []string{`"abc"`, `W/"abc"`, `"x", "abc"`, `*`} {
		if !etagMatches(inm, etag) {
			t.Errorf("etagMatches(%q) = false", inm)
		}
	}
	for _, inm := range []string{``, `"abcd"`, `abc`, `"x"`} {
		if etagMatches(inm, etag) {
			t.Errorf("etagMatches(%q) = true", inm)
		}
	}
}

// writeWasm writes raw as dir/app.wasm with .gz and .br copies of the
// given contents (nil: no file) and returns the wasm's path.
func writeWasm(t *testing.T, raw, gzOf, brOf []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "app.wasm")
	write := func(p string, b []byte) {
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(path, raw)
	if gzOf != nil {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(gzOf)
		zw.Close()
		write(path+".gz", buf.Bytes())
	}
	if brOf != nil {
		var buf bytes.Buffer
		bw := brotli.NewWriterLevel(&buf, 5)
		bw.Write(brOf)
		bw.Close()
		write(path+".br", buf.Bytes())
	}
	return path
}

var fakeWasm = bytes.Repeat([]byte("\x00asm fake wasm for the server tests "), 2000)

func get(t *testing.T, h http.Handler, method, target string, header map[string]string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func decodeBody(t *testing.T, res *http.Response) []byte {
	t.Helper()
	var r io.Reader = res.Body
	switch res.Header.Get("Content-Encoding") {
	case "br":
		r = brotli.NewReader(r)
	case "gzip":
		zr, err := gzip.NewReader(r)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	case "":
	default:
		t.Fatalf("unexpected Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestWasmHandler(t *testing.T) {
	a, err := loadWasm(writeWasm(t, fakeWasm, fakeWasm, fakeWasm))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.version) != 12 || a.etag != `"`+a.version+`"` {
		t.Fatalf("version %q etag %q", a.version, a.etag)
	}

	for _, tt := range []struct{ accept, encoding string }{
		{"gzip, deflate, br, zstd", "br"},
		{"gzip", "gzip"},
		{"", ""},
	} {
		res := get(t, a, http.MethodGet, wasmURL, map[string]string{"Accept-Encoding": tt.accept})
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%q: status %d", tt.accept, res.StatusCode)
		}
		h := res.Header
		if got := h.Get("Content-Encoding"); got != tt.encoding {
			t.Errorf("%q: Content-Encoding %q, want %q", tt.accept, got, tt.encoding)
		}
		for k, want := range map[string]string{
			"Content-Type":  "application/wasm",
			"Vary":          "Accept-Encoding",
			"Cache-Control": "no-cache",
			"ETag":          a.etag,
		} {
			if got := h.Get(k); got != want {
				t.Errorf("%q: %s %q, want %q", tt.accept, k, got, want)
			}
		}
		cl, _ := strconv.Atoi(h.Get("Content-Length"))
		body := decodeBody(t, res)
		if !bytes.Equal(body, fakeWasm) {
			t.Errorf("%q: body does not decode to the wasm", tt.accept)
		}
		if tt.encoding != "" && cl >= len(fakeWasm) {
			t.Errorf("%q: Content-Length %d not smaller than raw %d", tt.accept, cl, len(fakeWasm))
		}
	}

	res := get(t, a, http.MethodGet, wasmURL, map[string]string{"If-None-Match": a.etag, "Accept-Encoding": "br"})
	if res.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match: status %d, want 304", res.StatusCode)
	}
	if b, _ := io.ReadAll(res.Body); len(b) != 0 {
		t.Errorf("304 with a body of %d bytes", len(b))
	}

	res = get(t, a, http.MethodGet, wasmURL, map[string]string{"If-None-Match": `"older"`})
	if res.StatusCode != http.StatusOK {
		t.Errorf("stale If-None-Match: status %d, want 200", res.StatusCode)
	}

	res = get(t, a, http.MethodHead, wasmURL, map[string]string{"Accept-Encoding": "br"})
	if b, _ := io.ReadAll(res.Body); res.StatusCode != http.StatusOK || len(b) != 0 || res.Header.Get("Content-Length") != strconv.Itoa(len(a.br)) {
		t.Errorf("HEAD: status %d, body %d bytes, Content-Length %s", res.StatusCode, len(b), res.Header.Get("Content-Length"))
	}

	res = get(t, a, http.MethodPost, wasmURL, nil)
	if res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: status %d, want 405", res.StatusCode)
	}
}

func TestLoadWasmIgnoresStaleOrMissingCompressedFiles(t *testing.T) {
	older := append([]byte("older build "), fakeWasm...)
	a, err := loadWasm(writeWasm(t, fakeWasm, older, nil))
	if err != nil {
		t.Fatal(err)
	}
	if a.gz != nil || a.br != nil {
		t.Fatalf("stale .gz or missing .br used: gz=%d br=%d bytes", len(a.gz), len(a.br))
	}
	res := get(t, a, http.MethodGet, wasmURL, map[string]string{"Accept-Encoding": "gzip, br"})
	if res.Header.Get("Content-Encoding") != "" || !bytes.Equal(decodeBody(t, res), fakeWasm) {
		t.Error("want the raw wasm when no compressed copy is valid")
	}

	a, err = loadWasm(writeWasm(t, fakeWasm, fakeWasm, older))
	if err != nil {
		t.Fatal(err)
	}
	if a.gz == nil || a.br != nil {
		t.Fatalf("want the good .gz and not the stale .br: gz=%d br=%d bytes", len(a.gz), len(a.br))
	}
}

func TestLoadWasmMissing(t *testing.T) {
	if _, err := loadWasm(filepath.Join(t.TempDir(), "app.wasm")); err == nil {
		t.Fatal("want an error for a missing app.wasm")
	}
}

// TestAppHandler runs the whole mux against the real web/ directory (tests
// run in the package directory, the repository root, as the server does).
func TestAppHandler(t *testing.T) {
	registerRoutes()
	a, err := loadWasm(writeWasm(t, fakeWasm, nil, fakeWasm))
	if err != nil {
		t.Fatal(err)
	}
	hub := signal.NewServer(signal.Config{})
	defer hub.Close()
	mux := newMux(newAppHandler(a.version, len(a.raw)), a, nil, hub, nil)

	body := func(res *http.Response) string {
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}

	res := get(t, mux, http.MethodGet, "/", nil)
	page := body(res)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("/: status %d", res.StatusCode)
	}
	for _, want := range []string{
		"<title>Brass</title>",
		`<html lang="en">`,
		`href="/web/app.css"`,
		`href="/manifest.webmanifest"`,
		`id="status"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("/: page lacks %s", want)
		}
	}
	if res.Header.Get("ETag") != a.etag {
		t.Errorf("/: ETag %q, want the wasm's %q", res.Header.Get("ETag"), a.etag)
	}

	res = get(t, mux, http.MethodGet, "/manifest.webmanifest", nil)
	manifestJSON := body(res)
	var manifest struct {
		Name, ShortName string
		Icons           []struct{ Src, Type, Sizes, Purpose string }
	}
	if err := json.Unmarshal([]byte(manifestJSON), &manifest); err != nil {
		t.Fatal(err)
	}
	if manifest.Name != "Brass: Birmingham and Lancashire" {
		t.Errorf("manifest name %q", manifest.Name)
	}
	purposes := map[string]bool{}
	for _, icon := range manifest.Icons {
		if !strings.HasPrefix(icon.Src, "/web/") {
			t.Errorf("manifest icon %q is not local", icon.Src)
		}
		purposes[icon.Purpose] = true
		res := get(t, mux, http.MethodGet, icon.Src, nil)
		if res.StatusCode != http.StatusOK {
			t.Errorf("%s: status %d", icon.Src, res.StatusCode)
			continue
		}
		if icon.Type == "image/png" {
			cfg, err := png.DecodeConfig(res.Body)
			if err != nil {
				t.Errorf("%s: %v", icon.Src, err)
			} else if got := strconv.Itoa(cfg.Width) + "x" + strconv.Itoa(cfg.Height); got != icon.Sizes {
				t.Errorf("%s is %s, manifest says %s", icon.Src, got, icon.Sizes)
			}
		}
	}
	if !purposes["maskable"] {
		t.Error("no maskable icon in the manifest")
	}

	worker := body(get(t, mux, http.MethodGet, "/app-worker.js", nil))
	if !strings.Contains(worker, `"app-" + "`+a.version+`"`) {
		t.Error("app-worker.js cache name does not carry the wasm version")
	}
	// It is our worker (web/service-worker.js), filled in: it caches every file before it
	// takes over, so a page it controls loads offline.
	if !strings.Contains(worker, "event.waitUntil((async () => {\n    const cache = await caches.open(cacheName);\n    await cache.addAll(resourcesToCache);") || strings.Contains(worker, "{{") {
		t.Error("app-worker.js is not web/service-worker.js filled in")
	}
	if strings.Contains(worker, "https://") || strings.Contains(page, "raw.githubusercontent.com") {
		t.Error("remote resources referenced: offline use would break")
	}
	for _, r := range []string{"/web/app.wasm", "/web/icon-192.png", "/web/icon-512.png", "/web/icon.svg", "/web/app.css"} {
		if !strings.Contains(worker, `"`+r+`"`) {
			t.Errorf("app-worker.js does not cache %s", r)
		}
	}

	appJS := body(get(t, mux, http.MethodGet, "/app.js", nil))
	if !strings.Contains(appJS, `goappWasmContentLength = "`+strconv.Itoa(len(fakeWasm))+`"`) {
		t.Error("app.js does not carry the uncompressed wasm size")
	}

	// /web/app.wasm comes from our handler, not go-app's file server.
	res = get(t, mux, http.MethodGet, "/web/app.wasm", map[string]string{"Accept-Encoding": "br"})
	if res.Header.Get("Content-Encoding") != "br" || !bytes.Equal(decodeBody(t, res), fakeWasm) {
		t.Error("/web/app.wasm through the mux: want the brotli copy of the test wasm")
	}
}

// The signalling endpoint is mounted on the same mux and upgrades WebSockets.
func TestSignalEndpointOnTheMux(t *testing.T) {
	a, err := loadWasm(writeWasm(t, fakeWasm, nil, fakeWasm))
	if err != nil {
		t.Fatal(err)
	}
	hub := signal.NewServer(signal.Config{})
	defer hub.Close()
	srv := httptest.NewServer(newMux(newAppHandler(a.version, len(a.raw)), a, nil, hub, nil))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, w, err := signal.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+signalURL, signal.Message{Type: signal.TypeHost, Size: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if len(w.Room) != signal.CodeLength || w.Size != 3 {
		t.Fatalf("welcome %+v", w)
	}
}

func TestSignalConfigFromFlagsAndEnvironment(t *testing.T) {
	env := map[string]string{
		"BRASS_ICE_SERVERS": `[{"urls":["stun:stun.example:3478"]}]`,
		"BRASS_ORIGINS":     "a.example, b.example",
	}
	cfg, err := signalConfig([]string{"-turn-url", "turn:t.example:3478", "-turn-secret", "s"}, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.ICEServers) != 1 || cfg.TURN == nil || cfg.TURN.Secret != "s" || len(cfg.OriginPatterns) != 2 {
		t.Fatalf("%+v", cfg)
	}
	if d := describeICE(cfg); strings.Contains(d, "s3cret") || !strings.Contains(d, "turn:t.example:3478") {
		t.Fatalf("describeICE: %s", d)
	}
	for _, bad := range [][]string{{"-ice-servers", "not json"}, {"-ice-servers", `[{"urls":[]}]`}, {"-turn-url", "turn:x"}} {
		if _, err := signalConfig(bad, func(string) string { return "" }); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	if cfg, err := signalConfig(nil, func(string) string { return "" }); err != nil || len(cfg.ICEServers) != 0 || cfg.TURN != nil {
		t.Fatalf("default config: %+v %v", cfg, err)
	}
}

func TestSignalLimitsAndProxiesFromFlagsAndEnvironment(t *testing.T) {
	none := func(string) string { return "" }
	cfg, err := signalConfig(nil, none)
	d := signal.DefaultConfig()
	if err != nil || cfg.TrustForwardedFor || cfg.MaxConnsPerAddr != d.MaxConnsPerAddr || cfg.MaxRoomsPerAddr != d.MaxRoomsPerAddr ||
		cfg.HostsPerMinute != d.HostsPerMinute || cfg.EntriesPerMinute != d.EntriesPerMinute || len(cfg.TrustedProxies) != 2 {
		t.Fatalf("defaults: %+v %v", cfg, err)
	}
	// Issue 40: only the proxy on this host is trusted by default, not all of 127.0.0.0/8.
	if cfg.TrustedProxies[0].String() != "127.0.0.1/32" || cfg.TrustedProxies[1].String() != "::1/128" {
		t.Fatalf("default trusted proxies: %v, want 127.0.0.1/32 and ::1/128", cfg.TrustedProxies)
	}
	env := map[string]string{"BRASS_TRUST_PROXY": "true", "BRASS_TRUSTED_PROXIES": "10.0.0.0/8, fd00::/8, 192.0.2.1", "BRASS_ROOMS_PER_ADDR": "7"}
	cfg, err = signalConfig([]string{"-hosts-per-min", "3", "-joins-per-min", "30", "-conns-per-addr", "5"}, func(k string) string { return env[k] })
	if err != nil || !cfg.TrustForwardedFor || cfg.MaxRoomsPerAddr != 7 || cfg.HostsPerMinute != 3 || cfg.EntriesPerMinute != 30 || cfg.MaxConnsPerAddr != 5 ||
		len(cfg.TrustedProxies) != 3 || cfg.TrustedProxies[1].String() != "fd00::/8" || cfg.TrustedProxies[2].String() != "192.0.2.1/32" {
		t.Fatalf("from flags and environment: %+v %v", cfg, err)
	}
	if d := describeLimits(cfg); !strings.Contains(d, "10.0.0.0/8") || !strings.Contains(d, "7 rooms") {
		t.Fatalf("describeLimits: %s", d)
	}
	for _, bad := range [][]string{{"-trusted-proxies", "10.0.0.300"}, {"-trust-proxy", "-trusted-proxies", ""}, {"-rooms-per-addr", "0"}, {"-joins-per-min", "x"}} {
		if _, err := signalConfig(bad, none); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	if _, err := signalConfig(nil, func(k string) string { return map[string]string{"BRASS_HOSTS_PER_MIN": "many"}[k] }); err == nil {
		t.Error("BRASS_HOSTS_PER_MIN=many accepted")
	}
}
