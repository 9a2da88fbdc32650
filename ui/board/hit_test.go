package board

import (
	"brass/ui/uitest"
	"brass/ui/view"
	"math"
	"testing"
)

func TestTargetElementIDs(t *testing.T) {
	for _, tg := range []Target{
		{TargetSpace, "dudley_1"}, {TargetLink, "dudley-birmingham"}, {TargetMerchant, "oxford_1"},
		{TargetMarket, "coal_market"}, {TargetMarket, "iron_market"}, {TargetLocation, "dudley"},
	} {
		got, ok := targetFromElementID(tg.elementID())
		if !ok || got != tg {
			t.Errorf("%+v → %q → %+v, %v", tg, tg.elementID(), got, ok)
		}
	}
	for _, id := range []string{"board", "space-", "status", ""} {
		if _, ok := targetFromElementID(id); ok {
			t.Errorf("%q is not a target", id)
		}
	}
	if got := boardLayout().sourceTarget("oxford_1"); got.Kind != TargetMerchant {
		t.Errorf("oxford_1 is a merchant source, got %+v", got)
	}
	if got := boardLayout().sourceTarget("dudley_1"); got.Kind != TargetSpace {
		t.Errorf("dudley_1 is a space source, got %+v", got)
	}
	if got := boardLayout().sourceTarget("iron_market"); got.Kind != TargetMarket {
		t.Errorf("iron_market is a market, got %+v", got)
	}
	// Each board classifies by its own merchants: Lancashire has none of Birmingham's.
	if got := lancashireLayout().sourceTarget("oxford_1"); got.Kind != TargetSpace {
		t.Errorf("on the Lancashire board oxford_1 is no merchant, got %+v", got)
	}
}

// pointBeside is a point d units from the middle of a link, square to its line.
func pointBeside(t *testing.T, link string, d float64) pt {
	t.Helper()
	g, ok := boardLayout().Links[link]
	if !ok || len(g.Vis) == 0 || len(g.Vis[0]) < 2 {
		t.Fatalf("no visible line for %s", link)
	}
	a, b := g.Vis[0][0], g.Vis[0][len(g.Vis[0])-1]
	n := math.Hypot(b.X-a.X, b.Y-a.Y)
	return pt{g.Mid.X - (b.Y-a.Y)/n*d, g.Mid.Y + (b.X-a.X)/n*d}
}

func TestNearestTarget(t *testing.T) {
	// On a space: that space, even among all targets (a space beats its town).
	c := boardLayout().Spaces["birmingham_2"].center()
	if got, ok := boardLayout().nearestTarget(c, boardLayout().all, 5); !ok || got != (Target{TargetSpace, "birmingham_2"}) {
		t.Errorf("on birmingham_2: %+v %v", got, ok)
	}
	// On a town's banner (no space there): the town.
	box := boardLayout().Locations["dudley"].Box
	if got, ok := boardLayout().nearestTarget(pt{box.X + box.W/2, box.Y + 4}, boardLayout().all, 5); !ok || got != (Target{TargetLocation, "dudley"}) {
		t.Errorf("on Dudley's banner: %+v %v", got, ok)
	}
	// Beside a line: the line, when it is within the radius; nothing beyond it.
	links := []Target{{TargetLink, "birmingham-oxford"}, {TargetLink, "redditch-oxford"}, {TargetLink, "birmingham-redditch"}}
	p := pointBeside(t, "birmingham-oxford", 14)
	if got, ok := boardLayout().nearestTarget(p, links, 20); !ok || got.ID != "birmingham-oxford" {
		t.Errorf("14 units beside birmingham-oxford: %+v %v", got, ok)
	}
	if _, ok := boardLayout().nearestTarget(pointBeside(t, "birmingham-oxford", 60), links[:1], 20); ok {
		t.Error("60 units away is not near")
	}
	// A line's hidden part under a town box does not count: the middle of Birmingham is
	// not near any of its lines.
	bc := boardLayout().Locations["birmingham"].Box.center()
	if got, ok := boardLayout().nearestTarget(bc, links, 20); ok {
		t.Errorf("Birmingham's centre taken for the line %+v", got)
	}
	// The three-way line has a visible branch to each of its places, each on the line.
	three := Target{TargetLink, "kidderminster-worcester-farm_brewery_south"}
	g := boardLayout().Links[three.ID]
	if len(g.Vis) != 3 {
		t.Fatalf("the three-way line has %d branches", len(g.Vis))
	}
	for i, line := range g.Vis {
		a, b := line[0], line[len(line)-1]
		if d := boardLayout().distance(three, pt{(a.X + b.X) / 2, (a.Y + b.Y) / 2}); d != 0 {
			t.Errorf("branch %d is %.1f units from its own middle", i, d)
		}
	}
	if len(boardLayout().pieces)+len(boardLayout().Locations) != len(boardLayout().all) {
		t.Error("boardLayout().all is the pieces and the locations")
	}
}

func TestBoardView(t *testing.T) {
	if fullView.zoom() != 1 || fullView.clamped() != fullView {
		t.Fatalf("full view %+v zoom %v", fullView, fullView.zoom())
	}
	// Zooming keeps the anchor point where it is.
	p := pt{300, 400}
	v := fullView.zoomedAt(2, p)
	if math.Abs(v.zoom()-2) > 1e-9 {
		t.Errorf("zoom %v", v.zoom())
	}
	fx, fy := (p.X-fullView.X)/fullView.W, (p.Y-fullView.Y)/fullView.H
	gx, gy := (p.X-v.X)/v.W, (p.Y-v.Y)/v.H
	if math.Abs(fx-gx) > 1e-9 || math.Abs(fy-gy) > 1e-9 {
		t.Errorf("the anchor moved on screen: %v,%v → %v,%v", fx, fy, gx, gy)
	}
	// Limits: no further than 4×, never out of the board, never smaller than the board.
	if z := fullView.zoomedAt(10, p).zoom(); z != maxZoom {
		t.Errorf("zoom %v beyond the limit", z)
	}
	if got := v.zoomedAt(0.1, p); got != fullView {
		t.Errorf("zooming out past 1 gives %+v", got)
	}
	corner := fullView.zoomedAt(3, pt{0, 0}).panned(pt{-500, -500})
	if corner.X != 0 || corner.Y != 0 {
		t.Errorf("panned off the board: %+v", corner)
	}
	far := fullView.zoomedAt(3, pt{1000, 1080}).panned(pt{500, 500})
	if math.Abs(far.X+far.W-boardW) > 1e-9 || math.Abs(far.Y+far.H-boardH) > 1e-9 {
		t.Errorf("panned off the board: %+v", far)
	}
}

func TestScreenMapPinchAndDrag(t *testing.T) {
	// A board drawn 500 px wide at (20, 100): 0.5 px per unit.
	v := fullView
	m := mapFromMatrix(0.5, 20, 100, v)
	if got := m.toBoard(pt{270, 370}, v); math.Abs(got.X-500) > 1e-9 || math.Abs(got.Y-540) > 1e-9 {
		t.Fatalf("toBoard = %+v, want the middle 500,540", got)
	}
	// A pinch from 100 to 200 px apart around (270, 370): zoom 2, the point under the
	// fingers stays under them.
	z := m.pinched(v, pt{270, 370}, 100, pt{270, 370}, 200)
	if math.Abs(z.zoom()-2) > 1e-9 {
		t.Errorf("pinch zoom %v", z.zoom())
	}
	if got := m.toBoard(pt{270, 370}, z); math.Abs(got.X-500) > 1e-6 || math.Abs(got.Y-540) > 1e-6 {
		t.Errorf("after the pinch %+v is under the fingers, want 500,540", got)
	}
	// The fingers also moving 50 px right drag the board with them.
	z2 := m.pinched(v, pt{270, 370}, 100, pt{320, 370}, 200)
	if got := m.toBoard(pt{320, 370}, z2); math.Abs(got.X-500) > 1e-6 {
		t.Errorf("pinch and move: %+v under the fingers", got)
	}
	// The screen map read while zoomed is the same map.
	m2 := mapFromMatrix(0.5*z.zoom(), 20-0.5*z.zoom()*z.X, 100-0.5*z.zoom()*z.Y, z)
	if math.Abs(m2.L-m.L) > 1e-9 || math.Abs(m2.T-m.T) > 1e-9 || math.Abs(m2.S1-m.S1) > 1e-9 {
		t.Errorf("map from a zoomed matrix %+v, want %+v", m2, m)
	}
	// Dragging 100 px left moves the view 100 px worth of board to the right.
	d := m.dragged(z, pt{-100, 0})
	if want := z.X + 100/(m.S1*z.zoom()); math.Abs(d.X-want) > 1e-9 {
		t.Errorf("drag: X %v, want %v", d.X, want)
	}
}

func TestBoardFrame(t *testing.T) {
	s := sampleState(t, 3)
	props := Props{Game: view.Of(s), Spaces: []string{"dudley_1"}, Links: []string{"dudley-birmingham"},
		Sources: []string{"coal_market", "oxford_1", "cannock_2"}}
	want := []Target{{TargetSpace, "dudley_1"}, {TargetMarket, "coal_market"}, {TargetMerchant, "oxford_1"},
		{TargetSpace, "cannock_2"}, {TargetLink, "dudley-birmingham"}}
	got := props.legalTargets()
	if len(got) != len(want) {
		t.Fatalf("legal targets %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("legal target %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if !props.choosing() || (&Props{}).choosing() {
		t.Error("choosing is having answers on the board")
	}
	root := uitest.Render(t, NewFrame().Props(props))
	for _, id := range []string{"board", "board-zoom-in", "board-zoom-out", "board-zoom-fit"} {
		if root.First(uitest.Attr("id", id)) == nil {
			t.Errorf("no #%s", id)
		}
	}
	for _, b := range root.All(uitest.Class("bf-btn")) {
		if b.Attr["aria-label"] == "" {
			t.Error("a zoom button has no name")
		}
	}
	if root.First(uitest.Attr("id", "board-details")) != nil {
		t.Error("no details before a hover or tap")
	}
}

// TestNoDetailsDuringABoardQuestion: the details card on hover, or pinned by a tap before,
// does not show while the board asks a question, so it never covers the glowing answers
// (issue 43); it shows again once the question is gone.
func TestNoDetailsDuringABoardQuestion(t *testing.T) {
	s := sampleState(t, 3)
	for _, tc := range []struct {
		name          string
		hover, pinned Target
	}{
		{"hover on an answer", Target{TargetSpace, "dudley_1"}, Target{}},
		{"hover elsewhere", Target{TargetSpace, "birmingham_1"}, Target{}},
		{"pinned before", Target{}, Target{TargetLocation, "dudley"}},
	} {
		f := NewFrame().Props(Props{Game: view.Of(s), Spaces: []string{"dudley_1", "dudley_2"}})
		f.hover, f.pinned = tc.hover, tc.pinned
		if root := uitest.Render(t, f); root.First(uitest.Attr("id", "board-details")) != nil {
			t.Errorf("%s: a details card shows during a question", tc.name)
		}
		f.Props(Props{Game: view.Of(s)}) // the question answered
		if root := uitest.Render(t, f); root.First(uitest.Attr("id", "board-details")) == nil {
			t.Errorf("%s: no details card once no question is asked", tc.name)
		}
	}
}
