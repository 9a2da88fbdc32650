package main

import (
	"bytes"
	"go/format"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// TestCalibrateWritesTheTable: a tiny calibration of each edition gives gofmt'd Go source
// of package bot that declares the edition's table, with the command that made it.
func TestCalibrateWritesTheTable(t *testing.T) {
	for _, c := range []struct{ edition, file, decl, command string }{
		{"birmingham", "calibration.go", "var flipTable = ", "go run ./tools/calibrate -games 1 -damp 50"},
		{"lancashire", "calibration_lancashire.go", "var flipTableLancashire = ", "go run ./tools/calibrate -edition lancashire -games 1 -damp 50"},
	} {
		file, src, err := calibrate(c.edition, 1, 50, 2)
		if err != nil {
			t.Fatal(err)
		}
		if file != c.file {
			t.Errorf("%s: file %s, want %s", c.edition, file, c.file)
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, src, 0)
		if err != nil || f.Name.Name != "bot" {
			t.Fatalf("%s: not Go source of package bot: %v", c.edition, err)
		}
		if formatted, _ := format.Source(src); !bytes.Equal(formatted, src) {
			t.Errorf("%s: the source is not gofmt'd", c.edition)
		}
		for _, want := range []string{c.decl, c.command, "DO NOT EDIT.", "// Rail Era", "seen\n"} {
			if !strings.Contains(string(src), want) {
				t.Errorf("%s: the source lacks %q", c.edition, want)
			}
		}
	}
	if _, _, err := calibrate("brass", 1, 50, 1); err == nil {
		t.Error("an edition without a table was accepted")
	}
}
