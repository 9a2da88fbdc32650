package board

import (
	"math"
	"testing"
)

// The view the frame moves to for a question's answers: only when they are not all seen,
// panned when they fit, zoomed out as little as they need, zoomed in on a small board, and
// always on the board.
func TestFollowBringsAnswersIntoView(t *testing.T) {
	whole := rect{0, 0, 1, 1}
	top := rect{0, 0, 1, 0.4} // a phone's sheet raised over the lower 60 %
	zoomed := boardView{0, 0, 500, 540}
	cases := []struct {
		name    string
		view    boardView
		vis     rect
		targets rect
		small   bool
		move    bool
		zoom    float64 // the zoom after (0: not checked)
	}{
		{"whole board, all seen", fullView, whole, rect{100, 100, 50, 50}, false, false, 0},
		{"whole board on a phone, all seen: no zoom in", fullView, whole, rect{100, 100, 50, 50}, true, false, 0},
		{"zoomed, seen", zoomed, whole, rect{100, 100, 50, 50}, false, false, 0},
		{"zoomed, elsewhere: panned at the same zoom", zoomed, whole, rect{800, 900, 40, 40}, false, true, 2},
		{"zoomed, too wide to fit: zoomed out just enough", zoomed, whole, rect{100, 100, 700, 100}, false, true, 1000.0 / 700},
		{"spread over the board: the whole board", zoomed, whole, rect{0, 0, 1000, 1080}, false, true, 1},
		{"under the sheet on a phone: zoomed in over the part seen", fullView, top, rect{480, 500, 40, 40}, true, true, followZoom},
		{"under the sheet, a large board: the whole board stays", fullView, top, rect{480, 500, 40, 40}, false, false, 0},
		{"nothing seen", fullView, rect{0, 0, 0, 0}, rect{480, 500, 40, 40}, true, false, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, move := c.view.follow(c.vis, c.targets, c.small)
			if move != c.move {
				t.Fatalf("move = %v, want %v (view %+v)", move, c.move, v)
			}
			if !move {
				if v != c.view {
					t.Errorf("the view changed without a move: %+v", v)
				}
				return
			}
			if c.zoom > 0 && math.Abs(v.zoom()-c.zoom) > 1e-9 {
				t.Errorf("zoom %.3f, want %.3f", v.zoom(), c.zoom)
			}
			if v.X < 0 || v.Y < 0 || v.X+v.W > boardW+1e-9 || v.Y+v.H > boardH+1e-9 {
				t.Errorf("the view %+v leaves the board", v)
			}
			seen := rect{v.X + c.vis.X*v.W, v.Y + c.vis.Y*v.H, c.vis.W * v.W, c.vis.H * v.H}
			if c.targets.W < boardW && !seen.contains(c.targets) {
				t.Errorf("the answers %+v are not in the part seen %+v", c.targets, seen)
			}
		})
	}
}

// The answers' key changes with the question and is empty when nothing is asked on the board.
func TestTargetsKey(t *testing.T) {
	var p Props
	if k := p.targetsKey(); k != "" {
		t.Errorf("no question: key %q", k)
	}
	p.Spaces = []string{"dudley_1"}
	a := p.targetsKey()
	p.Spaces, p.Links = nil, []string{"dudley_1"}
	if b := p.targetsKey(); a == "" || a == b {
		t.Errorf("a space and a link with one id share the key %q", a)
	}
}

func TestRectUnionOnBoard(t *testing.T) {
	u := rect{10, 10, 10, 10}.union(rect{30, 5, 5, 5})
	if u != (rect{10, 5, 25, 15}) {
		t.Errorf("union %+v", u)
	}
	if r := (rect{-8, 1070, 20, 20}).onBoard(); r != (rect{0, 1070, 12, 10}) {
		t.Errorf("onBoard %+v", r)
	}
}
