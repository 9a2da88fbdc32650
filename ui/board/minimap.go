package board

// The overview while zoomed: a small map of the whole board in the viewport's corner, with a
// frame on the part shown, so that a player zoomed in on a phone sees where on the board they
// are; a tap on it shows the part around the tapped place at the same zoom (issue 21).

import (
	"brass/lang"
	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// renderMinimap draws the overview of board l: every location's box and the view's frame.
// It is always there, hidden at the full view, so that setView can show, hide and move it
// during a pinch without a re-render.
func (f *Frame) renderMinimap(l *layoutData) goapp.UI {
	boxes := make([]goapp.UI, 0, len(l.Locations)+2)
	boxes = append(boxes, kit.Svg("rect").Class("bf-mini-board").Attr("width", svgNum(boardW)).Attr("height", svgNum(boardH)))
	for _, id := range sortedKeys(l.Locations) {
		b := l.Locations[id].Box
		boxes = append(boxes, kit.Svg("rect").Attr("x", svgNum(b.X)).Attr("y", svgNum(b.Y)).
			Attr("width", svgNum(b.W)).Attr("height", svgNum(b.H)))
	}
	v := f.view
	boxes = append(boxes, kit.Svg("rect").ID("board-minimap-view").Class("bf-mini-view").
		Attr("x", svgNum(v.X)).Attr("y", svgNum(v.Y)).Attr("width", svgNum(v.W)).Attr("height", svgNum(v.H)))
	class := "bf-mini"
	if v.zoom() <= minZoom {
		class += " bf-mini-off"
	}
	return kit.Svg("svg").ID("board-minimap").Class(class).
		Attr("viewBox", fullView.viewBox()).Attr("role", "img").
		Attr("aria-label", lang.T("board.minimap_label")).
		On("click", f.onMinimap).Body(boxes...)
}

// showMinimap applies view v to the overview at once (see setView).
func showMinimap(v boardView) {
	mini := goapp.Window().GetElementByID("board-minimap")
	if !mini.Truthy() {
		return
	}
	mini.Get("classList").Call("toggle", "bf-mini-off", v.zoom() <= minZoom)
	if r := goapp.Window().GetElementByID("board-minimap-view"); r.Truthy() {
		r.Call("setAttribute", "x", svgNum(v.X))
		r.Call("setAttribute", "y", svgNum(v.Y))
		r.Call("setAttribute", "width", svgNum(v.W))
		r.Call("setAttribute", "height", svgNum(v.H))
	}
}

// onMinimap shows the part of the board around the tapped place.
func (f *Frame) onMinimap(ctx goapp.Context, e goapp.Event) {
	r := e.Get("currentTarget").Call("getBoundingClientRect")
	w, h := r.Get("width").Float(), r.Get("height").Float()
	if w <= 0 || h <= 0 {
		return
	}
	at := pt{(e.Get("clientX").Float() - r.Get("left").Float()) / w * boardW, (e.Get("clientY").Float() - r.Get("top").Float()) / h * boardH}
	f.setView(f.view.centredOn(at))
}
