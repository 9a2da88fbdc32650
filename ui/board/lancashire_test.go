package board

import (
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"brass/engine"
	"brass/ui/uitest"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// lancashireGame plays a Lancashire game forward by always taking the legal move that
// builds, sells or links first (else the first legal move), so the board has tiles, links
// and Distant Market tiles to draw.
func lancashireGame(t testing.TB, rules string, players, moves int) *engine.Game {
	t.Helper()
	g, err := engine.NewGame(engine.Config{Edition: "lancashire", Rules: rules, Players: players, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < moves && !g.Over(); i++ {
		legal := g.LegalMoves()
		pick := legal[0]
		for _, want := range []string{"sell", "network", "build"} {
			found := false
			for _, m := range legal {
				if m.Type == want && (want != "sell" || m.Port == engine.DistantMarketID) {
					pick, found = m, true
					break
				}
			}
			if found {
				break
			}
		}
		if err := g.Apply(pick); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func TestLancashireBoardRenders(t *testing.T) {
	for _, rules := range []string{"", "original"} {
		g := lancashireGame(t, rules, 3, 60)
		s := g.State()
		ed := s.Edition()
		b := newBoard().Game(view.Of(s)).Colors(testColors).Names([]string{"Ada", "Brunel", "Cort"})
		if os.Getenv("BRASS_DUMP_BOARD") != "" {
			os.WriteFile(os.Getenv("BRASS_DUMP_BOARD")+rules+".svg", []byte(goapp.HTMLString(b)), 0o644)
		}
		root := uitest.Render(t, b)
		if title := root.Children[0].Text(); !strings.HasPrefix(title, ed.Name+" board") {
			t.Errorf("title %q does not name %s", title, ed.Name)
		}
		for _, loc := range ed.Locations {
			n := root.ByID("loc-" + loc.ID)
			if n == nil {
				t.Errorf("no #loc-%s", loc.ID)
				continue
			}
			if loc.Kind == engine.ExternalLocation || loc.Kind == engine.LinkVPLocation {
				if !strings.Contains(n.Attr["aria-label"], "2 link VP") {
					t.Errorf("%s label %q", loc.ID, n.Attr["aria-label"])
				}
				if n.Attr["role"] != "img" {
					t.Errorf("%s is not an image", loc.ID)
				}
			}
		}
		for _, sp := range ed.Spaces {
			if root.ByID("space-"+sp.ID) == nil {
				t.Errorf("no #space-%s", sp.ID)
			}
		}
		built := 0
		for li, l := range ed.Links {
			n := root.ByID("link-" + l.ID)
			if n == nil {
				t.Errorf("no #link-%s", l.ID)
				continue
			}
			if s.Links[li] > 0 {
				built++
				if !strings.Contains(n.Attr["aria-label"], "'s canal") && !strings.Contains(n.Attr["aria-label"], "'s rail") {
					t.Errorf("built link %s label %q", l.ID, n.Attr["aria-label"])
				}
			}
		}
		if built == 0 {
			t.Error("the sample game built no link")
		}
		dm := root.ByID("distant-market")
		if dm == nil {
			t.Fatal("no Distant Market")
		}
		if lbl := dm.Attr["aria-label"]; !strings.Contains(lbl, "tiles face down") || !strings.Contains(lbl, "cotton demand") {
			t.Errorf("Distant Market label %q", lbl)
		}
		if n := root.ByID("market-coal"); n == nil || !strings.Contains(n.Attr["aria-label"], "of 8 filled") {
			t.Error("the coal demand track has not 8 spaces")
		}
		if vl := root.ByID("vlink-liverpool-birkenhead"); (vl != nil) != (rules == "original") {
			t.Errorf("rules %q: virtual link drawn: %v", rules, vl != nil)
		}
	}
}

// The Distant Market shows the revealed tiles and the demand marker where the engine has it.
func TestDistantMarketData(t *testing.T) {
	ed, _ := engine.EditionFor("lancashire", "")
	s, err := engine.New(engine.Config{Edition: "lancashire", Players: 4, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	s.DistantLeft -= 2
	s.Demand = 5
	d := distantDataOf(view.Of(s))
	if d.Left != int(s.DistantLen)-2 || d.NRev != 2 || d.Demand != 5 {
		t.Errorf("distant data %+v", d)
	}
	if got := revealedText(&d); !strings.HasPrefix(got, "revealed −") {
		t.Errorf("revealed text %q", got)
	}
	if got := DemandText(ed, 5); got != "cotton demand: a sale gives +1 income" {
		t.Errorf("demand text %q", got)
	}
	if got := DemandText(ed, len(ed.DemandBonus)); !strings.Contains(got, "X") {
		t.Errorf("demand at X: %q", got)
	}
}

// The tiles turned over this era lie face up on the board, the last one marked, and a sale
// that turns one over flips it in the animation's change, with the demand marker on the
// space the engine has it.
func TestDistantMarketTilesTurnedOver(t *testing.T) {
	was, err := engine.New(engine.Config{Edition: "lancashire", Players: 4, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	now := *was
	now.DistantLeft -= 2
	now.Demand = 3
	if c := Diff(was, &now); !reflect.DeepEqual(c.Flipped, []string{DistantTileID(0), DistantTileID(1)}) {
		t.Errorf("two tiles turned over: flipped %v", c.Flipped)
	}
	root := uitest.Render(t, newBoard().Game(view.Of(&now)).Colors(testColors).Names([]string{"A", "B", "C", "D"}))
	d := distantDataOf(view.Of(&now))
	// The first turned over was the stack's top: its last tile.
	if first := now.Edition().DistantTiles[now.Distant[now.DistantLen-1]].Drop; int(d.Revealed[0]) != first {
		t.Errorf("the first tile turned over shows −%d, want −%d", d.Revealed[0], first)
	}
	for i := 0; i < 2; i++ {
		n := root.ByID(DistantTileID(i))
		if n == nil {
			t.Fatalf("no tile %d on the board", i)
		}
		if want := "−" + strconv.Itoa(int(d.Revealed[i])); !strings.Contains(n.Text(), want) {
			t.Errorf("tile %d says %q, want %q", i, n.Text(), want)
		}
		if last := strings.Contains(n.Attr["class"], "bb-dlast"); last != (i == 1) {
			t.Errorf("tile %d marked last: %v", i, last)
		}
	}
	if root.ByID(DistantTileID(2)) != nil {
		t.Error("a third tile is drawn")
	}
	m := root.ByID(DistantMarkerID)
	if m == nil {
		t.Fatal("no demand marker")
	}
	cell := layoutFor(now.Edition()).Distant.Demand[3]
	if m.Attr["cx"] != svgNum(cell.X+cell.W/2) {
		t.Errorf("the marker is at x %s, want space 4's centre %s", m.Attr["cx"], svgNum(cell.X+cell.W/2))
	}
}

// The Distant Market has a details card (hover or tap) like the markets: its tiles, the
// demand marker and what a sale there does; Birmingham has none.
func TestDistantMarketDetails(t *testing.T) {
	s, err := engine.New(engine.Config{Edition: "lancashire", Players: 3, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	s.DistantLeft--
	s.Demand = 2
	tg, ok := targetFromElementID(distantElementID)
	if !ok || tg.Kind != TargetDistant || tg.elementID() != distantElementID {
		t.Fatalf("the Distant Market's element id reads as %+v, %v", tg, ok)
	}
	c, ok := detailFacts(view.Of(s), []string{"Ada", "Brunel", "Cort"}, testColors, tg)
	if !ok {
		t.Fatal("no details card for the Distant Market")
	}
	got := c.Title + " | " + strings.Join(c.Lines, " | ")
	want := []string{"Distant Market", strconv.Itoa(int(s.DistantLen)-1) + " of " + strconv.Itoa(int(s.DistantLen)) + " tiles face down", "revealed −",
		"a sale gives +" + strconv.Itoa(s.Edition().DemandBonus[2]) + " income", "on X the sale fails"}
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("card %q lacks %q", got, w)
		}
	}
	// A tap on the panel finds it.
	l := layoutFor(s.Edition())
	_, all := l.targets()
	if found, ok := l.nearestTarget(l.box(tg).center(), all, 10); !ok || found != tg {
		t.Errorf("a tap on the Distant Market finds %+v, %v", found, ok)
	}
	// Birmingham has no Distant Market.
	if _, ok := detailFacts(view.Of(sampleState(t, 3)), nil, nil, tg); ok {
		t.Error("Birmingham shows a Distant Market card")
	}
}
