package ui

import (
	"sort"
	"strconv"

	"brass/engine"
	"brass/lang"
	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

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
	LinkExtras  string // the places whose link icons are printed on the board: "2 for a merchant"
}

// readEra reads an era's scoring from the snapshot of its last round, and the
// maintenance note from the log (bonus: the edition's cotton demand track, see readRound).
func readEra(log []engine.LogEntry, snaps []engine.Snapshot, n int, era engine.Era, bonus []int) eraData {
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
		d.Round = readRound(snaps, n, era, sn.Round, bonus)
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
	s.IData = readEra(g.Log(), g.Snapshots(), g.Config().Players, era, st.Edition().DemandBonus)
	s.IData.LinkExtras = linkExtras(st.Edition())
	if s.INames == nil {
		s.INames = engineNames(g)
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
		body = append(body, goapp.P().Class("sum-empty").Text(lang.T("era_sum.not_scored")))
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
			goapp.Caption().Class("sum-caption").Text(lang.T("era_sum.caption")),
			goapp.THead().Body(goapp.Tr().Body(
				goapp.Th().Scope("col").Text(lang.T("sum.col_player")),
				goapp.Th().Scope("col").Class("sum-num").Text(lang.T("era_sum.col_before")),
				goapp.Th().Scope("col").Class("sum-num").Text(lang.T("era_sum.col_links")),
				goapp.Th().Scope("col").Class("sum-num").Text(lang.T("era_sum.col_tiles")),
				goapp.Th().Scope("col").Class("sum-num").Text(lang.T("era_sum.col_total")),
			)),
			goapp.TBody().Body(rows...),
		)), eraWhy(d.LinkExtras))
	}
	if d.HasRound && len(d.Round.Lines) > 0 && d.Round.Lines[0].Pos >= 0 {
		body = append(body, roundTable(&d.Round, s.INames, s.IColours))
	}
	if d.Maintenance != "" {
		body = append(body, goapp.P().Class("sum-maint").Text(d.Maintenance))
	}
	sub := lang.T("era_sum.sub")
	title := lang.T("era_sum.title", lang.S("era", eraWords(d.Era.String())))
	ok := lang.T("sum.continue")
	if d.Era == engine.Canal {
		ok = lang.T("era_sum.on_to_rail")
	}
	return s.frame().render(title, sub, "sum-era", ok, body...)
}

// eraWhy says where an era's points come from; extras names the places whose link icons are
// printed on the board.
func eraWhy(extras string) goapp.UI {
	links := lang.T("era_sum.why_links")
	if extras != "" {
		links = lang.T("era_sum.why_links_extras", lang.S("extras", extras))
	}
	return goapp.Ul().Class("sum-why").Aria("label", lang.T("sum.why_label")).Body(
		goapp.Li().Text(links),
		goapp.Li().Text(lang.T("era_sum.why_tiles")),
	)
}

// linkExtras names the places of an edition whose link icons are printed on the board:
// Birmingham's merchants (2 each); Lancashire's external locations and Blackpool, Northwich
// and Southport (2 each).
func linkExtras(ed *engine.Edition) string {
	var places []string
	merchants := false
	for _, l := range ed.Locations {
		switch l.Kind {
		case engine.MerchantLocation:
			merchants = true
		case engine.LinkVPLocation, engine.ExternalLocation:
			places = append(places, l.Name)
		}
	}
	switch {
	case merchants:
		return lang.T("era_sum.extras_merchant")
	case len(places) > 0:
		sort.Strings(places)
		return lang.T("era_sum.extras_places", lang.S("places", lang.Current().JoinAnd(places)))
	}
	return ""
}
