//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"brass/ui"
)

// go-app prerenders a boolean attribute set to false as the attribute with the value
// "false" (checked="false", disabled="false"), and HTML reads any present boolean attribute
// as true: every radio of a group would come checked and every button disabled. In the
// browser go-app sets these as properties, so only the server's HTML is wrong, and it is
// mended here, in one place, for every page. The start screen's dialogs depend on it: they
// are used as prerendered until the app starts (web/early.js).

// earlyDialogs serves the start screen's dialogs as web/early.js uses them before the wasm
// runs (ui.EarlyDialogsHTML), drawn once. They travel apart from the page, fetched beside
// the wasm and parsed when the browser is idle, so the first paint parses none of them.
func earlyDialogs() http.Handler {
	markup := sync.OnceValue(ui.EarlyDialogsHTML)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		io.WriteString(w, markup())
	})
}

// falseBoolAttr matches a boolean attribute written as false.
var falseBoolAttr = regexp.MustCompile(` (?:async|autofocus|autoplay|checked|default|defer|disabled|hidden|loop|multiple|muted|open|readonly|required|reversed|selected)="false"`)

// withPrerenderFix wraps the go-app handler: an HTML response loses its false boolean
// attributes, and goes gzipped to a browser that takes it (go-app sends its pages
// uncompressed; the start page, with web/early.js inlined, is about 12 KB, 4 KB gzipped);
// anything else passes unchanged.
func withPrerenderFix(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &htmlCapture{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if !rec.html {
			return
		}
		body := falseBoolAttr.ReplaceAll(rec.body.Bytes(), nil)
		w.Header().Add("Vary", "Accept-Encoding")
		if len(body) > 0 && chooseEncoding(r.Header.Get("Accept-Encoding"), false, true) == "gzip" {
			var zipped bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&zipped, gzip.BestSpeed)
			zw.Write(body)
			zw.Close()
			body = zipped.Bytes()
			w.Header().Set("Content-Encoding", "gzip")
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(rec.status)
		w.Write(body)
	})
}

// htmlCapture holds back an HTML response's body (a page of a few KB) and passes any other
// response straight through.
type htmlCapture struct {
	http.ResponseWriter
	status  int
	decided bool // the header was written: html says which way the body goes
	html    bool
	body    bytes.Buffer
}

func (c *htmlCapture) WriteHeader(status int) {
	if c.decided {
		return
	}
	c.decided, c.status = true, status
	c.html = strings.HasPrefix(c.Header().Get("Content-Type"), "text/html") && c.Header().Get("Content-Encoding") == ""
	if !c.html {
		c.ResponseWriter.WriteHeader(status)
	}
}

func (c *htmlCapture) Write(b []byte) (int, error) {
	if !c.decided {
		c.WriteHeader(http.StatusOK)
	}
	if c.html {
		return c.body.Write(b)
	}
	return c.ResponseWriter.Write(b)
}
