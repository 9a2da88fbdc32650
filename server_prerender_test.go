//go:build !wasm

package main

import (
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

func TestPrerenderFix(t *testing.T) {
	const page = `<input type="radio" checked="false" spellcheck="false"><input type="radio" checked><button disabled="false" hidden="false">Go</button>`
	const want = `<input type="radio" spellcheck="false"><input type="radio" checked><button>Go</button>`
	serve := func(contentType, body string, status int) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", contentType)
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
			w.WriteHeader(status)
			io.WriteString(w, body)
		})
	}
	res := get(t, withPrerenderFix(serve("text/html", page, http.StatusOK)), "GET", "/", nil)
	body, _ := io.ReadAll(res.Body)
	if string(body) != want || res.Header.Get("Content-Length") != strconv.Itoa(len(want)) || res.StatusCode != http.StatusOK {
		t.Errorf("HTML: %d %q (Content-Length %s)", res.StatusCode, body, res.Header.Get("Content-Length"))
	}
	// gzipped where the browser takes it
	res = get(t, withPrerenderFix(serve("text/html", page, http.StatusOK)), "GET", "/", map[string]string{"Accept-Encoding": "gzip, br"})
	if body := decodeBody(t, res); string(body) != want || res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("Vary") != "Accept-Encoding" {
		t.Errorf("gzipped HTML: %q %v", body, res.Header)
	}
	// Anything else passes unchanged: a script, a 304, a body written without a header.
	res = get(t, withPrerenderFix(serve("text/javascript", page, http.StatusOK)), "GET", "/app.js", nil)
	if body, _ := io.ReadAll(res.Body); string(body) != page {
		t.Errorf("script changed: %q", body)
	}
	res = get(t, withPrerenderFix(serve("text/html", "", http.StatusNotModified)), "GET", "/", nil)
	if res.StatusCode != http.StatusNotModified {
		t.Errorf("304 became %d", res.StatusCode)
	}
	res = get(t, withPrerenderFix(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "plain") })), "GET", "/x", nil)
	if body, _ := io.ReadAll(res.Body); string(body) != "plain" || res.StatusCode != http.StatusOK {
		t.Errorf("plain body: %d %q", res.StatusCode, body)
	}
}

// The start screen's dialogs for web/early.js: both there, closed, no false boolean left.
func TestEarlyDialogs(t *testing.T) {
	res := get(t, withPrerenderFix(earlyDialogs()), "GET", earlyDialogsURL, map[string]string{"Accept-Encoding": "gzip"})
	body := string(decodeBody(t, res))
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("%d %v", res.StatusCode, res.Header)
	}
	for _, want := range []string{`id="new-game-dialog"`, `id="online-dialog"`, `id="ng-name-4"`, `id="ol-code"`, `class="ng-form ng-static"`} {
		if !strings.Contains(body, want) {
			t.Errorf("no %s", want)
		}
	}
	if falseBoolAttr.MatchString(body) || strings.Contains(body, " open") {
		t.Errorf("a false boolean or an open dialog:\n%s", body)
	}
}
