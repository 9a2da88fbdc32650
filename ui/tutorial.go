package ui

// The tutorial on the game screen (the script is app/tutorial): a panel beside the controls
// says what the step teaches and what to tap; on a step that asks for a move, only that
// action can be begun (its button glows) and each question of the builder offers only the
// script's answer, so the board glows where to tap as it does for any question; on a step to
// read, what it is about glows on the board like a hint, and Next goes on.

import (
	"math"

	"brass/app"
	"brass/app/tutorial"
	"brass/engine"
	"brass/lang"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// tutorState is the tutorial of the game on screen, if it is one.
type tutorState struct {
	loaded string // the session id the progress was read for
	on     bool   // the game is the tutorial's and it is not finished
	prog   tutorial.Progress
	pos    tutorial.Position
	shown  int // the step last shown, plus one (0: none yet), to bring a new one into view
	rule   int // the step whose folded rule is open on a phone, plus one (0: none)
}

// tutorialBrain gives a tutorial game's session the brain that plays the Tutor's scripted
// moves; any other game keeps the bots' own.
func tutorialBrain(store app.Store, s app.Session, inner app.Brain) app.Brain {
	if store == nil || s == nil {
		return inner
	}
	if _, ok := tutorial.For(store, s.ID()); ok {
		return tutorial.Brain(tutorial.Birmingham, inner)
	}
	return inner
}

// tutorialSync reads the tutorial's progress for the session (once) and finds the step to
// show for the game now; the builder is guided by the step's move while it is the player's.
func (g *gameScreen) tutorialSync() {
	t := &g.tutor
	if id := g.ISession.ID(); t.loaded != id && g.mounted {
		t.loaded = id
		t.prog, t.on = tutorial.For(app.NewBrowserStore(g.ctx.LocalStorage()), id)
		t.on = t.on && !t.prog.Done
		if t.on {
			g.holdBots() // a tutorial resumed at a step to read: the Tutor waits for its Next
		}
	}
	g.builder.guide = nil
	if !t.on {
		return
	}
	t.pos = tutorial.Birmingham.At(t.prog.Read, g.ISession.Game().Moves())
	step, ok := g.tutorialStep()
	if ok && step.Move != nil && step.Move.Player == tutorial.Player && g.history < 0 {
		g.builder.guide = step.Move
		if g.mounted && t.shown != t.pos.Step+1 {
			g.ctx.Defer(func(goapp.Context) { bringTutorialIntoView() })
		}
	}
	if ok {
		t.shown = t.pos.Step + 1
	}
}

// bringTutorialIntoView scrolls a step asking for a move into view when it appears, with
// the action button it asks to tap below it, where they are not both in view already: in
// the page (a tablet's column under the board) or in the side column or the phone's sheet
// when that scrolls.
func bringTutorialIntoView() {
	win := goapp.Window()
	panel := win.GetElementByID("tutorial")
	action := win.Get("document").Call("querySelector", "#builder .gs-action.tut-glow")
	if !panel.Truthy() || !action.Truthy() {
		return
	}
	lo, hi := 0.0, win.Get("innerHeight").Float()
	if side := panel.Call("closest", ".gs-side"); side.Truthy() && side.Get("scrollHeight").Int() > side.Get("clientHeight").Int() {
		r := side.Call("getBoundingClientRect")
		lo, hi = math.Max(lo, r.Get("top").Float()), math.Min(hi, r.Get("bottom").Float())
	}
	top := panel.Call("getBoundingClientRect").Get("top").Float()
	bottom := action.Call("getBoundingClientRect").Get("bottom").Float()
	switch {
	case top >= lo && bottom <= hi:
	case bottom-top+8 <= hi-lo:
		panel.Call("scrollIntoView", map[string]any{"block": "start"}) // the panel at the top, the action below it
	default:
		action.Call("scrollIntoView", map[string]any{"block": "center"}) // clear of the sheet's fade
	}
}

// tutorialReading reports whether the tutorial shows a step to read now, so the Tutor's
// next move waits (see holdBots).
func (g *gameScreen) tutorialReading() bool {
	t := &g.tutor
	return t.on && tutorial.Birmingham.Reading(t.prog.Read, g.ISession.Game().Moves())
}

// tutorialStep is the step shown, if the tutorial is on and within its script.
func (g *gameScreen) tutorialStep() (tutorial.Step, bool) {
	t := &g.tutor
	if !t.on || t.pos.Off || t.pos.Step >= len(tutorial.Birmingham.Steps) {
		return tutorial.Step{}, false
	}
	return tutorial.Birmingham.Steps[t.pos.Step], true
}

// tutorialActions is how many moves of an action type the tutorial lets the player begin:
// none but the step's own action, and none while a step is to be read.
func (g *gameScreen) tutorialActions(typ string, n int) int {
	step, ok := g.tutorialStep()
	if !ok {
		return n
	}
	if step.Move == nil || step.Move.Type != typ {
		return 0
	}
	return n
}

// tutorialCoach reports whether an action button is the one the tutorial asks to tap.
func (g *gameScreen) tutorialCoach(typ string) bool {
	step, ok := g.tutorialStep()
	return ok && step.Move != nil && step.Move.Type == typ && !g.builder.active()
}

// tutorialRefusal says why a dimmed action cannot be begun during the tutorial, or "".
func (g *gameScreen) tutorialRefusal() string {
	step, ok := g.tutorialStep()
	switch {
	case !ok:
		return ""
	case step.Move == nil:
		return lang.T("tut.waiting")
	}
	return lang.T("tut.asks_action", lang.S("action", actionLabel(step.Move.Type)))
}

// tutorialGlow makes a step to read glow on the board where it points, as a hint does.
func (g *gameScreen) tutorialGlow(hint *[]string) {
	if step, ok := g.tutorialStep(); ok && step.Move == nil && len(step.Glow) > 0 && g.history < 0 {
		*hint = step.Glow
	}
}

// tutorialNext ends a step to read; the last one ends the tutorial.
func (g *gameScreen) tutorialNext(ctx goapp.Context) {
	t := &g.tutor
	if _, ok := g.tutorialStep(); !ok && !t.pos.Off {
		return
	}
	t.prog.Read = t.pos.Step + 1
	if t.pos.Off || t.prog.Read >= len(tutorial.Birmingham.Steps) {
		t.prog.Done, t.on = true, false
	}
	if g.mounted {
		_ = tutorial.Save(app.NewBrowserStore(ctx.LocalStorage()), t.prog) // only the place in the tutorial is lost
	}
	g.tutorialSync()
	g.holdBots() // read: the Tutor's move the step came before is played now
}

// renderTutorial is the tutorial's panel: the step's words, the rule it quotes and what to
// tap now (c is the builder's question, if an action is begun).
func (g *gameScreen) renderTutorial(st *engine.State, names []string, c engine.Choice) goapp.UI {
	t := &g.tutor
	if !t.on {
		return nil
	}
	if t.pos.Off {
		return goapp.Section().ID("tutorial").Class("tut").DataSet("kind", "off").Aria("label", lang.T("start.tutorial")).Body(
			goapp.P().Class("tut-say").Text(lang.T("tut.off_script")),
			goapp.Button().ID("tutorial-next").Class("gs-btn gs-confirm").Text(lang.T("tut.end")).OnClick(func(ctx goapp.Context, e goapp.Event) { g.tutorialNext(ctx) }),
		)
	}
	step, ok := g.tutorialStep()
	if !ok {
		return nil
	}
	steps := tutorial.Birmingham.Steps
	kind, tap := "tell", ""
	switch {
	case step.Move == nil:
	case step.Move.Player != tutorial.Player:
		kind = "wait"
	default:
		kind, tap = "do", g.tutorialTap(st, names, *step.Move, c)
	}
	next := lang.T("tut.next")
	if t.pos.Step == len(steps)-1 {
		next = lang.T("tut.finish")
	}
	return goapp.Section().ID("tutorial").Class("tut", "tut-"+kind).DataSet("kind", kind).DataSet("step", t.pos.Step).
		Aria("label", lang.T("start.tutorial")).Aria("live", "polite").Body(
		goapp.P().Class("tut-count").Text(lang.T("tut.count", lang.N("step", t.pos.Step+1), lang.N("steps", len(steps)))),
		goapp.H2().Class("tut-title").Text(step.Title),
		goapp.P().Class("tut-say").Text(step.Say),
		goapp.If(step.Rule != "", func() goapp.UI {
			// On a phone the rule is folded behind a small toggle, so the action to tap stays
			// in view below the panel; a wider screen shows it always (web/app.css).
			open := t.rule == t.pos.Step+1
			quote := "tut-rule"
			if open {
				quote += " tut-rule-open"
			}
			return goapp.Div().Class("tut-rule-box").Body(
				goapp.Button().ID("tutorial-rule-toggle").Class("tut-rule-toggle").Type("button").
					Aria("expanded", open).Aria("controls", "tutorial-rule").Text(lang.T("tut.rule")).
					OnClick(g.toggleTutorialRule),
				goapp.Blockquote().ID("tutorial-rule").Class(quote).Body(goapp.Text(lang.T("tut.quote", lang.S("rule", step.Rule))), goapp.Cite().Text(lang.T("tut.rulebook"))),
			)
		}),
		goapp.If(tap != "", func() goapp.UI { return goapp.P().ID("tutorial-tap").Class("tut-tap").Text(tap) }),
		goapp.If(kind == "tell", func() goapp.UI {
			return goapp.Button().ID("tutorial-next").Class("gs-btn gs-confirm").Text(next).OnClick(func(ctx goapp.Context, e goapp.Event) { g.tutorialNext(ctx) })
		}),
	)
}

// toggleTutorialRule opens or folds the step's rule on a phone (the step is read at the
// tap: go-app keeps a button's first handler).
func (g *gameScreen) toggleTutorialRule(ctx goapp.Context, e goapp.Event) {
	t := &g.tutor
	if t.rule == t.pos.Step+1 {
		t.rule = 0
	} else {
		t.rule = t.pos.Step + 1
	}
}

// tutorialTap says what to tap for the step's move now: the action, the answer of the
// builder's question (which alone glows), or Confirm.
func (g *gameScreen) tutorialTap(st *engine.State, names []string, m engine.Move, c engine.Choice) string {
	if st.Actor() != tutorial.Player {
		return ""
	}
	if !g.builder.active() {
		return lang.T("tut.tap", lang.S("what", actionLabel(m.Type)))
	}
	if c.Field == "" {
		return lang.T("tut.check_confirm")
	}
	v := m.Field(c.Field)
	label := choiceLabel(g.views.Of(st), names, g.builder.chosen, c.Field, v)
	switch bf := boardField(c.Field); {
	case bf == "card":
		return lang.T("tut.tap_card", lang.S("card", label))
	case bf != "":
		return lang.T("tut.tap_board", lang.S("place", label))
	}
	return lang.T("tut.tap", lang.S("what", label))
}

// actionLabel is an action's button label: "Build" (the type itself for one not offered).
func actionLabel(typ string) string {
	for _, id := range actionTypeIDs {
		if id == typ {
			return lang.T("act." + typ)
		}
	}
	return typ
}

// guided keeps, of a question's answers, only the one the tutorial's move gives (when it is
// among them), so only it glows and only it is taken.
func guided(c engine.Choice, guide *engine.Move) engine.Choice {
	if want, ok := guideWants(c, guide); ok {
		c.Values = []string{want}
	}
	return c
}

// guideWants is the answer the tutorial's move gives to a question, and whether it is among
// the question's legal answers (then guided offers it alone). guided and guideRefusal both
// ask it, so what the tutorial cuts and what it says it cut are decided in one place.
func guideWants(c engine.Choice, guide *engine.Move) (string, bool) {
	if guide == nil || c.Field == "" {
		return "", false
	}
	want := guide.Field(c.Field)
	return want, containsString(c.Values, want)
}

// guideRefusal explains an answer the rules allow but the tutorial does not offer (it asks
// for its own answer), or is "" where the rules refuse the answer or no step guides: then
// the engine's reason is the true one. A rules reason for an answer the engine finds legal
// would be false (issue 43: Cannock was "refused" for its coal while a coal space was free).
func (g *gameScreen) guideRefusal(field, value string) string {
	b := &g.builder
	if b.guide == nil || !b.active() {
		return ""
	}
	c := engine.Next(g.legalMoves(), b.typ, b.chosen) // the question as the rules ask it
	want, ok := guideWants(c, b.guide)
	if !ok || c.Field != field || value == want || !containsString(c.Values, value) {
		return ""
	}
	st := g.ISession.Game().State()
	label := func(v string) string {
		if isCardField(field) {
			return lang.T("tut.the_card", lang.S("card", cardName(g.ISession.Game(), v)))
		}
		return choiceLabel(g.views.Of(st), g.names(), b.chosen, field, v)
	}
	return lang.T("tut.asks_answer", lang.S("want", label(want)), lang.S("value", label(value)))
}
