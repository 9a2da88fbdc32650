package ui

// The status bar: era and round, whose turn it is and how many actions are left, the turn
// order with money spent, the draw deck and wild piles, the coal and iron markets, and a
// note on the phase (selling, a shortfall, the end of the game).

import (
	"strconv"

	"brass/engine"
	"brass/ui/board"
	"brass/ui/kit"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// statusBar shows where the game stands. Inputs are values; it has no events.
type statusBar struct {
	goapp.Compo

	IGame    *view.Game // the game, a new one per state
	INames   []string   // display names by player index ("" : the game's name)
	IColours []string   // CSS colours by player index
}

// newStatusBar returns an empty status bar; set the game.
func newStatusBar() *statusBar { return &statusBar{} }

// Game sets the game to describe.
func (sb *statusBar) Game(g *view.Game) *statusBar { sb.IGame = g; return sb }

// Names sets the players' names by player index.
func (sb *statusBar) Names(n []string) *statusBar { sb.INames = n; return sb }

// Colours sets the players' CSS colours by player index.
func (sb *statusBar) Colours(c []string) *statusBar { sb.IColours = c; return sb }

func (sb *statusBar) name(p int) string { return kit.Name(sb.INames, sb.IGame, p) }

// Render draws the bar.
func (sb *statusBar) Render() goapp.UI {
	g := sb.IGame
	if g == nil || g.Players == 0 {
		return goapp.Div().Class("sb")
	}
	ed := g.Edition
	t := &g.Turn

	// Era and round.
	roundText := "Round " + strconv.Itoa(t.Round)
	if !t.Over && t.RoundsInEra > 0 {
		roundText += " of " + strconv.Itoa(t.RoundsInEra)
	}
	era := goapp.Div().Class("sb-era").Body(
		goapp.Span().Class("sb-era-name").Text(t.Era.String()),
		goapp.Span().Class("sb-round").Text(roundText),
	)

	// Whose turn.
	actor := t.Actor
	var turn goapp.UI
	switch t.Phase {
	case engine.PhaseOver:
		turn = goapp.Div().Class("sb-turn sb-over").Aria("live", "polite").Body(goapp.Span().Class("sb-turn-main").Text("Game over"))
	default:
		left := t.Left
		sub := kit.Plural(left, "action left", "actions left")
		switch t.Phase {
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
	for i, p := range t.Order {
		cls := "sb-op"
		if !t.Over && p == actor {
			cls += " sb-op-now"
		} else if t.Phase == engine.PhaseAction || t.Phase == engine.PhaseSelling {
			if i < t.Pos {
				cls += " sb-op-done"
			}
		}
		spent := g.Seats[p].Spent
		order = append(order, goapp.Li().Class(cls).Style("--sb-color", kit.Color(sb.IColours, p)).
			Title(sb.name(p)+": spent "+kit.Money(spent)+" this round").Body(
			goapp.Span().Class("sb-op-n").Text(strconv.Itoa(i+1)),
			goapp.Span().Class("sb-op-name").Text(sb.name(p)),
			goapp.Span().Class("sb-op-spent").Text(kit.Money(spent)+" spent"),
		))
	}

	coal, iron := &g.Coal, &g.Iron
	wild := sb.supply("wild", "Wild", strconv.Itoa(t.WildLoc)+" · "+strconv.Itoa(t.WildInd), "",
		strconv.Itoa(t.WildLoc)+" Wild Location and "+strconv.Itoa(t.WildInd)+" Wild Industry cards left")
	if d := &g.Distant; d.Present {
		// Lancashire has no wild cards but the Distant Market and its cotton demand.
		bonus := "X"
		if !d.Closed {
			bonus = "+" + strconv.Itoa(d.Bonus)
		}
		wild = sb.supply("distant", "Distant", strconv.Itoa(d.Left), bonus,
			"Distant Market: "+kit.Plural(d.Left, "tile", "tiles")+" face down; "+board.DemandText(ed, d.Demand))
	}
	supplies := goapp.Div().Class("sb-supplies").Body(
		sb.supply("deck", "Deck", strconv.Itoa(t.DeckLeft), "", kit.Plural(t.DeckLeft, "card", "cards")+" in the draw deck"),
		wild,
		sb.supply("coal", "Coal", strconv.Itoa(coal.Cubes)+"/"+strconv.Itoa(coal.Spaces), kit.Money(coal.BuyPrice),
			"Coal market: "+strconv.Itoa(coal.Cubes)+" of "+strconv.Itoa(coal.Spaces)+" cubes; next cube costs "+kit.Money(coal.BuyPrice)),
		sb.supply("iron", "Iron", strconv.Itoa(iron.Cubes)+"/"+strconv.Itoa(iron.Spaces), kit.Money(iron.BuyPrice),
			"Iron market: "+strconv.Itoa(iron.Cubes)+" of "+strconv.Itoa(iron.Spaces)+" cubes; next cube costs "+kit.Money(iron.BuyPrice)),
	)

	body := []goapp.UI{
		goapp.Div().Class("sb-main").Body(
			era,
			turn,
			goapp.Ol().Class("sb-order").Aria("label", "Turn order, money spent this round").Body(order...),
			supplies,
		),
	}
	if note := sb.note(g); note != "" {
		body = append(body, goapp.P().Class("sb-note", "sb-note-"+sb.phaseID(g)).Role("status").Text(note))
	}
	return goapp.Div().ID("status-bar").Class("sb", "sb-phase-"+sb.phaseID(g)).
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

func (sb *statusBar) phaseID(g *view.Game) string {
	switch g.Turn.Phase {
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
func (sb *statusBar) note(g *view.Game) string {
	switch g.Turn.Phase {
	case engine.PhaseSelling:
		return sb.name(g.Turn.Actor) + " is selling: sell another tile or stop selling."
	case engine.PhaseShortfall:
		pl := &g.Seats[g.Turn.Actor]
		return sb.name(pl.Seat) + " must pay " + kit.Money(-pl.IncomeLevel) + " negative income but has only " +
			kit.Money(pl.Money) + ": they must remove industry tiles (each worth half its cost)."
	case engine.PhaseOver:
		if w := winnersSentence(g.Standings, sb.name); w != "" {
			return "The game is over: " + w
		}
		return "The game is over."
	}
	return ""
}
