package ui

import (
	"strings"
	"testing"

	"brass/engine"
	"brass/ui/uitest"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The phone's sheet rises for a question answered in it and lowers for one answered on
// the board; the same question leaves it where the player put it, and this device's own
// question shows the turn again.
func TestSheetRisesAndLowersWithTheQuestion(t *testing.T) {
	card := engine.Choice{Field: "card", Values: []string{"dudley"}}
	space := engine.Choice{Field: "space", Values: []string{"dudley_1"}}
	industry := engine.Choice{Field: "industry", Values: []string{"coal_mine"}}
	confirm := engine.Choice{Moves: []engine.Move{{Type: "loan"}}}
	cases := []struct {
		name    string
		ask     sheetAsk
		up      bool
		toTurn  bool
		sameKey string // a case whose key must equal this one's ("" none)
	}{
		{"choose an action", sheetQuestion(4, false, false, true, false, "", 0, engine.Choice{}, false, -1), true, true, ""},
		{"a card, in the hand", sheetQuestion(4, false, false, true, true, "build", 0, card, false, -1), true, true, ""},
		{"an industry, in the list", sheetQuestion(4, false, false, true, true, "build", 1, industry, false, -1), true, true, ""},
		{"a space, on the board", sheetQuestion(4, false, false, true, true, "build", 2, space, true, -1), false, true, ""},
		{"Confirm", sheetQuestion(4, false, false, true, true, "build", 3, confirm, false, -1), true, true, ""},
		{"the pass-the-device cover", sheetQuestion(4, false, true, true, false, "", 0, engine.Choice{}, false, -1), true, true, ""},
		{"a tutorial step to read", sheetQuestion(0, false, false, true, false, "", 0, engine.Choice{}, false, 1), false, true, ""},
		{"another device's turn", sheetQuestion(5, false, false, false, false, "", 0, engine.Choice{}, false, -1), false, false, "wait"},
		{"the game over", sheetQuestion(90, true, false, true, false, "", 0, engine.Choice{}, false, -1), false, false, "over"},
	}
	keys := map[string]string{}
	for _, c := range cases {
		if c.ask.up != c.up || c.ask.local != c.toTurn {
			t.Errorf("%s: up %v, back to the turn %v; want %v, %v", c.name, c.ask.up, c.ask.local, c.up, c.toTurn)
		}
		if c.sameKey != "" && c.ask.key != c.sameKey {
			t.Errorf("%s: key %q, want %q", c.name, c.ask.key, c.sameKey)
		}
		if other, dup := keys[c.ask.key]; dup {
			t.Errorf("%s and %s share the key %q", c.name, other, c.ask.key)
		}
		keys[c.ask.key] = c.name
	}
	// Others' moves in a row keep one key: the sheet stays as the player put it.
	if a, b := sheetQuestion(5, false, false, false, false, "", 0, engine.Choice{}, false, -1), sheetQuestion(6, false, false, false, false, "", 0, engine.Choice{}, false, -1); a.key != b.key {
		t.Errorf("watching others: keys %q and %q differ", a.key, b.key)
	}

	g, _ := newTestScreen(t)
	placed := func(a sheetAsk) (bool, string) { return g.placed(a) }
	if up, _ := placed(cases[0].ask); !up {
		t.Fatal("the sheet did not rise for the actions")
	}
	// The player lowers it and opens the log.
	g.sheet = sheetState{byHand: cases[0].ask.key, up: false, tab: "log", tabAt: cases[0].ask.key}
	if up, tab := placed(cases[0].ask); up || tab != "log" {
		t.Errorf("the same question moved the sheet: %v %q", up, tab)
	}
	if _, tab := placed(cases[7].ask); tab != "log" { // another device plays: the log stays open
		t.Errorf("watching others closed the log: %q", tab)
	}
	if up, tab := placed(cases[3].ask); up || tab != "" { // this device's question on the board: the turn, lowered
		t.Errorf("a question on the board: %v %q", up, tab)
	}
	if up, _ := placed(cases[4].ask); !up {
		t.Error("Confirm did not raise the sheet")
	}
	// A tab chosen while others play stays until a move is made on this device.
	g.sheet = sheetState{tab: "players", tabAt: "wait", tabMoves: 0}
	if _, tab := placed(cases[7].ask); tab != "players" {
		t.Errorf("watching others: tab %q", tab)
	}
}

// The game screen places the phone's sheet for each question: raised, its handle saying so,
// for the cover and the actions; lowered for a place asked on the board; where the player
// put it while the question stays; its bar saying what is asked, and a tab showing the log.
func TestGameScreenPlacesTheSheet(t *testing.T) {
	g, _ := newTestScreen(t)
	ctx := goapp.Context{}
	check := func(what string, up bool, prompt string) *uitest.Node {
		t.Helper()
		root := uitest.Render(t, g)
		sheet, handle := root.ByID("gs-sheet"), root.ByID("sheet-toggle")
		if sheet == nil || handle == nil {
			t.Fatalf("%s: no sheet or no handle", what)
		}
		if sheet.HasClass("gs-sheet-up") != up || handle.Bool("aria-expanded") != up {
			t.Errorf("%s: raised %v (aria-expanded %v), want %v", what, sheet.HasClass("gs-sheet-up"), handle.Bool("aria-expanded"), up)
		}
		if p := root.ByID("sheet-prompt").Text(); !strings.Contains(p, prompt) {
			t.Errorf("%s: the bar says %q, want %q in it", what, p, prompt)
		}
		return root
	}
	check("the cover", true, "Pass the device to")
	g.reveal(ctx)
	check("the actions", true, ": choose an action")
	g.startAction("build")
	for i := 0; i < 6; i++ {
		c := g.builder.next(g.legalMoves())
		if c.Field == "space" && len(c.Values) > 1 {
			break
		}
		if c.Field == "" {
			t.Fatal("no build asked for its space")
		}
		g.answer(c.Field, c.Values[0])
	}
	check("a space on the board", false, "Choose where to build")
	g.toggleSheet(ctx, goapp.Event{})
	check("raised by hand", true, "Choose where to build")
	check("the same question again", true, "Choose where to build")
	g.sheetTab("log")
	root := check("the log's tab", false, "Choose where to build")
	if !root.ByID("gs-sheet").HasClass("gs-tab-log") || !root.ByID("sheet-log").Bool("aria-pressed") {
		t.Error("the Log tab is not shown")
	}
	g.sheetTab("log")
	if root := uitest.Render(t, g); root.ByID("gs-sheet").HasClass("gs-tab-log") {
		t.Error("a second tap on Log did not show the turn again")
	}
}
