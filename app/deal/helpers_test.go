package deal

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"
)

// seeded is a deterministic source of randomness for a seat of a test deal.
func seeded(seed uint64, seat int) io.Reader {
	var s [32]byte
	binary.LittleEndian.PutUint64(s[:], seed)
	s[8] = byte(seat)
	return rand.NewChaCha8(s)
}

// testCards is a deck of size cards of 20 kinds, so kinds repeat as in a Brass deck.
func testCards(size int) []Card {
	cards := make([]Card, size)
	for i := range cards {
		cards[i] = Card(i % 20)
	}
	return cards
}

// devices starts one Deal per seat, as the seats' devices would.
func devices(t testing.TB, label string, cards []Card, n int, seed uint64) []*Deal {
	t.Helper()
	devs := make([]*Deal, n)
	for s := range devs {
		d, err := New(label, cards, n, s, seeded(seed, s))
		if err != nil {
			t.Fatal(err)
		}
		devs[s] = d
	}
	return devs
}

// broadcastPass gives a pass to every device but its maker.
func broadcastPass(t testing.TB, devs []*Deal, p Pass) {
	t.Helper()
	for s, d := range devs {
		if s != p.Seat {
			if err := d.AcceptPass(p); err != nil {
				t.Fatalf("seat %d accepting %s of seat %d: %v", s, stepName(p.Step, len(devs)), p.Seat, err)
			}
		}
	}
}

// makePass has the seat whose turn it is make its pass.
func makePass(t testing.TB, devs []*Deal) Pass {
	t.Helper()
	step, seat, shuffle := devs[0].Next()
	if seat == NoSeat {
		step, seat, shuffle = devs[1].Next()
	}
	var p Pass
	var err error
	if shuffle {
		p, err = devs[seat].Shuffle()
	} else {
		p, err = devs[seat].Lock()
	}
	if err != nil {
		t.Fatalf("seat %d making step %d: %v", seat, step, err)
	}
	return p
}

// setup runs every pass honestly.
func setup(t testing.TB, devs []*Deal) {
	t.Helper()
	for range 2 * len(devs) {
		broadcastPass(t, devs, makePass(t, devs))
	}
}

// broadcastKeys gives a seat's keys to every other device; a device that holds them all
// already (ErrDuplicate) is fine.
func broadcastKeys(t testing.TB, devs []*Deal, k Keys) {
	t.Helper()
	for s, d := range devs {
		if s == k.Seat {
			continue
		}
		if err := d.AcceptKeys(k); err != nil && !errors.Is(err, ErrDuplicate) {
			t.Fatalf("seat %d accepting keys of seat %d: %v", s, k.Seat, err)
		}
	}
}

// give deals positions to seat: every device records it, every other seat publishes.
func give(t testing.TB, devs []*Deal, seat int, pos ...int) {
	t.Helper()
	for _, d := range devs {
		for _, j := range pos {
			if err := d.Give(j, seat); err != nil {
				t.Fatal(err)
			}
		}
	}
	for s, d := range devs {
		if s == seat {
			continue
		}
		k, err := d.KeysFor(pos...)
		if err != nil {
			t.Fatal(err)
		}
		broadcastKeys(t, devs, k)
	}
}

// open reveals positions to all: every seat publishes its keys.
func open(t testing.TB, devs []*Deal, pos ...int) {
	t.Helper()
	for _, d := range devs {
		for _, j := range pos {
			if err := d.Open(j); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, d := range devs {
		k, err := d.KeysFor(pos...)
		if err != nil {
			t.Fatal(err)
		}
		broadcastKeys(t, devs, k)
	}
}

func auditKeys(t testing.TB, devs []*Deal) []AuditKeys {
	t.Helper()
	var all []AuditKeys
	for _, d := range devs {
		a, err := d.AuditKeys()
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, a)
	}
	return all
}

// knownPositions lists the positions a device can open.
func knownPositions(d *Deal) []int {
	var out []int
	for _, k := range d.Known() {
		out = append(out, k.Pos)
	}
	return out
}

// state is what a test compares to see that a refused message changed nothing.
func state(d *Deal) string {
	b, err := json.Marshal(d.Passes())
	if err != nil {
		panic(err)
	}
	held := 0
	for s := range d.keys {
		for _, k := range d.keys[s] {
			if k != nil {
				held++
			}
		}
	}
	return fmt.Sprintf("passes %x|%d keys|%v|%v|%v|%v", sha256.Sum256(b), held, d.given, d.opened, d.decoded, d.audited)
}
