package deal

import (
	"errors"
	"fmt"
	"io"

	"filippo.io/edwards25519"
)

// MaxSeats is the most seats a deal has (Brass seats two to four).
const MaxSeats = 4

// MaxCards bounds a deck (a Brass deck has well under a hundred cards), so that a bad
// argument cannot make New work for long.
const MaxCards = 1024

// Deal is one device's side of dealing one deck among the seats. It is a state machine:
// methods take the other seats' messages and return this seat's, with no network, clock,
// goroutine or global randomness inside; it is not safe for concurrent use.
type Deal struct {
	label string
	cards []Card
	n, me int
	rand  io.Reader
	tab   *table // the cards' points, made when first needed (table)

	passes []Pass                   // accepted passes in step order, this seat's included
	decks  [][]*edwards25519.Point  // their decks, decoded (nil entries: restored, decoded when used)
	deck   *edwards25519.Scalar     // this seat's deck key, from its shuffle pass
	keys   [][]*edwards25519.Scalar // keys[seat][pos]: the position keys this device holds

	given   []int  // the seat each position was dealt to, NoSeat if none
	opened  []bool // positions revealed to all
	decoded []int  // the deck entry at each position, -1 while not decoded
	audited bool   // this seat's keys are public: it withholds nothing any more
}

// New starts a deal of cards (the deck's cards in a public order, kinds repeated as the deck
// repeats them) among seats seats, as seen by seat me, or by a watcher who holds no seat (me
// NoSeat: it makes no pass, holds no key, and opens only what every seat opened to all). label names the deal uniquely in the
// game: the game id and the deck ("<game>/deck", "<game>/rail-deck", "<game>/distant"); a
// new deck, such as the Canal→Rail reshuffle, is a new Deal with a new label. rand is the
// source of every key and permutation: crypto/rand.Reader in play, a seeded stream in tests.
func New(label string, cards []Card, seats, me int, rand io.Reader) (*Deal, error) {
	switch {
	case label == "":
		return nil, errors.New("deal: empty label")
	case seats < 2 || seats > MaxSeats:
		return nil, fmt.Errorf("deal: %d seats, want 2 to %d", seats, MaxSeats)
	case (me < 0 || me >= seats) && me != NoSeat:
		return nil, fmt.Errorf("deal: seat %d of %d", me, seats)
	case len(cards) < 2 || len(cards) > MaxCards:
		return nil, fmt.Errorf("deal: %d cards, want 2 to %d", len(cards), MaxCards)
	case rand == nil:
		return nil, errors.New("deal: no source of randomness")
	}
	d := &Deal{
		label: label, cards: append([]Card(nil), cards...), n: seats, me: me, rand: rand,
		keys:    make([][]*edwards25519.Scalar, seats),
		given:   make([]int, len(cards)),
		opened:  make([]bool, len(cards)),
		decoded: make([]int, len(cards)),
	}
	for s := range d.keys {
		d.keys[s] = make([]*edwards25519.Scalar, len(cards))
	}
	for j := range d.given {
		d.given[j] = NoSeat
		d.decoded[j] = -1
	}
	return d, nil
}

// Label, Seats, Me and Size describe the deal.
func (d *Deal) Label() string { return d.label }
func (d *Deal) Seats() int    { return d.n }
func (d *Deal) Me() int       { return d.me }
func (d *Deal) Size() int     { return len(d.cards) }

// Next says which pass the deal waits for: its step (0..2n-1), the seat that makes it, and
// whether it is a shuffle pass. Once the deck is locked step is 2n and seat NoSeat.
func (d *Deal) Next() (step, seat int, shuffle bool) {
	step = len(d.passes)
	if step == 2*d.n {
		return step, NoSeat, false
	}
	return step, step % d.n, step < d.n
}

// Locked says whether every pass is in: the deck is the public list of points that the
// cards are dealt from, position 0 first.
func (d *Deal) Locked() bool { return len(d.passes) == 2*d.n }

// Passes returns the passes accepted so far, this seat's included: with every seat's
// AuditKeys, what a stored record needs to re-check the deal (Verify).
func (d *Deal) Passes() []Pass {
	out := make([]Pass, len(d.passes))
	for i, p := range d.passes {
		out[i] = clonePass(p)
	}
	return out
}

func clonePass(p Pass) Pass {
	p.Deck = append([]Point(nil), p.Deck...)
	p.Commit = append([]Digest(nil), p.Commit...)
	return p
}

// table is the cards' points, hashed to the curve when the deal first needs them (a first
// shuffle, a card opened, the audit): a deal taken up from a store, locked, may need none.
func (d *Deal) table() *table {
	if d.tab == nil {
		d.tab = newTable(d.label, d.cards)
	}
	return d.tab
}

// cur is the deck the next pass takes: the last pass's, or the cards' points before any.
func (d *Deal) cur() ([]*edwards25519.Point, error) {
	if len(d.decks) == 0 {
		return d.table().points, nil
	}
	return d.deckAt(len(d.decks) - 1)
}

func encodePoints(ps []*edwards25519.Point) []Point {
	out := make([]Point, len(ps))
	for i, p := range ps {
		out[i] = Point(p.Bytes())
	}
	return out
}
