package ui

// The status bar: era and round, whose turn it is and how many actions are left, the turn
// order with money spent, the draw deck and wild piles, the coal and iron markets, and a
// note on the phase (selling, a shortfall, the end of the game).

import (
	"strconv"

	"brass/engine"
	"brass/ui/board"
	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// statusBar shows where the game stands. Inputs are values; it has no events.
type statusBar struct {
	goapp.Compo

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

func (sb *statusBar) name(p int) string { return kit.Name(sb.INames, &sb.IState, p) }

// Render draws the bar.
func (sb *statusBar) Render() goapp.UI {
	st := &sb.IState
	ed := kit.Edition(st)
	n := int(st.NumPlayers)
	if n == 0 {
		return goapp.Div().Class("sb")
	}

	// Era and round.
	roundText := "Round " + strconv.Itoa(int(st.Round))
	if st.Phase != engine.PhaseOver {
		if n < len(ed.Rules.RoundsPerEra) && ed.Rules.RoundsPerEra[n] > 0 {
			roundText += " of " + strconv.Itoa(ed.Rules.RoundsPerEra[n])
		}
	}
	era := goapp.Div().Class("sb-era").Body(
		goapp.Span().Class("sb-era-name").Text(st.Era.String()),
		goapp.Span().Class("sb-round").Text(roundText),
	)

	// Whose turn.
	actor := kit.Actor(st)
	var turn goapp.UI
	switch st.Phase {
	case engine.PhaseOver:
		turn = goapp.Div().Class("sb-turn sb-over").Aria("live", "polite").Body(goapp.Span().Class("sb-turn-main").Text("Game over"))
	default:
		left := st.ActionsThisTurn() - int(st.ActionsDone)
		if left < 0 {
			left = 0
		}
		sub := kit.Plural(left, "action left", "actions left")
		switch st.Phase {
		case engine.PhaseSelling:
			sub = "selling"
		case engine.PhaseShortfall:
			sub = "paying income"
		}
		turn = goapp.Div().Class("sb-turn").Aria("live", "polite").Style("--sb-color", kit.Color(sb.IColours, actor)).Body(
			goapp.Span().Class("sb-dot").Aria("hidden", "true"),
			goapp.Span().Class("sb-turn-main").Text(sb.name(actor)+"’s turn"),
			goapp.Span().Class("sb-actions").DataSet("left", left).Text(sub),
		)
	}

	// Turn order with spending.
	var order []goapp.UI
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
		order = append(order, goapp.Li().Class(cls).Style("--sb-color", kit.Color(sb.IColours, p)).
			Title(sb.name(p)+": spent "+kit.Money(spent)+" this round").Body(
			goapp.Span().Class("sb-op-n").Text(strconv.Itoa(i+1)),
			goapp.Span().Class("sb-op-name").Text(sb.name(p)),
			goapp.Span().Class("sb-op-spent").Text(kit.Money(spent)+" spent"),
		))
	}

	coalCap, ironCap := len(ed.CoalMarket.Prices), len(ed.IronMarket.Prices)
	coalPrice := ed.CoalMarket.BuyPrice(int(st.CoalMarket))
	ironPrice := ed.IronMarket.BuyPrice(int(st.IronMarket))
	wild := sb.supply("wild", "Wild", strconv.Itoa(int(st.WildLocations))+" · "+strconv.Itoa(int(st.WildIndustries)), "",
		strconv.Itoa(int(st.WildLocations))+" Wild Location and "+strconv.Itoa(int(st.WildIndustries))+" Wild Industry cards left")
	if len(ed.DemandBonus) > 0 {
		// Lancashire has no wild cards but the Distant Market and its cotton demand.
		bonus := "X"
		if d := int(st.Demand); d < len(ed.DemandBonus) {
			bonus = "+" + strconv.Itoa(ed.DemandBonus[d])
		}
		wild = sb.supply("distant", "Distant", strconv.Itoa(int(st.DistantLeft)), bonus,
			"Distant Market: "+kit.Plural(int(st.DistantLeft), "tile", "tiles")+" face down; "+board.DemandText(ed, int(st.Demand)))
	}
	supplies := goapp.Div().Class("sb-supplies").Body(
		sb.supply("deck", "Deck", strconv.Itoa(int(st.DeckLen)), "", kit.Plural(int(st.DeckLen), "card", "cards")+" in the draw deck"),
		wild,
		sb.supply("coal", "Coal", strconv.Itoa(int(st.CoalMarket))+"/"+strconv.Itoa(coalCap), kit.Money(coalPrice),
			"Coal market: "+strconv.Itoa(int(st.CoalMarket))+" of "+strconv.Itoa(coalCap)+" cubes; next cube costs "+kit.Money(coalPrice)),
		sb.supply("iron", "Iron", strconv.Itoa(int(st.IronMarket))+"/"+strconv.Itoa(ironCap), kit.Money(ironPrice),
			"Iron market: "+strconv.Itoa(int(st.IronMarket))+" of "+strconv.Itoa(ironCap)+" cubes; next cube costs "+kit.Money(ironPrice)),
	)

	body := []goapp.UI{
		goapp.Div().Class("sb-main").Body(
			era,
			turn,
			goapp.Ol().Class("sb-order").Aria("label", "Turn order, money spent this round").Body(order...),
			supplies,
		),
	}
	if note := sb.note(st); note != "" {
		body = append(body, goapp.P().Class("sb-note", "sb-note-"+sb.phaseID(st)).Role("status").Text(note))
	}
	return goapp.Div().ID("status-bar").Class("sb", "sb-phase-"+sb.phaseID(st)).
		Role("region").Aria("label", "Game status").Body(body...)
}

func (sb *statusBar) supply(kind, label, value, price, title string) goapp.UI {
	body := []goapp.UI{
		goapp.Span().Class("sb-sup-icon").Aria("hidden", "true"),
		goapp.Span().Class("sb-sup-label").Text(label),
		goapp.Span().Class("sb-sup-val").Text(value),
	}
	if price != "" {
		body = append(body, goapp.Span().Class("sb-sup-price").Text(price))
	}
	return goapp.Div().Class("sb-sup sb-sup-"+kind).Title(title).Aria("label", title).Body(body...)
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
		return sb.name(kit.Actor(st)) + " is selling: sell another tile or stop selling."
	case engine.PhaseShortfall:
		p := kit.Actor(st)
		owe := -st.IncomeLevel(p)
		return sb.name(p) + " must pay " + kit.Money(owe) + " negative income but has only " +
			kit.Money(int(st.Players[p].Money)) + ": they must remove industry tiles (each worth half its cost)."
	case engine.PhaseOver:
		if w := winnersSentence(st.Standings(), sb.name); w != "" {
			return "The game is over: " + w
		}
		return "The game is over."
	}
	return ""
}
