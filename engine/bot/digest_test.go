package bot

import (
	"fmt"
	"hash/fnv"
	"testing"
)

// decisionDigest is the FNV-1a digest of the actions every level chooses on the positions
// of TestDecisionDigest. A deliberate change to how a bot thinks records the new value (the
// failing test prints it); the value must then be the same natively and under wasm.
const decisionDigest = "449e3bc17decdfa2"

// TestDecisionDigest: the bots choose the same actions on every platform. The same test
// runs natively and compiled to wasm under Node (make test-wasm), against one recorded
// digest, over positions of 2, 3 and 4-player games and every level.
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
	if got := fmt.Sprintf("%016x", h.Sum64()); got != decisionDigest {
		t.Errorf("%d decisions digest to %s, want %s", count, got, decisionDigest)
	}
}
