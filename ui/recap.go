package ui

// "What X did": the last turn's log lines, shown to the players who were not looking, and
// the board ids those moves used, which the board marks. The recap is fed with moves and
// log entries, so the same component serves the hotseat cover, online opponents and bots.

import (
	"strings"

	"brass/engine"
	"brass/lang"
	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// lastTurn is the player who made the last move and the indexes [from, to) of their last
// run of moves (a turn's actions, or a sale's several steps). player is −1 with no moves.
func lastTurn(moves []engine.Move) (player, from, to int) {
	n := len(moves)
	if n == 0 {
		return -1, 0, 0
	}
	player = moves[n-1].Player
	from = n - 1
	for from > 0 && moves[from-1].Player == player {
		from--
	}
	return player, from, n
}

// recapEntries are the log lines of moves [from, to) that tell what the player did: the
// actions, the flips and the sales to markets, not the end of the round that followed.
func recapEntries(log []engine.LogEntry, from, to int) []engine.LogEntry {
	var out []engine.LogEntry
	for i := len(log) - 1; i >= 0 && log[i].Move >= from; i-- {
		e := log[i]
		if e.Move >= to {
			continue
		}
		switch e.Kind {
		case engine.LogAction, engine.LogFlip, engine.LogMarket:
			out = append(out, e)
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// moveBoardIDs are the board ids a move used: its space, links, merchant and the sources
// of its coal, iron and beer ("coal_market"/"iron_market" for the markets).
func moveBoardIDs(m engine.Move) []string {
	var out []string
	add := func(ids ...string) {
		for _, id := range ids {
			if id != "" {
				out = append(out, id)
			}
		}
	}
	add(m.Space, m.Merchant)
	add(m.Links...)
	add(boardIDs("coal.0", m.Coal)...)
	add(boardIDs("iron.0", m.Iron)...)
	add(m.Beer...)
	return out
}

// moveRecap lists what a player did. Inputs are values.
type moveRecap struct {
	goapp.Compo

	IEntries  []engine.LogEntry
	IName     string // who did it
	IColour   string
	IOnReplay func(ctx goapp.Context) // shows the moves again on the board, one by one (nil: not offered)
	IMarked   bool                    // the board marks what the moves touched (a loan touches nothing)
}

// Marked says whether the board marks places the moves touched, which the recap then says.
func (r *moveRecap) Marked(b bool) *moveRecap { r.IMarked = b; return r }

// OnReplay offers to show the recap's moves on the board again, one by one.
func (r *moveRecap) OnReplay(fn func(ctx goapp.Context)) *moveRecap { r.IOnReplay = fn; return r }

func newMoveRecap() *moveRecap { return &moveRecap{} }

// Entries sets the log lines to show (copied).
func (r *moveRecap) Entries(e []engine.LogEntry) *moveRecap {
	r.IEntries = append([]engine.LogEntry(nil), e...)
	return r
}

func (r *moveRecap) Name(n string) *moveRecap   { r.IName = n; return r }
func (r *moveRecap) Colour(c string) *moveRecap { r.IColour = c; return r }

func (r *moveRecap) Render() goapp.UI {
	if len(r.IEntries) == 0 {
		return goapp.Div().Class("recap-none")
	}
	items := make([]goapp.UI, 0, len(r.IEntries)+2)
	// A recap that spans rounds (bots who played the end of one and the start of the
	// next) says where each round begins, so no line is read as the wrong round's.
	spans := r.IEntries[0].Era != r.IEntries[len(r.IEntries)-1].Era || r.IEntries[0].Round != r.IEntries[len(r.IEntries)-1].Round
	for i, e := range r.IEntries {
		if spans && (i == 0 || e.Era != r.IEntries[i-1].Era || e.Round != r.IEntries[i-1].Round) {
			items = append(items, goapp.Li().Class("recap-round").Text(lang.T("era.round", lang.S("era", eraWords(e.Era.String())), lang.N("round", e.Round))))
		}
		cls := "recap-line"
		if e.Kind != engine.LogAction {
			cls += " recap-effect"
		}
		items = append(items, goapp.Li().Class(cls).Text(kit.Typeset(e.Text)))
	}
	title := lang.T("recap.title", lang.S("name", r.IName))
	if strings.TrimSpace(r.IName) == "" {
		title = lang.T("recap.title_anon")
	}
	return goapp.Section().ID("recap").Class("recap").Style("--recap-color", r.IColour).
		Aria("labelledby", "recap-title").Body(
		goapp.H3().ID("recap-title").Class("recap-title").Body(
			goapp.Span().Class("recap-sw").Aria("hidden", "true"),
			goapp.Text(title),
		),
		goapp.Ul().Class("recap-list").Body(items...),
		goapp.If(r.IOnReplay != nil, func() goapp.UI {
			return goapp.Button().ID("recap-replay").Class("gs-btn").Text(lang.T("recap.replay")).
				OnClick(func(ctx goapp.Context, e goapp.Event) { r.IOnReplay(ctx) })
		}),
		goapp.If(r.IMarked, func() goapp.UI { return goapp.P().Class("recap-hint").Text(lang.T("recap.marked")) }),
	)
}
