package view

import "brass/engine"

// Cache keeps the Games it built last, so that the screen, which asks for the game on every
// render, builds one only when the state changed. It remembers two: the game screen may
// show an earlier state (the log's history, a replay) beside the live one.
//
// A state is known by its edition, its move count and its hash (the canonical encoding:
// everything the rules see). The players' names are not in the hash, so a Cache serves one
// game: the screen keeps one per session. The zero Cache is ready to use.
type Cache struct {
	entries [2]cacheEntry
	next    int
}

type cacheEntry struct {
	ed    *engine.Edition
	moves uint32
	hash  uint64
	g     *Game
}

// Of returns the Game of s: the one built before for an equal state, else a new one.
func (c *Cache) Of(s *engine.State) *Game {
	ed := s.Edition()
	if ed == nil { // no game (a zero state has no encoding to hash)
		return Of(s)
	}
	moves, hash := s.Moves, s.Hash()
	for i := range c.entries {
		e := &c.entries[i]
		if e.g != nil && e.ed == ed && e.moves == moves && e.hash == hash {
			return e.g
		}
	}
	g := Of(s)
	c.entries[c.next] = cacheEntry{ed: ed, moves: moves, hash: hash, g: g}
	c.next = (c.next + 1) % len(c.entries)
	return g
}
