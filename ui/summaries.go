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
	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ---------------------------------------------------------------------------------------
// The dialog frame.

// sumFrame is what every summary dialog shares: an id, a close callback and key handling.
type sumFrame struct {
	id      string
	onClose func(ctx goapp.Context)
}

func (f sumFrame) close(ctx goapp.Context) {
	if f.onClose != nil {
		f.onClose(ctx)
	}
}

// focusFirst puts the focus on the dialog's main button once it is on the page.
func (f sumFrame) focusFirst(ctx goapp.Context) {
	ctx.Defer(func(ctx goapp.Context) {
		if el := goapp.Window().GetElementByID(f.id + "-ok"); el.Truthy() {
			el.Call("focus")
		}
	})
}

// onKey closes on Escape and keeps Tab between the dialog's first and last buttons.
func (f sumFrame) onKey(ctx goapp.Context, e goapp.Event) {
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
			goapp.Window().GetElementByID(last).Call("focus")
		case !back && target == last:
			e.PreventDefault()
			goapp.Window().GetElementByID(first).Call("focus")
		}
	}
}

// render wraps a dialog's body in the backdrop, header and footer.
func (f sumFrame) render(title, subtitle, class, okText string, body ...goapp.UI) goapp.UI {
	head := []goapp.UI{goapp.H2().ID(f.id + "-title").Class("sum-title").Text(title)}
	if subtitle != "" {
		head = append(head, goapp.P().Class("sum-sub").Text(subtitle))
	}
	return goapp.Div().Class("sum-backdrop").Body(
		goapp.Div().ID(f.id).Class("sum-dialog", class).Role("dialog").
			Aria("modal", "true").Aria("labelledby", f.id+"-title").
			OnKeyDown(f.onKey).Body(
			goapp.Header().Class("sum-head").Body(
				goapp.Div().Class("sum-heading").Body(head...),
				goapp.Button().Type("button").ID(f.id+"-close").Class("sum-x").
					Aria("label", "Close").Title("Close (Esc)").Text("×").
					OnClick(func(ctx goapp.Context, e goapp.Event) { f.close(ctx) }),
			),
			goapp.Div().Class("sum-body").Body(body...),
			goapp.Footer().Class("sum-foot").Body(
				goapp.Button().Type("button").ID(f.id+"-ok").Class("sum-ok").Text(okText).
					OnClick(func(ctx goapp.Context, e goapp.Event) { f.close(ctx) }),
			),
		),
	)
}

// sumSwatch is a player's colour token before their name.
func sumSwatch(colour string) goapp.UI {
	return goapp.Span().Class("sum-sw").Style("--sum-color", colour).Aria("hidden", "true")
}

// sumPlayerCell is a table cell with a player's colour and name.
func sumPlayerCell(colour, name string) goapp.UI {
	return goapp.Th().Scope("row").Class("sum-player").Body(sumSwatch(colour), goapp.Span().Text(name))
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
				l.Note = addNote(l.Note, "removed tiles for "+kit.Money(v))
			}
			// A negative level is owed in full; what was not paid cost VP.
			if level := snapValue(after.Income, p); after.IncomePaid && level < 0 {
				if short := -level + l.Income; short > 0 {
					l.Note = addNote(l.Note, "short by "+kit.Money(short)+": lost "+strconv.Itoa(snapValue(after.VPLost, p))+" VP")
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
	goapp.Compo

	IData    roundData
	INames   []string
	IColours []string
	IOnClose func(ctx goapp.Context)
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
func (r *roundSummary) OnClose(fn func(ctx goapp.Context)) *roundSummary { r.IOnClose = fn; return r }

func (r *roundSummary) close(ctx goapp.Context) {
	if r.IOnClose != nil {
		r.IOnClose(ctx)
	}
}

func (r *roundSummary) frame() sumFrame { return sumFrame{id: "round-summary", onClose: r.close} }

// OnMount focuses the dialog.
func (r *roundSummary) OnMount(ctx goapp.Context) { r.frame().focusFirst(ctx) }

// Render draws the dialog.
func (r *roundSummary) Render() goapp.UI {
	d := &r.IData
	title := d.Era.String() + ", round " + strconv.Itoa(d.Round) + " ends"
	return r.frame().render(title, "Next round, whoever spent least goes first (ties keep their order). Then everyone takes their income level in money, or pays a negative one.", "sum-round", "Continue",
		roundTable(d, r.INames, r.IColours))
}

// roundTable is the turn order and income table of a round.
func roundTable(d *roundData, names, colours []string) goapp.UI {
	var rows []goapp.UI
	for _, l := range d.Lines {
		pos := "–"
		if l.Pos >= 0 {
			pos = kit.Ordinal(l.Pos + 1)
		}
		// The income taken or paid, and under it the income level it came from (with its
		// change during the round).
		paid, cls := "—", "sum-num"
		if l.IncomePaid {
			paid, cls = kit.SignedMoney(l.Income), "sum-num sum-pos"
			if l.Income < 0 {
				cls = "sum-num sum-neg"
			}
		}
		lvl := "level " + kit.Money(l.Level)
		if l.Level != l.LevelBefore {
			lvl += " (" + kit.Signed(l.Level-l.LevelBefore) + ")"
		}
		income := goapp.Td().Class(cls).Body(goapp.Text(paid), goapp.Small().Class("sum-level").Text(lvl))
		vp := goapp.Td().Class("sum-num").Text(strconv.Itoa(l.VP))
		if l.VP != l.VPBefore {
			vp = goapp.Td().Class("sum-num").Body(goapp.Text(strconv.Itoa(l.VP)), goapp.Small().Class("sum-delta").Text(" ("+kit.Signed(l.VP-l.VPBefore)+")"))
		}
		row := goapp.Tr().DataSet("player", l.Player).Body(
			goapp.Td().Class("sum-rank").Text(pos),
			sumPlayerCell(kit.Color(colours, l.Player), kit.Name(names, nil, l.Player)),
			goapp.Td().Class("sum-num").Text(kit.Money(l.Spent)),
			income,
			goapp.Td().Class("sum-num sum-strong").Text(kit.Money(l.Money)),
			vp,
		)
		rows = append(rows, row)
		if l.Note != "" {
			rows = append(rows, goapp.Tr().Class("sum-note-row").Body(
				goapp.Td(),
				goapp.Td().ColSpan(5).Class("sum-note").Text(l.Note),
			))
		}
	}
	return goapp.Div().Class("sum-round-block").Body(goapp.Div().Class("sum-scroll").Body(goapp.Table().Class("sum-table").Body(
		goapp.Caption().Class("sum-caption").Text("Turn order and income"),
		goapp.THead().Body(goapp.Tr().Body(
			goapp.Th().Scope("col").Text("Next"),
			goapp.Th().Scope("col").Text("Player"),
			goapp.Th().Scope("col").Class("sum-num").Text("Spent"),
			goapp.Th().Scope("col").Class("sum-num").Text("Income"),
			goapp.Th().Scope("col").Class("sum-num").Text("Money"),
			goapp.Th().Scope("col").Class("sum-num").Text("VP"),
		)),
		goapp.TBody().Body(rows...),
	)), roundWhy(d, names))
}

// roundWhy says, player by player, where each number of the round table comes from.
func roundWhy(d *roundData, names []string) goapp.UI {
	var items []goapp.UI
	for _, l := range d.Lines {
		items = append(items, goapp.Li().Text(roundLineWhy(&l, kit.Name(names, nil, l.Player), d.Scored)))
	}
	return goapp.Ul().Class("sum-why").Aria("label", "Where the numbers come from").Body(items...)
}

// roundLineWhy is one player's round in words: spending and place, income, money, VP.
func roundLineWhy(l *roundLine, name string, scored bool) string {
	s := name + " spent " + kit.Money(l.Spent) + " this round"
	if l.Pos >= 0 {
		s += ", so goes " + kit.Ordinal(l.Pos+1) + " next round"
	}
	before := l.Money - l.Income - l.Removed
	switch {
	case !l.IncomePaid:
		s += "; no income after the last round of the game"
	case l.Income > 0:
		s += "; took " + kit.Money(l.Income) + " income (income level " + kit.Money(l.Level) + ")"
	case l.Income < 0:
		s += "; paid " + kit.Money(-l.Income) + " for a negative income level (" + kit.Money(l.Level) + ")"
	default:
		s += "; no income at level " + kit.Money(l.Level)
	}
	if l.RailStart {
		s += " at the start of the Rail Era, after the scoring"
	}
	if l.IncomePaid {
		s += ": money " + kit.Money(before) + " → " + kit.Money(l.Money)
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
			d.Maintenance = kit.Typeset(e.Text)
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
	goapp.Compo

	IData    eraData
	INames   []string
	IColours []string
	IOnClose func(ctx goapp.Context)
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
func (s *eraSummary) OnClose(fn func(ctx goapp.Context)) *eraSummary { s.IOnClose = fn; return s }

func (s *eraSummary) close(ctx goapp.Context) {
	if s.IOnClose != nil {
		s.IOnClose(ctx)
	}
}

func (s *eraSummary) frame() sumFrame { return sumFrame{id: "era-summary", onClose: s.close} }

// OnMount focuses the dialog.
func (s *eraSummary) OnMount(ctx goapp.Context) { s.frame().focusFirst(ctx) }

// Render draws the dialog.
func (s *eraSummary) Render() goapp.UI {
	d := &s.IData
	var body []goapp.UI
	if len(d.Lines) == 0 {
		body = append(body, goapp.P().Class("sum-empty").Text("This era has not been scored yet."))
	} else {
		var rows []goapp.UI
		for _, l := range d.Lines {
			rows = append(rows, goapp.Tr().DataSet("player", l.Player).Body(
				sumPlayerCell(kit.Color(s.IColours, l.Player), kit.Name(s.INames, nil, l.Player)),
				goapp.Td().Class("sum-num").Text(strconv.Itoa(l.Before)),
				goapp.Td().Class("sum-num sum-pos").Text("+"+strconv.Itoa(l.Links)),
				goapp.Td().Class("sum-num sum-pos").Text("+"+strconv.Itoa(l.Tiles)),
				goapp.Td().Class("sum-num sum-strong").Text(strconv.Itoa(l.Total)),
			))
		}
		body = append(body, goapp.Div().Class("sum-scroll").Body(goapp.Table().Class("sum-table sum-era-table").Body(
			goapp.Caption().Class("sum-caption").Text("Victory points scored: before + links + flipped tiles = total"),
			goapp.THead().Body(goapp.Tr().Body(
				goapp.Th().Scope("col").Text("Player"),
				goapp.Th().Scope("col").Class("sum-num").Text("Before"),
				goapp.Th().Scope("col").Class("sum-num").Text("Links"),
				goapp.Th().Scope("col").Class("sum-num").Text("Tiles"),
				goapp.Th().Scope("col").Class("sum-num").Text("Total"),
			)),
			goapp.TBody().Body(rows...),
		)), eraWhy())
	}
	if d.HasRound && len(d.Round.Lines) > 0 && d.Round.Lines[0].Pos >= 0 {
		body = append(body, roundTable(&d.Round, s.INames, s.IColours))
	}
	if d.Maintenance != "" {
		body = append(body, goapp.P().Class("sum-maint").Text(d.Maintenance))
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
func eraWhy() goapp.UI {
	return goapp.Ul().Class("sum-why").Aria("label", "Where the numbers come from").Body(
		goapp.Li().Text("Links: each of your links scores 1 VP per link icon in the places it joins: 2 for a merchant, and the icons printed on each flipped tile there (anyone’s)."),
		goapp.Li().Text("Tiles: each of your flipped industry tiles scores the VP printed on it."),
	)
}

// ---------------------------------------------------------------------------------------
// Final scores.

// finalScores is the end-of-game dialog: standings with tie-breaks and two charts.
type finalScores struct {
	goapp.Compo

	IStandings []engine.Standing
	IScores    []vpBreakdown // by player
	IEndLines  []string      // the engine's words for the last era's scoring and the result
	ISnapshots []engine.Snapshot
	INames     []string
	IColours   []string
	IOnClose   func(ctx goapp.Context)

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
			fs.IEndLines = append(fs.IEndLines, kit.Typeset(e.Text))
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
func (fs *finalScores) OnClose(fn func(ctx goapp.Context)) *finalScores { fs.IOnClose = fn; return fs }

func (fs *finalScores) close(ctx goapp.Context) {
	if fs.IOnClose != nil {
		fs.IOnClose(ctx)
		return
	}
	fs.hidden = true
}

func (fs *finalScores) frame() sumFrame { return sumFrame{id: "final-scores", onClose: fs.close} }

// OnMount focuses the dialog.
func (fs *finalScores) OnMount(ctx goapp.Context) { fs.frame().focusFirst(ctx) }

func (fs *finalScores) name(p int) string { return kit.Name(fs.INames, nil, p) }

// Render draws the dialog.
func (fs *finalScores) Render() goapp.UI {
	if fs.hidden {
		return goapp.Button().Type("button").ID("final-scores-open").Class("sum-reopen").Text("Final scores").
			OnClick(func(ctx goapp.Context, e goapp.Event) {
				fs.hidden = false
				fs.frame().focusFirst(ctx)
			})
	}
	st := fs.IStandings
	var rows []goapp.UI
	decided := fs.decidedBy()
	for i, s := range st {
		cls := ""
		if s.Rank == 1 {
			cls = "sum-winner"
		}
		inc := goapp.Td().Class("sum-num", tbClass(decided[i], "income")).Text(kit.Money(s.Income))
		money := goapp.Td().Class("sum-num", tbClass(decided[i], "money")).Text(kit.Money(s.Money))
		place := kit.Ordinal(s.Rank)
		if strings.Contains(decided[i], "shared") {
			place = "=" + place
		}
		rank := goapp.Td().Class("sum-rank").Body(goapp.Span().Class("sum-medal sum-medal-" + strconv.Itoa(s.Rank)).Text(place))
		rows = append(rows, goapp.Tr().Class(cls).DataSet("player", s.Player).DataSet("rank", s.Rank).Body(
			rank,
			sumPlayerCell(kit.Color(fs.IColours, s.Player), fs.name(s.Player)),
			goapp.Td().Class("sum-num sum-strong").Text(strconv.Itoa(s.VP)),
			inc,
			money,
		))
	}
	body := []goapp.UI{
		goapp.Table().Class("sum-table sum-final-table").Body(
			goapp.Caption().Class("sum-caption").Text("Standings"),
			goapp.THead().Body(goapp.Tr().Body(
				goapp.Th().Scope("col").Text("Rank"),
				goapp.Th().Scope("col").Text("Player"),
				goapp.Th().Scope("col").Class("sum-num").Text("VP"),
				goapp.Th().Scope("col").Class("sum-num").Text("Income level"),
				goapp.Th().Scope("col").Class("sum-num").Text("Money"),
			)),
			goapp.TBody().Body(rows...),
		),
	}
	if len(fs.IScores) > 0 {
		body = append(body, fs.breakdown())
	}
	if notes := fs.tieNotes(); len(notes) > 0 {
		var items []goapp.UI
		for _, n := range notes {
			items = append(items, goapp.Li().Text(n))
		}
		body = append(body, goapp.Ul().ID("final-tiebreaks").Class("sum-ties").Aria("label", "Tie-breaks").Body(items...))
	}
	if len(fs.ISnapshots) > 1 {
		n := 0
		for _, s := range fs.ISnapshots {
			if len(s.VP) > n {
				n = len(s.VP)
			}
		}
		body = append(body,
			goapp.Div().Class("sum-legend").Aria("hidden", "true").Body(fs.legend(n)...),
			goapp.Div().Class("sum-charts").Body(
				fs.chart("chart-vp", "Victory points after each round", "VP", func(s *engine.Snapshot) []int { return s.VP }, n),
				fs.chart("chart-income", "Income level after each round", "Income level", func(s *engine.Snapshot) []int { return s.Income }, n),
			),
		)
	}
	sub := fs.headline()
	return fs.frame().render("Final scores", sub, "sum-final", "Close", body...)
}

// breakdown is where every player's VP come from, era by era.
func (fs *finalScores) breakdown() goapp.UI {
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
	var rows []goapp.UI
	for _, s := range fs.IStandings {
		if s.Player < 0 || s.Player >= len(fs.IScores) {
			continue
		}
		b := fs.IScores[s.Player]
		num := func(v int) goapp.UI { return goapp.Td().Class("sum-num").Text(strconv.Itoa(v)) }
		rows = append(rows, goapp.Tr().DataSet("player", s.Player).Body(
			sumPlayerCell(kit.Color(fs.IColours, s.Player), fs.name(s.Player)),
			num(b.CanalLinks), num(b.CanalTiles),
			goapp.If(rail, func() goapp.UI { return num(b.RailLinks) }), goapp.If(rail, func() goapp.UI { return num(b.RailTiles) }),
			goapp.If(intro, func() goapp.UI { return num(b.Money) }), goapp.If(intro, func() goapp.UI { return goapp.Td().Class("sum-num").Text(kit.Signed(b.Income)) }),
			goapp.If(intro, func() goapp.UI { return num(b.TilesAgain) }),
			goapp.If(endMoney > 0, func() goapp.UI { return num(b.EndMoney) }),
			goapp.If(other, func() goapp.UI { return goapp.Td().Class("sum-num").Text(kit.Signed(b.Other)) }),
			goapp.Td().Class("sum-num sum-strong").Text(strconv.Itoa(b.Total)),
		))
	}
	col := func(short, long string) goapp.UI {
		return goapp.Th().Scope("col").Class("sum-num").Title(long).Body(goapp.Span().Aria("hidden", "true").Text(short), srText(long))
	}
	var lines []goapp.UI
	for _, l := range fs.IEndLines {
		lines = append(lines, goapp.Li().Text(l))
	}
	return goapp.Div().ID("final-breakdown").Class("sum-breakdown").Body(
		goapp.Div().Class("sum-scroll").Body(goapp.Table().Class("sum-table sum-breakdown-table").Body(
			goapp.Caption().Class("sum-caption").Text("Where the VP come from"),
			goapp.THead().Body(
				goapp.Tr().Body(
					goapp.Td(),
					goapp.Th().Scope("colgroup").ColSpan(2).Class("sum-era-head").Text("Canal Era"),
					goapp.If(rail, func() goapp.UI { return goapp.Th().Scope("colgroup").ColSpan(2).Class("sum-era-head").Text("Rail Era") }),
					goapp.If(intro, func() goapp.UI {
						return goapp.Th().Scope("colgroup").ColSpan(3).Class("sum-era-head").Text("Introductory game")
					}),
					goapp.If(endMoney > 0, func() goapp.UI { return goapp.Td() }),
					goapp.If(other, func() goapp.UI { return goapp.Td() }), goapp.Td(),
				),
				goapp.Tr().Body(
					goapp.Th().Scope("col").Text("Player"),
					col("Links", "Canal Era links"), col("Tiles", "Canal Era flipped tiles"),
					goapp.If(rail, func() goapp.UI { return col("Links", "Rail Era links") }),
					goapp.If(rail, func() goapp.UI { return col("Tiles", "Rail Era flipped tiles") }),
					goapp.If(intro, func() goapp.UI { return col("Money", "1 VP per £4 of money, at most 15") }),
					goapp.If(intro, func() goapp.UI { return col("Income", "VP equal to the income level") }),
					goapp.If(intro, func() goapp.UI { return col("Tiles again", "Level II and higher flipped tiles scored again") }),
					goapp.If(endMoney > 0, func() goapp.UI {
						return col("Money", "1 VP per £"+strconv.Itoa(endMoney)+" held at the end of the game")
					}),
					goapp.If(other, func() goapp.UI { return col("Other", "Other VP: merchant beer bonuses, shortfalls, other scoring") }),
					col("Total", "Total VP"),
				),
			),
			goapp.TBody().Body(rows...),
		)),
		goapp.P().Class("sum-why").Text(breakdownNote(other, intro, endMoney)),
		goapp.If(len(lines) > 0, func() goapp.UI {
			return goapp.Ul().Class("sum-why sum-endlog").Aria("label", "The last scoring, from the log").Body(lines...)
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
		return kit.JoinAnd(winners) + " share the victory with " + strconv.Itoa(st[0].VP) + " VP."
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
			out = append(out, kit.JoinAnd(names)+" share "+kit.Ordinal(a.Rank)+" place: equal VP ("+strconv.Itoa(a.VP)+
				"), income level ("+kit.Money(a.Income)+") and money ("+kit.Money(a.Money)+").")
		}
		// The group against the next player, when their VP were equal.
		if j < len(st) && st[j].VP == a.VP {
			b := st[j]
			who, verb, all := kit.JoinAnd(names), " rank", "all"
			if j-i == 1 {
				verb, all = " ranks", "both"
			}
			if a.Income != b.Income {
				out = append(out, who+verb+" ahead of "+fs.name(b.Player)+" on income level ("+kit.Money(a.Income)+
					" against "+kit.Money(b.Income)+"); "+all+" scored "+strconv.Itoa(a.VP)+" VP.")
			} else {
				out = append(out, who+verb+" ahead of "+fs.name(b.Player)+" on money ("+kit.Money(a.Money)+
					" against "+kit.Money(b.Money)+"); "+all+" scored "+strconv.Itoa(a.VP)+" VP with income level "+
					kit.Money(a.Income)+".")
			}
		}
		i = j
	}
	return out
}

var chartDashes = []string{"", "7 4", "2 3", "9 3 2 3"}

func (fs *finalScores) legend(n int) []goapp.UI {
	var out []goapp.UI
	for p := 0; p < n; p++ {
		out = append(out, goapp.Span().Class("sum-leg").Body(
			kit.Svg("svg").Class("sum-leg-line").Attr("viewBox", "0 0 28 8").Aria("hidden", "true").Body(
				kit.Svg("line").Attr("x1", "1").Attr("y1", "4").Attr("x2", "27").Attr("y2", "4").
					Attr("stroke", kit.Color(fs.IColours, p)).Attr("stroke-width", "3").
					Attr("stroke-dasharray", chartDashes[p%len(chartDashes)]).Attr("stroke-linecap", "round"),
			),
			goapp.Span().Text(fs.name(p)),
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
func (fs *finalScores) chart(id, title, yLabel string, pick func(*engine.Snapshot) []int, n int) goapp.UI {
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
	els := []goapp.UI{
		kit.Svg("title").ID(id + "-title").Text(title),
		kit.Svg("desc").ID(id + "-desc").Text(fs.chartDesc(pick, n, yLabel)),
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
			kit.Svg("rect").Class(cls).Attr("x", num(x0)).Attr("y", num(top)).Attr("width", num(math.Max(0, x1-x0))).Attr("height", num(ph)),
			kit.Svg("text").Class("sum-ch-era").Attr("x", num((x0+x1)/2)).Attr("y", num(h-8)).Text(label),
		)
	}
	band(xAt(0), xAt(canalEnd), "sum-ch-canal", "Canal Era")
	if firstRail > 0 {
		band(xAt(canalEnd), xAt(len(snaps)-1), "sum-ch-rail", "Rail Era")
		els = append(els, kit.Svg("line").Class("sum-ch-sep").
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
			kit.Svg("line").Class(cls).Attr("x1", num(left)).Attr("x2", num(left+pw)).Attr("y1", num(y)).Attr("y2", num(y)),
			kit.Svg("text").Class("sum-ch-ytick").Attr("x", num(left-6)).Attr("y", num(y+4)).Text(label(int(math.Round(v)))),
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
			kit.Svg("line").Class("sum-ch-tick").Attr("x1", num(x)).Attr("x2", num(x)).Attr("y1", num(top+ph)).Attr("y2", num(top+ph+4)),
			kit.Svg("text").Class("sum-ch-xtick").Attr("x", num(x)).Attr("y", num(top+ph+16)).Text(label),
		)
	}
	els = append(els,
		kit.Svg("text").Class("sum-ch-axis").Attr("x", num(left+pw/2)).Attr("y", num(top+ph+32)).Text("End of round"),
		kit.Svg("text").Class("sum-ch-axis").Attr("transform", "translate(14 "+num(top+ph/2)+") rotate(-90)").Text(yLabel),
		kit.Svg("rect").Class("sum-ch-frame").Attr("x", num(left)).Attr("y", num(top)).Attr("width", num(pw)).Attr("height", num(ph)),
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
		colour := kit.Color(fs.IColours, p)
		line := kit.Svg("polyline").Class("sum-ch-line").DataSet("player", p).
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
		els = append(els, kit.Svg("text").Class("sum-ch-end").Attr("x", num(left+pw+6)).Attr("y", num(e.y+4)).
			Attr("fill", kit.Color(fs.IColours, e.p)).Text(label(v)+" "+fs.name(e.p)))
	}
	return kit.Svg("svg").ID(id).Class("sum-chart").Attr("viewBox", "0 0 600 300").
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
	goapp.Compo

	IName     string
	IColour   string
	IMessage  string // optional line under the title
	IOnReveal func(ctx goapp.Context)
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
func (pd *passDevice) OnReveal(fn func(ctx goapp.Context)) *passDevice { pd.IOnReveal = fn; return pd }

// OnMount puts the keyboard focus on the button, without scrolling the board away.
func (pd *passDevice) OnMount(ctx goapp.Context) {
	ctx.Defer(func(ctx goapp.Context) {
		if el := goapp.Window().GetElementByID("pass-device-reveal"); el.Truthy() {
			el.Call("focus", map[string]any{"preventScroll": true})
		}
	})
}

func (pd *passDevice) reveal(ctx goapp.Context, e goapp.Event) {
	if pd.IOnReveal != nil {
		pd.IOnReveal(ctx)
	}
}

// Render draws the cover.
func (pd *passDevice) Render() goapp.UI {
	name := pd.IName
	if name == "" {
		name = "the next player"
	}
	colour := pd.IColour
	if colour == "" {
		colour = kit.Color(nil, 0)
	}
	msg := pd.IMessage
	if msg == "" {
		msg = "The board stays in view; only " + name + "’s cards are hidden. Everyone else, look away when they are shown."
	}
	return goapp.Div().ID("pass-device").Class("pd").Style("--pd-color", colour).
		Role("region").Aria("labelledby", "pass-device-title").Aria("describedby", "pass-device-msg").
		Body(
			goapp.Div().Class("pd-card").Body(
				goapp.Div().Class("pd-token").Aria("hidden", "true"),
				goapp.P().Class("pd-kicker").Text("Hotseat"),
				goapp.H2().ID("pass-device-title").Class("pd-title").Text("Pass the device to "+name),
				goapp.P().ID("pass-device-msg").Class("pd-msg").Text(msg),
				goapp.Button().Type("button").ID("pass-device-reveal").Class("pd-btn").
					Text("I am "+name+": show my hand").OnClick(pd.reveal),
			),
		)
}
