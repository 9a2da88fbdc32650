package board

// The changing pieces of the board, one component each: a line, a town (with its build
// spaces), a merchant location, a market and the track markers. The board hands each one
// only its own slice of the game as a small value (its IData), and go-app re-renders a
// component only when that value changes, so a move redraws the few pieces it touched and
// a new question the few pieces it highlights. This file has what the pieces share; each
// piece is piece_*.go.
//
// Every piece takes the board's keyboard callback (unexported, so it never counts as a
// change): a highlighted piece is a button that Enter or Space chooses.

import (
	"strings"

	"brass/ui/kit"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// marks is how a piece is highlighted.
type marks struct {
	Legal    bool // an answer to the current question
	Source   bool // a coal, iron or beer source that may be chosen
	Selected bool // already chosen
	Recent   bool // the last turn used it (the recap)
}

func (b *board) marks(id string, legal []string) marks {
	return marks{
		Legal:    kit.Contains(legal, id),
		Source:   kit.Contains(b.ISources, id),
		Selected: kit.Contains(b.ISelected, id),
		Recent:   kit.Contains(b.IRecent, id),
	}
}

// class returns the piece's CSS classes for its marks.
func (m marks) class() string {
	var c []string
	if m.Recent {
		c = append(c, "bb-recent")
	}
	if m.Legal {
		c = append(c, "bb-hl")
	}
	if m.Source {
		c = append(c, "bb-src")
	}
	if m.Selected {
		c = append(c, "bb-sel")
	}
	return strings.Join(c, " ")
}

// owner is who built a tile or a line, as drawn: their name and colour.
type owner struct {
	Player int // −1: nobody
	Name   string
	Colour string
}

func (b *board) owner(p int) owner {
	if p < 0 {
		return owner{Player: -1}
	}
	return owner{Player: p, Name: b.name(p), Colour: b.color(p)}
}

// interactive makes el (the group of one piece) a button while it is an answer: Enter or
// Space chooses it, and the pointer over it is a hand. Anything else is an image named by
// its aria-label; tapped while a question is asked, it says why it is refused. Clicks and
// taps are the Frame's business.
func interactive(el goapp.HTMLElem, t Target, highlighted bool, onKey goapp.EventHandler) goapp.HTMLElem {
	if !highlighted {
		return el.Role("img")
	}
	return el.Class("bb-click").Role("button").TabIndex(0).OnKeyDown(onKey, goapp.EventScope(t.Kind, t.ID))
}

// chooseByKey answers a keydown on a highlighted piece: Enter or Space picks the piece
// whose group received it.
func chooseByKey(ctx goapp.Context, e goapp.Event, pick func(goapp.Context, Target)) {
	k := e.Get("key").String()
	if (k != "Enter" && k != " ") || pick == nil {
		return
	}
	t, ok := targetFromElementID(e.Get("currentTarget").Get("id").String())
	if !ok {
		return
	}
	e.PreventDefault()
	pick(ctx, t)
}
