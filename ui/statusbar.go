package ui

// The status bar: era and round, whose turn it is and how many actions are left, the turn
// order with money spent, the draw deck and wild piles, the coal and iron markets, and a
// note on the phase (selling, a shortfall, the end of the game).

import (
	"strconv"

	"brass/engine"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// statusBar shows where the game stands. Inputs are values; it has no events.
type statusBar struct {
	app.Compo

	IState   engine.State // the game, as a value
	INames   []string     // display names by player index ("" : the state's name)
	IColours []string     // CSS colours by player index
}

// newStatusBar returns an empty status bar; set the state.
func newStatusBar() *statusBar { return &statusBar{} }

// State sets the game state to describe.
func (sb *statusBar) State(s engine.State) *statusBar { sb.IState = s; return sb }

// Names sets the players' names by player index.
func (sb *statusBar) Names(n []string) *statusBar { sb.INames = n; return sb }

// Colours sets the players' CSS colours by player index.
func (sb *statusBar) Colours(c []string) *statusBar { sb.IColours = c; return sb }

func (sb *statusBar) name(p int) string { return hudName(sb.INames, &sb.IState, p) }

// Render draws the bar.
func (sb *statusBar) Render() app.UI {
	st := &sb.IState
	ed := hudEdition(st)
	n := int(st.NumPlayers)
	if n == 0 {
		return app.Div().Class("sb")
	}

	// Era and round.
	roundText := "Round " + strconv.Itoa(int(st.Round))
	if st.Phase != engine.PhaseOver {
		if n < len(ed.Rules.RoundsPerEra) && ed.Rules.RoundsPerEra[n] > 0 {
			roundText += " of " + strconv.Itoa(ed.Rules.RoundsPerEra[n])
		}
	}
	era := app.Div().Class("sb-era").Body(
		app.Span().Class("sb-era-name").Text(st.Era.String()),
		app.Span().Class("sb-round").Text(roundText),
	)

	// Whose turn.
	actor := hudActor(st)
	var turn app.UI
	switch st.Phase {
	case engine.PhaseOver:
		turn = app.Div().Class("sb-turn sb-over").Aria("live", "polite").Body(app.Span().Class("sb-turn-main").Text("Game over"))
	default:
		left := st.ActionsThisTurn() - int(st.ActionsDone)
		if left < 0 {
			left = 0
		}
		sub := hudPlural(left, "action left", "actions left")
		switch st.Phase {
		case engine.PhaseSelling:
			sub = "selling"
		case engine.PhaseShortfall:
			sub = "paying income"
		}
		turn = app.Div().Class("sb-turn").Aria("live", "polite").Style("--sb-color", hudColor(sb.IColours, actor)).Body(
			app.Span().Class("sb-dot").Aria("hidden", "true"),
			app.Span().Class("sb-turn-main").Text(sb.name(actor)+"’s turn"),
			app.Span().Class("sb-actions").DataSet("left", left).Text(sub),
		)
	}

	// Turn order with spending.
	var order []app.UI
	for i := 0; i < n; i++ {
		p := int(st.Order[i])
		cls := "sb-op"
		if st.Phase != engine.PhaseOver && p == actor {
			cls += " sb-op-now"
		} else if st.Phase == engine.PhaseAction || st.Phase == engine.PhaseSelling {
			if i < int(st.TurnPos) {
				cls += " sb-op-done"
			}
		}
		spent := int(st.Players[p].Spent)
		order = append(order, app.Li().Class(cls).Style("--sb-color", hudColor(sb.IColours, p)).
			Title(sb.name(p)+": spent "+hudMoney(spent)+" this round").Body(
			app.Span().Class("sb-op-n").Text(strconv.Itoa(i+1)),
			app.Span().Class("sb-op-name").Text(sb.name(p)),
			app.Span().Class("sb-op-spent").Text(hudMoney(spent)+" spent"),
		))
	}

	coalCap, ironCap := len(ed.CoalMarket.Prices), len(ed.IronMarket.Prices)
	coalPrice := ed.CoalMarket.BuyPrice(int(st.CoalMarket))
	ironPrice := ed.IronMarket.BuyPrice(int(st.IronMarket))
	supplies := app.Div().Class("sb-supplies").Body(
		sb.supply("deck", "Deck", strconv.Itoa(int(st.DeckLen)), "", hudPlural(int(st.DeckLen), "card", "cards")+" in the draw deck"),
		sb.supply("wild", "Wild", strconv.Itoa(int(st.WildLocations))+" · "+strconv.Itoa(int(st.WildIndustries)), "",
			strconv.Itoa(int(st.WildLocations))+" Wild Location and "+strconv.Itoa(int(st.WildIndustries))+" Wild Industry cards left"),
		sb.supply("coal", "Coal", strconv.Itoa(int(st.CoalMarket))+"/"+strconv.Itoa(coalCap), hudMoney(coalPrice),
			"Coal market: "+strconv.Itoa(int(st.CoalMarket))+" of "+strconv.Itoa(coalCap)+" cubes; next cube costs "+hudMoney(coalPrice)),
		sb.supply("iron", "Iron", strconv.Itoa(int(st.IronMarket))+"/"+strconv.Itoa(ironCap), hudMoney(ironPrice),
			"Iron market: "+strconv.Itoa(int(st.IronMarket))+" of "+strconv.Itoa(ironCap)+" cubes; next cube costs "+hudMoney(ironPrice)),
	)

	body := []app.UI{
		app.Div().Class("sb-main").Body(
			era,
			turn,
			app.Ol().Class("sb-order").Aria("label", "Turn order, money spent this round").Body(order...),
			supplies,
		),
	}
	if note := sb.note(st); note != "" {
		body = append(body, app.P().Class("sb-note", "sb-note-"+sb.phaseID(st)).Role("status").Text(note))
	}
	return app.Div().ID("status-bar").Class("sb", "sb-phase-"+sb.phaseID(st)).
		Role("region").Aria("label", "Game status").Body(body...)
}

func (sb *statusBar) supply(kind, label, value, price, title string) app.UI {
	body := []app.UI{
		app.Span().Class("sb-sup-icon").Aria("hidden", "true"),
		app.Span().Class("sb-sup-label").Text(label),
		app.Span().Class("sb-sup-val").Text(value),
	}
	if price != "" {
		body = append(body, app.Span().Class("sb-sup-price").Text(price))
	}
	return app.Div().Class("sb-sup sb-sup-"+kind).Title(title).Aria("label", title).Body(body...)
}

func (sb *statusBar) phaseID(st *engine.State) string {
	switch st.Phase {
	case engine.PhaseSelling:
		return "selling"
	case engine.PhaseShortfall:
		return "shortfall"
	case engine.PhaseOver:
		return "over"
	}
	return "action"
}

// note explains a phase other than the plain choice of an action.
func (sb *statusBar) note(st *engine.State) string {
	switch st.Phase {
	case engine.PhaseSelling:
		return sb.name(hudActor(st)) + " is selling: sell another tile or stop selling."
	case engine.PhaseShortfall:
		p := hudActor(st)
		owe := -st.IncomeLevel(p)
		return sb.name(p) + " must pay " + hudMoney(owe) + " negative income but has only " +
			hudMoney(int(st.Players[p].Money)) + ": they must remove industry tiles (each worth half its cost)."
	case engine.PhaseOver:
		stand := st.Standings()
		if len(stand) == 0 {
			return "The game is over."
		}
		var winners []string
		for _, s := range stand {
			if s.Rank == 1 {
				winners = append(winners, sb.name(s.Player))
			}
		}
		if len(winners) > 1 {
			return "The game is over: " + hudJoinAnd(winners) + " share the win with " + strconv.Itoa(stand[0].VP) + " VP."
		}
		return "The game is over: " + winners[0] + " wins with " + strconv.Itoa(stand[0].VP) + " VP."
	}
	return ""
}

// hudJoinAnd joins names as "a, b and c".
func hudJoinAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	out := ""
	for i, x := range s[:len(s)-1] {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out + " and " + s[len(s)-1]
}
