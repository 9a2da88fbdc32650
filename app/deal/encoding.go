package deal

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
	points  []point
	index   map[Point]int
}

// newTable encodes every card of the deck labelled label. A card's point comes from hashing
// the label, its kind and its copy number to the curve, so nobody knows the discrete log of
// one card point to another: with points s·G for public s anyone could compute k from a
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
		t.index[p.encode()] = i
	}
	return t
}
