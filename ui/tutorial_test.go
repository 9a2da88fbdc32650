package ui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"brass/app"
	"brass/app/tutorial"
	"brass/engine"
	"brass/ui/uitest"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// newTutorialScreen is the game screen on a new tutorial game, its progress read as a
// mounted screen would.
func newTutorialScreen(t *testing.T) (*gameScreen, *app.Hotseat, app.Store) {
	t.Helper()
	store := app.NewMemoryStore()
	hs, err := tutorial.Start(store, tutorial.Birmingham, app.WithBotPause(0))
	if err != nil {
		t.Fatal(err)
	}
	g := newGameScreen().Session(hs)
	g.OnInit()
	p, _ := tutorial.For(store, hs.ID())
	g.tutor = tutorState{loaded: hs.ID(), on: true, prog: p}
	return g, hs, store
}

// TestTutorialGuidesEveryMove walks the builder through every move the script asks of the
// player, as the screen does: only the step's action can be begun, each question offers
// the script's answer alone (so only it glows), the panel says what to tap, and the move
// confirmed is the script's. The Tutor's moves and the steps to read are played and read.
func TestTutorialGuidesEveryMove(t *testing.T) {
	g, hs, _ := newTutorialScreen(t)
	playTutorial(t, g, hs, nil)
}

// playTutorial plays the whole script on the screen: the steps to read read, the Tutor's
// moves submitted, the player's made by guideMove, which calls atQuestion (if not nil) at
// each question of the builder before answering it.
func playTutorial(t *testing.T, g *gameScreen, hs *app.Hotseat, atQuestion func(n int, c engine.Choice)) {
	t.Helper()
	ctx := goapp.Context{}
	steps := tutorial.Birmingham.Steps
	for guard := 0; guard < 200; guard++ {
		g.tutorialSync()
		pos := g.tutor.pos
		if pos.Off {
			t.Fatalf("off the script at step %d", pos.Step)
		}
		if pos.Step >= len(steps) || !g.tutor.on {
			break
		}
		step := steps[pos.Step]
		root := uitest.Render(t, g)
		panel := root.ByID("tutorial")
		if panel == nil || !strings.Contains(panel.Text(), step.Title) {
			t.Fatalf("step %d: the panel does not show %q", pos.Step, step.Title)
		}
		switch {
		case step.Move == nil:
			if root.ByID("tutorial-next") == nil {
				t.Fatalf("step %d: no Next", pos.Step)
			}
			if b := root.ByID("action-build"); b != nil && !b.Bool("aria-disabled") {
				t.Errorf("step %d: an action can be begun while a step is to be read", pos.Step)
			}
			g.tutorialNext(ctx)
		case step.Move.Player != tutorial.Player:
			if err := hs.Submit(*step.Move); err != nil {
				t.Fatalf("step %d: the Tutor's move: %v", pos.Step, err)
			}
			g.afterChange()
		default:
			guideMove(t, g, pos.Step, *step.Move, atQuestion)
		}
	}
	if g.tutor.on {
		t.Fatalf("the tutorial did not end: step %d", g.tutor.pos.Step)
	}
	if root := uitest.Render(t, g); root.ByID("tutorial") != nil {
		t.Error("the panel stays after the tutorial ended")
	}
}

// TestTutorialDimmedCardsSayWhatHolds taps every dimmed card at every card question of the
// script (issue 43): a card the rules allow for the action, dimmed only because the step
// asks for another, is explained by the tutorial and with no rules reason (which would be
// false); a card the rules refuse gets the engine's reasons, each the message of a move
// with that card the engine refuses.
func TestTutorialDimmedCardsSayWhatHolds(t *testing.T) {
	g, hs, _ := newTutorialScreen(t)
	ctx := goapp.Context{}
	guidedCards, refusedCards := 0, 0
	playTutorial(t, g, hs, func(n int, c engine.Choice) {
		if !isCardField(c.Field) {
			return
		}
		game := g.ISession.Game()
		st := game.State()
		rules := engine.Next(game.LegalMoves(), g.builder.typ, g.builder.chosen) // unguided
		for _, k := range st.HandCards(tutorial.Player) {
			card := st.Edition().Cards[k].ID
			if containsString(c.Values, card) {
				continue // the step's card: it glows
			}
			g.onCardRefused(ctx, card)
			said := g.notice + " " + strings.Join(g.noticeLines, " ")
			if containsString(rules.Values, card) {
				guidedCards++
				want := "The tutorial asks for the " + cardName(game, c.Values[0]) + " card now; the " + cardName(game, card) + " card would be legal."
				if said != want+" " {
					t.Errorf("step %d, %s: the %s card, legal, is explained %q, want %q", n, c.Field, card, said, want)
				}
				continue
			}
			refusedCards++
			var tries []engine.Move
			if c.Field == "card" {
				tries = game.Attempts(g.builder.typ, card)
			} else {
				tries = withCard(rules, c.Field, card)
			}
			var reasons []string
			for _, m := range tries {
				if err := game.Check(m); err != nil {
					reasons = append(reasons, err.Error())
				} else {
					t.Errorf("step %d, %s: the %s card is refused, yet %v is legal", n, c.Field, card, m)
				}
			}
			for _, line := range append([]string{g.notice}, g.noticeLines...) {
				if line == "" || line == refusalHead(game, card, g.noticeLines) || strings.HasPrefix(line, "And ") {
					continue
				}
				held := false
				for _, r := range reasons {
					held = held || strings.HasPrefix(line, strings.SplitN(r, ".", 2)[0])
				}
				if !held {
					t.Errorf("step %d, %s: the %s card is refused with %q, which no refused move gives", n, c.Field, card, line)
				}
			}
		}
	})
	if guidedCards == 0 || refusedCards == 0 {
		t.Fatalf("tapped %d legal and %d refused dimmed cards: the script's hands changed?", guidedCards, refusedCards)
	}
}

// TestTutorialOtherLegalAnswersSayTheTutorialAsks: at every question of the script, an
// answer the rules allow but the step does not ask for (another space, line or industry) is
// refused by the tutorial, naming both, never with a rules reason.
func TestTutorialOtherLegalAnswersSayTheTutorialAsks(t *testing.T) {
	g, hs, _ := newTutorialScreen(t)
	tried := 0
	playTutorial(t, g, hs, func(n int, c engine.Choice) {
		if isCardField(c.Field) {
			return // TestTutorialDimmedCardsSayWhatHolds
		}
		rules := engine.Next(g.ISession.Game().LegalMoves(), g.builder.typ, g.builder.chosen)
		st := g.ISession.Game().State()
		for _, v := range rules.Values {
			if v == c.Values[0] {
				continue
			}
			tried++
			g.answer(c.Field, v)
			want := "The tutorial asks for " + choiceLabel(view.Of(st), g.names(), g.builder.chosen, c.Field, c.Values[0]) + " now; " +
				choiceLabel(view.Of(st), g.names(), g.builder.chosen, c.Field, v) + " would be legal."
			if g.notice != want || len(g.noticeLines) > 0 {
				t.Errorf("step %d, %s: %q is explained %q, want %q", n, c.Field, v, g.notice, want)
			}
			if g.builder.chosen[c.Field] != "" {
				t.Fatalf("step %d: %q was taken", n, v)
			}
		}
	})
	if tried == 0 {
		t.Fatal("no question of the script has another legal answer: the test sees nothing")
	}
}

// TestTutorialAsksOnlyForTapsTheBuilderAsks: where a step's words ask the player to tap
// something on the board or in the hand, the builder asks that question at that step (it
// answers a question with one answer by itself, so a step once asked to tap a space the
// builder then filled in, issue 43). Each clause of the words with "tap" in it is read for
// what it names.
func TestTutorialAsksOnlyForTapsTheBuilderAsks(t *testing.T) {
	g, hs, _ := newTutorialScreen(t)
	asked := map[int][]string{} // step: the board or hand layers the builder asked on
	playTutorial(t, g, hs, func(n int, c engine.Choice) {
		asked[n] = append(asked[n], boardField(c.Field))
	})
	// what a tap names, and the layer whose question it needs
	names := []struct{ word, layer string }{
		{"space", "space"}, {"line", "link"}, {"canal", "link"}, {"merchant", "merchant"},
		{"mine", "source"}, {"market", "source"}, {"card", "card"}, {"hand", "card"},
	}
	clauses := regexp.MustCompile(`[.:;]\s`)
	taps := 0
	for n, step := range tutorial.Birmingham.Steps {
		for _, clause := range clauses.Split(step.Say, -1) {
			if !regexp.MustCompile(`(?i)\btap`).MatchString(clause) {
				continue
			}
			taps++
			layer := ""
			for _, w := range names {
				if strings.Contains(strings.ToLower(clause), w.word) {
					layer = w.layer
					break
				}
			}
			switch {
			case layer == "":
				t.Errorf("step %d: %q asks for a tap the test cannot read: name what is tapped (see names)", n, clause)
			case step.Move == nil || step.Move.Player != tutorial.Player:
				t.Errorf("step %d: %q asks for a tap at a step with no move of the player's", n, clause)
			case !containsString(asked[n], layer):
				t.Errorf("step %d: %q asks to tap a %s, and the builder asks only on %v", n, clause, layer, asked[n])
			}
		}
	}
	t.Logf("%d clauses ask for a tap", taps)
}

// guideMove makes the step's move by tapping what the screen offers, checking it offers
// nothing else.
func guideMove(t *testing.T, g *gameScreen, n int, want engine.Move, atQuestion func(n int, c engine.Choice)) {
	t.Helper()
	ctx := goapp.Context{}
	root := uitest.Render(t, g)
	for _, at := range actionTypes() {
		b := root.ByID("action-" + at.typ)
		if b == nil {
			continue
		}
		glows, off := b.HasClass("tut-glow"), b.Bool("aria-disabled")
		if (at.typ == want.Type) != glows || (at.typ != want.Type) != off {
			t.Errorf("step %d: %s glows %v, dimmed %v", n, at.typ, glows, off)
		}
	}
	if tap := root.ByID("tutorial-tap"); tap == nil || !strings.Contains(tap.Text(), actionLabel(want.Type)) {
		t.Fatalf("step %d: the panel does not say to tap %s", n, actionLabel(want.Type))
	}
	g.refuseAction("Pass", "pass")
	if !strings.Contains(g.notice, "tutorial") {
		t.Errorf("step %d: a dimmed action is not explained by the tutorial: %q", n, g.notice)
	}
	g.startAction(want.Type)
	for i := 0; i < 10; i++ {
		c := g.builder.next(g.legalMoves())
		if c.Field == "" {
			break
		}
		v := want.Field(c.Field)
		if len(c.Values) != 1 || c.Values[0] != v {
			t.Fatalf("step %d: %s offers %v, want only %q", n, c.Field, c.Values, v)
		}
		if atQuestion != nil {
			atQuestion(n, c)
		}
		root := uitest.Render(t, g)
		tap := root.ByID("tutorial-tap")
		if tap == nil || !strings.Contains(tap.Text(), choiceLabel(view.Of(g.ISession.Game().State()), g.names(), g.builder.chosen, c.Field, v)) {
			t.Fatalf("step %d: the panel does not say to tap %q", n, v)
		}
		switch bf := boardField(c.Field); bf {
		case "card":
			g.onCard(ctx, v)
		case "":
			g.answer(c.Field, v)
		default:
			g.boardAnswer(bf, v)
		}
	}
	c := g.builder.next(g.legalMoves())
	if c.Field != "" || len(c.Moves) != 1 || !tutorial.Same(c.Moves[0], want) {
		t.Fatalf("step %d: the builder ends at %+v, want %v", n, c, want)
	}
	if tap := uitest.Render(t, g).ByID("tutorial-tap"); tap == nil || !strings.Contains(tap.Text(), "Confirm") {
		t.Errorf("step %d: the panel does not say to confirm", n)
	}
	g.confirm(ctx)
	if moves := g.ISession.Game().Moves(); !tutorial.Same(moves[len(moves)-1], want) {
		t.Fatalf("step %d: confirmed %v", n, moves[len(moves)-1])
	}
}

// TestTutorWaitsForTheStepsToRead plays the tutorial with the Tutor's moves made by its bot
// seat, as on the screen: while a step to read is shown before the Tutor's next move (the
// turn order at round 4), the Tutor does not move, summary closed or not; once Next is
// tapped, it does.
func TestTutorWaitsForTheStepsToRead(t *testing.T) {
	g, hs, store := newTutorialScreen(t)
	ctx := goapp.Context{}
	work := make(chan func(), 64)
	hs.SetBrain(tutorialBrain(store, hs, nil))
	hs.Connect(func(f func()) { work <- f }, func() {})
	defer hs.Close()
	// settle does the bots' queued work for a while; it reports whether a move was played.
	settle := func(wait time.Duration) bool {
		n := len(hs.Game().Moves())
		deadline := time.After(wait)
		for len(hs.Game().Moves()) == n {
			select {
			case f := <-work:
				f()
			case <-deadline:
				return false
			}
		}
		g.afterChange() // as the screen's update does after a bot's move
		return true
	}
	steps := tutorial.Birmingham.Steps
	waited := 0
	for guard := 0; guard < 200; guard++ {
		if g.dialog != "" {
			g.closeDialog(ctx)
		}
		g.tutorialSync()
		pos := g.tutor.pos
		if pos.Off {
			t.Fatalf("off the script at step %d", pos.Step)
		}
		if pos.Step >= len(steps) || !g.tutor.on {
			break
		}
		step := steps[pos.Step]
		switch {
		case step.Move == nil:
			if hs.Game().State().Actor() != tutorial.Player {
				if settle(300 * time.Millisecond) {
					t.Fatalf("step %d (%s) is still to read, and the Tutor moved: %v", pos.Step, step.Title, hs.Game().Moves()[len(hs.Game().Moves())-1])
				}
				waited++
			}
			g.tutorialNext(ctx)
		case step.Move.Player != tutorial.Player:
			if !settle(10 * time.Second) {
				t.Fatalf("step %d (%s): the Tutor did not move", pos.Step, step.Title)
			}
		default:
			if err := hs.Submit(*step.Move); err != nil {
				t.Fatalf("step %d: %v", pos.Step, err)
			}
			g.afterChange()
		}
	}
	if waited == 0 {
		t.Fatal("no step to read came before a Tutor's move")
	}
	if g.tutor.on {
		t.Fatalf("the tutorial did not end: step %d", g.tutor.pos.Step)
	}
}
