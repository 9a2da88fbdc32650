// Package gensource checks, in the tests of the tools that write Go files into engine/bot
// (calibrate, learn), that what they write is what the package can compile and keep.
package gensource

import (
	"bytes"
	"go/format"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// Check fails t unless src is gofmt'd Go source of package pkg, generated (it says DO
// NOT EDIT) and containing every string in want.
func Check(t testing.TB, name, pkg string, src []byte, want ...string) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), name, src, 0)
	if err != nil || f.Name.Name != pkg {
		t.Fatalf("%s: not Go source of package %s: %v", name, pkg, err)
	}
	if formatted, _ := format.Source(src); !bytes.Equal(formatted, src) {
		t.Errorf("%s: the source is not gofmt'd", name)
	}
	for _, w := range append([]string{"DO NOT EDIT."}, want...) {
		if !strings.Contains(string(src), w) {
			t.Errorf("%s: the source lacks %q", name, w)
		}
	}
}
