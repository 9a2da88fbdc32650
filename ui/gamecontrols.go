package ui

// The hand and the action builder under the board: whose turn it is, the question asked
// now with its answers, and the summary of a move about to be confirmed.

import (
	"strconv"
	"strings"

	"brass/app"
	"brass/engine"
	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// renderControls is the hand and the action builder.
func (g *gameScreen) renderControls(game *engine.Game, c engine.Choice, names []string, recap goapp.UI) goapp.UI {
	st := game.State()
	actor := st.Actor()
	if !g.ISession.LocalSeat(actor) {
		return g.renderWaiting(st, names, recap)
	}
	var choosable []string
	if isCardField(c.Field) {
		for _, v := range c.Values {
			if v != "" {
				choosable = append(choosable, v)
			}
		}
	}
	selected := g.builder.chosenCards()
	return goapp.Section().ID("controls").Class("gs-controls").Aria("label", names[actor]+"'s turn").Body(
		slot("gs-slot-recap", recap),
		slot("gs-slot-hint", g.renderHint(names)),
		g.renderBuilder(game, c, names),
		newHand().State(*st).Player(actor).Choosable(choosable).Selected(selected).OnCard(g.onCard).OnRefused(g.onCardRefused),
	)
}

// renderWaiting is the side panel while another device (or a bot) plays: whose turn it is,
// what the last player did, and this device's own hand, never the actor's.
func (g *gameScreen) renderWaiting(st *engine.State, names []string, recap goapp.UI) goapp.UI {
	me := -1
	for p := 0; p < int(st.NumPlayers); p++ {
		if g.ISession.LocalSeat(p) {
			me = p
		}
	}
	text := "Waiting for " + names[st.Actor()] + " to play…"
	if lv := botLevel(g.ISession, st.Actor()); lv != "" {
		text = names[st.Actor()] + " (" + app.BotLevelName(lv) + " bot) is thinking…"
	}
	body := []goapp.UI{
		goapp.P().ID("waiting").Class("gs-prompt gs-waiting").Role("status").Text(text),
		slot("gs-slot-recap", recap),
	}
	if me >= 0 {
		// The same callback as the playing hand: go-app keeps a mounted component's
		// unexported fields, so this hand keeps it when the turn comes.
		body = append(body, newHand().State(*st).Player(me).OnCard(g.onCard).OnRefused(g.onCardRefused))
	}
	return goapp.Section().ID("controls").Class("gs-controls").Aria("label", "Waiting").Body(body...)
}

func (g *gameScreen) renderBuilder(game *engine.Game, c engine.Choice, names []string) goapp.UI {
	st := game.State()
	legal := g.legalMoves()
	var body []goapp.UI
	notice := goapp.If(g.notice != "" || len(g.noticeLines) > 0, func() goapp.UI {
		cls := "gs-notice"
		if g.noticeBad {
			cls += " gs-notice-bad"
		}
		if len(g.noticeLines) > 0 {
			items := make([]goapp.UI, 0, len(g.noticeLines))
			for _, l := range g.noticeLines {
				items = append(items, goapp.Li().Text(kit.Typeset(l)))
			}
			return goapp.Div().ID("notice").Class(cls+" gs-notice-list").Role("status").Body(
				goapp.If(g.notice != "", func() goapp.UI { return goapp.P().Text(kit.Typeset(g.notice)) }),
				goapp.Ul().Body(items...),
			)
		}
		return goapp.P().ID("notice").Class(cls).Role("status").Text(kit.Typeset(g.notice))
	})
	switch {
	case game.Over():
		return goapp.Div().ID("builder").Class("gs-builder").Body(goapp.P().Text("The game is over."))
	case !g.builder.active() && st.Phase == engine.PhaseAction:
		left := st.ActionsThisTurn() - int(st.ActionsDone)
		body = append(body, goapp.H2().Class("gs-prompt").Text(names[st.Actor()]+": choose an action ("+kit.Plural(left, "action", "actions")+" left this turn)."))
		var buttons []goapp.UI
		for _, at := range actionTypes {
			if at.typ == "scout" && !st.Edition().Rules.Scout {
				continue // Lancashire has no Scout action
			}
			at.help = actionHelp(st.Edition(), at.typ, at.help)
			n := 0
			for _, m := range legal {
				if m.Type == at.typ {
					n++
				}
			}
			typ, label := at.typ, at.label
			btn := goapp.Button().ID("action-" + typ).Class("gs-action").Text(at.label)
			if n == 0 {
				// Dimmed, but it still answers a tap with the reason (a disabled button would not).
				btn = btn.Aria("disabled", "true").Title(at.label+" is not possible now: tap to see why").
					OnClick(func(ctx goapp.Context, e goapp.Event) { g.refuseAction(label, typ) }, goapp.EventScope("off", typ))
			} else {
				btn = btn.Title(at.help).OnClick(func(ctx goapp.Context, e goapp.Event) { g.startAction(typ) }, goapp.EventScope(typ))
			}
			buttons = append(buttons, btn)
		}
		body = append(body, goapp.Div().Class("gs-actions").Body(buttons...), notice)
	case !g.builder.active():
		// Selling or shortfall: the builder starts by itself once the hand is revealed.
		typ := "sell"
		if st.Phase == engine.PhaseShortfall {
			typ = "remove_tile"
		}
		body = append(body, goapp.Button().ID("resume-"+typ).Class("gs-action").Text("Continue").OnClick(func(ctx goapp.Context, e goapp.Event) { g.startAction(typ) }), notice)
	default:
		body = append(body, g.renderQuestion(game, c, names, notice)...)
	}
	return goapp.Div().ID("builder").Class("gs-builder").Body(body...)
}

// renderQuestion shows the choices made so far, the current question with its answers,
// or the summary and Confirm when the move is complete. A refusal shows right under the
// question, next to what it is about.
func (g *gameScreen) renderQuestion(game *engine.Game, c engine.Choice, names []string, notice goapp.UI) []goapp.UI {
	st := game.State()
	typ := g.builder.typ
	var out []goapp.UI
	title := typ
	for _, at := range actionTypes {
		if at.typ == typ {
			title = at.label
		}
	}
	switch typ {
	case "sell":
		if st.Phase == engine.PhaseSelling {
			title = "Sell another tile"
		}
	case "remove_tile":
		title = "Pay your negative income"
	}
	var crumbs []goapp.UI
	for _, f := range g.builder.order {
		v := g.builder.chosen[f]
		crumbs = append(crumbs, goapp.Li().Text(choiceLabel(st, names, g.builder.chosen, f, v)))
	}
	out = append(out, goapp.H2().Class("gs-prompt").Text(title), goapp.Ol().Class("gs-crumbs").Body(crumbs...))

	var buttons []goapp.UI
	switch {
	case c.Field == "cards.0" || c.Field == "cards.1":
		// Scout's two more cards are tapped in the hand, one after the other.
		out = append(out, goapp.P().ID("question").Class("gs-question").Text(prompt(typ, c.Field)), notice)
	case c.Field != "":
		out = append(out, goapp.P().ID("question").Class("gs-question").Text(prompt(typ, c.Field)), notice)
		bf := boardField(c.Field)
		var opts []goapp.UI
		for _, v := range c.Values {
			// Board answers are chosen on the board; the list repeats them for keyboards and
			// small screens. "market" and "" have no place on the board.
			field, value := c.Field, v
			label := choiceLabel(st, names, g.builder.chosen, field, value)
			if bf == "source" && value == "market" {
				label = marketLabel(st, field)
			}
			opts = append(opts, goapp.Button().Class("gs-choice").ID("choice-"+safeID(value)).Text(label).
				OnClick(func(ctx goapp.Context, e goapp.Event) { g.answer(field, value) }, goapp.EventScope(field+"/"+value)))
		}
		if c.Field != "card" {
			out = append(out, goapp.Div().Class("gs-choices").Body(opts...))
		}
	case len(c.Moves) == 1:
		out = append(out, g.renderSummary(game, c.Moves[0]), notice)
		buttons = append(buttons, goapp.Button().ID("confirm").Class("gs-btn gs-confirm").Text("Confirm").OnClick(func(ctx goapp.Context, e goapp.Event) { g.confirm(ctx) }))
	default:
		out = append(out, goapp.P().Class("gs-question").Text("No legal move matches these choices."), notice)
	}
	if st.Phase == engine.PhaseSelling {
		buttons = append(buttons, goapp.Button().ID("end-sell").Class("gs-btn").Text("Stop selling").
			OnClick(func(ctx goapp.Context, e goapp.Event) {
				g.submit(ctx, engine.Move{Type: "end_sell", Player: st.Actor()})
			}))
	}
	if len(g.builder.order) > 0 {
		buttons = append(buttons, goapp.Button().ID("back").Class("gs-btn").Text("Back").OnClick(func(ctx goapp.Context, e goapp.Event) {
			g.builder.back()
			g.setNotice("", false)
			g.saveDraft()
		}))
	}
	if st.Phase == engine.PhaseAction {
		buttons = append(buttons, goapp.Button().ID("cancel").Class("gs-btn").Text("Cancel").OnClick(func(ctx goapp.Context, e goapp.Event) {
			g.builder.reset()
			g.setNotice("", false)
			g.saveDraft()
		}))
	}
	return append(out, goapp.Div().Class("gs-buttons").Body(buttons...))
}

func marketLabel(st *engine.State, field string) string {
	ed := st.Edition()
	if strings.HasPrefix(field, "coal.") {
		return "the coal market (£" + strconv.Itoa(ed.CoalMarket.BuyPrice(int(st.CoalMarket))) + ")"
	}
	return "the iron market (£" + strconv.Itoa(ed.IronMarket.BuyPrice(int(st.IronMarket))) + ")"
}

// safeID makes a value usable in an element id.
func safeID(v string) string {
	if v == "" {
		return "none"
	}
	return strings.NewReplacer("+", "-", " ", "-").Replace(v)
}

// renderSummary previews the move: what the action does, then what the end of the round
// or era it causes does, each with the player's money, income and VP before and after.
func (g *gameScreen) renderSummary(game *engine.Game, m engine.Move) goapp.UI {
	outcomes, err := game.Preview(m)
	if err != nil {
		return goapp.P().Class("gs-notice gs-notice-bad").Text(kit.Typeset(err.Error()))
	}
	return renderPreview(summarize(game.State(), outcomes))
}

func logClass(open bool) string {
	if open {
		return "gs-log gs-log-open"
	}
	return "gs-log"
}

// slot wraps a conditional part in an element that is always there (see Render).
func slot(class string, ui goapp.UI) goapp.UI {
	return goapp.Div().Class(class).Body(ui)
}

// controlsSlotClass is the class of the controls' slot: hidden while the hand is covered
// (the controls may be drawn there, prepared, but are neither seen, read out nor focused).
func controlsSlotClass(covered bool) string {
	if covered {
		return "gs-slot-turn gs-under-cover"
	}
	return "gs-slot-turn"
}
