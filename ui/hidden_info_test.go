package ui

import (
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"brass/engine"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// distantSaleGame plays a Lancashire game forward (building Cotton Mills and Ports where it
// can, else at random from a fixed seed) until a sale to the Distant Market is legal, and
// returns the game and that sale.
func distantSaleGame(t *testing.T) (*engine.Game, engine.Move) {
	t.Helper()
	g, err := engine.NewGame(engine.Config{Edition: "lancashire", Players: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 5))
	for n := 0; n < 400 && !g.Over(); n++ {
		legal := g.LegalMoves()
		var pick []engine.Move
		for _, m := range legal {
			if m.Type == "sell" && m.Port == engine.DistantMarketID {
				return g, m
			}
			if m.Type == "build" && (m.Industry == "cotton_mill" || m.Industry == "port") || m.Type == "sell" {
				pick = append(pick, m)
			}
		}
		if len(pick) == 0 {
			pick = legal
		}
		if err := g.Apply(pick[r.IntN(len(pick))]); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no sale to the Distant Market came up")
	return nil, engine.Move{}
}

// shuffledHidden is the game with the Distant Market stack and the deck in another order
// and another random source: the same game as far as the player can see.
func shuffledHidden(g *engine.Game, seed uint64) *engine.Game {
	s := *g.State()
	s.ResampleDistant(seed)
	s.Reseed(seed)
	r := rand.New(rand.NewPCG(seed, 1))
	r.Shuffle(int(s.DeckLen), func(i, j int) { s.Deck[i], s.Deck[j] = s.Deck[j], s.Deck[i] })
	return engine.GameFromState(&s)
}

// TestDistantMarketSummaryHidesTheTile: choosing the Distant Market shows a summary that
// says a tile will be drawn and what each tile still face down would do, never which tile it
// is: the summary is the same whatever the stack's order.
func TestDistantMarketSummaryHidesTheTile(t *testing.T) {
	g, sale := distantSaleGame(t)
	st := g.State()
	summary := func(g *engine.Game) (movePreview, string) {
		out, err := g.Preview(sale)
		if err != nil {
			t.Fatal(err)
		}
		mp := summarize(g.State(), out)
		return mp, goapp.HTMLString(renderPreview(mp))
	}
	mp, html := summary(g)
	if !strings.Contains(mp.Draw, "no one knows which") || !strings.Contains(mp.Draw, strconv.Itoa(int(st.DistantLeft))+" tiles are face down") {
		t.Errorf("the draw sentence: %q", mp.Draw)
	}
	if len(mp.Tiles) < 2 {
		t.Fatalf("want a row per kind of tile face down, got %+v", mp.Tiles)
	}
	total := 0
	for _, r := range mp.Tiles {
		total += r.Tiles
		if r.Of != int(st.DistantLeft) {
			t.Errorf("row −%d: of %d tiles, want %d", r.Drop, r.Of, st.DistantLeft)
		}
		if want := "−" + strconv.Itoa(r.Drop); !strings.Contains(html, "<th scope=\"row\">"+want+"</th>") {
			t.Errorf("the table has no row for %s: %s", want, html)
		}
		if r.Fails != strings.HasPrefix(r.Demand, "X") {
			t.Errorf("row −%d: fails %v but the marker goes to %q", r.Drop, r.Fails, r.Demand)
		}
	}
	if total != int(st.DistantLeft) {
		t.Errorf("the rows count %d tiles, %d are face down", total, st.DistantLeft)
	}
	for seed := uint64(1); seed <= 4; seed++ {
		if other, _ := summary(shuffledHidden(g, seed)); !reflect.DeepEqual(other, mp) {
			t.Fatalf("the summary depends on the stack's order:\n%+v\n%+v", mp, other)
		}
	}
	// After Confirm, the log tells the tile drawn.
	if err := g.Apply(sale); err != nil {
		t.Fatal(err)
	}
	shown := false
	for _, e := range g.Log() {
		shown = shown || e.Move == len(g.Moves())-1 && strings.Contains(e.Text, "the tile shows −")
	}
	if !shown {
		t.Errorf("the log after the sale does not tell the tile: %v", g.Log()[len(g.Log())-3:])
	}
}

// TestDistantMarketSummaryTellsWhatFollowsOnce: what follows a sale to the Distant Market
// (the round's end) is told once for every tile after which it follows, not once per tile,
// and is labelled with those tiles when it does not follow them all.
func TestDistantMarketSummaryTellsWhatFollowsOnce(t *testing.T) {
	g, sale := distantSaleGame(t)
	out, err := g.Preview(sale)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 3 {
		t.Fatalf("want three kinds of tile face down, got %d", len(out))
	}
	roundEnd := []engine.LogEntry{{Kind: engine.LogOrder, Text: "The turn order is A, B, C."}}
	with := func(n int) []engine.Outcome {
		o := append([]engine.Outcome(nil), out...)
		for i := 0; i < n; i++ {
			o[i].Entries = append(append([]engine.LogEntry(nil), o[i].Entries...), roundEnd...)
		}
		return o
	}
	// After every tile: one part, unlabelled.
	mp := summarize(g.State(), with(len(out)))
	if len(mp.Then) != 1 || mp.Then[0].Label != "" || len(mp.Then[0].Parts) != 1 {
		t.Fatalf("the round's end after every tile: %+v", mp.Then)
	}
	html := goapp.HTMLString(renderPreview(mp))
	if n := strings.Count(html, "The turn order is A, B, C."); n != 1 {
		t.Errorf("the round's end is told %d times: %s", n, html)
	}
	// After the first two only: labelled with their drops.
	mp = summarize(g.State(), with(2))
	want := "After a tile showing −" + strconv.Itoa(out[0].Draw.Drop) + " or −" + strconv.Itoa(out[1].Draw.Drop) + ":"
	if len(mp.Then) != 1 || mp.Then[0].Label != want {
		t.Fatalf("the round's end after two tiles: %+v, want label %q", mp.Then, want)
	}
	// After none: nothing follows.
	if mp = summarize(g.State(), out); len(mp.Then) != 0 {
		t.Errorf("nothing follows, got %+v", mp.Then)
	}
}
