package ui

// The player panel: one player's money, income, VP, spending, hand size, links, discard
// pile and player mat. It is compact enough for four panels beside the board: the mat
// collapses to one strip showing the next tile of each industry.

import (
	"strconv"
	"strings"

	"brass/engine"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// playerPanel shows one player's area. Every input is an exported field, so a mounted panel
// updates when the state (a value) or anything else changes.
type playerPanel struct {
	app.Compo

	IState   engine.State // the game, as a value
	IPlayer  int          // player index
	IName    string       // display name ("" : the state's name)
	IColour  string       // CSS colour
	IActive  bool         // it is this player's turn (or decision)
	IMatOpen bool         // show the full mat opened at first
	IYou     bool         // this is the viewing player

	// open remembers, per player, whether the player folded or opened the mat, so that the
	// choice follows the player when panels swap places with the turn order.
	open map[int]bool
}

// newPlayerPanel returns a panel for player 0; set the state and the player.
func newPlayerPanel() *playerPanel { return &playerPanel{} }

// State sets the game state to show.
func (pp *playerPanel) State(s engine.State) *playerPanel { pp.IState = s; return pp }

// Player sets which player (index) the panel shows.
func (pp *playerPanel) Player(p int) *playerPanel { pp.IPlayer = p; return pp }

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
func (pp *playerPanel) Render() app.UI {
	st := &pp.IState
	ed := hudEdition(st)
	p := pp.IPlayer
	if p < 0 || p >= engine.MaxPlayers {
		return app.Section().Class("pp")
	}
	pl := &st.Players[p]
	name := pp.IName
	if name == "" {
		name = hudName(nil, st, p)
	}
	color := pp.IColour
	if color == "" {
		color = hudColor(nil, p)
	}

	pos := -1
	for i := 0; i < int(st.NumPlayers); i++ {
		if int(st.Order[i]) == p {
			pos = i
		}
	}

	head := []app.UI{
		app.Span().Class("pp-token").Aria("hidden", "true"),
		app.H3().Class("pp-name").Text(name),
	}
	if pp.IYou {
		head = append(head, app.Span().Class("pp-you").Text("you"))
	}
	if pos >= 0 && st.NumPlayers > 0 {
		head = append(head, app.Span().Class("pp-pos").Title("Place in turn order").Text(hudOrdinal(pos+1)))
	}
	if pp.IActive {
		head = append(head, app.Span().Class("pp-turnmark").Text("to play"))
	}

	level := st.IncomeLevel(p)
	levelClass := ""
	if level < 0 {
		levelClass = "pp-neg"
	}
	links := ed.Rules.LinkTilesPerPlayer
	stats := app.Dl().Class("pp-stats").Body(
		pp.stat("money", "Money", hudMoney(int(pl.Money)), "", "", ""),
		pp.stat("income", "Income", hudMoney(level), "space "+strconv.Itoa(int(pl.IncomeSpace)), levelClass,
			"Income level "+hudInt(level)+" (track space "+strconv.Itoa(int(pl.IncomeSpace))+")"),
		pp.stat("vp", "VP", strconv.Itoa(int(pl.VP)), "", "", strconv.Itoa(int(pl.VP))+" victory points"),
		pp.stat("spent", "Spent", hudMoney(int(pl.Spent)), "", "", "Spent this round: "+hudMoney(int(pl.Spent))),
		pp.stat("hand", "Hand", strconv.Itoa(int(pl.HandLen)), "", "", hudPlural(int(pl.HandLen), "card", "cards")+" in hand"),
		pp.stat("links", "Links", strconv.Itoa(int(pl.LinksLeft)), "/"+strconv.Itoa(links), "",
			strconv.Itoa(int(pl.LinksLeft))+" of "+strconv.Itoa(links)+" link tiles left"),
	)

	left := 0
	for _, ind := range engine.Industries {
		if n := len(ed.Mats[ind]) - int(pl.MatUsed[ind]); n > 0 {
			left += n
		}
	}

	var next []app.UI
	for _, ind := range engine.Industries {
		next = append(next, pp.nextChip(st, ed, ind))
	}
	summary := app.Summary().Class("pp-summary").Title("Player mat: "+hudPlural(left, "tile", "tiles")+" left; next tile of each industry").Body(
		app.Span().Class("pp-next").Body(next...),
		app.Span().Class("pp-matlabel").Body(
			app.Span().Class("pp-matword").Text("Mat"),
			app.Span().Class("pp-chev").Aria("hidden", "true"),
		),
	)
	var rows []app.UI
	for _, ind := range engine.Industries {
		rows = append(rows, pp.matRow(st, ed, ind))
	}
	mat := app.Details().Class("pp-mat").OnToggle(pp.onToggle).Body(
		summary,
		app.Div().Class("pp-rows").Body(rows...),
	)
	open, set := pp.open[p]
	if !set {
		open = pp.IMatOpen
	}
	if open {
		mat = mat.Open(true)
	}

	class := "pp"
	if pp.IActive {
		class += " pp-active"
	}
	return app.Section().
		ID("player-panel-"+strconv.Itoa(p)).
		Class(class).
		DataSet("player", p).
		Style("--pp-color", color).
		Aria("label", name+", player "+strconv.Itoa(p+1)).
		Body(
			app.Header().Class("pp-head").Body(head...),
			app.Div().Class("pp-line").Body(stats, pp.discard(st, ed, pl)),
			mat,
		)
}

// onToggle records that the player opened or folded the mat.
func (pp *playerPanel) onToggle(ctx app.Context, e app.Event) {
	open := e.Get("target").Get("open").Bool()
	if pp.open == nil {
		pp.open = map[int]bool{}
	}
	if prev, ok := pp.open[pp.IPlayer]; ok && prev == open {
		ctx.PreventUpdate()
		return
	}
	pp.open[pp.IPlayer] = open
}

func (pp *playerPanel) stat(kind, label, value, sub, class, title string) app.UI {
	dd := app.Dd().Class("pp-val", class)
	if sub != "" {
		dd = dd.Body(app.Text(value), app.Small().Text(sub))
	} else {
		dd = dd.Text(value)
	}
	d := app.Div().Class("pp-stat pp-stat-" + kind)
	if title != "" {
		d = d.Title(title)
	}
	return d.Body(app.Dt().Text(label), dd)
}

// discard shows the top card of the discard pile; face-down cards are never shown.
func (pp *playerPanel) discard(st *engine.State, ed *engine.Edition, pl *engine.Player) app.UI {
	box := app.Div().Class("pp-discard").Title("Top of the discard pile")
	label := app.Span().Class("pp-dlabel").Text("Discard")
	switch {
	case pl.DiscardLen == 0:
		return box.Body(label, app.Span().Class("pp-dcard pp-dnone").Text("none"))
	case pl.DiscardLen > pl.FaceDown:
		k := pl.Discard[pl.DiscardLen-1]
		if k != engine.HiddenCard && int(k) < len(ed.Cards) {
			c := &ed.Cards[k]
			card := app.Span().Class("pp-dcard").Text(c.Name)
			if c.Type == engine.LocationCard && c.Location >= 0 && c.Location < len(ed.Locations) {
				card = card.Class("pp-dloc").Style("--pp-banner", hudBanner(ed.Locations[c.Location].Banner))
			} else {
				card = card.Class("pp-dind")
			}
			return box.Body(label, card)
		}
	}
	return box.Body(label, app.Span().Class("pp-dcard pp-dback").Aria("label", "face down").Text("face down"))
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
func eraBlock(st *engine.State, spec *engine.TileSpec) string {
	if st.Era == engine.Canal && !spec.CanalOK {
		return "Rail only"
	}
	if st.Era == engine.Rail && !spec.RailOK {
		return "Canal only"
	}
	return ""
}

// tileText describes a tile for screen readers and tooltips.
func tileText(ind engine.Industry, spec *engine.TileSpec, count int, block string) string {
	var b strings.Builder
	b.WriteString(ind.Name() + " " + hudRoman(spec.Level))
	if count > 1 {
		b.WriteString(" (" + strconv.Itoa(count) + " left)")
	}
	b.WriteString(": costs " + hudMoney(spec.Cost))
	if spec.Coal > 0 {
		b.WriteString(", needs " + strconv.Itoa(spec.Coal) + " coal")
	}
	if spec.Iron > 0 {
		b.WriteString(", needs " + strconv.Itoa(spec.Iron) + " iron")
	}
	if spec.Beer > 0 {
		b.WriteString(", sells with " + strconv.Itoa(spec.Beer) + " beer")
	}
	if spec.Produces > 0 {
		what := "coal"
		if ind == engine.Iron {
			what = "iron"
		}
		b.WriteString(", produces " + strconv.Itoa(spec.Produces) + " " + what)
	}
	b.WriteString("; flipped: " + strconv.Itoa(spec.VP) + " VP, income +" + strconv.Itoa(spec.Income) +
		", " + hudPlural(spec.LinkIcons, "link icon", "link icons"))
	if spec.Lightbulb {
		b.WriteString("; cannot be developed")
	}
	if block != "" {
		b.WriteString("; " + block)
	}
	return b.String()
}

// nextChip is the compact view of the next tile of one industry.
func (pp *playerPanel) nextChip(st *engine.State, ed *engine.Edition, ind engine.Industry) app.UI {
	used := int(st.Players[pp.IPlayer].MatUsed[ind])
	mat := ed.Mats[ind]
	chip := app.Span().Class("pp-nx").DataSet("industry", ind.ID())
	if used >= len(mat) {
		return chip.Class("pp-nx-none").Title(ind.Name()+": none left").Body(
			hudIndustryIcon(ind, ""),
			app.Span().Class("pp-nx-lv").Text("—"),
		)
	}
	spec := &mat[used]
	block := eraBlock(st, spec)
	if block != "" {
		chip = chip.Class("pp-nx-blocked")
	}
	return chip.Title("Next "+tileText(ind, spec, 1, block)).Body(
		hudIndustryIcon(ind, ""),
		app.Span().Class("pp-nx-lv").Text(hudRoman(spec.Level)),
		app.Span().Class("pp-nx-cost").Text(hudMoney(spec.Cost)),
	)
}

// matRow is one industry of the full mat: every level still on it, lowest first.
func (pp *playerPanel) matRow(st *engine.State, ed *engine.Edition, ind engine.Industry) app.UI {
	used := int(st.Players[pp.IPlayer].MatUsed[ind])
	groups := matGroups(ed, ind, used)
	left := len(ed.Mats[ind]) - used
	if left < 0 {
		left = 0
	}
	head := app.Div().Class("pp-rhead").Body(
		hudIndustryIcon(ind, ""),
		app.Span().Class("pp-rname").Text(ind.Name()),
		app.Span().Class("pp-rleft").Text(strconv.Itoa(left)+" left"),
	)
	var tiles []app.UI
	for gi := range groups {
		tiles = append(tiles, pp.tile(st, ind, &groups[gi], gi == 0))
	}
	if len(tiles) == 0 {
		tiles = append(tiles, app.Span().Class("pp-empty").Text("all built"))
	}
	return app.Div().Class("pp-row").DataSet("industry", ind.ID()).Body(
		head,
		app.Div().Class("pp-tiles").Body(tiles...),
	)
}

// tile is one level of an industry on the mat (count tiles of it left).
func (pp *playerPanel) tile(st *engine.State, ind engine.Industry, g *levelGroup, next bool) app.UI {
	spec := &g.spec
	block := eraBlock(st, spec)
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
	top := []app.UI{app.Span().Class("pp-lv").Text(hudRoman(spec.Level))}
	if g.count > 1 {
		top = append(top, app.Span().Class("pp-count").Text("×"+strconv.Itoa(g.count)))
	}
	if spec.Lightbulb {
		top = append(top, hudBulb())
	}
	top = append(top, app.Span().Class("pp-cost").Text(hudMoney(spec.Cost)))

	var needs []app.UI
	if spec.Coal > 0 {
		needs = append(needs, hudRes("coal", spec.Coal, "needs "+strconv.Itoa(spec.Coal)+" coal"))
	}
	if spec.Iron > 0 {
		needs = append(needs, hudRes("iron", spec.Iron, "needs "+strconv.Itoa(spec.Iron)+" iron"))
	}
	if spec.Beer > 0 {
		needs = append(needs, hudRes("beer", spec.Beer, "sells with "+strconv.Itoa(spec.Beer)+" beer"))
	}
	if spec.Produces > 0 && (ind == engine.Coal || ind == engine.Iron) {
		kind := "coal"
		if ind == engine.Iron {
			kind = "iron"
		}
		needs = append(needs, app.Span().Class("pp-makes").Title("produces "+strconv.Itoa(spec.Produces)+" "+kind).Body(
			app.Span().Class("pp-arrow").Aria("hidden", "true").Text("→"),
			hudRes(kind, spec.Produces, ""),
		))
	}
	if len(needs) == 0 {
		needs = append(needs, app.Span().Class("pp-free").Text("—"))
	}
	body := []app.UI{
		app.Span().Class("pp-ttop").Body(top...),
		app.Span().Class("pp-tneeds").Body(needs...),
		app.Span().Class("pp-tgain").Body(
			app.Span().Class("pp-gvp").Title(strconv.Itoa(spec.VP)+" VP").Text(strconv.Itoa(spec.VP)),
			app.Span().Class("pp-ginc").Title("income +"+strconv.Itoa(spec.Income)+" spaces").Text("+"+strconv.Itoa(spec.Income)),
			app.Span().Class("pp-glink").Title(hudPlural(spec.LinkIcons, "link icon", "link icons")).Text(strconv.Itoa(spec.LinkIcons)),
		),
	}
	if block != "" {
		body = append(body, app.Span().Class("pp-era").Text(block))
	}
	return app.Span().Class(class).DataSet("level", spec.Level).
		Aria("label", tileText(ind, spec, g.count, block)).Body(body...)
}
