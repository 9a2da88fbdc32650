package ui

// Dialogs between turns (round summary, era summary, final scores, the hotseat cover) share
// a frame: modal (role=dialog, aria-modal), focusing their main button when they open,
// keeping Tab inside and closing with Escape. This file holds that frame, the reading of the
// engine's per-round snapshots and the round summary; the others are summaries_*.go.
//
// The summaries read the game once, in their Game setter, and keep only small values: the
// engine has no structured record of the turn order, income or era scores, so these are
// read back from the log entries the engine wrote (LogOrder, LogIncome, LogScore) and from
// the per-round snapshots.

import (
	"brass/engine"
	"brass/lang"
	"brass/ui/kit"
	"brass/ui/view"
	"sort"
	"strconv"

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
					Aria("label", lang.T("sum.close")).Title(lang.T("sum.close_title")).Text("×").
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
func engineNames(g *engine.Game) []string {
	out := make([]string, g.Config().Players)
	for p := range out {
		out[p] = g.State().Name(p)
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
// The round summary.

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
	// Distant: the Distant Market tiles the round's sales turned over (Lancashire), each
	// with the demand track's bonus where the marker ended.
	Distant []distantLine
}

// distantLine is a Distant Market tile turned over during a round.
type distantLine struct {
	engine.DistantDraw
	Bonus int // the income spaces of the marker's space; −1 at X (the sale failed)
}

// readRound gathers a round's turn order and income from the snapshot taken after it, and
// the Distant Market tiles turned over in it (bonus: the edition's demand track).
func readRound(snaps []engine.Snapshot, n int, era engine.Era, round int, bonus []int) roundData {
	d := roundData{Era: era, Round: round}
	lines := make([]roundLine, n)
	for p := range lines {
		lines[p] = roundLine{Player: p, Pos: -1}
	}
	after, before := snapshotAt(snaps, era, round)
	if after != nil {
		d.Scored = after.Scored
		for _, dr := range after.Distant {
			l := distantLine{DistantDraw: dr, Bonus: -1}
			if dr.Demand >= 0 && dr.Demand < len(bonus) {
				l.Bonus = bonus[dr.Demand]
			}
			d.Distant = append(d.Distant, l)
		}
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
				l.Note = addNote(l.Note, lang.T("sum.note_removed", lang.S("money", kit.Money(v))))
			}
			// A negative level is owed in full; what was not paid cost VP.
			if level := snapValue(after.Income, p); after.IncomePaid && level < 0 {
				if short := -level + l.Income; short > 0 {
					l.Note = addNote(l.Note, lang.T("sum.note_short", lang.S("money", kit.Money(short)), lang.N("vp", snapValue(after.VPLost, p))))
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
		return g.State().Era, view.Of(g.State()).Turn.Round
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
	r.IData = readRound(g.Snapshots(), g.Config().Players, era, round, st.Edition().DemandBonus)
	if r.INames == nil {
		r.INames = engineNames(g)
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
	title := lang.T("sum.title", lang.S("era", eraWords(d.Era.String())), lang.N("round", d.Round))
	return r.frame().render(title, lang.T("sum.sub"), "sum-round", lang.T("sum.continue"),
		roundTable(d, r.INames, r.IColours))
}

// levelWords is the income level under a round's income ("level −9"), with its change
// during the round, and what was owed where the player could not pay all of a negative one.
func levelWords(l roundLine) string {
	level, change := lang.N("level", l.Level), lang.S("change", kit.Signed(l.Level-l.LevelBefore))
	owed := -l.Level
	isOwed, changed := l.IncomePaid && owed > 0 && -l.Income < owed, l.Level != l.LevelBefore
	switch {
	case isOwed && changed:
		return lang.T("sum.level_change_owed", level, change, lang.S("owed", kit.Money(owed)))
	case isOwed:
		return lang.T("sum.level_owed", level, lang.S("owed", kit.Money(owed)))
	case changed:
		return lang.T("sum.level_change", level, change)
	}
	return lang.T("sum.level", level)
}

// roundTable is the turn order and income table of a round.
func roundTable(d *roundData, names, colours []string) goapp.UI {
	var rows []goapp.UI
	for _, l := range d.Lines {
		pos := "–"
		if l.Pos >= 0 {
			pos = ordinalWords(l.Pos + 1)
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
		// The level is a number on the income track, not an amount: "level −9". Where the
		// player could not pay all of a negative level, the cell says what was owed.
		lvl := levelWords(l)
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
		goapp.Caption().Class("sum-caption").Text(lang.T("sum.caption")),
		goapp.THead().Body(goapp.Tr().Body(
			goapp.Th().Scope("col").Text(lang.T("sum.col_next")),
			goapp.Th().Scope("col").Text(lang.T("sum.col_player")),
			goapp.Th().Scope("col").Class("sum-num").Text(lang.T("sum.col_spent")),
			goapp.Th().Scope("col").Class("sum-num").Text(lang.T("sum.col_income")),
			goapp.Th().Scope("col").Class("sum-num").Text(lang.T("sum.col_money")),
			goapp.Th().Scope("col").Class("sum-num").Text(lang.T("pp.vp")),
		)),
		goapp.TBody().Body(rows...),
	)), distantNote(d.Distant, names), roundWhy(d, names))
}

// distantNote tells the Distant Market tiles the round's sales turned over: the one random
// moment of a Lancashire round, seen on the board and said again here.
func distantNote(draws []distantLine, names []string) goapp.UI {
	if len(draws) == 0 {
		return nil
	}
	items := make([]goapp.UI, 0, len(draws))
	for _, d := range draws {
		items = append(items, goapp.Li().Text(kit.Typeset(distantText(d, kit.Name(names, nil, d.Player)))))
	}
	return goapp.Ul().ID("sum-distant").Class("sum-distant").Aria("label", lang.T("sum.distant_label")).Body(items...)
}

// distantText is one tile turned over, in words: "Ada's sale to the Distant Market turned
// over −2: cotton demand to space 3 (+2 income spaces)."
func distantText(d distantLine, name string) string {
	who, drop := lang.S("name", name), lang.N("drop", d.Drop)
	if d.Bonus < 0 {
		return lang.T("sum.distant_failed", who, drop)
	}
	return lang.T("sum.distant_moved", who, drop, lang.N("space", d.Demand+1), lang.N("bonus", d.Bonus))
}

// roundWhy says, player by player, where each number of the round table comes from.
func roundWhy(d *roundData, names []string) goapp.UI {
	var items []goapp.UI
	for _, l := range d.Lines {
		items = append(items, goapp.Li().Text(roundLineWhy(&l, kit.Name(names, nil, l.Player), d.Scored)))
	}
	return goapp.Ul().Class("sum-why").Aria("label", lang.T("sum.why_label")).Body(items...)
}

// roundLineWhy is one player's round in words: spending and place, income, money, VP; each
// clause a message, joined by semicolons.
func roundLineWhy(l *roundLine, name string, scored bool) string {
	who, spent := lang.S("name", name), lang.S("money", kit.Money(l.Spent))
	s := lang.T("sum.why_spent", who, spent)
	if l.Pos >= 0 {
		s = lang.T("sum.why_spent_place", who, spent, lang.S("place", ordinalWords(l.Pos+1)))
	}
	before := l.Money - l.Income - l.Removed
	level := lang.N("level", l.Level)
	var income string
	switch {
	case !l.IncomePaid:
		income = lang.T("sum.why_no_income_end")
	case l.Income > 0:
		income = lang.T("sum.why_took", lang.S("money", kit.Money(l.Income)), level)
	case l.Income < 0:
		income = lang.T("sum.why_paid", lang.S("money", kit.Money(-l.Income)), level)
	default:
		income = lang.T("sum.why_no_income", level)
	}
	if l.RailStart {
		income = lang.T("sum.why_rail_start", lang.S("income", income))
	}
	if l.IncomePaid {
		income = lang.T("sum.why_money", lang.S("income", income), lang.S("before", kit.Money(before)), lang.S("after", kit.Money(l.Money)))
	}
	if l.Note != "" {
		income += " (" + l.Note + ")"
	}
	s += "; " + income
	if l.VP != l.VPBefore {
		key := "sum.why_vp"
		if scored {
			key = "sum.why_vp_scored"
		}
		s += "; " + lang.T(key, lang.N("before", l.VPBefore), lang.N("after", l.VP))
	}
	return s + "."
}
