package deal

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"
)

func TestHonestDeal(t *testing.T) {
	for n := 2; n <= MaxSeats; n++ {
		t.Run(fmt.Sprintf("%d seats", n), func(t *testing.T) {
			cards := testCards(64)
			devs := devices(t, "game-1/deck", cards, n, uint64(n))
			setup(t, devs)
			for s, d := range devs {
				if !d.Locked() {
					t.Fatalf("seat %d: not locked", s)
				}
				if !slices.EqualFunc(d.Passes(), devs[0].Passes(), samePass) {
					t.Fatalf("seat %d holds another public deck", s)
				}
				if len(d.Known()) != 0 {
					t.Fatalf("seat %d knows cards before any deal: %v", s, d.Known())
				}
			}

			// Eight cards to each seat, positions 8s..8s+7.
			hand := func(s int) []int {
				var pos []int
				for j := 8 * s; j < 8*s+8; j++ {
					pos = append(pos, j)
				}
				return pos
			}
			for dealt := range devs {
				give(t, devs, dealt, hand(dealt)...)
				// After each hand, every device knows exactly its own hand, if dealt yet.
				for s, d := range devs {
					var want []int
					if s <= dealt {
						want = hand(s)
					}
					if got := knownPositions(d); !slices.Equal(got, want) {
						t.Fatalf("seat %d knows positions %v, want exactly its hand %v", s, got, want)
					}
				}
			}

			// Seat 0 plays its first card; a card dealt to nobody is revealed.
			c, _, known, err := devs[0].Card(0)
			if err != nil || !known {
				t.Fatalf("seat 0 cannot open its own card: %v", err)
			}
			table := 8 * n
			open(t, devs, 0, table)
			for s, d := range devs {
				if err := d.CheckPlay(0, 0, c); err != nil {
					t.Fatalf("seat %d: %v", s, err)
				}
				tc, _, known, err := d.Card(table)
				want, _, _, _ := devs[0].Card(table)
				if err != nil || !known || tc != want {
					t.Fatalf("seat %d opens the table card as %d (%v, %v), seat 0 as %d", s, tc, known, err, want)
				}
				wantPos := append(hand(s), table)
				if s != 0 {
					wantPos = append([]int{0}, wantPos...)
				}
				slices.Sort(wantPos)
				if got := knownPositions(d); !slices.Equal(got, wantPos) {
					t.Fatalf("seat %d knows %v, want %v", s, got, wantPos)
				}
			}

			all := auditKeys(t, devs)
			var order []Card
			for s, d := range devs {
				got, err := d.Audit(all)
				if err != nil {
					t.Fatalf("seat %d: audit: %v", s, err)
				}
				if s == 0 {
					order = got
				} else if !slices.Equal(got, order) {
					t.Fatalf("seat %d's audit gives another order", s)
				}
				for _, k := range d.Known() {
					if order[k.Pos] != k.Card {
						t.Fatalf("seat %d opened position %d as %d, the audit says %d", s, k.Pos, k.Card, order[k.Pos])
					}
				}
			}
			sorted := slices.Clone(order)
			slices.Sort(sorted)
			want := slices.Clone(cards)
			slices.Sort(want)
			if !slices.Equal(sorted, want) {
				t.Fatalf("the audited deck is not the deck's cards")
			}
			if slices.Equal(order, cards) {
				t.Fatalf("the deck was not shuffled")
			}
		})
	}
}

// TestVerifyStoredRecord checks a deal from what a record stores, through JSON.
func TestVerifyStoredRecord(t *testing.T) {
	cards := testCards(64)
	devs := devices(t, "game-2/rail-deck", cards, 3, 7)
	setup(t, devs)
	all := auditKeys(t, devs)
	want, err := devs[1].Audit(all)
	if err != nil {
		t.Fatal(err)
	}
	type record struct {
		Passes []Pass
		Audit  []AuditKeys
	}
	b, err := json.Marshal(record{devs[2].Passes(), all})
	if err != nil {
		t.Fatal(err)
	}
	var r record
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	b2, _ := json.Marshal(r)
	if string(b) != string(b2) {
		t.Fatal("the JSON of a record is not stable")
	}
	got, err := Verify("game-2/rail-deck", cards, 3, r.Passes, r.Audit)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Fatal("Verify and Audit disagree")
	}
	if _, err := Verify("game-2/deck", cards, 3, r.Passes, r.Audit); !errors.Is(err, ErrMalformed) {
		t.Fatalf("a record verified under another label: %v", err)
	}
}

func TestCardEncoding(t *testing.T) {
	cards := testCards(64)
	a, b := newTable("g/deck", cards), newTable("g/rail-deck", cards)
	if len(a.index) != len(cards) {
		t.Fatalf("%d distinct points for %d cards", len(a.index), len(cards))
	}
	for i, p := range a.points {
		if _, err := decodePoint(Point(p.Bytes())); err != nil {
			t.Fatalf("card %d: %v", i, err)
		}
		if _, clash := b.index[Point(p.Bytes())]; clash {
			t.Fatalf("card %d has the same point under two labels", i)
		}
	}
	if a.entries[20] != (entry{card: 0, copy: 1}) {
		t.Fatalf("entry 20 is %+v", a.entries[20])
	}
}

// TestShuffleUniform deals a 3-card deck 180 times between two seats: every audit finds
// each card exactly once, and each of the six orders comes about as often as any other.
func TestShuffleUniform(t *testing.T) {
	cards := []Card{0, 1, 2}
	const deals = 180
	orders := map[[3]Card]int{}
	for seed := range uint64(deals) {
		devs := devices(t, "u", cards, 2, seed)
		setup(t, devs)
		order, err := devs[0].Audit(auditKeys(t, devs))
		if err != nil {
			t.Fatal(err)
		}
		sorted := slices.Clone(order)
		slices.Sort(sorted)
		if !slices.Equal(sorted, cards) {
			t.Fatalf("seed %d: %v is not a permutation", seed, order)
		}
		orders[[3]Card(order)]++
	}
	if len(orders) != 6 {
		t.Fatalf("only %d of the 6 orders in %d deals: %v", len(orders), deals, orders)
	}
	chi2 := 0.0
	for _, c := range orders {
		e := float64(deals) / 6
		chi2 += (float64(c) - e) * (float64(c) - e) / e
	}
	// 5 degrees of freedom: P(χ² > 20.52) = 0.001.
	if chi2 > 20.52 {
		t.Fatalf("orders %v: χ² = %.1f", orders, chi2)
	}
}

func TestRandomPermIsUniformAndComplete(t *testing.T) {
	r := seeded(1, 0)
	counts := make([][]int, 4)
	for i := range counts {
		counts[i] = make([]int, 4)
	}
	for range 4000 {
		p, err := randomPerm(r, 4)
		if err != nil {
			t.Fatal(err)
		}
		s := slices.Clone(p)
		slices.Sort(s)
		if !slices.Equal(s, []int{0, 1, 2, 3}) {
			t.Fatalf("%v", p)
		}
		for i, v := range p {
			counts[i][v]++
		}
	}
	for i := range counts {
		for v, c := range counts[i] {
			if c < 850 || c > 1150 {
				t.Fatalf("value %d at %d %d times in 4000", v, i, c)
			}
		}
	}
}
