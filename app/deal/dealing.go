package deal

import (
	"fmt"

	"filippo.io/edwards25519"
)

// Give records that position j goes to seat privately (a card drawn into a hand). Every
// device calls it at the same point of the game, the engine's draw. The other seats then
// publish their keys for j (KeysFor) and only seat can open it, with its own key.
func (d *Deal) Give(j, seat int) error {
	if err := d.position(j); err != nil {
		return err
	}
	switch {
	case seat < 0 || seat >= d.n:
		return d.fail(ErrRefused, seat, "give", j, "no such seat")
	case d.opened[j]:
		return d.fail(ErrRefused, seat, "give", j, "already revealed to all")
	case d.given[j] != NoSeat && d.given[j] != seat:
		return d.fail(ErrRefused, seat, "give", j, "already dealt to seat %d", d.given[j])
	}
	d.given[j] = seat
	return nil
}

// Open records that position j is revealed to all: a card played from a hand, a Distant
// Market tile drawn, a card dealt face up. Every seat then publishes its key for j, the
// holder's key being its proof of what it was dealt.
func (d *Deal) Open(j int) error {
	if err := d.position(j); err != nil {
		return err
	}
	d.opened[j] = true
	return nil
}

// Given returns the seat position j was dealt to, or NoSeat; Opened whether it is revealed.
func (d *Deal) Given(j int) int   { return d.given[j] }
func (d *Deal) Opened(j int) bool { return d.opened[j] }

func (d *Deal) position(j int) error {
	if !d.Locked() {
		_, seat, _ := d.Next()
		return d.fail(ErrNotYet, NoSeat, "", j, "the deck is not locked yet (waiting for seat %d)", seat)
	}
	if j < 0 || j >= len(d.cards) {
		return d.fail(ErrRefused, NoSeat, "", j, "no such position (the deck has %d)", len(d.cards))
	}
	return nil
}

// KeysFor returns this seat's keys for positions pos, to broadcast. It refuses a position
// that is this seat's own hidden card and one neither given nor opened (a face-down card),
// so that a device cannot give a card away by mistake; after AuditKeys it refuses nothing.
func (d *Deal) KeysFor(pos ...int) (Keys, error) {
	if d.me == NoSeat {
		return Keys{}, d.fail(ErrRefused, NoSeat, "keys", -1, "a watcher holds no keys")
	}
	out := Keys{Label: d.label, Seat: d.me}
	for _, j := range pos {
		if err := d.position(j); err != nil {
			return Keys{}, err
		}
		if !d.audited && !d.opened[j] {
			if d.given[j] == d.me {
				return Keys{}, d.fail(ErrRefused, d.me, "keys", j, "this seat's own hidden card")
			}
			if d.given[j] == NoSeat {
				return Keys{}, d.fail(ErrRefused, d.me, "keys", j, "neither dealt nor revealed: it stays face down")
			}
		}
		out.Pos = append(out.Pos, j)
		out.Keys = append(out.Keys, Scalar(d.keys[d.me][j].Bytes()))
	}
	return out, nil
}

// AcceptKeys takes another seat's published keys. Each must be a canonical nonzero scalar
// matching the commitment the seat made in its locking pass, so a wrong key is caught here,
// at once, naming the seat. Keys already held are accepted again only with the same value;
// a message that adds nothing is ErrDuplicate. All or nothing: on error nothing changes.
func (d *Deal) AcceptKeys(k Keys) error {
	if k.Label != d.label {
		return d.fail(ErrMalformed, NoSeat, "keys", -1, "keys for deal %q", k.Label)
	}
	if k.Seat < 0 || k.Seat >= d.n {
		return d.fail(ErrMalformed, k.Seat, "keys", -1, "no such seat")
	}
	if k.Seat == d.me {
		return d.fail(ErrMalformed, k.Seat, "keys", -1, "keys of this device's own seat came from outside")
	}
	if !d.Locked() {
		_, seat, _ := d.Next()
		return d.fail(ErrNotYet, k.Seat, "keys", -1, "the deck is not locked yet (waiting for seat %d)", seat)
	}
	if len(k.Pos) != len(k.Keys) || len(k.Pos) == 0 {
		return d.fail(ErrMalformed, k.Seat, "keys", -1, "%d positions and %d keys", len(k.Pos), len(k.Keys))
	}
	commits := d.passes[d.n+k.Seat].Commit
	fresh := map[int]*edwards25519.Scalar{}
	for i, j := range k.Pos {
		if j < 0 || j >= len(d.cards) {
			return d.fail(ErrMalformed, k.Seat, "keys", j, "no such position")
		}
		if _, twice := fresh[j]; twice {
			return d.fail(ErrMalformed, k.Seat, "keys", j, "the position twice in one message")
		}
		key, err := decodeKey(k.Keys[i])
		if err != nil {
			return d.fail(ErrMalformed, k.Seat, "keys", j, "%v", err)
		}
		if old := d.keys[k.Seat][j]; old != nil {
			if old.Equal(key) != 1 {
				return d.fail(ErrCheat, k.Seat, "keys", j, "a second, different key for the position")
			}
			continue
		}
		if commit(d.label, k.Seat, j, key) != commits[j] {
			return d.fail(ErrCheat, k.Seat, "keys", j, "the key does not match the seat's commitment in its locking pass")
		}
		fresh[j] = key
	}
	if len(fresh) == 0 {
		return d.fail(ErrDuplicate, k.Seat, "keys", -1, "every key already held")
	}
	for j, key := range fresh {
		d.keys[k.Seat][j] = key
	}
	return nil
}

// Missing lists the seats whose keys for position j this device still lacks: whom a
// deal or a reveal waits for. A seat that never answers stalls only the positions that
// need its keys.
func (d *Deal) Missing(j int) []int {
	var out []int
	for s := range d.n {
		if d.keys[s][j] == nil {
			out = append(out, s)
		}
	}
	return out
}

// Card opens position j when this device holds every seat's key for it (its own included):
// known is false while a key is missing. An error means the keys, each matching its
// commitment, do not give a card, or give a card already opened at another position: some
// seat's shuffle or locking pass was false, which the audit will name.
func (d *Deal) Card(j int) (c Card, cp int, known bool, err error) {
	if err := d.position(j); err != nil {
		return 0, 0, false, err
	}
	if i := d.decoded[j]; i >= 0 {
		return d.table().entries[i].card, d.table().entries[i].copy, true, nil
	}
	if len(d.Missing(j)) > 0 {
		return 0, 0, false, nil
	}
	prod := edwards25519.NewScalar().Set(d.keys[0][j])
	for s := 1; s < d.n; s++ {
		prod.Multiply(prod, d.keys[s][j])
	}
	locked, err := d.pointAt(2*d.n-1, j)
	if err != nil {
		return 0, 0, false, err
	}
	p := mult(prod.Invert(prod), locked) // this seat's key is secret: constant time
	i, ok := d.table().index[Point(p.Bytes())]
	if !ok {
		return 0, 0, false, d.fail(ErrCheat, NoSeat, "open", j,
			"the committed keys do not give a card: a shuffle or locking pass was false (the audit names the seat)")
	}
	for other, seen := range d.decoded {
		if seen == i {
			return 0, 0, false, d.fail(ErrCheat, NoSeat, "open", j,
				"the same card as position %d: a shuffle or locking pass copied an entry (the audit names the seat)", other)
		}
	}
	d.decoded[j] = i
	e := d.table().entries[i]
	return e.card, e.copy, true, nil
}

// CheckPlay checks that seat, playing card c from position j (given to it and opened), was
// dealt c there. A different card is proof against seat.
func (d *Deal) CheckPlay(j, seat int, c Card) error {
	if err := d.position(j); err != nil {
		return err
	}
	if d.given[j] != seat {
		return d.fail(ErrCheat, seat, "play", j, "the position was dealt to seat %d", d.given[j])
	}
	if !d.opened[j] {
		return d.fail(ErrRefused, seat, "play", j, "the position is not opened")
	}
	got, _, known, err := d.Card(j)
	if err != nil {
		return err
	}
	if !known {
		return d.fail(ErrNotYet, seat, "play", j, "waiting for the keys of seats %v", d.Missing(j))
	}
	if got != c {
		return d.fail(ErrCheat, seat, "play", j, "played card %d but was dealt card %d", c, got)
	}
	return nil
}

// Known is a card this device can open, at its position.
type Known struct {
	Pos  int
	Card Card
	Copy int
}

// Known lists every position this device holds all the keys for, opened: its own hand,
// the cards revealed to all, and (on an honest device) nothing else.
func (d *Deal) Known() []Known {
	if !d.Locked() {
		return nil
	}
	var out []Known
	for j := range d.cards {
		if c, cp, ok, err := d.Card(j); ok && err == nil {
			out = append(out, Known{Pos: j, Card: c, Copy: cp})
		}
	}
	return out
}

// String describes the deal's state for logs.
func (d *Deal) String() string {
	step, seat, _ := d.Next()
	if seat != NoSeat {
		return fmt.Sprintf("deal %s: seat %d of %d, waiting for seat %d's %s", d.label, d.me, d.n, seat, stepName(step, d.n))
	}
	return fmt.Sprintf("deal %s: seat %d of %d, %d cards locked", d.label, d.me, d.n, len(d.cards))
}
