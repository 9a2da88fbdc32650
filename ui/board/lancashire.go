package board

// The pieces only Brass: Lancashire's board has: the places without build spaces (the
// external locations and the link-VP locations, with their gold link-VP circles), the
// original rules' virtual link, and the Distant Market with the cotton demand track.

import (
	"strconv"
	"strings"

	"brass/engine"
	"brass/lang"
	"brass/ui/kit"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// editionID is the edition's id ("" for none).
func editionID(ed *engine.Edition) string {
	if ed == nil {
		return ""
	}
	return ed.ID
}

// ---- places: external and link-VP locations

// placeData is a location without build spaces; it never changes during a game.
type placeData struct {
	ed  *engine.Edition
	Loc int
}

type boardPlace struct {
	goapp.Compo
	IData placeData
}

// placeNote is what a place does, in a few words.
func placeNote(loc *engine.Location) string {
	if loc.Kind == engine.ExternalLocation {
		return lang.T("board.place_external")
	}
	return lang.T("board.place_link_vp")
}

func (c *boardPlace) Render() goapp.UI {
	d := &c.IData
	loc := &d.ed.Locations[d.Loc]
	box := layoutFor(d.ed).Locations[loc.ID].Box
	banner, cls := "#6b5a3a", "bb-place"
	if loc.Kind == engine.ExternalLocation {
		banner, cls = "#3b4f6b", "bb-place bb-external"
	}
	body := []goapp.UI{
		kit.Svg("rect").Attr("x", svgNum(box.X)).Attr("y", svgNum(box.Y)).Attr("width", svgNum(box.W)).Attr("height", svgNum(box.H)).
			Attr("rx", svgNum(6)).Class("bb-mbox"),
		kit.Svg("path").Attr("d", topRounded(box.X, box.Y, box.W, bannerH, 6)).Attr("fill", banner),
		nameText(box.X+box.W/2, box.Y+15, box.W-8, loc.Name, "bb-name"),
	}
	cy := box.Y + bannerH + (box.H-bannerH)/2
	for k := 0; k < loc.LinkIcons; k++ {
		cx := box.X + box.W/2 + (float64(k)-float64(loc.LinkIcons-1)/2)*22
		body = append(body,
			kit.Svg("circle").Attr("cx", svgNum(cx)).Attr("cy", svgNum(cy)).Attr("r", svgNum(9)).Class("bb-lvp"),
			kit.Svg("text").Attr("x", svgNum(cx)).Attr("y", svgNum(cy+4)).Class("bb-lvpn").Text("1"))
	}
	label := lang.T("board.place_label", lang.S("name", loc.Name), lang.S("note", placeNote(loc)), lang.N("n", loc.LinkIcons))
	return kit.Svg("g").ID("loc-"+loc.ID).Class(cls).Role("img").Aria("label", label).Body(body...)
}

// ---- the virtual link

// virtualLink draws one of the edition's virtual links: a thin dashed line that is never
// built on (it only lets an industry card build across it).
func virtualLink(ed *engine.Edition, lay *layoutData, vi int) goapp.UI {
	v := &ed.VirtualLinks[vi]
	g := lay.VirtualLinks[v.ID]
	a, b := ed.Locations[v.Locations[0]].Name, ed.Locations[v.Locations[1]].Name
	label := lang.T("board.vlink_label", lang.S("a", a), lang.S("b", b))
	return kit.Svg("g").ID("vlink-"+v.ID).Class("bb-vlink").Role("img").Aria("label", label).Body(
		kit.Svg("path").Attr("d", g.D).Class("bb-virtual"),
		kit.Svg("text").Attr("x", svgNum(g.Mid.X)).Attr("y", svgNum(g.Mid.Y-7)).Class("bb-vlabel").Text(lang.T("board.vlink")),
	)
}

// ---- the Distant Market and the cotton demand track

// distantData is the Distant Market: tiles left face down, the tiles revealed this era (as
// drops, in the order they were turned over) and the cotton demand marker's space.
type distantData struct {
	ed       *engine.Edition
	Left     int
	Revealed [16]int8 // −1: none
	NRev     int
	Demand   int
}

func distantDataOf(g *view.Game) distantData {
	m := &g.Distant
	d := distantData{ed: g.Edition, Left: m.Left, Demand: m.Demand}
	for _, drop := range m.Revealed {
		if d.NRev < len(d.Revealed) {
			d.Revealed[d.NRev] = int8(drop)
			d.NRev++
		}
	}
	return d
}

type boardDistant struct {
	goapp.Compo
	IData distantData
}

func (c *boardDistant) Render() goapp.UI {
	d := &c.IData
	g := layoutFor(d.ed).Distant
	p, st := g.Panel, g.Stack
	body := []goapp.UI{
		kit.Svg("rect").Attr("x", svgNum(p.X)).Attr("y", svgNum(p.Y)).Attr("width", svgNum(p.W)).Attr("height", svgNum(p.H)).Attr("rx", svgNum(6)).Class("bb-mkt"),
		kit.Svg("text").Attr("x", svgNum(p.X+p.W/2)).Attr("y", svgNum(p.Y+17)).Class("bb-mkt-title").Text(lang.T("board.distant")),
		kit.Svg("rect").Attr("x", svgNum(st.X)).Attr("y", svgNum(st.Y)).Attr("width", svgNum(st.W)).Attr("height", svgNum(st.H)).Attr("rx", svgNum(4)).Class("bb-dstack"),
		kit.Svg("text").Attr("x", svgNum(st.X+st.W/2)).Attr("y", svgNum(st.Y+st.H/2+2)).Class("bb-dcount").Text(strconv.Itoa(d.Left)),
		kit.Svg("text").Attr("x", svgNum(st.X+st.W/2)).Attr("y", svgNum(st.Y+st.H-6)).Class("bb-dsmall").Text(lang.T("board.tiles")),
	}
	bonus := d.ed.DemandBonus
	for i, r := range g.Demand {
		text, cls := "X", "bb-dspace bb-dx"
		if i < len(bonus) {
			text, cls = "+"+strconv.Itoa(bonus[i]), "bb-dspace"
		}
		body = append(body,
			kit.Svg("rect").Attr("x", svgNum(r.X)).Attr("y", svgNum(r.Y)).Attr("width", svgNum(r.W)).Attr("height", svgNum(r.H)).Attr("rx", svgNum(3)).Class(cls),
			kit.Svg("text").Attr("x", svgNum(r.X+r.W/2)).Attr("y", svgNum(r.Y+r.H/2+4)).Class("bb-dbonus").Text(text))
		if i == d.Demand {
			body = append(body, kit.Svg("circle").ID(DistantMarkerID).Attr("cx", svgNum(r.X+r.W/2)).Attr("cy", svgNum(r.Y+r.H/2)).Attr("r", svgNum(r.W/2+1)).Class("bb-dmarker"))
		}
	}
	first := g.Demand[0]
	body = append(body, kit.Svg("text").Attr("x", svgNum(first.X)).Attr("y", svgNum(first.Y-4)).Class("bb-key bb-dkey").Text(lang.T("board.income_bonus")))
	body = append(body, revealedTiles(d, first.X, first.Y+first.H+5, g.Demand[len(g.Demand)-1].X+first.W-first.X)...)
	label := lang.T("board.distant_label", lang.N("n", d.Left), lang.S("demand", DemandText(d.ed, d.Demand)), lang.S("revealed", revealedText(d)))
	return kit.Svg("g").ID(distantElementID).Class("bb-distant").Role("img").Aria("label", label).Body(body...)
}

// DistantMarkerID is the cotton demand marker's element id (the animation slides it).
const DistantMarkerID = "distant-marker"

// DistantTileID is the element id of the i-th Distant Market tile turned over this era.
func DistantTileID(i int) string { return "distant-tile-" + strconv.Itoa(i) }

// revealedTiles draws the tiles turned over this era face up, in order, in a row of width
// w from (x, y); the last one drawn is marked: it is what the last sale turned over.
func revealedTiles(d *distantData, x, y, w float64) []goapp.UI {
	if d.NRev == 0 {
		return []goapp.UI{kit.Svg("text").Attr("x", svgNum(x)).Attr("y", svgNum(y+12)).Class("bb-key bb-dkey").Text(lang.T("board.no_tile_turned"))}
	}
	const gap = 2.0
	size := min(20, (w+gap)/float64(d.NRev)-gap)
	out := make([]goapp.UI, 0, d.NRev)
	for i := 0; i < d.NRev; i++ {
		tx := x + float64(i)*(size+gap)
		cls := "bb-dtile"
		if i == d.NRev-1 {
			cls += " bb-dlast"
		}
		out = append(out, kit.Svg("g").ID(DistantTileID(i)).Class(cls).Body(
			kit.Svg("rect").Attr("x", svgNum(tx)).Attr("y", svgNum(y)).Attr("width", svgNum(size)).Attr("height", svgNum(size)).Attr("rx", svgNum(3)),
			kit.Svg("text").Attr("x", svgNum(tx+size/2)).Attr("y", svgNum(y+size/2+4)).Text("−"+strconv.Itoa(int(d.Revealed[i]))),
		))
	}
	return out
}

// DemandText says where the cotton demand marker stands.
func DemandText(ed *engine.Edition, demand int) string {
	if demand >= len(ed.DemandBonus) {
		return lang.T("board.demand_x")
	}
	return lang.T("board.demand", lang.N("bonus", ed.DemandBonus[demand]))
}

// revealedText lists the tiles revealed this era.
func revealedText(d *distantData) string {
	if d.NRev == 0 {
		return lang.T("board.none_revealed")
	}
	tiles := make([]string, d.NRev)
	for i := range tiles {
		tiles[i] = "−" + strconv.Itoa(int(d.Revealed[i]))
	}
	return lang.T("board.revealed", lang.S("tiles", strings.Join(tiles, " ")))
}
