package board

// The frame around the board: zoom (buttons, pinch, Ctrl+wheel) and pan (drag when
// zoomed), taps resolved to the nearest target, and the details card on hover and tap.
//
// The board itself is one big SVG that is expensive to re-render, so the frame never asks
// it to: zooming and panning set the SVG's viewBox directly, and hover, taps and the card
// re-render only the frame, whose board child keeps equal inputs and is left alone.

import (
	"math"
	"sort"

	"brass/engine"
	"brass/lang"
	"brass/ui/kit"
	"brass/ui/view"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Props is everything the board draws. It is a value, so the frame and the board
// update only when something in it changes: the game is the view of one state (a new
// *view.Game for each state, never changed, so an unchanged game compares equal at once).
type Props struct {
	Game      *view.Game // nil: an empty Birmingham board
	Colours   []string
	Names     []string
	Spaces    []string // legal build spaces
	Links     []string // legal links
	Merchants []string // legal merchant spaces
	Sources   []string // legal coal, iron and beer sources
	Selected  []string // chosen so far
	Recent    []string // what the last turn used
	Hint      []string // what the hinted move would use (any kind of id): glows while nothing is asked
}

// edition is the game's edition (nil for no game: Birmingham's layout).
func (p *Props) edition() *engine.Edition {
	if p.Game == nil {
		return nil
	}
	return p.Game.Edition
}

// choosing reports whether a question is being answered on the board.
func (p *Props) choosing() bool {
	return len(p.Spaces)+len(p.Links)+len(p.Merchants)+len(p.Sources) > 0
}

// eachTarget calls fn with every answer of the current question as a board target, in
// the order spaces, merchants, sources (source true), lines.
func (p *Props) eachTarget(fn func(t Target, source bool)) {
	for _, id := range p.Spaces {
		fn(Target{TargetSpace, id}, false)
	}
	for _, id := range p.Merchants {
		fn(Target{TargetMerchant, id}, false)
	}
	lay := layoutFor(p.edition())
	for _, id := range p.Sources {
		fn(lay.sourceTarget(id), true)
	}
	for _, id := range p.Links {
		fn(Target{TargetLink, id}, false)
	}
}

// legalTargets are the answers of the current question, as board targets.
func (p *Props) legalTargets() []Target {
	var out []Target
	p.eachTarget(func(t Target, _ bool) { out = append(out, t) })
	return out
}

// glowMarks are the answers the overlay makes pulse (see boardMarks): every legal
// target not already chosen, sources marked as such; while no question is asked, what the
// hinted move would use, the same way.
func (p *Props) glowMarks() []glowMark {
	var out []glowMark
	p.eachTarget(func(t Target, source bool) {
		if !kit.Contains(p.Selected, t.ID) {
			out = append(out, glowMark{Target: t, Source: source})
		}
	})
	if len(out) == 0 && len(p.Hint) > 0 {
		lay := layoutFor(p.edition())
		for _, id := range p.Hint {
			if _, ok := lay.Links[id]; ok {
				out = append(out, glowMark{Target: Target{TargetLink, id}})
			} else {
				t := lay.sourceTarget(id)
				out = append(out, glowMark{Target: t, Source: t.Kind == TargetMarket})
			}
		}
	}
	return out
}

// tapRadius is how far (CSS pixels) beside a target a tap still means it: about half a
// fingertip.
const tapRadius = 22.0

// dragSlop is how far (CSS pixels) a pointer moves before a press becomes a drag.
const dragSlop = 8.0

// Frame wraps the board. Set the props and the callbacks.
type Frame struct {
	goapp.Compo

	IProps Props

	// Unexported, see board.onPick: a legal target was chosen; a tap on something that is
	// not a legal answer (kind "" when nothing is near the tap).
	onPick    func(ctx goapp.Context, t Target)
	onRefused func(ctx goapp.Context, t Target)

	view     boardView
	pointers map[int]pt // pointers down, by id: client position
	gesture  screenMap  // read when the gesture began
	start    boardView  // the view when the gesture began
	from     pt         // where the drag or pinch began (client; a pinch: the centre)
	spread   float64    // a pinch: the fingers' distance when it began
	moved    bool       // the gesture moved the board: the click that ends it is no tap
	endedAt  float64    // event time of the end of the last moving gesture
	pinned   Target
	hover    Target
	fol      followState // bringing a question's answers into view (follow.go)
}

func NewFrame() *Frame { return &Frame{} }

// Props sets what the board shows.
func (f *Frame) Props(p Props) *Frame { f.IProps = p; return f }

// OnPick is called with a legal target the player tapped, clicked or chose by keyboard.
func (f *Frame) OnPick(fn func(ctx goapp.Context, t Target)) *Frame {
	f.onPick = fn
	return f
}

// OnRefused is called with what the player tapped while choosing when it is not a legal
// answer (a zero target when nothing was near).
func (f *Frame) OnRefused(fn func(ctx goapp.Context, t Target)) *Frame {
	f.onRefused = fn
	return f
}

func (f *Frame) OnInit() { f.view = fullView }

// OnUpdate closes a card opened by a tap once a question is asked on the board: taps
// answer it now.
func (f *Frame) OnUpdate(ctx goapp.Context) {
	if f.IProps.choosing() {
		f.pinned = Target{}
	}
	f.follow(ctx)
}

// OnMount follows a question already asked (a half-built action restored).
func (f *Frame) OnMount(ctx goapp.Context) { f.follow(ctx) }

func (f *Frame) svg() goapp.Value { return goapp.Window().GetElementByID("board") }

// setView shows v and applies it to the SVG and its highlight overlay at once (no
// re-render of the board).
func (f *Frame) setView(v boardView) {
	f.view = v
	f.fol.touched = true // the player's move; bringIntoView clears it after its own
	for _, id := range []string{"board", "board-marks"} {
		if el := goapp.Window().GetElementByID(id); el.Truthy() {
			el.Call("setAttribute", "viewBox", v.viewBox())
		}
	}
	showMinimap(v)
}

// screen reads the SVG's current screen matrix.
func (f *Frame) screen() (screenMap, bool) {
	el := f.svg()
	if !el.Truthy() {
		return screenMap{}, false
	}
	m := el.Call("getScreenCTM")
	if !m.Truthy() {
		return screenMap{}, false
	}
	return mapFromMatrix(m.Get("a").Float(), m.Get("e").Float(), m.Get("f").Float(), f.view), true
}

func eventPoint(e goapp.Event) pt { return pt{e.Get("clientX").Float(), e.Get("clientY").Float()} }

// ---- zoom buttons and wheel

func (f *Frame) zoomBy(factor float64) {
	c := pt{f.view.X + f.view.W/2, f.view.Y + f.view.H/2}
	f.setView(f.view.zoomedAt(f.view.zoom()*factor, c))
}

func (f *Frame) zoomIn(ctx goapp.Context, e goapp.Event)  { f.zoomBy(zoomStep) }
func (f *Frame) zoomOut(ctx goapp.Context, e goapp.Event) { f.zoomBy(1 / zoomStep) }
func (f *Frame) zoomFit(ctx goapp.Context, e goapp.Event) { f.setView(fullView) }

// onWheel zooms with Ctrl (or ⌘) and a trackpad pinch; a plain wheel pans a zoomed board
// and otherwise scrolls the page.
func (f *Frame) onWheel(ctx goapp.Context, e goapp.Event) {
	dx, dy := e.Get("deltaX").Float(), e.Get("deltaY").Float()
	zoomed := f.view.zoom() > minZoom
	switch {
	case e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool():
		m, ok := f.screen()
		if !ok {
			return
		}
		e.PreventDefault()
		was := zoomed
		f.setView(f.view.zoomedAt(f.view.zoom()*math.Exp(-dy*0.002), m.toBoard(eventPoint(e), f.view)))
		if was == (f.view.zoom() > minZoom) {
			ctx.PreventUpdate()
		}
	case zoomed:
		m, ok := f.screen()
		if !ok {
			return
		}
		e.PreventDefault()
		f.setView(m.dragged(f.view, pt{-dx, -dy}))
		ctx.PreventUpdate()
	default:
		ctx.PreventUpdate()
	}
}

// ---- pointers: drag to pan, pinch to zoom

func (f *Frame) onPointerDown(ctx goapp.Context, e goapp.Event) {
	ctx.PreventUpdate()
	if e.Get("pointerType").String() == "mouse" && e.Get("button").Int() != 0 {
		return
	}
	if f.pointers == nil {
		f.pointers = map[int]pt{}
	}
	f.pointers[e.Get("pointerId").Int()] = eventPoint(e)
	f.begin()
}

// begin starts a gesture from the pointers now down: a drag with one, a pinch with two.
func (f *Frame) begin() {
	m, ok := f.screen()
	if !ok {
		return
	}
	f.gesture, f.start = m, f.view
	a, b, n := f.twoPointers()
	switch n {
	case 1:
		f.from = a
	case 2:
		f.from = pt{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
		f.spread = math.Hypot(a.X-b.X, a.Y-b.Y)
	}
}

// twoPointers returns the first two pointers down (in id order) and how many are down.
func (f *Frame) twoPointers() (a, b pt, n int) {
	ids := make([]int, 0, len(f.pointers))
	for id := range f.pointers {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	if len(ids) > 0 {
		a = f.pointers[ids[0]]
	}
	if len(ids) > 1 {
		b = f.pointers[ids[1]]
	}
	return a, b, len(ids)
}

func (f *Frame) onPointerMove(ctx goapp.Context, e goapp.Event) {
	ctx.PreventUpdate()
	id := e.Get("pointerId").Int()
	if _, down := f.pointers[id]; !down {
		return
	}
	f.pointers[id] = eventPoint(e)
	a, b, n := f.twoPointers()
	switch {
	case n >= 2:
		mid := pt{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
		f.setView(f.gesture.pinched(f.start, f.from, f.spread, mid, math.Hypot(a.X-b.X, a.Y-b.Y)))
		f.moved = true
	case n == 1 && f.start.zoom() > minZoom:
		d := pt{a.X - f.from.X, a.Y - f.from.Y}
		if !f.moved && math.Hypot(d.X, d.Y) < dragSlop {
			return
		}
		if !f.moved {
			// Keep the drag's events (and the click that ends it) on the frame.
			ctx.JSSrc().Call("setPointerCapture", id)
		}
		f.moved = true
		f.setView(f.gesture.dragged(f.start, d))
	}
}

func (f *Frame) onPointerUp(ctx goapp.Context, e goapp.Event) {
	id := e.Get("pointerId").Int()
	if _, down := f.pointers[id]; !down {
		ctx.PreventUpdate()
		return
	}
	delete(f.pointers, id)
	if len(f.pointers) > 0 {
		f.begin() // the finger left on the board goes on dragging from here
		ctx.PreventUpdate()
		return
	}
	if !f.moved {
		ctx.PreventUpdate()
		return
	}
	f.moved = false
	f.endedAt = e.Get("timeStamp").Float()
	// Re-render: the touch handling (bf-zoomed) follows the zoom.
}

// ---- taps and hover

// onClick resolves a click or tap: while choosing, the target tapped or the nearest legal
// answer, else the refusal of what was tapped; otherwise the details card.
func (f *Frame) onClick(ctx goapp.Context, e goapp.Event) {
	if t := e.Get("timeStamp").Float(); f.endedAt > 0 && t-f.endedAt < 400 {
		f.endedAt = 0
		ctx.PreventUpdate() // the end of a drag or pinch
		return
	}
	direct, hasDirect := elementTarget(e)
	m, ok := f.screen()
	var p pt
	radius := 0.0
	if ok {
		p = m.toBoard(eventPoint(e), f.view)
		radius = tapRadius / (m.S1 * f.view.zoom())
	}
	lay := layoutFor(f.IProps.edition())
	if f.IProps.choosing() {
		legal := f.IProps.legalTargets()
		switch {
		case hasDirect && direct.Kind != TargetLocation:
			if containsTarget(legal, direct) {
				f.pick(ctx, direct)
			} else {
				f.refuse(ctx, direct)
			}
		case ok:
			if t, near := lay.nearestTarget(p, legal, radius); near {
				f.pick(ctx, t)
			} else if t, near := lay.nearestTarget(p, lay.pieces, radius); near {
				f.refuse(ctx, t)
			} else {
				f.refuse(ctx, Target{})
			}
		}
		return
	}
	switch {
	case hasDirect:
		f.pinned = direct
	case ok:
		if t, near := lay.nearestTarget(p, lay.all, radius); near {
			f.pinned = t
		} else {
			f.pinned = Target{}
		}
	}
}

func (f *Frame) pick(ctx goapp.Context, t Target) {
	if f.onPick != nil {
		f.onPick(ctx, t)
	}
}

func (f *Frame) refuse(ctx goapp.Context, t Target) {
	if f.onRefused != nil {
		f.onRefused(ctx, t)
	}
}

// elementTarget is the board target drawn under an event: the nearest SVG group with an id.
func elementTarget(e goapp.Event) (Target, bool) {
	el := e.Get("target")
	if !el.Truthy() || el.Get("closest").IsUndefined() {
		return Target{}, false
	}
	g := el.Call("closest", "g[id]")
	if !g.Truthy() {
		return Target{}, false
	}
	return targetFromElementID(g.Get("id").String())
}

func containsTarget(list []Target, t Target) bool {
	for _, x := range list {
		if x == t {
			return true
		}
	}
	return false
}

// onPointerOver shows the card for what a mouse points at.
func (f *Frame) onPointerOver(ctx goapp.Context, e goapp.Event) {
	if e.Get("pointerType").String() != "mouse" || len(f.pointers) > 0 {
		ctx.PreventUpdate()
		return
	}
	t, _ := elementTarget(e)
	if t == f.hover {
		ctx.PreventUpdate()
		return
	}
	f.hover = t
}

func (f *Frame) onPointerLeave(ctx goapp.Context, e goapp.Event) {
	if f.hover == (Target{}) {
		ctx.PreventUpdate()
		return
	}
	f.hover = Target{}
}

func (f *Frame) closeDetails(ctx goapp.Context) { f.pinned = Target{} }

// detailsShown is the target whose details card shows, if any, and whether it was pinned
// by a tap. The card follows the mouse; a clicked or tapped target keeps its card (with a
// close button) while the mouse is on it or off the board. While a question is answered on
// the board there is none (issue 43): the card opens beside what the mouse is on, where the
// other answers usually are (a town's spaces, the lines next to a network), and a still
// mouse kept it over them; a tap answers then rather than pins, the builder's list names
// every answer and a tap on anything else explains why it is not one. The card pinned
// before comes back once the question is answered.
func (f *Frame) detailsShown() (Target, bool) {
	if f.IProps.choosing() {
		return Target{}, false
	}
	if f.pinned != (Target{}) && (f.hover == (Target{}) || f.hover == f.pinned) {
		return f.pinned, true
	}
	return f.hover, false
}

// ---- rendering

func (f *Frame) Render() goapp.UI {
	p := &f.IProps
	lay := layoutFor(p.edition())
	b := newBoard().Game(p.Game).Colors(p.Colours).Names(p.Names).
		LegalSpaces(p.Spaces).LegalLinks(p.Links).LegalMerchants(p.Merchants).Sources(p.Sources).
		Selected(p.Selected).Recent(p.Recent).OnPick(f.pickKey)
	shown, pinned := f.detailsShown()
	vp := "bf-viewport"
	if f.view.zoom() > minZoom {
		vp += " bf-zoomed"
	}
	hint := lang.T("board.hint_browse")
	if p.choosing() {
		hint = lang.T("board.hint_choose")
	}
	return goapp.Div().Class("bf").Body(
		goapp.Div().Class("bf-bar").Body(
			goapp.Div().Class("bf-zoom").Role("group").Aria("label", lang.T("board.zoom")).Body(
				goapp.Button().Type("button").ID("board-zoom-in").Class("bf-btn").Aria("label", lang.T("board.zoom_in")).Title(lang.T("board.zoom_in_title")).Text("+").OnClick(f.zoomIn),
				goapp.Button().Type("button").ID("board-zoom-out").Class("bf-btn").Aria("label", lang.T("board.zoom_out")).Title(lang.T("board.zoom_out")).Text("−").OnClick(f.zoomOut),
				goapp.Button().Type("button").ID("board-zoom-fit").Class("bf-btn bf-fit").Aria("label", lang.T("board.zoom_fit")).Title(lang.T("board.zoom_fit")).Text("⤢").OnClick(f.zoomFit),
			),
			goapp.P().Class("bf-hint").Text(hint),
		),
		// The stage is the viewport and the details card's slot, so that the card is placed
		// in the viewport's own proportions, next to what it describes.
		goapp.Div().Class("bf-stage").Body(goapp.Div().Class(vp).
			OnClick(f.onClick).
			On("pointerdown", f.onPointerDown).
			On("pointermove", f.onPointerMove).
			On("pointerup", f.onPointerUp).
			On("pointercancel", f.onPointerUp).
			On("pointerover", f.onPointerOver).
			On("pointerleave", f.onPointerLeave).
			On("wheel", f.onWheel).
			Body(b, &boardMarks{IEdition: editionID(p.edition()), IMarks: p.glowMarks()}),
			f.renderMinimap(lay),
			goapp.Div().Class("bf-slot").Body(goapp.If(shown != (Target{}), func() goapp.UI {
				at := f.view.onScreen(lay.box(shown))
				return newBoardDetails().Game(p.Game).Names(p.Names).Colours(p.Colours).
					Target(shown).Pinned(pinned).At(at).OnClose(f.closeDetails)
			}))),
	)
}

// pickKey is the board's keyboard choice.
func (f *Frame) pickKey(ctx goapp.Context, t Target) { f.pick(ctx, t) }

// box is the rectangle a target's shape takes on the board l, in board units.
func (l *layoutData) box(t Target) rect {
	switch t.Kind {
	case TargetSpace:
		return l.Spaces[t.ID]
	case TargetMerchant:
		return l.MerchantSlots[t.ID].Tile
	case TargetLocation:
		return l.Locations[t.ID].Box
	case TargetLink:
		m := l.Links[t.ID].Mid
		return rect{m.X - 8, m.Y - 8, 16, 16}
	case TargetMarket:
		if t.ID == "iron_market" {
			return l.Iron.Panel
		}
		return l.Coal.Panel
	case TargetDistant:
		if l.Distant != nil {
			return l.Distant.Panel
		}
	}
	return rect{boardW / 2, boardH / 2, 0, 0}
}
