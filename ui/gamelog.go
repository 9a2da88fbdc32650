package ui

// The game log: every entry of engine.Game.Log grouped under era and round headings,
// newest at the bottom. Clicking an entry selects the move that produced it (to show the
// board at that moment); setup entries (move −1) are not clickable.

import (
	"strconv"

	"brass/engine"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// gameLog lists log entries. IEntries is compared by value, so appended entries render.
type gameLog struct {
	app.Compo

	IID       string                          // element id of the scrolling list ("" : "game-log")
	IEntries  []engine.LogEntry               // the whole log, oldest first
	IVersion  int                             // optional: bump to force a re-render
	ISelected int                             // selected move index; −2 (or any value < −1): none
	IColours  []string                        // player colours for the entry markers (none: plain markers)
	onSelect  func(ctx app.Context, move int) // unexported: see board.onSpace

	shown int // entries rendered last time, to scroll to new ones
}

// newGameLog returns an empty log with no selection.
func newGameLog() *gameLog { return &gameLog{ISelected: -2} }

// ID sets the element id of the list (default "game-log").
func (l *gameLog) ID(id string) *gameLog { l.IID = id; return l }

// Entries sets the log entries (copied).
func (l *gameLog) Entries(e []engine.LogEntry) *gameLog {
	l.IEntries = append([]engine.LogEntry(nil), e...)
	return l
}

// Version sets a version number; a new number re-renders the log.
func (l *gameLog) Version(v int) *gameLog { l.IVersion = v; return l }

// Selected marks the entries of one move index (−2: none).
func (l *gameLog) Selected(move int) *gameLog { l.ISelected = move; return l }

// Colours sets the players' CSS colours by player index.
func (l *gameLog) Colours(c []string) *gameLog { l.IColours = c; return l }

// OnSelect is called with an entry's move index when the entry is clicked.
func (l *gameLog) OnSelect(fn func(ctx app.Context, move int)) *gameLog { l.onSelect = fn; return l }

func (l *gameLog) id() string {
	if l.IID != "" {
		return l.IID
	}
	return "game-log"
}

// OnMount scrolls to the newest entry.
func (l *gameLog) OnMount(ctx app.Context) {
	l.shown = len(l.IEntries)
	ctx.Defer(l.scrollToEnd)
}

// OnUpdate follows new entries, unless the reader has scrolled up to older ones. (The list
// is also laid out bottom-up in CSS, so a log shown after being hidden starts at the end.)
func (l *gameLog) OnUpdate(ctx app.Context) {
	if len(l.IEntries) != l.shown {
		l.shown = len(l.IEntries)
		if l.nearEnd() {
			ctx.Defer(l.scrollToEnd)
		}
	}
}

// nearEnd reports whether the list shows its last entries (the DOM is not updated yet).
func (l *gameLog) nearEnd() bool {
	el := app.Window().GetElementByID(l.id())
	if !el.Truthy() {
		return true
	}
	top := el.Get("scrollTop").Float()
	max := el.Get("scrollHeight").Float() - el.Get("clientHeight").Float()
	if top <= 0 && top >= -48 {
		return true // bottom-up layout: 0 is the end; or a list too short to scroll
	}
	return top >= max-48
}

func (l *gameLog) scrollToEnd(ctx app.Context) {
	el := app.Window().GetElementByID(l.id())
	if !el.Truthy() {
		return
	}
	if app.Window().Call("getComputedStyle", el).Get("flexDirection").String() == "column-reverse" {
		el.Set("scrollTop", 0)
		return
	}
	el.Set("scrollTop", el.Get("scrollHeight"))
}

func (l *gameLog) selectMove(ctx app.Context, move int) {
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

// Render draws the log.
func (l *gameLog) Render() app.UI {
	var body []app.UI
	var round []app.UI // entries of the current round
	roundHead := ""
	roundKey := ""
	flush := func() {
		if roundHead == "" && len(round) == 0 {
			return
		}
		sec := []app.UI{}
		if roundHead != "" {
			sec = append(sec, app.H4().Class("log-round-head").Text(roundHead))
		}
		sec = append(sec, app.Ol().Class("log-list").Body(round...))
		body = append(body, app.Section().Class("log-round").DataSet("round", roundKey).Body(sec...))
		round, roundHead = nil, ""
	}
	for i := range l.IEntries {
		e := &l.IEntries[i]
		switch e.Kind {
		case engine.LogEra:
			flush()
			body = append(body, app.H3().Class("log-era").DataSet("era", int(e.Era)).Text(e.Era.String()))
			roundHead, roundKey = "Round "+strconv.Itoa(e.Round), eraKey(e.Era, e.Round)
			continue
		case engine.LogRound:
			flush()
			roundHead, roundKey = "Round "+strconv.Itoa(e.Round), eraKey(e.Era, e.Round)
			continue
		}
		round = append(round, l.entry(i, e))
	}
	flush()
	if len(body) == 0 {
		body = append(body, app.P().Class("log-none").Text("Nothing has happened yet."))
	}
	return app.Div().ID(l.id()).Class("log").Role("log").Aria("label", "Game log").TabIndex(0).Body(
		app.Div().Class("log-inner").Body(body...),
	)
}

func eraKey(e engine.Era, round int) string {
	if e == engine.Canal {
		return "canal-" + strconv.Itoa(round)
	}
	return "rail-" + strconv.Itoa(round)
}

// entry draws one log line as a button selecting its move.
func (l *gameLog) entry(i int, e *engine.LogEntry) app.UI {
	info := logKindInfo[e.Kind]
	kind := logKindClass[e.Kind]
	class := "log-entry log-" + kind
	if e.Move >= 0 && e.Move == l.ISelected {
		class += " log-sel"
	}
	mark := app.Span().Class("log-mark").Aria("hidden", "true")
	if info[0] != "" {
		mark = mark.Text(info[0])
	}
	if e.Player >= 0 && e.Player < len(l.IColours) && l.IColours[e.Player] != "" {
		mark = mark.Style("--log-color", l.IColours[e.Player]).Class("log-mark-player")
	}
	btn := app.Button().Type("button").Class(class).DataSet("move", e.Move).DataSet("kind", kind).Body(
		mark,
		app.Span().Class("log-text").Text(hudTypeset(e.Text)),
	)
	if e.Move < 0 {
		return app.Li().Body(btn.Disabled(true).Title("Setup"))
	}
	move := e.Move
	title := "Show the board after move " + strconv.Itoa(move+1)
	if e.Move == l.ISelected {
		btn = btn.Aria("current", "true")
	}
	btn = btn.Title(title).
		OnClick(func(ctx app.Context, ev app.Event) { l.selectMove(ctx, move) }, app.EventScope(i, move))
	return app.Li().Body(btn)
}
