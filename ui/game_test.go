package ui

import (
	"fmt"
	"strings"
	"testing"

	"brass/app"
	"brass/engine"
	"brass/ui/board"
	"brass/ui/uitest"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// newTestScreen is a game screen on a new 3-player hotseat game of seed 7.
func newTestScreen(t *testing.T) (*gameScreen, *app.Hotseat) {
	t.Helper()
	hs, err := app.NewHotseat(app.NewMemoryStore(), engine.Config{Players: 3, Seed: 7, Names: []string{"Ada", "Brunel", "Kate"}}, app.DefaultColours(3))
	if err != nil {
		t.Fatal(err)
	}
	g := newGameScreen().Session(hs)
	g.OnInit()
	return g, hs
}

func TestGameScreenCoverRecapAndScout(t *testing.T) {
	g, hs := newTestScreen(t)
	ctx := goapp.Context{}

	// The cover replaces the hand only: the board and the panels are there.
	root := uitest.Render(t, g)
	if root.First(uitest.Attr("id", "pass-device")) == nil || root.First(uitest.Attr("id", "hand")) != nil {
		t.Fatal("before the reveal: the cover, and no hand")
	}
	if root.First(uitest.Attr("id", "board")) == nil || len(root.All(uitest.Class("pp"))) != 3 {
		t.Error("the board and the panels stay in view under the cover")
	}
	if root.First(uitest.Attr("id", "recap")) != nil {
		t.Error("no recap before the first move")
	}

	// Scout: three cards tapped in the hand, in any order (here the last one first).
	g.reveal(ctx)
	g.startAction("scout")
	c := g.builder.next(g.legalMoves())
	g.onCard(ctx, c.Values[len(c.Values)-1])
	c = g.builder.next(g.legalMoves())
	if c.Field != "cards.0" {
		t.Fatalf("after the card: %q", c.Field)
	}
	g.onCard(ctx, c.Values[0])
	root = uitest.Render(t, g)
	if n := len(root.All(uitest.Class("hand-sel"))); n != 2 || root.First(uitest.Class("gs-choice")) != nil {
		t.Errorf("two cards are marked chosen (%d), and there is no list of cards", n)
	}
	c = g.builder.next(g.legalMoves())
	if c.Field != "cards.1" {
		t.Fatalf("after two cards: %q", c.Field)
	}
	g.onCard(ctx, c.Values[0])
	if c := g.builder.next(g.legalMoves()); c.Field != "" || len(c.Moves) != 1 {
		t.Fatalf("three taps did not make the Scout: %+v", c)
	}
	scout := hs.Game().State().Actor()
	g.confirm(ctx)
	if len(hs.Game().Moves()) != 1 {
		t.Fatalf("the Scout was not played: %q", g.notice)
	}

	// The next player's cover recaps the Scout and marks nothing on the board (a Scout
	// uses no place).
	root = uitest.Render(t, g)
	recap := root.First(uitest.Attr("id", "recap"))
	name := hs.Game().State().Name(scout)
	if recap == nil || !strings.Contains(recap.Text(), "What "+name+" did") || !strings.Contains(recap.Text(), "scouts") {
		t.Fatalf("recap %v", recap)
	}
	if n := len(root.All(uitest.Class("bb-recent"))); n != 0 {
		t.Errorf("%d places marked for a Scout", n)
	}
}

// The next player's controls may be drawn in advance under the cover (so that revealing
// them is quick), but only hidden, only for the position they were prepared at, and never
// with the recap twice.
func TestGameScreenControlsPreparedUnderCover(t *testing.T) {
	g, hs := newTestScreen(t)
	ctx := goapp.Context{}
	under := func(root *uitest.Node) *uitest.Node { return root.First(uitest.Class("gs-under-cover")) }

	root := uitest.Render(t, g)
	if u := under(root); u == nil || u.First(uitest.Attr("id", "hand")) != nil {
		t.Fatal("not prepared: the hidden slot is there and empty")
	}
	g.preparedFor = len(hs.Game().Moves())
	root = uitest.Render(t, g)
	u := under(root)
	if u == nil || u.First(uitest.Attr("id", "hand")) == nil || u.First(uitest.Attr("id", "action-build")) == nil {
		t.Fatal("prepared: the hand and the actions are drawn in the hidden slot")
	}
	if root.First(uitest.Attr("id", "pass-device")) == nil || len(root.All(uitest.Attr("id", "hand"))) != 1 {
		t.Error("prepared: the cover stays, and there is one hand")
	}

	// Revealed: the same controls, no longer hidden, and no cover.
	g.reveal(ctx)
	root = uitest.Render(t, g)
	if under(root) != nil || root.First(uitest.Attr("id", "pass-device")) != nil || root.First(uitest.Attr("id", "hand")) == nil {
		t.Fatal("revealed: the hand shows and the cover is gone")
	}

	// After a move the next player is covered again and the old preparation is stale.
	g.startAction("loan")
	c := g.builder.next(g.legalMoves())
	g.onCard(ctx, c.Values[0])
	g.confirm(ctx)
	if len(hs.Game().Moves()) != 1 {
		t.Fatalf("the loan was not taken: %q", g.notice)
	}
	root = uitest.Render(t, g)
	if u := under(root); u == nil || u.First(uitest.Attr("id", "hand")) != nil {
		t.Fatal("a preparation for an earlier move is not drawn")
	}
	g.preparedFor = len(hs.Game().Moves())
	root = uitest.Render(t, g)
	if n := len(root.All(uitest.Attr("id", "recap"))); n != 1 {
		t.Errorf("the recap shows once (on the cover), not %d times", n)
	}
	if u := under(root); u == nil || u.First(uitest.Attr("id", "hand")) == nil {
		t.Error("prepared for the new position: drawn")
	}
}

func TestGameScreenRefusalsAndRoundEnd(t *testing.T) {
	g, hs := newTestScreen(t)
	ctx := goapp.Context{}
	g.reveal(ctx)

	// A dimmed card and a dimmed action say why.
	g.startAction("build")
	g.onCardRefused(ctx, "pottery")
	if !g.noticeBad || !strings.Contains(g.notice, "Pottery I costs £17") {
		t.Errorf("pottery: %q", g.notice)
	}
	g.builder.reset()
	g.refuseAction("Sell", "sell")
	if !strings.HasPrefix(g.notice, "Sell is not possible now: ") {
		t.Errorf("sell: %q", g.notice)
	}

	// A tap beside the board's targets while choosing a place asks for a highlighted one.
	g.startAction("network")
	c := g.builder.next(g.legalMoves())
	g.onCard(ctx, c.Values[0])
	g.onBoardRefused(ctx, board.Target{})
	if !strings.HasPrefix(g.notice, "Choose one of the highlighted places") {
		t.Errorf("a tap on nothing: %q", g.notice)
	}
	g.onBoardRefused(ctx, board.Target{Kind: board.TargetLink, ID: "leek-belper"})
	if !strings.Contains(g.notice, "railway line only") {
		t.Errorf("the rail-only line: %q", g.notice)
	}
	g.onBoardPick(ctx, board.Target{Kind: board.TargetLink, ID: "birmingham-oxford"})
	if g.builder.chosen["links.0"] != "birmingham-oxford" {
		t.Errorf("a picked line is the answer: %+v", g.builder.chosen)
	}
	g.builder.reset()

	// Three loans end round 1: the round summary opens over a covered hand, even if the
	// player who ended the round goes on.
	for i := 0; i < 3; i++ {
		g.revealed = hs.Game().State().Actor()
		g.startAction("loan")
		c := g.builder.next(g.legalMoves())
		if c.Field == "card" {
			g.onCard(ctx, c.Values[0])
		}
		g.confirm(ctx)
	}
	if len(hs.Game().Moves()) != 3 || g.dialog != "round" || g.revealed != -1 {
		t.Fatalf("after round 1: %d moves, dialog %q, revealed %d", len(hs.Game().Moves()), g.dialog, g.revealed)
	}
	root := uitest.Render(t, g)
	if root.First(uitest.Attr("id", "round-summary")) == nil || root.First(uitest.Attr("id", "hand")) != nil {
		t.Error("the round summary shows with the hand covered")
	}
}

// TestTheRoundsLastMoveIsSeenBeforeItsSummary: the summary a move opens waits, see-through,
// for that move to be shown (the class the stylesheet delays it by), shorter when moves are
// not animated; a tap, closing it, or looking back at the log shows no wait.
func TestTheRoundsLastMoveIsSeenBeforeItsSummary(t *testing.T) {
	g, hs := newTestScreen(t)
	game := hs.Game()
	for game.State().Round == 1 {
		if err := hs.Submit(engine.Move{Type: "pass", Player: game.State().Actor(), Card: game.State().Edition().Cards[game.State().HandCards(game.State().Actor())[0]].ID}); err != nil {
			t.Fatal(err)
		}
		g.afterChange()
	}
	if g.dialog != "round" {
		t.Fatalf("dialog %q after the round's last move", g.dialog)
	}
	slotClass := func() string {
		n := uitest.Render(t, g).First(uitest.Class("gs-slot-dialog"))
		if n == nil || n.First(uitest.Attr("id", "round-summary")) == nil {
			t.Fatal("the round summary is not in its slot")
		}
		return n.Attr["class"]
	}
	if c := slotClass(); !strings.Contains(c, "gs-moment") || strings.Contains(c, "gs-moment-still") {
		t.Errorf("animated: the summary waits for the move (class %q)", c)
	}
	g.motion.off = true
	if c := slotClass(); !strings.Contains(c, "gs-moment-still") {
		t.Errorf("not animated: a shorter wait (class %q)", c)
	}
	g.showMoment(goapp.Context{}, goapp.Event{})
	if c := slotClass(); strings.Contains(c, "gs-moment") {
		t.Errorf("after a tap: no wait (class %q)", c)
	}
}

// TestRenderOnlyReads: drawing the game screen changes nothing the screen keeps (the
// tutorial's step, the builder, the animation's last state, the phone's sheet, the
// dialogs): what follows a change is done by the controller when it happens (follow), so a
// render is repeatable.
func TestRenderOnlyReads(t *testing.T) {
	g, hs := newTestScreen(t)
	ctx := goapp.Context{}
	kept := func() string {
		return fmt.Sprintf("%+v|%+v|%+v|%+v|%v|%v|%v|%v|%q", g.builder, g.motion.shown.Moves, g.tutor, g.sheet, g.revealed, g.history, g.dialog, g.momentFor, g.notice)
	}
	check := func(when string) {
		t.Helper()
		before := kept()
		uitest.Render(t, g)
		if after := kept(); after != before {
			t.Errorf("%s: a render changed the screen:\n%s\n%s", when, before, after)
		}
	}
	check("covered")
	g.reveal(ctx)
	check("revealed")
	g.startAction("build")
	check("building")
	g.builder.reset()
	m := engine.Move{Type: "loan", Player: hs.Game().State().Actor(), Card: hs.Game().State().Edition().Cards[hs.Game().State().HandCards(hs.Game().State().Actor())[0]].ID, Amount: 30}
	if err := hs.Submit(m); err != nil {
		t.Fatal(err)
	}
	g.afterChange()
	check("after a move")
	g.showHistory(ctx, 0)
	check("looking back")
}
