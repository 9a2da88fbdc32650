package ui

// The player panel: one player's money, income, VP, spending, hand size, links, discard
// pile and player mat. It is compact enough for four panels beside the board: the mat
// collapses to one strip showing the next tile of each industry.

import (
	"strconv"
	"strings"

	"brass/engine"
	"brass/lang"
	"brass/ui/kit"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// playerPanel shows one player's area. Its inputs are small values: what it shows of the
// game (IView, taken from the game's view by Game and Player) and its looks. A move re-renders
// only the panels whose numbers it changed, and the mat is a component of its own that
// re-renders only when a tile leaves it.
type playerPanel struct {
	goapp.Compo

	IView    panelView
	IName    string // display name ("" : the state's name)
	IColour  string // CSS colour
	IActive  bool   // it is this player's turn (or decision)
	IMatOpen bool   // show the full mat opened at first
	IYou     bool   // this is the viewing player

	g *view.Game // set by Game on the fresh instance, read by Player
}

// panelView is what a panel shows of the game: one player's numbers.
type panelView struct {
	ed          *engine.Edition
	Player      int // index; −1: none
	Pos         int // place in turn order from 0; −1: not in it
	Name        string
	Era         engine.Era
	Money       int
	VP          int
	Spent       int
	IncomeSpace int
	Level       int
	HandLen     int
	LinksLeft   int
	Discard     int                     // the top card face up (card index); view.NoCard, view.FaceDownCard
	MatUsed     [view.MatIndustries]int // tiles gone from the mat, by industry
}

// newPlayerPanel returns a panel for player 0; set the game and the player.
func newPlayerPanel() *playerPanel { return &playerPanel{} }

// Game sets the game to show (read now, with the player: the panel keeps only that
// player's numbers).
func (pp *playerPanel) Game(g *view.Game) *playerPanel {
	pp.g = g
	pp.IView = makePanelView(g, pp.IView.Player)
	return pp
}

// Player sets which player (index) the panel shows.
func (pp *playerPanel) Player(p int) *playerPanel {
	if pp.g == nil {
		pp.IView.Player = p
		return pp
	}
	pp.IView = makePanelView(pp.g, p)
	return pp
}

func makePanelView(g *view.Game, p int) panelView {
	v := panelView{ed: g.Edition, Player: p, Pos: -1, Discard: view.NoCard}
	if p < 0 || p >= engine.MaxPlayers {
		v.Player = -1
		return v
	}
	v.Era = g.Turn.Era
	if p >= len(g.Seats) {
		v.Name = kit.Name(nil, g, p)
		return v
	}
	pl := &g.Seats[p]
	v.Pos, v.Name = pl.Pos, pl.Name
	v.Money, v.VP, v.Spent = pl.Money, pl.VP, pl.Spent
	v.IncomeSpace, v.Level = pl.IncomeSpace, pl.IncomeLevel
	v.HandLen, v.LinksLeft = pl.HandSize, pl.LinksLeft
	v.Discard = pl.DiscardTop
	for ind := range pl.Mat {
		v.MatUsed[ind] = pl.Mat[ind].Used
	}
	return v
}

// Name sets the player's display name.
func (pp *playerPanel) Name(n string) *playerPanel { pp.IName = n; return pp }

// Colour sets the player's CSS colour.
func (pp *playerPanel) Colour(c string) *playerPanel { pp.IColour = c; return pp }

// Active marks the panel as the player to act (their turn, or their decision).
func (pp *playerPanel) Active(a bool) *playerPanel { pp.IActive = a; return pp }

// MatOpen opens the full player mat (the player can still fold it).
func (pp *playerPanel) MatOpen(o bool) *playerPanel { pp.IMatOpen = o; return pp }

// You marks the panel as the viewing player's own.
func (pp *playerPanel) You(y bool) *playerPanel { pp.IYou = y; return pp }

// Render draws the panel.
func (pp *playerPanel) Render() goapp.UI {
	v := &pp.IView
	ed := v.ed
	if ed == nil {
		ed, _ = engine.EditionByID("birmingham")
	}
	p := v.Player
	if p < 0 || p >= engine.MaxPlayers {
		return goapp.Section().Class("pp")
	}
	name := pp.IName
	if name == "" {
		name = v.Name
	}
	if name == "" {
		name = lang.T("ng.player", lang.N("n", p+1))
	}
	color := pp.IColour
	if color == "" {
		color = kit.Color(nil, p)
	}

	head := []goapp.UI{
		goapp.Span().Class("pp-token").Aria("hidden", "true"),
		goapp.H3().Class("pp-name").Text(name),
	}
	if pp.IYou {
		head = append(head, goapp.Span().Class("pp-you").Text(lang.T("pp.you")))
	}
	if v.Pos >= 0 {
		head = append(head, goapp.Span().Class("pp-pos").Title(lang.T("pp.place")).Text(ordinalWords(v.Pos+1)))
	}
	if pp.IActive {
		head = append(head, goapp.Span().Class("pp-turnmark").Text(lang.T("pp.to_play")))
	}

	level := v.Level
	levelClass := ""
	if level < 0 {
		levelClass = "pp-neg"
	}
	links := ed.Rules.LinkTilesPerPlayer
	stats := goapp.Dl().Class("pp-stats").Body(
		pp.stat("money", lang.T("pp.money"), kit.Money(v.Money), "", "", ""),
		pp.stat("income", lang.T("pp.income"), kit.Money(level), lang.T("pp.space", lang.N("space", v.IncomeSpace)), levelClass,
			lang.T("pp.income_title", lang.S("level", kit.Int(level)), lang.N("space", v.IncomeSpace))),
		pp.stat("vp", lang.T("pp.vp"), strconv.Itoa(v.VP), "", "", lang.T("pp.vp_title", lang.N("n", v.VP))),
		pp.stat("spent", lang.T("pp.spent"), kit.Money(v.Spent), "", "", lang.T("pp.spent_title", lang.S("money", kit.Money(v.Spent)))),
		pp.stat("hand", lang.T("pp.hand"), strconv.Itoa(v.HandLen), "", "", lang.T("pp.hand_title", lang.N("n", v.HandLen))),
		pp.stat("links", lang.T("pp.links"), strconv.Itoa(v.LinksLeft), "/"+strconv.Itoa(links), "",
			lang.T("pp.links_title", lang.N("left", v.LinksLeft), lang.N("all", links))),
	)

	class := "pp"
	if pp.IActive {
		class += " pp-active"
	}
	return goapp.Section().
		ID("player-panel-"+strconv.Itoa(p)).
		Class(class).
		DataSet("player", p).
		Style("--pp-color", color).
		Aria("label", lang.T("pp.label", lang.S("name", name), lang.N("n", p+1))).
		Body(
			goapp.Header().Class("pp-head").Body(head...),
			goapp.Div().Class("pp-line").Body(stats, discardCard(ed, v.Discard)),
			&playerMat{IData: matData{ed: ed, Player: p, Era: v.Era, Used: v.MatUsed, Open: pp.IMatOpen}},
		)
}

// playerMat is a player's mat: the next tile of each industry, unfolding to every tile
// left. Its inputs change only when a tile leaves the mat or the era changes.
type playerMat struct {
	goapp.Compo

	IData matData

	// open remembers, per player, whether the player folded or opened the mat, so that the
	// choice follows the player when panels swap places with the turn order.
	open map[int]bool
}

type matData struct {
	ed     *engine.Edition
	Player int
	Era    engine.Era
	Used   [view.MatIndustries]int // tiles gone from the mat, by industry
	Open   bool                    // opened at first
}

func (m *playerMat) Render() goapp.UI {
	d := &m.IData
	ed := d.ed
	left := 0
	for _, ind := range ed.Industries {
		if n := len(ed.Mats[ind]) - d.Used[ind]; n > 0 {
			left += n
		}
	}
	var next []goapp.UI
	for _, ind := range ed.Industries {
		next = append(next, nextChip(ed, d.Era, ind, d.Used[ind]))
	}
	summary := goapp.Summary().Class("pp-summary").Title(lang.T("pp.mat_title", lang.N("n", left))).Body(
		goapp.Span().Class("pp-next").Body(next...),
		goapp.Span().Class("pp-matlabel").Body(
			goapp.Span().Class("pp-matword").Text(lang.T("pp.mat")),
			goapp.Span().Class("pp-chev").Aria("hidden", "true"),
		),
	)
	open, set := m.open[d.Player]
	if !set {
		open = d.Open
	}
	// A folded mat has no rows: four folded mats were over 2,000 elements that the game
	// screen built, styled and laid out on every open without showing them. Opening it
	// renders them (onToggle).
	var rows []goapp.UI
	if open {
		rows = make([]goapp.UI, 0, len(ed.Industries))
		for _, ind := range ed.Industries {
			rows = append(rows, &matRow{IData: matRowData{ed: ed, Ind: ind, Used: d.Used[ind], Era: d.Era}})
		}
	}
	mat := goapp.Details().Class("pp-mat").OnToggle(m.onToggle).Body(
		summary,
		goapp.Div().Class("pp-rows").Body(rows...),
	)
	if open {
		mat = mat.Open(true)
	}
	return mat
}

// onToggle records that the player opened or folded the mat.
func (m *playerMat) onToggle(ctx goapp.Context, e goapp.Event) {
	open := e.Get("target").Get("open").Bool()
	if m.open == nil {
		m.open = map[int]bool{}
	}
	if prev, ok := m.open[m.IData.Player]; ok && prev == open {
		ctx.PreventUpdate()
		return
	}
	m.open[m.IData.Player] = open
}

func (pp *playerPanel) stat(kind, label, value, sub, class, title string) goapp.UI {
	dd := goapp.Dd().Class("pp-val", class)
	if sub != "" {
		dd = dd.Body(goapp.Text(value), goapp.Small().Text(sub))
	} else {
		dd = dd.Text(value)
	}
	d := goapp.Div().Class("pp-stat pp-stat-" + kind)
	if title != "" {
		d = d.Title(title)
	}
	return d.Body(goapp.Dt().Text(label), dd)
}

// discardCard shows the top card of the discard pile (a card index, view.NoCard or
// view.FaceDownCard); face-down cards are never shown.
func discardCard(ed *engine.Edition, top int) goapp.UI {
	box := goapp.Div().Class("pp-discard").Title(lang.T("pp.discard_title"))
	label := goapp.Span().Class("pp-dlabel").Text(lang.T("pp.discard"))
	switch {
	case top == view.NoCard:
		return box.Body(label, goapp.Span().Class("pp-dcard pp-dnone").Text(lang.T("pp.none")))
	case top >= 0 && top < len(ed.Cards):
		c := &ed.Cards[top]
		card := goapp.Span().Class("pp-dcard").Text(c.Name)
		if c.Type == engine.LocationCard && c.Location >= 0 && c.Location < len(ed.Locations) {
			card = card.Class("pp-dloc").Style("--pp-banner", kit.Banner(ed.Locations[c.Location].Banner))
		} else {
			card = card.Class("pp-dind")
		}
		return box.Body(label, card)
	}
	return box.Body(label, goapp.Span().Class("pp-dcard pp-dback").Aria("label", lang.T("pp.face_down")).Text(lang.T("pp.face_down")))
}

// levelGroup is a run of tiles of one level left on the mat.
type levelGroup struct {
	spec  engine.TileSpec
	count int
}

func matGroups(ed *engine.Edition, ind engine.Industry, used int) []levelGroup {
	mat := ed.Mats[ind]
	var out []levelGroup
	for i := used; i < len(mat); i++ {
		if n := len(out); n > 0 && out[n-1].spec.Level == mat[i].Level {
			out[n-1].count++
			continue
		}
		out = append(out, levelGroup{spec: mat[i], count: 1})
	}
	return out
}

// eraBlock says why a tile cannot be built in the current era ("" if it can).
func eraBlock(era engine.Era, spec *engine.TileSpec) string {
	if !spec.CanalOK && !spec.RailOK {
		return lang.T("pp.never_built") // Lancashire's level-0 shipyard
	}
	if era == engine.Canal && !spec.CanalOK {
		return lang.T("pp.rail_only")
	}
	if era == engine.Rail && !spec.RailOK {
		return lang.T("pp.canal_only")
	}
	return ""
}

// tileText describes a tile for screen readers and tooltips.
func tileText(ind engine.Industry, spec *engine.TileSpec, count int, block string) string {
	var b strings.Builder
	tile := kit.IndustryName(ind) + " " + kit.Roman(spec.Level)
	if count > 1 {
		tile = lang.T("pp.tile_left", lang.S("tile", tile), lang.N("n", count))
	}
	b.WriteString(lang.T("pp.tile_costs", lang.S("tile", tile), lang.S("cost", kit.Money(spec.Cost))))
	for _, need := range []struct {
		n   int
		key string
	}{{spec.Coal, "pp.needs_coal"}, {spec.Iron, "pp.needs_iron"}, {spec.Beer, "pp.sells_beer"}} {
		if need.n > 0 {
			b.WriteString(", " + lang.T(need.key, lang.N("n", need.n)))
		}
	}
	if spec.Produces > 0 {
		key := "pp.produces_coal"
		if ind == engine.Iron {
			key = "pp.produces_iron"
		}
		b.WriteString(", " + lang.T(key, lang.N("n", spec.Produces)))
	}
	b.WriteString("; " + lang.T("pp.flipped", lang.N("vp", spec.VP), lang.N("income", spec.Income), lang.N("n", spec.LinkIcons)))
	if spec.Lightbulb {
		b.WriteString("; " + lang.T("pp.no_develop"))
	}
	if block != "" {
		b.WriteString("; " + block)
	}
	return b.String()
}

// nextChip is the compact view of the next tile of one industry.
func nextChip(ed *engine.Edition, era engine.Era, ind engine.Industry, used int) goapp.UI {
	mat := ed.Mats[ind]
	chip := goapp.Span().Class("pp-nx").DataSet("industry", ind.ID())
	if used >= len(mat) {
		return chip.Class("pp-nx-none").Title(lang.T("pp.none_left", lang.S("industry", kit.IndustryName(ind)))).Body(
			kit.IndustryIcon(ind, ""),
			goapp.Span().Class("pp-nx-lv").Text("—"),
		)
	}
	spec := &mat[used]
	block := eraBlock(era, spec)
	if block != "" {
		chip = chip.Class("pp-nx-blocked")
	}
	return chip.Title(lang.T("pp.next", lang.S("tile", tileText(ind, spec, 1, block)))).Body(
		kit.IndustryIcon(ind, ""),
		goapp.Span().Class("pp-nx-lv").Text(kit.Roman(spec.Level)),
		goapp.Span().Class("pp-nx-cost").Text(kit.Money(spec.Cost)),
	)
}

// matRow is one industry of the full mat: every level still on it, lowest first.
type matRow struct {
	goapp.Compo
	IData matRowData
}

type matRowData struct {
	ed   *engine.Edition
	Ind  engine.Industry
	Used int
	Era  engine.Era
}

func (r *matRow) Render() goapp.UI {
	ed, ind, used := r.IData.ed, r.IData.Ind, r.IData.Used
	groups := matGroups(ed, ind, used)
	left := len(ed.Mats[ind]) - used
	if left < 0 {
		left = 0
	}
	head := goapp.Div().Class("pp-rhead").Body(
		kit.IndustryIcon(ind, ""),
		goapp.Span().Class("pp-rname").Text(kit.IndustryName(ind)),
		goapp.Span().Class("pp-rleft").Text(lang.T("pp.left", lang.N("n", left))),
	)
	var tiles []goapp.UI
	for gi := range groups {
		tiles = append(tiles, matTile(r.IData.Era, ind, &groups[gi], gi == 0))
	}
	if len(tiles) == 0 {
		tiles = append(tiles, goapp.Span().Class("pp-empty").Text(lang.T("pp.all_built")))
	}
	return goapp.Div().Class("pp-row").DataSet("industry", ind.ID()).Body(
		head,
		goapp.Div().Class("pp-tiles").Body(tiles...),
	)
}

// tile is one level of an industry on the mat (count tiles of it left).
func matTile(era engine.Era, ind engine.Industry, g *levelGroup, next bool) goapp.UI {
	spec := &g.spec
	block := eraBlock(era, spec)
	class := "pp-tile"
	if next {
		class += " pp-tile-next"
	}
	if block != "" {
		class += " pp-blocked"
	}
	if spec.Lightbulb {
		class += " pp-bulb"
	}
	top := []goapp.UI{goapp.Span().Class("pp-lv").Text(kit.Roman(spec.Level))}
	if g.count > 1 {
		top = append(top, goapp.Span().Class("pp-count").Text("×"+strconv.Itoa(g.count)))
	}
	if spec.Lightbulb {
		top = append(top, kit.Bulb())
	}
	top = append(top, goapp.Span().Class("pp-cost").Text(kit.Money(spec.Cost)))

	var needs []goapp.UI
	if spec.Coal > 0 {
		needs = append(needs, kit.Res("coal", spec.Coal, lang.T("pp.needs_coal", lang.N("n", spec.Coal))))
	}
	if spec.Iron > 0 {
		needs = append(needs, kit.Res("iron", spec.Iron, lang.T("pp.needs_iron", lang.N("n", spec.Iron))))
	}
	if spec.Beer > 0 {
		needs = append(needs, kit.Res("beer", spec.Beer, lang.T("pp.sells_beer", lang.N("n", spec.Beer))))
	}
	if spec.Produces > 0 && (ind == engine.Coal || ind == engine.Iron) {
		kind, key := "coal", "pp.produces_coal"
		if ind == engine.Iron {
			kind, key = "iron", "pp.produces_iron"
		}
		needs = append(needs, goapp.Span().Class("pp-makes").Title(lang.T(key, lang.N("n", spec.Produces))).Body(
			goapp.Span().Class("pp-arrow").Aria("hidden", "true").Text("→"),
			kit.Res(kind, spec.Produces, ""),
		))
	}
	if len(needs) == 0 {
		needs = append(needs, goapp.Span().Class("pp-free").Text("—"))
	}
	body := []goapp.UI{
		goapp.Span().Class("pp-ttop").Body(top...),
		goapp.Span().Class("pp-tneeds").Body(needs...),
		goapp.Span().Class("pp-tgain").Body(
			goapp.Span().Class("pp-gvp").Title(lang.T("pp.vp_short", lang.N("n", spec.VP))).Text(strconv.Itoa(spec.VP)),
			goapp.Span().Class("pp-ginc").Title(lang.T("pp.income_spaces", lang.N("n", spec.Income))).Text("+"+strconv.Itoa(spec.Income)),
			goapp.Span().Class("pp-glink").Title(lang.T("pp.link_icons", lang.N("n", spec.LinkIcons))).Text(strconv.Itoa(spec.LinkIcons)),
		),
	}
	if block != "" {
		body = append(body, goapp.Span().Class("pp-era").Text(block))
	}
	return goapp.Span().Class(class).DataSet("level", spec.Level).
		Aria("label", tileText(ind, spec, g.count, block)).Body(body...)
}
