package main

import (
	"testing"

	"brass/tools/internal/gensource"
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
		gensource.Check(t, c.edition, "bot", src, c.decl, c.command, "// Rail Era", "seen\n")
	}
	if _, _, err := calibrate("brass", 1, 50, 1); err == nil {
		t.Error("an edition without a table was accepted")
	}
}
