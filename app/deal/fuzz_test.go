package deal

import (
	"encoding/json"
	"errors"
	"testing"
)

// FuzzMessages feeds whatever a peer might send, as JSON, to a deal waiting for a pass and
// to a locked deal: nothing panics, and a refused message changes nothing.
// go test -fuzz FuzzMessages ./app/deal/ runs it further than the seeds.
func FuzzMessages(f *testing.F) {
	devs := devices(f, "f/deck", testCards(8), 2, 30)
	first, err := devs[0].Shuffle()
	if err != nil {
		f.Fatal(err)
	}
	b, _ := json.Marshal(first)
	f.Add(b)
	locked := devices(f, "f/deck", testCards(8), 2, 31)
	setup(f, locked)
	give(f, locked, 1, 0)
	k, _ := locked[0].KeysFor(0)
	b, _ = json.Marshal(k)
	f.Add(b)
	f.Add([]byte(`{"label":"f/deck","step":0,"seat":0,"deck":["AQ"],"commit":[]}`))
	f.Add([]byte(`{"label":"f/deck","seat":0,"pos":[-1],"keys":["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]}`))
	f.Fuzz(func(t *testing.T, msg []byte) {
		var p Pass
		if json.Unmarshal(msg, &p) == nil {
			d, _ := New("f/deck", testCards(8), 2, 1, seeded(32, 1))
			before := state(d)
			if err := d.AcceptPass(p); err != nil && state(d) != before {
				t.Fatalf("a refused pass changed the deal: %v", err)
			}
		}
		var k Keys
		if json.Unmarshal(msg, &k) == nil {
			d := locked[1]
			before := state(d)
			err := d.AcceptKeys(k)
			if err != nil && state(d) != before {
				t.Fatalf("refused keys changed the deal: %v", err)
			}
			var e *Error
			if err != nil && !errors.As(err, &e) {
				t.Fatalf("an error that is not an *Error: %v", err)
			}
		}
	})
}
