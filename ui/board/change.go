package board

// What a move changed on the board, for the animation that plays over the new board (see
// web/anim.js). The board is always drawn in its final state at once; the animation only
// needs to know which of its elements to draw attention to and where cubes travelled.

import (
	"slices"
	"strings"

	"brass/engine"
	"brass/ui/view"
)

// Change is what one or a few moves changed, named by the board's element ids ("space-…",
// "link-…", "merchant-…", "market-coal", "market-iron") so the page can find them.
type Change struct {
	Placed  []string `json:"placed,omitempty"`  // spaces and lines that got a new tile
	Flipped []string `json:"flipped,omitempty"` // tiles that turned over, Distant Market tiles too
	Flows   []Flow   `json:"flows,omitempty"`   // coal, iron and beer that moved
	Players []Delta  `json:"players,omitempty"` // whose money, income or VP changed
}

// Flow is one cube (or barrel) moving from one element to another; To is "" when it was
// used up off the board (iron for a develop): the page sends it to the player.
type Flow struct {
	Kind string `json:"kind"` // "coal", "iron" or "beer"
	From string `json:"from"`
	To   string `json:"to"`
}

// Delta is how much one player's money, income level and VP changed.
type Delta struct {
	Player int `json:"player"`
	Money  int `json:"money,omitempty"`
	Income int `json:"income,omitempty"`
	VP     int `json:"vp,omitempty"`
}

// Empty reports whether nothing is to be shown.
func (c *Change) Empty() bool {
	return len(c.Placed)+len(c.Flipped)+len(c.Flows)+len(c.Players) == 0
}

// DiffGames returns what changed from one state of a game to a later one. It is a pure
// function of the two states: a move's own record would not say where the engine took
// the coal, iron and beer it chose by itself, and the states always do.
func DiffGames(was, now *view.Game) Change {
	var c Change
	ed := now.Edition
	if !now.Started || !was.Started || was.Edition != ed {
		return c
	}
	// Where consumed cubes go: the new tiles and lines, else the tiles sold (flipped
	// without losing cubes of their own).
	var sinks, sources []string
	var used []int // cubes taken from each of sources
	var kinds []string
	for i := range ed.Spaces {
		a, b := &was.Spaces[i], &now.Spaces[i]
		id := "space-" + b.ID
		same := a.Owner == b.Owner && a.Industry == b.Industry && a.Level == b.Level
		switch {
		case b.Built() && !same:
			c.Placed = append(c.Placed, id)
			sinks = append(sinks, id)
		case same && b.Built() && b.Cubes < a.Cubes:
			sources, used, kinds = append(sources, id), append(used, a.Cubes-b.Cubes), append(kinds, b.Cube)
		}
		if b.Built() && b.Flipped && (!a.Flipped || !same) {
			c.Flipped = append(c.Flipped, id)
		}
	}
	for l := range ed.Links {
		if was.Links[l].Owner < 0 && now.Links[l].Owner >= 0 {
			id := "link-" + now.Links[l].ID
			c.Placed = append(c.Placed, id)
			sinks = append(sinks, id)
		}
	}
	if len(sinks) == 0 {
		for _, id := range c.Flipped {
			if !slices.Contains(sources, id) {
				sinks = append(sinks, id)
			}
		}
	}
	for m := range ed.MerchantSpaces {
		if d := was.Merchants[m].Beer - now.Merchants[m].Beer; d > 0 {
			sources, used, kinds = append(sources, "merchant-"+now.Merchants[m].ID), append(used, d), append(kinds, "beer")
		}
	}
	for _, mk := range [2]struct {
		id, kind string
		was, now int
		from     engine.Industry
	}{{"market-coal", "coal", was.Coal.Cubes, now.Coal.Cubes, engine.Coal}, {"market-iron", "iron", was.Iron.Cubes, now.Iron.Cubes, engine.Iron}} {
		switch d := mk.was - mk.now; {
		case d > 0:
			sources, used, kinds = append(sources, mk.id), append(used, d), append(kinds, mk.kind)
		case d < 0:
			// A new coal mine or iron works sold cubes to its market.
			for _, id := range c.Placed {
				sp, ok := ed.SpaceByID(strings.TrimPrefix(id, "space-"))
				if ok && strings.HasPrefix(id, "space-") && now.Spaces[sp].Industry == mk.from {
					for k := 0; k < -d; k++ {
						c.Flows = append(c.Flows, Flow{Kind: mk.kind, From: id, To: mk.id})
					}
					break
				}
			}
		}
	}
	// Lancashire: a sale to the Distant Market turned over tiles from its stack (the one
	// random moment of a game): they turn face up where the board shows them.
	if a, b := &was.Distant, &now.Distant; a.Tiles == b.Tiles && b.Left < a.Left {
		for i := a.Tiles - a.Left; i < b.Tiles-b.Left; i++ {
			c.Flipped = append(c.Flipped, DistantTileID(i))
		}
	}
	n := 0
	for i, from := range sources {
		for k := 0; k < used[i]; k++ {
			to := ""
			if len(sinks) > 0 {
				to = sinks[n%len(sinks)]
			}
			c.Flows = append(c.Flows, Flow{Kind: kinds[i], From: from, To: to})
			n++
		}
	}
	for p := 0; p < len(now.Seats) && p < len(was.Seats); p++ {
		a, b := &was.Seats[p], &now.Seats[p]
		d := Delta{Player: p, Money: b.Money - a.Money, VP: b.VP - a.VP, Income: b.IncomeLevel - a.IncomeLevel}
		if d.Money != 0 || d.VP != 0 || d.Income != 0 {
			c.Players = append(c.Players, d)
		}
	}
	return c
}
