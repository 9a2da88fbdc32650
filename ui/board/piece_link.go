package board

// A line on the board: empty, highlighted as a choice, or built with its owner's canal or
// rail tile.

import (
	"brass/engine"
	"brass/lang"
	"brass/ui/kit"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// linkData is one line: who built it (in which era) and its marks.
type linkData struct {
	ed    *engine.Edition
	Index int
	Owner owner
	Rail  bool // a built line is a rail link (else a canal)
	VP    int  // what it scores now
	Marks marks
}

func (b *board) linkData(g *view.Game, li int) linkData {
	l := &g.Links[li]
	d := linkData{ed: g.Edition, Index: li, Owner: owner{Player: -1}, Marks: b.marks(l.ID, b.ILinks)}
	d.Marks.Source = false
	if l.Owner >= 0 { // an unbuilt line's VP is left out: it changes with every flip, unseen
		d.Owner, d.Rail, d.VP = b.owner(l.Owner), l.Rail, l.VP
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

	kind := lang.T("board.link_kind_both")
	switch {
	case l.Canal && !l.Rail:
		kind = lang.T("board.link_kind_canal")
	case l.Rail && !l.Canal:
		kind = lang.T("board.link_kind_rail")
	}
	var state string

	var body []goapp.UI
	if d.Owner.Player >= 0 {
		what := "canal"
		if d.Rail {
			what = "rail"
		}
		who := lang.S("name", d.Owner.Name)
		switch {
		case d.VP > 0:
			state = lang.T("board.link_built_"+what+"_vp", who, lang.N("vp", d.VP))
		default:
			state = lang.T("board.link_built_"+what, who)
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
		state = lang.T("board.link_not_built")
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
	label := lang.T("board.link_label", lang.S("link", ed.LinkName(d.Index)), lang.S("kind", kind), lang.S("state", state))
	if d.Marks.Selected {
		label = lang.T("board.selected", lang.S("label", label))
	}
	body = append(body, kit.Svg("path").Attr("d", g.D).Class("bb-hit"))
	el := kit.Svg("g").ID("link-"+l.ID).Class("bb-link", d.Marks.class()).Aria("label", label).Body(body...)
	return interactive(el, Target{TargetLink, l.ID}, d.Marks.Legal, c.onKey)
}
