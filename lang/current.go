package lang

import (
	_ "embed"
	"sync"
	"sync/atomic"
)

//go:embed en.json
var englishJSON []byte

var (
	englishOnce sync.Once
	english     *Catalog
	current     atomic.Pointer[Catalog]
)

// English is the built-in English catalog, every other catalog's fallback. It is part
// of the build: a broken en.json is a broken build, and panics at the first use (the
// package's test parses it).
func English() *Catalog {
	englishOnce.Do(func() {
		c, err := Parse(englishJSON, nil)
		if err != nil {
			panic(err)
		}
		english = c
	})
	return english
}

// Current is the catalog in use (English until Use is called).
func Current() *Catalog {
	if c := current.Load(); c != nil {
		return c
	}
	return English()
}

// Use makes c the catalog in use (nil: English). The screens redraw after it.
func Use(c *Catalog) { current.Store(c) }

// T is Current().T: the key's text in the language in use.
func T(key string, args ...Arg) string { return Current().T(key, args...) }
