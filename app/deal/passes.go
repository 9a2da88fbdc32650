package deal

import (
	"slices"

	"filippo.io/edwards25519"
)

// Shuffle makes this seat's shuffle pass, when it is its turn (Next): every entry of the
// deck masked with this seat's deck key, in a uniformly random order, with a commitment to
// the key. The caller broadcasts it.
func (d *Deal) Shuffle() (Pass, error) {
	step := len(d.passes)
	if err := d.myTurn(step, d.me); err != nil {
		return Pass{}, err
	}
	cur, err := d.cur()
	if err != nil {
		return Pass{}, err
	}
	k, err := randomKey(d.rand)
	if err != nil {
		return Pass{}, err
	}
	perm, err := randomPerm(d.rand, len(d.cards))
	if err != nil {
		return Pass{}, err
	}
	out := make([]*edwards25519.Point, len(cur))
	for i, from := range perm {
		out[i] = mult(k, cur[from])
	}
	p := Pass{Label: d.label, Step: step, Seat: d.me, Deck: encodePoints(out),
		Commit: []Digest{commit(d.label, d.me, deckKeyPos, k)}}
	d.deck = k
	d.record(p, out)
	return clonePass(p), nil
}

// Lock makes this seat's locking pass, when it is its turn: its deck key taken off every
// entry and a fresh key for each position put on, so that each position can later be
// opened on its own; with a commitment to each position key. The caller broadcasts it.
func (d *Deal) Lock() (Pass, error) {
	step := len(d.passes)
	if err := d.myTurn(step, d.n+d.me); err != nil {
		return Pass{}, err
	}
	cur, err := d.cur()
	if err != nil {
		return Pass{}, err
	}
	keys := make([]*edwards25519.Scalar, len(d.cards))
	for j := range keys {
		k, err := randomKey(d.rand)
		if err != nil {
			return Pass{}, err
		}
		keys[j] = k
	}
	inv := edwards25519.NewScalar().Invert(d.deck)
	out := make([]*edwards25519.Point, len(cur))
	commits := make([]Digest, len(cur))
	f := edwards25519.NewScalar()
	for j, k := range keys {
		out[j] = mult(f.Multiply(k, inv), cur[j])
		commits[j] = commit(d.label, d.me, j, k)
	}
	p := Pass{Label: d.label, Step: step, Seat: d.me, Deck: encodePoints(out), Commit: commits}
	d.keys[d.me] = keys
	d.record(p, out)
	return clonePass(p), nil
}

func (d *Deal) myTurn(step, want int) error {
	if d.me == NoSeat {
		return d.fail(ErrRefused, NoSeat, stepName(step, d.n), -1, "a watcher holds no seat and makes no pass")
	}
	if step == want {
		return nil
	}
	name := stepName(want, d.n)
	if step < want {
		_, seat, _ := d.Next()
		return d.fail(ErrNotYet, d.me, name, -1, "waiting for seat %d's %s first", seat, stepName(step, d.n))
	}
	return d.fail(ErrRefused, d.me, name, -1, "already made")
}

// record appends an accepted pass.
func (d *Deal) record(p Pass, deck []*edwards25519.Point) {
	d.passes = append(d.passes, p)
	d.decks = append(d.decks, deck)
}

// AcceptPass takes another seat's pass. It checks that the pass is the one the deal waits
// for, that it comes from the seat whose turn it is, and its shape: as many entries as
// cards, each a canonical point of the prime-order group, no two equal (an honest pass maps
// distinct entries to distinct entries, so a repeated entry is a duplicated card), and its
// commitments. Whether a pass really masked and permuted (or locked) its input is checked
// only at the audit. The caller must know that the message came from p.Seat (app/online
// signs every message). On error nothing changes.
func (d *Deal) AcceptPass(p Pass) error {
	name, err := d.nextPass(p)
	if err != nil {
		return err
	}
	deck, err := d.decodeDeck(p.Seat, name, p.Deck)
	if err != nil {
		return err
	}
	d.record(clonePass(p), deck)
	return nil
}

// nextPass checks that another seat's pass is the next one and has its shape (every check of
// AcceptPass but the points' own), and names its step.
func (d *Deal) nextPass(p Pass) (string, error) {
	if p.Label != d.label {
		return "", d.fail(ErrMalformed, NoSeat, "", -1, "a pass for deal %q", p.Label)
	}
	if p.Step < 0 || p.Step >= 2*d.n || p.Seat != p.Step%d.n {
		return "", d.fail(ErrMalformed, p.Seat, "", -1, "step %d is not this seat's", p.Step)
	}
	name := stepName(p.Step, d.n)
	if p.Seat == d.me {
		return "", d.fail(ErrMalformed, p.Seat, name, -1, "a pass of this device's own seat came from outside")
	}
	if p.Step < len(d.passes) {
		if samePass(d.passes[p.Step], p) {
			return "", d.fail(ErrDuplicate, p.Seat, name, -1, "already accepted")
		}
		return "", d.fail(ErrCheat, p.Seat, name, -1, "a second, different pass for a step already accepted")
	}
	if p.Step > len(d.passes) {
		_, seat, _ := d.Next()
		return "", d.fail(ErrNotYet, p.Seat, name, -1, "waiting for seat %d's %s first", seat, stepName(len(d.passes), d.n))
	}
	if len(p.Deck) != len(d.cards) {
		return "", d.fail(ErrMalformed, p.Seat, name, -1, "%d entries, want %d", len(p.Deck), len(d.cards))
	}
	wantCommits := 1
	if p.Step >= d.n {
		wantCommits = len(d.cards)
	}
	if len(p.Commit) != wantCommits {
		return "", d.fail(ErrMalformed, p.Seat, name, -1, "%d key commitments, want %d", len(p.Commit), wantCommits)
	}
	return name, nil
}

// decodeDeck decodes and checks the entries of a pass.
func (d *Deal) decodeDeck(seat int, name string, in []Point) ([]*edwards25519.Point, error) {
	out := make([]*edwards25519.Point, len(in))
	seen := make(map[Point]int, len(in))
	for i, b := range in {
		if j, dup := seen[b]; dup {
			return nil, d.fail(ErrCheat, seat, name, i, "the same entry as position %d: a card duplicated", j)
		}
		seen[b] = i
		p, err := decodePoint(b)
		if err != nil {
			return nil, d.fail(ErrMalformed, seat, name, i, "%v", err)
		}
		out[i] = p
	}
	return out, nil
}

// distinct checks that no two entries of a pass are the same point.
func (d *Deal) distinct(seat int, name string, in []Point) error {
	seen := make(map[Point]int, len(in))
	for i, b := range in {
		if j, dup := seen[b]; dup {
			return d.fail(ErrCheat, seat, name, i, "the same entry as position %d: a card duplicated", j)
		}
		seen[b] = i
	}
	return nil
}

func samePass(a, b Pass) bool {
	return a.Label == b.Label && a.Step == b.Step && a.Seat == b.Seat &&
		slices.Equal(a.Deck, b.Deck) && slices.Equal(a.Commit, b.Commit)
}
