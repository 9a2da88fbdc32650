package deal

import (
	"errors"
	"fmt"
	"io"

	"filippo.io/edwards25519"
)

// Saved is what a device stores to take a deal up again after a reload, a crash or a
// return to the game: the public passes and keys, and this seat's secret keys. It must stay
// on this device: it holds the keys to this seat's cards. A device saves after Shuffle or
// Lock returns and before it sends the pass, so that it never sends a pass whose keys it
// could lose.
type Saved struct {
	Label   string   `json:"label"`
	Cards   []Card   `json:"cards"`
	Seats   int      `json:"seats"`
	Me      int      `json:"me"`
	Passes  []Pass   `json:"passes"`
	DeckKey *Scalar  `json:"deckKey,omitempty"`
	PosKeys []Scalar `json:"posKeys,omitempty"`
	Keys    []Keys   `json:"keys,omitempty"`   // the other seats' keys this device holds
	Given   []int    `json:"given,omitempty"`  // position → seat, NoSeat for none
	Opened  []int    `json:"opened,omitempty"` // the positions revealed to all
	Audited bool     `json:"audited,omitempty"`
}

// Save returns the deal's state to store.
func (d *Deal) Save() Saved {
	s := Saved{Label: d.label, Cards: append([]Card(nil), d.cards...), Seats: d.n, Me: d.me,
		Passes: d.Passes(), Audited: d.audited}
	if d.deck != nil {
		k := Scalar(d.deck.Bytes())
		s.DeckKey = &k
	}
	if d.me != NoSeat && d.keys[d.me][0] != nil {
		for _, k := range d.keys[d.me] {
			s.PosKeys = append(s.PosKeys, Scalar(k.Bytes()))
		}
	}
	for seat := range d.n {
		if seat == d.me {
			continue
		}
		k := Keys{Label: d.label, Seat: seat}
		for j, key := range d.keys[seat] {
			if key != nil {
				k.Pos = append(k.Pos, j)
				k.Keys = append(k.Keys, Scalar(key.Bytes()))
			}
		}
		if len(k.Pos) > 0 {
			s.Keys = append(s.Keys, k)
		}
	}
	if d.Locked() {
		s.Given = append([]int(nil), d.given...)
		for j, o := range d.opened {
			if o {
				s.Opened = append(s.Opened, j)
			}
		}
	}
	return s
}

// Restore takes up a saved deal, checking it as it would check the messages afresh: the
// other seats' passes and keys as AcceptPass and AcceptKeys do, this seat's own passes against
// its keys' commitments; but a pass's points are decoded, and each checked to be a canonical
// point of the prime-order group, only when the deal first needs them (Check checks them all
// at once). Decoding a point is a square root and checking it a scalar multiplication, and a
// locked deal needs its last pass's points only one by one as cards open, and the others only
// at the audit: a device taken up again from its store, which checked every point as it came,
// does not do that work again for each of the 2 × seats × cards points at every visit.
func Restore(s Saved, rand io.Reader) (*Deal, error) {
	d, err := New(s.Label, s.Cards, s.Seats, s.Me, rand)
	if err != nil {
		return nil, err
	}
	if len(s.Passes) > 2*d.n {
		return nil, errors.New("deal: saved with too many passes")
	}
	for step, p := range s.Passes {
		if p.Seat != d.me {
			name, err := d.nextPass(p)
			if err == nil {
				err = d.distinct(p.Seat, name, p.Deck)
			}
			if err != nil {
				return nil, err
			}
			d.record(clonePass(p), make([]*edwards25519.Point, len(p.Deck)))
			continue
		}
		if err := d.restoreOwn(step, p, s); err != nil {
			return nil, err
		}
	}
	for _, k := range s.Keys {
		if err := d.AcceptKeys(k); err != nil {
			return nil, err
		}
	}
	if len(s.Given) > 0 {
		if !d.Locked() || len(s.Given) != len(d.cards) {
			return nil, errors.New("deal: saved with cards dealt from a deck not locked")
		}
		for j, seat := range s.Given {
			if seat != NoSeat {
				if err := d.Give(j, seat); err != nil {
					return nil, err
				}
			}
		}
	}
	for _, j := range s.Opened {
		if err := d.Open(j); err != nil {
			return nil, err
		}
	}
	d.audited = s.Audited
	return d, nil
}

// restoreOwn takes this seat's own saved pass back, with the keys it was made with.
func (d *Deal) restoreOwn(step int, p Pass, s Saved) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("deal %s: restoring %s: %s", d.label, stepName(step, d.n), fmt.Sprintf(format, args...))
	}
	if p.Label != d.label || p.Step != step || len(p.Deck) != len(d.cards) {
		return bad("not the pass of this step")
	}
	if err := d.distinct(p.Seat, stepName(step, d.n), p.Deck); err != nil {
		return err
	}
	if step < d.n {
		if s.DeckKey == nil || len(p.Commit) != 1 {
			return bad("no deck key")
		}
		k, err := decodeKey(*s.DeckKey)
		if err != nil || commit(d.label, d.me, deckKeyPos, k) != p.Commit[0] {
			return bad("the saved deck key is not the one committed")
		}
		d.deck = k
	} else {
		if len(s.PosKeys) != len(d.cards) || len(p.Commit) != len(d.cards) {
			return bad("no position keys")
		}
		keys := make([]*edwards25519.Scalar, len(d.cards))
		for j, b := range s.PosKeys {
			k, err := decodeKey(b)
			if err != nil || commit(d.label, d.me, j, k) != p.Commit[j] {
				return bad("the saved key for position %d is not the one committed", j)
			}
			keys[j] = k
		}
		d.keys[d.me] = keys
	}
	d.record(clonePass(p), make([]*edwards25519.Point, len(p.Deck)))
	return nil
}

// Check decodes and checks every point of the deal not checked yet: those of the passes
// Restore took from a store, which it checks only as the deal first needs them. A deal
// restored from outside this device's own store (an imported file) is checked at once.
func (d *Deal) Check() error {
	for step := range d.passes {
		if _, err := d.deckAt(step); err != nil {
			return err
		}
	}
	return nil
}

// deckAt is pass step's deck, every entry decoded and checked.
func (d *Deal) deckAt(step int) ([]*edwards25519.Point, error) {
	for i := range d.decks[step] {
		if _, err := d.pointAt(step, i); err != nil {
			return nil, err
		}
	}
	return d.decks[step], nil
}

// pointAt is entry i of pass step's deck, decoded and checked when it was not yet (a
// restored pass's). A stored point that does not decode is the store's fault, not the
// seat's whose pass it was: that device's pass was checked when it came.
func (d *Deal) pointAt(step, i int) (*edwards25519.Point, error) {
	if p := d.decks[step][i]; p != nil {
		return p, nil
	}
	p, err := decodePoint(d.passes[step].Deck[i])
	if err != nil {
		return nil, d.fail(ErrMalformed, NoSeat, stepName(step, d.n), i, "the stored pass does not hold a point of the group there (%v)", err)
	}
	d.decks[step][i] = p
	return p, nil
}
