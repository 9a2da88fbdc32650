package board

// A town (or farm brewery) with its build spaces: the banner with its name, each space's
// industry icons or the tile built there, with its level, its cubes and whether it is flipped.

import (
	"brass/engine"
	"brass/lang"
	"brass/ui/kit"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// spaceData is one build space: the tile on it and its marks.
type spaceData struct {
	ed    *engine.Edition
	Space view.Space
	Owner owner
	Marks marks
}

// townData is a town (or farm brewery) with its build spaces.
type townData struct {
	ed     *engine.Edition
	Loc    int
	Spaces []spaceData
}

func (b *board) townData(g *view.Game, li int) townData {
	ed := g.Edition
	loc := &ed.Locations[li]
	d := townData{ed: ed, Loc: li, Spaces: make([]spaceData, len(loc.Spaces))}
	for k, sp := range loc.Spaces {
		s := g.Spaces[sp]
		d.Spaces[k] = spaceData{ed: ed, Space: s, Owner: b.owner(s.Owner), Marks: b.marks(s.ID, b.ISpaces)}
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
		name = lang.T("board.farm_brewery")
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
	s := &ed.Spaces[d.Space.Index]
	loc := &ed.Locations[s.Location]
	r := layoutFor(ed).Spaces[s.ID]
	t := &d.Space

	town, n := lang.S("town", loc.Name), lang.N("n", t.K+1)
	inds := lang.S("industries", lang.Current().JoinOr(industryList(s.Icons)))
	var label string

	var body []goapp.UI
	if !t.Built() {
		label = lang.T("board.space_empty", town, n, inds)
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
		tileArgs := []lang.Arg{town, n, inds, lang.S("name", d.Owner.Name), lang.S("industry", kit.IndustryName(t.Industry)),
			lang.S("level", kit.Roman(t.Level))}
		label = lang.T("board.space_tile", tileArgs...)
		tile := "bb-tile"
		if t.Flipped {
			tile += " bb-flipped"
			label = lang.T("board.space_flipped", tileArgs...)
		}
		body = append(body,
			kit.Svg("rect").Attr("x", svgNum(r.X)).Attr("y", svgNum(r.Y)).Attr("width", svgNum(r.W)).Attr("height", svgNum(r.H)).
				Attr("rx", svgNum(4)).Attr("fill", d.Owner.Colour).Class(tile),
			industryIcon(t.Industry, r.X+13, r.Y+13, 22),
			kit.Svg("text").Attr("x", svgNum(r.X+r.W-4)).Attr("y", svgNum(r.Y+15)).Class("bb-lvl").Text(kit.Roman(t.Level)),
		)
		if t.Flipped {
			body = append(body,
				kit.Svg("text").Attr("x", svgNum(r.X+r.W/2)).Attr("y", svgNum(r.Y+r.H-6)).Class("bb-tvp").Text(lang.T("pp.vp_short", lang.N("n", t.VP))))
		} else if t.Cubes > 0 {
			label = lang.T("board.space_cubes", append(tileArgs, lang.S("cubes", cubesText(t.Industry, t.Cubes, t.Cube)))...)
			body = append(body, tileCubes(t.Industry, t.Cubes, r)...)
		}
	}
	if d.Marks.Selected {
		label = lang.T("board.selected", lang.S("label", label))
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
