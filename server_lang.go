//go:build !wasm

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"brass/app"
	"brass/lang"
	"brass/ui"
)

// The languages the app offers are the catalogs under web/lang (docs/languages.md): adding
// one is adding its file. The server reads each once at start, refuses to serve a corrupt
// one (a broken build, as a broken page script is), names them in the page for
// web/early.js and the app (window.brassLanguages), has the service worker cache them, and
// makes them part of the version, so a changed catalog reaches devices as a new build does.

// catalogs is what the server read of web/lang.
type catalogs struct {
	offered []app.Language // English first, then by tag
	urls    []string       // /web/lang/<tag>.json
	hash    string         // of every file's bytes
}

var offeredCatalogs = sync.OnceValue(func() catalogs {
	c, err := readCatalogs(filepath.Join(webDir, "lang"))
	if err != nil {
		log.Fatalf("the languages: %v", err)
	}
	ui.SetOfferedLanguages(c.offered)
	return c
})

// readCatalogs reads and checks every catalog in dir.
func readCatalogs(dir string) (catalogs, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return catalogs{}, err
	}
	sort.Strings(paths)
	en := lang.English()
	c := catalogs{offered: []app.Language{{Tag: en.Tag(), Name: en.Name()}}}
	h := sha256.New()
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return catalogs{}, err
		}
		cat, err := lang.Parse(b, en)
		if err != nil {
			return catalogs{}, fmt.Errorf("%s: %v", p, err)
		}
		if want := strings.TrimSuffix(filepath.Base(p), ".json"); cat.Tag() != want {
			return catalogs{}, fmt.Errorf("%s: its @language is %q", p, cat.Tag())
		}
		c.offered = append(c.offered, app.Language{Tag: cat.Tag(), Name: cat.Name()})
		c.urls = append(c.urls, "/web/lang/"+filepath.Base(p))
		h.Write(b)
	}
	c.hash = hex.EncodeToString(h.Sum(nil)[:6])
	return c, nil
}

// script names the offered languages in the page, before web/early.js.
func (c catalogs) script() string {
	b, _ := json.Marshal(c.offered) // tags are checked letters; names are JSON-escaped
	s := strings.ReplaceAll(string(b), "<", `\u003c`)
	return "<script>window.brassLanguages=" + s + "</script>"
}

// versioned is a build's version with the catalogs' hash folded in.
func (c catalogs) versioned(version string) string {
	sum := sha256.Sum256([]byte(version + "/" + c.hash))
	return hex.EncodeToString(sum[:6])
}
