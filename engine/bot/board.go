package bot

import (
	"sync"

	"brass/engine"
)

// board holds the static facts of an edition that the bot looks up in its hot loops:
// location masks of the lines, which locations are merchants, which cards are wild.
type board struct {
	ed         *engine.Edition
	linkMask   []uint64
	spaceLoc   []int8
	merchant   uint64 // mask of merchant locations
	wildLoc    engine.CardKind
	wildInd    engine.CardKind
	railRounds [engine.MaxPlayers + 1]int
	// townSpaces[loc] lists the build spaces of a location (nil for merchants).
	townSpaces [][]int
	// highLeft[ind][used] counts the level II+ tiles of an industry's mat from index used on:
	// what a player with used tiles gone still has to develop or build.
	highLeft [][]int
	facts    editionFacts // what the bot knows of the edition (lancashire.go)
}

var boards sync.Map // *engine.Edition → *board

// boardOf returns the (cached) tables of an edition.
func boardOf(ed *engine.Edition) *board {
	if b, ok := boards.Load(ed); ok {
		return b.(*board)
	}
	b := &board{ed: ed, wildLoc: engine.NoCard, wildInd: engine.NoCard, facts: factsOf(ed)}
	for _, l := range ed.Links {
		var m uint64
		for _, loc := range l.Locations {
			m |= 1 << uint(loc)
		}
		b.linkMask = append(b.linkMask, m)
	}
	for _, sp := range ed.Spaces {
		b.spaceLoc = append(b.spaceLoc, int8(sp.Location))
	}
	for i, loc := range ed.Locations {
		if loc.Kind == engine.MerchantLocation {
			b.merchant |= 1 << uint(i)
		}
		b.townSpaces = append(b.townSpaces, loc.Spaces)
	}
	for k, c := range ed.Cards {
		switch c.Type {
		case engine.WildLocationCard:
			b.wildLoc = engine.CardKind(k)
		case engine.WildIndustryCard:
			b.wildInd = engine.CardKind(k)
		}
	}
	b.highLeft = make([][]int, len(ed.Mats))
	for ind, mat := range ed.Mats {
		left := make([]int, len(mat)+1)
		for i := len(mat) - 1; i >= 0; i-- {
			left[i] = left[i+1]
			if mat[i].Level >= 2 {
				left[i]++
			}
		}
		b.highLeft[ind] = left
	}
	for n := ed.Rules.MinPlayers; n <= ed.Rules.MaxPlayers && n <= engine.MaxPlayers; n++ {
		b.railRounds[n] = ed.Rules.RoundsPerEra[n]
	}
	actual, _ := boards.LoadOrStore(ed, b)
	return actual.(*board)
}

// components labels every location with the id of its group of locations joined by built
// links of any owner ("Connected Locations"); comp[loc] is in [0, len(Locations)).
func (b *board) components(s *engine.State, comp *[64]int8) {
	n := len(b.ed.Locations)
	for i := 0; i < n; i++ {
		comp[i] = int8(i)
	}
	find := func(x int8) int8 {
		for comp[x] != x {
			comp[x] = comp[comp[x]]
			x = comp[x]
		}
		return x
	}
	for l := range b.ed.Links {
		if s.Links[l] == 0 {
			continue
		}
		locs := b.ed.Links[l].Locations
		r0 := find(int8(locs[0]))
		for _, loc := range locs[1:] {
			if r := find(int8(loc)); r != r0 {
				comp[r] = r0
			}
		}
	}
	for i := 0; i < n; i++ {
		comp[i] = find(int8(i))
	}
}

// network is the player's network mask: locations with one of their tiles or next to one of
// their links ("Your Network").
func (b *board) network(s *engine.State, p int) uint64 {
	owner := uint8(p + 1)
	var m uint64
	for sp := range b.ed.Spaces {
		if s.Tiles[sp].Owner == owner {
			m |= 1 << uint(b.spaceLoc[sp])
		}
	}
	for l := range b.ed.Links {
		if s.Links[l] == owner {
			m |= b.linkMask[l]
		}
	}
	return m
}
