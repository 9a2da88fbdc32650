package board

// The board's zoom: which part of the board the SVG viewBox shows. Pure arithmetic, so the
// pinch, pan and wheel handlers stay short and the rules are tested natively.

import "math"

// Zoom limits: at 4× a build space is about 60 CSS px wide on a 390 px phone.
const (
	minZoom  = 1.0
	maxZoom  = 4.0
	zoomStep = 1.5
)

// boardView is the shown part of the board, in board units.
type boardView struct{ X, Y, W, H float64 }

// fullView shows the whole board.
var fullView = boardView{0, 0, boardW, boardH}

// zoom is how many times the view is magnified.
func (v boardView) zoom() float64 {
	if v.W <= 0 {
		return 1
	}
	return boardW / v.W
}

func (v boardView) viewBox() string {
	return fmtNum(v.X) + " " + fmtNum(v.Y) + " " + fmtNum(v.W) + " " + fmtNum(v.H)
}

// clamped keeps the zoom within limits and the view on the board.
func (v boardView) clamped() boardView {
	z := math.Max(minZoom, math.Min(maxZoom, v.zoom()))
	cx, cy := v.X+v.W/2, v.Y+v.H/2
	out := boardView{W: boardW / z, H: boardH / z}
	out.X = math.Max(0, math.Min(boardW-out.W, cx-out.W/2))
	out.Y = math.Max(0, math.Min(boardH-out.H, cy-out.H/2))
	return out
}

// zoomedAt returns the view at zoom z that keeps board point p where it is on screen.
func (v boardView) zoomedAt(z float64, p pt) boardView {
	z = math.Max(minZoom, math.Min(maxZoom, z))
	w, h := boardW/z, boardH/z
	out := boardView{
		X: p.X - (p.X-v.X)*w/v.W,
		Y: p.Y - (p.Y-v.Y)*h/v.H,
		W: w, H: h,
	}
	return out.clamped()
}

// onScreen is where board rectangle r shows in the view, in fractions of the view's width
// and height, clamped to it (what is panned out of sight counts as at the nearest edge).
func (v boardView) onScreen(r rect) rect {
	fx := func(x float64) float64 { return math.Max(0, math.Min(1, (x-v.X)/v.W)) }
	fy := func(y float64) float64 { return math.Max(0, math.Min(1, (y-v.Y)/v.H)) }
	x0, y0 := fx(r.X), fy(r.Y)
	return rect{x0, y0, fx(r.X+r.W) - x0, fy(r.Y+r.H) - y0}
}

// centredOn returns the view at the same zoom centred on board point p (as far as the board
// allows).
func (v boardView) centredOn(p pt) boardView {
	return boardView{X: p.X - v.W/2, Y: p.Y - v.H/2, W: v.W, H: v.H}.clamped()
}

// panned moves the view by d board units.
func (v boardView) panned(d pt) boardView {
	v.X += d.X
	v.Y += d.Y
	return v.clamped()
}

// screenMap converts between CSS pixels and board units. The SVG's box does not move
// while zooming: the board drawn at zoom 1 would have its top-left corner at (L, T) and
// S1 pixels per board unit; at zoom z the view's corner (X, Y) sits at (L, T) and a
// board point p appears at (L + (p.X-X)*S1*z, T + (p.Y-Y)*S1*z). It is read from the
// SVG's screen matrix once per gesture.
type screenMap struct {
	L, T float64
	S1   float64
}

// mapFromMatrix builds the map from the SVG's getScreenCTM (a: scale; e, f: offset; the
// board is never rotated) taken while view v was shown.
func mapFromMatrix(a, e, f float64, v boardView) screenMap {
	return screenMap{L: e + a*v.X, T: f + a*v.Y, S1: a / v.zoom()}
}

// toBoard converts a client point to a board point under view v.
func (m screenMap) toBoard(c pt, v boardView) pt {
	s := m.S1 * v.zoom()
	if s <= 0 {
		return pt{}
	}
	return pt{v.X + (c.X-m.L)/s, v.Y + (c.Y-m.T)/s}
}

// pinched returns the view after a pinch that began with the fingers centred on client
// point c0, d0 pixels apart, under view v0, and now centred on c1, d1 apart: the board
// point that was under c0 stays under the fingers.
func (m screenMap) pinched(v0 boardView, c0 pt, d0 float64, c1 pt, d1 float64) boardView {
	if d0 <= 0 || m.S1 <= 0 {
		return v0
	}
	p := m.toBoard(c0, v0)
	z := math.Max(minZoom, math.Min(maxZoom, v0.zoom()*d1/d0))
	s := m.S1 * z
	return boardView{X: p.X - (c1.X-m.L)/s, Y: p.Y - (c1.Y-m.T)/s, W: boardW / z, H: boardH / z}.clamped()
}

// dragged returns the view after the pointer moved by d client pixels (the board follows it).
func (m screenMap) dragged(v boardView, d pt) boardView {
	s := m.S1 * v.zoom()
	if s <= 0 {
		return v
	}
	return v.panned(pt{-d.X / s, -d.Y / s})
}
