package engine

import (
	"hash/fnv"
	"math/rand/v2"
	"testing"
)

// TestFNV1a: the state hash's FNV-1a equals the standard library's for every length (so
// the hashes recorded in fixtures and exchanged by peers keep their meaning).
func TestFNV1a(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 70; n++ {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		want := fnv.New64a()
		want.Write(b)
		if got := fnv1a(b); got != want.Sum64() {
			t.Fatalf("%d bytes: %016x, want %016x", n, got, want.Sum64())
		}
	}
}
