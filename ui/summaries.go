package ui

// Dialogs between turns: the summary of a finished round, the scoring of an era, the final
// scores with charts, and the hotseat cover asking to pass the device on. The dialogs are
// modal (role=dialog, aria-modal), focus their main button when they open, keep Tab inside
// and close with Escape.
//
// The summaries read the game once, in their Game setter, and keep only small values: the
// engine has no structured record of the turn order, income or era scores, so these are
// read back from the log entries the engine wrote (LogOrder, LogIncome, LogScore) and from
// the per-round snapshots.

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"brass/engine"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ---------------------------------------------------------------------------------------
// The dialog frame.

// sumFrame is what every summary dialog shares: an id, a close callback and key handling.
type sumFrame struct {
	id      string
	onClose func(ctx app.Context)
}

func (f sumFrame) close(ctx app.Context) {
	if f.onClose != nil {
		f.onClose(ctx)
	}
}

// focusFirst puts the focus on the dialog's main button once it is on the page.
func (f sumFrame) focusFirst(ctx app.Context) {
	ctx.Defer(func(ctx app.Context) {
		if el := app.Window().GetElementByID(f.id + "-ok"); el.Truthy() {
			el.Call("focus")
		}
	})
}

// onKey closes on Escape and keeps Tab between the dialog's first and last buttons.
func (f sumFrame) onKey(ctx app.Context, e app.Event) {
	switch e.Get("key").String() {
	case "Escape":
		e.PreventDefault()
		f.close(ctx)
	case "Tab":
		target := e.Get("target").Get("id").String()
		first, last := f.id+"-close", f.id+"-ok"
		back := e.Get("shiftKey").Bool()
		switch {
		case back && target == first:
			e.PreventDefault()
			app.Window().GetElementByID(last).Call("focus")
		case !back && target == last:
			e.PreventDefault()
			app.Window().GetElementByID(first).Call("focus")
		}
	}
}

// render wraps a dialog's body in the backdrop, header and footer.
func (f sumFrame) render(title, subtitle, class, okText string, body ...app.UI) app.UI {
	head := []app.UI{app.H2().ID(f.id + "-title").Class("sum-title").Text(title)}
	if subtitle != "" {
		head = append(head, app.P().Class("sum-sub").Text(subtitle))
	}
	return app.Div().Class("sum-backdrop").Body(
		app.Div().ID(f.id).Class("sum-dialog", class).Role("dialog").
			Aria("modal", "true").Aria("labelledby", f.id+"-title").
			OnKeyDown(f.onKey).Body(
			app.Header().Class("sum-head").Body(
				app.Div().Class("sum-heading").Body(head...),
				app.Button().Type("button").ID(f.id+"-close").Class("sum-x").
					Aria("label", "Close").Title("Close (Esc)").Text("×").
					OnClick(func(ctx app.Context, e app.Event) { f.close(ctx) }),
			),
			app.Div().Class("sum-body").Body(body...),
			app.Footer().Class("sum-foot").Body(
				app.Button().Type("button").ID(f.id+"-ok").Class("sum-ok").Text(okText).
					OnClick(func(ctx app.Context, e app.Event) { f.close(ctx) }),
			),
		),
	)
}

// sumSwatch is a player's colour token before their name.
func sumSwatch(colour string) app.UI {
	return app.Span().Class("sum-sw").Style("--sum-color", colour).Aria("hidden", "true")
}

// sumPlayerCell is a table cell with a player's colour and name.
func sumPlayerCell(colour, name string) app.UI {
	return app.Th().Scope("row").Class("sum-player").Body(sumSwatch(colour), app.Span().Text(name))
}

// ---------------------------------------------------------------------------------------
// Reading the engine's per-round snapshots.

// engineNames are the players' names as the engine knows them.
func engineNames(st *engine.State) []string {
	out := make([]string, st.NumPlayers)
	for p := range out {
		out[p] = st.Name(p)
	}
	return out
}

// snapshotAt finds the snapshot taken after a round, and the one before it.
func snapshotAt(snaps []engine.Snapshot, era engine.Era, round int) (after, before *engine.Snapshot) {
	for i := len(snaps) - 1; i >= 0; i-- {
		if snaps[i].Era == era && snaps[i].Round == round {
			after = &snaps[i]
			if i > 0 {
				before = &snaps[i-1]
			}
			return after, before
		}
	}
	return nil, nil
}

func snapValue(v []int, p int) int {
	if p >= 0 && p < len(v) {
		return v[p]
	}
	return 0
}

// ---------------------------------------------------------------------------------------
// Round summary.

// roundLine is one player's line in a round summary.
type roundLine struct {
	Player      int
	Removed     int    // money raised by removing tiles for a shortfall
	Pos         int    // place in the new turn order (0-based); −1 unknown
	Spent       int    // money spent during the round
	Income      int    // money from income: + taken, − paid
	IncomePaid  bool   // income was settled this round (not after the game's last round)
	RailStart   bool   // it opened the Rail Era, after the Canal Era's scoring (original Lancashire)
	Note        string // shortfall details
	Money, VP   int    // after the round
	Level       int    // income level after the round
	MoneyBefore int
	VPBefore    int
	LevelBefore int
}

// roundData is what a round summary shows.
type roundData struct {
	Era    engine.Era
	Round  int
	Scored bool        // the era was scored after this round
	Lines  []roundLine // in the new turn order
}

// readRound gathers a round's turn order and income from the snapshot taken after it.
func readRound(snaps []engine.Snapshot, n int, era engine.Era, round int) roundData {
	d := roundData{Era: era, Round: round}
	lines := make([]roundLine, n)
	for p := range lines {
		lines[p] = roundLine{Player: p, Pos: -1}
	}
	after, before := snapshotAt(snaps, era, round)
	if after != nil {
		d.Scored = after.Scored
	}
	if after != nil && len(after.Order) == n {
		for i, p := range after.Order {
			if p >= 0 && p < n {
				lines[p].Pos = i
			}
		}
		for p := range lines {
			l := &lines[p]
			l.Spent = snapValue(after.Spent, p)
			l.Income, l.IncomePaid, l.RailStart = snapValue(after.Taken, p), after.IncomePaid, after.IncomeAfterScoring
			if v := snapValue(after.Removed, p); v > 0 {
				l.Removed = v
				l.Note = addNote(l.Note, "removed tiles for "+hudMoney(v))
			}
			// A negative level is owed in full; what was not paid cost VP.
			if level := snapValue(after.Income, p); after.IncomePaid && level < 0 {
				if short := -level + l.Income; short > 0 {
					l.Note = addNote(l.Note, "short by "+hudMoney(short)+": lost "+strconv.Itoa(snapValue(after.VPLost, p))+" VP")
				}
			}
		}
	}
	for p := range lines {
		l := &lines[p]
		if after != nil {
			l.Money, l.VP, l.Level = snapValue(after.Money, p), snapValue(after.VP, p), snapValue(after.Income, p)
		}
		if before != nil {
			l.MoneyBefore, l.VPBefore, l.LevelBefore = snapValue(before.Money, p), snapValue(before.VP, p), snapValue(before.Income, p)
		}
	}
	sort.SliceStable(lines, func(a, b int) bool {
		pa, pb := lines[a].Pos, lines[b].Pos
		if pa < 0 {
			pa = n
		}
		if pb < 0 {
			pb = n
		}
		return pa < pb
	})
	d.Lines = lines
	return d
}

func addNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// lastRound is the era and round of the last snapshot (the round that just ended).
func lastRound(g *engine.Game) (engine.Era, int) {
	snaps := g.Snapshots()
	if len(snaps) == 0 {
		return g.State().Era, int(g.State().Round)
	}
	s := snaps[len(snaps)-1]
	return s.Era, s.Round
}

// roundSummary is the dialog shown after a round: the new turn order and the income.
type roundSummary struct {
	app.Compo

	IData    roundData
	INames   []string
	IColours []string
	IOnClose func(ctx app.Context)
}

// newRoundSummary returns an empty round summary; call Game.
func newRoundSummary() *roundSummary { return &roundSummary{} }

// Game reads the round that ended last (the last snapshot) from the game.
func (r *roundSummary) Game(g *engine.Game) *roundSummary {
	era, round := lastRound(g)
	return r.GameRound(g, era, round)
}

// GameRound reads one given round from the game.
func (r *roundSummary) GameRound(g *engine.Game, era engine.Era, round int) *roundSummary {
	st := g.State()
	r.IData = readRound(g.Snapshots(), int(st.NumPlayers), era, round)
	if r.INames == nil {
		r.INames = engineNames(st)
	}
	return r
}

// Names sets the players' display names by player index.
func (r *roundSummary) Names(n []string) *roundSummary { r.INames = n; return r }

// Colours sets the players' CSS colours by player index.
func (r *roundSummary) Colours(c []string) *roundSummary { r.IColours = c; return r }

// OnClose is called when the dialog is dismissed.
func (r *roundSummary) OnClose(fn func(ctx app.Context)) *roundSummary { r.IOnClose = fn; return r }

func (r *roundSummary) close(ctx app.Context) {
	if r.IOnClose != nil {
		r.IOnClose(ctx)
	}
}

func (r *roundSummary) frame() sumFrame { return sumFrame{id: "round-summary", onClose: r.close} }

// OnMount focuses the dialog.
func (r *roundSummary) OnMount(ctx app.Context) { r.frame().focusFirst(ctx) }

// Render draws the dialog.
func (r *roundSummary) Render() app.UI {
	d := &r.IData
	title := d.Era.String() + ", round " + strconv.Itoa(d.Round) + " ends"
	return r.frame().render(title, "Next round, whoever spent least goes first (ties keep their order). Then everyone takes their income level in money, or pays a negative one.", "sum-round", "Continue",
		roundTable(d, r.INames, r.IColours))
}

// roundTable is the turn order and income table of a round.
func roundTable(d *roundData, names, colours []string) app.UI {
	var rows []app.UI
	for _, l := range d.Lines {
		pos := "–"
		if l.Pos >= 0 {
			pos = hudOrdinal(l.Pos + 1)
		}
		// The income taken or paid, and under it the income level it came from (with its
		// change during the round).
		paid, cls := "—", "sum-num"
		if l.IncomePaid {
			paid, cls = hudSignedMoney(l.Income), "sum-num sum-pos"
			if l.Income < 0 {
				cls = "sum-num sum-neg"
			}
		}
		lvl := "level " + hudMoney(l.Level)
		if l.Level != l.LevelBefore {
			lvl += " (" + hudSigned(l.Level-l.LevelBefore) + ")"
		}
		income := app.Td().Class(cls).Body(app.Text(paid), app.Small().Class("sum-level").Text(lvl))
		vp := app.Td().Class("sum-num").Text(strconv.Itoa(l.VP))
		if l.VP != l.VPBefore {
			vp = app.Td().Class("sum-num").Body(app.Text(strconv.Itoa(l.VP)), app.Small().Class("sum-delta").Text(" ("+hudSigned(l.VP-l.VPBefore)+")"))
		}
		row := app.Tr().DataSet("player", l.Player).Body(
			app.Td().Class("sum-rank").Text(pos),
			sumPlayerCell(hudColor(colours, l.Player), hudName(names, nil, l.Player)),
			app.Td().Class("sum-num").Text(hudMoney(l.Spent)),
			income,
			app.Td().Class("sum-num sum-strong").Text(hudMoney(l.Money)),
			vp,
		)
		rows = append(rows, row)
		if l.Note != "" {
			rows = append(rows, app.Tr().Class("sum-note-row").Body(
				app.Td(),
				app.Td().ColSpan(5).Class("sum-note").Text(l.Note),
			))
		}
	}
	return app.Div().Class("sum-round-block").Body(app.Div().Class("sum-scroll").Body(app.Table().Class("sum-table").Body(
		app.Caption().Class("sum-caption").Text("Turn order and income"),
		app.THead().Body(app.Tr().Body(
			app.Th().Scope("col").Text("Next"),
			app.Th().Scope("col").Text("Player"),
			app.Th().Scope("col").Class("sum-num").Text("Spent"),
			app.Th().Scope("col").Class("sum-num").Text("Income"),
			app.Th().Scope("col").Class("sum-num").Text("Money"),
			app.Th().Scope("col").Class("sum-num").Text("VP"),
		)),
		app.TBody().Body(rows...),
	)), roundWhy(d, names))
}

// roundWhy says, player by player, where each number of the round table comes from.
func roundWhy(d *roundData, names []string) app.UI {
	var items []app.UI
	for _, l := range d.Lines {
		items = append(items, app.Li().Text(roundLineWhy(&l, hudName(names, nil, l.Player), d.Scored)))
	}
	return app.Ul().Class("sum-why").Aria("label", "Where the numbers come from").Body(items...)
}

// roundLineWhy is one player's round in words: spending and place, income, money, VP.
func roundLineWhy(l *roundLine, name string, scored bool) string {
	s := name + " spent " + hudMoney(l.Spent) + " this round"
	if l.Pos >= 0 {
		s += ", so goes " + hudOrdinal(l.Pos+1) + " next round"
	}
	before := l.Money - l.Income - l.Removed
	switch {
	case !l.IncomePaid:
		s += "; no income after the last round of the game"
	case l.Income > 0:
		s += "; took " + hudMoney(l.Income) + " income (income level " + hudMoney(l.Level) + ")"
	case l.Income < 0:
		s += "; paid " + hudMoney(-l.Income) + " for a negative income level (" + hudMoney(l.Level) + ")"
	default:
		s += "; no income at level " + hudMoney(l.Level)
	}
	if l.RailStart {
		s += " at the start of the Rail Era, after the scoring"
	}
	if l.IncomePaid {
		s += ": money " + hudMoney(before) + " → " + hudMoney(l.Money)
	}
	if l.Note != "" {
		s += " (" + l.Note + ")"
	}
	if l.VP != l.VPBefore {
		s += "; VP " + strconv.Itoa(l.VPBefore) + " → " + strconv.Itoa(l.VP)
		if scored {
			s += " with the era’s scoring"
		}
	}
	return s + "."
}

// hudSignedMoney writes a change of money: +£3, −£2, £0.
func hudSignedMoney(v int) string {
	switch {
	case v > 0:
		return "+£" + strconv.Itoa(v)
	case v < 0:
		return "−£" + strconv.Itoa(-v)
	}
	return "£0"
}

// ---------------------------------------------------------------------------------------
// Era summary.

// eraLine is one player's era scoring.
type eraLine struct {
	Player int
	Before int // VP before the era's scoring
	Links  int
	Tiles  int
	Total  int
}

// eraData is what an era summary shows.
type eraData struct {
	Era         engine.Era
	Lines       []eraLine // best total first
	Maintenance string    // the end-of-Canal maintenance log text
	Round       roundData // the era's last round (turn order and income)
	HasRound    bool
}

// readEra reads an era's scoring from the snapshot of its last round, and the
// maintenance note from the log.
func readEra(log []engine.LogEntry, snaps []engine.Snapshot, n int, era engine.Era) eraData {
	d := eraData{Era: era}
	for _, e := range log {
		if e.Era == era && e.Kind == engine.LogMaintenance {
			d.Maintenance = hudTypeset(e.Text)
		}
	}
	for i := range snaps {
		sn := &snaps[i]
		if sn.Era != era || !sn.Scored {
			continue
		}
		for p := 0; p < n; p++ {
			l := eraLine{Player: p, Links: snapValue(sn.LinkVP, p), Tiles: snapValue(sn.TileVP, p), Total: snapValue(sn.VP, p)}
			l.Before = l.Total - l.Links - l.Tiles
			d.Lines = append(d.Lines, l)
		}
		d.Round = readRound(snaps, n, era, sn.Round)
		d.HasRound = true
	}
	sort.SliceStable(d.Lines, func(a, b int) bool { return d.Lines[a].Total > d.Lines[b].Total })
	return d
}

// eraSummary is the dialog shown after an era's scoring.
type eraSummary struct {
	app.Compo

	IData    eraData
	INames   []string
	IColours []string
	IOnClose func(ctx app.Context)
}

// newEraSummary returns an empty era summary; call Game.
func newEraSummary() *eraSummary { return &eraSummary{} }

// Game reads the era that ended last (the era of the last snapshot).
func (s *eraSummary) Game(g *engine.Game) *eraSummary {
	era, _ := lastRound(g)
	return s.GameEra(g, era)
}

// GameEra reads one given era's scoring from the game.
func (s *eraSummary) GameEra(g *engine.Game, era engine.Era) *eraSummary {
	st := g.State()
	s.IData = readEra(g.Log(), g.Snapshots(), int(st.NumPlayers), era)
	if s.INames == nil {
		s.INames = engineNames(st)
	}
	return s
}

// Names sets the players' display names by player index.
func (s *eraSummary) Names(n []string) *eraSummary { s.INames = n; return s }

// Colours sets the players' CSS colours by player index.
func (s *eraSummary) Colours(c []string) *eraSummary { s.IColours = c; return s }

// OnClose is called when the dialog is dismissed.
func (s *eraSummary) OnClose(fn func(ctx app.Context)) *eraSummary { s.IOnClose = fn; return s }

func (s *eraSummary) close(ctx app.Context) {
	if s.IOnClose != nil {
		s.IOnClose(ctx)
	}
}

func (s *eraSummary) frame() sumFrame { return sumFrame{id: "era-summary", onClose: s.close} }

// OnMount focuses the dialog.
func (s *eraSummary) OnMount(ctx app.Context) { s.frame().focusFirst(ctx) }

// Render draws the dialog.
func (s *eraSummary) Render() app.UI {
	d := &s.IData
	var body []app.UI
	if len(d.Lines) == 0 {
		body = append(body, app.P().Class("sum-empty").Text("This era has not been scored yet."))
	} else {
		var rows []app.UI
		for _, l := range d.Lines {
			rows = append(rows, app.Tr().DataSet("player", l.Player).Body(
				sumPlayerCell(hudColor(s.IColours, l.Player), hudName(s.INames, nil, l.Player)),
				app.Td().Class("sum-num").Text(strconv.Itoa(l.Before)),
				app.Td().Class("sum-num sum-pos").Text("+"+strconv.Itoa(l.Links)),
				app.Td().Class("sum-num sum-pos").Text("+"+strconv.Itoa(l.Tiles)),
				app.Td().Class("sum-num sum-strong").Text(strconv.Itoa(l.Total)),
			))
		}
		body = append(body, app.Div().Class("sum-scroll").Body(app.Table().Class("sum-table sum-era-table").Body(
			app.Caption().Class("sum-caption").Text("Victory points scored: before + links + flipped tiles = total"),
			app.THead().Body(app.Tr().Body(
				app.Th().Scope("col").Text("Player"),
				app.Th().Scope("col").Class("sum-num").Text("Before"),
				app.Th().Scope("col").Class("sum-num").Text("Links"),
				app.Th().Scope("col").Class("sum-num").Text("Tiles"),
				app.Th().Scope("col").Class("sum-num").Text("Total"),
			)),
			app.TBody().Body(rows...),
		)), eraWhy())
	}
	if d.HasRound && len(d.Round.Lines) > 0 && d.Round.Lines[0].Pos >= 0 {
		body = append(body, roundTable(&d.Round, s.INames, s.IColours))
	}
	if d.Maintenance != "" {
		body = append(body, app.P().Class("sum-maint").Text(d.Maintenance))
	}
	sub := "Each link scores, then leaves the board; each flipped tile scores its VP."
	title := d.Era.String() + " scoring"
	ok := "Continue"
	if d.Era == engine.Canal {
		ok = "On to the Rail Era"
	}
	return s.frame().render(title, sub, "sum-era", ok, body...)
}

// eraWhy says where an era's points come from.
func eraWhy() app.UI {
	return app.Ul().Class("sum-why").Aria("label", "Where the numbers come from").Body(
		app.Li().Text("Links: each of your links scores 1 VP per link icon in the places it joins: 2 for a merchant, and the icons printed on each flipped tile there (anyone’s)."),
		app.Li().Text("Tiles: each of your flipped industry tiles scores the VP printed on it."),
	)
}

// ---------------------------------------------------------------------------------------
// Final scores.

// finalScores is the end-of-game dialog: standings with tie-breaks and two charts.
type finalScores struct {
	app.Compo

	IStandings []engine.Standing
	IScores    []vpBreakdown // by player
	IEndLines  []string      // the engine's words for the last era's scoring and the result
	ISnapshots []engine.Snapshot
	INames     []string
	IColours   []string
	IOnClose   func(ctx app.Context)

	hidden bool // closed without an OnClose: shows a button to open it again
}

// newFinalScores returns an empty final-scores dialog; call Game.
func newFinalScores() *finalScores { return &finalScores{} }

// vpBreakdown is where a player's final VP come from: each era's links and flipped tiles,
// and the rest (merchant beer bonuses, shortfalls and any other scoring).
type vpBreakdown struct {
	CanalLinks, CanalTiles int
	RailLinks, RailTiles   int
	RailScored             bool // the Rail Era was played and scored
	// The introductory game's extra scoring after the Canal Era: 1 VP per £4 (at most 15),
	// the income level, and level II+ flipped tiles again.
	Intro                     bool
	Money, Income, TilesAgain int
	// EndMoney is the VP for money at the end of the game (Lancashire: 1 per £10).
	EndMoney, EndMoneyPer int
	Other                 int
	Total                 int
}

// readBreakdown reads each player's era scores from the snapshots of the scored rounds.
func readBreakdown(snaps []engine.Snapshot, st *engine.State) []vpBreakdown {
	n := int(st.NumPlayers)
	out := make([]vpBreakdown, n)
	for i := range snaps {
		sn := &snaps[i]
		if len(sn.FinalMoneyVP) > 0 {
			for p := 0; p < n; p++ {
				out[p].EndMoney, out[p].EndMoneyPer = snapValue(sn.FinalMoneyVP, p), st.Edition().Rules.MoneyVPPer
			}
		}
		if !sn.Scored {
			continue
		}
		for p := 0; p < n; p++ {
			if sn.Era == engine.Canal {
				out[p].CanalLinks, out[p].CanalTiles = snapValue(sn.LinkVP, p), snapValue(sn.TileVP, p)
				if len(sn.MoneyVP) > 0 {
					out[p].Intro = true
					out[p].Money, out[p].Income, out[p].TilesAgain = snapValue(sn.MoneyVP, p), snapValue(sn.IncomeVP, p), snapValue(sn.TileVPAgain, p)
				}
			} else {
				out[p].RailLinks, out[p].RailTiles = snapValue(sn.LinkVP, p), snapValue(sn.TileVP, p)
				out[p].RailScored = true
			}
		}
	}
	for p := range out {
		b := &out[p]
		b.Total = int(st.Players[p].VP)
		b.Other = b.Total - b.CanalLinks - b.CanalTiles - b.RailLinks - b.RailTiles - b.Money - b.Income - b.TilesAgain - b.EndMoney
	}
	return out
}

// Game reads the standings and the snapshots of a game.
func (fs *finalScores) Game(g *engine.Game) *finalScores {
	fs.IStandings = g.State().Standings()
	fs.IScores = readBreakdown(g.Snapshots(), g.State())
	fs.IEndLines = nil
	st := g.State()
	for _, e := range g.Log() {
		if e.Era == st.Era && (e.Kind == engine.LogScore || e.Kind == engine.LogEnd) {
			fs.IEndLines = append(fs.IEndLines, hudTypeset(e.Text))
		}
	}
	if fs.INames == nil {
		fs.INames = engineNames(g.State())
	}
	return fs.Snapshots(g.Snapshots())
}

// Standings sets the ranking (engine.State.Standings).
func (fs *finalScores) Standings(s []engine.Standing) *finalScores {
	fs.IStandings = append([]engine.Standing(nil), s...)
	return fs
}

// Snapshots sets the per-round snapshots for the charts (copied).
func (fs *finalScores) Snapshots(s []engine.Snapshot) *finalScores {
	fs.ISnapshots = make([]engine.Snapshot, len(s))
	for i, sn := range s {
		sn.VP = append([]int(nil), sn.VP...)
		sn.Income = append([]int(nil), sn.Income...)
		sn.Money = append([]int(nil), sn.Money...)
		fs.ISnapshots[i] = sn
	}
	return fs
}

// Names sets the players' display names by player index.
func (fs *finalScores) Names(n []string) *finalScores { fs.INames = n; return fs }

// Colours sets the players' CSS colours by player index.
func (fs *finalScores) Colours(c []string) *finalScores { fs.IColours = c; return fs }

// OnClose is called when the dialog is dismissed. Without it the dialog folds into a
// small "Final scores" button that opens it again.
func (fs *finalScores) OnClose(fn func(ctx app.Context)) *finalScores { fs.IOnClose = fn; return fs }

func (fs *finalScores) close(ctx app.Context) {
	if fs.IOnClose != nil {
		fs.IOnClose(ctx)
		return
	}
	fs.hidden = true
}

func (fs *finalScores) frame() sumFrame { return sumFrame{id: "final-scores", onClose: fs.close} }

// OnMount focuses the dialog.
func (fs *finalScores) OnMount(ctx app.Context) { fs.frame().focusFirst(ctx) }

func (fs *finalScores) name(p int) string { return hudName(fs.INames, nil, p) }

// Render draws the dialog.
func (fs *finalScores) Render() app.UI {
	if fs.hidden {
		return app.Button().Type("button").ID("final-scores-open").Class("sum-reopen").Text("Final scores").
			OnClick(func(ctx app.Context, e app.Event) {
				fs.hidden = false
				fs.frame().focusFirst(ctx)
			})
	}
	st := fs.IStandings
	var rows []app.UI
	decided := fs.decidedBy()
	for i, s := range st {
		cls := ""
		if s.Rank == 1 {
			cls = "sum-winner"
		}
		inc := app.Td().Class("sum-num", tbClass(decided[i], "income")).Text(hudMoney(s.Income))
		money := app.Td().Class("sum-num", tbClass(decided[i], "money")).Text(hudMoney(s.Money))
		place := hudOrdinal(s.Rank)
		if strings.Contains(decided[i], "shared") {
			place = "=" + place
		}
		rank := app.Td().Class("sum-rank").Body(app.Span().Class("sum-medal sum-medal-" + strconv.Itoa(s.Rank)).Text(place))
		rows = append(rows, app.Tr().Class(cls).DataSet("player", s.Player).DataSet("rank", s.Rank).Body(
			rank,
			sumPlayerCell(hudColor(fs.IColours, s.Player), fs.name(s.Player)),
			app.Td().Class("sum-num sum-strong").Text(strconv.Itoa(s.VP)),
			inc,
			money,
		))
	}
	body := []app.UI{
		app.Table().Class("sum-table sum-final-table").Body(
			app.Caption().Class("sum-caption").Text("Standings"),
			app.THead().Body(app.Tr().Body(
				app.Th().Scope("col").Text("Rank"),
				app.Th().Scope("col").Text("Player"),
				app.Th().Scope("col").Class("sum-num").Text("VP"),
				app.Th().Scope("col").Class("sum-num").Text("Income level"),
				app.Th().Scope("col").Class("sum-num").Text("Money"),
			)),
			app.TBody().Body(rows...),
		),
	}
	if len(fs.IScores) > 0 {
		body = append(body, fs.breakdown())
	}
	if notes := fs.tieNotes(); len(notes) > 0 {
		var items []app.UI
		for _, n := range notes {
			items = append(items, app.Li().Text(n))
		}
		body = append(body, app.Ul().ID("final-tiebreaks").Class("sum-ties").Aria("label", "Tie-breaks").Body(items...))
	}
	if len(fs.ISnapshots) > 1 {
		n := 0
		for _, s := range fs.ISnapshots {
			if len(s.VP) > n {
				n = len(s.VP)
			}
		}
		body = append(body,
			app.Div().Class("sum-legend").Aria("hidden", "true").Body(fs.legend(n)...),
			app.Div().Class("sum-charts").Body(
				fs.chart("chart-vp", "Victory points after each round", "VP", func(s *engine.Snapshot) []int { return s.VP }, n),
				fs.chart("chart-income", "Income level after each round", "Income level", func(s *engine.Snapshot) []int { return s.Income }, n),
			),
		)
	}
	sub := fs.headline()
	return fs.frame().render("Final scores", sub, "sum-final", "Close", body...)
}

// breakdown is where every player's VP come from, era by era.
func (fs *finalScores) breakdown() app.UI {
	// An Other column only when something came outside the eras' link and tile scoring;
	// Rail Era columns only when it was played.
	other, rail, intro, endMoney := false, false, false, 0
	for _, b := range fs.IScores {
		if b.EndMoneyPer > 0 {
			endMoney = b.EndMoneyPer
		}
		other = other || b.Other != 0
		rail = rail || b.RailScored
		intro = intro || b.Intro
	}
	var rows []app.UI
	for _, s := range fs.IStandings {
		if s.Player < 0 || s.Player >= len(fs.IScores) {
			continue
		}
		b := fs.IScores[s.Player]
		num := func(v int) app.UI { return app.Td().Class("sum-num").Text(strconv.Itoa(v)) }
		rows = append(rows, app.Tr().DataSet("player", s.Player).Body(
			sumPlayerCell(hudColor(fs.IColours, s.Player), fs.name(s.Player)),
			num(b.CanalLinks), num(b.CanalTiles),
			app.If(rail, func() app.UI { return num(b.RailLinks) }), app.If(rail, func() app.UI { return num(b.RailTiles) }),
			app.If(intro, func() app.UI { return num(b.Money) }), app.If(intro, func() app.UI { return app.Td().Class("sum-num").Text(hudSigned(b.Income)) }),
			app.If(intro, func() app.UI { return num(b.TilesAgain) }),
			app.If(endMoney > 0, func() app.UI { return num(b.EndMoney) }),
			app.If(other, func() app.UI { return app.Td().Class("sum-num").Text(hudSigned(b.Other)) }),
			app.Td().Class("sum-num sum-strong").Text(strconv.Itoa(b.Total)),
		))
	}
	col := func(short, long string) app.UI {
		return app.Th().Scope("col").Class("sum-num").Title(long).Body(app.Span().Aria("hidden", "true").Text(short), srText(long))
	}
	var lines []app.UI
	for _, l := range fs.IEndLines {
		lines = append(lines, app.Li().Text(l))
	}
	return app.Div().ID("final-breakdown").Class("sum-breakdown").Body(
		app.Div().Class("sum-scroll").Body(app.Table().Class("sum-table sum-breakdown-table").Body(
			app.Caption().Class("sum-caption").Text("Where the VP come from"),
			app.THead().Body(
				app.Tr().Body(
					app.Td(),
					app.Th().Scope("colgroup").ColSpan(2).Class("sum-era-head").Text("Canal Era"),
					app.If(rail, func() app.UI { return app.Th().Scope("colgroup").ColSpan(2).Class("sum-era-head").Text("Rail Era") }),
					app.If(intro, func() app.UI {
						return app.Th().Scope("colgroup").ColSpan(3).Class("sum-era-head").Text("Introductory game")
					}),
					app.If(endMoney > 0, func() app.UI { return app.Td() }),
					app.If(other, func() app.UI { return app.Td() }), app.Td(),
				),
				app.Tr().Body(
					app.Th().Scope("col").Text("Player"),
					col("Links", "Canal Era links"), col("Tiles", "Canal Era flipped tiles"),
					app.If(rail, func() app.UI { return col("Links", "Rail Era links") }),
					app.If(rail, func() app.UI { return col("Tiles", "Rail Era flipped tiles") }),
					app.If(intro, func() app.UI { return col("Money", "1 VP per £4 of money, at most 15") }),
					app.If(intro, func() app.UI { return col("Income", "VP equal to the income level") }),
					app.If(intro, func() app.UI { return col("Tiles again", "Level II and higher flipped tiles scored again") }),
					app.If(endMoney > 0, func() app.UI {
						return col("Money", "1 VP per £"+strconv.Itoa(endMoney)+" held at the end of the game")
					}),
					app.If(other, func() app.UI { return col("Other", "Other VP: merchant beer bonuses, shortfalls, other scoring") }),
					col("Total", "Total VP"),
				),
			),
			app.TBody().Body(rows...),
		)),
		app.P().Class("sum-why").Text(breakdownNote(other, intro, endMoney)),
		app.If(len(lines) > 0, func() app.UI {
			return app.Ul().Class("sum-why sum-endlog").Aria("label", "The last scoring, from the log").Body(lines...)
		}),
	)
}

func breakdownNote(other, intro bool, endMoney int) string {
	s := "Links and flipped tiles score at the end of each era (links: 1 VP per link icon where they end; tiles: the VP printed on them)."
	if endMoney > 0 {
		s += " At the end of the game every £" + strconv.Itoa(endMoney) + " a player holds scores 1 VP."
	}
	if intro {
		s += " The introductory game ends after the Canal Era and then scores 1 VP per £4 (at most 15), VP equal to the income level, and every flipped tile of level II or higher a second time."
	}
	if other {
		s += " Other is everything else: merchant beer bonuses, VP lost to shortfalls, and any scoring at the end of the game (see the log lines below)."
	}
	return s
}

// headline names the winner(s).
func (fs *finalScores) headline() string {
	st := fs.IStandings
	if len(st) == 0 {
		return ""
	}
	var winners []string
	for _, s := range st {
		if s.Rank == 1 {
			winners = append(winners, fs.name(s.Player))
		}
	}
	if len(winners) > 1 {
		return hudJoinAnd(winners) + " share the victory with " + strconv.Itoa(st[0].VP) + " VP."
	}
	return winners[0] + " wins with " + strconv.Itoa(st[0].VP) + " VP."
}

// decidedBy says, for each standing, which tie-break separated it from a neighbour with
// equal VP: "income", "money", "shared" or "".
func (fs *finalScores) decidedBy() []string {
	st := fs.IStandings
	out := make([]string, len(st))
	mark := func(i int, how string) {
		if !strings.Contains(out[i], how) {
			out[i] = strings.TrimSpace(out[i] + " " + how)
		}
	}
	for i := 1; i < len(st); i++ {
		a, b := st[i-1], st[i]
		if a.VP != b.VP {
			continue
		}
		how := "shared"
		switch {
		case a.Income != b.Income:
			how = "income"
		case a.Money != b.Money:
			how = "money"
		}
		mark(i-1, how)
		mark(i, how)
	}
	return out
}

func tbClass(decided, col string) string {
	if strings.Contains(decided, col) {
		return "sum-tb"
	}
	return ""
}

// tieNotes explains every tie on VP: who went ahead on income or money, or who shared a place.
func (fs *finalScores) tieNotes() []string {
	st := fs.IStandings
	var out []string
	for i := 0; i < len(st); {
		// A group of players sharing a rank.
		j := i + 1
		for j < len(st) && st[j].Rank == st[i].Rank {
			j++
		}
		var names []string
		for _, x := range st[i:j] {
			names = append(names, fs.name(x.Player))
		}
		a := st[i]
		if j-i > 1 {
			out = append(out, hudJoinAnd(names)+" share "+hudOrdinal(a.Rank)+" place: equal VP ("+strconv.Itoa(a.VP)+
				"), income level ("+hudMoney(a.Income)+") and money ("+hudMoney(a.Money)+").")
		}
		// The group against the next player, when their VP were equal.
		if j < len(st) && st[j].VP == a.VP {
			b := st[j]
			who, verb, all := hudJoinAnd(names), " rank", "all"
			if j-i == 1 {
				verb, all = " ranks", "both"
			}
			if a.Income != b.Income {
				out = append(out, who+verb+" ahead of "+fs.name(b.Player)+" on income level ("+hudMoney(a.Income)+
					" against "+hudMoney(b.Income)+"); "+all+" scored "+strconv.Itoa(a.VP)+" VP.")
			} else {
				out = append(out, who+verb+" ahead of "+fs.name(b.Player)+" on money ("+hudMoney(a.Money)+
					" against "+hudMoney(b.Money)+"); "+all+" scored "+strconv.Itoa(a.VP)+" VP with income level "+
					hudMoney(a.Income)+".")
			}
		}
		i = j
	}
	return out
}

var chartDashes = []string{"", "7 4", "2 3", "9 3 2 3"}

func (fs *finalScores) legend(n int) []app.UI {
	var out []app.UI
	for p := 0; p < n; p++ {
		out = append(out, app.Span().Class("sum-leg").Body(
			hudSvg("svg").Class("sum-leg-line").Attr("viewBox", "0 0 28 8").Aria("hidden", "true").Body(
				hudSvg("line").Attr("x1", "1").Attr("y1", "4").Attr("x2", "27").Attr("y2", "4").
					Attr("stroke", hudColor(fs.IColours, p)).Attr("stroke-width", "3").
					Attr("stroke-dasharray", chartDashes[p%len(chartDashes)]).Attr("stroke-linecap", "round"),
			),
			app.Span().Text(fs.name(p)),
		))
	}
	return out
}

// niceStep picks a round grid step for a value range.
func niceStep(span float64, ticks int) float64 {
	if span <= 0 {
		return 1
	}
	raw := span / float64(ticks)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw {
			s := m * mag
			if s < 1 {
				return 1
			}
			return s
		}
	}
	return 10 * mag
}

// chart is a line chart of one value per player after each round.
func (fs *finalScores) chart(id, title, yLabel string, pick func(*engine.Snapshot) []int, n int) app.UI {
	snaps := fs.ISnapshots
	// The end labels ("80 Coalbrookdale") sit right of the plot: room for the longest.
	longest := 0
	if len(snaps) > 0 {
		last := pick(&snaps[len(snaps)-1])
		for p := 0; p < n && p < len(last); p++ {
			if l := len([]rune(strconv.Itoa(last[p]) + " " + fs.name(p))); l > longest {
				longest = l
			}
		}
	}
	const (
		w, h          = 600.0, 300.0
		left, top, bt = 46.0, 16.0, 58.0
	)
	right := math.Max(60, 14+7.4*float64(longest))
	pw, ph := w-left-right, h-top-bt
	lo, hi := 0.0, 1.0
	for i := range snaps {
		for _, v := range pick(&snaps[i]) {
			lo, hi = math.Min(lo, float64(v)), math.Max(hi, float64(v))
		}
	}
	step := niceStep(hi-lo, 5)
	lo = math.Floor(lo/step) * step
	hi = math.Ceil(hi/step) * step
	if hi == lo {
		hi = lo + step
	}
	xAt := func(i int) float64 {
		if len(snaps) < 2 {
			return left
		}
		return left + pw*float64(i)/float64(len(snaps)-1)
	}
	yAt := func(v float64) float64 { return top + ph*(hi-v)/(hi-lo) }

	num := func(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }
	label := func(v int) string { return strings.Replace(strconv.Itoa(v), "-", "−", 1) }
	els := []app.UI{
		hudSvg("title").ID(id + "-title").Text(title),
		hudSvg("desc").ID(id + "-desc").Text(fs.chartDesc(pick, n, yLabel)),
	}
	// Era bands.
	firstRail := -1
	for i, s := range snaps {
		if s.Era == engine.Rail && s.Round > 0 {
			firstRail = i
			break
		}
	}
	canalEnd := len(snaps) - 1
	if firstRail > 0 {
		canalEnd = firstRail - 1
	}
	band := func(x0, x1 float64, cls, label string) {
		els = append(els,
			hudSvg("rect").Class(cls).Attr("x", num(x0)).Attr("y", num(top)).Attr("width", num(math.Max(0, x1-x0))).Attr("height", num(ph)),
			hudSvg("text").Class("sum-ch-era").Attr("x", num((x0+x1)/2)).Attr("y", num(h-8)).Text(label),
		)
	}
	band(xAt(0), xAt(canalEnd), "sum-ch-canal", "Canal Era")
	if firstRail > 0 {
		band(xAt(canalEnd), xAt(len(snaps)-1), "sum-ch-rail", "Rail Era")
		els = append(els, hudSvg("line").Class("sum-ch-sep").
			Attr("x1", num(xAt(canalEnd))).Attr("x2", num(xAt(canalEnd))).Attr("y1", num(top)).Attr("y2", num(top+ph)))
	}
	// Horizontal grid and y labels.
	for v := lo; v <= hi+step/2; v += step {
		cls := "sum-ch-grid"
		if v == 0 {
			cls = "sum-ch-zero"
		}
		y := yAt(v)
		els = append(els,
			hudSvg("line").Class(cls).Attr("x1", num(left)).Attr("x2", num(left+pw)).Attr("y1", num(y)).Attr("y2", num(y)),
			hudSvg("text").Class("sum-ch-ytick").Attr("x", num(left-6)).Attr("y", num(y+4)).Text(label(int(math.Round(v)))),
		)
	}
	// X ticks: start, then each round's number.
	for i, s := range snaps {
		label := strconv.Itoa(s.Round)
		if i == 0 {
			label = "start"
		}
		x := xAt(i)
		els = append(els,
			hudSvg("line").Class("sum-ch-tick").Attr("x1", num(x)).Attr("x2", num(x)).Attr("y1", num(top+ph)).Attr("y2", num(top+ph+4)),
			hudSvg("text").Class("sum-ch-xtick").Attr("x", num(x)).Attr("y", num(top+ph+16)).Text(label),
		)
	}
	els = append(els,
		hudSvg("text").Class("sum-ch-axis").Attr("x", num(left+pw/2)).Attr("y", num(top+ph+32)).Text("End of round"),
		hudSvg("text").Class("sum-ch-axis").Attr("transform", "translate(14 "+num(top+ph/2)+") rotate(-90)").Text(yLabel),
		hudSvg("rect").Class("sum-ch-frame").Attr("x", num(left)).Attr("y", num(top)).Attr("width", num(pw)).Attr("height", num(ph)),
	)
	// One line per player, and its name at the end, nudged apart from the others.
	type endLabel struct {
		p int
		y float64
	}
	var ends []endLabel
	for p := 0; p < n; p++ {
		var pts []string
		last := 0.0
		for i := range snaps {
			v := pick(&snaps[i])
			if p >= len(v) {
				continue
			}
			last = yAt(float64(v[p]))
			pts = append(pts, num(xAt(i))+","+num(last))
		}
		colour := hudColor(fs.IColours, p)
		line := hudSvg("polyline").Class("sum-ch-line").DataSet("player", p).
			Attr("points", strings.Join(pts, " ")).Attr("stroke", colour)
		if d := chartDashes[p%len(chartDashes)]; d != "" {
			line = line.Attr("stroke-dasharray", d)
		}
		els = append(els, line)
		ends = append(ends, endLabel{p, last})
	}
	sort.Slice(ends, func(a, b int) bool { return ends[a].y < ends[b].y })
	for i := 1; i < len(ends); i++ {
		if ends[i].y-ends[i-1].y < 13 {
			ends[i].y = ends[i-1].y + 13
		}
	}
	for _, e := range ends {
		v := 0
		if sv := pick(&snaps[len(snaps)-1]); e.p < len(sv) {
			v = sv[e.p]
		}
		els = append(els, hudSvg("text").Class("sum-ch-end").Attr("x", num(left+pw+6)).Attr("y", num(e.y+4)).
			Attr("fill", hudColor(fs.IColours, e.p)).Text(label(v)+" "+fs.name(e.p)))
	}
	return hudSvg("svg").ID(id).Class("sum-chart").Attr("viewBox", "0 0 600 300").
		Role("img").Aria("labelledby", id+"-title").Aria("describedby", id+"-desc").Body(els...)
}

// chartDesc sums a chart up in words for screen readers.
func (fs *finalScores) chartDesc(pick func(*engine.Snapshot) []int, n int, what string) string {
	snaps := fs.ISnapshots
	if len(snaps) == 0 {
		return ""
	}
	last := pick(&snaps[len(snaps)-1])
	var parts []string
	for p := 0; p < n && p < len(last); p++ {
		parts = append(parts, fs.name(p)+" "+strconv.Itoa(last[p]))
	}
	return what + " at the end of the game: " + strings.Join(parts, ", ") + "."
}

// ---------------------------------------------------------------------------------------
// Pass the device.

// passDevice stands in for the hand between two hotseat players, so that nobody sees the
// next player's cards before they take the device. Only the hand and the action builder
// are covered: the board, the player panels and the log stay in view.
type passDevice struct {
	app.Compo

	IName     string
	IColour   string
	IMessage  string // optional line under the title
	IOnReveal func(ctx app.Context)
}

// newPassDevice returns the cover; set the name, the colour and OnReveal.
func newPassDevice() *passDevice { return &passDevice{} }

// Name sets the next player's name.
func (pd *passDevice) Name(n string) *passDevice { pd.IName = n; return pd }

// Colour sets the next player's CSS colour.
func (pd *passDevice) Colour(c string) *passDevice { pd.IColour = c; return pd }

// Message sets a line under the title (e.g. "Round 3 of the Canal Era").
func (pd *passDevice) Message(m string) *passDevice { pd.IMessage = m; return pd }

// OnReveal is called when the player says they hold the device.
func (pd *passDevice) OnReveal(fn func(ctx app.Context)) *passDevice { pd.IOnReveal = fn; return pd }

// OnMount puts the keyboard focus on the button, without scrolling the board away.
func (pd *passDevice) OnMount(ctx app.Context) {
	ctx.Defer(func(ctx app.Context) {
		if el := app.Window().GetElementByID("pass-device-reveal"); el.Truthy() {
			el.Call("focus", map[string]any{"preventScroll": true})
		}
	})
}

func (pd *passDevice) reveal(ctx app.Context, e app.Event) {
	if pd.IOnReveal != nil {
		pd.IOnReveal(ctx)
	}
}

// Render draws the cover.
func (pd *passDevice) Render() app.UI {
	name := pd.IName
	if name == "" {
		name = "the next player"
	}
	colour := pd.IColour
	if colour == "" {
		colour = hudColor(nil, 0)
	}
	msg := pd.IMessage
	if msg == "" {
		msg = "The board stays in view; only " + name + "’s cards are hidden. Everyone else, look away when they are shown."
	}
	return app.Div().ID("pass-device").Class("pd").Style("--pd-color", colour).
		Role("region").Aria("labelledby", "pass-device-title").Aria("describedby", "pass-device-msg").
		Body(
			app.Div().Class("pd-card").Body(
				app.Div().Class("pd-token").Aria("hidden", "true"),
				app.P().Class("pd-kicker").Text("Hotseat"),
				app.H2().ID("pass-device-title").Class("pd-title").Text("Pass the device to "+name),
				app.P().ID("pass-device-msg").Class("pd-msg").Text(msg),
				app.Button().Type("button").ID("pass-device-reveal").Class("pd-btn").
					Text("I am "+name+": show my hand").OnClick(pd.reveal),
			),
		)
}
