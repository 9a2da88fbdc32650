package deal

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"filippo.io/edwards25519"
)

// Malformed, out-of-turn and replayed messages, and calls the protocol forbids: each is
// refused with a clear error and changes nothing.

func TestMalformedPoints(t *testing.T) {
	devs := devices(t, "g/deck", testCards(16), 2, 12)
	p := makePass(t, devs)
	honest := p.Deck[0]
	torsion, _ := new(edwards25519.Point).SetBytes(append([]byte{0xec}, append(slices.Repeat([]byte{0xff}, 30), 0x7f)...)) // (0, -1), of order 2
	hp, _ := decodePoint(honest)
	var notOnCurve Point
	for i := byte(2); ; i++ {
		notOnCurve[0] = i
		if _, err := new(edwards25519.Point).SetBytes(notOnCurve[:]); err != nil {
			break
		}
	}
	identity := Point(edwards25519.NewIdentityPoint().Bytes())
	negZero := identity
	negZero[31] |= 0x80           // x = 0 with the sign bit set: decodes, but not canonically
	yOne := Point{0xee, 31: 0x7f} // y = p+1, the identity's y unreduced
	for i := 1; i < 31; i++ {
		yOne[i] = 0xff
	}
	for _, c := range []struct {
		bad  Point
		want string
	}{
		{notOnCurve, "not a point on the curve"},
		{negZero, "not the canonical encoding"},
		{yOne, "not the canonical encoding"},
		{identity, "the identity"},
		{Point(new(edwards25519.Point).Add(hp, torsion).Bytes()), "not in the prime-order subgroup"},
		{Point(torsion.Bytes()), "not in the prime-order subgroup"},
	} {
		q := clonePass(p)
		q.Deck[5] = c.bad
		err := unchanged(t, devs[1], func() error { return devs[1].AcceptPass(q) })
		if e := wantErr(t, err, ErrMalformed, 0, "shuffle pass 1"); e.Pos != 5 || !strings.HasPrefix(e.Msg, c.want) {
			t.Fatalf("%v, want %q at position 5", e, c.want)
		}
	}
	// On the wire a point is exactly 32 bytes.
	for _, s := range []string{`"AAAA"`, `"` + strings.Repeat("A", 44) + `"`, `"` + strings.Repeat("0", 46) + `"`, `"` + strings.Repeat("A", 42) + `="`, `7`} {
		var pt Point
		if err := json.Unmarshal([]byte(s), &pt); err == nil {
			t.Fatalf("%s decoded", s)
		}
	}
	if err := devs[1].AcceptPass(p); err != nil {
		t.Fatal(err)
	}
}

func TestMalformedKeys(t *testing.T) {
	devs := devices(t, "g/deck", testCards(16), 2, 13)
	setup(t, devs)
	for _, d := range devs {
		d.Give(2, 1)
	}
	good, _ := devs[0].KeysFor(2)
	order := Scalar{0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14, 31: 0x10} // ℓ itself
	for name, k := range map[string]Keys{
		"zero key":          {Label: "g/deck", Seat: 0, Pos: []int{2}, Keys: []Scalar{{}}},
		"non-canonical key": {Label: "g/deck", Seat: 0, Pos: []int{2}, Keys: []Scalar{order}},
		"no such position":  {Label: "g/deck", Seat: 0, Pos: []int{16}, Keys: good.Keys},
		"lengths differ":    {Label: "g/deck", Seat: 0, Pos: []int{2, 3}, Keys: good.Keys},
		"position twice":    {Label: "g/deck", Seat: 0, Pos: []int{2, 2}, Keys: []Scalar{good.Keys[0], good.Keys[0]}},
		"no such seat":      {Label: "g/deck", Seat: 5, Pos: []int{2}, Keys: good.Keys},
		"another deal":      {Label: "g/rail-deck", Seat: 0, Pos: []int{2}, Keys: good.Keys},
		"own seat":          {Label: "g/deck", Seat: 1, Pos: []int{2}, Keys: good.Keys},
	} {
		err := unchanged(t, devs[1], func() error { return devs[1].AcceptKeys(k) })
		if !errors.Is(err, ErrMalformed) {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if err := devs[1].AcceptKeys(good); err != nil {
		t.Fatal(err)
	}
}

func TestOutOfTurn(t *testing.T) {
	devs := devices(t, "g/deck", testCards(16), 3, 14)
	if _, err := devs[1].Shuffle(); !errors.Is(err, ErrNotYet) {
		t.Fatalf("seat 1 shuffled before seat 0: %v", err)
	}
	if _, err := devs[0].Lock(); !errors.Is(err, ErrNotYet) {
		t.Fatalf("seat 0 locked before the shuffles: %v", err)
	}
	if err := devs[0].Give(0, 0); !errors.Is(err, ErrNotYet) {
		t.Fatalf("a card given before the deck is locked: %v", err)
	}
	p0 := makePass(t, devs)
	// Seat 2 cannot shuffle the deck before seat 1 has; seat 1's pass is then accepted.
	broadcastPass(t, devs, p0)
	p1 := makePass(t, devs)
	if err := devs[2].AcceptPass(p1); err != nil {
		t.Fatal(err)
	}
	p2, err := devs[2].Shuffle()
	if err != nil {
		t.Fatal(err)
	}
	wantErr(t, unchanged(t, devs[0], func() error { return devs[0].AcceptPass(p2) }), ErrNotYet, 2, "shuffle pass 3")
	if err := devs[0].AcceptPass(p1); err != nil {
		t.Fatal(err)
	}
	if err := devs[0].AcceptPass(p2); err != nil {
		t.Fatal(err)
	}
	// A pass claiming the wrong seat for its step, and this device's own pass from outside.
	q := clonePass(p2)
	q.Step, q.Seat = 3, 1
	wantErr(t, unchanged(t, devs[0], func() error { return devs[0].AcceptPass(q) }), ErrMalformed, 1, "")
	q = clonePass(p2)
	q.Step, q.Seat = 3, 0
	wantErr(t, unchanged(t, devs[0], func() error { return devs[0].AcceptPass(q) }), ErrMalformed, 0, "locking pass 1")
	if _, err := devs[1].Shuffle(); !errors.Is(err, ErrRefused) {
		t.Fatalf("seat 1 shuffled twice: %v", err)
	}
	if _, err := devs[0].KeysFor(0); !errors.Is(err, ErrNotYet) {
		t.Fatalf("keys before the deck is locked: %v", err)
	}
	k := Keys{Label: "g/deck", Seat: 1, Pos: []int{0}, Keys: []Scalar{{1}}}
	wantErr(t, unchanged(t, devs[0], func() error { return devs[0].AcceptKeys(k) }), ErrNotYet, 1, "keys")
}

func TestReplay(t *testing.T) {
	devs := devices(t, "g/deck", testCards(16), 2, 15)
	p := makePass(t, devs)
	broadcastPass(t, devs, p)
	wantErr(t, unchanged(t, devs[1], func() error { return devs[1].AcceptPass(p) }), ErrDuplicate, 0, "shuffle pass 1")
	q := clonePass(p)
	q.Deck[0], q.Deck[1] = q.Deck[1], q.Deck[0]
	wantErr(t, unchanged(t, devs[1], func() error { return devs[1].AcceptPass(q) }), ErrCheat, 0, "shuffle pass 1")
	for range 3 {
		broadcastPass(t, devs, makePass(t, devs))
	}
	// A pass of another deal (the same game's other deck) is refused.
	other := devices(t, "g/rail-deck", testCards(16), 2, 15)
	op := makePass(t, other)
	wantErr(t, unchanged(t, devs[1], func() error { return devs[1].AcceptPass(op) }), ErrMalformed, NoSeat, "")

	give(t, devs, 1, 0)
	k, _ := devs[0].KeysFor(0)
	wantErr(t, unchanged(t, devs[1], func() error { return devs[1].AcceptKeys(k) }), ErrDuplicate, 0, "keys")
	// A second, different key for a position already keyed is proof of cheating.
	k2 := Keys{Label: k.Label, Seat: 0, Pos: []int{0}, Keys: []Scalar{Scalar(otherKey(t).Bytes())}}
	if e := wantErr(t, unchanged(t, devs[1], func() error { return devs[1].AcceptKeys(k2) }), ErrCheat, 0, "keys"); !strings.Contains(e.Msg, "second, different key") {
		t.Fatalf("%v", e)
	}
	// A key replayed for another position does not match that position's commitment.
	k.Pos[0] = 1
	wantErr(t, unchanged(t, devs[1], func() error { return devs[1].AcceptKeys(k) }), ErrCheat, 0, "keys")
}

func TestKeysForRefusesHiddenCards(t *testing.T) {
	devs := devices(t, "g/deck", testCards(16), 2, 16)
	setup(t, devs)
	give(t, devs, 0, 0)
	if _, err := devs[0].KeysFor(0); !errors.Is(err, ErrRefused) {
		t.Fatalf("seat 0 published the key of its own hidden card: %v", err)
	}
	if _, err := devs[0].KeysFor(1); !errors.Is(err, ErrRefused) {
		t.Fatalf("seat 0 published the key of a face-down card: %v", err)
	}
	if err := devs[1].Give(0, 1); !errors.Is(err, ErrRefused) {
		t.Fatalf("a card given twice: %v", err)
	}
	if len(devs[1].Known()) != 0 {
		t.Fatal("seat 1 knows a card")
	}
	// Once seat 0 plays it, it may publish the key.
	open(t, devs, 0)
	if len(devs[1].Known()) != 1 {
		t.Fatal("seat 1 does not know the card played")
	}
}
