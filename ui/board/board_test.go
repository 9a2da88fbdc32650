package board

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"brass/engine"
	"brass/ui/uitest"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

var testColors = []string{"#d1342f", "#e8b923", "#7b4fb8", "#1a9a86"}

// sampleState is a mid-game Canal-era position with tiles, links and spent markets.
func sampleState(t testing.TB, players int) *engine.State {
	t.Helper()
	s, err := engine.New(engine.Config{Edition: "birmingham", Players: players, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	ed := s.Edition()
	sp := func(id string) int {
		i, ok := ed.SpaceByID(id)
		if !ok {
			t.Fatalf("no space %s", id)
		}
		return i
	}
	ln := func(id string) int {
		i, ok := ed.LinkByID(id)
		if !ok {
			t.Fatalf("no link %s", id)
		}
		return i
	}
	s.Round = 5
	s.Tiles[sp("birmingham_1")] = engine.Tile{Owner: 1, Industry: engine.Cotton, Spec: 3}
	s.Tiles[sp("birmingham_3")] = engine.Tile{Owner: 2, Industry: engine.Iron, Spec: 0, Cubes: 2}
	s.Tiles[sp("coalbrookdale_3")] = engine.Tile{Owner: 3, Industry: engine.Coal, Spec: 1, Cubes: 3}
	s.Tiles[sp("dudley_1")] = engine.Tile{Owner: 2, Industry: engine.Coal, Spec: 0, Flipped: true}
	s.Tiles[sp("stoke_on_trent_2")] = engine.Tile{Owner: 1, Industry: engine.Pottery, Spec: 0, Flipped: true}
	s.Tiles[sp("burton_on_trent_2")] = engine.Tile{Owner: 3, Industry: engine.Brewery, Spec: 0, Cubes: 1}
	s.Tiles[sp("farm_brewery_south_1")] = engine.Tile{Owner: 1, Industry: engine.Brewery, Spec: 2, Cubes: 1}
	s.Tiles[sp("coventry_2")] = engine.Tile{Owner: 2, Industry: engine.Manufacturer, Spec: 0, Flipped: true}
	s.Tiles[sp("cannock_2")] = engine.Tile{Owner: 1, Industry: engine.Coal, Spec: 5, Cubes: 5}
	s.Tiles[sp("derby_3")] = engine.Tile{Owner: 3, Industry: engine.Iron, Spec: 3, Cubes: 6}
	s.Links[ln("birmingham-coventry")] = 2
	s.Links[ln("dudley-birmingham")] = 2
	s.Links[ln("kidderminster-worcester-farm_brewery_south")] = 1
	s.Links[ln("stone-stoke_on_trent")] = 1
	s.Links[ln("burton_on_trent-tamworth")] = 3
	s.Links[ln("wolverhampton-coalbrookdale")] = 3
	s.CoalMarket, s.IronMarket = 9, 5
	s.Merchants[0].Beer = 0
	vps := []int32{23, 14, 23, 102}
	inc := []uint8{22, 17, 31, 10}
	for p := 0; p < players; p++ {
		s.Players[p].VP = vps[p]
		s.Players[p].IncomeSpace = inc[p]
	}
	return s
}

func TestBoardRendersTilesAndLinks(t *testing.T) {
	s := sampleState(t, 3)
	root := uitest.Render(t, newBoard().Game(view.Of(s)).Colors(testColors).Names([]string{"Ada", "Brunel", "Cort"}))

	if root.Tag != "svg" || root.Attr["role"] != "group" || root.Attr["viewBox"] == "" {
		t.Fatalf("root is <%s role=%q viewBox=%q>", root.Tag, root.Attr["role"], root.Attr["viewBox"])
	}
	if len(root.Children) == 0 || root.Children[0].Tag != "title" || root.Children[0].Text() == "" {
		t.Error("the svg does not start with a <title>")
	}

	// A built tile: Brunel's (player 2) Iron Works in Birmingham's third space.
	sp := root.ByID("space-birmingham_3")
	if sp == nil {
		t.Fatal("no #space-birmingham_3")
	}
	if got := sp.Attr["aria-label"]; !strings.Contains(got, "Birmingham space 3") ||
		!strings.Contains(got, "Brunel's Iron Works I") || !strings.Contains(got, "2 iron") {
		t.Errorf("space aria-label = %q", got)
	}
	if sp.First(func(n *uitest.Node) bool { return n.Tag == "rect" && n.Attr["fill"] == testColors[1] }) == nil {
		t.Errorf("Birmingham 3 has no rect in Brunel's colour %s", testColors[1])
	}
	if sp.First(func(n *uitest.Node) bool { return n.Tag == "use" && n.Attr["href"] == "#bb-i-iron_works" }) == nil {
		t.Error("Birmingham 3 has no iron works glyph")
	}
	iron := 0
	sp.First(func(n *uitest.Node) bool {
		if n.HasClass("bb-iron") {
			iron++
		}
		return false
	})
	if iron != 2 {
		t.Errorf("Birmingham 3 shows %d iron cubes, want 2", iron)
	}

	// A flipped tile.
	if got := root.ByID("space-dudley_1").Attr["aria-label"]; !strings.Contains(got, "flipped") {
		t.Errorf("flipped tile label = %q", got)
	}
	// An empty space, in the format the browser tests use.
	if got := root.ByID("space-birmingham_2").Attr["aria-label"]; got != "Birmingham space 2: Manufacturer, empty" {
		t.Errorf("empty space label = %q", got)
	}

	// A built link in its owner's colour, and an unbuilt one.
	ln := root.ByID("link-birmingham-coventry")
	if ln == nil {
		t.Fatal("no #link-birmingham-coventry")
	}
	if ln.First(func(n *uitest.Node) bool { return n.Tag == "path" && n.Attr["stroke"] == testColors[1] }) == nil {
		t.Errorf("built link has no path in Brunel's colour")
	}
	if got := ln.Attr["aria-label"]; !strings.Contains(got, "Brunel's canal") {
		t.Errorf("built link label = %q", got)
	}
	if got := root.ByID("link-leek-belper").Attr["aria-label"]; !strings.Contains(got, "rail only") || !strings.Contains(got, "not built") {
		t.Errorf("unbuilt link label = %q", got)
	}
	y := root.ByID("link-kidderminster-worcester-farm_brewery_south")
	if y == nil || y.First(func(n *uitest.Node) bool { return n.Tag == "path" && n.Attr["stroke"] == testColors[0] }) == nil {
		t.Error("the three-way link is not drawn in Ada's colour")
	}

	// Every space, link and merchant space has an element with a label.
	ed := s.Edition()
	for _, x := range ed.Spaces {
		if n := root.ByID("space-" + x.ID); n == nil || n.Attr["aria-label"] == "" {
			t.Errorf("space %s: no labelled element", x.ID)
		}
	}
	for _, x := range ed.Links {
		if n := root.ByID("link-" + x.ID); n == nil || n.Attr["aria-label"] == "" {
			t.Errorf("link %s: no labelled element", x.ID)
		}
	}
	for _, x := range ed.MerchantSpaces {
		if n := root.ByID("merchant-" + x.ID); n == nil || n.Attr["aria-label"] == "" {
			t.Errorf("merchant space %s: no labelled element", x.ID)
		}
	}

	// Markets: the most expensive spaces are filled.
	coal := root.ByID("market-coal")
	filled := 0
	coal.First(func(n *uitest.Node) bool {
		if n.HasClass("bb-mcube") {
			filled++
		}
		return false
	})
	if filled != 9 {
		t.Errorf("coal market shows %d cubes, want 9", filled)
	}

	if n := root.Count(); n > 3000 {
		t.Errorf("board has %d elements", n)
	}
}

func TestBoardMerchants(t *testing.T) {
	s := sampleState(t, 3)
	ed := s.Edition()
	root := uitest.Render(t, newBoard().Game(view.Of(s)))
	for m, ms := range ed.MerchantSpaces {
		label := root.ByID("merchant-" + ms.ID).Attr["aria-label"]
		slot := s.Merchants[m]
		switch {
		case strings.HasPrefix(ms.ID, "nottingham"):
			if !strings.HasSuffix(label, "not in play") {
				t.Errorf("%s at 3 players: %q", ms.ID, label)
			}
		case slot.Tile == 0:
			t.Errorf("%s has no tile at 3 players", ms.ID)
		case len(ed.MerchantTiles[slot.Tile-1].Buys) == 0:
			if !strings.HasSuffix(label, "blank tile") {
				t.Errorf("%s: %q", ms.ID, label)
			}
		default:
			if !strings.Contains(label, "buys ") {
				t.Errorf("%s: %q", ms.ID, label)
			}
			if want := slot.Beer > 0; strings.Contains(label, "beer available") != want {
				t.Errorf("%s (beer %d): %q", ms.ID, slot.Beer, label)
			}
		}
	}
	// The merchants' bonuses are printed.
	var texts []string
	root.First(func(n *uitest.Node) bool {
		if n.HasClass("bb-bonus") {
			texts = append(texts, n.Text())
		}
		return false
	})
	all := strings.Join(texts, "|")
	for _, want := range []string{"+£5", "+2 income", "4 VP", "develop", "4+ players"} {
		if !strings.Contains(all, want) {
			t.Errorf("merchant bonuses %q lack %q", all, want)
		}
	}
}

func TestBoardHighlightsAndKeys(t *testing.T) {
	s := sampleState(t, 4)
	b := newBoard().Game(view.Of(s)).
		LegalSpaces([]string{"redditch_2", "birmingham_2"}).
		LegalLinks([]string{"birmingham-oxford"}).
		LegalMerchants([]string{"oxford_1"}).
		Sources([]string{"coal_market", "cannock_2"}).
		Selected([]string{"birmingham_2"}).
		Recent([]string{"dudley_1"}).
		OnPick(func(goapp.Context, Target) {})
	if b.ISpaces[0] != "birmingham_2" {
		t.Errorf("setters must keep the ids sorted: %v", b.ISpaces)
	}
	root := uitest.Render(t, b)

	clickable := func(id string) bool {
		n := root.ByID(id)
		if n == nil {
			t.Fatalf("no #%s", id)
		}
		return n.Attr["role"] == "button" && n.Attr["tabindex"] == "0" && n.HasClass("bb-click")
	}
	for _, id := range []string{"space-redditch_2", "space-birmingham_2", "link-birmingham-oxford",
		"merchant-oxford_1", "space-cannock_2", "market-coal"} {
		if !clickable(id) {
			t.Errorf("%s should be a button", id)
		}
	}
	for _, id := range []string{"space-redditch_1", "link-redditch-oxford", "merchant-oxford_2", "market-iron"} {
		if clickable(id) {
			t.Errorf("%s should not be a button", id)
		}
		// While choosing, the svg's bb-choosing class shows every image piece refused.
		if root.ByID(id).Attr["role"] != "img" {
			t.Errorf("%s is not an image while choosing", id)
		}
	}
	if n := root.ByID("space-birmingham_2"); !n.HasClass("bb-hl") || !n.HasClass("bb-sel") {
		t.Errorf("birmingham_2 classes %q", n.Attr["class"])
	}
	if n := root.ByID("space-cannock_2"); !n.HasClass("bb-src") {
		t.Errorf("cannock_2 classes %q", n.Attr["class"])
	}
	if n := root.ByID("space-dudley_1"); !n.HasClass("bb-recent") {
		t.Errorf("dudley_1 classes %q: the last turn's space is not marked", n.Attr["class"])
	}
	if !root.HasClass("bb-choosing") {
		t.Error("the svg is not marked as choosing")
	}
	if root.ByID("loc-dudley") == nil || root.ByID("loc-oxford") == nil {
		t.Error("locations have no ids for the details card")
	}

	// With nothing highlighted nothing is a button (taps show details, see Frame).
	root = uitest.Render(t, newBoard().Game(view.Of(s)))
	if clickable("space-redditch_1") || root.HasClass("bb-choosing") {
		t.Error("without highlights spaces are not buttons and the board is not choosing")
	}
}

// A move re-renders only the pieces it changed: every piece gets its own slice of the game,
// and unchanged slices compare equal (go-app then leaves the piece alone).
func TestBoardPiecesGetOnlyTheirSlice(t *testing.T) {
	s := sampleState(t, 4)
	ed := s.Edition()
	b := newBoard().Game(view.Of(s)).Colors(testColors)
	before := map[string]any{}
	for li := range ed.Locations {
		if ed.Locations[li].Kind == engine.MerchantLocation {
			before[ed.Locations[li].ID] = b.merchantData(view.Of(s), li)
		} else {
			before[ed.Locations[li].ID] = b.townData(view.Of(s), li)
		}
	}
	links := map[int]linkData{}
	for li := range ed.Links {
		links[li] = b.linkData(view.Of(s), li)
	}

	// Build on Redditch 1 and a line Redditch–Oxford.
	sp, _ := ed.SpaceByID("redditch_1")
	ln, _ := ed.LinkByID("redditch-oxford")
	after := *s
	after.Tiles[sp] = engine.Tile{Owner: 2, Industry: engine.Iron, Spec: 0, Cubes: 4}
	after.Links[ln] = 2
	b2 := newBoard().Game(view.Of(&after)).Colors(testColors)
	var changed []string
	for li := range ed.Locations {
		var now any
		if ed.Locations[li].Kind == engine.MerchantLocation {
			now = b2.merchantData(view.Of(&after), li)
		} else {
			now = b2.townData(view.Of(&after), li)
		}
		if !reflect.DeepEqual(now, before[ed.Locations[li].ID]) {
			changed = append(changed, ed.Locations[li].ID)
		}
	}
	for li := range ed.Links {
		if !reflect.DeepEqual(b2.linkData(view.Of(&after), li), links[li]) {
			changed = append(changed, ed.Links[li].ID)
		}
	}
	if strings.Join(changed, ",") != "redditch,redditch-oxford" {
		t.Errorf("changed pieces: %v, want redditch and redditch-oxford", changed)
	}

	// A question highlights only its answers.
	b3 := newBoard().Game(view.Of(s)).Colors(testColors).LegalSpaces([]string{"dudley_2"})
	di, _ := ed.LocationByID("dudley")
	if reflect.DeepEqual(b3.townData(view.Of(s), di), before["dudley"]) {
		t.Error("highlighting a Dudley space did not change Dudley")
	}
	wi, _ := ed.LocationByID("walsall")
	if !reflect.DeepEqual(b3.townData(view.Of(s), wi), before["walsall"]) {
		t.Error("highlighting a Dudley space changed Walsall")
	}
}

func TestBoardTrackMarkers(t *testing.T) {
	s := sampleState(t, 4)
	root := uitest.Render(t, newBoard().Game(view.Of(s)).Colors(testColors).Names([]string{"A", "B", "C", "D"}))
	// D has 102 VP: the marker is on space 2.
	vp := root.First(func(n *uitest.Node) bool {
		return n.HasClass("bb-vpm") && strings.HasPrefix(n.Attr["aria-label"], "D VP")
	})
	if vp == nil || vp.Attr["fill"] != testColors[3] {
		t.Fatalf("no VP marker for D")
	}
	c := boardLayout().Track[2].center()
	if absf(parseNum(t, vp.Attr["cx"])-c.X) > 20 || absf(parseNum(t, vp.Attr["cy"])-c.Y) > 20 {
		t.Errorf("D's VP marker at %s,%s, space 2 is at %v", vp.Attr["cx"], vp.Attr["cy"], c)
	}
	inc := root.First(func(n *uitest.Node) bool {
		return n.HasClass("bb-incm") && strings.HasPrefix(n.Attr["aria-label"], "C income")
	})
	if inc == nil || !strings.HasSuffix(inc.Attr["aria-label"], "level 11") {
		t.Errorf("C's income marker: %+v", inc)
	}
	// Each track space prints its income level.
	levels := 0
	root.First(func(n *uitest.Node) bool {
		if n.HasClass("bb-clv") {
			levels++
		}
		return false
	})
	if levels != 100 {
		t.Errorf("%d income levels printed on the track", levels)
	}
}

func TestBoardMountsInTestEngine(t *testing.T) {
	s := sampleState(t, 2)
	e := goapp.NewTestEngine()
	b := newBoard().Game(view.Of(s)).LegalSpaces([]string{"birmingham_2"}).OnPick(func(goapp.Context, Target) {})
	if err := e.Load(b); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	if err := goapp.Match(goapp.Text(b.title(view.Of(s))), b, 0, 0, 0); err != nil {
		t.Error(err)
	}
}

func TestBoardZeroState(t *testing.T) {
	// A board without a game still draws the empty map.
	root := uitest.Render(t, newBoard())
	if root.ByID("space-birmingham_1") == nil {
		t.Error("the empty board has no spaces")
	}
}

func parseNum(t testing.TB, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// The pulsing overlay marks every answer not yet chosen, sources as sources, in the board's
// own coordinates.
func TestBoardMarksOverlay(t *testing.T) {
	p := Props{
		Spaces:   []string{"birmingham_2", "redditch_2"},
		Links:    []string{"birmingham-oxford"},
		Sources:  []string{"cannock_2", "coal_market"},
		Selected: []string{"birmingham_2"},
	}
	marks := p.glowMarks()
	want := []glowMark{
		{Target{TargetSpace, "redditch_2"}, false},
		{Target{TargetSpace, "cannock_2"}, true},
		{Target{TargetMarket, "coal_market"}, true},
		{Target{TargetLink, "birmingham-oxford"}, false},
	}
	if !reflect.DeepEqual(marks, want) {
		t.Fatalf("marks %v, want %v", marks, want)
	}
	root := uitest.Render(t, &boardMarks{IMarks: marks})
	if root.Attr["id"] != "board-marks" || root.Attr["viewBox"] != "0 0 "+fmtNum(boardW)+" "+fmtNum(boardH) || root.Attr["aria-hidden"] == "" {
		t.Errorf("overlay root %v", root.Attr)
	}
	if len(root.Children) != 4 {
		t.Fatalf("%d shapes, want 4", len(root.Children))
	}
	r := boardLayout().Spaces["redditch_2"]
	if got := root.Children[0]; got.Tag != "rect" || parseNum(t, got.Attr["x"]) != r.X-3 || got.HasClass("bb-glow-src") {
		t.Errorf("redditch_2 glow %v", got.Attr)
	}
	if !root.Children[1].HasClass("bb-glow-src") || !root.Children[2].HasClass("bb-glow-src") {
		t.Error("sources are not drawn as sources")
	}
	if got := root.Children[3]; got.Tag != "path" || got.Attr["d"] != boardLayout().Links["birmingham-oxford"].D || !got.HasClass("bb-glow-link") {
		t.Errorf("link glow %v", got.Attr)
	}
}

// TestBoardHintGlows: the hinted move's places glow like answers while nothing is asked,
// and give way to the answers of a question once an action is begun.
func TestBoardHintGlows(t *testing.T) {
	p := Props{Game: view.Of(sampleState(t, 3)), Hint: []string{"birmingham-oxford", "coal_market", "redditch_2"}}
	want := []glowMark{
		{Target{TargetLink, "birmingham-oxford"}, false},
		{Target{TargetMarket, "coal_market"}, true},
		{Target{TargetSpace, "redditch_2"}, false},
	}
	if marks := p.glowMarks(); !reflect.DeepEqual(marks, want) {
		t.Errorf("hint marks %v, want %v", marks, want)
	}
	if p.choosing() {
		t.Error("a hint is not a question: nothing may be chosen on the board for it")
	}
	p.Spaces = []string{"dudley_1"}
	if marks := p.glowMarks(); len(marks) != 1 || marks[0].Target.ID != "dudley_1" {
		t.Errorf("with a question asked the hint still glows: %v", marks)
	}
}
