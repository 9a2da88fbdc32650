package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// module builds a wasm binary: a memory section, the given extra sections
// and a data section holding segs (in the order given).
func module(segs []segment, extra ...section) []byte {
	b := append([]byte(nil), wasmHeader...)
	add := func(id byte, body []byte) {
		b = append(b, id)
		b = appendULEB(b, uint64(len(body)))
		b = append(b, body...)
	}
	add(5, []byte{1, 0, 1}) // one memory, min 1 page
	for _, s := range extra {
		add(s.id, s.body)
	}
	add(sectionData, writeSegments(segs))
	return b
}

func seg(off uint32, data string) segment { return segment{offset: off, data: []byte(data)} }

func dataOf(t *testing.T, mod []byte) []segment {
	t.Helper()
	secs, err := readSections(mod)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range secs {
		if s.id == sectionData {
			segs, err := readSegments(s.body)
			if err != nil {
				t.Fatal(err)
			}
			return segs
		}
	}
	t.Fatal("no data section")
	return nil
}

func TestPackJoinsSegmentsAcrossSmallGaps(t *testing.T) {
	// Given out of order; at most 4 zero bytes apart is joined: "de" (2 after "abc")
	// is, "gh" (5 after "de") and "far" are not.
	in := module([]segment{seg(100, "abc"), seg(105, "de"), seg(200, "far"), seg(112, "gh")})
	out, st, err := pack(in, 4)
	if err != nil {
		t.Fatal(err)
	}
	got := dataOf(t, out)
	want := []segment{seg(100, "abc\x00\x00de"), seg(112, "gh"), seg(200, "far")}
	if len(got) != len(want) {
		t.Fatalf("segments %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i].offset != want[i].offset || !bytes.Equal(got[i].data, want[i].data) {
			t.Errorf("segment %d = %d %q, want %d %q", i, got[i].offset, got[i].data, want[i].offset, want[i].data)
		}
	}
	if st.segmentsBefore != 4 || st.segmentsAfter != 3 {
		t.Errorf("stats %+v", st)
	}
	before, _ := memoryImage(dataOf(t, in))
	after, _ := memoryImage(got)
	if !bytes.Equal(before, after) {
		t.Error("initial memory changed")
	}
}

func TestPackKeepsOtherSectionsAndUpdatesDataCount(t *testing.T) {
	custom := section{id: 0, body: []byte("\x04namexyz")}
	count := section{id: sectionDataCount, body: appendULEB(nil, 3)}
	in := module([]segment{seg(0, "a"), seg(2, "b"), seg(3, "c")}, custom, count)
	out, _, err := pack(in, 8)
	if err != nil {
		t.Fatal(err)
	}
	secs, err := readSections(out)
	if err != nil {
		t.Fatal(err)
	}
	var sawCustom, sawCount bool
	for _, s := range secs {
		switch s.id {
		case 0:
			sawCustom = bytes.Equal(s.body, custom.body)
		case sectionDataCount:
			sawCount = bytes.Equal(s.body, appendULEB(nil, 1))
		}
	}
	if !sawCustom || !sawCount {
		t.Errorf("custom section kept: %v; data count says 1: %v", sawCustom, sawCount)
	}
}

func TestPackIsIdempotent(t *testing.T) {
	in := module([]segment{seg(10, "x"), seg(13, "y"), seg(1<<20, "z")})
	once, _, err := pack(in, 64)
	if err != nil {
		t.Fatal(err)
	}
	twice, _, err := pack(once, 64)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(once, twice) {
		t.Error("packing a packed module changed it")
	}
}

func TestPackRefusesWhatGoDoesNotWrite(t *testing.T) {
	good := module([]segment{seg(0, "ab")})
	passive := append([]byte(nil), wasmHeader...)
	passive = append(passive, sectionData, 5, 1, 1, 2, 'a', 'b') // one passive segment
	cases := map[string]struct {
		mod  []byte
		want string
	}{
		"not wasm":     {[]byte("hello world"), "not a WebAssembly module"},
		"truncated":    {good[:len(good)-1], "truncated"},
		"no data":      {wasmHeader, "no data section"},
		"passive":      {passive, "only active segments"},
		"overlapping":  {module([]segment{seg(0, "abcd"), seg(2, "x")}), "overlap"},
		"trailing":     {append(append([]byte(nil), wasmHeader...), sectionData, 2, 0, 0), "bytes after the last segment"},
		"negative gap": {good, "negative gap"},
	}
	for name, c := range cases {
		gap := 8
		if name == "negative gap" {
			gap = -1
		}
		_, _, err := pack(c.mod, gap)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one mentioning %q", name, err, c.want)
		}
	}
}

func TestPackFileRewritesOnlyWhenItChangesSomething(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.wasm")
	if err := os.WriteFile(path, module([]segment{seg(0, "a"), seg(9, "b")}), 0o644); err != nil {
		t.Fatal(err)
	}
	line, err := packFile(path, 16)
	if err != nil || !strings.Contains(line, "2 data segments -> 1") {
		t.Fatalf("first pack: %q, %v", line, err)
	}
	line, err = packFile(path, 16)
	if err != nil || !strings.Contains(line, "already packed") {
		t.Fatalf("second pack: %q, %v", line, err)
	}
	bad := filepath.Join(t.TempDir(), "bad.wasm")
	os.WriteFile(bad, []byte("junk"), 0o644)
	if _, err := packFile(bad, 16); err == nil {
		t.Error("packing junk succeeded")
	}
	if b, _ := os.ReadFile(bad); string(b) != "junk" {
		t.Error("a refused file was changed")
	}
}

func TestLEB128RoundTrips(t *testing.T) {
	for _, x := range []int64{0, 1, 63, 64, -1, -64, -65, 1 << 20, 1<<31 - 1, -1 << 31} {
		r := reader{b: appendSLEB(nil, x)}
		got, err := r.sleb32()
		if err != nil || int64(got) != x || !r.done() {
			t.Errorf("sleb %d: got %d, %v", x, got, err)
		}
	}
	for _, x := range []uint64{0, 127, 128, 1 << 35} {
		r := reader{b: appendULEB(nil, x)}
		if got, err := r.uleb(); err != nil || got != x {
			t.Errorf("uleb %d: got %d, %v", x, got, err)
		}
	}
}
