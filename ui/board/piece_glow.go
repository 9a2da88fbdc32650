package board

// The pulsing glow around each answer of the question asked, on an overlay of its own.

import (
	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

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
