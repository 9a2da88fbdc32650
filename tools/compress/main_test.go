package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

func TestCompressWritesDecodableFilesAndSkipsWhenUpToDate(t *testing.T) {
	in := filepath.Join(t.TempDir(), "app.wasm")
	raw := bytes.Repeat([]byte("\x00asm brass wasm payload "), 5000)
	if err := os.WriteFile(in, raw, 0o644); err != nil {
		t.Fatal(err)
	}

	lines, err := compress(in, 5, 22, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		if strings.Contains(l, "up to date") {
			t.Errorf("first run: %q", l)
		}
	}
	checkDecodes(t, in+".br", raw, func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil })
	checkDecodes(t, in+".gz", raw, func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) })

	lines, err = compress(in, 5, 22, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		if !strings.Contains(l, "up to date") {
			t.Errorf("second run should skip: %q", l)
		}
	}

	// Another quality makes the brotli file stale, not the gzip one.
	lines, err = compress(in, 6, 22, false)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(lines[0], "up to date") || !strings.Contains(lines[1], "up to date") {
		t.Errorf("after a change of quality: %q", lines)
	}

	// A new input makes both outputs stale.
	raw2 := append(raw, "more"...)
	if err := os.WriteFile(in, raw2, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := compress(in, 5, 22, false); err != nil {
		t.Fatal(err)
	}
	checkDecodes(t, in+".br", raw2, func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil })
	checkDecodes(t, in+".gz", raw2, func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) })

	if leftovers, _ := filepath.Glob(in + ".*.tmp*"); len(leftovers) > 0 {
		t.Errorf("temporary files left behind: %v", leftovers)
	}
}

func TestCompressMissingInput(t *testing.T) {
	if _, err := compress(filepath.Join(t.TempDir(), "nope.wasm"), 5, 22, false); err == nil {
		t.Fatal("want an error for a missing input")
	}
}

func checkDecodes(t *testing.T, path string, want []byte, decode func(io.Reader) (io.Reader, error)) {
	t.Helper()
	if !upToDate(path, want, decode) {
		t.Errorf("%s does not decode to the input", path)
	}
}

// TestDefaultWindowIsBrotlisLargest: the brotli file declares the 16 MB window (in the
// stream's first bits, RFC 7932 section 9.1) that reaches across all of app.wasm, and decodes.
func TestDefaultWindowIsBrotlisLargest(t *testing.T) {
	in := filepath.Join(t.TempDir(), "app.wasm")
	raw := bytes.Repeat([]byte("\x00asm brass wasm payload "), 5000)
	if err := os.WriteFile(in, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := compress(in, 5, defaultLGWin, false); err != nil {
		t.Fatal(err)
	}
	br, err := os.ReadFile(in + ".br")
	if err != nil {
		t.Fatal(err)
	}
	if got := windowBits(br[0]); got != 24 {
		t.Errorf("the brotli file declares a window of 2^%d bytes, want 2^24", got)
	}
	checkDecodes(t, in+".br", raw, func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil })
}

// windowBits reads WBITS from a brotli stream's first byte (RFC 7932 section 9.1).
func windowBits(first byte) int {
	if first&1 == 0 {
		return 16
	}
	if n := first >> 1 & 7; n != 0 {
		return 17 + int(n)
	}
	if n := first >> 4 & 7; n != 0 {
		return 8 + int(n)
	}
	return 17
}
