package ui

// The game board, drawn as one SVG from an engine.State value. Geometry comes from
// layout.go; this file only decides what to draw where and which parts are clickable.

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"brass/engine"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

const svgNS = "http://www.w3.org/2000/svg"

// svgEl returns an SVG element: go-app needs the namespace on every one of them.
func svgEl(tag string) app.HTMLElem { return app.Elem(tag).XMLNS(svgNS) }

// board is the Birmingham board. Build it with newBoard and the chainable setters; every
// input is an exported field so that go-app updates a mounted board when it changes.
type board struct {
	app.Compo

	IState     engine.State // the game; a value, so that a changed game re-renders
	IColors    []string     // CSS colour per player index
	INames     []string     // name per player index
	ISpaces    []string     // legal build spaces (space ids), sorted
	ILinks     []string     // legal links (link ids), sorted
	IMerchants []string     // legal merchant spaces (merchant space ids), sorted
	ISources   []string     // coal/iron/beer sources: space ids, merchant space ids, "coal_market", "iron_market"; sorted
	ISelected  []string     // already chosen things, any kind of id, sorted
	IRecent    []string     // things the last turn used (see moveRecap), any kind of id, sorted
	IClass     string

	// onPick is called when a highlighted target is chosen with the keyboard (clicks and
	// taps are resolved by the boardFrame around the board, which also finds the nearest
	// target to a tap). It is unexported on purpose: go-app re-renders a child whenever an
	// exported field differs, and functions never compare equal, so an exported callback
	// would redraw the whole board on every parent render. The mounted board keeps the
	// callback it was first given, which is right for the method value its parent passes.
	onPick func(ctx app.Context, t boardTarget)

	// handlers caches one keydown handler per highlighted element, so a re-render hands
	// go-app the very same functions (see app.EventScope below).
	handlers map[string]app.EventHandler
}

// newBoard returns an empty board; set at least the state.
func newBoard() *board { return &board{} }

// State sets the game to draw.
func (b *board) State(s engine.State) *board { b.IState = s; return b }

// Colors sets the players' colours (CSS colours, by player index).
func (b *board) Colors(c []string) *board { b.IColors = c; return b }

// Names sets the players' names (by player index), used in labels.
func (b *board) Names(n []string) *board { b.INames = n; return b }

// LegalSpaces highlights build spaces (engine space ids) the player may choose.
func (b *board) LegalSpaces(ids []string) *board { b.ISpaces = sortedCopy(ids); return b }

// LegalLinks highlights links (engine link ids) the player may choose.
func (b *board) LegalLinks(ids []string) *board { b.ILinks = sortedCopy(ids); return b }

// LegalMerchants highlights merchant spaces (engine merchant space ids).
func (b *board) LegalMerchants(ids []string) *board { b.IMerchants = sortedCopy(ids); return b }

// Sources highlights where coal, iron or beer may come from: build space ids (tiles),
// merchant space ids (their beer) and "coal_market" / "iron_market".
func (b *board) Sources(ids []string) *board { b.ISources = sortedCopy(ids); return b }

// Selected marks things already chosen (any of the ids above).
func (b *board) Selected(ids []string) *board { b.ISelected = sortedCopy(ids); return b }

// Class adds CSS classes to the <svg> element.
func (b *board) Class(c string) *board { b.IClass = strings.TrimSpace(b.IClass + " " + c); return b }

// Recent marks what the last turn used (any of the ids above), for the recap.
func (b *board) Recent(ids []string) *board { b.IRecent = sortedCopy(ids); return b }

// OnPick is called when a highlighted target is chosen with the keyboard.
func (b *board) OnPick(fn func(ctx app.Context, t boardTarget)) *board { b.onPick = fn; return b }

func sortedCopy(ids []string) []string {
	if len(ids) == 0 {
		return nil
	}
	out := append([]string(nil), ids...)
	sort.Strings(out)
	return out
}

func inSorted(sorted []string, id string) bool {
	i := sort.SearchStrings(sorted, id)
	return i < len(sorted) && sorted[i] == id
}

// ---------------------------------------------------------------------------------------
// Colours and names.

var bannerColors = map[string]string{
	"teal":   "#23827e",
	"blue":   "#2d5b9a",
	"red":    "#a8372b",
	"brown":  "#7a5232",
	"purple": "#6a3d8a",
}

// industryColors is the fixed colour of each industry's icon disc.
var industryColors = [...]string{
	engine.Cotton:       "#8a68c0",
	engine.Coal:         "#2b2b2b",
	engine.Iron:         "#c45f24",
	engine.Manufacturer: "#3c8a63",
	engine.Pottery:      "#2c6fb2",
	engine.Brewery:      "#b9801a",
}

// defaultColors are used for players without a colour.
var defaultColors = []string{"#c0392b", "#e2b714", "#7e57c2", "#16a085"}

func (b *board) color(p int) string {
	if p >= 0 && p < len(b.IColors) && b.IColors[p] != "" {
		return b.IColors[p]
	}
	return defaultColors[p%len(defaultColors)]
}

func (b *board) name(p int) string {
	if p >= 0 && p < len(b.INames) && b.INames[p] != "" {
		return b.INames[p]
	}
	return "Player " + strconv.Itoa(p+1)
}

var romans = []string{"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII"}

func roman(n int) string {
	if n > 0 && n < len(romans) {
		return romans[n]
	}
	return strconv.Itoa(n)
}

// joinWithAnd joins names as "a, b and c".
func joinWithAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

func bonusText(l *engine.Location) string {
	switch l.Bonus {
	case engine.BonusMoney:
		return "+£" + strconv.Itoa(l.BonusAmount)
	case engine.BonusIncome:
		return "+" + strconv.Itoa(l.BonusAmount) + " income"
	case engine.BonusVP:
		return strconv.Itoa(l.BonusAmount) + " VP"
	case engine.BonusDevelop:
		return "develop"
	}
	return ""
}

// ---------------------------------------------------------------------------------------
// Interaction.

func (b *board) anyHighlight() bool {
	return len(b.ISpaces)+len(b.ILinks)+len(b.IMerchants)+len(b.ISources) > 0
}

// interactive marks el (the group of one space, link, merchant space or market) while a
// choice is made: a highlighted target is a button (Enter or Space chooses it), anything
// else shows that it is refused. Clicks are the boardFrame's business.
func (b *board) interactive(el app.HTMLElem, t boardTarget, highlighted bool) app.HTMLElem {
	if !b.anyHighlight() {
		return el.Role("img") // named by its aria-label; its shapes say nothing more
	}
	if !highlighted {
		return el.Class("bb-refuse").Role("img")
	}
	key := t.Kind + "/" + t.ID
	h, ok := b.handlers[key]
	if !ok {
		h = func(ctx app.Context, e app.Event) {
			if k := e.Get("key").String(); (k == "Enter" || k == " ") && b.onPick != nil {
				e.PreventDefault()
				b.onPick(ctx, t)
			}
		}
		if b.handlers == nil {
			b.handlers = map[string]app.EventHandler{}
		}
		b.handlers[key] = h
	}
	return el.Class("bb-click").Role("button").TabIndex(0).OnKeyDown(h, app.EventScope(key))
}

// markClasses returns the CSS classes of an element from the highlight sets.
func markClasses(legal, source, selected, recent bool) string {
	var c []string
	if recent {
		c = append(c, "bb-recent")
	}
	if legal {
		c = append(c, "bb-hl")
	}
	if source {
		c = append(c, "bb-src")
	}
	if selected {
		c = append(c, "bb-sel")
	}
	return strings.Join(c, " ")
}

// ---------------------------------------------------------------------------------------
// Rendering.

// Render draws the board.
func (b *board) Render() app.UI {
	st := &b.IState
	ed := st.Edition()
	if ed == nil {
		ed, _ = engine.EditionByID("birmingham")
	}
	class := "bb"
	if b.anyHighlight() {
		class += " bb-choosing"
	}
	if b.IClass != "" {
		class += " " + b.IClass
	}
	layers := []app.UI{
		svgEl("title").Text(b.title(st, ed)),
		svgEl("style").Text(boardCSS),
		boardDefs(),
		b.background(),
		b.track(st),
		b.links(st, ed),
		b.markets(st, ed),
		b.legend(st),
	}
	for li := range ed.Locations {
		layers = append(layers, b.location(st, ed, li))
	}
	layers = append(layers, b.trackMarkers(st))
	return svgEl("svg").
		ID("board").
		Class(class).
		Attr("viewBox", "0 0 "+fmtNum(boardW)+" "+fmtNum(boardH)).
		Attr("width", "100%").
		Attr("preserveAspectRatio", "xMidYMid meet").
		Role("group"). // not "img": its spaces and links are buttons when a choice is made
		Aria("label", b.title(st, ed)).
		Body(layers...)
}

func (b *board) title(st *engine.State, ed *engine.Edition) string {
	t := ed.Name + " board"
	if st.Edition() != nil {
		t += ", " + st.Era.String()
		if st.Phase != engine.PhaseOver {
			t += ", round " + strconv.Itoa(int(st.Round))
		}
	}
	return t
}

func (b *board) background() app.UI {
	return svgEl("g").Class("bb-bg").Body(
		svgEl("rect").Attr("width", svgNum(boardW)).Attr("height", svgNum(boardH)).Attr("fill", "url(#bb-paper)"),
		svgEl("rect").Attr("x", svgNum(cellW+4)).Attr("y", svgNum(cellH+4)).
			Attr("width", svgNum(boardW-2*cellW-8)).Attr("height", svgNum(boardH-2*cellH-8)).
			Attr("fill", "none").Attr("stroke", "#8a6a3e").Attr("stroke-width", svgNum(1.5)).Attr("rx", svgNum(6)),
		compassRose(compassAt),
	)
}

// compassRose is a small decorative compass with north up.
func compassRose(c pt) app.UI {
	star := func(long, short float64, rot float64) string {
		var d strings.Builder
		for i := 0; i < 8; i++ {
			r := short
			if i%2 == 0 {
				r = long
			}
			p := polar(r, rot+float64(i)*math.Pi/4-math.Pi/2)
			if i == 0 {
				d.WriteString("M")
			} else {
				d.WriteString("L")
			}
			d.WriteString(fmtPt(p))
		}
		return d.String() + "Z"
	}
	return svgEl("g").Class("bb-compass").Attr("transform", "translate("+fmtPt(c)+")").Body(
		svgEl("circle").Attr("r", svgNum(22)),
		svgEl("path").Attr("d", star(20, 5, math.Pi/4)).Class("bb-compass-minor"),
		svgEl("path").Attr("d", star(30, 6, 0)),
		svgEl("text").Attr("y", svgNum(-33)).Text("N"),
	)
}

// ---- progress track

func (b *board) track(st *engine.State) app.UI {
	cells := make([]app.UI, 0, 4*len(boardLayout.Track)+1)
	cells = append(cells, svgEl("rect").Attr("width", svgNum(boardW)).Attr("height", svgNum(boardH)).
		Attr("fill", "none").Attr("stroke", "#5b4122").Attr("stroke-width", svgNum(3)))
	for i, r := range boardLayout.Track {
		level := engine.IncomeLevel(i)
		fill := "#f1dfb6"
		if level%2 != 0 {
			fill = "#e4cd98"
		}
		c := r.center()
		coin := "bb-coin"
		lv := strconv.Itoa(level)
		if level < 0 {
			coin = "bb-coin bb-neg"
			lv = "−" + strconv.Itoa(-level)
		}
		cells = append(cells,
			svgEl("rect").Attr("x", svgNum(r.X)).Attr("y", svgNum(r.Y)).Attr("width", svgNum(r.W)).Attr("height", svgNum(r.H)).
				Attr("fill", fill).Class("bb-cell"),
			svgEl("text").Attr("x", svgNum(c.X)).Attr("y", svgNum(r.Y+14)).Class("bb-tnum").Text(strconv.Itoa(i)),
			svgEl("circle").Attr("cx", svgNum(c.X)).Attr("cy", svgNum(r.Y+27)).Attr("r", svgNum(9.5)).Class(coin),
			svgEl("text").Attr("x", svgNum(c.X)).Attr("y", svgNum(r.Y+30.5)).Class("bb-clv").Text(lv),
		)
	}
	return svgEl("g").Class("bb-track").Body(cells...)
}

// trackMarkers draws each player's VP marker (a disc, on the outer half of its space) and
// income marker (a square, on the inner half), spread out when several share a space.
func (b *board) trackMarkers(st *engine.State) app.UI {
	n := int(st.NumPlayers)
	var vpAt, incAt [100][]int
	for p := 0; p < n; p++ {
		vp := int(st.Players[p].VP) % 100
		if vp < 0 {
			vp += 100
		}
		vpAt[vp] = append(vpAt[vp], p)
		inc := int(st.Players[p].IncomeSpace)
		if inc > 99 {
			inc = 99
		}
		incAt[inc] = append(incAt[inc], p)
	}
	var out []app.UI
	place := func(i int, ps []int, depth float64, vp bool) {
		r := boardLayout.Track[i]
		in := trackInward(i)
		along := pt{-in.Y, in.X}
		c := r.center()
		for j, p := range ps {
			off := (float64(j) - float64(len(ps)-1)/2) * 11
			x := c.X + in.X*depth + along.X*off
			y := c.Y + in.Y*depth + along.Y*off
			var label string
			if vp {
				label = b.name(p) + " VP marker: " + strconv.Itoa(int(st.Players[p].VP)) + " VP"
				out = append(out, svgEl("circle").Attr("cx", svgNum(x)).Attr("cy", svgNum(y)).Attr("r", svgNum(8)).
					Attr("fill", b.color(p)).Class("bb-vpm").Role("img").Aria("label", label))
			} else {
				label = b.name(p) + " income marker: level " + hudInt(st.IncomeLevel(p))
				out = append(out, svgEl("rect").Attr("x", svgNum(x-7)).Attr("y", svgNum(y-7)).Attr("width", svgNum(14)).Attr("height", svgNum(14)).
					Attr("rx", svgNum(2)).Attr("fill", b.color(p)).Class("bb-incm").Role("img").Aria("label", label))
			}
		}
	}
	for i := range boardLayout.Track {
		if len(vpAt[i]) > 0 {
			place(i, vpAt[i], -8, true)
		}
		if len(incAt[i]) > 0 {
			place(i, incAt[i], 10, false)
		}
	}
	return svgEl("g").Class("bb-markers").Body(out...)
}

// ---- links

func (b *board) links(st *engine.State, ed *engine.Edition) app.UI {
	under := make([]app.UI, 0, len(ed.Links))
	for li := range ed.Links {
		under = append(under, b.link(st, ed, li))
	}
	return svgEl("g").Class("bb-links").Body(under...)
}

func (b *board) link(st *engine.State, ed *engine.Edition, li int) app.UI {
	l := &ed.Links[li]
	g := boardLayout.Links[l.ID]
	owner := int(st.Links[li])
	legal, sel := inSorted(b.ILinks, l.ID), inSorted(b.ISelected, l.ID)

	kind := "canal and rail"
	switch {
	case l.Canal && !l.Rail:
		kind = "canal only"
	case l.Rail && !l.Canal:
		kind = "rail only"
	}
	label := ed.LinkName(li) + " link (" + kind + "): "

	var body []app.UI
	if owner > 0 {
		p := owner - 1
		what := "rail"
		if st.Era == engine.Canal {
			what = "canal"
		}
		label += b.name(p) + "'s " + what
		if vp := st.LinkVP(li); vp > 0 {
			label += ", worth " + strconv.Itoa(vp) + " VP"
		}
		body = append(body,
			svgEl("path").Attr("d", g.D).Class("bb-built-edge"),
			svgEl("path").Attr("d", g.D).Class("bb-built").Attr("stroke", b.color(p)),
			svgEl("g").Attr("transform", "translate("+fmtPt(g.Mid)+") rotate("+fmtNum(g.Angle)+")").Body(
				svgEl("rect").Attr("x", svgNum(-17)).Attr("y", svgNum(-8)).Attr("width", svgNum(34)).Attr("height", svgNum(16)).Attr("rx", svgNum(3)).
					Attr("fill", b.color(p)).Class("bb-ltile"),
				svgEl("use").Attr("href", "#bb-"+what).Attr("x", svgNum(-13)).Attr("y", svgNum(-5)).Attr("width", svgNum(26)).Attr("height", svgNum(10)),
			),
		)
	} else {
		label += "not built"
		if l.Canal {
			c := "bb-canal"
			if !l.Rail {
				c += " bb-canal-only"
			}
			body = append(body, svgEl("path").Attr("d", g.D).Class(c))
		}
		if l.Rail {
			c := "bb-rail"
			if !l.Canal {
				c += " bb-rail-only"
			}
			body = append(body,
				svgEl("path").Attr("d", g.D).Class(c),
				svgEl("path").Attr("d", g.D).Class("bb-rail-line"))
		}
	}
	if sel {
		label += ", selected"
	}
	body = append(body, svgEl("path").Attr("d", g.D).Class("bb-hit"))
	el := svgEl("g").ID("link-"+l.ID).Class("bb-link", markClasses(legal, false, sel, inSorted(b.IRecent, l.ID))).Aria("label", label).Body(body...)
	return b.interactive(el, boardTarget{targetLink, l.ID}, legal)
}

// ---- locations

func (b *board) location(st *engine.State, ed *engine.Edition, li int) app.UI {
	loc := &ed.Locations[li]
	geo, ok := boardLayout.Locations[loc.ID]
	if !ok {
		return nil
	}
	if loc.Kind == engine.MerchantLocation {
		return b.merchant(st, ed, li, geo)
	}
	box := geo.Box
	banner := bannerColors[loc.Banner]
	name := loc.Name
	cls := "bb-town"
	if loc.Kind == engine.FarmBrewery {
		banner = "#5f7a34"
		name = "Farm Brewery"
		cls = "bb-town bb-farm"
	}
	body := []app.UI{
		svgEl("rect").Attr("x", svgNum(box.X)).Attr("y", svgNum(box.Y)).Attr("width", svgNum(box.W)).Attr("height", svgNum(box.H)).
			Attr("rx", svgNum(6)).Class("bb-box").Attr("stroke", banner),
		svgEl("path").Attr("d", topRounded(box.X, box.Y, box.W, bannerH, 6)).Attr("fill", banner),
		nameText(box.X+box.W/2, box.Y+15, box.W-8, name, "bb-name"),
	}
	for k, sp := range loc.Spaces {
		body = append(body, b.space(st, ed, loc, k, sp))
	}
	return svgEl("g").ID("loc-" + loc.ID).Class(cls).Body(body...)
}

// nameText draws a label centred at x that is squeezed to fit in width w when needed.
func nameText(x, y, w float64, s, class string) app.UI {
	t := svgEl("text").Attr("x", svgNum(x)).Attr("y", svgNum(y)).Class(class)
	// Bold Georgia at 14 units averages about 8.3 units per character.
	if est := float64(len([]rune(s))) * 8.3; est > w {
		t = t.Attr("textLength", fmtNum(w)).Attr("lengthAdjust", "spacingAndGlyphs")
	}
	return t.Text(s)
}

// topRounded is the path of a rectangle with rounded top corners only.
func topRounded(x, y, w, h, r float64) string {
	return "M" + fmtPt(pt{x, y + h}) + "V" + fmtNum(y+r) + "Q" + fmtPt(pt{x, y}) + " " + fmtPt(pt{x + r, y}) +
		"H" + fmtNum(x+w-r) + "Q" + fmtPt(pt{x + w, y}) + " " + fmtPt(pt{x + w, y + r}) + "V" + fmtNum(y+h) + "Z"
}

func (b *board) space(st *engine.State, ed *engine.Edition, loc *engine.Location, k, sp int) app.UI {
	s := &ed.Spaces[sp]
	r := boardLayout.Spaces[s.ID]
	t := st.Tiles[sp]
	legal, src, sel := inSorted(b.ISpaces, s.ID), inSorted(b.ISources, s.ID), inSorted(b.ISelected, s.ID)

	var icons []string
	for _, ind := range s.Icons {
		icons = append(icons, ind.Name())
	}
	label := loc.Name + " space " + strconv.Itoa(k+1) + ": " + strings.Join(icons, " or ") + ", "

	var body []app.UI
	if t.Owner == 0 || int(t.Industry) >= len(ed.Mats) || int(t.Spec) >= len(ed.Mats[t.Industry]) {
		label += "empty"
		body = append(body, svgEl("rect").Attr("x", svgNum(r.X)).Attr("y", svgNum(r.Y)).Attr("width", svgNum(r.W)).Attr("height", svgNum(r.H)).
			Attr("rx", svgNum(4)).Class("bb-empty"))
		if len(s.Icons) == 1 {
			body = append(body, industryIcon(s.Icons[0], r.X+r.W/2, r.Y+r.H/2, 30))
		} else {
			for j, ind := range s.Icons {
				d := 12.5 + float64(j)*19
				body = append(body, industryIcon(ind, r.X+d, r.Y+d, 22))
			}
		}
	} else {
		p := int(t.Owner) - 1
		spec := &ed.Mats[t.Industry][t.Spec]
		label += b.name(p) + "'s " + t.Industry.Name() + " " + roman(spec.Level)
		tile := "bb-tile"
		if t.Flipped {
			tile += " bb-flipped"
			label += ", flipped"
		}
		body = append(body,
			svgEl("rect").Attr("x", svgNum(r.X)).Attr("y", svgNum(r.Y)).Attr("width", svgNum(r.W)).Attr("height", svgNum(r.H)).
				Attr("rx", svgNum(4)).Attr("fill", b.color(p)).Class(tile),
			industryIcon(t.Industry, r.X+13, r.Y+13, 22),
			svgEl("text").Attr("x", svgNum(r.X+r.W-4)).Attr("y", svgNum(r.Y+15)).Class("bb-lvl").Text(roman(spec.Level)),
		)
		if t.Flipped {
			body = append(body,
				svgEl("text").Attr("x", svgNum(r.X+r.W/2)).Attr("y", svgNum(r.Y+r.H-6)).Class("bb-tvp").Text(strconv.Itoa(spec.VP)+" VP"))
		} else if t.Cubes > 0 {
			res := map[engine.Industry]string{engine.Coal: "coal", engine.Iron: "iron", engine.Brewery: "beer"}[t.Industry]
			label += ", " + strconv.Itoa(int(t.Cubes)) + " " + res
			body = append(body, tileCubes(t.Industry, int(t.Cubes), r)...)
		}
	}
	if sel {
		label += ", selected"
	}
	body = append(body, svgEl("rect").Attr("x", svgNum(r.X-3)).Attr("y", svgNum(r.Y-3)).Attr("width", svgNum(r.W+6)).Attr("height", svgNum(r.H+6)).
		Attr("rx", svgNum(6)).Class("bb-ring"))
	el := svgEl("g").ID("space-"+s.ID).Class("bb-space", markClasses(legal, src, sel, inSorted(b.IRecent, s.ID))).Aria("label", label).Body(body...)
	return b.interactive(el, boardTarget{targetSpace, s.ID}, legal || src)
}

// industryIcon is the industry's disc with its glyph, centred at x, y, size units across.
func industryIcon(ind engine.Industry, x, y, size float64) app.UI {
	return svgEl("use").Attr("href", "#bb-i-"+ind.ID()).
		Attr("x", svgNum(x-size/2)).Attr("y", svgNum(y-size/2)).Attr("width", svgNum(size)).Attr("height", svgNum(size))
}

// tileCubes draws the coal, iron or beer on a tile: up to 3 in a row, from the bottom right.
func tileCubes(ind engine.Industry, n int, r rect) []app.UI {
	var out []app.UI
	for i := 0; i < n; i++ {
		row, col := i/3, i%3
		x := r.X + r.W - 3 - float64(3-col)*8.8
		y := r.Y + r.H - 11 - float64(row)*8.8
		switch ind {
		case engine.Brewery:
			out = append(out, svgEl("use").Attr("href", "#bb-barrel").Attr("x", svgNum(x)).Attr("y", svgNum(y-1)).
				Attr("width", svgNum(8)).Attr("height", svgNum(10.5)))
		case engine.Iron:
			out = append(out, svgEl("rect").Attr("x", svgNum(x)).Attr("y", svgNum(y)).Attr("width", svgNum(7.5)).Attr("height", svgNum(7.5)).Class("bb-iron"))
		default:
			out = append(out, svgEl("rect").Attr("x", svgNum(x)).Attr("y", svgNum(y)).Attr("width", svgNum(7.5)).Attr("height", svgNum(7.5)).Class("bb-coal"))
		}
	}
	return out
}

// ---- merchants

func (b *board) merchant(st *engine.State, ed *engine.Edition, li int, geo locGeom) app.UI {
	loc := &ed.Locations[li]
	box := geo.Box
	inPlay := st.Edition() == nil || int(st.NumPlayers) >= loc.MinPlayers
	banner := "#3f3a36"
	if !inPlay {
		banner = "#8a837c"
	}
	body := []app.UI{
		svgEl("rect").Attr("x", svgNum(box.X)).Attr("y", svgNum(box.Y)).Attr("width", svgNum(box.W)).Attr("height", svgNum(box.H)).
			Attr("rx", svgNum(6)).Class("bb-mbox"),
		svgEl("path").Attr("d", topRounded(box.X, box.Y, box.W, bannerH, 6)).Attr("fill", banner),
		nameText(box.X+box.W/2, box.Y+15, box.W-8, loc.Name, "bb-name"),
	}
	bonus := "Beer: " + bonusText(loc)
	if !inPlay {
		bonus = strconv.Itoa(loc.MinPlayers) + "+ players"
	}
	body = append(body, svgEl("text").Attr("x", svgNum(box.X+box.W/2)).Attr("y", svgNum(box.Y+box.H-8)).Class("bb-bonus").Text(bonus))
	for k, ms := range loc.MerchantSpaces {
		body = append(body, b.merchantSlot(st, ed, loc, k, ms, inPlay))
	}
	cls := "bb-merchant"
	if !inPlay {
		cls += " bb-out"
	}
	return svgEl("g").ID("loc-" + loc.ID).Class(cls).Body(body...)
}

func (b *board) merchantSlot(st *engine.State, ed *engine.Edition, loc *engine.Location, k, ms int, inPlay bool) app.UI {
	id := ed.MerchantSpaces[ms].ID
	g := boardLayout.MerchantSlots[id]
	slot := st.Merchants[ms]
	legal, src, sel := inSorted(b.IMerchants, id), inSorted(b.ISources, id), inSorted(b.ISelected, id)
	label := loc.Name + " merchant " + strconv.Itoa(k+1) + ": "
	r := g.Tile
	body := []app.UI{
		svgEl("rect").Attr("x", svgNum(r.X)).Attr("y", svgNum(r.Y)).Attr("width", svgNum(r.W)).Attr("height", svgNum(r.H)).Attr("rx", svgNum(4)).Class("bb-mtile"),
	}
	var tile *engine.MerchantTile
	if slot.Tile > 0 && int(slot.Tile) <= len(ed.MerchantTiles) {
		tile = &ed.MerchantTiles[slot.Tile-1]
	}
	switch {
	case tile == nil && !inPlay:
		label += "not in play"
	case tile == nil:
		label += "no tile"
	case len(tile.Buys) == 0:
		label += "blank tile"
		body = append(body, svgEl("text").Attr("x", svgNum(r.X+r.W/2)).Attr("y", svgNum(r.Y+r.H/2+4)).Class("bb-blank").Text("—"))
	default:
		var buys []string
		for _, ind := range tile.Buys {
			buys = append(buys, ind.Name())
		}
		label += "buys " + joinWithAnd(buys)
		if len(tile.Buys) == 1 {
			body = append(body, industryIcon(tile.Buys[0], r.X+r.W/2, r.Y+r.H/2, 30))
		} else {
			pos := []pt{{r.X + 11, r.Y + 11}, {r.X + r.W - 11, r.Y + 11}, {r.X + r.W/2, r.Y + r.H - 11}}
			for j, ind := range tile.Buys {
				if j < len(pos) {
					body = append(body, industryIcon(ind, pos[j].X, pos[j].Y, 19))
				}
			}
		}
	}
	br := g.Barrel
	if slot.Beer > 0 {
		label += ", beer available"
		body = append(body, svgEl("use").Attr("href", "#bb-barrel").
			Attr("x", svgNum(br.X)).Attr("y", svgNum(br.Y)).Attr("width", svgNum(br.W)).Attr("height", svgNum(br.H)))
	} else {
		if tile != nil && len(tile.Buys) > 0 {
			label += ", no beer"
		}
		body = append(body, svgEl("ellipse").Attr("cx", svgNum(br.X+br.W/2)).Attr("cy", svgNum(br.Y+br.H/2)).
			Attr("rx", svgNum(br.W/2-1)).Attr("ry", svgNum(br.H/2-1)).Class("bb-nobeer"))
	}
	if sel {
		label += ", selected"
	}
	body = append(body, svgEl("rect").Attr("x", svgNum(r.X-3)).Attr("y", svgNum(r.Y-3)).Attr("width", svgNum(br.X+br.W-r.X+6)).Attr("height", svgNum(r.H+6)).
		Attr("rx", svgNum(6)).Class("bb-ring"))
	el := svgEl("g").ID("merchant-"+id).Class("bb-mslot", markClasses(legal, src, sel, inSorted(b.IRecent, id))).Aria("label", label).Body(body...)
	return b.interactive(el, boardTarget{targetMerchant, id}, legal || src)
}

// ---- markets

func (b *board) markets(st *engine.State, ed *engine.Edition) app.UI {
	return svgEl("g").Class("bb-markets").Body(
		b.market("coal_market", "Coal", &ed.CoalMarket, boardLayout.Coal, int(st.CoalMarket), "bb-coal"),
		b.market("iron_market", "Iron", &ed.IronMarket, boardLayout.Iron, int(st.IronMarket), "bb-iron"),
	)
}

func (b *board) market(id, name string, m *engine.Market, g marketGeom, count int, cube string) app.UI {
	src, sel := inSorted(b.ISources, id), inSorted(b.ISelected, id)
	p := g.Panel
	body := []app.UI{
		svgEl("rect").Attr("x", svgNum(p.X)).Attr("y", svgNum(p.Y)).Attr("width", svgNum(p.W)).Attr("height", svgNum(p.H)).Attr("rx", svgNum(6)).Class("bb-mkt"),
		svgEl("text").Attr("x", svgNum(p.X+p.W/2)).Attr("y", svgNum(p.Y+17)).Class("bb-mkt-title").Text(name),
	}
	n := len(m.Prices)
	for i, r := range g.Spaces {
		if i%2 == 0 {
			body = append(body, svgEl("text").Attr("x", svgNum(p.X+mktPad+mktLabelW/2)).Attr("y", svgNum(r.Y+r.H/2+5)).
				Class("bb-price").Text("£"+strconv.Itoa(m.Prices[i])))
		}
		filled := i >= n-count
		c := "bb-mspace"
		if filled {
			c = cube + " bb-mcube"
		}
		body = append(body, svgEl("rect").Attr("x", svgNum(r.X+2)).Attr("y", svgNum(r.Y+2)).Attr("width", svgNum(r.W-4)).Attr("height", svgNum(r.H-4)).
			Attr("rx", svgNum(2)).Class(c))
	}
	body = append(body, svgEl("text").Attr("x", svgNum(g.Empty.X)).Attr("y", svgNum(g.Empty.Y+4)).Class("bb-empty-price").
		Text("£"+strconv.Itoa(m.EmptyPrice)+" when empty"))
	body = append(body, svgEl("rect").Attr("x", svgNum(p.X-3)).Attr("y", svgNum(p.Y-3)).Attr("width", svgNum(p.W+6)).Attr("height", svgNum(p.H+6)).
		Attr("rx", svgNum(8)).Class("bb-ring"))
	next := m.EmptyPrice
	if count > 0 && count <= n {
		next = m.Prices[n-count]
	}
	label := name + " market: " + strconv.Itoa(count) + " of " + strconv.Itoa(n) + " filled, next costs £" + strconv.Itoa(next)
	if sel {
		label += ", selected"
	}
	el := svgEl("g").ID("market-"+strings.TrimSuffix(id, "_market")).Class("bb-market", markClasses(false, src, sel, inSorted(b.IRecent, id))).
		Aria("label", label).Body(body...)
	return b.interactive(el, boardTarget{targetMarket, id}, src)
}

// ---- legend

func (b *board) legend(st *engine.State) app.UI {
	x, y := 862.0, 280.0
	line := func(dy float64, cls []string, text string) []app.UI {
		var out []app.UI
		for _, c := range cls {
			out = append(out, svgEl("path").Attr("d", "M"+fmtPt(pt{x, y + dy})+"h26").Class(c))
		}
		return append(out, svgEl("text").Attr("x", svgNum(x+32)).Attr("y", svgNum(y+dy+4)).Class("bb-key").Text(text))
	}
	body := []app.UI{
		svgEl("rect").Attr("x", svgNum(x-10)).Attr("y", svgNum(y-20)).Attr("width", svgNum(102)).Attr("height", svgNum(158)).Attr("rx", svgNum(6)).Class("bb-keybox"),
		svgEl("text").Attr("x", svgNum(x+41)).Attr("y", svgNum(y-4)).Class("bb-keyhead").Text("Key"),
	}
	body = append(body, line(16, []string{"bb-canal", "bb-rail", "bb-rail-line"}, "both")...)
	body = append(body, line(38, []string{"bb-canal bb-canal-only"}, "canal")...)
	body = append(body, line(60, []string{"bb-rail bb-rail-only", "bb-rail-line"}, "rail")...)
	body = append(body,
		svgEl("circle").Attr("cx", svgNum(x+13)).Attr("cy", svgNum(y+84)).Attr("r", svgNum(7)).Attr("fill", "#fff").Class("bb-vpm"),
		svgEl("text").Attr("x", svgNum(x+32)).Attr("y", svgNum(y+88)).Class("bb-key").Text("VP"),
		svgEl("rect").Attr("x", svgNum(x+6)).Attr("y", svgNum(y+99)).Attr("width", svgNum(14)).Attr("height", svgNum(14)).Attr("rx", svgNum(2)).Attr("fill", "#fff").Class("bb-incm"),
		svgEl("text").Attr("x", svgNum(x+32)).Attr("y", svgNum(y+110)).Class("bb-key").Text("income"),
		svgEl("circle").Attr("cx", svgNum(x+13)).Attr("cy", svgNum(y+126)).Attr("r", svgNum(7)).Class("bb-coin"),
		svgEl("text").Attr("x", svgNum(x+32)).Attr("y", svgNum(y+130)).Class("bb-key").Text("£ level"),
	)
	return svgEl("g").Class("bb-legend").Aria("hidden", "true").Body(body...)
}

// ---------------------------------------------------------------------------------------
// Shared definitions: the paper, the industry icons, the barrel, the link tile marks.

// industryGlyphs are white pictograms in a 20-unit box centred on 0,0.
var industryGlyphs = map[engine.Industry]string{
	// a cotton boll: four puffs over a calyx
	engine.Cotton: circlePath(-3.7, -1.2, 3.7) + circlePath(3.7, -1.2, 3.7) + circlePath(0, -4.6, 3.7) +
		circlePath(0, 1.4, 3.5) + "M-6,3.2Q0,10 6,3.2Q0,6.5 -6,3.2Z",
	// a mine cart heaped with coal
	engine.Coal: "M-8,-1.5H8L5.5,5H-5.5Z" + circlePath(-3.6, 6.6, 1.9) + circlePath(3.6, 6.6, 1.9) +
		"M-7.2,-2.2Q-6.6,-6 -3,-5.2Q-0.5,-8.6 3,-5.6Q6.6,-6.4 7.2,-2.2Z",
	// an anvil
	engine.Iron: "M-9,-5.5H7.5V-2.2H3.4Q1.8,-0.6 2.4,1.8L5,4.6V6.8H-5V4.6L-2.4,1.8Q-1.8,-0.6 -3.6,-2.2H-5.4Q-8.4,-2.6 -9,-5.5Z",
	// a gear
	engine.Manufacturer: gearPath(8, 8.6, 6.2, 2.8),
	// a vase
	engine.Pottery: "M-3,-8.5H3V-7Q3,-6 1.8,-5Q7.6,-2 6,3.6Q5,7.6 2.6,8.5H-2.6Q-5,7.6 -6,3.6Q-7.6,-2 -1.8,-5Q-3,-6 -3,-7Z",
	// a barrel with two hoops
	engine.Brewery: "M-5.5,-8.5H5.5Q8.6,0 5.5,8.5H-5.5Q-8.6,0 -5.5,-8.5Z" +
		"M-6.4,-4.7H6.4V-3.1H-6.4Z" + "M-6.4,3.1H6.4V4.7H-6.4Z",
}

func circlePath(cx, cy, r float64) string {
	return "M" + fmtPt(pt{cx - r, cy}) + "a" + fmtNum(r) + "," + fmtNum(r) + " 0 1,0 " + fmtNum(2*r) + ",0" +
		"a" + fmtNum(r) + "," + fmtNum(r) + " 0 1,0 " + fmtNum(-2*r) + ",0Z"
}

func gearPath(teeth int, outer, inner, hole float64) string {
	var b strings.Builder
	step := 2 * math.Pi / float64(teeth)
	for i := 0; i < teeth; i++ {
		a := float64(i) * step
		pts := []pt{
			polar(inner, a-step*0.5), polar(inner, a-step*0.28), polar(outer, a-step*0.2),
			polar(outer, a+step*0.2), polar(inner, a+step*0.28),
		}
		for j, p := range pts {
			if i == 0 && j == 0 {
				b.WriteString("M")
			} else {
				b.WriteString("L")
			}
			b.WriteString(fmtPt(p))
		}
	}
	b.WriteString("Z")
	b.WriteString(circlePath(0, 0, hole))
	return b.String()
}

func polar(r, a float64) pt { return pt{r * math.Cos(a), r * math.Sin(a)} }

// boardDefs returns the <defs> shared by the whole board.
func boardDefs() app.UI {
	defs := []app.UI{
		svgEl("radialGradient").ID("bb-paper").Attr("cx", "50%").Attr("cy", "45%").Attr("r", "75%").Body(
			svgEl("stop").Attr("offset", "0").Attr("stop-color", "#f7ead0"),
			svgEl("stop").Attr("offset", "0.7").Attr("stop-color", "#ecd7ab"),
			svgEl("stop").Attr("offset", "1").Attr("stop-color", "#d9bb83"),
		),
		svgEl("symbol").ID("bb-barrel").Attr("viewBox", "-6 -8 12 16").Body(
			svgEl("path").Attr("d", "M-4,-7.5H4Q6.6,0 4,7.5H-4Q-6.6,0 -4,-7.5Z").
				Attr("fill", "#d8962a").Attr("stroke", "#5a3510").Attr("stroke-width", svgNum(1.2)),
			svgEl("path").Attr("d", "M-5.2,-3.2H5.2M-5.2,3.2H5.2").Attr("stroke", "#5a3510").Attr("stroke-width", svgNum(1.2)),
		),
		svgEl("symbol").ID("bb-canal").Attr("viewBox", "0 0 26 10").Body(
			svgEl("path").Attr("d", "M1,3.5q3,-3 6,0t6,0t6,0t6,0M1,8q3,-3 6,0t6,0t6,0t6,0").
				Attr("fill", "none").Attr("stroke", "#fff").Attr("stroke-width", svgNum(1.6)),
		),
		svgEl("symbol").ID("bb-rail").Attr("viewBox", "0 0 26 10").Body(
			svgEl("path").Attr("d", "M1,2.5H25M1,7.5H25M4,0.5V9.5M9.5,0.5V9.5M15,0.5V9.5M20.5,0.5V9.5").
				Attr("fill", "none").Attr("stroke", "#fff").Attr("stroke-width", svgNum(1.5)),
		),
	}
	for _, ind := range engine.Industries {
		defs = append(defs, svgEl("symbol").ID("bb-i-"+ind.ID()).Attr("viewBox", "-12 -12 24 24").Body(
			svgEl("circle").Attr("r", svgNum(11)).Attr("fill", industryColors[ind]).Attr("stroke", "#fffaf0").Attr("stroke-width", svgNum(1.3)),
			svgEl("path").Attr("d", industryGlyphs[ind]).Attr("fill", "#fff").Attr("fill-rule", "evenodd"),
		))
	}
	return svgEl("defs").Body(defs...)
}

// boardCSS styles the board. It is scoped by the bb- prefix; no quotes, so it survives
// HTML escaping when prerendered.
const boardCSS = `
.bb{display:block;width:100%;height:auto;font-family:Georgia,Cambria,Times New Roman,serif;user-select:none;-webkit-user-select:none}
.bb text{pointer-events:none;text-anchor:middle}
.bb-tnum{font-size:12px;fill:#4d3a1e;font-weight:bold}
.bb-coin{fill:#e7b84a;stroke:#8a6212;stroke-width:1}
.bb-coin.bb-neg{fill:#d9826f;stroke:#7d2f20}
.bb-clv{font-size:10.5px;font-weight:bold;fill:#3a2a10;font-family:Verdana,Arial,sans-serif}
.bb-cell{stroke:#9a7a48;stroke-width:.8}
.bb-vpm{stroke:#fff;stroke-width:2;filter:drop-shadow(0 1px 1.5px rgba(0,0,0,.7))}
.bb-incm{stroke:#222;stroke-width:1.6;filter:drop-shadow(0 1px 1.5px rgba(0,0,0,.6))}
.bb-box{fill:#f8efd9;stroke-width:2.2;filter:drop-shadow(0 2px 2px rgba(60,40,10,.35))}
.bb-farm .bb-box{fill:#eef0d2}
.bb-name{font-size:14px;font-weight:bold;fill:#fff;letter-spacing:.2px}
.bb-empty{fill:#efe2c2;stroke:#a08457;stroke-width:1.2;stroke-dasharray:3 2}
.bb-tile{stroke:rgba(0,0,0,.55);stroke-width:1.5}
.bb-tile.bb-flipped{filter:brightness(.62) saturate(.8)}
.bb-lvl{font-size:13px;font-weight:bold;fill:#fff;stroke:rgba(0,0,0,.75);stroke-width:2.6px;paint-order:stroke;text-anchor:end!important}
.bb-tvp{font-size:11px;font-weight:bold;fill:#fff;stroke:rgba(0,0,0,.75);stroke-width:2.4px;paint-order:stroke}
.bb-coal{fill:#1d1d1d;stroke:#000;stroke-width:.8}
.bb-iron{fill:#e57a2c;stroke:#6b2e06;stroke-width:.8}
.bb-canal{fill:none;stroke:#8fbfe0;stroke-width:9;stroke-linecap:round;stroke-linejoin:round}
.bb-canal.bb-canal-only{stroke:#3f83bf;stroke-width:5;stroke-dasharray:11 6}
.bb-rail{fill:none;stroke:#5a4632;stroke-width:8;stroke-dasharray:1.6 5}
.bb-rail-line{fill:none;stroke:#4a3826;stroke-width:1.6;stroke-linejoin:round}
.bb-built-edge{fill:none;stroke:#222;stroke-width:12;stroke-linecap:round;stroke-linejoin:round}
.bb-built{fill:none;stroke-width:8.5;stroke-linecap:round;stroke-linejoin:round}
.bb-ltile{stroke:#222;stroke-width:1.5}
.bb-hit{fill:none;stroke:transparent;stroke-width:22;stroke-linecap:round;stroke-linejoin:round}
.bb-mbox{fill:#e9dfca;stroke:#3f3a36;stroke-width:2.2;filter:drop-shadow(0 2px 2px rgba(60,40,10,.35))}
.bb-mtile{fill:#fbf6ea;stroke:#7a6a55;stroke-width:1.2}
.bb-out .bb-mtile{fill:#eee5d2;stroke:#a89a86;stroke-dasharray:3 2}
.bb-out .bb-mbox{stroke:#8a837c}
.bb-out .bb-bonus{fill:#6f6860;font-style:italic}
.bb-nobeer{fill:none;stroke:#9a7a48;stroke-width:1.2;stroke-dasharray:2 2}
.bb-bonus{font-size:12px;font-weight:bold;fill:#3f3a36}
.bb-blank{font-size:16px;fill:#9a8a75}
.bb-mkt{fill:#efe3c6;stroke:#6b5230;stroke-width:1.5}
.bb-mkt-title{font-size:15px;font-weight:bold;fill:#3d2c14}
.bb-price{font-size:12px;font-weight:bold;fill:#5a4220}
.bb-mspace{fill:#fff9ea;stroke:#a38a60;stroke-width:1;stroke-dasharray:2 1.5}
.bb-empty-price{font-size:10.5px;font-style:italic;fill:#5a4220}
.bb-compass{opacity:.55}
.bb-compass circle{fill:none;stroke:#7a5a2e;stroke-width:1.2}
.bb-compass path{fill:#7a5a2e;stroke:#7a5a2e;stroke-width:.6}
.bb-compass .bb-compass-minor{fill:#e9d6ad}
.bb-compass text{font-size:13px;font-weight:bold;fill:#6a4c22}
.bb-keybox{fill:rgba(255,250,235,.7);stroke:#8a6a3e;stroke-width:1}
.bb-keyhead{font-size:13px;font-weight:bold;fill:#3d2c14}
.bb-key{font-size:12px;fill:#3d2c14;text-anchor:start!important}
.bb-ring{fill:none;stroke:none;pointer-events:none}
.bb-click{cursor:pointer}
.bb-refuse{cursor:not-allowed}
.bb-click:focus{outline:none}
.bb-hl .bb-ring{stroke:#ffc21a;stroke-width:4.5;filter:drop-shadow(0 0 4px #ff9d00);animation:bb-pulse 1.1s ease-in-out infinite alternate}
.bb-src .bb-ring{stroke:#19b5d8;stroke-width:4.5;stroke-dasharray:7 3;filter:drop-shadow(0 0 4px #0aa0d0);animation:bb-pulse 1.1s ease-in-out infinite alternate}
.bb-recent .bb-ring{stroke:#2fbf71;stroke-width:4.5;stroke-dasharray:5 3;filter:drop-shadow(0 0 3px #1f9d57)}
.bb-link.bb-recent .bb-hit{stroke:#2fbf71;stroke-opacity:.6;stroke-width:15}
.bb-sel .bb-ring{stroke:#e0218a;stroke-width:5;stroke-dasharray:none;filter:drop-shadow(0 0 3px #e0218a);animation:none}
.bb-link.bb-hl .bb-hit{stroke:#ffd84a;stroke-width:16;filter:drop-shadow(0 0 3px #ff9d00);animation:bb-lpulse 1.1s ease-in-out infinite alternate}
.bb-link.bb-sel .bb-hit{stroke:#e0218a;stroke-opacity:.6;stroke-width:16;animation:none}
.bb-click:focus-visible .bb-ring,.bb-link.bb-click:focus-visible .bb-hit{stroke:#1565c0;stroke-width:5;stroke-opacity:1}
.bb-choosing .bb-link:not(.bb-hl):not(.bb-sel){opacity:.75}
@keyframes bb-pulse{from{stroke-opacity:1}to{stroke-opacity:.35}}
@keyframes bb-lpulse{from{stroke-opacity:.75}to{stroke-opacity:.2}}
@media (prefers-reduced-motion:reduce){.bb *{animation:none!important}}
`

// svgNum formats a coordinate for an attribute (go-app would print floats with 4 decimals).
func svgNum(v float64) string { return fmtNum(v) }
