package ui

import (
	"strings"
	"testing"

	"brass/engine"
	"brass/lang"
)

// English's reasons are the engine's own sentences, word for word: for every rule, over a
// spread of the ids and numbers a reason carries, on a board with tiles of several
// players (both editions), the catalog's wording equals engine.State.Explain.
func TestReasonsInEnglishAreTheEnginesWords(t *testing.T) {
	lang.Use(lang.English())
	for _, edition := range []string{"birmingham", "lancashire"} {
		g, err := engine.NewGame(engine.Config{Edition: edition, Players: 3, Seed: 11, Names: []string{"Ada", "Ben", ""}})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 60 && !g.Over(); i++ { // a board with tiles and links on it
			legal := g.LegalMoves()
			if err := g.Apply(legal[(i*7919)%len(legal)]); err != nil {
				t.Fatal(err)
			}
		}
		st := g.State()
		ed := st.Edition()
		checked := 0
		for rule := engine.Rule(0); rule < engine.NumRules+1; rule++ {
			for k := 0; k < 40; k++ {
				var r engine.Reason
				r.Rule = rule
				r.Space = int8((k * 7) % len(ed.Spaces))
				r.Location = int8((k * 3) % len(ed.Locations))
				r.Link = int8((k * 5) % len(ed.Links))
				r.Merchant = int8(k%(len(ed.MerchantSpaces)+1)) - 1
				r.Player = int8(k%4) - 1
				r.Industry = engine.Industry(1 + k%8) // a real industry; a build's money reason also without
				if rule == engine.RuleMoney && k%3 == 0 {
					r.Industry = engine.NoIndustry
				}
				r.Level = int8(k % 4)
				r.Card = engine.CardKind((k * 11) % len(ed.Cards))
				r.N = int16(k % 5)
				r.M = int16((k / 5) % 4)
				r.Res = engine.Resource(k % 3)
				if rule == engine.RuleMoney {
					r.N += r.M // a price, of it M from the markets
				}
				r.Options = engine.Sources(uint64(k)*0x9E3779B97F4A7C15) & (1<<uint(len(ed.Spaces)) - 1 | 1<<63 | engine.Sources(k%2)<<62)
				// The catalogs write a negative number with a minus sign (−10), the engine a hyphen.
				want := strings.ReplaceAll(st.Explain(r), "-1", "−1")
				if got := reasonText(st, r); got != want {
					t.Errorf("%s %s (%+v):\n got %q\nwant %q", edition, rule, r, got, want)
				}
				checked++
			}
		}
		if checked == 0 {
			t.Fatal("no reason checked")
		}
	}
}
