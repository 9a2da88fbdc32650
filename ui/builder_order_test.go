package ui

import "testing"

// TestDevelopTilesInAnyOrder: after the last industry of the develop question, the second
// tile offers the industries before it too, and the builder settles on the move the engine
// lists (it accepts either order).
func TestDevelopTilesInAnyOrder(t *testing.T) {
	g := seven(t)
	legal := g.LegalMoves()
	var b actionBuilder
	b.start("develop")
	c := b.next(legal)
	if c.Field == "card" {
		b.choose("card", c.Values[0])
		c = b.next(legal)
	}
	if c.Field != "develop.0" || len(c.Values) < 2 {
		t.Fatalf("develop question %q %v", c.Field, c.Values)
	}
	last, first := c.Values[len(c.Values)-1], c.Values[0]
	b.choose("develop.0", last)
	c = b.next(legal)
	if c.Field != "develop.1" || !containsString(c.Values, first) || !containsString(c.Values, "") {
		t.Fatalf("after %s the second tile offers %v", last, c.Values)
	}
	b.choose("develop.1", first)
	for c = b.next(legal); c.Field != ""; c = b.next(legal) {
		b.choose(c.Field, c.Values[0])
	}
	if len(c.Moves) != 1 || !sameCards(c.Moves[0].Develop, []string{first, last}) {
		t.Fatalf("the develop is %v", c.Moves)
	}
	if err := g.Check(c.Moves[0]); err != nil {
		t.Fatal(err)
	}
}
