package deal

import (
	"fmt"

	"filippo.io/edwards25519"
)

// AuditKeys publishes every secret this seat holds in the deal, for the audit at the end of
// the game (or when it is abandoned). After it the deal hides nothing of this seat's.
func (d *Deal) AuditKeys() (AuditKeys, error) {
	if d.me == NoSeat {
		return AuditKeys{}, d.fail(ErrRefused, NoSeat, "audit", -1, "a watcher holds no keys")
	}
	if d.deck == nil || d.keys[d.me][0] == nil {
		_, seat, _ := d.Next()
		return AuditKeys{}, d.fail(ErrNotYet, d.me, "audit", -1, "this seat has not made both its passes (waiting for seat %d)", seat)
	}
	a := AuditKeys{Label: d.label, Seat: d.me, DeckKey: Scalar(d.deck.Bytes())}
	for _, k := range d.keys[d.me] {
		a.PosKeys = append(a.PosKeys, Scalar(k.Bytes()))
	}
	d.audited = true
	return a, nil
}

// Audit re-runs the whole deal from every seat's AuditKeys (this seat's included, in any
// order) and returns the cards by position. It fails, naming the seat and the step, if a
// key does not match its commitment, if a shuffle pass's output is not its input masked
// with the seat's deck key and permuted, if a locking pass's output is not its input
// re-keyed with the seat's keys, or if a card this device opened during the game differs
// from the one the audit finds there. It changes nothing.
func (d *Deal) Audit(all []AuditKeys) ([]Card, error) {
	if !d.Locked() {
		return nil, d.fail(ErrNotYet, NoSeat, "audit", -1, "the deck is not locked")
	}
	decks := make([][]*edwards25519.Point, len(d.passes))
	for step := range d.passes {
		var err error
		if decks[step], err = d.deckAt(step); err != nil {
			return nil, err
		}
	}
	order, err := verify(d.label, d.table(), d.n, d.passes, decks, all)
	if err != nil {
		return nil, err
	}
	for j, i := range d.decoded {
		if i >= 0 && i != order[j] {
			return nil, d.fail(ErrCheat, NoSeat, "audit", j, "opened as card %d during the game, card %d at the audit",
				d.table().entries[i].card, d.table().entries[order[j]].card)
		}
	}
	return d.table().cards(order), nil
}

// Verify checks a stored deal whole, with no Deal: the deck's cards in their public order,
// every pass in step order and every seat's AuditKeys. It returns the cards by position.
func Verify(label string, cards []Card, seats int, passes []Pass, all []AuditKeys) ([]Card, error) {
	d, err := New(label, cards, seats, 0, eofReader{})
	if err != nil {
		return nil, err
	}
	if len(passes) != 2*seats {
		return nil, d.fail(ErrMalformed, NoSeat, "audit", -1, "%d passes, want %d", len(passes), 2*seats)
	}
	decks := make([][]*edwards25519.Point, len(passes))
	for step, p := range passes {
		name := stepName(step, seats)
		if p.Label != label || p.Step != step || p.Seat != step%seats || len(p.Deck) != len(cards) {
			return nil, d.fail(ErrMalformed, p.Seat, name, -1, "not the pass of this step")
		}
		if decks[step], err = d.decodeDeck(p.Seat, name, p.Deck); err != nil {
			return nil, err
		}
	}
	order, err := verify(label, d.table(), seats, passes, decks, all)
	if err != nil {
		return nil, err
	}
	return d.table().cards(order), nil
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, fmt.Errorf("deal: Verify draws no randomness") }

func (t *table) cards(order []int) []Card {
	out := make([]Card, len(order))
	for j, i := range order {
		out[j] = t.entries[i].card
	}
	return out
}

// verify is the audit proper, over decoded passes; it returns the deck entry at each position.
func verify(label string, tab *table, n int, passes []Pass, decks [][]*edwards25519.Point, all []AuditKeys) ([]int, error) {
	size := len(tab.points)
	fail := func(kind error, seat int, step string, pos int, format string, args ...any) ([]int, error) {
		return nil, &Error{Kind: kind, Label: label, Seat: seat, Step: step, Pos: pos, Msg: fmt.Sprintf(format, args...)}
	}
	for step, p := range passes {
		wantCommits := size
		if step < n {
			wantCommits = 1
		}
		if len(p.Commit) != wantCommits {
			return fail(ErrMalformed, p.Seat, stepName(step, n), -1, "%d key commitments, want %d", len(p.Commit), wantCommits)
		}
	}

	// Every seat's keys, each checked against its commitment.
	deckKeys := make([]*edwards25519.Scalar, n)
	posKeys := make([][]*edwards25519.Scalar, n)
	for _, a := range all {
		s := a.Seat
		if a.Label != label || s < 0 || s >= n || deckKeys[s] != nil {
			return fail(ErrMalformed, s, "audit", -1, "audit keys for deal %q, seat %d, twice or out of range", a.Label, s)
		}
		k, err := decodeKey(a.DeckKey)
		if err != nil {
			return fail(ErrMalformed, s, "audit", -1, "deck key: %v", err)
		}
		if commit(label, s, deckKeyPos, k) != passes[s].Commit[0] {
			return fail(ErrCheat, s, "audit", -1, "the deck key does not match the commitment in the seat's shuffle pass")
		}
		if len(a.PosKeys) != size {
			return fail(ErrMalformed, s, "audit", -1, "%d position keys, want %d", len(a.PosKeys), size)
		}
		keys := make([]*edwards25519.Scalar, size)
		for j, b := range a.PosKeys {
			if keys[j], err = decodeKey(b); err != nil {
				return fail(ErrMalformed, s, "audit", j, "%v", err)
			}
			if commit(label, s, j, keys[j]) != passes[n+s].Commit[j] {
				return fail(ErrCheat, s, "audit", j, "the key does not match the commitment in the seat's locking pass")
			}
		}
		deckKeys[s], posKeys[s] = k, keys
	}
	for s := range n {
		if deckKeys[s] == nil {
			return fail(ErrNotYet, s, "audit", -1, "no audit keys from the seat")
		}
	}

	// Each shuffle pass: its output, as a set, is its input masked with the seat's deck key.
	in := tab.points
	for s := range n {
		masked := make(map[Point]bool, size)
		for _, p := range in {
			masked[Point(varMult(deckKeys[s], p).Bytes())] = true
		}
		for i, b := range passes[s].Deck {
			if !masked[b] {
				return fail(ErrCheat, s, stepName(s, n), i, "not a card of the pass's input masked with the seat's deck key: a card substituted or dropped")
			}
		}
		in = decks[s]
	}

	// Each locking pass: entry j is its input with the deck key taken off and the position key put on.
	for s := range n {
		inv := edwards25519.NewScalar().Invert(deckKeys[s])
		f := edwards25519.NewScalar()
		for j, p := range in {
			if varMult(f.Multiply(posKeys[s][j], inv), p).Equal(decks[n+s][j]) != 1 {
				return fail(ErrCheat, s, stepName(n+s, n), j, "the entry is not its input re-keyed with the seat's keys")
			}
		}
		in = decks[n+s]
	}

	// Every position opens to a card, each card of the deck exactly once.
	order := make([]int, size)
	seen := make([]bool, size)
	for j, p := range in {
		prod := edwards25519.NewScalar().Set(posKeys[0][j])
		for s := 1; s < n; s++ {
			prod.Multiply(prod, posKeys[s][j])
		}
		i, ok := tab.index[Point(varMult(prod.Invert(prod), p).Bytes())]
		if !ok || seen[i] {
			return fail(ErrCheat, NoSeat, "audit", j, "the position does not open to a card of the deck, or opens to one twice")
		}
		order[j], seen[i] = i, true
	}
	return order, nil
}
