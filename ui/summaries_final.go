package ui

import (
	"strconv"
	"strings"

	"brass/engine"
	"brass/lang"
	"brass/ui/kit"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

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
	IFolded    bool // opened folded: the players closed it before (a reload must not reopen it)
	onFold     func(ctx goapp.Context)

	hidden   bool // closed without an OnClose: shows a button to open it again
	reopened bool // opened again from that button after opening folded
	ctx      goapp.Context
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
	seats := view.Of(st).Seats
	n := len(seats)
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
		b.Total = seats[p].VP
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
		fs.INames = engineNames(g)
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
	fs.hidden, fs.reopened = true, false
	if fs.onFold != nil {
		fs.onFold(ctx)
	}
}

// Folded opens the dialog folded into its button: its players closed it before.
func (fs *finalScores) Folded(f bool) *finalScores { fs.IFolded = f; return fs }

// OnFold is called when the dialog folds into its button, so the screen can remember it.
// Unexported, as a callback go-app would otherwise see as a change on every render.
func (fs *finalScores) OnFold(fn func(ctx goapp.Context)) *finalScores { fs.onFold = fn; return fs }

func (fs *finalScores) frame() sumFrame { return sumFrame{id: "final-scores", onClose: fs.close} }

// OnMount focuses the dialog, and keeps the component's context for reopening it.
func (fs *finalScores) OnMount(ctx goapp.Context) {
	fs.ctx = ctx
	fs.frame().focusFirst(ctx)
}

func (fs *finalScores) name(p int) string { return kit.Name(fs.INames, nil, p) }

// Render draws the dialog.
func (fs *finalScores) Render() goapp.UI {
	if fs.hidden || fs.IFolded && !fs.reopened {
		return goapp.Button().Type("button").ID("final-scores-open").Class("sum-reopen").Text(lang.T("final.title")).
			OnClick(func(ctx goapp.Context, e goapp.Event) {
				fs.hidden, fs.reopened = false, true
				// Focused through the component's own context: the button that was clicked
				// is gone once the dialog replaces it, and go-app drops work deferred on an
				// element no longer on the page.
				fs.frame().focusFirst(fs.ctx)
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
		place := ordinalWords(s.Rank)
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
			goapp.Caption().Class("sum-caption").Text(lang.T("final.standings")),
			goapp.THead().Body(goapp.Tr().Body(
				goapp.Th().Scope("col").Text(lang.T("final.col_rank")),
				goapp.Th().Scope("col").Text(lang.T("sum.col_player")),
				goapp.Th().Scope("col").Class("sum-num").Text(lang.T("pp.vp")),
				goapp.Th().Scope("col").Class("sum-num").Text(lang.T("final.col_income_level")),
				goapp.Th().Scope("col").Class("sum-num").Text(lang.T("sum.col_money")),
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
		body = append(body, goapp.Ul().ID("final-tiebreaks").Class("sum-ties").Aria("label", lang.T("final.ties_label")).Body(items...))
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
				fs.chart("chart-vp", lang.T("final.chart_vp"), lang.T("pp.vp"), func(s *engine.Snapshot) []int { return s.VP }, n),
				fs.chart("chart-income", lang.T("final.chart_income"), lang.T("final.col_income_level"), func(s *engine.Snapshot) []int { return s.Income }, n),
			),
		)
	}
	sub := fs.headline()
	return fs.frame().render(lang.T("final.title"), sub, "sum-final", lang.T("sum.close"), body...)
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
			goapp.Caption().Class("sum-caption").Text(lang.T("final.breakdown_caption")),
			goapp.THead().Body(
				goapp.Tr().Body(
					goapp.Td(),
					goapp.Th().Scope("colgroup").ColSpan(2).Class("sum-era-head").Text(lang.T("era.canal")),
					goapp.If(rail, func() goapp.UI {
						return goapp.Th().Scope("colgroup").ColSpan(2).Class("sum-era-head").Text(lang.T("era.rail"))
					}),
					goapp.If(intro, func() goapp.UI {
						return goapp.Th().Scope("colgroup").ColSpan(3).Class("sum-era-head").Text(lang.T("final.intro"))
					}),
					goapp.If(endMoney > 0, func() goapp.UI { return goapp.Td() }),
					goapp.If(other, func() goapp.UI { return goapp.Td() }), goapp.Td(),
				),
				goapp.Tr().Body(
					goapp.Th().Scope("col").Text(lang.T("sum.col_player")),
					col(lang.T("era_sum.col_links"), lang.T("final.canal_links")), col(lang.T("era_sum.col_tiles"), lang.T("final.canal_tiles")),
					goapp.If(rail, func() goapp.UI { return col(lang.T("era_sum.col_links"), lang.T("final.rail_links")) }),
					goapp.If(rail, func() goapp.UI { return col(lang.T("era_sum.col_tiles"), lang.T("final.rail_tiles")) }),
					goapp.If(intro, func() goapp.UI { return col(lang.T("sum.col_money"), lang.T("final.intro_money")) }),
					goapp.If(intro, func() goapp.UI { return col(lang.T("sum.col_income"), lang.T("final.intro_income")) }),
					goapp.If(intro, func() goapp.UI { return col(lang.T("final.tiles_again"), lang.T("final.tiles_again_long")) }),
					goapp.If(endMoney > 0, func() goapp.UI {
						return col(lang.T("sum.col_money"), lang.T("final.end_money", lang.S("money", kit.Money(endMoney))))
					}),
					goapp.If(other, func() goapp.UI { return col(lang.T("final.other"), lang.T("final.other_long")) }),
					col(lang.T("era_sum.col_total"), lang.T("final.total_long")),
				),
			),
			goapp.TBody().Body(rows...),
		)),
		goapp.P().Class("sum-why").Text(breakdownNote(other, intro, endMoney)),
		goapp.If(len(lines) > 0, func() goapp.UI {
			return goapp.Ul().Class("sum-why sum-endlog").Aria("label", lang.T("final.endlog_label")).Body(lines...)
		}),
	)
}

func breakdownNote(other, intro bool, endMoney int) string {
	s := lang.T("final.note")
	if endMoney > 0 {
		s += " " + lang.T("final.note_end_money", lang.S("money", kit.Money(endMoney)))
	}
	if intro {
		s += " " + lang.T("final.note_intro")
	}
	if other {
		s += " " + lang.T("final.note_other")
	}
	return s
}

// headline names the winner(s).
func (fs *finalScores) headline() string { return winnersSentence(fs.IStandings, fs.name) }

// winnersSentence names the winner(s) of final standings and their VP ("" before the end), for
// the final scores and the status bar.
func winnersSentence(st []engine.Standing, name func(int) string) string {
	if len(st) == 0 {
		return ""
	}
	var winners []string
	for _, p := range engine.Winners(st) {
		winners = append(winners, name(p))
	}
	vp := lang.N("vp", st[0].VP)
	if len(winners) > 1 {
		return lang.T("final.share_win", lang.S("names", lang.Current().JoinAnd(winners)), vp)
	}
	return lang.T("final.wins", lang.S("name", winners[0]), vp)
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
		who, vp := lang.S("names", lang.Current().JoinAnd(names)), lang.N("vp", a.VP)
		if j-i > 1 {
			out = append(out, lang.T("final.tie_shared", who, lang.S("place", ordinalWords(a.Rank)), vp,
				lang.S("income", kit.Money(a.Income)), lang.S("money", kit.Money(a.Money))))
		}
		// The group against the next player, when their VP were equal: one player ahead of
		// them ("ranks", "both") or several sharing a place ("rank", "all").
		if j < len(st) && st[j].VP == a.VP {
			b := st[j]
			group := "_many"
			if j-i == 1 {
				group = "_one"
			}
			other := lang.S("other", fs.name(b.Player))
			if a.Income != b.Income {
				out = append(out, lang.T("final.tie_income"+group, who, other,
					lang.S("a", kit.Money(a.Income)), lang.S("b", kit.Money(b.Income)), vp))
			} else {
				out = append(out, lang.T("final.tie_money"+group, who, other,
					lang.S("a", kit.Money(a.Money)), lang.S("b", kit.Money(b.Money)), vp, lang.S("income", kit.Money(a.Income))))
			}
		}
		i = j
	}
	return out
}
