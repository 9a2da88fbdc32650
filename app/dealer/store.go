package dealer

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"brass/app/deal"
	"brass/engine"
)

// Saved is what a device stores to take its dealer up again after a reload, a crash or a
// return to the game. It holds this seat's secret keys (in each deal.Saved): it must never
// leave the device. Save after every message taken and before sending this seat's own.
type Saved struct {
	Me     int              `json:"me"`
	ID     string           `json:"id"`
	Deals  []deal.Saved     `json:"deals"` // in the order they were started
	Drawn  int              `json:"drawn"`
	Tile   *engine.Reveal   `json:"tile,omitempty"`
	Held   []Msg            `json:"held,omitempty"`
	Audits []deal.AuditKeys `json:"audits,omitempty"`
	// Taken names the deals whose passes TakeLockedPasses took out, so that PutPasses tells
	// a deal whose passes are missing from one that has none yet (a seat that saved before
	// the pass before its own came: an own-pace game's device, stored as the game begins).
	Taken []string `json:"taken"`
}

// Save returns the dealer's state to store.
func (d *Dealer) Save() Saved {
	s := Saved{Me: d.me, ID: d.id, Drawn: d.drawn, Held: append([]Msg(nil), d.held...)}
	for _, label := range d.labels {
		s.Deals = append(s.Deals, d.deals[label].Save())
		for seat := range d.n {
			if a, ok := d.audits[label][seat]; ok {
				s.Audits = append(s.Audits, a)
			}
		}
	}
	if d.tile != nil {
		t := *d.tile
		s.Tile = &t
	}
	return s
}

// Restore takes up a saved dealer for a game whose table is t, rebuilt from the game's record
// with what the deal had shown it (engine.Record.Reveals). Each deal is checked as app/deal's
// Restore checks it; a saved state that does not fit the game is refused.
func Restore(t Table, s Saved, rand io.Reader) (*Dealer, error) {
	switch {
	case t.Edition == nil:
		return nil, errors.New("dealer: no edition")
	case s.Me < 0 || s.Me >= t.Players || s.ID == "":
		return nil, fmt.Errorf("dealer: a saved dealer for seat %d of game %q", s.Me, s.ID)
	case s.Drawn < 0 || s.Drawn > len(t.Draws):
		return nil, fmt.Errorf("dealer: the saved dealer gave out %d cards, but the game drew %d", s.Drawn, len(t.Draws))
	}
	d := &Dealer{t: t, me: s.Me, n: t.Players, id: s.ID, rand: rand, drawn: s.Drawn,
		deals: map[string]*deal.Deal{}, audits: map[string]map[int]deal.AuditKeys{}, shown: map[place]bool{},
		held: append([]Msg(nil), s.Held...)}
	for _, ds := range s.Deals {
		if ds.Me != s.Me || ds.Seats != d.n || d.deals[ds.Label] != nil {
			return nil, fmt.Errorf("dealer: a saved deal %q that is not this seat's in this game", ds.Label)
		}
		dl, err := deal.Restore(ds, rand)
		if err != nil {
			return nil, err
		}
		d.deals[ds.Label] = dl
		d.labels = append(d.labels, ds.Label)
	}
	for _, a := range s.Audits {
		if d.deals[a.Label] == nil || a.Seat < 0 || a.Seat >= d.n {
			return nil, fmt.Errorf("dealer: saved audit keys for deal %q, seat %d", a.Label, a.Seat)
		}
		if d.audits[a.Label] == nil {
			d.audits[a.Label] = map[int]deal.AuditKeys{}
		}
		d.audits[a.Label][a.Seat] = a
	}
	if s.Tile != nil {
		t := *s.Tile
		d.tile = &t
	}
	return d, nil
}

// Check checks every point of every deal that Restore leaves to be checked when first used
// (deal.Restore): for a dealer taken from outside this device's own store, such as an
// imported seat.
func (d *Dealer) Check() error {
	for _, label := range d.labels {
		if err := d.deals[label].Check(); err != nil {
			return err
		}
	}
	return nil
}

// TakeLockedPasses moves the passes of every locked deal out of s and returns them by deal.
// They never change once a deal is locked, and they are most of a Saved's size, so a caller
// may store them once apart and give them back (PutPasses) before Restore.
func (s *Saved) TakeLockedPasses() map[string][]deal.Pass {
	out := map[string][]deal.Pass{}
	s.Taken = nil
	for i := range s.Deals {
		ds := &s.Deals[i]
		if len(ds.Passes) == 2*ds.Seats {
			out[ds.Label], ds.Passes = ds.Passes, nil
			s.Taken = append(s.Taken, ds.Label)
		}
	}
	if s.Taken == nil {
		s.Taken = []string{} // (none taken, and a save that says so)
	}
	return out
}

// PutPasses gives back passes TakeLockedPasses took; a deal missing its passes is an error.
// (A save from before Taken was kept takes every deal without passes for one taken.)
func (s *Saved) PutPasses(passes map[string][]deal.Pass) error {
	for i := range s.Deals {
		ds := &s.Deals[i]
		if len(ds.Passes) == 0 {
			p, ok := passes[ds.Label]
			if !ok && (s.Taken == nil || slices.Contains(s.Taken, ds.Label)) {
				return fmt.Errorf("dealer: the passes of deal %q are missing", ds.Label)
			}
			ds.Passes = p
		}
	}
	s.Taken = nil
	return nil
}
