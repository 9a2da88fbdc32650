package board

// Following the question: when the answers of a new question lie outside the part of the
// board the player sees (a zoomed board panned elsewhere, or a sheet raised over the
// board's bottom on a phone), the frame pans, zooming out just enough when they do not
// fit, and on a board that is small on screen zooms in on them, so that they are in view.
// It moves the board only then, never during a gesture, and gives the player's own view
// back when the question is answered, unless the player moved the board meanwhile.
//
// The page marks what lies over the board with the attribute data-over-board (the phone's
// sheet): the part of the board above it counts as seen.

import (
	"math"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// followZoom is the zoom a small board goes to, at most, to show a question's answers.
const followZoom = 2.0

// smallBoard is the width (CSS px) under which a board at zoom 1 counts as small on screen:
// a phone's (a build space is then under 20 px wide).
const smallBoard = 600.0

// followState is what the frame remembers of following the questions.
type followState struct {
	asked   string     // the answers last followed (their ids)
	before  *boardView // the player's view before the frame moved it; nil: not moved
	touched bool       // the player moved the board since the frame did
}

// targetsKey names the answers of the question now ("" when none is asked on the board).
func (p *Props) targetsKey() string {
	if !p.choosing() {
		return ""
	}
	parts := make([]string, 0, 4)
	for _, l := range [][]string{p.Spaces, p.Links, p.Merchants, p.Sources} {
		parts = append(parts, strings.Join(l, ","))
	}
	return strings.Join(parts, "|")
}

// follow looks at the question after a render: a new one is brought into view once the
// browser has laid the page out; none gives the player's view back.
func (f *Frame) follow(ctx goapp.Context) {
	key := f.IProps.targetsKey()
	if key == f.fol.asked {
		return
	}
	f.fol.asked = key
	if key == "" {
		if f.fol.before != nil && !f.fol.touched && len(f.pointers) == 0 {
			f.setView(*f.fol.before)
			ctx.Update() // the touch handling follows the zoom (bf-zoomed)
		}
		f.fol.before = nil
		return
	}
	ctx.Defer(func(ctx goapp.Context) { f.bringIntoView(ctx, key) })
}

// bringIntoView moves the board, when needed, so that the answers named by key are seen.
func (f *Frame) bringIntoView(ctx goapp.Context, key string) {
	if key != f.fol.asked || len(f.pointers) > 0 {
		return // another question since, or the player's finger is on the board
	}
	m, ok := f.screen()
	svg := f.svg()
	if !ok || !svg.Truthy() || m.S1 <= 0 {
		return
	}
	vis, ok := f.seenPart(svg, m)
	if !ok {
		return
	}
	lay := layoutFor(f.IProps.edition())
	var box rect
	for i, t := range f.IProps.legalTargets() {
		b := lay.box(t)
		if i == 0 {
			box = b
		} else {
			box = box.union(b)
		}
	}
	v, move := f.view.follow(vis, box.grown(8).onBoard(), m.S1*boardW < smallBoard)
	if !move {
		return
	}
	zoomed := f.view.zoom() > minZoom
	if f.fol.before == nil || f.fol.touched {
		was := f.view
		f.fol.before = &was
	}
	f.setView(v)
	f.fol.touched = false
	if zoomed != (v.zoom() > minZoom) {
		ctx.Update()
	}
}

// seenPart is the part of the view the player sees, in fractions of the view: the SVG's box
// within the window and above whatever the page marks as lying over the board.
func (f *Frame) seenPart(svg goapp.Value, m screenMap) (rect, bool) {
	win := goapp.Window()
	r := svg.Call("getBoundingClientRect")
	left, top := math.Max(0, r.Get("left").Float()), math.Max(0, r.Get("top").Float())
	right := math.Min(win.Get("innerWidth").Float(), r.Get("right").Float())
	bottom := math.Min(win.Get("innerHeight").Float(), r.Get("bottom").Float())
	covers := win.Get("document").Call("querySelectorAll", "[data-over-board]")
	for i := 0; i < covers.Get("length").Int(); i++ {
		c := covers.Call("item", i).Call("getBoundingClientRect")
		ct, cl, cr, cb := c.Get("top").Float(), c.Get("left").Float(), c.Get("right").Float(), c.Get("bottom").Float()
		if cr-cl <= 0 || cb-ct <= 0 || cl >= right || cr <= left || ct >= bottom || cb <= top {
			continue // not laid out (display: contents), or beside the board
		}
		bottom = math.Min(bottom, math.Max(top, ct))
	}
	if right-left < 40 || bottom-top < 40 {
		return rect{}, false // next to nothing of the board is seen: leave it
	}
	a, b := m.toBoard(pt{left, top}, f.view), m.toBoard(pt{right, bottom}, f.view)
	v := f.view
	frac := func(x, o, w float64) float64 { return math.Max(0, math.Min(1, (x-o)/w)) }
	x0, y0 := frac(a.X, v.X, v.W), frac(a.Y, v.Y, v.H)
	return rect{x0, y0, frac(b.X, v.X, v.W) - x0, frac(b.Y, v.Y, v.H) - y0}, true
}

// follow returns the view that shows board rectangle t within the part vis of the view
// (fractions of it), and true, when t is not wholly seen now: panned at the same zoom when t
// fits, zoomed out just enough (to the whole board at most) when it does not, and on a
// board small on screen (zoomIn) zoomed in up to followZoom as far as t still fits. It
// returns false, and v, when t is seen already.
func (v boardView) follow(vis rect, t rect, zoomIn bool) (boardView, bool) {
	if vis.W <= 0 || vis.H <= 0 {
		return v, false
	}
	seen := rect{v.X + vis.X*v.W, v.Y + vis.Y*v.H, vis.W * v.W, vis.H * v.H}
	if seen.contains(t) {
		return v, false
	}
	// The zoom at which t just fills the part seen.
	fit := maxZoom
	if t.W > 0 {
		fit = math.Min(fit, vis.W*boardW/t.W)
	}
	if t.H > 0 {
		fit = math.Min(fit, vis.H*boardH/t.H)
	}
	z := math.Min(v.zoom(), fit)
	if zoomIn && z < followZoom {
		z = math.Min(followZoom, fit)
	}
	z = math.Max(minZoom, z)
	w, h := boardW/z, boardH/z
	// t's centre at the centre of the part seen.
	cx, cy := t.X+t.W/2, t.Y+t.H/2
	out := boardView{X: cx - (vis.X+vis.W/2)*w, Y: cy - (vis.Y+vis.H/2)*h, W: w, H: h}
	out = out.clampedKeep()
	return out, out != v
}

// clampedKeep keeps the view on the board at its own zoom (clamped recentres, which would
// move a view whose corner was placed on purpose).
func (v boardView) clampedKeep() boardView {
	v.X = math.Max(0, math.Min(boardW-v.W, v.X))
	v.Y = math.Max(0, math.Min(boardH-v.H, v.Y))
	return v
}

// union is the smallest rectangle holding r and o.
func (r rect) union(o rect) rect {
	x0, y0 := math.Min(r.X, o.X), math.Min(r.Y, o.Y)
	x1, y1 := math.Max(r.X+r.W, o.X+o.W), math.Max(r.Y+r.H, o.Y+o.H)
	return rect{x0, y0, x1 - x0, y1 - y0}
}

// onBoard is the part of r on the board.
func (r rect) onBoard() rect {
	x0, y0 := math.Max(0, r.X), math.Max(0, r.Y)
	x1, y1 := math.Min(boardW, r.X+r.W), math.Min(boardH, r.Y+r.H)
	return rect{x0, y0, math.Max(0, x1-x0), math.Max(0, y1-y0)}
}

// grown is r with a margin of d on every side.
func (r rect) grown(d float64) rect { return rect{r.X - d, r.Y - d, r.W + 2*d, r.H + 2*d} }

// contains reports whether o lies wholly within r (to a tenth of a unit).
func (r rect) contains(o rect) bool {
	const e = 0.1
	return o.X >= r.X-e && o.Y >= r.Y-e && o.X+o.W <= r.X+r.W+e && o.Y+o.H <= r.Y+r.H+e
}
