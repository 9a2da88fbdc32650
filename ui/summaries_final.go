package ui

import (
	"strconv"
	"strings"

	"brass/engine"
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
		return goapp.Button().Type("button").ID("final-scores-open").Class("sum-reopen").Text("Final scores").
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
	if len(winners) > 1 {
		return kit.JoinAnd(winners) + " share the win with " + strconv.Itoa(st[0].VP) + " VP."
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
