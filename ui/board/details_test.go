package board

import (
	"strconv"
	"strings"
	"testing"

	"brass/engine"
	"brass/ui/kit"
	"brass/ui/view"
)

func facts(t *testing.T, s *engine.State, tg Target) string {
	t.Helper()
	c, ok := detailFacts(view.Of(s), []string{"Ada", "Brunel", "Cort", "Dee"}, testColors, tg)
	if !ok {
		t.Fatalf("no details for %+v", tg)
	}
	return c.Title + " | " + strings.Join(c.Lines, " | ")
}

func TestDetailFacts(t *testing.T) {
	s := sampleState(t, 4)
	ed := s.Edition()

	// A flipped tile: owner, level, VP, income, link icons.
	sp, _ := ed.SpaceByID("stoke_on_trent_2")
	spec := s.TileSpec(s.Tiles[sp])
	got := facts(t, s, Target{TargetSpace, "stoke_on_trent_2"})
	for _, want := range []string{"Stoke-on-Trent, space 2", "Ada’s Pottery I", "Flipped: scores " + strconv.Itoa(spec.VP) + " VP",
		"+" + strconv.Itoa(spec.Income), strconv.Itoa(spec.LinkIcons) + " more"} {
		if !strings.Contains(got, want) {
			t.Errorf("flipped pottery: %q lacks %q", got, want)
		}
	}
	// A tile with cubes, not flipped.
	if got := facts(t, s, Target{TargetSpace, "derby_3"}); !strings.Contains(got, "Not flipped") || !strings.Contains(got, "On the tile: 6 iron") {
		t.Errorf("iron works: %q", got)
	}
	// An empty space says what it takes.
	if got := facts(t, s, Target{TargetSpace, "redditch_1"}); !strings.Contains(got, "Takes ") || !strings.Contains(got, "Empty.") {
		t.Errorf("empty space: %q", got)
	}
	// A location lists its spaces and who built what.
	got = facts(t, s, Target{TargetLocation, "birmingham"})
	for _, want := range []string{"Birmingham", "Space 1 (Cotton Mill/Manufacturer): Ada’s Cotton Mill", "Space 3 (Iron Works): Brunel’s Iron Works I, 2 iron"} {
		if !strings.Contains(got, want) {
			t.Errorf("Birmingham: %q lacks %q", got, want)
		}
	}
	// A link: its owner and what it would score now (State.LinkVP).
	l, _ := ed.LinkByID("dudley-birmingham")
	got = facts(t, s, Target{TargetLink, "dudley-birmingham"})
	if !strings.Contains(got, "Brunel’s canal") || !strings.Contains(got, "Would score "+strconv.Itoa(s.LinkVP(l))+" VP now") {
		t.Errorf("link: %q", got)
	}
	if got := facts(t, s, Target{TargetLink, "leek-belper"}); !strings.Contains(got, "Rail only.") || !strings.Contains(got, "Not built.") {
		t.Errorf("unbuilt rail line: %q", got)
	}
	// A merchant: its tile, its beer and the bonus.
	got = facts(t, s, Target{TargetMerchant, "oxford_1"})
	if !strings.Contains(got, "Oxford merchant") || !strings.Contains(got, "+2 income") {
		t.Errorf("merchant: %q", got)
	}
	// A market: cubes and prices.
	if got := facts(t, s, Target{TargetMarket, "coal_market"}); !strings.Contains(got, "9 of 14 cubes") {
		t.Errorf("coal market: %q", got)
	}
	if _, ok := detailFacts(view.Of(s), nil, nil, Target{TargetSpace, "nowhere_9"}); ok {
		t.Error("an unknown space has no details")
	}
}

func TestTypeset(t *testing.T) {
	for in, want := range map[string]string{
		"Ada takes a £30 loan; income falls to level -3.": "Ada takes a £30 loan; income falls to level −3.",
		"a shortfall of -£2 (-4 VP)":                      "a shortfall of −£2 (−4 VP)",
		"Stoke-on-Trent and Burton-on-Trent":              "Stoke-on-Trent and Burton-on-Trent",
	} {
		if got := kit.Typeset(in); got != want {
			t.Errorf("kit.Typeset(%q) = %q, want %q", in, got, want)
		}
	}
}
