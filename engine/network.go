package engine

import "math/bits"

// Connectivity over built links. Locations are bits of a uint64, and a graph lists, for each
// location, the locations one built link away, so "connected" is a breadth-first walk over
// set bits: cheap enough for the hot paths of Apply and Legal.

// graph is the board's built links as adjacency sets: adj[loc] holds every location that
// shares a built link with loc (loc itself included once a link touches it). It is derived
// from State.Links when an action needs it (State.scan) and kept in step with the links an
// action places (graph.add).
type graph struct {
	adj [maxLocations]uint64
}

// add joins the locations of one link (its mask).
func (g *graph) add(link uint64) {
	for m := link; m != 0; m &= m - 1 {
		g.adj[bits.TrailingZeros64(m)] |= link
	}
}

// place adds a link for a while (see unplace) and returns what unplace needs: the
// adjacency its locations (at most three) had before.
func (g *graph) place(link uint64) (undo [3]uint64) {
	i := 0
	for m := link; m != 0 && i < len(undo); m &= m - 1 {
		loc := bits.TrailingZeros64(m)
		undo[i] = g.adj[loc]
		g.adj[loc] |= link
		i++
	}
	return undo
}

// unplace takes back the link that place added.
func (g *graph) unplace(link uint64, undo [3]uint64) {
	i := 0
	for m := link; m != 0 && i < len(undo); m &= m - 1 {
		g.adj[bits.TrailingZeros64(m)] = undo[i]
		i++
	}
}

// reach returns every location connected to the start set by built links (rulebook
// "Connected Locations": a route of link tiles owned by any player).
func (g *graph) reach(start uint64) uint64 {
	seen, frontier := start, start
	for frontier != 0 {
		next := uint64(0)
		for f := frontier; f != 0; f &= f - 1 {
			next |= g.adj[bits.TrailingZeros64(f)]
		}
		frontier = next &^ seen
		seen |= next
	}
	return seen
}

func locBit(loc int) uint64 { return 1 << uint(loc) }
