package deal

import (
	"crypto/sha512"
	"encoding/binary"

	"filippo.io/edwards25519"
)

// Card is a card's kind, as the engine numbers its cards. A deck holds several cards of a
// kind; each copy has its own point.
type Card uint8

// entry is a card of the deck with its copy number among the cards of its kind.
type entry struct {
	card Card
	copy int
}

// table is the public encoding of a deck: deck entry i (the i-th card of the list given to
// New) is point points[i]; index finds the entry of a point.
type table struct {
	entries []entry
	points  []*edwards25519.Point
	index   map[Point]int
}

// cardDomain separates this package's hash-to-point from every other use of SHA-512.
const cardDomain = "brass/app/deal card v1"

// newTable encodes every card of the deck labelled label. A card's point comes from hashing
// the label, its kind and its copy number to the curve, so nobody knows the discrete log of
// one card point to another: with points s·B for public s anyone could compute k from a
// masked card and the card it hides, and so unmask every other card masked by the same key.
func newTable(label string, cards []Card) *table {
	t := &table{index: make(map[Point]int, len(cards))}
	seen := map[Card]int{}
	for i, c := range cards {
		e := entry{card: c, copy: seen[c]}
		seen[c]++
		p := hashToPoint(label, e)
		t.entries = append(t.entries, e)
		t.points = append(t.points, p)
		t.index[Point(p.Bytes())] = i
	}
	return t
}

// hashToPoint maps a card to the prime-order subgroup by try-and-increment: SHA-512 of the
// domain, the label, the kind, the copy and a counter, its first 32 bytes decoded as a point
// until one decodes, times the cofactor 8, skipping the identity (a point of small order).
// About half the candidates decode, so a card costs two tries on average; the running
// time depends only on public data.
func hashToPoint(label string, e entry) *edwards25519.Point {
	var buf []byte
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(cardDomain)))
	buf = append(buf, cardDomain...)
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(label)))
	buf = append(buf, label...)
	buf = binary.BigEndian.AppendUint32(buf, uint32(e.card))
	buf = binary.BigEndian.AppendUint32(buf, uint32(e.copy))
	n := len(buf)
	identity := edwards25519.NewIdentityPoint()
	for ctr := uint32(0); ; ctr++ {
		h := sha512.Sum512(binary.BigEndian.AppendUint32(buf[:n], ctr))
		p, err := new(edwards25519.Point).SetBytes(h[:32])
		if err != nil {
			continue
		}
		p.MultByCofactor(p)
		if p.Equal(identity) == 1 {
			continue
		}
		return p
	}
}
