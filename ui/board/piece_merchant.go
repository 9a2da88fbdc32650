package board

// A merchant location: its merchant tiles, what each buys, and the beer beside it.

import (
	"brass/engine"
	"brass/lang"
	"brass/ui/kit"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// merchantSlotData is one merchant space: its tile, its beer and its marks.
type merchantSlotData struct {
	Merchant view.Merchant
	Marks    marks
}

// merchantData is a merchant location with its spaces.
type merchantData struct {
	ed     *engine.Edition
	Loc    int
	InPlay bool // in play with this many players
	Slots  []merchantSlotData
}

func (b *board) merchantData(g *view.Game, li int) merchantData {
	loc := &g.Edition.Locations[li]
	d := merchantData{
		ed:     g.Edition,
		Loc:    li,
		InPlay: true,
		Slots:  make([]merchantSlotData, len(loc.MerchantSpaces)),
	}
	for k, ms := range loc.MerchantSpaces {
		m := g.Merchants[ms]
		d.InPlay = m.InPlay // the same for every space of the location
		d.Slots[k] = merchantSlotData{Merchant: m, Marks: b.marks(m.ID, b.IMerchants)}
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
	bonus := lang.T("board.beer_bonus", lang.S("bonus", bonusText(loc)))
	if !d.InPlay {
		bonus = lang.T("board.min_players", lang.N("n", loc.MinPlayers))
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
	id := s.Merchant.ID
	g := layoutFor(ed).MerchantSlots[id]
	var state string
	r := g.Tile
	body := []goapp.UI{
		kit.Svg("rect").Attr("x", svgNum(r.X)).Attr("y", svgNum(r.Y)).Attr("width", svgNum(r.W)).Attr("height", svgNum(r.H)).Attr("rx", svgNum(4)).Class("bb-mtile"),
	}
	tile := s.Merchant.Tile
	switch {
	case tile == nil && !c.IData.InPlay:
		state = lang.T("board.mslot_not_in_play")
	case tile == nil:
		state = lang.T("board.mslot_no_tile")
	case len(tile.Buys) == 0:
		state = lang.T("board.mslot_blank")
		body = append(body, kit.Svg("text").Attr("x", svgNum(r.X+r.W/2)).Attr("y", svgNum(r.Y+r.H/2+4)).Class("bb-blank").Text("—"))
	default:
		state = lang.T("board.mslot_buys", lang.S("industries", lang.Current().JoinAnd(industryList(tile.Buys))))
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
	if s.Merchant.Beer > 0 {
		state = lang.T("board.mslot_beer", lang.S("state", state))
		body = append(body, kit.Svg("use").Attr("href", "#bb-barrel").
			Attr("x", svgNum(br.X)).Attr("y", svgNum(br.Y)).Attr("width", svgNum(br.W)).Attr("height", svgNum(br.H)))
	} else {
		if tile != nil && len(tile.Buys) > 0 {
			state = lang.T("board.mslot_no_beer", lang.S("state", state))
		}
		body = append(body, kit.Svg("ellipse").Attr("cx", svgNum(br.X+br.W/2)).Attr("cy", svgNum(br.Y+br.H/2)).
			Attr("rx", svgNum(br.W/2-1)).Attr("ry", svgNum(br.H/2-1)).Class("bb-nobeer"))
	}
	label := lang.T("board.mslot_label", lang.S("town", loc.Name), lang.N("n", s.Merchant.K+1), lang.S("state", state))
	if s.Marks.Selected {
		label = lang.T("board.selected", lang.S("label", label))
	}
	body = append(body, kit.Svg("rect").Attr("x", svgNum(r.X-3)).Attr("y", svgNum(r.Y-3)).Attr("width", svgNum(br.X+br.W-r.X+6)).Attr("height", svgNum(r.H+6)).
		Attr("rx", svgNum(6)).Class("bb-ring"))
	el := kit.Svg("g").ID("merchant-"+id).Class("bb-mslot", s.Marks.class()).Aria("label", label).Body(body...)
	return interactive(el, Target{TargetMerchant, id}, s.Marks.Legal || s.Marks.Source, c.onKey)
}
