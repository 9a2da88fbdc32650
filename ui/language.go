package ui

import (
	"context"
	"encoding/json"
	"errors"

	"brass/app"
	"brass/lang"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The language in use on this device (docs/languages.md). The server offers the catalogs
// under web/lang and names them in the page (window.brassLanguages, server_lang.go);
// web/early.js starts fetching the chosen one as the page opens (window.brassCatalog), so
// the app, which waits for it before its first render, never shows another language
// first. Switching re-mounts the screens (root.relang), as every string they show comes
// from the catalog in use.

// offered is the languages the server offers, English first; on the server it is set by
// SetOfferedLanguages, in the browser read from the page.
var offered []app.Language

// SetOfferedLanguages tells the server's prerendering which languages are offered.
func SetOfferedLanguages(l []app.Language) { offered = l }

// offeredLanguages is what the page names, or English alone.
func offeredLanguages() []app.Language {
	if goapp.IsClient && offered == nil {
		if v := goapp.Window().Get("brassLanguages"); v.Truthy() {
			for i := 0; i < v.Length(); i++ {
				offered = append(offered, app.Language{Tag: v.Index(i).Get("tag").String(), Name: v.Index(i).Get("name").String()})
			}
		}
	}
	if len(offered) == 0 {
		return []app.Language{{Tag: "en", Name: "English"}}
	}
	return offered
}

// StartLanguage puts this device's language in use before the app's first render: the
// one chosen here, or the browser's preferred one among those offered. A catalog that
// cannot be had (offline before the worker cached it) or is corrupt leaves English in use.
func StartLanguage() {
	if !goapp.IsClient {
		return
	}
	tag := storedLanguage()
	if tag == "" || !app.Offers(offeredLanguages(), tag) {
		tag = app.MatchLanguage(offeredLanguages(), browserLanguages())
	}
	if tag == "en" {
		return
	}
	if c, err := loadCatalog(context.Background(), tag); err == nil {
		useLanguage(c)
	}
}

// storedLanguage reads the device's choice straight from localStorage: the app's store
// opens later, on mount.
func storedLanguage() string {
	ls := goapp.Window().Get("localStorage")
	if !ls.Truthy() {
		return ""
	}
	v := ls.Call("getItem", app.LanguageKey)
	if !v.Truthy() {
		return ""
	}
	var tag string
	if json.Unmarshal([]byte(v.String()), &tag) != nil {
		return ""
	}
	return tag
}

// browserLanguages is navigator.languages, most wanted first.
func browserLanguages() []string {
	nav := goapp.Window().Get("navigator")
	var out []string
	if l := nav.Get("languages"); l.Truthy() {
		for i := 0; i < l.Length(); i++ {
			out = append(out, l.Index(i).String())
		}
	} else if l := nav.Get("language"); l.Truthy() {
		out = append(out, l.String())
	}
	return out
}

// loadCatalog fetches a catalog (the one web/early.js began fetching, when it is this one)
// and reads it, English its fallback. Call it from a goroutine other than the UI's.
func loadCatalog(ctx context.Context, tag string) (*lang.Catalog, error) {
	w := goapp.Window()
	var text goapp.Value
	var err error
	if p := w.Get("brassCatalog"); p.Truthy() && w.Get("brassCatalogTag").String() == tag {
		// The early fetch serves once: a later choice of the same language fetches anew,
		// so an early fetch that failed is not read again.
		w.Set("brassCatalog", goapp.Null())
		text, err = app.Await(ctx, p)
	} else {
		var res goapp.Value
		if res, err = app.Await(ctx, w.Call("fetch", "/web/lang/"+tag+".json")); err == nil {
			if !res.Get("ok").Bool() {
				return nil, errors.New("the catalog " + tag + " is not offered")
			}
			text, err = app.Await(ctx, res.Call("text"))
		}
	}
	if err != nil {
		return nil, err
	}
	return lang.Parse([]byte(text.String()), lang.English())
}

// useLanguage puts a catalog in use and says so to the page (its lang attribute, which
// screen readers and hyphenation follow).
func useLanguage(c *lang.Catalog) {
	lang.Use(c)
	if goapp.IsClient {
		goapp.Window().Get("document").Get("documentElement").Set("lang", c.Tag())
	}
}
