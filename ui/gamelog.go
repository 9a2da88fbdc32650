package ui

// The game log: every entry of engine.Game.Log grouped under era and round headings,
// newest at the bottom. Clicking an entry selects the move that produced it (to show the
// board at that moment); setup entries (move −1) are not clickable.

import (
	"strconv"

	"brass/engine"
	"brass/lang"
	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// gameLog lists log entries. Each round is a component of its own (logRound) given its
// part of the log, so a move re-renders only the round it added lines to. The list is laid
// out bottom-up (CSS flex-direction: column-reverse), so the browser itself keeps the
// newest entry in view as lines arrive, with no scrolling from Go (reading the layout
// while rendering would force the page to be laid out twice).
type gameLog struct {
	goapp.Compo

	IID       string                            // element id of the scrolling list ("" : "game-log")
	IEntries  []engine.LogEntry                 // the whole log, oldest first (read-only)
	IVersion  int                               // optional: bump to force a re-render
	ISelected int                               // selected move index; −2 (or any value < −1): none
	IColours  []string                          // player colours for the entry markers (none: plain markers)
	onSelect  func(ctx goapp.Context, move int) // unexported: see board.onSpace
}

// newGameLog returns an empty log with no selection.
func newGameLog() *gameLog { return &gameLog{ISelected: -2} }

// ID sets the element id of the list (default "game-log").
func (l *gameLog) ID(id string) *gameLog { l.IID = id; return l }

// Entries sets the log entries. They are not copied: pass the engine's log, which only
// ever grows (an undo builds a new one), so go-app compares an unchanged log, or an
// unchanged round of it, in constant time (same array, same length).
func (l *gameLog) Entries(e []engine.LogEntry) *gameLog {
	l.IEntries = e
	return l
}

// Version sets a version number; a new number re-renders the log.
func (l *gameLog) Version(v int) *gameLog { l.IVersion = v; return l }

// Selected marks the entries of one move index (−2: none).
func (l *gameLog) Selected(move int) *gameLog { l.ISelected = move; return l }

// Colours sets the players' CSS colours by player index.
func (l *gameLog) Colours(c []string) *gameLog { l.IColours = c; return l }

// OnSelect is called with an entry's move index when the entry is clicked.
func (l *gameLog) OnSelect(fn func(ctx goapp.Context, move int)) *gameLog { l.onSelect = fn; return l }

func (l *gameLog) id() string {
	if l.IID != "" {
		return l.IID
	}
	return "game-log"
}

func (l *gameLog) selectMove(ctx goapp.Context, move int) {
	if l.onSelect != nil && move >= 0 {
		l.onSelect(ctx, move)
	}
}

// logKindInfo is the marker letter and the accessible name of each kind of entry.
var logKindInfo = map[engine.LogKind][2]string{
	engine.LogAction:      {"", "action"},
	engine.LogFlip:        {"⟳", "flip"},
	engine.LogMarket:      {"⇄", "market"},
	engine.LogRound:       {"", "round"},
	engine.LogEra:         {"", "era"},
	engine.LogOrder:       {"⇅", "turn order"},
	engine.LogIncome:      {"£", "income"},
	engine.LogScore:       {"★", "scoring"},
	engine.LogMaintenance: {"⚙", "maintenance"},
	engine.LogDraw:        {"+", "draw"},
	engine.LogEnd:         {"♛", "end"},
}

var logKindClass = map[engine.LogKind]string{
	engine.LogAction:      "action",
	engine.LogFlip:        "flip",
	engine.LogMarket:      "market",
	engine.LogOrder:       "order",
	engine.LogIncome:      "income",
	engine.LogScore:       "score",
	engine.LogMaintenance: "maint",
	engine.LogDraw:        "draw",
	engine.LogEnd:         "end",
}

// Render draws the log: era headings and one logRound per round.
func (l *gameLog) Render() goapp.UI {
	var body []goapp.UI
	from := 0 // first entry of the current round
	roundHead, roundKey := "", ""
	flush := func(to int) {
		if roundHead == "" && to == from {
			return
		}
		sel := -2
		if l.ISelected >= 0 {
			for i := from; i < to; i++ {
				if l.IEntries[i].Move == l.ISelected {
					sel = l.ISelected
					break
				}
			}
		}
		body = append(body, &logRound{
			IHead: roundHead, IKey: roundKey, IFirst: from, IEntries: l.IEntries[from:to:to],
			ISelected: sel, IColours: l.IColours, onSelect: l.selectMove,
		})
		roundHead = ""
	}
	for i := range l.IEntries {
		e := &l.IEntries[i]
		switch e.Kind {
		case engine.LogEra:
			flush(i)
			body = append(body, goapp.H3().Class("log-era").DataSet("era", int(e.Era)).Text(e.Era.String()))
		case engine.LogRound:
			flush(i)
		default:
			continue
		}
		roundHead, roundKey = lang.T("sb.round", lang.N("round", e.Round)), eraKey(e.Era, e.Round)
		from = i + 1
	}
	flush(len(l.IEntries))
	if len(body) == 0 {
		body = append(body, goapp.P().Class("log-none").Text(lang.T("log.empty")))
	}
	return goapp.Div().ID(l.id()).Class("log").Role("log").Aria("label", lang.T("log.label")).TabIndex(0).Body(
		goapp.Div().Class("log-inner").Body(body...),
	)
}

// logRound is one round of the log: its heading and its entries. IEntries is a part of
// the engine's log (see gameLog.Entries).
type logRound struct {
	goapp.Compo

	IHead     string // "Round 3"; "" for entries before the first heading
	IKey      string // data-round
	IFirst    int    // index of the first entry in the whole log
	IEntries  []engine.LogEntry
	ISelected int // selected move index; −2: none in this round
	IColours  []string
	onSelect  func(ctx goapp.Context, move int)
}

func (r *logRound) Render() goapp.UI {
	items := make([]goapp.UI, 0, len(r.IEntries))
	for i := range r.IEntries {
		items = append(items, r.entry(r.IFirst+i, &r.IEntries[i]))
	}
	sec := make([]goapp.UI, 0, 2)
	if r.IHead != "" {
		sec = append(sec, goapp.H4().Class("log-round-head").Text(r.IHead))
	}
	sec = append(sec, goapp.Ol().Class("log-list").Body(items...))
	return goapp.Section().Class("log-round").DataSet("round", r.IKey).Body(sec...)
}

func (r *logRound) selectMove(ctx goapp.Context, move int) {
	if r.onSelect != nil {
		r.onSelect(ctx, move)
	}
}

func eraKey(e engine.Era, round int) string {
	if e == engine.Canal {
		return "canal-" + strconv.Itoa(round)
	}
	return "rail-" + strconv.Itoa(round)
}

// entry draws one log line (entry i of the whole log) as a button selecting its move.
func (l *logRound) entry(i int, e *engine.LogEntry) goapp.UI {
	info := logKindInfo[e.Kind]
	kind := logKindClass[e.Kind]
	class := "log-entry log-" + kind
	if e.Move >= 0 && e.Move == l.ISelected {
		class += " log-sel"
	}
	mark := goapp.Span().Class("log-mark").Aria("hidden", "true")
	if info[0] != "" {
		mark = mark.Text(info[0])
	}
	if e.Player >= 0 && e.Player < len(l.IColours) && l.IColours[e.Player] != "" {
		mark = mark.Style("--log-color", l.IColours[e.Player]).Class("log-mark-player")
	}
	btn := goapp.Button().Type("button").Class(class).DataSet("move", e.Move).DataSet("kind", kind).Body(
		mark,
		goapp.Span().Class("log-text").Text(kit.Typeset(e.Text)),
	)
	if e.Move < 0 {
		return goapp.Li().Body(btn.Disabled(true).Title(lang.T("log.setup")))
	}
	move := e.Move
	title := lang.T("log.board_after_move", lang.N("n", move+1))
	if e.Move == l.ISelected {
		btn = btn.Aria("current", "true")
	}
	btn = btn.Title(title).
		OnClick(func(ctx goapp.Context, ev goapp.Event) { l.selectMove(ctx, move) }, goapp.EventScope(i, move))
	return goapp.Li().Body(btn)
}
