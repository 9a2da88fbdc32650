package ui

import (
	"math/rand/v2"
	"reflect"
	"regexp"
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
	if len(mp.Cases) < 2 {
		t.Fatalf("want a case per kind of tile face down, got %+v", mp.Cases)
	}
	label := regexp.MustCompile(`^If the tile shows −(\d) \((\d+) of the (\d+) tiles\):$`)
	for _, c := range mp.Cases {
		m := label.FindStringSubmatch(c.Label)
		if m == nil {
			t.Fatalf("case label %q", c.Label)
		}
		if lines := strings.Join(c.Parts[0].Lines, " "); !strings.Contains(lines, "the tile shows −"+m[1]) {
			t.Errorf("the −%s case says %q", m[1], lines)
		}
	}
	for _, c := range mp.Cases {
		if !strings.Contains(html, c.Label) {
			t.Errorf("the summary does not show %q", c.Label)
		}
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
