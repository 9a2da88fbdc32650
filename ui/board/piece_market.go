package board

// The coal and iron markets: their spaces, the cubes left and the price of the next one.

import (
	"strconv"
	"strings"

	"brass/engine"
	"brass/lang"
	"brass/ui/kit"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// marketData is the coal or the iron market: how many cubes it holds, the price of the
// next one and its marks.
type marketData struct {
	ed    *engine.Edition
	Coal  bool // the coal market (else the iron market)
	Count int
	Next  int // the price of the next cube bought
	Marks marks
}

func (b *board) marketData(g *view.Game, coal bool) marketData {
	id, mk := "iron_market", &g.Iron
	if coal {
		id, mk = "coal_market", &g.Coal
	}
	m := b.marks(id, nil)
	return marketData{ed: g.Edition, Coal: coal, Count: mk.Cubes, Next: mk.BuyPrice, Marks: m}
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
	id, name, m, g, cube := "iron_market", lang.T("board.iron"), &d.ed.IronMarket, lay.Iron, "bb-iron"
	labelKey := "board.iron_label"
	if d.Coal {
		id, name, m, g, cube = "coal_market", lang.T("board.coal"), &d.ed.CoalMarket, lay.Coal, "bb-coal"
		labelKey = "board.coal_label"
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
		Text(lang.T("board.when_empty", lang.S("price", kit.Money(m.EmptyPrice)))))
	body = append(body, kit.Svg("rect").Attr("x", svgNum(p.X-3)).Attr("y", svgNum(p.Y-3)).Attr("width", svgNum(p.W+6)).Attr("height", svgNum(p.H+6)).
		Attr("rx", svgNum(8)).Class("bb-ring"))
	label := lang.T(labelKey, lang.N("cubes", count), lang.N("spaces", n), lang.S("price", kit.Money(d.Next)))
	if d.Marks.Selected {
		label = lang.T("board.selected", lang.S("label", label))
	}
	el := kit.Svg("g").ID("market-"+strings.TrimSuffix(id, "_market")).Class("bb-market", d.Marks.class()).
		Aria("label", label).Body(body...)
	return interactive(el, Target{TargetMarket, id}, d.Marks.Source, c.onKey)
}
