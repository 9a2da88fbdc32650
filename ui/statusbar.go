package ui

// The status bar: era and round, whose turn it is and how many actions are left, the turn
// order with money spent, the draw deck and wild piles, the coal and iron markets, and a
// note on the phase (selling, a shortfall, the end of the game).

import (
	"strconv"

	"brass/engine"
	"brass/lang"
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
	roundText := lang.T("sb.round", lang.N("round", t.Round))
	if !t.Over && t.RoundsInEra > 0 {
		roundText = lang.T("sb.round_of", lang.N("round", t.Round), lang.N("rounds", t.RoundsInEra))
	}
	era := goapp.Div().Class("sb-era").Body(
		goapp.Span().Class("sb-era-name").Text(eraWords(t.Era.String())),
		goapp.Span().Class("sb-round").Text(roundText),
	)

	// Whose turn.
	actor := t.Actor
	var turn goapp.UI
	switch t.Phase {
	case engine.PhaseOver:
		turn = goapp.Div().Class("sb-turn sb-over").Aria("live", "polite").Body(goapp.Span().Class("sb-turn-main").Text(lang.T("sb.game_over")))
	default:
		left := t.Left
		sub := lang.T("sb.actions_left", lang.N("n", left))
		switch t.Phase {
		case engine.PhaseSelling:
			sub = lang.T("sb.selling")
		case engine.PhaseShortfall:
			sub = lang.T("sb.paying_income")
		}
		turn = goapp.Div().Class("sb-turn").Aria("live", "polite").Style("--sb-color", kit.Color(sb.IColours, actor)).Body(
			goapp.Span().Class("sb-dot").Aria("hidden", "true"),
			goapp.Span().Class("sb-turn-main").Text(lang.T("sb.turn_of", lang.S("name", sb.name(actor)))),
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
			Title(lang.T("sb.spent_title", lang.S("name", sb.name(p)), lang.S("money", kit.Money(spent)))).Body(
			goapp.Span().Class("sb-op-n").Text(strconv.Itoa(i+1)),
			goapp.Span().Class("sb-op-name").Text(sb.name(p)),
			goapp.Span().Class("sb-op-spent").Text(lang.T("sb.spent", lang.S("money", kit.Money(spent)))),
		))
	}

	coal, iron := &g.Coal, &g.Iron
	wild := sb.supply("wild", lang.T("sb.wild"), strconv.Itoa(t.WildLoc)+" · "+strconv.Itoa(t.WildInd), "",
		lang.T("sb.wild_title", lang.N("loc", t.WildLoc), lang.N("ind", t.WildInd)))
	if d := &g.Distant; d.Present {
		// Lancashire has no wild cards but the Distant Market and its cotton demand.
		bonus := "X"
		if !d.Closed {
			bonus = "+" + strconv.Itoa(d.Bonus)
		}
		wild = sb.supply("distant", lang.T("sb.distant"), strconv.Itoa(d.Left), bonus,
			lang.T("sb.distant_title", lang.N("n", d.Left), lang.S("demand", board.DemandText(ed, d.Demand))))
	}
	supplies := goapp.Div().Class("sb-supplies").Body(
		sb.supply("deck", lang.T("sb.deck"), strconv.Itoa(t.DeckLeft), "", lang.T("sb.deck_title", lang.N("n", t.DeckLeft))),
		wild,
		sb.supply("coal", lang.T("sb.coal"), strconv.Itoa(coal.Cubes)+"/"+strconv.Itoa(coal.Spaces), kit.Money(coal.BuyPrice),
			lang.T("sb.coal_title", lang.N("cubes", coal.Cubes), lang.N("spaces", coal.Spaces), lang.S("price", kit.Money(coal.BuyPrice)))),
		sb.supply("iron", lang.T("sb.iron"), strconv.Itoa(iron.Cubes)+"/"+strconv.Itoa(iron.Spaces), kit.Money(iron.BuyPrice),
			lang.T("sb.iron_title", lang.N("cubes", iron.Cubes), lang.N("spaces", iron.Spaces), lang.S("price", kit.Money(iron.BuyPrice)))),
	)

	body := []goapp.UI{
		goapp.Div().Class("sb-main").Body(
			era,
			turn,
			goapp.Ol().Class("sb-order").Aria("label", lang.T("sb.order_label")).Body(order...),
			supplies,
		),
	}
	if note := sb.note(g); note != "" {
		body = append(body, goapp.P().Class("sb-note", "sb-note-"+sb.phaseID(g)).Role("status").Text(note))
	}
	return goapp.Div().ID("status-bar").Class("sb", "sb-phase-"+sb.phaseID(g)).
		Role("region").Aria("label", lang.T("sb.label")).Body(body...)
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
		return lang.T("sb.selling_note", lang.S("name", sb.name(g.Turn.Actor)))
	case engine.PhaseShortfall:
		pl := &g.Seats[g.Turn.Actor]
		return lang.T("sb.shortfall_note", lang.S("name", sb.name(pl.Seat)), lang.S("owed", kit.Money(-pl.IncomeLevel)), lang.S("money", kit.Money(pl.Money)))
	case engine.PhaseOver:
		if w := winnersSentence(g.Standings, sb.name); w != "" {
			return lang.T("sb.over_note", lang.S("winners", w))
		}
		return lang.T("sb.over")
	}
	return ""
}
