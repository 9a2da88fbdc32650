package bot

import (
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite engine/bot/testdata (the bots' decision digest) from the current bots")

// TestDecisionDigest: the bots choose the same actions on every platform. The same test
// runs natively and compiled to wasm under Node (make test-wasm), against one recorded
// digest (testdata/decision-digest.txt: the FNV-1a digest of the actions every level
// chooses), over positions of 2, 3 and 4-player games and every level. A deliberate change
// to how a bot thinks (or to the rules) re-records it with -update, as `go test ./engine/...
// -update` does with the engine's files; the value must then be the same natively and
// under wasm.
func TestDecisionDigest(t *testing.T) {
	h := fnv.New64a()
	count := 0
	for n := 2; n <= 4; n++ {
		for _, s := range positions(t, birmingham(n), uint64(40+n), 15) {
			seat := s.Actor()
			v := s.View(seat)
			for _, l := range []Level{Easy, Medium, Hard} {
				a, err := Bot{Level: l, Budget: testBudget}.Choose(&v, seat, uint64(s.Moves))
				if err != nil {
					t.Fatal(err)
				}
				h.Write([]byte(s.Edition().Encode(a).String()))
				count++
			}
		}
	}
	got := fmt.Sprintf("%016x", h.Sum64())
	file := filepath.Join("testdata", "decision-digest.txt")
	if *update {
		if err := os.WriteFile(file, []byte(got+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if w := strings.TrimSpace(string(want)); got != w {
		t.Errorf("%d decisions digest to %s, want %s (re-record with -update)", count, got, w)
	}
}
