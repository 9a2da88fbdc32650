package board

// The changing pieces of the board, one component each: a line, a town (with its build
// spaces), a merchant location, a market and the track markers. The board hands each one
// only its own slice of the game as a small value (its IData), and go-app re-renders a
// component only when that value changes, so a move redraws the few pieces it touched and
// a new question the few pieces it highlights.
//
// Every piece takes the board's keyboard callback (unexported, so it never counts as a
// change): a highlighted piece is a button that Enter or Space chooses.

import (
	"strconv"
	"strings"

	"brass/engine"
	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// marks is how a piece is highlighted.
type marks struct {
	Legal    bool // an answer to the current question
	Source   bool // a coal, iron or beer source that may be chosen
	Selected bool // already chosen
	Recent   bool // the last turn used it (the recap)
}

func (b *board) marks(id string, legal []string) marks {
	return marks{
		Legal:    kit.Contains(legal, id),
		Source:   kit.Contains(b.ISources, id),
		Selected: kit.Contains(b.ISelected, id),
		Recent:   kit.Contains(b.IRecent, id),
	}
}

// class returns the piece's CSS classes for its marks.
func (m marks) class() string {
	var c []string
	if m.Recent {
		c = append(c, "bb-recent")
	}
	if m.Legal {
		c = append(c, "bb-hl")
	}
	if m.Source {
		c = append(c, "bb-src")
	}
	if m.Selected {
		c = append(c, "bb-sel")
	}
	return strings.Join(c, " ")
}

// owner is who built a tile or a line, as drawn: their name and colour.
type owner struct {
	Player int // −1: nobody
	Name   string
	Colour string
}

func (b *board) owner(p int) owner {
	if p < 0 {
		return owner{Player: -1}
	}
	return owner{Player: p, Name: b.name(p), Colour: b.color(p)}
}

// interactive makes el (the group of one piece) a button while it is an answer: Enter or
// Space chooses it, and the pointer over it is a hand. Anything else is an image named by
// its aria-label; tapped while a question is asked, it says why it is refused. Clicks and
// taps are the Frame's business.
func interactive(el goapp.HTMLElem, t Target, highlighted bool, onKey goapp.EventHandler) goapp.HTMLElem {
	if !highlighted {
		return el.Role("img")
	}
	return el.Class("bb-click").Role("button").TabIndex(0).OnKeyDown(onKey, goapp.EventScope(t.Kind, t.ID))
}

// chooseByKey answers a keydown on a highlighted piece: Enter or Space picks the piece
// whose group received it.
func chooseByKey(ctx goapp.Context, e goapp.Event, pick func(goapp.Context, Target)) {
	k := e.Get("key").String()
	if (k != "Enter" && k != " ") || pick == nil {
		return
	}
	t, ok := targetFromElementID(e.Get("currentTarget").Get("id").String())
	if !ok {
		return
	}
	e.PreventDefault()
	pick(ctx, t)
}

// ---- lines

// linkData is one line: who built it (in which era) and its marks.
type linkData struct {
	ed    *engine.Edition
	Index int
	Owner owner
	Rail  bool // a built line is a rail link (else a canal)
	VP    int  // what it scores now
	Marks marks
}

func (b *board) linkData(st *engine.State, ed *engine.Edition, li int) linkData {
	d := linkData{ed: ed, Index: li, Owner: owner{Player: -1}, Marks: b.marks(ed.Links[li].ID, b.ILinks)}
	d.Marks.Source = false
	if o := st.LinkOwner(li); o >= 0 {
		d.Owner = b.owner(o)
		d.Rail = st.Era != engine.Canal
		d.VP = st.LinkVP(li)
	}
	return d
}

type boardLink struct {
	goapp.Compo
	IData  linkData
	onPick func(ctx goapp.Context, t Target)
}

func (c *boardLink) onKey(ctx goapp.Context, e goapp.Event) { chooseByKey(ctx, e, c.onPick) }

func (c *boardLink) Render() goapp.UI {
	d := &c.IData
	ed := d.ed
	l := &ed.Links[d.Index]
	g := layoutFor(ed).Links[l.ID]

	kind := "canal and rail"
	switch {
	case l.Canal && !l.Rail:
		kind = "canal only"
	case l.Rail && !l.Canal:
		kind = "rail only"
	}
	label := ed.LinkName(d.Index) + " link (" + kind + "): "

	var body []goapp.UI
	if d.Owner.Player >= 0 {
		what := "canal"
		if d.Rail {
			what = "rail"
		}
		label += d.Owner.Name + "'s " + what
		if d.VP > 0 {
			label += ", worth " + strconv.Itoa(d.VP) + " VP"
		}
		body = append(body,
			kit.Svg("path").Attr("d", g.D).Class("bb-built-edge"),
			kit.Svg("path").Attr("d", g.D).Class("bb-built").Attr("stroke", d.Owner.Colour),
			kit.Svg("g").Attr("transform", "translate("+fmtPt(g.Mid)+") rotate("+fmtNum(g.Angle)+")").Body(
				kit.Svg("rect").Attr("x", svgNum(-17)).Attr("y", svgNum(-8)).Attr("width", svgNum(34)).Attr("height", svgNum(16)).Attr("rx", svgNum(3)).
					Attr("fill", d.Owner.Colour).Class("bb-ltile"),
				kit.Svg("use").Attr("href", "#bb-"+what).Attr("x", svgNum(-13)).Attr("y", svgNum(-5)).Attr("width", svgNum(26)).Attr("height", svgNum(10)),
			),
		)
	} else {
		label += "not built"
		if l.Canal {
			cls := "bb-canal"
			if !l.Rail {
				cls += " bb-canal-only"
			}
			body = append(body, kit.Svg("path").Attr("d", g.D).Class(cls))
		}
		if l.Rail {
			cls := "bb-rail"
			if !l.Canal {
				cls += " bb-rail-only"
			}
			body = append(body,
				kit.Svg("path").Attr("d", g.D).Class(cls),
				kit.Svg("path").Attr("d", g.D).Class("bb-rail-line"))
		}
	}
	if d.Marks.Selected {
		label += ", selected"
	}
	body = append(body, kit.Svg("path").Attr("d", g.D).Class("bb-hit"))
	el := kit.Svg("g").ID("link-"+l.ID).Class("bb-link", d.Marks.class()).Aria("label", label).Body(body...)
	return interactive(el, Target{TargetLink, l.ID}, d.Marks.Legal, c.onKey)
}

// ---- towns and their build spaces

// spaceData is one build space: the tile on it and its marks.
type spaceData struct {
	ed    *engine.Edition
	Space int // index in the edition
	K     int // position in its location, from 0
	Tile  engine.Tile
	Owner owner
	Marks marks
}

// townData is a town (or farm brewery) with its build spaces.
type townData struct {
	ed     *engine.Edition
	Loc    int
	Spaces []spaceData
}

func (b *board) townData(st *engine.State, ed *engine.Edition, li int) townData {
	loc := &ed.Locations[li]
	d := townData{ed: ed, Loc: li, Spaces: make([]spaceData, len(loc.Spaces))}
	for k, sp := range loc.Spaces {
		t := st.Tiles[sp]
		o := owner{Player: -1}
		if t.Player() >= 0 {
			o = b.owner(t.Player())
		}
		d.Spaces[k] = spaceData{ed: ed, Space: sp, K: k, Tile: t, Owner: o, Marks: b.marks(ed.Spaces[sp].ID, b.ISpaces)}
	}
	return d
}

type boardTown struct {
	goapp.Compo
	IData  townData
	onPick func(ctx goapp.Context, t Target)
}

func (c *boardTown) Render() goapp.UI {
	d := &c.IData
	loc := &d.ed.Locations[d.Loc]
	box := layoutFor(d.ed).Locations[loc.ID].Box
	banner := kit.BannerColors[loc.Banner]
	if banner == "" {
		banner = "#5a4632" // a town without a coloured banner (Lancashire's southern towns)
	}
	name := loc.Name
	cls := "bb-town"
	if loc.Kind == engine.FarmBrewery {
		banner = "#5f7a34"
		name = "Farm Brewery"
		cls = "bb-town bb-farm"
	}
	body := []goapp.UI{
		kit.Svg("rect").Attr("x", svgNum(box.X)).Attr("y", svgNum(box.Y)).Attr("width", svgNum(box.W)).Attr("height", svgNum(box.H)).
			Attr("rx", svgNum(6)).Class("bb-box").Attr("stroke", banner),
		kit.Svg("path").Attr("d", topRounded(box.X, box.Y, box.W, bannerH, 6)).Attr("fill", banner),
		nameText(box.X+box.W/2, box.Y+15, box.W-8, name, "bb-name"),
	}
	for _, s := range d.Spaces {
		body = append(body, &boardSpace{IData: s, onPick: c.onPick})
	}
	return kit.Svg("g").ID("loc-" + loc.ID).Class(cls).Body(body...)
}

// nameText draws a label centred at x that is squeezed to fit in width w when needed.
func nameText(x, y, w float64, s, class string) goapp.UI {
	t := kit.Svg("text").Attr("x", svgNum(x)).Attr("y", svgNum(y)).Class(class)
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

// boardSpace is one build space.
type boardSpace struct {
	goapp.Compo
	IData  spaceData
	onPick func(ctx goapp.Context, t Target)
}

func (c *boardSpace) onKey(ctx goapp.Context, e goapp.Event) { chooseByKey(ctx, e, c.onPick) }

func (c *boardSpace) Render() goapp.UI {
	d := &c.IData
	ed := d.ed
	s := &ed.Spaces[d.Space]
	loc := &ed.Locations[s.Location]
	r := layoutFor(ed).Spaces[s.ID]
	t := d.Tile

	var icons []string
	for _, ind := range s.Icons {
		icons = append(icons, ind.Name())
	}
	label := loc.Name + " space " + strconv.Itoa(d.K+1) + ": " + strings.Join(icons, " or ") + ", "

	var body []goapp.UI
	if t.Player() < 0 || int(t.Industry) >= len(ed.Mats) || int(t.Spec) >= len(ed.Mats[t.Industry]) {
		label += "empty"
		body = append(body, kit.Svg("rect").Attr("x", svgNum(r.X)).Attr("y", svgNum(r.Y)).Attr("width", svgNum(r.W)).Attr("height", svgNum(r.H)).
			Attr("rx", svgNum(4)).Class("bb-empty"))
		if len(s.Icons) == 1 {
			body = append(body, industryIcon(s.Icons[0], r.X+r.W/2, r.Y+r.H/2, 30))
		} else {
			for j, ind := range s.Icons {
				off := 12.5 + float64(j)*19
				body = append(body, industryIcon(ind, r.X+off, r.Y+off, 22))
			}
		}
	} else {
		spec := &ed.Mats[t.Industry][t.Spec]
		label += d.Owner.Name + "'s " + t.Industry.Name() + " " + kit.Roman(spec.Level)
		tile := "bb-tile"
		if t.Flipped {
			tile += " bb-flipped"
			label += ", flipped"
		}
		body = append(body,
			kit.Svg("rect").Attr("x", svgNum(r.X)).Attr("y", svgNum(r.Y)).Attr("width", svgNum(r.W)).Attr("height", svgNum(r.H)).
				Attr("rx", svgNum(4)).Attr("fill", d.Owner.Colour).Class(tile),
			industryIcon(t.Industry, r.X+13, r.Y+13, 22),
			kit.Svg("text").Attr("x", svgNum(r.X+r.W-4)).Attr("y", svgNum(r.Y+15)).Class("bb-lvl").Text(kit.Roman(spec.Level)),
		)
		if t.Flipped {
			body = append(body,
				kit.Svg("text").Attr("x", svgNum(r.X+r.W/2)).Attr("y", svgNum(r.Y+r.H-6)).Class("bb-tvp").Text(strconv.Itoa(spec.VP)+" VP"))
		} else if t.Cubes > 0 {
			res := map[engine.Industry]string{engine.Coal: "coal", engine.Iron: "iron", engine.Brewery: "beer"}[t.Industry]
			label += ", " + strconv.Itoa(int(t.Cubes)) + " " + res
			body = append(body, tileCubes(t.Industry, int(t.Cubes), r)...)
		}
	}
	if d.Marks.Selected {
		label += ", selected"
	}
	body = append(body, kit.Svg("rect").Attr("x", svgNum(r.X-3)).Attr("y", svgNum(r.Y-3)).Attr("width", svgNum(r.W+6)).Attr("height", svgNum(r.H+6)).
		Attr("rx", svgNum(6)).Class("bb-ring"))
	el := kit.Svg("g").ID("space-"+s.ID).Class("bb-space", d.Marks.class()).Aria("label", label).Body(body...)
	return interactive(el, Target{TargetSpace, s.ID}, d.Marks.Legal || d.Marks.Source, c.onKey)
}

// industryIcon is the industry's disc with its glyph, centred at x, y, size units across.
func industryIcon(ind engine.Industry, x, y, size float64) goapp.UI {
	return kit.Svg("use").Attr("href", "#bb-i-"+ind.ID()).
		Attr("x", svgNum(x-size/2)).Attr("y", svgNum(y-size/2)).Attr("width", svgNum(size)).Attr("height", svgNum(size))
}

// tileCubes draws the coal, iron or beer on a tile: up to 3 in a row, from the bottom right.
func tileCubes(ind engine.Industry, n int, r rect) []goapp.UI {
	var out []goapp.UI
	for i := 0; i < n; i++ {
		row, col := i/3, i%3
		x := r.X + r.W - 3 - float64(3-col)*8.8
		y := r.Y + r.H - 11 - float64(row)*8.8
		switch ind {
		case engine.Brewery:
			out = append(out, kit.Svg("use").Attr("href", "#bb-barrel").Attr("x", svgNum(x)).Attr("y", svgNum(y-1)).
				Attr("width", svgNum(8)).Attr("height", svgNum(10.5)))
		case engine.Iron:
			out = append(out, kit.Svg("rect").Attr("x", svgNum(x)).Attr("y", svgNum(y)).Attr("width", svgNum(7.5)).Attr("height", svgNum(7.5)).Class("bb-iron"))
		default:
			out = append(out, kit.Svg("rect").Attr("x", svgNum(x)).Attr("y", svgNum(y)).Attr("width", svgNum(7.5)).Attr("height", svgNum(7.5)).Class("bb-coal"))
		}
	}
	return out
}

// ---- merchants

// merchantSlotData is one merchant space: its tile, its beer and its marks.
type merchantSlotData struct {
	Index int // merchant space index in the edition
	K     int // position in its location, from 0
	Slot  engine.MerchantSlot
	Marks marks
}

// merchantData is a merchant location with its spaces.
type merchantData struct {
	ed     *engine.Edition
	Loc    int
	InPlay bool // in play with this many players
	Slots  []merchantSlotData
}

func (b *board) merchantData(st *engine.State, ed *engine.Edition, li int) merchantData {
	loc := &ed.Locations[li]
	d := merchantData{
		ed:     ed,
		Loc:    li,
		InPlay: st.Edition() == nil || int(st.NumPlayers) >= loc.MinPlayers,
		Slots:  make([]merchantSlotData, len(loc.MerchantSpaces)),
	}
	for k, ms := range loc.MerchantSpaces {
		d.Slots[k] = merchantSlotData{Index: ms, K: k, Slot: st.Merchants[ms], Marks: b.marks(ed.MerchantSpaces[ms].ID, b.IMerchants)}
	}
	return d
}

type boardMerchant struct {
	goapp.Compo
	IData  merchantData
	onPick func(ctx goapp.Context, t Target)
}

func (c *boardMerchant) onKey(ctx goapp.Context, e goapp.Event) { chooseByKey(ctx, e, c.onPick) }

func (c *boardMerchant) Render() goapp.UI {
	d := &c.IData
	loc := &d.ed.Locations[d.Loc]
	box := layoutFor(d.ed).Locations[loc.ID].Box
	banner := "#3f3a36"
	if !d.InPlay {
		banner = "#8a837c"
	}
	body := []goapp.UI{
		kit.Svg("rect").Attr("x", svgNum(box.X)).Attr("y", svgNum(box.Y)).Attr("width", svgNum(box.W)).Attr("height", svgNum(box.H)).
			Attr("rx", svgNum(6)).Class("bb-mbox"),
		kit.Svg("path").Attr("d", topRounded(box.X, box.Y, box.W, bannerH, 6)).Attr("fill", banner),
		nameText(box.X+box.W/2, box.Y+15, box.W-8, loc.Name, "bb-name"),
	}
	bonus := "Beer: " + bonusText(loc)
	if !d.InPlay {
		bonus = strconv.Itoa(loc.MinPlayers) + "+ players"
	}
	body = append(body, kit.Svg("text").Attr("x", svgNum(box.X+box.W/2)).Attr("y", svgNum(box.Y+box.H-8)).Class("bb-bonus").Text(bonus))
	for i := range d.Slots {
		body = append(body, c.slot(loc, &d.Slots[i]))
	}
	cls := "bb-merchant"
	if !d.InPlay {
		cls += " bb-out"
	}
	return kit.Svg("g").ID("loc-" + loc.ID).Class(cls).Body(body...)
}

func (c *boardMerchant) slot(loc *engine.Location, s *merchantSlotData) goapp.UI {
	ed := c.IData.ed
	id := ed.MerchantSpaces[s.Index].ID
	g := layoutFor(ed).MerchantSlots[id]
	label := loc.Name + " merchant " + strconv.Itoa(s.K+1) + ": "
	r := g.Tile
	body := []goapp.UI{
		kit.Svg("rect").Attr("x", svgNum(r.X)).Attr("y", svgNum(r.Y)).Attr("width", svgNum(r.W)).Attr("height", svgNum(r.H)).Attr("rx", svgNum(4)).Class("bb-mtile"),
	}
	tile := s.Slot.TileIn(ed)
	switch {
	case tile == nil && !c.IData.InPlay:
		label += "not in play"
	case tile == nil:
		label += "no tile"
	case len(tile.Buys) == 0:
		label += "blank tile"
		body = append(body, kit.Svg("text").Attr("x", svgNum(r.X+r.W/2)).Attr("y", svgNum(r.Y+r.H/2+4)).Class("bb-blank").Text("—"))
	default:
		var buys []string
		for _, ind := range tile.Buys {
			buys = append(buys, ind.Name())
		}
		label += "buys " + kit.JoinAnd(buys)
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
	if s.Slot.Beer > 0 {
		label += ", beer available"
		body = append(body, kit.Svg("use").Attr("href", "#bb-barrel").
			Attr("x", svgNum(br.X)).Attr("y", svgNum(br.Y)).Attr("width", svgNum(br.W)).Attr("height", svgNum(br.H)))
	} else {
		if tile != nil && len(tile.Buys) > 0 {
			label += ", no beer"
		}
		body = append(body, kit.Svg("ellipse").Attr("cx", svgNum(br.X+br.W/2)).Attr("cy", svgNum(br.Y+br.H/2)).
			Attr("rx", svgNum(br.W/2-1)).Attr("ry", svgNum(br.H/2-1)).Class("bb-nobeer"))
	}
	if s.Marks.Selected {
		label += ", selected"
	}
	body = append(body, kit.Svg("rect").Attr("x", svgNum(r.X-3)).Attr("y", svgNum(r.Y-3)).Attr("width", svgNum(br.X+br.W-r.X+6)).Attr("height", svgNum(r.H+6)).
		Attr("rx", svgNum(6)).Class("bb-ring"))
	el := kit.Svg("g").ID("merchant-"+id).Class("bb-mslot", s.Marks.class()).Aria("label", label).Body(body...)
	return interactive(el, Target{TargetMerchant, id}, s.Marks.Legal || s.Marks.Source, c.onKey)
}

// ---- markets

// marketData is the coal or the iron market: how many cubes it holds and its marks.
type marketData struct {
	ed    *engine.Edition
	Coal  bool // the coal market (else the iron market)
	Count int
	Marks marks
}

func (b *board) marketData(st *engine.State, ed *engine.Edition, coal bool) marketData {
	id, count := "iron_market", int(st.IronMarket)
	if coal {
		id, count = "coal_market", int(st.CoalMarket)
	}
	m := b.marks(id, nil)
	return marketData{ed: ed, Coal: coal, Count: count, Marks: m}
}

type boardMarket struct {
	goapp.Compo
	IData  marketData
	onPick func(ctx goapp.Context, t Target)
}

func (c *boardMarket) onKey(ctx goapp.Context, e goapp.Event) { chooseByKey(ctx, e, c.onPick) }

func (c *boardMarket) Render() goapp.UI {
	d := &c.IData
	lay := layoutFor(d.ed)
	id, name, m, g, cube := "iron_market", "Iron", &d.ed.IronMarket, lay.Iron, "bb-iron"
	if d.Coal {
		id, name, m, g, cube = "coal_market", "Coal", &d.ed.CoalMarket, lay.Coal, "bb-coal"
	}
	count := d.Count
	p := g.Panel
	body := []goapp.UI{
		kit.Svg("rect").Attr("x", svgNum(p.X)).Attr("y", svgNum(p.Y)).Attr("width", svgNum(p.W)).Attr("height", svgNum(p.H)).Attr("rx", svgNum(6)).Class("bb-mkt"),
		kit.Svg("text").Attr("x", svgNum(p.X+p.W/2)).Attr("y", svgNum(p.Y+17)).Class("bb-mkt-title").Text(name),
	}
	n := len(m.Prices)
	for i, r := range g.Spaces {
		if i%2 == 0 {
			body = append(body, kit.Svg("text").Attr("x", svgNum(p.X+mktPad+mktLabelW/2)).Attr("y", svgNum(r.Y+r.H/2+5)).
				Class("bb-price").Text("£"+strconv.Itoa(m.Prices[i])))
		}
		filled := i >= n-count
		cls := "bb-mspace"
		if filled {
			cls = cube + " bb-mcube"
		}
		body = append(body, kit.Svg("rect").Attr("x", svgNum(r.X+2)).Attr("y", svgNum(r.Y+2)).Attr("width", svgNum(r.W-4)).Attr("height", svgNum(r.H-4)).
			Attr("rx", svgNum(2)).Class(cls))
	}
	body = append(body, kit.Svg("text").Attr("x", svgNum(g.Empty.X)).Attr("y", svgNum(g.Empty.Y+4)).Class("bb-empty-price").
		Text("£"+strconv.Itoa(m.EmptyPrice)+" when empty"))
	body = append(body, kit.Svg("rect").Attr("x", svgNum(p.X-3)).Attr("y", svgNum(p.Y-3)).Attr("width", svgNum(p.W+6)).Attr("height", svgNum(p.H+6)).
		Attr("rx", svgNum(8)).Class("bb-ring"))
	next := m.EmptyPrice
	if count > 0 && count <= n {
		next = m.Prices[n-count]
	}
	label := name + " market: " + strconv.Itoa(count) + " of " + strconv.Itoa(n) + " filled, next costs £" + strconv.Itoa(next)
	if d.Marks.Selected {
		label += ", selected"
	}
	el := kit.Svg("g").ID("market-"+strings.TrimSuffix(id, "_market")).Class("bb-market", d.Marks.class()).
		Aria("label", label).Body(body...)
	return interactive(el, Target{TargetMarket, id}, d.Marks.Source, c.onKey)
}

// ---- the markers on the progress track

// markersData is every player's VP and income, with their names and colours.
type markersData struct {
	N      int
	VP     [engine.MaxPlayers]int32
	Income [engine.MaxPlayers]uint8 // track space
	Level  [engine.MaxPlayers]int   // income level
	Names  [engine.MaxPlayers]string
	Colour [engine.MaxPlayers]string
}

func (b *board) markersData(st *engine.State) markersData {
	d := markersData{N: int(st.NumPlayers)}
	if d.N > engine.MaxPlayers {
		d.N = engine.MaxPlayers
	}
	for p := 0; p < d.N; p++ {
		d.VP[p] = st.Players[p].VP
		d.Income[p] = st.Players[p].IncomeSpace
		d.Level[p] = engine.IncomeLevel(int(st.Players[p].IncomeSpace))
		d.Names[p] = b.name(p)
		d.Colour[p] = b.color(p)
	}
	return d
}

type boardMarkers struct {
	goapp.Compo
	IData markersData
}

// Render draws each player's VP marker (a disc, on the outer half of its space) and
// income marker (a square, on the inner half), spread out when several share a space.
func (c *boardMarkers) Render() goapp.UI {
	d := &c.IData
	var vpAt, incAt [100][]int
	for p := 0; p < d.N; p++ {
		vp := int(d.VP[p]) % 100
		if vp < 0 {
			vp += 100
		}
		vpAt[vp] = append(vpAt[vp], p)
		inc := int(d.Income[p])
		if inc > 99 {
			inc = 99
		}
		incAt[inc] = append(incAt[inc], p)
	}
	var out []goapp.UI
	place := func(i int, ps []int, depth float64, vp bool) {
		r := trackCell(i) // the same track on every board
		in := trackInward(i)
		along := pt{-in.Y, in.X}
		ctr := r.center()
		for j, p := range ps {
			off := (float64(j) - float64(len(ps)-1)/2) * 11
			x := ctr.X + in.X*depth + along.X*off
			y := ctr.Y + in.Y*depth + along.Y*off
			if vp {
				label := d.Names[p] + " VP marker: " + strconv.Itoa(int(d.VP[p])) + " VP"
				out = append(out, kit.Svg("circle").Attr("cx", svgNum(x)).Attr("cy", svgNum(y)).Attr("r", svgNum(8)).
					Attr("fill", d.Colour[p]).Class("bb-vpm").Role("img").Aria("label", label))
			} else {
				label := d.Names[p] + " income marker: level " + kit.Int(d.Level[p])
				out = append(out, kit.Svg("rect").Attr("x", svgNum(x-7)).Attr("y", svgNum(y-7)).Attr("width", svgNum(14)).Attr("height", svgNum(14)).
					Attr("rx", svgNum(2)).Attr("fill", d.Colour[p]).Class("bb-incm").Role("img").Aria("label", label))
			}
		}
	}
	for i := range vpAt {
		if len(vpAt[i]) > 0 {
			place(i, vpAt[i], -8, true)
		}
		if len(incAt[i]) > 0 {
			place(i, incAt[i], 10, false)
		}
	}
	return kit.Svg("g").Class("bb-markers").Body(out...)
}

// ---- the pulsing highlight

// boardMarks is a second, small SVG laid exactly over the board (same viewBox, which the
// frame keeps in step when zooming) that draws a glow around each answer of the current
// question. The glow pulses by fading the whole overlay: the browser animates that
// element's opacity without painting the board again, where animating anything inside the
// board's own SVG repainted all of it on every frame (about a quarter of the main thread
// while a question was open). It is always mounted, so it always has the frame's view.
type boardMarks struct {
	goapp.Compo
	IEdition string // the edition's id, for its layout
	IMarks   []glowMark
}

// glowMark is one answer to make pulse: a target, and whether it is a coal, iron or beer
// source (drawn differently).
type glowMark struct {
	Target Target
	Source bool
}

func (m *boardMarks) Render() goapp.UI {
	lay := layoutOf(m.IEdition)
	shapes := make([]goapp.UI, 0, len(m.IMarks))
	for _, g := range m.IMarks {
		t := g.Target
		cls := "bb-glow"
		if g.Source {
			cls += " bb-glow-src"
		}
		switch t.Kind {
		case TargetLink:
			if g, ok := lay.Links[t.ID]; ok {
				shapes = append(shapes, kit.Svg("path").Attr("d", g.D).Class(cls+" bb-glow-link"))
			}
			continue
		case TargetSpace:
			if r, ok := lay.Spaces[t.ID]; ok {
				shapes = append(shapes, glowRect(rect{r.X - 3, r.Y - 3, r.W + 6, r.H + 6}, cls))
			}
		case TargetMerchant:
			if g, ok := lay.MerchantSlots[t.ID]; ok {
				r, br := g.Tile, g.Barrel
				shapes = append(shapes, glowRect(rect{r.X - 3, r.Y - 3, br.X + br.W - r.X + 6, r.H + 6}, cls))
			}
		case TargetMarket:
			p := lay.Coal.Panel
			if t.ID == "iron_market" {
				p = lay.Iron.Panel
			}
			shapes = append(shapes, glowRect(rect{p.X - 3, p.Y - 3, p.W + 6, p.H + 6}, cls))
		}
	}
	return kit.Svg("svg").ID("board-marks").Class("bb-marks").
		Attr("viewBox", "0 0 "+fmtNum(boardW)+" "+fmtNum(boardH)).
		Attr("preserveAspectRatio", "xMidYMid meet").
		Aria("hidden", "true").
		Body(shapes...)
}

func glowRect(r rect, cls string) goapp.UI {
	return kit.Svg("rect").Attr("x", svgNum(r.X)).Attr("y", svgNum(r.Y)).Attr("width", svgNum(r.W)).Attr("height", svgNum(r.H)).
		Attr("rx", svgNum(6)).Class(cls)
}
